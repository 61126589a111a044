"""Movements: values worked out by hand from the rules (rules.md §8), published Howells, and
every breach of a broken movement named."""

from __future__ import annotations

import json

import pytest

from bridgescore.bridge import Side
from bridgescore.errors import InputFileError, RulesError
from bridgescore.movements import (
    Contestant,
    MovementError,
    Play,
    Structure,
    check,
    howell,
    mitchell,
    mitchell_for_pairs,
    validate,
)
from bridgescore.movements.amend import amend_from, early_departure, late_arrival
from bridgescore.movements.balance import balance
from bridgescore.movements.cards import personal_cards, pickup_slips, table_cards, travellers
from bridgescore.movements.fit import fits
from bridgescore.movements.individual import individual, individual_for_players
from bridgescore.movements.jsonform import dumps, loads, loads_howell_table
from bridgescore.movements.model import Movement
from bridgescore.session import FieldStructure
from tests.conftest import shared_path


def ns(n: int) -> Contestant:
    return Contestant(n, Side.NS)


def ew(n: int) -> Contestant:
    return Contestant(n, Side.EW)


def errors(movement: Movement) -> list[str]:
    return [str(b) for b in validate(movement) if not b.warning]


# --- Mitchell ---------------------------------------------------------------------------------


def test_three_table_mitchell_round_two_by_hand() -> None:
    # EW pairs move up one table: EW 3 leaves table 3 for table 1 (wrapping round).
    # Boards move down one table: set 2 leaves table 2 for table 1, so table 1 plays boards 3-4.
    m = mitchell(3, 2)
    play = m.play(2, 1)
    assert (play.ns, play.ew, play.set, play.boards) == (ns(1), ew(3), 2, (3, 4))
    # Board 1 (set 1) starts at table 1 and goes down: table 3 in round 2, table 2 in round 3.
    assert [(p.round, p.table) for p in m.plays_of_board(1)] == [(1, 1), (2, 3), (3, 2)]
    # EW 1 moves up: table 2 in round 2.
    where = m.where(ew(1), 2)
    assert where is not None and where.table == 2
    assert m.where(ew(9), 1) is None
    assert m.structure is Structure.TWO_FIELDS
    assert m.boards == (1, 2, 3, 4, 5, 6)
    assert len(m.contestants) == 6
    assert errors(m) == []


def test_relay_mitchell_six_tables_matches_the_reference() -> None:
    # rules.md §8.2: round 1, tables 1..6 play sets 1, 2, 3, 5, 6, 1 (set 4 on the bye stand);
    # round 2: 2, 3, 4, 6, 1, 2.
    m = mitchell(6, 2)
    assert [m.play(1, t).set for t in range(1, 7)] == [1, 2, 3, 5, 6, 1]
    assert [m.play(2, t).set for t in range(1, 7)] == [2, 3, 4, 6, 1, 2]
    assert m.shared == ((1, 6),)
    assert m.stands == 1
    assert m.rounds == 6
    assert errors(m) == []


def test_skip_mitchell_eight_tables_skips_at_round_five() -> None:
    # Without a skip EW at table 1 in round 5 would be mod1(1 - 4, 8) = 5; the skip makes it
    # mod1(1 - 5, 8) = 4 ("with 8 tables ... round 5", rules.md §8.2). 7 rounds.
    m = mitchell(8, 3, even="skip")
    assert m.play(4, 1).ew == ew(6)
    assert m.play(5, 1).ew == ew(4)
    assert m.rounds == 7
    assert errors(m) == []


def test_half_table_mitchell_phantom_is_the_last_ns_pair() -> None:
    m = mitchell_for_pairs(13, 2)
    assert m.tables == 7 and m.phantom == ns(7)
    # Round 1: EW 7 meets the phantom at table 7 and sits out; round 2 EW 6 arrives there.
    assert m.play(1, 7).sit_out and m.play(2, 7).ew == ew(6)
    assert (1, ew(7)) in m.sit_outs() and len(m.sit_outs()) == 7
    assert errors(m) == []


