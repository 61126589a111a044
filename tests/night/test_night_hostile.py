"""The club night tried as hostile users would, on SQLite and PostgreSQL: each sequence the
issue met, and the other members of its class.

* a phone stores only a played result: never an artificial, split, weighted, bare or point
  score, whichever of its endpoints it tries;
* nothing from a table replaces the director's entry or ruling: it is held for the director;
* settling a held result against a line that has changed since is refused and asked again;
* every result a table sends reaches the director, after a hand-over, a removal or publishing;
* a client id is one result of one phone: reused elsewhere it is refused, never acknowledged;
* a scorer cannot do a director's part by calling the server without the page's buttons.
"""

from __future__ import annotations

import re
import warnings
from typing import Any

import pytest

from bridgescore.store import Store
from bridgescore.web.app import create_app
from tests.helpers import PASSWORD, password_hash
from tests.night.helpers import live_session, scanned

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

LINE = "|1|r1|t1"


class Night:
    """A live session with phones at tables 1 and 2, a director and a scorer logged in."""

    def __init__(self, store: Store) -> None:
        for name, role in (("dana", "director"), ("sam", "scorer")):
            if store.user(name) is None:
                store.add_user(name, password_hash(), role, "Riverside")
        self.store = store
        self.app = create_app(store)
        self.session, self.codes = live_session(store)
        self.s = f"/director/sessions/{self.session}"
        self.users = {name: self._login(name) for name in ("dana", "sam")}
        self.phones: dict[str, dict[str, Any]] = {}
        self.ids = 0

    def client(self) -> TestClient:
        return TestClient(self.app, base_url="http://127.0.0.1")

    def _login(self, name: str) -> tuple[TestClient, str]:
        client = self.client()
        token = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text)
        assert token
        answer = client.post(
            "/login.json", data={"username": name, "password": PASSWORD, "csrf": token.group(1)}
        )
        assert answer.status_code == 200
        return client, answer.json()["csrf"]

    def join(self, name: str, table: int) -> dict[str, Any]:
        answer = self.client().post("/t/api/join", json=scanned(self.store, self.codes[table - 1]))
        assert answer.status_code == 201, answer.text
        self.phones[name] = answer.json()
        return self.phones[name]

    def headers(self, phone: str) -> dict[str, str]:
        return {"authorization": f"Bearer {self.phones[phone]['token']}"}

    def send(self, phone: str, result: str, board: int = 1, round_: int = 1, **extra: Any) -> Any:
        self.ids += 1
        words = result.split()
        cells = (
            dict(zip(("contract", "declarer", "tricks"), words, strict=True))
            if len(words) == 3 and words[0][0].isdigit()
            else {"contract": result}
        )
        body = {"client_id": f"hostile-{self.ids:05d}", "board": board, "round": round_}
        return self.client().post(
            "/t/api/results", json={**body, **cells, **extra}, headers=self.headers(phone)
        )

    def post(self, user: str, path: str, **data: Any) -> Any:
        client, csrf = self.users[user]
        return client.post(
            self.s + path, data={"csrf": csrf, **data}, headers={"accept": "application/json"}
        )

    def state(self, phone: str) -> Any:
        return self.client().get("/t/api/state", headers=self.headers(phone)).json()

    def history(self, line: str = LINE) -> list[str]:
        in_log = {r.entry_key for r in self.store.session_rows(self.session).results}
        return [e.result for e in self.store.history(self.session, line)] if line in in_log else []

    def held(self) -> list[Any]:
        return self.store.conflicts(self.session)


@pytest.fixture(name="night")
def night_fixture(store: Store) -> Night:
    return Night(store)


# --- a phone stores only a played result ---------------------------------------------------------

NOT_A_TABLES = [
    "100/0",
    "A+/A-",
    "60/40",
    "A",
    "NS 4S N = | EW 4S N -1",
    "30% 4S N = + 70% 4S N -1",
    "points +7600",
    "-50",
    "420",
]


