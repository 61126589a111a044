"""Traveller CSV: one row per table per board (see docs/traveller-csv.md).

Reading collects every problem in the file, each with its line, board, table, the text found
and what was expected, and raises them together as one :class:`InputFileError`. A file reads
as a :class:`~bridgescore.formats.results_file.ResultsFile` (a CSV holds the session alone) and
:func:`dumps` writes one back to the same session.
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import IO, TYPE_CHECKING

from bridgescore.bridge import Seat, Side, Vulnerability, dealer_for_board
from bridgescore.collector import paused
from bridgescore.contract import Contract, parse_tricks
from bridgescore.errors import ParseError, Problem, Problems, sentence
from bridgescore.formats.files import decode_text
from bridgescore.formats.results_file import ResultsFile, load_with
from bridgescore.languages import N_
from bridgescore.languages.text import Text, counted
from bridgescore.session import Board, FieldStructure, Session
from bridgescore.traveller import (
    Artificial,
    BridgeResult,
    SideScore,
    TableResult,
    WeightedResult,
    parse_side_scores,
)

if TYPE_CHECKING:
    from bridgescore.movements.model import Movement

# Accepted spellings of each column; the first is the one written.
COLUMNS: dict[str, tuple[str, ...]] = {
    "board": ("board", "bd", "board_number"),
    "section": ("section", "sec"),
    "table": ("table", "tab"),
    "round": ("round", "rnd"),
    "ns": ("ns", "ns_pair", "pair_ns"),
    "ew": ("ew", "ew_pair", "pair_ew"),
    "n": ("n", "north"),
    "e": ("e", "east"),
    "s": ("s", "south"),
    "w": ("w", "west"),
    "contract": ("contract", "cont"),
    "declarer": ("declarer", "by", "dec"),
    "result": ("result", "res", "tricks"),
    "score": ("score", "ns_score"),
    "adjusted": ("adjusted", "adjustment", "assigned"),
    "vul": ("vul", "vulnerability", "vulnerable"),
    "dealer": ("dealer",),
    "lead": ("lead",),
    "arrow": ("arrow", "arrow_switch", "switched"),
    "group": ("group",),
    "ns_names": ("ns_names", "names_ns", "ns_name"),
    "ew_names": ("ew_names", "names_ew", "ew_name"),
    "n_name": ("n_name", "north_name"),
    "e_name": ("e_name", "east_name"),
    "s_name": ("s_name", "south_name"),
    "w_name": ("w_name", "west_name"),
}
_ALIASES = {alias: key for key, aliases in COLUMNS.items() for alias in aliases}
# The patterns are compiled when first used (``re`` keeps them): most files need few of them,
# and compiling them all cost every command's start.
# An artificial score is read by hand (see _artificial_side) as the patterns
# rf"(?i)^\s*(?:{side})\s*$" for one side and rf"(?i)^\s*(?:{side})\s*/\s*(?:{side})\s*$" for
# both read it, with side r"(?:a|ave|av)[+-]?|\d{1,3}(?:\.\d+)?%?" (\s is str.isspace, \d
# str.isdecimal, and no other character is an a, v or e with ignored case).
_AVERAGES = frozenset({"a", "av", "ave"})
# The last character of a text one side's pattern matches.
_ARTIFICIAL_ENDS = frozenset("aveAVE+-%")
# A lead is a suit and a rank in either order, any case: the characters that the pattern
# r"(?i)^(?:([SHDC♠♥♦♣])(10|[AKQJT2-9])|(10|[AKQJT2-9])([SHDC♠♥♦♣]))$" matches there (with
# ignored case, that is also "ſ" for S and the Kelvin sign for K), read without compiling it.
_LEAD_SUITS = frozenset("SHDCshdc\u017f♠♥♦♣")
_LEAD_RANKS = frozenset("AKQJT23456789akqjt\u212a")
_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_SCORE = r"[+-]?\d{1,5}"
_POINTS = r"(?i)points\s*([+-]?\d{1,5})"  # a point score the director assigned
_DECIMAL_COMMA = r"(\d),(\d)"


# _CsvRow and _Seen are plain classes, not dataclasses: they are never compared or printed, and
# making a dataclass costs every command's start some tenths of a millisecond.


class _CsvRow:
    """A row's line and its cells by column key, stripped."""

    __slots__ = ("cells", "line")

    def __init__(self, line: int, cells: dict[str, str]) -> None:
        self.line = line
        self.cells = cells

    def get(self, key: str) -> str:
        return self.cells.get(key, "")


