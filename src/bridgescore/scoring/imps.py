"""IMP arithmetic: the WBF IMP scale, teams, Butler, cross-IMPs and victory points.

Everything here is pure and exact: scores are ``int`` or :class:`~fractions.Fraction` (NS point of
view, as stored everywhere in bridgescore), IMP results are ``int`` or ``Fraction`` and victory
points are ``Fraction`` hundredths. Rounding for display is the caller's business. Section numbers
(§) refer to the project's rules reference, ``rules.md``.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from functools import cache
from typing import TypeAlias

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.rules import CrossImpNormalisation, DatumRounding, Trim, VpScale
from bridgescore.vocabulary import Vocabulary

__all__ = [
    "IMP_SCALE",
    "VP_MAX",
    "ArtificialImps",
    "ArtificialScore",
    "ButlerBoard",
    "CrossImpNormalisation",
    "DatumRounding",
    "MarginRule",
    "Score",
    "TeamsMatch",
    "Trim",
    "WeightedScore",
    "butler",
    "cross_imps",
    "datum",
    "discrete_scale",
    "factor_total",
    "imps",
    "imps_against",
    "teams_board_imps",
    "victory_points",
    "vp_scale",
]

Score: TypeAlias = int | Fraction
"""A score or score difference in points, NS point of view."""

IMP_SCALE: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
"""Lower bounds of the IMP bands of the WBF scale (Law 78B, §6.1): ``IMP_SCALE[k-1]`` gives k."""

VP_MAX = 20
"""Victory points shared by the two teams of a match on the WBF 2013 scales (§6.5)."""


# --------------------------------------------------------------------------- the IMP scale (§6.1)


def imps(difference: Score) -> int:
    """IMPs for a point difference on the WBF scale (Law 78B, §6.1).

    ``sign(d) × (number of band lower bounds ≤ |d|)``. Table scores differ by multiples of 10, so
    the gaps in the printed table (11–19, 41–49, ...) only matter for datums and averages: a
    difference in a gap scores like the band below it (15 → 0, 45 → 1, 419.5 → 9).
    """
    # The bands reached by the difference less those reached by its negative: one of the two
    # is 0 (the first bound is 20), and the scale is odd, imps(-d) = -imps(d), by construction.
    return bisect_right(IMP_SCALE, difference) - bisect_right(IMP_SCALE, -difference)


# ---------------------------------------------------------------------- weighted scores (§5.4)


@dataclass(frozen=True)
class WeightedScore:
    """A weighted assigned score (Law 12C1(c), §5.4): ``(weight, ns_score)`` parts summing to 1.

    At IMPs each part is IMPed on its own and the IMPs are weighted (§5.4 point 5); weighting the
    points first would give a different answer because the scale is not linear.
    """

    components: tuple[tuple[Fraction, Score], ...]

    def __post_init__(self) -> None:
        if not self.components:
            raise RulesError(Text(N_("a weighted score needs at least one component")))
        for weight, _ in self.components:
            if weight <= 0:
                raise RulesError(
                    Text(N_("weight %(weight)s in a weighted score is not positive"), weight=weight)
                )
        total = sum(weight for weight, _ in self.components)
        if total != 1:
            raise RulesError(
                Text(N_("the weights of a weighted score add up to %(total)s, not 1"), total=total)
            )

    @classmethod
    def mix(cls, *parts: tuple[Fraction | int, Score]) -> WeightedScore:
        """``WeightedScore.mix((Fraction(3, 10), 420), (Fraction(7, 10), -50))``."""
        return cls(tuple((Fraction(weight), score) for weight, score in parts))


def _components(result: Score | WeightedScore) -> tuple[tuple[Fraction | int, Score], ...]:
    if isinstance(result, WeightedScore):
        return result.components
    return ((1, result),)


def imps_against(result: Score | WeightedScore, other: Score | WeightedScore) -> Score:
    """IMPs (NS view) of ``result`` against ``other``: a datum, another table, or a weighted score.

    Every pair of components is IMPed and weighted by the product of the weights (§5.4 point 5).
    Plain scores give an ``int``; weighted ones a ``Fraction``.
    """
    total: Score = 0
    for weight, score in _components(result):
        for other_weight, other_score in _components(other):
            total += weight * other_weight * imps(score - other_score)
    return total


# ---------------------------------------------------------------------------- teams (§6.2)


def teams_board_imps(room1_ns: Score, room2_ns: Score) -> int:
    """IMPs on one board for the team sitting NS in room 1 (§6.2); the other team gets the negative.

    ``room1_ns`` and ``room2_ns`` are the NS scores at the two tables, so the net is the team's NS
    score in room 1 plus its EW score in room 2: +620 and +170 give +450, i.e. +10 IMPs.
    """
    return imps(room1_ns - room2_ns)


# ---------------------------------------------------------------------------- Butler (§6.4)


def datum(
    scores: Iterable[Score],
    *,
    trim: Trim | int = 0,
    rounding: DatumRounding = DatumRounding.HALF_AWAY,
) -> Fraction:
    """Butler datum of a board (§6.4): mean NS score without the extremes, rounded to 10.

    ``trim`` is a :class:`Trim` or a fixed count per end. The default rounding, half away from
    zero, treats NS and EW alike (the EW datum is minus the NS datum).
    """
    ordered = sorted(scores)
    if not ordered:
        raise RulesError(Text(N_("no results on the board to compute a datum from")))
    rule = Trim.count(trim) if isinstance(trim, int) else trim
    drop = rule.each_end(len(ordered))
    kept = ordered[drop : len(ordered) - drop]
    return rounding.apply(Fraction(sum(kept), len(kept)))


@dataclass(frozen=True)
class ButlerBoard:
    """A board scored by Butler: the datum and each result's IMPs (NS view; EW is the negative)."""

    datum: Fraction
    imps: tuple[int, ...]


