"""BHG: text lines, a first line of its own, then line n holding board n: 52 letters, 13 for each
hand from the dealer's round the table, each letter a card (``A`` to ``Z`` the spades and hearts,
ace first; ``a`` to ``z`` the diamonds and clubs). Lines end with CR LF; an empty line is a
board not in the set. No dealer or vulnerability beyond the board number's."""

from __future__ import annotations

from bridgescore.bridge import dealer_for_board
from bridgescore.deal import SEATS, Deal
from bridgescore.errors import ParseError, Problems, sentence
from bridgescore.formats.hands.model import (
    HandRecords,
    card_name,
    deal_from_owners,
    finish,
    law_board,
    owners_of,
    refuse_empty,
    refuse_law_changes,
)
from bridgescore.languages import N_
from bridgescore.languages.text import Text

KIND = "BHG"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"  # card 0 … 51


def fits(data: bytes) -> bool:
    """The whole file is BHG: after its first line, lines of 52 letters or empty."""
    lines = data.split(b"\n")[1:]
    cards = [line.strip() for line in lines if line.strip()]
    return bool(cards) and all(len(c) == 52 and c.isalpha() for c in cards)


def looks_like(data: bytes) -> bool:
    """The file's second line starts with letters, as BHG's boards do."""
    lines = data[:4096].split(b"\n")[1:]
    cards = [line.strip() for line in lines if line.strip()]
    return bool(cards) and cards[0][:13].isalpha()


def loads(data: bytes, path: str | None = None) -> HandRecords:
    problems = Problems(path)
    text = data.decode("latin-1")
    boards = []
    for number, raw in enumerate(text.split("\n")[1:], 1):
        line = raw.strip()
        if not line:
            continue
        try:
            boards.append(law_board(number, _deal(line, number)))
        except ParseError as error:
            problems.report(sentence(error), line=number + 1, board=number)
    return finish(boards, problems, path, KIND)


def _deal(line: str, number: int) -> Deal:
    if len(line) != 52 or any(c not in _LETTERS for c in line):
        raise ParseError(
            Text(
                N_(
                    "a board's line has %(line_count)s characters: %(line)s (expected 52 letters, "
                    "a card each)"
                ),
                line_count=len(line),
                line=repr(line[:60]),
            )
        )
    dealer = SEATS.index(dealer_for_board(number))
    owners: list[int | None] = [None] * 52
    for place, letter in enumerate(line):
        card = _LETTERS.index(letter)
        if owners[card] is not None:
            raise ParseError(Text(N_("%(card)s is dealt twice"), card=card_name(card)))
        owners[card] = (place // 13 + dealer) % 4
    return deal_from_owners(owners)


def dumps(records: HandRecords) -> bytes:
    boards = records.boards
    refuse_empty(boards, KIND)
    refuse_law_changes(boards, KIND)
    lines = [""] * (max(b.number for b in boards) + 2)
    for board in boards:
        owners = owners_of(board)
        dealer = SEATS.index(board.dealer)
        lines[board.number] = "".join(
            _LETTERS[card]
            for turn in range(4)
            for card in range(52)
            if owners[card] == (dealer + turn) % 4
        )
    return "\r\n".join(lines).encode("ascii")
