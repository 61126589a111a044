"""What every hand-record format reads and writes: the boards of a set, each a whole deal.

A hand-record file holds boards: a number, a dealer, a vulnerability and four hands of 13 cards
(:class:`~bridgescore.session.Board` with its :class:`~bridgescore.deal.Deal`, the same record
a results file's boards are). Formats that store no dealer or vulnerability (the dealing
machines' binary files) have the board number's (Law 2), and can only be written for boards
that have them.

The helpers here turn the formats' encodings (a hand for each of the 52 cards; ranks by hand
and suit) into deals, checking that every card is dealt once and every hand has 13 cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bridgescore.bridge import Vulnerability, dealer_for_board
from bridgescore.deal import SEATS, Deal, Hand
from bridgescore.errors import InputFileError, ParseError, Problem, Problems, RulesError, sentence
from bridgescore.languages import N_
from bridgescore.languages.text import Text, counted
from bridgescore.session import Board

RANKS = "AKQJT98765432"  # highest first: a card is suit * 13 + its rank's place here
SUIT_LETTERS = "SHDC"
MAX_BOARD = 9999  # the highest board number any file may give
MAX_BOARDS = 10_000  # boards in one file


@dataclass(frozen=True)
class HandRecords:
    """A set of boards with their deals, in the file's order, each number once."""

    boards: tuple[Board, ...]
    title: str | None = None  # the event's name, where the format has one (PBN, LIN)
    warnings: tuple[Problem, ...] = ()

    def by_number(self) -> dict[int, Board]:
        return {b.number: b for b in self.boards}


