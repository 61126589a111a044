"""Vectorised scoring for large fields: many boards matchpointed at once, contracts by the million.

This module needs numpy (``pip install 'bridgescore[fast]'``) and is only ever imported on demand:
neither ``import bridgescore`` nor the command line loads it.

It gives exactly the values of the reference engine,
:func:`bridgescore.scoring.matchpoints.matchpoint` and :meth:`bridgescore.contract.Contract.score`,
with integer arithmetic throughout:

* :func:`matchpoint_boards` scores the real results of many boards in one call. On the
  2-per-result scale a raw matchpoint value is the integer ``2 × beaten + tied``; compensation
  for artificial scores and factoring of boards played fewer times are affine in it, so every
  value is an integer numerator over a per-board denominator (Neuberg around ``u`` artificial
  scores on a board of ``M`` matchpoints and ``A`` real results has denominator ``A``).
  Floats appear only in :meth:`BoardMatchpoints.values`; :meth:`BoardMatchpoints.fractions` gives
  one board's values as :class:`~fractions.Fraction`.
* :func:`contract_scores` scores arrays of contracts through a table of ``Contract.score``
  (7 levels × 5 strains × 3 doublings × 2 vulnerabilities × 14 trick counts).

Covered: plain results (one score per table, from the direction's own point of view),
artificial adjusted scores counted per board, either scale, every compensation method of
:class:`~bridgescore.rules.Rules`. Weighted and split scores and fouled boards (groups) are left
to the reference engine. Artificial scores' own values are their percentage of :attr:`tops`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from typing import Literal

from bridgescore.bridge import Doubling, Strain
from bridgescore.contract import Contract
from bridgescore.errors import BridgeScoreError, ParseError
from bridgescore.languages import N_
from bridgescore.languages.text import Grouped, Text, listed
from bridgescore.rules import Compensation, Rules

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - exercised in a subprocess by the tests
    raise BridgeScoreError(
        Text(
            N_("bridgescore.fast needs numpy, which is not installed: %(command)s"),
            command="pip install 'bridgescore[fast]'",
        )
    ) from error

__all__ = [
    "DOUBLINGS",
    "STRAINS",
    "BoardMatchpoints",
    "contract_scores",
    "matchpoint_boards",
    "score_table",
]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
Method = Literal["auto", "count", "sort"]
# Each result's class (its board and score), then per class its board and raw value, and the
# number of results on each board.
Classes = tuple[IntArray, IntArray, IntArray, IntArray]

# Codes of the contract arrays: a strain's code is its index here (C D H S NT = 0-4), and so on.
STRAINS: tuple[Strain, ...] = tuple(Strain)
DOUBLINGS: tuple[Doubling, ...] = tuple(Doubling)  # undoubled, doubled, redoubled = 0-2

# Above this many results on one board the integer numerators could leave int64.
MAX_RESULTS_PER_BOARD = 1_000_000
_CHUNK = 1 << 16  # results handled at a time where a full-size temporary is avoided


# --- matchpoints ------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class BoardMatchpoints:
    """The matchpoints of the real results of many boards, exactly.

    Per result, in input order: :attr:`board`, :attr:`raw` and :attr:`numerator`. Per board:
    :attr:`results`, :attr:`artificial`, :attr:`expected`, :attr:`denominator`. A result's value
    is ``numerator / denominator[board]`` matchpoints. :attr:`board` is the caller's array when
    it was already int64 (not a copy): do not change it while the result is in use.
    """

    scale: int
    board: IntArray
    results: IntArray  # real results on each board
    artificial: IntArray  # artificial scores on each board
    expected: IntArray  # results each board is scored as if it had (its top is from this)
    denominator: IntArray
    _classes: IntArray = field(repr=False)  # each result's (board, score) class
    _class_raw: IntArray = field(repr=False)
    _class_numerator: IntArray = field(repr=False)
    _class_board: IntArray = field(repr=False)

    @cached_property
    def raw(self) -> IntArray:
        """``2 × beaten + tied`` among the board's real results: the value before any
        compensation, in tie units (1 matchpoint on the 2-scale, ½ on the 1-scale)."""
        return self._class_raw[self._classes]

    @cached_property
    def numerator(self) -> IntArray:
        """Each value times its board's :attr:`denominator`."""
        return self._class_numerator[self._classes]

    @property
    def tops(self) -> IntArray:
        """Each board's top: ``2(n - 1)`` on the 2-scale, ``n - 1`` on the 1-scale."""
        return self.scale * np.maximum(self.expected - 1, 0)

    def values(self) -> FloatArray:
        """Each result's matchpoints as a float (for output; the exact values are integers)."""
        per_class = self._class_numerator / self.denominator[self._class_board]
        return per_class[self._classes]

    def fractions(self, board: int) -> list[Fraction]:
        """The exact values of one board's results, in input order."""
        if not 0 <= board < len(self.results):
            raise ParseError(
                Text(
                    N_("no board %(board)s (expected 0 to %(last)s)"),
                    board=board,
                    last=len(self.results) - 1,
                )
            )
        denominator = int(self.denominator[board])
        picked = self.numerator[self.board == board]
        return [Fraction(int(n), denominator) for n in picked]


