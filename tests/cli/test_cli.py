"""The command line as a club scorer uses it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import bridgescore
from bridgescore.cli import main

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"

SEED_000_BOARD_5 = """board,ns,ew,contract,declarer,result,vul
5,1,1,3NT,N,9,None
5,2,2,4S,N,10,None
5,3,3,4S,N,9,None
5,4,4,A,,,
"""

BROKEN = """board,ns,ew,contract,declarer,result
1,1,1,4Z,N,10
1,2,2,4S,N,14
1,3,3,4S,,10
"""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bridgescore", *args], capture_output=True, text=True, check=False
    )


def test_score_sample_text() -> None:
    result = CliRunner().invoke(main, ["score", str(SAMPLE)])
    assert result.exit_code == 0, result.output
    assert "North-South" in result.output and "East-West" in result.output
    assert result.output.count("— ok") == 2


def test_score_json(tmp_path: Path) -> None:
    path = tmp_path / "b5.csv"
    path.write_text(SEED_000_BOARD_5)
    result = CliRunner().invoke(main, ["score", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    (board,) = data["boards"]
    assert board["board"] == 5 and board["top"] == 6
    rows = board["results"]
    assert [r["ns_mp"] for r in rows] == [3, 5, 1, 3]
    assert [r["ew_mp"] for r in rows] == [3, 1, 5, 3]
    assert rows[3]["ns_score"] is None and rows[3]["contract"] is None
    assert rows[0]["contract"] == "3NT" and rows[0]["declarer"] == "N" and rows[0]["tricks"] == 9
    assert "counts as a tie" in rows[0]["explanation"]["NS"]["text"]
    fields = {f["field"]: f for f in data["fields"]}
    assert set(fields) == {"NS", "EW"}
    first = fields["NS"]["rankings"][0]
    assert {"rank", "pair", "mp", "max", "percent"} <= set(first)
    assert first["pair"] == 2 and first["mp"] == 5 and first["max"] == 6
    assert first["percent"] == pytest.approx(500 / 6, abs=1e-9)


def test_score_json_to_file_and_options(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    result = CliRunner().invoke(
        main,
        [
            "score",
            str(SAMPLE),
            "--rules",
            "ebu",
            "--scale",
            "1",
            "--format",
            "json",
            "-o",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["rules"]["name"] == "ebu" and data["rules"]["scale"] == 1
    assert data["rules_overridden"] == {"scale": 1}
    assert all(f["checksum"]["ok"] for f in data["fields"])


def test_explain_shows_reasons(tmp_path: Path) -> None:
    path = tmp_path / "b5.csv"
    path.write_text(SEED_000_BOARD_5)
    result = CliRunner().invoke(main, ["score", str(path), "--explain"])
    assert result.exit_code == 0
    assert "artificial score A: 50% of the top 6 = 3" in result.output


def test_names_and_titles_print_as_written(tmp_path: Path) -> None:
    # Square brackets and colons in a results file are data, not rich markup or emoji codes.
    path = tmp_path / "names.csv"
    path.write_text(
        "# event: Pairs [heat 2] :trophy:\n"
        "board,ns,ew,contract,declarer,result,ns_names,ew_names\n"
        "1,1,1,3NT,N,9,Ann Lee [sub] & Bob Roy,Cy [/b] Moss & Di Wu\n"
        "1,2,2,4S,N,10,Ed Hart & Flo Rao,Gus :smile: Ode & Hy Berg\n"
    )
    result = CliRunner().invoke(main, ["score", str(path), "--explain", "--recap", "--cards"])
    assert result.exit_code == 0, result.output
    for text in ("Pairs [heat 2] :trophy:", "Ann Lee [sub] & Bob Roy", "Cy [/b] Moss & Di Wu",
                 "Gus :smile: Ode & Hy Berg"):  # fmt: skip
        assert text in result.output


def test_bad_input_exit_status_2_every_problem_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "broken.csv"
    path.write_text(BROKEN)
    out = tmp_path / "out.json"
    completed = run("score", str(path), "--format", "json", "-o", str(out))
    assert completed.returncode == 2
    assert "Traceback" not in completed.stderr
    assert f"{path}:2, board 1" in completed.stderr and "4Z" in completed.stderr
    assert f"{path}:3, board 1" in completed.stderr and "14 tricks" in completed.stderr
    assert f"{path}:4, board 1" in completed.stderr and "no declarer" in completed.stderr
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [path]


def test_missing_file_and_bad_option() -> None:
    completed = run("score", "no-such-file.csv")
    assert completed.returncode == 2 and "cannot read" in completed.stderr
    completed = run("score", str(SAMPLE), "--rules", "nonesuch")
    assert completed.returncode == 2 and "no rule set named" in completed.stderr


def test_handicapped_ranking(tmp_path: Path) -> None:
    scores = tmp_path / "night.csv"
    scores.write_text(
        "board,ns,ew,score,ns_names,ew_names\n"
        "1,1,1,420,Ann & Bob,Cy & Di\n1,2,2,400,Ed & Flo,Gus & Hal\n"
        "2,1,1,100,Ann & Bob,Cy & Di\n2,2,2,50,Ed & Flo,Gus & Hal\n"
    )
    history = tmp_path / "history.csv"
    rows = ["player,date,percentage"]
    for day in range(1, 6):
        rows += [
            f"Ann,2026-01-0{day},40",
            f"Bob,2026-01-0{day},40",
            f"Ed,2026-01-0{day},60",
            f"Flo,2026-01-0{day},60",
        ]
    history.write_text("\n".join(rows) + "\n")
    result = CliRunner().invoke(
        main, ["score", str(scores), "--handicaps", str(history), "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    ns = next(f for f in json.loads(result.stdout)["fields"] if f["field"] == "NS")
    # The file has no date, and Cy, Di, Gus and Hal have no history: both are said, not hidden.
    assert "the session has no date" in result.stderr
    assert (
        "handicap 0 for 4 players" in result.stderr and "Cy (not in the history)" in result.stderr
    )
    by_pair = {r["pair"]: r for r in ns["rankings"]}
    assert by_pair[1]["percent"] == 100 and by_pair[1]["handicap"] == 10
    assert by_pair[2]["handicapped"] == 0 - 10
    assert [r["pair"] for r in ns["handicap_rankings"]] == [1, 2]


def test_python_dash_m_and_version() -> None:
    completed = run("--version")
    assert completed.returncode == 0 and bridgescore.__version__ in completed.stdout


@pytest.mark.parametrize(("given", "seen"), [(None, "1"), ("3", "3")])
def test_the_command_asks_openblas_for_one_thread_unless_told(given: str | None, seen: str) -> None:
    """numpy's OpenBLAS sets up a thread per core as it loads (bridgescore calls no BLAS): the
    command asks for one, before anything can import numpy, and a user's own choice stands."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    code = (
        "import sys, os, bridgescore.cli; "
        "print('numpy' in sys.modules, os.environ.get('OPENBLAS_NUM_THREADS'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.split() == ["False", seen]


