"""The club inside its federation, in Chromium, on a real ``bridgescore serve``: the director
loads test.pbn's hand records through the session page's form and chooses the ABF green scheme;
table 2's phone (360 px) plays its round-1 boards by taps and, for a board it has played, is shown
the deal with its par, while a board it has not played offers no deal; the director enters the
rest, one with the declarer on the wrong side, finds it listed before publishing, confirms it, and
publishes; the published rankings carry the masterpoints.

With ``BRIDGESCORE_SHOTS=folder`` the upload, the deal on the phone, the review and the awards on
the rankings are saved at 360 px and 1280 px."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from tools.servers import serving

from bridgescore.bridge import Vulnerability
from tests.conftest import shared_path
from tests.formats.helpers import _pbn_analysis
from tests.web.phones import Phone, enter
from tests.web.server import login, new_session, prepare

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written

# What is entered: spades, by West (by North on the boards the phone plays), each board's tables
# split between the tricks double dummy gives and one fewer, so that nothing looks wrong; but
# board 1 at round 6, table 2 is entered with North declaring, the other side of the field's:
# the entry the review lists.
WRONG = {"board": 1, "round": 6, "table": "2"}


def spades(tricks: int) -> tuple[str, str]:
    """The spade contract and the tricks (``=``, ``+1``, ``-2``) that take ``tricks``."""
    level = min(7, max(1, tricks - 6))
    over = tricks - level - 6
    return f"{level}S", "=" if over == 0 else f"{over:+d}"


def _shots() -> Path | None:
    folder = os.environ.get("BRIDGESCORE_SHOTS")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


TOO_WIDE: list[str] = []
# The outermost elements that reach past the screen's right edge.
WIDEST = """(width) => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > width + 1
    && !(e.parentElement && e.parentElement.getBoundingClientRect().right > width + 1))
  .slice(0, 5).map((e) => e.tagName + '.' + e.className + '#' + e.id)"""


def shoot(page: Page, folder: Path | None, name: str, *, phone: bool = False) -> None:
    """The page at 1280 px and at 360 px (a phone's page at its own size only), and nothing
    wider than the screen at 360 px."""
    size = page.viewport_size or {"width": 1280, "height": 800}
    widths = [size["width"]] if phone else [1280, 360]
    for width in widths:
        page.set_viewport_size({"width": width, "height": 800})
        wide = page.evaluate("document.documentElement.scrollWidth") - width
        if wide > 0:
            culprits = page.evaluate(WIDEST, width)
            TOO_WIDE.append(f"{name}: {wide} px too wide at {width} px: {culprits}")
        if folder is not None:
            page.screenshot(path=str(folder / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size(size)


def test_hand_records_a_deal_after_play_the_review_and_the_awards_in_chromium(
    browser: Browser,
    tmp_path: Path,
) -> None:
    hands = shared_path("data", "hand-records", "test.pbn")
    if not hands.exists():
        pytest.skip(f"{hands} is not here (../shared/data)")
    db = str(tmp_path / "club.db")
    prepare(db)
    folder = _shots()
    with serving(db) as (_, base):
        director = httpx.Client(base_url=base, timeout=30)
        csrf = login(director)
        session, rows = new_session(director, csrf, pairs=8)  # 4-table Howell, 21 boards
        s = f"/director/sessions/{session}"
        desk = browser.new_context(viewport={"width": 1280, "height": 800})
        desk.add_cookies(
            [{"name": k, "value": v, "url": base} for k, v in director.cookies.items()]
        )
        page = desk.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))

        # the hand records, through the session page's form
        page.goto(base + s)
        page.set_input_files("#deals input[name=hands]", str(hands))
        page.click("#deals button[type=submit]")
        page.wait_for_selector("text=16 of 21 boards have their deal")
        assert "test.pbn (PBN, 16 boards)" in page.inner_text("#hand-records + p + ul.loaded")
        # and the scheme
        page.select_option("#scheme select[name=scheme]", "abf:green")
        page.click("#scheme button[type=submit]")
        page.wait_for_selector("#scheme option[value='abf:green'][selected]", state="attached")
        page.locator("#hand-records").scroll_into_view_if_needed()
        shoot(page, folder, "federation-session")

        # table 2's phone plays round 1 by taps, without leads
        tables = director.get(f"{s}/tables.json").json()["tables"]
        card = next(t["url"] for t in tables if t["table"] == "2")  # the QR code's address
        phone = Phone(browser, base, 2, card)
        phone.screen("round")
        phone.tap("[data-action=confirmRound]")
        phone.screen("boards")
        boards = [
            int(b)
            for b in phone.page.eval_on_selector_all(
                "[data-action=pickBoard]", "els => els.map(e => e.dataset.board)"
            )
        ]
        assert len(boards) == 3 and all(b <= 16 for b in boards), boards
        analysis = _pbn_analysis()
        for board in boards:
            # before the table has played it, the board offers no deal
            assert phone.page.locator(f"[data-action=showBoard][data-board='{board}']").count() == 0
            contract, tricks = spades(analysis[board][0][("N", "S")])
            spec = (contract, "N", tricks, "")
            vulnerability = Vulnerability.for_board(board).value
            enter(phone, board, spec, vulnerability, lambda step: None)
        played = boards[0]
        phone.tap(f"[data-action=showBoard][data-board='{played}']")
        phone.page.wait_for_selector(".deal .hand.north li", timeout=15_000)
        shown = phone.page.inner_text("main")
        assert "The deal" in shown and "Par " in shown, shown
        assert phone.page.locator(".deal .hand").count() == 4
        shoot(phone.page, folder, "federation-phone-deal", phone=True)
        assert not phone.problems, phone.problems
        phone.context.close()

        # the director enters the rest
        by_phone = {(b, 1, "2") for b in boards}
        seen: dict[int, int] = {}
        for row in rows:
            board = row["board"]
            if (board, row["round"], str(row["table"])) in by_phone:
                continue
            side = "N" if board in boards else "W"
            k = seen[board] = seen.get(board, 0) + 1  # the phone's row: double dummy
            best = analysis[board][0][(side, "S")] if board in analysis else 10
            contract, tricks = spades(max(0, best - (k + (board not in boards)) % 2))
            result = f"{contract} {side} {tricks}"
            if (board, row["round"], str(row["table"])) == tuple(WRONG.values()):
                result = f"{contract} N {tricks}"
            answer = director.post(
                f"{s}/results.json",
                data={"csrf": csrf, **{k: row[k] for k in ("board", "round", "table")}}
                | {"contract": result},
                headers={"accept": "application/json"},
            )
            assert answer.status_code == 201, (row, answer.text)

        # before publishing: the wrong side listed, confirmed in the browser
        page.goto(f"{base}{s}/review")
        listed = page.inner_text("table.review")
        assert "round 6, table 2" in listed and " N " in listed, listed
        places = page.eval_on_selector_all(
            "tr.unconfirmed",
            "rows => rows.map(r => r.cells[0].innerText + ' ' + r.cells[1].innerText)",
        )
        assert 2 <= len(places) <= 3 and set(places) == {"1 round 6, table 2"}, listed
        shoot(page, folder, "federation-review")
        unconfirmed = page.locator("tr.unconfirmed form button")
        while unconfirmed.count():
            page.locator("tr.unconfirmed input[name=note]").first.fill("North did declare")
            unconfirmed.first.click()
            page.wait_for_load_state()
        assert page.locator("tr.confirmed").count() == len(places)
        assert "by dana: North did declare" in page.inner_text("table.review")

        # published: the awards on the rankings
        page.goto(base + s)
        page.click("form[action$='/publish'] button[type=submit]")
        page.wait_for_selector("text=Published results")
        page.goto(f"{base}/results/{session}/")
        text = page.inner_text("body")
        assert "ABF green masterpoints" in text, text[:2000]
        shoot(page, folder, "federation-published-rankings")
        published: dict[str, Any] = director.get(f"/results/{session}/index.json").json()
        awarded = [r for r in published["fields"][0]["rankings"] if r.get("masterpoints_text")]
        assert awarded and all(r["masterpoints_text"] in text for r in awarded)
        page.goto(base + s)
        page.locator("details.awards summary").first.click()
        shoot(page, folder, "federation-session-awards")
        assert not problems, problems
        desk.close()
    assert not TOO_WIDE, TOO_WIDE
