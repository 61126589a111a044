"""``score`` and ``report`` of several sessions: one event, its ranking with each session's
contribution, its pages linking each session's own site, a final with its carry-forward, and
the mistakes a sentence each (exit status 2)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import main
from tests.events.helpers import FINAL, QUALIFYING, S1, S2

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "bridgescore" / "samples" / "club-night.csv"


def files(tmp_path: Path, **texts: str) -> dict[str, str]:
    paths = {}
    for name, text in texts.items():
        path = tmp_path / f"{name}.csv"
        path.write_text(text)
        paths[name] = str(path)
    return paths


def test_two_sessions_ranked_together_in_json(tmp_path: Path) -> None:
    paths = files(tmp_path, s1=S1, s2=S2)
    result = CliRunner().invoke(main, ["score", paths["s1"], paths["s2"], "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["top_exact"] == "6" and data["common_top"] == "neuberg"
    leader = data["rankings"][0]
    assert leader["name"] == "Ann Lee & Bob Roy" and leader["players"] == ["Ann Lee", "Bob Roy"]
    assert leader["total_exact"] == "29/3"  # 17/3 + 4, worked in test_events
    one, two = leader["sessions"]
    assert (one["entrant"], one["points_exact"], one["value_exact"]) == ("1NS", "4", "17/3")
    assert (two["entrant"], two["value_exact"], two["page"]) == (
        "1EW",
        "4",
        "session-2/pair-1ew.html",
    )
    joined = next(r for r in data["rankings"] if r["name"] == "Vi Wu & Xa Yo")
    assert joined["sessions"][0] is None and joined["played"] == 1


def test_two_sessions_in_the_terminal(tmp_path: Path) -> None:
    paths = files(tmp_path, s1=S1, s2=S2)
    result = CliRunner().invoke(main, ["score", paths["s1"], paths["s2"], "--common-top", "ratio"])
    assert result.exit_code == 0, result.output
    assert "common top of 6 by the ratio of the tops" in result.output
    assert re.search(r"1 │ Ann Lee & Bob Roy │ 6\.00 │ 4\.00 │ 10\.00", result.output)


def test_a_final_with_its_carry_forward(tmp_path: Path) -> None:
    paths = files(tmp_path, q=QUALIFYING, f=FINAL)
    result = CliRunner().invoke(
        main, ["score", paths["q"], "--final", paths["f"], "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["stage"] == "final" and data["carry"] == "ebu"
    rows = [
        (r["name"], r["carried_exact"], r["final_exact"], r["total_exact"])
        for r in data["rankings"]
    ]
    assert rows == [
        ("Jo Kay & Lu Mo", "1", "4", "5"),
        ("Fay Gee & Hal Ivy", "2", "2", "4"),
        ("Ann Lee & Bob Roy", "1", "2", "3"),
        ("Rex Su & Tia Uv", "3/2", "0", "3/2"),
    ]
    assert data["qualifying"]["ranking"]["rankings"][0]["name"] == "Fay Gee & Hal Ivy"
    percent = CliRunner().invoke(
        main, ["score", paths["q"], "--final", paths["f"], "--carry", "percent"]
    )
    assert percent.exit_code == 0 and "(Qualifying % × 1 + final %) / (1 + 1)" in percent.output


def test_the_seeding_of_the_final_is_shown(tmp_path: Path) -> None:
    paths = files(tmp_path, q=QUALIFYING)
    result = CliRunner().invoke(
        main, ["score", paths["q"], "--qualifiers", "4", "--format", "json"]
    )
    assert result.exit_code == 0
    seeding = json.loads(result.stdout)["seeding"]
    assert [s["number"] for s in seeding] == [1, 2, 3, 4]
    assert seeding[0]["name"] == "Fay Gee & Hal Ivy"


def test_the_event_site_links_every_session(tmp_path: Path) -> None:
    paths = files(tmp_path, s1=S1, s2=S2)
    out = tmp_path / "site"
    result = CliRunner().invoke(
        main, ["report", paths["s1"], paths["s2"], "-o", str(out), "--no-double-dummy"]
    )
    assert result.exit_code == 0, result.output
    index = (out / "index.html").read_text()
    data = json.loads((out / "index.json").read_text())
    assert data["rankings"][0]["total_exact"] == "29/3"
    for link in re.findall(r'href="(session-[^"]+)"', index):
        assert (out / link).exists(), link
    assert 'href="session-1/pair-1ns.html"' in index and 'href="session-2/index.html"' in index
    assert (out / "session-2" / "pair-1ew.html").exists()
    assert "9.67" in index  # the exact 29/3, rounded for display only


def test_a_final_site_has_the_qualifying_beside_it(tmp_path: Path) -> None:
    paths = files(tmp_path, q=QUALIFYING, f=FINAL)
    out = tmp_path / "site"
    result = CliRunner().invoke(
        main, ["report", paths["q"], "--final", paths["f"], "-o", str(out), "--no-double-dummy"]
    )
    assert result.exit_code == 0, result.output
    assert "<h1>Final</h1>" in (out / "index.html").read_text()
    assert "<h1>Qualifying</h1>" in (out / "qualifying.html").read_text()
    assert (out / "session-1" / "index.html").exists() and (
        out / "session-2" / "index.html"
    ).exists()


def test_stored_sessions_make_an_event(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    paths = files(tmp_path, s1=S1, s2=S2)
    runner = CliRunner()
    for path in paths.values():
        assert runner.invoke(main, ["import", path, "--db", db]).exit_code == 0
    stored = runner.invoke(main, ["score", "db:1", "db:2", "--db", db, "--format", "json"])
    assert stored.exit_code == 0, stored.output
    from_files = runner.invoke(main, ["score", paths["s1"], paths["s2"], "--format", "json"])
    assert [(r["name"], r["total_exact"]) for r in json.loads(stored.stdout)["rankings"]] == [
        (r["name"], r["total_exact"]) for r in json.loads(from_files.stdout)["rankings"]
    ]


def test_event_mistakes_are_one_sentence_each(tmp_path: Path) -> None:
    bare = "board,ns,ew,score\n1,1,1,420\n1,2,2,450\n"
    paths = files(tmp_path, a=bare, b=bare)
    runner = CliRunner()
    result = runner.invoke(main, ["score", paths["a"], paths["b"]])
    assert result.exit_code == 2
    assert "both have a pair 1EW and name neither's players" in result.stderr
    assert "Traceback" not in result.output
    assert (
        runner.invoke(main, ["score", paths["a"], paths["b"], "--pairs-by", "numbers"]).exit_code
        == 0
    )
    result = runner.invoke(main, ["score", paths["a"], "--aggregate", "percentages"])
    assert result.exit_code == 2
    assert "--aggregate ranks several sessions together: give more than one FILE" in result.stderr
    result = runner.invoke(
        main, ["score", paths["a"], str(tmp_path / "x.csv"), str(tmp_path / "y.csv")]
    )
    assert result.exit_code == 2
    assert "x.csv" in result.stderr and "y.csv" in result.stderr  # every problem at once
    result = runner.invoke(main, ["score", paths["a"], paths["b"], "--carry", "percent"])
    assert result.exit_code == 2 and "carry a qualifying into a --final" in result.stderr
    result = runner.invoke(main, ["score", str(SAMPLE), paths["a"], "--aggregate", "imps"])
    assert result.exit_code == 2 and "--aggregate imps needs IMPs" in result.stderr
