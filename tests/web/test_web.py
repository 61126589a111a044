"""``bridgescore serve`` in-process (Starlette's test client): logins, CSRF, the one error shape,
setting a session up, the traveller grid, watching, corrections and undo, publishing, and one
club's sessions hidden from another's users. The database is SQLite here; the store's side of
the club night runs on PostgreSQL too (tests/store/test_api.py), and a real server in
test_web_server.py."""

from __future__ import annotations

import io
import json
import warnings
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.store import Store, open_store
from bridgescore.web import auth
from bridgescore.web.app import create_app
from tests.helpers import PASSWORD
from tests.web.helpers import PLAYED, Console, enter, fill, new_session

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

SAMPLE = Path(__file__).resolve().parents[2] / "src/bridgescore/samples/club-night.csv"
SCRIPT = "<script>alert('x')</script>"


# --- logins, CSRF, the one error shape ----------------------------------------------------------


def director_urls(session: int) -> list[tuple[str, str]]:
    s = f"/director/sessions/{session}"
    return [
        ("GET", "/director"),
        ("GET", "/director.json"),
        ("GET", "/director/new"),
        ("GET", "/director/new.json"),
        ("POST", "/director/new"),
        ("GET", s),
        ("GET", s + ".json"),
        ("GET", s + "/boards/1"),
        ("GET", s + "/boards/1.json"),
        ("POST", s + "/check"),
        ("POST", s + "/results"),
        ("POST", s + "/results.json"),
        ("GET", s + "/history?line=|1|r1|t1"),
        ("POST", s + "/correct"),
        ("POST", s + "/undo"),
        ("POST", s + "/publish"),
        ("GET", s + "/export.zip"),
        ("GET", s + "/cards/tables.html"),
        ("GET", s + "/tables/1/rounds/1"),
        ("GET", s + "/tables/1/rounds/1.json"),
        ("POST", s + "/deals"),
        ("POST", s + "/deals.json"),
        ("POST", s + "/masterpoints"),
        ("GET", s + "/review"),
        ("POST", s + "/review/confirm"),
        ("GET", s + "/national"),
        ("GET", s + "/national.xml"),
        ("GET", "/director/club/masterpoints"),
        ("POST", "/director/club/masterpoints"),
        ("POST", "/logout"),
    ]


def test_every_director_url_refuses_anonymous_requests_and_wrong_csrf(store: Store) -> None:
    director = Console(store)
    session = new_session(director)
    anonymous = Console(store, user=None)
    for method, url in director_urls(session):
        answer = anonymous.client.request(method, url, follow_redirects=False)
        assert answer.status_code == 401, (method, url)
        as_json = anonymous.client.request(
            method, url, headers={"accept": "application/json"}, follow_redirects=False
        )
        assert as_json.json() == {"error": {"status": 401, "message": "log in first"}}
    # The real token with its last character changed (never to itself: a token ending in 0
    # would otherwise pass one time in sixteen).
    altered = director.csrf[:-1] + ("1" if director.csrf.endswith("0") else "0")
    for method, url in director_urls(session):
        if method != "POST":
            continue
        for token in ("", "forged", altered):
            answer = director.client.post(
                url, data={"csrf": token, "board": "1", "round": "1", "table": "1"}
            )
            assert answer.status_code == 403, (url, token)
            assert "did not come from this site" in answer.text
    # the forms' own token passes
    assert director.get(f"/director/sessions/{session}.json").status_code == 200


def test_login_failures_logout_and_a_cookie_that_no_longer_works(store: Store) -> None:
    console = Console(store, user=None)
    assert console.login("dana", "wrong password").status_code == 401
    assert console.login("nobody", PASSWORD).status_code == 401
    assert console.login("dana").status_code == 303
    cookie = console.client.cookies.get(auth.COOKIE)
    assert cookie and console.get("/director.json").status_code == 200
    set_cookie = console.client.get("/login").headers.get("set-cookie", "")
    assert "httponly" in set_cookie.lower() and "samesite=strict" in set_cookie.lower()
    assert console.post("/logout").status_code == 303
    stolen = TestClient(create_app(store), base_url="http://127.0.0.1")
    stolen.cookies.set(auth.COOKIE, cookie)
    assert stolen.get("/director.json").status_code == 401
    # the login form itself carries a token: a form posted from elsewhere is refused
    fresh = TestClient(create_app(store), base_url="http://127.0.0.1")
    answer = fresh.post("/login", data={"username": "dana", "password": PASSWORD, "csrf": "x"})
    assert answer.status_code == 403


