"""Matchpoints on one board, for one direction, under the chosen rules (rules.md §3-5).

NS and EW are always matchpointed from their own lists (rules.md §3.3), so split and weighted
scores need no special case: a weighted table is a set of fractional results (rules.md §5.4).
Everything is exact; every value carries an :class:`Explanation` of how it was reached.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import cast

from bridgescore.display import fmt
from bridgescore.explanation import Explanation, Step
from bridgescore.languages import N_
from bridgescore.languages.text import Figure, Percentage, Text, counted
from bridgescore.rules import Compensation, Rules, SmallGroups
from bridgescore.traveller import Artificial

ONE = Fraction(1)

Scores = tuple[tuple[Fraction, int], ...]
"""A table's score as (weight, points) parts; a plain result is one part of weight 1."""


@dataclass(frozen=True)
class Entry:
    """One table's score for the direction being matchpointed.

    ``scores`` are (weight, points) from this direction's point of view; a plain result is a
    single part of weight 1. ``artificial`` is set instead for an artificial adjusted score.
    """

    scores: Scores = ()
    artificial: Artificial | None = None
    group: str | None = None

    @classmethod
    def of(cls, points: int, group: str | None = None) -> Entry:
        return cls(((ONE, points),), group=group)


HALF = Fraction(1, 2)


def unit(rules: Rules) -> Fraction:
    """Matchpoints for a tie: 1 on the 2-per-result scale, ½ on the 1-per-result scale."""
    return ONE if rules.scale == 2 else HALF


def top(results: int, rules: Rules) -> Fraction:
    """The top on a board with ``results`` comparable results (rules.md §3.1)."""
    return Fraction(rules.scale * max(results - 1, 0))  # 2 × unit(rules) is the scale


def matchpoint(
    entries: Sequence[Entry], rules: Rules, expected: int | None = None
) -> list[Explanation]:
    """Matchpoint one direction of one board.

    ``expected`` is the number of results the board is scored as if it had (the common top,
    when boards played fewer times are factored); by default the number of entries.
    """
    count, target, full_top = _tops(len(entries), rules, expected)
    out: list[Explanation | None] = [None] * count
    groups: dict[str | None, dict[int, Scores]] = defaultdict(dict)
    for i, entry in enumerate(entries):
        if entry.artificial is not None:
            out[i] = _artificial(entry.artificial, full_top, rules)
        else:
            groups[entry.group][i] = entry.scores
    sizes = [len(tables) for tables in groups.values()]
    for label, tables in groups.items():
        # More than one comparison group is a fouled board (rules.md §5.5): each group is
        # scored on its own, and the ACBL's small groups are measured against the largest.
        fouled = (label, max(sizes)) if len(sizes) > 1 else (None, None)
        board = _Board(rules, count, target, len(tables), full_top, *fouled)
        for i, (beaten, tied) in _raw_counts(tables).items():
            out[i] = board.explain(tables[i], beaten, tied)
    return [e for e in out if e is not None]


Plain = int | Artificial
"""A table's score on a board of plain results: its points, or an artificial score."""


def matchpoint_plain(
    scores: Sequence[Plain], rules: Rules, expected: int | None = None
) -> list[Explanation]:
    """:func:`matchpoint` for a board with one comparison group and no weighted scores, counted
    once per distinct score: the same values, and tables with the same score share one
    :class:`Explanation` (records are frozen, so sharing is safe).

    Counting is on integers; a :class:`~fractions.Fraction` is made only for each distinct
    score, so a board of thousands of results costs a sort and a few dozen explanations.
    """
    count, target, full_top = _tops(len(scores), rules, expected)
    # Counted in C, then the artificial scores taken out. (Not named ``counted``: that is a
    # message keyword, and Babel 2.19 reads ``counted[s]`` as the start of a message.)
    tally = Counter(scores)
    artificial = [s for s in tally if isinstance(s, Artificial)]
    for s in artificial:
        del tally[s]
    real = cast("Counter[int]", tally)
    board = _Board(rules, count, target, real.total(), full_top, None, None)
    made: dict[Plain, Explanation] = {}
    below = 0
    for score in sorted(real):
        times = real[score]
        made[score] = board.explain(((ONE, score),), Fraction(below), Fraction(times - 1))
        below += times
    for s in artificial:
        made[s] = _artificial(s, full_top, rules)
    return list(map(made.__getitem__, scores))


