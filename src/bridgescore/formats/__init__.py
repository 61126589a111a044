"""File formats: traveller CSV, JSON results, PBN, USEBIO and NZ Scorer XML."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from bridgescore.errors import InputFileError, Problem

if TYPE_CHECKING:
    from bridgescore.session import FieldStructure, Session

KINDS = (
    "a .csv traveller file, a .pbn file, .xml in USEBIO or NZ Scorer form, or bridgescore's "
    ".json results"
)


def xml_kind(path: str | Path) -> str:
    """``usebio`` or ``nzscorer``, from the root element of an XML results file."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
    except OSError as error:
        raise InputFileError(
            str(path), [Problem(f"cannot read the file ({error.strerror})")]
        ) from None
    text = re.sub(rb"<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>", b"", head, flags=re.S)
    root = re.search(rb"<\s*([A-Za-z_][\w.-]*)", text)
    name = root.group(1).decode("ascii", "replace") if root else ""
    if name.upper() == "USEBIO":
        return "usebio"
    if name == "session":
        return "nzscorer"
    raise InputFileError(
        str(path),
        [
            Problem(
                "not a results file bridgescore reads",
                found=f"<{name}>" if name else head[:40].decode("latin-1"),
                expected="<USEBIO> (USEBIO 1.2) or <session> (NZ Scorer)",
            )
        ],
    )


def read_session(path: str | Path, structure: FieldStructure | None = None) -> Session:
    """Read a session from a results file: the kind comes from the extension (and for XML from
    the root element). ``movement`` forces the field structure."""
    suffix = Path(path).suffix.lower()
    if suffix == ".csv":
        from bridgescore.formats import csv as traveller_csv

        return traveller_csv.read_path(path, structure=structure)
    if suffix == ".xml":
        if xml_kind(path) == "usebio":
            from bridgescore.formats import usebio

            session = usebio.read_path(path).session
        else:
            from bridgescore.formats import nzscorer

            session = nzscorer.read_path(path).session
        return _forced(session, structure, str(path))
    if suffix == ".pbn":
        from bridgescore.formats import pbn_session

        return pbn_session.read_path(path, structure=structure)
    if suffix == ".json":
        from bridgescore.formats import json as result_json

        return _forced(result_json.read_path(path), structure, str(path))
    raise InputFileError(
        str(path),
        [Problem("unknown kind of results file", found=suffix or "no extension", expected=KINDS)],
    )


def _forced(session: Session, structure: FieldStructure | None, path: str) -> Session:
    if structure is None or structure is session.structure:
        return session
    from bridgescore.session import Session as Built

    rebuilt = Built.build(
        session.tables, session.boards, structure, session.title, session.date, path=path
    )
    return replace(rebuilt, members=session.members)
