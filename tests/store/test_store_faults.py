"""The database commands under faults: every failure is one line naming the database, exit 2.

Real processes throughout: the commands run as a user runs them, a lock is held by another
process, a file is made unwritable the way the system does it (as root, whom permissions do not
stop, with ``chattr +i``; otherwise by its mode). SQLite and, where a server is involved, a
real PostgreSQL server (tests/pg.py).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from bridgescore.store import Store, open_store
from bridgescore.store.sessions import parse_csv
from tests.helpers import unwritable
from tests.pg import Server

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "src" / "bridgescore" / "samples" / "club-night.csv"


def bridgescore(
    *args: str, env: dict[str, str] | None = None, timeout: int = 120
) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "bridgescore", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
        cwd=ROOT,
    )
    return done.returncode, done.stdout, done.stderr


def one_line(code: int, err: str) -> str:
    """The failure's one line: exit status 2, no traceback."""
    assert code == 2, err
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("bridgescore: "), err
    return lines[0]


def fingerprint(folder: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.is_file()
    }


@pytest.fixture(name="stored")
def stored_fixture(tmp_path: Path) -> Path:
    """A SQLite club database holding the sample club night, nothing left in its log."""
    folder = tmp_path / "club"
    folder.mkdir()
    db = folder / "club.db"
    code, _, err = bridgescore("import", str(SAMPLE), "--db", str(db), "--club", "Riverside")
    assert code == 0, err
    with sqlite3.connect(db) as connection:  # fold the write-ahead log into the file
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return db


# --- a read-only database --------------------------------------------------------------------


READS = [
    ("sessions", "list"),
    ("sessions", "show", "1"),
    ("sessions", "show", "1", "--handicapped"),
    ("sessions", "export", "1", "-", "--to", "csv"),
    ("players", "list"),
    ("handicaps", "--as-of", "2027-01-01"),
    ("handicaps", "--player", "Brian Fletcher", "--as-of", "2027-01-01"),
    ("score", "db:1"),
]


@pytest.mark.slow
def test_a_read_only_database_is_read_and_never_written(stored: Path) -> None:
    companions = [stored.with_name(stored.name + s) for s in ("-wal", "-shm")]
    before = fingerprint(stored.parent)
    with unwritable(stored, *[c for c in companions if c.exists()]):
        for command in READS:
            code, out, err = bridgescore(*command, "--db", str(stored))
            assert code == 0, (command, err)
            assert out.strip(), command
        code, _, err = bridgescore("players", "add", "Ann", "Lee", "--db", str(stored))
        line = one_line(code, err)
        assert f"cannot write to the database {stored}: it is read-only" in line
        code, _, err = bridgescore("import", str(SAMPLE), "--db", str(stored), "--club", "B")
        assert "read-only" in one_line(code, err)
        code, _, err = bridgescore("handicaps", "--keep", "--db", str(stored))
        assert "read-only" in one_line(code, err)
    assert fingerprint(stored.parent) == before


def test_handicaps_keeps_nothing_unless_asked(stored: Path) -> None:
    def snapshots() -> int:
        with sqlite3.connect(stored) as connection:
            return int(connection.execute("SELECT count(*) FROM handicap_snapshots").fetchone()[0])

    code, _, err = bridgescore("handicaps", "--as-of", "2027-01-01", "--db", str(stored))
    assert code == 0, err
    assert snapshots() == 0
    code, _, err = bridgescore("handicaps", "--as-of", "2027-01-01", "--keep", "--db", str(stored))
    assert code == 0, err
    assert snapshots() == 34  # every player of the sample night