def matchpoint_boards(
    board: npt.ArrayLike,
    score: npt.ArrayLike,
    rules: Rules,
    *,
    artificial: npt.ArrayLike | None = None,
    expected: npt.ArrayLike | None = None,
    boards: int | None = None,
    method: Method = "auto",
) -> BoardMatchpoints:
    """Matchpoint the real results of many boards at once, like ``matchpoint`` on each board.

    ``board`` holds each result's board index (0 to ``boards - 1``, any order) and ``score`` its
    points from the direction's own point of view. ``artificial`` counts each board's artificial
    scores; ``expected`` is the number of results each board is scored as if it had (an int
    for all boards, or one per board; at least the results it has) as in
    :func:`~bridgescore.scoring.matchpoints.matchpoint`. ``rules`` gives the scale, the compensation
    around artificial scores and the factoring of boards played fewer times.

    ``method`` picks how equal scores are found: ``"count"`` tabulates (board, score) classes
    (fast when scores take few distinct values, as bridge scores do), ``"sort"`` sorts; both
    give the same answer and ``"auto"`` picks.
    """
    boards_of = _whole_numbers("board", board)
    scores = _whole_numbers("score", score)
    problems: list[Text] = []
    if boards_of.ndim != 1 or scores.ndim != 1:
        raise ParseError(Text(N_("board and score must be one-dimensional arrays")))
    if boards_of.shape != scores.shape:
        problems.append(
            Text(
                N_("board and score differ in length: %(boards)s boards, %(scores)s scores"),
                boards=boards_of.size,
                scores=scores.size,
            )
        )
    count = boards_of.size
    lowest, highest = (int(boards_of.min()), int(boards_of.max())) if count else (0, -1)
    if lowest < 0:
        problems.append(_first_bad("board", boards_of, boards_of < 0, _NOT_NEGATIVE))
    art = None if artificial is None else _whole_numbers("artificial", artificial)
    if boards is None:
        boards = max(highest + 1, 0 if art is None else art.size)
    if highest >= boards:
        problems.append(
            _first_bad(
                "board",
                boards_of,
                boards_of >= boards,
                Text(N_("below %(boards)s (boards)"), boards=boards),
            )
        )
    if art is None:
        art = np.zeros(boards, dtype=np.int64)
    elif art.shape != (boards,):
        problems.append(_counts("artificial", art.size, boards))
    elif boards and int(art.min()) < 0:
        problems.append(_first_bad("artificial", art, art < 0, _NOT_NEGATIVE))
    wanted = None if expected is None else _whole_numbers("expected", expected)
    if wanted is not None and wanted.shape not in ((), (boards,)):
        problems.append(_counts("expected", wanted.size, boards))
    if method not in ("auto", "count", "sort"):
        problems.append(
            Text(N_("not a method: %(method)s (expected auto, count or sort)"), method=repr(method))
        )
    if problems:
        raise ParseError(listed(problems))

    classes = None
    if method != "sort" and count:
        classes = _classes_by_counting(boards_of, scores, boards)
        if classes is None and method == "count":
            raise ParseError(
                Text(
                    N_(
                        "the scores take too many distinct values to count them board by "
                        "board: use %(sort)s or %(auto)s"
                    ),
                    sort="method='sort'",
                    auto="'auto'",
                )
            )
    if classes is None:
        classes = _classes_by_sorting(boards_of, scores, boards)
    members, class_board, class_raw, results = classes

    have = results + art
    target = have if wanted is None else np.maximum(wanted, have)
    if boards and int(target.max()) > MAX_RESULTS_PER_BOARD:
        raise ParseError(
            Text(
                N_(
                    "a board scored as %(results)s results: the fast path takes at most "
                    "%(most)s results a board"
                ),
                results=int(target.max()),
                most=Grouped(f"{MAX_RESULTS_PER_BOARD:,}"),
            )
        )

    slope, offset, denominator = _coefficients(results, art, target, rules)
    class_numerator = slope[class_board] * class_raw + offset[class_board]
    return BoardMatchpoints(
        scale=rules.scale,
        board=boards_of,
        results=results,
        artificial=art,
        expected=target,
        denominator=denominator,
        _classes=members,
        _class_raw=class_raw,
        _class_numerator=class_numerator,
        _class_board=class_board,
    )


