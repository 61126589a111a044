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
# the values a search tried, as the options take them, and the command it proposes
_TRIED = {"up", "even", "truncate", "none", "exact", "shown", "bridgescore", "check"}


def _check(language: str, *options: str, status: int = 0) -> str:
    path = shared_path("data", "usebio-compscore", "butler_howell.xml")
    env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    done = CliRunner().invoke(main, ["check", str(path), *options], env=env)
    assert done.exit_code == status, done.output  # 1: the file's figures did not reproduce
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


def test_a_search_and_its_differences_in_the_language_and_json_in_english() -> None:
    """A file that does not reproduce under the rules given (datum trim 0): the differences'
    figures and why each setting was not searched in the language; English as it was."""
    wrong = ("--datum-trim", "0", "--limit", "3")
    english = _check("C", *wrong, status=1).splitlines()
    assert "      2   2 v 7         5C E -1    row NS     11          9           -2  " in english
    assert (
        "Not searched: --scale, --artificial-method, --short-boards, --session-rule, "
        "--fouled-groups, --short-small-groups, --cross-imps (not a setting of butler scoring); "
        "--decimals (check compares each figure at the decimals the file writes it with); --ties "
        "(no two entrants the file ranks show the same figure, so no place can be shared); "
        "--handicap-rounding (a handicap is shown, never compared: check compares the "
        "handicapped percentage, which is exact); --pair-handicap (check takes each pair's "
        "handicap from the file); --method, --teams-scoring (the file says how its boards were "
        "scored); --vp-scale (not a teams event); --sections (the file has one section); "
        "--winners (no Mitchell with places to rank)."
    ) in english
    french = _check("fr_FR.UTF-8", *wrong, status=1)
    assert "ligne NS" in french and "row NS" not in french
    assert "--cross-imps (pas un réglage de la marque en butler) ; --decimals" in french
    assert (
        "--vp-scale (pas une épreuve par équipes) ; --sections (le fichier a une seule section)"
        in (french)
    )
    dutch = _check("nl_NL.UTF-8", *wrong, status=1)
    assert "rij NS" in dutch
    assert "--winners (geen Mitchell met plaatsen om te rangschikken)." in dutch
    said = _check("qps", *wrong, status=1)
    for line in said.splitlines():
        # the options as typed: --flag, and the rules label's setting=value
        typed = re.sub(r"--[a-z-]+|\w+=", "", line.replace("butler_howell", ""))
        left = set(_WORD.findall(typed))
        left -= _AS_IS | _TRIED | {w for w in left if re.fullmatch(r"[0-9A-Z]+", w)}
        assert not left, (sorted(left), line)
    as_json = json.loads(_check("fr_FR.UTF-8", *wrong, "--format", "json", status=1))
    assert as_json == json.loads(_check("C", *wrong, "--format", "json", status=1))
    searched = as_json["setting"]["searched"]
    assert searched["not_searched"]["sections_across"] == "the file has one section"
    assert as_json["differences"][0]["figure"] == "row NS"
