"""A table of plain text cells, such as a ranking: made into a rich table only when rich draws it.

The command's console (:class:`bridgescore.cli.plain_tables.PlainTablesConsole`) draws such a
table itself when nothing can be styled, to exactly the characters rich would; on a terminal,
or when a cell is not plain, rich draws the :class:`~rich.table.Table` that :meth:`table` makes.
Printing a ranking to a file or a pipe then never imports rich's table layout (start-up time).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions
    from rich.table import Table

Justify = Literal["left", "right"]


class PlainTable:
    """``Table(title=title, title_justify="left")`` with text columns and rows of text."""

    __slots__ = ("columns", "rows", "title")

    def __init__(self, title: str) -> None:
        self.title = title
        self.columns: list[tuple[str, Justify]] = []
        self.rows: list[tuple[str, ...]] = []

    def add_column(self, heading: str, justify: Justify = "left") -> None:
        self.columns.append((heading, justify))

    def add_row(self, *cells: str) -> None:
        self.rows.append(cells)

    def table(self) -> Table:
        """The rich table this one stands for."""
        from rich.table import Table

        table = Table(title=self.title, title_justify="left")
        for heading, justify in self.columns:
            table.add_column(heading, justify=justify)
        for cells in self.rows:
            table.add_row(*cells)
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Table]:
        yield self.table()


__all__ = ["PlainTable"]
