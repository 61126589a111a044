"""The Swiss draw, scores and standings on examples worked by hand, and every step the rules
refuse (a sentence, nothing changed)."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest

from bridgescore.errors import RulesError
from bridgescore.rules import VpScale
from bridgescore.swiss import Conditions, FirstRound, SwissError, SwissEvent, Team, TieBreak
from bridgescore.swiss import draw as drawing
from bridgescore.swiss.simulate import simulate
from bridgescore.swiss.standings import Record, order

SEEDED = Conditions(rounds=3, boards=16, first_round=FirstRound.SEEDED)


def pairs(event: SwissEvent, number: int) -> list[tuple[int, int]]:
    return [m.teams for m in event.draws[number - 1].matches]


# --- round 1 -------------------------------------------------------------------------------------


def test_seeded_first_round_is_top_half_against_bottom_half() -> None:
    event = SwissEvent.start(SEEDED, range(1, 9)).draw()
    assert pairs(event, 1) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert [m.table for m in event.draws[0].matches] == [1, 2, 3, 4]
    assert event.draws[0].bye is None


def test_seeded_first_round_follows_the_seeds_and_the_lowest_seed_has_the_bye() -> None:
    teams = [Team(n, seed=s) for n, s in ((10, 3), (11, 1), (12, 5), (13, 2), (14, 4))]
    event = SwissEvent.start(SEEDED, teams).draw()
    # By seed: 11, 13, 10, 14, 12; 12 (seed 5) has the bye; then 11 v 10, 13 v 14.
    assert event.draws[0].bye == 12
    assert pairs(event, 1) == [(11, 10), (13, 14)]


def test_random_first_round_depends_on_the_seed_alone() -> None:
    def first(seed: int) -> list[tuple[int, int]]:
        event = SwissEvent.start(Conditions(rounds=2, seed=seed), range(1, 25)).draw()
        return pairs(event, 1)

    assert first(7) == first(7)
    assert first(7) != first(8)
    assert sorted(t for p in first(7) for t in p) == list(range(1, 25))


# --- later rounds --------------------------------------------------------------------------------


def test_the_matching_avoids_the_rematch_a_top_down_draw_makes() -> None:
    """Top-down, 1 v 2 leaves team 3 with 4, 5 and 6, all met before. Worked by hand, the
    squared VP differences of the draws without a rematch: 1 v 3, 2 v 4, 5 v 6 costs
    400 + 400 + 100 = 900, the least (2 v 3, 1 v 4, 5 v 6 is 100 + 900 + 100 = 1100)."""
    vps = {1: Fraction(60), 2: Fraction(50), 3: Fraction(40), 4: Fraction(30), 5: Fraction(20)}
    vps[6] = Fraction(10)
    met = Counter({frozenset((3, other)): 1 for other in (4, 5, 6)})
    assert drawing.swiss([1, 2, 3, 4, 5, 6], vps, met, {}, {}) == (((1, 3), (2, 4), (5, 6)), None)


def test_the_bye_goes_to_the_lowest_placed_team_without_one() -> None:
    vps = {t: Fraction(60 - 10 * t) for t in range(1, 6)}
    # Team 5 is last but has had the bye: team 4 has it; then 1 v 2 (100) and 3 v 5 (400).
    assert drawing.swiss([1, 2, 3, 4, 5], vps, Counter(), {5: 1}, {}) == (((1, 2), (3, 5)), 4)
    # With no byes yet, the last team has it.
    assert drawing.swiss([1, 2, 3, 4, 5], vps, Counter(), {}, {})[1] == 5


def test_a_danish_round_pairs_neighbours_even_when_they_have_met() -> None:
    assert drawing.danish([4, 1, 3, 2], {}) == (((4, 1), (3, 2)), None)
    assert drawing.danish([4, 1, 3, 2, 5], {5: 1}) == (((4, 1), (3, 5)), 2)


def test_a_stationary_team_keeps_its_table() -> None:
    conditions = Conditions(rounds=3, first_round=FirstRound.SEEDED, stationary=((6, 1),))
    event = SwissEvent.start(conditions, range(1, 7)).draw()
    # Seeded: 1 v 4, 2 v 5, 3 v 6; team 6's match takes table 1, the others 2 and 3.
    assert [(m.table, m.home, m.away) for m in event.draws[0].matches] == [
        (1, 3, 6),
        (2, 1, 4),
        (3, 2, 5),
    ]


def test_danish_last_rounds_of_an_event() -> None:
    conditions = Conditions(rounds=4, boards=8, first_round=FirstRound.SEEDED, danish=1)
    event = SwissEvent.start(conditions, range(1, 5))
    for number, scores in enumerate(([30, 0], [30, 0], [30, 0]), 1):
        event = event.draw()
        for m in event.draws[-1].matches:
            event = event.record(number, m.home, m.away, *scores)
    event = event.draw()
    order_now = [s.team for s in event.standings()]
    assert pairs(event, 4) == [(order_now[0], order_now[1]), (order_now[2], order_now[3])]


# --- scores, VPs and standings -------------------------------------------------------------------


def test_a_score_becomes_vps_on_the_conditions_scale() -> None:
    event = SwissEvent.start(SEEDED, range(1, 5)).draw()
    # 16 boards, 30-14: a 16-IMP margin, 14.18-5.82 on the continuous scale (rules.md §6.5).
    event = event.record(1, 1, 3, 30, 14).record(1, 2, 4, 0, 0)
    assert event.match_vps(1, event.draws[0].matches[0]) == (Fraction("14.18"), Fraction("5.82"))
    discrete = SwissEvent.start(
        Conditions(rounds=1, boards=16, first_round=FirstRound.SEEDED, vp_scale=VpScale.DISCRETE),
        range(1, 3),
    ).draw()
    # 15 IMPs over 16 boards: 13.97 on the continuous scale, 14-6 on the discrete one.
    discrete = discrete.record(1, 2, 1, 0, 15)
    assert discrete.match_vps(1, discrete.draws[0].matches[0]) == (Fraction(14), Fraction(6))
    assert [(s.team, s.vps) for s in discrete.standings()] == [(1, 14), (2, 6)]


def test_a_score_given_away_team_first_goes_to_each_team() -> None:
    event = SwissEvent.start(SEEDED, range(1, 5)).draw().record(1, 3, 1, 14, 30)
    assert event.scores[1, 1, 3].home_imps == 30
    assert event.scores[1, 1, 3].away_imps == 14


def test_the_bye_and_a_late_entry_score_as_the_conditions_say() -> None:
    conditions = Conditions(
        rounds=3, boards=16, first_round=FirstRound.SEEDED, bye_vps=Fraction(12),
        late_vps=Fraction(8),
    )  # fmt: skip
    event = SwissEvent.start(conditions, range(1, 6)).draw()
    assert event.draws[0].bye == 5
    event = event.record(1, 1, 3, 0, 0).record(1, 2, 4, 0, 0).enter(6, "Latecomers").draw()
    standings = {s.team: s for s in event.standings()}
    assert standings[5].vps == 12 and standings[5].byes == 1
    assert standings[6].vps == 8 and standings[6].name == "Latecomers"
    assert standings[1].vps == 10


def record(team: int, vps: int, imps_for: int, imps_against: int) -> Record:
    return Record(team, Fraction(vps), Fraction(imps_for), Fraction(imps_against), 3, 0, False)


def test_head_to_head_then_imp_quotient() -> None:
    records = [record(1, 40, 50, 50), record(2, 40, 90, 30), record(3, 40, 60, 40)]
    breaks = (TieBreak.HEAD_TO_HEAD, TieBreak.IMP_QUOTIENT)
    # 1, 2 and 3 have not all met: head-to-head cannot decide; quotients 1, 3 and 1.5.
    ranked = order(records, breaks, {(1, 2): Fraction(15), (2, 1): Fraction(5)}, {})
    assert [(s.team, s.place, s.decided_by) for s in ranked] == [
        (2, "1", TieBreak.IMP_QUOTIENT),
        (3, "2", TieBreak.IMP_QUOTIENT),
        (1, "3", TieBreak.IMP_QUOTIENT),
    ]
    # All three met: 1 scored 15 + 12 = 27 against the others, 2 5 + 12 = 17, 3 8 + 8 = 16.
    met = {(1, 2): 15, (2, 1): 5, (1, 3): 12, (3, 1): 8, (2, 3): 12, (3, 2): 8}
    h2h = {k: Fraction(v) for k, v in met.items()}
    assert [s.team for s in order(records, breaks, h2h, {})] == [1, 2, 3]


def test_head_to_head_is_asked_again_among_the_teams_still_level() -> None:
    """All three level on 40 VPs and all met. Against the other two: 1 scored 11 + 13 = 24,
    2 scored 9 + 15 = 24, 3 scored 7 + 5 = 12, so 3 is third; 1 and 2, still level, are asked
    head-to-head again between them: 1 beat 2 11-9, so 1 is first, although 2's IMP
    quotient (3) is better than 1's (1)."""
    records = [record(1, 40, 50, 50), record(2, 40, 90, 30), record(3, 40, 60, 40)]
    met = {(1, 2): 11, (2, 1): 9, (1, 3): 13, (3, 1): 7, (2, 3): 15, (3, 2): 5}
    h2h = {k: Fraction(v) for k, v in met.items()}
    ranked = order(records, (TieBreak.HEAD_TO_HEAD, TieBreak.IMP_QUOTIENT), h2h, {})
    assert [(s.team, s.place, s.decided_by) for s in ranked] == [
        (1, "1", TieBreak.HEAD_TO_HEAD),
        (2, "2", TieBreak.HEAD_TO_HEAD),
        (3, "3", TieBreak.HEAD_TO_HEAD),
    ]
    # Results round a cycle (12-8, 8-12, 12-8): 20 each, head-to-head cannot split them;
    # the quotients 1, 3 and 1.5 do; with no other tie-break they share first place.
    met = {(1, 2): 12, (2, 1): 8, (1, 3): 8, (3, 1): 12, (2, 3): 12, (3, 2): 8}
    h2h = {k: Fraction(v) for k, v in met.items()}
    ranked = order(records, (TieBreak.HEAD_TO_HEAD, TieBreak.IMP_QUOTIENT), h2h, {})
    assert [s.team for s in ranked] == [2, 3, 1]
    ranked = order(records, (TieBreak.HEAD_TO_HEAD,), h2h, {})
    assert [(s.team, s.place) for s in ranked] == [(1, "1="), (2, "1="), (3, "1=")]


