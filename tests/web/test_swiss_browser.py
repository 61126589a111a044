"""A Swiss teams event of six teams and three rounds run through the console of a real
``bridgescore serve``, with a phone at each of its six tables (each its own Chromium context at
a phone's size, entering its room's boards by taps).

The director starts the event in the console's form, draws each round (a draw asked for before
the round is in is refused with a sentence), opens the table assignments (the phones' codes come
from them), publishes after each round; between rounds 2 and 3 a team withdraws and a late entry
takes its place. The server is killed (kill -9) once round 3 is drawn and started again: asked
for round 3 again, it answers the draw it showed, and the phones carry on. The standings
published after each round are checked against values worked by hand from the boards entered:
each board's IMPs from the IMP scale, each margin's VPs on the WBF continuous scale for two
boards (rules.md §6.5, X = 15√2), added up along the draws the console made (each checked to be
a draw without a rematch and of the least cost, by trying every draw). With
``BRIDGESCORE_SHOTS=folder`` the console's pages, the published standings and a phone's match
are saved at 360 and 1280 px. Each of those pages passes axe-core at both widths with no serious
or critical violation.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from tools.servers import free_port, serving

from tests.web.server import login, prepare

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written


CUT_OFF = (
    "ERR_CONNECTION_REFUSED",
    "ERR_CONNECTION_RESET",
    "ERR_INCOMPLETE_CHUNKED_ENCODING",
    "ERR_EMPTY_RESPONSE",
)
NAMES = ["Aces", "Bees", "Cats", "Dogs", "Eels", "Foxes"]
LATE = "Late Larks"
# Two boards a match on the WBF continuous scale (X = 15 × √2 = 21.21...): the winner's VPs
# 10 + 10 × (1 − τ^(3 × 10 / X)) / (1 − τ³) = 16.46 for 10 IMPs, 17.31 for 12, and 20 from 22.
VP = {0: Fraction(10), 10: Fraction("16.46"), 12: Fraction("17.31"), 22: Fraction(20)}
# The boards of each round's three matches (by the match's table number in the draw): per board,
# who won it. A board won at 4S by North: made in one room, one down in the other; not
# vulnerable (boards 1, 3, 6 for North) +420 against −50, 470 → 10 IMPs; vulnerable (2, 4, 5)
# +620 against −100, 720 → 12 IMPs. A flat board: the same result in both rooms, 0 IMPs.
HOME, AWAY, FLAT = "home", "away", "flat"
PLAN = {
    1: {1: (HOME, HOME), 2: (FLAT, AWAY), 3: (HOME, FLAT)},  # +22, −12, +10
    2: {1: (FLAT, FLAT), 2: (FLAT, HOME), 3: (AWAY, AWAY)},  # 0, +12, −22
    3: {1: (FLAT, AWAY), 2: (HOME, HOME), 3: (FLAT, FLAT)},  # −10, +22, 0
}
SWING_IMPS = {1: 10, 2: 12, 3: 10, 4: 12, 5: 12, 6: 10}
FLAT_RESULT = {1: "3NT S =", 2: "PASS", 3: "3NT S ="}  # by round


def room_result(won: str, room: int, round_number: int) -> str:
    """What room 1 (home NS) or room 2 (away NS) enters on a board ``won`` as the plan says."""
    if won == FLAT:
        return FLAT_RESULT[round_number]
    made = (won == HOME) == (room == 1)  # the winning team's NS made it
    return "4S N =" if made else "4S N -1"


def margin(round_number: int, match: int) -> int:
    """The home team's margin in IMPs, worked from the plan's boards."""
    first = 2 * round_number - 1
    total = 0
    for board, won in zip((first, first + 1), PLAN[round_number][match], strict=True):
        total += {HOME: SWING_IMPS[board], AWAY: -SWING_IMPS[board], FLAT: 0}[won]
    return total


class Phone:
    """One table's phone: its own browser context (its own storage), watched for errors."""

    def __init__(self, chromium: Browser, base: str, table: int, code: str) -> None:
        self.table = table
        self.context: BrowserContext = chromium.new_context(
            viewport={"width": 360, "height": 760}, has_touch=True, is_mobile=True
        )
        self.page: Page = self.context.new_page()
        self.problems: list[str] = []
        self.restarted = False  # the server was killed and started again
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on("console", self._console)
        self.page.goto(f"{base}/t/{code}")

    def _console(self, message: Any) -> None:
        if message.type != "error":
            return
        if self.restarted and any(cut in message.text for cut in CUT_OFF):
            return  # the server was killed: the phone's requests then failed, as they should
        self.problems.append(f"console: {message.text}")

    def screen(self, name: str) -> None:
        self.page.wait_for_selector(f"main[data-screen='{name}']", timeout=20_000)

    def shows(self, words: str) -> None:
        """Wait until the screen says ``words``; the page's text is in the failure."""
        try:
            self.page.wait_for_function(
                "(w) => document.querySelector('main').innerText.includes(w)",
                arg=words,
                timeout=20_000,
            )
        except Exception as error:
            raise AssertionError(
                f"table {self.table}: {words!r} never shown; the page shows:\n"
                + self.page.inner_text("main")
            ) from error

    def tap(self, selector: str) -> None:
        try:
            self.page.locator(selector).first.tap(timeout=20_000)
        except Exception as error:
            raise AssertionError(
                f"table {self.table}: cannot tap {selector}; the page shows:\n"
                + self.page.inner_text("body")
            ) from error

    def main(self) -> str:
        return self.page.inner_text("main")

    def enter(self, board: int, result: str) -> None:
        """One board by taps, as the players would."""
        self.tap(f"[data-action=pickBoard][data-board='{board}']:not([data-replaces])")
        self.screen("entry")
        if result == "PASS":
            self.tap("[data-action=special][data-value='PASS']")
        else:
            contract, declarer, tricks = result.split()
            self.tap(f"[data-action=level][data-value='{contract[0]}']")
            self.tap(f"[data-action=strain][data-value='{contract[1]}']")
            self.tap("[data-action=toDeclarer]")
            self.tap(f"[data-action=declarer][data-value='{declarer}']")
            self.tap("[data-action=noLead]")
            self.tap(f"[data-action=tricks][data-value='{tricks}']")
        self.tap("[data-action=toAgree]")
        self.tap("[data-action=agree]")
        self.page.wait_for_selector("text=Stored:", timeout=20_000)
        self.tap("[data-action=nextBoard]")
        self.screen("boards")


