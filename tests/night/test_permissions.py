"""Who may do what on a club night, as a table: every role (the scoring phone of a table, a
phone watching there, a phone of another table, a scorer, a director, another club's director,
nobody, a player by the link mailed to them) times every action (enter, correct, an adjusted
score, a point score, settle a held result, hand a table over, remove a phone, publish, ask for
a correction, answer a player's request, send the results by e-mail, change the club's mail
server, lift a lockout of logins), on SQLite and on PostgreSQL.

A player's pass is a link's, not a phone's or a login's: sent as a phone's pass it is refused
(401), and only a player's own link asks for a correction (anyone else's credentials in a link's
place are a link that is not valid, 404). Once the session is published (as asking and the
mails need), a phone's pass has ended (410).

Each cell is a real request to the app, made the way that role would make it (a phone with its
pass in the Authorization header, a user with a login cookie and the form's CSRF token, nobody
with neither) on a fresh live session prepared for that action. The expected answers are the
issue's rules written down here, not read from the code: allowed (and the log shows it), held
for the director (202, applied nowhere), or refused with a status and a sentence, and then
nothing at all has changed."""

from __future__ import annotations

import re
import warnings
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bridgescore.night import Grant
from bridgescore.store import Store
from bridgescore.store.mail import SmtpSettings
from bridgescore.store.mail_runs import MailRuns
from bridgescore.store.outreach import PlayersSide
from bridgescore.store.requests import Requests
from bridgescore.web import auth
from tests.helpers import password_hash
from tests.night.helpers import (
    ELSEWHERE,
    LINE,
    LOG_IN,
    LOGINS,
    NOT_A_PHONES_PASS,
    NOT_SEEN,
    NOT_THE_PHONES,
    ROLES,
    Scene,
    World,
    code_says,
    entered,
    joined,
    judged,
    live_session,
    request_as,
    state,
    table_says,
    token,
    user_post,
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")


ACTIONS = [
    "enter",
    "correct",
    "artificial",
    "point score",
    "resolve",
    "hand over",
    "remove",
    "publish",
    "ask",
    "answer request",
    "send mail",
    "mail settings",
    "lift lockout",
]
# The actions of the players' side, and the ones a published session needs.
PUBLISHED_FIRST = ("ask", "answer request", "send mail")

# The rules, by role: what each action is answered. A number alone is the status of success;
# (status, words) a refusal with the words its sentence must hold.
DIRECTORS = (403, "only a director can")
NOT_A_TABLES = (403, "a table enters the contract played")
NOT_THEIRS = (404, "no lockout")  # another club's lockout, answered as one that does not exist
NOT_A_LINK = (404, "this link is not valid")
SCORING_IS_OVER = (410, "scoring is over")
EXPECTED: dict[str, dict[str, Any]] = {
    "table": {
        "enter": 201,
        "correct": 201,  # its own entry, of its current round, naming it
        "artificial": NOT_A_TABLES,
        "point score": NOT_A_TABLES,
        "resolve": NOT_THE_PHONES,
        "hand over": 200,  # to a phone at its own table: the table's confirmation
        "remove": NOT_THE_PHONES,
        "publish": NOT_THE_PHONES,
        "ask": NOT_A_LINK,
        "answer request": SCORING_IS_OVER,
        "send mail": SCORING_IS_OVER,
        "mail settings": NOT_THE_PHONES,
        "lift lockout": NOT_THE_PHONES,
    },
    "watcher": {
        "enter": 202,  # held for the director
        "correct": 202,
        "artificial": NOT_A_TABLES,
        "point score": NOT_A_TABLES,
        "resolve": NOT_THE_PHONES,
        "hand over": NOT_THE_PHONES,
        "remove": NOT_THE_PHONES,
        "publish": NOT_THE_PHONES,
        "ask": NOT_A_LINK,
        "answer request": SCORING_IS_OVER,
        "send mail": SCORING_IS_OVER,
        "mail settings": NOT_THE_PHONES,
        "lift lockout": NOT_THE_PHONES,
    },
    "other table": {
        "enter": ELSEWHERE,
        "correct": ELSEWHERE,
        "artificial": ELSEWHERE,
        "point score": ELSEWHERE,
        "resolve": NOT_THE_PHONES,
        "hand over": ELSEWHERE,
        "remove": NOT_THE_PHONES,
        "publish": NOT_THE_PHONES,
        "ask": NOT_A_LINK,
        "answer request": SCORING_IS_OVER,
        "send mail": SCORING_IS_OVER,
        "mail settings": NOT_THE_PHONES,  # the club's: a phone of any of its tables
        "lift lockout": NOT_THE_PHONES,
    },
    "scorer": {
        "enter": 201,
        "correct": 200,
        "artificial": (403, "a scorer cannot give an adjusted or assigned score at this club"),
        "point score": (403, "a scorer cannot assign a point score at this club"),
        "resolve": (403, "a scorer cannot settle a result kept for the director at this club"),
        "hand over": (403, "a scorer cannot hand a table's scoring to another phone"),
        "remove": (403, "a scorer cannot remove a phone at this club"),
        "publish": (403, "only a director can publish the results"),
        "ask": NOT_A_LINK,
        "answer request": (403, "only a director can answer a player's request for a correction"),
        "send mail": (403, "only a director can send the results by e-mail"),
        "mail settings": (403, "only a director can change the club's mail server"),
        "lift lockout": (403, "only a director can see and lift a lockout"),
    },
    "director": {
        "enter": 201,
        "correct": 200,
        "artificial": 201,
        "point score": 201,
        "resolve": 200,
        "hand over": 200,
        "remove": 200,
        "publish": 200,
        "ask": NOT_A_LINK,
        "answer request": 200,
        "send mail": 202,
        "mail settings": 200,
        "lift lockout": 200,
    },
    # another club's director changes their own club's mail server, never this one's
    "other club": {
        **dict.fromkeys(ACTIONS, NOT_SEEN),
        "ask": NOT_A_LINK,
        "mail settings": 200,
        "lift lockout": NOT_THEIRS,
    },
    "anonymous": {**dict.fromkeys(ACTIONS, LOG_IN), "ask": NOT_A_LINK},
    "player": {**dict.fromkeys(ACTIONS, NOT_A_PHONES_PASS), "ask": 201},
}


# --- one database per backend, shared by its cells ------------------------------------------------


# --- a scene: a fresh session, its phones, and what the action needs ---------------------------


def scene(world: World, action: str, role: str) -> Scene:
    session, codes = live_session(world.store, players=True)
    client = world.client()
    phones = joined(world, codes[0], codes[1])
    player = world.store.player("P1NS Q", club="Riverside").id
    found = Scene(
        session, phones, Requests(world.store).issue(session, player, "mail", datetime.now(UTC))
    )
    if action in PUBLISHED_FIRST:
        entered(world, "dana", session, contract="4S", declarer="N", tricks="=")
        world.store.publish(session, timedelta(minutes=60))
        if action == "send mail":  # a server nothing listens on: nobody has an address
            PlayersSide(world.store).set_smtp(
                SmtpSettings("127.0.0.1", 1, "none", "riverside@example.org"), club="Riverside"
            )
        if action == "answer request":
            asked = client.post(
                f"/ask/{found.player}.json", data={"board": "1", "reason": "one off"}
            )
            assert asked.status_code == 201, asked.text
            found.request = asked.json()["request"]["id"]
        return found
    if action == "correct":
        # a table corrects its own entry; a user corrects what the console entered
        if role in ("table", "watcher", "other table"):
            first = phone_result(world, found, "table", contract="4S", declarer="N", tricks="=")
        else:
            first = entered(world, "sam", session, contract="4S", declarer="N", tricks="=")
        assert first.status_code == 201, first.text
        found.entry = first.json()["entry"]["id"]
    elif action == "resolve":
        kept = phone_result(world, found, "watcher", contract="3NT", declarer="S", tricks="=")
        assert kept.status_code == 202, kept.text
        found.held = kept.json()["held"]["id"]
    elif action == "lift lockout":  # a user of the club failed to log in
        name = f"locked-{next(world.ids)}"
        world.store.add_user(name, password_hash(), "scorer", "Riverside")
        form = world.client()
        csrf = re.search(r'name="csrf" value="([^"]+)"', form.get("/login").text)
        assert csrf
        wrong = {"username": name, "password": "not it", "csrf": csrf.group(1)}
        assert form.post("/login.json", data=wrong).status_code == 401
        found.lockout = next(
            t.id for t in world.store.throttles("login", [f"user:{name}"]).values()
        )
    elif action == "publish":
        entered(world, "dana", session, contract="PASS")
    return found


def phone_result(world: World, at: Scene, who: str, **cells: Any) -> Any:
    body = {"client_id": f"cell-{next(world.ids):06d}", "board": 1, "round": 1, **cells}
    return world.client().post(
        "/t/api/results", json=body, headers={"authorization": f"Bearer {token(at, who)}"}
    )


def ask_as(world: World, at: Scene, role: str) -> Any:
    """Asking for a correction is a player's link: ``role`` puts its own pass or login in the
    link's place (nobody, a link made up)."""
    form = {"board": "1", "reason": "we went one off"}
    if role == "player":
        return world.client().post(f"/ask/{at.player}.json", data=form)
    if role in ("table", "watcher", "other table"):
        return world.client().post(f"/ask/{token(at, role)}.json", data=form)
    if role == "anonymous":
        return world.client().post("/ask/made-up-link.json", data=form)
    client, csrf = world.users[LOGINS[role]]
    login_token = client.cookies.get(auth.COOKIE)
    return client.post(f"/ask/{login_token}.json", data={"csrf": csrf, **form})


def act(world: World, at: Scene, role: str, action: str) -> Any:
    """The request ``role`` makes to do ``action`` in the scene."""
    s = f"/director/sessions/{at.session}"
    at.sender = f"results-{next(world.ids)}@example.org"
    if action == "ask":
        return ask_as(world, at, role)
    typed = {
        "enter": {"contract": "4S", "declarer": "N", "tricks": "="},
        "correct": {"contract": "4S", "declarer": "N", "tricks": "-1"},
        "artificial": {"contract": "A+/A-"},
        "point score": {"contract": "points +7600"},
    }
    if action in typed:
        if role in ("table", "watcher", "other table", "player"):
            extra = {"replaces": at.entry} if action == "correct" else {}
            return phone_result(world, at, role, table=1, **typed[action], **extra)
        if action == "correct":
            url, data = s + "/correct.json", {"line": LINE, "result": "4S N -1", "reason": "why"}
        else:
            url, data = s + "/results.json", {"board": 1, "round": 1, "table": 1, **typed[action]}
    else:
        watcher = at.phones["watcher"]["device"]
        url, data = {
            "resolve": (s + "/tables/resolve.json", {"id": at.held, "use": "table", "against": ""}),
            "hand over": (s + "/tables/handover.json", {"id": watcher}),
            "remove": (s + "/tables/remove.json", {"id": watcher, "confirm": "yes"}),
            "publish": (s + "/publish.json", {"minutes": "60"}),
            "answer request": (s + f"/requests/{at.request}/decline.json", {"words": "it stands"}),
            "send mail": (s + "/mail/send.json", {}),
            "mail settings": (
                "/director/mail.json",
                {"host": "127.0.0.1", "port": "1", "security": "none", "sender": at.sender},
            ),
            "lift lockout": ("/director/lockouts/lift.json", {"id": at.lockout}),
        }[action]
    return request_as(world, role, url, data, bearer=token(at, role))


@pytest.mark.parametrize(
    ("role", "action"), [(r, a) for r in ROLES for a in ACTIONS], ids=lambda x: x.replace(" ", "-")
)
def test_the_permission_table(world: World, role: str, action: str) -> None:
    at = scene(world, action, role)
    before = state(world.store, at.session)
    answer = act(world, at, role, action)
    after = state(world.store, at.session)
    if judged(answer, EXPECTED[role][action], before, after):
        assert after != before, "allowed, but nothing changed"
        effect(world.store, at, role, action)


def effect(store: Store, at: Scene, role: str, action: str) -> None:
    """What an allowed action did, as the log and the tables show it."""
    in_log = {r.entry_key for r in store.session_rows(at.session).results}
    history = [e.result for e in store.history(at.session, LINE)] if LINE in in_log else []
    if role == "watcher":  # held for the director: the line is as it was
        assert len(store.conflicts(at.session)) == 1
        assert history == (["4S N ="] if action == "correct" else [])
    elif action == "enter":
        assert history == ["4S N ="]
    elif action == "correct":
        assert history == ["4S N =", "4S N -1"]
    elif action == "artificial":
        assert history == ["A+/A-"]
    elif action == "point score":
        assert history == ["points +7600"]
    elif action == "resolve":
        assert history == ["3NT S ="]
        assert store.conflicts(at.session) == []
    elif action == "hand over":
        roles = {d.id: d.role for d in store.table_devices(at.session)}
        assert roles[at.phones["watcher"]["device"]] == "scorer"
        assert roles[at.phones["table"]["device"]] == "viewer"
    elif action == "remove":
        gone = [d for d in store.table_devices(at.session) if d.ended_at is not None]
        assert [d.id for d in gone] == [at.phones["watcher"]["device"]]
    elif action == "publish":
        assert store.live_info(at.session).status == "published"
    elif action == "ask":
        (asked,) = Requests(store).of_session(at.session)
        assert (asked.board, asked.status, asked.entry_key) == (1, "open", LINE)
        assert history == ["4S N ="]  # a request changes no result
    elif action == "answer request":
        (asked,) = Requests(store).of_session(at.session)
        assert (asked.status, asked.answer) == ("declined", "it stands")
        assert history == ["4S N ="]
    elif action == "send mail":
        assert [r.reason for r in MailRuns(store).runs(at.session)] == ["director"]
    elif action == "mail settings":
        club = "Hillside" if role == "other club" else "Riverside"
        other = "Riverside" if role == "other club" else "Hillside"
        changed = PlayersSide(store).smtp(club)
        assert changed is not None and changed.sender == at.sender
        untouched = PlayersSide(store).smtp(other)
        assert untouched is None or untouched.sender != at.sender
    elif action == "lift lockout":
        lifted = store.throttle(at.lockout or 0)
        assert lifted is not None and lifted.failures == 0 and lifted.lifted_by == "dana"


# --- what a club may grant ------------------------------------------------------------------------

GRANTED = [
    ("scorer", "artificial", Grant.RULINGS, 201),
    ("scorer", "point score", Grant.RULINGS, 201),
    ("scorer", "resolve", Grant.CONFLICTS, 200),
    ("scorer", "hand over", Grant.PHONES, 200),
    ("scorer", "remove", Grant.PHONES, 200),
    # a grant is the club's: it never reaches a phone, another club or nobody
    ("table", "artificial", Grant.RULINGS, NOT_A_TABLES),
    ("watcher", "hand over", Grant.PHONES, NOT_THE_PHONES),
    ("scorer", "publish", Grant.RULINGS, DIRECTORS),
    ("other club", "resolve", Grant.CONFLICTS, NOT_SEEN),
    ("anonymous", "remove", Grant.PHONES, LOG_IN),
]


@pytest.mark.parametrize(
    ("role", "action", "grant", "expected"),
    GRANTED,
    ids=[f"{r}-{a}-{g.value}".replace(" ", "-") for r, a, g, _ in GRANTED],
)
def test_what_the_club_grants(
    world: World, role: str, action: str, grant: Grant, expected: Any
) -> None:
    granted = user_post(world, "dana", "/director/club.json", **{grant.value: "on"})
    assert granted.status_code == 200, granted.text
    try:
        at = scene(world, action, role)
        before = state(world.store, at.session)
        answer = act(world, at, role, action)
        if judged(answer, expected, before, state(world.store, at.session)):
            effect(world.store, at, role, action)
    finally:
        assert user_post(world, "dana", "/director/club.json").status_code == 200


def test_tables_enter_not_played_only_when_the_club_says_so(world: World) -> None:
    at = scene(world, "enter", "table")
    refused = phone_result(world, at, "table", contract="NP")
    assert refused.status_code == 403
    assert "cannot enter a board as not played at this club" in refused.json()["error"]["message"]
    assert world.store.session_rows(at.session).results == ()
    state_ = world.client().get(
        "/t/api/state", headers={"authorization": f"Bearer {token(at, 'table')}"}
    )
    assert state_.json()["not_played"] is False
    assert (
        user_post(world, "dana", "/director/club.json", **{"not-played": "on"}).status_code == 200
    )
    try:
        again = phone_result(world, at, "table", contract="NP")
        assert again.status_code == 201 and again.json()["entry"]["result"] == "NP"
    finally:
        user_post(world, "dana", "/director/club.json")
    # only a director says what the club grants
    scorer = user_post(world, "sam", "/director/club.json", rulings="on")
    assert scorer.status_code == 403
    assert "only a director can change what the club grants" in scorer.json()["error"]["message"]
    assert world.store.grants(world.store.club_id("Riverside")) == frozenset()


def test_the_table_in_the_code_is_the_table_here() -> None:
    """The night's own table says what this file says, cell by cell (allowed, held, refused)."""
    from bridgescore.night import PERMISSIONS, Action, Role

    actions = {
        "enter": Action.ENTER,
        "correct": Action.CORRECT,
        "artificial": Action.ARTIFICIAL,
        "point score": Action.POINT_SCORE,
        "resolve": Action.RESOLVE,
        "hand over": Action.HAND_OVER,
        "remove": Action.REMOVE,
        "publish": Action.PUBLISH,
        "ask": Action.ASK_CORRECTION,
        "answer request": Action.ANSWER_REQUEST,
        "send mail": Action.SEND_MAIL,
        "mail settings": Action.MAIL_SETTINGS,
        "lift lockout": Action.LIFT_LOCKOUT,
    }
    grantable = {"artificial", "point score", "resolve", "hand over", "remove"}
    assert set(PERMISSIONS) == set(Role)
    written, in_code = {}, {}
    for role, row in EXPECTED.items():
        for action, expected in row.items():
            # a club's server is its own director's; a mail run started is allowed, not held
            asking = "director" if (role, action) == ("other club", "mail settings") else role
            said = table_says(expected, held=action != "send mail")
            if said == "refuse" and role == "scorer" and action in grantable:
                said = "grant"
            written[role, action] = said
            in_code[role, action] = code_says(asking, actions[action])
    assert in_code == written