def test_no_imps_against_beats_any_quotient() -> None:
    records = [record(1, 40, 50, 10), record(2, 40, 5, 0)]
    ranked = order(records, (TieBreak.IMP_QUOTIENT,), {}, {})
    assert [s.team for s in ranked] == [2, 1]
    assert ranked[0].quotient is None and ranked[1].quotient == 5


# --- the steps the rules refuse ------------------------------------------------------------------


def test_a_draw_before_the_round_is_in_is_refused() -> None:
    event = SwissEvent.start(SEEDED, range(1, 5)).draw().record(1, 1, 3, 10, 0)
    with pytest.raises(SwissError, match=r"round 2 cannot be drawn until every round 1 score"):
        event.draw()
    with pytest.raises(SwissError, match=r"1 still to come \(2 v 4\)"):
        event.draw()
    assert event.drawn == 1


def test_drawing_the_same_round_twice_gives_the_same_draw() -> None:
    event = SwissEvent.start(Conditions(rounds=3, seed=4), range(1, 12)).draw()
    assert event.draw(1) is event
    for m in event.draws[0].matches:
        event = event.record(1, m.home, m.away, 12, 3)
    again = SwissEvent.from_data(json.loads(json.dumps(event.to_data())))
    assert again == event
    assert again.draw().draws == event.draw().draws
    assert event.draw().draw(2).draws == event.draw().draws
    with pytest.raises(SwissError, match="round 3 cannot be drawn: the next round to draw is 2"):
        event.draw(3)
    with pytest.raises(SwissError, match="there is no round 9: the event has 3"):
        event.draw(9)


