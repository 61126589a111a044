"""Writing a user's output: files whole or not at all, devices and pipes streamed, links written
through, report folders that keep what a user added, and one plain line when it cannot be done."""

from __future__ import annotations

import errno
import json
import os
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bridgescore.formats.outputs import (
    MANIFEST,
    OutputError,
    write_bytes,
    write_directory,
    write_text,
)

AS_ROOT = os.geteuid() == 0


def plain(error: OutputError) -> str:
    """The message, checked to be one line of plain words."""
    message = str(error)
    assert "\n" not in message
    for word in ("Errno", "None", "Error", "<class", "Traceback"):
        assert word not in message, message
    return message


def failure(target: str | Path, text: str = "results\n") -> str:
    with pytest.raises(OutputError) as caught:
        write_text(target, text)
    return plain(caught.value)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# --- one file ----------------------------------------------------------------------------------


def test_a_new_file_is_written_with_the_umask(tmp_path: Path) -> None:
    target = tmp_path / "ranks.txt"
    old = os.umask(0o027)
    try:
        write_text(target, "1 Smith - Jones\n")
    finally:
        os.umask(old)
    assert target.read_text(encoding="utf-8") == "1 Smith - Jones\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_an_existing_file_is_replaced_keeping_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "ranks.txt"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o604)
    write_text(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o604


def test_a_failed_write_leaves_the_earlier_file_and_no_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "ranks.txt"
    target.write_text("old\n", encoding="utf-8")

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    message = failure(target)
    assert message == f"cannot write {target}: the disk is full"
    assert target.read_text(encoding="utf-8") == "old\n"
    assert leftovers(tmp_path) == []


def test_pieces_are_written_in_order_as_one_file(tmp_path: Path) -> None:
    target = tmp_path / "results.json"
    write_bytes(target, (piece for piece in (b"{", b'"boards": []', b"}\n")))
    assert target.read_bytes() == b'{"boards": []}\n'
    assert leftovers(tmp_path) == []


def test_pieces_that_fail_half_way_leave_the_earlier_file_and_no_part(tmp_path: Path) -> None:
    target = tmp_path / "results.json"
    target.write_text("old\n", encoding="utf-8")

    def pieces() -> Iterator[bytes]:
        yield b"{"
        raise RuntimeError("the maker of the pieces failed")

    with pytest.raises(RuntimeError):
        write_bytes(target, pieces())
    assert target.read_text(encoding="utf-8") == "old\n"
    assert leftovers(tmp_path) == []


def test_dev_null_is_written_and_stays_a_device() -> None:
    write_text("/dev/null", "results\n")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_dev_full_is_refused_in_one_line_and_stays_a_device() -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("this system has no /dev/full")
    assert failure("/dev/full") == "cannot write /dev/full: the disk is full"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)
    assert not [name for name in os.listdir("/dev") if name.startswith(".full.")]


