"""Helpers of the players' side of ``bridgescore serve``: a club night played and published in a
store (players linked to the club's players, some with addresses), the director logged in to the
app, a player's pass, and a real SMTP server on the loopback (aiosmtpd) that keeps what it is
sent and can be told to refuse."""

from __future__ import annotations

import email
import re
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.policy import default
from typing import Any

from sqlalchemy import update

from bridgescore.movements import jsonform as movement_json
from bridgescore.night import Actor, Service
from bridgescore.store import Store
from bridgescore.store.outreach import PlayersSide
from bridgescore.store.requests import Requests
from bridgescore.store.schema import sessions
from bridgescore.web.app import create_app
from tests.helpers import PASSWORD, password_hash
from tests.night.helpers import enter, live_session, user

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

SENDER = "results@riverside.example"
# What each line of the night has, by (table + board): every board gets a spread of scores.
RESULTS = ["4S N =", "4S N -1", "3NT S +1", "PASS", "2H E =", "4S N +1", "3NT S -2"]
# Pair 1 NS (P1NS Q & R1NS S) and pair 1 EW (P1EW Q & R1EW S) play boards 1 and 2 at table 1
# in round 1; pair 2 NS plays them at table 1 in round 2... (the 4-table Mitchell of
# tests/night/helpers.py).
ADDRESSES = {
    "P1NS Q": "p1ns@example.org",
    "P1EW Q": "p1ew@example.org",
    "P3NS Q": "p3ns@example.org",
}


def played_night(store: Store, *, publish: bool = True, minutes: int = 60) -> int:
    """The 4-table Mitchell of two rounds with its players, every line entered by a director,
    then published with a correction period of ``minutes``; three players have addresses."""
    session, _ = live_session(store, players=True)
    night = Service(store)
    director = user(store, "setter")
    movement = movement_json.loads(store.live_plan(session).plan or "")
    for play in movement.plays:
        if play.sit_out:
            continue
        for board in play.boards:
            text = RESULTS[(play.table + board) % len(RESULTS)]
            enter(night, director, session, board, text, round_=play.round, table=play.table)
    if publish:
        store.publish(session, timedelta(minutes=minutes))
    side = PlayersSide(store)
    for name, address in ADDRESSES.items():
        side.set_email(name, address, club="Riverside")
    return session


def player_id(store: Store, name: str) -> int:
    return store.player(name).id


def pass_for(store: Store, session: int, name: str) -> str:
    """A new pass of the player for the session, as a results mail carries it."""
    return Requests(store).issue(session, player_id(store, name), "mail", datetime.now(UTC))


def result_of(store: Store, session: int, key: str) -> str:
    return next(e.result for e in store.history(session, key) if e.current)


def entries_of(store: Store, session: int) -> list[tuple[int, str]]:
    """Every entry of the session's log (id and result), corrections and what they replaced."""
    rows = store.session_rows(session).results
    return [(e.id, e.result) for r in rows for e in store.history(session, r.entry_key)]


def end_correction_period(store: Store, session: int) -> None:
    """The session's correction period ended a minute ago."""
    past = datetime.now(UTC) - timedelta(minutes=1)
    with store.engine.begin() as conn:
        conn.execute(
            update(sessions).where(sessions.c.id == session).values(provisional_until=past)
        )


@dataclass
class Console:
    """The app over a store, a director (dana) and a scorer (sam) logged in."""

    store: Store
    app: Any
    director: tuple[TestClient, str] = field(init=False)
    scorer: tuple[TestClient, str] = field(init=False)

    def __post_init__(self) -> None:
        for name, role in (("dana", "director"), ("sam", "scorer")):
            if self.store.user(name) is None:
                self.store.add_user(name, password_hash(), role, "Riverside")
        self.director = login(self.client(), "dana")
        self.scorer = login(self.client(), "sam")

    def client(self) -> TestClient:
        return TestClient(self.app, base_url="http://127.0.0.1")

    def post(self, url: str, *, who: str = "director", **data: Any) -> Any:
        client, csrf = self.director if who == "director" else self.scorer
        return client.post(url, data={"csrf": csrf, **data}, headers={"accept": "application/json"})

    def get(self, url: str, *, who: str = "director") -> Any:
        client, _ = self.director if who == "director" else self.scorer
        return client.get(url)


def console(store: Store) -> Console:
    return Console(store, create_app(store))


def login(client: TestClient, name: str) -> tuple[TestClient, str]:
    form = client.get("/login")
    token = re.search(r'name="csrf" value="([^"]+)"', form.text)
    assert token
    answer = client.post(
        "/login.json", data={"username": name, "password": PASSWORD, "csrf": token.group(1)}
    )
    assert answer.status_code == 200, answer.text
    return client, answer.json()["csrf"]


def director_actor(store: Store) -> Actor:
    return user(store, "dana")


def wait_for(check: Callable[[], Any], seconds: float = 30.0) -> Any:
    """``check()`` once it is true, or fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"not so after {seconds} s: {check.__doc__ or check}")
        time.sleep(0.05)


# --- a real SMTP server ------------------------------------------------------------------------


@dataclass
class Sink:
    """What the SMTP server received; ``answers`` is what it says to the next DATA commands
    (then 250 OK)."""

    port: int
    received: list[EmailMessage] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.answers:
            return self.answers.pop(0)
        message = email.message_from_bytes(envelope.original_content, policy=default)
        assert isinstance(message, EmailMessage)
        self.received.append(message)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.received if m["To"] == address]


def text_of(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content()).replace("\r\n", "\n")


def html_of(message: EmailMessage) -> str:
    body = message.get_body(("html",))
    assert body is not None
    return str(body.get_content()).replace("\r\n", "\n")


def teams_night(store: Store, *, minutes: int = 60) -> int:
    """The two teams' match of tests/reports/test_team_evening.py (its leads with it) imported,
    test.pbn's deals loaded by the director (solved as the console solves them), then published
    with a correction period of ``minutes``; Ann Lee (team 1) has an address."""
    from bridgescore.session import FieldStructure
    from tests.reports.helpers import LED

    session = deals_night(store, LED, structure=FieldStructure.TEAMS, minutes=minutes)
    PlayersSide(store).set_email("Ann Lee", "ann@example.org", club="Riverside")
    return session


def deals_night(
    store: Store,
    travellers: str,
    *,
    deals: bool = True,
    minutes: int = 60,
    structure: Any = None,
    publish: bool = True,
) -> int:
    """A night of ``travellers`` (a traveller CSV: pairs, individual, or teams of four with
    ``structure``) imported, test.pbn's deals loaded by the director when ``deals`` (solved as
    the console solves them), then published with a correction period of ``minutes`` (when
    ``publish``)."""
    from bridgescore.formats.csv import loads as csv_loads
    from bridgescore.store.sessions import to_rows
    from tests.conftest import shared_path

    played = csv_loads(travellers, "night.csv", structure=structure).session
    session = store.import_rows(to_rows(played), club="Riverside").session_id
    if deals:
        client, csrf = console(store).director
        records = shared_path("data", "hand-records", "test.pbn").read_bytes()
        loaded = client.post(
            f"/director/sessions/{session}/deals.json",
            data={"csrf": csrf},
            files={"hands": ("test.pbn", records, "application/octet-stream")},
        )
        assert loaded.status_code == 200, loaded.text
    if publish:
        store.publish(session, timedelta(minutes=minutes))
    return session
