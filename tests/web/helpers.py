"""Helpers of the web console's tests: a club's store with its director, scorer and another
club's director."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bridgescore.store import Store, open_store
from bridgescore.web import auth

PASSWORD = "correct horse battery"


@contextmanager
def club_store(folder: Path) -> Iterator[Store]:
    """A SQLite store in ``folder`` with Riverside's director dana and scorer sam, and
    Hillside's director other, all with ``PASSWORD``."""
    opened = open_store(str(folder / "club.db"))
    opened.add_user("dana", auth.hash_password(PASSWORD), "director", "Riverside")
    opened.add_user("sam", auth.hash_password(PASSWORD), "scorer", "Riverside")
    opened.add_user("other", auth.hash_password(PASSWORD), "director", "Hillside")
    try:
        yield opened
    finally:
        opened.close()
