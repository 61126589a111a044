"""A table's phone in its browser's language, in Debian's Chromium on a real ``bridgescore
serve``: the join screen and a result entered from the round to the board's traveller, in French
(the browser's locale) while the club speaks English, and in the pseudo-locale (the club's, for a
browser naming none of our languages), where no screen shows a plain word but named data."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tools.servers import serving

from bridgescore.languages import PSEUDO
from bridgescore.night import Service
from bridgescore.store import open_store
from tests.night.helpers import enter, live_session, scanned, user
from tests.web.server import prepare

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written

# What a phone's screens show that is no message: the event's title and the pairs' names
# (live_session's: "P2NS Q"), a pair's line ("2 NS"), the table's code, "bridgescore",
# contract and card notation; "setter", the user who entered a result before the table.
_NAMED = re.compile(
    r"^(Tuesday|bridgescore|setter|NS|EW|[A-Z]\d+(NS|EW)|[A-Z0-9]{6}|\d+[SHDCN]?T?)$"
)
# The text and the attributes a reader sees or hears on the page; but the traveller's words on
# why a score has its matchpoints, which are the rules core's explanations (bridgescore.
# explanation, translated with the results site).
_SHOWN = """() => {
  const why = [...document.querySelectorAll(".why")];
  why.forEach((el) => { el.hidden = true; });
  const texts = [document.body.innerText, document.title];
  why.forEach((el) => { el.hidden = false; });
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
    }
  }
  return texts.join("\\n");
}"""


@dataclass
class Night:
    db: str
    codes: list[str]  # each table's address as its card's QR code gives it


@pytest.fixture(name="night")
def night_fixture(tmp_path: Path) -> Iterator[Night]:
    db = str(tmp_path / "club.db")
    prepare(db)
    store = open_store(db)
    try:
        _session, codes = live_session(store, players=True)
        codes = [f"{c}#{scanned(store, c)['card']}" for c in codes]
    finally:
        store.close()
    yield Night(db, codes)


def plain_words(page: Page) -> set[str]:
    shown: str = page.evaluate(_SHOWN)
    return {w for w in re.findall(r"[A-Za-z0-9]{2,}", shown) if re.search(r"[A-Za-z]{2}", w)} - {
        w for w in re.findall(r"[A-Za-z0-9]{2,}", shown) if _NAMED.match(w)
    }


def enter_a_result(page: Page, look: dict[str, set[str]]) -> None:
    """From the round screen to the board's traveller: 4♠ by North, lead ♥K, made; ``look``
    gathers each screen's plain words."""

    def screen(name: str) -> None:
        page.wait_for_selector(f"main[data-screen='{name}']", timeout=15_000)

    def seen(name: str) -> None:
        look[name] = plain_words(page)

    screen("round")
    seen("round")
    page.click("[data-action=confirmRound]")
    screen("boards")
    seen("boards")
    board = page.evaluate("ui.state.rounds[0].boards[0].board")
    page.click(f"[data-action=pickBoard][data-board='{board}']")
    screen("entry")
    page.click("[data-action=level][data-value='4']")
    page.click("[data-action=strain][data-value='S']")
    seen("contract")
    page.click("[data-action=toDeclarer]")
    seen("declarer")
    page.click("[data-action=declarer][data-value='N']")
    page.click("[data-action=leadSuit][data-value='H']")
    seen("lead")
    page.click("[data-action=leadRank][data-value='K']")
    page.wait_for_selector("[data-action=tricks]")
    seen("tricks")
    page.click("[data-action=tricks][data-value='=']")
    seen("summary")
    page.click("[data-action=toAgree]")
    seen("opponents")
    page.click("[data-action=agree]")
    screen("sent")
    page.wait_for_selector("main[data-screen='sent'] table")
    seen("traveller")


