"""Helpers of the live path's tests on SQLite and PostgreSQL: a live session of a real movement
set up in a store, its users and phones, and results sent through the night's entry service
exactly as the console and the phones send them."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bridgescore.bridge import Vulnerability, dealer_for_board
from bridgescore.movements import jsonform as movement_json
from bridgescore.movements import mitchell
from bridgescore.night import Action, Actor, Role, Service, TypedResult
from bridgescore.night import entry as night_entry
from bridgescore.night import swiss as night_swiss
from bridgescore.night import tables as night_tables
from bridgescore.night.lines import Place
from bridgescore.night.permissions import Grant, cell
from bridgescore.store import Store
from bridgescore.store.mail_runs import MailRuns
from bridgescore.store.outreach import PlayersSide
from bridgescore.store.requests import Requests
from bridgescore.store.sessions import BoardRow, EntrantRow, MemberRow
from tests.helpers import PASSWORD

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


# --- the permission tables: each cell a real request, made as its role makes it -----------------

# The roles of the tables (tests/night/test_permissions*.py), as the night's Role names them.
ROLES = {
    "table": Role.TABLE,  # the scoring phone of table 1
    "watcher": Role.WATCHER,  # a phone watching at table 1
    "other table": Role.OTHER_TABLE,  # the scoring phone of table 2
    "scorer": Role.SCORER,
    "director": Role.DIRECTOR,
    "other club": Role.OTHER_CLUB,  # another club's director
    "anonymous": Role.ANONYMOUS,
    "player": Role.PLAYER,  # a player, by the link mailed to them
}
LOGINS = {"scorer": "sam", "director": "dana", "other club": "other"}  # role -> its user


def code_says(role: str, action: Action) -> str:
    """What the night's own table (night/permissions.py) says of a role of the tables and an
    action: ``allow``, ``hold`` (kept for the director), ``refuse``, or ``grant`` (as the club
    grants)."""
    found = cell(ROLES[role], action)
    return "grant" if isinstance(found, Grant) else found.name.lower()


def table_says(expected: Any, *, held: bool = True) -> str:
    """A cell of a permission test's table in :func:`code_says`'s words: a status 202 (taken,
    kept for the director) ``hold`` where ``held``, any other status ``allow``, a refusal
    (status, sentence) ``refuse``."""
    if isinstance(expected, int):
        return "hold" if held and expected == 202 else "allow"
    return "refuse"


# Refusals several tables share: (status, words its sentence must hold).
NOT_THE_PHONES = (403, "a table's phone cannot")
ELSEWHERE = (403, "this phone scores table 2: it cannot")
NOT_SEEN = (404, "no stored session with id")
LOG_IN = (401, "log in first")
NOT_A_PHONES_PASS = (401, "this phone's pass for the table is not valid")


def joined(world: World, mine: str, other: str) -> dict[str, dict[str, Any]]:
    """The phones of a cell: the scoring phone of the table whose code is ``mine`` (the first to
    scan its card), a phone watching there (the second), and the scoring phone of ``other``'s
    table; each the join's answer (its token and device)."""
    client = world.client()
    found = {}
    for name, code in (("table", mine), ("watcher", mine), ("other table", other)):
        answer = client.post("/t/api/join", json=scanned(world.store, code))
        assert answer.status_code == 201, answer.text
        found[name] = answer.json()
    return found


def request_as(
    world: World,
    role: str,
    url: str,
    data: dict[str, Any] | None = None,
    *,
    bearer: str = "",
    method: str = "POST",
    files: Any = None,
) -> Any:
    """The request ``role`` makes, asking for JSON: a phone (or a player's link) with its pass,
    ``bearer``, in the Authorization header; a user with the login cookie and the form's CSRF
    token; nobody with neither."""
    headers = {"accept": "application/json"}
    form = dict(data or {})
    if role in LOGINS:
        client, csrf = world.users[LOGINS[role]]
        form = {"csrf": csrf, **form}
    else:
        client = world.client()
        if role != "anonymous":
            headers["authorization"] = f"Bearer {bearer}"
    if method == "GET":
        return client.get(url, headers=headers)
    return client.post(url, data=form, files=files, headers=headers)


def user_post(world: World, name: str, url: str, **data: Any) -> Any:
    """A form posted by the logged-in user ``name`` (with its CSRF token), asking for JSON."""
    client, csrf = world.users[name]
    return client.post(url, data={"csrf": csrf, **data}, headers={"accept": "application/json"})


