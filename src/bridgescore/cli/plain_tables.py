"""A rich console that lays out plain tables itself, with exactly rich's characters and styles.

Rich measures, pads and wraps every cell of a table as a styled text: some 0.35 ms a row, so
the two rankings of a 3,000-table simultaneous pairs took 2 s to print, and a club night's 30
rows a sixth of the command's time on a terminal. When a table is plain -- text cells of one
line that fit without wrapping, default padding and borders, left or right justified -- its lines
are the cells padded to their column's widest and joined by the box's characters
(:mod:`bridgescore.reports.plain`); on a terminal its title and header carry the theme's styles,
as rich gives them. Any other table is rich's to draw.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, cast

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.style import Style

from bridgescore.reports.plain import (
    HEADER_STYLE,
    TITLE_STYLE,
    Layout,
    PlainTable,
    layout,
    table_layout,
)

if TYPE_CHECKING:
    from rich.table import Table

_NEW_LINE = Segment.line()
_NO_STYLE = Style()  # what rich gives a table's borders


class PlainTablesConsole(Console):
    """A :class:`~rich.console.Console` printing text as given (no markup, emoji codes or
    highlighting) that draws plain tables without rich's layout, to the same characters."""

    def __init__(self, **options: Any) -> None:
        super().__init__(markup=False, emoji=False, highlight=False, **options)

    def render(
        self, renderable: RenderableType, options: ConsoleOptions | None = None
    ) -> Iterable[Segment]:
        drawn = None
        if not self.legacy_windows:
            given = options or self.options
            if type(renderable) is PlainTable:
                if not given.ascii_only:
                    drawn = table_layout(renderable, given.max_width)
            else:
                # A rich Table can only be one if its module was imported (it is not always).
                # Its styles are not looked at: only a console without colours draws it.
                tables = sys.modules.get("rich.table")
                if (
                    self.color_system is None
                    and tables is not None
                    and type(renderable) is tables.Table
                ):
                    drawn = plain_layout(cast("Table", renderable), given)
        if drawn is None:
            return super().render(renderable, options)
        if self.color_system is None:
            return _segments(drawn.lines())
        lines = drawn.styled_lines()
        if lines is None:
            return super().render(renderable, options)
        theme = {
            TITLE_STYLE: self.get_style("table.title"),
            HEADER_STYLE: self.get_style("table.header"),
        }
        return _styled(lines, theme)


def _segments(lines: Iterable[str]) -> Iterator[Segment]:
    for line in lines:
        yield Segment(line)
        yield _NEW_LINE


def _styled(
    lines: list[list[tuple[str, str | None]]], theme: dict[str, Style]
) -> Iterator[Segment]:
    """The segments rich renders for a plain table on a terminal: each piece of
    :meth:`Layout.styled_lines` in its style of the theme, or in none."""
    for line in lines:
        for text, style in line:
            yield Segment(text, _NO_STYLE if style is None else theme[style])
        yield _NEW_LINE


def plain_layout(table: Table, options: ConsoleOptions) -> Layout | None:
    """The layout of a rich ``table`` as rich draws it, or None if it is not plain."""
    if options.ascii_only or not _plain_table(table):
        return None
    columns = [[column.header, *column.cells] for column in table.columns]
    right = [column.justify == "right" for column in table.columns]
    return layout(table.title, columns, right, options.max_width)


def plain_lines(table: Table, options: ConsoleOptions) -> list[str] | None:
    """The lines rich draws for ``table`` without colours, or None if it is not plain."""
    drawn = plain_layout(table, options)
    return None if drawn is None else drawn.lines()


def _plain_table(table: Table) -> bool:
    """Whether ``table`` uses nothing but what :func:`plain_lines` draws like rich."""
    from rich import box

    return (
        table.box is box.HEAVY_HEAD
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