def test_every_command_has_an_example_in_its_help() -> None:
    ctx = click.Context(main)
    names = main.list_commands(ctx)
    assert {"score", "report", "convert", "check", "movement", "import", "serve"} <= set(names)
    for name in names:
        command = main.get_command(ctx, name)
        assert command is not None, name
        assert command.help and "bridgescore " + name in command.help, name


def test_a_failed_checksum_is_loud(monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgescore.results import Checksum

    monkeypatch.setattr(Checksum, "ok", property(lambda self: False))
    result = CliRunner().invoke(main, ["score", str(SAMPLE)])
    assert result.exit_code == 1
    assert "CHECKSUM FAILED in field NS, EW" in result.output
    assert "— FAILED" in result.output


def test_imp_methods_in_json(tmp_path: Path) -> None:
    path = tmp_path / "ximps.csv"
    path.write_text(
        "board,ns,ew,score\n"
        + "".join(
            f"1,{p},{p},{s}\n" for p, s in enumerate([420, 450, -100, -200, 400, 590], start=1)
        )
    )
    result = CliRunner().invoke(
        main,
        [
            "score",
            str(path),
            "--method",
            "butler",
            "--format",
            "json",
            "--datum-rounding",
            "half-up",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    board = data["boards"][0]
    assert board["datum"] == 290
    assert [r["ns_imps"] for r in board["results"]] == [4, 4, -9, -10, 3, 7]
    assert [r["datum"] for r in board["results"]] == [290] * 6
    assert data["fields"][0]["rankings"][0]["total"] == 7
    result = CliRunner().invoke(
        main,
        ["score", str(path), "--method", "cross-imps", "--format", "json", "--cross-imps", "sum"],
    )
    rows = json.loads(result.output)["boards"][0]["results"]
    assert [r["ns_imps"] for r in rows] == [18, 22, -42, -52, 15, 39]


def test_teams_in_json(tmp_path: Path) -> None:
    path = tmp_path / "teams.csv"
    path.write_text("board,ns,ew,contract,declarer,result\n4,1,2,4S,N,10\n4,2,1,3S,N,10\n")
    result = CliRunner().invoke(main, ["score", str(path), "--method", "teams", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["ns_imps"] for r in data["boards"][0]["results"]] == [10, -10]
    (match,) = data["matches"]
    assert match["home_imps"] == 10 and match["home_vps"] + match["away_vps"] == 20
    ranking = data["fields"][0]["rankings"]
    assert [r["team"] for r in ranking] == [1, 2] and ranking[0]["total"] == 10
