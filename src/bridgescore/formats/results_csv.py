"""A scored session as an analyst's CSV (docs/results-csv.md): one row a table result, with
its scores, each side's value exactly (``"1137/5"``, ``"10/1"``) and as shown, and each
entrant's total.

Written only (``bridgescore score --format csv``): the travellers it was scored from are the
file to read back. One header line, then a row a result, board by board in file order, so
``pandas.read_csv`` or ``polars.read_csv`` reads it in one call.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from fractions import Fraction

from bridgescore.display import fmt_fixed
from bridgescore.errors import RulesError
from bridgescore.results import ScoredTable, SessionResult, Standing
from bridgescore.rules import Method, Rules
from bridgescore.session import Entrant

__all__ = ["dumps", "header", "write_rows"]

Cell = str | int | None


def header(method: Method, individual: bool) -> list[str]:
    """The columns: where, who, the table's entry, then each side's value and each
    entrant's total (``mp`` at matchpoints, ``imps`` at IMPs)."""
    unit = "mp" if method is Method.MATCHPOINTS else "imps"
    seats = ("n", "s", "e", "w") if individual else ("ns", "ew")
    return [
        "board", "section", "round", "table", *seats,
        "entry", "contract", "declarer", "tricks", "lead", "ns_score",
        f"ns_{unit}", f"ew_{unit}", f"ns_{unit}_exact", f"ew_{unit}_exact",
        *(f"{s}_total" for s in seats), *(f"{s}_total_exact" for s in seats),
        *(f"{s}_percent" for s in seats),
    ]  # fmt: skip


def write_rows(rows: Iterable[Sequence[Cell]], method: Method, individual: bool) -> str:
    """The CSV text of ``rows`` (cells in :func:`header`'s order) under its header."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header(method, individual))
    writer.writerows(rows)
    return out.getvalue()


def dumps(result: SessionResult) -> str:
    """``result`` as the analyst's CSV; a teams event has its own shapes (JSON)."""
    if result.rules.method is Method.TEAMS:  # pragma: no cover - teams score as TeamsResult
        raise RulesError("CSV output is for pairs and individual events: use --format json")
    individual = result.session.structure.value == "individual"
    standings = {s.entrant: s for f in result.fields for s in f.standings}
    rules = result.rules
    rows = (_row(b.board.number, t, standings, rules) for b in result.boards for t in b.tables)
    return write_rows(rows, rules.method, individual)


def shown(value: Fraction | None, rules: Rules) -> str:
    """A value to the rules' decimals, by their rounding; empty when there is none."""
    return "" if value is None else fmt_fixed(value, rules.decimals, rules.rounding)


def exact(value: Fraction | None) -> str:
    """``n/d`` always (``10/1`` for a whole value): a reader that guesses a column's type from
    its first rows must never take the column for whole numbers and then meet ``42/5``."""
    return "" if value is None else f"{value.numerator}/{value.denominator}"


def _row(
    board: int, t: ScoredTable, standings: dict[Entrant, Standing], rules: Rules
) -> list[Cell]:
    table = t.table
    result = table.result
    contract: str | None = None
    if result is not None:
        contract = (
            "PASS" if result.passed_out else (str(result.contract) if result.contract else None)
        )
    who = [*t.ns_entrants, *t.ew_entrants]
    totals = [standings.get(e) for e in who]
    return [
        board,
        table.section,
        table.round,
        table.table,
        *(*table.ns, *table.ew),
        table.describe(),
        contract,
        None if result is None or result.declarer is None else str(result.declarer),
        None if result is None else result.tricks,
        table.lead,
        t.ns_score,
        shown(t.ns_points, rules),
        shown(t.ew_points, rules),
        exact(t.ns_points),
        exact(t.ew_points),
        *(shown(None if s is None else s.points, rules) for s in totals),
        *(exact(None if s is None else s.points) for s in totals),
        *(shown(None if s is None else s.percent, rules) for s in totals),
    ]
