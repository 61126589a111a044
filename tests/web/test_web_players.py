"""The club's players in the console: a director erases one after a page that says what will
change (director only, CSRF), and every page then shows the pseudonym while no score changes;
a player changes their own publish setting by their pass, and every published page kind shows
it at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bridgescore.night import mail as night_mail
from bridgescore.night import players as night_players
from bridgescore.store import open_store
from bridgescore.store.mail import SmtpSettings
from bridgescore.store.outreach import PlayersSide
from bridgescore.web.app import create_app
from tests.web.players import (
    SENDER,
    Console,
    Sink,
    html_of,
    pass_for,
    played_night,
    player_id,
    text_of,
    wait_for,
)

NAME = "P1EW Q"  # pair 1 EW with R1EW S; has an address (p1ew@example.org)
PARTNER = "R1EW S"
PAGES = ["index", "recap", "board-1", "pair-1ew", "pair-1ns"]  # each names pair 1 EW


@pytest.fixture(name="web")
def web_fixture(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Console]:
    """The app writing the sites it publishes into ``tmp_path/published``."""
    monkeypatch.setattr(night_mail, "PAUSE", 0.0)
    store = open_store(str(tmp_path / "club.db"))
    try:
        yield Console(store, create_app(store, publish_folder=tmp_path / "published"))
    finally:
        store.close()


def _published(web: Console) -> int:
    """The night played, and published from the console: its site written out too."""
    session = played_night(web.store, publish=False)
    assert web.post(f"/director/sessions/{session}/publish.json", minutes="60").is_success
    return session


def _written(web: Console, session: int) -> str:
    folder = web.app.state.bridge.publish_folder / f"session-{session}"
    return "".join(p.read_text(errors="replace") for p in sorted(folder.iterdir()))


def _totals(web: Console, session: int) -> list[tuple[Any, ...]]:
    """Each ranked pair's label, place and exact totals, as the published rankings give them."""
    home = web.client().get(f"/results/{session}/index.json").json()
    return sorted(
        (f["field"], r["label"], r["place"], r["mp_exact"], r["max_exact"], r["percent_exact"])
        for f in home["fields"]
        for r in f["rankings"]
    )


def _mails_sent(web: Console, session: int, sink: Sink, runs: int) -> None:
    def finished() -> bool:
        data = web.get(f"/director/sessions/{session}/mail.json").json()
        ended = [r for r in data["runs"] if r["finished_at"] is not None]
        return data["under_way"] is None and len(ended) >= runs

    assert web.post(f"/director/sessions/{session}/mail/send.json").status_code == 202
    wait_for(finished)


def test_a_director_erases_a_player_and_no_score_changes(web: Console, sink: Sink) -> None:
    session = _published(web)
    assert NAME in _written(web, session)
    PlayersSide(web.store).set_smtp(
        SmtpSettings("127.0.0.1", sink.port, "none", SENDER), club="Riverside"
    )
    PlayersSide(web.store).set_email(PARTNER, "r1ew@example.org", club="Riverside")
    who = player_id(web.store, NAME)
    pseudonym = f"Player {who}"
    before = _totals(web, session)
    card_before = web.client().get(f"/results/{session}/pair-1ew.json").json()
    # the players' page lists them; a scorer may not see it, nobody logged in neither
    listing = web.get("/director/players.json").json()
    assert {p["name"]: p["email"] for p in listing["players"]}[NAME] == "p1ew@example.org"
    assert web.get("/director/players.json", who="scorer").status_code == 403
    assert web.client().get("/director/players.json").status_code == 401
    page = web.get(f"/director/players/{who}")
    assert page.status_code == 200 and f'action="/director/players/{who}/erase"' in page.text
    # asked once more, on a page naming what will happen; nothing changed by asking
    client, csrf = web.director
    asked = client.post(f"/director/players/{who}/erase", data={"csrf": csrf})
    assert asked.status_code == 200
    said = re.sub(r"\s+", " ", asked.text)
    assert f"Their name becomes “{pseudonym}”" in said
    assert "p1ew@example.org is deleted" in said
    assert f"{NAME} &amp; {PARTNER}" in said  # the pair name that holds theirs
    assert 'name="confirm" value="yes"' in said
    refused = web.post(f"/director/players/{who}/erase.json")
    assert refused.status_code == 422 and "confirm=yes" in refused.json()["error"]["message"]
    # director only, and a form of this site only
    assert (
        web.post(f"/director/players/{who}/erase.json", who="scorer", confirm="yes").status_code
        == 403
    )
    forged = client.post(f"/director/players/{who}/erase", data={"confirm": "yes"})
    assert forged.status_code == 403
    assert web.store.player(str(who)).name == NAME
    # another club's player is no player here
    assert web.get("/director/players/999999.json").status_code == 404
    # erased
    done = client.post(
        f"/director/players/{who}/erase",
        data={"csrf": csrf, "confirm": "yes"},
        follow_redirects=False,
    )
    assert (
        done.status_code == 303 and done.headers["location"] == f"/director/players/{who}?erased=1"
    )
    shown = web.get(done.headers["location"]).text
    assert pseudonym in shown and NAME not in shown
    again = web.post(f"/director/players/{who}/erase.json", confirm="yes")
    assert again.status_code == 409
    # who did it and when is kept
    chosen = PlayersSide(web.store).preferences(who)
    assert chosen.erased_at is not None and chosen.email is None
    # every published page kind shows the pseudonym; no total changes
    assert len(before) == 8 and _totals(web, session) == before
    for name in PAGES:
        for kind in ("html", "json"):
            text = web.client().get(f"/results/{session}/{name}.{kind}").text
            assert NAME not in text, f"{name}.{kind}"
            assert pseudonym in text, f"{name}.{kind}"
    written = _written(web, session)  # the site written on publishing, written again
    assert NAME not in written and pseudonym in written
    card = web.client().get(f"/results/{session}/pair-1ew.json").json()
    assert card["name"] == f"{pseudonym} & {PARTNER}"
    figures = ("board", "score", "mp_exact", "top_exact", "running_exact")
    assert [[b[k] for k in figures] for b in card["boards"]] == [
        [b[k] for k in figures] for b in card_before["boards"]
    ]
    assert (card["mp_exact"], card["percent_exact"], card["place"]) == ("4", "50", "1=")
    assert (card_before["mp_exact"], card_before["percent_exact"]) == ("4", "50")
    # the console's own pages too
    for url in (
        f"/director/sessions/{session}.json",
        f"/director/sessions/{session}/boards/1.json",
    ):
        text = web.get(url).text
        assert NAME not in text and pseudonym in text, url
    # the mail list: the erased player is mailed no more; the others' mails show the pseudonym
    due = web.get(f"/director/sessions/{session}/mail.json").json()["due"]
    assert "p1ew@example.org" not in {d["address"] for d in due}
    assert NAME not in web.get(f"/director/sessions/{session}/mail.json").text
    _mails_sent(web, session, sink, 1)
    assert sorted(m["To"] for m in sink.received) == [
        "p1ns@example.org",
        "p3ns@example.org",
        "r1ew@example.org",
    ]
    for mail in sink.received:
        assert NAME not in text_of(mail) and NAME not in html_of(mail)
    (partner,) = sink.to("r1ew@example.org")  # their pair, in the ranking of their field
    assert f"{pseudonym} & {PARTNER} <- you" in text_of(partner)


