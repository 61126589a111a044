"""The matchpoint vectors of rules.md §3-5 and §11."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.display import fmt
from bridgescore.explanation import Explanation, Step
from bridgescore.rules import CLUB, Compensation, Rules, SmallGroups
from bridgescore.scoring.matchpoints import Entry, matchpoint, matchpoint_plain, top
from bridgescore.traveller import Artificial
from tests.helpers import board_mps, scored

F = Fraction
EBU_STYLE = CLUB.with_(artificial_method="neuberg", short_boards="neuberg")


def values(scores: list[int], rules: Rules = CLUB, expected: int | None = None) -> list[Fraction]:
    return [e.value for e in matchpoint([Entry.of(s) for s in scores], rules, expected)]


def test_ten_tables_frequency_example() -> None:
    """§3.2: 2x +400, +150, 3x +120, 4x -50 on 10 tables."""
    scores = [400, 400, 150, 120, 120, 120, -50, -50, -50, -50]
    assert values(scores) == [17, 17, 14, 10, 10, 10, 3, 3, 3, 3]
    assert values(scores, CLUB.with_(scale=1)) == [F(17, 2)] * 2 + [7] + [5] * 3 + [F(3, 2)] * 4
    assert sum(values(scores)) == 90


def test_pass_out_is_a_result() -> None:
    """§3.4: +110, 0, -50 get 4, 2, 0."""
    assert values([110, 0, -50]) == [4, 2, 0]


def test_neuberg_eleven_expected_ten_played() -> None:
    """§4.1 example 1: top 20, ten different results."""
    scores = list(range(1000, 0, -100))
    got = values(scores, EBU_STYLE, expected=11)
    assert [fmt(v, 1) for v in got] == [
        "19.9",
        "17.7",
        "15.5",
        "13.3",
        "11.1",
        "8.9",
        "6.7",
        "4.5",
        "2.3",
        "0.1",
    ]
    assert got[0] == F(199, 10) and got[-1] == F(1, 10)
    assert sum(got) == 10 * 10  # each real result averages the full-board average


def test_neuberg_seven_expected_six_played() -> None:
    """§4.1 example 2: 4 of 10 becomes 4.8333, 9 of 10 becomes 10.6667."""
    scores = [600, 500, 400, 300, 200, 100]  # raw 10, 8, 6, 4, 2, 0
    got = values(scores, EBU_STYLE, expected=7)
    assert got[3] == F(29, 6)
    # A raw 9 needs a tie: 600, 600 share 9.
    tied = values([600, 600, 400, 300, 200, 100], EBU_STYLE, expected=7)
    assert tied[0] == F(32, 3)
    assert fmt(got[3], 1) == "4.8" and fmt(tied[0], 1) == "10.7"


SECTION_4_5 = [620, 620, 170, 650, -100, 140]


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        (Compensation.NEUBERG, ["8.33", "8.33", "4.83", "11.83", "0.17", "2.50"]),
        (Compensation.RATIO, ["8.40", "8.40", "4.80", "12.00", "0.00", "2.40"]),
        (Compensation.AVERAGE, ["8.00", "8.00", "5.00", "11.00", "1.00", "3.00"]),
    ],
)
def test_comparison_of_methods(method: Compensation, expected: list[str]) -> None:
    """§4.5: E = 7, A = 6, raw 7, 7, 4, 10, 0, 2."""
    rules = CLUB.with_(short_boards=method)
    got = values(SECTION_4_5, rules, expected=7)
    from bridgescore.display import fmt_fixed

    assert [fmt_fixed(v, 2) for v in got] == expected
    assert sum(got) == 36


def test_neuberg_on_the_acbl_scale() -> None:
    """§4.5: 7·S/6 + 1/12 on the half-matchpoint scale, exactly half the 2-1-0 values."""
    rules = CLUB.with_(scale=1, short_boards="neuberg")
    got = values(SECTION_4_5, rules, expected=7)
    assert got == [F(25, 6), F(25, 6), F(29, 12), F(71, 12), F(1, 12), F(5, 4)]
    assert got == [v / 2 for v in values(SECTION_4_5, EBU_STYLE, expected=7)]


def test_artificial_scores_neuberg_and_full_top() -> None:
    """§4.2 / §5.2: the real results are Neubergged to the full top; Ave+ is 60% of it."""
    entries = [Entry.of(s) for s in SECTION_4_5] + [Entry(artificial=Artificial.parse("A+"))]
    got = matchpoint(entries, EBU_STYLE)
    assert got[3].value == F(71, 6)
    assert got[6].value == F(36, 5) and got[6].top == 12
    # The real data files' example: 19 real results of 21, raw 27 becomes 29.9.
    assert (F(27) + 1) * 21 / 19 - 1 == F(569, 19)


def test_split_score() -> None:
    """§5.3: the split table gets 7 in each field; each field still sums to 30."""
    text = """
