"""CDS: 14 bytes a board: its number (1 to 255), then its deal in RZD's encoding with each seat
stored one on (North as 1 … West as 0). No dealer or vulnerability."""

from __future__ import annotations

from bridgescore.errors import Problems, RulesError, sentence
from bridgescore.formats.hands.model import (
    HandRecords,
    finish,
    law_board,
    owners_of,
    refuse_empty,
    refuse_law_changes,
)
from bridgescore.formats.hands.rzd import decode_deal, encode_deal
from bridgescore.languages import N_
from bridgescore.languages.text import Text

KIND = "CDS"
_SIZE = 14


def fits(data: bytes) -> bool:
    """The whole file is CDS: 14-byte records with distinct board numbers from 1."""
    if not data or len(data) % _SIZE:
        return False
    numbers = data[::_SIZE]
    return 0 not in numbers and len(set(numbers)) == len(numbers)


def looks_like(data: bytes) -> bool:
    """CDS has no signature: any file starting with a board number might be one."""
    return bool(data) and data[0] != 0


def loads(data: bytes, path: str | None = None) -> HandRecords:
    problems = Problems(path)
    whole, rest = divmod(len(data), _SIZE)
    boards = []
    for n in range(whole):
        record = data[n * _SIZE : (n + 1) * _SIZE]
        number = record[0]
        if number == 0:
            problems.report(
                Text(N_("record %(n)s (byte %(n2)s) has board number 0"), n=n + 1, n2=n * _SIZE),
                expected=Text(N_("a board number from 1 to 255")),
            )
            continue
        try:
            boards.append(law_board(number, decode_deal(record[1:], offset=1)))
        except ValueError as error:
            problems.report(sentence(error), board=number)
    if rest:
        problems.report(
            Text(
                N_(
                    "the file ends in the middle of record %(whole)s (%(rest)s of its %(size)s "
                    "bytes)"
                ),
                whole=whole + 1,
                rest=rest,
                size=_SIZE,
            ),
            expected=Text(N_("%(size)s bytes a board"), size=_SIZE),
        )
    return finish(boards, problems, path, KIND)


def dumps(records: HandRecords) -> bytes:
    boards = records.boards
    refuse_empty(boards, KIND)
    refuse_law_changes(boards, KIND)
    high = [b.number for b in boards if b.number > 255]
    if high:
        raise RulesError(Text(N_("CDS holds board numbers up to 255, not %(high)s"), high=high[0]))
    return b"".join(bytes([b.number]) + encode_deal(owners_of(b), offset=1) for b in boards)
