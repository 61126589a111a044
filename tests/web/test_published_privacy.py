"""Each player's publish setting (full name, initials, number only, not shown) on every page
``bridgescore serve`` shows to players and passers-by -- the published rankings, recap sheet,
travellers, score cards and evenings and their JSON twins; a table's phone (the pairs' names, a
board's traveller); the site the console exports and the one it writes on publishing; a player's own
page for asking a correction -- while the director's console shows names as stored."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from bridgescore.store import open_store
from bridgescore.store.outreach import PlayersSide
from bridgescore.web.app import create_app
from tests.web.players import Console, pass_for, played_night

NAME = "P1EW Q"  # pair 1 EW, with R1EW S; they play table 1 in round 1
PARTNER = "R1EW S"
SHOWN = {
    "full": NAME,
    "initials": "P. Q.",
    "number": "No. 4711",  # the club number given below
    "hidden": "name withheld",
}
PAGES = ["index", "recap", "board-1", "pair-1ew", "pair-1ns", "pair-1ew-evening"]  # each names 1 EW


@pytest.mark.parametrize("publish", list(SHOWN))
def test_each_setting_on_every_page_kind(tmp_path: Path, publish: str) -> None:
    store = open_store(str(tmp_path / "club.db"))
    try:
        session = played_night(store, publish=False)
        store.edit_player(NAME, ids={"club": "4711"}, club="Riverside")
        PlayersSide(store).set_publish(NAME, publish, club="Riverside")
        folder = tmp_path / "published"
        web = Console(store, create_app(store, publish_folder=folder))
        shown = f"{SHOWN[publish]} & {PARTNER}"
        hiding = publish != "full"

        def check(text: str, where: str, escaped: bool = False) -> None:
            pair = shown.replace("&", "&amp;") if escaped else shown
            assert pair in text, where
            if hiding:
                assert NAME not in text, where

        # a table's phone while the session is played: the pairs' names and a traveller
        code = next(c for c in store.table_codes(session, [("", "1")]) if c.table == "1")
        joined = web.client().post("/t/api/join", json={"code": code.code}).json()
        bearer = {"authorization": f"Bearer {joined['token']}"}
        state = web.client().get("/t/api/state", headers=bearer)
        assert state.json()["rounds"][0]["ew"]["name"] == shown
        check(state.text, "the phone's state")
        traveller = web.client().get("/t/api/boards/1", headers=bearer)
        assert traveller.status_code == 200 and NAME not in traveller.text
        # a setting changed while the phone watches: its state is news to it
        tag = state.headers["etag"]
        assert (
            web.client().get("/t/api/state", headers={**bearer, "if-none-match": tag}).status_code
            == 304
        )
        PlayersSide(store).set_publish(NAME, publish, club="Riverside")
        again = web.client().get("/t/api/state", headers={**bearer, "if-none-match": tag})
        assert again.status_code == 200 and again.headers["etag"] != tag
        # the director's console shows names as stored
        watch = web.get(f"/director/sessions/{session}.json").json()
        names = {r["name"] for f in watch["fields"] for r in f["rankings"]}
        assert f"{NAME} & {PARTNER}" in names
        grid = web.get(f"/director/sessions/{session}/boards/1.json").json()
        assert f"{NAME} & {PARTNER}" in {r["ew_name"] for r in grid["rows"]}
        # published: every page and its JSON twin, the site written out and the one exported
        assert web.post(f"/director/sessions/{session}/publish.json", minutes="60").is_success
        for name in PAGES:
            check(web.client().get(f"/results/{session}/{name}.html").text, name, escaped=True)
            check(web.client().get(f"/results/{session}/{name}.json").text, f"{name}.json")
        home = web.client().get(f"/results/{session}/index.json").json()
        assert shown in {r["name"] for f in home["fields"] for r in f["rankings"]}
        written = folder / f"session-{session}"
        for name in PAGES:
            check((written / f"{name}.html").read_text(), f"written {name}", escaped=True)
            check((written / f"{name}.json").read_text(), f"written {name}.json")
        if hiding:
            for path in written.iterdir():
                assert NAME not in path.read_text(errors="replace"), path.name
        exported = web.get(f"/director/sessions/{session}/export.zip")
        with zipfile.ZipFile(io.BytesIO(exported.content)) as archive:
            for member in archive.namelist():
                text = archive.read(member).decode("utf-8", "replace")
                if member.endswith(("/pair-1ew.html", "/index.json")):
                    check(text, member, escaped=member.endswith(".html"))
                if hiding:
                    assert NAME not in text, member
        # the partner's own page for asking a correction
        own = web.client().get(f"/ask/{pass_for(store, session, PARTNER)}.json")
        assert own.json()["pair"]["name"] == shown
        check(web.client().get(f"/ask/{pass_for(store, session, PARTNER)}").text, "ask", True)
    finally:
        store.close()


def test_a_change_of_setting_shows_at_once(tmp_path: Path) -> None:
    """The published pages are scored once per setting: a player who hides their name after
    publishing is hidden on the next page asked for."""
    store = open_store(str(tmp_path / "club.db"))
    try:
        session = played_night(store)
        web = Console(store, create_app(store))
        first = web.client().get(f"/results/{session}/index.json").text
        assert NAME in first
        PlayersSide(store).set_publish(NAME, "hidden", club="Riverside")
        after = web.client().get(f"/results/{session}/index.json").text
        assert NAME not in after and f"name withheld & {PARTNER}" in after
        assert web.client().get(f"/results/{session}/index.json").text == after  # kept
    finally:
        store.close()
