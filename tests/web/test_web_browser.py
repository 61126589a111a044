"""A whole club night in a real browser (Debian's Chromium, driven by Playwright) against a real
``bridgescore serve`` on 127.0.0.1: log in, set up a 7-table Mitchell of 28 boards (a 7-table
Mitchell has 7 rounds, so 27 boards cannot be played; 28 is the nearest) with named players,
enter every traveller line through the grid by keyboard alone, correct two results, publish.
The published rankings equal ``bridgescore score`` of the same travellers written as a CSV,
exactly; a name like a script shows as text and runs nothing; no page logs an error.

With ``BRIDGESCORE_SHOTS=folder`` (``make serve-shots``) each screen is saved at phone and laptop
widths. Skipped without Chromium or Playwright, except in CI, like the report's browser tests.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from click.testing import CliRunner
from tools.servers import serving

from bridgescore.cli import main
from bridgescore.store import open_store
from tests.browsers import Watched
from tests.helpers import PASSWORD
from tests.web.server import prepare

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SCRIPT = "<script>alert('x')</script>"
RESULTS = [
    ("4S", "N", "=", "HK"),
    ("4S", "N", "-1", "C2"),
    ("3NT", "S", "+1", "D5"),
    ("2H", "E", "=", "SA"),
    ("-100", "", "", ""),
    ("PASS", "", "", ""),
    ("3NT", "S", "=", "D5"),
]
PHONE = (390, 844)
LAPTOP = (1280, 800)


def result_of(board: int, row: int) -> tuple[str, str, str, str]:
    return RESULTS[(board * 3 + row * 5) % len(RESULTS)]


class Shots:
    def __init__(self, chromium: Browser, base: str) -> None:
        folder = os.environ.get("BRIDGESCORE_SHOTS")
        self.folder = Path(folder) if folder else None
        self.browser = chromium
        self.base = base
        if self.folder:
            self.folder.mkdir(parents=True, exist_ok=True)

    def take(self, page: Page, name: str, path: str | None = None) -> None:
        """The screen ``page`` shows (or ``path``), at phone and laptop widths."""
        if self.folder is None:
            return
        url = self.base + path if path else page.url
        cookies = page.context.cookies()
        for label, (width, height) in (("phone", PHONE), ("laptop", LAPTOP)):
            context = self.browser.new_context(viewport={"width": width, "height": height})
            context.add_cookies(cookies)  # type: ignore[arg-type]
            tab = context.new_page()
            tab.goto(url)
            tab.wait_for_load_state("networkidle")
            tab.screenshot(path=str(self.folder / f"{name}-{label}.png"), full_page=True)
            context.close()


def enter_board(page: Page, board: int) -> int:
    """Type every row of the open board's grid by keyboard alone; returns the rows entered."""
    page.wait_for_selector("#grid")
    # the page puts the cursor in the first empty row once it has loaded
    page.wait_for_function("document.activeElement && document.activeElement.closest('tr')")
    rows = page.eval_on_selector_all("#grid tr.entry", "rows => rows.map(r => r.id)")
    for n, row_id in enumerate(rows):
        focused = page.evaluate(
            "document.activeElement.closest('tr') && document.activeElement.closest('tr').id"
        )
        assert focused == row_id, (board, n, focused)
        contract, declarer, tricks, lead = result_of(board, n)
        page.keyboard.type(contract)
        if declarer:
            for text in (declarer, tricks, lead):
                page.keyboard.press("Tab")
                page.keyboard.type(text)
        page.keyboard.press("Enter")
        page.wait_for_selector(f"#{row_id}.stored.just-stored", timeout=15_000)
    return len(rows)


