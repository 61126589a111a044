"""``bridgescore movement`` as a director uses it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.movements import jsonform, mitchell


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["movement", *args])
    return result.exit_code, result.output


def test_mitchell_text_and_summary() -> None:
    code, out = invoke("mitchell", "--tables", "8", "--boards", "24", "--relay")
    assert code == 0, out
    assert "Relay Mitchell, 8 tables" in out
    assert "8 rounds of 3 boards (24 boards)" in out
    assert "Tables 1 and 8 share boards" in out


def test_json_is_a_list_of_plays() -> None:
    code, out = invoke("mitchell", "--tables", "3", "--boards", "6", "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    # Round 2, table 1: NS 1 stays, EW 3 arrives from table 3, boards 3-4 come from table 2.
    play = next(p for p in data["plays"] if (p["round"], p["table"]) == (2, 1))
    assert (play["ns"], play["ew"], play["boards"]) == (1, 3, [3, 4])


def test_half_table_phantom_and_individual_json() -> None:
    code, out = invoke("howell", "--pairs", "7", "--boards-per-round", "2", "--format", "json")
    assert code == 0, out
    plays = json.loads(out)["plays"]
    assert sum(p.get("sit_out", False) for p in plays) == 7  # one sit-out in each of 7 rounds
    code, out = invoke("individual", "--tables", "2", "--boards", "14", "--format", "json")
    assert code == 0, out
    first = json.loads(out)["plays"][0]
    assert set("nesw") <= set(first) and first["n"] == 8  # the stationary player sits N


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["mitchell", "--tables", "8", "--boards", "25"], "25 boards do not divide into 8 rounds"),
        (["mitchell", "--tables", "8", "--pairs", "15"], "either --tables or --pairs"),
        (["mitchell", "--pairs", "15", "--skip"], "play the relay Mitchell"),
        (["howell", "--tables", "4", "--rounds", "9"], "1 to 7 rounds"),
        (["fit", "--pairs", "12", "--minutes", "5"], "no movement for 12 pairs fits"),
        (["mitchell", "--tables", "7", "--arrow-switch", "x"], "not a list of rounds"),
    ],
)
def test_bad_input_is_one_clear_line_and_status_2(args: list[str], message: str) -> None:
    code, out = invoke(*args)
    assert code == 2
    assert message in out
    assert "Traceback" not in out


def test_load_refuses_a_broken_movement_naming_every_breach(tmp_path: Path) -> None:
    broken = [
        {"round": 1, "table": 1, "ns": 1, "ew": 2, "boards": [1]},
        {"round": 1, "table": 2, "ns": 1, "ew": 3, "boards": [2]},
        {"round": 2, "table": 1, "ns": 2, "ew": 1, "boards": [1]},
    ]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    code, out = invoke("load", str(path))
    assert code == 2
    assert "round 1, table 2: pair 1 is also at table 1 this round" in out
    assert "round 2, table 1: pair 1 and pair 2 are opponents again" in out
    assert "pair 2 plays board 1 a second time" in out


def test_load_round_trip_and_cards(tmp_path: Path) -> None:
    code, out = invoke("mitchell", "--pairs", "9", "--boards-per-round", "2", "--format", "json")
    assert code == 0
    path = tmp_path / "m.json"
    path.write_text(out, encoding="utf-8")
    code, again = invoke("load", str(path), "--format", "json", "--cards", str(tmp_path / "g"))
    assert code == 0, again
    assert json.loads(again) == json.loads(out)
    written = sorted(p.name for p in (tmp_path / "g").iterdir())
    assert written == [
        ".bridgescore-manifest.json",
        "guides.json",
        "personal.html",
        "slips.html",
        "tables.html",
        "travellers.html",
    ]
    guides = json.loads((tmp_path / "g" / "guides.json").read_text(encoding="utf-8"))
    assert len(guides["tables"]) == 5 and len(guides["personal"]) == 9


def test_fit_best_first() -> None:
    code, out = invoke("fit", "--pairs", "8", "--minutes", "105")
    assert code == 0, out
    assert out.splitlines()[0].startswith(" 1. Howell, 4 tables: 7 rounds x 2 boards = 14 boards")
    code, out = invoke("fit", "--pairs", "8", "--minutes", "105", "--format", "json")
    assert json.loads(out)[0]["one_winner"] is True


def test_every_command_help_has_an_example() -> None:
    for command in ("mitchell", "howell", "individual", "load", "fit"):
        code, out = invoke(command, "--help")
        assert code == 0 and "bridgescore movement " + command in out


def test_load_asc(tmp_path: Path) -> None:
    path = tmp_path / "three.ASC"
    path.write_text("6 3 3 3 0\n1-4 A 2-5 B 3-6 C\n1-6 B 2-4 C 3-5 A\n1-5 C 2-6 A 3-4 B\n")
    code, out = invoke("load", str(path), "--boards-per-round", "3", "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    assert data["kind"] == "mitchell" and data["plays"][3]["boards"] == [4, 5, 6]
    path.write_text("6 3 3 3 0\n1-4 A\n")
    code, out = invoke("load", str(path))
    assert code == 2 and "1 round lines, the header says 3" in out


def test_cards_to_an_unwritable_place(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, out = invoke("howell", "--tables", "2", "--cards", str(blocker / "cards"))
    assert code == 2 and "cannot write" in out and "not a folder" in out


def test_the_documented_commands_run_and_print_what_the_page_shows() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "movements.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    ran = 0
    for index, line in enumerate(lines):
        if not line.startswith("$ bridgescore movement ") or "load" in line:
            continue
        code, out = invoke(*line.split()[3:])
        assert code == 0, (line, out)
        shown = lines[index + 1]
        if shown and not shown.startswith(("$", "`")):
            assert out.splitlines()[0] == shown, line
        ran += 1
    assert ran >= 8


# =================================================================================================
# A traveller CSV scored with its movement: by table and round only, the same results as the same
# session written with pair numbers; a contradiction is refused with round, table, pair and board
# named (exit status 2).


# A 3-table Mitchell, 2 boards a round (rules.md §8.2): round r, table t has NS pair t, EW pair
# mod1(t - (r - 1)) and set mod1(t + (r - 1)), set s being boards 2s - 1 and 2s.
# Three scores a board, each possible at its vulnerability (boards 1-6: None, NS, EW, All, NS, EW).
SCORES = {
    1: (400, 420, 450),
    2: (50, -100, 110),
    3: (140, 110, -100),
    4: (110, -200, 620),
    5: (600, 620, -100),
    6: (-100, 140, 170),
}


def _plays() -> list[tuple[int, int, int, int, int]]:
    """(round, table, board, ns, ew) for every board played."""
    out = []
    for r in (1, 2, 3):
        for t in (1, 2, 3):
            ew = (t - r) % 3 + 1
            s = (t + r - 2) % 3 + 1
            for board in (2 * s - 1, 2 * s):
                out.append((r, t, board, t, ew))
    return out


def _write(tmp_path: Path) -> tuple[Path, Path, Path]:
    movement = tmp_path / "movement.json"
    movement.write_text(jsonform.dumps(mitchell(3, 2)))
    by_place = tmp_path / "by-place.csv"
    by_pairs = tmp_path / "by-pairs.csv"
    place_rows = ["round,table,board,score"]
    pair_rows = ["board,ns,ew,score"]
    for r, t, board, ns, ew in _plays():
        score = SCORES[board][(t + r) % 3]
        place_rows.append(f"{r},{t},{board},{score}")
        pair_rows.append(f"{board},{ns},{ew},{score}")
    by_place.write_text("\n".join(place_rows) + "\n")
    by_pairs.write_text("\n".join(pair_rows) + "\n")
    return movement, by_place, by_pairs


def test_scoring_by_table_and_round_with_the_movement(tmp_path: Path) -> None:
    movement, by_place, by_pairs = _write(tmp_path)
    placed = CliRunner().invoke(
        main, ["score", str(by_place), "--movement", str(movement), "--format", "json"]
    )
    assert placed.exit_code == 0, placed.output
    paired = CliRunner().invoke(main, ["score", str(by_pairs), "--format", "json"])
    assert paired.exit_code == 0, paired.output
    a, b = json.loads(placed.stdout), json.loads(paired.stdout)
    assert [f["field"] for f in a["fields"]] == ["NS", "EW"]
    assert a["fields"] == b["fields"]


def test_a_pair_the_movement_did_not_seat_is_refused(tmp_path: Path) -> None:
    movement, _, by_pairs = _write(tmp_path)
    text = by_pairs.read_text().splitlines()
    # Board 3 is played in round 2 at table 1 by NS 1 against EW 3: say EW 2 instead.
    header = "round,table," + text[0]
    rows = [header]
    for (r, t, board, ns, ew), line in zip(_plays(), text[1:], strict=True):
        if (r, t, board) == (2, 1, 3):
            line = line.replace(f"3,{ns},{ew},", f"3,{ns},2,")
        rows.append(f"{r},{t},{line}")
    bad = tmp_path / "bad.csv"
    bad.write_text("\n".join(rows) + "\n")
    result = CliRunner().invoke(main, ["score", str(bad), "--movement", str(movement)])
    assert result.exit_code == 2
    assert (
        "round 2, table 1: pair 2 EW did not play board 3 there; the movement has pair 3"
        in result.stderr
    )
    assert "Traceback" not in result.output


def test_a_missing_movement_file_is_one_line(tmp_path: Path) -> None:
    _, by_place, _ = _write(tmp_path)
    result = CliRunner().invoke(main, ["score", str(by_place), "--movement", "nowhere.json"])
    assert result.exit_code == 2 and "no such movement file" in result.stderr
