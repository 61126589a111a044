"""The commands speak the language of their environment (``LANG``): their own messages, the
rankings, travellers, recap sheets and score cards, the explanation of every score and a file's
problems. The pseudo-locale ``qps`` accents every translated message, so a plain word left in
what a command prints is a message that did not pass through the catalogues."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "bridgescore" / "samples" / "club-night.csv"
_WORD = re.compile(r"[A-Za-z]{2,}")


def _run(language: str, *arguments: str) -> tuple[int, str, str]:
    # Only LANG chooses (gettext reads LANGUAGE, LC_ALL and LC_MESSAGES first: left empty).
    env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    done = CliRunner().invoke(main, list(arguments), env=env)
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    return done.exit_code, done.stdout, done.stderr


def _named() -> set[str]:
    """The words a command prints as data: the sample's title, date and names, and notation
    (seats and sides, contracts, leads, ``NP``, the rule set's name)."""
    text = SAMPLE.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.startswith(("board,", "# date"))]
    return set(_WORD.findall("\n".join(lines))) | {"NS", "EW", "NT", "NP", "PASS", "club"}


@pytest.mark.parametrize(
    "options",
    [
        ("--explain", "--recap", "--cards"),
        ("--explain", "--short-boards", "neuberg", "--artificial-method", "ratio"),
        ("--explain", "--short-boards", "average"),
        ("--explain", "--method", "butler"),
        ("--explain", "--method", "cross-imps", "--cards"),
        ("--masterpoints", "abf:green"),
        ("--masterpoints", "acbl:club"),
        ("--masterpoints", "nz:club"),
    ],
)
def test_score_prints_nothing_untranslated_in_the_pseudo_locale(options: tuple[str, ...]) -> None:
    status, out, err = _run("qps", "score", str(SAMPLE), *options)
    assert status == 0, err
    # The rules' label names the settings changed as typed (``club (short_boards=neuberg)``).
    left = set(_WORD.findall(out + err)) - _named() - set(_WORD.findall(" ".join(options)))
    assert not left, sorted(left)
    # It was translated, not emptied: the explanations (or the awards' words) are there.
    assert "ƀéàţ" in out or "ÎṀÞš" in out or "ţàƀĺéš" in out


def test_the_report_commands_own_line_is_translated(tmp_path: Path) -> None:
    status, out, err = _run("qps", "report", str(SAMPLE), "-o", str(tmp_path / "qps"))
    assert status == 0, err
    assert not _WORD.findall(out.replace(str(tmp_path / "qps" / "index.html"), "")), out
    status, out, err = _run(
        "fr_FR.UTF-8", "report", str(SAMPLE), "-o", str(tmp_path / "fr"), "--no-double-dummy"
    )
    assert status == 0, err
    assert out.startswith("Rapport écrit (") and "feuilles de donne" in out, out


def test_a_bad_file_is_refused_in_the_commands_language_with_status_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("garbage\n1,2,3\n", encoding="utf-8")
    status, out, err = _run("fr_FR.UTF-8", "score", str(bad))
    assert status == 2 and not out
    assert err.startswith(f"bridgescore: {bad} : 2 problèmes\n"), err
    assert ": trouvé 'garbage', attendu : " in err
    assert "Traceback" not in err
    status, _out, err = _run("nl_NL.UTF-8", "score", str(tmp_path / "missing.csv"))
    assert status == 2
    assert "kan het bestand niet lezen: dit bestand bestaat niet" in err, err
    status, _out, err = _run("qps", "score", str(tmp_path / "missing.csv"))
    assert status == 2
    # The frame of a file's problems and why it could not be read, accented; the path is data.
    assert not set(_WORD.findall(err.replace(str(tmp_path / "missing.csv"), ""))) - {"bridgescore"}


def test_an_output_refused_is_said_in_the_commands_language(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "mine.txt").write_text("a user's file\n", encoding="utf-8")
    status, out, err = _run("fr_FR.UTF-8", "report", str(SAMPLE), "-o", str(folder))
    assert status == 2 and not out
    assert err == (
        f"bridgescore: impossible d'écrire {folder} : le dossier contient des fichiers que "
        "bridgescore n'a pas écrits (mine.txt) : choisissez un dossier nouveau ou vide pour "
        "le rapport\n"
    )
    assert (folder / "mine.txt").read_text(encoding="utf-8") == "a user's file\n"
    status, _out, err = _run("nl_NL.UTF-8", "score", str(SAMPLE), "-o", str(SAMPLE))
    assert status == 2
    assert err.startswith(f"bridgescore: kan {SAMPLE} niet schrijven: het is het invoerbestand")
    # In the pseudo-locale every word is accented but the folder's and the file's names.
    status, _out, err = _run("qps", "report", str(SAMPLE), "-o", str(folder))
    assert status == 2
    said = err.replace(str(folder), "").replace("mine.txt", "")
    assert not set(_WORD.findall(said)) - {"bridgescore"}, err


def test_an_option_refused_is_said_in_the_commands_language(tmp_path: Path) -> None:
    status, _out, err = _run("fr_FR.UTF-8", "score", str(SAMPLE), "--strata", "A:0")
    assert status == 2
    assert err == "bridgescore: --strata et --holdings stratifient --masterpoints acbl:club …\n"
    status, _out, err = _run(
        "fr_FR.UTF-8", "score", str(SAMPLE), "--masterpoints", "acbl:club", "--strata", "A:0"
    )
    assert status == 2
    assert err == (
        "bridgescore: --strata et --holdings vont ensemble : les limites des séries, "
        "et ce que chaque joueur détient\n"
    )


def test_score_explains_in_dutch_and_writes_its_numbers_and_date_the_dutch_way() -> None:
    status, out, _err = _run("nl_NL.UTF-8", "score", str(SAMPLE), "--explain")
    assert status == 0
    assert out.startswith("Riverside Bridge Club, Tuesday evening pairs — 17 november 2026\n")
    # Board 1, table 1: +170 beat one result of seven, 2 matchpoints (seed 001's arithmetic).
    assert "NS: +170 verslaat 1 en evenaart 0 van de 7" in out
    assert "Spel 1 — gever N, kwetsbaar" in out
    assert "227,40" in out and "227.40" not in out


def test_english_stays_the_rules_own_words() -> None:
    status, out, _err = _run("C.UTF-8", "score", str(SAMPLE), "--explain")
    assert status == 0
    assert (
        "NS: +170 beat 1 and tied 0 of the 7 other results: 1×2 + 0×1 = 2 of 14"
        in " ".join(line.strip("│ ") for line in out.splitlines())
        or "+170 beat 1 and tied 0 of the 7" in out
    )
