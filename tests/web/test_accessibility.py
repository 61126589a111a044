"""The console and the phones for every reader, on a real ``bridgescore serve`` in Debian's
Chromium: axe-core finds no serious or critical violation on any console page (logging in, the
sessions, setting one up, the club's grants and mail server, a session's watch page live and
published, the traveller grid, a pick-up slip, a line's history, the phones at the tables and
their cards, the guide cards, removing a phone, the mail page, the players' requests, an error,
the server's published pages, a teams session's and a pair's evening among them) nor on a
player's page for asking a correction (a pair's or a team's), nor on any screen of a table's
phone, at 360 px and at 1280 px; at 200 % zoom (1280 px shown as 640 CSS px) none
of them scrolls sideways and its heading and navigation stay in reach; and the console's grid
and the phone's whole flow are used with the keyboard alone.

With ``BRIDGESCORE_SHOTS=folder`` every page checked, and the request flow (player's side and
director's side), is saved at 360 and 1280 px.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import httpx
import pytest
from tools.servers import serving

from bridgescore.store import open_store
from tests.browsers import _shot, _shots, _violations
from tests.night.helpers import live_session, scanned
from tests.reports.helpers import MINI
from tests.web.players import deals_night, pass_for, played_night, teams_night
from tests.web.server import login, prepare

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written

WIDTHS = (360, 1280)
LINE = "|1|r1|t1"


@dataclass
class World:
    base: str
    cookie: str  # the director's login
    live: int  # a session being played, every line entered
    published: int  # a published session with a request waiting and one answered
    empty: int  # a session being played, nothing entered yet (the phones' and the grid's)
    # the empty session's table codes; each test keeps to its own tables and boards: the
    # phone by keyboard table 1 (board 2), large text table 2, the phone's screens tables 3
    # and 4 (boards 5 and 7), the grid by keyboard board 6
    codes: list[str]
    spare: int  # another session being played, where a phone is removed
    spare_codes: list[str]
    token: str  # a player's pass of the published session
    teams: int  # a published teams-of-four session, its deals loaded
    teams_token: str  # a team's player's pass of it
    evening: int  # a published pairs session with its deals: each pair's evening analysed


@pytest.fixture(scope="module", name="world")
def world_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    db = str(tmp_path_factory.mktemp("a11y-console") / "club.db")
    prepare(db)
    store = open_store(db)
    try:
        live = played_night(store, publish=False)
        published = played_night(store)
        empty, codes = live_session(store, players=True)
        spare, spare_codes = live_session(store, players=True)
        token = pass_for(store, published, "P1NS Q")
        teams = teams_night(store)
        teams_token = pass_for(store, teams, "Ann Lee")
        evening = deals_night(store, MINI)
        # each table's address as its card's QR code gives it (a code typed alone only watches)
        codes = [f"{c}#{scanned(store, c)['card']}" for c in codes]
        spare_codes = [f"{c}#{scanned(store, c)['card']}" for c in spare_codes]
    finally:
        store.close()
    with serving(db) as (_, base), httpx.Client(base_url=base, timeout=20) as client:
        csrf = login(client)
        for board, reason in ((1, "We went one off"), (2, "The lead was the heart king")):
            asked = client.post(f"/ask/{token}.json", data={"board": board, "reason": reason})
            assert asked.status_code == 201, asked.text
        first = client.get(f"/director/sessions/{published}/requests.json").json()["open"][0]
        declined = client.post(
            f"/director/sessions/{published}/requests/{first['id']}/decline.json",
            data={"csrf": csrf, "words": "The traveller and both pairs agree on 3NT made"},
        )
        assert declined.status_code == 200, declined.text
        cookie = client.cookies.get("bridgescore_login")
        assert cookie
        asked = client.post(
            f"/ask/{teams_token}.json", data={"board": "2-1", "reason": "We made twelve tricks"}
        )
        assert asked.status_code == 201, asked.text
        yield World(
            base, cookie, live, published, empty, codes, spare, spare_codes, token, teams,
            teams_token, evening,
        )  # fmt: skip


def _director(opened: Browser, world: World, width: int, scale: float = 1) -> BrowserContext:
    context = opened.new_context(
        viewport={"width": width, "height": 900}, device_scale_factor=scale
    )
    context.add_cookies([{"name": "bridgescore_login", "value": world.cookie, "url": world.base}])
    return context


def console_pages(world: World) -> dict[str, str]:
    live, published = world.live, world.published
    return {
        "sessions": "/director",
        "a new session": "/director/new?pairs=8&minutes=150&movement=0",
        "the club's grants": "/director/club",
        "the club's mail server": "/director/mail",
        "watch (live)": f"/director/sessions/{live}",
        "the traveller grid": f"/director/sessions/{world.empty}/boards/1",
        "a pick-up slip": f"/director/sessions/{live}/tables/1/rounds/1",
        "a line's history": f"/director/sessions/{live}/history?line={quote(LINE)}",
        "the phones at the tables": f"/director/sessions/{live}/tables",
        "the table cards": f"/director/sessions/{live}/tables/cards",
        "guide cards": f"/director/sessions/{live}/cards/personal.html",
        "table guide cards": f"/director/sessions/{live}/cards/tables.html",
        "travellers to print": f"/director/sessions/{live}/cards/travellers.html",
        "watch (published)": f"/director/sessions/{published}",
        "results by e-mail": f"/director/sessions/{published}/mail",
        "players' requests": f"/director/sessions/{published}/requests",
        "a teams session's requests": f"/director/sessions/{world.teams}/requests",
        "an error": "/director/sessions/999",
        "published rankings": f"/results/{published}/index.html",
        "a published score card": f"/results/{published}/pair-1ns.html",
        "home": "/",
    }


def player_pages(world: World) -> dict[str, str]:
    return {
        "logging in": "/login",
        "a player's page to ask": f"/ask/{world.token}",
        "asking from a score card": f"/results/{world.published}/ask/pair-1ns",
        "published teams ranking": f"/results/{world.teams}/index.html",
        "a published teams board": f"/results/{world.teams}/board-2.html",
        "a published team's evening": f"/results/{world.teams}/team-1-evening.html",
        "a team's player's page to ask": f"/ask/{world.teams_token}?board=2-2",
        "asking from a team's evening": f"/results/{world.teams}/ask/team-1-evening",
        "published rankings linking evenings": f"/results/{world.evening}/index.html",
        "a published pair's evening": f"/results/{world.evening}/pair-2ns-evening.html",
        "a pair's evening without deals": f"/results/{world.published}/pair-1ns-evening.html",
    }


@pytest.mark.parametrize("width", WIDTHS)
def test_no_serious_violation_on_any_console_page(
    browser: Browser,
    world: World,
    width: int,
) -> None:
    found: dict[str, list[str]] = {}
    context = _director(browser, world, width)
    try:
        page = context.new_page()
        for kind, path in console_pages(world).items():
            page.goto(world.base + path)
            page.wait_for_load_state("load")
            if problems := _violations(page):
                found[kind] = problems
            _shot(page, _shots(), f"{_slug(kind)}-{width}")
        # removing a phone asks again on a page of its own
        phone = context.new_page()
        phone.goto(f"{world.base}/t/{world.spare_codes[width == 1280]}")
        phone.wait_for_selector("main[data-screen]")
        page.goto(f"{world.base}/director/sessions/{world.spare}/tables")
        page.locator("form[action$='/tables/remove'] button").first.click()
        page.wait_for_selector("form#remove input[name=confirm]", state="attached")
        if problems := _violations(page):
            found["removing a phone"] = problems
    finally:
        context.close()
    anonymous = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = anonymous.new_page()
        for kind, path in player_pages(world).items():
            page.goto(world.base + path)
            if problems := _violations(page):
                found[kind] = problems
            _shot(page, _shots(), f"{_slug(kind)}-{width}")
    finally:
        anonymous.close()
    assert found == {}


class Phone:
    """A table's phone in its own context, driven by the keyboard or by taps."""

    def __init__(self, opened: Browser, world: World, width: int, table: int = 1) -> None:
        self.context = opened.new_context(
            viewport={"width": width, "height": 800}, has_touch=True, is_mobile=width < 600
        )
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(str(error)))
        self.page.goto(f"{world.base}/t/{world.codes[table - 1]}")

    def screen(self, name: str) -> None:
        self.page.wait_for_selector(f"main[data-screen='{name}']", timeout=15_000)

    def close(self) -> None:
        self.context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_no_serious_violation_on_any_phone_screen(
    browser: Browser,
    world: World,
    width: int,
) -> None:
    found: dict[str, list[str]] = {}
    phone = Phone(browser, world, width, table=3 if width == 360 else 4)
    try:

        def check(kind: str) -> None:
            if problems := _violations(phone.page):
                found[kind] = problems

        phone.screen("round")
        board = phone.page.evaluate("ui.state.rounds[0].boards[0].board")
        _phone_flow(phone, check, board)
        assert phone.problems == []
    finally:
        phone.close()
    assert found == {}


