"""Every file a command writes goes through the one writer (bridgescore.formats.outputs): never
over one of the command's own inputs, never over a database, never replacing a link, a pipe or
a device, a missing folder said in a sentence, a new file made with the usual mode. The
commands run as a user runs them, in their own processes."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bridgescore.formats.outputs import MANIFEST, OutputError, write_directory, write_text

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "src" / "bridgescore" / "samples" / "club-night.csv"


def bridgescore(*args: str, cwd: Path | None = None) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "bridgescore", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd or ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    return done.returncode, done.stdout, done.stderr


def refused(code: int, err: str) -> str:
    assert code == 2, err
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture(name="night")
def night_fixture(tmp_path: Path) -> Path:
    path = tmp_path / "night.csv"
    path.write_bytes(SAMPLE.read_bytes())
    return path


# --- the writer --------------------------------------------------------------------------------


def test_the_writer_refuses_an_input_and_keeps_it(night: Path) -> None:
    before = night.read_bytes()
    with pytest.raises(OutputError, match="it is this command's input"):
        write_text(night, "results\n", inputs=[night])
    link = night.with_name("link.csv")
    link.symlink_to(night)
    with pytest.raises(OutputError, match="it is this command's input"):
        write_text(link, "results\n", inputs=[night])  # the same file under another name
    assert night.read_bytes() == before


def test_the_writer_never_writes_over_a_database(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("CREATE TABLE t (x)")
        connection.execute("INSERT INTO t VALUES (1)")
        held = sqlite3.connect(db)  # keeps the write-ahead log and shared memory in place
    try:
        before = db.read_bytes()
        for target in (db, tmp_path / "club.db-wal", tmp_path / "club.db-shm"):
            if target.exists():
                with pytest.raises(OutputError, match="it is a database"):
                    write_text(target, "board,ns,ew\n")
        assert db.read_bytes() == before
    finally:
        held.close()


def test_a_folder_holding_an_input_it_would_replace_is_refused(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_directory(site, lambda into: (into / "index.json").write_text("{}\n"))
    before = (site / "index.json").read_text()
    with pytest.raises(OutputError, match="holds this command's input"):
        write_directory(
            site,
            lambda into: (into / "index.json").write_text("[]\n"),
            inputs=[site / "index.json"],
        )
    assert (site / "index.json").read_text() == before
    # A file the user added there, which the report does not replace, may be read.
    (site / "mine.csv").write_text("x\n")
    write_directory(
        site, lambda into: (into / "index.json").write_text("[]\n"), inputs=[site / "mine.csv"]
    )
    assert (site / "mine.csv").read_text() == "x\n" and (site / MANIFEST).exists()


# --- the commands ------------------------------------------------------------------------------


def test_score_never_writes_over_its_input(night: Path) -> None:
    before = night.read_bytes()
    code, _, err = bridgescore("score", str(night), "-o", str(night))
    assert "it is this command's input" in refused(code, err)
    code, _, err = bridgescore("score", str(night), "--format", "json", "-o", str(night))
    assert "it is this command's input" in refused(code, err)
    assert night.read_bytes() == before


def test_convert_never_writes_over_its_input_or_its_movement(tmp_path: Path) -> None:
    movement = tmp_path / "m.json"
    code, out, err = bridgescore(
        "movement", "mitchell", "--tables", "3", "--boards", "6", "--format", "json"
    )
    assert code == 0, err
    movement.write_text(out, encoding="utf-8")
    travellers = tmp_path / "t.csv"
    travellers.write_text("board,table,round,score\n1,1,1,420\n1,2,3,450\n1,3,2,420\n")
    code, _, err = bridgescore(
        "convert", str(travellers), str(travellers), "--movement", str(movement)
    )
    assert "it is this command's input" in refused(code, err)
    code, _, err = bridgescore(
        "convert", str(travellers), str(movement), "--to", "json", "--movement", str(movement)
    )
    assert "it is this command's input" in refused(code, err)
    assert movement.read_text(encoding="utf-8") == out


def test_report_never_replaces_its_own_input(tmp_path: Path) -> None:
    site = tmp_path / "site"
    code, _, err = bridgescore("report", str(SAMPLE), "-o", str(site), "--no-double-dummy")
    assert code == 0, err
    code, _, err = bridgescore("convert", str(SAMPLE), str(site / "index.json"), "--to", "json")
    assert code == 0, err  # index.json is in the report's manifest: the report would replace it
    before = (site / "index.json").read_bytes()
    code, _, err = bridgescore(
        "report", str(site / "index.json"), "-o", str(site), "--no-double-dummy"
    )
    assert "holds this command's input" in refused(code, err)
    assert (site / "index.json").read_bytes() == before


@pytest.fixture(name="stored")
def stored_fixture(tmp_path: Path) -> Path:
    db = tmp_path / "club.db"
    code, _, err = bridgescore("import", str(SAMPLE), "--db", str(db))
    assert code == 0, err
    return db


def test_sessions_export_never_writes_over_the_database(stored: Path, tmp_path: Path) -> None:
    before = stored.read_bytes()
    link = tmp_path / "looks-like.csv"
    link.symlink_to(stored)
    for target in (stored, link):
        code, _, err = bridgescore(
            "sessions", "export", "1", str(target), "--to", "csv", "--db", str(stored)
        )
        assert "it is a database" in refused(code, err)
    assert stored.read_bytes() == before and link.is_symlink()
    code, out, err = bridgescore("sessions", "list", "--db", str(stored))
    assert code == 0 and "Riverside Bridge Club" in out, err


def test_sessions_export_writes_as_every_output_is_written(stored: Path, tmp_path: Path) -> None:
    target = tmp_path / "night.csv"
    old = os.umask(0o022)
    try:
        code, out, err = bridgescore("sessions", "export", "1", str(target), "--db", str(stored))
    finally:
        os.umask(old)
    assert code == 0 and "written to" in out, err
    assert stat.S_IMODE(target.stat().st_mode) == 0o644  # 0o666 less the umask, as the shell
    # A link is written through and stays a link.
    link = tmp_path / "latest.csv"
    link.symlink_to(target)
    code, _, err = bridgescore(
        "sessions", "export", "1", str(link), "--to", "csv", "--db", str(stored)
    )
    assert code == 0 and link.is_symlink(), err
    # A missing folder is a sentence.
    missing = tmp_path / "no" / "such.csv"
    code, _, err = bridgescore("sessions", "export", "1", str(missing), "--db", str(stored))
    assert f"no such folder: {tmp_path / 'no'}" in refused(code, err)


def test_sessions_export_streams_to_a_pipe_and_a_device(stored: Path, tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    read: list[bytes] = []
    reader = threading.Thread(target=lambda: read.append(pipe.read_bytes()))
    reader.start()
    code, _, err = bridgescore(
        "sessions", "export", "1", str(pipe), "--to", "csv", "--db", str(stored)
    )
    reader.join(30)
    assert code == 0, err
    assert stat.S_ISFIFO(pipe.lstat().st_mode) and read[0].startswith(b"# event:")
    if os.path.exists("/dev/full"):
        code, _, err = bridgescore(
            "sessions", "export", "1", "/dev/full", "--to", "csv", "--db", str(stored)
        )
        assert refused(code, err) == "bridgescore: cannot write /dev/full: the disk is full"
        assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_movement_cards_are_one_folder_of_bridgescore_s(tmp_path: Path) -> None:
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "notes.txt").write_text("mine\n")
    code, _, err = bridgescore("movement", "howell", "--tables", "3", "--cards", str(theirs))
    assert "files bridgescore did not write" in refused(code, err)
    assert sorted(p.name for p in theirs.iterdir()) == ["notes.txt"]
    cards = tmp_path / "cards"
    for _ in range(2):  # and again: an earlier set of cards is replaced
        code, _, err = bridgescore("movement", "howell", "--tables", "3", "--cards", str(cards))
        assert code == 0, err
    assert (cards / MANIFEST).exists() and (cards / "tables.html").exists()
