"""``bridgescore serve`` as a real process on 127.0.0.1: a kill -9 in the middle of entry loses
no acknowledged result (SQLite and PostgreSQL), and two workers on one PostgreSQL database share
logins, CSRF tokens and results (a result sent twice, to either worker, is stored once).

Every server here is stopped by the test itself, and every wait is bounded."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tools.servers import serving

from bridgescore.store import open_store
from tests.web.server import RESULTS, in_force, login, new_session, prepare

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written

ROOT = Path(__file__).resolve().parents[2]


def result_for(n: int) -> str:
    return RESULTS[n % len(RESULTS)]


@pytest.mark.parametrize("db_url", ["sqlite", "postgresql"], indirect=True)
def test_kill_9_in_the_middle_of_entry_loses_no_acknowledged_result(db_url: str) -> None:
    prepare(db_url)
    acknowledged: dict[str, str] = {}
    lock = threading.Lock()
    with serving(db_url) as (process, base):
        with httpx.Client(base_url=base, timeout=10) as client:
            csrf = login(client)
            session, rows = new_session(client, csrf)
            cookies = dict(client.cookies)

        def scorer(part: list[tuple[int, dict[str, Any]]]) -> None:
            with httpx.Client(base_url=base, timeout=10, cookies=cookies) as own:
                for n, row in part:
                    try:
                        answer = own.post(
                            f"/director/sessions/{session}/results.json",
                            data={
                                "csrf": csrf,
                                "board": row["board"],
                                "round": row["round"],
                                "table": row["table"],
                                "contract": result_for(n),
                                "client_id": f"kill-{n}",
                            },
                        )
                    except httpx.HTTPError:
                        return  # the server is gone: nothing more is acknowledged
                    if answer.status_code in (200, 201):
                        with lock:
                            acknowledged[row["key"]] = answer.json()["entry"]["result"]

        numbered = list(enumerate(rows))
        threads = [threading.Thread(target=scorer, args=(numbered[i::3],)) for i in range(3)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while len(acknowledged) < 60 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(acknowledged) >= 60, "entry did not get going"
        os.killpg(process.pid, signal.SIGKILL)  # a real kill, in the middle of entry
        process.wait(timeout=20)
        for thread in threads:
            thread.join(timeout=30)
        assert not any(thread.is_alive() for thread in threads)
    assert len(acknowledged) < len(rows), "the kill came after entry ended"
    store = open_store(db_url)
    try:
        stored = in_force(store, session)
    finally:
        store.close()
    missing = {k: v for k, v in acknowledged.items() if stored.get(k) != v}
    assert missing == {}
    print(f"kill -9: {len(acknowledged)} results acknowledged, {len(stored)} stored, 0 lost")
    # and the server starts again on the same database and carries on
    with serving(db_url) as (_, base), httpx.Client(base_url=base, timeout=10) as client:
        csrf = login(client)
        assert client.get(f"/director/sessions/{session}.json").json()["entered"] == len(stored)


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_two_workers_share_logins_csrf_and_results(db_url: str) -> None:
    prepare(db_url)
    with serving(db_url, workers=2) as (_, base):
        no_reuse = httpx.Limits(max_keepalive_connections=0)
        with httpx.Client(base_url=base, timeout=10, limits=no_reuse) as client:
            csrf = login(client)
            session, rows = new_session(client, csrf, pairs=8)
            statuses = []
            for n, row in enumerate(rows):  # a new connection each time: either worker
                answer = client.post(
                    f"/director/sessions/{session}/results.json",
                    data={
                        "csrf": csrf,
                        "board": row["board"],
                        "round": row["round"],
                        "table": row["table"],
                        "contract": result_for(n),
                        "client_id": f"two-{n}",
                    },
                )
                statuses.append(answer.status_code)
            assert set(statuses) == {201}
            # the same submission sent to both workers at once is stored once
            duplicate: list[int] = []

            def send() -> None:
                with httpx.Client(base_url=base, timeout=10, cookies=dict(client.cookies)) as c:
                    duplicate.append(
                        c.post(
                            f"/director/sessions/{session}/correct.json",
                            data={
                                "csrf": csrf,
                                "line": rows[0]["key"],
                                "result": "5S N -2",
                                "reason": "sent twice",
                                "client_id": "twice",
                            },
                            headers={"accept": "application/json"},
                        ).status_code
                    )

            threads = [threading.Thread(target=send) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=30)
            assert duplicate == [200] * 4
            watch = client.get(f"/director/sessions/{session}.json").json()
            assert watch["entered"] == len(rows) and watch["missing"] == []
            history = client.get(
                f"/director/sessions/{session}/history.json", params={"line": rows[0]["key"]}
            ).json()["entries"]
            assert [e["result"] for e in history] == [result_for(0), "5S N -2"]
