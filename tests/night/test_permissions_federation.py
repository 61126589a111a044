"""Who may do what with the club's federation work, as a table, on SQLite and on PostgreSQL:
every role (the scoring phone of a table, a phone watching there, a phone of another table, a
scorer, a director, another club's director, nobody) times each new action (load the hand
records, choose the masterpoint scheme, make the national body's file, confirm an entry that
looks wrong before publishing).

As in test_permissions.py (whose database per backend, logins and helpers are used here),
each cell is a real request made the way that role makes it, on a fresh session prepared for the
action; the expected answers are the rules written down here: allowed (and the database shows
it), or refused with a status and a sentence, and then nothing at all has changed."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bridgescore.night import Actor
from bridgescore.night import hand_records as night_hands
from bridgescore.reports.deals import solve
from bridgescore.session import Board
from bridgescore.store import confirmations, hand_records, schemes
from bridgescore.store.requests import Requests
from tests.night.helpers import (
    LINE,
    LOG_IN,
    NOT_A_PHONES_PASS,
    NOT_SEEN,
    ROLES,
    Scene,
    World,
    code_says,
    entered,
    joined,
    judged,
    live_session,
    request_as,
    table_says,
    token,
    user_post,
)
from tests.night.helpers import state as log_state

# N holds the spades, E the hearts, S the diamonds, W the clubs: North makes no trick at notrump.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
PBN = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'.encode()

ACTIONS = ["hand records", "scheme", "national file", "confirm"]
WORDS = {
    "hand records": "load the hand records",
    "scheme": "choose the masterpoint scheme",
    "national file": "make the national body's results file",
    "confirm": "confirm an entry that looks wrong",
}


def _phones(action: str) -> Any:
    if action == "national file":  # a phone's pass ends when the results are published
        return (410, "the results of this session are published: scoring is over")
    return (403, f"a table's phone cannot {WORDS[action]}: that is the director's")


EXPECTED: dict[str, dict[str, Any]] = {
    "table": {a: _phones(a) for a in ACTIONS},
    "watcher": {a: _phones(a) for a in ACTIONS},
    "other table": {a: _phones(a) for a in ACTIONS},
    "scorer": {a: (403, f"only a director can {WORDS[a]}") for a in ACTIONS},
    "director": dict.fromkeys(ACTIONS, 200),
    "other club": dict.fromkeys(ACTIONS, NOT_SEEN),
    "anonymous": dict.fromkeys(ACTIONS, LOG_IN),
    "player": dict.fromkeys(ACTIONS, NOT_A_PHONES_PASS),  # a player's link only asks
}


def scene(world: World, action: str) -> Scene:
    """A fresh session with its phones and what the action needs: for the national body's file
    a published session; to confirm, a board's deal and an entry far from its double dummy."""
    session, codes = live_session(world.store, players=True)
    phones = joined(world, codes[0], codes[1])
    player = world.store.player("P1NS Q", club="Riverside").id
    found = Scene(
        session, phones, Requests(world.store).issue(session, player, "mail", datetime.now(UTC))
    )
    result = {"contract": "7NT", "declarer": "N", "tricks": "="}
    if action == "national file":
        entered(world, "dana", session, **result)
        done = user_post(world, "dana", f"/director/sessions/{session}/publish.json", minutes=60)
        assert done.status_code == 200, done.text
    elif action == "confirm":
        from bridgescore.formats import hands

        dana = Actor(user=world.store.user("dana"))
        records = hands.loads(PBN, "board-1.pbn", "pbn")
        night = world.app.state.bridge.night
        upload = night_hands.Upload("board-1.pbn", "pbn", "0" * 64, records.boards)
        night_hands.load(night, dana, session, upload, solve)
        found.entry = entered(world, "dana", session, **result).json()["entry"]["id"]
    return found


