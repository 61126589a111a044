"""Helpers of the web console's tests: a club's store with its director, scorer and another
club's director, and the console in-process (Starlette's test client): a logged-in browser, a
session set up by the form, results entered on the grid."""

from __future__ import annotations

import atexit
import functools
import re
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from bridgescore.night import Service
from bridgescore.night import tables as night_tables
from bridgescore.store import Store, open_store
from bridgescore.web.app import create_app
from tests.helpers import PASSWORD, password_hash

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@functools.cache
def _club() -> Path:
    """The club's database made once a run (its schema's migrations and three users are most of
    a console test's set-up), in a folder removed when the run ends."""
    folder = Path(tempfile.mkdtemp(prefix="bridgescore-club-"))
    atexit.register(shutil.rmtree, folder, True)
    made = open_store(str(folder / "club.db"))
    try:
        made.add_user("dana", password_hash(), "director", "Riverside")
        made.add_user("sam", password_hash(), "scorer", "Riverside")
        made.add_user("other", password_hash(), "director", "Hillside")
    finally:
        made.close()
    return folder / "club.db"


@contextmanager
def club_store(folder: Path) -> Iterator[Store]:
    """A SQLite store in ``folder`` with Riverside's director dana and scorer sam, and
    Hillside's director other, all with ``PASSWORD``: a copy of the club's database."""
    shutil.copyfile(_club(), folder / "club.db")
    opened = open_store(str(folder / "club.db"))
    try:
        yield opened
    finally:
        opened.close()


class Console:
    """A logged-in browser: the client, and the CSRF token its forms carry."""

    def __init__(self, store: Store, user: str | None = "dana") -> None:
        self.store = store
        self.client = TestClient(create_app(store), base_url="http://127.0.0.1")
        self.csrf = ""
        if user:
            self.login(user)

    def login(self, user: str, password: str = PASSWORD) -> Any:
        form = self.client.get("/login")
        token = re.search(r'name="csrf" value="([^"]+)"', form.text)
        assert token
        answer = self.client.post(
            "/login",
            data={"username": user, "password": password, "csrf": token.group(1)},
            follow_redirects=False,
        )
        if answer.status_code == 303:
            page = self.client.get("/director")
            found = re.search(r'name="csrf" value="([^"]+)"', page.text)
            assert found
            self.csrf = found.group(1)
        return answer

    def post(self, url: str, **data: Any) -> Any:
        return self.client.post(url, data={"csrf": self.csrf, **data}, follow_redirects=False)

    def get(self, url: str, **params: Any) -> Any:
        # no params: None, as httpx drops a URL's own query string when given params={}
        return self.client.get(url, params=params or None, follow_redirects=False)


def new_session(console: Console, pairs: int = 8, movement: str = "", **players: str) -> int:
    """A session set up through the form: the first movement offered (or ``movement``, by its
    words), players by name."""
    offered = console.get("/director/new.json", pairs=pairs, minutes=200).json()["movements"]
    index = next((m["index"] for m in offered if movement in m["describe"]), 0)
    form = {
        "title": "Tuesday pairs",
        "date": "2026-11-24",
        "rules": "club",
        "pairs": str(pairs),
        "minutes": "200",
        "movement": str(index),
        **players,
    }
    answer = console.post("/director/new", **form)
    assert answer.status_code == 303, answer.text
    return int(answer.headers["location"].rsplit("/", 1)[1])


def enter(console: Console, session: int, board: int, row: dict[str, Any], **cells: str) -> Any:
    return console.post(
        f"/director/sessions/{session}/results.json",
        board=board,
        round=row["round"],
        table=row["table"],
        **cells,
    )


def fill(console: Console, session: int, results: dict[int, list[dict[str, str]]]) -> None:
    """Enter every board's rows, the n-th row of a board from ``results[board][n]`` (cycled)."""
    for board in console.get(f"/director/sessions/{session}.json").json()["session"]["boards"]:
        rows = console.get(f"/director/sessions/{session}/boards/{board}.json").json()["rows"]
        choices = results.get(board) or results[0]
        for n, row in enumerate(rows):
            answer = enter(console, session, board, row, **choices[n % len(choices)])
            assert answer.status_code in (200, 201), answer.text


PLAYED = {
    0: [
        {"contract": "4S", "declarer": "N", "tricks": "=", "lead": "HK"},
        {"contract": "4S", "declarer": "N", "tricks": "-1"},
        {"contract": "3NT", "declarer": "S", "tricks": "+1"},
        {"contract": "-100"},
        {"contract": "PASS"},
    ]
}


def card(store: Store, code: str) -> str:
    """The key in the table card's QR code (what a phone that scans the card sends)."""
    return night_tables.card_key(Service(store), code)


class Table:
    """A phone at one table: the client and its token. It scans the table card (``scan``)
    or has the code typed."""

    def __init__(self, console: Console, code: str, scan: bool = True) -> None:
        self.client = console.client
        body = {"code": code, "card": card(console.store, code) if scan else ""}
        answer = self.client.post("/t/api/join", json=body)
        assert answer.status_code == 201, answer.text
        self.joined = answer.json()
        self.token = self.joined["token"]

    def headers(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.token}"}

    def state(self) -> Any:
        return self.client.get("/t/api/state", headers=self.headers())

    def send(self, client_id: str, board: int, round_: int, **cells: Any) -> Any:
        body = {"client_id": client_id, "board": board, "round": round_, **cells}
        return self.client.post("/t/api/results", json=body, headers=self.headers())


def rows_of(console: Console, session: int, board: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = console.get(
        f"/director/sessions/{session}/boards/{board}.json"
    ).json()["rows"]
    return rows


_WORD = re.compile(r"[A-Za-z]{2,}")


class _Shown(HTMLParser):
    """What a reader sees or hears of a page: its text (not its scripts and styles) and the
    attributes read aloud or shown (title, aria-label, placeholder, alt)."""

    def __init__(self) -> None:
        super().__init__()
        self.hidden = 0
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        self.texts += [
            v for k, v in attrs if k in ("title", "aria-label", "placeholder", "alt") and v
        ]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.texts.append(data.strip())


def plain_words(html: str, named: set[str]) -> set[str]:
    """The plain ASCII words of a page that are not named data."""
    shown = _Shown()
    shown.feed(html)
    return {w for text in shown.texts for w in _WORD.findall(text)} - named
