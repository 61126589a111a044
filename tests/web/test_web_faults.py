"""The database fails while ``bridgescore serve`` runs (a real process): locked by another
program, read-only, its PostgreSQL server stopped. Every answer is a 503 with a sentence that
says what is wrong, never a 500; nothing acknowledged is lost, and once the database is back the
same result (the same client id) is stored, once."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from tools.servers import serving

from bridgescore.store import open_store
from tests.helpers import unwritable
from tests.pg import server
from tests.web.server import in_force, login, new_session, prepare

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written


class Phone:
    """Table 1's scoring phone (it scanned the table card)."""

    def __init__(self, base: str, table: dict[str, Any]) -> None:
        self.client = httpx.Client(base_url=base, timeout=60)
        card = table["url"].split("#", 1)[1]
        joined = self.client.post("/t/api/join", json={"code": table["code"], "card": card})
        assert joined.status_code == 201, joined.text
        assert joined.json()["role"] == "scorer"
        self.client.headers["authorization"] = f"Bearer {joined.json()['token']}"
        state = self.client.get("/t/api/state").json()
        self.board = int(state["rounds"][0]["boards"][0]["board"])

    def send(self, client_id: str) -> httpx.Response:
        body = {"client_id": client_id, "board": self.board, "round": 1}
        cells = {"contract": "3NT", "declarer": "S", "tricks": "+1", "lead": "SA"}
        return self.client.post("/t/api/results", json={**body, **cells})


def unavailable(answer: httpx.Response, *words: str) -> str:
    """The answer is a 503 in the one error shape; its sentence, which names ``words``."""
    assert answer.status_code == 503, (answer.status_code, answer.text[:300])
    message = str(answer.json()["error"]["message"])
    assert all(word in message for word in words), message
    assert "Traceback" not in message and len(message.split()) > 4, message
    return message


def stored(db: str, session: int) -> list[str]:
    """The results in force in the database, read by a program of its own."""
    store = open_store(db)
    try:
        return sorted(in_force(store, session).values())
    finally:
        store.close()


@contextmanager
def club_night(db: str) -> Iterator[tuple[int, httpx.Client, str, Phone]]:
    """A server over ``db`` with a director logged in, a live session and table 1's phone."""
    prepare(db)
    with serving(db) as (_, base), httpx.Client(base_url=base, timeout=60) as director:
        csrf = login(director)
        session, _ = new_session(director, csrf, pairs=8)
        tables = director.get(f"/director/sessions/{session}/tables.json").json()["tables"]
        phone = Phone(base, tables[0])
        try:
            yield session, director, f"/director/sessions/{session}", phone
        finally:
            phone.client.close()


def test_a_locked_sqlite_database_is_a_503_and_the_result_is_stored_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRIDGESCORE_LOCK_WAIT", "1")
    db = tmp_path / "club.db"
    with club_night(str(db)) as (number, director, session, phone):
        other = sqlite3.connect(db, isolation_level=None)  # another program writing to it
        try:
            other.execute("BEGIN EXCLUSIVE")
            unavailable(phone.send("locked-0001"), "locked")
            assert director.get(f"{session}.json").status_code == 200  # reading goes on
        finally:
            other.execute("ROLLBACK")
            other.close()
        sent = phone.send("locked-0001")
        assert sent.status_code == 201, sent.text
        again = phone.send("locked-0001")
        assert again.status_code == 200 and again.json()["stored"] is False
        assert stored(str(db), number) == ["3NT S +1"]


def test_a_read_only_sqlite_database_is_served_and_refuses_writes_with_a_sentence(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    db = folder / "club.db"
    with club_night(str(db)) as (_, director, session, _phone):
        tables_page = director.get(f"{session}/tables.json").json()["tables"]
    with sqlite3.connect(db) as connection:  # the write-ahead log folded into the file
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    files = [p for p in folder.iterdir() if p.is_file()]
    before = {p.name: p.read_bytes() for p in files}
    with unwritable(*files, folder), serving(str(db)) as (_, base):
        assert httpx.get(f"{base}/index.json", timeout=30).status_code == 200
        with httpx.Client(base_url=base, timeout=60) as client:
            form = client.get("/login")
            assert form.status_code == 200
            answer = client.post(
                "/login.json",
                data={"username": "dana", "password": "wrong", "csrf": "x"},
                headers={"accept": "application/json"},
            )
            assert answer.status_code < 500, answer.text
            join = client.post("/t/api/join", json={"code": tables_page[0]["code"], "card": ""})
            unavailable(join, "read-only")
    assert {p.name: p.read_bytes() for p in files} == before


def test_a_stopped_postgresql_server_is_a_503_and_the_night_goes_on_when_it_is_back() -> None:
    with server() as running:
        db = running.new_database()
        with club_night(db) as (number, director, session, phone):
            assert director.get(f"{session}.json").status_code == 200
            running.halt()
            try:
                unavailable(phone.send("pg-result-0001"))
                unavailable(director.get(f"{session}.json", headers={"accept": "application/json"}))
                page = director.get(session)
                assert page.status_code == 503 and 'class="problem"' in page.text
            finally:
                running.resume()
            first = phone.send("pg-result-0001")
            assert first.status_code == 201, first.text
            assert phone.send("pg-result-0001").json()["stored"] is False
            assert stored(db, number) == ["3NT S +1"]
