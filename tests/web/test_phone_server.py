"""Phones at the tables against a real ``bridgescore serve`` that is killed: a kill -9 while
every table is sending loses no acknowledged result, and when the server is back the phones
send again everything (acknowledged or not, as a phone that lost an answer would): every
traveller line then holds exactly one entry, the one its phone sent. SQLite and PostgreSQL."""

from __future__ import annotations

import os
import signal
import threading
import time
from typing import Any

import httpx
import pytest
from tools.servers import serving

from bridgescore.store import open_store
from tests.web.server import RESULTS, login, new_session, prepare

# What a table's phone can send: a contract or a pass-out (a bare score is the director's).
PLAYED = [r for r in RESULTS if not r.lstrip("-").isdigit()]

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written


def _cells(n: int) -> dict[str, str]:
    words = PLAYED[n % len(PLAYED)].split()
    if len(words) == 3:
        return {"contract": words[0], "declarer": words[1], "tricks": words[2]}
    return {"contract": words[0]}


@pytest.mark.parametrize("db_url", ["sqlite", "postgresql"], indirect=True)
def test_kill_9_while_phones_send_loses_nothing_and_stores_each_result_once(db_url: str) -> None:
    prepare(db_url)
    acknowledged: dict[str, str] = {}
    lock = threading.Lock()
    with serving(db_url) as (process, base):
        with httpx.Client(base_url=base, timeout=10) as director:
            csrf = login(director)
            session, rows = new_session(director, csrf)
            tables = director.get(f"/director/sessions/{session}/tables.json").json()["tables"]
            tokens = {
                t["table"]: director.post(
                    "/t/api/join", json={"code": t["code"], "card": t["card"]}
                ).json()["token"]
                for t in tables
            }
        sent: dict[str, dict[str, Any]] = {}
        for n, row in enumerate(rows):
            sent[row["key"]] = {
                "client_id": f"phone-{n:04d}",
                "board": row["board"],
                "round": row["round"],
                "table": str(row["table"]),
                **_cells(n),
            }

        def phone(table: str, bodies: list[dict[str, Any]]) -> None:
            headers = {"authorization": f"Bearer {tokens[table]}"}
            with httpx.Client(base_url=base, timeout=10, headers=headers) as own:
                for body in bodies:
                    try:
                        answer = own.post("/t/api/results", json=body)
                    except httpx.HTTPError:
                        return  # the server is gone: the phone keeps the rest queued
                    if answer.status_code in (200, 201):
                        key = f"|{body['board']}|r{body['round']}|t{table}"
                        with lock:
                            acknowledged[key] = answer.json()["entry"]["result"]

        by_table: dict[str, list[dict[str, Any]]] = {}
        for body in sent.values():
            by_table.setdefault(body["table"], []).append(body)
        threads = [threading.Thread(target=phone, args=item) for item in by_table.items()]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while len(acknowledged) < 40 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(acknowledged) >= 40, "the phones did not get going"
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=20)
        for thread in threads:
            thread.join(timeout=30)
    assert len(acknowledged) < len(rows), "the kill came after every result was sent"
    store = open_store(db_url)
    try:
        before = {r.entry_key: r.result for r in store.session_rows(session).results}
    finally:
        store.close()
    assert {k: v for k, v in acknowledged.items() if before.get(k) != v} == {}

    # back up: each phone sends its whole queue again (it cannot know what the kill swallowed)
    with serving(db_url) as (_, base):
        statuses: list[int] = []
        for table, bodies in by_table.items():
            headers = {"authorization": f"Bearer {tokens[table]}"}
            with httpx.Client(base_url=base, timeout=10, headers=headers) as own:
                statuses += [own.post("/t/api/results", json=body).status_code for body in bodies]
        assert set(statuses) <= {200, 201}
        assert statuses.count(201) == len(rows) - len(before)
    store = open_store(db_url)
    try:
        after = {r.entry_key: r.result for r in store.session_rows(session).results}
        for key in after:
            assert len(store.history(session, key)) == 1, key
    finally:
        store.close()
    expected = {
        key: " ".join(b[c] for c in ("contract", "declarer", "tricks") if c in b)
        for key, b in sent.items()
    }
    assert after == expected
    print(
        f"kill -9 with phones: {len(acknowledged)} acknowledged before the kill, "
        f"{len(before)} stored, {len(after)} after re-sending, each once"
    )