class Desk:
    """The director's console in a laptop-sized tab."""

    def __init__(self, chromium: Browser, base: str, director: httpx.Client) -> None:
        self.context = chromium.new_context(viewport={"width": 1280, "height": 800})
        self.base = base
        self.context.add_cookies(
            [{"name": k, "value": v, "url": base} for k, v in director.cookies.items()]
        )
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))

    def shows(self, words: str, where: str = "main") -> None:
        self.page.wait_for_function(
            "([words, where]) => document.querySelector(where).innerText.includes(words)",
            arg=[words, where],
            timeout=15_000,
        )

    def shot(self, folder: Path | None, name: str, page: Page | None = None) -> None:
        if folder is None:
            return
        tab = page or self.page
        tab.set_viewport_size({"width": 1280, "height": 800})
        tab.screenshot(path=str(folder / f"{name}-1280.png"), full_page=True)
        tab.set_viewport_size({"width": 360, "height": 760})
        tab.screenshot(path=str(folder / f"{name}-360.png"), full_page=True)
        tab.set_viewport_size({"width": 1280, "height": 800})


AUDITED: list[str] = []  # a serious or critical axe-core violation on a page, by name


def audit(page: Page, name: str) -> None:
    """axe-core on the page at a phone's width and a laptop's, its size put back after."""
    from axe_playwright_python.sync_playwright import Axe

    size = page.viewport_size
    for width in (360, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        found = Axe().run(page).response
        assert found["passes"], f"axe-core checked nothing on {name}"  # it ran, and looked
        for violation in found["violations"]:
            if violation["impact"] in ("serious", "critical"):
                targets = [n["target"] for n in violation["nodes"]][:3]
                AUDITED.append(
                    f"{name} at {width} px: {violation['id']}: {violation['help']} {targets}"
                )
    if size:
        page.set_viewport_size(size)


def cheapest(
    vps: dict[int, Fraction], met: set[frozenset[int]]
) -> tuple[Fraction, list[frozenset[frozenset[int]]]]:
    """The least cost of a draw of these teams without a rematch (the squares of the VP
    differences), and every draw that costs it: tried one by one."""

    def draws(teams: list[int]) -> Iterator[list[tuple[int, int]]]:
        if not teams:
            yield []
            return
        first = teams[0]
        for other in teams[1:]:
            rest = [t for t in teams if t not in (first, other)]
            for tail in draws(rest):
                yield [(first, other), *tail]

    costs = [
        (sum(((vps[a] - vps[b]) ** 2 for a, b in d), Fraction(0)), d)
        for d in draws(sorted(vps))
        if not any(frozenset(p) in met for p in d)
    ]
    least = min(c for c, _ in costs)
    return least, [frozenset(frozenset(p) for p in d) for c, d in costs if c == least]


def test_a_six_team_swiss_of_three_rounds_through_the_console_with_phones(
    browser: Browser,
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "club.db")
    prepare(db)
    port = free_port()
    folder = Path(os.environ["BRIDGESCORE_SHOTS"]) if os.environ.get("BRIDGESCORE_SHOTS") else None
    if folder:
        folder.mkdir(parents=True, exist_ok=True)
    phones: dict[int, Phone] = {}
    vps: dict[int, Fraction] = {n: Fraction(0) for n in range(1, 8)}
    imps: dict[int, list[int]] = {n: [0, 0] for n in range(1, 8)}
    met: set[frozenset[int]] = set()
    draws: dict[int, list[dict[str, int]]] = {}

    with serving(db, port=port) as (server, base):
        director = httpx.Client(base_url=base, timeout=30, headers={"accept": "application/json"})
        csrf = login(director)
        desk = Desk(browser, base, director)
        page = desk.page
        page.goto(f"{base}/director/swiss")
        desk.shot(folder, "swiss-start")
        page.check("input[name=kind][value=teams]")
        page.fill("input[name=title]", "Autumn Swiss teams")
        page.fill("textarea[name=names]", "\n".join(NAMES))
        page.fill("input[name=rounds]", "3")
        page.fill("input[name=boards]", "2")
        page.select_option("select[name=first_round]", "seeded")
        page.click("#start button[type=submit]")
        page.wait_for_url("**/director/swiss/1")
        desk.shows("0 of 3 rounds drawn")
        page.click("#draw button")
        page.wait_for_url("**/director/swiss/1/rounds/1")
        desk.shot(folder, "swiss-round-1-tables")
        audit(page, "table assignments")
        seats = director.get("/director/swiss/1/rounds/1.json").json()["matches"]
        codes = {s["table"]: f"{s['code']}#{s['card']}" for m in seats for s in m["seats"]}
        assert sorted(codes) == [1, 2, 3, 4, 5, 6] and all(codes.values())
        # seeded: top half against bottom half, the home team North-South in room 1
        assert [(m["table"], m["home"]["number"], m["away"]["number"]) for m in seats] == [
            (1, 1, 4),
            (2, 2, 5),
            (3, 3, 6),
        ]
        assert [(s["table"], s["ns"], s["ew"]) for s in seats[0]["seats"]] == [(1, 1, 4), (2, 4, 1)]
        for table, code in sorted(codes.items()):
            phones[table] = Phone(browser, base, table, code)
        page.goto(f"{base}/director/swiss/1")
        page.evaluate("window.openedOnce = true")

        for round_number in (1, 2):
            play_round(phones, director, round_number, draws, desk, folder, csrf, vps, imps, met)
            publish(desk, director, round_number, vps, imps, folder)
        # round 3: team 6 withdraws, a late entry takes its place, and the round is drawn
        page.goto(f"{base}/director/swiss/1")
        page.select_option("#withdraw select[name=team]", "6")
        page.click("#withdraw button")
        desk.shows("(withdrawn)")
        page.fill("#enter input[name=name]", LATE)
        page.click("#enter button")
        desk.shows(LATE)
        page.click("#draw button")
        page.wait_for_url("**/director/swiss/1/rounds/3")
        drawn = director.get("/director/swiss/1/rounds/3.json").json()
        draws[3] = [
            {"table": m["table"], "home": m["home"]["number"], "away": m["away"]["number"]}
            for m in drawn["matches"]
        ]
        assert sorted(t for m in draws[3] for t in (m["home"], m["away"])) == [1, 2, 3, 4, 5, 7]
        # killed and started again: the draw of round 3 is as it was shown
        for phone in phones.values():
            phone.restarted = True
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=20)

    with serving(db, port=port) as (_, base):
        again = director.post("/director/swiss/1/draw.json", data={"csrf": csrf, "round": "3"})
        assert again.status_code == 200, again.text
        assert [(m["table"], m["home"], m["away"]) for m in again.json()["matches"]] == [
            (m["table"], m["home"], m["away"]) for m in draws[3]
        ]
        play_round(phones, director, 3, draws, desk, folder, csrf, vps, imps, met, drawn=True)
        final = publish(desk, director, 3, vps, imps, folder)
        assert final["through"] == 3
        withdrawn = [s for s in final["standings"] if s["withdrawn"]]
        assert [s["team"] for s in withdrawn] == [6]
        for phone in phones.values():
            assert not phone.problems, (phone.table, phone.problems)
            phone.context.close()
        assert not desk.problems, desk.problems
        assert AUDITED == []
        desk.context.close()
        director.close()


