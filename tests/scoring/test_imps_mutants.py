"""IMP arithmetic at its boundaries and in its messages (rules.md §4.6, §5.2, §5.4, §6.3-6.5).

Written to kill the mutants of ``scoring/imps.py`` that survived the rest of the suite
(docs/mutation.md). Expected values are worked out by hand from the IMP scale (§6.1) and the
16-board victory-point table printed in rules.md §6.5, or from the WBF formula recomputed here
independently in floating point.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from bridgescore.errors import ParseError, RulesError
from bridgescore.rules import VpScale
from bridgescore.scoring.imps import (
    ArtificialImps,
    ArtificialScore,
    MarginRule,
    TeamsMatch,
    WeightedScore,
    butler,
    datum,
    factor_total,
    victory_points,
    vp_scale,
)

F = Fraction
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