def test_a_database_on_a_read_only_mount_is_read(stored: Path, tmp_path: Path) -> None:
    """A folder mounted read-only: SQLite cannot even keep its shared memory beside the file."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a read-only bind mount needs root")
    mounted = tmp_path / "mounted"
    mounted.mkdir()
    done = subprocess.run(
        ["mount", "--bind", "-o", "ro", str(stored.parent), str(mounted)],
        capture_output=True,
        text=True,
    )
    if done.returncode:
        pytest.skip(f"cannot bind-mount here: {done.stderr.strip()}")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(mounted)], check=False)
        db = mounted / stored.name
        for command in READS[:2]:
            code, out, err = bridgescore(*command, "--db", str(db))
            assert code == 0 and out, err
        code, _, err = bridgescore("players", "add", "Ann", "Lee", "--db", str(db))
        assert "read-only" in one_line(code, err)
    finally:
        subprocess.run(["umount", str(mounted)], check=True)


# --- paths that are not a database -----------------------------------------------------------


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    code, _, err = bridgescore("sessions", "list", "--db", str(tmp_path))
    assert f"the database {tmp_path} is a folder" in one_line(code, err)


def test_a_missing_folder_is_named_and_never_made(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "club.db"
    code, _, err = bridgescore("import", str(SAMPLE), "--db", str(target))
    line = one_line(code, err)
    assert f"the folder {tmp_path / 'no'} does not exist" in line
    assert not (tmp_path / "no").exists()


def test_a_folder_at_the_root_is_never_made() -> None:
    name = Path("/bridgescore-test-never-made")
    assert not name.exists()
    code, _, err = bridgescore("sessions", "list", "--db", str(name / "club.db"))
    assert "does not exist" in one_line(code, err)
    assert not name.exists()


def test_the_default_database_folder_is_made(tmp_path: Path) -> None:
    home = tmp_path / "data"
    code, _, err = bridgescore("sessions", "list", env={"XDG_DATA_HOME": str(home)})
    assert code == 0, err
    assert (home / "bridgescore" / "bridgescore.db").is_file()


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    code, _, err = bridgescore("sessions", "list", "--db", str(SAMPLE))
    assert "is not a bridgescore database" in one_line(code, err)


# --- a lock another process holds ------------------------------------------------------------

HOLD_SQLITE = """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
print("holding", flush=True)
time.sleep(float(sys.argv[2]))
connection.execute("ROLLBACK")
"""

HOLD_POSTGRES = """
import sys, time
import psycopg
with psycopg.connect(sys.argv[1]) as connection:
    connection.execute("SELECT pg_advisory_xact_lock(7262019)")
    print("holding", flush=True)
    time.sleep(float(sys.argv[2]))
"""


@contextlib.contextmanager
def held(db_url: str, seconds: float) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the database's write lock for ``seconds``."""
    if db_url.startswith("postgresql"):
        from sqlalchemy.engine import make_url

        url = make_url(db_url)
        dsn = f"host={url.host} port={url.port} user={url.username} dbname={url.database}"
        command = [sys.executable, "-c", HOLD_POSTGRES, dsn, str(seconds)]
    else:
        command = [sys.executable, "-c", HOLD_SQLITE, db_url, str(seconds)]
    holder = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        yield holder
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.slow
def test_a_locked_database_is_waited_for_then_given_up(db_url: str) -> None:
    code, _, err = bridgescore("db", "upgrade", "--db", db_url)
    assert code == 0, err
    with held(db_url, 60):
        started = time.monotonic()
        code, _, err = bridgescore(
            "players", "add", "Ann", "Lee", "--db", db_url, env={"BRIDGESCORE_LOCK_WAIT": "2"}
        )
        waited = time.monotonic() - started
    assert code == 2 and "Traceback" not in err, err
    first, last = err.strip().splitlines()
    assert "waiting for the database" in first and "another program is writing to it" in first
    assert "is still locked after" in last and "try again when it has finished" in last
    assert waited < 30