def _tops(count: int, rules: Rules, expected: int | None) -> tuple[int, int, Fraction]:
    """``(count, target, top)``: the results on the board, the results it is scored as if it
    had (``expected``, never fewer than it has) and the top of that many."""
    target = count if expected is None else max(expected, count)
    return count, target, top(target, rules)


def _artificial(score: Artificial, full_top: Fraction, rules: Rules) -> Explanation:
    """An artificial adjusted score: its percentage of the board's top (rules.md §4)."""
    return Explanation(
        value=score.percent / 100 * full_top,
        top=full_top,
        scale=rules.scale,
        artificial=score,
        percent=score.percent,
    )


class _Board:
    """What one comparison group of a board shares: every real result in it is explained from
    its own score, results beaten and results tied, and these. (A plain class: it is never
    compared or printed, and a dataclass would cost every command's start.)"""

    __slots__ = (
        "count",
        "full_top",
        "label",
        "largest",
        "raw_top",
        "rules",
        "size",
        "target",
    )

    def __init__(
        self,
        rules: Rules,
        count: int,  # results on the board, artificial ones included
        target: int,  # results the board is scored as if it had
        size: int,  # real results in this group
        full_top: Fraction,
        label: str | None,  # on a fouled board, this group's
        largest: int | None,  # on a fouled board, the largest group's size; None otherwise
    ) -> None:
        self.rules = rules
        self.count = count
        self.target = target
        self.size = size
        self.full_top = full_top
        self.label = label
        self.largest = largest
        # The top of the group's own results, the same for each (worked out once).
        self.raw_top = top(size, rules)

    def explain(self, scores: Scores, beaten: Fraction, tied: Fraction) -> Explanation:
        rules, size, target, count = self.rules, self.size, self.target, self.count
        # scale × (2 × beaten + tied) / 2, added over a common denominator: whole counts (every
        # plain result) cost integer arithmetic and one Fraction.
        b, b_den, t, t_den = beaten.numerator, beaten.denominator, tied.numerator, tied.denominator
        raw = Fraction(rules.scale * (2 * b * t_den + t * b_den), 2 * b_den * t_den)
        steps: list[Step] = []
        note = None
        value = raw
        if self.largest is not None:
            reason = Text(
                N_("fouled board, group of %(size)s of %(target)s"), size=size, target=target
            )
            if _small_group(size, target, self.largest, rules.fouled_groups):
                value, step, note = self._small(beaten, tied, reason, size, raw)
            else:
                value = _neuberg(raw, size, target, rules)
                method = _formula(Compensation.NEUBERG, raw, size, target, rules)
                step = Step(method, reason, size, target, raw, value)
            steps.append(step)
        else:
            artificial = count - size
            if artificial:
                after = _compensate(rules.artificial_method, value, size, count, rules)
                steps.append(
                    Step(
                        _formula(rules.artificial_method, value, size, count, rules),
                        counted(
                            "%(num)d artificial score", "%(num)d artificial scores", artificial
                        ),
                        size,
                        count,
                        value,
                        after,
                    )
                )
                value = after
            if target > count:
                reason = Text(
                    N_("board played %(count)s times of %(target)s"), count=count, target=target
                )
                if (
                    rules.short_small_groups
                    and artificial == 0
                    and _small_group(size, target, target, rules.fouled_groups)
                ):
                    value, step, note = self._small(beaten, tied, reason, count, value)
                else:
                    after = _compensate(rules.short_boards, value, count, target, rules)
                    method = _formula(rules.short_boards, value, count, target, rules)
                    step = Step(method, reason, count, target, value, after)
                    value = after
                steps.append(step)
        return Explanation(
            value=value,
            top=self.full_top,
            scale=rules.scale,
            scores=scores,
            beaten=beaten,
            tied=tied,
            compared=size - 1,
            raw=raw,
            raw_top=self.raw_top,
            steps=tuple(steps),
            group=self.label,
            note=note,
        )

    def _small(
        self, beaten: Fraction, tied: Fraction, reason: Text, have: int, before: Fraction
    ) -> tuple[Fraction, Step, Text]:
        """A result of a small group (rules.md §5.5): 60% of the top for the group's average,
        5% more for each result beaten (a tie half of it), the same for a fouled board's group
        and for a board played too few times. Its value, step and note."""
        percent = 60 + (2 * beaten + tied - (self.size - 1)) * 5
        value = percent / 100 * self.full_top
        step = Step(Text(N_("small group")), reason, have, self.target, before, value)
        note = Text(
            N_("small group scored at %(percent)s of the top"), percent=Percentage(fmt(percent))
        )
        return value, step, note


