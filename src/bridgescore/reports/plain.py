"""Plain text as rich prints it -- drawn here, without importing rich.

A ranking is a :class:`PlainTable`: text cells of one line. Rich draws such a table as the cells
padded to their column's widest and joined by its default box's characters, and prints a line of
text as it is; on a terminal it wraps a styled piece in its style's escape codes. A
:class:`PlainWriter` writes exactly those characters, so printing the rankings never imports rich
(start-up time: rich's console costs as much as the rest of ``bridgescore score`` on a club
night). Anything it cannot draw like rich -- a line rich would wrap, a cell rich would wrap or
shrink, a control character -- raises :class:`NotPlain`, and the caller prints with rich instead
(:class:`bridgescore.cli.plain_tables.PlainTablesConsole`, which draws the same layouts).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from bridgescore.display import printable

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions
    from rich.table import Table

Justify = Literal["left", "right"]
Box = tuple[str, str, str, str]
Styles = Mapping[str, str]
"""The parameters of the escape code (``"1;31"`` in ``ESC[1;31m``) rich writes for each style a
plain output names; "" for a style that shows nothing."""

WIDTH = 120
"""Columns of the output when it is not a terminal."""

# rich.box.HEAVY_HEAD, the default box of a rich Table (tests check each character against rich):
# left edge, line or space, between columns, right edge.
TOP: Box = ("┏", "━", "┳", "┓")
HEAD: Box = ("┃", " ", "┃", "┃")
HEAD_ROW: Box = ("┡", "━", "╇", "┩")
MID: Box = ("│", " ", "│", "│")
FOOT: Box = ("│", " ", "│", "│")
BOTTOM: Box = ("└", "─", "┴", "┘")

# The characters rich counts one cell wide without looking them up (rich.cells); a test checks it.
_SINGLE_CELL_RANGES = (
    (0x20, 0x7E),
    (0xA0, 0xAC),
    (0xAE, 0x2FF),
    (0x370, 0x482),
    (0x2500, 0x25FC),
    (0x2800, 0x28FF),
)
# Punctuation that rich looks up and finds one cell wide in every Unicode version it knows
# (dashes, quotes, bullets, the ellipsis, primes, currency signs): a title's "—" needs no lookup.
# A test checks each against every version's table.
_NARROW_PUNCTUATION = ((0x2010, 0x2027), (0x2030, 0x205E), (0x20A0, 0x20C0))

# The styles the rankings name, as rich writes them on a terminal that takes colours (the same in
# each of its colour systems: these are the eight standard colours), and with NO_COLOR set, where
# rich drops the colours and keeps the rest. Tests check each against rich.
COLOURS: Styles = {"bold": "1", "italic": "3", "green": "32", "yellow": "33", "bold red": "1;31"}
NO_COLOUR: Styles = {"bold": "1", "italic": "3", "green": "", "yellow": "", "bold red": "1"}
TITLE_STYLE = "italic"
"""A table's title: ``table.title`` in rich's default theme."""
HEADER_STYLE = "bold"
"""A table's header: ``table.header`` in rich's default theme."""


class NotPlain(Exception):
    """What was asked cannot be written like rich without rich: print it with rich instead."""


class PlainTable:
    """``Table(title=title, title_justify="left")`` with text columns and rows of text. The
    title and cells come from files (names, titles): their control characters are escaped."""

    __slots__ = ("columns", "rows", "title")

    def __init__(self, title: str) -> None:
        self.title = printable(title)
        self.columns: list[tuple[str, Justify]] = []
        self.rows: list[tuple[str, ...]] = []

    def add_column(self, heading: str, justify: Justify = "left") -> None:
        self.columns.append((heading, justify))

    def add_row(self, *cells: str) -> None:
        self.rows.append(tuple(map(printable, cells)))

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


class Layout:
    """A plain table laid out as rich lays it out: the title padded to the table's width (or
    None), each column's width with its padding, and the header then the rows, each cell
    padded to its column (the space either side not included)."""

    __slots__ = ("rows", "title", "widths")

    def __init__(self, title: str | None, widths: list[int], rows: list[list[str]]) -> None:
        self.title = title
        self.widths = widths
        self.rows = rows

    def border(self, box: Box) -> str:
        """The line above, below or under the header, in ``box``'s characters."""
        left, line, between, right = box
        return left + between.join(line * width for width in self.widths) + right

    def row(self, cells: Sequence[str], box: Box) -> str:
        left, _, between, right = box
        return f"{left} {f' {between} '.join(cells)} {right}"

    def lines(self) -> list[str]:
        """Every line rich prints for the table when nothing is styled."""
        lines = [] if self.title is None else [self.title]
        lines.append(self.border(TOP))
        lines.append(self.row(self.rows[0], HEAD))
        lines.append(self.border(HEAD_ROW))
        last = len(self.rows) - 1
        for index in range(1, len(self.rows)):
            lines.append(self.row(self.rows[index], FOOT if index == last else MID))
        lines.append(self.border(BOTTOM))
        return lines

    def styled_lines(self) -> list[list[tuple[str, str | None]]] | None:
        """Every line rich prints for the table on a terminal, as pieces each in a style
        (:data:`TITLE_STYLE`, :data:`HEADER_STYLE`) or in none: the title; the header's cells
        and the space either side of each, each a piece of its own as rich makes them (so the
        same escape codes surround each); the borders and the body unstyled. None when a column
        has nothing in it, heading included: rich styles its padding its own way."""
        if min(self.widths) <= 2:
            return None
        lines: list[list[tuple[str, str | None]]] = [[(line, None)] for line in self.lines()]
        header = 1  # under the top border
        if self.title is not None:
            lines[0] = [(self.title, TITLE_STYLE)]
            header = 2
        left, _, between, right = HEAD
        pieces: list[tuple[str, str | None]] = [(left, None)]
        for index, cell in enumerate(self.rows[0]):
            if index:
                pieces.append((between, None))
            pieces += [(" ", HEADER_STYLE), (cell, HEADER_STYLE), (" ", HEADER_STYLE)]
        pieces.append((right, None))
        lines[header] = pieces
        return lines


