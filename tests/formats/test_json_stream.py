"""The JSON of a scored session, written a board at a time with each table's text made once
for the tables that share their records, is the text of ``json.dumps(to_data(result),
ensure_ascii=False, separators=(",", ":"))`` of the whole, character for character."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings

from bridgescore.formats import json as result_json
from bridgescore.formats import load_path
from bridgescore.formats.json_stream import GroupedTables, Seated
from bridgescore.formats.results_file import ResultsFile
from bridgescore.results import ScoredTable, SessionResult
from bridgescore.rules import ACBL, CLUB, EBU, Rules
from bridgescore.scoring import score_pairs
from bridgescore.session import Session
from tests.scoring.helpers import RULES, sessions

SAMPLE = Path(__file__).resolve().parents[2] / "src/bridgescore/samples/club-night.csv"
INDIVIDUAL = """\
board,n,s,e,w,contract,declarer,result,n_name,s_name,e_name,w_name
1,1,2,3,4,4S,N,10,Ann,Bob,Cath,Dev
1,5,6,7,8,3NT,E,8,Eve,Finn,Gita,Hal
2,1,2,7,8,PASS,,,Ann,Bob,Gita,Hal
2,5,6,3,4,A+/A-,,,Eve,Finn,Cath,Dev
"""


def _whole(session: Session, rules: Rules) -> tuple[str, str]:
    result = score_pairs(session, rules)
    expected = json.dumps(result_json.to_data(result), ensure_ascii=False, separators=(",", ":"))
    expected += "\n"
    return result_json.dumps(ResultsFile.scored(result)), expected


@pytest.mark.parametrize("rules", [CLUB, EBU, ACBL], ids=lambda r: r.name)
def test_the_sample_night_streams_to_the_same_text(rules: Rules) -> None:
    written, expected = _whole(load_path(str(SAMPLE)).session, rules)
    assert written == expected


def test_an_individual_with_names_streams_to_the_same_text(tmp_path: Path) -> None:
    path = tmp_path / "individual.csv"
    path.write_text(INDIVIDUAL, encoding="utf-8")
    written, expected = _whole(load_path(str(path)).session, CLUB)
    assert written == expected


@settings(max_examples=60, deadline=None)
@given(sessions(), RULES)
def test_every_kind_of_result_streams_to_the_same_text(session: Session, rules: Rules) -> None:
    written, expected = _whole(session, rules)
    assert written == expected


def test_dump_writes_the_pieces_in_order() -> None:
    result = score_pairs(load_path(str(SAMPLE)).session, CLUB)
    out = io.StringIO()
    result_json.dump(ResultsFile.scored(result), out)
    pieces = list(result_json.iterencode(ResultsFile.scored(result)))
    assert len(pieces) > len(result.boards)  # a board at a time, not one text
    text = b"".join(pieces).decode("utf-8")
    assert out.getvalue() == text == result_json.dumps(ResultsFile.scored(result))


def _pairs_tables(result: SessionResult) -> GroupedTables:
    """Each board's tables as ``ColumnarScores.board_tables`` gives them: every table its own
    group, with its table, round and pair numbers."""

    def tables_of(n: int) -> tuple[list[ScoredTable], Iterator[Seated]]:
        tables = list(result.boards[n].tables)
        seated = (
            (g, s.table.table, s.table.round, s.table.ns[0], s.table.ew[0])
            for g, s in enumerate(tables)
        )
        return tables, seated

    return tables_of


@settings(max_examples=60, deadline=None)
@given(sessions(), RULES)
def test_the_grouped_tables_text_is_each_tables_own(session: Session, rules: Rules) -> None:
    """A group's text is a %-template of each table's cells: a section or an explanation
    with a per cent sign in it ("A%", "artificial score A+: 60% of the top") is written as
    it is, and the text is the one the exact path writes for each table."""
    from bridgescore.formats.json import _table
    from bridgescore.formats.json_stream import grouped_rows, table_rows

    if any(len(t.ns) + len(t.ew) != 2 for t in session.tables):
        return
    session = replace(
        session,
        tables=tuple(
            replace(t, section=None if t.section is None else f"{t.section}%")
            for t in session.tables
        ),
    )
    result = score_pairs(session, rules)
    exact = table_rows(_table, rules.decimals, rules.method)
    grouped = grouped_rows(_pairs_tables(result), _table, rules.decimals, rules.method)
    for n, board in enumerate(result.boards):
        assert b"".join(grouped(n, board)) == b"".join(exact(n, board))
