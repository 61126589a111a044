"""A team's player asks for a correction of a board of their team's match: by the link in their
mail they choose the board and their team's table (room 1 or 2), the request waits in the
director's console and changes nothing; accepted, the table's line is corrected through the
log and the match's IMPs and victory points follow (worked by hand below), the player is told
by mail; declined, they read why. A link of another player or session, a board or room their
team did not play, and the end of the correction period are refused with a sentence."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from bridgescore.night import mail as night_mail
from bridgescore.store import open_store
from bridgescore.store.mail import SmtpSettings
from bridgescore.store.outreach import PlayersSide
from tests.web.players import (
    SENDER,
    Console,
    Sink,
    console,
    end_correction_period,
    entries_of,
    pass_for,
    teams_night,
    text_of,
    wait_for,
)

# tests/reports/test_team_evening.py's match: board 3, room 2 is team 2 North-South, 3H N -1
# (+50 for team 1, net +160, 4 IMPs to team 1). Corrected to 3H N = (team 1 -140): net
# 110 - 140 = -30, 1 IMP to team 2 (20-40, rules.md §6.1): team 1 17 - 4 = 13 IMPs, team 2
# 19 + 1 = 20, team 2 by 7 over 4 boards: 13.74 - 6.26 VPs (§6.5, as tests/cli/test_mail_teams.py
# works it out).
LINE = "|3|2|1"  # board 3, team 2 North-South v team 1


@pytest.fixture(name="teams")
def teams_fixture(tmp_path: Any, sink: Sink, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(night_mail, "PAUSE", 0.0)
    store = open_store(str(tmp_path / "club.db"))
    try:
        session = teams_night(store)
        side = PlayersSide(store)
        side.set_smtp(SmtpSettings("127.0.0.1", sink.port, "none", SENDER), club="Riverside")
        yield console(store), session
    finally:
        store.close()


def test_a_teams_request_accepted_corrects_the_table_and_the_player_is_told(
    teams: tuple[Console, int], sink: Sink
) -> None:
    web, session = teams
    store = web.store
    token = pass_for(store, session, "Ann Lee")
    page = web.client().get(f"/ask/{token}.json").json()
    assert (page["teams"], page["pair"]["kind"]) == (True, "Team 1")
    assert page["pair"]["card"] == f"/results/{session}/team-1-evening.html"
    # each board twice: team 1 North-South in room 1, East-West in room 2; scores for team 1
    assert [(b["value"], b["direction"], b["entry"], b["score"]) for b in page["boards"]] == [
        ("1-1", "NS", "4♠ E =", -420),
        ("1-2", "EW", "2♠ W +2", 170),
        ("2-1", "NS", "5♦ S =", 600),
        ("2-2", "EW", "6♦ N =", -1370),
        ("3-1", "NS", "2♥ N =", 110),
        ("3-2", "EW", "3♥ N -1", 50),
        ("4-1", "NS", "4♥ E +2", -680),
        ("4-2", "EW", "6♥ E =", 1430),
    ]
    html = web.client().get(f"/ask/{token}?board=3-2")
    assert html.status_code == 200
    assert '<option value="3-2" selected>' in html.text
    assert "Board 3, room 2 (EW v team 2): 3♥ N -1" in html.text
    before = entries_of(store, session)
    asked = web.client().post(
        f"/ask/{token}.json",
        data={"board": "3-2", "reason": "They made it", "proposed": "3H N ="},
    )
    assert asked.status_code == 201, asked.text
    assert entries_of(store, session) == before  # asking changes nothing
    (waiting,) = web.get(f"/director/sessions/{session}/requests.json").json()["open"]
    assert (waiting["line"], waiting["in_force"], waiting["player"]) == (LINE, "3H N -1", "Ann Lee")
    accepted = web.post(
        f"/director/sessions/{session}/requests/{waiting['id']}/accept.json",
        result="3H N =",
        words="Confirmed by both pairs",
    )
    assert accepted.status_code == 200, accepted.text
    history = store.history(session, LINE)
    assert [(e.result, e.current) for e in history] == [("3H N -1", False), ("3H N =", True)]
    assert f"request {waiting['id']} of Ann Lee" in (history[-1].reason or "")
    mine = web.client().get(f"/ask/{token}.json").json()
    assert (mine["requests"][0]["status"], mine["requests"][0]["now"]) == ("accepted", "3♥ N =")
    assert mine["requests"][0]["room"] == 2
    assert "Board 3, room 2</strong>" in web.client().get(f"/ask/{token}").text
    # the match follows the log: board 3 is now 1 IMP to team 2, 13-20, 6.26-13.74 VPs
    evening = web.client().get(f"/results/{session}/team-1-evening.json")
    (match,) = evening.json()["matches"]
    assert (match["imps_for_exact"], match["imps_against_exact"]) == ("13", "20")
    assert f"{float(Fraction(match['vps_for_exact'])):.2f}" == "6.26"
    # the player is told by mail
    told = wait_for(lambda: [m for m in sink.to("ann@example.org") if "request" in m["Subject"]])
    assert told[0]["Subject"].startswith("Your request about board 3: accepted")
    assert "the result is now 3H N =" in text_of(told[0])
    assert (
        web.get(f"/director/sessions/{session}/requests.json").json()["answered"][0]["told"]
        == "sent"
    )


def test_a_teams_request_declined_changes_nothing(teams: tuple[Console, int]) -> None:
    web, session = teams
    store = web.store
    token = pass_for(store, session, "Eve Orr")  # team 2: North-South in room 2
    page = web.client().get(f"/ask/{token}.json").json()
    assert [(b["value"], b["direction"], b["score"]) for b in page["boards"]][:2] == [
        ("1-2", "NS", -170),
        ("1-1", "EW", 420),
    ] or [(b["value"], b["direction"], b["score"]) for b in page["boards"]][:2] == [
        ("1-1", "EW", 420),
        ("1-2", "NS", -170),
    ]
    asked = web.client().post(
        f"/ask/{token}.json", data={"board": "1", "room": "1", "reason": "Wrong lead recorded"}
    )
    assert asked.status_code == 201, asked.text
    request = web.get(f"/director/sessions/{session}/requests.json").json()["open"][0]
    assert request["line"] == "|1|1|2"
    before = entries_of(store, session)
    url = f"/director/sessions/{session}/requests/{request['id']}/decline.json"
    bare = web.post(url, words=" ")
    assert bare.status_code == 422 and "say why" in bare.json()["error"]["message"]
    declined = web.post(url, words="The lead does not change the score")
    assert declined.status_code == 200, declined.text
    assert entries_of(store, session) == before
    mine = web.client().get(f"/ask/{token}.json").json()["requests"][0]
    assert (mine["status"], mine["answer"], mine["now"]) == (
        "declined",
        "The lead does not change the score",
        None,
    )
    html = web.client().get(f"/ask/{token}").text
    assert "Declined:" in html and "The lead does not change the score" in html


def test_what_a_teams_player_may_ask(teams: tuple[Console, int]) -> None:
    web, session = teams
    token = pass_for(web.store, session, "Ann Lee")
    url = f"/ask/{token}.json"
    for form, said in [
        ({"board": "3", "reason": "x"}, "which table? Choose your team's table"),
        ({"board": "3-3", "reason": "x"}, "the room must be a whole number from 1 to 2, not 3"),
        ({"board": "3", "room": "²", "reason": "x"}, "the room must be a whole number"),
        ({"board": "²", "reason": "x"}, "which board?"),
        ({"board": "9-1", "reason": "x"}, "your team did not play board 9"),
        ({"board": "3-1", "reason": " "}, "say what is wrong"),
    ]:
        answer = web.client().post(url, data=form)
        assert answer.status_code == 422, (form, answer.text)
        assert said in answer.json()["error"]["message"]
    assert web.client().get(f"/ask/{token}?board=²").status_code == 200
    # a link that is no one's pass, and a pass of another session, reach nothing of this one
    other = web.client().get("/ask/" + "A" * 43 + ".json")
    assert other.status_code == 404
    assert "this link is not valid" in other.json()["error"]["message"]
    asked = web.client().post("/ask/" + "A" * 43 + ".json", data={"board": "3-1", "reason": "x"})
    assert asked.status_code == 404
    assert web.get(f"/director/sessions/{session}/requests.json").json()["open"] == []


def test_a_teams_request_after_the_correction_period(teams: tuple[Console, int]) -> None:
    web, session = teams
    store = web.store
    token = pass_for(store, session, "Ann Lee")
    end_correction_period(store, session)
    ended = web.client().get(f"/ask/{token}.json")
    assert ended.status_code == 410
    assert "the correction period ended at" in ended.json()["error"]["message"]
    late = web.client().post(f"/ask/{token}.json", data={"board": "3-1", "reason": "late"})
    assert late.status_code == 410
    assert "ask the director in person" in late.json()["error"]["message"]


def test_a_teams_evening_has_the_link_mailed_to_ask(teams: tuple[Console, int], sink: Sink) -> None:
    web, session = teams
    evening = web.client().get(f"/results/{session}/team-1-evening.html")
    assert 'href="ask/team-1-evening"' in evening.text
    page = web.client().get(f"/results/{session}/ask/team-1-evening")
    assert page.status_code == 200 and "Send me my link" in page.text
    assert "ann@example.org" not in page.text
    sent = web.client().post(f"/results/{session}/ask/team-1-evening.json")
    assert sent.status_code == 202, sent.text
    mail = wait_for(lambda: sink.to("ann@example.org"))[0]
    assert mail["Subject"].startswith("Asking for a correction")
    link = re.search(r"http://127\.0\.0\.1(/ask/[A-Za-z0-9_-]{43})", text_of(mail))
    assert link is not None
    assert web.client().get(link[1] + ".json").json()["pair"]["kind"] == "Team 1"
    assert web.client().get(f"/results/{session}/ask/team-9-evening").status_code == 404
