"""The results site for every reader: axe-core (through Playwright, in Debian's Chromium) finds no
serious or critical violation on any page kind -- rankings, travellers (with and without a
deal), the recap sheet, score cards, each pair's evening, an event's ranking and its sessions'
pages -- at 360 px and at 1280 px; and at 200 % zoom (1280 px shown as 640 CSS px, as a browser
zoomed for large text does) no page scrolls sideways and its navigation and heading stay in view.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from tests.conftest import shared_path
from tests.reports.helpers import MINI
from tests.reports.report_sites import SAMPLE

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written

if TYPE_CHECKING:
    from playwright.sync_api import Browser

WIDTHS = (360, 1280)


def _report(out: Path, *args: str) -> Path:
    done = CliRunner().invoke(main, ["report", *args, "-o", str(out)])
    assert done.exit_code == 0, done.output
    return out


@pytest.fixture(scope="module", name="pages")
def pages_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    root = tmp_path_factory.mktemp("a11y")
    mini = root / "mini.csv"
    mini.write_text(MINI)
    deals = shared_path("data", "hand-records", "test.pbn")
    with_deals = _report(root / "deals", str(mini), "--deals", str(deals))
    sample = _report(root / "sample", str(SAMPLE), "--masterpoints", "abf:green")
    second = root / "second.csv"
    shutil.copyfile(SAMPLE, second)
    event = _report(root / "event", str(SAMPLE), str(second), "--pairs-by", "numbers")
    yield {
        "rankings": sample / "index.html",
        "traveller": sample / "board-1.html",
        "traveller with a deal": with_deals / "board-1.html",
        "recap sheet": sample / "recap.html",
        "score card": sample / "pair-1ns.html",
        "evening": with_deals / "pair-2ns-evening.html",
        "evening without deals": sample / "pair-1ns-evening.html",
        "event": event / "index.html",
        "event's session": event / "session-1" / "index.html",
    }


def _violations(opened: Browser, path: Path, width: int) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    context = opened.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(path.as_uri())
        results = Axe().run(page)
    finally:
        context.close()
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -- {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("width", WIDTHS)
def test_no_serious_violation_on_any_page_kind(
    browser: Browser,
    pages: dict[str, Path],
    width: int,
) -> None:
    found = {
        kind: problems
        for kind, path in pages.items()
        if (problems := _violations(browser, path, width))
    }
    assert found == {}


def test_large_text_at_200_percent(
    browser: Browser,
    pages: dict[str, Path],
) -> None:
    """A 1280 px window zoomed to 200 %: 640 CSS px wide. The page itself never scrolls
    sideways (wide tables scroll inside their own box), the heading and the navigation are
    there to read, and the text is as large as the reader asked."""
    context = browser.new_context(viewport={"width": 640, "height": 450}, device_scale_factor=2)
    problems = []
    try:
        page = context.new_page()
        for kind, path in pages.items():
            page.goto(path.as_uri())
            wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            if wide > 0:
                problems.append(f"{kind}: {wide}px wider than the window")
            heading = page.locator("h1").first
            if not heading.is_visible():
                problems.append(f"{kind}: no heading to read")
            links = page.locator("nav a")
            for i in range(links.count()):
                box = links.nth(i).bounding_box()
                if box is None or box["x"] < 0 or box["x"] + box["width"] > 640 + 1:
                    problems.append(f"{kind}: a navigation link out of reach")
                    break
            size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
            if size < 15:
                problems.append(f"{kind}: text of {size}px")
    finally:
        context.close()
    assert problems == []
