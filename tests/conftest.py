"""Fixtures and helpers every test package shares: where the shared reference material lives,
the databases the store's tests run against (SQLite and a real PostgreSQL server, tests/pg.py),
and a real browser (tests/browsers.py); how property tests draw."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

from bridgescore.store import Store
from tests.browsers import ARGS, CHROMIUM, unavailable
from tests.pg import Server, server

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# Every property test draws the same examples on every run, so CI judges what was run before a
# change landed; HYPOTHESIS_PROFILE=explore draws new ones (run it when changing what is tested).
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
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