def test_no_new_file_is_made_under_dev() -> None:
    name = "/dev/bridgescore-no-such-device"
    assert failure(name) == f"cannot write {name}: no such device"
    assert not os.path.lexists(name)


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "results" / "ranks.txt"
    target.parent.mkdir()
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o600)
    link = tmp_path / "latest.txt"
    link.symlink_to(target)
    write_text(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert leftovers(tmp_path) == [] and leftovers(target.parent) == []


def test_a_dangling_symlink_makes_its_target(tmp_path: Path) -> None:
    link = tmp_path / "latest.txt"
    link.symlink_to("ranks.txt")
    write_text(link, "new\n")
    assert link.is_symlink()
    assert (tmp_path / "ranks.txt").read_text(encoding="utf-8") == "new\n"


def test_a_fifo_is_streamed_to_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def reader() -> None:
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    thread = threading.Thread(target=reader)
    thread.start()
    write_text(fifo, "1 Smith - Jones\n")
    thread.join(timeout=10)
    assert received == [b"1 Smith - Jones\n"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_descriptor_path_appends_to_the_open_file(tmp_path: Path) -> None:
    target = tmp_path / "log.txt"
    target.write_text("before\n", encoding="utf-8")
    inode = target.stat().st_ino
    descriptor = os.open(target, os.O_WRONLY | os.O_APPEND)
    try:
        path = f"/proc/self/fd/{descriptor}"
        if not os.path.exists(path):
            pytest.skip("this system has no /proc/self/fd")
        write_text(path, "after\n")
    finally:
        os.close(descriptor)
    assert target.read_text(encoding="utf-8") == "before\nafter\n"
    assert target.stat().st_ino == inode


def test_dash_is_standard_output(capfd: pytest.CaptureFixture[str]) -> None:
    write_text("-", "1 Smith - Jones\n")
    assert capfd.readouterr().out == "1 Smith - Jones\n"


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    target = tmp_path / "out" / "missing" / "ranks.txt"
    assert failure(target) == f"cannot write {target}: no such folder: {tmp_path / 'out'}"


def test_a_file_where_a_folder_should_be_is_named(tmp_path: Path) -> None:
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    target = tmp_path / "file.txt" / "out" / "ranks.txt"
    assert failure(target) == f"cannot write {target}: not a folder: {tmp_path / 'file.txt'}"


def test_a_relative_path_is_named_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert failure("out/missing/r.txt") == "cannot write out/missing/r.txt: no such folder: out"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert failure(tmp_path) == f"cannot write {tmp_path}: it is a folder: give a file name"


def test_a_socket_is_refused() -> None:
    with tempfile.TemporaryDirectory(prefix="bs") as folder:
        path = os.path.join(folder, "s")
        server = socket.socket(socket.AF_UNIX)
        try:
            server.bind(path)
            assert "it is a socket" in failure(path)
        finally:
            server.close()


@pytest.mark.skipif(AS_ROOT, reason="root may write into any folder; see the next two tests")
def test_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        message = failure(folder / "ranks.txt")
    finally:
        folder.chmod(0o755)
    assert message == (
        f"cannot write {folder / 'ranks.txt'}: permission denied (making a file in the folder "
        f"{folder})"
    )


@pytest.mark.skipif(not AS_ROOT, reason="the folder-mode test covers other users")
def test_a_folder_root_cannot_write_into_is_refused() -> None:
    # Root passes every permission check on ordinary folders; sysfs still refuses new files.
    try:
        os.close(tempfile.mkstemp(dir="/sys/kernel")[0])
    except PermissionError:
        pass
    else:  # pragma: no cover - a system where root may make files in /sys
        pytest.skip("this system lets root make files in /sys/kernel")
    assert failure("/sys/kernel/ranks.txt") == (
        "cannot write /sys/kernel/ranks.txt: permission denied (making a file in the folder "
        "/sys/kernel)"
    )


def test_permission_denied_reads_plainly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(**_: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp_path / ".x.part"))

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    assert failure(tmp_path / "r.txt") == (
        f"cannot write {tmp_path / 'r.txt'}: permission denied (making a file in the folder "
        f"{tmp_path})"
    )


@pytest.mark.skipif(AS_ROOT, reason="root may replace a read-only file")
def test_a_read_only_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "ranks.txt"
    target.write_text("kept\n", encoding="utf-8")
    target.chmod(0o444)
    assert "permission denied" in failure(target)
    assert target.read_text(encoding="utf-8") == "kept\n"


# --- a folder ----------------------------------------------------------------------------------


def site(pages: dict[str, str]) -> Callable[[Path], int]:
    def fill(into: Path) -> int:
        for name, text in pages.items():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            (into / name).write_text(text, encoding="utf-8")
        return len(pages)

    return fill


def contents(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): p.read_text(encoding="utf-8")
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def folder_failure(target: Path, fill: Callable[[Path], object]) -> str:
    with pytest.raises(OutputError) as caught:
        write_directory(target, fill)
    return plain(caught.value)


def test_a_new_folder_is_made_with_its_manifest(tmp_path: Path) -> None:
    target = tmp_path / "out" / "club"
    assert write_directory(target, site({"index.html": "i", "boards/1.html": "b"})) == 2
    manifest = json.loads((target / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["files"] == ["boards/1.html", "index.html"]
    assert manifest["folders"] == ["boards"]
    assert leftovers(tmp_path / "out") == []


def test_an_empty_folder_is_used(tmp_path: Path) -> None:
    target = tmp_path / "club"
    target.mkdir()
    write_directory(target, site({"index.html": "i"}))
    assert (target / "index.html").exists()


def test_a_report_again_keeps_what_the_user_added(tmp_path: Path) -> None:
    target = tmp_path / "club"
    write_directory(target, site({"index.html": "one", "boards/1.html": "b1", "old.html": "o"}))
    (target / "notes.txt").write_text("director's notes", encoding="utf-8")
    (target / "boards" / "hand-records.pdf").write_text("pdf", encoding="utf-8")
    (target / "photos").mkdir()
    write_directory(target, site({"index.html": "two", "boards/2.html": "b2"}))
    assert contents(target) == {
        MANIFEST: (target / MANIFEST).read_text(encoding="utf-8"),
        "boards/2.html": "b2",
        "boards/hand-records.pdf": "pdf",
        "index.html": "two",
        "notes.txt": "director's notes",
    }
    assert (target / "photos").is_dir()
    assert leftovers(tmp_path) == []


def test_a_user_file_in_the_way_stops_the_run_and_changes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "club"
    write_directory(target, site({"index.html": "one"}))
    (target / "recap.html").write_text("mine", encoding="utf-8")
    before = contents(target)
    message = folder_failure(target, site({"index.html": "two", "recap.html": "ours"}))
    assert message == (
        f"cannot write {target}: files added to the folder by hand have the names of files of "
        "the report (recap.html): move them away, then run again"
    )
    assert contents(target) == before
    assert leftovers(tmp_path) == []


def test_a_folder_bridgescore_did_not_write_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "documents"
    target.mkdir()
    for name in ("a.txt", "b.txt", "c.txt", "d.txt", "e.txt", "f.txt", "g.txt"):
        (target / name).write_text(name, encoding="utf-8")
    before = contents(target)
    assert folder_failure(target, site({"index.html": "i"})) == (
        f"cannot write {target}: the folder holds files bridgescore did not write (a.txt, b.txt, "
        "c.txt, d.txt, e.txt and 2 more): choose a new or empty folder for the report"
    )
    assert contents(target) == before


def test_a_failed_fill_leaves_the_earlier_folder_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "club"
    write_directory(target, site({"index.html": "one"}))
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    before = contents(target)

    def broken(into: Path) -> None:
        (into / "index.html").write_text("half", encoding="utf-8")
        raise ValueError("a bug while writing")

    with pytest.raises(ValueError):
        write_directory(target, broken)
    assert contents(target) == before
    assert leftovers(tmp_path) == []


def test_a_fill_that_runs_out_of_disk_reads_plainly(tmp_path: Path) -> None:
    def full(into: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(into / "index.html"))

    target = tmp_path / "new" / "club"
    assert folder_failure(target, full) == f"cannot write {target}: the disk is full"
    assert not (tmp_path / "new").exists()  # the folder made on the way is gone again


def test_a_report_of_an_earlier_version_is_replaced_keeping_other_files(tmp_path: Path) -> None:
    target = tmp_path / "club"
    target.mkdir()
    (target / ".bridgescore-report").write_text("written by bridgescore report\n", "utf-8")
    (target / "index.html").write_text("old", encoding="utf-8")
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    write_directory(target, site({"index.html": "new"}))
    assert sorted(p.name for p in target.iterdir()) == [MANIFEST, "index.html", "notes.txt"]
    assert (target / "index.html").read_text(encoding="utf-8") == "new"


def test_a_file_at_the_folder_place_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "club"
    target.write_text("x", encoding="utf-8")
    assert folder_failure(target, site({})) == (
        f"cannot write {target}: it is a file, not a folder: a report is a folder of files"
    )
    assert folder_failure(target / "sub", site({})) == (
        f"cannot write {target / 'sub'}: not a folder: {target}"
    )


def test_a_linked_folder_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "2026" / "club"
    write_directory(real, site({"index.html": "one"}))
    link = tmp_path / "latest"
    link.symlink_to(real)
    write_directory(link, site({"index.html": "two"}))
    assert link.is_symlink()
    assert (real / "index.html").read_text(encoding="utf-8") == "two"


def test_a_manifest_that_cannot_be_read_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "club"
    target.mkdir()
    (target / MANIFEST).write_text("{not json", encoding="utf-8")
    (target / "index.html").write_text("old", encoding="utf-8")
    assert "cannot be read" in folder_failure(target, site({"index.html": "i"}))
    assert (target / "index.html").read_text(encoding="utf-8") == "old"


# =================================================================================================
# Every file a command writes goes through the one writer (bridgescore.formats.outputs): never
# over one of the command's own inputs, never over a database, never replacing a link, a pipe or a
# device, a missing folder said in a sentence, a new file made with the usual mode. The commands
# run as a user runs them, in their own processes.


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