@pytest.mark.parametrize("result", NOT_A_TABLES)
def test_a_phone_cannot_store_any_score_but_a_played_result(night: Night, result: str) -> None:
    night.join("table 1", 1)
    refused = night.send("table 1", result)
    assert refused.status_code == 403, refused.text
    assert "a table enters the contract played" in refused.json()["error"]["message"]
    # nor by checking it first, nor by the console's own endpoints with its pass
    checked = night.client().post(
        "/t/api/check",
        json={"board": 1, "round": 1, "contract": result},
        headers=night.headers("table 1"),
    )
    assert checked.status_code == 403
    for path, data in (
        ("/results.json", {"board": 1, "round": 1, "table": 1, "contract": result}),
        ("/correct.json", {"line": LINE, "result": result, "reason": "mine"}),
    ):
        console = night.client().post(
            night.s + path, data=data, headers={**night.headers("table 1"), "accept": "x/json"}
        )
        assert console.status_code == 403, (path, console.text)
    assert night.history() == [] and night.held() == []
    # the pair's page shows no score from it
    assert night.store.session_rows(night.session).results == ()


def test_a_played_result_and_a_pass_out_are_a_phones(night: Night) -> None:
    night.join("table 1", 1)
    assert night.send("table 1", "4S N =").status_code == 201
    assert night.send("table 1", "PASS", board=2).status_code == 201
    assert night.history() == ["4S N ="] and night.history("|2|r1|t1") == ["PASS"]


# --- nothing from a table replaces the director's entry ------------------------------------------


def test_a_phones_correction_never_replaces_the_directors_ruling(night: Night) -> None:
    night.join("table 1", 1)
    first = night.send("table 1", "4S N =").json()["entry"]["id"]
    ruled = night.post("dana", "/correct.json", line=LINE, result="60/40", reason="ruling")
    assert ruled.status_code == 200
    # the phone's own state shows the ruling's entry id: sent with it, the correction is held
    shown = night.state("table 1")["rounds"][0]["boards"][0]["result"]
    assert shown["result"] == "60/40" and shown["id"] != first
    held = night.send("table 1", "4S N -1", replaces=shown["id"])
    assert held.status_code == 202, held.text
    assert "the director's ruling '60/40' is in force" in held.json()["held"]["reason"]
    assert night.history() == ["4S N =", "60/40"]
    # the same without naming any entry, or naming the table's old one
    for replaces in ("", first):
        again = night.send("table 1", "4S N -2", replaces=replaces)
        assert again.status_code == 202 and night.history() == ["4S N =", "60/40"]
    assert len(night.held()) == 3


def test_a_phone_never_replaces_what_the_console_entered(night: Night) -> None:
    night.join("table 1", 1)
    assert (
        night.post("sam", "/results.json", board=1, round=1, table=1, contract="PASS").status_code
        == 201
    )
    shown = night.state("table 1")["rounds"][0]["boards"][0]["result"]
    for replaces in ("", shown["id"]):
        held = night.send("table 1", "3NT S =", replaces=replaces)
        assert held.status_code == 202
        assert "the console's entry 'PASS' is in force (sam)" in held.json()["held"]["reason"]
    # the same result as the console's is simply the same: acknowledged, nothing written
    same = night.send("table 1", "PASS")
    assert same.status_code == 200 and same.json()["stored"] is False
    assert night.history() == ["PASS"]


def test_a_scorer_changes_no_ruling_by_correcting_or_undoing(night: Night) -> None:
    assert (
        night.post("sam", "/results.json", board=1, round=1, table=1, contract="PASS").status_code
        == 201
    )
    ruled = night.post("dana", "/correct.json", line=LINE, result="A+/A-", reason="slow play")
    assert ruled.status_code == 200
    for path, data in (
        ("/correct.json", {"line": LINE, "result": "3NT S =", "reason": "typo"}),
        ("/undo.json", {"line": LINE}),
        (
            "/results.json",
            {
                "board": 1,
                "round": 1,
                "table": 1,
                "contract": "3NT",
                "declarer": "S",
                "tricks": "=",
                "reason": "typo",
            },
        ),
    ):
        refused = night.post("sam", path, **data)
        assert refused.status_code == 403, (path, refused.text)
        assert "a scorer cannot change a director's ruling" in refused.json()["error"]["message"]
    assert night.history() == ["PASS", "A+/A-"]
    # a scorer's own correction of a played result is the scorer's to make
    board2 = night.post("sam", "/results.json", board=2, round=1, table=1, contract="PASS")
    assert board2.status_code == 201
    fixed = night.post("sam", "/correct.json", line="|2|r1|t1", result="1NT W =", reason="typo")
    assert fixed.status_code == 200 and night.history("|2|r1|t1") == ["PASS", "1NT W ="]


