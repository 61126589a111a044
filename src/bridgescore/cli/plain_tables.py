"""A rich console that lays out plain tables itself, with exactly rich's characters.

Rich measures, pads and wraps every cell of a table as a styled text: some 0.35 ms a row, so
the two rankings of a 3,000-table simultaneous pairs took 2 s to print. When nothing can be
styled (no colours: a file, a pipe) and a table is plain -- text cells of one line that fit
without wrapping, default padding and borders, left or right justified -- its lines are the
cells padded to their column's widest and joined by the box's characters, which this module
writes directly. Any other table, or any table on a terminal, is rich's to draw.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment

from bridgescore.reports.plain import PlainTable

if TYPE_CHECKING:
    from rich.box import Box
    from rich.table import Table

_NEW_LINE = Segment.line()


class PlainTablesConsole(Console):
    """A :class:`~rich.console.Console` printing text as given (no markup, emoji codes or
    highlighting) that draws plain tables without rich's layout, to the same characters."""

    def __init__(self, **options: Any) -> None:
        super().__init__(markup=False, emoji=False, highlight=False, **options)

    def render(
        self, renderable: RenderableType, options: ConsoleOptions | None = None
    ) -> Iterable[Segment]:
        if self.color_system is None:
            lines = None
            if type(renderable) is PlainTable:
                lines = plain_table_lines(renderable, options or self.options)
            else:
                # A rich Table can only be one if its module was imported (it is not always).
                tables = sys.modules.get("rich.table")
                if tables is not None and type(renderable) is tables.Table:
                    lines = plain_lines(cast("Table", renderable), options or self.options)
            if lines is not None:
                return _segments(lines)
        return super().render(renderable, options)


def _segments(lines: Iterable[str]) -> Iterator[Segment]:
    for line in lines:
        yield Segment(line)
        yield _NEW_LINE


def plain_lines(table: Table, options: ConsoleOptions) -> list[str] | None:
    """The lines rich draws for ``table`` without colours, or None if it is not plain."""
    if not _plain_table(table, options):
        return None
    columns: list[list[str]] = []
    for column in table.columns:
        texts = [column.header, *column.cells]
        if not all(isinstance(text, str) and _plain_text(text) for text in texts):
            return None
        columns.append(texts)  # type: ignore[arg-type]  # every one a str, as checked
    assert table.box is not None
    right = [column.justify == "right" for column in table.columns]
    return _lines(table.title, columns, right, table.box, options)


def plain_table_lines(table: PlainTable, options: ConsoleOptions) -> list[str] | None:
    """:func:`plain_lines` of ``table.table()``, without making it, or None if not plain.

    That rich table has the defaults :func:`_plain_table` asks for (its box ``HEAVY_HEAD``), so
    what is left to check is the console, the rows and the cells."""
    width = len(table.columns)
    if (
        options.ascii_only
        or options.legacy_windows
        or not table.rows
        or not width
        or any(len(cells) != width for cells in table.rows)  # rich would add or pad cells
        or any(justify not in ("left", "right") for _, justify in table.columns)
    ):
        return None
    columns = [
        [heading, *(cells[index] for cells in table.rows)]
        for index, (heading, _) in enumerate(table.columns)
    ]
    if not all(isinstance(text, str) and _plain_text(text) for texts in columns for text in texts):
        return None
    from rich import box

    right = [justify == "right" for _, justify in table.columns]
    return _lines(table.title, columns, right, box.HEAVY_HEAD, options)


def _lines(
    title: object, columns: list[list[str]], right: list[bool], box: Box, options: ConsoleOptions
) -> list[str] | None:
    """A plain table's lines: the title, the header and the rows (each column's heading then
    its cells) in ``box``'s characters, or None if rich would wrap or shrink a column."""
    widths = [max(map(cell_len, texts)) + 2 for texts in columns]  # one space each side
    extra = len(widths) + 1  # the edges and the lines between columns
    if sum(widths) > options.max_width - extra:
        return None  # rich would wrap or shrink some column
    table_width = sum(widths) + extra
    lines = []
    if title:
        if not (isinstance(title, str) and _plain_text(title)) or cell_len(title) > table_width:
            return None
        lines.append(title + " " * (table_width - cell_len(title)))
    rows = list(zip(*columns, strict=True))
    lines.append(box.get_top(widths))
    lines.append(_row(rows[0], widths, right, box.head_left, box.head_vertical, box.head_right))
    lines.append(box.get_row(widths, "head", edge=True))
    last = len(rows) - 1
    for index in range(1, len(rows)):
        if index == last:
            left, between, end = box.foot_left, box.foot_vertical, box.foot_right
        else:
            left, between, end = box.mid_left, box.mid_vertical, box.mid_right
        lines.append(_row(rows[index], widths, right, left, between, end))
    lines.append(box.get_bottom(widths))
    return lines


def _row(
    cells: Sequence[str], widths: Sequence[int], right: Sequence[bool], left: str, between: str,
    end: str,
) -> str:  # fmt: skip
    padded = []
    for text, width, to_right in zip(cells, widths, right, strict=True):
        space = " " * (width - 2 - cell_len(text))
        padded.append(f" {space}{text} " if to_right else f" {text}{space} ")
    return left + between.join(padded) + end


def _plain_text(text: str) -> bool:
    """One line of printable characters, no space at either end (rich would strip it)."""
    return text.isprintable() and text == text.strip()


def _plain_table(table: Table, options: ConsoleOptions) -> bool:
    """Whether ``table`` uses nothing but what :func:`plain_lines` draws like rich."""
    return (
        table.box is not None
        and not options.ascii_only
        and not options.legacy_windows
        and table.width is None
        and table.min_width is None
        and table.caption is None
        and (table.title is None or table.title_justify == "left")
        and table.padding == (0, 1, 0, 1)
        and table.pad_edge
        and not table.collapse_padding
        and not table.expand
        and table.show_header
        and not table.show_footer
        and table.show_edge
        and not table.show_lines
        and table.leading == 0
        and bool(table.rows)
        and not any(row.end_section for row in table.rows)
        and all(
            column.justify in ("left", "right")
            and column.width is None
            and column.min_width is None
            and column.max_width is None
            and column.ratio is None
            and not column.no_wrap
            for column in table.columns
        )
    )