SHOWN = {"full": NAME, "initials": "P. Q.", "number": "No. 4711", "hidden": "name withheld"}


@pytest.mark.parametrize("publish", list(SHOWN))
def test_a_player_chooses_their_own_setting(web: Console, publish: str) -> None:
    session = _published(web)
    web.store.edit_player(NAME, ids={"club": "4711"}, club="Riverside")
    if publish == "full":  # from another setting back to the full name
        PlayersSide(web.store).set_publish(NAME, "hidden", club="Riverside")
    token = pass_for(web.store, session, NAME)
    page = web.client().get(f"/ask/{token}/name.json")
    assert page.status_code == 200, page.text
    data = page.json()
    assert {c["value"]: c["shown"] for c in data["choices"]} == SHOWN
    html = web.client().get(f"/ask/{token}/name")
    assert html.headers["cache-control"] == "no-store"
    assert html.headers["referrer-policy"] == "no-referrer"
    chose = web.client().post(
        f"/ask/{token}/name", data={"publish": publish}, follow_redirects=False
    )
    assert chose.status_code == 303
    assert "Saved" in web.client().get(chose.headers["location"]).text
    assert str(PlayersSide(web.store).preferences(player_id(web.store, NAME)).publish) == publish
    pair = f"{SHOWN[publish]} & {PARTNER}"
    for name in PAGES:
        as_json = web.client().get(f"/results/{session}/{name}.json").text
        as_html = web.client().get(f"/results/{session}/{name}.html").text
        assert pair in as_json and pair.replace("&", "&amp;") in as_html, name
        if publish != "full":
            assert NAME not in as_json and NAME not in as_html, name
    written = _written(web, session)
    assert pair in written and (publish == "full" or NAME not in written)


def test_bad_links_and_bounds(web: Console, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(night_players, "CHANGES", 2)
    session = played_night(web.store)
    token = pass_for(web.store, session, NAME)
    bad = web.client().get("/ask/not-a-pass/name")
    assert bad.status_code == 404 and "this link is not valid" in bad.text
    wrong = web.client().post(f"/ask/{token}/name.json", json={"publish": "everything"})
    assert wrong.status_code == 422
    assert "full name, initials, number only or not shown" in wrong.json()["error"]["message"]
    # changes per player are bounded (2 here)
    for _ in range(2):
        assert web.client().post(f"/ask/{token}/name.json", json={"publish": "initials"}).is_success
    third = web.client().post(f"/ask/{token}/name.json", json={"publish": "full"})
    assert third.status_code == 429 and "try again later" in third.json()["error"]["message"]
    # links that are not passes: the client is told to wait, as on the page for asking
    for _ in range(night_players.Tries().limit):
        web.client().get("/ask/guessed-token/name.json")
    slowed = web.client().get(f"/ask/{token}/name.json")
    assert slowed.status_code == 429
    # an erased player has no name left to choose
    web.app.state.ask_tries = None
    PlayersSide(web.store).erase(NAME, club="Riverside")
    erased = web.client().get(f"/ask/{token}/name.json")
    assert erased.status_code == 410 and "erased" in erased.json()["error"]["message"]


def test_who_may_erase_and_choose() -> None:
    """The permission table: a director erases, a scorer, a table or a player does not; a
    player chooses their own setting by their pass, and no one else by that action."""
    from bridgescore.night import Action, Role
    from bridgescore.night.permissions import cell

    assert cell(Role.DIRECTOR, Action.ERASE_PLAYER).name == "ALLOW"
    for role in Role:
        if role is not Role.DIRECTOR:
            assert cell(role, Action.ERASE_PLAYER).name == "REFUSE", role
        if role is not Role.PLAYER:
            assert cell(role, Action.CHOOSE_PUBLISH).name == "REFUSE", role
    assert cell(Role.PLAYER, Action.CHOOSE_PUBLISH).name == "ALLOW"


def test_the_page_to_ask_links_the_players_own_setting(web: Console) -> None:
    session = played_night(web.store)
    token = pass_for(web.store, session, NAME)
    page = web.client().get(f"/ask/{token}")
    assert f'href="/ask/{token}/name"' in page.text
