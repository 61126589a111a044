"""A throwaway PostgreSQL server for the store tests (Debian's postgresql package).

The cluster lives in a temporary folder, listens on 127.0.0.1 only (a free port, its socket in
that folder) and is stopped and removed at the end. initdb refuses to run as root: as root the
server runs as the ``postgres`` system user. Without the binaries the PostgreSQL tests are
skipped with the reason, except in CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def binaries() -> Path | None:
    for pattern in ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/*/bin"):
        for found in sorted(glob.glob(pattern), reverse=True):
            if (Path(found) / "initdb").exists() and (Path(found) / "pg_ctl").exists():
                return Path(found)
    which = shutil.which("pg_ctl")
    return Path(which).parent if which and shutil.which("initdb") else None


def missing(reason: str) -> None:
    """Skip, or fail in CI: CI must run the PostgreSQL tests."""
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL is needed in CI: {reason} (make postgres installs it)")
    pytest.skip(f"PostgreSQL tests skipped: {reason} (make postgres installs it)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="bridgescore-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
            os.chmod(self.root, 0o700)

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=self.root)

    def start(self) -> None:
        done = self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        if done.returncode:
            raise RuntimeError(f"initdb failed: {done.stderr.strip()}")
        self.resume()

    def resume(self) -> None:
        """Start the server on its data (again, after ``halt``)."""
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        done = self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.root / "log"),
            "-w",
            "start",
        )
        if done.returncode:
            log = (self.root / "log").read_text() if (self.root / "log").exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()} {log[-500:]}")

    def halt(self) -> None:
        """Stop the server as an administrator would, its clients cut off, keeping its data
        (fast, not immediate: the throwaway server runs with synchronous_commit off, so a crash
        would lose what it had acknowledged)."""
        done = self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        if done.returncode:
            raise RuntimeError(f"pg_ctl stop failed: {done.stderr.strip()}")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database on the server; its URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextmanager
def server() -> Iterator[Server]:
    bin_dir = binaries()
    if bin_dir is None:
        missing("no initdb/pg_ctl found (Debian package postgresql)")
        raise AssertionError("unreachable")
    running = Server(bin_dir)
    try:
        running.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        running.stop()
        missing(f"cannot start a throwaway server: {error}")
    try:
        yield running
    finally:
        running.stop()