board,ns,ew,score,adjusted
1,1,1,420,
1,2,2,450,
1,3,3,-50,
1,4,4,170,
1,5,5,-100,
1,6,6,,NS 420 | EW -50
"""
    result = scored(text)
    mps = board_mps(result, 1)
    assert mps[5] == (7, 7)
    assert sum(ns for ns, _ in mps if ns is not None) == 30
    assert sum(ew for _, ew in mps if ew is not None) == 30
    assert result.boards[0].tables[5].table.kind == "split"


def test_weighted_score() -> None:
    """§5.4: 30% of +420 and 70% of -50 gives 4.2; the others 10.0, 7.7, 5.4, 2.7, 0.0."""
    text = """
board,ns,ew,score,adjusted
1,1,1,,30% 420 + 70% -50
1,2,2,450,
1,3,3,420,
1,4,4,170,
1,5,5,-50,
1,6,6,-100,
"""
    result = scored(text)
    mps = board_mps(result, 1)
    assert [ns for ns, _ in mps] == [F(21, 5), 10, F(77, 10), F(27, 5), F(27, 10), 0]
    assert all(ns is not None and ew is not None and ns + ew == 10 for ns, ew in mps)
    explanation = result.boards[0].tables[0].ns
    # 0.3 x (beats 3, ties 1) + 0.7 x (beats 1, ties 1)
    assert explanation is not None and (explanation.beaten, explanation.tied) == (F(8, 5), 1)


def test_weighted_contracts_notation() -> None:
    text = """
board,ns,ew,contract,declarer,result,adjusted
1,1,1,,,,30% 4S N = + 70% 4S N -1
1,2,2,4S,N,11,
1,3,3,4S,N,10,
1,4,4,3S,N,10,
1,5,5,4S,N,9,
1,6,6,5S,N,9,
"""
    assert [ns for ns, _ in board_mps(scored(text), 1)] == [
        F(21, 5),
        10,
        F(77, 10),
        F(27, 5),
        F(27, 10),
        0,
    ]


FOULED = """
board,ns,ew,score,group
1,1,1,600,a
1,2,2,500,a
1,3,3,400,a
1,4,4,300,a
1,5,5,200,a
1,6,6,100,a
1,7,7,0,a
1,8,8,300,b
1,9,9,200,b
1,10,10,100,b
"""


def test_fouled_board_neuberg_groups() -> None:
    """§5.5 (EBU article): 7 + 3 of 10 results."""
    result = scored(FOULED, CLUB.with_(fouled_groups=SmallGroups.NEUBERG))
    ns = [v for v, _ in board_mps(result, 1)]
    assert [fmt(v, 1) for v in ns if v is not None] == [
        "17.6",
        "14.7",
        "11.9",
        "9",
        "6.1",
        "3.3",
        "0.4",
        "15.7",
        "9",
        "2.3",
    ]
    assert sum(ns[:7]) == 63 and sum(ns[7:]) == 27  # type: ignore[arg-type]
    assert result.checksums_ok


def test_fouled_board_small_groups() -> None:
    """§5.5, White Book 4.2.3.3 / ACBL: a group of three of ten scores 70%, 60%, 50%."""
    for rule in (SmallGroups.EBU, SmallGroups.ACBL):
        result = scored(FOULED, CLUB.with_(fouled_groups=rule))
        ns = [v for v, _ in board_mps(result, 1)]
        assert ns[7:] == [F(7, 10) * 18, F(6, 10) * 18, F(5, 10) * 18]
        assert result.checksums_ok


def test_small_group_conditions() -> None:
    """EBU uses Neuberg for a group of 2 of 5 results; ACBL 65% / 55%."""
    text = """
