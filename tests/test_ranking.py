"""The one ranking routine (rules.md §7.2): equal values share the best place, the next skips."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.scoring.imps import victory_points
from bridgescore.scoring.ranking import rank

F = Fraction


def test_equal_totals_share_the_best_place() -> None:
    totals = {"A": 30, "B": F(45), "C": 30, "D": 10, "E": 30}
    ranked = rank(totals, lambda team: totals[team])
    assert ranked == [
        (1, False, "B"),
        (2, True, "A"),
        (2, True, "C"),
        (2, True, "E"),
        (5, False, "D"),
    ]


def test_equal_values_follow_the_order_given() -> None:
    totals = {"A": 1, "B": 1, "C": 2}
    assert [item for _, _, item in rank(totals, lambda t: totals[t], order=lambda t: t)] == [
        "C",
        "A",
        "B",
    ]
    reverse = rank(totals, lambda t: totals[t], order=lambda t: -ord(t))
    assert [item for _, _, item in reverse] == ["C", "B", "A"]


def test_teams_ranked_on_victory_points_over_several_matches() -> None:
    # 32 boards: +16 → 13.12 / 6.88; 0 → 10 / 10 (rules.md §6.5).
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for home, away, margin in [("A", "B", 16), ("C", "D", 0), ("A", "C", -16), ("B", "D", 0)]:
        home_vps, away_vps = victory_points(margin, 32)
        totals[home] += home_vps
        totals[away] += away_vps
    assert totals == {"A": F("20.00"), "B": F("16.88"), "C": F("23.12"), "D": F(20)}
    ranked = rank(totals, lambda t: totals[t])
    assert [(place, team) for place, _, team in ranked] == [(1, "C"), (2, "A"), (2, "D"), (4, "B")]


@given(st.lists(st.integers(-5, 5), max_size=30))
def test_places_count_the_better_values(values: list[int]) -> None:
    # A value's place is one more than the number of strictly better values; shared exactly
    # when another item has the same value.
    ranked = rank(range(len(values)), lambda i: values[i])
    assert sorted(i for _, _, i in ranked) == list(range(len(values)))
    for place, shared, i in ranked:
        assert place == 1 + sum(1 for v in values if v > values[i])
        assert shared == (values.count(values[i]) > 1)
    assert [values[i] for _, _, i in ranked] == sorted(values, reverse=True)
