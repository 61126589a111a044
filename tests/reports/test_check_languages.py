"""``bridgescore check`` in the terminal speaks the language of ``LANG``: the rescoring and its
settings, what was compared and reproduced, the entries to confirm; the settings' values, the
program's and the rules' names as they are. ``check --format json`` keeps its English."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from bridgescore.cli import main
from tests.conftest import shared_path

_WORD = re.compile(r"[A-Za-z]{2,}")
# Notation and data a check writes as they are: the rules' name and options, the settings'
# values, the program, contracts and the pairs.
_AS_IS = {"club", "method", "butler", "half", "away", "compscore", "Compscore", "USEBIO"}
_AS_IS |= {"NS", "EW", "xml", "Compscore3", "IMPs"}


def _check(language: str, *options: str) -> str:
    path = shared_path("data", "usebio-compscore", "butler_howell.xml")
    env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    done = CliRunner().invoke(main, ["check", str(path), *options], env=env)
    assert done.exit_code == 0, done.output
    return done.output


def test_check_in_the_pseudo_locale_leaves_no_plain_word() -> None:
    said = _check("qps")
    assert said.count("\n") == _check("C").count("\n")
    for line in said.splitlines():
        left = set(_WORD.findall(line.replace("butler_howell", ""))) - _AS_IS
        left -= {w for w in left if re.fullmatch(r"[0-9A-Z]+", w)}  # 4SX, HA: notation
        assert not left, (sorted(left), line)


def test_check_in_french_by_hand_and_its_json_in_english() -> None:
    french = _check("fr_FR.UTF-8").splitlines()
    assert french[0] == "butler_howell.xml : USEBIO de Compscore3, butler"
    assert french[1].startswith(
        "Recalculé selon club (method=butler) : écrêtage de la moyenne de référence 1, arrondi "
        "de la moyenne de référence half-away ; lu selon les conventions compscore (Compscore : "
        "lignes sur le top propre à chaque donne"
    )
    assert french[2] == "Comparé à la précision du fichier, en décimales : lignes 0, totaux 0."
    assert french[3] == "Lignes reproduites : 140 sur 140 ; paires reproduites : 8 sur 8."
    assert "Saisies à confirmer avant de publier (11)" in french
    assert (
        "  donne 2, NS 2 v EW 7 : 5C E -1 — marque isolée : +50 pour NS est à 10 IMP du plus "
        "proche des 3 autres résultats (-430)"
    ) in french
    english = json.loads(_check("fr_FR.UTF-8", "--format", "json"))
    assert english == json.loads(_check("C", "--format", "json"))
