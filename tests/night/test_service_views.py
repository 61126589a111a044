"""The table's view a worker keeps for its phones (``Service.table_view``), on SQLite and
PostgreSQL: read once per revision of the table, read again as soon as anything at the table
changes, on this worker or another (two Services over one database, as ``bridgescore serve
--workers 2`` makes them), so that no phone is shown a table older than the database's, and a
phone that acts on an old state still never replaces the director's entry."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from bridgescore.night import Service
from bridgescore.night import tables as night_tables
from bridgescore.store import Store, open_store
from bridgescore.web.app import create_app
from tests.night.helpers import enter, live_session, scanned, user

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

RESULT = {"board": 1, "round": 1, "contract": "4S", "declarer": "N", "tricks": "="}


@pytest.fixture(name="second")
def second_fixture(db_url: str) -> Iterator[Store]:
    """The second worker's own store over the same database."""
    opened = open_store(db_url)
    try:
        yield opened
    finally:
        opened.close()


def _counted(store: Store) -> list[int]:
    """Count the reads of a table's view on ``store`` (each appends the table's id)."""
    reads: list[int] = []
    read = store.table_view

    def counting(device: Any, *args: Any) -> Any:
        reads.append(device.table_id)
        return read(device, *args)

    store.table_view = counting  # type: ignore[method-assign]
    return reads


def _board_1(app: TestClient, token: str) -> Any:
    state = app.get("/t/api/state", headers={"authorization": f"Bearer {token}"})
    assert state.status_code == 200, state.text
    return state.json()["rounds"][0]["boards"][0]


def test_a_table_s_view_is_read_once_per_revision(store: Store) -> None:
    _session, codes = live_session(store)
    reads = _counted(store)
    app = TestClient(create_app(Service(store)), base_url="http://127.0.0.1")
    scorer = app.post("/t/api/join", json=scanned(store, codes[0])).json()["token"]
    watcher = app.post("/t/api/join", json={"code": codes[0]}).json()["token"]
    other = app.post("/t/api/join", json=scanned(store, codes[1])).json()["token"]
    assert _board_1(app, scorer)["result"] is None
    assert _board_1(app, watcher)["result"] is None  # the same table, the same revision
    assert len(reads) == 1
    _board_1(app, other)  # another table: its own view
    assert len(reads) == 2
    sent = app.post(
        "/t/api/results",
        json={"client_id": "view-kept-0001", **RESULT},
        headers={"authorization": f"Bearer {scorer}"},
    )
    assert sent.status_code == 201, sent.text
    assert _board_1(app, watcher)["result"]["result"] == "4S N ="  # read again: it changed
    assert _board_1(app, scorer)["result"]["result"] == "4S N ="
    assert len(reads) == 3
    _board_1(app, other)  # nothing changed at table 2
    assert len(reads) == 3


def test_a_table_s_view_is_read_again_when_the_plan_s_boards_change(store: Store) -> None:
    """A view is kept with the boards it was read with: a plan changed without the table's
    revision rising (a Swiss draw adds a round's boards) is read with the new boards."""
    session, codes = live_session(store)
    night = Service(store)
    app = TestClient(create_app(night), base_url="http://127.0.0.1")
    token = app.post("/t/api/join", json=scanned(store, codes[0])).json()["token"]
    device = night_tables.phone(night, token)
    revision = night_tables.revision(night, device)
    reads = _counted(store)
    boards = night.played(session)
    first = night.table_view(device, boards, revision)
    assert night.table_view(device, boards, revision) is first and len(reads) == 1
    grown = {**boards}  # the same boards in a new plan's mapping
    assert night.table_view(device, grown, revision) is not first and len(reads) == 2
    assert night.table_view(device, grown, revision) is not first and len(reads) == 2


def test_the_director_s_entry_on_another_worker_is_shown_and_never_replaced(
    store: Store, second: Store
) -> None:
    session, codes = live_session(store)
    phones = TestClient(create_app(Service(store)), base_url="http://127.0.0.1")
    token = phones.post("/t/api/join", json=scanned(store, codes[0])).json()["token"]
    asked = {"authorization": f"Bearer {token}"}
    sent = phones.post(
        "/t/api/results", json={"client_id": "view-ruled-001", **RESULT}, headers=asked
    )
    assert sent.status_code == 201, sent.text
    first = sent.json()["entry"]["id"]
    assert _board_1(phones, token)["result"]["result"] == "4S N ="  # this worker keeps it
    # The director, on the other worker, changes the line.
    director = user(second, "dana")
    ruled = enter(Service(second), director, session, 1, "4S N -1", reason="revoke")
    assert ruled.entry is not None
    shown = _board_1(phones, token)
    assert shown["result"]["result"] == "4S N -1"  # not the view this worker kept
    # A phone that acts on what it was shown before still cannot replace the director's entry.
    stale = phones.post(
        "/t/api/results",
        json={"client_id": "view-ruled-002", **RESULT, "tricks": "+1", "replaces": str(first)},
        headers=asked,
    )
    assert stale.status_code == 202, stale.text  # held for the director
    assert [r.result for r in store.session_rows(session).results] == ["4S N -1"]
    assert _board_1(phones, token)["result"]["result"] == "4S N -1"
    # And both workers show the same table.
    other = TestClient(create_app(Service(second)), base_url="http://127.0.0.1")
    assert _board_1(other, token) == _board_1(phones, token)
