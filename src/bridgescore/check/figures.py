"""A results file's own figures: the session, what the file says each row and pair scored, and
what it says of itself (the program, the method, declared settings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgescore.errors import InputFileError, Problem
from bridgescore.formats.files import looked_at
from bridgescore.formats.reported import ReportedScores
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.rules import Method, TeamsScoring
from bridgescore.session import Entrant, FieldStructure, Session

if TYPE_CHECKING:
    from bridgescore.formats.results_file import ResultsFile


@dataclass(frozen=True)
class Figures:
    """A session with the figures its file carries, and what the file says about them.

    ``declared`` are the rule settings the file itself states -- its boards' scoring method
    (USEBIO's BOARD_SCORING_METHOD, PBN's Scoring, NZ Scorer's scoring_type), a teams event's
    scoring, sections scored across the field, a PBN file's MP1/MP2 scale or Cross modifier --
    and decide how it is rescored unless the command line sets them.
    """

    path: str
    session: Session
    reported: ReportedScores
    source: str  # the format and program: "USEBIO from Compscore3", "NZ Scorer"
    conventions: str  # the name of the program's Conventions, detected
    declared: Mapping[str, Any] = field(default_factory=dict)
    handicaps: Mapping[Entrant, Fraction] | None = None
    warnings: tuple[Problem, ...] = ()

    @property
    def method(self) -> Method:
        method = self.declared.get("method", Method.MATCHPOINTS)
        assert isinstance(method, Method)
        return method

    @property
    def teams_scoring(self) -> TeamsScoring | None:
        """How a teams-of-four file's boards were scored; None for pairs."""
        if self.session.structure is not FieldStructure.TEAMS:
            return None
        scoring = self.declared.get("teams_scoring", TeamsScoring.IMPS)
        assert isinstance(scoring, TeamsScoring)
        return scoring


def _pbn_figures(name: str, rf: ResultsFile) -> Figures:
    """A PBN file's own matchpoints (ScoreTable MP columns or ScoreMP tags), or IMPs (a teams
    file's ScoreIMP tags), and its TotalScoreTable totals and percentages."""
    from bridgescore.formats.pbn import PbnEvent

    event = rf.event
    assert isinstance(event, PbnEvent)
    if rf.reported is None:
        raise InputFileError(
            name,
            [
                Problem(
                    Text(
                        N_(
                            "nothing to check: the file carries no matchpoints, IMPs or totals of "
                            "its own to compare with a rescoring"
                        )
                    ),
                    expected=Text(
                        N_(
                            "MP_NS/MP_EW or IMP_NS/IMP_EW columns, ScoreMP or ScoreIMP tags, or a "
                            "TotalScoreTable (bridgescore score rescores any file)"
                        )
                    ),
                )
            ],
        )
    return Figures(
        name, rf.session, rf.reported, "PBN", "plain", rf.declared(), warnings=rf.warnings
    )


def _scorer_handicaps(
    reported: ReportedScores,
) -> tuple[ReportedScores, dict[Entrant, Fraction] | None]:
    """NZ Scorer's USEBIO export of a handicap event writes each pair's handicapped percentage
    as its PERCENTAGE (and TOTAL_SCORE), its scratch place, and the pair's HANDICAP, the sum of
    its players', of which the percentage adds half -- as its own files do (57.39% with -6.42
    is 54.18%). The percentages are compared as what they are: handicapped."""
    from bridgescore.formats.nzscorer import handicaps

    if not any(s.handicap for s in reported.standings):
        return reported, None
    standings = tuple(
        replace(s, percentage=None, total=None, handicapped=s.percentage)
        for s in reported.standings
    )
    return replace(reported, standings=standings), handicaps(reported)


# What a file of each kind without figures of another program is, for the message.
_NO_FIGURES = {"csv": N_("a traveller CSV"), "json": N_("bridgescore's own JSON results")}


def read_figures(path: str | Path) -> Figures:
    """Read a file that carries its own figures: USEBIO or NZ Scorer XML, or PBN; each warning
    of its reader once, with the times it was met."""
    from bridgescore.formats import summarized

    figures = _read_figures(path)
    return replace(figures, warnings=summarized(figures.warnings))


def _read_figures(path: str | Path) -> Figures:
    from bridgescore.formats import kind_of, load_path
    from bridgescore.formats.nzscorer import NzScorerEvent, handicaps
    from bridgescore.formats.usebio import Event

    name = str(path)
    kind = kind_of(path)
    if kind in _NO_FIGURES:
        looked_at(path)
        raise InputFileError(
            name,
            [
                Problem(
                    Text(
                        N_(
                            "nothing to check: %(kind)s carries no figures of another "
                            "program to compare with a rescoring"
                        ),
                        kind=Text(_NO_FIGURES[kind]),
                    ),
                    expected=Text(
                        N_(
                            "a USEBIO or NZ Scorer .xml file with its own matchpoints and "
                            "percentages (bridgescore score rescores any file)"
                        )
                    ),
                )
            ],
        )
    rf = load_path(path)
    event = rf.event
    if kind == "pbn":
        return _pbn_figures(name, rf)
    assert rf.reported is not None
    if isinstance(event, NzScorerEvent):
        return Figures(
            name,
            rf.session,
            rf.reported,
            "NZ Scorer",
            "nz",
            rf.declared(),
            handicaps(rf.reported) if event.handicapped else None,
            rf.warnings,
        )
    assert isinstance(event, Event)
    program = event.program_name or Text(N_("an unnamed program"))
    detected = "plain"
    reported, scorer_handicaps = rf.reported, None
    if program.lower().startswith("compscore"):
        detected = "compscore"
    elif program == "Scorer":  # NZ Scorer's own USEBIO export
        detected = "nz"
        reported, scorer_handicaps = _scorer_handicaps(reported)
    return Figures(
        name,
        rf.session,
        reported,
        Text(N_("USEBIO from %(program)s"), program=program),
        detected,
        rf.declared(),
        scorer_handicaps,
        rf.warnings,
    )