_ScoreCells = tuple[str, str, str, str, str, Vulnerability]


class _Seen:
    """What a file's rows repeat, read once: a session of thousands of rows has a few hundred
    distinct results (each row shares the frozen side scores made for its cells, or the
    message of their problem) and a few thousand distinct numbers."""

    __slots__ = ("numbers", "scores")

    def __init__(self) -> None:
        self.scores: dict[_ScoreCells, tuple[SideScore, SideScore, bool] | str] = {}
        self.numbers: dict[str, int | None] = {}

    def number(self, text: str) -> int | None:
        """A board, pair or player number (1 to 9999), or None."""
        try:
            return self.numbers[text]
        except KeyError:
            # \d{1,4}: one to four decimal digits (Unicode digits too, as int() reads them)
            found = int(text) if 0 < len(text) <= 4 and text.isdecimal() and int(text) else None
            self.numbers[text] = found
            return found

    def side_scores(self, row: _CsvRow, vul: Vulnerability) -> tuple[SideScore, SideScore, bool]:
        """:func:`_scores` of the row, made once for each distinct result cells."""
        cells = row.cells
        key = (
            cells.get("contract", ""),
            cells.get("declarer", ""),
            cells.get("result", ""),
            cells.get("score", ""),
            cells.get("adjusted", ""),
            vul,
        )
        found = self.scores.get(key)
        if found is None:
            try:
                found = _scores(row, vul)
            except ParseError as error:
                found = sentence(error)
            self.scores[key] = found
        if isinstance(found, str):
            raise ParseError(found)
        return found


# A line names the session as the pattern r"(?i)^#\s*(event|title|date)\s*:\s*(.*?)\s*$"
# reads a stripped line (with ignored case, "İ" and "ı" are also an i), read without compiling it.
_META_NAMES = frozenset({"event", "title", "date"})
_DOTLESS_I = str.maketrans({"\u0130": "i", "\u0131": "i"})


def _metadata(text: str) -> dict[str, str]:
    """``# event: ...`` and ``# date: ...`` comment lines name the session."""
    found: dict[str, str] = {}
    if "#" not in text:
        return found
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("#") or ":" not in stripped:
            continue
        name, _, value = stripped[1:].partition(":")
        name = name.strip()
        if name.translate(_DOTLESS_I).lower() in _META_NAMES:
            found["title" if name.lower() in ("event", "title") else "date"] = value.strip()
    return found


@paused()
def loads(
    data: str | bytes,
    path: str | None = None,
    *,
    structure: FieldStructure | None = None,
    movement: Movement | None = None,
) -> ResultsFile:
    """Read traveller CSV text (or its bytes: UTF-8, with or without BOM, or as a byte-order
    mark says) into a checked :class:`Session`.

    With the session's ``movement``, rows may give their table and round (or table alone) and
    leave the pairs out: the movement seats them, checks any pairs given, and settles the field
    structure (:mod:`bridgescore.movements.seating`).
    """
    text = decode_text(data, "CSV", path)
    meta = _metadata(text)
    problems = Problems(path)
    rows = list(_rows(text, problems, seated=movement is not None))
    if problems and not rows:
        problems.raise_if_any()
    seen = _Seen()
    boards = _boards(rows, problems, seen)
    tables = []
    for row in rows:
        # A row with problems may still say who played which board, for the checks that span
        # rows (a pair playing a board twice).
        table = _table(row, boards, problems, seen, seated=movement is not None)
        if table is not None:
            tables.append(table)
    if not tables and not problems:
        problems.report(
            Text(N_("no results in the file")), expected=Text(N_("a header and one row per table"))
        )
    if movement is not None:
        from bridgescore.movements import seating

        tables, against = seating.seat(tables, movement)
        problems.extend(against)
        structure = structure or movement.kind
    session = Session.build(
        tables, boards, structure, meta.get("title"), meta.get("date"), path=path, found=problems
    )
    return ResultsFile(session)


