"""A director's evening in the pseudo-locale, walked whole: signed in on the console, through
every page and state a director reaches (the sessions, a session's grid and its fragments, the
tables with a phone's held result and a call, the review, a player's request asked and
answered, the publishing, the players and their privacy, the mail, the club, a Swiss event,
each refusal, HTML and JSON), and a phone's every answer at its table (the page, joining, a
result refused, held or sent, a call, the traveller); then a teams session's console pages and
a Swiss event's table phone (joined by its card, its event's answer). Every text a reader sees
or hears (the text, title, aria-label, placeholder, alt, a button's value) and every sentence a
JSON answer gives to be shown is accented: a plain word is a message not passed through the
catalogues. Named data (people, the club, what was typed, codes, notation) is left alone."""

from __future__ import annotations

import functools
import json
import re
import warnings
from typing import Any

from bridgescore.languages import NAMES, PSEUDO
from bridgescore.store import Store
from bridgescore.store.outreach import PlayersSide
from tests.night.helpers import scanned
from tests.web.helpers import _WORD, Console, plain_words
from tests.web.players import pass_for, played_night, teams_night

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

# Quoted data in a sentence ('4S N -1', 'xx'), an address, a URL or a page's path: as typed.
_PATH = re.compile(r"(?<=[\s(])/[\w./-]+")
_QUOTED = re.compile(r"'[^']*'|\S+@\S+|https?://\S+|" + _PATH.pattern)
REFUSED = 400  # any refusal (4xx) will do where this is expected
_VALUE = re.compile(r'<input[^>]*type="(?:submit|button)"[^>]*value="([^"]*)"')


def _words(*texts: Any) -> set[str]:
    return {w for text in texts for w in _WORD.findall(str(text))}


def _plain(html: str, named: set[str]) -> set[str]:
    """A page's plain words: its text, its attributes read aloud and its buttons' values."""
    values = " ".join(_VALUE.findall(html))
    return plain_words(_PATH.sub("", html), named) | (_words(values) - named)


def _unquoted(named: set[str], *texts: str) -> set[str]:
    """The plain words of sentences, the data they quote left out."""
    return _words(*(_QUOTED.sub("", text) for text in texts)) - named


def _sentence(answer: Any, named: set[str]) -> set[str]:
    """The plain words of a JSON refusal's sentence, the data it quotes left out."""
    return _unquoted(named, answer.json().get("error", {}).get("message", ""))


def _look(problems: list[str], named: set[str], url: str, answer: Any, *statuses: int) -> None:
    """``answer`` (to ``url``) has one of ``statuses`` (200 by default; REFUSED: any 4xx), and
    each plain word it shows, HTML or a JSON refusal's sentence, is added to ``problems``."""
    expected = statuses or (200,)
    refused = REFUSED in expected and 400 <= answer.status_code < 500
    assert refused or answer.status_code in expected, (url, answer.status_code, answer.text)
    if answer.headers.get("content-type", "").startswith("application/json"):
        if left := _sentence(answer, named):
            problems.append(f"{url} (JSON): {sorted(left)}")
        return
    if left := _plain(answer.text, named):
        problems.append(f"{url}: {sorted(left)}")


