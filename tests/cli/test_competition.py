"""``bridgescore competition``: the ladder from files and from the club's stored sessions of a
period (the store's read-only season query), its page, the fixtures of a round robin and a
knock-out's first round."""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.store import open_store
from bridgescore.store.season import season
from tests.events.helpers import S1, S2


def dated(tmp_path: Path) -> list[str]:
    paths = []
    for name, text, day in (("s1", S1, "2026-03-02"), ("s2", S2, "2026-03-09")):
        path = tmp_path / f"{name}.csv"
        path.write_text(f"# date: {day}\n{text}")
        paths.append(str(path))
    return paths


def test_a_ladder_from_files(tmp_path: Path) -> None:
    paths = dated(tmp_path)
    result = CliRunner().invoke(
        main, ["competition", "ladder", *paths, "--best", "1", "--minimum", "2", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    top = data["rankings"][0]
    assert (top["name"], top["place"], top["score_exact"]) == ("Ann Lee", "1=", "100")
    assert [d["percent_exact"] for d in top["dropped"]] == ["200/3"]
    waiting = [r for r in data["rankings"] if r["rank"] is None]
    assert {r["name"] for r in waiting} == {"Vi Wu", "Xa Yo", "Zed Ab", "Bea Cd"}
    assert all(r["needs"] == 1 for r in waiting)


def test_a_ladder_of_the_stored_sessions_of_a_period(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    runner = CliRunner()
    for path in dated(tmp_path):
        assert runner.invoke(main, ["import", path, "--db", db]).exit_code == 0
    with open_store(db) as store:
        both = season(store)
        first = season(store, since=date(2026, 3, 1), until=date(2026, 3, 5))
    assert [s.label for s in both.sessions] == ["db:1", "db:2"]
    assert [s.label for s in first.sessions] == ["db:1"]
    result = runner.invoke(
        main,
        ["competition", "ladder", "--db", db, "--from", "2026-03-01", "--to", "2026-03-31",
         "--by", "partnership", "--format", "json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    ranked = {r["name"]: r["score_exact"] for r in json.loads(result.stdout)["rankings"]}
    assert ranked["Ann Lee & Bob Roy"] == str((100 + Fraction(200, 3)) / 2)
    out = tmp_path / "ladder"
    site = runner.invoke(main, ["competition", "ladder", "--db", db, "-o", str(out)])
    assert site.exit_code == 0, site.output
    assert "<h1>Ladder</h1>" in (out / "index.html").read_text()
    assert json.loads((out / "index.json").read_text())["by"] == "player"
    empty = runner.invoke(main, ["competition", "ladder", "--db", db, "--from", "2027-01-01"])
    assert empty.exit_code == 2 and "no stored session of pairs in that period" in empty.stderr


def test_ladder_mistakes_are_one_sentence(tmp_path: Path) -> None:
    paths = dated(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["competition", "ladder", *paths, "--from", "2026-01-01"])
    assert result.exit_code == 2 and "give no FILES" in result.stderr
    result = runner.invoke(main, ["competition", "ladder", *paths, "--imps", "lots"])
    assert result.exit_code == 2 and "--imps: expected a number or 'ranked'" in result.stderr
    # a date refused names its option, as import's --date does
    for option, text in (("--to", "soon"), ("--from", "2026-02-30")):
        result = runner.invoke(
            main, ["competition", "ladder", "--db", str(tmp_path / "x.db"), option, text]
        )
        assert (result.exit_code, result.stderr) == (
            2,
            f"bridgescore: {option}: not a date: '{text}' (expected YYYY-MM-DD or DD/MM/YYYY)\n",
        )
    result = runner.invoke(
        main,
        ["competition", "ladder", "--db", str(tmp_path / "x.db"), "--to", "soon"],
        env={"LANG": "fr_FR.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""},
    )
    assert (result.exit_code, result.stderr) == (
        2,
        "bridgescore: --to : pas une date : 'soon' (attendu : AAAA-MM-JJ ou JJ/MM/AAAA)\n",
    )


def test_round_robin_fixtures_and_a_knockout() -> None:
    result = CliRunner().invoke(
        main, ["competition", "round-robin", "--teams", "4", "--format", "json"]
    )
    assert result.exit_code == 0
    rounds = json.loads(result.stdout)["rounds"]
    assert rounds[1] == {
        "round": 2,
        "matches": [{"home": 4, "away": 3}, {"home": 1, "away": 2}],
        "bye": None,
    }
    text = CliRunner().invoke(main, ["competition", "round-robin", "--teams", "5"]).output
    assert "2 v 5, 3 v 4" in text
    result = CliRunner().invoke(
        main, ["competition", "knockout", "--teams", "6", "--format", "json"]
    )
    data = json.loads(result.stdout)
    assert data["rounds"] == 3
    assert [(m["home"], m["away"]) for m in data["first_round"]] == [
        (1, None),
        (4, 5),
        (2, None),
        (3, 6),
    ]
