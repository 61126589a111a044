"""Matchpoints and their explanations, exactly (rules.md §3-5).

Written to kill the mutants of ``scoring/matchpoints.py`` that survived the rest of the suite
(docs/mutation.md). Every value is worked out by hand in a comment: on the 2-1-0 scale a result
gets 2 per result beaten and 1 per tie (§3.2); Neuberg is ``(M + 1) × E/A − 1`` (§4.1); ratio
of tops ``M × (E − 1)/(A − 1)`` (§4.3); average-for-missing ``M + (E − A)`` (§4.4); a small group
of a fouled board gets ``60% + 5%`` per matchpoint above the group's average (§5.5).
"""

from __future__ import annotations

from fractions import Fraction

from bridgescore.explanation import Explanation, Step
from bridgescore.rules import CLUB, Rules
from bridgescore.scoring.matchpoints import Entry, matchpoint
from bridgescore.traveller import Artificial

F = Fraction


def entries(scores: list[int], group: str | None = None) -> list[Entry]:
    return [Entry.of(s, group) for s in scores]


def artificial(code: str) -> Entry:
    return Entry(artificial=Artificial.parse(code))


# --- plain boards -------------------------------------------------------------------------------


def test_a_plain_board_is_explained_without_steps() -> None:
    # 600 beats two results (4), 500 one (2), 400 none (0); top 2 × (3 − 1) = 4.
    got = matchpoint(entries([600, 500, 400]), CLUB)
    assert [e.value for e in got] == [4, 2, 0]
    first = got[0]
    assert (first.top, first.scale, first.scores) == (4, 2, ((1, 600),))
    assert (first.beaten, first.tied, first.compared) == (2, 0, 2)
    assert (first.raw, first.raw_top, first.steps) == (4, 4, ())
    assert first.group is None and first.note is None
    # On the 1-½-0 scale everything halves and the scale says so.
    half = matchpoint(entries([600, 500, 400]), CLUB.with_(scale=1))
    assert [(e.value, e.top, e.scale) for e in half] == [(2, 2, 1), (1, 2, 1), (0, 2, 1)]


def test_scores_one_point_apart_are_different_scores() -> None:
    # 101 beats 100: 2 and 0, not a tie (1 and 1).
    assert [e.value for e in matchpoint(entries([101, 100]), CLUB)] == [2, 0]


# --- artificial scores at a table (§4.4, §5.2) --------------------------------------------------


def test_one_artificial_score_by_average_for_the_missing_table() -> None:
    # 3 real results of 4: raw 4, 2, 0 on top 4, plus one tie each with the artificial table:
    # 5, 3, 1 on the full top 6. Ave+ is 60% of 6 = 3.6.
    got = matchpoint([*entries([600, 500, 400]), artificial("A+")], CLUB)
    assert [e.value for e in got] == [5, 3, 1, F(18, 5)]
    assert got[0].top == 6 and got[3].top == 6
    assert got[0].steps == (
        Step("each missing result counts as a tie: 4 + 1×1", "1 artificial score", 3, 4, 4, 5),
    )


def test_two_artificial_scores_by_average_for_the_missing_tables() -> None:
    # 3 real results of 5: 4 + 2, 2 + 2, 0 + 2 on the full top 8; Ave+ 4.8, Ave- 3.2.
    got = matchpoint([*entries([600, 500, 400]), artificial("A+"), artificial("A-")], CLUB)
    assert [e.value for e in got] == [6, 4, 2, F(24, 5), F(16, 5)]
    assert got[2].steps == (
        Step("each missing result counts as a tie: 0 + 1×2", "2 artificial scores", 3, 5, 0, 2),
    )


def test_artificial_score_by_neuberg_and_by_ratio() -> None:
    board = [*entries([600, 500, 400]), artificial("A")]
    # Neuberg 3 → 4 results: (4 + 1) × 4/3 − 1 = 17/3.
    neuberg = matchpoint(board, CLUB.with_(artificial_method="neuberg"))[0]
    assert neuberg.value == F(17, 3)
    assert neuberg.steps[0].method == "Neuberg to 4 results: (4 + 1) × 4/3 − 1"
    # Ratio of tops 4 → 6: 4 × 3/2 = 6.
    ratio = matchpoint(board, CLUB.with_(artificial_method="ratio"))[0]
    assert ratio.value == 6
    assert ratio.steps[0].method == "ratio of tops: 4 × 3/2"


# --- boards played fewer times (§4) ------------------------------------------------------------


def test_a_short_board_not_factored_keeps_its_own_values() -> None:
    # 3 results of 5 expected, short boards not compensated: raw 4, 2, 0 stay.
    got = matchpoint(entries([600, 500, 400]), CLUB, expected=5)
    assert [e.value for e in got] == [4, 2, 0]
    assert got[0].steps == (Step("not factored", "board played 3 times of 5", 3, 5, 4, 4),)


def test_a_short_board_by_average_for_the_missing_tables() -> None:
    # Two missing results, each a tie: 4 + 2 = 6.
    got = matchpoint(entries([600, 500, 400]), CLUB.with_(short_boards="average"), expected=5)
    assert [e.value for e in got] == [6, 4, 2]
    assert got[0].steps[0].method == "each missing result counts as a tie: 4 + 1×2"


