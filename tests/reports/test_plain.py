"""Printing without rich prints exactly what rich prints: line by line and table by table on
random text, plain and styled, and whole sessions' rankings from real files; on a terminal with
the width and escape codes rich would take, read from the environment as rich reads it. What the
writer cannot draw like rich it refuses, and the command then prints with rich. The console's own
drawing of a plain ranking carries rich's styles, byte for byte."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
import tty
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from rich import box
from rich.cells import cell_len as rich_cell_len
from rich.console import Console
from rich.style import Style

from bridgescore.cli import main, options
from bridgescore.cli.plain_tables import PlainTablesConsole
from bridgescore.cli.terminal import terminal_look
from bridgescore.errors import BridgeScoreError
from bridgescore.formats import read_session
from bridgescore.reports import plain
from bridgescore.reports.plain import (
    COLOURS,
    HEADER_STYLE,
    NO_COLOUR,
    TITLE_STYLE,
    WIDTH,
    NotPlain,
    PlainTable,
    PlainWriter,
    cell_len,
    table_layout,
)
from bridgescore.reports.text import _say, render
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from bridgescore.session import FieldStructure
from tests.conftest import SHARED

SAMPLE = Path(__file__).resolve().parents[2] / "src/bridgescore/samples/club-night.csv"

CHARACTERS = [
    *"abcXYZ 019.-=&'[]",
    *"éß—–‘’…€‰",
    *"中文♠",
    *"\u0301\u200d\ufe0f\t\x07",
]
TEXT = st.text(alphabet=st.sampled_from(CHARACTERS), max_size=140)
CELL = st.text(alphabet=st.sampled_from(CHARACTERS), max_size=14)
COLOUR_SYSTEMS = ("standard", "256", "truecolor")


def _rich(width: int = WIDTH, **options: Any) -> Console:
    """A rich console printing text as given, as the command's: 120 columns, no colours,
    unless ``options`` say otherwise."""
    return Console(
        file=io.StringIO(), width=width, markup=False, emoji=False, highlight=False, **options
    )


def _rich_text(console: Console) -> str:
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


def test_the_box_is_rich_default_box() -> None:
    heavy = box.HEAVY_HEAD
    expected = {
        "TOP": (heavy.top_left, heavy.top, heavy.top_divider, heavy.top_right),
        "HEAD": (heavy.head_left, " ", heavy.head_vertical, heavy.head_right),
        "HEAD_ROW": (
            heavy.head_row_left,
            heavy.head_row_horizontal,
            heavy.head_row_cross,
            heavy.head_row_right,
        ),
        "MID": (heavy.mid_left, " ", heavy.mid_vertical, heavy.mid_right),
        "FOOT": (heavy.foot_left, " ", heavy.foot_vertical, heavy.foot_right),
        "BOTTOM": (heavy.bottom_left, heavy.bottom, heavy.bottom_divider, heavy.bottom_right),
    }
    assert {name: getattr(plain, name) for name in expected} == expected


def test_the_single_cell_ranges_are_single_cells_to_rich() -> None:
    for low, high in plain._SINGLE_CELL_RANGES:
        for code in range(low, high + 1):
            assert rich_cell_len(chr(code)) == 1, hex(code)


def test_the_narrow_punctuation_is_one_cell_in_every_unicode_version() -> None:
    from rich._unicode_data._versions import VERSIONS
    from rich.cells import get_character_cell_size

    assert len(VERSIONS) > 10
    for version in VERSIONS:
        for low, high in plain._NARROW_PUNCTUATION:
            for code in range(low, high + 1):
                assert chr(code).isprintable(), hex(code)
                assert get_character_cell_size(chr(code), version) == 1, (hex(code), version)


@given(TEXT)
def test_cells_are_counted_as_rich_counts_them(text: str) -> None:
    assert cell_len(text) == rich_cell_len(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(TEXT, st.booleans()), max_size=4))
def test_lines_print_as_rich_prints_them(lines: list[tuple[str, bool]]) -> None:
    writer, console = PlainWriter(), _rich()
    try:
        for text, soft_wrap in lines:
            writer.line(text, soft_wrap=soft_wrap)
    except NotPlain:
        return
    for text, soft_wrap in lines:
        console.print(text, soft_wrap=soft_wrap)
    assert writer.text() == _rich_text(console)


@given(st.text(alphabet=st.characters(min_codepoint=0x21, max_codepoint=0x7E), max_size=60))
def test_plain_lines_are_written_not_refused(text: str) -> None:
    """One-line printable text with no space at either end is the writer's, wrapped or not."""
    writer = PlainWriter()
    writer.line(text)
    writer.line(text * 3, soft_wrap=True)
    assert writer.text() == f"{text}\n{text * 3}\n"


