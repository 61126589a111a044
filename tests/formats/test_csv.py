"""Reading traveller CSV: what it accepts, and every problem reported at once."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bridgescore.errors import InputFileError
from bridgescore.formats import csv as traveller_csv
from bridgescore.formats import load_path
from bridgescore.formats.results_file import ResultsFile
from bridgescore.rules import CLUB
from bridgescore.scoring import score_teams
from bridgescore.session import FieldStructure, Session
from bridgescore.traveller import Artificial
from tests.conftest import shared_path
from tests.helpers import session


def _again(s: Session) -> Session:
    """The session written as CSV and read back."""
    return traveller_csv.loads(traveller_csv.dumps(ResultsFile(s))).session


def problems(text: str) -> list[str]:
    with pytest.raises(InputFileError) as caught:
        traveller_csv.loads(text.strip() + "\n", path="night.csv")
    return [p.describe("night.csv") for p in caught.value.problems]


def test_columns_in_any_order_and_case() -> None:
    s = session("""
Result,Declarer,CONTRACT,EW,NS,Board,Lead
=,N,4S,1,1,1,SA
-1,N,4S,2,2,1,h7
""")
    first, second = s.tables
    assert first.result is not None and first.result.ns_score == 420
    assert second.result is not None and second.result.ns_score == -50
    assert (first.lead, second.lead) == ("SA", "H7")


def test_spaces_around_cells_are_ignored() -> None:
    padded = session(
        "board , ns , ew , contract , declarer , result , lead , ns_names\n"
        ' 1 , 1 , 1 , 4S , N , = , SA , "  Ann Lee & Bob Roy  "\n'
        "\t1\t, 2 , 2 , 4S , N , -1 ,  , \n"
    )
    plain = session(
        "board,ns,ew,contract,declarer,result,lead,ns_names\n"
        "1,1,1,4S,N,=,SA,Ann Lee & Bob Roy\n"
        "1,2,2,4S,N,-1,,\n"
    )
    assert [replace(t, line=0) for t in padded.tables] == [replace(t, line=0) for t in plain.tables]
    assert padded.names == plain.names


def test_every_problem_is_reported_with_its_line() -> None:
    found = problems("""
board,ns,ew,contract,declarer,result,score
1,1,1,4Z,N,10,
1,2,2,4S,N,14,
1,3,3,4S,N,10,450
1,4,4,4S,,10,
1,5,5,4S,N,,
1,1,6,3NT,N,9,
2,1,1,3NT,N,9,
""")
    assert any("night.csv:2" in p and "4Z" in p and "contract" in p for p in found)
    assert any("night.csv:3" in p and "14 tricks" in p for p in found)
    assert any("night.csv:4" in p and "contradicts" in p and "+420" in p for p in found)
    assert any("night.csv:5" in p and "no declarer" in p for p in found)
    assert any("night.csv:6" in p and "no result" in p for p in found)
    assert any("night.csv:7" in p and "plays board 1 twice" in p for p in found)
    # Board 2 played once is not a problem: it is scored and reported as short (see
    # Session.completeness).
    assert not any("night.csv:8" in p for p in found)
    assert all("board " in p for p in found)


def test_rows_with_the_same_cells_share_their_scores_and_their_problems() -> None:
    text = "board,ns,ew,contract,declarer,result\n" + "".join(
        f"1,{n},{n},4S,N,10\n" for n in range(1, 4)
    )
    tables = traveller_csv.loads(text).session.tables
    assert tables[0].ns_side is tables[1].ns_side is tables[2].ew_side  # read once
    found = problems("board,ns,ew,contract,declarer,result\n1,1,1,4Z,N,10\n1,2,2,4Z,N,10\n")
    assert [p.split(": ", 1)[0] for p in found] == ["night.csv:2, board 1", "night.csv:3, board 1"]
    assert found[0].split(": ", 1)[1] == found[1].split(": ", 1)[1]
    assert "not a contract: '4Z'" in found[0]


def test_unknown_and_missing_columns() -> None:
    found = problems("board,ns,ew,contrat,declarer,result\n1,1,1,4S,N,10\n")
    assert any("unknown column" in p and "contrat" in p for p in found)
    found = problems("ns,ew,contract\n1,1,4S\n")
    assert any("missing columns" in p and "board" in p for p in found)


def test_pass_out_not_played_and_artificial() -> None:
    s = session("""
