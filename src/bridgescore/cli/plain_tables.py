"""A rich console that lays out plain tables itself, with exactly rich's characters.

Rich measures, pads and wraps every cell of a table as a styled text: some 0.35 ms a row, so
the two rankings of a 3,000-table simultaneous pairs took 2 s to print. When nothing can be
styled (no colours: a file, a pipe) and a table is plain -- text cells of one line that fit
without wrapping, default padding and borders, left or right justified -- its lines are the
cells padded to their column's widest and joined by the box's characters, which this module
writes directly. Any other table, or any table on a terminal, is rich's to draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
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
        if type(renderable) is Table and self.color_system is None:
            lines = plain_lines(renderable, options or self.options)
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
    widths = [max(map(cell_len, texts)) + 2 for texts in columns]  # one space each side
    extra = len(widths) + 1  # the edges and the lines between columns
    if sum(widths) > options.max_width - extra:
        return None  # rich would wrap or shrink some column
    table_width = sum(widths) + extra
    box = table.box
    assert box is not None
    lines = []
    title = table.title
    if title:
        if not (isinstance(title, str) and _plain_text(title)) or cell_len(title) > table_width:
            return None
        lines.append(title + " " * (table_width - cell_len(title)))
    right = [column.justify == "right" for column in table.columns]
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
