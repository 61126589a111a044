"""DUP (Duplimate): 156 bytes a board: the deal as BRI's 78 digits, again as DGE's 68 bytes,
then 10 bytes that are zero except in the first board, where they say the first board's number
and how many boards follow: ``YN1  0 16 `` (board 1, 16 boards). No dealer or vulnerability."""

from __future__ import annotations

from bridgescore.errors import ParseError, Problem, Problems, sentence
from bridgescore.formats.hands import bri, dge
from bridgescore.formats.hands.model import (
    HandRecords,
    finish,
    holdings_of,
    law_board,
    owners_of,
    refuse_empty,
    refuse_law_changes,
    refuse_unless_consecutive,
)
from bridgescore.languages import N_
from bridgescore.languages.text import Text

KIND = "DUP"
_SIZE = 156
_TRAILER = bri.DIGITS + dge.LENGTH  # where the 10 bytes begin


def fits(data: bytes) -> bool:
    """The whole file is DUP: 156-byte records, each of 78 digits and a suit marker."""
    return (
        bool(data)
        and len(data) % _SIZE == 0
        and all(
            data[n : n + bri.DIGITS].isdigit() and data[n + bri.DIGITS] in dge.MARKERS
            for n in range(0, len(data), _SIZE)
        )
    )


def looks_like(data: bytes) -> bool:
    """The file starts with digits, a suit marker after the 78th when it has one."""
    return data[: min(bri.DIGITS, max(len(data), 2))].isdigit() and (
        len(data) <= bri.DIGITS or data[bri.DIGITS] in dge.MARKERS
    )


def loads(data: bytes, path: str | None = None) -> HandRecords:
    problems = Problems(path)
    whole, rest = divmod(len(data), _SIZE)
    warnings: list[Problem] = []
    first, count = 1, whole
    if whole:
        header = data[_TRAILER:_SIZE]
        numbers = header[2:4].strip(), header[7:9].strip()
        if not (numbers[0].isdigit() and numbers[1].isdigit()):
            problems.report(
                Text(N_("the first board's header is not there")),
                found=header.decode("latin-1"),
                expected=Text(N_('"YN", the first board number, " 0 ", the number of boards')),
            )
        else:
            first, count = int(numbers[0]), int(numbers[1])
            if header[1:2].upper() != b"N":
                warnings.append(
                    Problem(Text(N_("the header's second letter is not N")), found=chr(header[1]))
                )
            if count != whole:
                problems.report(
                    Text(
                        N_("the header says %(count)s boards and the file holds %(whole)s"),
                        count=count,
                        whole=whole,
                    ),
                    expected=Text(
                        N_("%(size)s bytes for each board the header counts"), size=_SIZE
                    ),
                )
            if first < 1:
                problems.report(
                    Text(N_("the first board number is %(first)s"), first=first),
                    expected=Text(N_("a board number from 1 to 99")),
                )
    boards = []
    for n in range(whole):
        number = first + n
        record = data[n * _SIZE : (n + 1) * _SIZE]
        try:
            digits = bri.decode_deal(record[: bri.DIGITS])
            markers = dge.decode_deal(record[bri.DIGITS : _TRAILER])
        except ParseError as error:
            problems.report(sentence(error), board=number)
            continue
        if digits != markers:
            problems.report(
                Text(N_("the record's two copies of the deal differ")),
                board=number,
                found=f"{digits.pbn()} and {markers.pbn()}",
            )
            continue
        if n and any(record[_TRAILER:]):
            problems.report(
                Text(N_("bytes 147 to 156 are not zero")),
                board=number,
                expected=Text(N_("zero bytes")),
            )
        boards.append(law_board(number, digits))
    if rest:
        problems.report(
            Text(
                N_(
                    "the file ends in the middle of board %(first)s (%(rest)s of its %(size)s "
                    "bytes)"
                ),
                first=first + whole,
                rest=rest,
                size=_SIZE,
            ),
            board=first + whole,
            expected=Text(N_("%(size)s bytes a board"), size=_SIZE),
        )
    return finish(boards, problems, path, KIND, warnings=warnings)


def dumps(records: HandRecords) -> bytes:
    boards = records.boards
    refuse_empty(boards, KIND)
    refuse_unless_consecutive(boards, KIND, 99)
    refuse_law_changes(boards, KIND)
    first = boards[0].number
    header = f"YN{first:<2} 0 {len(boards):02d} ".encode("ascii")
    return b"".join(
        bri.encode_deal(owners_of(b))
        + dge.encode_deal(holdings_of(b))
        + (header if n == 0 else b"\0" * 10)
        for n, b in enumerate(boards)
    )
