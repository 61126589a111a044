"""RZD: a 13-byte header (the number of boards, two bytes low first, then 11 spaces), then 13
bytes a board: byte k holds the seats of the k-th rank (ace first) in the four suits, two bits
each, spades highest. Boards follow one another from board 1; CDS shares the encoding."""

from __future__ import annotations

from bridgescore.deal import Deal
from bridgescore.errors import Problems, RulesError, sentence
from bridgescore.formats.hands.model import (
    HandRecords,
    deal_from_owners,
    finish,
    law_board,
    owners_of,
    writable_numbered_from_one,
)
from bridgescore.languages import N_
from bridgescore.languages.text import Text

KIND = "RZD"
_HEADER = 13
_SIZE = 13


def decode_deal(record: bytes, offset: int = 0) -> Deal:
    """A deal from its 13 bytes; each seat is stored as (seat + ``offset``) mod 4."""
    owners: list[int | None] = [None] * 52
    for rank, byte in enumerate(record):
        for suit in range(4):
            owners[suit * 13 + rank] = ((byte >> (6 - 2 * suit)) - offset) % 4
    return deal_from_owners(owners)


def encode_deal(owners: list[int], offset: int = 0) -> bytes:
    return bytes(
        sum(((owners[suit * 13 + rank] + offset) % 4) << (6 - 2 * suit) for suit in range(4))
        for rank in range(13)
    )


def fits(data: bytes) -> bool:
    """The whole file is RZD: its header's count of 13-byte boards."""
    if len(data) < _HEADER or (len(data) - _HEADER) % _SIZE:
        return False
    count = data[0] + 256 * data[1]
    return data[2:_HEADER] == b" " * 11 and count == (len(data) - _HEADER) // _SIZE


def looks_like(data: bytes) -> bool:
    """The file starts with RZD's header: a count, then spaces."""
    return len(data) >= 3 and data[2:_HEADER] == b" " * len(data[2:_HEADER])


def loads(data: bytes, path: str | None = None) -> HandRecords:
    problems = Problems(path)
    if len(data) < _HEADER:
        problems.report(
            Text(
                N_(
                    "the file is %(data_count)s bytes long, shorter than RZD's %(header)s-byte "
                    "header"
                ),
                data_count=len(data),
                header=_HEADER,
            ),
            expected=Text(N_("an RZD hand-record file")),
        )
        return finish([], problems, path, KIND)
    count = data[0] + 256 * data[1]
    whole, rest = divmod(len(data) - _HEADER, _SIZE)
    if data[2:_HEADER] != b" " * 11:
        problems.report(
            Text(N_("the header's bytes 3 to 13 are not spaces")),
            expected=Text(N_("an RZD header")),
        )
    if count != whole:
        problems.report(
            Text(
                N_(
                    "the header says %(count)s boards and the file holds %(whole)s and %(rest)s "
                    "bytes"
                ),
                count=count,
                whole=whole,
                rest=rest,
            )
            if rest
            else Text(
                N_("the header says %(count)s boards and the file holds %(whole)s"),
                count=count,
                whole=whole,
            ),
            expected=Text(N_("%(size)s bytes for each board the header counts"), size=_SIZE),
        )
    if rest:
        problems.report(
            Text(
                N_(
                    "the file ends in the middle of board %(whole)s (%(rest)s of its %(size)s "
                    "bytes)"
                ),
                whole=whole + 1,
                rest=rest,
                size=_SIZE,
            ),
            board=whole + 1,
        )
    boards = []
    for n in range(whole):
        record = data[_HEADER + n * _SIZE : _HEADER + (n + 1) * _SIZE]
        try:
            boards.append(law_board(n + 1, decode_deal(record)))
        except ValueError as error:
            problems.report(sentence(error), board=n + 1)
    return finish(boards, problems, path, KIND)


def dumps(records: HandRecords) -> bytes:
    boards = writable_numbered_from_one(records, KIND)
    if len(boards) > 65535:
        raise RulesError(
            Text(
                N_("RZD holds at most 65,535 boards, not %(boards_count)s"),
                boards_count=f"{len(boards):,}",
            )
        )
    header = bytes([len(boards) % 256, len(boards) // 256]) + b" " * 11
    return header + b"".join(encode_deal(owners_of(b)) for b in boards)
