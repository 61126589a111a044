"""Fixtures of the store tests, imported by each tests/test_store*.py: every store test runs
against SQLite and against a real PostgreSQL server (tests/pg.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgescore.store import Store
from tests.pg import Server, server

# Against PostgreSQL, a real server process: end to end, left out of the quick loop (-m "not e2e").
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.e2e)]


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
    from bridgescore.store import open_store

    opened = open_store(db_url)
    try:
        yield opened
    finally:
        opened.close()
