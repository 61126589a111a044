"""Players score at the table from their phones: four tables of a real ``bridgescore serve``
play two rounds, each from its own Chromium context at a phone's size, by taps alone.

Table 4 loses its connection for round 1: it enters its three results offline (queued on the
phone, shown as waiting), the page is even reloaded without a connection (the service worker
serves it, the queue survives in IndexedDB), and when the connection returns every result
arrives exactly once. All the while the director's watch page, opened once, follows every
result without a reload (pushed by the server). Published, each phone links to the results,
whose rankings equal ``bridgescore score`` of the same travellers.
Every screen passes axe-core with no serious or critical violation, and none scrolls sideways
at 320 px. With ``BRIDGESCORE_SHOTS=folder`` each step is saved at 360 px.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from click.testing import CliRunner
from tools.servers import serving

from bridgescore.bridge import Vulnerability
from bridgescore.cli import main
from bridgescore.store import open_store
from tests.web.phones import Phone, enter, notation
from tests.web.server import login, new_session, prepare

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# What each table enters, cycled by (table + board): contract, declarer, tricks, lead.
RESULTS: list[tuple[str, ...]] = [
    ("4S", "N", "=", "HK"),
    ("3NT", "S", "+1", "D5"),
    ("2HX", "E", "-2", "C2"),
    ("PASS",),
    ("4S", "N", "-1", ""),
    ("1NT", "W", "=", "ST"),
    ("6DXX", "S", "=", "HA"),
]
CORRECTION = ("5DX", "W", "-3", "")
OFFLINE_TABLE = 4


def result_for(table: int, board: int) -> tuple[str, ...]:
    return RESULTS[(table * 3 + board) % len(RESULTS)]


class Desk:
    """The director's watch page in a laptop-sized tab, opened once and never reloaded."""

    def __init__(self, chromium: Browser, base: str, director: httpx.Client, session: int) -> None:
        self.context = chromium.new_context(viewport={"width": 1280, "height": 800})
        self.context.add_cookies(
            [{"name": k, "value": v, "url": base} for k, v in director.cookies.items()]
        )
        self.page = self.context.new_page()
        self.base = base
        self.session = session
        self.problems: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.goto(f"{base}/director/sessions/{session}")
        self.page.wait_for_selector("#watch")
        self.page.evaluate("window.openedOnce = true")

    def shows(self, words: str, where: str = "#watch") -> None:
        """The watch page shows ``words`` (in ``where``) within a few seconds, by itself."""
        self.page.wait_for_function(
            "([words, where]) => document.querySelector(where).innerText.includes(words)",
            arg=[words, where],
            timeout=10_000,
        )

    def reloaded(self) -> bool:
        return not self.page.evaluate("window.openedOnce === true")

    def shot(self, folder: Path | None, name: str) -> None:
        if folder is None:
            return
        self.page.screenshot(path=str(folder / f"{name}-1280.png"), full_page=True)
        self.page.set_viewport_size({"width": 360, "height": 760})
        self.page.screenshot(path=str(folder / f"{name}-360.png"), full_page=True)
        self.page.set_viewport_size({"width": 1280, "height": 800})

    def close(self) -> None:
        assert not self.problems, self.problems
        self.context.close()


class Checks:
    """axe-core on every screen of one phone, no sideways scrolling, and the screenshots."""

    def __init__(self) -> None:
        from axe_playwright_python.sync_playwright import Axe

        self.axe = Axe()
        self.seen: set[str] = set()
        self.violations: list[str] = []
        self.wide: list[str] = []
        folder = os.environ.get("BRIDGESCORE_SHOTS")
        self.folder = Path(folder) if folder else None
        if self.folder:
            self.folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, phone: Phone, name: str, full: bool) -> None:
        page = phone.page
        width = page.viewport_size["width"] if page.viewport_size else 0
        wide = page.evaluate("document.documentElement.scrollWidth") - width
        if wide > 0:
            self.wide.append(f"table {phone.table}, {name}: {wide}px too wide at {width}px")
        if not full or name in self.seen:
            return
        self.seen.add(name)
        results = self.axe.run(page)
        for violation in results.response["violations"]:
            if violation["impact"] in ("serious", "critical"):
                self.violations.append(f"{name}: {violation['id']}: {violation['help']}")
        self.shot(phone, name)

    def shot(self, phone: Phone, name: str) -> None:
        page = phone.page
        if self.folder:
            page.screenshot(path=str(self.folder / f"table-{name}.png"), full_page=True)


