"""The club database's refusals are said in the command's language (a player, a session, a
date, a merge that cannot be); what was typed quoted as typed; English as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgescore
from bridgescore.cli import main

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"

_WORD = re.compile(r"[A-Za-z]{2,}")
_QUOTED = re.compile(r"'[^']*'")

REFUSED = [
    ("players", "merge", "1", "1"),
    ("privacy", "set", "999", "initials"),
    ("privacy", "set", "zz:one", "initials"),
    ("privacy", "set", "Nobody Here", "initials"),
    ("sessions", "show", "99"),
    ("import", "--date", "31-31-2026", str(SAMPLE)),
]


def _run(db: Path, language: str, *arguments: str) -> tuple[int, str]:
    env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    done = CliRunner().invoke(main, [*arguments, "--db", str(db)], env=env)
    return done.exit_code, done.output


@pytest.fixture(name="db")
def db_fixture(tmp_path: Path) -> Path:
    db = tmp_path / "club.db"
    status, said = _run(db, "C", "import", str(SAMPLE))
    assert status == 0, said
    return db


@pytest.mark.parametrize("arguments", REFUSED, ids=lambda a: " ".join(a[:2]))
def test_each_refusal_in_the_pseudo_locale(db: Path, arguments: tuple[str, ...]) -> None:
    status, said = _run(db, "qps", *arguments)
    assert status == 2, said
    said = re.sub(r"--[a-z-]+", "", _QUOTED.sub("", said.removeprefix("bridgescore: ")))
    assert not set(_WORD.findall(said)) - {"zz"}, said  # the kind of id as typed


def test_the_refusals_in_french_and_dutch_by_hand(db: Path) -> None:
    assert _run(db, "fr_FR.UTF-8", *REFUSED[0])[1] == (
        "bridgescore: un joueur ne peut pas être fusionné avec lui-même\n"
    )
    assert _run(db, "nl_NL.UTF-8", *REFUSED[1])[1] == "bridgescore: geen speler met id 999\n"
    assert _run(db, "fr_FR.UTF-8", *REFUSED[3])[1] == (
        "bridgescore: aucun joueur nommé 'Nobody Here'\n"
    )
    english = _run(db, "C", *REFUSED[0])[1]
    assert english == "bridgescore: a player cannot be merged into themselves\n"


def test_a_member_list_and_a_database_folder_refused_in_the_language(
    db: Path, tmp_path: Path
) -> None:
    """A member list without name columns (the sample is a traveller), and a database whose
    folder does not exist."""
    status, said = _run(db, "qps", "players", "import", str(SAMPLE))
    assert status == 2, said
    said = re.sub(r"--[a-z-]+", "", _QUOTED.sub("", said.replace(str(SAMPLE), "")))
    # the columns it expects, named as the file must name them
    assert not set(_WORD.findall(said)) - {"bridgescore", "first_name", "last_name", "name"}, said
    missing = tmp_path / "no" / "such" / "club.db"
    status, said = _run(missing, "fr_FR.UTF-8", "db", "upgrade")
    assert status == 2, said
    assert said == (
        f"bridgescore: la base {missing} : le dossier {tmp_path / 'no'} n'existe pas (créez-le "
        "d'abord, ou donnez un autre --db)\n"
    )