def layout(
    title: object, columns: Sequence[Sequence[object]], right: Sequence[bool], max_width: int
) -> Layout | None:
    """The layout of a table of ``columns`` (each its heading, then its cells), or None if rich
    would draw it otherwise: a cell or title that is not one plain line, a column rich would
    wrap or shrink to fit ``max_width``, a title wider than the table."""
    texts: list[list[str]] = []
    sizes: list[list[int]] = []
    for column in columns:
        size = _ascii_sizes(column)
        if size is None:
            if not all(isinstance(text, str) and plain_text(text) for text in column):
                return None
            size = [cell_len(text) for text in column]  # type: ignore[arg-type]  # all str
        texts.append(column)  # type: ignore[arg-type]  # every one a str, as checked
        sizes.append(size)
    widths = [max(column) + 2 for column in sizes]  # one space each side
    extra = len(widths) + 1  # the edges and the lines between columns
    if sum(widths) > max_width - extra:
        return None
    table_width = sum(widths) + extra
    padded_title = None
    if title:
        if not (isinstance(title, str) and plain_text(title)):
            return None
        space = table_width - cell_len(title)
        if space < 0:
            return None
        padded_title = title + " " * space
    padded = []
    for column, size, width, to_right in zip(texts, sizes, widths, right, strict=True):
        fill = width - 2
        padded.append(
            [
                " " * (fill - n) + text if to_right else text + " " * (fill - n)
                for text, n in zip(column, size, strict=True)
            ]
        )
    return Layout(padded_title, widths, [list(row) for row in zip(*padded, strict=True)])


def _ascii_sizes(column: Sequence[object]) -> list[int] | None:
    """Each cell's width when every cell of ``column`` is printable ASCII with no space at
    either end (:func:`plain_text`, one cell a character: :func:`cell_len` is its length),
    checked for the whole column at once in C; None when a cell is anything else (it is then
    checked on its own)."""
    try:
        joined = "".join(column)  # type: ignore[arg-type]  # a TypeError says: not all str
    except TypeError:
        return None
    if not (joined.isascii() and joined.isprintable()):
        return None
    lined = "\n".join(column)  # type: ignore[arg-type]  # all str, as joined
    if lined[:1] == " " or lined[-1:] == " " or " \n" in lined or "\n " in lined:
        return None  # a cell with a space at an end: rich strips it
    return [len(text) for text in column]  # type: ignore[arg-type]  # all str


