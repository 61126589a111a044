"""PBN as sessions: reading results from real files, export round trips, teams from PBN."""

from __future__ import annotations

from pathlib import Path

import pytest

import bridgescore
from bridgescore.errors import InputFileError
from bridgescore.formats import load_path, read_session, usebio
from bridgescore.formats.pbn import session as pbn_session
from bridgescore.formats.results_file import ResultsFile
from bridgescore.rules import CLUB, EBU
from bridgescore.scoring import score_pairs, score_teams
from tests.conftest import shared_path

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"
TEAMS = CLUB  # teams are scored by match whatever the method


def test_sample_round_trip_through_export_pbn() -> None:
    session = load_path(SAMPLE).session
    result = score_pairs(session, CLUB)
    text = pbn_session.dumps(ResultsFile(session, result=result))
    (event,) = pbn_session.events_loads(text)
    again = event.session
    assert again.tables == session.tables
    assert again.names == session.names and again.boards == session.boards
    assert again.title == session.title and again.date == session.date
    # Export-format PBN written by bridgescore reads back to the same text.
    assert pbn_session.dumps(ResultsFile(again, result=score_pairs(again, CLUB))) == text
    # The file's own matchpoints are the engine's, as written.
    rescored = score_pairs(again, CLUB)
    first = rescored.boards[0].tables[0]
    assert event.reported[0].mp == (first.ns_points, first.ew_points)
    assert [s.points for f in rescored.fields for s in f.standings] == [
        s.points for f in result.fields for s in f.standings
    ]


def test_usebio_to_pbn_to_usebio_keeps_everything() -> None:
    path = shared_path("data", "usebio-compscore", "mp_pairs_howell.xml")
    original = load_path(path).session
    rules = CLUB.with_(artificial_method="neuberg", short_boards="neuberg")
    text = pbn_session.dumps(ResultsFile(original, result=score_pairs(original, rules)))
    (event,) = pbn_session.events_loads(text)
    via_pbn = event.session
    assert via_pbn.tables == original.tables
    assert via_pbn.boards == original.boards  # deals included
    assert via_pbn.names == original.names
    back = usebio.loads(
        usebio.dumps(ResultsFile(via_pbn, result=score_pairs(via_pbn, rules)))
    ).session
    assert back.tables == original.tables and back.names == original.names
    assert {b.deal for b in back.boards.values()} == {b.deal for b in original.boards.values()}
    first = score_pairs(original, rules)
    last = score_pairs(back, rules)
    assert [(s.entrant, s.points, s.rank) for f in first.fields for s in f.standings] == [
        (s.entrant, s.points, s.rank) for f in last.fields for s in f.standings
    ]


def test_teams_file_reproduces_every_score_imp() -> None:
    """example2.pbn: pairing the two rooms gives each game's ScoreIMP (NS and EW)."""
    (event,) = pbn_session.events_loads(shared_path("data", "pbn", "example2.pbn").read_bytes())
    result = score_teams(event.session, TEAMS)
    reproduced = 0
    for index, row in enumerate(event.session.tables):
        written = event.reported[index].imps
        got = result.imps_for_row(row)
        if got is None:
            # The only game whose other room is missing from the file.
            assert (row.board, row.table) == (20, "6")
            continue
        assert got == written, (row.board, row.table)
        reproduced += 1
    assert reproduced == 298 and len(event.session.tables) == 299
    (missing,) = result.unmatched
    assert missing.board == 20 and "no other room" in missing.message
    assert all(m.home_vps + m.away_vps == 20 for m in result.matches)


def test_championship_file_scores_as_teams_matches() -> None:
    """example3.pbn: 7,632 results of 101 events (115 stages), each compared with its other
    room."""
    events = pbn_session.events_loads(shared_path("data", "pbn", "example3.pbn").read_bytes())
    assert sum(len(e.session.tables) for e in events) == 7632
    compared = 0
    for event in events:
        result = score_teams(event.session, TEAMS)
        assert result.unmatched == ()
        compared += sum(len(m.boards) for m in result.matches)
    assert compared == 7632 // 2


def test_a_file_of_several_events_needs_choosing() -> None:
    with pytest.raises(InputFileError, match="events"):
        read_session(shared_path("data", "pbn", "example3.pbn"))


