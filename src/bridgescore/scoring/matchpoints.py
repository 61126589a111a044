"""Matchpoints on one board, for one direction, under the chosen rules (rules.md §3-5).

NS and EW are always matchpointed from their own lists (rules.md §3.3), so split and weighted
scores need no special case: a weighted table is a set of fractional results (rules.md §5.4).
Everything is exact; every value carries an :class:`Explanation` of how it was reached.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.display import fmt
from bridgescore.explanation import Explanation, Step
from bridgescore.languages import N_
from bridgescore.languages.text import Figure, Percentage, Text, counted
from bridgescore.rules import Compensation, Rules, SmallGroups
from bridgescore.traveller import Artificial

ONE = Fraction(1)


@dataclass(frozen=True)
class Entry:
    """One table's score for the direction being matchpointed.

    ``scores`` are (weight, points) from this direction's point of view; a plain result is a
    single part of weight 1. ``artificial`` is set instead for an artificial adjusted score.
    """

    scores: tuple[tuple[Fraction, int], ...] = ()
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
    count = len(entries)
    target = count if expected is None else max(expected, count)
    full_top = top(target, rules)
    real = [i for i, e in enumerate(entries) if e.artificial is None]
    groups: dict[str | None, list[int]] = defaultdict(list)
    for i in real:
        groups[entries[i].group].append(i)
    out: list[Explanation | None] = [None] * count
    for i, entry in enumerate(entries):
        if entry.artificial is not None:
            percent = entry.artificial.percent
            out[i] = Explanation(
                value=percent / 100 * full_top,
                top=full_top,
                scale=rules.scale,
                artificial=entry.artificial,
                percent=percent,
            )
    fouled = len(groups) > 1
    largest = max((len(members) for members in groups.values()), default=0)
    for label, members in groups.items():
        raws = _raw_counts([entries[i].scores for i in members])
        board = _Board(rules, count, target, len(members), largest, fouled, label, full_top)
        for i, (beaten, tied) in zip(members, raws, strict=True):
            out[i] = board.explain(entries[i].scores, beaten, tied)
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
    count = len(scores)
    target = count if expected is None else max(expected, count)
    full_top = top(target, rules)
    real = Counter(s for s in scores if type(s) is int)
    size = sum(real.values())
    board = _Board(rules, count, target, size, size, False, None, full_top)
    made: dict[Plain, Explanation] = {}
    below = 0
    for score in sorted(real):
        times = real[score]
        made[score] = board.explain(((ONE, score),), Fraction(below), Fraction(times - 1))
        below += times
    for s in scores:
        if type(s) is not int and s not in made:
            assert isinstance(s, Artificial)
            made[s] = Explanation(
                value=s.percent / 100 * full_top,
                top=full_top,
                scale=rules.scale,
                artificial=s,
                percent=s.percent,
            )
    return [made[s] for s in scores]


class _Board:
    """What one comparison group of a board shares: every real result in it is explained from
    its own score, results beaten and results tied, and these. (A plain class: it is never
    compared or printed, and a dataclass would cost every command's start.)"""

    __slots__ = (
        "count",
        "fouled",
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
        largest: int,  # the largest group (fouled boards)
        fouled: bool,
        label: str | None,
        full_top: Fraction,
    ) -> None:
        self.rules = rules
        self.count = count
        self.target = target
        self.size = size
        self.largest = largest
        self.fouled = fouled
        self.label = label
        self.full_top = full_top
        # The top of the group's own results, the same for each (worked out once).
        self.raw_top = full_top if size == target else top(size, rules)

    def explain(
        self, scores: tuple[tuple[Fraction, int], ...], beaten: Fraction, tied: Fraction
    ) -> Explanation:
        rules, size, target, count = self.rules, self.size, self.target, self.count
        full_top = self.full_top
        if beaten.denominator == 1 and tied.denominator == 1:
            # Whole counts (every plain result): the same value, in integers.
            doubled = 2 * beaten.numerator + tied.numerator
            raw = Fraction(doubled) if rules.scale == 2 else Fraction(doubled, 2)
        else:
            raw = unit(rules) * (2 * beaten + tied)
        steps: list[Step] = []
        note = None
        value = raw
        if self.fouled:
            if _small_group(size, target, self.largest, rules.fouled_groups):
                percent = 60 + (2 * beaten + tied - (size - 1)) * 5
                value = percent / 100 * full_top
                steps.append(
                    Step(
                        Text(N_("small group")),
                        Text(
                            N_("fouled board, group of %(size)s of %(target)s"),
                            size=size,
                            target=target,
                        ),
                        size,
                        target,
                        raw,
                        value,
                    )
                )
                note = Text(
                    N_("small group scored at %(percent)s of the top"),
                    percent=Percentage(fmt(percent)),
                )
            else:
                value = _neuberg(raw, size, target, rules)
                steps.append(
                    Step(
                        _formula(Compensation.NEUBERG, raw, size, target, rules),
                        Text(
                            N_("fouled board, group of %(size)s of %(target)s"),
                            size=size,
                            target=target,
                        ),
                        size,
                        target,
                        raw,
                        value,
                    )
                )
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
            if (
                target > count
                and rules.short_small_groups
                and artificial == 0
                and _small_group(size, target, target, rules.fouled_groups)
            ):
                percent = 60 + (2 * beaten + tied - (size - 1)) * 5
                after = percent / 100 * full_top
                steps.append(
                    Step(
                        Text(N_("small group")),
                        Text(
                            N_("board played %(count)s times of %(target)s"),
                            count=count,
                            target=target,
                        ),
                        count,
                        target,
                        value,
                        after,
                    )
                )
                note = Text(
                    N_("small group scored at %(percent)s of the top"),
                    percent=Percentage(fmt(percent)),
                )
                value = after
            elif target > count:
                after = _compensate(rules.short_boards, value, count, target, rules)
                steps.append(
                    Step(
                        _formula(rules.short_boards, value, count, target, rules),
                        Text(
                            N_("board played %(count)s times of %(target)s"),
                            count=count,
                            target=target,
                        ),
                        count,
                        target,
                        value,
                        after,
                    )
                )
                value = after
        return Explanation(
            value=value,
            top=full_top,
            scale=rules.scale,
            scores=scores,
            beaten=beaten,
            tied=tied,
            compared=size - 1,
            raw=raw,
            raw_top=self.raw_top,
            steps=tuple(steps),
            group=self.label if self.fouled else None,
            note=note,
        )


def _raw_counts(
    tables: Sequence[tuple[tuple[Fraction, int], ...]],
) -> list[tuple[Fraction, Fraction]]:
    """(results beaten, results tied) for each table, weighted (rules.md §3.2, §5.4)."""
    if all(len(parts) == 1 for parts in tables):
        # Plain results: integer counting over the sorted scores.
        scores = sorted(parts[0][1] for parts in tables)
        out = []
        for parts in tables:
            s = parts[0][1]
            below = bisect_left(scores, s)
            equal = bisect_left(scores, s + 1) - below - 1
            out.append((Fraction(below), Fraction(equal)))
        return out
    weight_at: dict[int, Fraction] = defaultdict(Fraction)
    for parts in tables:
        for weight, score in parts:
            weight_at[score] += weight
    ordered = sorted(weight_at)
    below_at: dict[int, Fraction] = {}
    running = Fraction(0)
    for score in ordered:
        below_at[score] = running
        running += weight_at[score]
    result = []
    for parts in tables:
        own: dict[int, Fraction] = defaultdict(Fraction)
        for weight, score in parts:
            own[score] += weight
        beaten = Fraction(0)
        tied = Fraction(0)
        for weight, score in parts:
            own_below = sum((w for s, w in own.items() if s < score), Fraction(0))
            beaten += weight * (below_at[score] - own_below)
            tied += weight * (weight_at[score] - own[score])
        result.append((beaten, tied))
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
