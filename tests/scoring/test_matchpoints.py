"""The matchpoint vectors of rules.md §3-5 and §11."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.display import fmt
from bridgescore.rules import CLUB, Compensation, Rules, SmallGroups
from bridgescore.scoring.matchpoints import Entry, matchpoint
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
