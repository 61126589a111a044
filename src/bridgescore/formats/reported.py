"""The figures a results file reports of itself -- each row's matchpoints (or IMPs), each
entrant's total, percentage and place, a teams match's score -- kept apart from the session so a
rescoring can be checked against them (:mod:`bridgescore.check.compare`).

Every reader that finds such figures (USEBIO, NZ Scorer, PBN) gives them in these records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from bridgescore.rules import Method, TeamsScoring
from bridgescore.session import Entrant


@dataclass(frozen=True)
class ReportedRow:
    """The file's own score for one traveller row: matchpoints, or IMPs in IMP events."""

    index: int  # the row's position in ``Session.tables``
    ns: Fraction | None
    ew: Fraction | None


@dataclass(frozen=True)
class ReportedStanding:
    """The file's own total, percentage and place for one pair (or player)."""

    entrant: Entrant
    total: Fraction | None = None
    percentage: Fraction | None = None
    place: str | None = None  # "3" or "3=" as written
    boards: int | None = None
    handicap: Fraction | None = None
    handicapped: Fraction | None = None  # percentage with the handicap applied
    line: int | None = None

    @property
    def rank(self) -> int | None:
        return None if self.place is None else int(self.place.rstrip("="))

    @property
    def shared(self) -> bool:
        return self.place is not None and self.place.endswith("=")


@dataclass(frozen=True)
class ReportedMatch:
    """The file's own score of a teams match: victory points, or board-a-match points."""

    team: Entrant
    opponents: Entrant
    team_score: Fraction | None
    opponents_score: Fraction | None
    round: int | None = None
    line: int | None = None


@dataclass(frozen=True)
class ReportedScores:
    """Everything a results file says about the scores, for checking against a rescoring.

    In a teams-of-four file (``teams_scoring`` set), a row's values are the IMPs (or
    board-a-match points) of the board's comparison, to the teams sitting NS and EW in that
    room, and a standing's total is the team's victory points (or board-a-match points).
    """

    method: Method = Method.MATCHPOINTS  # what the row values are: matchpoints or IMPs
    rows: tuple[ReportedRow, ...] = ()
    standings: tuple[ReportedStanding, ...] = ()
    datums: Mapping[tuple[str | None, int], int] = field(default_factory=dict)  # Butler
    teams_scoring: TeamsScoring | None = None
    matches: tuple[ReportedMatch, ...] = ()

    def row(self, index: int) -> ReportedRow | None:
        for row in self.rows:
            if row.index == index:
                return row
        return None

    def standing(self, entrant: Entrant) -> ReportedStanding | None:
        for standing in self.standings:
            if standing.entrant == entrant:
                return standing
        return None


__all__ = ["ReportedMatch", "ReportedRow", "ReportedScores", "ReportedStanding"]
