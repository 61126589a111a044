"""File formats: traveller CSV, JSON results, PBN, USEBIO and NZ Scorer XML."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bridgescore.errors import InputFileError, Problem

if TYPE_CHECKING:
    from bridgescore.rules import Movement
    from bridgescore.session import Session


def read_session(path: str | Path, movement: Movement | None = None) -> Session:
    """Read a session from a results file, by its extension."""
    suffix = Path(path).suffix.lower()
    if suffix == ".csv":
        from bridgescore.formats import csv as traveller_csv

        return traveller_csv.read_path(path, movement=movement)
    raise InputFileError(
        str(path),
        [
            Problem(
                "unknown kind of results file",
                found=suffix or "no extension",
                expected="a .csv traveller file",
            )
        ],
    )