def test_withdrawing_a_team_twice_is_refused() -> None:
    event = SwissEvent.start(SEEDED, range(1, 6)).withdraw(5)
    with pytest.raises(SwissError, match=r"team 5 has already withdrawn \(no match\)"):
        event.withdraw(5)
    with pytest.raises(SwissError, match="there is no team 9 in the event"):
        event.withdraw(9)
    event = event.draw()
    assert 5 not in event.draws[0].teams
    with pytest.raises(SwissError, match="team 1 is playing round 1 against team 3"):
        event.withdraw(1)


def test_a_late_entry_after_the_last_round_is_refused() -> None:
    event = SwissEvent.start(Conditions(rounds=1), range(1, 5)).draw()
    with pytest.raises(SwissError, match=r"the last round \(round 1\) has been drawn"):
        event.enter(9)
    with pytest.raises(SwissError, match="team 3 is already in the event"):
        SwissEvent.start(SEEDED, range(1, 5)).enter(3)


def test_an_odd_field_without_a_bye_rule_is_refused() -> None:
    event = SwissEvent.start(Conditions(rounds=2, bye_vps=None), range(1, 8))
    with pytest.raises(SwissError, match="round 1 has 7 teams, an odd number, and the conditions"):
        event.draw()
    assert event.enter(8).draw().draws[0].bye is None