def _coefficients(
    real: IntArray, artificial: IntArray, target: IntArray, rules: Rules
) -> tuple[IntArray, IntArray, IntArray]:
    """Per board, ``(a, c, d)`` with value = (a × raw + c) / d matchpoints.

    Mirrors ``matchpoint``: first the real results are compensated for the artificial scores
    (from ``real`` to ``real + artificial`` results), then the board is factored to ``target``.
    Values are kept in tie units (u = 1 or ½) until the scale is applied to ``d`` at the end.
    """
    one = np.ones_like(real)
    have = real + artificial
    slope, offset, denominator = one.copy(), np.zeros_like(real), one.copy()

    # Step 1: artificial scores, R = real -> C = have, on boards that have any.
    step = artificial > 0
    r, c = real, have
    match rules.artificial_method:
        case Compensation.AVERAGE:  # V + (C - R)
            offset = np.where(step, c - r, offset)
        case Compensation.NEUBERG:  # (V + 1) C / R - 1 = (C V + C - R) / R
            slope = np.where(step, c, slope)
            offset = np.where(step, c - r, offset)
            denominator = np.where(step, np.maximum(r, 1), denominator)
        case Compensation.RATIO:  # V (C - 1) / (R - 1); a lone result gets the average C - 1
            lone = step & (r == 1)
            ratio = step & (r > 1)
            slope = np.where(lone, 0, np.where(ratio, c - 1, slope))
            offset = np.where(lone, c - 1, offset)
            denominator = np.where(ratio, r - 1, denominator)

    # Step 2: boards played fewer times, C = have -> T = target. V = (a raw + b) / d.
    step = target > have
    t = target
    match rules.short_boards:
        case Compensation.AVERAGE:  # V + (T - C)
            offset = np.where(step, offset + (t - c) * denominator, offset)
        case Compensation.NEUBERG:  # (V + 1) T / C - 1 = (T (a raw + b + d) - C d) / (C d)
            slope, offset, denominator = (
                np.where(step, slope * t, slope),
                np.where(step, (offset + denominator) * t - c * denominator, offset),
                np.where(step, denominator * np.maximum(c, 1), denominator),
            )
        case Compensation.RATIO:  # V (T - 1) / (C - 1); a lone result gets the average T - 1
            lone = step & (c == 1)
            ratio = step & (c > 1)
            slope, offset, denominator = (
                np.where(lone, 0, np.where(ratio, slope * (t - 1), slope)),
                np.where(lone, t - 1, np.where(ratio, offset * (t - 1), offset)),
                np.where(lone, 1, np.where(ratio, denominator * (c - 1), denominator)),
            )
        case Compensation.NONE:
            pass

    # Tie units to matchpoints: u = ½ on the 1-per-result scale. Then lowest terms per board.
    if rules.scale == 1:
        denominator = denominator * 2
    common = np.gcd(np.gcd(slope, offset), denominator)
    return slope // common, offset // common, denominator // common


