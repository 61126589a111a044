"""A table's phone in the browser (Chromium, the page's own script): one table's phone in its
own context, watched for errors, and a board entered by taps as the players would."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bridgescore.bridge import Vulnerability
from bridgescore.traveller import BridgeResult

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

WIDTHS = {1: 320, 2: 360, 3: 360, 4: 360}


class Phone:
    """One table's phone: its own browser context (its own storage), watched for errors."""

    def __init__(self, chromium: Browser, base: str, table: int, card: str) -> None:
        """A phone that scanned the table card: ``card`` is the QR code's address."""
        self.table = table
        self.base = base
        self.context: BrowserContext = chromium.new_context(
            viewport={"width": WIDTHS[table], "height": 760}, has_touch=True, is_mobile=True
        )
        self.page: Page = self.context.new_page()
        self.offline = False
        self.published = False
        self.problems: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on("console", self._console)
        self.page.on("requestfailed", self._failed)
        self.page.goto(card)

    @property
    def device(self) -> int:
        found: int = self.page.evaluate("ui.pass.device")
        return found

    def _console(self, message: Any) -> None:
        if message.type != "error" or (self.offline and "ERR_INTERNET" in message.text):
            return
        if self.published and "status of 410" in message.text:
            return  # the table's state is gone once the results are published: as it should be
        self.problems.append(f"console: {message.text}")

    def _failed(self, request: Any) -> None:
        if not self.offline:
            self.problems.append(f"request failed: {request.url} {request.failure}")

    def go_offline(self, offline: bool) -> None:
        self.offline = offline
        self.context.set_offline(offline)

    def screen(self, name: str) -> None:
        self.page.wait_for_selector(f"main[data-screen='{name}']", timeout=15_000)

    def tap(self, selector: str) -> None:
        try:
            self.page.locator(selector).first.tap(timeout=15_000)
        except Exception as error:
            raise AssertionError(
                f"table {self.table}: cannot tap {selector}; the page shows:\n"
                + self.page.inner_text("body")
            ) from error

    def status(self) -> str:
        return self.page.inner_text("#status")


def enter(
    phone: Phone,
    board: int,
    spec: tuple[str, ...],
    vulnerability: str,
    check: Any,
    correcting: bool = False,
) -> None:
    """Enter one board by taps, as the players would, checking the score shown on the way."""
    which = "[data-replaces]" if correcting else ":not([data-replaces])"
    phone.tap(f"[data-action=pickBoard][data-board='{board}']{which}")
    phone.screen("entry")
    check("contract")
    if len(spec) == 1:
        phone.tap("[data-action=special][data-value='PASS']")
    else:
        contract, declarer, tricks, lead = spec
        doubling = "XX" if contract.endswith("XX") else "X" if contract.endswith("X") else ""
        phone.tap(f"[data-action=level][data-value='{contract[0]}']")
        phone.tap(f"[data-action=strain][data-value='{contract[1]}']")
        if doubling:
            phone.tap(f"[data-action=doubling][data-value='{doubling}']")
        phone.tap("[data-action=toDeclarer]")
        phone.tap(f"[data-action=declarer][data-value='{declarer}']")
        check("lead")
        if lead:
            phone.tap(f"[data-action=leadSuit][data-value='{lead[0]}']")
            phone.tap(f"[data-action=leadRank][data-value='{lead[1]}']")
        else:
            phone.tap("[data-action=noLead]")
        check("tricks")
        phone.tap(f"[data-action=tricks][data-value='{tricks}']")
    # The score shown is the library's: the same as the traveller notation scored here.
    ns = BridgeResult.parse(notation(spec), Vulnerability(vulnerability)).ns_score
    shown = phone.page.inner_text(".score")
    ew = -ns
    assert f"North–South {_signed(ns)}" in shown and f"East–West {_signed(ew)}" in shown, shown
    check("summary")
    phone.tap("[data-action=toAgree]")
    check("agree")
    phone.tap("[data-action=agree]")
    phone.screen("sent")
    if phone.offline:
        phone.page.wait_for_selector("text=saved on this phone")
    else:
        phone.page.wait_for_selector("tr.mine", timeout=15_000)
        check("traveller")
    phone.tap("[data-action=nextBoard]")
    phone.screen("boards")


def notation(spec: tuple[str, ...]) -> str:
    return spec[0] if len(spec) == 1 else f"{spec[0]} {spec[1]} {spec[2]}"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"