load = load_with(loads)


def separator(text: str) -> str:
    """The cell separator, from the header line: ``,``; else ``;`` (a spreadsheet set to a
    language that writes decimal commas saves its CSV so); else a tab."""
    for line in _first_lines(text):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if "," in line:
            return ","
        if ";" in line:
            return ";"
        return "\t" if "\t" in line else ","
    return ","


def _first_lines(text: str) -> Iterator[str]:
    """``text.splitlines()``, split from the top a growing piece at a time: the header is
    near the top, and splitting the whole of a large file only to find it took longer than
    reading it."""
    end = 0
    size = 4096
    while True:
        lines = text[:size].splitlines()
        whole = size >= len(text)
        complete = lines if whole else lines[:-1]  # the last line may go on past the piece
        yield from complete[end:]
        if whole:
            return
        end = len(complete)
        size *= 4


def _records(
    text: str, problems: Problems, delimiter: str = ","
) -> Iterator[tuple[int, list[str]]]:
    """Each CSV record with the line it starts on; blank and ``#`` comment lines skipped.

    A quote that is never closed would make the rest of the file one cell: it is an error, as
    is a quoted cell that runs over lines that look like rows of their own.
    """
    reader = csv.reader(io.StringIO(text), skipinitialspace=True, delimiter=delimiter)
    line = 1
    width = 0
    try:
        for cells in reader:
            start, line = line, reader.line_num + 1
            first = cells[0].lstrip() if cells else ""
            if first.startswith("#") or not (first or any(cell.strip() for cell in cells)):
                continue
            width = width or len(cells)
            if reader.line_num > start and _swallowed(text, cells, start, delimiter, width):
                return
            yield start, cells
    except csv.Error as error:
        problems.add(Problem(Text(N_("unreadable CSV (%(error)s)"), error=error), reader.line_num))


class _Unclosed(Exception):
    """A quote opened on line ``start`` and never closed, and what it would swallow."""

    def __init__(self, start: int, said: Text) -> None:
        super().__init__(start, said)
        self.start, self.said = start, said


def _swallowed(text: str, cells: list[str], start: int, delimiter: str, width: int) -> bool:
    """Whether a record of several lines is a quote left open (raises :class:`_Unclosed`)."""
    lines = [part for cell in cells if "\n" in cell for part in cell.split("\n")[1:]]
    rowlike = sum(1 for part in lines if part.count(delimiter) >= max(2, width - 2))
    rest = "\n".join(text.splitlines()[start - 1 :])
    try:
        list(csv.reader(io.StringIO(rest), strict=True, delimiter=delimiter))
        at_end = False
    except csv.Error as error:
        at_end = "end of data" in str(error)
    if at_end or rowlike:
        said = (
            Text(
                N_(
                    "a quote opened on line %(line)s is never closed: the rest of the file "
                    "(%(count)s more lines) would be one cell"
                ),
                line=start,
                count=len(lines),
            )
            if at_end
            else Text(
                N_(
                    "a quote opened on line %(line)s is never closed, so %(count)s later rows "
                    "would be read as part of one cell"
                ),
                line=start,
                count=rowlike,
            )
        )
        raise _Unclosed(start, said)
    return False


def _rows(text: str, problems: Problems, seated: bool = False) -> Iterator[_CsvRow]:
    try:
        yield from _rows_of(text, problems, seated)
    except _Unclosed as error:
        problems.add(
            Problem(error.said, error.start, expected=Text(N_('a closing " after the quoted text')))
        )


