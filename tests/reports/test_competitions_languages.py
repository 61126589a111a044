"""The club's ladder in the reader's language: its page and its table in the terminal, rendered
in the pseudo-locale, show no plain English word but data (names, the files' names, dates) and
notation; its JSON keeps the rules in English words."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.languages import use
from bridgescore.reports.html import date_text
from tests.events.helpers import S1, S2
from tests.reports.helpers import _untranslated

_ENV = {"LANG": "qps", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
_WORD = re.compile(r"[A-Za-z]{2,}")
# A third evening where Ann Lee plays with Rex Su: a partner changed, a note on the ladder.
S3 = """# event: Championship pairs, session 3
board,ns,ew,score,ns_names,ew_names
1,1,1,420,Ann Lee & Rex Su,Cy Dee & Di Eve
1,2,2,400,Fay Gee & Hal Ivy,Jo Kay & Lu Mo
"""
DATES = ("2026-03-02", "2026-03-09", "2026-03-16")


def _files(tmp_path: Path) -> list[str]:
    paths = []
    for name, text, day in zip(("s1", "s2", "s3"), (S1, S2, S3), DATES, strict=True):
        path = tmp_path / f"{name}.csv"
        path.write_text(f"# date: {day}\n{text}", encoding="utf-8")
        paths.append(str(path))
    return paths


def _data() -> set[str]:
    """The files' names, titles and dates (as the pseudo-locale writes them)."""
    names = set()
    for text in (S1, S2, S3):
        for line in text.splitlines()[2:]:
            for pair in line.split(",")[-2:]:
                names.add(pair)
                names.update(name.strip() for name in pair.split("&"))
        names.add(text.splitlines()[0].removeprefix("# event: "))
    with use("qps"):
        dates = {date_text(day) for day in DATES}
    return names | dates | {"s1", "s2", "s3", "bridgescore", "JSON"}


ARGUMENTS = ["--by", "partnership", "--best", "2", "--minimum", "2", "--imps", "6.5"]


def test_the_ladders_page_has_no_untranslated_text(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    paths = _files(tmp_path)
    done = CliRunner().invoke(
        main, ["competition", "ladder", *paths, *ARGUMENTS, "-o", str(out)], env=_ENV
    )
    assert done.exit_code == 0, done.output
    page = (out / "index.html").read_text(encoding="utf-8")
    twin = json.loads((out / "index.json").read_text(encoding="utf-8"))
    # the rules and the partner's change are English in the JSON, and on the page translated
    assert twin["rules"].startswith("each partnership: the mean of the best 2 percentages")
    assert twin["notes"] and "changed partner" in twin["notes"][0], twin["notes"]
    assert twin["rules"] not in page and twin["notes"][0] not in page
    left = _untranslated(out, _data() | set(paths))  # a session is named by its file
    assert not left, left


def test_the_ladder_in_the_terminal_has_no_untranslated_text(tmp_path: Path) -> None:
    paths = _files(tmp_path)
    done = CliRunner().invoke(main, ["competition", "ladder", *paths, *ARGUMENTS], env=_ENV)
    assert done.exit_code == 0, done.output
    text = done.stdout
    for phrase in sorted(_data() | set(paths), key=len, reverse=True):
        text = text.replace(phrase, "")
    assert "ŕàñķéđ àƒţéŕ" in done.stdout  # "ranked after", accented: the rules were shown
    assert not set(_WORD.findall(text)), sorted(set(_WORD.findall(text)))


def test_the_ladder_writes_its_numbers_in_the_languages_form(tmp_path: Path) -> None:
    paths = _files(tmp_path)
    french = {"LANG": "fr_FR.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    done = CliRunner().invoke(main, ["competition", "ladder", *paths, *ARGUMENTS], env=french)
    assert done.exit_code == 0, done.output
    assert "50 + 6,5 × IMP par donne" in done.stdout, done.stdout
    assert (
        "chaque paire : la moyenne des 2 meilleurs pourcentages ; classé après 2 séances"
        in done.stdout.replace("\n", " ")
    )


def test_a_knock_outs_bracket_and_a_round_robins_fixtures_are_said_in_the_language() -> None:
    """The terminal's tables of a knock-out's first round and a round robin's rounds: no plain
    English word in the pseudo-locale; French by hand; English as it was."""
    for command in (["knockout", "--teams", "6"], ["round-robin", "--teams", "5"]):
        done = CliRunner().invoke(main, ["competition", *command], env=_ENV)
        assert done.exit_code == 0, done.output
        assert not _WORD.findall(done.output), done.output
    french = {**_ENV, "LANG": "fr"}
    done = CliRunner().invoke(main, ["competition", "knockout", "--teams", "6"], env=french)
    assert "Élimination directe : tour 1" in done.output
    assert "Recevants" in done.output and "exempt" in done.output
    done = CliRunner().invoke(main, ["competition", "round-robin", "--teams", "5"], env=french)
    assert "2 contre 5, 3 contre 4" in done.output
    english = {**_ENV, "LANG": "en"}
    done = CliRunner().invoke(main, ["competition", "knockout", "--teams", "6"], env=english)
    assert "Knock-out: round 1" in done.output and "bye" in done.output