def test_a_directors_evening_and_the_phones_show_no_plain_word(store: Store) -> None:
    store.set_setting("language", PSEUDO)  # only the database takes the pseudo-locale
    session = played_night(store, publish=False)
    console = Console(store)
    base = f"/director/sessions/{session}"
    codes = {t["table"]: t["code"] for t in console.get(f"{base}/tables.json").json()["tables"]}
    people = [p["name"] for p in console.get("/director/players.json").json()["players"]]
    watched = console.get(f"{base}.json").json()
    formats = watched["hand_records"]["formats"]
    setup = console.get("/director/new.json", pairs=8, minutes=200).json()
    swiss = console.post(
        "/director/swiss", kind="teams", title="Autumn", teams="4", rounds="3", boards="2"
    )
    assert swiss.status_code == 303, swiss.text
    console.post("/director/swiss/1/draw", round="1")
    seats = console.get("/director/swiss/1/rounds/1.json").json()["matches"]
    named = _words(
        "dana sam Riverside Hillside bridgescore Tuesday http https JSON CSV PBN XML",
        *people,
        *codes.values(),
        *(c[:3] + " " + c[3:] for c in codes.values()),
        *NAMES.values(),
        "NS EW",  # sides as typed
        "smtp.example.org results@example.org example org",
        "bridgescore mail address",
        "p1ns@example.org p1ew@example.org p3ns@example.org",  # the players' addresses
        "NT PASS UTC",  # notation; the time zone of the console's times
        "setter testclient",  # the user who entered the night; the test client's address
        *(f"{f['kind']} {f['kind'].upper()} {f['extension']}" for f in formats),
        *setup["rule_sets"],
        *(c["name"] for c in watched["masterpoints"]["choices"]),  # abf:green, as typed
        *(s["code"] for m in seats for s in m["seats"]),
        "Autumn",
        # what the player and the director typed
        "We beat it one off Confirmed Checked with the players Typed by the table",
        "Player",  # an erased player's stand-in in the database ("Player 9"), as stored
        "kB",  # a unit
        # the federations by their own names, and a command as typed on the national page
        "English Bridge Union Australian Bridge Federation New Zealand",
        "players add id NUMBER",
    )
    problems: list[str] = []
    look = functools.partial(_look, problems, named)

    # --- the phones at the tables: joining, a result sent, held, refused, a call -----------------
    phone = TestClient(console.client.app, base_url="http://127.0.0.1")
    german = {"accept-language": "de-DE"}  # none of ours: the club's language
    shell = phone.get("/t/", headers=german)
    look("/t/", shell)
    found = re.search(r'<script id="messages" type="application/json">(.*?)</script>', shell.text)
    assert found
    for message, said in json.loads(found.group(1)).items():
        if left := _words(re.sub(r"%\(\w+\)s", "", said)):
            problems.append(f"/t/ message {message!r}: {sorted(left)}")
    look("/t/api/join", phone.post("/t/api/join", json={"code": "", "card": ""}), REFUSED)
    look("/t/api/join", phone.post("/t/api/join", json={"code": "ZZZZZZ", "card": ""}), REFUSED)
    code = codes["1"]
    joined = phone.post("/t/api/join", json={"code": code, "card": scanned(store, code)["card"]})
    assert joined.status_code == 201, joined.text
    auth = {"authorization": f"Bearer {joined.json()['token']}", **german}
    sent = phone.post(
        "/t/api/results",
        json={"client_id": "phone-1-a", "board": 1, "round": 1, "contract": "5Z", "declarer": "N"},
        headers=auth,
    )
    look("/t/api/results (refused)", sent, REFUSED)
    held = phone.post(
        "/t/api/results",
        json={
            "client_id": "phone-1-b",
            "board": 1,
            "round": 1,
            "contract": "4S",
            "declarer": "N",
            "tricks": "-1",
        },
        headers=auth,
    )
    assert held.status_code == 202, held.text
    if left := _unquoted(named, held.json()["held"]["reason"]):
        problems.append(f"/t/api/results (held): {sorted(left)}")
    for conflict in phone.get("/t/api/state", headers=auth).json()["conflicts"]:
        if left := _unquoted(named, conflict["reason"]):
            problems.append(f"/t/api/state conflict: {sorted(left)}")
    assert phone.post("/t/api/call", json={}, headers=auth).status_code in (200, 201)
    look("/t/api/boards/99", phone.get("/t/api/boards/99", headers=auth), REFUSED)
    look("/t/api/state (no pass)", phone.get("/t/api/state", headers=german), REFUSED)

    # --- the console: every page a director reaches in the evening ------------------------------
    row = console.get(f"{base}/boards/1.json").json()["rows"][0]
    player = console.get("/director/players.json").json()["players"][0]["id"]
    for url in [
        "/director",
        "/director/new?pairs=8&minutes=200&movement=0",
        base,
        f"{base}/boards/1",
        f"{base}/tables/1/rounds/1",
        f"{base}/history?line={row['key']}",
        f"{base}/tables",
        f"{base}/tables/cards",
        f"{base}/review",
        f"{base}/requests",
        f"{base}/mail",
        f"{base}/national",
        "/director/club",
        "/director/club/masterpoints",
        "/director/mail",
        "/director/players",
        f"/director/players/{player}",
        "/director/ladder",
        "/director/lockouts",
        "/director/swiss",
        "/director/swiss/1",
        "/director/swiss/1/rounds/1",
    ]:
        look(url, console.get(url))
    # a phone's removal asked to confirm, the grid's row stored through htmx and refused
    tables = console.get(f"{base}/tables.json").json()["tables"]
    device = next(d["id"] for t in tables for d in t["devices"])
    look("remove", console.post(f"{base}/tables/remove", id=str(device)))
    htmx = {"hx-request": "true", "x-bridgescore-target": "status"}
    cells = {"board": "1", "round": str(row["round"]), "table": str(row["table"])}
    stored = console.client.post(
        f"{base}/results",
        data={"csrf": console.csrf, **cells, "contract": "3NT", "declarer": "S", "tricks": "+1"},
        headers=htmx,
    )
    look("results (htmx)", stored, 200, 201, REFUSED)
    refused = console.client.post(
        f"{base}/results", data={"csrf": console.csrf, **cells, "contract": "9Q"}, headers=htmx
    )
    look("results (htmx, refused)", refused, 200, REFUSED)
    checked = console.client.post(
        f"{base}/check",
        data={"csrf": console.csrf, **cells, "contract": "4S", "declarer": "N", "tricks": "="},
        headers=htmx,
    )
    look("check (htmx)", checked)
    # an entry that looks wrong, confirmed on the review
    corrected = console.post(
        f"{base}/correct", line="|3|r2|t1", result="650", reason="Typed by the table"
    )
    assert corrected.status_code == 303, corrected.text
    look(f"{base}/review", console.get(f"{base}/review"))
    flagged = console.get(f"{base}/review.json").json()["found"]
    assert flagged, "no entry looks wrong"
    # publishing with it not confirmed asks once more
    look("publish (asked)", console.post(f"{base}/publish", minutes="60"), 409)
    look("publish (asked, json)", console.post(f"{base}/publish.json", minutes="60"), 409)
    confirmed = console.post(
        f"{base}/review/confirm",
        line=flagged[0]["line"],
        kind=flagged[0]["kind"],
        entry=str(flagged[0].get("entry") or ""),
        note="Checked with the players",
    )
    assert confirmed.status_code in (200, 303), confirmed.text
    superscript = console.post(  # "²" is a digit to Python, not a number here: refused, no 500
        f"{base}/review/confirm.json", line=flagged[0]["line"], kind="outlier", entry="²"
    )
    look("confirm (an entry '²')", superscript, REFUSED)
    look(f"{base}/review", console.get(f"{base}/review"))
    look(f"{base}/history?line=|3|r2|t1", console.get(f"{base}/history?line=|3|r2|t1"))
    # a second phone at table 1 given the scoring, then removed; the first, now watching,
    # sends a result (held); the director settles the first held result and answers the call
    second = phone.post("/t/api/join", json={"code": code, "card": scanned(store, code)["card"]})
    assert second.status_code == 201, second.text
    handed = console.post(f"{base}/tables/handover", id=str(second.json()["device"]))
    assert handed.status_code == 303, handed.text
    watching = phone.post(
        "/t/api/results",
        json={
            "client_id": "phone-1-c",
            "board": 2,
            "round": 1,
            "contract": "3NT",
            "declarer": "S",
            "tricks": "=",
        },
        headers=auth,
    )
    assert watching.status_code == 202, watching.text
    if left := _unquoted(named, watching.json()["held"]["reason"]):
        problems.append(f"/t/api/results (held, watching): {sorted(left)}")
    removed = console.post(f"{base}/tables/remove", id=str(second.json()["device"]), confirm="yes")
    assert removed.status_code == 303, removed.text
    conflicts = console.get(f"{base}/tables.json").json()["conflicts"]
    settled = console.post(f"{base}/tables/resolve", id=str(conflicts[0]["id"]), use="table")
    assert settled.status_code == 303, settled.text
    calls = console.get(f"{base}/tables.json").json()["calls"]
    assert console.post(f"{base}/tables/answer", id=str(calls[0]["id"])).status_code == 303
    look(f"{base}/tables", console.get(f"{base}/tables"))
    look(f"{base}/history?line=|1|r1|t1", console.get(f"{base}/history?line=|1|r1|t1"))
    look(base, console.get(base))
    checked = phone.post(
        "/t/api/check",
        json={"board": 1, "round": 1, "contract": "4S", "declarer": "N", "tricks": "="},
        headers=auth,
    )
    look("/t/api/check", checked, 200, REFUSED)
    # masterpoints awarded on the provisional ranking, then with an ACBL scheme's strata
    for scheme in ("abf:green", "acbl:club"):
        chose = console.post(f"{base}/masterpoints", scheme=scheme)
        assert chose.status_code == 303, chose.text
        look(f"{base} ({scheme})", console.get(base))
    # publishing, then a player's request asked and answered
    published = console.post(f"{base}/publish", minutes="60")
    assert published.status_code in (200, 303), published.text
    look(base, console.get(base))
    PlayersSide(store).set_email("P1EW Q", "p1ew@example.org", club="Riverside")
    token = pass_for(store, session, "P1EW Q")
    player_page = TestClient(console.client.app, base_url="http://127.0.0.1")
    look("/ask", player_page.get(f"/ask/{token}"))
    look("/ask/name", player_page.get(f"/ask/{token}/name"))
    asked = player_page.post(
        f"/ask/{token}.json", data={"board": "1", "reason": "We beat it: one off"}
    )
    assert asked.status_code == 201, asked.text
    look(f"{base}/requests", console.get(f"{base}/requests"))
    look(base, console.get(base))
    which = asked.json()["request"]["id"]
    look(
        "decline (no reason)",
        console.client.post(
            f"{base}/requests/{which}/decline.json", data={"csrf": console.csrf, "words": " "}
        ),
        422,
    )
    console.post(f"{base}/requests/{which}/accept", result="4S N -1", words="Confirmed")
    look(f"{base}/requests", console.get(f"{base}/requests"))
    look("/ask", player_page.get(f"/ask/{token}"))
    look(f"/results/{session}/", console.client.get(f"/results/{session}/"))
    look(f"{base}/national", console.get(f"{base}/national"))
    look(f"{base}/mail", console.get(f"{base}/mail"))
    late = phone.post(
        "/t/api/results",
        json={"client_id": "phone-1-d", "board": 1, "round": 1, "contract": "PASS"},
        headers=auth,
    )
    look("/t/api/results (published)", late, 202, REFUSED)
    look("erase", console.post(f"/director/players/{player}/erase"), 200, REFUSED)

    # --- refusals: a page not found, not allowed, a form refused, a forged form -----------------
    look("404", console.get("/director/sessions/99999"), REFUSED)
    look("404 (json)", console.get("/director/sessions/99999.json"), REFUSED)
    look("404 (no page)", console.get("/director/nothing-here"), REFUSED)
    scorer = Console(store, "sam")
    look("403", scorer.get("/director/club/masterpoints"), REFUSED, 200)
    look("403 (json)", scorer.post("/director/club/language.json", language="fr"), REFUSED)
    look("403 (forged)", console.client.post("/director/club/language", data={}), REFUSED)
    look("422", console.post("/director/new", title="", pairs="1"), REFUSED)
    look("422 (json)", console.post("/director/new.json", title="", pairs="1"), REFUSED)
    look("405", console.get(f"{base}/publish"), REFUSED)
    look("405 (json)", console.client.get(f"{base}/publish.json"), REFUSED)
    huge = console.client.post(
        f"{base}/correct", content=b"x" * 3_000_000, headers={"content-type": "text/plain"}
    )
    look("413", huge, REFUSED)
    anonymous = TestClient(console.client.app, base_url="http://127.0.0.1")
    look("/login", anonymous.get("/login"))
    look("401", anonymous.get("/director", follow_redirects=False), 200, 303, 401)
    wrong = anonymous.post("/login", data={"username": "dana", "password": "x", "csrf": "x"})
    look("login refused", wrong, 400, REFUSED)

    assert not problems, "\n".join(problems)