def _both(parts: list[str]) -> str:
    """``a and b and c``, said in the language."""
    said = parts[0]
    for part in parts[1:]:
        said = Text(N_("%(one)s and %(other)s"), one=said, other=part)
    return said


def _rows_of(text: str, problems: Problems, seated: bool) -> Iterator[_CsvRow]:
    delimiter = separator(text)
    decimal_comma = delimiter == ";"
    records = _records(text, problems, delimiter)
    first = next(records, None)
    if first is None:
        if not problems:
            problems.add(
                Problem(
                    Text(N_("the file is empty")),
                    expected=Text(N_("a header row and one row per table")),
                )
            )
        return
    header_line, header = first
    keys: list[str] = []
    for name in header:
        key = column_key(name)
        if key is None:
            problems.add(
                Problem(
                    Text(N_("unknown column")),
                    header_line,
                    found=name,
                    expected=Text(N_("one of %(names)s"), names=", ".join(COLUMNS)),
                )
            )
            keys.append("")
        elif key in keys:
            problems.add(Problem(Text(N_("column given twice")), header_line, found=name))
            keys.append("")
        else:
            keys.append(key)
    present = set(keys)
    pairs = {"ns", "ew"} <= present
    players = {"n", "e", "s", "w"} <= present
    missing: list[str] = []
    if "board" not in present:
        missing.append("board")
    if not pairs and not players and not (seated and "table" in present):
        missing.append(Text(N_("ns and ew (pairs) or n, e, s and w (players)")))
    if not ({"contract", "score", "adjusted"} & present):
        missing.append(Text(N_("contract (with declarer and result) or score")))
    if missing:
        problems.add(
            Problem(
                Text(N_("missing columns")),
                header_line,
                found=", ".join(header),
                expected=_both(missing),
            )
        )
        return
    if pairs and players:
        problems.add(
            Problem(
                Text(N_("both pair and player columns")),
                header_line,
                expected=Text(N_("ns, ew for pairs or n, e, s, w for an individual")),
            )
        )
        return
    every_key_known = all(keys)
    for line, cells in records:
        if len(cells) != len(keys):
            problems.add(
                Problem(
                    counted(
                        "%(num)d cell for %(columns)s columns",
                        "%(num)d cells for %(columns)s columns",
                        len(cells),
                        columns=len(keys),
                    ),
                    line,
                    found=delimiter.join(cells),
                    expected=Text(N_("%(keys_count)s cells"), keys_count=len(keys)),
                )
            )
            continue
        if every_key_known:
            row = dict(zip(keys, map(str.strip, cells), strict=True))
        else:
            row = {k: v.strip() for k, v in zip(keys, cells, strict=True) if k}
        if decimal_comma:  # 55,5% is 55.5%
            for key in ("contract", "adjusted", "score"):
                if key in row:
                    row[key] = re.sub(_DECIMAL_COMMA, r"\1.\2", row[key])
        yield _CsvRow(line, row)


def _boards(rows: list[_CsvRow], problems: Problems, seen: _Seen) -> dict[int, Board]:
    """Boards with their vulnerability and dealer, from the board number unless overridden.

    Every row of a board must agree, except the rows of a fouled board's groups (``group``),
    whose copies may differ: the board takes the first value given on a row outside any group,
    else the first given at all.
    """
    boards: dict[int, Board] = {}
    set_on: dict[tuple[int, str], tuple[str, int, bool]] = {}
    for row in rows:
        number = seen.number(row.get("board"))
        if number is None:
            continue
        board = boards.get(number) or Board.numbered(number)
        cells = row.cells
        if "vul" not in cells and "dealer" not in cells:
            boards[number] = board
            continue
        grouped = bool(row.get("group"))
        for key in ("vul", "dealer"):
            text = row.get(key)
            if not text:
                continue
            try:
                value = _norm(text, key)
            except ParseError as error:
                problems.add(
                    Problem(sentence(error), row.line, number, row.get("table") or None, found=text)
                )
                continue
            earlier = set_on.get((number, key))
            if earlier is not None and not grouped and not earlier[2]:
                if _norm(earlier[0], key) != value:
                    problems.add(
                        Problem(
                            Text(
                                N_("board %(number)s has %(key)s %(earlier)s on line %(earlier2)s"),
                                number=number,
                                key=key,
                                earlier=repr(earlier[0]),
                                earlier2=earlier[1],
                            ),
                            row.line,
                            number,
                            row.get("table") or None,
                            found=text,
                            expected=Text(
                                N_(
                                    "the same %(key)s on every row of a board (or a group column "
                                    "for a fouled board)"
                                ),
                                key=key,
                            ),
                        )
                    )
                continue
            if earlier is None or (earlier[2] and not grouped):
                set_on[number, key] = (text, row.line, grouped)
                if key == "vul":
                    board = Board(number, Vulnerability.parse(text), board.dealer, board.deal)
                else:
                    board = Board(number, board.vulnerability, Seat.parse(text), board.deal)
        boards[number] = board
    return boards