# --- settling a held result that has gone stale ---------------------------------------------------


def held_against_the_table(night: Night) -> tuple[int, int]:
    """Table 1 enters, a second phone (handed scoring) sends another: held. Returns the held
    result's id and the entry it stands against."""
    night.join("table 1", 1)
    entered = night.send("table 1", "4S N =").json()["entry"]["id"]
    second = night.join("second phone", 1)
    assert night.post("dana", "/tables/handover.json", id=second["device"]).status_code == 200
    kept = night.send("second phone", "4S N -1")
    assert kept.status_code == 202
    return kept.json()["held"]["id"], entered


def test_settling_a_held_result_after_a_later_ruling_is_refused_and_asked_again(
    night: Night,
) -> None:
    held, entered = held_against_the_table(night)
    ruled = night.post("dana", "/correct.json", line=LINE, result="60/40", reason="fouled")
    assert ruled.status_code == 200
    for use in ("table", "stored"):
        stale = night.post("dana", "/tables/resolve.json", id=held, use=use, against=entered)
        assert stale.status_code == 409, stale.text
        assert "has changed since: it now has '60/40'" in stale.json()["error"]["message"]
    assert night.history() == ["4S N =", "60/40"]
    # asked again: the tables page now shows it against the ruling, and the choice made with
    # that in view stands
    client, _ = night.users["dana"]
    shown = client.get(night.s + "/tables.json").json()["conflicts"]
    assert [(c["id"], c["stored"]) for c in shown] == [(held, "60/40")]
    chosen = night.post(
        "dana", "/tables/resolve.json", id=held, use="table", against=shown[0]["against"]
    )
    assert chosen.status_code == 200
    assert night.history() == ["4S N =", "60/40", "4S N -1"]
    # settled once: a second answer is refused, whatever it says
    again = night.post("dana", "/tables/resolve.json", id=held, use="stored", against="")
    assert again.status_code == 422 and "already settled" in again.json()["error"]["message"]


def test_settling_is_refused_after_any_change_of_the_line(night: Night) -> None:
    """The line changed by an undo, or by the table's own correction, not only by a ruling."""
    held, entered = held_against_the_table(night)
    assert (
        night.post("dana", "/correct.json", line=LINE, result="4S N +1", reason="x").status_code
        == 200
    )
    assert night.post("dana", "/undo.json", line=LINE).status_code == 200  # back to 4S N =
    stale = night.post("dana", "/tables/resolve.json", id=held, use="table", against=entered)
    assert stale.status_code == 409  # the same result, but not the entry the director saw
    assert night.history() == ["4S N =", "4S N +1", "4S N ="]


def test_a_held_result_on_an_empty_line_is_not_settled_after_the_line_is_filled(
    night: Night,
) -> None:
    night.join("table 1", 1)
    night.join("watcher", 1)
    kept = night.send("watcher", "3NT S =")
    assert kept.status_code == 202 and kept.json()["held"]["stored"] is None
    assert night.send("table 1", "4S N =").status_code == 201
    stale = night.post(
        "dana", "/tables/resolve.json", id=kept.json()["held"]["id"], use="table", against=""
    )
    assert stale.status_code == 409 and night.history() == ["4S N ="]


# --- every table result reaches the director ------------------------------------------------------


def test_a_result_after_a_hand_over_reaches_the_director(night: Night) -> None:
    night.join("first", 1)
    second = night.join("second", 1)
    assert night.post("dana", "/tables/handover.json", id=second["device"]).status_code == 200
    # the first phone, offline during the hand-over, sends what it queued
    late = night.send("first", "4S N =")
    assert late.status_code == 202, late.text
    held = late.json()["held"]
    assert (
        held["reason"]
        == f"sent by phone {night.phones['first']['device']}, which only watches at table 1"
    )
    client, _ = night.users["dana"]
    watch = client.get(night.s + ".json").json()
    assert [(c["table"], c["result"]) for c in watch["conflicts"]] == [("1", "4S N =")]
    assert night.history() == []
    # the director takes it
    taken = night.post("dana", "/tables/resolve.json", id=held["id"], use="table", against="")
    assert taken.status_code == 200 and night.history() == ["4S N ="]


