"""What `bridgescore score` refuses, said whole in the command's language, naming the file,
line, board and table once, exit status 2: a file's repeated results and names, a device given
as a file, and `--handicaps FILE` read as every input is (a missing file, a bad date in it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "bridgescore" / "samples" / "club-night.csv"
TWICE = (
    "board,round,table,ns,ew,contract,declarer,result,ns_names\n"
    "1,1,1,1,2,2H,S,10,Ann & Bob\n"
    "1,1,1,3,4,2H,S,10,Cy & Di\n"
    "2,1,1,1,1,2H,S,10,Al & Bo\n"
)


def _run(tmp_path: Path, language: str, *arguments: str) -> tuple[int, str]:
    env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        done = CliRunner().invoke(main, list(arguments), env=env)
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    return done.exit_code, done.stderr


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "C",
            "bridgescore: twice.csv: 2 problems\n"
            "twice.csv:3, board 1, table 1: a second result for board 1, round 1, table 1 "
            "(also on line 2): found '2H S +2', expected one result per board, round and table\n"
            "twice.csv:4, board 2, table 1: pair 1NS is named 'Ann & Bob' on line 2 but "
            "differently here: found 'Al & Bo', expected the same name on every row\n",
        ),
        (
            "fr_FR.UTF-8",
            "bridgescore: twice.csv : 2 problèmes\n"
            "twice.csv:3, donne 1, table 1 : un deuxième résultat pour donne 1, tour 1, table 1 "
            "(aussi à la ligne 2) : trouvé '2H S +2', attendu : un résultat par donne, tour et "
            "table\n"
            "twice.csv:4, donne 2, table 1 : paire 1NS s'appelle 'Ann & Bob' à la ligne 2, mais "
            "autrement ici : trouvé 'Al & Bo', attendu : le même nom sur chaque ligne\n",
        ),
        (
            "nl_NL.UTF-8",
            "bridgescore: twice.csv: 2 problemen\n"
            "twice.csv:3, spel 1, tafel 1: een tweede resultaat voor spel 1, ronde 1, tafel 1 "
            "(ook op regel 2): gevonden '2H S +2', verwacht: één resultaat per spel, ronde en "
            "tafel\n"
            "twice.csv:4, spel 2, tafel 1: paar 1NS heet 'Ann & Bob' op regel 2, maar hier "
            "anders: gevonden 'Al & Bo', verwacht: dezelfde naam op elke regel\n",
        ),
    ],
)
def test_a_result_and_a_name_given_twice(tmp_path: Path, language: str, said: str) -> None:
    (tmp_path / "twice.csv").write_text(TWICE, encoding="utf-8")
    assert _run(tmp_path, language, "score", "twice.csv") == (2, said)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "C",
            "bridgescore: zero.csv: 1 problem\n"
            "zero.csv: it is a device, not a file (a device such as /dev/zero may never end): "
            "give a results file, or - to read standard input\n",
        ),
        (
            "fr_FR.UTF-8",
            "bridgescore: zero.csv : 1 problème\n"
            "zero.csv : c'est un périphérique, pas un fichier (un périphérique comme /dev/zero "
            "peut ne jamais finir) : donnez un fichier de résultats, ou - pour lire l'entrée "
            "standard\n",
        ),
    ],
)
def test_a_device_given_as_a_file(tmp_path: Path, language: str, said: str) -> None:
    (tmp_path / "zero.csv").symlink_to("/dev/zero")
    assert _run(tmp_path, language, "score", "zero.csv") == (2, said)


@pytest.mark.parametrize(
    ("language", "missing", "bad_date"),
    [
        (
            "C",
            "bridgescore: gone.csv: 1 problem\ngone.csv: cannot read the file: no such file\n",
            "bridgescore: history.csv: 1 problem\n"
            "history.csv:2: not a date: found '2026-13-40', expected YYYY-MM-DD or DD/MM/YYYY\n",
        ),
        (
            "fr_FR.UTF-8",
            "bridgescore: gone.csv : 1 problème\n"
            "gone.csv : impossible de lire le fichier : ce fichier n'existe pas\n",
            "bridgescore: history.csv : 1 problème\n"
            "history.csv:2 : pas une date : trouvé '2026-13-40', attendu : AAAA-MM-JJ ou "
            "JJ/MM/AAAA\n",
        ),
    ],
)
def test_the_history_file_is_read_as_every_input(
    tmp_path: Path, language: str, missing: str, bad_date: str
) -> None:
    (tmp_path / "history.csv").write_text(
        "player,date,percentage\nAnn,2026-13-40,55\n", encoding="utf-8"
    )
    # named once, without Python's error number (it said "gone.csv: cannot read the history
    # file ([Errno 2] No such file or directory: 'gone.csv')")
    assert _run(tmp_path, language, "score", str(SAMPLE), "--handicaps", "gone.csv") == (
        2,
        missing,
    )
    assert _run(tmp_path, language, "score", str(SAMPLE), "--handicaps", "history.csv") == (
        2,
        bad_date,
    )


def test_the_handicapped_rankings_heading_shows_its_percent_sign_once(tmp_path: Path) -> None:
    (tmp_path / "history.csv").write_text("player,date,percentage\n", encoding="utf-8")
    done = CliRunner().invoke(
        main, ["score", str(SAMPLE), "--handicaps", str(tmp_path / "history.csv")]
    )
    assert done.exit_code == 0, done.stderr
    headings = [line for line in done.stdout.splitlines() if "Hcp" in line]
    assert len(headings) == 4  # NS and EW, each ranking and its handicapped ranking
    assert all("Hcp %" in line and "%%" not in line for line in headings), headings
