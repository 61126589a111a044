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


NEAR = st.builds(lambda n, k: F(n, 3) + F(k, 10**40), st.integers(-3, 3), st.integers(-2, 2))
HUGE = st.builds(
    lambda n, sign: sign * F(10**400 + n, 7), st.integers(0, 3), st.sampled_from([1, -1])
)


@given(st.lists(st.one_of(NEAR, HUGE, st.fractions(), st.integers(-(10**30), 10**30)), max_size=30))
def test_values_are_ordered_exactly_even_where_floats_cannot_tell_them_apart(
    values: list[Fraction | int],
) -> None:
    # Values closer than a float's precision, and beyond a float's range, in their exact order;
    # equal values in the order given.
    ranked = rank(range(len(values)), lambda i: values[i])
    expected = sorted(range(len(values)), key=lambda i: values[i], reverse=True)
    assert [i for _, _, i in ranked] == expected


def test_values_beyond_a_floats_range_keep_the_order_given_for_ties() -> None:
    # 10**400 has no float: the whole ranking is compared exactly, and equal values still
    # follow the order given (here the reverse of the names), as they do within a float's range.
    huge = 10**400
    totals = {"A": huge, "B": F(1, 3), "C": huge, "D": -huge, "E": F(huge + 1, 2), "F": huge}
    ranked = rank(totals, lambda t: totals[t], order=lambda t: -ord(t))
    assert ranked == [
        (1, True, "F"),
        (1, True, "C"),
        (1, True, "A"),
        (4, False, "E"),
        (5, False, "B"),
        (6, False, "D"),
    ]


def test_a_standing_is_placed_as_replace_would_place_it() -> None:
    from dataclasses import fields, replace

    from bridgescore.bridge import Side
    from bridgescore.results import Standing
    from bridgescore.scoring.pairs import _placed
    from bridgescore.session import Entrant

    # Every field set to something other than its default, so a field added to Standing and
    # forgotten by _placed is caught.
    values = {
        "rank": 0,
        "shared": False,
        "entrant": Entrant(3, Side.EW, section="A"),
        "name": "Ann & Bob",
        "points": F(7, 2),
        "available": F(12),
        "percent": F(175, 6),
        "boards": 3,
        "handicap": F(1),
        "handicapped": F(181, 6),
        "total": F(9),
        "imps_for": F(4),
        "imps_against": F(5),
        "matches": 2,
    }
    assert {f.name for f in fields(Standing)} == set(values)
    standing = Standing(**values)
    assert _placed(standing, 4, True) == replace(standing, rank=4, shared=True)
