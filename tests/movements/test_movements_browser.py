"""Guide cards in a real browser: Debian's headless Chromium, driven by Playwright.

Every guide page opens from the files with no console error or failed request, needs no sideways
scrolling at phone width or on A4 / Letter paper, prints on the paper chosen (the ``@page`` size),
and each pair's card as rendered says what the movement says.

Skipped with the reason when Chromium or Playwright is missing -- except in CI (``CI`` set).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from bridgescore.movements import howell, mitchell_for_pairs
from bridgescore.movements.individual import individual
from bridgescore.movements.model import Movement
from bridgescore.reports.guides import PAGES, write_guides

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

# The browser: tests/conftest.py's ``browser`` fixture (tests/browsers.py).


def open_page(browser: Browser, path: Path, width: int, media: str = "screen") -> tuple[Page, Any]:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on(
        "console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None
    )
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("requestfailed", lambda r: problems.append(f"failed: {r.url}"))
    page.emulate_media(media=media)  # type: ignore[arg-type]
    response = page.goto(path.as_uri())
    assert response is not None and response.ok
    return page, (context, problems)


MOVEMENTS = {
    "mitchell-13-pairs": lambda: mitchell_for_pairs(13, 2),
    "howell-5": lambda: howell(5, 3),
    "individual-2": lambda: individual(2, 2),
}


SIZES = [
    ("mitchell-13-pairs", 390, "screen"),
    ("mitchell-13-pairs", 718, "print"),
    ("mitchell-13-pairs", 740, "print"),
    ("howell-5", 390, "screen"),
    ("individual-2", 718, "print"),
]


@pytest.mark.parametrize(("name", "width", "media"), SIZES)
def test_guides_fit_phone_and_paper(
    browser: Browser, tmp_path: Path, name: str, width: int, media: str
) -> None:
    """A phone (390 px), and A4 / Letter less 10 mm margins (718 / 740 px at 96 dpi)."""
    write_guides(MOVEMENTS[name](), tmp_path)
    for page_name in PAGES:
        page, (context, problems) = open_page(browser, tmp_path / f"{page_name}.html", width, media)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{page_name} is {overflow}px too wide at {width}px ({media})"
        if media == "print":
            assert page.locator("nav.guides").is_hidden()
            # On paper nothing can scroll: every table fits its box.
            clipped = page.eval_on_selector_all(
                ".scroll", "boxes => boxes.filter(b => b.scrollWidth > b.clientWidth + 1).length"
            )
            assert clipped == 0, f"{page_name}: {clipped} tables cut off at {width}px"
        assert not problems, problems
        context.close()


@pytest.mark.parametrize(("paper", "points"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_guides_print_on_the_paper_chosen(
    browser: Browser, tmp_path: Path, paper: str, points: tuple[int, int]
) -> None:
    write_guides(howell(4, 2), tmp_path, paper=paper)
    page, (context, _) = open_page(browser, tmp_path / "tables.html", 1000, "print")
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    assert pdf.startswith(b"%PDF")
    # A4 is 595 x 842 points, Letter 612 x 792: the @page size rule decides.
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)", pdf)
    assert boxes and all((round(float(w)), round(float(h))) == points for w, h in boxes)
    context.close()


def _walk(movement: Movement, page: Page) -> None:
    for who in movement.contestants:
        card = page.locator(f'section[data-who="{who.label}"]')
        assert card.count() == 1, who
        rows = card.locator("tbody tr")
        assert rows.count() == movement.rounds
        for index in range(movement.rounds):
            row = rows.nth(index)
            play = movement.where(who, index + 1)
            assert play is not None
            assert row.locator("td.table").inner_text() == str(play.table)
            boards = row.locator("td.boards").inner_text()
            expected = "sit out" if play.sit_out else ", ".join(map(str, play.boards))
            assert boards == expected, (who, index + 1)
            against = row.locator("td.against").inner_text()
            for opponent in play.opponents_of(who):
                shown = "phantom" if opponent == movement.phantom else opponent.label
                assert shown in against.split(" & ")


@pytest.mark.parametrize("name", sorted(MOVEMENTS))
def test_each_personal_card_as_rendered_walks_the_movement(
    browser: Browser, tmp_path: Path, name: str
) -> None:
    movement = MOVEMENTS[name]()
    write_guides(movement, tmp_path)
    page, (context, problems) = open_page(browser, tmp_path / "personal.html", 390)
    _walk(movement, page)
    assert not problems
    context.close()