@pytest.mark.slow
def test_a_lock_released_while_waiting_lets_the_command_finish(db_url: str) -> None:
    code, _, err = bridgescore("db", "upgrade", "--db", db_url)
    assert code == 0, err
    with held(db_url, 60) as holder:
        command = subprocess.Popen(
            [sys.executable, "-m", "bridgescore", "players", "add", "Ann", "Lee", "--db", db_url],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert command.stderr is not None
        said = command.stderr.readline()  # the command says it waits, then the lock is let go
        holder.kill()
        holder.wait()
        out, err = command.communicate(timeout=120)
    assert command.returncode == 0, said + err
    assert "waiting for the database" in said and "added player 1: Ann Lee" in out


@pytest.mark.slow
def test_first_imports_at_once_on_a_new_database_all_succeed(db_url: str, tmp_path: Path) -> None:
    files = []
    for n in range(4):
        path = tmp_path / f"night-{n}.csv"
        path.write_text(
            f"# date: 2026-0{n + 1}-10\nboard,ns,ew,score,ns_names,ew_names\n"
            f"1,1,1,{420 + 10 * n},Ann Lee & Bob Roe,Cid Fox & Dee Gill\n"
            "1,2,2,450,Eve Hart & Fay Ing,Gus Jay & Hal King\n",
            encoding="utf-8",
        )
        files.append(path)
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "bridgescore", "import", str(path), "--db", db_url],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for path in files
    ]
    outcomes = [(run.wait(120), *run.communicate()) for run in runs]
    failed = [err for code, _, err in outcomes if code]
    assert not failed, "\n".join(failed)
    code, out, err = bridgescore("sessions", "list", "--db", db_url, "--club", "club")
    assert code == 0, err
    assert sum(line.startswith("│ ") for line in out.splitlines()) == 4


# --- a database of a newer bridgescore -------------------------------------------------------


def test_a_database_of_a_newer_bridgescore_says_so(stored: Path) -> None:
    with sqlite3.connect(stored) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0042_future'")
    for command in (("sessions", "list"), ("db", "upgrade"), ("import", str(SAMPLE))):
        code, _, err = bridgescore(*command, "--db", str(stored))
        line = one_line(code, err)
        assert "was written by a newer bridgescore" in line, command
        assert "upgrade bridgescore" in line
    with sqlite3.connect(stored) as connection:
        connection.execute(
            "UPDATE settings SET value = 'bridgescore 9.4.0' WHERE name = 'schema.written_by'"
        )
        assert connection.execute("SELECT version_num FROM alembic_version").fetchone() == (
            "0042_future",
        )
    code, _, err = bridgescore("db", "upgrade", "--db", str(stored))
    assert "was written by bridgescore 9.4.0: upgrade bridgescore" in one_line(code, err)


# --- a server that cannot be reached or refuses ------------------------------------------------


@pytest.mark.slow
def test_a_server_that_cannot_be_reached_is_one_line() -> None:
    with __import__("socket").socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql+psycopg://scorer:s3cret@127.0.0.1:{port}/club"
    for command in (("sessions", "list"), ("db", "upgrade"), ("handicaps",)):
        code, _, err = bridgescore(*command, "--db", url)
        line = one_line(code, err)
        assert (
            f"cannot reach the database postgresql+psycopg://scorer:***@127.0.0.1:{port}/club"
            in line
        )
        assert "s3cret" not in err


@pytest.mark.e2e  # a real PostgreSQL server
def test_a_wrong_password_is_one_line(pg_server: Server) -> None:
    import psycopg

    dsn = f"host=127.0.0.1 port={pg_server.port} user=postgres dbname=postgres"
    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute("DROP ROLE IF EXISTS scorer")
        connection.execute("CREATE ROLE scorer LOGIN PASSWORD 'right-one'")
        hba = Path(connection.execute("SHOW hba_file").fetchone()[0])  # type: ignore[index]
    original = hba.read_text(encoding="utf-8")
    hba.write_text("host all scorer 127.0.0.1/32 scram-sha-256\n" + original, encoding="utf-8")
    try:
        with psycopg.connect(dsn, autocommit=True) as connection:
            connection.execute("SELECT pg_reload_conf()")
        time.sleep(1)  # the server reads its files again by itself, soon after
        url = f"postgresql+psycopg://scorer:wrong-one@127.0.0.1:{pg_server.port}/postgres"
        code, _, err = bridgescore("sessions", "list", "--db", url)
        line = one_line(code, err)
        assert "cannot log in to the database" in line and "the password is wrong" in line
        assert "wrong-one" not in err
    finally:
        hba.write_text(original, encoding="utf-8")
        with psycopg.connect(dsn, autocommit=True) as connection:
            connection.execute("SELECT pg_reload_conf()")


# =================================================================================================
# The store under stress: a killed import, two writers at once, a reader during a write.
#
# Each runs on SQLite and on a real PostgreSQL server. The pauses are made by a SQLAlchemy event
# hook in the test (never in the library): it stops an import inside its transaction, just after
# the results are written and before its players are, so the other party meets a half-done import.


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