def _classes_by_counting(board: IntArray, score: IntArray, boards: int) -> Classes | None:
    """Group results by a table of (distinct score, board) counts: a few linear passes.

    A result's class is ``code × boards + board``, ``code`` its score's rank among the distinct
    scores present. ``None`` if the table would be too large (scores spread over too many
    values for the number of results).
    """
    count = score.size
    limit = max(4 * count, 1 << 20)
    low = int(score.min())
    span = int(score.max()) - low + 1
    if span > limit:
        return None
    key = np.subtract(score, low)
    present = np.bincount(key, minlength=span) > 0
    distinct = int(np.count_nonzero(present))
    if boards * distinct > limit:
        return None
    code_start = (np.cumsum(present) - 1) * boards  # each score's first class
    # key = code_start[key] + board, a cache-sized chunk at a time (no full-size temporary).
    scratch = np.empty(min(count, _CHUNK), dtype=np.int64)
    for first in range(0, count, _CHUNK):
        last = min(first + _CHUNK, count)
        part = scratch[: last - first]
        np.take(code_start, key[first:last], out=part, mode="clip")  # indices are in range
        np.add(part, board[first:last], out=key[first:last])
    tally = np.bincount(key, minlength=distinct * boards).reshape(distinct, boards)
    below = np.cumsum(tally, axis=0) - tally
    class_raw = (2 * below + tally - 1).ravel()
    class_board = np.tile(np.arange(boards, dtype=np.int64), distinct)
    return key, class_board, class_raw, tally.sum(axis=0)


def _classes_by_sorting(board: IntArray, score: IntArray, boards: int) -> Classes:
    """Group results by sorting on (board, score): each run of equal pairs is one class."""
    count = score.size
    results = np.bincount(board, minlength=boards).astype(np.int64)
    if count == 0:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty, results
    order = np.lexsort((score, board))
    sorted_board = board[order]
    sorted_score = score[order]
    starts_run = np.empty(count, dtype=bool)
    starts_run[0] = True
    np.not_equal(sorted_score[1:], sorted_score[:-1], out=starts_run[1:])
    starts_run[1:] |= sorted_board[1:] != sorted_board[:-1]
    run_starts = np.flatnonzero(starts_run)
    run_lengths = np.diff(np.append(run_starts, count))
    run_board = sorted_board[run_starts]
    board_starts = np.cumsum(results) - results
    class_raw = 2 * (run_starts - board_starts[run_board]) + run_lengths - 1
    members = np.empty(count, dtype=np.int64)
    members[order] = np.cumsum(starts_run) - 1
    return members, run_board.astype(np.int64), class_raw.astype(np.int64), results


# --- contracts --------------------------------------------------------------------------------


@cache
def score_table() -> IntArray:
    """``Contract.score`` for every contract, vulnerability and trick count, read-only.

    Indexed ``[level - 1, strain, doubling, vulnerable, tricks]`` with the codes of
    :data:`STRAINS` and :data:`DOUBLINGS`.
    """
    table = np.empty((7, len(STRAINS), len(DOUBLINGS), 2, 14), dtype=np.int64)
    for level in range(1, 8):
        for s, strain in enumerate(STRAINS):
            for d, doubling in enumerate(DOUBLINGS):
                contract = Contract(level, strain, doubling)
                for vulnerable in (0, 1):
                    for tricks in range(14):
                        table[level - 1, s, d, vulnerable, tricks] = contract.score(
                            tricks, bool(vulnerable)
                        )
    table.flags.writeable = False
    return table