def test_results_read_from_games_and_checked() -> None:
    text = """
[Event "Club pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[North "Ann"]
[South "Bob"]
[East "Cy"]
[West "Di"]
[Contract "4S"]
[Declarer "N"]
[Result "10"]
[Score "NS 420"]

[North "Ed"]
[South "Flo"]
[East "Gus"]
[West "Hal"]
[Contract "4S"]
[Declarer "N"]
[Result "9"]
[Score "NS -50"]
"""
    (event,) = pbn_session.events_loads(text)
    session = event.session
    assert [t.result.ns_score for t in session.tables if t.result] == [420, -50]
    assert sorted(session.names.values()) == ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal"]
    result = score_pairs(session, EBU)
    assert [t.ns_points for t in result.boards[0].tables] == [2, 0]
    bad = text.replace('[Score "NS -50"]', '[Score "NS -100"]')
    with pytest.raises(InputFileError, match="contradicts"):
        pbn_session.events_loads(bad)


def test_pbn_score_command(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bridgescore.cli import main

    session = load_path(SAMPLE).session
    path = tmp_path / "night.pbn"
    path.write_text(pbn_session.dumps(ResultsFile(session)))
    result = CliRunner().invoke(main, ["score", str(path)])
    assert result.exit_code == 0, result.output
    assert "Helen Kowalski & Graham Burns" in result.output


def test_check_a_pbn_file(tmp_path: Path) -> None:
    """A PBN file's own matchpoints are checked; a changed one is found with its board."""
    from click.testing import CliRunner

    from bridgescore.cli import main

    session = load_path(SAMPLE).session
    text = pbn_session.dumps(ResultsFile(session, result=score_pairs(session, CLUB)))
    good = tmp_path / "night.pbn"
    good.write_text(text)
    result = CliRunner().invoke(main, ["check", str(good)])
    assert result.exit_code == 0, result.output
    assert "Rows reproduced: 216 of 216" in result.output
    # Board 1, NS 9 v EW 8 scored +420: 5 results beaten, 0 tied of 7 others -> 10 of 14.
    line = " 9  2  9  8 4H    S 10 C5    420     -     10      4"
    assert line in text
    bad = tmp_path / "changed.pbn"
    bad.write_text(text.replace(line, line[:-14] + "     11      3"))
    result = CliRunner().invoke(main, ["check", str(bad)])
    assert result.exit_code == 1
    assert "Rows reproduced: 215 of 216" in result.output
    assert "9NS v 8EW" in result.output


def test_teams_written_as_pbn_rooms_with_score_imp() -> None:
    """example2.pbn through bridgescore's teams writer: the same rooms, names and IMPs."""
    (event,) = pbn_session.events_loads(shared_path("data", "pbn", "example2.pbn").read_bytes())
    first = score_teams(event.session, TEAMS)
    text = pbn_session.dumps(ResultsFile.scored(first))
    assert text.count("[ScoreIMP ") == 298 and text.count("[Board ") == 299
    (again,) = pbn_session.events_loads(text)
    second = score_teams(again.session, TEAMS)
    assert sorted(again.session.names.values()) == sorted(event.session.names.values())
    assert [(m.home_imps, m.away_imps, m.home_vps) for m in second.matches] == [
        (m.home_imps, m.away_imps, m.home_vps) for m in first.matches
    ]
    for index, row in enumerate(again.session.tables):
        if again.reported[index].imps[0] is not None:
            assert second.imps_for_row(row) == again.reported[index].imps
    assert pbn_session.dumps(ResultsFile.scored(second)) == text


def test_pbn_to_json_to_pbn() -> None:
    """A PBN file (with deals) through bridgescore's JSON and back gives the same PBN."""
    from bridgescore.formats import json as result_json

    path = shared_path("data", "usebio-compscore", "mp_pairs_mitchell.xml")
    session = load_path(path).session
    text = pbn_session.dumps(ResultsFile(session, result=score_pairs(session, CLUB)))
    (event,) = pbn_session.events_loads(text)
    as_json = result_json.dumps(ResultsFile.scored(score_pairs(event.session, CLUB)))
    back = result_json.loads(as_json).session
    assert back.names == event.session.names and back.boards == event.session.boards
    assert pbn_session.dumps(ResultsFile(back, result=score_pairs(back, CLUB))) == text


def test_the_scoring_tag_names_the_cross_imp_normalisation() -> None:
    from bridgescore.rules import CrossImpNormalisation, Method

    session = load_path(SAMPLE).session
    for normalisation, tag in [
        (CrossImpNormalisation.SUM, "IMP;Cross"),
        (CrossImpNormalisation.RESULTS, "IMP;Cross1"),
        (CrossImpNormalisation.COMPARISONS, "IMP;Cross2"),
    ]:
        rules = CLUB.with_(method=Method.CROSS_IMPS, cross_imps=normalisation)
        text = pbn_session.dumps(ResultsFile(session, result=score_pairs(session, rules)))
        assert f'[Scoring "{tag}"]' in text
