"""A Swiss event's conditions of contest in the reader's language: the same English sentences
as data (its JSON), every word translated where shown."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.languages import use
from bridgescore.languages.text import shown
from bridgescore.reports.swiss import conditions_words
from bridgescore.swiss import SwissEvent

_WORD = re.compile(r"[A-Za-z]{2,}")


def _event(folder: Path) -> SwissEvent:
    """A new event as ``bridgescore swiss start`` makes it: 6 teams, 3 rounds of 4 boards."""
    path = folder / "event.json"
    arguments = ["swiss", "start", str(path), "--teams", "6", "--rounds", "3", "--boards", "4"]
    assert CliRunner().invoke(main, arguments).exit_code == 0
    return SwissEvent.from_data(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("kind", ["teams", "pairs"])
@pytest.mark.parametrize(
    "changes", [{}, {"danish": 2}, {"late_vps": 3}, {"bye_vps": None}, {"boards": 1, "danish": 1}]
)
def test_the_conditions_are_translated_where_shown(
    kind: str, changes: dict[str, object], tmp_path: Path
) -> None:
    event = _event(tmp_path)
    event = replace(event, conditions=replace(event.conditions, **changes))
    said = conditions_words(event, kind)
    english = [str(line) for line in said]
    assert (
        english[0]
        == f"3 rounds of {event.conditions.boards} board"
        + ("s" if event.conditions.boards != 1 else "")
        + ", IMPs to VPs on the WBF continuous scale"
    )
    with use("qps"):
        left = {w for line in said for w in _WORD.findall(shown(line))}
    assert not left, left
    with use("fr"):
        assert shown(said[0]).startswith("3 tours de ")


def test_the_terminals_draw_and_standings_write_numbers_in_the_languages_form(
    tmp_path: Path,
) -> None:
    """A round's draw and the standings in the terminal: French and Dutch write 30,00–2,00;
    English keeps 30.00–2.00, as it always printed."""
    path = tmp_path / "event.json"
    start = ["swiss", "start", str(path), "--teams", "4", "--rounds", "2", "--boards", "4"]
    start += ["--first-round", "seeded"]
    runner = CliRunner()
    assert runner.invoke(main, start).exit_code == 0
    assert runner.invoke(main, ["swiss", "draw", str(path)]).exit_code == 0
    # seeded: 1 v 3 and 2 v 4 at round 1
    assert (
        runner.invoke(main, ["swiss", "score", str(path), "1", "1", "3", "30", "2"]).exit_code == 0
    )
    quiet = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    for lang, shown_imps, wrong in (
        ("C", "30.00–2.00", "30,00"),
        ("fr_FR.UTF-8", "30,00–2,00", "30.00"),
        ("nl_NL.UTF-8", "30,00–2,00", "30.00"),
    ):
        env = {**quiet, "LANG": lang}
        draw = runner.invoke(main, ["swiss", "draw", str(path), "--round", "1"], env=env)
        assert draw.exit_code == 0, draw.output
        assert shown_imps in draw.stdout and wrong not in draw.stdout, draw.stdout
        standings = runner.invoke(main, ["swiss", "standings", str(path)], env=env)
        assert standings.exit_code == 0, standings.output
        decimal = "." if lang == "C" else ","
        assert f"30{decimal}00" in standings.stdout and wrong not in standings.stdout
