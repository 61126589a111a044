"""BER: each board is 52 digits, the seat (1 North … 4 West) holding each card, spades ace first
down to clubs two. Boards follow one another from board 1, with no dealer or vulnerability."""

from __future__ import annotations

from bridgescore.deal import Deal
from bridgescore.errors import ParseError
from bridgescore.formats.hands.model import (
    HandRecords,
    deal_from_owners,
    numbered_records,
    owners_of,
    writable_numbered_from_one,
)
from bridgescore.languages import N_
from bridgescore.languages.text import Text

KIND = "BER"
_SIZE = 52


def fits(data: bytes) -> bool:
    """The whole file is BER: boards of 52 seat digits."""
    body = b"".join(data.split())
    return bool(body) and len(body) % _SIZE == 0 and not body.strip(b"1234")


def looks_like(data: bytes) -> bool:
    """The file starts as BER does (it may be damaged further on)."""
    head = b"".join(data[:256].split())[:_SIZE]
    return bool(head) and not head.strip(b"1234")


def loads(data: bytes, path: str | None = None) -> HandRecords:
    body = b"".join(data.split())  # line breaks between boards are allowed
    return numbered_records(body, _SIZE, _record, path, KIND)


def _record(record: bytes) -> Deal:
    wrong = [b for b in record if b not in b"1234"]
    if wrong:
        raise ParseError(
            Text(
                N_("%(wrong)s is not a seat (expected digits 1 to 4, North to West)"),
                wrong=repr(chr(wrong[0])),
            )
        )
    return deal_from_owners([b - 49 for b in record])


def dumps(records: HandRecords) -> bytes:
    boards = writable_numbered_from_one(records, KIND)
    return b"".join(bytes(49 + owner for owner in owners_of(b)) for b in boards)