def play_round(
    phones: dict[int, Phone],
    director: httpx.Client,
    round_number: int,
    draws: dict[int, list[dict[str, int]]],
    desk: Desk,
    folder: Path | None,
    csrf: str,
    vps: dict[int, Fraction],
    imps: dict[int, list[int]],
    met: set[frozenset[int]],
    *,
    drawn: bool = False,
) -> None:
    """Draw the round (the console's button) unless ``drawn``, check the draw against every
    draw possible, then each table's phone enters its room's boards."""
    page = desk.page
    if round_number > 1 and not drawn:
        page.goto(f"{desk.base}/director/swiss/1")
        page.click("#draw button")
        page.wait_for_url(f"**/director/swiss/1/rounds/{round_number}")
    if round_number not in draws:
        shown = director.get(f"/director/swiss/1/rounds/{round_number}.json").json()
        draws[round_number] = [
            {"table": m["table"], "home": m["home"]["number"], "away": m["away"]["number"]}
            for m in shown["matches"]
        ]
    this = draws[round_number]
    pairs = [frozenset((m["home"], m["away"])) for m in this]
    assert not set(pairs) & met, f"round {round_number} draws a rematch: {this}"
    if round_number > 1:  # the least cost of every draw without a rematch, tried one by one
        playing = {t for p in pairs for t in p}
        _, best = cheapest({t: vps[t] for t in playing}, met)
        assert frozenset(pairs) in best, (this, best)
    first = 2 * round_number - 1
    rooms: dict[int, tuple[dict[str, int], int]] = {}
    for m in this:
        rooms[2 * m["table"] - 1] = (m, 1)
        rooms[2 * m["table"]] = (m, 2)
    for table, phone in phones.items():
        m, room = rooms[table]
        if round_number > 1:  # the phone hears of the draw by itself and offers the round
            phone.tap("[data-action=nextRound]")
        phone.screen("round")
        heading = phone.page.inner_text("main h2")
        assert heading == f"Is this table {table}, round {round_number}?", heading
        ns, ew = (m["home"], m["away"]) if room == 1 else (m["away"], m["home"])
        other = f"room {room}: the other room is table {table + 1 if room == 1 else table - 1}"
        phone.shows(other)  # the match is fetched beside the table's state: it may come second
        shown = phone.main()
        assert f"Team {ns}" in shown.split("East–West")[0] and f"Team {ew}" in shown, shown
        phone.tap("[data-action=confirmRound]")
        phone.screen("boards")
    # every table but the last enters its boards; then the draw is asked for too soon
    tables = sorted(phones)
    for table in tables:
        m, room = rooms[table]
        for board, won in zip((first, first + 1), PLAN[round_number][m["table"]], strict=True):
            if table == tables[-1] and board == first + 1:
                continue
            phones[table].enter(board, room_result(won, room, round_number))
    if round_number < 3:
        early = director.post("/director/swiss/1/draw.json", data={"csrf": csrf})
        assert early.status_code == 422, early.text
        assert early.json()["error"]["message"] == (
            f"round {round_number + 1} cannot be drawn until every board of round "
            f"{round_number} is in (to come: 1 board at table 6)"
        )
    last_match, last_room = rooms[tables[-1]]
    won = PLAN[round_number][last_match["table"]][1]
    if folder and round_number == 1:
        phones[5].page.wait_for_selector("text=Waiting for the other room", timeout=20_000)
        phones[5].page.screenshot(path=str(folder / "swiss-phone-waiting-360.png"), full_page=True)
    phones[tables[-1]].enter(first + 1, room_result(won, last_room, round_number))
    # the hand-worked match results, and each phone shows its match's
    for m in this:
        home_margin = margin(round_number, m["table"])
        winner = VP[abs(home_margin)]
        home_vps, away_vps = (winner, 20 - winner) if home_margin >= 0 else (20 - winner, winner)
        vps[m["home"]] += home_vps
        vps[m["away"]] += away_vps
        imps[m["home"]][0] += max(home_margin, 0)
        imps[m["home"]][1] += max(-home_margin, 0)
        imps[m["away"]][0] += max(-home_margin, 0)
        imps[m["away"]][1] += max(home_margin, 0)
        met.add(frozenset((m["home"], m["away"])))
        for table in (2 * m["table"] - 1, 2 * m["table"]):
            phone = phones[table]
            score = f"{max(home_margin, 0)}–{max(-home_margin, 0)}"
            expected = f"IMPs {score} · VPs {float(home_vps):.2f}–{float(away_vps):.2f}"
            phone.page.wait_for_function(
                "(words) => document.querySelector('main').innerText.includes(words)",
                arg=expected,
                timeout=20_000,
            )
            home = NAMES[m["home"] - 1] if m["home"] <= len(NAMES) else LATE
            assert f"Team {m['home']} {home} (home)" in phone.main()
    if round_number == 1:
        audit(phones[1].page, "a phone's match")
    if folder and round_number == 1:
        phones[1].page.screenshot(path=str(folder / "swiss-phone-match-360.png"), full_page=True)
        phones[1].page.set_viewport_size({"width": 1280, "height": 800})
        phones[1].page.screenshot(path=str(folder / "swiss-phone-match-1280.png"), full_page=True)
        phones[1].page.set_viewport_size({"width": 360, "height": 760})