def test_a_club_night_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    prepare(db)
    with serving(db) as (_, base):
        tab = Watched(browser, *LAPTOP, refusals_shown=("/check",))
        page = tab.page
        shots = Shots(browser, base)
        page.goto(base + "/login")
        shots.take(page, "01-login")
        page.fill("input[name=username]", "dana")
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(base + "/director")

        # 1. set up: event, date, pairs -> the movements that fit -> players
        page.click("text=New session")
        page.fill("input[name=title]", "Tuesday pairs")
        page.fill("input[name=date]", "2026-11-24")
        page.fill("input[name=pairs]", "14")
        page.fill("input[name=minutes]", "210")
        page.click("text=Show the movements")
        page.check("label:has-text('Mitchell, 7 tables: 7 rounds x 4 boards = 28 boards') input")
        page.click("text=Choose this movement")
        inputs = page.eval_on_selector_all(
            "#create input[list=players]", "inputs => inputs.map(i => i.name)"
        )
        assert len(inputs) == 28
        names = {}
        for i, name in enumerate(inputs):
            names[name] = SCRIPT if i == 0 else f"Player{i:02d} Member{i:02d}"
            page.fill(f"input[name='{name}']", names[name])
        shots.take(page, "02-setup", None)
        page.click("text=Start the session")
        page.wait_for_url(re.compile(r".*/director/sessions/\d+$"))
        session = int(page.url.rsplit("/", 1)[1])
        shots.take(page, "03-watch-empty")

        # 2. every traveller through the grid, by keyboard alone (Enter on "Board n+1 ->")
        page.click("nav.boards >> text=1")
        entered = 0
        for board in range(1, 29):
            assert page.url.endswith(f"/boards/{board}")
            entered += enter_board(page, board)
            if board == 1:
                shots.take(page, "04-grid")
            if board < 28:
                focused = page.evaluate("document.activeElement.id")
                assert focused == "next-board"
                with page.expect_navigation():
                    page.keyboard.press("Enter")
        assert entered == 7 * 28

        # 3. watch: nothing missing, both checksums right
        page.goto(f"{base}/director/sessions/{session}")
        assert "196 of 196 results entered" in page.inner_text("#watch")
        assert page.locator(".checksum.ok").count() == 2
        assert SCRIPT in page.inner_text("#watch")  # shown as text
        shots.take(page, "05-watch")
        shots.take(page, "05-slip", f"/director/sessions/{session}/tables/3/rounds/2")

        # 4. correct two results, each with a reason
        for board, correction in ((3, "4S N -2"), (17, "60/40")):
            page.goto(f"{base}/director/sessions/{session}/boards/{board}")
            page.locator("#grid tr.entry").first.locator("text=history").click()
            page.fill("#correct input[name=result]", correction)
            if "/" in correction:
                page.check("#correct input[name=assigned]")
            page.fill("#correct input[name=reason]", "scorer misread the slip")
            page.click("#correct button[type=submit]")
            page.wait_for_selector("tr.current")
            assert correction in page.inner_text("tr.current")
        shots.take(page, "06-history")

        # 5. publish, and the results site
        page.goto(f"{base}/director/sessions/{session}")
        page.fill("input[name=minutes]", "60")
        page.click("text=Finalise and publish")
        page.wait_for_selector("text=status: published", timeout=15_000)
        page.goto(f"{base}/results/{session}/")
        assert "Provisional until" in page.inner_text("main")
        shots.take(page, "07-published")
        # every screen fits a phone: no sideways scrolling of the page itself
        line = page.context.request.get(f"{base}/director/sessions/{session}/boards/3.json").json()[
            "rows"
        ][0]["key"]
        phone = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
        phone.add_cookies(page.context.cookies())  # type: ignore[arg-type]
        small = phone.new_page()
        for path in (
            "/director",
            "/director/new?pairs=14&minutes=210&movement=0",
            f"/director/sessions/{session}",
            f"/director/sessions/{session}/boards/1",
            f"/director/sessions/{session}/tables/3/rounds/2",
            f"/director/sessions/{session}/history?line={line.replace('|', '%7C')}",
            f"/results/{session}/index.html",
        ):
            small.goto(base + path)
            wide = small.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, (path, wide)
        phone.close()
        published: dict[str, Any] = json.loads(
            page.context.request.get(f"{base}/results/{session}/index.json").text()
        )
        # An event stream ends when its page is left: the browser reports it as cancelled.
        left = [p for p in tab.problems if p.startswith("request failed") and p.endswith("/events")]
        assert not [p for p in tab.problems if p not in left], tab.problems
        assert not tab.dialogs
        tab.close()

    store = open_store(db)
    try:
        csv_text = store.export(session, "csv")
    finally:
        store.close()
    path = tmp_path / "travellers.csv"
    path.write_text(csv_text, encoding="utf-8")
    out = tmp_path / "scored.json"
    result = CliRunner().invoke(main, ["score", str(path), "--format", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    expected = json.loads(out.read_text(encoding="utf-8"))

    def rankings(data: dict[str, Any]) -> list[list[tuple[Any, ...]]]:
        return [
            [
                (
                    r["pair"],
                    r["line"],
                    r["rank"],
                    r["place"],
                    r["name"],
                    r["mp_exact"],
                    r["percent"],
                )
                for r in f["rankings"]
            ]
            for f in data["fields"]
        ]

    assert rankings(published) == rankings(expected)
    assert len(published["fields"]) == 2 and all(
        len(f["rankings"]) == 7 for f in published["fields"]
    )