def card_name(card: int) -> str:
    """``card`` (suit * 13 + rank place) as people write it: "SA", "HT", "C2"."""
    return SUIT_LETTERS[card // 13] + RANKS[card % 13]


def deal_from_owners(owners: Sequence[int | None]) -> Deal:
    """The deal in which card ``c`` (suit * 13 + rank place) is held by seat ``owners[c]``
    (0 North … 3 West); raises :class:`ParseError` unless every hand has 13 cards."""
    holdings: list[list[str]] = [["", "", "", ""] for _ in range(4)]
    missing = [card_name(c) for c, owner in enumerate(owners) if owner is None]
    if missing:
        raise ParseError(
            Text(
                N_("%(count)s cards are not dealt (%(cards)s)"),
                count=len(missing),
                cards=" ".join(missing[:8]),
            )
        )
    for card, owner in enumerate(owners):
        assert owner is not None
        holdings[owner][card // 13] += RANKS[card % 13]
    return _deal(holdings)


def deal_from_holdings(holdings: Sequence[Sequence[str]]) -> Deal:
    """The deal from each seat's ranks in each suit (North first, spades first); raises
    :class:`ParseError` for a card dealt twice, an unknown rank or a hand without 13 cards."""
    owners: list[int | None] = [None] * 52
    for seat, suits in enumerate(holdings):
        for suit, ranks in enumerate(suits):
            for rank in ranks:
                place = RANKS.find(rank.upper())
                if place < 0:
                    raise ParseError(
                        Text(
                            N_("%(rank)s is not a rank (in %(seat)s's %(suit)s suit)"),
                            rank=repr(rank),
                            seat=SEATS[seat],
                            suit=SUIT_LETTERS[suit],
                        )
                    )
                card = suit * 13 + place
                held_by = owners[card]
                if held_by is not None:
                    held = SEATS[held_by]
                    raise ParseError(
                        Text(
                            N_("%(card)s is dealt twice (%(held)s and %(seat)s)"),
                            card=card_name(card),
                            held=held,
                            seat=SEATS[seat],
                        )
                    )
                owners[card] = seat
    sizes = [sum(len(r) for r in suits) for suits in holdings]
    if sizes != [13] * 4:
        raise ParseError(_sizes(sizes))
    return deal_from_owners(owners)


def _deal(holdings: list[list[str]]) -> Deal:
    sizes = [sum(len(s) for s in suits) for suits in holdings]
    if sizes != [13] * 4:
        raise ParseError(_sizes(sizes))
    return Deal(
        tuple(  # type: ignore[arg-type]
            Hand(SEATS[i], (h[0], h[1], h[2], h[3])) for i, h in enumerate(holdings)
        )
    )


def _sizes(sizes: Sequence[int]) -> Text:
    wrong: Text | None = None
    for i, n in enumerate(sizes):
        if n != 13:
            part = Text(N_("%(seat)s has %(count)s"), seat=SEATS[i], count=n)
            wrong = part if wrong is None else Text("%(said)s, %(part)s", said=wrong, part=part)
    return Text(N_("%(wrong)s cards (expected 13 in each hand)"), wrong=wrong)


def owners_of(board: Board) -> list[int]:
    """The seat holding each card (suit * 13 + rank place) of a board's whole deal."""
    deal = whole(board)
    owners = [0] * 52
    for seat, hand in enumerate(deal.hands):
        assert hand is not None
        for suit, ranks in enumerate(hand.suits):
            for rank in ranks:
                owners[suit * 13 + RANKS.index(rank)] = seat
    return owners


def holdings_of(board: Board) -> list[tuple[str, str, str, str]]:
    """Each seat's ranks in each suit, highest first, North first."""
    deal = whole(board)
    return [hand.suits for hand in deal.hands if hand is not None]


def whole(board: Board) -> Deal:
    """A board's deal, which must be whole (four hands of 13) for a hand-record file."""
    deal = board.deal
    if deal is None or not deal.complete or any(len(h) != 13 for h in deal.hands if h):
        raise RulesError(
            Text(N_("board %(number)s has no whole deal to write"), number=board.number)
        )
    return deal


def law_board(number: int, deal: Deal) -> Board:
    """A board of a format that stores no dealer or vulnerability: the number's (Law 2)."""
    return Board(number, Vulnerability.for_board(number), dealer_for_board(number), deal)


def check_number(number: int, problems: Problems, where: int | None = None) -> bool:
    """Refuse a board number out of range, saying where it was found."""
    if 1 <= number <= MAX_BOARD:
        return True
    problems.report(
        Text(N_("board number %(number)s is out of range"), number=number),
        line=where,
        expected=Text(N_("a board number from 1 to %(most)s"), most=MAX_BOARD),
    )
    return False


def refuse_law_changes(boards: Sequence[Board], kind: str) -> None:
    """A format without dealer and vulnerability cannot hold boards whose differ from Law 2."""
    odd = [
        b.number
        for b in boards
        if b.dealer is not dealer_for_board(b.number)
        or b.vulnerability is not Vulnerability.for_board(b.number)
    ]
    if odd:
        listed = ", ".join(str(n) for n in odd[:10])
        raise RulesError(
            counted(
                "%(kind)s stores no dealer or vulnerability, and board %(boards)s has other "
                "ones than the board number's: write PBN, LIN or CSV",
                "%(kind)s stores no dealer or vulnerability, and boards %(boards)s have other "
                "ones than the board number's: write PBN, LIN or CSV",
                len(odd),
                kind=kind,
                boards=listed,
            )
        )


def refuse_unless_numbered_from_one(boards: Sequence[Board], kind: str) -> None:
    """Formats whose boards are numbered by their place in the file: 1, 2, 3 … in order."""
    numbers = [b.number for b in boards]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RulesError(
            Text(
                N_(
                    "%(kind)s numbers its boards 1, 2, 3 … by their place in the file; these "
                    "boards are %(value)s: write PBN, CDS, DUP or DLM"
                ),
                kind=kind,
                value=_numbers(numbers),
            )
        )


def refuse_unless_consecutive(boards: Sequence[Board], kind: str, most: int) -> None:
    """Formats holding a first board and a count: consecutive numbers, at most ``most``."""
    numbers = [b.number for b in boards]
    first = numbers[0] if numbers else 1
    if numbers != list(range(first, first + len(numbers))) or first + len(numbers) - 1 > most:
        raise RulesError(
            Text(
                N_(
                    "%(kind)s holds consecutive boards numbered 1 to %(most)s; these boards are "
                    "%(value)s"
                ),
                kind=kind,
                most=most,
                value=_numbers(numbers),
            )
        )


def _numbers(numbers: Sequence[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:12])
    if len(numbers) > 12:
        return Text(N_("%(shown)s … (%(count)s boards)"), shown=shown, count=len(numbers))
    return shown


def refuse_empty(boards: Sequence[Board], kind: str) -> None:
    if not boards:
        raise RulesError(Text(N_("no boards to write as %(kind)s"), kind=kind))


def finish(
    boards: list[Board],
    problems: Problems,
    path: str | None,
    kind: str,
    title: str | None = None,
    warnings: Sequence[Problem] = (),
) -> HandRecords:
    """The records read, once every problem is raised together; a file of no boards is
    refused, and a board number given twice with different deals."""
    seen: dict[int, Board] = {}
    unique = []
    for board in boards:
        earlier = seen.get(board.number)
        if earlier is None:
            seen[board.number] = board
            unique.append(board)
        elif earlier != board:
            problems.report(
                Text(N_("the board is given twice with different deals")),
                board=board.number,
                expected=Text(N_("each board once")),
            )
    if not boards and not problems:
        problems.report(
            Text(N_("no boards found in the %(kind)s file"), kind=kind),
            expected=Text(N_("a %(kind)s hand-record file"), kind=kind),
        )
    if len(unique) > MAX_BOARDS:
        problems.report(
            Text(N_("%(unique_count)s boards"), unique_count=f"{len(unique):,}"),
            expected=Text(N_("at most %(most)s"), most=f"{MAX_BOARDS:,}"),
        )
    if problems:
        raise InputFileError(path, list(problems))
    return HandRecords(tuple(unique), title, tuple(warnings))


def numbered_records(
    data: bytes, size: int, decode: Callable[[bytes], Deal], path: str | None, kind: str
) -> HandRecords:
    """The boards of a file of fixed-size records numbered 1, 2, 3 … by their place: each
    record's deal from ``decode`` (its :class:`ParseError` is that board's problem), and a last
    record cut short reported with how much of it is there."""
    problems = Problems(path)
    whole, rest = divmod(len(data), size)
    boards = []
    for n in range(whole):
        try:
            boards.append(law_board(n + 1, decode(data[n * size : (n + 1) * size])))
        except ParseError as error:
            problems.report(sentence(error), board=n + 1)
    if rest:
        problems.report(
            Text(
                N_(
                    "the file ends in the middle of board %(whole)s (%(rest)s of its %(size)s "
                    "bytes)"
                ),
                whole=whole + 1,
                rest=rest,
                size=size,
            ),
            board=whole + 1,
            expected=Text(N_("%(size)s bytes a board"), size=size),
        )
    return finish(boards, problems, path, kind)


def writable_numbered_from_one(records: HandRecords, kind: str) -> Sequence[Board]:
    """The boards of a format numbered by place with no dealer or vulnerability: refused
    unless they are 1, 2, 3 … with the board numbers' dealers and vulnerabilities."""
    refuse_empty(records.boards, kind)
    refuse_unless_numbered_from_one(records.boards, kind)
    refuse_law_changes(records.boards, kind)
    return records.boards