def test_half_table_with_a_skip_is_refused() -> None:
    with pytest.raises(RulesError, match="relay"):
        mitchell(8, 2, even="skip", phantom=True)
    m = mitchell_for_pairs(15, 2)  # even tables and a half table: the relay, nothing shared
    assert m.shared == () and m.phantom == ns(8)
    assert errors(m) == []


def test_arrow_switch_makes_one_field() -> None:
    m = mitchell(7, 3, arrow_switched=[7])
    assert m.structure is Structure.ONE_FIELD
    assert m.play(7, 2).arrow_switched and not m.play(6, 2).arrow_switched
    # Round 7, table 3: EW mod1(3 - 6, 7) = 4 sits EW but holds the NS cards.
    play = m.play(7, 3)
    assert play.ew == ew(4) and play.card_side_of(ew(4)) is Side.NS
    # A play turned on a round the movement does not declare switched is a breach.
    undeclared = Movement(m.kind, m.tables, m.rounds, 3, m.plays)
    assert sum("unlike the round's arrow-switch" in f for f in errors(undeclared)) == 7
    with pytest.raises(RulesError, match="no round 9"):
        mitchell(7, 3, arrow_switched=[9])


# --- Howell and individual ---------------------------------------------------------------------


@pytest.mark.parametrize("tables", range(2, 11))
def test_complete_howell_every_pair_meets_every_other_once(tables: int) -> None:
    m = howell(tables, 2)
    pairs = 2 * tables
    met = [frozenset(p.seats) for p in m.plays]
    assert len(met) == len(set(met)) == pairs * (pairs - 1) // 2
    assert m.rounds == 2 * tables - 1
    assert errors(m) == []


@pytest.mark.parametrize("tables", [2, 4, 6, 8, 10])
def test_complete_howell_on_even_tables_is_balanced(tables: int) -> None:
    # "A Howell Movement for an even number of tables is perfectly balanced" [MOV-CHAR]: each of
    # the 2T pairs plays 2T - 1 boards (1 a round) and is compared with each other pair on the
    # boards where both hold the same cards: (2T - 1) * (T - 1) / (2T - 1) = T - 1 boards
    # (each board has T - 1 other results in each direction, spread over the 2T - 1 others).
    b = balance(howell(tables, 1))
    assert b.balanced and b.most == tables - 1


def test_balance_of_a_published_howell_matches() -> None:
    # The published 4-table Howell is balanced the same way: 3 boards with 1 a round.
    b = balance(loads_howell_table(_published(), "4-7"))  # type: ignore[arg-type]
    assert b.balanced and b.most == 3


def test_partial_howell_and_phantom() -> None:
    m = howell(5, 3, rounds=7, phantom=True)
    assert m.name.startswith("3/4 Howell")  # 7 of 9 rounds
    assert m.phantom == Contestant(10)
    # One sit-out a round, always at table 1 where the stationary phantom sits.
    assert [r for r, _ in m.sit_outs()] == list(range(1, 8))
    assert errors(m) == []


def test_individual_two_and_three_tables_partners_every_player_once() -> None:
    for tables in (2, 3):
        m = individual(tables, 2)
        players = 4 * tables
        assert m.rounds == players - 1
        for who in m.contestants:
            partners = [m.where(who, r).partner_of(who) for r in range(1, m.rounds + 1)]  # type: ignore[union-attr]
            assert sorted(p.number for p in partners if p) == [
                n for n in range(1, players + 1) if n != who.number
            ]
        assert errors(m) == []
    assert individual_for_players(11, 2).phantom == Contestant(12, player=True)
    with pytest.raises(RulesError, match="do not fit"):
        individual_for_players(10, 2)


# --- the validator -------------------------------------------------------------------------


