"""Players ask for corrections: by the link in their results mail (a pass for them and the
session) a player asks about a board with a reason; the request reaches the director's console
(the session's revision moves, so the console's stream tells it) and changes nothing; the
director accepts it (a correction through the log: a new entry, the old one kept) or declines it
with a reason, and the player reads the answer on their page. A pass is unguessable (only its
hash is stored), good only during the correction period, and asking is bounded."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from bridgescore.night import requests as night_requests
from bridgescore.store import open_store
from tests.web.players import (
    Console,
    console,
    end_correction_period,
    entries_of,
    pass_for,
    played_night,
)

LINE = "|1|r1|t1"  # board 1, round 1, table 1: pair 1 NS v pair 1 EW
WAS = "3NT S +1"  # what played_night enters there


@pytest.fixture(name="club")
def club_fixture(db_url: str) -> Any:
    store = open_store(db_url)
    try:
        session = played_night(store)
        yield console(store), session
    finally:
        store.close()


def test_a_request_asked_accepted_and_told(club: tuple[Console, int]) -> None:
    web, session = club
    store = web.store
    token = pass_for(store, session, "P1EW Q")
    page = web.client().get(f"/ask/{token}")
    assert page.status_code == 200
    assert "P1EW Q" in page.text and f"Board 1 (EW v 1NS): {WAS}, -430" in page.text
    assert page.headers["cache-control"] == "no-store"
    before_log = entries_of(store, session)
    revision = store.revision(session)
    asked = web.client().post(
        f"/ask/{token}.json",
        data={"board": "1", "reason": "We beat it: one off", "proposed": "4S N -1"},
    )
    assert asked.status_code == 201, asked.text
    request_id = asked.json()["request"]["id"]
    # nothing changed but the request; the console learns of it (its revision moved)
    assert entries_of(store, session) == before_log
    assert store.revision(session) > revision
    watch = web.get(f"/director/sessions/{session}.json").json()
    assert watch["requests"] == [
        {"id": request_id, "board": 1, "player": "P1EW Q", "reason": "We beat it: one off"}
    ]
    shown = web.get(f"/director/sessions/{session}/requests.json").json()
    (waiting,) = shown["open"]
    assert (
        waiting["line"] == LINE and waiting["in_force"] == WAS and waiting["proposed"] == "4S N -1"
    )
    # the director accepts: a correction through the log, naming the request
    accepted = web.post(
        f"/director/sessions/{session}/requests/{request_id}/accept.json",
        result="4S N -1",
        words="Confirmed with East-West",
    )
    assert accepted.status_code == 200, accepted.text
    history = store.history(session, LINE)
    assert [e.result for e in history] == [WAS, "4S N -1"]  # the old entry kept
    new = history[-1]
    assert new.current and new.supersedes == history[0].id
    assert new.reason is not None and f"request {request_id} of P1EW Q" in new.reason
    assert accepted.json()["request"]["correction"] == new.id
    # the player reads the answer on their page
    mine = web.client().get(f"/ask/{token}.json").json()
    assert mine["requests"][0]["status"] == "accepted"
    assert mine["requests"][0]["answer"] == "Confirmed with East-West"
    assert web.get(f"/director/sessions/{session}.json").json()["requests"] == []
    # answered once only
    again = web.post(f"/director/sessions/{session}/requests/{request_id}/decline.json", words="no")
    assert again.status_code == 422 and "was accepted already" in again.json()["error"]["message"]


def test_a_request_declined_with_a_reason(club: tuple[Console, int]) -> None:
    web, session = club
    store = web.store
    token = pass_for(store, session, "P1NS Q")
    asked = web.client().post(f"/ask/{token}.json", data={"board": "2", "reason": "Wrong lead"})
    assert asked.status_code == 201, asked.text
    request_id = asked.json()["request"]["id"]
    before = entries_of(store, session)
    url = f"/director/sessions/{session}/requests/{request_id}/decline.json"
    bare = web.post(url, words="  ")
    assert bare.status_code == 422 and "say why" in bare.json()["error"]["message"]
    declined = web.post(url, words="The lead does not change the score")
    assert declined.status_code == 200, declined.text
    assert entries_of(store, session) == before  # a declined request changes nothing
    mine = web.client().get(f"/ask/{token}.json").json()
    assert mine["requests"][0]["status"] == "declined"
    assert mine["requests"][0]["answer"] == "The lead does not change the score"
    html = web.client().get(f"/ask/{token}").text
    assert "Declined:" in html and "The lead does not change the score" in html


def test_accepting_with_the_result_in_force_writes_nothing(club: tuple[Console, int]) -> None:
    web, session = club
    store = web.store
    token = pass_for(store, session, "P1NS Q")
    asked = web.client().post(f"/ask/{token}.json", data={"board": "1", "reason": "check it"})
    request_id = asked.json()["request"]["id"]
    before = entries_of(store, session)
    same = web.post(f"/director/sessions/{session}/requests/{request_id}/accept.json", result=WAS)
    assert same.status_code == 422
    assert "is the result in force already" in same.json()["error"]["message"]
    assert entries_of(store, session) == before
    assert web.get(f"/director/sessions/{session}/requests.json").json()["open"]
    bad = web.post(
        f"/director/sessions/{session}/requests/{request_id}/accept.json", result="5Z N ="
    )
    assert bad.status_code == 422 and entries_of(store, session) == before


def test_only_a_director_answers(club: tuple[Console, int]) -> None:
    web, session = club
    token = pass_for(web.store, session, "P1NS Q")
    asked = web.client().post(f"/ask/{token}.json", data={"board": "1", "reason": "check it"})
    request_id = asked.json()["request"]["id"]
    # a scorer sees the requests but does not answer them
    assert web.get(f"/director/sessions/{session}/requests.json", who="scorer").status_code == 200
    refused = web.post(
        f"/director/sessions/{session}/requests/{request_id}/decline.json", who="scorer", words="no"
    )
    assert refused.status_code == 403
    assert "only a director can answer a player's request" in refused.json()["error"]["message"]
    # nobody, and the player's own pass, cannot either
    anonymous = web.client().post(
        f"/director/sessions/{session}/requests/{request_id}/decline.json", data={"words": "no"}
    )
    assert anonymous.status_code == 401
    with_pass = web.client().post(
        f"/director/sessions/{session}/requests/{request_id}/decline.json",
        data={"words": "no"},
        headers={"authorization": f"Bearer {token}"},
    )
    assert with_pass.status_code == 401


def test_what_a_player_may_ask(club: tuple[Console, int]) -> None:
    web, session = club
    token = pass_for(web.store, session, "P1NS Q")
    url = f"/ask/{token}.json"
    for form, said in [
        ({"board": "", "reason": "x"}, "which board?"),
        ({"board": "1", "reason": "   "}, "say what is wrong"),
        ({"board": "1", "reason": "x" * 1001}, "the reason is too long"),
        ({"board": "5", "reason": "x"}, "you did not play board 5"),
        ({"board": "99", "reason": "x"}, "you did not play board 99"),
        ({"board": "1", "reason": "x", "proposed": "y" * 41}, "at most 40 characters"),
    ]:
        answer = web.client().post(url, data=form)
        assert answer.status_code == 422, (form, answer.text)
        assert said in answer.json()["error"]["message"]
    assert web.client().post(url, data={"board": "1", "reason": "one"}).status_code == 201
    twice = web.client().post(url, data={"board": "1", "reason": "again"})
    assert twice.status_code == 422 and "asked about board 1 already" in twice.text
    assert web.client().post(url, data={"board": "2", "reason": "two"}).status_code == 201


def test_asking_is_bounded(club: tuple[Console, int], monkeypatch: pytest.MonkeyPatch) -> None:
    web, session = club
    store = web.store
    token = pass_for(store, session, "P1NS Q")
    for n in range(night_requests.AT_MOST):  # each declined, so the board may be asked again
        asked = web.client().post(f"/ask/{token}.json", data={"board": "1", "reason": f"try {n}"})
        assert asked.status_code == 201, asked.text
        web.post(
            f"/director/sessions/{session}/requests/{asked.json()['request']['id']}/decline.json",
            words="no",
        )
    too_many = web.client().post(f"/ask/{token}.json", data={"board": "2", "reason": "more"})
    assert too_many.status_code == 429
    assert "ask again later" in too_many.json()["error"]["message"]
    # made-up links: each one a 404, and then the client is told to wait
    monkeypatch.setattr(night_requests, "BAD_LINKS", 3)
    client = web.client()
    client.app.state.ask_tries = night_requests.Tries(limit=3)  # type: ignore[attr-defined]
    for n in range(3):
        made_up = client.get(f"/ask/not-a-pass-{n}.json")
        assert made_up.status_code == 404
        assert made_up.json()["error"]["message"] == night_requests.NOT_VALID
    assert client.get("/ask/not-a-pass-4.json").status_code == 429
    assert client.get(f"/ask/{token}.json").status_code == 429  # even a good one, for a while


def test_a_pass_ends_with_the_correction_period(club: tuple[Console, int]) -> None:
    web, session = club
    store = web.store
    token = pass_for(store, session, "P1NS Q")
    assert web.client().get(f"/ask/{token}.json").status_code == 200
    end_correction_period(store, session)
    ended = web.client().get(f"/ask/{token}.json")
    assert ended.status_code == 410
    assert "the correction period ended at" in ended.json()["error"]["message"]
    asked = web.client().post(f"/ask/{token}.json", data={"board": "1", "reason": "late"})
    assert asked.status_code == 410
    # the card's link is gone too
    assert web.client().get(f"/results/{session}/pair-1ns.html").status_code == 200
    assert "ask/pair-1ns" not in web.client().get(f"/results/{session}/pair-1ns.html").text
    assert web.client().get(f"/results/{session}/ask/pair-1ns").status_code == 410


def test_a_live_session_has_no_passes_yet(db_url: str) -> None:
    store = open_store(db_url)
    try:
        session = played_night(store, publish=False)
        web = console(store)
        token = pass_for(store, session, "P1NS Q")
        assert web.client().get(f"/ask/{token}.json").status_code == 404
    finally:
        store.close()


def test_only_a_hash_of_a_pass_is_stored(club: tuple[Console, int]) -> None:
    web, session = club
    token = pass_for(web.store, session, "P1NS Q")
    assert len(token) >= 43  # 256 random bits
    with web.store.engine.connect() as conn:
        kept = [tuple(r) for r in conn.execute(text("SELECT * FROM player_passes"))]
    assert kept and not any(token in str(cell) for row in kept for cell in row)