def contract_scores(
    level: npt.ArrayLike,
    strain: npt.ArrayLike,
    doubling: npt.ArrayLike,
    vulnerable: npt.ArrayLike,
    tricks: npt.ArrayLike,
) -> IntArray:
    """Declarer's score for each contract, as ``Contract(level, strain, doubling).score(tricks,
    vulnerable)``: levels 1-7, strain and doubling codes (:data:`STRAINS`, :data:`DOUBLINGS`),
    vulnerable 0/1 or bool, tricks won by declarer 0-13. Arrays of one length (or scalars)."""
    columns = {
        "level": (_whole_numbers("level", level), 1, 7),
        "strain": (_whole_numbers("strain", strain), 0, len(STRAINS) - 1),
        "doubling": (_whole_numbers("doubling", doubling), 0, len(DOUBLINGS) - 1),
        "vulnerable": (_whole_numbers("vulnerable", vulnerable), 0, 1),
        "tricks": (_whole_numbers("tricks", tricks), 0, 13),
    }
    problems: list[Text] = []
    try:
        shaped = np.broadcast_arrays(*(values for values, _, _ in columns.values()))
    except ValueError:
        sizes = ", ".join(f"{name} {values.size}" for name, (values, _, _) in columns.items())
        raise ParseError(
            Text(N_("contract arrays differ in length: %(sizes)s"), sizes=sizes)
        ) from None
    for (name, (_, low, high)), values in zip(columns.items(), shaped, strict=True):
        if values.size and (int(values.min()) < low or int(values.max()) > high):
            bad = (values < low) | (values > high)
            expected = Text(N_("%(low)s to %(high)s"), low=low, high=high)
            problems.append(_first_bad(name, values, bad, expected))
    if problems:
        raise ParseError(listed(problems))
    lv, st, db, vu, tr = shaped
    index = (((lv - 1) * len(STRAINS) + st) * len(DOUBLINGS) + db) * 2 + vu
    index *= 14
    index += tr
    return np.asarray(score_table().reshape(-1)[index])


# --- input checks -----------------------------------------------------------------------------


def _whole_numbers(name: str, values: npt.ArrayLike) -> IntArray:
    array = np.asarray(values)
    if array.dtype.kind == "b":
        return array.astype(np.int64)
    if array.size == 0 and array.dtype.kind == "f":
        return array.astype(np.int64)  # an empty list comes in as floats
    if array.dtype.kind not in "iu":
        raise ParseError(
            Text(
                N_("%(name)s must hold whole numbers, not %(kind)s"),
                name=name,
                kind=str(array.dtype),
            )
        )
    if array.dtype.kind == "u" and array.size and int(array.max()) > np.iinfo(np.int64).max:
        raise ParseError(
            Text(
                N_("%(name)s holds numbers too large: %(largest)s"),
                name=name,
                largest=int(array.max()),
            )
        )
    return array.astype(np.int64, copy=False)


_NOT_NEGATIVE = Text(N_("0 or more"))


def _first_bad(name: str, values: IntArray, bad: npt.NDArray[np.bool_], expected: Text) -> Text:
    positions = np.flatnonzero(bad)
    first = int(positions[0])
    found = {"name": name, "value": int(values.flat[first]), "position": first}
    if positions.size > 1:
        return Text(
            N_(
                "%(name)s %(value)s at position %(position)s and %(more)s more "
                "(expected %(expected)s)"
            ),
            more=positions.size - 1,
            expected=expected,
            **found,
        )
    return Text(
        N_("%(name)s %(value)s at position %(position)s (expected %(expected)s)"),
        expected=expected,
        **found,
    )


def _counts(name: str, counts: int, boards: int) -> Text:
    return Text(
        N_("%(name)s has %(counts)s counts for %(boards)s boards"),
        name=name,
        counts=counts,
        boards=boards,
    )
