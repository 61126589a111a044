"""Scoring once per revision of the log, shared by every view; an unchanged page answered 304;
a change pushed to the console and to the phones of its table.

In-process: how many times the session is scored while the watch page, the grid, the slips,
the phones' travellers and the published pages are asked for again and again (once per change
of the log, never for a call or a phone joining); the ETags of the watch page, the tables page
and a phone's state. Against a real ``bridgescore serve``: the console's and a phone's event
streams say ``change`` within a second of a result, a phone hears of its own table only."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tools.servers import serving

from bridgescore.store import Store
from tests.night.helpers import live_session, scanned
from tests.web.helpers import Console, club_store
from tests.web.server import login, prepare


@pytest.fixture(name="store")
def store_fixture(tmp_path: Path) -> Iterator[Store]:
    """The web console's club store (tests/web/helpers.py): these tests drive the console."""
    with club_store(tmp_path) as opened:
        yield opened


def scorings(console: Console) -> int:
    found: int = console.client.app.state.bridge.night.scores.scorings  # type: ignore[attr-defined]
    return found


def test_one_scoring_per_change_of_the_log_shared_by_every_view(store: Store) -> None:
    console = Console(store)
    session, codes = live_session(store)
    s = f"/director/sessions/{session}"
    phone = console.client.post("/t/api/join", json=scanned(store, codes[0])).json()
    pass_ = {"authorization": f"Bearer {phone['token']}"}
    views = [
        s + ".json",
        s,
        s + "/boards/1.json",
        s + "/boards/1",
        s + "/tables/1/rounds/1.json",
        s + "/tables.json",
    ]

    def look() -> None:
        for _ in range(3):
            for url in views:
                assert console.get(url).status_code == 200, url
            traveller = console.client.get("/t/api/boards/1", headers=pass_)
            assert traveller.status_code in (200, 403)

    look()
    before = scorings(console)
    look()
    assert scorings(console) == before  # nothing new: no scoring at all
    body = {"client_id": "change-0001", "board": 1, "round": 1, "contract": "4S"}
    sent = console.client.post(
        "/t/api/results", json={**body, "declarer": "N", "tricks": "="}, headers=pass_
    )
    assert sent.status_code == 201
    look()
    assert scorings(console) == before + 1  # one change: scored once, for every view
    # a call for the director and a new phone change the session, not its log
    assert console.client.post("/t/api/call", json={}, headers=pass_).status_code == 201
    assert console.client.post("/t/api/join", json=scanned(store, codes[1])).status_code == 201
    look()
    assert scorings(console) == before + 1
    # a correction is a change of the log
    fixed = console.post(s + "/correct", line="|1|r1|t1", result="4S N +1", reason="x")
    assert fixed.status_code == 303
    look()
    assert scorings(console) == before + 2
    # the published pages share it too
    assert console.post(s + "/publish", minutes="60").status_code == 303
    for _ in range(3):
        assert console.get(f"/results/{session}/index.json").status_code == 200
        assert console.get(f"/results/{session}/board-1.json").status_code == 200
    assert scorings(console) == before + 2


def test_an_unchanged_page_is_answered_304_and_a_changed_one_in_full(store: Store) -> None:
    console = Console(store)
    session, codes = live_session(store)
    s = f"/director/sessions/{session}"
    phone = console.client.post("/t/api/join", json=scanned(store, codes[0])).json()
    pass_ = {"authorization": f"Bearer {phone['token']}"}
    pages = [s, s + ".json", s + "/tables", s + "/tables.json"]
    tags = {}
    for url in pages:
        first = console.get(url)
        assert first.status_code == 200 and first.headers["etag"].startswith('W/"')
        tags[url] = first.headers["etag"]
        again = console.client.get(url, headers={"if-none-match": tags[url]})
        assert again.status_code == 304 and again.content == b""
    assert len(set(tags.values())) == len(pages)  # HTML and JSON are told apart
    state = console.client.get("/t/api/state", headers=pass_)
    table_tag = state.headers["etag"]
    assert console.client.get(
        "/t/api/state", headers={**pass_, "if-none-match": table_tag}
    ).status_code == (304)
    # another login (another CSRF token in its forms) never gets this login's page
    other = Console(store, "sam")
    assert other.client.get(s, headers={"if-none-match": tags[s]}).status_code == 200
    # a call at table 1 changes the watch page and table 1's state
    assert console.client.post("/t/api/call", json={}, headers=pass_).status_code == 201
    for url in pages:
        changed = console.client.get(url, headers={"if-none-match": tags[url]})
        assert changed.status_code == 200 and changed.headers["etag"] != tags[url], url
    new_state = console.client.get("/t/api/state", headers={**pass_, "if-none-match": table_tag})
    assert new_state.status_code == 200 and new_state.json()["open_call"] is True
    # a result at table 2 changes the watch page, not table 1's state
    table_tag = new_state.headers["etag"]
    second = console.client.post("/t/api/join", json=scanned(store, codes[1])).json()
    body = {"client_id": "other-table-1", "board": 3, "round": 1, "contract": "PASS"}
    sent = console.client.post(
        "/t/api/results", json=body, headers={"authorization": f"Bearer {second['token']}"}
    )
    assert sent.status_code == 201
    assert console.client.get(
        "/t/api/state", headers={**pass_, "if-none-match": table_tag}
    ).status_code == (304)
    assert console.get(s + ".json").json()["entered"] == 1