def test_a_phone_in_french_while_the_club_speaks_english(browser: Browser, night: Night) -> None:
    with serving(night.db) as (_, base):
        context = browser.new_context(viewport={"width": 360, "height": 800}, locale="fr-FR")
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        try:
            page.goto(f"{base}/t/")
            page.wait_for_selector("[data-action=join]")
            assert page.get_attribute("html", "lang") == "fr"
            assert page.inner_text("main h2") == "Rejoignez votre table"
            assert page.inner_text("[data-action=join]") == "Rejoindre la table"
            page.goto(f"{base}/t/{night.codes[0]}")
            page.wait_for_selector("main[data-screen='round']")
            assert page.inner_text("main h2").startswith("Est-ce la table 1, tour 1")
            page.click("[data-action=confirmRound]")
            page.wait_for_selector("main[data-screen='boards']")
            assert "Donne 1" in page.inner_text("main")
            assert page.inner_text("#call") == "Appeler l’arbitre"
            page.click("[data-action=pickBoard][data-board='1']")
            page.wait_for_selector("main[data-screen='entry']")
            assert page.inner_text("main h3") == "Contrat"
            hearts = page.get_attribute("[data-action=strain][data-value='H']", "aria-label")
            assert hearts == "cœur"
            page.click("[data-action=level][data-value='3']")
            page.click("[data-action=strain][data-value='N']")
            page.click("[data-action=toDeclarer]")
            assert "Qui a joué 3SA" in page.inner_text("main h3")
            page.click("[data-action=declarer][data-value='S']")
            assert page.inner_text("main h3") == "Entame par Ouest"
            page.click("[data-action=leadSuit][data-value='H']")
            king = "[data-action=leadRank][data-value='K']"
            assert page.inner_text(king) == "R"  # the French letters of the honours
            page.click(king)
            page.click("[data-action=tricks][data-value='+1']")
            summary = page.inner_text("main")
            assert "3SA par Sud, +1, entame ♥R" in summary and "Nord-Sud +430" in summary
            page.click("[data-action=toAgree]")
            assert "Est-Ouest, vérifiez s’il vous plaît" in page.inner_text("main")
            page.click("[data-action=agree]")
            page.wait_for_selector("main[data-screen='sent'] table")
            assert "Donne 1 jusqu’ici (provisoire, top" in page.inner_text("main")
            # a traveller's matchpoints as the server sends them, with the French decimal comma
            board = page.evaluate(_SENT_SCREEN, _TRAVELLER)
            assert "<td>2,40</td><td>1,60</td>" in board and "(provisoire, top 4)" in board, board
            assert "Tous les résultats saisis ici ont été envoyés." in page.inner_text("#status")
            # a Swiss match's figures, as /t/api/swiss writes them, in the French form
            card = page.evaluate(_SWISS_CARD, _SWISS_MATCH)
            assert "IMP 12,50–3" in card and "PV 14,71–5,29" in card, card
            assert "12,50 pour Équipe 1" in card, card
            assert errors == []
        finally:
            context.close()


# A complete match at a Swiss teams event as the server gives it to a table's phone
# (web.swiss.table_data): its figures are written with a decimal point.
_SWISS_MATCH = {
    "round": 1,
    "match": 1,
    "room": 1,
    "other_table": 2,
    "home": {"number": 1, "name": None},
    "away": {"number": 4, "name": None},
    "entered": [1, 1],
    "complete": True,
    "score_text": "12.50–3",
    "vps_text": "14.71–5.29",
    "boards": [
        {
            "board": 1,
            "results": ["4S N =", "4S N -1"],
            "compared": True,
            "won": {"team": 1, "imps": "12.50"},
        }
    ],
}
# A board's traveller as the server sends it to a table's phone (web.phone.traveller): an
# average plus and minus at this table, the figures rounded and written with a decimal point.
_TRAVELLER = {
    "board": 1,
    "top": "4",
    "section": "",
    "results": [
        {"round": 1, "table": "2", "ns": 2, "ew": 2, "result": "A+/A-", "ns_score": None,
         "ns_points": "2.40", "ew_points": "1.60", "this_table": True, "why": None},
    ],
    "dealer": "N",
    "vulnerability": "None",
    "hands": None,
    "double_dummy": None,
}  # fmt: skip
# The board's screen the phone draws for it, the page's own state put back after.
_SENT_SCREEN = """(data) => {
  const saved = ui.traveller;
  ui.traveller = { board: data.board, data, seen: true, client_id: "shown", label: "" };
  try {
    return sentScreen();
  } finally {
    ui.traveller = saved;
  }
}"""
# The match card the phone draws for it, the page's own state put back after.
_SWISS_CARD = """(match) => {
  const saved = [ui.state.swiss, ui.swiss];
  ui.state.swiss = "teams";
  ui.swiss = { rounds: [match], next: "waiting" };
  try {
    return swissCard({ round: match.round });
  } finally {
    [ui.state.swiss, ui.swiss] = saved;
  }
}"""