def _norm(text: str, key: str) -> str:
    return str(Vulnerability.parse(text) if key == "vul" else Seat.parse(text))


def _table(
    row: _CsvRow, boards: dict[int, Board], problems: Problems, seen: _Seen, seated: bool = False
) -> TableResult | None:
    """The row's table result, recording its problems; ``None`` when not even who played which
    board can be told, the result without its score when only the score is wrong."""
    get = row.cells.get
    table = get("table", "") or None
    found = 0  # problems in this row

    def problem(message: str, text: str | None = None, expected: str | None = None) -> None:
        nonlocal found
        found += 1
        problems.report(message, row.line, board, table, text, expected)

    board = seen.number(get("board", ""))
    if board is None:
        problem(
            Text(N_("not a board number")),
            get("board", ""),
            Text(N_("a whole number from 1 to 9999")),
        )
        return None
    # A fouled board's copies may differ: the row's own vulnerability scores the row.
    vul = boards[board].vulnerability
    if get("vul", ""):
        with contextlib.suppress(ParseError):  # reported with the board's vulnerability
            vul = Vulnerability.parse(get("vul", ""))
    seats: tuple[str, ...] = ("ns", "ew") if "ns" in row.cells else ("n", "s", "e", "w")
    if seated and not any(get(seat, "") for seat in seats):
        seats = ()  # the movement seats this row by its table and round
    numbers = []
    known = seen.numbers
    for seat in seats:
        text = get(seat, "")
        number = known.get(text) or seen.number(text)  # read once for the file
        if number is not None:
            numbers.append(number)
        else:
            what = Text(N_("pair")) if len(seats) == 2 else Text(N_("player"))
            problem(
                Text(N_("not a %(what)s number in column %(seat)s"), what=what, seat=seat),
                text,
                Text(N_("a whole number from 1 to 9999")),
            )
    round_text = get("round", "")
    round_number = None
    if round_text:
        if len(round_text) <= 3 and round_text.isdecimal():  # \d{1,3}: Unicode digits
            round_number = int(round_text)
        else:
            problem(Text(N_("not a round number")), round_text, Text(N_("a whole number")))
    arrow = False
    if get("arrow", ""):
        flag = get("arrow", "").lower()
        if flag in ("1", "y", "yes", "true", "x"):
            arrow = True
        elif flag not in ("0", "n", "no", "false", "-"):
            problem(Text(N_("not an arrow-switch flag")), get("arrow", ""), Text(N_("yes or no")))
    lead = get("lead", "") or None
    if lead:
        card = lead_card(lead.replace(" ", ""))
        if card:
            lead = card
        else:
            problem(Text(N_("not a lead")), lead, Text(N_("a card like SA, H7 or TD")))
    ns_side: SideScore = None
    ew_side: SideScore = None
    assigned = False
    score_problem = False
    try:
        ns_side, ew_side, assigned = seen.side_scores(row, vul)
    except ParseError as error:
        problem(sentence(error))
        score_problem = True
    if found and not (score_problem and found == 1):
        return None
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    names: tuple[str | None, ...] = (get("ns_names", "") or None, get("ew_names", "") or None)
    if not seats:
        ns, ew = (), ()
    elif len(seats) == 2:
        ns, ew = (numbers[0],), (numbers[1],)
    else:
        ns, ew = (numbers[0], numbers[1]), (numbers[2], numbers[3])
        names = tuple(get(f"{seat}_name", "") or None for seat in ("n", "s", "e", "w"))
    # In the order of TableResult's fields: passed by position, as keywords cost a third more
    # on every row of a large file.
    return TableResult(
        board,
        ns,
        ew,
        ns_side,
        ew_side,
        assigned,
        table,
        round_number,
        lead,
        arrow,
        get("group", "") or None,
        None if vul is boards[board].vulnerability else vul,  # the row's own vulnerability
        get("section", "") or None,
        names,
        row.line,
    )


