"""Text from a file never reaches a terminal or a text file raw: a control character in a name, a
title, a label or a movement's notes could recolour, retitle, move or hide the output. And a
session where nothing is compared shows no percentage, not 0.00 %."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.display import printable
from bridgescore.formats import csv as traveller_csv
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs

ROOT = Path(__file__).resolve().parents[2]
NASTY = "\x1b[2J\x1b]0;owned\x07\x08\x9b31m\u202e\x7f"  # a CSV line may not hold a CR


def bridgescore(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bridgescore", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "120"},
    )


def unsafe(text: str) -> list[str]:
    """The characters of ``text`` that must not be printed as they are."""
    return [
        c
        for c in text
        if c != "\n" and (unicodedata.category(c) == "Cc" or "\u202a" <= c <= "\u202e")
    ]


@given(st.text())
def test_printable_leaves_nothing_unsafe_and_only_escapes(text: str) -> None:
    shown = printable(text)
    assert unsafe(shown) == [] and "\n" not in shown
    if not unsafe(text) and "\n" not in text:
        assert shown == text
    assert unsafe(printable(text, lines=True)) == []


@pytest.fixture(name="hostile")
def hostile_fixture(tmp_path: Path) -> Path:
    path = tmp_path / "hostile.csv"
    path.write_text(
        f"# title: Club{NASTY} night\n# date: 2026-03-10{NASTY}\n"
        "board,section,table,round,ns,ew,score,ns_names,ew_names\n"
        f"1,A{NASTY},1{NASTY},1,1,1,420,Ann{NASTY} Lee & Bob Roy,Cid Fox & Dee{NASTY} Gill\n"
        f"1,A{NASTY},2{NASTY},1,2,2,450,Eve Hart & Fay Ing,Gus Jay & Hal King\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    "options", [(), ("--explain",), ("--recap", "--cards"), ("--explain", "--recap", "--cards")]
)
def test_score_prints_a_hostile_file_harmlessly(hostile: Path, options: tuple[str, ...]) -> None:
    done = bridgescore("score", str(hostile), *options, cwd=hostile.parent)
    assert done.returncode == 0, done.stderr
    assert unsafe(done.stdout) == [], [hex(ord(c)) for c in unsafe(done.stdout)]
    assert "Ann\\x1b[2J" in done.stdout  # shown, escaped, not dropped


def test_a_text_file_written_by_score_is_harmless(hostile: Path) -> None:
    target = hostile.with_name("results.txt")
    done = bridgescore("score", str(hostile), "-o", str(target), cwd=hostile.parent)
    assert done.returncode == 0, done.stderr
    assert unsafe(target.read_text(encoding="utf-8")) == []


def test_the_database_commands_print_stored_names_harmlessly(hostile: Path) -> None:
    db = str(hostile.with_name("club.db"))
    done = bridgescore(
        "import", str(hostile), "--db", db, "--date", "2026-03-10", cwd=hostile.parent
    )
    assert done.returncode == 0, done.stderr
    assert unsafe(done.stdout) == []
    for command in (
        ("players", "list"),
        ("sessions", "list"),
        ("sessions", "show", "1"),
        ("handicaps", "--as-of", "2027-01-01"),
    ):
        done = bridgescore(*command, "--db", db, cwd=hostile.parent)
        assert done.returncode == 0, done.stderr
        assert unsafe(done.stdout + done.stderr) == [], command


def test_an_error_quoting_a_file_is_harmless(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(f"board,ns,ew,score\n1,1,1,4{NASTY}20\n", encoding="utf-8")
    done = bridgescore("score", str(path), cwd=tmp_path)
    assert done.returncode == 2
    assert unsafe(done.stderr) == []


def test_a_movement_s_name_and_notes_are_printed_harmlessly(tmp_path: Path) -> None:
    from bridgescore.movements import jsonform
    from bridgescore.movements.mitchell import mitchell

    data = jsonform.to_data(mitchell(3, 2))
    data["name"] = f"Tuesday{NASTY}"
    data["notes"] = [f"move{NASTY} quickly"]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = bridgescore("movement", "load", str(path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert unsafe(done.stdout) == [] and "Tuesday\\x1b" in done.stdout


# --- nothing compared -----------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from([90, 110, -110, 140, 0]), min_size=1, max_size=4))
def test_a_session_where_nothing_is_compared_has_no_percentage(scores: list[int]) -> None:
    rows = "".join(f"{board},1,1,{score}\n" for board, score in enumerate(scores, 1))
    session = traveller_csv.loads("board,ns,ew,score\n" + rows).session
    result = score_pairs(session, CLUB)
    standings = [s for f in result.fields for s in f.standings]
    assert [(s.available, s.percent, s.place) for s in standings] == [(0, None, "1")] * 2


def test_one_table_shows_no_percentage(tmp_path: Path) -> None:
    path = tmp_path / "one.csv"
    path.write_text("board,ns,ew,score\n1,1,1,420\n2,1,1,-100\n", encoding="utf-8")
    text = bridgescore("score", str(path), cwd=tmp_path)
    assert text.returncode == 0 and "0.00 │ 0.00 │   │" in text.stdout, text.stdout
    scored = bridgescore("score", str(path), "--format", "json", cwd=tmp_path)
    data = json.loads(scored.stdout)
    percents = {
        json.dumps(s.get("percent"))
        for f in data["fields"]
        for s in f.get("rankings", f.get("standings", []))
    }
    assert percents == {"null"}, percents


@pytest.mark.parametrize(
    ("code", "spades"),
    [
        ("en", "♠ A K Q J 10 9 8 7 6 5 4 3 2"),
        ("fr", "♠ A R D V 10 9 8 7 6 5 4 3 2"),  # as, roi, dame, valet
        ("nl", "♠ A H V B 10 9 8 7 6 5 4 3 2"),  # aas, heer, vrouw, boer
    ],
)
def test_a_hand_diagrams_honours_are_in_the_readers_letters(code: str, spades: str) -> None:
    from dataclasses import replace

    from rich.console import Console

    from bridgescore.languages import use
    from bridgescore.reports.text import render
    from tests.helpers import session as csv_session

    session = csv_session("board,ns,ew,contract,declarer,result\n1,1,1,3NT,S,9\n1,2,2,4S,S,10\n")
    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    result = score_pairs(replace(session, boards={1: replace(session.boards[1], deal=deal)}), CLUB)
    console = Console(width=120, record=True)
    with use(code):
        render(result, console, explain=True)
    lines = [line.strip() for line in console.export_text().splitlines()]
    assert spades in lines, lines