def test_a_phone_in_the_pseudo_locale_shows_no_plain_word(browser: Browser, night: Night) -> None:
    store = open_store(night.db)
    try:
        store.set_setting("language", PSEUDO)
    finally:
        store.close()
    with serving(night.db) as (_, base):
        # A browser naming none of our languages: the phone speaks the club's.
        context = browser.new_context(viewport={"width": 360, "height": 800}, locale="de-DE")
        page = context.new_page()
        look: dict[str, set[str]] = {}
        try:
            page.goto(f"{base}/t/")
            page.wait_for_selector("[data-action=join]")
            assert page.get_attribute("html", "lang") == PSEUDO
            look["join"] = plain_words(page)
            page.goto(f"{base}/t/{night.codes[1]}")
            enter_a_result(page, look)
        finally:
            context.close()
    left = {screen: sorted(words) for screen, words in look.items() if words}
    assert left == {}


def test_a_phones_notices_in_the_pseudo_locale_show_no_plain_word(
    browser: Browser, tmp_path: Path
) -> None:
    """What a phone says besides entering: the director called, a result kept for the director
    (the director entered the board first) and listed while it waits, a result kept on the
    phone without a connection, the status bar's count and the boards' list."""
    db = str(tmp_path / "club.db")
    prepare(db)
    store = open_store(db)
    try:
        session, codes = live_session(store, players=True)
        code = f"{codes[0]}#{scanned(store, codes[0])['card']}"
        store.set_setting("language", PSEUDO)
        night = Service(store)
        enter(night, user(store, "setter"), session, 1, "3NT S +1", round_=1, table=1)
    finally:
        store.close()
    look: dict[str, set[str]] = {}
    with serving(db) as (_, base):
        context = browser.new_context(viewport={"width": 360, "height": 800}, locale="de-DE")
        page = context.new_page()
        try:
            page.goto(f"{base}/t/{code}")
            page.wait_for_selector("main[data-screen='round']")
            page.click("[data-action=confirmRound]")
            page.wait_for_selector("main[data-screen='boards']")
            page.click("#call")
            page.wait_for_selector(".note")
            look["called"] = plain_words(page)
            # board 1: the director's 3NT S +1 is in force, the table sends 4S N =: held
            page.click("[data-action=pickBoard][data-board='1']")
            page.click("[data-action=level][data-value='4']")
            page.click("[data-action=strain][data-value='S']")
            page.click("[data-action=toDeclarer]")
            page.click("[data-action=declarer][data-value='N']")
            page.click("[data-action=noLead]")
            page.wait_for_selector("[data-action=tricks]")
            page.click("[data-action=tricks][data-value='=']")
            page.click("[data-action=toAgree]")
            page.click("[data-action=agree]")
            page.wait_for_selector("main[data-screen='sent'] .note")
            look["held"] = plain_words(page)
            page.click("[data-action=nextBoard]")
            page.wait_for_selector("main[data-screen='boards']")
            look["waiting for the director"] = plain_words(page)
            # board 2 without a connection: kept on the phone
            context.set_offline(True)
            page.click("[data-action=pickBoard][data-board='2']")
            page.click("[data-action=special][data-value='PASS']")
            page.wait_for_selector("[data-action=toAgree]")
            page.click("[data-action=toAgree]")
            page.click("[data-action=agree]")
            page.wait_for_selector("main[data-screen='sent']")
            page.wait_for_selector("#status.waiting")
            look["offline"] = plain_words(page)
            context.set_offline(False)
        finally:
            context.close()
    assert set(look) == {"called", "held", "waiting for the director", "offline"}
    left = {screen: sorted(words) for screen, words in look.items() if words}
    assert left == {}