def publish(
    desk: Desk,
    director: httpx.Client,
    round_number: int,
    vps: dict[int, Fraction],
    imps: dict[int, list[int]],
    folder: Path | None,
) -> Any:
    """Publish from the console; the published standings are the hand-worked ones."""
    page = desk.page
    page.goto(f"{desk.base}/director/swiss/1")
    desk.shows(f"{round_number} complete")
    desk.shot(folder, f"swiss-event-after-round-{round_number}")
    if round_number == 1:
        audit(page, "the event's page")
    page.click("#publish button")
    desk.shows(f"published after round {round_number}")
    shown = director.get("/results/swiss/1/index.json").json()
    assert shown["through"] == round_number
    found = {
        s["team"]: (
            Fraction(s["vps_exact"]),
            int(Fraction(s["imps_for_exact"])),
            int(Fraction(s["imps_against_exact"])),
        )
        for s in shown["standings"]
    }
    assert found == {t: (vps[t], imps[t][0], imps[t][1]) for t in found}
    order = [Fraction(s["vps_exact"]) for s in shown["standings"]]
    assert order == sorted(order, reverse=True)
    public = desk.context.new_page()
    public.goto(f"{desk.base}/results/swiss/1/")
    desk.shot(folder, f"swiss-published-after-round-{round_number}", public)
    if round_number == 1:
        audit(public, "the published standings")
        public.goto(f"{desk.base}/results/swiss/1/round-1.html")
        audit(public, "the published round")
        desk.shot(folder, "swiss-published-round-1", public)
    public.close()
    return shown