def test_passwords_are_argon2_hashes(store: Store) -> None:
    user = store.user("dana")
    assert user is not None and user.password_hash.startswith("$argon2id$")
    assert PASSWORD not in user.password_hash


def test_one_error_shape_for_every_error(store: Store) -> None:
    console = Console(store)
    session = new_session(console)
    answers = [
        console.get("/no/such/page.json"),
        console.get("/director/sessions/999.json"),
        console.get(f"/director/sessions/{session}/boards/99.json"),
        console.client.put("/director.json"),
        console.client.post(f"/director/sessions/{session}/results.json", data={"csrf": "bad"}),
        console.post(f"/director/sessions/{session}/results.json", board=1, round=1),
        console.post(
            f"/director/sessions/{session}/results.json",
            board=1,
            round=1,
            table=1,
            contract="4Q",
            declarer="N",
            tricks="=",
        ),
    ]
    statuses = []
    for answer in answers:
        body = answer.json()
        assert set(body) == {"error"} and set(body["error"]) == {"status", "message"}
        assert body["error"]["status"] == answer.status_code
        assert isinstance(body["error"]["message"], str) and body["error"]["message"]
        statuses.append(answer.status_code)
    assert statuses == [404, 404, 404, 405, 403, 400, 422]
    page = console.get("/director/sessions/999")
    assert page.status_code == 404 and "no stored session with id 999" in page.text
    assert page.headers["content-type"].startswith("text/html")


# --- setting a session up -----------------------------------------------------------------------


def test_setting_up_a_session_from_the_movements_that_fit(store: Store) -> None:
    store.add_player("Gill", "Parry", {"club": "417"}, club="Riverside")
    console = Console(store)
    offered = console.get("/director/new.json", pairs=14, minutes=200).json()
    assert offered["movements"] and all("7 tables" in m["describe"] for m in offered["movements"])
    page = console.get("/director/new", pairs=14, minutes=200, movement=0, title="Tue")
    assert page.status_code == 200 and 'list="players"' in page.text and "Gill Parry" in page.text
    session = new_session(
        console,
        pairs=14,
        movement="Mitchell, 7 tables: 7 rounds x 3",
        p1NS_1="417",
        p1NS_2="Ann Lee",
        p1EW_1=SCRIPT,
        p1EW_2="Tom Hale",
    )
    watch = console.get(f"/director/sessions/{session}.json").json()
    assert watch["session"]["status"] == "live"
    assert watch["expected"] == 7 * 7 * 3 and watch["entered"] == 0
    grid = console.get(f"/director/sessions/{session}/boards/1.json").json()
    first = next(r for r in grid["rows"] if r["round"] == 1)
    assert first["ns_name"] == "Gill Parry & Ann Lee"
    assert first["ew_name"] == f"{SCRIPT} & Tom Hale"
    names = {f"{p.first_name} {p.last_name}" for p in store.players(club="Riverside")}
    assert {"Gill Parry", "Ann Lee", "Tom Hale"} <= names  # new players added on the spot
    html = console.get(f"/director/sessions/{session}/boards/1").text
    assert SCRIPT not in html and "&lt;script&gt;" in html
    cards = console.get(f"/director/sessions/{session}/cards/tables.html")
    assert cards.status_code == 200 and "Table" in cards.text


def test_a_club_number_nobody_has_is_refused_with_words(store: Store) -> None:
    console = Console(store)
    offered = console.get("/director/new.json", pairs=8, minutes=200).json()["movements"]
    answer = console.client.post(
        "/director/new.json",
        data={"csrf": console.csrf, "pairs": "8", "minutes": "200", "movement": "0", "p1_1": "999"},
        headers={"accept": "application/json"},
    )
    assert offered and answer.status_code == 422
    assert answer.json()["error"]["message"] == "no player has club number 999"


# --- the grid, watching, corrections ------------------------------------------------------------


