"""BRI: 128 bytes a board: North's, East's and South's 13 cards as two-digit numbers (01 the
spade ace … 13 the spade two, 14 the heart ace … 52 the club two), West holding the rest, then
32 spaces and 18 zero bytes. Boards follow one another from board 1; DUP embeds the 78 digits."""

from __future__ import annotations

from bridgescore.deal import Deal
from bridgescore.errors import ParseError
from bridgescore.formats.hands.model import (
    HandRecords,
    card_name,
    deal_from_owners,
    numbered_records,
    owners_of,
    writable_numbered_from_one,
)
from bridgescore.languages import N_
from bridgescore.languages.text import Text

KIND = "BRI"
_SIZE = 128
DIGITS = 78  # 39 cards of two digits


def decode_deal(text: bytes) -> Deal:
    """The deal of 78 digits (North, East, South; West the rest)."""
    if len(text) != DIGITS or not text.isdigit():
        shown = text.decode("latin-1")[:20]
        raise ParseError(
            Text(N_("not 78 digits: %(shown)s (expected 39 cards, 01 to 52)"), shown=repr(shown))
        )
    owners: list[int | None] = [None] * 52
    for i in range(39):
        number = int(text[2 * i : 2 * i + 2])
        if not 1 <= number <= 52:
            raise ParseError(
                Text(
                    N_("card number %(number)s is out of range (expected 01 to 52)"),
                    number=f"{number:02d}",
                )
            )
        card = number - 1
        if owners[card] is not None:
            raise ParseError(Text(N_("%(card)s is dealt twice"), card=card_name(card)))
        owners[card] = i // 13
    return deal_from_owners([3 if owner is None else owner for owner in owners])


def encode_deal(owners: list[int]) -> bytes:
    cards = [card for seat in range(3) for card in range(52) if owners[card] == seat]
    return "".join(f"{card + 1:02d}" for card in cards).encode("ascii")


def fits(data: bytes) -> bool:
    """The whole file is BRI: records of 128 bytes starting with 78 digits."""
    return (
        bool(data)
        and len(data) % _SIZE == 0
        and all(data[n : n + DIGITS].isdigit() for n in range(0, len(data), _SIZE))
    )


def looks_like(data: bytes) -> bool:
    """The file starts with digits, and not with DUP's deal given twice."""
    return data[: min(DIGITS, max(len(data), 2))].isdigit() and data[DIGITS : DIGITS + 1] not in (
        b"\x03",
        b"\x04",
        b"\x05",
        b"\x06",
    )


def loads(data: bytes, path: str | None = None) -> HandRecords:
    return numbered_records(data, _SIZE, lambda record: decode_deal(record[:DIGITS]), path, KIND)


def dumps(records: HandRecords) -> bytes:
    padding = b" " * 32 + b"\0" * 18
    boards = writable_numbered_from_one(records, KIND)
    return b"".join(encode_deal(owners_of(b)) + padding for b in boards)
