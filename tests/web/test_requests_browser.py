"""A player's request for a correction from end to end, on a real ``bridgescore serve`` in
Debian's Chromium with a real SMTP server (aiosmtpd): the director sends the results from the
session's mail page; the player opens the link in their mail, asks about a board; the director
sees the request on the session's page, accepts it on the requests page; the correction is a
new entry in the line's history naming the request, the old one kept; the player is told by
mail, and their page says so.

The mail page with its log passes axe-core at 360 and 1280 px. With ``BRIDGESCORE_SHOTS=folder``
the mail page (before and after sending) and the player's page once answered are saved at 360
and 1280 px.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

import httpx
import pytest
from tools.servers import serving

from bridgescore.store import open_store
from bridgescore.store.mail import SmtpSettings
from bridgescore.store.outreach import PlayersSide
from tests.browsers import _violations
from tests.web.players import (
    SENDER,
    Sink,
    html_of,
    played_night,
    text_of,
    wait_for,
)
from tests.web.server import login, prepare

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written

LINE = "|1|r1|t1"  # board 1 at table 1 in round 1: pair 1 NS (P1NS Q) v pair 1 EW
IN_FORCE = "3NT S +1"  # what played_night stores on that line
WIDTHS = (360, 1280)


def test_asked_by_the_link_in_the_mail_accepted_and_told(
    browser: Browser,
    sink: Sink,
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "club.db")
    prepare(db)
    store = open_store(db)
    try:
        session = played_night(store)
        PlayersSide(store).set_smtp(
            SmtpSettings("127.0.0.1", sink.port, "none", SENDER), club="Riverside"
        )
    finally:
        store.close()
    with serving(db) as (_, base), httpx.Client(base_url=base, timeout=20) as client:
        login(client)
        cookie = client.cookies.get("bridgescore_login")
        assert cookie

        def director(width: int = 1280) -> BrowserContext:
            context = browser.new_context(viewport={"width": width, "height": 900})
            context.add_cookies([{"name": "bridgescore_login", "value": cookie, "url": base}])
            return context

        # the director sends the results from the mail page, with the button
        for width in WIDTHS:
            with_director = director(width)
            page = with_director.new_page()
            page.goto(f"{base}/director/sessions/{session}/mail")
            _shot(page, f"mail-before-{width}")
            with_director.close()
        with_director = director()
        page = with_director.new_page()
        page.goto(f"{base}/director/sessions/{session}/mail")
        assert "p1ns@example.org" in page.inner_text("table.due")
        page.click("#send-mail button[type=submit]")
        page.wait_for_selector("table.mail-log", timeout=30_000)
        with_director.close()
        mail = wait_for(lambda: sink.to("p1ns@example.org"))[0]
        found = re.search(r"http://127\.0\.0\.1:\d+/ask/[A-Za-z0-9_-]{43}", text_of(mail))
        assert found is not None, text_of(mail)
        link = found.group(0)
        assert link.startswith(base) and link in html_of(mail)
        for width in WIDTHS:
            with_director = director(width)
            page = with_director.new_page()
            page.goto(f"{base}/director/sessions/{session}/mail")
            page.wait_for_selector("table.mail-log")
            assert "sent" in page.inner_text("table.mail-log")
            assert _violations(page) == []  # axe-core, and nothing wider than the window
            _shot(page, f"mail-sent-{width}")
            with_director.close()

        # the player follows the link in their mail and asks about board 1
        player = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True)
        page = player.new_page()
        page.goto(link)
        assert "For P1NS Q" in page.inner_text("main")
        page.select_option("select[name=board]", "1")
        page.fill("textarea[name=reason]", "We made nine tricks, not ten")
        page.fill("input[name=proposed]", "3NT S =")
        page.click("#ask button[type=submit]")
        page.wait_for_selector("p[role=status]")
        assert "Waiting for the director." in page.inner_text("ul.requests")
        player.close()
        assert (
            client.get(f"/director/sessions/{session}/history.json?line={quote(LINE)}").json()[
                "entries"
            ][-1]["result"]
            == IN_FORCE
        )  # asking changed nothing

        # the director sees it on the session's page and accepts it on the requests page
        with_director = director()
        page = with_director.new_page()
        page.goto(f"{base}/director/sessions/{session}")
        page.click("#watch a:has-text('answer')")
        page.wait_for_url(f"**/director/sessions/{session}/requests#request-*")
        request = page.locator("section.request", has_text="Board 1")
        assert request.locator("input[name=result]").input_value() == "3NT S ="
        request.locator("form.accept input[name=words]").fill("Both pairs agree: nine tricks")
        request.locator("form.accept button[type=submit]").click()
        page.wait_for_selector("table.answered")
        assert "accepted" in page.inner_text("table.answered")
        # the correction is a new entry in the line's history, naming the request; the old kept
        page.goto(f"{base}/director/sessions/{session}/history?line={quote(LINE)}")
        rows = page.locator("table.history tbody tr")
        texts = [rows.nth(i).inner_text() for i in range(rows.count())]
        with_director.close()

        # the player's page says so
        for width in WIDTHS:
            player = browser.new_context(viewport={"width": width, "height": 800})
            page = player.new_page()
            page.goto(link)
            told_here = page.locator("ul.requests li", has_text="Board 1").inner_text()
            assert "Accepted: the board was corrected, the result is now 3NT S =." in told_here
            assert "Both pairs agree: nine tricks" in told_here
            _shot(page, f"player-told-{width}")
            player.close()
    assert len(texts) == 2, texts
    old, new = (row.split("\t") for row in texts)
    assert (old[1], old[-1]) == (IN_FORCE, "")  # kept, no longer in force
    assert (new[1], new[2], new[-1]) == ("3NT S =", "400", "yes")
    assert (
        new[-2]
        == "request 1 of P1NS Q: We made nine tricks, not ten — Both pairs agree: nine tricks"
    )

    # told by mail, with the result now in force
    told = wait_for(lambda: [m for m in sink.to("p1ns@example.org") if "accepted" in m["Subject"]])
    assert told[0]["Subject"].startswith("Your request about board 1: accepted")
    assert "the result is now 3NT S =" in text_of(told[0])
    assert "“Both pairs agree: nine tricks”" in text_of(told[0])


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("BRIDGESCORE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)