def butler(
    scores: Sequence[Score],
    *,
    trim: Trim | int = 0,
    rounding: DatumRounding = DatumRounding.HALF_AWAY,
) -> ButlerBoard:
    """Butler-score a board (§6.4): ``imps(score − datum)`` per result, in the input order.

    A weighted table is scored with ``imps_against(weighted, board.datum)``.
    """
    board_datum = datum(scores, trim=trim, rounding=rounding)
    return ButlerBoard(board_datum, tuple(imps(score - board_datum) for score in scores))


# ------------------------------------------------------------------------- cross-IMPs (§6.3)


def _too_few_for_cross_imps(results: int) -> Text:
    return Text(N_("cross-IMPs need at least two results on a board, got %(count)s"), count=results)


def cross_imps(
    results: Sequence[Score | WeightedScore],
    normalisation: CrossImpNormalisation = CrossImpNormalisation.COMPARISONS,
) -> tuple[Fraction, ...]:
    """Cross-IMPs of each result against all the others on the board (§6.3), in input order.

    ``XI_i = Σ_{j≠i} imps(s_i − s_j)``, then divided per ``normalisation``. Weighted results take
    part through their components (§5.4 point 5). The sum over the board is 0 in every form.

    Runs in O(n log n): ``Σ_j w_j imps(s − s_j) = Σ_b W(s_j ≤ s − b) − W(s_j ≥ s + b)`` over the 24
    band bounds b, each weight total W read by bisection from prefix sums over the sorted scores.
    """
    entries = [_components(result) for result in results]
    if len(entries) < 2:
        raise RulesError(_too_few_for_cross_imps(len(entries)))
    points = sorted((score, weight) for parts in entries for weight, score in parts)
    values = [score for score, _ in points]
    prefix: list[Score] = [0]
    for _, weight in points:
        prefix.append(prefix[-1] + weight)
    everything = prefix[-1]
    seen: dict[Score, Score] = {}

    def against_all(score: Score) -> Score:
        if score not in seen:
            total: Score = 0
            for bound in IMP_SCALE:
                total += prefix[bisect_right(values, score - bound)]
                total -= everything - prefix[bisect_left(values, score + bound)]
            seen[score] = total
        return seen[score]

    divisor = normalisation.divisor(len(entries))
    out = []
    for parts in entries:
        # A weighted result's parts are compared with each other too, and those comparisons
        # add up to 0 (imps is odd): nothing to take out.
        gross = sum(weight * against_all(score) for weight, score in parts)
        out.append(Fraction(gross) / divisor)
    return tuple(out)


# ---------------------------------------------------------- artificial adjusted scores (§5.2)


class ArtificialScore(
    Vocabulary, what=N_("an artificial score"), aliases={"A+": "Ave+", "A": "Ave", "A-": "Ave-"}
):
    """An artificial adjusted score (Law 12C2, §5.2): ``Ave+``/``A+``, ``Ave``/``A``,
    ``Ave-``/``A-``, any case, "average", "plus" and "minus" in words, − for -."""

    AVE_PLUS = "Ave+"
    AVE = "Ave"
    AVE_MINUS = "Ave-"

    @classmethod
    def key(cls, text: str) -> str:
        name = text.strip().lower().replace("−", "-").replace("average", "ave")
        return name.replace(" ", "").replace("plus", "+").replace("minus", "-")


