"""A plain traveller CSV read and matchpointed by columns: very large pairs fields, exactly.

:func:`score_path` gives what ``score_pairs(load_path(path).session, rules)`` gives for each
pair (its matchpoints, the tops available, its boards) and for each row (each side's value and,
when asked, its :class:`~bridgescore.explanation.Explanation`), without making a Python object
per row. It needs numpy (the ``fast`` extra) and is imported on demand only.

The columnar path takes one layout, checked byte by byte, never guessed:

* a ``.csv`` file of ASCII letters, digits and ``, + - = /`` only, one record per line, no blank
  or comment line, no quote, space, tab or carriage return;
* the columns ``board``, ``ns``, ``ew``, ``contract`` and any of ``declarer``, ``result``,
  ``round``, ``table``, ``lead`` (under any spelling :data:`bridgescore.formats.csv.COLUMNS`
  accepts), every row with a cell for each: no sections, vulnerability, scores, assigned or
  weighted results, names or arrow switches;
* every number, round, lead and result valid, and none of the problems the reader and
  :meth:`Session.build <bridgescore.session.Session.build>` report (a second result for a row,
  a pair playing a board twice);
* matchpoints, and no Ave+ or Ave- when the session-percentage rule is on.

Anything else is read and scored by the object path (:func:`~bridgescore.formats.load_path`
then :func:`~bridgescore.scoring.score_pairs`), which also reports a file's problems: the
answer has the same interface either way, and says why it fell back.

One engine of truth: each distinct (contract, declarer, result, vulnerability) is read and
scored once, by the traveller reader's own code (``formats.csv._scores``) or, for a played
contract in its plain spelling, by the same steps taken directly (``Contract.parse``,
``parse_tricks``, ``Contract.ns_score``; a test checks every such cell against the reader);
boards are matchpointed by
:func:`bridgescore.fast.matchpoint_boards` (integer numerators over each board's denominator;
a board scored as a small group is matchpointed by the exact engine); totals are integers over
common denominators, made :class:`~fractions.Fraction` only when asked for. An explanation is
made when asked for, by :func:`~bridgescore.scoring.matchpoints.matchpoint_plain` on that
board, as :func:`~bridgescore.scoring.score_pairs` makes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import lcm
from operator import itemgetter
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bridgescore import fast
from bridgescore.bridge import Seat, Side, Vulnerability
from bridgescore.contract import Contract, parse_tricks
from bridgescore.errors import BridgeScoreError, ParseError
from bridgescore.explanation import Explanation
from bridgescore.results import (
    Checksum,
    FieldResult,
    ScoredBoard,
    ScoredTable,
    SessionResult,
    Standing,
)
from bridgescore.rules import Compensation, Method, Rules, Totals
from bridgescore.scoring.matchpoints import Plain, matchpoint_plain, top
from bridgescore.scoring.pairs import by_percentage
from bridgescore.session import Board, BoardCount, Completeness, Entrant, FieldStructure, Session
from bridgescore.traveller import (
    Artificial,
    BridgeResult,
    SideScore,
    TableResult,
    WeightedResult,
)

__all__ = [
    "ColumnarScores",
    "ExactScores",
    "Fallback",
    "Scores",
    "by_columns",
    "score_bytes",
    "score_path",
]

IntArray = npt.NDArray[np.int64]

# Bytes the columnar path reads: letters, digits, ``, + - = /`` and the line end.
_ALLOWED = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,+-=/\n"
_KEYS = frozenset({"board", "round", "table", "ns", "ew", "contract", "declarer", "result", "lead"})
_TEXT = ("contract", "declarer", "result")
_PAIRS = 10_000  # pair numbers are 1 to 9999: EW entrants of a Mitchell are numbered from here
_REAL, _ARTIFICIAL, _NOT_PLAYED = 0, 1, 2
_EXACT_FLOAT = 1 << 53  # float sums of integers are exact below this


class _Fallback(Exception):
    """Not the columnar path's file or rules; the reason becomes :attr:`Scores.fallback`."""


Fallback = _Fallback  # what :meth:`ColumnarScores.rankings` raises for the exact path to take


@dataclass(frozen=True, eq=False)
class _Key:
    """What one distinct (contract, declarer, result, vulnerability) scores."""

    kind: int
    ns_score: int
    ns: Artificial | None
    ew: Artificial | None
    sides: tuple[SideScore, SideScore] = (None, None)  # as the traveller reader reads them


# a pair's table in the JSON: its group's index, table, round, NS and EW pair numbers
Seated = tuple[int, str | None, int | None, int, int]


@dataclass(frozen=True, eq=False)
class _Cells:
    """What each row says beyond its score, for making the rows as the reader makes them:
    its distinct score cells (``key_of``), round, table and lead (codes of distinct texts)."""

    keys: list[_Key]
    key_of: IntArray
    rounds: IntArray | None
    tables: tuple[IntArray, list[str]] | None
    leads: tuple[IntArray, list[str | None]] | None