def test_a_broken_movement_is_refused_with_every_breach_named() -> None:
    def play(rnd: int, table: int, a: int, b: int, boards: tuple[int, ...]) -> Play:
        return Play(rnd, table, boards[0], boards, (Contestant(a), Contestant(b)))

    broken = Movement(
        FieldStructure.HOWELL,
        tables=2,
        rounds=2,
        boards_per_round=1,
        plays=(
            play(1, 1, 1, 2, (1,)),
            play(1, 2, 3, 1, (1,)),  # pair 1 twice in round 1; board 1 at two tables
            play(2, 1, 1, 2, (1,)),  # 1 v 2 again, and both play board 1 again
        ),
    )
    found = errors(broken)
    assert "round 1, table 2: pair 1 is also at table 1 this round" in found
    assert any("board 1 is also at table 1" in f and "not declared as sharing" in f for f in found)
    assert "round 2, table 1: pair 1 and pair 2 are opponents again (first in round 1)" in found
    assert any(f.startswith("round 2, table 1: pair 1 plays board 1 a second time") for f in found)
    assert any(f.startswith("round 2, table 1: pair 2 plays board 1 a second time") for f in found)
    with pytest.raises(MovementError) as raised:
        check(broken)
    assert len(raised.value.breaches) == len(found)


def test_boards_waiting_without_a_stand_and_a_phantom_not_sitting_out() -> None:
    m = mitchell(6, 2)
    no_stand = Movement(m.kind, m.tables, m.rounds, 2, m.plays, shared=m.shared, stands=0)
    assert any("wait between tables" in f for f in errors(no_stand))
    wrong = Movement(
        m.kind, m.tables, m.rounds, 2, m.plays, phantom=ns(6), shared=m.shared, stands=1
    )
    found = errors(wrong)
    assert sum("must be a sit-out" in f for f in found) == 6


def test_warnings_for_boards_played_unevenly_and_under_seventy_percent() -> None:
    # 3 tables, half table: each set visits all 3 tables, one of them the sit-out, so every
    # board is played twice (even); each EW pair sits out one round: 4 of the 6 boards.
    m = mitchell_for_pairs(5, 2)
    warnings = [str(b) for b in validate(m) if b.warning]
    assert not any("played between" in w for w in warnings)
    assert sum("plays 4 of the 6 boards, under the 70%" in w for w in warnings) == 3
    # EW 3 arriving for round 2: table 3's round-1 set (boards 5-6) is played only twice.
    late = late_arrival(mitchell(3, 2), ew(3), 2)
    assert "warning: boards are played between 2 and 3 times; 2 times: 5, 6" in [
        str(b) for b in validate(late)
    ]


# --- late changes ------------------------------------------------------------------------------


def test_late_arrival_and_early_departure() -> None:
    m = mitchell(3, 2)
    late = late_arrival(m, ew(3), 2)
    assert late.play(1, 3).sit_out and late.play(1, 3).absent == (ew(3),)
    assert late.play(2, 1) == m.play(2, 1)
    early = early_departure(m, ns(2), 2)
    assert early.play(3, 2).sit_out and not early.play(2, 2).sit_out
    assert errors(late) == [] and errors(early) == []
    with pytest.raises(RulesError, match="not in this movement"):
        late_arrival(m, ew(4), 2)


def test_amend_from_round_keeps_earlier_rounds() -> None:
    m = mitchell(5, 2)
    later = tuple(p for p in mitchell(5, 2).plays if p.round >= 4)
    amended = amend_from(m, 4, later)
    assert amended.plays[:15] == m.plays[:15]
    assert errors(amended) == []
    # A new plan that replays round 1's boards in round 4 is refused by the validator.
    replay = tuple(Play(4, p.table, p.set, p.boards, p.seats) for p in m.plays if p.round == 1)
    assert any("a second time" in f for f in errors(amend_from(m, 4, replay)))
    with pytest.raises(RulesError, match="already played"):
        amend_from(m, 4, m.plays)


# --- balance, fit, cards -----------------------------------------------------------------------


def test_balance_of_a_plain_mitchell() -> None:
    # Every NS pair plays all 6 boards NS, so each two NS pairs are compared on 6 boards; NS
    # and EW pairs are in different fields and never counted together.
    b = balance(mitchell(3, 2))
    assert b.balanced and b.most == 6
    assert len(b.comparisons) == 3 + 3


