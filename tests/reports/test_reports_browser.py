"""The results site in a real browser: Debian's headless Chromium, driven by Playwright.

Every page of the sample session's site is opened from the files (no server, no network): it
loads with no console error and no failed request, every link leads to a page (and anchor) that
exists, the numbers rendered are the engine's, a player named like a script shows as text and
runs nothing, and phone and print widths need no sideways scrolling of the page itself.

``make test`` installs Chromium (``apt-get install chromium``) and Playwright; without them this
module is skipped with the reason -- except in CI (``CI`` set), where it must run and fails.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

from bridgescore.bridge import Seat
from bridgescore.reports.model import entrant_page
from tests.browsers import Watched
from tests.reports.report_sites import HOSTILE, Built, hostile_site, real_site, sample_site

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def crawl(browser: Browser, site: Built) -> set[str]:
    """Open every page reachable from the rankings, following every link; return the pages."""
    tab = Watched(browser)
    seen: set[str] = set()
    queue = ["index.html"]
    anchors: list[tuple[str, str, str]] = []
    ids: dict[str, set[str]] = {}
    while queue:
        name = queue.pop()
        if name in seen:
            continue
        seen.add(name)
        page = tab.open(site.directory / name)
        assert page.title().endswith(site.result.session.title or "Session results"), name
        ids[name] = set(page.eval_on_selector_all("[id]", "elements => elements.map(e => e.id)"))
        hrefs: list[str] = page.eval_on_selector_all(
            "a[href]", "elements => elements.map(e => e.getAttribute('href'))"
        )
        for href in hrefs:
            parts = urlsplit(href)
            assert not parts.scheme and not parts.netloc, f"{name} links out: {href}"
            target = parts.path or name
            assert (site.directory / target).is_file(), f"{name}: broken link {href}"
            if parts.fragment:
                anchors.append((name, target, parts.fragment))
            if target.endswith(".html"):
                queue.append(target)
        # Images (the score card's chart) load and have a size.
        broken = page.eval_on_selector_all(
            "img", "images => images.filter(i => !i.complete || i.naturalWidth === 0).length"
        )
        assert broken == 0, name
    for name, target, fragment in anchors:
        assert fragment in ids[target], f"{name}: no {target}#{fragment}"
    assert not tab.problems, tab.problems
    assert not tab.dialogs
    tab.close()
    return seen


@pytest.mark.parametrize("build", [sample_site, real_site], ids=["sample", "real-usebio"])
def test_every_page_loads_cleanly_and_every_link_resolves(
    browser: Browser, build: Callable[[], Built]
) -> None:
    site = build()
    seen = crawl(browser, site)
    assert seen == {p.name for p in site.directory.glob("*.html")}


def test_the_numbers_rendered_are_the_engines(browser: Browser) -> None:
    site = sample_site()
    result = site.result
    tab = Watched(browser)
    page = tab.open(site.directory / "index.html")
    tables = page.locator("table.rankings")
    assert tables.count() == len(result.fields)
    for i, field in enumerate(result.fields):
        rows = tables.nth(i).locator("tbody tr")
        assert rows.count() == len(field.standings)
        for j, s in enumerate(field.standings):
            row = rows.nth(j)
            assert row.locator("td.place").inner_text() == s.place
            assert row.locator("td.names").inner_text() == (s.name or "")
            assert row.locator("td.mp").inner_text() == site.num(s.points)
            assert row.locator("td.pct").inner_text() == site.num(s.percent)
    for board in result.boards[:6]:
        page = tab.open(site.directory / f"board-{board.board.number}.html")
        rows = page.locator("table.traveller tbody tr")
        assert rows.count() == len(board.tables)
        for j, t in enumerate(board.tables):
            assert rows.nth(j).locator("td.ns-value").inner_text() == site.num(t.ns_points)
            assert rows.nth(j).locator("td.ew-value").inner_text() == site.num(t.ew_points)
        # The reason for each value, on demand.
        first = rows.nth(0).locator("details")
        assert not first.locator("p").first.is_visible()
        first.locator("summary").click()
        assert "beat" in first.locator("p").first.inner_text()
    winner = result.fields[0].standings[0]
    page = tab.open(site.directory / f"{entrant_page(winner.entrant)}.html")
    assert page.locator("td.running").last.inner_text() == site.num(winner.points)
    assert page.locator("dd .mp").inner_text() == site.num(winner.points)
    page = tab.open(site.directory / "recap.html")
    totals = page.locator("table.recap-table").first.locator("tbody td.total").all_inner_texts()
    by_number = sorted(result.fields[0].standings, key=lambda s: s.entrant)
    assert totals == [site.num(s.points) for s in by_number]
    assert not tab.problems, tab.problems
    tab.close()


def test_a_player_named_like_a_script_appears_as_text(browser: Browser) -> None:
    site = hostile_site()
    tab = Watched(browser)
    for name in ("index.html", "recap.html", "pair-3ns.html", "board-1.html", "pair-1ew.html"):
        page = tab.open(site.directory / name)
        assert page.evaluate("document.scripts.length") == 0, name
        assert page.locator("b", has_text="Bold").count() == 0, name
    page = tab.open(site.directory / "index.html")
    assert page.get_by_text(HOSTILE, exact=True).is_visible()
    assert page.get_by_text('Ann "<b>Bold</b>" & Bob\'s', exact=True).is_visible()
    page = tab.open(site.directory / "pair-3ns.html")
    assert page.locator("h1 .names").inner_text() == HOSTILE
    assert HOSTILE in page.title()
    assert not tab.dialogs and not tab.problems, (tab.dialogs, tab.problems)
    tab.close()


@pytest.mark.parametrize(("width", "media"), [(390, "screen"), (718, "print"), (740, "print")])
def test_phone_and_paper_widths_need_no_sideways_scrolling(
    browser: Browser, width: int, media: str
) -> None:
    """A phone (390 px), and A4 / Letter paper less 10 mm margins (718 / 740 px at 96 dpi)."""
    site = sample_site()
    tab = Watched(browser, width=width)
    tab.page.emulate_media(media=media)  # type: ignore[arg-type]
    winner = site.result.fields[0].standings[0]
    names = ["index.html", "board-1.html", f"{entrant_page(winner.entrant)}.html"]
    if media == "screen":
        names.append("recap.html")  # on paper the recap sheet is printed landscape
    for name in names:
        page = tab.open(site.directory / name)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{name} is {overflow}px too wide at {width}px ({media})"
        if media == "print":
            assert page.locator("nav.pages").is_hidden()
    assert not tab.problems, tab.problems
    tab.close()


def test_pages_print_to_pdf_on_a4_and_letter(browser: Browser, tmp_path: Path) -> None:
    site = sample_site()
    tab = Watched(browser)
    for name in ("index.html", "recap.html", "board-1.html"):
        page = tab.open(site.directory / name)
        for paper in ("A4", "Letter"):
            pdf = page.pdf(format=paper, print_background=True)
            assert pdf.startswith(b"%PDF") and len(pdf) > 1000
    tab.close()


def test_a_real_session_with_deals(browser: Browser) -> None:
    site = real_site()
    tab = Watched(browser)
    from bridgescore.reports import deals

    first = site.result.boards[0]
    page = tab.open(site.directory / f"board-{first.board.number}.html")
    hands = deals.parse_deal(first.board.deal or "")
    for seat, name in (("N", "north"), ("E", "east"), ("S", "south"), ("W", "west")):
        hand = hands[Seat(seat)]
        assert hand is not None
        assert page.locator(f".hand.{name} .hcp").inner_text() == str(hand.hcp)
    assert page.locator("table.dd tbody tr").count() == 4
    solved = deals.solve([first.board])[first.board.number]
    assert page.locator(".par-score").inner_text() == str(solved.par_score)
    for j, t in enumerate(first.tables):
        row = page.locator("table.traveller tbody tr").nth(j)
        assert row.locator("td.ns-value").inner_text() == site.num(t.ns_points)
        if t.ns_score is not None:
            difference = t.ns_score - solved.par_score
            assert row.locator("td.vs-par").inner_text() == (
                f"{difference:+d}" if difference else "0"
            )
    for name in ("index.html", "recap.html"):
        tab.open(site.directory / name)
    assert not tab.problems, tab.problems
    tab.close()