def lead_card(text: str) -> str | None:
    """The card ``text`` names as a lead (``SA``, ``h7``, ``10D``, ``♠K``), as ``SA``, ``H7``,
    ``DT`` or ``SK``; None if it names none."""
    if text.endswith("\n"):  # as ``$`` allows
        text = text[:-1]
    if len(text) == 2:
        first, second = text[0], text[1]
    elif len(text) == 3 and text[1:] == "10":
        first, second = text[0], "10"
    elif len(text) == 3 and text.startswith("10"):
        first, second = "10", text[2]
    else:
        return None
    if first in _LEAD_SUITS and (second == "10" or second in _LEAD_RANKS):
        suit, rank = first, second
    elif second in _LEAD_SUITS and (first == "10" or first in _LEAD_RANKS):
        suit, rank = second, first
    else:
        return None
    return _SUIT.get(suit, suit.upper()) + rank.upper().replace("10", "T")


def _artificial_side(text: str) -> bool:
    """Whether stripped ``text`` is one side's artificial score: A, AV or AVE with an optional
    + or -, or a percentage of one to three digits with optional decimals and %."""
    if text[-1:] in ("+", "-"):
        return text[:-1].lower() in _AVERAGES
    if text.lower() in _AVERAGES:
        return True
    whole, dot, part = text.removesuffix("%").partition(".")
    return 1 <= len(whole) <= 3 and whole.isdecimal() and (not dot or part.isdecimal())


def _artificial_sides(text: str) -> bool:
    """Whether ``text`` is an artificial score for each side, NS/EW, like ``A+/A-``."""
    ns, slash, ew = text.partition("/")
    return bool(slash) and _artificial_side(ns.strip()) and _artificial_side(ew.strip())


def column_key(name: str) -> str | None:
    """The column a header cell names, by any of its spellings (``NS-Names``, ``names ns``:
    ``ns_names``); None for a name not in :data:`COLUMNS`."""
    return _ALIASES.get(name.strip().lower().replace(" ", "_").replace("-", "_"))


def score_cells(cells: dict[str, str], vul: Vulnerability) -> tuple[SideScore, SideScore, bool]:
    """One row's side scores from its cells by column key (contract, declarer, result, score,
    adjusted), and whether the director assigned them; :class:`ParseError` as the reader
    reports it."""
    return _scores(_CsvRow(0, cells), vul)


