"""Settings other scorers have and we lacked: the discrete WBF VP scale, a Butler trim that
depends on the number of results, and small-group scoring of boards played by few tables."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from bridgescore.errors import ParseError, RulesError
from bridgescore.rules import CLUB, Trim, VpScale
from bridgescore.scoring.imps import discrete_scale, victory_points, vp_scale
from tests.helpers import scored


def test_discrete_vps_round_the_continuous_scale() -> None:
    # 16 boards: 15 IMPs is 13.97 on the continuous scale (rules.md §6.5 table): 14-6 discrete.
    assert victory_points(15, 16, scale=VpScale.DISCRETE) == (14, 6)
    assert victory_points(-15, 16, scale=VpScale.DISCRETE) == (6, 14)
    assert victory_points(0, 16, scale=VpScale.DISCRETE) == (10, 10)
    # 60 IMPs is the blitz for 16 boards (X = 15 × 4): 20-0 on both scales.
    assert victory_points(60, 16, scale=VpScale.DISCRETE) == (20, 0)
    # 20 IMPs is exactly 15.00 continuous: 15 discrete.
    assert victory_points(20, 16, scale=VpScale.DISCRETE) == (15, 5)


@pytest.mark.parametrize("boards", [*range(1, 41), 48, 64])
def test_discrete_bands_never_narrow(boards: int) -> None:
    table = discrete_scale(boards)
    assert table[0] == 10 and table[-1] == 20 and list(table) == sorted(table)
    widths = [len(list(group)) for _, group in itertools.groupby(table)][1:-1]
    assert widths == sorted(widths), widths
    # Each whole VP is within one of the continuous value at the same margin.
    continuous = vp_scale(boards)
    for margin, vps in enumerate(table):
        value = continuous[min(margin, len(continuous) - 1)]
        assert abs(vps - value) <= 1, (margin, vps, value)


def test_a_fractional_margin_is_rounded_on_the_discrete_scale() -> None:
    assert victory_points(Fraction(29, 2), 16, scale=VpScale.DISCRETE) == (14, 6)  # 14.5 → 15


def test_datum_trim_by_number_of_results() -> None:
    trim = Trim.parse("1 from 4, 2 from 11")
    assert [trim.each_end(n) for n in (1, 2, 3, 4, 10, 11, 25)] == [0, 0, 0, 1, 1, 2, 2]
    assert str(trim) == "1 from 4, 2 from 11"
    assert Trim.parse(str(trim)) == trim
    with pytest.raises(ParseError):
        Trim.parse("1 of 4")
    with pytest.raises(RulesError):
        Trim.by_results(((2, 4), (1, 11)))


def test_trim_by_results_in_a_butler_session() -> None:
    # Three results: nothing dropped below 4 results, so the datum is the mean of all three,
    # (420 + 400 − 100) / 3 = 240 → 240; with a fixed trim of 1 it would be 400 alone.
    rows = "board,ns,ew,score\n1,1,1,420\n1,2,2,400\n1,3,3,-100\n"
    rules = CLUB.with_(method="butler", datum_trim="1 from 4, 2 from 11")
    (board,) = scored(rows, rules).boards
    assert [t.ns.datum for t in board.tables if t.ns] == [240, 240, 240]
    fixed = scored(rows, CLUB.with_(method="butler", datum_trim="1"))
    assert [t.ns.datum for t in fixed.boards[0].tables if t.ns] == [400, 400, 400]


SHORT = (
    "board,ns,ew,score\n"
    + "".join(f"1,{p},{p},{s}\n" for p, s in enumerate([420, 400, 170, 140, 100, -50], start=1))
    + "2,1,1,points 420\n2,2,2,450\n"  # points: 420 cannot be scored NS vulnerable
)


def test_a_board_played_twice_scored_as_a_small_group() -> None:
    # Board 2 has 2 results of 6 (at most a third): 65% and 55% of the top of 10 (rules.md
    # §5.5, EBU White Book 4.2.3.3) instead of Neuberg's (M + 1) × 6/2 − 1 = 8 and 2.
    rules = CLUB.with_(short_boards="neuberg", short_small_groups=True)
    board_2 = scored(SHORT, rules).boards[1]
    assert board_2.top == 10
    assert [t.ns_points for t in board_2.tables] == [Fraction(55, 10), Fraction(65, 10)]
    assert [t.ew_points for t in board_2.tables] == [Fraction(65, 10), Fraction(55, 10)]
    neuberg = scored(SHORT, CLUB.with_(short_boards="neuberg")).boards[1]
    assert [t.ns_points for t in neuberg.tables] == [2, 8]
    assert scored(SHORT, rules).checksums_ok


def test_small_group_scoring_needs_a_small_enough_board() -> None:
    # Three results of six is more than a third: the EBU rule keeps Neuberg.
    rows = SHORT.replace("2,2,2,450\n", "2,2,2,450\n2,3,3,100\n")
    rules = CLUB.with_(short_boards="neuberg", short_small_groups=True)
    board_2 = scored(rows, rules).boards[1]
    plain = scored(rows, CLUB.with_(short_boards="neuberg")).boards[1]
    assert [t.ns_points for t in board_2.tables] == [t.ns_points for t in plain.tables]