board,ns,ew,contract,declarer,result
1,1,1,PASS,,
1,2,2,NP,,
1,3,3,A+/A-,,
1,4,4,60/40,,
1,5,5,A,,
1,6,6,50%/60%,,
""")
    kinds = [t.kind for t in s.tables]
    assert kinds == ["passed out", "not played"] + ["artificial"] * 4
    assert s.tables[2].ns_side == Artificial.parse("A+")
    assert s.tables[3].ew_side == Artificial("%", 40)


@pytest.mark.parametrize("cell", ["60", "A+", "55%"])
def test_artificial_for_one_side_only_is_refused(cell: str) -> None:
    found = problems(f"board,ns,ew,contract\n1,1,1,{cell}\n1,2,2,A\n")
    assert any("one side only" in p for p in found)


def test_score_only_and_score_with_contract() -> None:
    s = session("""
board,ns,ew,contract,declarer,score
1,1,1,,,420
1,2,2,4S,N,-50
1,3,3,PASS,,0
""")
    assert [t.result.tricks if t.result else None for t in s.tables] == [None, 9, None]


def test_vulnerability_override() -> None:
    s = session("""
board,ns,ew,contract,declarer,result,vul
1,1,1,4S,N,10,All
1,2,2,4S,N,10,
""")
    assert {t.result.ns_score for t in s.tables if t.result} == {620}
    found = problems(
        "board,ns,ew,contract,declarer,result,vul\n1,1,1,4S,N,10,All\n1,2,2,4S,N,10,None\n"
    )
    assert any("vul" in p and "same" in p for p in found)


def test_fouled_board_copies_keep_their_own_vulnerability() -> None:
    s = session("""
board,ns,ew,contract,declarer,result,vul,group
1,1,1,4S,N,10,None,a
1,2,2,4S,N,10,None,a
1,3,3,4S,N,10,All,b
1,4,4,4S,N,10,All,b
""")
    assert [t.result.ns_score for t in s.tables if t.result] == [420, 420, 620, 620]
    assert _again(s).tables == s.tables


def test_dealer_override_round_trips() -> None:
    s = session("board,ns,ew,score,dealer\n1,1,1,420,W\n1,2,2,400,W\n")
    assert str(s.boards[1].dealer) == "W"
    assert str(_again(s).boards[1].dealer) == "W"


def test_quoted_cells_with_line_breaks() -> None:
    s = session('board,ns,ew,score,ns_names\n1,1,1,420,"Ann Lee\n& Bob Roy"\n1,2,2,400,Cy\n')
    assert s.tables[1].line == 4
    found = problems('board,ns,ew,score\n1,1,1,"420\n2,2,400\n')
    assert found


def test_names_must_agree() -> None:
    found = problems(
        "board,ns,ew,score,ns_names\n1,1,1,420,Ann & Bob\n1,2,2,400,\n"
        "2,1,1,420,Ann & Rob\n2,2,2,400,\n"
    )
    assert any("named 'Ann & Bob'" in p for p in found)


def test_individual_event_columns() -> None:
    s = session("board,n,e,s,w,score\n1,1,2,3,4,420\n1,5,6,7,8,400\n")
    assert s.structure is FieldStructure.INDIVIDUAL
    assert s.tables[0].ns == (1, 3) and s.tables[0].ew == (2, 4)


def test_movement_detection_and_forcing() -> None:
    howell = "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n2,2,3,100\n2,4,1,50\n"
    assert session(howell).structure is FieldStructure.HOWELL
    assert session(howell, structure=FieldStructure.MITCHELL).structure is FieldStructure.MITCHELL
    mitchell = "board,ns,ew,score\n1,1,1,420\n1,2,2,400\n"
    assert session(mitchell).structure is FieldStructure.MITCHELL


def test_arrow_switched_rounds_make_one_field() -> None:
    from bridgescore.rules import CLUB
    from bridgescore.scoring import score_pairs

    s = session("""
