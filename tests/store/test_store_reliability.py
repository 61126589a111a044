"""The store under stress: a killed import, two writers at once, a reader during a write.

Each runs on SQLite and on a real PostgreSQL server. The pauses are made by a SQLAlchemy
event hook in the test (never in the library): it stops an import inside its transaction, just
after the results are written and before its players are, so the other party meets a
half-done import.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

from bridgescore.store import Store, open_store
from bridgescore.store.sessions import parse_csv

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "bridgescore" / "samples" / "club-night.csv"
ROOT = Path(__file__).resolve().parents[2]


def small_session(day: str, ns_names: str) -> str:
    return (
        f"# date: {day}\nboard,ns,ew,score,ns_names,ew_names\n"
        f"1,1,1,420,{ns_names},Cid Fox & Dee Gill\n"
        "1,2,2,450,Eve Hart & Fay Ing,Gus Jay & Hal King\n"
    )


def pause_inside(store: Store, inside: threading.Event, release: threading.Event) -> None:
    """Make the store's next import stop (inside its transaction) until ``release``."""

    def hook(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if (
            statement.lstrip().upper().startswith("INSERT INTO ENTRANT_PLAYERS")
            and not inside.is_set()
        ):
            inside.set()
            release.wait(30)

    event.listen(store.engine, "before_cursor_execute", hook)


KILLED_IMPORT = """
import pathlib, sys, time
from sqlalchemy import event
from bridgescore.store import open_store

url, path, marker = sys.argv[1:4]
store = open_store(url)

def hook(conn, cursor, statement, *args):
    if statement.lstrip().upper().startswith("INSERT INTO ENTRANT_PLAYERS"):
        pathlib.Path(marker).write_text("inside the import")
        time.sleep(600)

event.listen(store.engine, "before_cursor_execute", hook)
store.import_file(path)
print("the import finished: it should have been killed")
"""


def test_a_killed_import_leaves_the_database_as_before(db_url: str, tmp_path: Path) -> None:
    with open_store(db_url) as store:
        store.import_rows(parse_csv(small_session("2026-01-06", "Ann Lee & Bob Roy")))
        before = ([s.results for s in store.sessions()], [p.name for p in store.players()])
    marker = tmp_path / "inside"
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_IMPORT, db_url, str(SAMPLE), str(marker)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "the import never reached its players"
            time.sleep(0.05)
        os.kill(child.pid, signal.SIGKILL)  # a real kill, mid-transaction
    finally:
        child.wait(30)
    assert child.returncode == -signal.SIGKILL
    with open_store(db_url) as store:
        # The results it had written are gone with it: the database is as before the import.
        assert ([s.results for s in store.sessions()], [p.name for p in store.players()]) == before
        # Nothing is left locked, and the file was not recorded as imported.
        report = store.import_file(SAMPLE)
        assert report.stored and report.results == 243
        assert len(store.sessions()) == 2


def test_two_writers_at_once_lose_nothing_and_never_deadlock(db_url: str) -> None:
    first, second = open_store(db_url), open_store(db_url)
    inside, release = threading.Event(), threading.Event()
    pause_inside(first, inside, release)
    done: dict[str, Any] = {}

    def run(name: str, store: Store, text: str) -> None:
        try:
            done[name] = store.import_rows(parse_csv(text))
        except Exception as error:  # reported by the assertions below
            done[name] = error

    # Both sessions bring the same new players (Cid Fox ...): each must be made once.
    a = threading.Thread(
        target=run, args=("a", first, small_session("2026-01-06", "Ann Lee & Bob Roy"))
    )
    b = threading.Thread(
        target=run, args=("b", second, small_session("2026-01-13", "Ann Lee & Zed Ash"))
    )
    a.start()
    assert inside.wait(30)
    b.start()
    time.sleep(1.0)
    assert "b" not in done  # the second writer waits for the first ...
    release.set()
    a.join(60)
    b.join(60)
    assert not a.is_alive() and not b.is_alive(), "a writer is stuck"
    assert done["a"].stored and done["b"].stored, done  # ... and then both are stored
    names = sorted(p.name for p in first.players())
    assert len(names) == len(set(names)) == 9
    assert len(first.sessions()) == 2
    # Both new players of the first import were matched, not remade, by the second.
    assert "Ann Lee" not in [p.name for p in done["b"].new_players]
    first.close()
    second.close()


def test_the_same_file_imported_twice_at_once_is_stored_once(db_url: str) -> None:
    stores = [open_store(db_url) for _ in range(2)]
    reports: list[Any] = []
    barrier = threading.Barrier(2)

    def run(store: Store) -> None:
        barrier.wait()
        reports.append(store.import_file(SAMPLE))

    threads = [threading.Thread(target=run, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert sorted(r.stored for r in reports) == [False, True]
    assert len(stores[0].sessions()) == 1
    for s in stores:
        s.close()


def test_a_reader_during_an_import_sees_the_state_before_it(db_url: str) -> None:
    writer, reader = open_store(db_url), open_store(db_url)
    writer.import_rows(parse_csv(small_session("2026-01-06", "Ann Lee & Bob Roy")))
    inside, release = threading.Event(), threading.Event()
    pause_inside(writer, inside, release)
    thread = threading.Thread(target=writer.import_file, args=(SAMPLE,))
    thread.start()
    try:
        assert inside.wait(30)
        started = time.monotonic()
        seen = reader.sessions()
        assert time.monotonic() - started < 5  # not blocked by the writer
        assert [s.results for s in seen] == [2]  # and never a half-imported session
        assert len(reader.players()) == 8
    finally:
        release.set()
        thread.join(60)
    assert sorted(s.results for s in reader.sessions()) == [2, 243]
    writer.close()
    reader.close()
