"""``bridgescore import`` of a large session: it says how far it is (checking each result reads
back as it was, then storing), stores every result across its thousand-row batches, and draws
its bar only on a terminal, never over the lines it prints."""

from __future__ import annotations

import itertools
import os
import pty
import re
import subprocess
import sys
import tty
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main, progress
from bridgescore.store import Store
from bridgescore.store.sessions import PROGRESS_STEP, read_original, same_session

TABLES = 50
BOARDS = 26
CONTRACTS = ["3NT", "4S", "2H", "1NT", "5DX"]
RESULTS = ["=", "+1", "-1", "-2", "=", "-3"]


def simultaneous(path: Path) -> Path:
    """Every board at every table (1,300 results: more than one batch), with varied results, a
    pass-out and an artificial score so that each kind goes through the batches."""
    lines = ["board,ns,ew,contract,declarer,result"]
    cycle = itertools.cycle(itertools.product(CONTRACTS, RESULTS))
    for board in range(1, BOARDS + 1):
        for table in range(1, TABLES + 1):
            ns, ew = table, table + 100
            if (board, table) == (3, 7):
                lines.append(f"{board},{ns},{ew},PASS,,")
            elif (board, table) == (5, 11):
                lines.append(f"{board},{ns},{ew},A+/A-,,")
            else:
                contract, result = next(cycle)
                lines.append(f"{board},{ns},{ew},{contract},N,{result}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_import_reports_checking_then_storing_and_stores_every_batch(
    store: Store, tmp_path: Path
) -> None:
    path = simultaneous(tmp_path / "sim.csv")
    count = TABLES * BOARDS
    assert count > PROGRESS_STEP
    calls: list[tuple[str, int, int]] = []
    report = store.import_file(
        path, played_on=date(2026, 11, 1), progress=lambda *call: calls.append(call)
    )
    assert report.stored and report.results == count
    stages = [stage for stage, _, _ in calls]
    assert stages == sorted(stages)  # every "checking" before every "storing"
    for stage in ("checking", "storing"):
        steps = [(done, total) for name, done, total in calls if name == stage]
        assert {total for _, total in steps} == {count}
        done = [d for d, _ in steps]
        assert done == [*range(0, count, PROGRESS_STEP), count]
    # Every batch stored: the session reads back as the file.
    back = store.load_session(report.session_id)
    assert same_session(read_original(path), back) == []


def test_the_command_draws_its_bar_on_a_terminal_and_prints_below_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich takes standard error for a terminal
    monkeypatch.setenv("FORCE_COLOR", "1")
    path = simultaneous(tmp_path / "sim.csv")
    done = CliRunner().invoke(
        main, ["import", str(path), str(path), "--db", str(tmp_path / "club.db")]
    )
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines() == [
        f"{path}: stored as session 1 of club 'club' ({TABLES * BOARDS} table results; "
        "0 players matched, 0 new)",
        f"{path}: already stored as session 1",
    ]
    assert "Checking sim.csv (1 of 2)" in done.stderr
    assert "Storing sim.csv (1 of 2)" in done.stderr
    assert "Checking sim.csv (2 of 2)" in done.stderr
    assert "Storing sim.csv (2 of 2)" not in done.stderr  # already stored: nothing written


def test_no_bar_when_standard_error_is_not_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)
    path = simultaneous(tmp_path / "sim.csv")
    done = CliRunner().invoke(main, ["import", str(path), "--db", str(tmp_path / "club.db")])
    assert done.exit_code == 0, done.output
    assert done.stderr == ""


ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def test_on_a_real_terminal_each_line_starts_where_the_bar_was_erased(tmp_path: Path) -> None:
    path = simultaneous(tmp_path / "sim.csv")
    program = (
        "import sys\n"
        "from bridgescore.cli import main, progress\n"
        "progress.DELAY = 0.0\n"
        f"sys.argv = ['bridgescore', 'import', {str(path)!r}, {str(path)!r}, "
        f"'--db', {str(tmp_path / 'club.db')!r}]\n"
        "main()\n"
    )
    main_end, secondary = pty.openpty()
    tty.setraw(secondary)
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("FORCE_", "TTY_"))}
    process = subprocess.Popen(
        [sys.executable, "-c", program],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        env={**environment, "TERM": "xterm-256color", "COLUMNS": "100"},
    )
    os.close(secondary)
    written = b""
    while True:
        try:
            chunk = os.read(main_end, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        written += chunk
    os.close(main_end)
    assert process.wait(timeout=60) == 0
    text = written.decode("utf-8")
    assert "Storing sim.csv (1 of 2)" in text  # the bar was drawn
    for line in (f"{path}: stored as session 1", f"{path}: already stored as session 1"):
        before = text[: text.index(line)].rsplit("\n", 1)[-1]
        # Nothing of the bar is left on the line: it was erased, and only then the line written.
        assert "\x1b[2K" in before
        assert ESCAPE.sub("", before).strip("\r") == ""
