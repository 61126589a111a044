"""Hand records: the deals of a set of boards, in the files dealing machines and other programs
write (docs/hand-records.md).

One module a format, each with ``looks_like(data)``, ``loads(data, path)`` and ``dumps(records)``
over bytes and one :class:`~bridgescore.formats.hands.model.HandRecords`:

==========  =====================================================================
``pbn``     PBN: Board, Dealer, Vulnerable and Deal tags
``dup``     Duplimate: binary, a first board and a count in the first record
``dlm``     Dealer4: a ``[Document]`` text with an encoded line a board
``bri``     binary, 39 two-digit cards a board (West holding the rest)
``dge``     binary, suit-marker bytes and ranks
``ber``     text, the seat of each card
``bhg``     text, a line of 52 letters a board
``cds``     binary, a board number and 13 bytes a board
``rzd``     binary, a header and 13 bytes a board
``lin``     BBO's LIN: ``md`` and ``sv`` for each ``qx`` board
``csv``     a quoted line a board: 16 suits, board, dealer/vulnerability
``json``    bridgescore's: a list of board, dealer, vulnerability, deal
==========  =====================================================================

Files are read through the bounded reader (:func:`bridgescore.formats.files.read_bytes`), by
their extension (or, without a known one, by what their bytes look like); a file whose bytes do
not look like its extension's format is refused naming the format it looks like. Every problem
comes with the file, the board and what was expected.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from bridgescore.errors import InputFileError, Problem
from bridgescore.formats.hands.model import HandRecords
from bridgescore.languages import N_
from bridgescore.languages.text import Text, counted

if TYPE_CHECKING:
    from bridgescore.session import Board, Session

# Each kind: its extension and its module (imported when used).
KINDS: dict[str, str] = {
    "pbn": ".pbn",
    "dup": ".dup",
    "dlm": ".dlm",
    "bri": ".bri",
    "dge": ".dge",
    "ber": ".ber",
    "bhg": ".bhg",
    "cds": ".cds",
    "rzd": ".rzd",
    "lin": ".lin",
    "csv": ".csv",
    "json": ".json",
}
# The order bytes are recognised in: the formats that say the most about themselves first.
_SNIFF_ORDER = ("dlm", "pbn", "lin", "json", "csv", "dup", "rzd", "bri", "dge", "cds", "bhg", "ber")


def module(kind: str) -> ModuleType:
    """The module of a hand-record format."""
    if kind not in KINDS:
        raise InputFileError(
            None,
            [
                Problem(
                    Text(N_("not a hand-record format: %(kind)s"), kind=repr(kind)),
                    expected=", ".join(KINDS),
                )
            ],
        )
    return importlib.import_module(f"bridgescore.formats.hands.{kind}")


def kind_of(path: str | Path) -> str | None:
    """The format a file's extension names, if any."""
    suffix = Path(str(path)).suffix.lower()
    for kind, extension in KINDS.items():
        if suffix == extension:
            return kind
    return None


def sniff(data: bytes) -> str | None:
    """The format a file's bytes are laid out in, if any: a whole file's layout first, then
    the start of one (a damaged file)."""
    for test in ("fits", "looks_like"):
        for kind in _SNIFF_ORDER:
            if getattr(module(kind), test)(data):
                return kind
    return None


def _laid_out_as(data: bytes) -> str | None:
    """The format whose whole layout the bytes follow, if any."""
    for kind in _SNIFF_ORDER:
        if module(kind).fits(data):
            return kind
    return None


def read_path(path: str | Path, kind: str | None = None) -> HandRecords:
    """The boards of a hand-record file (``-``: standard input), by ``kind``, else by its
    extension, else by what its bytes look like."""
    from bridgescore.formats.files import display_name, read_bytes

    data = read_bytes(path)
    return loads(data, display_name(path), kind or kind_of(path))


