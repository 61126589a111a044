"""``bridgescore score --format csv``: one row a result, read back by the csv module and
checked against values worked out by hand (club rules: two matchpoints a result beaten, one a
tie; an artificial score counts a tie for every real result on its board)."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgescore
from bridgescore.cli import main

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"

# Four tables, round 1 of a Mitchell (NS n meets EW n at table n), two boards.
# Board 1 (none vulnerable): +420, +420, +170 (2S N +2), -50 (4S N -1); top 6.
#   NS: +420 beats 2, ties 1 = 5; +170 beats 1 = 2; -50 = 0. EW: 6 minus those: 1, 1, 4, 6.
# Board 2 (NS vulnerable): +600 (3NT S =), A+/A-, 0 (passed out), -100 (3NT S -1): four
#   scores, top 6; each of the three real results gets a tie for the A+/A-:
#   NS +600 = 4 + 1 = 5, 0 = 2 + 1 = 3, -100 = 0 + 1 = 1; EW 1 + ... : +100 = 5, 0 = 3,
#   -600 = 1; A+/A- = 60% and 40% of 6 = 18/5 and 12/5.
TRAVELLERS = """board,round,table,ns,ew,contract,declarer,result
1,1,1,1,1,4S,N,10
1,1,2,2,2,4S,N,10
1,1,3,3,3,2S,N,10
1,1,4,4,4,4S,N,9
2,1,1,1,1,3NT,S,9
2,1,2,2,2,A+/A-,,
2,1,3,3,3,PASS,,
2,1,4,4,4,3NT,S,8
"""

NS_MP = {(1, 1): 5, (1, 2): 5, (1, 3): 2, (1, 4): 0,
         (2, 1): 5, (2, 2): Fraction(18, 5), (2, 3): 3, (2, 4): 1}  # fmt: skip
EW_MP = {(1, 1): 1, (1, 2): 1, (1, 3): 4, (1, 4): 6,
         (2, 1): 1, (2, 2): Fraction(12, 5), (2, 3): 3, (2, 4): 5}  # fmt: skip
# Each pair's two boards; every pair played 2 boards of top 6, so 12 available.
NS_TOTAL = {1: Fraction(10), 2: Fraction(43, 5), 3: Fraction(5), 4: Fraction(1)}
EW_TOTAL = {1: Fraction(2), 2: Fraction(17, 5), 3: Fraction(7), 4: Fraction(11)}


def scored_csv(tmp_path: Path, *options: str) -> str:
    path = tmp_path / "night.csv"
    path.write_text(TRAVELLERS)
    result = CliRunner().invoke(main, ["score", str(path), "--format", "csv", *options])
    assert result.exit_code == 0, result.output
    return result.output


def test_one_row_a_result_with_exact_and_shown_values(tmp_path: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(scored_csv(tmp_path))))
    assert len(rows) == 8
    assert [(int(r["board"]), int(r["table"])) for r in rows] == sorted(NS_MP)
    for r in rows:
        key = (int(r["board"]), int(r["table"]))
        ns, ew = int(r["ns"]), int(r["ew"])
        assert Fraction(r["ns_mp_exact"]) == NS_MP[key], key
        assert Fraction(r["ew_mp_exact"]) == EW_MP[key], key
        assert r["ns_mp"] == f"{float(NS_MP[key]):.2f}" and r["ew_mp"] == f"{float(EW_MP[key]):.2f}"
        assert Fraction(r["ns_total_exact"]) == NS_TOTAL[ns]
        assert Fraction(r["ew_total_exact"]) == EW_TOTAL[ew]
        assert r["ns_total"] == f"{float(NS_TOTAL[ns]):.2f}"
        assert r["ns_percent"] == f"{float(NS_TOTAL[ns] / 12 * 100):.2f}"
    by_key = {(int(r["board"]), int(r["table"])): r for r in rows}
    assert by_key[1, 3]["entry"] == "2S N +2" and by_key[1, 3]["ns_score"] == "170"
    assert by_key[1, 3]["contract"] == "2S" and by_key[1, 3]["tricks"] == "10"
    assert by_key[2, 1]["ns_score"] == "600" and by_key[2, 4]["ns_score"] == "-100"
    assert by_key[2, 3]["contract"] == "PASS" and by_key[2, 3]["ns_score"] == "0"
    adjusted = by_key[2, 2]
    assert (
        adjusted["entry"] == "A+/A-" and adjusted["ns_score"] == "" and adjusted["contract"] == ""
    )
    assert (adjusted["ns_mp"], adjusted["ew_mp"]) == ("3.60", "2.40")
    assert by_key[1, 1]["ns_mp_exact"] == "5/1" and adjusted["ns_mp_exact"] == "18/5"
    assert NS_TOTAL[2] / 12 * 100 == Fraction(215, 3)  # 71.666...: shown 71.67
    assert by_key[2, 2]["ns_percent"] == "71.67"


def test_decimals_setting_shapes_the_shown_values_only(tmp_path: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(scored_csv(tmp_path, "--decimals", "1"))))
    adjusted = next(r for r in rows if r["entry"] == "A+/A-")
    assert adjusted["ns_mp"] == "3.6" and adjusted["ns_mp_exact"] == "18/5"
    assert adjusted["ns_percent"] == "71.7"


@pytest.mark.parametrize("library", ["pandas", "polars"])
def test_an_analysts_library_reads_it_in_one_call(tmp_path: Path, library: str) -> None:
    reader = pytest.importorskip(library)
    path = tmp_path / "out.csv"
    path.write_text(scored_csv(tmp_path))
    frame = reader.read_csv(path)
    assert frame.shape[0] == 8
    assert sorted(frame["ns_mp"].to_list()) == sorted(float(v) for v in NS_MP.values())


def test_polars_keeps_the_exact_columns_as_text_on_a_whole_evening(tmp_path: Path) -> None:
    """polars guesses a column's type from its first 100 rows: the sample's first 100 values
    are whole, so whole values written as ``12`` would make it refuse the ``42/5`` of board 20."""
    pl = pytest.importorskip("polars")
    path = tmp_path / "out.csv"
    result = CliRunner().invoke(main, ["score", str(SAMPLE), "--format", "csv", "-o", str(path)])
    assert result.exit_code == 0, result.output
    frame = pl.read_csv(path)
    assert frame.schema["ns_mp_exact"] == pl.String and "42/5" in frame["ns_mp_exact"].to_list()
    for pair in frame["ns"].unique().to_list():
        rows = frame.filter(pl.col("ns") == pair)
        total = sum(Fraction(v) for v in rows["ns_mp_exact"].drop_nulls())
        assert rows["ns_total_exact"].unique().to_list() == [
            f"{total.numerator}/{total.denominator}"
        ]