def test_the_grid_checks_stores_once_and_scores_at_once(store: Store) -> None:
    console = Console(store, "sam")  # a scorer enters results
    session = new_session(Console(store))
    rows = console.get(f"/director/sessions/{session}/boards/1.json").json()["rows"]
    s = f"/director/sessions/{session}"
    checked = console.post(
        s + "/check.json",
        board=1,
        round=rows[0]["round"],
        table=rows[0]["table"],
        contract="4S",
        declarer="N",
        tricks="=",
    )
    assert checked.json() == {"result": "4S N =", "kind": "played", "ns_score": 420}
    for typed, words in [
        ({"contract": "4Q", "declarer": "N", "tricks": "="}, "not a result: '4Q'"),
        ({"contract": "4S", "declarer": "N", "tricks": "+4"}, "4S"),
        ({"contract": "4S", "declarer": "N"}, "how many tricks?"),
        ({"contract": "4S"}, "who declared?"),
        ({"contract": "A+/B"}, "not an artificial score: 'B'"),
    ]:
        answer = console.post(
            s + "/check.json", board=1, round=rows[0]["round"], table=rows[0]["table"], **typed
        )
        assert answer.status_code == 422 and words in answer.json()["error"]["message"], typed
    # an error in the grid shows in the row (htmx retargets the status cell)
    fragment = console.client.post(
        s + "/results",
        data={
            "csrf": console.csrf,
            "board": 1,
            "round": rows[0]["round"],
            "table": rows[0]["table"],
            "contract": "4Q",
            "declarer": "N",
            "tricks": "=",
        },
        headers={
            "hx-request": "true",
            "x-bridgescore-target": f"status-b1-r{rows[0]['round']}-t{rows[0]['table']}",
        },
    )
    assert fragment.status_code == 422 and "not a result: &#39;4Q&#39;" in fragment.text
    assert fragment.headers["hx-retarget"] == f"#status-b1-r{rows[0]['round']}-t{rows[0]['table']}"
    first = enter(
        console,
        session,
        1,
        rows[0],
        contract="4S",
        declarer="N",
        tricks="=",
        lead="HK",
        client_id="phone-1",
    )
    assert first.status_code == 201 and first.json()["stored"] is True
    assert first.json()["row"]["ns_score"] == 420
    again = enter(
        console, session, 1, rows[0], contract="4S", declarer="N", tricks="=", client_id="phone-1"
    )
    assert again.status_code == 200 and again.json()["stored"] is False
    assert again.json()["entry"]["id"] == first.json()["entry"]["id"]
    second = enter(console, session, 1, rows[1], contract="4S", declarer="N", tricks="-1")
    assert second.json()["row"]["ns_mp"] == 0 and second.json()["row"]["ew_mp"] == 2
    grid = console.get(f"/director/sessions/{session}/boards/1.json").json()
    assert grid["rows"][0]["ns_mp"] == 2 and grid["entered"] == 2
    # changing a stored row needs a reason
    changed = enter(console, session, 1, rows[0], contract="4S", declarer="N", tricks="+1")
    assert changed.status_code == 422 and "a change needs a reason" in changed.text
    # the row partial for the browser: stored, with its history link
    partial = console.client.post(
        s + "/results",
        data={
            "csrf": console.csrf,
            "board": 1,
            "round": rows[2]["round"],
            "table": rows[2]["table"],
            "contract": "PASS",
        },
        headers={"hx-request": "true"},
    )
    assert (
        partial.status_code == 200 and "just-stored" in partial.text and ">stored<" in partial.text
    )


def test_watch_corrections_history_and_undo(store: Store) -> None:
    console = Console(store)
    session = new_session(console)
    s = f"/director/sessions/{session}"
    before = console.get(s + ".json").json()
    assert before["missing"] and before["fewer"] and before["fields"] == []
    board1 = console.get(s + "/boards/1.json").json()["rows"]
    enter(console, session, 1, board1[0], contract="4S", declarer="N", tricks="=")
    partial = console.get(s + ".json").json()
    assert partial["entered"] == 1 and partial["fields"]  # provisional rankings already
    fill(console, session, PLAYED)
    done = console.get(s + ".json").json()
    assert done["missing"] == [] and done["fewer"] == [] and done["entered"] == done["expected"]
    assert all(f["checksum"]["ok"] for f in done["fields"])
    line = board1[0]["key"]
    refused = console.post(s + "/correct", line=line, result="4S N -1", reason="")
    assert refused.status_code == 422
    assert (
        console.post(s + "/correct", line=line, result="4S N -1", reason="wrong tricks").status_code
        == 303
    )
    assert (
        console.post(
            s + "/correct", line=line, result="60/40", assigned="on", reason="director's ruling"
        ).status_code
        == 303
    )
    history = console.get(s + "/history.json", line=line).json()["entries"]
    assert [e["result"] for e in history] == ["4S N =", "4S N -1", "60/40"]
    assert [e["reason"] for e in history] == ["entered", "wrong tricks", "director's ruling"]
    assert all(e["recorded_by"] == "dana" for e in history) and history[-1]["assigned"]
    assert console.post(s + "/undo", line=line).status_code == 303
    history = console.get(s + "/history.json", line=line).json()["entries"]
    assert history[-1]["result"] == "4S N -1" and history[-1]["current"]
    assert history[-1]["reason"].startswith("undo: back to '4S N -1'")
    page = console.get(s + "/history", line=line).text
    assert "wrong tricks" in page and "Undo the last change" in page


