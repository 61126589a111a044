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
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from bridgescore.display import fmt_fixed
from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.results import ScoredTable, SessionResult
from bridgescore.rules import Method, Rules
from bridgescore.session import Entrant, FieldStructure
from bridgescore.traveller import SideScore, TableResult

__all__ = ["dumps", "header", "write_rows"]

# A value in one of the file's columns, as the csv module writes it.
CsvValue = str | int | None


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


def write_rows(rows: Iterable[Sequence[CsvValue]], method: Method, individual: bool) -> str:
    """The CSV text of ``rows`` (cells in :func:`header`'s order) under its header."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header(method, individual))
    writer.writerows(rows)
    return out.getvalue()


def dumps(result: SessionResult) -> str:
    """``result`` as the analyst's CSV; a teams event has its own shapes (JSON)."""
    if result.rules.method is Method.TEAMS:  # pragma: no cover - teams score as TeamsResult
        raise RulesError(
            Text(N_("CSV output is for pairs and individual events: use --format json"))
        )
    individual = result.session.structure is FieldStructure.INDIVIDUAL
    rules = result.rules
    # Each entrant's cells (total shown, exact, percentage), and each value's (shown, exact),
    # made once: a field of thousands of rows has a few hundred distinct values.
    entrant_cells = {
        s.entrant: (shown(s.points, rules), exact(s.points), shown(s.percent, rules))
        for f in result.fields
        for s in f.standings
    }
    value_cells: dict[Fraction | None, tuple[str, str]] = {None: ("", "")}

    def cells(value: Fraction | None) -> tuple[str, str]:
        found = value_cells.get(value)
        if found is None:
            found = value_cells[value] = (shown(value, rules), exact(value))
        return found

    # Each entry's cells, by the sides' records that rows with the same result share: keyed by
    # their identity (hashing the values would cost more than the cells), each key held with
    # its records, so that no identity is taken again while the cache lives.
    entries: dict[tuple[int, int], tuple[tuple[SideScore, SideScore], tuple[CsvValue, ...]]] = {}

    def entry(table: TableResult) -> tuple[CsvValue, ...]:
        sides = (table.ns_side, table.ew_side)
        key = (id(sides[0]), id(sides[1]))
        found = entries.get(key)
        if found is None:
            found = entries[key] = (sides, _entry(table))
        return found[1]

    rows = (
        _row(b.board.number, t, entrant_cells, cells, entry)
        for b in result.boards
        for t in b.tables
    )
    return write_rows(rows, rules.method, individual)


def shown(value: Fraction | None, rules: Rules) -> str:
    """A value to the rules' decimals, by their rounding; empty when there is none."""
    return "" if value is None else fmt_fixed(value, rules.decimals, rules.rounding)


def exact(value: Fraction | None) -> str:
    """``n/d`` always (``10/1`` for a whole value): a reader that guesses a column's type from
    its first rows must never take the column for whole numbers and then meet ``42/5``."""
    return "" if value is None else f"{value.numerator}/{value.denominator}"


_NONE = ("", "", "")


def _entry(table: TableResult) -> tuple[CsvValue, ...]:
    """The entry, contract, declarer and tricks cells of a row."""
    result = table.result
    if result is None:
        return (table.describe(), None, None, None)
    contract = "PASS" if result.passed_out else (str(result.contract) if result.contract else None)
    declarer = None if result.declarer is None else str(result.declarer)
    return (table.describe(), contract, declarer, result.tricks)


def _row(
    board: int,
    t: ScoredTable,
    entrants: dict[Entrant, tuple[str, str, str]],
    cells: Callable[[Fraction | None], tuple[str, str]],
    entry: Callable[[TableResult], tuple[CsvValue, ...]],
) -> list[CsvValue]:
    table = t.table
    totals = [entrants.get(e, _NONE) for e in (*t.ns_entrants, *t.ew_entrants)]
    ns_shown, ns_exact = cells(t.ns_points)
    ew_shown, ew_exact = cells(t.ew_points)
    return [
        board,
        table.section,
        table.round,
        table.table,
        *table.ns,
        *table.ew,
        *entry(table),
        table.lead,
        t.ns_score,
        ns_shown,
        ew_shown,
        ns_exact,
        ew_exact,
        *(c[0] for c in totals),
        *(c[1] for c in totals),
        *(c[2] for c in totals),
    ]
