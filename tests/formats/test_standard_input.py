"""`-` reads a results file from standard input: its kind is told from what it starts with, and
messages name it "standard input"."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import shared_path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "src" / "bridgescore" / "samples" / "club-night.csv"


def run(args: list[str], data: bytes) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "bridgescore", *args]
    return subprocess.run(command, input=data, capture_output=True, timeout=120, check=False)


def rankings(out: bytes) -> list[tuple[str, str]]:
    data = json.loads(out)
    return [(r["place"], r["mp_exact"]) for f in data["fields"] for r in f["rankings"]]


def test_a_traveller_csv_on_standard_input_scores_as_the_file() -> None:
    piped = run(["score", "-", "--format", "json"], SAMPLE.read_bytes())
    named = run(["score", str(SAMPLE), "--format", "json"], b"")
    assert piped.returncode == 0, piped.stderr
    assert rankings(piped.stdout) == rankings(named.stdout)


@pytest.mark.parametrize(
    "name", ["usebio-compscore/mp_pairs_howell.xml", "nz-scorer/native/pairs.xml", "pbn/sample.pbn"]
)
def test_other_kinds_on_standard_input(name: str) -> None:
    path = shared_path("data", *name.split("/"))
    if path is None:
        pytest.skip("../shared/data is not beside the repository")
    piped = run(["score", "-", "--format", "json"], Path(path).read_bytes())
    named = run(["score", str(path), "--format", "json"], b"")
    assert piped.returncode == named.returncode == 0, piped.stderr
    assert rankings(piped.stdout) == rankings(named.stdout)


def test_a_problem_on_standard_input_names_it() -> None:
    bad = run(["score", "-"], b"board,ns,ew,score\n1,1,1,15000\n1,2,2,420\n")
    assert bad.returncode == 2
    assert b"standard input:2, board 1: no contract scores +15000" in bad.stderr
