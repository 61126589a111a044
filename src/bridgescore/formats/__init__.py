"""File formats: traveller CSV, JSON results, PBN, USEBIO and NZ Scorer XML.

Every format module has the same ``load``, ``loads``, ``dump`` and ``dumps`` over one type,
:class:`~bridgescore.formats.results_file.ResultsFile` (:class:`FormatModule`): ``loads`` takes
text or bytes (decoded once, by :mod:`bridgescore.formats.files`). This registry tells a file's
kind from its extension and content (:func:`kind_of`), reads any file through its kind's module
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
from bridgescore.languages import N_
from bridgescore.languages.text import Text

if TYPE_CHECKING:
    from pathlib import Path

    from bridgescore.formats.results_file import Load, Loads, ResultsFile
    from bridgescore.movements.model import Movement
    from bridgescore.session import FieldStructure, Session

KINDS = Text(
    N_(
        "a .csv traveller file, a .pbn file, .xml in USEBIO or NZ Scorer form, or bridgescore's "
        ".json results"
    )
)

# Each kind's module, imported when first used.
MODULES = {
    "csv": "bridgescore.formats.csv",
    "json": "bridgescore.formats.json",
    "usebio": "bridgescore.formats.usebio",
    "nzscorer": "bridgescore.formats.nzscorer",
    "pbn": "bridgescore.formats.pbn",
}
LABELS = {"csv": "CSV", "json": "JSON", "usebio": "USEBIO", "nzscorer": "NZ Scorer", "pbn": "PBN"}
# Kinds by extension; ``.xml`` is USEBIO or NZ Scorer, told by the root element.
EXTENSIONS = {".csv": "csv", ".json": "json", ".pbn": "pbn", ".xml": "xml"}
# The kind written for an extension.
WRITTEN = {".csv": "csv", ".json": "json", ".xml": "usebio", ".pbn": "pbn"}


class FormatModule(Protocol):
    """What every format module offers: ``loads`` reads a file's text or bytes (``path`` names
    it in messages; ``structure`` forces the field structure; ``movement`` seats the rows or
    checks them), ``load`` the same from an open file (``results_file.load_with(loads)``), and
    ``dumps``/``dump`` write one. A format that is read and not written says so when asked to
    write (NZ Scorer)."""

    @property
    def loads(self) -> Loads: ...

    @property
    def load(self) -> Load: ...

    def dumps(self, rf: ResultsFile) -> str: ...

    def dump(self, rf: ResultsFile, fp: IO[str]) -> None: ...


if TYPE_CHECKING:  # mypy checks that each format module keeps the contract
    from bridgescore.formats import csv, json, national, nzscorer, pbn, usebio

    _CONTRACT: tuple[FormatModule, ...] = (csv, json, national, nzscorer, pbn, usebio)


def module(kind: str) -> FormatModule:
    """The module of a kind of file (``csv``, ``json``, ``usebio``, ``nzscorer``, ``pbn``)."""
    try:
        name = MODULES[kind]
    except KeyError:
        raise InputFileError(
            None,
            [
                Problem(
                    Text(N_("unknown kind of results file")),
                    found=kind,
                    expected=", ".join(MODULES),
                )
            ],
        ) from None
    try:
        return cast(FormatModule, importlib.import_module(name))
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        raise InputFileError(  # an installation without this format's module
            None,
            [
                Problem(
                    Text(N_("writing %(format)s is not available yet"), format=LABELS[kind]),
                    expected=Text(N_("another format")),
                )
            ],
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
                    Text(N_("unknown kind of results file"))
                    if suffix
                    else Text(N_("unknown kind of results file: its name has no extension")),
                    found=suffix or None,
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
                Text(N_("not a results file bridgescore reads")),
                found=f"<{name}>" if name else text.lstrip()[:40],
                expected=Text(N_("<USEBIO> (USEBIO 1.2) or <session> (NZ Scorer)")),
            )
        ],
    )


def load_path(
    path: str | Path,
    structure: FieldStructure | None = None,
    movement: Movement | None = None,
) -> ResultsFile:
    """Read any results file bridgescore reads, through its kind's module; ``structure``
    forces the field structure, and a ``movement`` seats the rows (a traveller CSV may then
    leave the pairs out) or checks them, every contradiction reported with its round, table,
    pair and board. ``-`` is standard input, its kind told from what it starts with.
    A warning met many times is one line (:func:`summarized`)."""
    from bridgescore.formats.files import STDIN, display_name, read_bytes

    name = display_name(path)
    if str(path) == STDIN:
        data = read_bytes(path)
        kind = _content_kind(data)
    else:
        kind = _extension_kind(path)
        data = read_bytes(path)  # read once: a pipe cannot be read twice
        if kind == "xml":
            kind = _xml_kind(name, data[:4096])
    rf = module(kind).loads(data, name, structure=structure, movement=movement)
    return replace(rf, warnings=summarized(rf.warnings))


STDIN_NAME = "standard input"  # how messages name ``-``


def _content_kind(data: bytes) -> str:
    """The kind of a file without an extension (standard input), from what it starts with:
    ``<`` XML (USEBIO or NZ Scorer by the root element), ``{`` bridgescore's JSON, ``[`` or
    ``%`` PBN, anything else a traveller CSV."""
    start = _head_text(data[:4096]).lstrip()
    if start.startswith("<"):
        return _xml_kind(STDIN_NAME, data[:4096])
    if start.startswith("{"):
        return "json"
    if start.startswith(("[", "%")):
        return "pbn"
    return "csv"


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
                Text(
                    N_("%(message)s (%(met_count)s times; the first here)"),
                    message=message,
                    met_count=len(met),
                ),
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
                    Text(N_("cannot tell what to write from the extension"))
                    if suffix
                    else Text(N_("cannot tell what to write: the name has no extension")),
                    found=suffix or None,
                    expected=Text(N_("a name ending .csv, .json, .xml (USEBIO) or .pbn")),
                )
            ],
        )
    write_text(path, module(written).dumps(rf))
    return written


def read_session(path: str | Path, structure: FieldStructure | None = None) -> Session:
    """The session of any results file (see :func:`load_path`)."""
    return load_path(path, structure).session


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
