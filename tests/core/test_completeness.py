"""A half-played session: boards with fewer results, and a board played once, are scored under the
chosen rules and reported, never refused (rules.md §4.1-4.4 for the factoring)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.bridge import Side
from bridgescore.cli import main
from bridgescore.errors import InputFileError
from bridgescore.formats import csv as traveller_csv
from bridgescore.results import SessionResult
from bridgescore.rules import CLUB, Rules
from bridgescore.scoring import score_pairs
from bridgescore.session import Entrant, Session

# A Mitchell: board 1 played at three tables, board 2 at one only (the late pair's table).
NIGHT = """board,ns,ew,score
1,1,1,420
1,2,2,450
1,3,3,-50
2,1,1,110
"""


def night() -> Session:
    return traveller_csv.loads(NIGHT, path="night.csv").session


def scored(rules: Rules) -> SessionResult:
    return score_pairs(night(), rules)


def lone(result: SessionResult) -> tuple[Fraction | None, Fraction | None, Fraction]:
    (board_2,) = [b for b in result.boards if b.board.number == 2]
    (table,) = board_2.tables
    return table.ns_points, table.ew_points, board_2.top


def test_a_board_played_once_is_read_and_reported_as_short() -> None:
    completeness = night().completeness()
    assert [(b.board, b.results, b.most) for b in completeness.boards] == [(1, 3, 3), (2, 1, 3)]
    assert [b.board for b in completeness.short] == [2]
    assert [b.board for b in completeness.single] == [2]
    assert not completeness.complete
    assert completeness.short[0].describe() == "board 2: 1 result of 3"


def test_without_factoring_a_lone_result_has_a_top_of_0() -> None:
    # No result to compare with: the board's top is 2 × (1 − 1) = 0 (rules.md §3.1).
    result = scored(CLUB)
    assert lone(result) == (0, 0, 0)
    # Pair 1 NS: 420 beat -50 on board 1 (2 of a top of 4), and board 2 adds nothing to either.
    ns_1 = result.standing(Entrant(1, Side.NS))
    assert (ns_1.points, ns_1.available, ns_1.boards) == (2, 4, 2)


@pytest.mark.parametrize("method", ["neuberg", "ratio", "average"])
@pytest.mark.parametrize("scale", [2, 1])
def test_factoring_gives_a_lone_result_the_average(method: str, scale: int) -> None:
    # Factored to the three results of board 1: the top is 4 on scale 2 (2 × (3 − 1)) and 2 on
    # scale 1. A lone result beats and ties nothing: Neuberg (0 + u) × 3/1 − u = 2u, the ratio
    # of tops and "each missing result a tie" (0 + u × 2) all give 2u, half the top.
    rules = CLUB.with_(short_boards=method, scale=scale)
    ns, ew, board_top = lone(scored(rules))
    assert board_top == (4 if scale == 2 else 2)
    assert ns == ew == board_top / 2


@pytest.mark.parametrize("method", ["butler", "cross-imps"])
def test_imps_on_a_lone_result_are_0(method: str) -> None:
    # Butler: the datum of one score is that score, so 0 IMPs; cross-IMPs: nothing to compare.
    ns, ew, _ = lone(scored(CLUB.with_(method=method, datum_trim="0")))
    assert ns == ew == 0


def test_the_checksum_still_balances_with_a_lone_result() -> None:
    for rules in (CLUB, CLUB.with_(short_boards="neuberg"), CLUB.with_(short_boards="ratio")):
        assert scored(rules).checksums_ok, rules.label


def test_a_second_result_for_the_same_table_and_round_is_refused() -> None:
    text = "board,ns,ew,table,round,score\n1,1,1,1,1,420\n1,2,2,1,1,450\n1,3,3,3,1,-50\n"
    with pytest.raises(InputFileError, match=r"a second result for board 1, round 1, table 1"):
        traveller_csv.loads(text, path="night.csv")


def test_score_says_which_boards_are_short(tmp_path: Path) -> None:
    night = tmp_path / "night.csv"
    night.write_text(NIGHT)
    text = CliRunner().invoke(main, ["score", str(night)])
    assert text.exit_code == 0, text.output
    assert "1 board with fewer results (on their own tops): board 2: 1 result of 3" in text.stdout
    data = json.loads(CliRunner().invoke(main, ["score", str(night), "--format", "json"]).stdout)
    assert data["short_boards"] == [{"section": None, "board": 2, "results": 1, "most": 3}]
