"""A traveller CSV scored with its movement: by table and round only, the same results as the
same session written with pair numbers; a contradiction is refused with round, table, pair and
board named (exit status 2)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.movements import jsonform, mitchell

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
