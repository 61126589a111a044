"""How far a rescoring reproduces the figures a results file reports of itself.

:func:`compare` puts a :class:`~bridgescore.results.SessionResult` beside the file's
:class:`~bridgescore.formats.reported.ReportedScores`, at the file's own precision and rounding.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from bridgescore.bridge import Side
from bridgescore.display import round_fraction
from bridgescore.formats.reported import ReportedScores
from bridgescore.results import SessionResult, Standing
from bridgescore.rules import Rounding
from bridgescore.scoring.ranking import rank
from bridgescore.session import Entrant


@dataclass(frozen=True)
class Mismatch:
    """One figure of the file that a rescoring does not reproduce."""

    what: str  # "row NS", "row EW", "percentage", "place", "total"
    board: int | None
    entrant: Entrant
    reported: str
    computed: str
    line: int | None = None
    index: int | None = None  # a row's position in ``Session.tables``

    def __str__(self) -> str:
        where = f"board {self.board}, " if self.board is not None else ""
        return (
            f"{where}{self.entrant}: {self.what} {self.reported} in the file, "
            f"{self.computed} rescored"
        )


@dataclass(frozen=True)
class Comparison:
    """How far a rescoring reproduces a file's own figures."""

    rows: int  # rows with a reported value
    rows_reproduced: int
    entrants: int  # entrants with a reported percentage (or total) and place
    entrants_reproduced: int
    mismatches: tuple[Mismatch, ...]


def compare(
    result: SessionResult,
    reported: ReportedScores,
    *,
    rows_result: SessionResult | None = None,
    row_decimals: int = 1,
    percent_decimals: int = 2,
    row_rounding: Rounding = Rounding.HALF_UP,
    percent_rounding: Rounding = Rounding.HALF_UP,
    totals: bool = False,
    total_decimals: int = 2,
    total_rounding: Rounding = Rounding.HALF_UP,
    places_by_section: bool = False,
) -> Comparison:
    """Compare a rescoring of a file's session with the file's own figures, at its precision.

    A row is reproduced when both sides' values, rounded to ``row_decimals`` by
    ``row_rounding`` (NZ Scorer truncates, Compscore rounds halves to even), equal the file's.
    ``rows_result`` is a rescoring to take the rows from instead, for files whose travellers
    show matchpoints on another basis than their totals (Compscore shows boards played fewer
    times on their own top and factors them in the totals). An entrant is reproduced when its
    percentage (to ``percent_decimals``, by ``percent_rounding``), its place, its handicapped
    percentage and, with ``totals``, its total (to ``total_decimals`` by ``total_rounding``:
    NZ Scorer writes whole matchpoints, truncated) equal the file's. A place is its
    number; a file that marks a shared place ("3=") must be matched by a shared place. With
    ``places_by_section``, places are counted within each section's line, as NZ Scorer ranks
    sections matchpointed across the field.
    """
    session = result.session
    row_source = rows_result or result
    scored = row_source.scored_tables()
    tables = row_source.session.tables

    def show(value: Fraction, decimals: int, rounding: Rounding = percent_rounding) -> str:
        return str(round_fraction(value, decimals, rounding))

    mismatches: list[Mismatch] = []
    rows = rows_ok = 0
    for row in reported.rows:
        if row.ns is None and row.ew is None:
            continue
        table = tables[row.index]
        mine = scored.get(table.identity)
        rows += 1
        ok = True
        for side, theirs in ((Side.NS, row.ns), (Side.EW, row.ew)):
            if theirs is None:
                continue
            ours = None if mine is None else (mine.ns_points if side is Side.NS else mine.ew_points)
            their_text = show(theirs, row_decimals, row_rounding)
            our_text = "none" if ours is None else show(ours, row_decimals, row_rounding)
            if our_text != their_text:
                ok = False
                entrant = session.entrants(table, side)[0]
                mismatches.append(
                    Mismatch(
                        f"row {side.value}",
                        table.board,
                        entrant,
                        their_text,
                        our_text,
                        table.line,
                        row.index,
                    )
                )
        rows_ok += ok
    standings = {s.entrant: s for f in result.fields for s in f.standings}
    if places_by_section:
        standings = _ranked_by_section(standings)
    entrants = entrants_ok = 0
    for theirs_standing in reported.standings:
        mine_standing = standings.get(theirs_standing.entrant)
        if mine_standing is None:
            continue  # listed but never played (a director, a phantom)
        entrants += 1
        checks: list[tuple[str, str, str]] = []
        if theirs_standing.percentage is not None and mine_standing.percent is not None:
            checks.append(
                (
                    "percentage",
                    show(theirs_standing.percentage, percent_decimals),
                    show(mine_standing.percent, percent_decimals),
                )
            )
        if theirs_standing.rank is not None:
            mark = "=" if theirs_standing.shared else ""
            ours_mark = "=" if theirs_standing.shared and mine_standing.shared else ""
            checks.append(
                ("place", f"{theirs_standing.rank}{mark}", f"{mine_standing.rank}{ours_mark}")
            )
        if theirs_standing.handicapped is not None and mine_standing.handicapped is not None:
            checks.append(
                (
                    "handicapped percentage",
                    show(theirs_standing.handicapped, percent_decimals),
                    show(mine_standing.handicapped, percent_decimals),
                )
            )
        if totals and theirs_standing.total is not None:
            total = mine_standing.total if mine_standing.total is not None else mine_standing.points
            checks.append(
                (
                    "total",
                    show(theirs_standing.total, total_decimals, total_rounding),
                    show(total, total_decimals, total_rounding),
                )
            )
        wrong = [
            Mismatch(what, None, theirs_standing.entrant, their, our, theirs_standing.line)
            for what, their, our in checks
            if their != our
        ]
        mismatches.extend(wrong)
        entrants_ok += not wrong
    return Comparison(rows, rows_ok, entrants, entrants_ok, tuple(mismatches))


def _ranked_by_section(standings: Mapping[Entrant, Standing]) -> dict[Entrant, Standing]:
    """The standings ranked again on their percentages within each section's line."""
    groups: dict[tuple[str | None, Side | None], list[Standing]] = defaultdict(list)
    for standing in standings.values():
        groups[standing.entrant.section, standing.entrant.line].append(standing)
    out = {}
    for members in groups.values():
        for place, shared, standing in rank(members, lambda s: s.percent or Fraction(0)):
            out[standing.entrant] = replace(standing, rank=place, shared=shared)
    return out


__all__ = ["Comparison", "Mismatch", "compare"]