def test_a_score_is_refused_where_there_is_no_such_match_or_it_is_too_late() -> None:
    event = SwissEvent.start(SEEDED, range(1, 5)).draw()
    with pytest.raises(SwissError, match=r"team 1 does not play team 2 in round 1 \(team 1 plays"):
        event.record(1, 1, 2, 3, 0)
    with pytest.raises(SwissError, match="round 2 has not been drawn"):
        event.record(2, 1, 2, 3, 0)
    with pytest.raises(SwissError, match="IMPs are scored by each team, 0 or more"):
        event.record(1, 1, 3, -3, 0)
    event = event.record(1, 1, 3, 3, 0).record(1, 2, 4, 0, 0).record(1, 1, 3, 5, 0)
    assert event.scores[1, 1, 3].home_imps == 5  # changed before the next draw
    event = event.draw()
    with pytest.raises(SwissError, match="round 2 has been drawn on the score of 1 v 3"):
        event.record(1, 1, 3, 9, 0)


def test_a_stored_event_that_does_not_add_up_is_refused() -> None:
    data = SwissEvent.start(SEEDED, range(1, 5)).draw().to_data()
    data["draws"][0]["matches"][1]["away"] = 1
    with pytest.raises(SwissError, match="the stored draw of round 1 does not hold each team"):
        SwissEvent.from_data(data)
    with pytest.raises(SwissError, match="not a Swiss event stored by bridgescore"):
        SwissEvent.from_data({"rounds": []})


def test_conditions_that_cannot_be_met_are_refused() -> None:
    with pytest.raises(RulesError, match="at most the rounds after it can be Danish"):
        Conditions(rounds=3, danish=3)
    with pytest.raises(RulesError, match="a table of its own"):
        Conditions(rounds=3, stationary=((1, 2), (3, 2)))


def test_a_simulated_event_is_the_same_for_the_same_seed() -> None:
    one = simulate(Conditions(rounds=6, seed=11), 13, entries={14: 3}, withdrawals={2: 2})
    two = simulate(Conditions(rounds=6, seed=11), 13, entries={14: 3}, withdrawals={2: 2})
    assert one == two
    assert one.complete
    assert 2 not in one.draws[2].teams and 14 in one.draws[2].teams
