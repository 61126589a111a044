"""A results file's own figures: the session, what the file says each row and pair scored, and
what it says of itself (the program, the method, declared settings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from bridgescore.errors import InputFileError, Problem
from bridgescore.formats.reported import ReportedScores
from bridgescore.formats.results_file import ResultsFile
from bridgescore.rules import Method
from bridgescore.session import Entrant, FieldStructure, Session

if TYPE_CHECKING:
    from bridgescore.formats.pbn import PbnEvent


@dataclass(frozen=True)
class Figures:
    """A session with the figures its file carries, and what the file says about them."""

    path: str
    session: Session
    reported: ReportedScores
    source: str  # the format and program: "USEBIO from Compscore3", "NZ Scorer"
    conventions: str  # the name of the program's Conventions, detected
    method: Method
    sections_across: bool | None = None  # declared by the file (NZ Scorer's field_scoring)
    handicaps: Mapping[Entrant, Fraction] | None = None
    warnings: tuple[Problem, ...] = ()


def _pbn_figures(name: str, rf: ResultsFile, event: PbnEvent) -> Figures:
    """A PBN file's own matchpoints (ScoreTable MP columns or ScoreMP tags), or IMPs, and its
    TotalScoreTable totals and percentages."""
    if event.session.structure is FieldStructure.TEAMS:
        raise InputFileError(
            name,
            [
                Problem(
                    "checking a teams file is not supported",
                    expected="a pairs session with matchpoints or IMPs of its own",
                )
            ],
        )
    if rf.reported is None:
        raise InputFileError(
            name,
            [
                Problem(
                    "the file carries no matchpoints, IMPs or totals of its own to check",
                    expected="MP_NS/MP_EW or IMP_NS/IMP_EW columns, ScoreMP tags, or a "
                    "TotalScoreTable",
                )
            ],
        )
    return Figures(name, event.session, rf.reported, "PBN", "plain", event.method)


# What a file of each kind without figures of another program is, for the message.
_NO_FIGURES = {"csv": "a traveller CSV", "json": "bridgescore's own JSON results"}


def read_figures(path: str | Path) -> Figures:
    """Read a file that carries its own figures: USEBIO or NZ Scorer XML, or PBN with its own
    matchpoints or IMPs."""
    from bridgescore.formats import kind_of, load_path
    from bridgescore.formats.nzscorer import NzScorerEvent, handicaps
    from bridgescore.formats.pbn import PbnEvent
    from bridgescore.formats.usebio import Event

    name = str(path)
    kind = kind_of(path)
    if kind in _NO_FIGURES:
        raise InputFileError(
            name,
            [
                Problem(
                    f"nothing to check: {_NO_FIGURES[kind]} carries no figures of another "
                    "program to compare with a rescoring",
                    expected="a USEBIO or NZ Scorer .xml file with its own matchpoints and "
                    "percentages (bridgescore score rescores any file)",
                )
            ],
        )
    rf = load_path(path)
    event = rf.event
    if isinstance(event, PbnEvent):
        return _pbn_figures(name, rf, event)
    assert rf.reported is not None
    if isinstance(event, NzScorerEvent):
        return Figures(
            name,
            rf.session,
            rf.reported,
            "NZ Scorer",
            "nz",
            Method.MATCHPOINTS,
            event.field_scoring,
            handicaps(rf.reported) if event.handicapped else None,
            rf.warnings,
        )
    assert isinstance(event, Event)
    program = event.program_name or "an unnamed program"
    detected = "plain"
    if program.lower().startswith("compscore"):
        detected = "compscore"
    elif program == "Scorer":  # NZ Scorer's own USEBIO export
        detected = "nz"
    return Figures(
        name,
        rf.session,
        rf.reported,
        f"USEBIO from {program}",
        detected,
        event.method,
        warnings=rf.warnings,
    )
