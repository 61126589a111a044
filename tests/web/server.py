"""Helpers of the tests that run ``bridgescore serve`` as a real process (tools.servers.serving):
the director's user in the database, logging in over HTTP, a session set up by the form, the
results the tables send, and what is in force."""

from __future__ import annotations

import re
from typing import Any

import httpx

from bridgescore.store import Store, open_store
from tests.helpers import PASSWORD, password_hash


def login(client: httpx.Client) -> str:
    form = client.get("/login")
    token = re.search(r'name="csrf" value="([^"]+)"', form.text)
    assert token
    answer = client.post(
        "/login.json",
        data={"username": "dana", "password": PASSWORD, "csrf": token.group(1)},
        headers={"accept": "application/json"},
    )
    assert answer.status_code == 200, answer.text
    return str(answer.json()["csrf"])


def prepare(db: str) -> None:
    store = open_store(db)
    try:
        store.add_user("dana", password_hash(), "director", "Riverside")
    finally:
        store.close()


def new_session(
    client: httpx.Client, csrf: str, pairs: int = 14
) -> tuple[int, list[dict[str, Any]]]:
    answer = client.post(
        "/director/new.json",
        data={"csrf": csrf, "pairs": str(pairs), "minutes": "200", "movement": "0"},
        headers={"accept": "application/json"},
    )
    assert answer.status_code == 201, answer.text
    session = int(answer.json()["session"])
    rows = []
    for board in client.get(f"/director/sessions/{session}.json").json()["session"]["boards"]:
        grid = client.get(f"/director/sessions/{session}/boards/{board}.json").json()
        rows += [
            {"board": board, "round": r["round"], "table": r["table"], "key": r["key"]}
            for r in grid["rows"]
        ]
    return session, rows


RESULTS = ["4S N =", "4S N -1", "3NT S +1", "PASS", "2H E =", "-100"]


def in_force(store: Store, session: int) -> dict[str, str]:
    return {r.entry_key: r.result for r in store.session_rows(session).results}
