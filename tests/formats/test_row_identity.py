"""Rows are found by their natural key, never by object identity; the two rooms of a teams match
may share a round and table, and each keeps its own IMPs."""

from __future__ import annotations

import pytest

from bridgescore.errors import InputFileError
from bridgescore.formats import csv as traveller_csv
from bridgescore.formats import load_path
from bridgescore.rules import CLUB
from bridgescore.scoring import score_teams
from bridgescore.session import FieldStructure
from tests.conftest import shared_path

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
