"""Tests for bridgescore.imps; expected values come from rules.md §4.6, §5.2, §5.4, §6 and §11."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.errors import BridgeScoreError, ParseError, RulesError
from bridgescore.rules import CrossImpNormalisation, DatumRounding, Trim, VpScale
from bridgescore.scoring.imps import (
    ArtificialImps,
    ArtificialScore,
    MarginRule,
    Score,
    TeamsMatch,
    WeightedScore,
    butler,
    cross_imps,
    datum,
    factor_total,
    imps,
    imps_against,
    teams_board_imps,
    victory_points,
    vp_scale,
)

F = Fraction
SUM = CrossImpNormalisation.SUM
COMPARISONS = CrossImpNormalisation.COMPARISONS
RESULTS = CrossImpNormalisation.RESULTS

# --------------------------------------------------------------------------- IMP scale (§6.1)

# The printed table of §6.1, as (lowest difference, highest difference, IMPs).
SCALE_TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20),
    (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24),
]  # fmt: skip

SECTION_11_VECTORS = [
    (10, 0), (20, 1), (40, 1), (50, 2), (420, 9), (430, 10), (490, 10), (500, 11), (590, 11),
    (600, 12), (740, 12), (750, 13), (3990, 23), (4000, 24), (7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(("difference", "expected"), SECTION_11_VECTORS)
def test_imp_vectors_of_section_11(difference: int, expected: int) -> None:
    assert imps(difference) == expected
    assert imps(-difference) == -expected


@pytest.mark.parametrize(("low", "high", "expected"), SCALE_TABLE)
def test_every_band_of_the_scale_at_both_ends(low: int, high: int, expected: int) -> None:
    assert imps(low) == expected
    assert imps(high) == expected
    assert imps(-low) == -expected
    assert imps(-high) == -expected


def test_every_band_is_entered_exactly_at_its_lower_bound() -> None:
    for (_, high, below), (low, _, above) in pairwise(SCALE_TABLE):
        assert above == below + 1
        assert imps(low - 10) == below == imps(high)
        assert imps(low) == above


def test_differences_in_the_gaps_score_like_the_band_below() -> None:
    assert imps(15) == 0
    assert imps(19) == 0
    assert imps(45) == 1
    assert imps(-45) == -1
    assert imps(F(839, 2)) == 9  # 419.5
    assert imps(F(-1, 2)) == 0
    assert imps(F(8000)) == 24


@given(st.integers(-10_000, 10_000) | st.fractions(-10_000, 10_000))
def test_imps_are_odd(difference: int | Fraction) -> None:
    assert imps(-difference) == -imps(difference)


@given(st.integers(-10_000, 10_000), st.integers(-10_000, 10_000))
def test_imps_are_monotone(first: int, second: int) -> None:
    low, high = sorted((first, second))
    assert imps(low) <= imps(high)
    assert -24 <= imps(low) <= 24


# ------------------------------------------------------------------------------ teams (§6.2)


def test_teams_example_of_section_6_2() -> None:
    # 4S vulnerable making in room 1 (+620 NS), 3S+1 in room 2 (+170 NS): net +450 → +10.
    assert teams_board_imps(620, 170) == 10
    assert teams_board_imps(170, 620) == -10


def test_teams_match_totals_and_victory_points() -> None:
    # Board 1 +620/+170 → +10; board 2 −100/+110 → −210 → −5; board 3 +420/+420 → 0.
    match = TeamsMatch.from_scores([(620, 170), (-100, 110), (420, 420)])
    assert match.board_imps == (10, -5, 0)
    assert match.margin == 5
    home, away = match.victory_points(boards=16)
    assert (home, away) == (F("11.48"), F("8.52"))


# ---------------------------------------------------------------------------- Butler (§6.4)

BOARD = [420, 450, -100, -200, 400, 590]


def test_butler_example_of_section_6_4() -> None:
    # Drop one at each end → {−100, +400, +420, +450}, mean 292.5 → datum 290.
    board = butler(BOARD, trim=1)
    assert board.datum == 290
    assert board.imps == (4, 4, -9, -10, 3, 7)
    for rounding in (DatumRounding.HALF_UP, DatumRounding.HALF_EVEN, DatumRounding.HALF_AWAY):
        assert datum(BOARD, trim=1, rounding=rounding) == 290


def test_butler_with_an_exact_datum() -> None:
    board = butler(BOARD, trim=Trim.count(1), rounding=DatumRounding.NONE)
    assert board.datum == F(585, 2)
    # +420 is 127.5 above the datum: past 90, short of 130 → 3 IMPs, not 4.
    assert board.imps == (3, 4, -9, -10, 3, 7)


def test_hemel_example() -> None:
    # EW scores 4 × 620 and 3 × 170, dropping one of each → datum 440; +5 and −7.
    ew = butler([620, 620, 620, 620, 170, 170, 170], trim=1)
    assert ew.datum == 440
    assert ew.imps == (5, 5, 5, 5, -7, -7, -7)
    # The same board from NS's point of view is the mirror image.
    ns = butler([-620, -620, -620, -620, -170, -170, -170], trim=1)
    assert ns.datum == -440
    assert ns.imps == (-5, -5, -5, -5, 7, 7, 7)


@pytest.mark.parametrize(
    ("scores", "half_up", "half_even", "half_away"),
    [
        ([420, 430], 430, 420, 430),  # mean 425
        ([430, 440], 440, 440, 440),  # mean 435
        ([-440, -450], -440, -440, -450),  # mean −445
        ([-420, -430], -420, -420, -430),  # mean −425
    ],
)
def test_datum_rounding_rules(
    scores: list[int], half_up: int, half_even: int, half_away: int
) -> None:
    assert datum(scores, rounding=DatumRounding.HALF_UP) == half_up
    assert datum(scores, rounding=DatumRounding.HALF_EVEN) == half_even
    assert datum(scores, rounding=DatumRounding.HALF_AWAY) == half_away
    assert datum(scores, rounding=DatumRounding.NONE) == F(sum(scores), 2)


def test_datum_rounding_away_from_ties() -> None:
    for rule in (DatumRounding.HALF_UP, DatumRounding.HALF_EVEN, DatumRounding.HALF_AWAY):
        assert rule.apply(F(8501, 20)) == 430  # 425.05
        assert rule.apply(F(-8899, 20)) == -440  # −444.95
        assert rule.apply(-7) == -10
        assert rule.apply(4) == 0


def test_datum_rounding_parse() -> None:
    assert DatumRounding.parse("half-even") is DatumRounding.HALF_EVEN
    assert DatumRounding.parse(" HALF_AWAY ") is DatumRounding.HALF_AWAY
    assert DatumRounding.parse(str(DatumRounding.NONE)) is DatumRounding.NONE
    with pytest.raises(ParseError, match="'bankers'"):
        DatumRounding.parse("bankers")


@pytest.mark.parametrize(
    ("trim", "results", "each_end"),
    [
        (Trim.percent(5), 12, 1),  # 0.6 → 1
        (Trim.percent(5), 10, 0),  # 0.5 → 0 (half down)
        (Trim.percent(5), 30, 1),  # 1.5 → 1
        (Trim.percent(5), 31, 2),  # 1.55 → 2
        (Trim.percent(5, minimum=1), 10, 1),
        (Trim.percent(10), 25, 2),  # 2.5 → 2
        (Trim.percent(10), 26, 3),  # 2.6 → 3
        (Trim.count(1), 7, 1),
        (Trim.count(1), 2, 0),  # never drops every score
        (Trim.count(3), 6, 2),
        (Trim(), 9, 0),
    ],
)
def test_trim_counts(trim: Trim, results: int, each_end: int) -> None:
    assert trim.each_end(results) == each_end


def test_percentage_trim_in_a_datum() -> None:
    # 12 scores, 5% → drop 1 at each end: the 9990 and the −9990 go, the ten 100s stay.
    scores = [9990, -9990, *([100] * 10)]
    assert datum(scores, trim=Trim.percent(5)) == 100
    # 10 scores, 5% → 0.5 rounds down: nothing dropped, mean (9990 + 9 × 100) / 10 = 1089.
    assert datum([9990, *([100] * 9)], trim=Trim.percent(5), rounding=DatumRounding.NONE) == 1089


@pytest.mark.parametrize("text", ["0", "2", "5%", "10% min 1", "12.5%", "100/3%"])
def test_trim_notation_round_trips(text: str) -> None:
    assert str(Trim.parse(text)) == text


def test_trim_rejects_bad_input() -> None:
    assert Trim.parse("5% min 1") == Trim(F(1, 20), 1)
    for text in ["", "five", "5%%", "5% max 1", "x%", "1 2"]:
        with pytest.raises(ParseError):
            Trim.parse(text)
    with pytest.raises(RulesError):
        Trim.percent(50)
    with pytest.raises(RulesError):
        Trim.count(-1)


def test_datum_needs_results() -> None:
    with pytest.raises(RulesError, match="no results"):
        datum([])


# ------------------------------------------------------------------------- cross-IMPs (§6.3)


def test_cross_imp_example_of_section_6_3() -> None:
    assert cross_imps(BOARD, SUM) == (18, 22, -42, -52, 15, 39)
    assert cross_imps(BOARD, COMPARISONS) == (F(18, 5), F(22, 5), F(-42, 5), F(-52, 5), 3, F(39, 5))
    assert cross_imps(BOARD, RESULTS) == (3, F(11, 3), -7, F(-26, 3), F(5, 2), F(13, 2))
    assert cross_imps(BOARD) == cross_imps(BOARD, COMPARISONS)


def test_cross_imps_need_two_results() -> None:
    with pytest.raises(RulesError, match="at least two"):
        cross_imps([420])


def test_cross_imp_normalisation_parse() -> None:
    assert CrossImpNormalisation.parse("Cross") is SUM
    assert CrossImpNormalisation.parse("Cross1") is RESULTS
    assert CrossImpNormalisation.parse("cross2") is COMPARISONS
    assert CrossImpNormalisation.parse("results") is RESULTS
    with pytest.raises(ParseError):
        CrossImpNormalisation.parse("median")


scores = st.integers(-800, 800).map(lambda tens: tens * 10)


@given(st.lists(scores, min_size=2, max_size=30))
def test_cross_imps_match_the_definition_and_sum_to_zero(board: list[int]) -> None:
    totals = cross_imps(board, SUM)
    n = len(board)
    for i, total in enumerate(totals):
        assert total == sum(imps(board[i] - board[j]) for j in range(n) if j != i)
    assert sum(totals) == 0
    assert sum(cross_imps(board, COMPARISONS)) == 0
    assert sum(cross_imps(board, RESULTS)) == 0
    assert cross_imps(board, COMPARISONS) == tuple(F(total, n - 1) for total in totals)
    assert cross_imps(board, RESULTS) == tuple(F(total, n) for total in totals)


def test_cross_imps_on_a_large_board() -> None:
    board = [(i * 7919) % 2000 * 10 - 10_000 for i in range(3000)]
    totals = cross_imps(board, SUM)
    assert sum(totals) == 0
    for i in (0, 1, 1500, 2999):
        assert totals[i] == sum(imps(board[i] - other) for other in board)


# ---------------------------------------------------------------------- weighted scores (§5.4)

WEIGHTED = WeightedScore.mix((F(3, 10), 420), (F(7, 10), -50))


def test_weighted_score_against_a_datum() -> None:
    # 0.3 × imps(+130) + 0.7 × imps(−340) = 0.3 × 4 + 0.7 × (−8) = −4.4
    assert imps_against(WEIGHTED, 290) == F(-22, 5)
    # Weighting the points first would give imps(91 − 290) = −5: the order matters (§5.4 point 5).
    assert imps_against(WEIGHTED, 290) != imps(F(3, 10) * 420 + F(7, 10) * -50 - 290)
    assert imps_against(420, 290) == 4
    assert imps_against(450, WEIGHTED) == F(8)  # 0.3 × imps(30) + 0.7 × imps(500)


def test_weighted_score_in_cross_imps() -> None:
    # §5.4 board at IMPs: others +450, +420, +170, −50, −100; weighted table 30% +420, 70% −50.
    # Weighted: 0.3 × (0 − 1 + 10 + 6 + 11) + 0.7 × (−10 − 11 + 0 − 6 + 2) = 7.8 − 17.5 = −9.7
    # +450: 1 + 11 + 7 + 11 against the real results, 0.3 × 1 + 0.7 × 11 against the weighted one
    board: list[Score | WeightedScore] = [WEIGHTED, 450, 420, 170, -50, -100]
    expected = (F(-97, 10), 38, 33, F(12, 5), -28, F(-357, 10))
    assert cross_imps(board, SUM) == expected
    assert cross_imps(board, COMPARISONS) == tuple(F(value) / 5 for value in expected)


def test_weighted_scores_must_be_well_formed() -> None:
    with pytest.raises(RulesError, match="add up to 9/10"):
        WeightedScore.mix((F(3, 10), 420), (F(6, 10), -50))
    with pytest.raises(RulesError):
        WeightedScore.mix((F(-1, 10), 420), (F(11, 10), -50))
    with pytest.raises(RulesError):
        WeightedScore(())


@given(
    st.lists(scores, min_size=1, max_size=8),
    st.lists(st.tuples(st.integers(1, 9), scores), min_size=1, max_size=3),
)
def test_weighted_cross_imps_sum_to_zero(board: list[int], parts: list[tuple[int, int]]) -> None:
    total = sum(weight for weight, _ in parts)
    weighted = WeightedScore.mix(*((F(weight, total), score) for weight, score in parts))
    results: list[Score | WeightedScore] = [weighted, *board]
    totals = cross_imps(results, SUM)
    assert sum(totals) == 0
    for i, value in enumerate(totals):
        others = [other for j, other in enumerate(results) if j != i]
        assert value == sum(imps_against(results[i], other) for other in others)


# ---------------------------------------------------------- artificial adjusted scores (§5.2)


def test_artificial_scores_at_imps() -> None:
    setting = ArtificialImps()
    assert setting.value(ArtificialScore.AVE_PLUS) == 3
    assert setting.value(ArtificialScore.AVE) == 0
    assert setting.value(ArtificialScore.AVE_MINUS) == -3
    # ACBLscore total IMPs: AVE+ 3 IMPs × (number of results − 1); average IMPs: 3.
    assert setting.cross_imps(ArtificialScore.AVE_PLUS, 7, SUM) == 18
    assert setting.cross_imps(ArtificialScore.AVE_PLUS, 7, COMPARISONS) == 3
    assert setting.cross_imps(ArtificialScore.AVE_MINUS, 7, RESULTS) == F(-18, 7)
    varied = ArtificialImps(plus=2, minus=-2)
    assert varied.value(ArtificialScore.AVE_MINUS) == -2


def test_artificial_score_parse() -> None:
    assert ArtificialScore.parse("Ave+") is ArtificialScore.AVE_PLUS
    assert ArtificialScore.parse("a-") is ArtificialScore.AVE_MINUS
    assert ArtificialScore.parse("Ave−") is ArtificialScore.AVE_MINUS
    assert ArtificialScore.parse("average plus") is ArtificialScore.AVE_PLUS
    assert ArtificialScore.parse(str(ArtificialScore.AVE)) is ArtificialScore.AVE
    with pytest.raises(ParseError):
        ArtificialScore.parse("60%")


# ------------------------------------------------------------------------- factoring (§4.6)


def test_factoring_a_total() -> None:
    assert factor_total(25, 24, 27) == F(225, 8)
    assert factor_total(F(-9, 2), 3, 4) == -6
    assert factor_total(10, 4, 4) == 10
    with pytest.raises(RulesError):
        factor_total(10, 0, 4)
    with pytest.raises(RulesError):
        factor_total(10, 5, 4)


# ------------------------------------------------------------------- victory points (§6.5)

# §6.5, 16 boards, winner's VPs for margins 0..60.
VP_16_TEXT = """
10.00 10.31 10.61 10.91 11.20 11.48 11.76 12.03 12.29 12.55 12.80 13.04 13.28 13.52 13.75 13.97
14.18 14.39 14.60 14.80 15.00 15.19 15.38 15.56 15.74 15.92 16.09 16.26 16.42 16.58 16.73 16.88
17.03 17.17 17.31 17.45 17.59 17.72 17.85 17.97 18.09 18.21 18.33 18.44 18.55 18.66 18.77 18.87
18.97 19.07 19.16 19.25 19.34 19.43 19.52 19.61 19.69 19.77 19.85 19.93 20.00
"""
VP_16 = VP_16_TEXT.split()


def test_the_16_board_scale_of_section_6_5() -> None:
    assert len(VP_16) == 61
    assert vp_scale(16) == tuple(F(value) for value in VP_16)
    for margin, value in enumerate(VP_16):
        assert victory_points(margin, 16) == (F(value), 20 - F(value))
        assert victory_points(-margin, 16) == (20 - F(value), F(value))
    assert victory_points(61, 16) == victory_points(500, 16) == (20, 0)


def test_the_concavity_corrections_of_the_16_board_scale() -> None:
    # §6.5: the plainly rounded formula (X = 15√16 = 60, r = τ³) differs from the published table
    # at margins 14, 27, 38, 46, 49, 55, 59, where the repair added 0.01.
    ratio = ((math.sqrt(5) - 1) / 2) ** 3
    plain = [round(1000 + 1000 * (1 - ratio ** (m / 60)) / (1 - ratio)) for m in range(61)]
    table = vp_scale(16)
    changed = {m: table[m] - F(plain[m], 100) for m in range(61) if table[m] != F(plain[m], 100)}
    assert changed == dict.fromkeys((14, 27, 38, 46, 49, 55, 59), F(1, 100))


@pytest.mark.parametrize(
    ("boards", "margin", "winner"),
    [
        (32, 16, "13.12"),
        (8, 1, "10.44"),
        (8, 10, "13.78"),
        (20, 10, "12.53"),
        (20, 20, "14.58"),
        (20, 30, "16.23"),
        (20, 40, "17.56"),
        (20, 50, "18.63"),
        (20, 60, "19.49"),
        (20, 68, "20.00"),
        (20, 90, "20.00"),
    ],
)
def test_vp_spot_values(boards: int, margin: int, winner: str) -> None:
    assert victory_points(margin, boards) == (F(winner), 20 - F(winner))


def test_vp_20_board_blitz_is_68() -> None:
    assert len(vp_scale(20)) == 69
    assert vp_scale(20)[67] < 20


def test_fractional_margins() -> None:
    # 16 boards: 15 → 13.97, 16 → 14.18.
    margin = F(31, 2)
    assert victory_points(margin, 16) == (F("14.075"), F("5.925"))
    assert victory_points(margin, 16, MarginRule.ROUND) == (F("14.18"), F("5.82"))
    assert victory_points(-margin, 16, MarginRule.ROUND) == (F("5.82"), F("14.18"))
    by_formula = victory_points(margin, 16, MarginRule.FORMULA)[0]
    assert F("13.97") <= by_formula <= F("14.18")
    assert by_formula.denominator in (1, 2, 4, 5, 10, 20, 25, 50, 100)
    assert victory_points(F(121, 2), 16) == (20, 0)
    assert MarginRule.parse("round") is MarginRule.ROUND
    with pytest.raises(ParseError):
        MarginRule.parse("truncate")


def test_victory_points_need_boards() -> None:
    with pytest.raises(RulesError):
        victory_points(3, 0)
    with pytest.raises(BridgeScoreError):
        vp_scale(-1)


@given(
    st.integers(1, 64),
    st.integers(-200, 200) | st.fractions(-200, 200),
    st.sampled_from(MarginRule),
)
def test_vps_always_add_up_to_20(boards: int, margin: int | Fraction, rule: MarginRule) -> None:
    ours, theirs = victory_points(margin, boards, rule)
    assert ours + theirs == 20
    assert 0 <= ours <= 20
    assert (ours >= 10) == (margin >= 0) or ours == 10


@given(st.integers(1, 64))
def test_vp_scale_is_monotone_and_concave(boards: int) -> None:
    table = vp_scale(boards)
    assert table[0] == 10
    assert table[-1] == 20
    assert all(value.denominator in (1, 2, 4, 5, 10, 20, 25, 50, 100) for value in table)
    padded = [*table, F(20), F(20)]
    steps = [later - earlier for earlier, later in pairwise(padded)]
    assert all(step >= 0 for step in steps)
    assert all(later <= earlier for earlier, later in pairwise(steps))


@given(st.integers(1, 64), st.fractions(0, 150), st.fractions(0, 150))
def test_interpolated_vps_are_monotone(boards: int, first: Fraction, second: Fraction) -> None:
    low, high = sorted((first, second))
    assert victory_points(low, boards)[0] <= victory_points(high, boards)[0]


# =================================================================================================
# IMP arithmetic at its boundaries and in its messages (rules.md §4.6, §5.2, §5.4, §6.3-6.5).
#
# Written to kill the mutants of ``scoring/imps.py`` that survived the rest of the suite
# (docs/mutation.md). Expected values are worked out by hand from the IMP scale (§6.1) and the
# 16-board victory-point table printed in rules.md §6.5, or from the WBF formula recomputed here
# independently in floating point.


DISCRETE = VpScale.DISCRETE


def message(error: pytest.ExceptionInfo[Exception]) -> str:
    return str(error.value)


# --- weighted scores (§5.4) --------------------------------------------------------------------


def test_weighted_score_needs_components_with_positive_weights() -> None:
    with pytest.raises(RulesError) as empty:
        WeightedScore(())
    assert message(empty) == "a weighted score needs at least one component"
    with pytest.raises(RulesError) as zero:
        WeightedScore.mix((0, 420), (1, -50))
    assert message(zero) == "weight 0 in a weighted score is not positive"


# --- Butler datum (§6.4) -----------------------------------------------------------------------


def test_datum_and_butler_trim_nothing_by_default() -> None:
    # Mean of 420, 100, 130 is 216.67 → datum 220 (dropping one at each end would leave 130).
    assert datum([420, 100, 130]) == 220
    # 420 − 220 = 200 → 5 IMPs; 100 − 220 = −120 → −3; 130 − 220 = −90 → −3 (§6.1 bands).
    board = butler([420, 100, 130])
    assert (board.datum, board.imps) == (220, (5, -3, -3))
    with pytest.raises(RulesError) as none:
        datum([])
    assert message(none) == "no results on the board to compute a datum from"


# --- artificial scores (§5.2) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("A+", ArtificialScore.AVE_PLUS),
        ("A", ArtificialScore.AVE),
        ("Average minus", ArtificialScore.AVE_MINUS),
        ("ave MINUS", ArtificialScore.AVE_MINUS),
    ],
)
def test_artificial_score_spellings(text: str, code: ArtificialScore) -> None:
    assert ArtificialScore.parse(text) is code


def test_unknown_artificial_score_is_quoted() -> None:
    with pytest.raises(ParseError) as caught:
        ArtificialScore.parse("Ave++")
    assert message(caught) == "not an artificial score: 'Ave++' (expected Ave+, Ave or Ave-)"


def test_artificial_cross_imps_on_the_smallest_board() -> None:
    # Two results: Ave+ is +3 against the one other result, divided by 1 comparison.
    assert ArtificialImps().cross_imps(ArtificialScore.AVE_PLUS, 2) == 3
    with pytest.raises(RulesError) as caught:
        ArtificialImps().cross_imps(ArtificialScore.AVE_PLUS, 1)
    assert message(caught) == "cross-IMPs need at least two results on a board, got 1"


# --- factoring (§4.6) --------------------------------------------------------------------------


def test_factoring_from_a_single_board_played() -> None:
    # 10 IMPs on 1 board of 2: 10 × 2/1 = 20.
    assert factor_total(10, 1, 2) == 20
    with pytest.raises(RulesError) as none:
        factor_total(10, 0, 2)
    assert message(none) == "cannot factor a total over 0 boards played"
    with pytest.raises(RulesError) as too_many:
        factor_total(10, 3, 2)
    assert message(too_many) == "3 boards played is more than the maximum 2"


# --- victory points (§6.5) ---------------------------------------------------------------------


def test_a_small_positive_margin_wins() -> None:
    # 16 boards: margin 0 → 10.00, 1 → 10.31; ½ interpolates to 10.155 for the winner.
    assert victory_points(F(1, 2), 16) == (F("10.155"), F("9.845"))
    assert victory_points(F(-1, 2), 16) == (F("9.845"), F("10.155"))


def test_round_rule_rounds_halves_up_and_the_rest_to_nearest() -> None:
    # 16 boards (§6.5 table): 12 → 13.28, 13 → 13.52.
    assert victory_points(F(249, 20), 16, MarginRule.ROUND) == (F("13.28"), F("6.72"))  # 12.45
    assert victory_points(F(25, 2), 16, MarginRule.ROUND) == (F("13.52"), F("6.48"))  # 12.5


def test_formula_rule_at_a_fractional_margin() -> None:
    # WBF 2013: 10 + 10 (1 − τ^(3m/X)) / (1 − τ³), X = 15√16 = 60, at m = 15.5, to 0.01;
    # it lies strictly between the table's 13.97 (15) and 14.18 (16), so it is not clamped.
    ratio = ((math.sqrt(5) - 1) / 2) ** 3
    hundredths = round(1000 + 1000 * (1 - ratio ** (15.5 / 60)) / (1 - ratio))
    assert 1397 < hundredths < 1418
    winner = F(hundredths, 100)
    assert victory_points(F(31, 2), 16, MarginRule.FORMULA) == (winner, 20 - winner)


def test_discrete_scale_rounds_a_fractional_margin_first() -> None:
    # §6.5 table, 16 boards: 12 → 13.28 (13 whole VPs), 13 → 13.52 (14 whole VPs).
    assert victory_points(12, 16, scale=DISCRETE) == (13, 7)
    assert victory_points(13, 16, scale=DISCRETE) == (14, 6)
    assert victory_points(F(249, 20), 16, scale=DISCRETE) == (13, 7)  # 12.45 → 12
    assert victory_points(F(25, 2), 16, scale=DISCRETE) == (14, 6)  # 12.5 → 13
    assert victory_points(F(-25, 2), 16, scale=DISCRETE) == (6, 14)
    # One board: X = 15, and 1 IMP is already worth 10 + 10 (1 − τ^(3/15)) / (1 − τ³) = 11.2,
    # so 11 whole VPs; half an IMP rounds up to that margin.
    assert victory_points(F(1, 2), 1, scale=DISCRETE) == (11, 9)


def test_a_match_uses_its_own_boards_and_the_margin_rule_given() -> None:
    # Three boards +10, −5, 0: margin 5 over 3 boards, whatever the match is asked.
    match = TeamsMatch((10, -5, 0))
    assert match.victory_points() == victory_points(5, 3)
    # A margin of 12.5 IMPs over 16 boards: ROUND reads margin 13 (13.52), interpolation gives
    # 13.28 + ½ × 0.24 = 13.40.
    half = TeamsMatch((F(25, 2),))
    assert half.victory_points(16, MarginRule.ROUND) == (F("13.52"), F("6.48"))
    assert half.victory_points(16) == (F("13.40"), F("6.60"))


def test_a_match_needs_boards() -> None:
    for call in (lambda: vp_scale(0), lambda: victory_points(3, 0)):
        with pytest.raises(RulesError) as caught:
            call()
        assert message(caught) == "a match needs at least one board, got 0"


def test_unknown_margin_rule_lists_the_choices() -> None:
    with pytest.raises(ParseError) as caught:
        MarginRule.parse("truncate")
    assert message(caught) == (
        "not a fractional margin rule: 'truncate' (expected interpolate, formula or round)"
    )
