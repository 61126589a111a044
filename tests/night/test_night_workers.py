"""What a worker keeps is true after another worker writes: two workers (each its own Service
and its own connections, as ``bridgescore serve --workers 2`` makes them) over one database,
SQLite and PostgreSQL.

A worker keeps a session's movement by its plan's version, and answers a phone's poll from the
table's revision: a result stored by the other worker changes the table's revision, the
session's and the state the phone is shown; a round drawn by the other worker changes the
movement this one keeps.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

from bridgescore.night import Service
from bridgescore.night import swiss as night_swiss
from bridgescore.night import tables as night_tables
from bridgescore.store import Store, open_store
from bridgescore.web.app import create_app
from tests.night.helpers import FLAT, live_session, phones, play, scanned, start, user

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture(name="second")
def second_fixture(db_url: str) -> Iterator[Store]:
    """The second worker's own store over the same database."""
    opened = open_store(db_url)
    try:
        yield opened
    finally:
        opened.close()


def test_a_phone_s_state_kept_by_one_worker_changes_when_the_other_stores_a_result(
    store: Store, second: Store
) -> None:
    session, codes = live_session(store)
    first_app = TestClient(create_app(Service(store)), base_url="http://127.0.0.1")
    other_app = TestClient(create_app(Service(second)), base_url="http://127.0.0.1")
    token = first_app.post("/t/api/join", json=scanned(store, codes[0])).json()["token"]
    asked = {"authorization": f"Bearer {token}"}
    shown = first_app.get("/t/api/state", headers=asked)
    assert shown.status_code == 200
    tag = shown.headers["etag"]
    assert first_app.get("/t/api/state", headers={**asked, "if-none-match": tag}).status_code == 304
    director = user(store, "dana")
    before = Service(store).revision(director, session)
    sent = other_app.post(
        "/t/api/results",
        json={
            "client_id": "other-worker-1",
            "board": 1,
            "round": 1,
            "contract": "3NT",
            "declarer": "S",
            "tricks": "+1",
        },
        headers=asked,
    )
    assert sent.status_code == 201, sent.text
    again = first_app.get("/t/api/state", headers={**asked, "if-none-match": tag})
    assert again.status_code == 200 and again.headers["etag"] != tag
    results = [b for r in again.json()["rounds"] for b in r["boards"] if b["result"]]
    assert [(b["board"], b["result"]["result"]) for b in results] == [(1, "3NT S +1")]
    assert Service(store).revision(director, session) == before + 1
    polled = night_tables.poll(Service(store), token)
    assert polled.revision == night_tables.state(Service(second), polled.device).view.revision


def test_a_round_drawn_by_one_worker_changes_the_movement_the_other_keeps(
    store: Store, second: Store
) -> None:
    keeping, drawing = Service(store), Service(second)
    dana = user(store, "dana")
    swiss_id = start(drawing, dana)
    night_swiss.draw(drawing, dana, swiss_id)
    session = night_swiss.view(drawing, dana, swiss_id).row.session_id
    movement = keeping.movement(keeping.info(session))
    assert movement is not None and movement.rounds == 1
    at = phones(drawing, dana, swiss_id)
    play(drawing, at, swiss_id, 1, {t: [FLAT, FLAT] for t in (1, 2, 3)})
    night_swiss.draw(drawing, dana, swiss_id)
    movement = keeping.movement(keeping.info(session))
    assert movement is not None and movement.rounds == 2