@dataclass(frozen=True)
class ArtificialImps:
    """IMP value of each artificial score per comparison: ±3 and 0 by Law 12C2(b) (§5.2).

    The Tournament Organizer may vary the ±3, hence the setting.
    """

    plus: Score = 3
    average: Score = 0
    minus: Score = -3

    def value(self, code: ArtificialScore) -> Score:
        """IMPs for ``code`` against a datum or one opponent (Butler, teams, average cross-IMPs)."""
        if code is ArtificialScore.AVE_PLUS:
            return self.plus
        return self.average if code is ArtificialScore.AVE else self.minus

    def cross_imps(
        self,
        code: ArtificialScore,
        results: int,
        normalisation: CrossImpNormalisation = CrossImpNormalisation.COMPARISONS,
    ) -> Fraction:
        """Cross-IMPs for ``code`` on a board of ``results`` results (the artificial one included).

        Worth ``value`` per comparison, like an ordinary result: ``value × (n − 1)`` summed
        (ACBLscore "AVE+ 3 IMPs x (number of results − 1)"), ``value`` ÷ comparisons, and
        ``value × (n − 1) / n`` ÷ results (our convention; no source covers PBN ``Cross1``).
        """
        if results < 2:
            raise RulesError(_too_few_for_cross_imps(results))
        return Fraction(self.value(code) * (results - 1), normalisation.divisor(results))


# ------------------------------------------------------------------------- factoring (§4.6)


def factor_total(total: Score, boards_played: int, boards_max: int) -> Fraction:
    """Scale an IMP total of a pair or team that missed boards: ``total × max / played`` (§4.6)."""
    if boards_played <= 0:
        raise RulesError(
            Text(N_("cannot factor a total over %(played)s boards played"), played=boards_played)
        )
    if boards_played > boards_max:
        raise RulesError(
            Text(
                N_("%(played)s boards played is more than the maximum %(maximum)s"),
                played=boards_played,
                maximum=boards_max,
            )
        )
    return Fraction(total) * boards_max / boards_played


# ------------------------------------------------------------------- victory points (§6.5)


class MarginRule(Vocabulary, what=N_("a fractional margin rule")):
    """How a fractional IMP margin (Butler, cross-IMP or factored totals) is turned into VPs.

    The WBF scale is defined for whole margins (§6.5 [CONVENTION]); whole margins always read the
    table.
    """

    INTERPOLATE = "interpolate"
    """Linear between the two neighbouring whole margins of the table (exact; concave; default)."""
    FORMULA = "formula"
    """The formula at the fractional margin, to 0.01, kept between the neighbouring table values."""
    ROUND = "round"
    """Round the margin to a whole number first, halves away from zero (12.5 → 13, −12.5 → −13)."""


def _no_board(boards: int) -> Text:
    return Text(N_("a match needs at least one board, got %(boards)s"), boards=boards)


def _formula_hundredths(margin: Fraction, boards: int) -> int:
    """WBF 2013 continuous scale at ``margin`` ≥ 0, in hundredths rounded half up (§6.5).

    ``10 + 10 (1 − τ^(3I/X)) / (1 − τ³)`` with τ = (√5 − 1)/2 and X = 15√N, in 40-digit decimal
    arithmetic so the result does not depend on the platform's floats.
    """
    with localcontext() as context:
        context.prec = 40
        tau = (Decimal(5).sqrt() - 1) / 2
        ratio = tau**3
        blitz = 15 * Decimal(boards).sqrt()
        exponent = Decimal(margin.numerator) / Decimal(margin.denominator) / blitz
        value = 10 + 10 * (1 - (exponent * ratio.ln()).exp()) / (1 - ratio)
        hundredths = int((value * 100).to_integral_value(rounding=ROUND_HALF_UP))
    return min(hundredths, VP_MAX * 100)


@cache
def _scale_hundredths(boards: int) -> tuple[int, ...]:
    table: list[int] = []
    while not table or table[-1] < VP_MAX * 100:
        table.append(_formula_hundredths(Fraction(len(table)), boards))
    # Concavity repair (§6.5, [VP-CODE]): while some margin i gains more than margin i − 1 did,
    # raise the value at i − 1 by 0.01, always fixing the first such margin.
    repaired = True
    while repaired:
        repaired = False
        for i in range(2, len(table)):
            if table[i] - table[i - 1] > table[i - 1] - table[i - 2]:
                table[i - 1] += 1
                repaired = True
                break
    return tuple(table)


def vp_scale(boards: int) -> tuple[Fraction, ...]:
    """Winner's VPs for margins 0, 1, 2, ... up to the first margin worth 20.00 (§6.5).

    WBF 2013 continuous 20-VP scale for a match of ``boards`` boards, rounded to 0.01 and then made
    concave; computed once per board count.
    """
    if boards < 1:
        raise RulesError(_no_board(boards))
    return tuple(Fraction(value, 100) for value in _scale_hundredths(boards))


