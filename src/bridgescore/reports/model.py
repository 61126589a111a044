"""Typed records behind the recap sheet and score cards, and the names of the results pages.

Pure data built from a :class:`~bridgescore.session.SessionResult` (no I/O, no templates), exact
until displayed: :mod:`bridgescore.reports.views` turns them into each page's plain data (what
the HTML page renders and its JSON twin is), the terminal prints them as they are. Each is built
in one pass over the session's tables.

* The recap sheet (seed 003 figures 12-13): pairs x boards, each pair's matchpoints (or IMPs) on
  each board it played, its totals in each direction and in all.
* A score card: one pair's (or player's) boards in the order played, with the opponents, the
  direction, the result, the matchpoints, the percentage on the board and the running total.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import NamedTuple

from bridgescore.bridge import Side
from bridgescore.explanation import Explanation
from bridgescore.results import FieldResult, ScoredBoard, ScoredTable, SessionResult, Standing
from bridgescore.rules import Method
from bridgescore.scoring.pairs import exact_sum
from bridgescore.session import Entrant

BoardKey = tuple[int, str | None]  # a board's number and, when sections are scored apart, section


def board_key(board: ScoredBoard) -> BoardKey:
    return (board.board.number, board.section)


def board_page(board: ScoredBoard | BoardKey) -> str:
    """The file name of a board's traveller page (without extension)."""
    number, section = board_key(board) if isinstance(board, ScoredBoard) else board
    return f"board-{_slug(section)}-{number}" if section else f"board-{number}"


def entrant_page(entrant: Entrant) -> str:
    """The file name of a pair's (or player's) score card page (without extension)."""
    kind = "player" if entrant.player else "pair"
    return f"{kind}-{_slug(entrant.label)}"


def evening_page(entrant: Entrant) -> str:
    """The file name of a pair's (or player's) evening, board by board (without extension)."""
    return f"{entrant_page(entrant)}-evening"


def field_anchor(field: str) -> str:
    """The id of a field's ranking on the index page: ``field-ns``, ``field-a-ew``."""
    return "field-" + _slug(field)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def in_imps(result: SessionResult) -> bool:
    return result.rules.method is not Method.MATCHPOINTS


# --- the recap sheet ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RecapCell:
    """What one entrant scored on one board, and in which direction it sat."""

    board: ScoredBoard
    side: Side
    value: Fraction | None  # None: the board was not played at the entrant's table

    @property
    def percent(self) -> Fraction | None:
        if self.value is None or not self.board.top:
            return None
        return 100 * self.value / self.board.top


@dataclass(frozen=True)
class RecapRow:
    standing: Standing
    cells: tuple[RecapCell | None, ...]  # one per board of the sheet; None: not at that board

    def total(self, side: Side | None = None) -> Fraction:
        """The sum of the cells, in one direction or in all."""
        return exact_sum(
            [
                c.value
                for c in self.cells
                if c is not None and c.value is not None and (side is None or c.side is side)
            ]
        )


@dataclass(frozen=True)
class Recap:
    """One field's recap sheet; ``two_way`` when its entrants sat both NS and EW."""

    field: FieldResult
    boards: tuple[ScoredBoard, ...]
    rows: tuple[RecapRow, ...]

    @property
    def two_way(self) -> bool:
        sides = {c.side for row in self.rows for c in row.cells if c is not None}
        return len(sides) > 1


def recap(result: SessionResult) -> tuple[Recap, ...]:
    """Every field's recap sheet, entrants in number order (as the scorer's sheet is)."""
    # Where each entrant sat on each board, found in one pass over the tables.
    seats: dict[tuple[int, Entrant], tuple[ScoredTable, Side]] = {}
    at_board: list[set[Entrant]] = []
    for index, board in enumerate(result.boards):
        present: set[Entrant] = set()
        for table in board.tables:
            for side in Side:
                for entrant in table.ns_entrants if side is Side.NS else table.ew_entrants:
                    seats.setdefault((index, entrant), (table, side))
                    present.add(entrant)
        at_board.append(present)
    sheets = []
    for field in result.fields:
        members = {s.entrant for s in field.standings}
        columns = [i for i, present in enumerate(at_board) if not members.isdisjoint(present)]
        rows = []
        for standing in sorted(field.standings, key=lambda s: s.entrant):
            cells = []
            for i in columns:
                seat = seats.get((i, standing.entrant))
                cells.append(None if seat is None else _cell(result.boards[i], *seat))
            rows.append(RecapRow(standing, tuple(cells)))
        sheets.append(Recap(field, tuple(result.boards[i] for i in columns), tuple(rows)))
    return tuple(sheets)


