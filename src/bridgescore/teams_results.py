"""A teams event's scored results: each match's boards compared across the two rooms, the
IMPs and victory points, and the standings.

Apart from :mod:`bridgescore.results` so that scoring a pairs event does not build these records.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bridgescore.errors import Problem
from bridgescore.results import Standing
from bridgescore.rules import Rules
from bridgescore.session import Entrant, Session
from bridgescore.traveller import RowKey, TableResult


@dataclass(frozen=True)
class BoardComparison:
    """One board of a match: the home team's and the away team's IMPs and why."""

    board: int
    room1: TableResult  # home team sits NS
    room2: TableResult  # away team sits NS
    home_imps: Fraction
    away_imps: Fraction
    reason: str


@dataclass(frozen=True)
class MatchResult:
    home: Entrant
    away: Entrant
    boards: tuple[BoardComparison, ...]
    home_imps: Fraction
    away_imps: Fraction
    home_vps: Fraction
    away_vps: Fraction

    @property
    def margin(self) -> Fraction:
        return self.home_imps - self.away_imps


@dataclass(frozen=True)
class TeamsResult:
    session: Session
    rules: Rules
    matches: tuple[MatchResult, ...]
    standings: tuple[Standing, ...]
    unmatched: tuple[Problem, ...] = ()  # rows with no other room to compare with

    @property
    def failed_checksums(self) -> tuple[str, ...]:
        """None: a match's IMPs are compared room by room, and no field total is checked
        against what its boards distribute (:attr:`SessionResult.failed_checksums`)."""
        return ()

    def imps_by_row(self) -> dict[RowKey, tuple[Fraction, Fraction]]:
        """(NS team's IMPs, EW team's IMPs) for each compared row, by its identity (the two
        rooms of a match may share a round and table)."""
        found: dict[RowKey, tuple[Fraction, Fraction]] = {}
        for match in self.matches:
            for b in match.boards:
                found[b.room1.identity] = (b.home_imps, b.away_imps)
                found[b.room2.identity] = (b.away_imps, b.home_imps)
        return found

    def imps_for_row(self, row: TableResult) -> tuple[Fraction, Fraction] | None:
        """(NS team's IMPs, EW team's IMPs) on this row's board, if it was compared."""
        return self.imps_by_row().get(row.identity)


@dataclass(frozen=True)
class TeamTotal:
    """A team ranked by another scoring of its boards: board-a-match points, or Butler IMPs
    (``ns`` and ``ew``: what its pair in each direction scored)."""

    rank: int
    shared: bool
    team: Entrant
    name: str | None
    points: Fraction
    boards: int
    ns: Fraction | None = None
    ew: Fraction | None = None

    @property
    def place(self) -> str:
        return f"{self.rank}=" if self.shared else str(self.rank)


@dataclass(frozen=True)
class BoardAMatch:
    """Each match's board-a-match points (home, away) and the teams ranked on their total."""

    matches: tuple[tuple[MatchResult, Fraction, Fraction], ...]
    standings: tuple[TeamTotal, ...]
