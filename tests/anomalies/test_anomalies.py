"""Entries that look wrong, listed for a director before publishing (issue 27): each detector
on a small field made for it, the reasons it gives, and seeded slips it catches, the numbers
worked by hand in the comments. Nothing is ever changed."""

from __future__ import annotations

from bridgescore.anomalies import DD_TRICKS, OUTLIER_IMPS, find
from bridgescore.anomalies.slips import measure, slips
from bridgescore.bridge import Seat, Strain
from bridgescore.movements import mitchell
from tests.anomalies.helpers import DD, FIELD, with_deal
from tests.helpers import session


def test_a_clean_field_has_nothing_to_confirm() -> None:
    # +420 four times and +450 once: one game, one overtrick. Leads from East's hand (declarer
    # North) and West's (declarer South): all in the leader's hand.
    assert find(with_deal(session(FIELD)), double_dummy=DD) == ()


def test_a_declarer_on_the_wrong_side() -> None:
    """4S by East at table 6 while the five other tables in 4S played it from North-South; its
    -420 is also 840 from the nearest other result, 13 IMPs."""
    s = session(FIELD + "1,6,6,4S,E,10,\n")
    found = {a.kind: a for a in find(s)}
    assert set(found) == {"direction", "outlier"} and found["direction"].index == 5
    assert found["direction"].reason == (
        "4S by East (-420 to NS), where the 5 other tables in 4S played it from North-South: "
        "a declarer entered on the wrong side?"
    )
    assert found["outlier"].reason.startswith("-420 to NS is 13 IMPs from the nearest")


def test_a_score_entered_for_the_wrong_side() -> None:
    """Scores alone: -420 where two tables have +420 and every other result went NS's way."""
    s = session("board,ns,ew,score\n1,1,1,420\n1,2,2,420\n1,3,3,450\n1,4,4,400\n1,5,5,-420\n")
    found = {a.kind: a for a in find(s)}
    assert found["direction"].index == 4
    assert found["direction"].reason == (
        "-420 to NS is the reverse of 2 other tables' +420, and 4 of the 4 other results went "
        "the other way: a score entered for the wrong side?"
    )


def test_a_score_far_outside_the_field_and_far_from_double_dummy() -> None:
    """4SX N -4 (-800, nobody vulnerable) where the others scored +420 and +450: 1220 from the
    nearest, 15 IMPs (OUTLIER_IMPS is 10). Double dummy gives North 10 tricks in spades, the
    table took 6: 4 tricks (DD_TRICKS is 3)."""
    assert OUTLIER_IMPS == 10 and DD_TRICKS == 3
    s = with_deal(session(FIELD + "1,6,6,4SX,N,6,D2\n"))
    kinds = {a.kind: a.reason for a in find(s, double_dummy=DD)}
    assert set(kinds) == {"outlier", "double dummy"}
    assert kinds["outlier"] == (
        "-800 to NS is 15 IMPs from the nearest of the 5 other results (+420), and double dummy "
        "gives North 10 tricks in S, not 6"
    )
    assert kinds["double dummy"] == "4SX by North took 6 tricks; double dummy gives 10"
    # without the deal, the field alone says it
    assert [a.kind for a in find(s)] == ["outlier"]


def test_a_swing_double_dummy_allows_is_not_an_outlier() -> None:
    """6S by North making 12 tricks (+980) against +420s: 11 IMPs from the field, but if double
    dummy gives North 12 tricks it is a slam well bid, not a slip."""
    s = with_deal(session(FIELD + "1,6,6,6S,N,12,D2\n"))
    assert [a.kind for a in find(s)] == ["outlier"]  # the field alone cannot tell
    slam = {1: {**DD[1], (Seat.N, Strain.SPADES): 12}}
    assert find(s, double_dummy=slam) == ()


def test_a_lead_not_in_the_leaders_hand() -> None:
    """Declarer North: East leads. The heart ace is West's (AKQJ of hearts)."""
    s = with_deal(session(FIELD + "1,6,6,4S,N,10,HA\n"))
    (found,) = find(s)
    assert (found.kind, found.index) == ("lead", 5)
    assert found.reason == (
        "the lead HA is not in East's hand (the leader, on North's left); West holds it"
    )


