"""How far a rescoring reproduces the figures a results file reports of itself.

:func:`compare` puts a :class:`~bridgescore.results.SessionResult` (or a teams event's
:class:`~bridgescore.teams_results.TeamsResult`) beside the file's
:class:`~bridgescore.formats.reported.ReportedScores`, at the file's own precision and rounding.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from bridgescore.bridge import Side
from bridgescore.display import round_fraction
from bridgescore.formats.reported import ReportedScores
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.results import SessionResult, Standing
from bridgescore.rules import Rounding
from bridgescore.scoring.ranking import rank
from bridgescore.session import Entrant
from bridgescore.teams_results import TeamsResult
from bridgescore.traveller import RowKey


@dataclass(frozen=True)
class Mismatch:
    """One figure of the file that a rescoring does not reproduce."""

    # "row NS", "row EW", "percentage", "place", "total", "match v …": English in check's
    # JSON, the reader's language in its report
    what: Text
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
    matches: int = 0  # teams matches with a reported score
    matches_reproduced: int = 0
    # Entrants the file lists with figures who played nothing here (a director, a phantom):
    # their figures are not compared.
    uncompared: tuple[Entrant, ...] = ()

    @property
    def compared(self) -> int:
        """How many rows, entrants and matches were put beside the file's figures."""
        return self.rows + self.entrants + self.matches


def compare(
    result: SessionResult | TeamsResult,
    reported: ReportedScores,
    *,
    rows_result: SessionResult | TeamsResult | None = None,
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
    ``row_rounding`` (NZ Scorer truncates, Compscore rounds halves to even), equal the file's
    (taken from ``rows_result`` when given: a rescoring on the basis the file shows its rows
    on, as Compscore shows boards played fewer times on their own top);
    in a teams event a row's values are its board's IMPs (or board-a-match points) to the two
    teams. An entrant is reproduced when its percentage (to ``percent_decimals``, by
    ``percent_rounding``), its place, its handicapped percentage and, with ``totals``, its
    total (to ``total_decimals`` by ``total_rounding``: NZ Scorer writes whole matchpoints,
    truncated; a team's victory points) equal the file's. A place is its number; a file that
    marks a shared place ("3=") must be matched by a shared place. With ``places_by_section``,
    places are counted within each section's line, as NZ Scorer ranks sections matchpointed
    across the field. A teams match is reproduced when both teams' scores are.
    """
    session = result.session
    tables = session.tables

    def show(value: Fraction, decimals: int, rounding: Rounding = percent_rounding) -> str:
        return _shown(value, decimals, rounding)

    values = _row_values(rows_result or result) if reported.rows else {}
    mismatches: list[Mismatch] = []
    rows = rows_ok = 0
    for row in reported.rows:
        if row.ns is None and row.ew is None:
            continue
        table = tables[row.index]
        mine = values.get(table.identity)
        rows += 1
        ok = True
        for side, theirs in ((Side.NS, row.ns), (Side.EW, row.ew)):
            if theirs is None:
                continue
            ours = None if mine is None else mine[0 if side is Side.NS else 1]
            their_text = show(theirs, row_decimals, row_rounding)
            our_text = "none" if ours is None else show(ours, row_decimals, row_rounding)
            if our_text != their_text:
                ok = False
                entrant = session.entrants(table, side)[0]
                mismatches.append(
                    Mismatch(
                        Text(N_("row %(side)s"), side=side.value),
                        table.board,
                        entrant,
                        their_text,
                        our_text,
                        table.line,
                        row.index,
                    )
                )
        rows_ok += ok
    standings = _standings(result)
    if places_by_section:
        standings = _ranked_by_section(standings)
    entrants = entrants_ok = 0
    uncompared = []
    for theirs_standing in reported.standings:
        mine_standing = standings.get(theirs_standing.entrant)
        if mine_standing is None:
            uncompared.append(theirs_standing.entrant)
            continue  # listed but never played (a director, a phantom)
        entrants += 1
        checks: list[tuple[Text, str, str]] = []
        if theirs_standing.percentage is not None and mine_standing.percent is not None:
            checks.append(
                (
                    Text(N_("percentage")),
                    show(theirs_standing.percentage, percent_decimals),
                    show(mine_standing.percent, percent_decimals),
                )
            )
        if theirs_standing.rank is not None:
            mark = "=" if theirs_standing.shared else ""
            ours_mark = "=" if theirs_standing.shared and mine_standing.shared else ""
            checks.append(
                (
                    Text(N_("place")),
                    f"{theirs_standing.rank}{mark}",
                    f"{mine_standing.rank}{ours_mark}",
                )
            )
        if theirs_standing.handicapped is not None and mine_standing.handicapped is not None:
            checks.append(
                (
                    Text(N_("handicapped percentage")),
                    show(theirs_standing.handicapped, percent_decimals),
                    show(mine_standing.handicapped, percent_decimals),
                )
            )
        if totals and theirs_standing.total is not None:
            total = mine_standing.total if mine_standing.total is not None else mine_standing.points
            checks.append(
                (
                    Text(N_("total")),
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
    matches = matches_ok = 0
    if isinstance(result, TeamsResult) and reported.matches:
        scores = _match_scores(result)
        for match in reported.matches:
            mine_score = scores.get((match.team, match.opponents))
            matches += 1
            wrong = []
            for who, theirs_value, index in (
                (match.team, match.team_score, 0),
                (match.opponents, match.opponents_score, 1),
            ):
                if theirs_value is None:
                    continue
                their_text = show(theirs_value, total_decimals, total_rounding)
                our_text = (
                    "none"
                    if mine_score is None
                    else show(mine_score[index], total_decimals, total_rounding)
                )
                if their_text != our_text:
                    against = match.opponents if who == match.team else match.team
                    wrong.append(
                        Mismatch(
                            Text(N_("match v %(team)s"), team=against.label),
                            None,
                            who,
                            their_text,
                            our_text,
                            match.line,
                        )
                    )
            mismatches.extend(wrong)
            matches_ok += not wrong
    return Comparison(
        rows,
        rows_ok,
        entrants,
        entrants_ok,
        tuple(mismatches),
        matches,
        matches_ok,
        tuple(uncompared),
    )


@lru_cache(maxsize=1 << 16)
def _shown(value: Fraction, decimals: int, rounding: Rounding) -> str:
    """A figure as a program shows it (a search compares the same values many times)."""
    return str(round_fraction(value, decimals, rounding))


def _row_values(
    result: SessionResult | TeamsResult,
) -> dict[RowKey, tuple[Fraction | None, Fraction | None]]:
    """Each row's two values: NS's and EW's matchpoints or IMPs, or in a teams event the
    board's IMPs (or points) to the teams sitting NS and EW."""
    if isinstance(result, TeamsResult):
        return {key: (ns, ew) for key, (ns, ew) in result.imps_by_row().items()}
    return {key: (t.ns_points, t.ew_points) for key, t in result.scored_tables().items()}


def _standings(result: SessionResult | TeamsResult) -> dict[Entrant, Standing]:
    if isinstance(result, TeamsResult):
        return {s.entrant: s for s in result.standings}
    return {s.entrant: s for f in result.fields for s in f.standings}


def _match_scores(result: TeamsResult) -> dict[tuple[Entrant, Entrant], tuple[Fraction, Fraction]]:
    """Each match's two scores (victory points, or board-a-match points), both ways round."""
    found: dict[tuple[Entrant, Entrant], tuple[Fraction, Fraction]] = {}
    for m in result.matches:
        found[m.home, m.away] = (m.home_vps, m.away_vps)
        found[m.away, m.home] = (m.away_vps, m.home_vps)
    return found


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
