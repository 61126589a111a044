"""Who may do what at a Swiss event and on the club's ladder, as a table: every role (the
scoring phone of a table, a phone watching there, a phone of another table, a scorer, a
director, another club's director, nobody) times every new action (start an event, draw a
round, enter a team, withdraw one, enter a board of the round being played, change a board of
a round the next was drawn on, publish, see the ladder), on SQLite and on PostgreSQL.

Each cell is a real request to the app, made the way that role would make it, on a fresh event
prepared for the action; the expected answers are the rules written down here: allowed (and
the event or the log shows it), held for the director (202, applied nowhere), or refused with
a status and a sentence, and then nothing at all has changed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from bridgescore.night import Service
from bridgescore.night import entry as night_entry
from bridgescore.night import swiss as night_swiss
from bridgescore.night.lines import Place
from bridgescore.store import Store
from tests.night.helpers import (
    ELSEWHERE,
    LOG_IN,
    NOT_SEEN,
    NOT_THE_PHONES,
    ROLES,
    World,
    code_says,
    joined,
    judged,
    request_as,
    table_says,
    token,
    typed,
    user,
)

ACTIONS = [
    "start",
    "draw",
    "enter team",
    "withdraw",
    "board",
    "drawn-on board",
    "publish",
    "ladder",
]

PHONES = NOT_THE_PHONES
NOT_SEEN_SWISS = (404, "no Swiss event with id")
EXPECTED: dict[str, dict[str, Any]] = {
    "table": {
        "start": PHONES,
        "draw": PHONES,
        "enter team": PHONES,
        "withdraw": PHONES,
        "board": 201,  # its own table's board of the round being played
        "drawn-on board": 202,  # held for the director
        "publish": PHONES,
        "ladder": PHONES,
    },
    "watcher": {
        "start": PHONES,
        "draw": PHONES,
        "enter team": PHONES,
        "withdraw": PHONES,
        "board": 202,
        "drawn-on board": 202,
        "publish": PHONES,
        "ladder": PHONES,
    },
    "other table": {
        "start": PHONES,
        "draw": PHONES,
        "enter team": PHONES,
        "withdraw": PHONES,
        "board": ELSEWHERE,
        "drawn-on board": ELSEWHERE,
        "publish": PHONES,
        "ladder": PHONES,
    },
    "scorer": {
        "start": (403, "only a director can start a Swiss event"),
        "draw": (403, "only a director can draw a round of a Swiss event"),
        "enter team": (403, "only a director can enter or withdraw a team of a Swiss event"),
        "withdraw": (403, "only a director can enter or withdraw a team of a Swiss event"),
        "board": 201,
        "drawn-on board": 200,  # a correction, with its reason: the draw made on it stands
        "publish": (403, "only a director can publish a Swiss event's draws and standings"),
        "ladder": 200,
    },
    "director": {
        "start": 201,
        "draw": 200,
        "enter team": 200,
        "withdraw": 200,
        "board": 201,
        "drawn-on board": 200,
        "publish": 200,
        "ladder": 200,
    },
    "other club": {
        "start": 201,  # an event of its own club
        "draw": NOT_SEEN_SWISS,
        "enter team": NOT_SEEN_SWISS,
        "withdraw": NOT_SEEN_SWISS,
        "board": NOT_SEEN,
        "drawn-on board": NOT_SEEN,
        "publish": NOT_SEEN_SWISS,
        "ladder": 200,  # its own club's
    },
    "anonymous": dict.fromkeys(ACTIONS, LOG_IN),
}


@dataclass
class Scene:
    swiss: int
    session: int
    phones: dict[str, dict[str, Any]]
    key: str  # round 1, board 1, table 1: entered by table 1's phone
    entry: int  # its entry in force


def scene(world: World, action: str) -> Scene:
    """Four teams, one board a match: round 1 drawn (1 v 3 at tables 1 and 2, 2 v 4 at tables
    3 and 4) and, unless the action is entering a board, complete (table 1's board by its own
    phone) with round 2 drawn too when the action changes a board of round 1."""
    night = Service(world.store)
    dana = user(world.store, "dana")
    swiss_id = night_swiss.start(
        night,
        dana,
        {"names": "A\nB\nC\nD", "rounds": "3", "boards": "1", "first_round": "seeded"},
    )
    found, _ = night_swiss.draw(night, dana, swiss_id)
    session = found.row.session_id
    codes = {c.table: c.code for c in night.session(dana, session).codes()}
    client = world.client()
    phones = joined(world, codes["1"], codes["2"])
    entry = 0
    if action != "board":
        first = client.post(
            "/t/api/results",
            json={
                "client_id": f"first-{swiss_id:06d}",
                "board": 1,
                "round": 1,
                "contract": "4S",
                "declarer": "N",
                "tricks": "=",
            },
            headers={"authorization": f"Bearer {phones['table']['token']}"},
        )
        assert first.status_code == 201, first.text
        entry = first.json()["entry"]["id"]
        for table, result in ((2, "4S N -1"), (3, "PASS"), (4, "PASS")):
            night_entry.enter(
                night, dana, session, Place(1, 1, table), typed(result), client_id=None
            )
    if action == "drawn-on board":
        night_swiss.draw(night, dana, swiss_id)
    return Scene(swiss_id, session, phones, "|1|r1|t1", entry)


# A player's link reaches only their own pages (tests/night/test_permissions.py tries it on
# every director's and phone's route); a Swiss event issues no player links.
SWISS_ROLES = [r for r in ROLES if r != "player"]


def act(world: World, at: Scene, role: str, action: str) -> Any:
    """The request ``role`` makes to do ``action`` in the scene."""
    e = f"/director/swiss/{at.swiss}"
    s = f"/director/sessions/{at.session}"
    board = {"board": 1, "round": 1, "contract": "3NT", "declarer": "S", "tricks": "="}
    url, data = {
        "start": ("/director/swiss.json", {"names": "P\nQ", "rounds": "1"}),
        "draw": (e + "/draw.json", {"round": "2"}),
        "enter team": (e + "/enter.json", {"name": "Late"}),
        "withdraw": (e + "/withdraw.json", {"team": "4"}),
        "publish": (e + "/publish.json", {}),
    }.get(action, ("", {}))
    phones = ("table", "watcher", "other table")
    if action in ("board", "drawn-on board"):
        if role in phones:
            body = {"client_id": f"cell-{next(world.ids):06d}", "table": 1, **board}
            if action == "drawn-on board":
                body["replaces"] = at.entry
            return world.client().post(
                "/t/api/results", json=body, headers={"authorization": f"Bearer {token(at, role)}"}
            )  # type: ignore[arg-type]
        if action == "board":
            url, data = s + "/results.json", {**board, "table": 1}
        else:
            url, data = s + "/correct.json", {"line": at.key, "result": "3NT S =", "reason": "why"}
    if action == "ladder":
        return request_as(
            world, role, "/director/ladder.json", bearer=token(at, role), method="GET"
        )
    return request_as(world, role, url, data, bearer=token(at, role))


def state(store: Store, at: Scene) -> Any:
    """Everything these actions can change: every event and its steps, the session's log and
    its held results."""
    events = night_swiss.SwissEvents(store)
    swiss = [
        (e.row.id, [(s.number, s.action) for s in events.steps(e.row.id)])
        for e in events.of_club(None)
    ]
    rows = store.session_rows(at.session).results
    log = [[(e.id, e.result) for e in store.history(at.session, r.entry_key)] for r in rows]
    held = [(c.id, c.resolution) for c in store.conflicts(at.session, open_only=False)]
    return swiss, log, held


@pytest.mark.parametrize(
    ("role", "action"),
    [(r, a) for r in SWISS_ROLES for a in ACTIONS],
    ids=lambda x: x.replace(" ", "-"),
)
def test_the_permission_table_at_a_swiss_event(world: World, role: str, action: str) -> None:
    at = scene(world, action)
    before = state(world.store, at)
    answer = act(world, at, role, action)
    after = state(world.store, at)
    if judged(answer, EXPECTED[role][action], before, after):
        if action != "ladder":
            assert after != before, "allowed, but nothing changed"
        effect(world.store, at, role, action, before, after)


def effect(store: Store, at: Scene, role: str, action: str, before: Any, after: Any) -> None:
    """What an allowed action did, as the event and the log show it."""
    events = night_swiss.SwissEvents(store)
    last = events.get(at.swiss).last
    held = store.conflicts(at.session)
    history = (
        [e.result for e in store.history(at.session, at.key)]
        if action != "board" or (role in ("scorer", "director", "table"))
        else []
    )
    if action == "start":
        assert len(after[0]) == len(before[0]) + 1
    elif action in ("draw", "enter team", "withdraw", "publish"):
        words = {"draw": "draw", "enter team": "enter", "withdraw": "withdraw"}
        assert last.action == words.get(action, "publish")
    elif role == "watcher" or (role == "table" and action == "drawn-on board"):
        assert len(held) == 1 and held[0].result == "3NT S ="
        assert history == ([] if action == "board" else ["4S N ="])
        if role == "table":
            assert held[0].reason == (
                "round 1 is over: round 2 of the Swiss event was drawn on its scores"
            )
    elif action == "board":
        assert history == ["3NT S ="]
    elif action == "drawn-on board":
        assert history == ["4S N =", "3NT S ="]


def test_the_swiss_rows_in_the_code_are_the_rows_here() -> None:
    """The night's table says what this file says for the Swiss and ladder actions."""
    from bridgescore.night import PERMISSIONS, Action, Role

    roles = ("table", "watcher", "scorer", "director", "anonymous")
    actions = {
        "start": Action.SWISS_START,
        "draw": Action.SWISS_DRAW,
        "enter team": Action.SWISS_TEAMS,
        "withdraw": Action.SWISS_TEAMS,
        "drawn-on board": Action.SWISS_DRAWN_ON,
        "publish": Action.SWISS_PUBLISH,
        "ladder": Action.LADDER,
    }
    assert set(PERMISSIONS) == set(Role)
    cells = [
        (role, action, expected)
        for role, row in EXPECTED.items()
        if role in roles
        for action, expected in row.items()
        if action in actions
    ]
    assert {(r, a): code_says(r, actions[a]) for r, a, _ in cells} == {
        (r, a): table_says(e) for r, a, e in cells
    }
