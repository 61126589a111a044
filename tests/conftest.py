"""Fixtures and helpers every test package shares: where the shared reference material lives,
the databases the store's tests run against (SQLite and a real PostgreSQL server, tests/pg.py),
and a real browser (tests/browsers.py); how property tests draw."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings
from tools.servers import free_port

from bridgescore.store import Store
from tests.browsers import ARGS, CHROMIUM, unavailable
from tests.pg import Server, server
from tests.web.players import Sink

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# Every property test draws the same examples on every run, so CI judges what was run before a
# change landed; HYPOTHESIS_PROFILE=explore draws new ones (run it when changing what is tested).
# No deadline: an example's time measures the machine's load, not the rules (speed is the
# bench's to judge), and a loaded CI machine failed correct code on it.
settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

SHARED = Path(__file__).resolve().parents[2] / "shared"

# Against PostgreSQL, a real server process: end to end, left out of the quick loop (-m "not e2e").
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.e2e)]


def shared_path(*parts: str) -> Path:
    """A file under ../shared, or skip the test with the reason when it is not there."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is not available (the shared folder is absent)")
    return path


@pytest.fixture(scope="session", autouse=True)
def _each_deal_solved_once() -> Iterator[None]:
    """Each deal solved double dummy once a run, and each opening-lead position. endplay's
    solver (DDS, about 0.2 s of a core a deal) gives the same table for the same deal every
    time, and the tests load the same deals over and over (every hand-record format holds the
    same sixteen; the console, the phones, the reports and the mails solve them again). The
    solver still solves each deal, and bridgescore still reads every table it is given, par and
    all; only the third party's repeats are saved. Each table is a copy, so none depends on the
    memory of the list it came in."""
    try:
        import endplay.dds as dds
        from endplay.dds.ddtable import DDTable
    except ImportError:
        yield
        return
    real = dds.calc_all_tables
    known: dict[str, Any] = {}

    def calc_all_tables(deals: Any, exclude: Any = ()) -> list[Any]:
        deals = list(deals)
        if list(exclude):
            return list(real(deals, exclude))
        missing = {d.to_pbn(): d for d in deals if d.to_pbn() not in known}
        if missing:
            for key, table in zip(missing, real(list(missing.values())), strict=True):
                known[key] = DDTable(type(table._data).from_buffer_copy(table._data))
        return [known[d.to_pbn()] for d in deals]

    # The leads' solver (reports/leads.py) likewise: each position (deal, trumps, leader)
    # solved once a run; each answer a fresh list of the (card, tricks) pairs it gave.
    real_leads = dds.solve_all_boards
    leads: dict[tuple[str, int, int], list[tuple[Any, int]]] = {}

    def solve_all_boards(deals: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:  # another target or number of solutions: not what is remembered
            return real_leads(deals, *args, **kwargs)
        deals = list(deals)
        keys = [(d.to_pbn(), int(d.trump), int(d.first)) for d in deals]
        missing = {k: d for k, d in zip(keys, deals, strict=True) if k not in leads}
        if missing:
            for key, board in zip(missing, real_leads(list(missing.values())), strict=True):
                leads[key] = list(board)
        return [list(leads[k]) for k in keys]

    dds.calc_all_tables = calc_all_tables
    dds.solve_all_boards = solve_all_boards
    try:
        yield
    finally:
        dds.calc_all_tables = real
        dds.solve_all_boards = real_leads


@pytest.fixture(scope="session", name="pg_server")
def pg_server_fixture() -> Iterator[Server]:
    with server() as running:
        yield running


@pytest.fixture(params=BACKENDS, name="db_url")
def db_url_fixture(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: a SQLite file, or a new database on the PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "bridgescore.db")
    running: Server = request.getfixturevalue("pg_server")
    return running.new_database()


@pytest.fixture(name="store")
def store_fixture(db_url: str) -> Iterator[Store]:
    """An empty store on each backend (tests/web/conftest.py's is a club's, with its users)."""
    from bridgescore.store import open_store

    opened = open_store(db_url)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture(name="sink")
def sink_fixture() -> Iterator[Sink]:
    """A real SMTP server on the loopback (aiosmtpd) keeping every message it is sent: the
    command line's mail and the console's."""
    controller_module = pytest.importorskip("aiosmtpd.controller")
    sink = Sink(free_port())
    controller = controller_module.Controller(sink, hostname="127.0.0.1", port=sink.port)
    controller.start()
    try:
        yield sink
    finally:
        controller.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright Python package is not installed")
    if not Path(CHROMIUM).exists():
        unavailable(f"Chromium is not installed ({CHROMIUM} not found)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()
