"""File formats: traveller CSV, JSON results, PBN, USEBIO and NZ Scorer XML.

Every format module has ``load(fp)``, ``loads(text, path=None)``, ``dump(rf, fp)`` and
``dumps(rf)`` over one type, :class:`~bridgescore.formats.results_file.ResultsFile`. This
registry tells a file's kind from its extension and content (:func:`kind_of`), reads any file
(:func:`load_path`) and writes one (:func:`dump_path`). Format modules are imported only when a
file of their kind is read or written.
"""

from __future__ import annotations

import importlib
import os
import re
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Protocol, cast

from bridgescore.errors import InputFileError, Problem

if TYPE_CHECKING:
    from pathlib import Path

    from bridgescore.formats.results_file import ResultsFile
    from bridgescore.movements.model import Movement
    from bridgescore.session import FieldStructure, Session

KINDS = (
    "a .csv traveller file, a .pbn file, .xml in USEBIO or NZ Scorer form, or bridgescore's "
    ".json results"
)

# Each kind's module, imported when first used.
MODULES = {
    "csv": "bridgescore.formats.csv",
    "json": "bridgescore.formats.json",
    "usebio": "bridgescore.formats.usebio",
    "nzscorer": "bridgescore.formats.nzscorer",
    "pbn": "bridgescore.formats.pbn.session",
}
LABELS = {"csv": "CSV", "json": "JSON", "usebio": "USEBIO", "nzscorer": "NZ Scorer", "pbn": "PBN"}
# Kinds by extension; ``.xml`` is USEBIO or NZ Scorer, told by the root element.
EXTENSIONS = {".csv": "csv", ".json": "json", ".pbn": "pbn", ".xml": "xml"}
# The kind written for an extension.
WRITTEN = {".csv": "csv", ".json": "json", ".xml": "usebio", ".pbn": "pbn"}


class FormatModule(Protocol):
    """What every format module offers."""

    def loads(self, text: str, path: str | None = None) -> ResultsFile: ...

    def dumps(self, rf: ResultsFile) -> str: ...

    def dump(self, rf: ResultsFile, fp: IO[str]) -> None: ...


def module(kind: str) -> FormatModule:
    """The module of a kind of file (``csv``, ``json``, ``usebio``, ``nzscorer``, ``pbn``)."""
    try:
        name = MODULES[kind]
    except KeyError:
        raise InputFileError(
            None,
            [Problem("unknown kind of results file", found=kind, expected=", ".join(MODULES))],
        ) from None
    try:
        return cast(FormatModule, importlib.import_module(name))
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        raise InputFileError(  # an installation without this format's module
            None,
            [Problem(f"writing {LABELS[kind]} is not available yet", expected="another format")],
        ) from None


def kind_of(path: str | Path, head: bytes | None = None) -> str:
    """The kind of a results file, from its extension and, for XML, its root element (read
    from ``head``, the file's first bytes, or from the file)."""
    kind = _extension_kind(path)
    if kind != "xml":
        return kind
    return _xml_kind(str(path), _head(path) if head is None else head)


def _suffix(path: str | Path) -> str:
    """``Path(path).suffix.lower()``, without importing pathlib at every start (it brings
    urllib and ipaddress: 2 ms, a tenth of a club night's command)."""
    text = os.fspath(path)
    if os.altsep:
        text = text.replace(os.altsep, os.sep)
    parts = text.split(os.sep)
    # The path's name: its last part, empty and "." parts left out, as PurePath parses it.
    name = next((part for part in reversed(parts) if part not in ("", ".")), "")
    dot = name.rfind(".")
    return name[dot:].lower() if 0 < dot < len(name) - 1 else ""


def _extension_kind(path: str | Path) -> str:
    """``csv``, ``json``, ``pbn`` or ``xml``, from the extension."""
    suffix = _suffix(path)
    kind = EXTENSIONS.get(suffix)
    if kind is None:
        raise InputFileError(
            str(path),
            [
                Problem(
                    "unknown kind of results file",
                    found=suffix or "no extension",
                    expected=KINDS,
                )
            ],
        )
    return kind


