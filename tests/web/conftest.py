"""Fixtures of the web console's tests: a club's store on SQLite with its users (the store's
side on PostgreSQL too runs in tests/store/), and a real SMTP server on the loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgescore.store import Store
from tests.web.helpers import club_store


@pytest.fixture(name="store")
def store_fixture(tmp_path: Path) -> Iterator[Store]:
    with club_store(tmp_path) as opened:
        yield opened
