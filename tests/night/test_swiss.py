"""A Swiss event run by the club night, on SQLite and PostgreSQL: started, drawn round by round
(stored before it is shown: a new server over the same database shows the same event, and
drawing a round again gives the same draw), its boards entered from the tables' phones, each
match's IMPs and VPs worked out from them, teams entered and withdrawn between rounds, and
every step the conditions forbid refused with a sentence, nothing changed.

The figures are worked by hand from the boards entered: the IMP scale (§6.2), the Butler datum
of the club's rules (§6.4: the mean of the scores once one is dropped at each end, when there
are enough of them, rounded half up to 10) and the WBF continuous scale for two boards
(§6.5: X = 15√2, VP = 10 + 10 (1 − τ^(3I/X)) / (1 − τ³) to the winner, 20 at a margin of 22).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from bridgescore.night import Refused, Service
from bridgescore.night import swiss as night_swiss
from bridgescore.store import Store, open_store
from bridgescore.swiss import MatchScore
from tests.night.helpers import FLAT, enter, phones, play, start, user

# Two boards a match, on the WBF continuous scale (rules.md §6.5, worked with X = 15 × √2):
# a margin of 10 IMPs is worth 16.46 to the winner, 11 → 16.90, 12 → 17.31, 22 or more → 20.
VP = {0: Fraction(10), 10: Fraction("16.46"), 11: Fraction("16.90"), 12: Fraction("17.31")}
VP[22] = Fraction(20)
# On a board won at 4S: made by North against one down in the other room. Not vulnerable
# (boards 1, 3, 6 for North): +420 and −50, 470 → 10 IMPs; vulnerable (2, 4, 5): +620 and −100,
# 720 → 12 IMPs. A flat board: 3NT by South made in both rooms.
SWING = ("4S N =", "4S N -1")


def swing(home: bool) -> tuple[str, str]:
    return SWING if home else (SWING[1], SWING[0])


def steps(store: Store, swiss_id: int) -> list[tuple[int, str]]:
    return [(s.number, s.action) for s in night_swiss.SwissEvents(store).steps(swiss_id)]


def test_a_swiss_teams_event_round_by_round(store: Store) -> None:
    night = Service(store)
    dana = user(store, "dana")
    swiss_id = start(night, dana)
    assert steps(store, swiss_id) == [(1, "start")]
    found, drawn = night_swiss.draw(night, dana, swiss_id)
    assert drawn == 1
    # seeded: top half against bottom half, the home team in room 1 (NS at the odd table)
    assert [(m.table, m.home, m.away) for m in found.event.draws[0].matches] == [
        (1, 1, 4),
        (2, 2, 5),
        (3, 3, 6),
    ]
    assert [s.tables for s in found.rounds[0]] == [(1, 2), (3, 4), (5, 6)]
    at = phones(night, dana, swiss_id)
    assert sorted(at) == [1, 2, 3, 4, 5, 6]
    # round 1: 1 v 4, both boards to the home team (10 + 12 = 22: 20–0); 2 v 5, board 2 to the
    # away team (12: 2.69–17.31); 3 v 6, board 1 to the home team (10: 16.46–3.54); table 6
    # has not entered its second board yet
    play(night, at, swiss_id, 1, {1: [swing(True), swing(True)], 2: [FLAT, swing(False)]})
    play(night, at, swiss_id, 1, {3: [swing(True), None]})
    enter(night, at[5], found.row.session_id, 2, FLAT[0], round_=1, table=5, client_id="t5b2")
    before = (steps(store, swiss_id), store.live_plan(found.row.session_id).plan)
    with pytest.raises(Refused) as refused:
        night_swiss.draw(night, dana, swiss_id)
    assert refused.value.status == 422
    assert refused.value.message == (
        "round 2 cannot be drawn until every board of round 1 is in (to come: 1 board at table 6)"
    )
    assert (steps(store, swiss_id), store.live_plan(found.row.session_id).plan) == before
    found = night_swiss.view(night, dana, swiss_id)
    first, second, third = found.rounds[0]
    assert first.score == MatchScore(Fraction(22), Fraction(0))
    assert first.vps == (Fraction(20), Fraction(0))
    assert [(b.board, b.home, b.away) for b in first.boards] == [(1, 10, 0), (2, 12, 0)]
    assert second.score == MatchScore(Fraction(0), Fraction(12))
    assert second.vps == (20 - VP[12], VP[12])
    assert third.score is None and third.entered == (2, 1)  # board 1 is compared already:
    assert [(b.board, b.home, b.away) for b in third.boards] == [(1, 10, 0), (2, None, None)]
    enter(night, at[6], found.row.session_id, 2, FLAT[1], round_=1, table=6, client_id="t6b2")
    found = night_swiss.view(night, dana, swiss_id)
    assert found.rounds[0][2].vps == (VP[10], 20 - VP[10])
    assert found.waiting is None and found.complete_rounds == 1
    standings = {s.team: (s.vps, s.imps_for, s.imps_against) for s in found.event.standings()}
    assert standings == {
        1: (20, 22, 0),
        2: (20 - VP[12], 0, 12),
        3: (VP[10], 10, 0),
        4: (0, 0, 22),
        5: (VP[12], 12, 0),
        6: (20 - VP[10], 0, 10),
    }

    # drawn and stored before it is shown; drawing round 2 again shows the same draw
    found, drawn = night_swiss.draw(night, dana, swiss_id, 2)
    assert drawn == 2 and steps(store, swiss_id) == [(1, "start"), (2, "draw"), (3, "draw")]
    second_round = found.event.draws[1]
    met = {frozenset(m.teams) for m in found.event.draws[0].matches}
    assert not met & {frozenset(m.teams) for m in second_round.matches}  # no rematch
    again, same = night_swiss.draw(night, dana, swiss_id, 2)
    assert same == 2 and again.event.draws == found.event.draws
    assert len(steps(store, swiss_id)) == 3
    # a new server over the same database (a restart) shows the same event
    reopened = open_store(store.url)
    try:
        fresh = Service(reopened)
        shown = night_swiss.view(fresh, user(reopened, "dana"), swiss_id)
        assert shown.event.draws == found.event.draws
        assert shown.event.standings() == found.event.standings()
        assert night_swiss.draw(fresh, user(reopened, "dana"), swiss_id, 2)[0].event.draws == (
            found.event.draws
        )
    finally:
        reopened.close()
    # the session's movement is the draws: round 2's matches at their tables
    movement = night.movement(store.live_info(found.row.session_id))
    assert movement is not None and movement.rounds == 2
    play_ = movement.play(2, 1)
    assert play_.boards == (3, 4)
    match = second_round.matches[0]
    assert [c.number for c in play_.seats] == [match.home, match.away]
    assert [c.number for c in movement.play(2, 2).seats] == [match.away, match.home]

    # nor a round past the last
    with pytest.raises(Refused, match="there is no round 4: the event has 3"):
        night_swiss.draw(night, dana, swiss_id, 4)


def test_a_phone_cannot_change_a_round_the_next_was_drawn_on(store: Store) -> None:
    """Its result is held for the director; the director's correction is applied, changes the
    standings, and is shown beside the score round 2 was drawn on (the draw stands)."""
    night = Service(store)
    dana = user(store, "dana")
    swiss_id = start(night, dana)
    night_swiss.draw(night, dana, swiss_id)
    at = phones(night, dana, swiss_id)
    plan = {1: [swing(True), swing(True)], 2: [FLAT, FLAT], 3: [FLAT, FLAT]}
    play(night, at, swiss_id, 1, plan)
    found, _ = night_swiss.draw(night, dana, swiss_id)
    session = found.row.session_id
    stored = store.session_rows(session).results
    key = next(r.entry_key for r in stored if r.board == 1 and r.table_label == "2")
    current = store.history(session, key)[-1]
    # table 2's phone corrects its own board 1 of round 1, naming the entry: held
    held = enter(
        night,
        at[2],
        session,
        1,
        "4S N =",
        round_=1,
        table=2,
        client_id="late-correction",
        replaces=current.id,
    )
    assert held.entry is None and held.held is not None
    assert held.held.reason == "round 1 is over: round 2 of the Swiss event was drawn on its scores"
    assert [e.result for e in store.history(session, key)] == ["4S N -1"]
    # the director corrects it: 1 v 4 is now 10 IMPs (board 2 only): 16.46–3.54
    from bridgescore.night import entry as night_entry

    night_entry.correct(night, dana, session, key, "4S N =", reason="wrong card")
    after = night_swiss.view(night, dana, swiss_id)
    match = after.rounds[0][0]
    assert match.score == MatchScore(Fraction(12), Fraction(0))
    assert match.drawn_on == MatchScore(Fraction(22), Fraction(0))
    assert after.event.draws == found.event.draws
    vps = {s.team: s.vps for s in after.event.standings()}
    assert vps[1] == VP[12] and vps[4] == 20 - VP[12]


def test_teams_enter_and_withdraw_between_rounds(store: Store) -> None:
    night = Service(store)
    dana = user(store, "dana")
    swiss_id = start(night, dana, rounds="2")
    night_swiss.draw(night, dana, swiss_id)
    at = phones(night, dana, swiss_id)
    play(night, at, swiss_id, 1, {1: [FLAT, FLAT], 2: [FLAT, FLAT]})
    session = night_swiss.view(night, dana, swiss_id).row.session_id

    def refused(words: str, step: Any) -> None:
        before = (steps(store, swiss_id), night_swiss.view(night, dana, swiss_id).event)
        with pytest.raises(Refused) as error:
            step()
        assert error.value.message == words
        assert (steps(store, swiss_id), night_swiss.view(night, dana, swiss_id).event) == before

    refused(
        "team 3 is playing round 1 against team 6 and the score is not in: record it first, "
        "then withdraw the team",
        lambda: night_swiss.withdraw(night, dana, swiss_id, "3"),
    )
    refused(
        "team 2 is already in the event",
        lambda: night_swiss.enter_team(night, dana, swiss_id, "2", "X"),
    )
    refused(
        "there is no team 9 in the event", lambda: night_swiss.withdraw(night, dana, swiss_id, "9")
    )
    play(night, at, swiss_id, 1, {3: [FLAT, FLAT]})
    found = night_swiss.withdraw(night, dana, swiss_id, "6")
    assert found.event.team(6).left == 1
    refused(
        "team 6 has already withdrawn (its last round was 1)",
        lambda: night_swiss.withdraw(night, dana, swiss_id, "6"),
    )
    found, number = night_swiss.enter_team(night, dana, swiss_id, "", "Late Larks")
    assert number == 7 and found.event.team(7).joined == 2
    plan = store.live_plan(session)
    assert plan.names[("", 7)] == "Late Larks"
    found, _ = night_swiss.draw(night, dana, swiss_id)
    drawn = {t for m in found.event.draws[1].matches for t in m.teams}
    assert drawn == {1, 2, 3, 4, 5, 7}
    refused(
        "the last round (round 2) has been drawn: a team entering now would play no match",
        lambda: night_swiss.enter_team(night, dana, swiss_id, "", "Too Late"),
    )
    refused(
        "all 2 rounds have been drawn: there is no later round for team 1 to withdraw from",
        lambda: night_swiss.withdraw(night, dana, swiss_id, "1"),
    )
    assert steps(store, swiss_id) == [
        (1, "start"),
        (2, "draw"),
        (3, "withdraw"),
        (4, "enter"),
        (5, "draw"),
    ]


def test_refusals_at_the_start_and_an_odd_field_without_a_bye(store: Store) -> None:
    night = Service(store)
    dana = user(store, "dana")
    for form, words in (
        ({"rounds": "0"}, "a Swiss event here has 1 to 99 rounds, not 0"),
        ({"boards": "40"}, "a match here has 1 to 36 boards, not 40"),
        ({"teams": "5"}, "5 teams were asked for but 6 names given"),
        ({"names": "", "teams": ""}, "how many teams? Give their number or their names"),
        ({"bye_vps": "lots"}, "the bye's VPs must be a number of VPs, not 'lots'"),
        ({"kind": "trios"}, "not a kind of Swiss event: 'trios'"),
    ):
        with pytest.raises(Refused) as error:
            start(night, dana, **form)
        assert words in error.value.message
    assert night_swiss.club_events(night, dana) == []
    scorer = user(store, "sam", "scorer")
    with pytest.raises(Refused, match="only a director can start a Swiss event"):
        start(night, scorer)
    swiss_id = start(night, dana, names="", teams="5", bye_vps="none")
    with pytest.raises(Refused) as error:
        night_swiss.draw(night, dana, swiss_id)
    assert error.value.message == (
        "round 1 has 5 teams, an odd number, and the conditions give no score for a bye: "
        "enter or withdraw a team, or set the bye's VPs"
    )
    assert steps(store, swiss_id) == [(1, "start")]


def test_swiss_pairs_scored_against_the_rounds_datum(store: Store) -> None:
    """Four pairs, one round of two boards at two tables. Board 1 (none vulnerable): +420 at
    table 1, +170 at table 2 (2S made with two over): datum (420 + 170) / 2 = 295, to 300;
    +120 → 3 IMPs to pair 1 (NS at table 1), −130 → 4 IMPs to pair 4 (EW at table 2).
    Board 2 (NS vulnerable): 3NT by South made, +600, and one down, −100: datum 250; ±350 → 8
    IMPs each way. Match 1: 11–0 (16.90–3.10); match 2: 0–12 (2.69–17.31). The matches are
    complete only once the whole round is in: the datum needs every table."""
    night = Service(store)
    dana = user(store, "dana")
    swiss_id = start(night, dana, kind="pairs", names="", teams="4", rounds="2")
    found, _ = night_swiss.draw(night, dana, swiss_id)
    assert [(m.table, m.home, m.away) for m in found.event.draws[0].matches] == [
        (1, 1, 3),
        (2, 2, 4),
    ]
    at = phones(night, dana, swiss_id)
    assert sorted(at) == [1, 2]
    session = found.row.session_id
    enter(night, at[1], session, 1, "4S N =", table=1, client_id="p1b1")
    enter(night, at[1], session, 2, "3NT S =", table=1, client_id="p1b2")
    enter(night, at[2], session, 1, "2S N +2", table=2, client_id="p2b1")
    partial = night_swiss.view(night, dana, swiss_id)
    assert [s.score for s in partial.rounds[0]] == [None, None]
    assert partial.waiting == (
        "round 2 cannot be drawn until every board of round 1 is in (to come: 1 board at table 2)"
    )
    enter(night, at[2], session, 2, "3NT S -1", table=2, client_id="p2b2")
    found = night_swiss.view(night, dana, swiss_id)
    one, two = found.rounds[0]
    assert [(b.board, b.home, b.away) for b in one.boards] == [(1, 3, 0), (2, 8, 0)]
    assert one.score == MatchScore(Fraction(11), Fraction(0))
    assert one.vps == (VP[11], 20 - VP[11])
    assert [(b.board, b.home, b.away) for b in two.boards] == [(1, 0, 4), (2, 0, 8)]
    assert two.vps == (20 - VP[12], VP[12])
    assert {s.team: s.vps for s in found.event.standings()} == {
        1: VP[11],
        2: 20 - VP[12],
        3: 20 - VP[11],
        4: VP[12],
    }


def test_publishing_keeps_what_was_published(store: Store) -> None:
    night = Service(store)
    dana = user(store, "dana")
    swiss_id = start(night, dana)
    with pytest.raises(Refused, match="no round has been drawn yet: there is nothing to publish"):
        night_swiss.publish(night, dana, swiss_id)
    with pytest.raises(Refused, match="no such page"):
        night_swiss.published(night, swiss_id)
    night_swiss.draw(night, dana, swiss_id)
    night_swiss.publish(night, dana, swiss_id)  # the draw of round 1, no standings yet
    assert night_swiss.published(night, swiss_id).through == 0
    at = phones(night, dana, swiss_id)
    play(night, at, swiss_id, 1, {1: [swing(True), swing(True)], 2: [FLAT, FLAT], 3: [FLAT, FLAT]})
    assert night_swiss.published(night, swiss_id).through == 0  # until published again
    night_swiss.publish(night, dana, swiss_id)
    night_swiss.publish(night, dana, swiss_id)  # nothing new: no step
    shown = night_swiss.published(night, swiss_id)
    assert shown.through == 1
    assert [(s.team, s.vps) for s in shown.event.standings(1)][:1] == [(1, Fraction(20))]
    assert [a for _, a in steps(store, swiss_id)] == ["start", "draw", "publish", "publish"]