def test_four_tables_score_two_rounds_from_phones_one_offline(
    browser: Browser,
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "club.db")
    prepare(db)
    checks = Checks()
    with serving(db) as (_, base):
        director = httpx.Client(base_url=base, timeout=30)
        csrf = login(director)
        session, _ = new_session(director, csrf, pairs=8)  # a 4-table Howell, 3 boards a round
        tables = director.get(f"/director/sessions/{session}/tables.json").json()["tables"]
        vulnerability = {b: Vulnerability.for_board(b).value for b in range(1, 40)}
        phones = {int(t["table"]): Phone(browser, base, int(t["table"]), t["url"]) for t in tables}
        assert set(phones) == {1, 2, 3, 4}
        desk = Desk(browser, base, director, session)
        watched = phones[2]
        current = watched

        def check(step: str) -> None:
            checks(current, step, full=current is watched)

        rounds: dict[int, dict[int, list[int]]] = {}
        for round_ in (1, 2):
            rounds[round_] = {}
            for number, phone in phones.items():
                current = phone
                phone.screen("round")
                heading = phone.page.inner_text("main h2")
                assert heading == f"Is this table {number}, round {round_}?", heading
                check("round")
                phone.tap("[data-action=confirmRound]")
                phone.screen("boards")
                check("boards")
                rounds[round_][number] = [
                    int(b)
                    for b in phone.page.eval_on_selector_all(
                        "[data-action=pickBoard]", "els => els.map(e => e.dataset.board)"
                    )
                ]
                assert len(rounds[round_][number]) == 3
            if round_ == 1:
                offline = phones[OFFLINE_TABLE]
                offline.page.wait_for_function(
                    "navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                    timeout=15_000,
                )
                offline.go_offline(True)
            # the tables take turns board by board, so their results reach the server interleaved
            for index in range(3):
                for number, phone in phones.items():
                    current = phone
                    board = rounds[round_][number][index]
                    enter(phone, board, result_for(number, board), vulnerability[board], check)
            if round_ == 2:  # table 1 corrects a board of the round it is still playing
                board = rounds[2][1][0]
                enter(phones[1], board, CORRECTION, vulnerability[board], check, correcting=True)
                # and table 3 calls the director from its phone
                phones[3].tap("[data-action=call]")
                phones[3].page.wait_for_selector("#call.waiting", timeout=15_000)
                calls = director.get(f"/director/sessions/{session}.json").json()["calls"]
                assert [c["table"] for c in calls] == ["3"]
            if round_ == 1:
                offline = phones[OFFLINE_TABLE]
                assert "3 results are waiting to be sent" in offline.status()
                checks.shot(offline, "offline-waiting")
                offline.page.reload()  # no connection: the service worker serves the page
                offline.screen("boards")
                assert "3 results are waiting to be sent" in offline.status()
                offline.go_offline(False)
                offline.page.wait_for_function(
                    "document.getElementById('status').innerText.includes('has been sent')",
                    timeout=30_000,
                )
            for phone in phones.values():
                current = phone
                phone.page.wait_for_selector("text=is complete")
                assert "Where each pair goes next" in phone.page.inner_text("main")
                check("end-of-round")
                if round_ == 1:
                    phone.tap("[data-action=nextRound]")
            # the director's page, never reloaded, shows every result of the round
            desk.shows(f"{12 * round_} of ", "#watch .progress")
        desk.shows("Table 3 calls the director")
        desk.shot(checks.folder, "director-watch-live")
        # a second phone at table 2, watching, sends a result of its own: it is kept for the
        # director, and the watch page says so at once, with the reason
        second = director.post("/t/api/join", json={"code": tables[1]["code"]}).json()
        kept = director.post(
            "/t/api/results",
            json={
                "client_id": "second-phone-0001",
                "board": rounds[2][2][0],
                "round": 2,
                "contract": "1C",
                "declarer": "E",
                "tricks": "=",
            },
            headers={"authorization": f"Bearer {second['token']}"},
        )
        assert kept.status_code == 202, kept.text
        desk.shows("is kept for the director (sent by phone")
        desk.shot(checks.folder, "director-watch-held")
        if checks.folder:  # the tables page with it, the removal asked twice, the club's grants
            desk.page.goto(f"{base}/director/sessions/{session}/tables")
            desk.shot(checks.folder, "director-tables-held")
            desk.page.click(f"text=Remove phone {second['device']}…")
            desk.page.wait_for_selector("#remove")
            desk.shot(checks.folder, "director-remove-asked")
            desk.page.goto(f"{base}/director/club")
            desk.shot(checks.folder, "director-club")
            desk.page.goto(f"{base}/director/sessions/{session}")
            desk.page.evaluate("window.openedOnce = true")

        # a spare phone scans table 3's card: the table has a scoring phone, so it only
        # watches, looking back at round 1 (and its address no longer shows the card's key);
        # handed the scoring by the table's own phone, it opens at the current round by itself
        spare = Phone(browser, base, 3, tables[2]["url"])
        spare.screen("round")
        assert "#" not in spare.page.url
        spare.tap("summary")
        spare.tap("[data-action=otherRound][data-round='1']")
        spare.tap("[data-action=confirmRound]")
        spare.screen("boards")
        assert f"is scored on phone {phones[3].device}" in spare.page.inner_text("main")
        table_3 = phones[3]
        table_3.page.wait_for_selector("text=Other phones at this table", timeout=15_000)
        table_3.tap("text=Other phones at this table")
        table_3.tap(f"[data-action=handTo][data-device='{spare.device}']")
        checks.shot(table_3, "hand-over-asked")
        table_3.tap("[data-action=handOver]")
        spare.page.wait_for_function(
            "document.querySelector('main h2').innerText.startsWith('Round 3:')", timeout=15_000
        )
        assert "Round 3" in spare.page.inner_text("#where")
        assert spare.page.locator("[data-action=pickBoard]").count() == 3
        checks.shot(spare, "handed-over")
        table_3.page.wait_for_selector(
            f"text=This phone now watches: phone {spare.device} scores for the table."
        )
        table_3.page.wait_for_selector(f"text=This phone ({table_3.device}) is watching")
        assert f"is scored on phone {spare.device}" in table_3.page.inner_text("main")
        spare.published = True

        # published: each phone's page says scoring is over and links to the results
        for phone in phones.values():
            phone.published = True
        published = director.post(
            f"/director/sessions/{session}/publish.json", data={"csrf": csrf, "minutes": "60"}
        )
        assert published.status_code == 200, published.text
        for phone in [*phones.values(), spare]:
            phone.page.wait_for_selector("text=Scoring is over", timeout=15_000)
            link = phone.page.get_attribute("a.button", "href")
            assert link == f"/results/{session}/", link
        assert not spare.problems, spare.problems
        spare.context.close()
        checks.shot(phones[2], "published")
        assert desk.reloaded() is False
        desk.close()

        # the director sees every result, each stored exactly once
        for phone in phones.values():
            assert not phone.problems, (phone.table, phone.problems)
            assert "has been sent" in phone.status()
            assert f"Phone {phone.device}" in phone.page.inner_text("#where")
            phone.context.close()
        assert not checks.violations, checks.violations
        assert not checks.wide, checks.wide
        watch = director.get(f"/director/sessions/{session}.json").json()
        if checks.folder:  # the director's side: the phones at the tables, the cards to print
            desk = browser.new_context(viewport={"width": 1280, "height": 800})
            desk.add_cookies(
                [{"name": k, "value": v, "url": base} for k, v in director.cookies.items()]
            )
            tab = desk.new_page()
            for where, name in (("tables", "director-tables"), ("tables/cards", "printed-cards")):
                tab.goto(f"{base}/director/sessions/{session}/{where}")
                tab.screenshot(path=str(checks.folder / f"{name}.png"), full_page=where == "tables")
            wide = desk.new_page()  # the table's page on a laptop: one centred column
            wide.goto(f"{base}/t/")
            wide.wait_for_selector("#code")
            wide.screenshot(path=str(checks.folder / "table-join-1280.png"))
            desk.close()
        director.close()

    store = open_store(db)
    try:
        rows = store.session_rows(session).results
        by_place = {(r.round, int(r.table_label), r.board): r for r in rows}
        expected = {
            (round_, table, board): notation(result_for(table, board))
            for round_, at in rounds.items()
            for table, boards in at.items()
            for board in boards
        }
        corrected = (2, 1, rounds[2][1][0])
        expected[corrected] = notation(CORRECTION)
        assert {k: v.result for k, v in by_place.items()} == expected
        for place, row in by_place.items():
            lines = store.history(session, row.entry_key)
            if place == corrected:
                assert [e.result for e in lines] == [
                    notation(result_for(1, corrected[2])),
                    notation(CORRECTION),
                ]
                assert lines[-1].reason == "corrected at the table"
            else:
                assert len(lines) == 1, row.entry_key
        csv_text = store.export(session, "csv")
    finally:
        store.close()

    path = tmp_path / "travellers.csv"
    path.write_text(csv_text, encoding="utf-8")
    out = tmp_path / "scored.json"
    result = CliRunner().invoke(main, ["score", str(path), "--format", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    scored = json.loads(out.read_text(encoding="utf-8"))

    def rankings(fields: list[dict[str, Any]]) -> list[list[tuple[Any, ...]]]:
        return [
            [(r["pair"], r["rank"], r["place"], r["mp_exact"], r["percent"]) for r in f["rankings"]]
            for f in fields
        ]

    assert rankings(watch["fields"]) == rankings(scored["fields"])
    assert sum(len(f["rankings"]) for f in watch["fields"]) == 8


def test_the_page_scores_every_result_as_the_library_does(
    browser: Browser,
    tmp_path: Path,
) -> None:
    """The table page's score of every contract, declarer, vulnerability and number of tricks
    (the page looks them up in the library's table and signs them for North-South) equals
    :meth:`Contract.ns_score`: 22,000-odd results, one page."""
    from bridgescore.bridge import Seat
    from bridgescore.contract import Contract

    db = str(tmp_path / "club.db")
    prepare(db)
    with serving(db) as (_, base):
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{base}/t/")
        page.wait_for_function("typeof nsScore === 'function'")
        shown = page.evaluate(
            """async () => {
                ui.scores = await (await fetch('/t/api/scores')).json();
                const out = {};
                for (const vul of ['None', 'NS', 'EW', 'All'])
                  for (let level = 1; level <= 7; level++)
                    for (const strain of ['C', 'D', 'H', 'S', 'N'])
                      for (const doubling of ['', 'X', 'XX'])
                        for (const declarer of ['N', 'E', 'S', 'W'])
                          for (let taken = 0; taken <= 13; taken++) {
                            const made = taken - level - 6;
                            const tricks = made === 0 ? '=' : made > 0 ? `+${made}` : `${made}`;
                            const d = {level, strain, doubling, declarer, tricks, special: null};
                            out[`${vul} ${level}${strain}${doubling} ${declarer} ${taken}`] =
                              nsScore(d, {vulnerability: vul});
                          }
                return out;
            }"""
        )
        context.close()
    expected = {
        f"{vul.value} {level}{strain}{doubling} {seat.value} {taken}": Contract.parse(
            f"{level}{strain}{doubling}"
        ).ns_score(seat, taken, vul)
        for vul in Vulnerability
        for level in range(1, 8)
        for strain in "CDHSN"
        for doubling in ("", "X", "XX")
        for seat in Seat
        for taken in range(14)
    }
    assert len(expected) == 23_520
    assert shown == expected
