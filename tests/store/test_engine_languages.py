"""A database's failures (locked, read-only, damaged, cannot be reached) are said in the
reader's language, the driver's own first line quoted as it said it; English as it was."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy.exc import OperationalError

import bridgescore
from bridgescore.cli import main
from bridgescore.languages import use
from bridgescore.languages.text import shown
from bridgescore.store.engine import failure

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"
URL = "sqlite:////srv/club.db"
_WORD = re.compile(r"[A-Za-z]{2,}")

# what the driver says -> the sentence's English, as it was before it had a language
SAID = {
    "attempt to write a readonly database": (
        "cannot write to the database /srv/club.db: it is read-only (its file, folder or disk "
        "cannot be written); commands that only read it still work"
    ),
    "database is locked": (
        "the database /srv/club.db is locked: another program is writing to it; try again when "
        "it has finished"
    ),
    "file is not a database": (
        "/srv/club.db is not a bridgescore database, or it is damaged: file is not a database"
    ),
    "database or disk is full": "cannot write to the database /srv/club.db: the disk is full",
    "unable to open database file": (
        "cannot open the database /srv/club.db: unable to open database file"
    ),
    "password authentication failed for user x": (
        "cannot log in to the database /srv/club.db: the password is wrong (password "
        "authentication failed for user x)"
    ),
    "no route to host": "cannot reach the database /srv/club.db: no route to host",
}


def _failure(said: str) -> object:
    return failure(OperationalError("SELECT 1", {}, sqlite3.OperationalError(said)), URL)


@pytest.mark.parametrize("driver", list(SAID))
def test_english_as_it_was_and_no_plain_word_in_the_pseudo_locale(driver: str) -> None:
    made = _failure(driver)
    assert made == SAID[driver]
    with use("en"):
        assert shown(made) == SAID[driver]
    with use("qps"):
        pseudo = str(shown(made)).replace("/srv/club.db", "").replace(driver, "")
    assert not _WORD.findall(pseudo), pseudo


def test_in_french_and_dutch_by_hand() -> None:
    with use("fr"):
        assert shown(_failure("database is locked")) == (
            "la base /srv/club.db est verrouillée : un autre programme y écrit ; réessayez quand "
            "il aura fini"
        )
        assert shown(_failure("no route to host")) == (
            "impossible de joindre la base /srv/club.db : no route to host"
        )
    with use("nl"):
        assert shown(_failure("file is not a database")) == (
            "/srv/club.db is geen bridgescore-database, of hij is beschadigd: file is not a "
            "database"
        )
        assert shown(_failure("database or disk is full")) == (
            "kan niet naar de database /srv/club.db schrijven: de schijf is vol"
        )


def test_a_command_says_it_in_lang(tmp_path: Path) -> None:
    """A damaged SQLite file (its header, then nothing readable), given to a command: the one
    line in LANG, English as it was."""
    broken = tmp_path / "club.db"
    broken.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    said = {}
    for language in ("fr_FR.UTF-8", "C"):
        env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
        done = CliRunner().invoke(main, ["sessions", "list", "--db", str(broken)], env=env)
        assert done.exit_code == 2, done.output
        said[language] = done.output
    assert said["fr_FR.UTF-8"] == (
        f"bridgescore: {broken} n'est pas une base bridgescore, ou elle est endommagée : file "
        "is not a database\n"
    )
    assert said["C"] == (
        f"bridgescore: {broken} is not a bridgescore database, or it is damaged: file is not a "
        "database\n"
    )