def _scores(row: _CsvRow, vul: Vulnerability) -> tuple[SideScore, SideScore, bool]:
    contract_text = row.get("contract")
    declarer_text = row.get("declarer")
    result_text = row.get("result")
    score_text = row.get("score")
    adjusted = row.get("adjusted")
    if adjusted:
        if contract_text or declarer_text or result_text or score_text:
            raise ParseError(
                Text(
                    N_(
                        "both a table result and an adjusted score %(adjusted)s (expected the "
                        "adjusted score alone: it replaces the result)"
                    ),
                    adjusted=repr(adjusted),
                )
            )
        return parse_side_scores(adjusted, vul)
    upper = contract_text.upper()
    if upper in ("NP", "NOT PLAYED", "A", "AVE") or (
        "/" in contract_text and _artificial_sides(contract_text)
    ):
        if declarer_text or result_text or score_text:
            raise ParseError(
                Text(
                    N_("%(contract_text)s with a declarer, result or score (expected them empty)"),
                    contract_text=repr(contract_text),
                )
            )
        return parse_side_scores(contract_text, vul)
    end = contract_text.rstrip()[-1:]
    if (end in _ARTIFICIAL_ENDS or end.isdecimal()) and _artificial_side(contract_text.strip()):
        raise ParseError(
            Text(
                N_(
                    "an artificial score for one side only: %(contract_text)s (expected both "
                    "sides, NS then EW, like A+/A- or 60/40, or A for average to both)"
                ),
                contract_text=repr(contract_text),
            )
        )
    score: int | None = None
    points = re.fullmatch(_POINTS, score_text) if score_text else None
    if points:
        if contract_text or declarer_text or result_text:
            raise ParseError(
                Text(
                    N_(
                        "an assigned point score %(score_text)s with a contract, declarer or "
                        "result (expected the score alone)"
                    ),
                    score_text=repr(score_text),
                )
            )
        side = WeightedResult.single(BridgeResult.from_score(int(points[1]), vul, assigned=True))
        return side, side, True  # the director assigned it, as in the adjusted column
    if score_text:
        if not re.fullmatch(_SCORE, score_text) or int(score_text) % 10:
            raise ParseError(
                Text(
                    N_(
                        "not a score: %(score_text)s (expected the NS score, a multiple of 10 from "
                        "-7600 to 7600, like 420 or -50)"
                    ),
                    score_text=repr(score_text),
                )
            )
        score = int(score_text)
    if not contract_text:
        if score is None:
            raise ParseError(
                Text(N_("no result (expected a contract with declarer and result, or a score)"))
            )
        if declarer_text or result_text:
            raise ParseError(
                Text(N_("a declarer or result without a contract (expected a contract)"))
            )
        return _same(BridgeResult.from_score(score, vul))
    if upper in ("PASS", "P", "PASSED", "ALL PASS", "AP"):
        if declarer_text not in ("", "-") or result_text not in ("", "-"):
            raise ParseError(
                Text(N_("a passed-out board with a declarer or result (expected them empty)"))
            )
        if score not in (None, 0):
            raise ParseError(
                Text(
                    N_("a passed-out board scores 0, the score column says %(score)s"), score=score
                )
            )
        return _same(BridgeResult.pass_out())
    contract = _contract(contract_text)
    if not declarer_text:
        raise ParseError(
            Text(N_("%(contract)s has no declarer (expected N, E, S or W)"), contract=contract)
        )
    declarer = Seat.parse(declarer_text)
    if result_text:
        tricks = parse_tricks(result_text, contract)
    elif score is not None:
        found = [t for t in range(14) if contract.ns_score(declarer, t, vul) == score]
        if not found:
            raise ParseError(
                Text(
                    N_(
                        "%(contract)s by %(declarer)s cannot score %(score)s with %(words)s "
                        "(expected a result column, or a score this contract can make)"
                    ),
                    contract=contract,
                    declarer=declarer,
                    score=score,
                    words=vul.words,
                )
            )
        tricks = found[0]
    else:
        raise ParseError(
            Text(
                N_("%(contract)s by %(declarer)s has no result (expected tricks, =, +1, -2 ...)"),
                contract=contract,
                declarer=declarer,
            )
        )
    result = BridgeResult.played(contract, declarer, tricks, vul)
    if score is not None and score != result.ns_score:
        raise ParseError(
            Text(
                N_(
                    "the result contradicts the score: %(result)s with %(words)s is %(ns_score)s "
                    "to NS, the score column says %(score)s"
                ),
                result=result,
                words=vul.words,
                ns_score=f"{result.ns_score:+d}",
                score=f"{score:+d}",
            )
        )
    return _same(result)


@lru_cache(maxsize=1024)
def _contract(text: str) -> Contract:
    """:meth:`Contract.parse`, remembered: a file has far fewer contracts than distinct results
    (contracts are frozen, so rows can share them)."""
    return Contract.parse(text)