def _phone_flow(phone: Phone, check: Any, board: int) -> None:
    """Every screen of a phone scoring ``board``: its round, its boards, each step of entering
    a result, the opponents' check, the board's traveller."""
    page = phone.page
    check("a phone's round")
    page.click("[data-action=confirmRound]")
    phone.screen("boards")
    check("a phone's boards")
    page.click(f"[data-action=pickBoard][data-board='{board}']")
    phone.screen("entry")
    page.click("[data-action=level][data-value='4']")
    page.click("[data-action=strain][data-value='S']")
    check("a phone's contract")
    page.click("[data-action=toDeclarer]")
    check("a phone's declarer")
    page.click("[data-action=declarer][data-value='N']")
    page.click("[data-action=leadSuit][data-value='H']")
    check("a phone's lead")
    page.click("[data-action=leadRank][data-value='K']")
    check("a phone's tricks")
    page.click("[data-action=tricks][data-value='=']")
    check("a phone's summary")
    page.click("[data-action=toAgree]")
    check("a phone's opponents' check")
    page.click("[data-action=agree]")
    phone.screen("sent")
    page.wait_for_selector("main[data-screen='sent'] table")
    check("a phone's traveller")


def test_large_text_at_200_percent(browser: Browser, world: World) -> None:
    """A 1280 px window zoomed to 200 %: 640 CSS px wide. No console page or phone screen
    scrolls sideways (wide tables scroll in their own box), the heading is there to read and
    every navigation link is in reach."""
    problems: list[str] = []

    def look(page: Page, kind: str) -> None:
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if wide > 0:
            problems.append(f"{kind}: {wide}px wider than the window")
        heading = page.locator("h1, main h2").first
        if heading.count() == 0 or not heading.is_visible():
            problems.append(f"{kind}: no heading to read")
        links = page.locator("nav a")
        for i in range(links.count()):
            box = links.nth(i).bounding_box()
            if box is None or box["x"] < 0 or box["x"] + box["width"] > 640 + 1:
                problems.append(f"{kind}: the navigation link {links.nth(i).inner_text()!r}")
                break

    context = _director(browser, world, 640, scale=2)
    try:
        page = context.new_page()
        for kind, path in {**console_pages(world), **player_pages(world)}.items():
            page.goto(world.base + path)
            look(page, kind)
    finally:
        context.close()
    context = browser.new_context(viewport={"width": 640, "height": 450}, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto(f"{world.base}/t/{world.codes[1]}")
        page.wait_for_selector("main[data-screen='round']")
        look(page, "a phone's round")
        page.click("[data-action=confirmRound]")
        page.wait_for_selector("main[data-screen='boards']")
        look(page, "a phone's boards")
        page.click("[data-action=pickBoard]")
        page.wait_for_selector("main[data-screen='entry']")
        look(page, "a phone's contract")
    finally:
        context.close()
    assert problems == []


# --- the keyboard alone --------------------------------------------------------------------------


def tab_to(page: Page, selector: str, most: int = 60) -> int:
    """Press Tab until the focus is on ``selector`` (drawn with a ring); how many presses it
    took. The page has drawn ``selector`` first: a choice redraws the screen, and a Tab pressed
    before the new screen is there would count presses on the old one."""
    page.wait_for_selector(selector, state="visible", timeout=20_000)
    for presses in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate(
            "(s) => document.activeElement !== null && document.activeElement.matches(s)",
            selector,
        ):
            assert focus_seen(page), f"{selector} has the focus but shows no ring"
            return presses
    raise AssertionError(
        f"{selector} not reached by {most} presses of Tab; the focus is on "
        + page.evaluate("document.activeElement && document.activeElement.outerHTML.slice(0, 120)")
    )


def focus_seen(page: Page) -> bool:
    """Whether the focused element is drawn with a ring: an outline of at least 2 px, or a
    box shadow, in the style the browser computed for it."""
    return bool(
        page.evaluate(
            """() => {
              const style = getComputedStyle(document.activeElement);
              const ring = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
              return ring || style.boxShadow !== "none";
            }"""
        )
    )


def test_the_grid_by_keyboard_alone(browser: Browser, world: World) -> None:
    """From the session's page to a board's grid, every row typed and stored, and on to the
    next board: Tab, typing and Enter only."""
    context = _director(browser, world, 1280)
    try:
        page = context.new_page()
        page.goto(f"{world.base}/director/sessions/{world.empty}")
        tab_to(page, "nav.boards a[href$='/boards/6']")
        page.keyboard.press("Enter")
        page.wait_for_selector("#grid")
        page.wait_for_function("document.activeElement && document.activeElement.closest('tr')")
        rows = page.eval_on_selector_all("#grid tr.entry", "rows => rows.map(r => r.id)")
        assert rows
        for row_id in rows:
            page.keyboard.type("3NT")
            for text in ("S", "+1", "H4"):
                page.keyboard.press("Tab")
                page.keyboard.type(text)
            assert focus_seen(page), "the grid's field shows no ring"
            page.keyboard.press("Enter")
            page.wait_for_selector(f"#{row_id}.stored.just-stored", timeout=15_000)
        # after the last row, the focus is on the way to the next board
        assert page.evaluate("document.activeElement.id") == "next-board"
        page.keyboard.press("Enter")
        page.wait_for_url("**/boards/7")
    finally:
        context.close()
    with httpx.Client(base_url=world.base, cookies={"bridgescore_login": world.cookie}) as client:
        grid = client.get(f"/director/sessions/{world.empty}/boards/6.json").json()
    assert [r["result"] for r in grid["rows"]] == ["3NT S +1"] * len(rows)


def test_the_phone_by_keyboard_alone(browser: Browser, world: World) -> None:
    """A table's whole flow with the keyboard: confirm the round, pick a board, the contract,
    the declarer, the lead, the tricks, the opponents' check, the traveller, the next board.
    After each choice the focus stays where the next one is made, a few presses away."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{world.base}/t/{world.codes[0]}")
        page.wait_for_selector("main[data-screen='round']")
        board = page.evaluate("ui.state.rounds[0].boards[1].board")
        steps = [
            "[data-action=confirmRound]",
            f"[data-action=pickBoard][data-board='{board}']",
            "[data-action=level][data-value='3']",
            "[data-action=strain][data-value='N']",
            "[data-action=toDeclarer]",
            "[data-action=declarer][data-value='S']",
            "[data-action=leadSuit][data-value='D']",
            "[data-action=leadRank][data-value='5']",
            "[data-action=tricks][data-value='+1']",
            "[data-action=toAgree]",
            "[data-action=agree]",
        ]
        presses = []
        for selector in steps:
            presses.append(tab_to(page, selector))
            page.keyboard.press("Enter")
        page.wait_for_selector("main[data-screen='sent'] table")
        presses.append(tab_to(page, "[data-action=nextBoard]"))
        page.keyboard.press("Enter")
        page.wait_for_selector("main[data-screen='boards']")
    finally:
        context.close()
    # never sent back to the top of the page between two choices of one result
    assert max(presses) <= 16, presses
    with httpx.Client(base_url=world.base, cookies={"bridgescore_login": world.cookie}) as client:
        line = client.get(f"/director/sessions/{world.empty}/boards/{board}.json").json()
    assert "3NT S +1" in [r["result"] for r in line["rows"]]


def test_the_request_flow_seen_at_both_widths(browser: Browser, world: World) -> None:
    """A player asks from their page, the director answers on theirs: screenshots at 360 and
    1280 px (saved with BRIDGESCORE_SHOTS), and each screen read back for what it must say."""
    shots = _shots()
    for width in WIDTHS:
        label = "phone" if width == 360 else "desktop"
        player = browser.new_context(viewport={"width": width, "height": 800})
        try:
            page = player.new_page()
            page.goto(f"{world.base}/ask/{world.token}?board=3")
            assert page.locator("select[name=board]").input_value() == "3"
            page.fill("textarea[name=reason]", f"We played 2H by East, it made ({width})")
            page.fill("input[name=proposed]", "2H E =")
            _shot(page, shots, f"request-ask-{label}")
            page.click("#ask button[type=submit]")
            page.wait_for_selector("p[role=status]")
            assert "Your request about board 3 is with the director" in page.inner_text("main")
            _shot(page, shots, f"request-asked-{label}")
        finally:
            player.close()
        director = _director(browser, world, width)
        try:
            page = director.new_page()
            page.goto(f"{world.base}/director/sessions/{world.published}")
            assert "P1NS Q asks for a correction of board 3" in page.inner_text("#watch")
            _shot(page, shots, f"request-watch-{label}")
            page.goto(f"{world.base}/director/sessions/{world.published}/requests")
            _shot(page, shots, f"request-director-{label}")
            section = page.locator("section.request", has_text="Board 3")
            section.locator("input[name=words]").last.fill("Both pairs agree with the table")
            section.locator("form.decline button").click()
            page.wait_for_selector("table.answered")
            _shot(page, shots, f"request-answered-{label}")
        finally:
            director.close()
        player = browser.new_context(viewport={"width": width, "height": 800})
        try:
            page = player.new_page()
            page.goto(f"{world.base}/ask/{world.token}")
            assert "Both pairs agree with the table" in page.inner_text("main")
            _shot(page, shots, f"request-told-{label}")
        finally:
            player.close()


def _slug(kind: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in kind.lower()).strip("-")
