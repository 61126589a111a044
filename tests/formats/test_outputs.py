"""Writing a user's output: files whole or not at all, devices and pipes streamed, links written
through, report folders that keep what a user added, and one plain line when it cannot be done."""

from __future__ import annotations

import errno
import json
import os
import socket
import stat
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

ROOT = os.geteuid() == 0


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


@pytest.mark.skipif(ROOT, reason="root may write into any folder; see the next two tests")
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


@pytest.mark.skipif(not ROOT, reason="the folder-mode test covers other users")
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


@pytest.mark.skipif(ROOT, reason="root may replace a read-only file")
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