def table_layout(table: PlainTable, max_width: int) -> Layout | None:
    """:func:`layout` of a :class:`PlainTable`, or None if rich would draw it otherwise (no
    rows, a row of another length than the header, a column neither left nor right)."""
    width = len(table.columns)
    if (
        not table.rows
        or not width
        or any(len(cells) != width for cells in table.rows)  # rich would add or pad cells
        or any(justify not in ("left", "right") for _, justify in table.columns)
    ):
        return None
    columns = [
        [heading, *cells]
        for (heading, _), cells in zip(table.columns, zip(*table.rows, strict=True), strict=True)
    ]
    right = [justify == "right" for _, justify in table.columns]
    return layout(table.title, columns, right, max_width)


def plain_text(text: str) -> bool:
    """One line of printable characters, no space at either end (rich would strip it), and no
    character of no width (a combining mark, a joiner, a variation selector: rich lays those
    out by rules of its own, so they are left to it)."""
    return (
        text.isprintable()
        and text == text.strip()
        and (text.isascii() or not any(_zero_width(c) for c in text))
    )


def _zero_width(character: str) -> bool:
    return unicodedata.category(character) in ("Mn", "Me", "Cf")


def cell_len(text: str) -> int:
    """Cells ``text`` takes in a terminal, as rich counts them (rich.cells only when a
    character is outside the ranges known to be one cell wide)."""
    if text.isprintable() and (
        text.isascii() or all(_single_cell(ord(character)) for character in text)
    ):
        return len(text)
    from rich.cells import cell_len as measured

    return measured(text)


def _single_cell(code: int) -> bool:
    return any(low <= code <= high for low, high in _SINGLE_CELL_RANGES) or any(
        low <= code <= high for low, high in _NARROW_PUNCTUATION
    )


class PlainWriter:
    """Prints as the command's rich console prints, for what
    :func:`bridgescore.reports.text.render` prints when it is plain: lines of printable text and
    :class:`PlainTable` rankings, ``width`` columns wide. Without ``styles`` (a file, a pipe)
    nothing is styled; with them (a terminal) each styled piece is wrapped in its escape codes,
    the table's borders never. Anything else raises :class:`NotPlain`."""

    __slots__ = ("_parts", "styles", "width")

    def __init__(self, width: int = WIDTH, styles: Styles | None = None) -> None:
        self.width = width
        self.styles = styles
        self._parts: list[str] = []

    def line(self, text: str, *, soft_wrap: bool = False, style: str | None = None) -> None:
        """``text`` on a line of its own, in ``style`` where styles show; rich wraps a long line
        unless ``soft_wrap``."""
        if not plain_text(text):
            raise NotPlain(f"not one plain line: {text!r}")
        # No character is more than two cells wide: only a long line needs measuring.
        if not soft_wrap and 2 * len(text) > self.width and cell_len(text) > self.width:
            raise NotPlain(f"rich would wrap: {text!r}")
        self._parts.append(self._styled(text, style))

    def table(self, table: PlainTable) -> None:
        drawn = table_layout(table, self.width)
        if drawn is None:
            raise NotPlain(f"not a plain table: {table.title!r}")
        if self.styles is None:
            self._parts.extend(drawn.lines())
            return
        lines = drawn.styled_lines()
        if lines is None:
            raise NotPlain(f"an empty column: {table.title!r}")
        styled = self._styled
        self._parts.extend("".join(styled(text, style) for text, style in line) for line in lines)

    def text(self) -> str:
        """Everything printed, each line ended by a new line."""
        return "".join(f"{part}\n" for part in self._parts)

    def _styled(self, text: str, style: str | None) -> str:
        if self.styles is None or style is None or not text:
            return text
        codes = self.styles.get(style)
        if codes is None:
            raise NotPlain(f"a style the writer does not know: {style!r}")
        return f"\x1b[{codes}m{text}\x1b[0m" if codes else text


__all__ = [
    "COLOURS",
    "HEADER_STYLE",
    "NO_COLOUR",
    "TITLE_STYLE",
    "WIDTH",
    "Box",
    "Layout",
    "NotPlain",
    "PlainTable",
    "PlainWriter",
    "Styles",
    "cell_len",
    "layout",
    "plain_text",
    "table_layout",
]