def test_a_line_rich_would_wrap_is_refused() -> None:
    writer = PlainWriter()
    writer.line("x" * WIDTH)
    with pytest.raises(NotPlain):
        writer.line("x" * (WIDTH + 1))
    with pytest.raises(NotPlain):
        writer.line("中" * (WIDTH // 2 + 1))  # two cells each
    writer.line("—" * WIDTH)
    with pytest.raises(NotPlain):
        writer.line("tab\there", soft_wrap=True)


# Cells of ASCII alone (spaces at their ends too): the columns the layout checks whole.
ASCII_CELL = st.text(alphabet=st.sampled_from([*"aZ 09.-=", "\t", "\x7f"]), max_size=8)


@st.composite
def plain_tables(draw: st.DrawFn, cells: st.SearchStrategy[str] = CELL) -> PlainTable:
    table = PlainTable(draw(cells))
    columns = draw(st.integers(1, 6))
    for _ in range(columns):
        table.add_column(draw(cells), justify=draw(st.sampled_from(["left", "right"])))
    for _ in range(draw(st.integers(0, 6))):
        table.add_row(*(draw(cells) for _ in range(columns)))
    return table


@settings(max_examples=300, deadline=None)
@given(plain_tables(), st.integers(10, 140))
def test_tables_print_as_rich_prints_them(table: PlainTable, width: int) -> None:
    _prints_as_rich(table, width)


def _prints_as_rich(table: PlainTable, width: int) -> None:
    writer, console = PlainWriter(width), _rich(width)
    try:
        writer.table(table)
    except NotPlain:
        assert table_layout(table, width) is None
        return
    console.print(table.table())
    assert writer.text() == _rich_text(console)


@settings(max_examples=300, deadline=None)
@given(plain_tables(ASCII_CELL), st.integers(10, 140))
def test_ascii_tables_print_as_rich_prints_them(table: PlainTable, width: int) -> None:
    """A column of printable ASCII is measured whole; one with a space at a cell's end, a tab
    or a DEL (escaped by the table) cell by cell: both as rich prints them."""
    _prints_as_rich(table, width)


@settings(max_examples=200, deadline=None)
@given(
    plain_tables(),
    st.integers(10, 140),
    st.sampled_from(["standard", "256", "truecolor"]),
)
def test_on_a_terminal_a_plain_table_prints_as_rich_prints_it(
    table: PlainTable, width: int, colours: str
) -> None:
    options: dict[str, Any] = {"force_terminal": True, "color_system": colours}
    ours = PlainTablesConsole(file=io.StringIO(), width=width, **options)
    theirs = _rich(width, **options)
    ours.print(table)
    ours.print("after the table")
    theirs.print(table.table())
    theirs.print("after the table")
    assert isinstance(ours.file, io.StringIO)
    assert ours.file.getvalue() == _rich_text(theirs)


def _sessions() -> list[Path]:
    files = [SAMPLE]
    for folder, pattern in (
        ("usebio-compscore", "*.xml"),
        ("nz-scorer/usebio", "*.xml"),
        ("nz-scorer/native", "*"),
        ("pbn", "*.pbn"),
    ):
        files += sorted((SHARED / "data" / folder).glob(pattern))
    return files


@pytest.mark.parametrize("path", _sessions(), ids=lambda path: path.name)
def test_a_session_prints_as_rich_prints_it(path: Path) -> None:
    """Rankings of real files, to a pipe and to a terminal: the writer's text is rich's."""
    try:
        session = read_session(path)
    except BridgeScoreError as error:  # a file other tests show to be refused
        pytest.skip(f"not read: {error}")
    if session.structure is FieldStructure.TEAMS or not session.tables:
        pytest.skip("not a pairs session")
    result = score_pairs(session, CLUB)
    console = _rich()
    render(result, console)
    writer = PlainWriter()
    try:
        render(result, writer)
    except NotPlain:
        assert path != SAMPLE, "the club night is plain"
    else:
        assert writer.text() == _rich_text(console)
    coloured: dict[str, Any] = {"force_terminal": True, "color_system": "truecolor"}
    ours = PlainTablesConsole(file=io.StringIO(), width=100, **coloured)
    theirs = _rich(100, **coloured)
    render(result, ours)
    render(result, theirs)
    assert isinstance(ours.file, io.StringIO)
    assert ours.file.getvalue() == _rich_text(theirs)


def test_what_the_writer_refuses_rich_prints(tmp_path: Path) -> None:
    """A name too long for a plain ranking: the command prints the whole output with rich."""
    text = SAMPLE.read_text(encoding="utf-8")
    long_name = "Margaret Hale " * 10
    changed = tmp_path / "long.csv"
    changed.write_text(text.replace("Margaret Hale", long_name.strip()), encoding="utf-8")
    session = read_session(changed)
    result = score_pairs(session, CLUB)
    with pytest.raises(NotPlain):
        render(result, PlainWriter())
    console = _rich()
    render(result, console)
    done = CliRunner().invoke(main, ["score", str(changed)])
    assert done.exit_code == 0, done.output
    assert done.output == _rich_text(console)
    assert long_name.strip()[:50] in done.output


def _saying_rich_modules(arguments: Sequence[str]) -> str:
    """A program that runs ``bridgescore`` with these arguments, fails if it fails, and then
    names on standard error the rich modules it imported."""
    return (
        "import sys\n"
        "from bridgescore.cli import main\n"
        f"sys.argv = ['bridgescore', *{list(arguments)!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as end:\n"
        "    assert not end.code, end.code\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'rich'), "
        "file=sys.stderr)\n"
    )


def test_scoring_to_a_pipe_does_not_import_rich() -> None:
    """What the writer is for: the club night's rankings printed without rich's console."""
    done = subprocess.run(
        [sys.executable, "-c", _saying_rich_modules(["score", str(SAMPLE)])],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stderr.strip() == "[]"
    console = _rich()
    render(score_pairs(read_session(SAMPLE), CLUB), console)
    assert done.stdout == _rich_text(console)


# --- on a terminal, without rich ---------------------------------------------------------------


def _terminal_console(width: int, colours: str, no_color: bool) -> PlainTablesConsole:
    """The command's console on a terminal of ``width`` columns with rich's ``colours``."""
    return PlainTablesConsole(
        file=io.StringIO(),
        width=width,
        force_terminal=True,
        color_system=colours,
        no_color=no_color,
    )


def _console_text(console: Console) -> str:
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


@pytest.mark.parametrize("colours", COLOUR_SYSTEMS)
@pytest.mark.parametrize("no_color", [False, True])
def test_the_styles_are_written_as_rich_writes_them(colours: str, no_color: bool) -> None:
    codes = NO_COLOUR if no_color else COLOURS
    for style, parameters in codes.items():
        console = _terminal_console(WIDTH, colours, no_color)
        _say(console, "Text", style)
        expected = f"\x1b[{parameters}mText\x1b[0m\n" if parameters else "Text\n"
        assert _console_text(console) == expected, style
    theme = Console()
    assert theme.get_style("table.title") == Style.parse(TITLE_STYLE)
    assert theme.get_style("table.header") == Style.parse(HEADER_STYLE)


STYLE = st.sampled_from([None, *COLOURS])


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(TEXT, st.booleans(), STYLE), max_size=4),
    st.integers(10, 140),
    st.sampled_from(COLOUR_SYSTEMS),
    st.booleans(),
)
def test_styled_lines_print_as_rich_prints_them(
    lines: list[tuple[str, bool, str | None]], width: int, colours: str, no_color: bool
) -> None:
    writer = PlainWriter(width, NO_COLOUR if no_color else COLOURS)
    try:
        for text, soft_wrap, style in lines:
            _say(writer, text, style, soft_wrap=soft_wrap)
    except NotPlain:
        return
    console = _terminal_console(width, colours, no_color)
    for text, soft_wrap, style in lines:
        _say(console, text, style, soft_wrap=soft_wrap)
    assert writer.text() == _console_text(console)


@settings(max_examples=300, deadline=None)
@given(plain_tables(), st.integers(10, 140), st.sampled_from(COLOUR_SYSTEMS), st.booleans())
def test_styled_tables_print_as_rich_prints_them(
    table: PlainTable, width: int, colours: str, no_color: bool
) -> None:
    writer = PlainWriter(width, NO_COLOUR if no_color else COLOURS)
    try:
        writer.table(table)
    except NotPlain:
        drawn = table_layout(table, width)
        assert drawn is None or min(drawn.widths) <= 2
        return
    console = _rich(width, force_terminal=True, color_system=colours, no_color=no_color)
    console.print(table.table())
    assert writer.text() == _rich_text(console)


# Every variable rich's console reads, cleared before each case sets its own.
RICH_VARIABLES = (
    "COLUMNS",
    "LINES",
    "TERM",
    "COLORTERM",
    "NO_COLOR",
    "FORCE_COLOR",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
    "JUPYTER_COLUMNS",
)
ENVIRONMENTS = [
    {"TERM": "xterm-256color"},
    {"TERM": "xterm-256color", "COLUMNS": "100"},
    {"TERM": "xterm", "COLORTERM": "truecolor", "COLUMNS": "90", "LINES": "30"},
    {"TERM": "screen-16color", "COLORTERM": "24bit"},
    {"TERM": "xterm-kitty", "NO_COLOR": "1"},
    {"TERM": "linux", "NO_COLOR": "", "FORCE_COLOR": "0", "TTY_COMPATIBLE": "0"},
    {"COLUMNS": "72"},
    {"TERM": "vt100", "COLUMNS": "wide"},
    {"TERM": "xterm", "COLUMNS": "40"},
]
LEFT_TO_RICH = [
    {"TERM": "dumb"},
    {"TERM": "UNKNOWN", "COLUMNS": "100"},
    {"TERM": "xterm", "COLUMNS": "0"},
    {"TERM": "xterm", "COLUMNS": "\u00b2"},  # a digit int() refuses: rich fails on it
]


@pytest.mark.parametrize("terminal_size", [None, (0, 0), (100, 40), (132, 50)])
@pytest.mark.parametrize("environment", ENVIRONMENTS + LEFT_TO_RICH, ids=str)
def test_a_terminal_is_read_as_rich_reads_it(
    monkeypatch: pytest.MonkeyPatch,
    environment: dict[str, str],
    terminal_size: tuple[int, int] | None,
) -> None:
    """Where the environment settles it, the command's writer on a terminal prints the club
    night byte for byte as the command's rich console does; where it does not, rich prints."""
    for name in RICH_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)

    def size(descriptor: int = 1) -> os.terminal_size:
        if terminal_size is None or descriptor != 1:
            raise OSError("not a terminal")
        return os.terminal_size(terminal_size)

    monkeypatch.setattr(os, "get_terminal_size", size)
    monkeypatch.setattr(options, "_terminal", lambda to_file: not to_file)
    writer = options.plain_writer(False)
    if environment in LEFT_TO_RICH:
        assert writer is None
        return
    assert writer is not None and terminal_look(os.environ) is not None
    console, buffer = options.console(False)
    assert console.color_system is not None
    assert writer.width == console.width
    result = score_pairs(read_session(SAMPLE), CLUB)
    render(result, console)
    try:
        render(result, writer)
    except NotPlain:
        assert writer.width < 100, "the club night is plain at 100 columns"
        return
    assert writer.text() == buffer.getvalue()