# --- publishing -----------------------------------------------------------------------------------


def _score_csv(csv_text: str, tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "travellers.csv"
    path.write_text(csv_text, encoding="utf-8")
    out = tmp_path / "scored.json"
    result = CliRunner().invoke(main, ["score", str(path), "--format", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return dict(json.loads(out.read_text(encoding="utf-8")))


def rankings_of(data: dict[str, Any]) -> list[list[tuple[Any, ...]]]:
    return [
        [
            (r["pair"], r["line"], r["rank"], r["place"], r["name"], r["mp_exact"], r["percent"])
            for r in f["rankings"]
        ]
        for f in data["fields"]
    ]


@pytest.mark.parametrize(
    "movement",
    [
        "Mitchell, 7 tables: 7 rounds x 3",
        "Mitchell, 7 tables, arrow-switched: 7 rounds x 3",
        "Howell",
    ],
)
def test_publishing_serves_the_report_pages_equal_to_score_of_the_csv(
    store: Store, tmp_path: Path, movement: str
) -> None:
    console = Console(store)
    session = new_session(console, pairs=14, movement=movement)
    described = console.get(f"/director/sessions/{session}.json").json()["session"]["movement"]
    assert described.startswith(movement.split(",")[0])
    assert ("arrow" in movement) == ("arrow-switched rounds" in described)
    fill(console, session, PLAYED)
    anonymous = Console(store, user=None)
    assert anonymous.get(f"/results/{session}/index.json").status_code == 404  # not yet
    assert console.post(f"/director/sessions/{session}/publish", minutes="10").status_code == 422
    assert console.post(f"/director/sessions/{session}/publish", minutes="45").status_code == 303
    published = anonymous.get(f"/results/{session}/index.json")
    assert published.status_code == 200
    expected = _score_csv(store.export(session, "csv"), tmp_path)
    assert rankings_of(published.json()) == rankings_of(expected)
    page = anonymous.get(f"/results/{session}/index.html")
    assert page.status_code == 200 and "Provisional until" in page.text
    for name in ("recap.html", "board-1.html", "board-1.json", "bridgescore.css"):
        assert anonymous.get(f"/results/{session}/{name}").status_code == 200, name
    card = published.json()["pages"]["cards"][0]
    assert anonymous.get(f"/results/{session}/{card}").status_code == 200
    assert anonymous.get("/index.json").json()["sessions"][0]["id"] == session
    archive = zipfile.ZipFile(
        io.BytesIO(console.get(f"/director/sessions/{session}/export.zip").content)
    )
    assert f"session-{session}/index.html" in archive.namelist()


def test_after_the_correction_period_a_change_needs_an_override(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    console = Console(store)
    session = new_session(console)
    fill(console, session, PLAYED)
    assert console.post(f"/director/sessions/{session}/publish", minutes="30").status_code == 303
    s = f"/director/sessions/{session}"
    line = console.get(s + "/boards/1.json").json()["rows"][0]["key"]
    assert (
        console.post(s + "/correct", line=line, result="4S N +1", reason="in time").status_code
        == 303
    )
    later = datetime.now(UTC) + timedelta(hours=1)
    import bridgescore.store.api as store_api

    monkeypatch.setattr(store_api, "utc_now", lambda: later)
    refused = console.post(s + "/correct", line=line, result="4S N -2", reason="late")
    assert refused.status_code == 422 and "explicit override" in refused.text
    assert (
        console.post(
            s + "/correct", line=line, result="4S N -2", reason="late", override="on"
        ).status_code
        == 303
    )
    history = console.get(s + "/history.json", line=line).json()["entries"]
    assert history[-1]["reason"] == "override after the correction period: late"


def test_a_user_cannot_see_another_clubs_sessions(store: Store) -> None:
    riverside = Console(store)
    session = new_session(riverside)
    hillside = Console(store, "other")
    for method, url in director_urls(session):
        if "/sessions/" not in url:
            continue
        answer = hillside.client.request(
            method,
            url,
            data={
                "csrf": hillside.csrf,
                "line": "|1|r1|t1",
                "board": "1",
                "round": "1",
                "table": "1",
                "contract": "PASS",
            },
            follow_redirects=False,
        )
        assert answer.status_code == 404, (method, url)
        assert f"no stored session with id {session}" in answer.text
    assert hillside.get("/director.json").json()["sessions"] == []


def test_published_results_are_all_an_anonymous_visitor_sees(store: Store) -> None:
    imported = store.import_file(SAMPLE, club="Riverside").session_id
    console = Console(store)
    live = new_session(console)
    anonymous = Console(store, user=None)
    listing = anonymous.get("/index.json").json()["sessions"]
    assert [s["id"] for s in listing] == [imported]
    assert anonymous.get(f"/results/{live}/index.json").status_code == 404
    assert anonymous.get("/").status_code == 200
    assert anonymous.get(f"/results/{imported}/").status_code == 303


# --- the commands ---------------------------------------------------------------------------------


def test_users_add_then_log_in(tmp_path: Path) -> None:
    db = str(tmp_path / "cli.db")
    runner = CliRunner()
    added = runner.invoke(
        main,
        [
            "users",
            "add",
            "ann",
            "--role",
            "director",
            "--club",
            "Riverside",
            "--password-stdin",
            "--db",
            db,
        ],
        input=PASSWORD + "\n",
    )
    assert added.exit_code == 0 and "added director 'ann' of 'Riverside'" in added.output
    short = runner.invoke(
        main, ["users", "add", "bob", "--password-stdin", "--db", db], input="short\n"
    )
    assert short.exit_code == 2 and "at least 8 characters" in short.output
    twice = runner.invoke(
        main, ["users", "add", "ann", "--password-stdin", "--db", db], input=PASSWORD + "\n"
    )
    assert twice.exit_code == 2 and "already a user named 'ann'" in twice.output
    # piped lines are not a terminal: no prompt reads them, the password option is named
    piped = runner.invoke(main, ["users", "add", "cy", "--db", db], input=PASSWORD + "\n" * 2)
    assert (piped.exit_code, piped.output) == (
        2,
        "bridgescore: users add: no terminal to ask the password at;"
        " give it on standard input with --password-stdin\n",
    )
    store = open_store(db)
    try:
        assert Console(store, "ann").get("/director.json").json()["club"] == "Riverside"
    finally:
        store.close()


def test_serve_refuses_several_workers_on_sqlite(tmp_path: Path) -> None:
    answer = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "x.db"), "--workers", "2"])
    assert answer.exit_code == 2 and "several workers need PostgreSQL" in answer.output


DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_pick_up_slips_and_hand_records(store: Store) -> None:
    console = Console(store)
    session = new_session(console, pairs=14, movement="Mitchell, 7 tables: 7 rounds x 3")
    s = f"/director/sessions/{session}"
    slip = console.get(s + "/tables/3/rounds/2.json").json()
    assert [r["board"] for r in slip["rows"]] and all(r["table"] == 3 for r in slip["rows"])
    assert slip["next"] == {"table": 3, "round": 3}
    for n, row in enumerate(slip["rows"]):
        answer = enter(console, session, row["board"], row, **PLAYED[0][n])
        assert answer.status_code == 201
    watch = console.get(s + ".json").json()
    assert all((m["round"], m["table"]) != (2, 3) for m in watch["missing"])
    page = console.get(s + "/tables/3/rounds/2")
    assert page.status_code == 200 and "Table 3, round 3 →" in page.text
    assert console.get(s + "/tables/9/rounds/2.json").status_code == 404
    pbn = "".join(f'[Board "{b}"]\n[Deal "{DEAL}"]\n\n' for b in (1, 2, 3, 99))
    answer = console.client.post(
        s + "/deals.json",
        data={"csrf": console.csrf},
        files={"hands": ("deals.pbn", pbn.encode(), "application/octet-stream")},
    )
    assert answer.status_code == 200 and answer.json()["boards"] == [1, 2, 3]
    assert answer.json()["notes"] == [
        "no deal for boards 4-21",
        "board 99 of the file not played in this session: left out",
    ]
    assert [b.deal for b in store.session_rows(session).boards][:4] == [DEAL, DEAL, DEAL, None]
    bad = console.client.post(
        s + "/deals.json",
        data={"csrf": console.csrf},
        files={"hands": ("deals.pbn", b'[Board "1"]\n[Deal "N:AKQ... ... ... ..."]\n', "x")},
    )
    assert bad.status_code == 422 and set(bad.json()) == {"error"}
    forged = console.client.post(
        s + "/deals.json", data={"csrf": "x"}, files={"hands": ("d.pbn", pbn.encode(), "x")}
    )
    assert forged.status_code == 403


def test_a_scorer_enters_but_does_not_set_up_or_publish(store: Store) -> None:
    session = new_session(Console(store))
    scorer = Console(store, "sam")
    assert scorer.get("/director/new.json", pairs=8).status_code == 403
    answer = scorer.post(f"/director/sessions/{session}/publish.json", minutes="60")
    assert answer.status_code == 403
    assert answer.json()["error"]["message"] == "only a director can publish the results"
    assert scorer.get(f"/director/sessions/{session}.json").status_code == 200


def test_publishing_also_writes_the_site_to_a_folder(store: Store, tmp_path: Path) -> None:
    console = Console(store)
    console.client = TestClient(
        create_app(store, publish_folder=tmp_path / "site"), base_url="http://127.0.0.1"
    )
    console.login("dana")
    session = new_session(console)
    fill(console, session, PLAYED)
    for _ in range(2):  # published again after a correction: the folder is replaced whole
        answer = console.post(f"/director/sessions/{session}/publish", minutes="60")
        assert answer.status_code == 303
    written = tmp_path / "site" / f"session-{session}"
    served = console.get(f"/results/{session}/index.json").json()
    assert json.loads((written / "index.json").read_text(encoding="utf-8")) == served
    assert sorted(p.name for p in (tmp_path / "site").iterdir()) == [f"session-{session}"]


def test_provisional_rankings_tell_8_mp_from_4_mp(store: Store) -> None:
    """Mid-session, a pair with 4 MP from two boards and one with 2 MP from one board are both
    at 100%: the provisional ranking puts the one with more boards behind it first, and shares
    a place only when percentage and matchpoints are both equal. Published, the rules rank."""
    from tests.night.helpers import live_session

    console = Console(store)
    session, _ = live_session(store, club="Riverside")
    s = f"/director/sessions/{session}"
    # The Mitchell's round 1: table 1 (NS 1 v EW 1) and table 4 (NS 4 v EW 4) play boards 1
    # and 2; table 2 (NS 2 v EW 2) plays boards 3 and 4, which table 4 plays in round 2.
    for board, round_, table, contract, tricks in (
        (1, 1, 1, "4S", "="),
        (1, 1, 4, "4S", "-1"),
        (2, 1, 1, "4S", "="),
        (2, 1, 4, "4S", "-1"),
        (3, 1, 2, "4S", "="),
        (3, 2, 4, "4S", "-1"),
    ):
        answer = console.post(
            s + "/results.json",
            board=board,
            round=round_,
            table=table,
            contract=contract,
            declarer="N",
            tricks=tricks,
        )
        assert answer.status_code == 201, answer.text
    ns = next(f for f in console.get(s + ".json").json()["fields"] if f["field"] == "NS")
    rows = {
        r["pair"]: (r["place"], r["mp_exact"], r["percent"], r["boards"]) for r in ns["rankings"]
    }
    assert rows[1] == ("1", "4", 100, 2) and rows[2] == ("2", "2", 100, 1)
    assert ns["provisional"] is True
    assert [r["pair"] for r in ns["rankings"]][:2] == [1, 2]
    page = console.get(s).text
    assert "at an equal percentage, by matchpoints" in page
    assert console.post(s + "/publish", minutes="60").status_code == 303
    published = next(
        f
        for f in console.get(f"/results/{session}/index.json").json()["fields"]
        if f["field"] == "NS"
    )
    places = {r["pair"]: r["place"] for r in published["rankings"]}
    assert places[1] == places[2] == "1="  # the rules' own ranking, by percentage alone
