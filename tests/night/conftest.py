"""Fixtures of the club night's tests: one database per backend for the permission matrices,
its users logged in (tests/night/helpers.py has the helpers the night's tests share)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bridgescore.store import open_store
from bridgescore.web.app import create_app
from tests.helpers import password_hash
from tests.night.helpers import World, login


# Against PostgreSQL, a real server process: end to end, left out of the quick loop (-m "not e2e").
@pytest.fixture(
    scope="module",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.e2e)],
    name="world",
)
def world_fixture(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    if request.param == "sqlite":
        url = str(tmp_path_factory.mktemp("permissions") / "club.db")
    else:
        url = request.getfixturevalue("pg_server").new_database()
    store = open_store(url)
    store.add_user("dana", password_hash(), "director", "Riverside")
    store.add_user("sam", password_hash(), "scorer", "Riverside")
    store.add_user("other", password_hash(), "director", "Hillside")
    app = create_app(store)
    found = World(store, app, {}, itertools.count(1))
    for name in ("dana", "sam", "other"):
        found.users[name] = login(found.client(), name)
    try:
        yield found
    finally:
        store.close()
