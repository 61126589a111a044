"""Throwaway servers on loopback for the tests and the benchmarks: a PostgreSQL cluster in a
temporary folder (Debian's postgresql package) and ``bridgescore serve`` as a real process.

Each is stopped and removed by the ``with`` block that started it, and every wait is bounded.
The cluster listens on 127.0.0.1 only (a free port, its socket in its folder). initdb refuses to
run as root: as root the server runs as the ``postgres`` system user.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


class Unavailable(Exception):
    """No PostgreSQL server can be started here: why (the tests skip, or fail in CI)."""


def binaries() -> Path | None:
    for pattern in ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/*/bin"):
        for found in sorted(glob.glob(pattern), reverse=True):
            if (Path(found) / "initdb").exists() and (Path(found) / "pg_ctl").exists():
                return Path(found)
    which = shutil.which("pg_ctl")
    return Path(which).parent if which and shutil.which("initdb") else None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, bin_dir: Path, durable: bool = False) -> None:
        self.bin = bin_dir
        self.durable = durable  # fsync and synchronous commits on, as a real server runs
        self.root = Path(tempfile.mkdtemp(prefix="bridgescore-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
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
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
        if self.durable:  # a benchmark's figures are a real server's: every commit flushed
            options += "-c fsync=on -c synchronous_commit=on -c shared_buffers=128MB"
        else:
            options += "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
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
def postgresql(durable: bool = False) -> Iterator[Server]:
    """A throwaway PostgreSQL server, stopped and removed at the end; :class:`Unavailable`
    when it cannot be had. ``durable``: each commit flushed to disk before it is answered (the
    benchmarks); the tests' server skips that."""
    bin_dir = binaries()
    if bin_dir is None:
        raise Unavailable("no initdb/pg_ctl found (Debian package postgresql)")
    running = Server(bin_dir, durable)
    try:
        running.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        running.stop()
        raise Unavailable(f"cannot start a throwaway server: {error}") from None
    try:
        yield running
    finally:
        running.stop()


@contextmanager
def serving(
    db: str, workers: int = 1, port: int | None = None, access_log: bool = True
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``bridgescore serve`` on ``db`` (``access_log``: a line per request, as it serves by
    default; the load tests turn it off)."""
    port = port or free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("BRIDGESCORE_DB", None)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bridgescore",
            "serve",
            "--db",
            db,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            str(workers),
            *([] if access_log else ["--no-access-log"]),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/index.json", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start (status {process.poll()})")
            time.sleep(0.2)
        yield process, base
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=20)


__all__ = ["Server", "Unavailable", "binaries", "free_port", "postgresql", "serving"]