def test_a_match_fetched_after_the_tables_state_is_shown(browser: Browser, tmp_path: Path) -> None:
    """The table's state and its Swiss match are two answers: when the match's did not come
    with the state's (a server killed between the two, a dropped connection), the next change
    the phone hears brings the match, and the screen shows it even though the table's state is
    the one it has. The match's answer is refused by the browser while ``blocked``, so nothing
    here depends on timing: the change is the one a reconnected event stream reports first."""
    db = str(tmp_path / "club.db")
    prepare(db)
    with serving(db, port=free_port()) as (_, base):
        director = httpx.Client(base_url=base, timeout=30, headers={"accept": "application/json"})
        csrf = login(director)
        made = director.post(
            "/director/swiss",
            data={
                "csrf": csrf,
                "kind": "teams",
                "title": "Winter Swiss teams",
                "names": "\n".join(NAMES[:4]),
                "rounds": "3",
                "boards": "2",
                "first_round": "seeded",
            },
        )
        assert made.status_code == 201, made.text
        drawn = director.post("/director/swiss/1/draw.json", data={"csrf": csrf})
        assert drawn.status_code == 200, drawn.text
        seats = director.get("/director/swiss/1/rounds/1.json").json()["matches"]
        first = seats[0]["seats"][0]
        assert first["table"] == 1
        context = browser.new_context(
            viewport={"width": 360, "height": 760}, has_touch=True, is_mobile=True
        )
        blocked = True
        refused: list[str] = []

        def swiss(route: Any) -> None:
            if blocked:
                refused.append(route.request.url)
                route.abort("connectionreset")
            else:
                route.continue_()

        context.route("**/t/api/swiss", swiss)
        page = context.new_page()
        page.goto(f"{base}/t/{first['code']}#{first['card']}")
        page.wait_for_selector("main[data-screen='round']", timeout=20_000)
        page.wait_for_function("() => document.querySelector('main h2') !== null")
        assert page.inner_text("main h2") == "Is this table 1, round 1?"
        assert refused, "the phone never asked for its match"
        assert "the other room is table 2" not in page.inner_text("main")
        blocked = False
        page.evaluate("changed()")  # what the event stream's first change, once open again, does
        assert page.evaluate("ui.swiss.rounds.map((r) => r.round)") == [1]  # the match came
        assert "Match 1, room 1: the other room is table 2." in page.inner_text("main")
        context.close()
        director.close()
