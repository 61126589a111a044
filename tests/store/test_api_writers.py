"""SQLite's writers in one process queue on the store's own lock (``Store._queued``), each woken
as the one before it ends, instead of polling SQLite's lock: every write still happens, one at a
time, a wait is still bounded, and a writer in another program still waits its turn."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from bridgescore.store import Store, api, open_store
from bridgescore.store.engine import Unavailable
from bridgescore.store.schema import settings


def _count(store: Store) -> int:
    with store.reading() as conn:
        return len(conn.execute(settings.select()).all())


def test_many_threads_writing_at_once_each_write_once(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "club.db"))
    before = _count(store)
    inside = 0
    most = 0
    guard = threading.Lock()
    start = threading.Barrier(16)
    failures: list[BaseException] = []

    def write(n: int) -> None:
        nonlocal inside, most
        start.wait()
        try:
            for k in range(5):
                with store.writing() as conn:
                    with guard:
                        inside += 1
                        most = max(most, inside)
                    conn.execute(settings.insert().values(name=f"queued-{n}-{k}", value="x"))
                    time.sleep(0.001)  # hold the lock a moment: the others must wait
                    with guard:
                        inside -= 1
        except BaseException as error:  # reported by the main thread
            failures.append(error)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    store.close()
    assert failures == []
    assert most == 1  # one transaction writing at a time
    reopened = open_store(str(tmp_path / "club.db"))
    try:
        assert _count(reopened) == before + 16 * 5
    finally:
        reopened.close()


def test_a_writer_waits_no_longer_than_a_write_may(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRIDGESCORE_LOCK_WAIT", "1")
    monkeypatch.setattr(api, "NOTICE_AFTER", 0)
    store = open_store(str(tmp_path / "club.db"))
    holding = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with store.writing():
            holding.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert holding.wait(10)
        started = time.monotonic()
        with pytest.raises(Unavailable, match="still being written"), store.writing():
            pass
        assert 0.9 <= time.monotonic() - started < 5  # bounded: about the wait allowed
    finally:
        release.set()
        holder.join(10)
    with store.writing() as conn:  # and the lock is free again
        conn.execute(settings.insert().values(name="after", value="x"))
    store.close()


def test_a_writer_in_another_program_still_waits_its_turn(tmp_path: Path) -> None:
    """Two stores on one file (two programs: each its own queue) meet at SQLite's lock: the
    second waits for the first's commit, then writes."""
    first = open_store(str(tmp_path / "club.db"))
    second = open_store(str(tmp_path / "club.db"))
    holding = threading.Event()

    def hold() -> None:
        with first.writing() as conn:
            conn.execute(settings.insert().values(name="first", value="x"))
            holding.set()
            time.sleep(0.5)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert holding.wait(10)
        with second.writing() as conn:
            conn.execute(settings.insert().values(name="second", value="x"))
        with second.reading() as conn:
            names = {r.name for r in conn.execute(settings.select())}
        assert {"first", "second"} <= names
    finally:
        holder.join(10)
        first.close()
        second.close()