def entered(world: World, name: str, session: int, **result: Any) -> Any:
    """The logged-in user ``name`` enters board 1 of round 1 at table 1 through the console."""
    url = f"/director/sessions/{session}/results.json"
    answer = user_post(world, name, url, board=1, round=1, table=1, **result)
    assert answer.status_code == 201, answer.text
    return answer


def judged(answer: Any, expected: Any, before: Any, after: Any) -> bool:
    """A cell's answer against the table: the status of success (True: allowed, the caller then
    checks what it did), or a refusal with its status and words in the one error shape, and then
    nothing at all changed (False)."""
    if isinstance(expected, int):
        assert answer.status_code == expected, answer.text
        return True
    status, words = expected
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error"} and body["error"]["status"] == status
    assert words in body["error"]["message"], body["error"]["message"]
    assert after == before, "refused, yet something changed"
    return False


LINE = "|1|r1|t1"  # round 1, table 1 of the session's Mitchell: boards 1 and 2, NS 1 v EW 1


@dataclass
class Scene:
    session: int
    phones: dict[str, dict[str, Any]]  # "table", "watcher", "other table" -> the join answer
    player: str  # the pass of a player of the session (P1NS Q), as their mail carries it
    entry: int | None = None  # the entry in force on LINE, when the action needs one
    held: int | None = None  # a result held for the director, when the action needs one
    request: int | None = None  # a player's request waiting for the director
    sender: str = ""  # the mail server's sender a "mail settings" cell sets
    lockout: int | None = None  # a user's failed logins, when the action needs them


def token(at: Scene, who: str) -> str:
    """The pass ``who`` sends as a phone's: a phone's own, a player's link's, or none (a user,
    nobody)."""
    if who == "player":
        return at.player
    return str(at.phones[who]["token"]) if who in at.phones else ""


def state(store: Store, session: int) -> Any:
    """Everything the night can change: the log, the held results, the phones, the status."""
    rows = store.session_rows(session).results
    history = [[(e.id, e.result) for e in store.history(session, r.entry_key)] for r in rows]
    held = [(c.id, c.resolution, c.against) for c in store.conflicts(session, open_only=False)]
    phones = [(d.id, d.role, d.ended_at) for d in store.table_devices(session)]
    asked = [(r.id, r.status) for r in Requests(store).of_session(session)]
    runs = [r.id for r in MailRuns(store).runs(session)]
    servers = [PlayersSide(store).smtp(club) for club in ("Riverside", "Hillside")]
    club = store.club_id("Riverside")
    logins = [
        (t.key, t.failures) for t in store.throttle_list(club, datetime(2000, 1, 1, tzinfo=UTC))
    ]
    status = store.live_info(session).status
    return history, held, phones, status, asked, runs, servers, sorted(logins)


# A Swiss event's six teams, and a flat board: 3NT by South made in both rooms.
NAMES = "Aces\nBees\nCats\nDogs\nEels\nFoxes"
FLAT = ("3NT S =", "3NT S =")


def start(night: Service, director: Actor, **form: str) -> int:
    fields = {
        "kind": "teams",
        "title": "Autumn Swiss",
        "names": NAMES,
        "rounds": "3",
        "boards": "2",
        "first_round": "seeded",
    }
    return night_swiss.start(night, director, {**fields, **form})


def phones(night: Service, director: Actor, swiss_id: int) -> dict[int, Actor]:
    """A scoring phone at every table of the event's session."""
    found = night_swiss.view(night, director, swiss_id)
    live = night.session(director, found.row.session_id)
    return {int(c.table): phone(night.store, c.code) for c in live.codes()}


def play(
    night: Service, at: dict[int, Actor], swiss_id: int, round_number: int, plan: dict[int, Any]
) -> None:
    """Each match's boards from both rooms' phones: ``plan`` gives, for the match at each table
    number of the draw, each board's (room 1, room 2) results."""
    director = user(night.store, "dana")
    found = night_swiss.view(night, director, swiss_id)
    session = found.row.session_id
    for state in found.rounds[round_number - 1]:
        boards = plan.get(state.match.table)
        if boards is None:
            continue
        for room, table in enumerate(state.tables):
            for board, results in zip(
                night_swiss.boards_of(found.event.conditions, round_number), boards, strict=True
            ):
                if results is None:
                    continue
                outcome = enter(
                    night,
                    at[table],
                    session,
                    board,
                    results[room],
                    round_=round_number,
                    table=table,
                    client_id=f"r{round_number}-t{table}-b{board}-{results[room].replace(' ', '')}",
                )
                assert outcome.entry is not None, outcome
