"""``bridgescore swiss``: the simulated event's JSON, a whole event run from its file, and every
step the rules refuse: a sentence, exit status 2, the file as it was."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["swiss", *args])
    return result.exit_code, result.output


def test_simulate_prints_the_rounds_and_standings_as_json() -> None:
    status, output = run(
        "simulate", "--teams", "25", "--rounds", "6", "--seed", "5", "--format", "json"
    )
    assert status == 0
    data = json.loads(output)
    assert set(data) == {"rounds", "standings"}
    met: set[frozenset[int]] = set()
    byes = []
    for number, drawn in enumerate(data["rounds"], 1):
        assert set(drawn) == {"round", "matches", "bye"} and drawn["round"] == number
        assert all(set(m) == {"home", "away"} for m in drawn["matches"])
        teams = [t for m in drawn["matches"] for t in (m["home"], m["away"])] + [drawn["bye"]]
        assert sorted(teams) == list(range(1, 26))
        pairs = {frozenset((m["home"], m["away"])) for m in drawn["matches"]}
        assert not pairs & met  # 25 teams, 6 rounds: never a rematch
        met |= pairs
        byes.append(drawn["bye"])
    assert len(set(byes)) == 6
    assert [s["team"] for s in data["standings"]] != []
    vps = [s["vps_exact"] for s in data["standings"]]
    assert len(vps) == 25
    # The same seed, the same event; another seed, another.
    again = run("simulate", "--teams", "25", "--rounds", "6", "--seed", "5", "--format", "json")
    assert again == (status, output)
    other = run("simulate", "--teams", "25", "--rounds", "6", "--seed", "6", "--format", "json")
    assert other[1] != output


def test_an_even_field_has_a_null_bye() -> None:
    status, output = run("simulate", "--teams", "4", "--rounds", "2", "--format", "json")
    assert status == 0 and [r["bye"] for r in json.loads(output)["rounds"]] == [None, None]


def test_an_event_run_from_its_file(tmp_path: Path) -> None:
    path = str(tmp_path / "congress.json")
    assert run("start", path, "--teams", "6", "--rounds", "2", "--first-round", "seeded")[0] == 0
    status, output = run("draw", path, "--format", "json")
    assert status == 0
    first = json.loads(output)
    assert first["matches"] == [
        {"table": 1, "home": 1, "away": 4},
        {"table": 2, "home": 2, "away": 5},
        {"table": 3, "home": 3, "away": 6},
    ]
    for home, away, a, b in ((1, 4, 30, 2), (2, 5, 20, 10), (3, 6, 0, 0)):
        status, output = run("score", path, "1", str(home), str(away), str(a), str(b))
        assert status == 0, output
    assert "VPs" in output
    status, output = run("draw", path, "--format", "json")
    second = json.loads(output)
    assert status == 0 and second["round"] == 2
    # Showing a drawn round again shows the same draw; the file is not written.
    before = Path(path).read_bytes()
    assert (
        run("draw", path, "--round", "1", "--format", "json")[1]
        == json.dumps(first, indent=2) + "\n"
    )
    assert json.loads(run("draw", path, "--round", "2", "--format", "json")[1]) == second
    assert Path(path).read_bytes() == before
    status, output = run("standings", path, "--format", "json")
    assert status == 0 and json.loads(output)["standings"][0]["team"] == 1
    status, output = run("standings", path)
    assert status == 0 and "Standings: 1 of 2 rounds complete" in output


def refused(path: str, *args: str, says: str) -> None:
    before = Path(path).read_bytes()
    status, output = run(*args)
    assert status == 2, output
    assert output.startswith("bridgescore: ") and says in output, output
    assert "Traceback" not in output
    assert Path(path).read_bytes() == before


def test_every_step_against_the_rules_is_one_sentence_and_changes_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "event.json")
    run("start", path, "--teams", "5", "--rounds", "2", "--first-round", "seeded")
    run("draw", path)  # 1 v 3, 2 v 4, bye 5
    run("score", path, "1", "1", "3", "10", "5")
    refused(path, "draw", path, says="round 2 cannot be drawn until every round 1 score is in")
    run("score", path, "1", "2", "4", "0", "0")
    refused(path, "withdraw", path, "7", says="there is no team 7 in the event")
    assert run("withdraw", path, "5")[0] == 0
    refused(path, "withdraw", path, "5", says="team 5 has already withdrawn (its last round was 1)")
    refused(path, "score", path, "1", "1", "2", "3", "0", says="team 1 does not play team 2")
    refused(path, "score", path, "1", "1", "3", "x", "0", says="not a number of IMPs: 'x'")
    refused(path, "draw", path, "--round", "3", says="there is no round 3: the event has 2")
    assert run("draw", path)[0] == 0
    refused(path, "enter", path, "9", says="the last round (round 2) has been drawn")
    refused(path, "draw", path, says="all 2 rounds of the event have been drawn")
    refused(path, "start", path, "--teams", "4", "--rounds", "1", says="already exists")

    odd = str(tmp_path / "odd.json")
    run("start", odd, "--teams", "7", "--rounds", "3", "--bye-vps", "none")
    refused(odd, "draw", odd, says="round 1 has 7 teams, an odd number, and the conditions give")


def test_a_file_that_is_not_an_event_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text('{"boards": []}\n')
    refused(str(path), "draw", str(path), says="not a Swiss event stored by bridgescore")
    path.write_text("{not json")
    refused(str(path), "draw", str(path), says="not JSON (line 1)")
    refused(str(path), "draw", str(tmp_path / "none.json"), says="none.json")


def test_simulate_with_late_entries_and_withdrawals() -> None:
    status, output = run(
        "simulate", "--teams", "10", "--rounds", "4", "--enter", "11@3", "--withdraw", "4@2",
        "--format", "json",
    )  # fmt: skip
    assert status == 0, output
    rounds = json.loads(output)["rounds"]
    playing = [sorted(t for m in r["matches"] for t in (m["home"], m["away"])) for r in rounds]
    assert 11 not in playing[1] and 11 in playing[2] and 4 in playing[1] and 4 not in playing[2]
    status, output = run("simulate", "--teams", "10", "--rounds", "4", "--enter", "11@9")
    assert status == 2 and "team 11 cannot enter before round 9: the event has 4 rounds" in output
    status, output = run("simulate", "--teams", "10", "--rounds", "4", "--withdraw", "3@4")
    assert status == 2 and "team 3 cannot withdraw after round 4" in output
    status, output = run("simulate", "--teams", "10", "--rounds", "4", "--enter", "x")
    assert status == 2 and "--enter: expected TEAM@ROUND" in output


def test_a_missing_event_file_is_named_once(tmp_path: Path) -> None:
    missing = str(tmp_path / "none.json")
    for language, head, problem in (
        ("C", f"{missing}: 1 problem", f"{missing}: cannot read the file: no such file"),
        ("fr_FR.UTF-8", f"{missing} : 1 problème", f"{missing} : impossible de lire le fichier"),
    ):
        env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
        done = CliRunner().invoke(main, ["swiss", "standings", missing], env=env)
        assert done.exit_code == 2, done.output
        first, second = done.output.splitlines()
        assert first == f"bridgescore: {head}"
        assert second.startswith(problem), second
