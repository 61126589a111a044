"""Helpers of the web console's tests: a club's store with its director, scorer and another
club's director."""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bridgescore.store import Store, open_store
from tests.helpers import password_hash


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