@pytest.mark.e2e  # a real bridgescore serve
def test_the_console_and_the_phones_hear_of_a_change_within_a_second(tmp_path: Any) -> None:
    db = str(tmp_path / "club.db")
    prepare(db)
    with serving(db) as (_, base), httpx.Client(base_url=base, timeout=30) as director:
        csrf = login(director)
        made = director.post(
            "/director/new.json",
            data={"csrf": csrf, "pairs": "8", "minutes": "200", "movement": "0"},
            headers={"accept": "application/json"},
        )
        session = int(made.json()["session"])
        tables = director.get(f"/director/sessions/{session}/tables.json").json()["tables"]
        tokens = [
            director.post("/t/api/join", json={"code": t["code"], "card": t["card"]}).json()[
                "token"
            ]
            for t in tables[:2]
        ]
        state = director.get("/t/api/state", headers={"authorization": f"Bearer {tokens[0]}"})
        board = state.json()["rounds"][0]["boards"][0]["board"]
        heard: dict[str, list[tuple[float, str]]] = {"console": [], "table 1": [], "table 2": []}
        stop = threading.Event()

        failures: list[str] = []

        def listen(name: str, path: str, headers: dict[str, str]) -> None:
            try:
                with httpx.Client(base_url=base, timeout=30) as own:
                    own.cookies = director.cookies
                    with own.stream("GET", path, headers=headers) as stream:
                        assert stream.status_code == 200
                        assert stream.headers["content-type"].startswith("text/event-stream")
                        for line in stream.iter_lines():
                            if line.startswith("data: "):
                                heard[name].append((time.monotonic(), line[6:]))
                            if stop.is_set():
                                return
            except httpx.HTTPError as error:  # the server stopped under the stream: the end
                if not stop.is_set():
                    failures.append(f"{name}: {error!r}")

        listeners = [
            threading.Thread(target=listen, args=args, daemon=True)
            for args in (
                ("console", f"/director/sessions/{session}/events", {}),
                ("table 1", "/t/api/events", {"authorization": f"Bearer {tokens[0]}"}),
                ("table 2", "/t/api/events", {"authorization": f"Bearer {tokens[1]}"}),
            )
        ]
        for listener in listeners:
            listener.start()
        deadline = time.monotonic() + 10
        while not all(heard.values()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert all(heard.values()), heard  # each stream says where it stands at once
        first = {name: len(events) for name, events in heard.items()}
        sent_at = time.monotonic()
        answer = director.post(
            "/t/api/results",
            json={"client_id": "pushed-0001", "board": board, "round": 1, "contract": "PASS"},
            headers={"authorization": f"Bearer {tokens[0]}"},
        )
        assert answer.status_code == 201
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and (
            len(heard["console"]) == first["console"] or len(heard["table 1"]) == first["table 1"]
        ):
            time.sleep(0.02)
        took = {name: heard[name][first[name]][0] - sent_at for name in ("console", "table 1")}
        assert all(seconds < 1.0 for seconds in took.values()), took
        time.sleep(0.5)
        assert len(heard["table 2"]) == first["table 2"]  # another table's result: not news here
        # the watch page the console then fetches shows the result
        watch = director.get(f"/director/sessions/{session}.json").json()
        assert (
            watch["entered"] == 1 and str(watch["session"]["revision"]) == heard["console"][-1][1]
        )
        # publishing ends a phone's stream of news with a last change: its state is then gone
        assert (
            director.post(
                f"/director/sessions/{session}/publish.json", data={"csrf": csrf, "minutes": "60"}
            ).status_code
            == 200
        )
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and len(heard["table 2"]) == first["table 2"]:
            time.sleep(0.02)
        assert len(heard["table 2"]) > first["table 2"]
        gone = director.get("/t/api/state", headers={"authorization": f"Bearer {tokens[1]}"})
        assert gone.status_code == 410
        stop.set()
    assert not failures, failures
