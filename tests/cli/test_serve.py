"""``bridgescore serve`` refuses what it cannot use in one line, exit 2, before anything starts:
a port out of range or in use, an address not this machine's, a missing, broken or mismatched
certificate and key, a --publish-to folder it could not write into. Each run is a real process;
the port in use is held by a real listening socket."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def serve(*args: str, db: Path) -> str:
    """The one line ``serve`` ends with (it must end: nothing may start)."""
    done = subprocess.run(
        [sys.executable, "-m", "bridgescore", "serve", "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and done.stdout == "", done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.fixture(name="db")
def db_fixture(tmp_path: Path) -> Path:
    return tmp_path / "club.db"


@pytest.fixture(name="busy_port")
def busy_port_fixture() -> Iterator[int]:
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        yield held.getsockname()[1]


def test_a_port_out_of_range(db: Path) -> None:
    for port in ("0", "65536", "99999999999999999999", "²", "http"):
        assert "is not a port (expected a number from 1 to 65535)" in serve("--port", port, db=db)
    assert not db.exists()  # refused before the database is opened


def test_a_port_in_use(db: Path, busy_port: int) -> None:
    said = serve("--port", str(busy_port), db=db)
    assert said == (
        f"bridgescore: cannot listen on 127.0.0.1:{busy_port}: the port is in use: another "
        "program listens there (give --port)"
    )


def test_an_address_that_is_not_this_machine_s(db: Path) -> None:
    said = serve("--host", "192.0.2.1", "--port", "8000", db=db)  # TEST-NET-1: never local
    assert "the address is not one of this machine's" in said
    assert "cannot find the address" in serve("--host", "no-such-host.invalid", db=db)


@pytest.fixture(name="pairs")
def pairs_fixture(tmp_path: Path) -> tuple[tuple[Path, Path], tuple[Path, Path]]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl makes the test certificates")
    made = []
    for name in ("one", "two"):
        cert, key = tmp_path / f"{name}.crt", tmp_path / f"{name}.key"
        subprocess.run(
            [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                "-subj", f"/CN={name}", "-keyout", str(key), "-out", str(cert),
            ],
            check=True,
            capture_output=True,
        )  # fmt: skip
        made.append((cert, key))
    return made[0], made[1]


def test_certificates_that_cannot_be_used(
    db: Path, tmp_path: Path, pairs: tuple[tuple[Path, Path], tuple[Path, Path]]
) -> None:
    (cert, key), (_, other_key) = pairs
    said = serve("--certificate", str(cert), "--key", str(other_key), db=db)
    assert said.endswith("the key is not this certificate's")
    garbage = tmp_path / "garbage.pem"
    garbage.write_text("not a certificate\n")
    said = serve("--certificate", str(garbage), "--key", str(key), db=db)
    assert said.endswith("not a PEM certificate and private key")
    said = serve("--certificate", str(tmp_path / "missing.crt"), "--key", str(key), db=db)
    assert said.endswith("missing.crt: no such file")
    assert "--certificate and --key go together" in serve("--certificate", str(cert), db=db)


def test_a_publish_folder_that_cannot_be_used(db: Path, tmp_path: Path) -> None:
    a_file = tmp_path / "site.txt"
    a_file.write_text("x\n")
    assert "it is a file, not a folder" in serve("--publish-to", str(a_file), db=db)
    missing = tmp_path / "no" / "site"
    assert f"no such folder: {tmp_path / 'no'}" in serve("--publish-to", str(missing), db=db)
    locked = tmp_path / "locked"
    locked.mkdir()
    if os.geteuid() == 0:
        if shutil.which("chattr") is None:
            pytest.skip("chattr makes a folder root cannot write into")
        subprocess.run(["chattr", "+i", str(locked)], check=True)
    else:
        locked.chmod(0o555)
    try:
        said = serve("--publish-to", str(locked), db=db)
        assert "cannot write into it: permission denied" in said
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(locked)], check=True)
        else:
            locked.chmod(0o755)