def _same(result: BridgeResult) -> tuple[SideScore, SideScore, bool]:
    side = WeightedResult.single(result)
    return side, side, False


# --- writing -----------------------------------------------------------------------------------


def dumps(rf: ResultsFile) -> str:
    """The file's session as traveller CSV that :func:`loads` reads back to the same session.

    A CSV holds the results alone: scores, reported figures and deals are not written.
    """
    session = rf.session
    individual = session.structure is FieldStructure.INDIVIDUAL
    people = ["n", "s", "e", "w"] if individual else ["ns", "ew"]
    name_columns = [f"{p}_name" for p in people] if individual else ["ns_names", "ew_names"]
    columns = [
        "section",
        "board",
        "table",
        "round",
        *people,
        "contract",
        "declarer",
        "result",
        "score",
        "adjusted",
        "lead",
        "vul",
        "dealer",
        "arrow",
        "group",
        *name_columns,
    ]
    out = io.StringIO()
    if session.title:
        out.write(f"# event: {session.title}\n")
    if session.date:
        out.write(f"# date: {session.date}\n")
    rows: list[dict[str, str]] = []
    copies_differ = {t.board for t in session.tables if t.vulnerability is not None}
    for t in session.tables:
        board = session.boards[t.board]
        cells: dict[str, str] = {
            "board": str(t.board),
            "table": t.table or "",
            "round": "" if t.round is None else str(t.round),
            "lead": t.lead or "",
            "arrow": "yes" if t.arrow else "",
            "group": t.group or "",
            "section": t.section or "",
        }
        for key, number in zip(people, (*t.ns, *t.ew), strict=True):
            cells[key] = str(number)
        who = (*session.entrants(t, Side.NS), *session.entrants(t, Side.EW))
        for key, entrant in zip(name_columns, who, strict=False):
            cells[key] = session.names.get(entrant, "")
        if t.board in copies_differ:
            # A fouled board's copies differ: say each row's, so none is taken for another's.
            cells["vul"] = str(t.vulnerability or board.vulnerability)
        elif board.vulnerability is not Vulnerability.for_board(t.board):
            cells["vul"] = str(board.vulnerability)
        if board.dealer is not dealer_for_board(t.board):
            cells["dealer"] = str(board.dealer)
        result = t.result
        if not t.played:
            cells["contract"] = "NP"
        elif isinstance(t.ns_side, Artificial) and isinstance(t.ew_side, Artificial):
            cells["contract"] = _artificial_pair(t.ns_side, t.ew_side)
        elif result is not None and not t.assigned:
            if result.passed_out:
                cells["contract"] = "PASS"
            elif result.contract is not None:
                cells["contract"] = str(result.contract)
                cells["declarer"] = str(result.declarer)
                cells["result"] = str(result.tricks)
            cells["score"] = str(result) if result.assigned_points else str(result.ns_score)
        else:
            cells["adjusted"] = t.describe()
        rows.append(cells)
    # Optional columns are written only when some row uses them.
    required = {"board", *people, "contract"}
    columns = [c for c in columns if c in required or any(r.get(c) for r in rows)]
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for cells in rows:
        writer.writerow([cells.get(c, "") for c in columns])
    return out.getvalue()


def _artificial_pair(ns: Artificial, ew: Artificial) -> str:
    if ns == ew and ns.code == "A":
        return "A"
    return f"{_artificial_text(ns)}/{_artificial_text(ew)}"


def _artificial_text(side: Artificial) -> str:
    if side.code != "%":
        return side.code
    percent = side.percent
    return str(percent.numerator) if percent.denominator == 1 else str(float(percent))


def dump(rf: ResultsFile, fp: IO[str]) -> None:
    fp.write(dumps(rf))


__all__ = [
    "COLUMNS",
    "column_key",
    "dump",
    "dumps",
    "lead_card",
    "load",
    "loads",
    "score_cells",
]