def test_a_score_that_only_makes_sense_at_the_other_vulnerability() -> None:
    """Board 2, North-South vulnerable: the field's 4SX by North, two down, is -500; a bare
    -300 is that result not vulnerable (and no field contract makes -300 vulnerable)."""
    rows = "board,ns,ew,contract,declarer,result,score\n"
    rows += "".join(f"2,{n},{n},4SX,N,8,\n" for n in (1, 2, 3))
    s = session(rows + "2,4,4,,,,-300\n")
    (found,) = find(s)
    assert (found.kind, found.index) == ("vulnerability", 3)
    assert found.reason == (
        "-300 to NS is 4SX by North-South taking 8 tricks not vulnerable, but North-South are "
        "vulnerable on board: a score from the other vulnerability?"
    )


# A 5-table Mitchell of three rounds, two boards a round (movements.mitchell(5, 2, rounds=3)):
# table 1 plays boards 1-2, 3-4, 5-6; table 4 plays 7-8 in round 1. Pairs 1 never play 7-8.
MOVEMENT = mitchell(5, boards_per_round=2, rounds=3)


def mitchell_rows(slip: tuple[int, int, int, int] | None = None) -> str:
    lines = ["board,round,table,ns,ew,score"]
    for play in MOVEMENT.plays:
        for board in play.boards:
            shown = board
            if slip is not None and (play.round, play.table, board) == slip[:3]:
                shown = slip[3]
            lines.append(f"{shown},{play.round},{play.table},{play.ns.number},{play.ew.number},0")
    return "\n".join(lines)


def test_a_board_at_a_table_whose_movement_does_not_have_it() -> None:
    """Round 1, table 1 played boards 1 and 2; board 1's result is entered as board 7, which
    table 4 played in round 1 and which travels with board 8."""
    clean = session(mitchell_rows())
    assert find(clean) == () and find(clean, movement=MOVEMENT) == ()
    slipped = session(mitchell_rows((1, 1, 1, 7)))
    (found,) = find(slipped)
    assert (found.kind, found.board) == ("movement", 7)
    assert found.reason == (
        "board 7 at round 1, table 1, with boards 2: board 7 travels with 8, and was played "
        "at table 4 in round 1 too"
    )
    # with the movement given, it says what the movement has there
    (given,) = find(slipped, movement=MOVEMENT)
    assert given.kind == "movement" and given.board == 7
    assert "round 1, table 1 plays boards 1, 2, not board 7" in given.reason


def test_the_detector_catches_seeded_slips() -> None:
    """FIELD with a sixth table, 4S N = by pair 6. A declarer moved to East (its left) is 4S by
    East, the only one from East-West of six: caught on every one of the six rows. A declarer
    moved to partner keeps the score: with the deal, the lead (from East's hand, now declarer's
    partner's... or West's) is then in the wrong hand on the rows led from East: 4 of 5
    North-declared rows, and the South-declared row led by West (HA) becomes North-declared,
    led by East: caught too. A score entered for the wrong side (-420 or -450 alone): the
    reverse of other tables' +420 on every +420 row; no other table has +450, but -450 is 870
    from the nearest other result, 13 IMPs: an outlier. 6 of 6."""
    s = with_deal(session(FIELD + "1,6,6,4S,N,10,D2\n"))
    assert find(s, double_dummy=DD) == ()
    m = measure(s, double_dummy=DD, count=10)
    assert m.rows == 6 and m.flagged == 0
    assert (m.seeded["declarer"], m.caught["declarer"]) == (6, 6)
    assert (m.seeded["partner"], m.caught["partner"]) == (6, 6)
    assert (m.seeded["sign"], m.caught["sign"], m.refused["sign"]) == (6, 6, 0)
    assert m.seeded["swap"] == 0  # one board: nothing to swap
    # nothing seeded changes the session it was given
    copies = list(slips(s, "declarer", 3))
    assert all(c is not None and c.session is not s for c in copies)
    assert s.tables[0].result is not None and str(s.tables[0].result) == "4S N ="


def test_swapped_boards_are_caught_by_the_field_and_the_leads() -> None:
    """Pairs 1 met on boards 1 and 2 in round 1; their results swapped: board 2's 1NT N +1
    (+120) lands on board 1 beside five +420s -- 8 IMPs, not an outlier -- but its lead,
    the club 2, is North's own card, not East's; board 1's 4S N = on board 2 (where 1NT was
    played everywhere) is +620 vulnerable there, and 4S by North is the only spade contract."""
    rows = FIELD.strip() + "\n" + "".join(f"2,{n},{n},1NT,N,8,S4\n" for n in range(1, 6))
    s = with_deal(session(rows))
    (swap,) = [x for x in slips(s, "swap", 10) if x is not None and 0 in x.rows][:1]
    found = find(swap.session, double_dummy=DD)
    assert any(a.index in swap.rows and a.kind == "lead" for a in found)
