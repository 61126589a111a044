"""PBN hand records: one game a board with its Board, Dealer, Vulnerable and Deal tags (and the
Event's name). Read with the PBN reader's syntax layer, so the file's own mistakes are reported
with their lines; a game without a Deal is not a hand record and is passed over. Written in PBN
2.1 export format."""

from __future__ import annotations

from bridgescore.bridge import Seat, Vulnerability, dealer_for_board
from bridgescore.deal import Deal
from bridgescore.errors import ParseError, Problem, Problems, sentence
from bridgescore.formats.hands.model import (
    HandRecords,
    check_number,
    finish,
    refuse_empty,
    whole,
)
from bridgescore.formats.pbn import document, syntax
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.session import Board

KIND = "PBN"


def looks_like(data: bytes) -> bool:
    """The file starts with a PBN tag, comment or escape line."""
    head = data.lstrip(b"\xef\xbb\xbf").lstrip()
    return head.startswith((b"%", b";", b"{")) or (head[:1] == b"[" and head[1:2].isalpha())


fits = looks_like


def loads(data: bytes, path: str | None = None) -> HandRecords:
    text, _ = syntax.decode(data, path)
    doc = syntax.loads(text, path=path)
    problems = Problems(path)
    problems.extend(doc.problems)
    reported = {p.line for p in doc.problems}  # a Deal the syntax layer refused already
    warnings: list[Problem] = []
    boards = []
    title: str | None = None
    for game in doc.games:
        deal_text = game.get("Deal")
        if deal_text is None:
            continue
        line = game.tag("Deal")
        where = None if line is None else line.line
        if title is None and game.get("Event"):
            title = game.get("Event")
        number_text = (game.get("Board") or "").strip()
        if not number_text.isdigit() or len(number_text) > 6:
            problems.report(
                Text(N_("a deal without a board number")),
                where,
                found=number_text,
                expected=Text(N_('[Board "1"]')),
            )
            continue
        number = int(number_text)
        if not check_number(number, problems, where):
            continue
        try:
            deal = Deal.from_pbn(deal_text)
            if not deal.complete or any(len(h) != 13 for h in deal.hands if h is not None):
                sizes: Text | None = None
                for h in deal.hands:
                    if h is not None and len(h) != 13:
                        part = Text(N_("%(seat)s has %(count)s"), seat=h.seat, count=len(h))
                        sizes = (
                            part
                            if sizes is None
                            else Text("%(said)s, %(part)s", said=sizes, part=part)
                        )
                raise ParseError(
                    Text(
                        N_("not a whole deal: %(sizes)s (expected four hands of 13 cards)"),
                        sizes=sizes or Text(N_("a hand is not given")),
                    )
                )
        except ParseError as error:
            if where not in reported:
                problems.report(sentence(error), where, number, found=deal_text)
            continue
        dealer: Seat | None = dealer_for_board(number)
        vul: Vulnerability | None = Vulnerability.for_board(number)
        for what in ("Dealer", "Vulnerable"):
            given = (game.get(what) or "").strip()
            if not given or given == "?":
                warnings.append(
                    Problem(
                        Text(N_("no %(what)s tag: the board number's is used"), what=what),
                        where,
                        number,
                    )
                )
                continue
            try:
                if what == "Dealer":
                    dealer = Seat.parse(given)
                else:
                    vul = Vulnerability.parse(given)
            except ParseError as error:
                problems.report(sentence(error), where, number)
                dealer = None
        if dealer is not None and vul is not None:
            boards.append(Board(number, vul, dealer, deal))
    return finish(boards, problems, path, KIND, title=title, warnings=warnings)


def dumps(records: HandRecords) -> bytes:
    refuse_empty(records.boards, KIND)
    games = []
    for board in records.boards:
        tags = (
            document.Tag("Event", records.title or ""),
            document.Tag("Board", str(board.number)),
            document.Tag("Dealer", str(board.dealer)),
            document.Tag("Vulnerable", str(board.vulnerability)),
            document.Tag("Deal", whole(board).pbn()),
        )
        games.append(document.Game(tags))
    return syntax.dumps(document.PbnDocument(tuple(games))).encode("utf-8")
