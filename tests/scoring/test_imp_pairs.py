"""IMP pairs through the session: Butler and cross-IMPs (rules.md §6.3, §6.4, §4.6)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.bridge import Vulnerability
from bridgescore.contract import possible_scores
from bridgescore.rules import CLUB
from tests.helpers import scored

F = Fraction
NONE = Vulnerability.NONE
SIX = [420, 450, -100, -200, 400, 590]
ROWS = "board,ns,ew,score\n" + "".join(f"1,{p},{p},{s}\n" for p, s in enumerate(SIX, start=1))
CROSS = CLUB.with_(method="cross-imps")
BUTLER = CLUB.with_(method="butler", datum_trim="1", datum_rounding="half-up")


def test_cross_imps_example() -> None:
    """§6.3: totals +18, +22, -42, -52, +15, +39; divided by 5 comparisons."""
    result = scored(ROWS, CROSS)
    (board,) = result.boards
    assert [t.ns.gross for t in board.tables if t.ns] == [18, 22, -42, -52, 15, 39]
    assert [t.ns_points for t in board.tables] == [
        F(18, 5),
        F(22, 5),
        F(-42, 5),
        F(-52, 5),
        3,
        F(39, 5),
    ]
    assert [t.ew_points for t in board.tables] == [
        -F(18, 5),
        -F(22, 5),
        F(42, 5),
        F(52, 5),
        -3,
        -F(39, 5),
    ]
    by_results = scored(ROWS, CROSS.with_(cross_imps="results"))
    assert by_results.boards[0].tables[0].ns_points == 3  # 18 / 6
    total = scored(ROWS, CROSS.with_(cross_imps="sum"))
    assert total.boards[0].tables[1].ns_points == 22
    assert result.checksums_ok
    text = board.tables[0].ns.text() if board.tables[0].ns else ""
    assert "+420 against the 5 other results: 18 IMPs in all, ÷ 5 = 3.60" in text


def test_butler_example() -> None:
    """§6.4: drop one at each end, datum 292.5 rounded to 290; +4 +4 -9 -10 +3 +7."""
    result = scored(ROWS, BUTLER)
    (board,) = result.boards
    assert [t.ns_points for t in board.tables] == [4, 4, -9, -10, 3, 7]
    assert {t.ns.datum for t in board.tables if t.ns} == {290}
    assert [t.ew_points for t in board.tables] == [-4, -4, 9, 10, -3, -7]
    ns = {s.entrant.number: s for s in result.fields[0].standings}
    assert ns[6].total == 7 and ns[6].rank == 1


def test_butler_hemel_example() -> None:
    """§6.4: EW 4 x 620 and 3 x 170 (NS -620, -170), drop one of each: datum 440 to EW.

    Board 3, where EW are vulnerable (rules.md §2.2): 620 is their 4S made, 170 their 3S+1."""
    rows = "board,ns,ew,score\n" + "".join(
        f"3,{p},{p},{s}\n" for p, s in enumerate([-620] * 4 + [-170] * 3, start=1)
    )
    result = scored(rows, BUTLER)
    assert [t.ew_points for t in result.boards[0].tables] == [5] * 4 + [-7] * 3


def test_artificial_at_imps_and_factoring() -> None:
    """Ave+/Ave- are +3/-3; pairs who played fewer boards are factored (§4.6)."""
    rows = """
board,ns,ew,contract,score
1,1,1,,420
1,2,2,,400
1,3,3,A+/A-,
2,1,1,,100
2,2,2,,-100
2,3,3,NP,
"""
    result = scored(rows, BUTLER.with_(datum_trim="0"))
    board_1 = result.boards[0]
    assert [t.ns_points for t in board_1.tables] == [0, 0, 3]
    assert board_1.tables[2].ew_points == -3
    ns = {s.entrant.number: s for s in result.fields[0].standings}
    # Pair 3 played one board of two: its +3 is factored to +6.
    assert ns[3].points == 3 and ns[3].boards == 1 and ns[3].total == 6
    assert ns[1].total == ns[1].points
    unfactored = scored(rows, BUTLER.with_(datum_trim="0", factor_totals=False))
    assert {s.entrant.number: s.total for s in unfactored.fields[0].standings}[3] == 3


def test_weighted_score_at_imps() -> None:
    """§5.4 point 5: IMP each component, then weight."""
    rows = """
board,ns,ew,score,adjusted
1,1,1,,30% 420 + 70% -50
1,2,2,420,
1,3,3,-50,
"""
    result = scored(rows, BUTLER.with_(datum_trim="0", datum_rounding="none"))
    # Datum over the plain results: (420 - 50) / 2 = 185; 420 - 185 = 235 -> 6, -235 -> -6.
    assert result.boards[0].tables[0].ns_points == F(3, 10) * 6 + F(7, 10) * -6


def test_ew_datum_is_minus_the_ns_datum_under_half_up() -> None:
    """§6.4: NS scores +100 and -250 average -75; half-up makes the NS datum -70, so EW's is
    +70 (not EW's own +75 rounded up to +80). NS: +170 → +5, -180 → -5; EW the negatives."""
    rows = "board,ns,ew,score\n1,1,1,100\n1,2,2,-250\n"
    result = scored(rows, BUTLER.with_(datum_trim="0"))
    (board,) = result.boards
    assert [t.ns.datum for t in board.tables if t.ns] == [-70, -70]
    assert [t.ew.datum for t in board.tables if t.ew] == [70, 70]
    assert [t.ns_points for t in board.tables] == [5, -5]
    assert [t.ew_points for t in board.tables] == [-5, 5]


@settings(max_examples=60, deadline=None)
@given(
    # Scores a contract can produce on board 1, where neither side is vulnerable (§1.8, §2.2).
    st.lists(
        st.sampled_from(sorted(s for s in possible_scores(NONE) if -1600 <= s <= 1600)),
        min_size=1,
        max_size=9,
    ),
    st.sampled_from(["half-up", "half-even", "half-away", "none"]),
    st.sampled_from(["0", "1", "10%"]),
)
def test_butler_ns_and_ew_balance_for_every_rounding(
    scores: list[int], rounding: str, trim: str
) -> None:
    # Every table's EW IMPs are minus its NS IMPs, whatever the datum's rounding and trim.
    rows = "board,ns,ew,score\n" + "".join(
        f"1,{p},{p},{s}\n" for p, s in enumerate(scores, start=1)
    )
    result = scored(rows, CLUB.with_(method="butler", datum_rounding=rounding, datum_trim=trim))
    for board in result.boards:
        for table in board.tables:
            assert table.ns is not None and table.ew is not None
            assert table.ew.datum == -(table.ns.datum or 0)
            assert table.ew_points == -(table.ns_points or 0)
