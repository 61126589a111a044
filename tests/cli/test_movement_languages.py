"""``bridgescore movement`` in the language of ``LANG``: the movement's name, its summary, its
notes, the grids' headings and the comparison balance; its JSON stays English (data)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from bridgescore.cli import main

_WORD = re.compile(r"[A-Za-z]{2,}")


def _run(language: str, *arguments: str) -> str:
    env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    done = CliRunner().invoke(main, ["movement", *arguments], env=env)
    assert done.exit_code == 0, done.output
    return done.stdout


@pytest.mark.parametrize(
    "arguments",
    [
        ("mitchell", "--tables", "7", "--arrow-switch", "6,7"),
        ("mitchell", "--tables", "8", "--relay"),
        ("mitchell", "--pairs", "13"),
        ("howell", "--pairs", "9"),
        ("howell", "--tables", "7", "--rounds", "5"),
        ("individual", "--tables", "3"),
    ],
)
def test_a_movement_is_described_with_nothing_untranslated(arguments: tuple[str, ...]) -> None:
    out = _run("qps", *arguments)
    # Left: the names of the movements' inventors, which no language translates.
    assert set(_WORD.findall(out)) <= {"EW", "NS"}, sorted(set(_WORD.findall(out)))
    assert "ţàƀĺéš" in out


def test_a_movement_in_french_and_its_json_in_english() -> None:
    out = _run("fr_FR.UTF-8", "howell", "--pairs", "9")
    assert out.startswith(  # French writes a space before a semicolon
        "Howell, 5 tables ; 5 tables, 9 paires ; 9 tours de 2 donnes (18 donnes) ;"
    )
    assert "La paire 10 est le fantôme : la paire de la table 1 est en relâche." in out
    data = json.loads(_run("fr_FR.UTF-8", "howell", "--pairs", "9", "--format", "json"))
    english = json.loads(_run("C", "howell", "--pairs", "9", "--format", "json"))
    assert data == english
    assert data["name"] == "Howell, 5 tables"