def test_a_removed_phones_and_a_late_phones_results_reach_the_director(night: Night) -> None:
    night.join("table 1", 1)
    night.join("table 2", 2)
    assert (
        night.post(
            "dana", "/tables/remove.json", id=night.phones["table 1"]["device"], confirm="yes"
        ).status_code
        == 200
    )
    removed = night.send("table 1", "4S N =")
    assert removed.status_code == 202 and "after it was removed" in removed.json()["held"]["reason"]
    assert night.send("table 2", "PASS", board=3).status_code == 201
    assert night.post("dana", "/publish.json", minutes="60").status_code == 200
    late = night.send("table 2", "PASS", board=4)
    assert late.status_code == 202
    assert late.json()["held"]["reason"] == "sent after the results were published"
    assert sorted(c.reason or "" for c in night.held())[0].startswith("sent after")
    assert night.history() == [] and night.history("|4|r1|t2") == []


# --- a client id is one result of one phone ------------------------------------------------------


def test_a_client_id_reused_by_another_table_is_refused(night: Night) -> None:
    night.join("table 1", 1)
    night.join("table 2", 2)
    body = {
        "client_id": "shared-id-0001",
        "round": 1,
        "contract": "4S",
        "declarer": "N",
        "tricks": "=",
    }
    first = night.client().post(
        "/t/api/results", json={**body, "board": 1}, headers=night.headers("table 1")
    )
    assert first.status_code == 201
    reused = night.client().post(
        "/t/api/results",
        json={**body, "board": 3, "contract": "PASS"},
        headers=night.headers("table 2"),
    )
    assert reused.status_code == 422, reused.text
    assert "already used for another result" in reused.json()["error"]["message"]
    assert "entry" not in reused.json()
    # the same id and result from the same phone is the same result (an answer lost)
    again = night.client().post(
        "/t/api/results", json={**body, "board": 1}, headers=night.headers("table 1")
    )
    assert again.status_code == 200 and again.json()["entry"]["id"] == first.json()["entry"]["id"]
    # the same id from the same phone for another board, or another result, is refused too
    for other in ({"board": 2}, {"board": 1, "tricks": "-1"}):
        refused = night.client().post(
            "/t/api/results", json={**body, **other}, headers=night.headers("table 1")
        )
        assert refused.status_code == 422, other
    # and a held result's id is no one else's either
    night.join("watcher", 1)
    kept = night.client().post(
        "/t/api/results",
        json={**body, "client_id": "held-id-0001", "board": 2},
        headers=night.headers("watcher"),
    )
    assert kept.status_code == 202
    stolen = night.client().post(
        "/t/api/results",
        json={**body, "client_id": "held-id-0001", "board": 2},
        headers=night.headers("table 1"),
    )
    assert stolen.status_code == 422
    # nor is a phone's id the console's
    console = night.post(
        "sam",
        "/results.json",
        board=3,
        round=1,
        table=2,
        contract="PASS",
        client_id="shared-id-0001",
    )
    assert console.status_code == 422
    assert night.history("|3|r1|t2") == [] and night.history() == ["4S N ="]


# --- a scorer is not a director by skipping the page ---------------------------------------------


def test_a_scorer_cannot_do_a_directors_part(night: Night) -> None:
    night.join("table 1", 1)
    second = night.join("second", 1)
    for path, data, words in (
        ("/tables/handover.json", {"id": second["device"]}, "cannot hand a table's scoring"),
        (
            "/tables/remove.json",
            {"id": second["device"], "confirm": "yes"},
            "cannot remove a phone",
        ),
        ("/tables/remove.json", {"id": second["device"]}, "cannot remove a phone"),
        ("/publish.json", {"minutes": "60"}, "only a director can publish"),
    ):
        refused = night.post("sam", path, **data)
        assert refused.status_code == 403, (path, refused.text)
        assert words in refused.json()["error"]["message"]
    roles = {d.id: (d.role, d.ended_at) for d in night.store.table_devices(night.session)}
    assert roles[second["device"]] == ("viewer", None)
    # the tables page offers a scorer no such button either
    client, _ = night.users["sam"]
    page = client.get(night.s + "/tables")
    assert "Hand scoring to phone" not in page.text and "Remove phone" not in page.text
    # answering a call is a scorer's
    call = night.client().post("/t/api/call", json={}, headers=night.headers("table 1"))
    assert night.post("sam", "/tables/answer.json", id=call.json()["call"]).status_code == 200
