"""What a conversion says it would lose is said in the command's language: the pseudo-locale
``qps`` accents every translated message, so a plain word left in the refusal is a sentence that
did not pass through the catalogues. English stays as it was."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import main
from tests.formats.helpers import SAMPLE

_WORD = re.compile(r"[A-Za-z]{2,}")
_QUOTED = re.compile(r"'[^']*'")
# The format's name, the tool's and the notation of a result, as they are in every language.
_NOTATION = {"USEBIO", "bridgescore", "NP"}


def _refused(tmp_path: Path, language: str) -> str:
    json_path, xml_path = tmp_path / "night.json", tmp_path / "night.xml"
    if not json_path.exists():
        assert CliRunner().invoke(main, ["convert", str(SAMPLE), str(json_path)]).exit_code == 0
    env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    done = CliRunner().invoke(
        main, ["convert", str(json_path), str(xml_path), "--rules", "ebu"], env=env
    )
    assert done.exit_code == 2 and not xml_path.exists(), done.output
    return done.output.replace(str(xml_path), "night.xml")


def test_what_a_conversion_would_lose_is_said_in_the_pseudo_locale(tmp_path: Path) -> None:
    said = _refused(tmp_path, "qps")
    left = set(_WORD.findall(_QUOTED.sub("", said))) - _NOTATION - {"night", "xml"}
    assert not left, (sorted(left), said)
    assert said.count("\n") == _refused(tmp_path, "C").count("\n") == 5


def test_what_a_conversion_would_lose_in_french_by_hand(tmp_path: Path) -> None:
    said = _refused(tmp_path, "fr_FR.UTF-8")
    assert "USEBIO ne peut pas contenir tout ce que contient cette séance, et perdrait :" in said
    assert "  27 lignes (la première : donne 1, table 5 : NP)\n" in said
    assert "  le tour de 216 lignes (la première : donne 1, table 1 : '1' est devenu rien)" in said
    assert "rien n'a été écrit : donnez --lossy pour l'écrire sans cela" in said


def test_what_a_conversion_would_lose_in_english_as_it_was(tmp_path: Path) -> None:
    said = _refused(tmp_path, "C")
    assert said == (
        "bridgescore: night.xml: USEBIO cannot hold everything in this session, and would lose:\n"
        "  27 rows (first: board 1, table 5: NP)\n"
        "  the round of 216 rows (first: board 1, table 1: '1' became nothing)\n"
        "  the table of 216 rows (first: board 1, table 1: '1' became nothing)\n"
        "nothing was written: give --lossy to write it without them\n"
    )