def _raw_counts(tables: dict[int, Scores]) -> dict[int, tuple[Fraction, Fraction]]:
    """(results beaten, results tied) for each table, weighted (rules.md §3.2, §5.4).

    Counted in whole units: a weight is a number of 1/``den`` of a result, ``den`` being the
    weights' common denominator (1 when every table has a plain result), so the counting is
    on integers and each count one Fraction at the end.
    """
    den = lcm(*(weight.denominator for parts in tables.values() for weight, _ in parts))
    units = {
        i: [(weight.numerator * (den // weight.denominator), score) for weight, score in parts]
        for i, parts in tables.items()
    }
    weight_at: Counter[int] = Counter()
    for parts in units.values():
        for weight, score in parts:
            weight_at[score] += weight
    below_at: dict[int, int] = {}
    running = 0
    for score in sorted(weight_at):
        below_at[score] = running
        running += weight_at[score]
    result = {}
    for i, parts in units.items():
        beaten = tied = 0
        for weight, score in parts:
            # Less the table's own other parts: a table is not compared with itself.
            own_below = sum(w for w, s in parts if s < score)
            own_at = sum(w for w, s in parts if s == score)
            beaten += weight * (below_at[score] - own_below)
            tied += weight * (weight_at[score] - own_at)
        result[i] = (Fraction(beaten, den * den), Fraction(tied, den * den))
    return result


def _compensate(
    method: Compensation, value: Fraction, have: int, want: int, rules: Rules
) -> Fraction:
    u = unit(rules)
    if method is Compensation.NONE or have == want:
        return value
    if method is Compensation.AVERAGE:
        return value + u * (want - have)
    if method is Compensation.NEUBERG:
        return _neuberg(value, have, want, rules)
    # Ratio of tops; a lone result has no top to stretch and gets the average.
    if have == 1:
        return u * (want - 1)
    return value * Fraction(want - 1, have - 1)


def _neuberg(value: Fraction, have: int, want: int, rules: Rules) -> Fraction:
    u = unit(rules)
    return (value + u) * Fraction(want, have) - u


def _formula(method: Compensation, value: Fraction, have: int, want: int, rules: Rules) -> Text:
    u, v = Figure(fmt(unit(rules))), Figure(fmt(value))
    if method is Compensation.AVERAGE:
        return Text(
            N_("each missing result counts as a tie: %(value)s + %(unit)s×%(missing)s"),
            value=v,
            unit=u,
            missing=want - have,
        )
    if method is Compensation.NEUBERG:
        return Text(
            N_(
                "Neuberg to %(want)s results: (%(value)s + %(unit)s) × %(want)s/%(have)s − %(unit)s"
            ),
            want=want,
            value=v,
            unit=u,
            have=have,
        )
    if method is Compensation.RATIO:
        if have == 1:
            return Text(
                N_("ratio of tops: a lone result gets the average of %(want)s results"), want=want
            )
        return Text(
            N_("ratio of tops: %(value)s × %(want)s/%(have)s"),
            value=v,
            want=want - 1,
            have=have - 1,
        )
    return Text(N_("not factored"))


def _small_group(size: int, expected: int, largest: int, rule: SmallGroups) -> bool:
    if rule is SmallGroups.EBU:
        return size <= 3 and expected >= 3 * size
    if rule is SmallGroups.ACBL:
        return size <= 2 or (size == 3 and size < largest)
    return False
