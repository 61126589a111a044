"""The players' pages in Debian's Chromium on a real ``bridgescore serve``, at 360 and 1280 px:
the director's players page, a player's page and the page that asks before erasing; a player's
own page for their publish setting, used by the keyboard alone; and a team's evening on the
results site. axe-core finds no serious or critical violation on any of them and none is wider
than its window. The director then erases a player by clicking, and the published ranking shows
the pseudonym.

With ``BRIDGESCORE_SHOTS=folder`` every page is saved at both widths.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
from tools.servers import serving

from bridgescore.reports.html import write_site
from bridgescore.store import open_store
from tests.browsers import _shot, _shots, _violations
from tests.reports.helpers import _result
from tests.web.players import pass_for, played_night, player_id
from tests.web.server import login, prepare

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.e2e  # a real browser and a real server

WIDTHS = (360, 1280)


@dataclass
class World:
    base: str
    cookie: str
    session: int
    token: str  # P1EW Q's pass
    erased: int  # the player the director erases: P3NS Q
    site: Path  # a teams match's results site


@pytest.fixture(scope="module", name="world")
def world_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    folder = tmp_path_factory.mktemp("players-browser")
    db = str(folder / "club.db")
    prepare(db)
    store = open_store(db)
    try:
        session = played_night(store)
        token = pass_for(store, session, "P1EW Q")
        erased = player_id(store, "P3NS Q")
    finally:
        store.close()
    site = folder / "teams"
    site.mkdir()
    write_site(_result(), site)
    with serving(db) as (_, base), httpx.Client(base_url=base, timeout=20) as client:
        login(client)
        cookie = client.cookies.get("bridgescore_login")
        assert cookie
        yield World(base, cookie, session, token, erased, site)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_players_pages_for_every_reader(browser: Browser, world: World, width: int) -> None:
    found: dict[str, list[str]] = {}
    shots = _shots()
    director = browser.new_context(viewport={"width": width, "height": 900})
    director.add_cookies([{"name": "bridgescore_login", "value": world.cookie, "url": world.base}])
    try:
        page = director.new_page()
        for kind, path in (
            ("players", "/director/players"),
            ("a player", f"/director/players/{world.erased}"),
        ):
            page.goto(world.base + path)
            found[kind] = _violations(page)
            _shot(page, shots, f"{kind.replace(' ', '-')}-{width}")
        page.get_by_role("button", name="Erase P3NS Q…").click()
        page.wait_for_selector("form#erase input[name=confirm]", state="attached")
        assert "Their name becomes “Player" in page.inner_text("main")
        found["asked before erasing"] = _violations(page)
        _shot(page, shots, f"erase-asked-{width}")
        if width == WIDTHS[-1]:  # erased once, by clicking
            page.get_by_role("button", name="Erase P3NS Q", exact=True).click()
            page.wait_for_selector("p[role=status]")
            assert f"Player {world.erased}" in page.inner_text("main")
            found["erased"] = _violations(page)
            _shot(page, shots, f"erased-{width}")
            page.goto(f"{world.base}/results/{world.session}/index.html")
            ranking = page.inner_text("main")
            assert f"Player {world.erased} & R3NS S" in ranking and "P3NS Q" not in ranking
    finally:
        director.close()
    player = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = player.new_page()
        page.goto(f"{world.base}/ask/{world.token}/name")
        found["a player's own setting"] = _violations(page)
        _shot(page, shots, f"own-name-{width}")
        # by the keyboard alone: to the "Initials" choice, then the button
        page.keyboard.press("Tab")
        for _ in range(40):
            if page.evaluate("document.activeElement.name") == "publish":
                break
            page.keyboard.press("Tab")
        wanted, shown = ("initials", "P. Q.") if width == WIDTHS[0] else ("full", "P1EW Q")
        for _ in range(4):  # the arrows move within the group, choosing as they go
            if page.evaluate("document.activeElement.value") == wanted:
                break
            page.keyboard.press("ArrowDown")
        assert page.evaluate("document.activeElement.value") == wanted
        page.keyboard.press("Enter")  # submits the form
        page.wait_for_selector("p[role=status]")
        found["saved"] = _violations(page)
        _shot(page, shots, f"own-name-saved-{width}")
        page.goto(f"{world.base}/results/{world.session}/index.html")
        assert f"{shown} & R1EW S" in page.inner_text("main")
        # a team's evening on the results site
        page.goto((world.site / "team-1-evening.html").as_uri())
        found["a team's evening"] = _violations(page)
        _shot(page, shots, f"team-evening-{width}")
        page.goto((world.site / "index.html").as_uri())
        found["the teams' ranking"] = _violations(page)
    finally:
        player.close()
    assert {k: v for k, v in found.items() if v} == {}