board,ns,ew,score,group
1,1,1,600,a
1,2,2,500,a
1,3,3,400,a
1,4,4,300,b
1,5,5,200,b
"""
    ebu = [v for v, _ in board_mps(scored(text, CLUB.with_(fouled_groups="ebu")), 1)]
    assert ebu[3:] == [(2 + 1) * F(5, 2) - 1, (0 + 1) * F(5, 2) - 1]
    acbl = [v for v, _ in board_mps(scored(text, CLUB.with_(fouled_groups="acbl")), 1)]
    assert acbl[3:] == [F(65, 100) * 8, F(55, 100) * 8]


def test_session_percentage_rule() -> None:
    """§5.2: top 12, 24 boards; the innocent pair had 190 of 276 on its other 23 boards.

    Seven NS pairs play seven EW pairs on every board; NS pair 1 tops 15 boards, scores 10 on
    one and 0 on seven; on board 24 it gets Ave+ against EW pair 1's Ave-.
    """
    rows = ["board,ns,ew,score,contract"]
    for board in range(1, 24):
        mine = 12 if board <= 15 else (10 if board == 16 else 0)
        others = [700, 600, 500, 400, 300, 200]
        rank = {12: 800, 10: 650, 0: 100}[mine]
        for pair in range(1, 8):
            score = rank if pair == 1 else others[pair - 2]
            rows.append(f"{board},{pair},{pair},points {score},")  # any score, any board
    for pair in range(1, 8):
        rows.append(
            f"24,{pair},{pair},{'points ' if pair > 1 else ''}"
            f"{[0, 700, 600, 500, 400, 300, 200][pair - 1] or ''},"
            f"{'A+/A-' if pair == 1 else ''}"
        )
    rules = CLUB.with_(session_percentage_rule=True, artificial_method="neuberg")
    result = scored("\n".join(rows), rules)
    ns1 = next(s for s in result.fields[0].standings if s.entrant.number == 1)
    ave_plus = result.boards[23].tables[0].ns
    assert ave_plus is not None and ave_plus.percent == F(190 * 100, 276)
    assert fmt(ave_plus.value, 2) == "8.26"
    assert fmt(ns1.percent, 2) == "68.84" and ns1.percent == F(190 * 100, 276)
    assert ns1.available == 288
    # Without the rule Ave+ is 60%.
    fixed = scored("\n".join(rows), CLUB.with_(artificial_method="neuberg"))
    plain = fixed.boards[23].tables[0].ns
    assert plain is not None and plain.value == F(36, 5)
    # EW pair 1 (at fault) scored under 40% elsewhere: Ave- becomes its own percentage.
    ave_minus = result.boards[23].tables[0].ew
    ew1 = next(s for s in result.fields[1].standings if s.entrant.number == 1)
    assert ave_minus is not None and ave_minus.percent == F(100 * (276 - 190), 276)
    assert ew1.percent == ave_minus.percent


def test_artificial_percentages() -> None:
    assert Artificial.parse("A+").percent == 60
    assert Artificial.parse("Ave-").percent == 40
    assert Artificial.parse("55").percent == 55 and not Artificial.parse("55").follows_session
    assert Artificial.parse("A-").follows_session


SECTIONS = """
section,board,ns,ew,score
A,1,1,1,420
A,1,2,2,400
A,1,3,3,-50
B,1,1,1,450
B,1,2,2,420
B,1,3,3,100
"""


def test_sections_within_and_across_the_field() -> None:
    within = scored(SECTIONS)
    assert [b.top for b in within.boards] == [4, 4]
    assert [f.field for f in within.fields] == ["A NS", "A EW", "B NS", "B EW"]
    assert [ns for b in within.boards for ns, _ in [(t.ns_points, 0) for t in b.tables]] == [
        4,
        2,
        0,
        4,
        2,
        0,
    ]
    across = scored(SECTIONS, CLUB.with_(sections_across=True))
    (board,) = across.boards
    assert board.top == 10
    # 420 beats 400, -50, 100 and ties the other 420: 3x2 + 1 = 7.
    assert [t.ns_points for t in board.tables] == [7, 4, 0, 10, 7, 2]
    assert [f.field for f in across.fields] == ["NS", "EW"]
    labels = [s.entrant.label for s in across.fields[0].standings]
    assert labels == ["B-1NS", "A-1NS", "B-2NS", "A-2NS", "B-3NS", "A-3NS"]
    assert across.checksums_ok and within.checksums_ok


def test_session_percent_vector() -> None:
    """§5.2: top 12; innocent pair 68.84% on its other boards, its opponents 35.00%."""
    from bridgescore.scoring import session_percent

    own = F(190 * 100, 276)
    ave_plus = session_percent(Artificial.parse("A+"), own) / 100 * 12
    assert fmt(ave_plus, 2) == "8.26"
    ave_minus = session_percent(Artificial.parse("A-"), F(35)) / 100 * 12
    assert ave_minus == F(42, 10)
    assert session_percent(Artificial.parse("A+"), F(55)) == 60
    assert session_percent(Artificial.parse("A-"), F(45)) == 40
    assert session_percent(Artificial.parse("60"), F(70)) == 60
    assert session_percent(Artificial.parse("A"), F(70)) == 50


# =================================================================================================
# Matchpoints and their explanations, exactly (rules.md §3-5).
#
# Written to kill the mutants of ``scoring/matchpoints.py`` that survived the rest of the suite
# (docs/mutation.md). Every value is worked out by hand in a comment: on the 2-1-0 scale a result
# gets 2 per result beaten and 1 per tie (§3.2); Neuberg is ``(M + 1) × E/A − 1`` (§4.1); ratio of
# tops ``M × (E − 1)/(A − 1)`` (§4.3); average-for-missing ``M + (E − A)`` (§4.4); a small group
# of a fouled board gets ``60% + 5%`` per matchpoint above the group's average (§5.5).


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


def test_a_board_of_artificial_scores_only_is_scored_on_their_percentages() -> None:
    # Every table given an artificial score (rules.md §4): no result to compare with, each is
    # its percentage of the top of three results, 2 x (3 - 1) = 4: A+ 60% is 12/5, A 50% is 2,
    # A- 40% is 8/5; the same by the counted path.
    scores = [Artificial.parse(word) for word in ("A+", "A", "A-")]
    exact = matchpoint([Entry(artificial=s) for s in scores], CLUB)
    assert [(e.value, e.top, e.steps) for e in exact] == [
        (F(12, 5), 4, ()),
        (F(2), 4, ()),
        (F(8, 5), 4, ()),
    ]
    assert matchpoint_plain(scores, CLUB) == exact


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


# --- boards of plain results, counted (matchpoint_plain) -----------------------------------------


def test_a_plain_board_is_counted_on_its_own_results_when_no_count_is_expected() -> None:
    # 420, 450, 420 on a top of 2 x (3 - 1) = 4 (rules.md §3.1): 450 beats both 420s, 4; each
    # 420 ties the other, 1. With no expected count the board's own three results set the top.
    made = matchpoint_plain([420, 450, 420], CLUB)
    assert [(e.value, e.top) for e in made] == [(F(1), F(4)), (F(4), F(4)), (F(1), F(4))]
    assert made[0] is made[2]  # tables with the same score share one explanation
    # scored as if it had five results, by Neuberg (rules.md §4.1): (M + 1) x 5/3 - 1 of top 8
    neuberg = CLUB.with_(short_boards=Compensation.NEUBERG)
    scaled = matchpoint_plain([420, 450, 420], neuberg, expected=5)
    assert [e.value for e in scaled] == [F(7, 3), F(22, 3), F(7, 3)]
    assert {e.top for e in scaled} == {F(8)}


def test_a_plain_boards_artificial_score_is_explained_as_the_exact_engine_does() -> None:
    # On the 1-per-result scale three results have a top of 3 - 1 = 2 (rules.md §3.1); an A+
    # is 60% of it, 6/5. The counted path's record of it is the exact engine's, scale included.
    half = CLUB.with_(scale=1)
    average_plus = Artificial.parse("A+")
    counted = matchpoint_plain([420, average_plus, 450], half)
    exact = matchpoint([Entry.of(420), Entry(artificial=average_plus), Entry.of(450)], half)
    assert (counted[1].value, counted[1].top, counted[1].scale) == (F(6, 5), F(2), 1)
    assert counted == exact


def test_a_board_played_once_has_a_top_of_nothing() -> None:
    # rules.md §3.1: the top is 2 x (results - 1): 0 for a board played once (nothing to
    # compare with), never less than 0; 8 for five results.
    assert [top(n, CLUB) for n in (0, 1, 2, 5)] == [F(0), F(0), F(2), F(8)]
