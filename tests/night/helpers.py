"""Helpers of the live path's tests on SQLite and PostgreSQL: a live session of a real movement
set up in a store, its users and phones, and results sent through the night's entry service
exactly as the console and the phones send them."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bridgescore.bridge import Vulnerability, dealer_for_board
from bridgescore.movements import jsonform as movement_json
from bridgescore.movements import mitchell
from bridgescore.night import Actor, Service, TypedResult
from bridgescore.night import entry as night_entry
from bridgescore.night import tables as night_tables
from bridgescore.night.lines import Place
from bridgescore.store import Store
from bridgescore.store.sessions import BoardRow, EntrantRow, MemberRow

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def live_session(store: Store, club: str = "Riverside", **kwargs: Any) -> tuple[int, list[str]]:
    """A 4-table Mitchell of 2 rounds, 2 boards a round (round 1, table 1: NS 1 v EW 1,
    boards 1 and 2), live, with its table codes."""
    movement = mitchell(4, 2, rounds=2)
    session = store.create_live_session(
        store.club_id(club),
        title="Tuesday",
        played_on=kwargs.get("played_on"),
        structure="mitchell",
        rules={"name": "club", "overrides": {}},
        plan=movement_json.dumps(movement),
        boards=tuple(
            BoardRow(b, Vulnerability.for_board(b).value, dealer_for_board(b).value, None)
            for b in movement.boards
        ),
        entrants=tuple(
            EntrantRow(
                "",
                c.line.value if c.line else "",
                c.number,
                False,
                " & ".join(p.name or "" for p in _players(c)),
                None,
                _players(c) if kwargs.get("players") else (),
            )
            for c in movement.contestants
        ),
        by="test",
    )
    codes = store.table_codes(session, [("", str(t)) for t in range(1, 5)])
    return session, [c.code for c in codes]


def _players(contestant: Any) -> tuple[MemberRow, ...]:
    line = contestant.line.value if contestant.line else ""
    return (
        MemberRow(f"P{contestant.number}{line} Q", None, None),
        MemberRow(f"R{contestant.number}{line} S", None, None),
    )


def user(store: Store, name: str, role: str = "director", club: str = "Riverside") -> Actor:
    found = store.user(name) or store.add_user(name, "$argon2id$not-a-hash", role, club)
    return Actor(user=found)


def phone(store: Store, code: str) -> Actor:
    return Actor(device=store.join_table(code)[1])


def scanned(store: Store, code: str) -> dict[str, str]:
    """What a phone that scans the table card's QR code sends to join: the code and the card's
    key (a code typed alone only watches)."""
    return {"code": code, "card": night_tables.card_key(Service(store), code)}


def typed(text: str) -> TypedResult:
    """A result as a phone or the grid sends it: "4S N =" apart, anything else whole."""
    words = text.split()
    if len(words) == 3 and words[0][0].isdigit():
        return TypedResult(*words)
    return TypedResult(text)


def enter(
    night: Service,
    actor: Actor,
    session: int,
    board: int,
    text: str,
    *,
    round_: int = 1,
    table: int | None = 1,
    client_id: str | None = None,
    replaces: int | None = None,
    reason: str | None = None,
) -> night_entry.Outcome:
    if actor.device is not None:
        where = Place(board, round_, table if table != int(actor.device.table) else None)
        outcome, _ = night_tables.send(
            night,
            actor.device,
            where,
            typed(text),
            client_id=client_id or f"id-{board}-{round_}-{text.replace(' ', '')}",
            replaces=replaces,
        )
        return outcome
    return night_entry.enter(
        night,
        actor,
        session,
        Place(board, round_, table),
        typed(text),
        client_id=client_id,
        replaces=replaces,
        reason=reason,
    )


PASSWORD = "correct horse battery"


@dataclass
class World:
    store: Store
    app: Any
    users: dict[str, tuple[TestClient, str]]  # name -> (client with its login cookie, CSRF)
    ids: Iterator[int]

    def client(self) -> TestClient:
        return TestClient(self.app, base_url="http://127.0.0.1")


def login(client: TestClient, name: str) -> tuple[TestClient, str]:
    form = client.get("/login")
    token = re.search(r'name="csrf" value="([^"]+)"', form.text)
    assert token
    answer = client.post(
        "/login.json", data={"username": name, "password": PASSWORD, "csrf": token.group(1)}
    )
    assert answer.status_code == 200, answer.text
    return client, answer.json()["csrf"]