def act(world: World, at: Scene, role: str, action: str) -> Any:
    s = f"/director/sessions/{at.session}"
    files = None
    method = "POST"
    if action == "hand records":
        url, data = s + "/deals.json", {}
        files = {"hands": ("board-1.pbn", PBN, "application/octet-stream")}
    elif action == "scheme":
        url, data = s + "/masterpoints.json", {"scheme": "abf:green"}
    elif action == "national file":
        method, url, data = "GET", s + "/national.xml?body=abf&missing=allow", {}
    else:
        url = s + "/review/confirm.json"
        data = {"line": LINE, "kind": "double dummy", "entry": at.entry, "note": "seen"}
    return request_as(world, role, url, data, bearer=token(at, role), method=method, files=files)


def state(world: World, session: int) -> Any:
    """What these actions can change, with everything the night can change."""
    store = world.store
    return (
        log_state(store, session),
        [b.deal for b in store.session_rows(session).boards],
        [f.name for f in hand_records.files(store, session)],
        sorted(hand_records.analyses(store, session)),
        schemes.chosen(store, session),
        sorted(confirmations.confirmations(store, session)),
    )


@pytest.mark.parametrize(
    ("role", "action"), [(r, a) for r in ROLES for a in ACTIONS], ids=lambda x: x.replace(" ", "-")
)
def test_the_permission_table_of_the_federation_actions(
    world: World, role: str, action: str
) -> None:
    at = scene(world, action)
    before = state(world, at.session)
    answer = act(world, at, role, action)
    after = state(world, at.session)
    if judged(answer, EXPECTED[role][action], before, after):
        effect(world, at, action, answer, before, after)


def effect(world: World, at: Scene, action: str, answer: Any, before: Any, after: Any) -> None:
    """What an allowed action did, as the database shows it (the file, for the export)."""
    store = world.store
    if action == "hand records":
        assert after != before
        assert store.session_rows(at.session).boards[0].deal == DEAL
        assert [f.boards for f in hand_records.files(store, at.session)] == [(1,)]
        assert sorted(hand_records.analyses(store, at.session)) == [1]
    elif action == "scheme":
        assert schemes.chosen(store, at.session) == "abf:green"
    elif action == "national file":
        assert after == before  # a download changes nothing
        from bridgescore.formats import national

        found = national.read_awards(answer.text)
        # the one result ranks pair 1 alone in each line: ABF green (the body's club scheme),
        # placings to the top half rounded down of one pair, none
        assert (found.type, found.charge, found.awards) == ("GREEN", "10", {})
        assert set(found.numbers) == {"1NS", "1EW"}
    else:
        done = confirmations.confirmations(store, at.session)
        assert list(done) == [(at.entry, "double dummy")]
        assert done[at.entry, "double dummy"].confirmed_by == "dana"
        assert done[at.entry, "double dummy"].note == "seen"


def test_the_table_in_the_code_is_the_table_here() -> None:
    """The night's own table says what this file says for the new actions, cell by cell."""
    from bridgescore.night import PERMISSIONS, Action, Role

    actions = {
        "hand records": Action.HAND_RECORDS,
        "scheme": Action.MASTERPOINTS,
        "national file": Action.NATIONAL_FILE,
        "confirm": Action.CONFIRM,
    }
    assert set(PERMISSIONS) == set(Role)
    cells = [(role, action, e) for role, row in EXPECTED.items() for action, e in row.items()]
    assert {(r, a): code_says(r, actions[a]) for r, a, _ in cells} == {
        (r, a): table_says(e, held=False) for r, a, e in cells
    }


def test_a_board_for_the_session_of_the_scene() -> None:
    """The deal of the scenes is a legal deal of board 1 as the session plays it."""
    from bridgescore.formats import hands

    (board,) = hands.loads(PBN, "board-1.pbn", "pbn").boards
    assert isinstance(board, Board) and board.number == 1 and board.deal is not None
    assert str(board.deal.pbn()) == DEAL