class Scores:
    """A pairs session's values: per pair (:meth:`totals`) and per row and side (:meth:`points`,
    :meth:`explanation`). Rows are numbered in file order from 0; ``fallback`` says why the
    object path scored the file (``None``: the columnar path did)."""

    fallback: str | None = None

    @property
    def rows(self) -> int:
        """How many rows the file has."""
        raise NotImplementedError

    def totals(self) -> dict[Entrant, Fraction]:
        """Each scored entrant's matchpoints (``Standing.points``)."""
        raise NotImplementedError

    def available(self) -> dict[Entrant, Fraction]:
        """Each scored entrant's matchpoints available (``Standing.available``)."""
        raise NotImplementedError

    def boards(self) -> dict[Entrant, int]:
        """How many boards each scored entrant played (``Standing.boards``)."""
        raise NotImplementedError

    def points(self, row: int, side: Side) -> Fraction | None:
        """The row's value for ``side`` (``None``: not scored, the board was not played)."""
        raise NotImplementedError

    def explanation(self, row: int, side: Side) -> Explanation | None:
        """How the row's value for ``side`` was reached, as the exact engine explains it."""
        raise NotImplementedError


class ExactScores(Scores):
    """The object path's answer (:class:`~bridgescore.results.SessionResult`) behind
    :class:`Scores`."""

    def __init__(self, result: SessionResult, fallback: str) -> None:
        self.result = result
        self.fallback = fallback
        tables = result.session.tables
        position = {t.identity: i for i, t in enumerate(tables)}  # rows by their natural key
        self._scored: list[ScoredTable | None] = [None] * len(tables)
        for board in result.boards:
            for scored in board.tables:
                self._scored[position[scored.table.identity]] = scored

    @property
    def rows(self) -> int:
        return len(self._scored)

    def totals(self) -> dict[Entrant, Fraction]:
        return {s.entrant: s.points for f in self.result.fields for s in f.standings}

    def available(self) -> dict[Entrant, Fraction]:
        return {s.entrant: s.available for f in self.result.fields for s in f.standings}

    def boards(self) -> dict[Entrant, int]:
        return {s.entrant: s.boards for f in self.result.fields for s in f.standings}

    def points(self, row: int, side: Side) -> Fraction | None:
        value = self.explanation(row, side)
        return None if value is None else value.value

    def explanation(self, row: int, side: Side) -> Explanation | None:
        scored = self._scored[row]
        assert scored is not None
        return scored.explanation(side)


@dataclass(frozen=True, eq=False)
class _Sums:
    entrants: list[Entrant]  # every entrant with a value, in order of their index
    points: npt.NDArray[np.int64] | npt.NDArray[np.object_]  # over ``common``
    common: int
    tops: IntArray  # in tie units
    played: IntArray