board,ns,ew,score,arrow
1,1,1,420,
1,2,2,400,
2,1,2,100,yes
2,2,1,50,yes
""")
    result = score_pairs(s, CLUB)
    assert [f.field for f in result.fields] == ["ALL"]
    labels = {st.entrant.label: st.points for st in result.fields[0].standings}
    # Board 2 was turned: EW pair 1 held the NS cards and beat EW pair 2's +50 with +100;
    # NS pair 1 held EW cards and beat NS pair 2 (-50 against -100).
    assert labels == {"1NS": 2 + 2, "2NS": 0 + 0, "1EW": 0 + 2, "2EW": 2 + 0}
    assert result.checksums_ok


def test_empty_and_undecodable_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    with pytest.raises(InputFileError, match="empty"):
        load_path(empty)
    latin = tmp_path / "latin.csv"
    latin.write_bytes("board,ns,ew,score,ns_names\n1,1,1,420,Jos\xe9\n".encode("latin-1"))
    with pytest.raises(InputFileError, match="UTF-8"):
        load_path(latin)
    with pytest.raises(InputFileError, match="cannot read"):
        load_path(tmp_path / "missing.csv")


def test_sample_session_round_trips() -> None:
    from pathlib import Path

    import bridgescore

    path = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"
    s = load_path(path).session
    again = _again(s)
    assert again.tables == s.tables and again.names == s.names and again.boards == s.boards


def test_fouled_board_vulnerability_given_on_one_row_per_copy() -> None:
    s = session("""
board,ns,ew,contract,declarer,result,vul,group
1,1,1,4S,N,10,None,a
1,2,2,4S,N,10,,a
1,3,3,4S,N,10,All,b
1,4,4,4S,N,10,All,b
""")
    assert [t.result.ns_score for t in s.tables if t.result] == [420, 420, 620, 620]
    assert _again(s).tables == s.tables


def test_fouled_copy_before_the_board_s_own_rows() -> None:
    s = session("""
board,ns,ew,contract,score,vul,group
1,1,1,PASS,0,NS,B
1,2,2,PASS,0,None,
1,3,3,PASS,0,NS,B
""")
    assert str(s.boards[1].vulnerability) == "None"
    assert [str(t.vulnerability) for t in s.tables] == ["NS", "None", "NS"]
    assert _again(s).tables == s.tables


# =================================================================================================
# Rows are found by their natural key, never by object identity; the two rooms of a teams match
# may share a round and table, and each keeps its own IMPs.


# One board, two rooms at "table 1" of round 1: team 1 NS makes 420, then team 2 NS makes 170.
# Team 1 nets 420 - 170 = +250: 6 IMPs (rules.md §6.1, 220-260).
ROOMS = "board,round,table,ns,ew,score\n1,1,1,1,2,420\n1,1,1,2,1,170\n"


def test_two_rooms_at_the_same_table_keep_their_own_imps() -> None:
    session = traveller_csv.loads(ROOMS, structure=FieldStructure.TEAMS).session
    first, second = session.tables
    assert first.key == second.key  # the same place ...
    assert first.identity != second.identity  # ... but two rows
    imps = score_teams(session, CLUB).imps_by_row()
    assert imps[first.identity] == (6, -6)
    assert imps[second.identity] == (-6, 6)


def test_a_pairs_row_given_twice_at_one_place_is_refused() -> None:
    text = "board,round,table,ns,ew,score\n1,1,1,1,1,420\n1,1,1,2,2,170\n1,1,2,3,3,-50\n"
    with pytest.raises(InputFileError, match="a second result for board 1, round 1, table 1"):
        traveller_csv.loads(text)


def test_a_real_teams_file_with_both_rooms_at_each_table_reads() -> None:
    path = shared_path("data", "pbn", "example1.pbn")
    if path is None:
        pytest.skip("../shared/data is not beside the repository")
    session = load_path(path).session
    assert session.structure is FieldStructure.TEAMS
    keys = [t.key for t in session.tables]
    assert len(set(keys)) < len(keys)  # rooms share places: the file really tests this
    assert len({t.identity for t in session.tables}) == len(session.tables)