def loads(data: bytes, path: str | None = None, kind: str | None = None) -> HandRecords:
    """The boards of a hand-record file's bytes in format ``kind`` (by default, the one they
    look like); bytes that do not look like ``kind`` are refused saying what they look like."""
    looks = sniff(data)
    if kind is None:
        if looks is None:
            raise InputFileError(
                path,
                [
                    Problem(
                        Text(N_("bridgescore cannot tell which hand-record format this is")),
                        expected=Text(
                            N_(
                                "a file named .pbn, .dup, .dlm, .bri, .dge, .ber, .bhg, .cds, "
                                ".rzd, .lin, .csv or .json"
                            )
                        ),
                    )
                ],
            )
        kind = looks
    reader = module(kind)
    name = reader.KIND
    if not reader.looks_like(data):
        looks = _laid_out_as(data) or looks
        if looks is not None and looks != kind:
            raise _other_format(path, data, name, looks)
        message, expected = (
            (Text(N_("the file is empty")), Text(N_("a %(kind)s hand-record file"), kind=name))
            if not data
            else (
                Text(N_("not a %(kind)s file: its bytes are not %(kind)s's layout"), kind=name),
                Text(N_("a %(kind)s hand-record file (docs/hand-records.md)"), kind=name),
            )
        )
        found = data[:24].decode("latin-1")
        raise InputFileError(path, [Problem(message, found=found, expected=expected)])
    try:
        records: HandRecords = reader.loads(data, path)
    except InputFileError:
        other = _laid_out_as(data)
        if other is not None and other != kind:
            raise _other_format(path, data, name, other) from None
        raise
    return records


def _other_format(path: str | None, data: bytes, name: str, other: str) -> InputFileError:
    message = Text(
        N_("not a %(kind)s file: it looks like %(other)s file"),
        kind=name,
        other=_article(module(other).KIND),
    )
    return InputFileError(
        path,
        [
            Problem(
                message,
                found=data[:24].decode("latin-1"),
                expected=Text(
                    N_("a %(name)s file, or the name .%(other)s for what it is"),
                    name=name,
                    other=other,
                ),
            )
        ],
    )


def _article(name: str) -> Text:
    # Letters said one by one: "an RZD file"; LIN is said as a word.
    if name[0] in "AEFHILMNORSX" and name != "LIN":
        return Text(N_("an %(kind)s"), kind=name)
    return Text(N_("a %(kind)s"), kind=name)


def dumps(records: HandRecords, kind: str) -> bytes:
    """The boards in format ``kind``; a format that cannot hold them (a dealer or vulnerability
    other than the board number's, boards not numbered as it numbers them) is refused with
    :class:`~bridgescore.errors.RulesError` saying why."""
    data: bytes = module(kind).dumps(records)
    return data


def of_session(session: Session) -> HandRecords:
    """The deals a results file carries, as hand records (boards without a deal left out)."""
    return HandRecords(
        tuple(b for b in session.boards.values() if b.deal is not None), session.title
    )


def with_deals(
    session: Session, records: HandRecords, path: str | None = None
) -> tuple[Session, tuple[Problem, ...]]:
    """``session`` with each board's deal from ``records`` (``--deals``), and notes of the
    session's boards the records lack.

    A board whose dealer or vulnerability differ from the records', or whose own deal differs,
    is refused: the files are not of the same boards.
    """
    known = records.by_number()
    problems = []
    missing = []
    boards: dict[int, Board] = {}
    for number, board in session.boards.items():
        record = known.get(number)
        if record is None:
            missing.append(number)
            boards[number] = board
            continue
        if board.deal is not None and board.deal != record.deal:
            problems.append(
                Problem(
                    Text(N_("the results file's deal differs from the hand records'")),
                    board=number,
                    found=board.deal.pbn(),
                    expected=record.deal.pbn() if record.deal else None,
                )
            )
        for what, mine, theirs in (
            (Text(N_("dealer")), board.dealer, record.dealer),
            (Text(N_("vulnerability")), board.vulnerability, record.vulnerability),
        ):
            if mine is not theirs:
                problems.append(
                    Problem(
                        Text(
                            N_(
                                "the results file's %(what)s is %(mine)s, the hand records' "
                                "%(theirs)s"
                            ),
                            what=what,
                            mine=mine,
                            theirs=theirs,
                        ),
                        board=number,
                        expected=Text(N_("the hand records of the boards played")),
                    )
                )
        boards[number] = replace(board, deal=record.deal)
    if problems:
        raise InputFileError(path, problems)
    notes: tuple[Problem, ...] = ()
    if missing:
        listed = ", ".join(str(n) for n in missing[:20])
        notes = (
            Problem(
                Text(
                    N_("no deal for boards %(listed)s … (%(count)s boards)"),
                    listed=listed,
                    count=len(missing),
                )
                if len(missing) > 20
                else counted(
                    "no deal for board %(listed)s",
                    "no deal for boards %(listed)s",
                    len(missing),
                    listed=listed,
                )
            ),
        )
    return replace(session, boards=boards), notes


__all__ = [
    "KINDS",
    "HandRecords",
    "dumps",
    "kind_of",
    "loads",
    "module",
    "of_session",
    "read_path",
    "sniff",
    "with_deals",
]
