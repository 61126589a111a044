"""BBO's LIN: ``name|value|`` pairs. ``qx|o1|`` (or ``ah|Board 1|``) names a board, ``md|`` its
deal: the dealer (1 South, 2 West, 3 North, 4 East) then the hands of South, West, North and East
(``S…H…D…C…``, comma-separated; the last may be left out), ``sv|`` its vulnerability (``0``,
``n``, ``e``, ``b``), and ``vg|`` the event (its name first). A board played in two rooms is
given twice with the same deal."""

from __future__ import annotations

import re

from bridgescore.bridge import Seat, Vulnerability
from bridgescore.deal import SEATS
from bridgescore.errors import ParseError, Problem, Problems, sentence
from bridgescore.formats.hands.model import (
    RANKS,
    HandRecords,
    check_number,
    deal_from_holdings,
    finish,
    holdings_of,
    refuse_empty,
)
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.session import Board

KIND = "LIN"
_DEALERS = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_DEALER_DIGITS = {seat: digit for digit, seat in _DEALERS.items()}
_VULS = {
    "0": Vulnerability.NONE,
    "o": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "e": Vulnerability.EW,
    "b": Vulnerability.ALL,
}
_VUL_LETTERS = {
    Vulnerability.NONE: "0",
    Vulnerability.NS: "n",
    Vulnerability.EW: "e",
    Vulnerability.ALL: "b",
}
_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)  # md's hands
_HAND = re.compile(r"S([^SHDC]*)H([^SHDC]*)D([^SHDC]*)C([^SHDC]*)", re.IGNORECASE)
_QX = re.compile(r"[oc](\d{1,6})")
_AH = re.compile(r"board\s*(\d{1,6})", re.IGNORECASE)


def looks_like(data: bytes) -> bool:
    """The file's start has LIN's name|value| pairs."""
    head = data[:4096]
    return b"|" in head and any(f"{t}|".encode() in head for t in ("md", "qx", "vg", "pn", "ah"))


fits = looks_like


def loads(data: bytes, path: str | None = None) -> HandRecords:
    problems = Problems(path)
    text = data.decode("utf-8", errors="replace").replace("\r", "").replace("\n", "")
    parts = text.split("|")
    title: str | None = None
    number: int | None = None
    deal_text: str | None = None
    vul_text: str | None = None
    warnings: list[Problem] = []
    boards: list[Board] = []

    def commit() -> None:
        if deal_text is None:
            return
        if number is None:
            problems.report(
                Text(N_("a deal (md) with no board number before it")), found=deal_text[:60]
            )
            return
        board = _board(number, deal_text, vul_text, problems, warnings)
        if board is not None:
            boards.append(board)

    for i in range(0, len(parts) - 1, 2):
        name, value = parts[i].strip().lower(), parts[i + 1]
        if name == "vg" and title is None:
            title = value.split(",")[0].strip()
        elif name in ("qx", "ah"):
            found = (_QX if name == "qx" else _AH).fullmatch(value.strip())
            if found is None:
                continue  # a LIN's own numbering we need not read
            commit()
            number, deal_text, vul_text = int(found[1]), None, None
        elif name == "md" and value.strip():
            deal_text = value.strip()
        elif name == "sv":
            vul_text = value.strip()
    commit()
    return finish(boards, problems, path, KIND, title=title or None, warnings=warnings)


def _board(
    number: int,
    text: str,
    vul_text: str | None,
    problems: Problems,
    warnings: list[Problem],
) -> Board | None:
    if not check_number(number, problems):
        return None
    dealer = _DEALERS.get(text[0])
    if dealer is None:
        problems.report(
            Text(N_("md does not start with the dealer")),
            board=number,
            found=text[:20],
            expected=Text(N_("1 (South), 2 (West), 3 (North) or 4 (East)")),
        )
        return None
    if vul_text is None:
        vulnerability = Vulnerability.for_board(number)
        warnings.append(
            Problem(Text(N_("no sv (vulnerability): the board number's is used")), board=number)
        )
    elif vul_text.lower() in _VULS:
        vulnerability = _VULS[vul_text.lower()]
    else:
        problems.report(
            Text(N_("not a vulnerability")),
            board=number,
            found=vul_text,
            expected=Text(N_("sv 0, n, e or b")),
        )
        return None
    hands = text[1:].split(",")
    holdings: list[list[str]] = [["", "", "", ""] for _ in range(4)]
    given = []
    for place, hand in enumerate(hands[:4]):
        hand = hand.strip()
        if not hand:
            continue
        match = _HAND.fullmatch(hand)
        if match is None:
            problems.report(
                Text(N_("not a hand")),
                board=number,
                found=hand,
                expected=Text(N_("S…H…D…C…, like SAKQHJT9D87C65432")),
            )
            return None
        seat = SEATS.index(_ORDER[place])
        holdings[seat] = [match[k].upper().replace("10", "T") for k in range(1, 5)]
        given.append(seat)
    if len(hands) > 4 and any(h.strip() for h in hands[4:]):
        problems.report(Text(N_("more than four hands")), board=number, found=text[:80])
        return None
    if len(given) == 3:  # the fourth hand holds the rest
        (rest,) = set(range(4)) - set(given)
        holdings[rest] = [
            "".join(r for r in RANKS if all(r not in holdings[s][suit] for s in given))
            for suit in range(4)
        ]
    try:
        deal = deal_from_holdings(holdings)
    except ParseError as error:
        problems.report(sentence(error), board=number)
        return None
    return Board(number, vulnerability, dealer, deal)


def dumps(records: HandRecords) -> bytes:
    boards = records.boards
    refuse_empty(boards, KIND)
    title = (records.title or "").replace("|", "").replace(",", "")
    numbers = [b.number for b in boards]
    lines = [
        f"vg|{title},SEGMENT 1,I,{min(numbers)},{max(numbers)},HOME,0,AWAY,0|",
        "rs|,,,,,,,,,,,|",
        "pn|,,,,,,,|pg||",
    ]
    for board in boards:
        holdings = holdings_of(board)
        layout = ",".join(
            "".join(s + r for s, r in zip("SHDC", holdings[SEATS.index(seat)], strict=True))
            for seat in _ORDER
        )
        deal = f"{_DEALER_DIGITS[board.dealer]}{layout}"
        vul = _VUL_LETTERS[board.vulnerability]
        for room in "oc":
            lines.append(f"qx|{room}{board.number}|pn|,,,,,,,|md|{deal}|sv|{vul}|pg||")
    return "".join(line + "\r\n" for line in lines).encode("utf-8")
