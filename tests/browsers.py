"""A real browser for the tests: Debian's headless Chromium, driven by Playwright, and a tab that
records what went wrong. The ``browser`` fixture (tests/conftest.py) launches it, or skips with
the reason -- except in CI (``CI`` set), where the browser tests must run and fail instead."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} -- CI must run the browser tests (make test installs it)")
    pytest.skip(
        f"{reason} (make test installs it: apt-get install chromium; pip install playwright)"
    )


class Watched:
    """A browser tab that records console errors, page errors, failed requests and dialogs."""

    def __init__(
        self,
        browser: Browser,
        width: int = 1280,
        height: int = 900,
        refusals_shown: tuple[str, ...] = (),
    ) -> None:
        # refusals_shown: paths whose 422 is the page's own answer, shown in place (the
        # console's row check while a row is still being typed); the browser logs each as an
        # error, which here is not one.
        self.refusals_shown = refusals_shown
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page: Page = self.context.new_page()
        self.problems: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on(
            "requestfailed",
            lambda request: self.problems.append(f"request failed: {request.url}"),
        )
        self.page.on("dialog", self._dialog)

    def _console(self, message: Any) -> None:
        url = str((message.location or {}).get("url", ""))
        if "status of 422" in message.text and url.endswith(self.refusals_shown):
            return
        if message.type in ("error", "warning"):
            self.problems.append(f"console {message.type}: {message.text}")

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def open(self, path: Path) -> Page:
        response = self.page.goto(path.as_uri())
        assert response is not None and response.ok, path
        return self.page

    def close(self) -> None:
        self.context.close()


def _violations(page: Page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    sideways = [f"the page is {wide}px wider than the window"] if wide > 0 else []
    return sideways + [
        f"{v['id']} ({v['impact']}): {v['help']} -- {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def _shot(page: Page, folder: Path | None, name: str) -> None:
    if folder is not None:
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def _shots() -> Path | None:
    folder = os.environ.get("BRIDGESCORE_SHOTS")
    if not folder:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    return Path(folder)