_CODES = {"kind", "word", "next"}  # a Swiss answer's codes: the phone reads them, never shows


def _strings(value: Any) -> list[str]:
    """The text a JSON answer carries to be shown (its codes left out)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in _CODES for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_a_teams_session_and_a_swiss_tables_phone_show_no_plain_word(store: Store) -> None:
    store.set_setting("language", PSEUDO)  # only the database takes the pseudo-locale
    session = teams_night(store)
    console = Console(store)
    base = f"/director/sessions/{session}"
    watched = console.get(f"{base}.json").json()
    people = [p["name"] for p in console.get("/director/players.json").json()["players"]]
    swiss = console.post(
        "/director/swiss", kind="teams", title="Autumn", teams="4", rounds="3", boards="2"
    )
    assert swiss.status_code == 303, swiss.text
    console.post("/director/swiss/1/draw", round="1")
    seats = [s for m in console.get("/director/swiss/1/rounds/1.json").json()["matches"]
             for s in m["seats"]]  # fmt: skip
    teams = [t["name"] for t in console.get("/director/swiss/1.json").json()["teams"]]
    named = _words(
        "dana Riverside bridgescore http https JSON CSV PBN XML NS EW NT PASS UTC setter",
        "ann@example.org example org Autumn kB",
        "Teams evening test",  # the session's title; the hand records' file (test.pbn)
        "English Bridge Union Australian Bridge Federation New Zealand ebu",  # by their names
        *people,
        *teams,
        *(s["code"] for s in seats),
        *(c[:3] + " " + c[3:] for s in seats for c in [s["code"]]),
        *NAMES.values(),
        *(
            f"{f['kind']} {f['kind'].upper()} {f['extension']}"
            for f in watched["hand_records"]["formats"]
        ),
        *(c["name"] for c in watched["masterpoints"]["choices"]),
    )
    problems: list[str] = []
    look = functools.partial(_look, problems, named)

    # --- a teams session's console pages (imported, published, with its deals) ------------------
    for url in [
        base,
        f"{base}/boards/1",
        f"{base}/boards/2",
        f"{base}/review",
        f"{base}/requests",
        f"{base}/mail",
        f"{base}/national",
    ]:
        look(url, console.get(url))
    look(f"/results/{session}/", console.client.get(f"/results/{session}/"))

    # --- a Swiss event's table phone: joined by its table card, its event shown -----------------
    phone = TestClient(console.client.app, base_url="http://127.0.0.1")
    german = {"accept-language": "de-DE"}  # none of ours: the club's language
    look("/t/api/swiss (no pass)", phone.get("/t/api/swiss", headers=german), REFUSED)
    seat = seats[0]
    joined = phone.post("/t/api/join", json={"code": seat["code"], "card": seat["card"]})
    assert joined.status_code == 201, joined.text
    auth = {"authorization": f"Bearer {joined.json()['token']}", **german}
    shown = phone.get("/t/api/swiss", headers=auth)
    look("/t/api/swiss", shown)
    # what the phone shows of it: names, notation and figures, no sentence of ours left English
    left = _unquoted(named, *_strings(shown.json()))
    if left:
        problems.append(f"/t/api/swiss: {sorted(left)}")
    assert not problems, "\n".join(problems)