@dataclass(eq=False)
class ColumnarScores(Scores):
    """The columnar path's answer: per row, each side's value as an integer numerator over a
    denominator; per entrant, totals over common denominators."""

    rules: Rules
    structure: FieldStructure
    board: IntArray  # each row's board number
    ns_pair: IntArray
    ew_pair: IntArray
    kind: IntArray  # real result, artificial score or not played
    ns_score: IntArray  # the NS score of a real result (0 otherwise)
    artificial: dict[int, tuple[Artificial, Artificial]]  # by row
    numerator: dict[Side, IntArray]
    denominator: dict[Side, IntArray]  # 0 where the row is not scored
    expected: IntArray  # per board index: the results it is scored as if it had
    board_index: IntArray  # each row's board as an index into boards_played
    cells: _Cells | None = None  # each row's cells beyond its score (None: not kept)
    # the boards (indexes) matchpointed by the exact engine as small groups, when read
    small_groups: tuple[int, ...] = ()
    fallback: str | None = None
    _explained: dict[tuple[int, Side], list[Explanation | None]] = field(
        default_factory=dict, repr=False
    )
    _summed: _Sums | None = field(default=None, repr=False)
    _order: tuple[IntArray, IntArray, IntArray] | None = field(default=None, repr=False)
    _pair_lists: tuple[list[int], list[int]] | None = field(default=None, repr=False)
    _lists: tuple[list[int], list[str | None], list[int | None], list[str | None]] | None = field(
        default=None, repr=False
    )

    @property
    def rows(self) -> int:
        return int(self.board.size)

    def points(self, row: int, side: Side) -> Fraction | None:
        d = int(self.denominator[side][row])
        return None if d == 0 else Fraction(int(self.numerator[side][row]), d)

    def explanation(self, row: int, side: Side) -> Explanation | None:
        b = int(self.board_index[row])
        explained = self._explained.get((b, side))
        if explained is None:
            explained = self._explained[b, side] = self._explain_board(b, side)
        return explained[int(self._board_order()[2][row])]

    def _board_order(self) -> tuple[IntArray, IntArray, IntArray]:
        """The rows board by board (file order within a board), where each board's rows
        start there, and each row's position among its board's rows: worked out once."""
        if self._order is None:
            order = np.argsort(self.board_index, kind="stable")
            first = np.zeros(self.expected.size + 1, dtype=np.int64)
            np.cumsum(np.bincount(self.board_index, minlength=self.expected.size), out=first[1:])
            position = np.empty_like(order)
            position[order] = np.arange(order.size) - first[self.board_index[order]]
            self._order = (order, first, position)
        return self._order

    def _explain_board(self, b: int, side: Side) -> list[Explanation | None]:
        order, first, _ = self._board_order()
        rows = order[first[b] : first[b + 1]]
        kind = self.kind[rows]
        played = kind != _NOT_PLAYED
        # the played tables' scores as one list, each artificial one put in its place: a
        # board's rows are not read one at a time (a numpy scalar costs more than a list's item)
        rows_played = rows[played]
        points = self.ns_score[rows_played]
        scores: list[Plain] = (points if side is Side.NS else -points).tolist()
        pick = 0 if side is Side.NS else 1
        for i in np.flatnonzero(kind[played] == _ARTIFICIAL).tolist():
            scores[i] = self.artificial[int(rows_played[i])][pick]
        made: list[Explanation | None] = [
            *(matchpoint_plain(scores, self.rules, int(self.expected[b])) if scores else [])
        ]
        if played.all():
            return made
        # each table's place in ``made``; one past its end (None) for a table not played
        made.append(None)
        at = np.where(played, np.cumsum(played) - 1, len(scores))
        return list(map(made.__getitem__, at.tolist()))

    def totals(self) -> dict[Entrant, Fraction]:
        sums = self._sums()
        common = sums.common
        return dict(
            zip(sums.entrants, [Fraction(n, common) for n in sums.points.tolist()], strict=True)
        )

    def available(self) -> dict[Entrant, Fraction]:
        sums = self._sums()
        halves = 2 if self.rules.scale == 1 else 1  # tops are counted in tie units
        return dict(
            zip(sums.entrants, [Fraction(n, halves) for n in sums.tops.tolist()], strict=True)
        )

    def boards(self) -> dict[Entrant, int]:
        sums = self._sums()
        return dict(zip(sums.entrants, sums.played.tolist(), strict=True))

    def _entrant_index(self, side: Side) -> IntArray:
        pairs = self.ns_pair if side is Side.NS else self.ew_pair
        if self.structure is FieldStructure.MITCHELL and side is Side.EW:
            return pairs + _PAIRS
        return pairs

    def _sums(self) -> _Sums:
        """Each scored entrant's matchpoints as integers over one common denominator, its tops
        in tie units and its boards: worked out once, exactly."""
        if self._summed is not None:
            return self._summed
        size = 2 * _PAIRS
        per_denominator: dict[int, IntArray] = {}
        tops = np.zeros(size, dtype=np.int64)
        played = np.zeros(size, dtype=np.int64)
        board_top = self._board_tops()
        for side in Side:
            den = self.denominator[side]
            scored = den > 0
            who = self._entrant_index(side)[scored]
            num = self.numerator[side][scored]
            den = den[scored]
            played += np.bincount(who, minlength=size)
            tops += _exact_bincount(who, board_top[self.board_index[scored]], size)
            for d in _distinct(den).tolist():
                pick = den == d
                sums = _exact_bincount(who[pick], num[pick], size)
                if d in per_denominator:
                    per_denominator[d] = per_denominator[d] + sums
                else:
                    per_denominator[d] = sums
        common = lcm(*per_denominator) if per_denominator else 1
        seated = np.flatnonzero(played)
        bound = sum(
            int(np.abs(s).max(initial=0)) * (common // d) for d, s in per_denominator.items()
        )
        points: npt.NDArray[np.int64] | npt.NDArray[np.object_]
        if bound < 1 << 62:
            points = np.zeros(seated.size, dtype=np.int64)
            for d, s in per_denominator.items():
                points = points + s[seated] * (common // d)
        else:  # Python integers: exact whatever the denominators
            points = np.zeros(seated.size, dtype=object)
            for d, s in per_denominator.items():
                points = points + s[seated].astype(object) * (common // d)
        if self.structure is FieldStructure.MITCHELL:
            entrants = [
                Entrant(i, Side.NS) if i < _PAIRS else Entrant(i - _PAIRS, Side.EW)
                for i in seated.tolist()
            ]
        else:
            entrants = [Entrant(i) for i in seated.tolist()]
        self._summed = _Sums(entrants, points, common, tops[seated], played[seated])
        return self._summed

    @property
    def rankings_fallback(self) -> str | None:
        """Why :meth:`rankings` cannot be made from the columns (the exact engine must rank
        the file), or None when it can: a board scored as a small group (its standings'
        arithmetic is the exact engine's), totals factored or made from the values shown.
        Decided by the file and the rules alone, never by what was asked before (an
        explanation made on demand changes nothing)."""
        if self.small_groups:
            return "a board scored as a small group"
        if self.rules.factor_mp_totals or self.rules.totals is not Totals.EXACT:
            return "totals factored or of the values shown"
        return None

    def rankings(self) -> SessionResult:
        """The session's rankings, checksums and boards' counts, as
        :func:`~bridgescore.scoring.score_pairs` gives them, for the rankings alone (``bridgescore
        score`` as text): its session and boards hold no rows (the rows' values are
        :meth:`points`, their explanations :meth:`explanation`).

        Raises :class:`_Fallback` with :attr:`rankings_fallback` when that is not None."""
        rules = self.rules
        reason = self.rankings_fallback
        if reason is not None:
            raise _Fallback(reason)
        numbers = _distinct(self.board).tolist()
        played = np.bincount(self.board_index[self.kind != _NOT_PLAYED], minlength=len(numbers))
        most = int(played.max(initial=0))
        boards = {n: Board.numbered(n) for n in numbers}
        session = Session((), boards, self.structure)
        tops = [top(int(e), rules) for e in self.expected.tolist()]
        scored_boards = tuple(
            ScoredBoard(boards[n], tops[b], int(played[b]), int(self.expected[b]), ())
            for b, n in enumerate(numbers)
        )
        counts = Completeness(
            tuple(BoardCount(None, n, int(played[b]), most) for b, n in enumerate(numbers))
        )
        # What the boards distribute to each side (the checksum, worked out from the boards'
        # sizes, not from the values): half the top for each real result, and what each
        # artificial score awards.
        real = np.bincount(self.board_index[self.kind == _REAL], minlength=len(numbers))
        halves = [int(r) * t / 2 for r, t in zip(real.tolist(), tops, strict=True)]
        distributed = {side: sum(halves, Fraction(0)) for side in Side}
        for r, (ns, ew) in self.artificial.items():
            board_top = tops[int(self.board_index[r])]
            distributed[Side.NS] += ns.percent / 100 * board_top
            distributed[Side.EW] += ew.percent / 100 * board_top
        sums = self._sums()
        common = sums.common
        per_point = 2 if rules.scale == 1 else 1  # tops are counted in tie units
        # Each field's entrants as (entrant, percent, points over common, tops in tie units,
        # boards), ranked as placed() ranks standings, each made a Standing once at its place.
        members: dict[str, list[tuple[Entrant, Fraction | None, int, int, int]]] = {}
        points_of: dict[str, int] = {}  # each field's points, over ``common``
        mitchell = self.structure is FieldStructure.MITCHELL
        line_names = {side: side.value for side in Side}
        for entrant, n, tie_tops, boards_played in zip(
            sums.entrants,
            sums.points.tolist(),
            sums.tops.tolist(),
            sums.played.tolist(),
            strict=True,
        ):
            line = entrant.line
            field_name = line_names[line] if mitchell and line is not None else "ALL"
            points_of[field_name] = points_of.get(field_name, 0) + n
            # One Fraction, made from the integers (n / common of tie_tops / per_point).
            percent = Fraction(100 * n * per_point, common * tie_tops) if tie_tops else None
            members.setdefault(field_name, []).append(
                (entrant, percent, n, tie_tops, boards_played)
            )
        tops_of: dict[int, Fraction] = {}  # a field's entrants mostly have the same top
        fields = []
        # Every line someone sits on is a field, though no one on it has a score (all NP).
        for name in ("NS", "EW") if mitchell else ("ALL",):
            ranked = by_percentage(members.get(name, []), itemgetter(1), itemgetter(0), rules)
            standings = []
            for place, shared, (entrant, percent, n, tie_tops, boards_played) in ranked:
                available = tops_of.get(tie_tops)
                if available is None:
                    available = tops_of[tie_tops] = Fraction(tie_tops, per_point)
                standings.append(
                    Standing(
                        place,
                        shared,
                        entrant,
                        None,
                        Fraction(n, common),
                        available,
                        percent,
                        boards_played,
                    )
                )
            both = distributed[Side.NS] + distributed[Side.EW]
            expected = distributed[Side.NS if name == "NS" else Side.EW] if mitchell else both
            actual = Fraction(points_of.get(name, 0), common)  # the sum of its points, exactly
            fields.append(FieldResult(name, tuple(standings), Checksum(expected, actual)))
        return SessionResult(session, rules, scored_boards, tuple(fields), counts)

    def session_result(self) -> SessionResult:
        """What :func:`~bridgescore.scoring.score_pairs` gives for the session the traveller
        reader reads from the file, made from the columns: each row as the reader makes it,
        each board's explanations by the exact engine (:meth:`explanation`), each field's
        standings and checksum by :meth:`rankings`. Equal to the exact path's, record for
        record (the property tests compare them); raises :class:`_Fallback` as
        :meth:`rankings` does."""
        ranked = self.rankings()
        key_of, tables, rounds, leads = self._row_cells()
        sides = [k.sides for k in self._cells().keys]
        rows = tuple(
            TableResult(b, (n,), (e,), sides[k][0], sides[k][1], False, t, r, lead)
            for b, n, e, k, t, r, lead in zip(
                self.board.tolist(),
                self.ns_pair.tolist(),
                self.ew_pair.tolist(),
                key_of,
                tables,
                rounds,
                leads,
                strict=True,
            )
        )
        session = Session(rows, ranked.session.boards, self.structure)
        order, first, _ = self._board_order()
        # Who sits each side (Session.entrants for pairs without arrow switches), one tuple a
        # pair and line, shared by its rows.
        mitchell = self.structure is FieldStructure.MITCHELL
        seated: dict[tuple[int, Side], tuple[Entrant, ...]] = {}

        def who(number: int, side: Side) -> tuple[Entrant, ...]:
            found = seated.get((number, side))
            if found is None:
                found = seated[number, side] = (Entrant(number, side if mitchell else None),)
            return found

        ns_numbers, ew_numbers = self._pairs()
        scored_boards = []
        for b, summary in enumerate(ranked.boards):
            at = order[first[b] : first[b + 1]].tolist()
            ns_of, ew_of = self._explained_board(b)
            scored = tuple(
                ScoredTable(
                    rows[r],
                    who(ns_numbers[r], Side.NS),
                    who(ew_numbers[r], Side.EW),
                    ns_of[j],
                    ew_of[j],
                )
                for j, r in enumerate(at)
            )
            scored_boards.append(replace(summary, tables=scored))
        return SessionResult(session, self.rules, tuple(scored_boards), ranked.fields)

    def grouped_tables(self) -> Callable[[int], tuple[list[ScoredTable], Iterator[Seated]]]:
        """:meth:`board_tables`, once the rows' cells are known to be kept: raises
        :class:`_Fallback` here rather than while the JSON is being written."""
        self._row_cells()
        return self.board_tables

    def board_tables(self, b: int) -> tuple[list[ScoredTable], Iterator[Seated]]:
        """Board ``b``'s tables for the JSON (:func:`~bridgescore.formats.json.iterencode_grouped`):
        one :class:`ScoredTable` (as :meth:`session_result` makes it) for each group of tables
        with the same result, lead and explanations, standing for all of them, then each
        table's group (its index in those), table, round and pair numbers, in traveller order."""
        key_of, tables, rounds, leads = self._row_cells()
        cells = self._cells()
        ns_of, ew_of = self._explained_board(b)
        order, first, _ = self._board_order()
        at = order[first[b] : first[b + 1]]
        rows = at.tolist()
        none: list[None] = [None] * len(rows)
        # the explanations are the board's own records, alive while it is written
        keys = zip(
            cells.key_of[at].tolist(),
            none if cells.leads is None else cells.leads[0][at].tolist(),
            map(id, ns_of),
            map(id, ew_of),
            strict=True,
        )
        index: dict[tuple[int, int | None, int, int], int] = {}
        group_of = [index.setdefault(key, len(index)) for key in keys]
        # each group's first table: the later ones first, so that the first is kept
        first_of = dict(zip(reversed(group_of), reversed(range(len(rows))), strict=True))
        ns_numbers, ew_numbers = self.ns_pair[at].tolist(), self.ew_pair[at].tolist()
        sides = [k.sides for k in cells.keys]
        mitchell = self.structure is FieldStructure.MITCHELL
        groups = []
        for g in range(len(index)):
            j = first_of[g]
            r, n, e = rows[j], ns_numbers[j], ew_numbers[j]
            k = key_of[r]
            groups.append(
                ScoredTable(
                    TableResult(
                        int(self.board[r]),
                        (n,),
                        (e,),
                        sides[k][0],
                        sides[k][1],
                        False,
                        tables[r],
                        rounds[r],
                        leads[r],
                    ),
                    (Entrant(n, Side.NS if mitchell else None),),
                    (Entrant(e, Side.EW if mitchell else None),),
                    ns_of[j],
                    ew_of[j],
                )
            )
        table_cells = (
            none
            if cells.tables is None
            else np.array(cells.tables[1], dtype=object)[cells.tables[0][at]].tolist()
        )
        round_cells = none if cells.rounds is None else cells.rounds[at].tolist()
        return groups, zip(group_of, table_cells, round_cells, ns_numbers, ew_numbers, strict=True)

    def _cells(self) -> _Cells:
        if self.cells is None:
            raise _Fallback("the rows' cells were not kept")
        return self.cells

    def _row_cells(
        self,
    ) -> tuple[list[int], list[str | None], list[int | None], list[str | None]]:
        """Each row's score cell, table, round and lead, as lists (made once)."""
        if self._lists is None:
            cells = self._cells()
            count = self.rows
            rounds: list[int | None] = (
                [None] * count if cells.rounds is None else cells.rounds.tolist()
            )
            tables: list[str | None] = [None] * count
            if cells.tables is not None:
                words = cells.tables[1]
                tables = [words[c] for c in cells.tables[0].tolist()]
            leads: list[str | None] = [None] * count
            if cells.leads is not None:
                cards = cells.leads[1]
                leads = [cards[c] for c in cells.leads[0].tolist()]
            self._lists = (cells.key_of.tolist(), tables, rounds, leads)
        return self._lists

    def _pairs(self) -> tuple[list[int], list[int]]:
        """Each row's NS and EW pair numbers, as lists (made once)."""
        if self._pair_lists is None:
            self._pair_lists = (self.ns_pair.tolist(), self.ew_pair.tolist())
        return self._pair_lists

    def _explained_board(self, b: int) -> tuple[list[Explanation | None], list[Explanation | None]]:
        """Board ``b``'s explanations for each side, in traveller order (made once)."""
        explained = []
        for side in Side:
            found = self._explained.get((b, side))
            if found is None:
                found = self._explained[b, side] = self._explain_board(b, side)
            explained.append(found)
        return explained[0], explained[1]

    def _board_tops(self) -> IntArray:
        """Each board's top in tie units (½ matchpoint on the 1-per-result scale)."""
        return 2 * np.maximum(self.expected - 1, 0)


def _exact_bincount(who: IntArray, weights: IntArray, size: int) -> IntArray:
    """Per entrant sums of integer ``weights``, exactly."""
    if weights.size == 0:
        return np.zeros(size, dtype=np.int64)
    largest = int(np.abs(weights).max())
    if largest * weights.size < _EXACT_FLOAT:
        return np.bincount(who, weights=weights, minlength=size).astype(np.int64)
    if largest * weights.size < 1 << 62:
        out = np.zeros(size, dtype=np.int64)
        np.add.at(out, who, weights)
        return out
    raise _Fallback("values too large for 64-bit sums")  # pragma: no cover - not reachable


# --- reading --------------------------------------------------------------------------------


def score_path(path: str | Path, rules: Rules) -> Scores:
    """Read and matchpoint a traveller CSV: by columns when it is the plain layout (see the
    module's notes), else by the object path (which also reports the file's problems)."""
    name = str(path)
    reason = "not a .csv file"
    if name != "-" and name.lower().endswith(".csv"):
        from bridgescore.formats.files import read_bytes

        data = read_bytes(path)
        try:
            return _columnar(data, rules)
        except _Fallback as why:
            reason = str(why)
    from bridgescore.formats import load_path
    from bridgescore.scoring import score_pairs

    return ExactScores(score_pairs(load_path(path).session, rules), reason)


def by_columns(path: str | Path, rules: Rules) -> ColumnarScores | None:
    """The columnar path alone: a traveller CSV's scores by columns, or None when it is not
    the plain layout (or cannot be read): the caller then takes the object path, which reports
    the file's problems."""
    from bridgescore.formats.files import read_bytes

    try:
        return _columnar(read_bytes(path), rules)
    except (_Fallback, BridgeScoreError):
        return None


def score_bytes(data: bytes, rules: Rules, path: str | None = None) -> Scores:
    """:func:`score_path` of a traveller CSV's bytes."""
    try:
        return _columnar(data, rules)
    except _Fallback as why:
        reason = str(why)
    from bridgescore.formats import csv as traveller_csv
    from bridgescore.scoring import score_pairs

    session = traveller_csv.loads(data, path).session
    return ExactScores(score_pairs(session, rules), reason)


def _columnar(data: bytes, rules: Rules) -> ColumnarScores:
    if rules.method is not Method.MATCHPOINTS:
        raise _Fallback(f"{rules.method.value}: the columnar path does matchpoints")
    if rules.totals is not Totals.EXACT:
        raise _Fallback("totals of the rows as shown: the columnar path adds exact values")
    if not data.endswith(b"\n"):
        data += b"\n"
    raw = np.frombuffer(data, dtype=np.uint8)
    if data.translate(None, _ALLOWED):  # what is left when they are taken out: another byte
        raise _Fallback("a byte outside letters, digits and , + - = /")
    if data.startswith(b"\n"):
        raise _Fallback("a blank line")
    header_end = data.index(b"\n")
    names = data[:header_end].decode("ascii").split(",")
    from bridgescore.formats.csv import column_key

    keys = [column_key(n) or "" for n in names]
    if not all(keys) or len(set(keys)) != len(keys) or not set(keys) <= _KEYS:
        raise _Fallback(f"columns {','.join(names)}")
    if not {"board", "ns", "ew", "contract"} <= set(keys):
        raise _Fallback("no board, ns, ew or contract column")
    width = len(keys)
    flat = np.flatnonzero((raw == 44) | (raw == 10))
    cuts = flat.reshape(-1, width) if flat.size % width == 0 else None
    if (
        cuts is None  # each row's commas, then its line end
        or not (raw[cuts[:, -1]] == 10).all()
        or not (raw[cuts[:, :-1]] == 44).all()
    ):
        # A blank line fails this too (two line ends in a row, where the rows of four or more
        # cells have a comma after each line end): the file is searched for one only then.
        blank = b"\n\n" in data
        raise _Fallback("a blank line" if blank else "a row with a different number of cells")
    ends = cuts[1:]
    starts = np.empty_like(ends)
    starts[:, 0] = cuts[:-1, -1] + 1
    starts[:, 1:] = ends[:, :-1] + 1
    count = ends.shape[0]
    if count == 0:
        raise _Fallback("no rows")
    column = {k: i for i, k in enumerate(keys)}

    def cells(key: str) -> tuple[IntArray, IntArray]:
        j = column[key]
        return starts[:, j], ends[:, j] - starts[:, j]

    board = _numbers(raw, *cells("board"), "board", 4, positive=True)
    ns = _numbers(raw, *cells("ns"), "ns", 4, positive=True)
    ew = _numbers(raw, *cells("ew"), "ew", 4, positive=True)
    # Boards, their Law 2 vulnerability, and each row's index among the boards.
    present = np.bincount(board, minlength=_PAIRS) > 0
    numbers = np.flatnonzero(present)
    index_of = np.cumsum(present) - 1
    board_index = index_of[board]
    vuls = [Vulnerability.for_board(n) for n in numbers.tolist()]
    vul_order = list(dict.fromkeys(Vulnerability))
    board_vul = np.array([vul_order.index(v) for v in vuls], dtype=np.int64)

    # Each row's score cells, as codes of their distinct texts, then one code per distinct
    # (contract, declarer, result, vulnerability).
    combined = board_vul[board_index]
    radix = len(vul_order)
    texts: list[list[str]] = []
    for key in _TEXT:
        if key in column:
            codes, distinct = _texts(raw, *cells(key), key)
        else:
            codes, distinct = np.zeros(count, dtype=np.int64), [""]
        combined = combined + codes * radix
        radix *= len(distinct)
        texts.append(distinct)
    combos, inverse = _dense_unique(combined, radix)
    read_key = _KeyReader(texts, vul_order)
    scored = [read_key(c) for c in combos.tolist()]
    kind = np.array([k.kind for k in scored], dtype=np.int64)[inverse]
    ns_score = np.array([k.ns_score for k in scored], dtype=np.int64)[inverse]

    leads: tuple[IntArray, list[str | None]] | None = None
    if "lead" in column:
        lead_codes, lead_texts = _texts(raw, *cells("lead"), "lead")
        from bridgescore.formats.csv import lead_card

        bad = [t for t in lead_texts if t and not lead_card(t)]
        if bad:
            raise _Fallback(f"not a lead: {bad[0]}")
        leads = (lead_codes, [lead_card(t) if t else None for t in lead_texts])
    rounds: IntArray | None = None
    tables: tuple[IntArray, list[str]] | None = None
    if "round" in column:
        start, length = cells("round")
        if int(length.min()) < 1:
            raise _Fallback("a row without its round")
        rounds = _numbers(raw, start, length, "round", 3, positive=False)
    if "table" in column:
        start, length = cells("table")
        if int(length.min()) < 1:
            raise _Fallback("a row without its table")
        tables = _texts(raw, start, length, "table")
    _check_rows(board, ns, ew, rounds, tables)
    structure = _structure(ns, ew)
    _check_seats(board, ns, ew, structure)

    artificial_rows = np.flatnonzero(kind == _ARTIFICIAL)
    artificial = {}
    for r in artificial_rows.tolist():
        found = scored[int(inverse[r])]
        assert found.ns is not None and found.ew is not None
        artificial[r] = (found.ns, found.ew)
    if rules.session_percentage_rule and any(
        a.follows_session for pair in artificial.values() for a in pair
    ):
        raise _Fallback("Ave+ or Ave- under the session-percentage rule")

    boards = numbers.size
    have = np.bincount(board_index[kind != _NOT_PLAYED], minlength=boards)
    art_count = np.bincount(board_index[artificial_rows], minlength=boards)
    if rules.short_boards is Compensation.NONE:
        expected = have
    else:
        expected = np.full(boards, int(have.max()), dtype=np.int64)
    real = np.flatnonzero(kind == _REAL)
    numerator: dict[Side, IntArray] = {}
    denominator: dict[Side, IntArray] = {}
    # Boards scored as a small group are matchpointed by the exact engine (rare, small).
    special = (have < expected) & (art_count == 0) & (have > art_count)
    special = special if rules.short_small_groups else np.zeros(boards, dtype=bool)
    small_groups = tuple(np.flatnonzero(special).tolist())
    result = ColumnarScores(
        rules,
        structure,
        board,
        ns,
        ew,
        kind,
        ns_score,
        artificial,
        numerator,
        denominator,
        expected,
        board_index,
        _Cells(scored, inverse, rounds, tables, leads),
        small_groups,
    )
    for side in Side:
        points = ns_score[real] if side is Side.NS else -ns_score[real]
        try:
            scored_boards = fast.matchpoint_boards(
                board_index[real],
                points,
                rules,
                artificial=art_count,
                expected=expected,
                boards=boards,
            )
        except ParseError as error:  # pragma: no cover - boards of over a million results
            raise _Fallback(str(error)) from None
        num = np.zeros(count, dtype=np.int64)
        den = np.zeros(count, dtype=np.int64)
        num[real] = scored_boards.numerator
        den[real] = scored_boards.denominator[board_index[real]]
        numerator[side], denominator[side] = num, den
        for r in artificial_rows.tolist():
            ns_art, ew_art = artificial[r]
            own = ns_art if side is Side.NS else ew_art
            value = own.percent / 100 * top(int(expected[board_index[r]]), rules)
            num[r], den[r] = value.numerator, value.denominator
        for b in small_groups:
            rows = np.flatnonzero(board_index == b)
            explained = result._explain_board(b, side)
            result._explained[b, side] = explained
            for r, e in zip(rows.tolist(), explained, strict=True):
                if e is not None:
                    num[r], den[r] = e.value.numerator, e.value.denominator
    return result


def _numbers(
    raw: npt.NDArray[np.uint8],
    start: IntArray,
    length: IntArray,
    name: str,
    digits: int,
    *,
    positive: bool,
) -> IntArray:
    """Cells of 1 to ``digits`` ASCII digits, as integers (above 0 if ``positive``)."""
    if int(length.min()) < 1 or int(length.max()) > digits:
        raise _Fallback(f"a {name} cell empty or longer than {digits} digits")
    widest = int(length.max())
    value = np.zeros(start.size, dtype=np.int64)
    for j in range(widest):
        inside = length > j
        digit = raw[np.where(inside, start + j, 0)].astype(np.int64) - 48
        if not ((digit >= 0) & (digit <= 9) | ~inside).all():
            raise _Fallback(f"a {name} cell that is not a number")
        value = np.where(inside, value * 10 + digit, value)
    if positive and int(value.min()) < 1:
        raise _Fallback(f"{name} 0")
    return value


def _texts(
    raw: npt.NDArray[np.uint8], start: IntArray, length: IntArray, name: str
) -> tuple[IntArray, list[str]]:
    """Each cell's code among the column's distinct texts (of up to 8 bytes), and those texts."""
    widest = int(length.max())
    if widest > 8:
        raise _Fallback(f"a {name} cell of more than 8 characters")
    width = 1 if widest <= 1 else 2 if widest <= 2 else 4 if widest <= 4 else 8
    packed = np.zeros((start.size, width), dtype=np.uint8)
    for j in range(widest):
        inside = length > j
        packed[:, j] = np.where(inside, raw[np.where(inside, start + j, 0)], 0)
    values = packed.view(f"<u{width}").ravel().astype(np.uint64)
    if width <= 2:
        distinct, inverse = _dense_unique(values.astype(np.int64), 1 << (8 * width))
    else:
        distinct, inverse = np.unique(values, return_inverse=True)
    words = [int(v).to_bytes(8, "little").rstrip(b"\0").decode("ascii") for v in distinct.tolist()]
    return inverse.astype(np.int64).ravel(), words


def _distinct(values: IntArray) -> IntArray:
    """``np.unique(values)``, sorted, without it: numpy's ``unique`` imports ``numpy.ma``
    (some 25 ms of a command's start) to ask whether the array is masked."""
    ordered = np.sort(values)
    if ordered.size == 0:
        return ordered
    keep = np.empty(ordered.size, dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def _dense_unique(values: IntArray, span: int) -> tuple[IntArray, IntArray]:
    """``np.unique(values, return_inverse=True)`` for values in ``0 .. span - 1``, by counting."""
    if span > max(4 * values.size, 1 << 20):
        distinct, inverse = np.unique(values, return_inverse=True)
        return distinct.astype(np.int64), inverse.astype(np.int64).ravel()
    present = np.zeros(span, dtype=bool)
    present[values] = True
    code = np.cumsum(present) - 1
    return np.flatnonzero(present), code[values]


_PLAIN_CONTRACT = re.compile(r"[1-7](?:C|D|H|S|NT)(?:X|XX)?")
_SEATS = frozenset("NESW")


class _KeyReader:
    """Reads each distinct (contract, declarer, result, vulnerability) as the traveller reader
    does. A played contract in its plain spelling (``4S``, ``3NTX``; declarer ``N``, ``E``,
    ``S`` or ``W``; any result) takes the reader's own steps for it directly — ``Contract.parse``,
    ``Seat.parse``, ``parse_tricks``, ``Contract.ns_score`` — each contract and seat parsed
    once; anything else goes through the reader's whole reading of a row's score cells."""

    def __init__(self, texts: list[list[str]], vuls: list[Vulnerability]) -> None:
        self.texts = texts
        self.vuls = vuls
        self.contracts: dict[str, Contract] = {}
        self.seats: dict[str, Seat] = {}

    def __call__(self, code: int) -> _Key:
        vul = self.vuls[code % len(self.vuls)]
        code //= len(self.vuls)
        cells = {}
        for key, distinct in zip(_TEXT, self.texts, strict=True):
            cells[key] = distinct[code % len(distinct)]
            code //= len(distinct)
        contract_text, declarer, result = cells["contract"], cells["declarer"], cells["result"]
        if result and declarer in _SEATS and _PLAIN_CONTRACT.fullmatch(contract_text):
            contract = self.contracts.get(contract_text)
            if contract is None:
                contract = self.contracts[contract_text] = Contract.parse(contract_text)
            seat = self.seats.get(declarer)
            if seat is None:
                seat = self.seats[declarer] = Seat.parse(declarer)
            try:
                tricks = parse_tricks(result, contract)
            except ParseError as error:
                raise _Fallback(f"a result the reader refuses: {error}") from None
            score = contract.ns_score(seat, tricks, vul)
            side = WeightedResult.single(BridgeResult(score, contract, seat, tricks))
            return _Key(_REAL, score, None, None, (side, side))
        return _score_cells(cells, vul)


def _score_cells(cells: dict[str, str], vul: Vulnerability) -> _Key:
    """The traveller reader's reading of one row's score cells."""
    from bridgescore.formats.csv import score_cells

    try:
        ns, ew, assigned = score_cells(cells, vul)
    except ParseError as error:
        raise _Fallback(f"a result the reader refuses: {error}") from None
    if assigned:
        raise _Fallback("an assigned score")  # pragma: no cover - no score or adjusted column
    if ns is None and ew is None:
        return _Key(_NOT_PLAYED, 0, None, None)
    if isinstance(ns, Artificial) and isinstance(ew, Artificial):
        return _Key(_ARTIFICIAL, 0, ns, ew, (ns, ew))
    if isinstance(ns, WeightedResult) and ns is ew and len(ns.parts) == 1:
        return _Key(_REAL, ns.parts[0][1].ns_score, None, None, (ns, ew))
    raise _Fallback(f"a result {cells} the columnar path does not score")  # pragma: no cover


def _check_rows(
    board: IntArray,
    ns: IntArray,
    ew: IntArray,
    rounds: IntArray | None,
    tables: tuple[IntArray, list[str]] | None,
) -> None:
    """No second result for a row (its key: board, round and table, or with the pairs too when
    a round or table is not given), as :meth:`Session.build` checks."""
    parts = [board]
    spans = [_PAIRS]
    if rounds is not None:
        parts.append(rounds)
        spans.append(1000)
    if tables is not None:
        codes, distinct = tables
        parts.append(codes)
        spans.append(len(distinct))
    if rounds is None or tables is None:
        parts += [ns, ew]
        spans += [_PAIRS, _PAIRS]
    if not _unique(parts, spans):
        raise _Fallback("a second result for a row")


def _unique(parts: list[IntArray], spans: list[int]) -> bool:
    """Whether the rows' tuples of ``parts`` (each below its span) are all different."""
    key = np.zeros(parts[0].size, dtype=np.int64)
    total = 1
    for part, span in zip(parts, spans, strict=True):
        if total * span >= 1 << 62:
            return False  # pragma: no cover - spans are small
        key = key * span + part
        total *= span
    ordered = np.sort(key)
    return not bool((ordered[1:] == ordered[:-1]).any())


def _structure(ns: IntArray, ew: IntArray) -> FieldStructure:
    """:func:`bridgescore.session.detect_structure` for pairs without arrow switches."""
    if (ns == ew).any():
        return FieldStructure.MITCHELL
    on_ns = np.bincount(ns, minlength=_PAIRS) > 0
    on_ew = np.bincount(ew, minlength=_PAIRS) > 0
    return FieldStructure.HOWELL if (on_ns & on_ew).any() else FieldStructure.MITCHELL


def _check_seats(board: IntArray, ns: IntArray, ew: IntArray, structure: FieldStructure) -> None:
    """Each entrant plays each board once (and, in a Howell, not against itself)."""
    if structure is FieldStructure.MITCHELL:
        ok = _unique([board, ns], [_PAIRS, _PAIRS]) and _unique([board, ew], [_PAIRS, _PAIRS])
    else:
        both = np.concatenate([board, board]), np.concatenate([ns, ew])
        ok = _unique(list(both), [_PAIRS, _PAIRS])
    if not ok:
        raise _Fallback("a pair plays a board twice")