def _on_terminal(arguments: Sequence[str], environment: dict[str, str]) -> tuple[bytes, str]:
    """What ``bridgescore`` writes to a pseudo-terminal (kept raw: new lines as they are), and
    the names of the rich modules it imported, which it says on standard error."""
    program = _saying_rich_modules(arguments)
    main_end, secondary = pty.openpty()
    tty.setraw(secondary)
    process = subprocess.Popen(
        [sys.executable, "-c", program],
        stdout=secondary,
        stderr=subprocess.PIPE,
        env={**os.environ, **environment},
    )
    os.close(secondary)
    written = b""
    while True:
        try:
            data = os.read(main_end, 65536)
        except OSError:  # the process has ended and closed its end
            break
        if not data:
            break
        written += data
    os.close(main_end)
    assert process.stderr is not None
    imported = process.stderr.read().decode()
    assert process.wait() == 0, imported
    return written, imported.strip()


def test_scoring_on_a_terminal_does_not_import_rich() -> None:
    """The club night's rankings on a terminal that takes colours: rich's bytes, without rich."""
    written, imported = _on_terminal(
        ["score", str(SAMPLE)], {"TERM": "xterm-256color", "COLUMNS": "100"}
    )
    assert imported == "[]"
    console = _terminal_console(100, "256", no_color=False)
    render(score_pairs(read_session(SAMPLE), CLUB), console)
    assert written == _console_text(console).encode("utf-8")
    assert b"\x1b[1m" in written  # the heading and the tables' headers are bold


def test_what_the_writer_refuses_on_a_terminal_rich_prints(tmp_path: Path) -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    changed = tmp_path / "long.csv"
    changed.write_text(text.replace("Margaret Hale", "Margaret Hale " * 9 + "Hale"), "utf-8")
    written, imported = _on_terminal(
        ["score", str(changed)], {"TERM": "xterm", "COLUMNS": "100", "NO_COLOR": "1"}
    )
    assert "'rich.console'" in imported
    console = _terminal_console(100, "standard", no_color=True)
    render(score_pairs(read_session(changed), CLUB), console)
    assert written == _console_text(console).encode("utf-8")