def _winner_vps(margin: Fraction, boards: int, rule: MarginRule) -> Fraction:
    table = _scale_hundredths(boards)
    if rule is MarginRule.ROUND:
        margin = Fraction(math.floor(margin + Fraction(1, 2)))
    low = math.floor(margin)
    if low >= len(table) - 1:
        return Fraction(VP_MAX)
    below, above = Fraction(table[low], 100), Fraction(table[low + 1], 100)
    if margin == low:
        return below
    if rule is MarginRule.INTERPOLATE:
        return below + (margin - low) * (above - below)
    return min(max(Fraction(_formula_hundredths(margin, boards), 100), below), above)


def _formula_whole(margin: int, boards: int) -> int:
    """The WBF 2013 formula at a whole margin, rounded half up to a whole VP (§6.5)."""
    with localcontext() as context:
        context.prec = 40
        tau = (Decimal(5).sqrt() - 1) / 2
        ratio = tau**3
        blitz = 15 * Decimal(boards).sqrt()
        value = 10 + 10 * (1 - ((margin / blitz) * ratio.ln()).exp()) / (1 - ratio)
        whole = int(value.to_integral_value(rounding=ROUND_HALF_UP))
    return min(whole, VP_MAX)


@cache
def discrete_scale(boards: int) -> tuple[int, ...]:
    """Winner's whole VPs for margins 0, 1, 2, ... up to the first margin worth 20 (§6.5).

    The WBF 2013 discrete scale as bridgescore computes it (rules.md §6.5 marks the WBF's own
    procedure uncertain): each VP from 11 to 20 starts at the first whole margin where the
    continuous formula, rounded half up, reaches it (16 boards: 15 IMPs → 13.97 → 14–6); then,
    as the WBF requires of its tables, no band of margins may be narrower than the band below
    it: while one is, the boundary between them moves down one IMP, first violation first.
    """
    if boards < 1:
        raise RulesError(_no_board(boards))
    starts: list[int] = []  # starts[k]: first margin worth 11 + k VPs
    margin = 0
    for vps in range(11, VP_MAX + 1):
        while _formula_whole(margin, boards) < vps:
            margin += 1
        starts.append(margin)
    repaired = True
    while repaired:
        repaired = False
        for k in range(1, len(starts) - 1):
            if starts[k + 1] - starts[k] < starts[k] - starts[k - 1]:
                starts[k] -= 1
                repaired = True
                break
    return tuple(10 + sum(1 for start in starts if start <= m) for m in range(starts[-1] + 1))


def victory_points(
    margin: Score,
    boards: int,
    rule: MarginRule = MarginRule.INTERPOLATE,
    scale: VpScale = VpScale.CONTINUOUS,
) -> tuple[Fraction, Fraction]:
    """(VPs of the side whose IMP margin is ``margin``, VPs of its opponents); they sum to 20.

    WBF 2013 continuous scale for ``boards`` boards (§6.5): 32 boards, +16 IMPs → (13.12, 6.88);
    −16 → (6.88, 13.12). Margins beyond the blitz give 20–0. On the discrete scale VPs are whole
    (16 boards, 15 IMPs → 14–6), and a fractional margin is rounded half away from zero first.
    """
    if boards < 1:
        raise RulesError(_no_board(boards))
    if scale is VpScale.DISCRETE:
        whole = math.floor(abs(Fraction(margin)) + Fraction(1, 2))
        table = discrete_scale(boards)
        winner = Fraction(table[min(whole, len(table) - 1)])
        loser = VP_MAX - winner
        return (winner, loser) if margin >= 0 else (loser, winner)
    winner = _winner_vps(abs(Fraction(margin)), boards, rule)
    loser = VP_MAX - winner
    return (winner, loser) if margin >= 0 else (loser, winner)


@dataclass(frozen=True)
class TeamsMatch:
    """A teams-of-four match (§6.2): IMPs per board for the team sitting NS in room 1 ("home").

    A board may carry an artificial adjustment (e.g. +3 for Ave+ to home, §5.2); adjustments that
    do not balance between the teams are for the session layer.
    """

    board_imps: tuple[Score, ...]

    @classmethod
    def from_scores(cls, boards: Iterable[tuple[Score, Score]]) -> TeamsMatch:
        """Build a match from ``(room1_ns, room2_ns)`` per board."""
        return cls(tuple(teams_board_imps(room1, room2) for room1, room2 in boards))

    @property
    def margin(self) -> Score:
        """Match total in IMPs, home team's view (negative when the away team won)."""
        return sum(self.board_imps, 0)

    def victory_points(
        self, boards: int | None = None, rule: MarginRule = MarginRule.INTERPOLATE
    ) -> tuple[Fraction, Fraction]:
        """(home, away) VPs on the WBF scale for ``boards`` (default: the boards of the match)."""
        boards = len(self.board_imps) if boards is None else boards
        return victory_points(self.margin, boards, rule)
