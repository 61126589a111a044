"""The console that draws plain tables itself prints exactly what rich prints: on random tables
(titles, left and right columns, empty, wide and accented cells, tables too wide to fit), and
on every table the terminal reports use, with and without colours."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table

from bridgescore.cli.plain_tables import PlainTablesConsole, plain_lines

TEXT = st.text(
    alphabet=st.sampled_from([*"abcXYZ 019.-=&'[]", "é", "ß", "中", "文", "♠", "\t", "\n"]),
    max_size=14,
)


# Cells as the reports make them: one line, no space at either end.
PLAIN = st.text(alphabet=st.sampled_from(list("abcXYZ 019.-=&'[]éß中♠")), max_size=14).map(
    str.strip
)


@st.composite
def tables(draw: st.DrawFn, text: st.SearchStrategy[str] = TEXT) -> Table:
    title = draw(st.one_of(st.none(), text))
    table = Table(title=title, title_justify=draw(st.sampled_from(["left", "left", "center"])))
    columns = draw(st.integers(1, 6))
    for _ in range(columns):
        justify = draw(st.sampled_from(["left", "right", "right", "center"]))
        table.add_column(draw(text), justify=justify)
    for _ in range(draw(st.integers(0, 6))):
        table.add_row(*(draw(text) for _ in range(columns)))
    return table


def _printed(console: Console, buffer: io.StringIO, table: Table) -> str:
    console.print(table)
    console.print("after the table")
    return buffer.getvalue()


def _both(table: Table, width: int) -> tuple[str, str]:
    ours_buffer, rich_buffer = io.StringIO(), io.StringIO()
    ours = PlainTablesConsole(file=ours_buffer, width=width)
    theirs = Console(file=rich_buffer, width=width, markup=False, emoji=False, highlight=False)
    return _printed(ours, ours_buffer, table), _printed(theirs, rich_buffer, table)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(tables(), st.integers(10, 120))
def test_a_table_prints_as_rich_prints_it(table: Table, width: int) -> None:
    ours, theirs = _both(table, width)
    assert ours == theirs


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(tables(PLAIN), st.integers(10, 120))
def test_a_plain_table_prints_as_rich_prints_it(table: Table, width: int) -> None:
    ours, theirs = _both(table, width)
    assert ours == theirs


def test_a_plain_ranking_is_drawn_without_rich() -> None:
    table = Table(title="North-South", title_justify="left")
    for heading, justify in (("Place", "right"), ("Pair", "right"), ("Names", "left")):
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    table.add_row("1", "12", "Ann Lee & Bob Roy")
    table.add_row("2=", "3", "")
    console = PlainTablesConsole(file=io.StringIO(), width=120)
    assert plain_lines(table, console.options) is not None
    ours, theirs = _both(table, 120)
    assert ours == theirs


def test_tables_too_wide_or_styled_are_left_to_rich() -> None:
    table = Table(title="wide")
    table.add_column("a")
    table.add_row("x" * 200)
    console = PlainTablesConsole(file=io.StringIO(), width=80)
    assert plain_lines(table, console.options) is None
    ours, theirs = _both(table, 80)
    assert ours == theirs
    coloured = PlainTablesConsole(file=io.StringIO(), width=80, force_terminal=True)
    narrow = Table()
    narrow.add_column("a")
    narrow.add_row("x")
    assert coloured.color_system is not None
    assert list(coloured.render(narrow)) == list(
        Console(file=io.StringIO(), width=80, force_terminal=True).render(narrow)
    )
