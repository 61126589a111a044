"""A team's results mail read on a phone: in Debian's Chromium at 360 px, the HTML part -- the
ranking, each match's boards with the hands, par, the makeable contracts and each table's
opening lead -- never scrolls sideways, and axe-core finds no serious or critical violation in
it; at 1280 px neither."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bridgescore.formats import hands
from bridgescore.formats.csv import loads as csv_loads
from bridgescore.reports.deals import solve
from bridgescore.reports.leads import Leads
from bridgescore.reports.mail import Ask
from bridgescore.reports.team_evening import TeamEvenings, positions
from bridgescore.reports.team_mail import compose
from bridgescore.reports.views import TeamsPages
from bridgescore.rules import CLUB
from bridgescore.scoring import score_teams
from bridgescore.session import Entrant, FieldStructure
from tests.browsers import Watched
from tests.conftest import shared_path
from tests.reports.helpers import LED

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.e2e
pytest.importorskip("endplay")


def _mail_html() -> str:
    session = csv_loads(LED, "teams.csv", structure=FieldStructure.TEAMS).session
    records = hands.read_path(shared_path("data", "hand-records", "test.pbn"))
    session, _ = hands.with_deals(session, records)
    result = score_teams(session, CLUB)
    solved = solve(result.session.boards.values())
    leads = Leads()
    leads.solve(positions(result))
    made = compose(
        TeamsPages(result, solved),
        TeamEvenings(result, solved, leads),
        Entrant(1),
        player="Ann Lee",
        publish="full name",
        site="https://club.example.org/results/4/",
        ask=Ask("https://club.example.org/ask/" + "x" * 43, "28 November 2026 21:30 UTC"),
    )
    assert "East-West make" in made.html and "the opening lead" in made.html
    return made.html


@pytest.mark.parametrize("width", [360, 1280])
def test_a_teams_mail_fits_a_phone(browser: Browser, tmp_path: Path, width: int) -> None:
    from axe_playwright_python.sync_playwright import Axe

    path = tmp_path / "mail.html"
    path.write_text(_mail_html(), encoding="utf-8")
    tab = Watched(browser, width=width, height=800)
    try:
        page = tab.open(path)
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, f"the mail is {wide}px wider than a {width} px window"
        serious = [
            f"{v['id']}: {v['help']}"
            for v in Axe().run(page).response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert serious == []
        assert tab.problems == []
    finally:
        tab.close()