def test_ratio_of_tops_for_two_results_and_for_a_lone_one() -> None:
    rules = CLUB.with_(short_boards="ratio")
    # Two results of 7: raw 2 and 0 on top 2, stretched × 6/1 to top 12.
    two = matchpoint(entries([600, 500]), rules, expected=7)
    assert [e.value for e in two] == [12, 0]
    assert two[0].steps[0].method == "ratio of tops: 2 × 6/1"
    # A lone result has no top to stretch: it gets the average of 7 results, 12 / 2 = 6.
    (lone,) = matchpoint(entries([600]), rules, expected=7)
    assert lone.value == 6
    assert lone.steps[0].method == "ratio of tops: a lone result gets the average of 7 results"


# --- fouled boards (§5.5) ----------------------------------------------------------------------


def fouled(a: list[int], b: list[int], rules: Rules) -> list[Explanation]:
    return matchpoint(entries(a, "a") + entries(b, "b"), rules)


def test_ebu_small_group_with_a_tie() -> None:
    # 7 + 3 of 10 results, top 18. Group b: 300 ties 300 and beats 100 (3 MP of the group's
    # top 4, average 2) → 60 + 5 = 65% of 18 = 11.7; 100 → 0 MP → 50% = 9.
    got = fouled(
        [600, 500, 400, 300, 200, 100, 0], [300, 300, 100], CLUB.with_(fouled_groups="ebu")
    )
    b = got[7:]
    assert [e.value for e in b] == [F(117, 10), F(117, 10), 9]
    assert b[0].note == "small group scored at 65% of the top"
    assert b[0].steps == (
        Step("small group", "fouled board, group of 3 of 10", 3, 10, 3, F(117, 10)),
    )
    assert [e.group for e in (got[0], b[0])] == ["a", "b"]


def test_ebu_small_group_boundaries() -> None:
    rules = CLUB.with_(fouled_groups="ebu")
    # 6 + 3 of 9: a group of 3 is small when 9 ≥ 3 × 3: 70%, 60%, 50% of top 16.
    b = fouled([600, 500, 400, 300, 200, 100], [300, 200, 100], rules)[6:]
    assert [e.value for e in b] == [F(56, 5), F(48, 5), 8]
    # 8 + 4 of 12: a group of 4 is never small: Neuberg (M + 1) × 12/4 − 1 from raw 6, 4, 2, 0.
    b = fouled([800, 700, 600, 500, 400, 300, 200, 100], [300, 200, 100, 0], rules)[8:]
    assert [e.value for e in b] == [20, 14, 8, 2]
    assert b[0].steps == (
        Step(
            "Neuberg to 12 results: (6 + 1) × 12/4 − 1",
            "fouled board, group of 4 of 12",
            4,
            12,
            6,
            20,
        ),
    )


def test_acbl_small_group_boundaries() -> None:
    rules = CLUB.with_(fouled_groups="acbl")
    # 3 + 3 of 6: a group of 3 is small only when not the larger group; here neither is, so
    # Neuberg (M + 1) × 6/3 − 1 from raw 4, 2, 0: 9, 5, 1.
    b = fouled([600, 500, 400], [300, 200, 100], rules)[3:]
    assert [e.value for e in b] == [9, 5, 1]
    # 5 + 4 of 9: a group of 4 is never small: (M + 1) × 9/4 − 1 from raw 6, 4, 2, 0.
    b = fouled([900, 800, 700, 600, 500], [300, 200, 100, 0], rules)[5:]
    assert [e.value for e in b] == [F(59, 4), F(41, 4), F(23, 4), F(5, 4)]


def test_one_group_is_not_a_fouled_board() -> None:
    # Every table in group "a": an ordinary board, its explanations carry no group.
    got = matchpoint(entries([600, 500], "a"), CLUB)
    assert [(e.value, e.group) for e in got] == [(2, None), (0, None)]


def test_artificial_scores_are_explained_on_the_full_top() -> None:
    # Ave- on a board of 4 tables: 40% of the top 6 = 2.4, on the 2-1-0 scale.
    got = matchpoint([*entries([600, 500, 400]), artificial("A-")], CLUB)[3]
    assert (got.value, got.top, got.scale, got.percent) == (F(12, 5), 6, 2, 40)
    assert got.artificial == Artificial("A-", F(40))


# --- boards played by few tables scored as small groups (rules.md §5.5 applied to §4) ----------


SHORT_SMALL = CLUB.with_(short_small_groups=True, fouled_groups="acbl")


def test_a_board_played_by_three_tables_of_nine_as_a_small_group() -> None:
    # 3 of 9 results, ACBL rule: a group of 3 that is not the larger group is small. 300 ties
    # 300 and beats 100 (3 MP of the group's top 4, average 2) → 65% of the full top 16 = 10.4;
    # 100 → 50% = 8.
    got = matchpoint(entries([300, 300, 100]), SHORT_SMALL, expected=9)
    assert [e.value for e in got] == [F(52, 5), F(52, 5), 8]
    assert got[0].note == "small group scored at 65% of the top"
    assert got[0].steps == (Step("small group", "board played 3 times of 9", 3, 9, 3, F(52, 5)),)


def test_a_board_played_by_every_table_is_not_a_small_group() -> None:
    # 2 results of 2 (the ACBL rule would call a group of 2 small): plain 2 and 0.
    got = matchpoint(entries([600, 500]), SHORT_SMALL)
    assert [e.value for e in got] == [2, 0]
    assert got[0].steps == () and got[0].note is None