def xml_kind(path: str | Path) -> str:
    """``usebio`` or ``nzscorer``, from the root element of an XML results file."""
    return _xml_kind(str(path), _head(path))


def _head(path: str | Path) -> bytes:
    from bridgescore.formats.files import read_bytes

    return read_bytes(path)[:4096]


def _head_text(head: bytes) -> str:
    """The first characters of an XML file, in the encoding its byte-order mark or
    declaration names (UTF-16 and UTF-32 included); a character cut at the end is dropped."""
    import codecs

    from bridgescore.formats.files import decode

    for bom, codec in (
        (codecs.BOM_UTF32_LE, "utf-32-le"),
        (codecs.BOM_UTF32_BE, "utf-32-be"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
    ):
        if head.startswith(bom):
            return head[len(bom) :].decode(codec, "ignore")
    try:
        return decode(head, "XML")[0]
    except InputFileError:
        return head.decode("utf-8", "ignore")


def _xml_kind(path: str, head: bytes) -> str:
    """``usebio`` or ``nzscorer`` from the root element, whatever the file's encoding."""
    text = re.sub(r"<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>", "", _head_text(head), flags=re.S)
    root = re.search(r"<\s*([A-Za-z_][\w.-]*)", text)
    name = root.group(1) if root else ""
    if name.upper() == "USEBIO":
        return "usebio"
    if name == "session":
        return "nzscorer"
    raise InputFileError(
        path,
        [
            Problem(
                "not a results file bridgescore reads",
                found=f"<{name}>" if name else text.lstrip()[:40],
                expected="<USEBIO> (USEBIO 1.2) or <session> (NZ Scorer)",
            )
        ],
    )


def load_path(
    path: str | Path,
    structure: FieldStructure | None = None,
    movement: Movement | None = None,
) -> ResultsFile:
    """Read any results file bridgescore reads; ``structure`` forces the field structure, and
    a ``movement`` seats the rows (a traveller CSV may then leave the pairs out) or checks them,
    every contradiction reported with its round, table, pair and board."""
    name = str(path)
    if name == "-":
        kind, rf = _load_stdin(structure, movement)
    else:
        kind = _extension_kind(path)
        if kind == "csv":
            from bridgescore.formats import csv as traveller_csv

            rf = traveller_csv.read_path(path, structure=structure, movement=movement)
        else:
            rf = _load_other(path, kind, structure)
    rf = replace(rf, warnings=summarized(rf.warnings))
    if kind == "csv" or movement is None:
        return rf
    from bridgescore.movements import seating
    from bridgescore.session import Session

    rows, problems = seating.seat(rf.session.tables, movement)
    if problems:
        raise InputFileError(name, problems)
    session = rf.session
    rebuilt = Session.build(
        rows,
        session.boards,
        structure or seating.structure(movement),
        session.title,
        session.date,
        path=name,
    )
    return replace(rf, session=replace(rebuilt, members=session.members))


STDIN_NAME = "standard input"  # how messages name ``-``


def _load_stdin(
    structure: FieldStructure | None, movement: Movement | None
) -> tuple[str, ResultsFile]:
    """Standard input (``-``), read once; its kind is told from what it starts with, as it has
    no extension: ``<`` XML (USEBIO or NZ Scorer by the root element), ``{`` bridgescore's JSON,
    ``[`` or ``%`` PBN, anything else a traveller CSV."""
    from bridgescore.formats.files import decode, read_bytes

    data = read_bytes("-")
    start = _head_text(data[:4096]).lstrip()
    if start.startswith("<"):
        kind = _xml_kind(STDIN_NAME, data[:4096])
        module = importlib.import_module(f"bridgescore.formats.{kind}")
        rf = cast("ResultsFile", module.loads(data, path=STDIN_NAME))
        return "xml", replace(rf, session=_forced(rf.session, structure, STDIN_NAME))
    if start.startswith("{"):
        from bridgescore.formats import json as result_json

        rf = result_json.loads(decode(data, "JSON", STDIN_NAME)[0], path=STDIN_NAME)
        return "json", replace(rf, session=_forced(rf.session, structure, STDIN_NAME))
    if start.startswith(("[", "%")):
        from bridgescore.formats.pbn import session as pbn_session
        from bridgescore.formats.pbn import syntax

        return "pbn", pbn_session.loads(
            syntax.decode(data)[0], path=STDIN_NAME, structure=structure
        )
    from bridgescore.formats import csv as traveller_csv

    text = decode(data, "CSV", STDIN_NAME)[0]
    return "csv", traveller_csv.loads(text, path=STDIN_NAME, structure=structure, movement=movement)


def _load_other(path: str | Path, kind: str, structure: FieldStructure | None) -> ResultsFile:
    name = str(path)
    if kind == "pbn":
        from bridgescore.formats.pbn import session as pbn_session

        return pbn_session.read_path(path, structure=structure)
    if kind == "json":
        from bridgescore.formats import json as result_json

        rf = result_json.read_path(path)
    else:
        # Read once: standard input or a pipe cannot be read twice.
        from bridgescore.formats.files import display_name, read_bytes

        data = read_bytes(path)
        xml = _xml_kind(display_name(path), data[:4096]) if kind == "xml" else kind
        if xml == "usebio":
            from bridgescore.formats import usebio

            rf = usebio.loads(data, path=name)
        else:
            from bridgescore.formats import nzscorer

            rf = nzscorer.loads(data, path=name)
    return replace(rf, session=_forced(rf.session, structure, name))


def summarized(warnings: tuple[Problem, ...]) -> tuple[Problem, ...]:
    """Each warning once: the same warning met again (an unknown tag in every game) is one
    line that counts the times and gives the first place."""
    groups: dict[tuple[str, str | None, str | None], list[Problem]] = {}
    for warning in warnings:
        groups.setdefault((warning.message, warning.found, warning.expected), []).append(warning)
    out = []
    for (message, found, expected), met in groups.items():
        first = met[0]
        if len(met) == 1:
            out.append(first)
            continue
        out.append(
            Problem(
                f"{message} ({len(met)} times; the first here)",
                first.line,
                first.board,
                first.table,
                found,
                expected,
            )
        )
    return tuple(out)


def dump_path(rf: ResultsFile, path: str | Path, kind: str | None = None) -> str:
    """Write ``rf`` to ``path`` (whole or not at all) as ``kind``, by default the kind its
    extension names; returns the kind written."""
    from bridgescore.formats.outputs import write_text

    written = kind or WRITTEN.get(_suffix(path))
    if written is None:
        suffix = _suffix(path)
        raise InputFileError(
            str(path),
            [
                Problem(
                    "cannot tell what to write from the extension",
                    found=suffix or "no extension",
                    expected="a name ending .csv, .json, .xml (USEBIO) or .pbn",
                )
            ],
        )
    write_text(path, module(written).dumps(rf))
    return written


def read_session(path: str | Path, structure: FieldStructure | None = None) -> Session:
    """The session of any results file (see :func:`load_path`)."""
    return load_path(path, structure).session


def _forced(session: Session, structure: FieldStructure | None, path: str) -> Session:
    if structure is None or structure is session.structure:
        return session
    from bridgescore.session import Session as Built

    rebuilt = Built.build(
        session.tables, session.boards, structure, session.title, session.date, path=path
    )
    return replace(rebuilt, members=session.members)


__all__ = [
    "EXTENSIONS",
    "KINDS",
    "MODULES",
    "FormatModule",
    "dump_path",
    "kind_of",
    "load_path",
    "module",
    "read_session",
    "summarized",
    "xml_kind",
]
