"""Small USEBIO 1.2 files made for the tests, each in the shape the program it stands for writes
(the element names and nesting of the USEBIO 1.2 DTD), with figures worked out by hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    """A traveller line: pairs, result and the file's own values for NS and EW."""

    board: int
    ns: str
    ew: str
    contract: str  # "4S" or "" (an artificial score: ``score`` is then A5050)
    by: str
    tricks: int | None
    score: str
    ns_value: str
    ew_value: str


@dataclass(frozen=True)
class Pair:
    number: str
    direction: str  # "NS", "EW" or "" (a Howell)
    percentage: str | None
    place: str
    total: str | None = None


def pairs_file(
    *,
    event_type: str,
    scoring: str | None,
    program: str,
    winner_type: int,
    pairs: Sequence[Pair],
    lines: Sequence[Line],
    points: str = "MATCH_POINTS",
) -> str:
    """A pairs event: its participants and each board's traveller lines."""
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">',
        '<USEBIO Version="1.2">',
        "<CLUB><CLUB_NAME>Test Club</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER></CLUB>",
        f'<EVENT EVENT_TYPE="{event_type}">',
        f"<PROGRAM_NAME>{program}</PROGRAM_NAME>",
        "<EVENT_DESCRIPTION>Test night</EVENT_DESCRIPTION>",
        "<DATE>02/03/2026</DATE>",
        f"<WINNER_TYPE>{winner_type}</WINNER_TYPE>",
    ]
    if scoring is not None:
        head.append(f"<BOARD_SCORING_METHOD>{scoring}</BOARD_SCORING_METHOD>")
    body = ["<PARTICIPANTS>"]
    for p in pairs:
        body.append("<PAIR>")
        body.append(f"<PAIR_NUMBER>{p.number}</PAIR_NUMBER>")
        if p.direction:
            body.append(f"<DIRECTION>{p.direction}</DIRECTION>")
        body.append(f"<PLACE>{p.place}</PLACE>")
        if p.total is not None:
            body.append(f"<TOTAL_SCORE>{p.total}</TOTAL_SCORE>")
        if p.percentage is not None:
            body.append(f"<PERCENTAGE>{p.percentage}</PERCENTAGE>")
        body.append(f"<PLAYER><PLAYER_NAME>Player {p.number}a</PLAYER_NAME></PLAYER>")
        body.append(f"<PLAYER><PLAYER_NAME>Player {p.number}b</PLAYER_NAME></PLAYER>")
        body.append("</PAIR>")
    body.append("</PARTICIPANTS>")
    for board in sorted({line.board for line in lines}):
        body.append(f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>")
        for line in (x for x in lines if x.board == board):
            body.append("<TRAVELLER_LINE>")
            body.append(f"<NS_PAIR_NUMBER>{line.ns}</NS_PAIR_NUMBER>")
            body.append(f"<EW_PAIR_NUMBER>{line.ew}</EW_PAIR_NUMBER>")
            if line.contract:
                body.append(f"<CONTRACT>{line.contract}</CONTRACT>")
                body.append(f"<PLAYED_BY>{line.by}</PLAYED_BY>")
            if line.tricks is not None:
                body.append(f"<TRICKS>{line.tricks}</TRICKS>")
            body.append(f"<SCORE>{line.score}</SCORE>")
            body.append(f"<NS_{points}>{line.ns_value}</NS_{points}>")
            body.append(f"<EW_{points}>{line.ew_value}</EW_{points}>")
            body.append("</TRAVELLER_LINE>")
        body.append("</BOARD>")
    return "\n".join([*head, *body, "</EVENT>", "</USEBIO>", ""])


def teams_file(
    *, scoring: str, board_element: str, values: Sequence[str], totals: Sequence[str]
) -> str:
    """Two teams, one match of four boards (rules.md §6.2 arithmetic, worked in the tests):

    ====  ===================  ====================  ===========
    bd    team 1 NS            team 2 NS (1 EW)      team 1 net
    ====  ===================  ====================  ===========
    1     4S N = +420          2S N +2 +170          +250
    2     3NT S -1 -100 (vul)  3NT S = +600          -700
    3     4HX E -2 +500        4H E = -620 (EW vul)  +1120
    4     1NT N +1 +120        1NT N +1 +120         0
    ====  ===================  ====================  ===========

    ``values`` are team 1's board scores as the file writes them, ``totals`` the two teams'
    match scores (and totals)."""
    rooms = {
        1: (("4S", "N", 10, "420"), ("2S", "N", 10, "170")),
        2: (("3NT", "S", 8, "-100"), ("3NT", "S", 9, "600")),
        3: (("4HX", "E", 8, "500"), ("4H", "E", 10, "-620")),
        4: (("1NT", "N", 8, "120"), ("1NT", "N", 8, "120")),
    }
    text = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">',
        '<USEBIO Version="1.2">',
        '<EVENT EVENT_TYPE="TEAMS">',
        "<PROGRAM_NAME>EBUScore Teams</PROGRAM_NAME>",
        "<EVENT_DESCRIPTION>Teams night</EVENT_DESCRIPTION>",
        "<DATE>02/03/2026</DATE>",
        "<WINNER_TYPE>1</WINNER_TYPE>",
        f"<BOARD_SCORING_METHOD>{scoring}</BOARD_SCORING_METHOD>",
        "<PARTICIPANTS>",
        f'<TEAM TEAM_ID="1" TEAM_NAME="Smith"><PLACE>1</PLACE>'
        f"<TOTAL_SCORE>{totals[0]}</TOTAL_SCORE></TEAM>",
        f'<TEAM TEAM_ID="2" TEAM_NAME="Jones"><PLACE>2</PLACE>'
        f"<TOTAL_SCORE>{totals[1]}</TOTAL_SCORE></TEAM>",
        "</PARTICIPANTS>",
        "<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>",
        f"<TEAM_SCORE>{totals[0]}</TEAM_SCORE>",
        f"<OPPOSING_TEAM_SCORE>{totals[1]}</OPPOSING_TEAM_SCORE>",
    ]
    for board, value in zip(range(1, 5), values, strict=True):
        text.append(f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>")
        text.append(f"<{board_element}>{value}</{board_element}>")
        for direction, (contract, by, tricks, score) in zip(
            ("NS", "EW"), rooms[board], strict=True
        ):
            text.append(
                f"<TRAVELLER_LINE><DIRECTION>{direction}</DIRECTION>"
                f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY>"
                f"<TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE></TRAVELLER_LINE>"
            )
        text.append("</BOARD>")
    text += ["</MATCH>", "</EVENT>", "</USEBIO>", ""]
    return "\n".join(text)


def line(
    ns: str,
    ew: str,
    contract: str = "4S",
    by: str = "N",
    tricks: str = "10",
    score: str = "420",
    lead: str = "",
    extra: str = "",
) -> str:
    cells = {
        "NS_PAIR_NUMBER": ns,
        "EW_PAIR_NUMBER": ew,
        "CONTRACT": contract,
        "PLAYED_BY": by,
        "LEAD": lead,
        "TRICKS": tricks,
        "SCORE": score,
    }
    inner = "".join(f"<{k}>{v}</{k}>" for k, v in cells.items() if v is not None)
    return f"<TRAVELLER_LINE>{inner}{extra}</TRAVELLER_LINE>\n"


def document(body: str, event_type: str = "MP_PAIRS", head: str = "") -> str:
    return (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n'
        f'<EVENT EVENT_TYPE="{event_type}">\n<EVENT_DESCRIPTION>Test</EVENT_DESCRIPTION>\n'
        f"{head}{body}</EVENT>\n</USEBIO>\n"
    )


def board(number: int, *lines: str) -> str:
    return f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>\n{''.join(lines)}</BOARD>\n"