def test_fit_lists_what_fits_best_first() -> None:
    found = fits(8, 105)  # 14 boards at 7.5 minutes: exactly a 4-table Howell of 2-board rounds
    assert found[0].movement.name == "Howell, 4 tables"
    assert found[0].boards == 14 and found[0].met == 1
    assert all(f.minutes <= 105 for f in found)
    with pytest.raises(RulesError):
        fits(3, 100)


def test_each_personal_card_walks_the_movement() -> None:
    for m in (mitchell_for_pairs(9, 2), howell(4, 2), individual(2, 1)):
        for card in personal_cards(m):
            who = next(c for c in m.contestants if c.label == card.who)
            assert [row.round for row in card.rounds] == list(range(1, m.rounds + 1))
            for row in card.rounds:
                play = m.where(who, row.round)
                assert play is not None
                assert (row.table, row.boards, row.sit_out) == (
                    play.table,
                    play.boards,
                    play.sit_out,
                )
                assert row.seat in ("NS", "EW", "N", "E", "S", "W")
                if row.round < m.rounds:
                    nxt = m.where(who, row.round + 1)
                    assert nxt is not None and row.next.startswith(f"table {nxt.table} ")


def test_table_cards_travellers_and_slips() -> None:
    m = mitchell(3, 2)
    first = table_cards(m)[0].rounds[0]
    # Table 1's boards go down to table 3, NS 1 stays, EW 1 goes up to table 2.
    assert (first.boards_to, first.ns_to, first.ew_to) == ("table 3", "table 1 NS", "table 2 EW")
    second = table_cards(m)[0].rounds[1]
    # Round 2 at table 1: EW 3 comes up from table 3, boards 3-4 come down from table 2.
    assert (second.ew, second.ew_from, second.boards_from) == ("3EW", "table 3 EW", "table 2")
    assert second.ns_from == "table 1 NS"
    # A relay Mitchell's bye-stand set comes back from the stand: on 6 tables set 4 waits in
    # round 1 and reaches table 3 in round 2 (sets 2, 3, 4, 6, 1, 2).
    relay = table_cards(mitchell(6, 1))[2].rounds[1]
    assert relay.boards == (4,) and relay.boards_from == "relay or bye stand"
    board1 = travellers(m)[0]
    assert [(line.round, line.table, line.ns, line.ew) for line in board1.lines] == [
        (1, 1, "1NS", "1EW"),
        (2, 3, "3NS", "2EW"),
        (3, 2, "2NS", "3EW"),
    ]
    assert len(pickup_slips(m)) == 9


# --- the JSON form and published Howells -------------------------------------------------------


def test_json_round_trip() -> None:
    for m in (mitchell_for_pairs(13, 2, arrow_switched=[7]), howell(5, 2), individual(3, 2)):
        again = loads(dumps(m))
        assert again == m
        assert again.plays == m.plays


def test_json_form_reads_a_bare_list_and_writes_phantom() -> None:
    data = json.loads(dumps(mitchell_for_pairs(5, 1)))
    assert data["plays"][2] == {
        "round": 1, "table": 3, "set": 3, "ns": "phantom", "ew": 3, "boards": [3], "sit_out": True,
    }  # fmt: skip
    bare = loads(json.dumps([{"round": 1, "table": 1, "ns": 1, "ew": 2, "boards": [1, 2]}]))
    assert bare.kind is FieldStructure.HOWELL and bare.play(1, 1).seats == (
        Contestant(1),
        Contestant(2),
    )


def test_json_problems_are_reported_together() -> None:
    text = json.dumps(
        {"kind": "mitchell", "plays": [
            {"round": 0, "table": 1, "ns": 1, "ew": "x", "boards": [1]},
            {"round": 1, "table": 1, "ns": 2, "ew": 2, "boards": "1-2"},
        ]}
    )  # fmt: skip
    with pytest.raises(InputFileError) as raised:
        loads(text, "club.json")
    message = str(raised.value)
    assert "3 problems" in message
    assert "play 1: round" in message and "play 1: ew" in message and "play 2: boards" in message


