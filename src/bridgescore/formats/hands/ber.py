"""BER: each board is 52 digits, the seat (1 North … 4 West) holding each card, spades ace first
down to clubs two. Boards follow one another from board 1, with no dealer or vulnerability."""

from __future__ import annotations

from bridgescore.errors import ParseError, Problems
from bridgescore.formats.hands.model import (
    HandRecords,
    deal_from_owners,
    finish,
    law_board,
    owners_of,
    refuse_empty,
    refuse_law_changes,
    refuse_unless_numbered_from_one,
)

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
    problems = Problems(path)
    body = b"".join(data.split())  # line breaks between boards are allowed
    boards = []
    whole, rest = divmod(len(body), _SIZE)
    for n in range(whole):
        record = body[n * _SIZE : (n + 1) * _SIZE]
        wrong = [b for b in record if b not in b"1234"]
        if wrong:
            problems.report(
                "not a seat",
                board=n + 1,
                found=chr(wrong[0]),
                expected="digits 1 to 4 (North to West)",
            )
            continue
        try:
            boards.append(law_board(n + 1, deal_from_owners([b - 49 for b in record])))
        except ParseError as error:
            problems.report(str(error), board=n + 1)
    if rest:
        problems.report(
            f"the file ends in the middle of board {whole + 1} ({rest} of its {_SIZE} digits)",
            board=whole + 1,
            expected=f"{_SIZE} digits a board",
        )
    return finish(boards, problems, path, KIND)


def dumps(records: HandRecords) -> bytes:
    refuse_empty(records.boards, KIND)
    refuse_unless_numbered_from_one(records.boards, KIND)
    refuse_law_changes(records.boards, KIND)
    return b"".join(bytes(49 + owner for owner in owners_of(b)) for b in records.boards)