def _cell(board: ScoredBoard, table: ScoredTable, side: Side) -> RecapCell:
    return RecapCell(board, side, table.points(side))


# --- score cards -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardRow:
    """One board on an entrant's score card."""

    board: ScoredBoard
    table: ScoredTable
    side: Side
    partners: tuple[Entrant, ...]  # in an individual, the player's partner on this board
    opponents: tuple[Entrant, ...]
    explanation: Explanation | None
    running: Fraction  # the total so far, this board included
    position: int  # the table's row on the board's traveller, from 1

    @property
    def round(self) -> int | None:
        return self.table.table.round

    @property
    def score(self) -> int | None:
        """The table's score from this entrant's side (None unless one bridge result)."""
        ns = self.table.ns_score
        if ns is None:
            return None
        return ns if self.side is Side.NS else -ns

    @property
    def value(self) -> Fraction | None:
        return None if self.explanation is None else self.explanation.value

    @property
    def top(self) -> Fraction | None:
        return None if self.explanation is None or self.explanation.in_imps else self.board.top

    @property
    def percent(self) -> Fraction | None:
        """The percentage of the top won on this board (matchpoint events only)."""
        if self.explanation is None or self.explanation.in_imps or not self.explanation.top:
            return None
        return 100 * self.explanation.value / self.explanation.top


@dataclass(frozen=True)
class ScoreCard:
    entrant: Entrant
    standing: Standing
    field: FieldResult
    rows: tuple[CardRow, ...]

    @property
    def name(self) -> str | None:
        return self.standing.name

    @property
    def total(self) -> Fraction:
        return self.rows[-1].running if self.rows else Fraction(0)


def score_cards(result: SessionResult) -> tuple[ScoreCard, ...]:
    """A card for every ranked entrant, in field then number order."""
    cards = ScoreCards(result)
    return tuple(
        cards.made(standing, field)
        for field in result.fields
        for standing in sorted(field.standings, key=lambda s: s.entrant)
    )


class ScoreCards:
    """Every ranked entrant's score card, each made when first asked for: a large site's cards
    are shared by two processes (:class:`bridgescore.reports.files.Split`), and each makes
    its own after the fork, on its own core, rather than the first make all of them before."""

    def __init__(self, result: SessionResult) -> None:
        self.result = result
        # in field then number order (an entrant ranked in two fields: the later field's card)
        self._ranked = {
            standing.entrant: (standing, field)
            for field in result.fields
            for standing in sorted(field.standings, key=lambda s: s.entrant)
        }
        self._made: dict[Entrant, ScoreCard] = {}

    def entrants(self) -> tuple[Entrant, ...]:
        return tuple(self._ranked)

    def __getitem__(self, entrant: Entrant) -> ScoreCard:
        card = self._made.get(entrant)
        if card is None:
            card = self._made[entrant] = self.made(*self._ranked[entrant])
        return card

    def made(self, standing: Standing, field: FieldResult) -> ScoreCard:
        rows = _rows(standing, self._played.get(standing.entrant, []))
        return ScoreCard(standing.entrant, standing, field, rows)

    @cached_property
    def _played(self) -> defaultdict[Entrant, list[Played]]:
        played: defaultdict[Entrant, list[Played]] = defaultdict(list)
        ns, ew = Side.NS, Side.EW
        for board in self.result.boards:
            for position, table in enumerate(board.tables, start=1):
                for entrant in table.ns_entrants:
                    played[entrant].append(Played(board, table, ns, position))
                for entrant in table.ew_entrants:
                    played[entrant].append(Played(board, table, ew, position))
        return played


class Played(NamedTuple):
    """A board an entrant played: where it sat, and which row of the traveller that is."""

    board: ScoredBoard
    table: ScoredTable
    side: Side
    position: int


def _rows(standing: Standing, items: list[Played]) -> tuple[CardRow, ...]:
    by_round = all(item.table.table.round is not None for item in items)
    ordered = sorted(
        items,
        key=lambda item: (
            item.table.table.round or 0 if by_round else 0,
            item.board.board.number,
            item.board.section or "",
        ),
    )
    running = Fraction(0)
    rows = []
    for board, table, side, position in ordered:
        own = table.ns_entrants if side is Side.NS else table.ew_entrants
        other = table.ew_entrants if side is Side.NS else table.ns_entrants
        explanation = table.explanation(side)
        if explanation is not None:
            running += explanation.value
        rows.append(
            CardRow(
                board,
                table,
                side,
                tuple(e for e in own if e != standing.entrant),
                other,
                explanation,
                running,
                position,
            )
        )
    return tuple(rows)