def _published() -> dict[str, object]:
    path = shared_path("data", "movements", "howell-movements.json")
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_every_published_howell_loads_and_validates() -> None:
    data = _published()
    assert len(data) == 69
    for key in data:
        m = loads_howell_table(data, key)  # type: ignore[arg-type]
        assert errors(m) == [], key


def test_published_four_table_howell_round_one() -> None:
    # Positions 8, 1, 5, 4, 2, 7, 3, 6 are the pairs at 1N, 1E, 2N, 2E, ...; the same four
    # meetings as round 1 of the reference's 4-table Howell (8-1, 6-3, 7-2, 4-5, rules.md §8.3).
    m = loads_howell_table(_published(), "4-7")  # type: ignore[arg-type]
    assert [tuple(c.number for c in m.play(1, t).seats) for t in range(1, 5)] == [
        (8, 1), (5, 4), (2, 7), (3, 6),
    ]  # fmt: skip
    # The moving pair at 3E (pair 7) goes to 4E next: the first step of the circuit.
    assert m.play(2, 4).ew == Contestant(7)
    assert m.stands == 3 and m.rounds == 7


# --- the .ASC movement file standard -----------------------------------------------------------

# A 3-table Mitchell written by hand in .ASC: NS pairs 1-3, EW pairs 4-6 (EW pair e is 3 + e),
# groups A-C. Round 2: EW 3 (6) reaches table 1 and set 2 (B) comes down from table 2.
MITCHELL_ASC = """6 3 3 3 0
# round 1
1-4 A 2-5 B 3-6 C
1-6 B 2-4 C 3-5 A

1-5 C, 2-6 A; 3-4 B   # any of - , ; : or spaces separate
"""


def test_asc_reads_a_mitchell() -> None:
    from bridgescore.movements import ascform

    m = ascform.loads(MITCHELL_ASC, boards_per_round=2)
    assert m.kind is FieldStructure.MITCHELL and m.structure is Structure.TWO_FIELDS
    assert m.play(2, 1).seats == (ns(1), ew(6)) and m.play(2, 1).boards == (3, 4)
    assert m.play(3, 3).seats == (ns(3), ew(4)) and m.play(3, 3).set == 2
    assert errors(m) == []
    # The same schedule as the generator's, with EW pair e numbered 3 + e.
    generated = mitchell(3, 2)
    for play in generated.plays:
        mine = m.play(play.round, play.table)
        assert (mine.set, mine.ns.number, mine.ew.number) == (
            play.set,
            play.ns.number,
            play.ew.number + 3,
        )


def test_asc_individual_order_and_empty_tables() -> None:
    from bridgescore.movements import ascform

    # N S E W order in the file; table 2 unused in round 2 (all zeros).
    text = "8 2 2 2 1\n1 2 3 4 1  5 6 7 8 1\n1 5 3 7 2  0 0 0 0 0\n"
    m = ascform.loads(text, boards_per_round=3)
    assert m.kind is FieldStructure.INDIVIDUAL
    assert [w.number for w in m.play(1, 1).seats] == [1, 3, 2, 4]  # N, E, S, W
    assert m.shared == ((1, 2),)  # group 1 at both tables in round 1
    assert len(m.plays) == 3


def test_asc_problems_are_reported_together() -> None:
    from bridgescore.movements import ascform

    text = "6 3 3 3 0\n1-4 A 2-5 B 3-9 C\n1-6 B 2-4\n1-5 C 2-6 A 3-4 Q\n"
    with pytest.raises(InputFileError) as raised:
        ascform.loads(text, boards_per_round=2, path="club.asc")
    message = str(raised.value)
    assert "club.asc:2" in message and "'9'" in message  # pair 9 of 6
    assert "club.asc:3: round 2: 5 entries, expected 3 tables x 3" in message
    assert "club.asc:4: not a board group (1 to 3, or A on): found 'Q'" in message
    assert "3 problems" in message
