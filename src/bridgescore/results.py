"""Scored results: each table's values with their explanations, each board, each field's
standings and checksum (a teams event's matches are in :mod:`bridgescore.teams_results`).

These are plain frozen records made by :mod:`bridgescore.scoring`; formats and reports read them.
A value's unit is the method's: matchpoints, IMPs, or victory points for teams of four.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from bridgescore.bridge import Side
from bridgescore.explanation import Explanation
from bridgescore.rules import Rules
from bridgescore.session import Board, Completeness, Entrant, Session
from bridgescore.traveller import RowKey, TableResult


@dataclass(frozen=True)
class ScoredTable:
    """A table result with the value of each side and how it was reached."""

    table: TableResult
    ns_entrants: tuple[Entrant, ...]
    ew_entrants: tuple[Entrant, ...]
    ns: Explanation | None
    ew: Explanation | None

    @property
    def ns_points(self) -> Fraction | None:
        return None if self.ns is None else self.ns.value

    @property
    def ew_points(self) -> Fraction | None:
        return None if self.ew is None else self.ew.value

    @property
    def ns_score(self) -> int | None:
        result = self.table.result
        return None if result is None else result.ns_score

    def explanation(self, side: Side) -> Explanation | None:
        return self.ns if side is Side.NS else self.ew

    def points(self, side: Side) -> Fraction | None:
        value = self.explanation(side)
        return None if value is None else value.value


@dataclass(frozen=True)
class ScoredBoard:
    """One board scored: its top, how many results it has and is scored as if it had, and
    each table's values."""

    board: Board
    top: Fraction
    results: int
    expected: int
    tables: tuple[ScoredTable, ...]
    section: str | None = None


@dataclass(frozen=True)
class Checksum:
    """Seed 000 SC 2.5: a field's totals must equal what its boards distribute."""

    expected: Fraction
    actual: Fraction

    @property
    def ok(self) -> bool:
        return self.expected == self.actual


@dataclass(frozen=True)
class Standing:
    """An entrant's place in its field (rules.md §7.2: equal values share the best place).

    ``points`` is what the entrant scored in the method's unit: matchpoints of ``available``,
    IMPs, or victory points for a team. ``total`` is what IMP events rank on (factored, rules.md
    §4.6); at matchpoints, the factored total when the rules ask for one (``factor_mp_totals``),
    not ranked on. Teams also carry their IMPs for and against and their number of matches.
    """

    rank: int
    shared: bool
    entrant: Entrant
    name: str | None
    points: Fraction
    available: Fraction
    percent: Fraction | None
    boards: int
    handicap: Fraction | None = None
    handicapped: Fraction | None = None
    total: Fraction | None = None
    imps_for: Fraction | None = None
    imps_against: Fraction | None = None
    matches: int | None = None

    @property
    def place(self) -> str:
        return f"{self.rank}=" if self.shared else str(self.rank)


class HandicapPlace(NamedTuple):
    """A place in the handicapped ranking of a field, with the entrant's scratch standing."""

    rank: int
    shared: bool
    standing: Standing

    @property
    def place(self) -> str:
        return f"{self.rank}=" if self.shared else str(self.rank)


@dataclass(frozen=True)
class FieldResult:
    """One field's ranking (and handicapped ranking) and its checksum."""

    field: str
    standings: tuple[Standing, ...]
    checksum: Checksum
    handicap_standings: tuple[HandicapPlace, ...] = ()


@dataclass(frozen=True)
class SessionResult:
    """A pairs or individual session scored: every board and every field."""

    session: Session
    rules: Rules
    boards: tuple[ScoredBoard, ...]
    fields: tuple[FieldResult, ...]
    # The boards' counts when the result was made from columns, without the session's rows
    # (:meth:`bridgescore.columnar.ColumnarScores.rankings`); None: the session's own.
    counts: Completeness | None = None

    def completeness(self) -> Completeness:
        """Which boards have how many results (:meth:`Session.completeness`)."""
        return self.session.completeness() if self.counts is None else self.counts

    @property
    def checksums_ok(self) -> bool:
        return all(f.checksum.ok for f in self.fields)

    @property
    def failed_checksums(self) -> tuple[str, ...]:
        """The fields whose totals do not add up to what their boards distribute."""
        return tuple(f.field for f in self.fields if not f.checksum.ok)

    def standing(self, entrant: Entrant) -> Standing:
        for f in self.fields:
            for s in f.standings:
                if s.entrant == entrant:
                    return s
        raise KeyError(entrant)

    def scored_tables(self) -> dict[RowKey, ScoredTable]:
        """Every scored table by its row's identity (:attr:`TableResult.identity`)."""
        return {t.table.identity: t for b in self.boards for t in b.tables}
