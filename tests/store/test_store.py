"""The store: sessions, the results log, players, the CLI -- on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.errors import BridgeScoreError, InputFileError
from bridgescore.night import Service, command_line_actor
from bridgescore.night import entry as night_entry
from bridgescore.store import Store, StoreError, open_store
from bridgescore.store.sessions import from_rows, parse_csv, read_original, same_session, write
from tests.conftest import SHARED

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "bridgescore" / "samples" / "club-night.csv"

# Every real results file that bridgescore reads (../shared/data).
REAL = [
    "usebio-compscore/mp_pairs_howell.xml",
    "usebio-compscore/mp_pairs_mitchell.xml",
    "usebio-compscore/mp_pairs_mitchell_02.xml",
    "usebio-compscore/mp_pairs_mitchell_03.xml",
    "usebio-compscore/mp_pairs_mitchell_adjusted.xml",
    "usebio-compscore/butler_howell.xml",
    "usebio-compscore/cross_imp_howell.xml",
    "nz-scorer/native/pairs.xml",
    "nz-scorer/native/pairs-with-np-passed.xml",
    "nz-scorer/native/handicap_pairs.xml",
    "nz-scorer/native/multi-section-multi-movement-pairs.xml",
    "nz-scorer/native/three_quarter_howell_with_phantom.xml",
    "nz-scorer/usebio/pairs.xml",
    "nz-scorer/usebio/pairs-with-np-passed.xml",
    "nz-scorer/usebio/handicap_pairs.xml",
    "nz-scorer/usebio/multi-section-multi-movement-pairs.xml",
    "nz-scorer/usebio/three_quarter_howell_with_phantom.xml",
    "pbn/example1.pbn",
    "pbn/example2.pbn",
    "pbn/example4.pbn",
    "pbn/sample.pbn",
]


def real(name: str) -> Path:
    path = SHARED / "data" / name
    if not path.exists():
        pytest.skip(f"{path} is not available (the shared folder is absent)")
    return path


# --- sessions ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", REAL)
def test_real_files_round_trip_losslessly(store: Store, name: str) -> None:
    path = real(name)
    try:
        original = read_original(path)
    except BridgeScoreError as error:  # the library refuses it: nothing to store
        pytest.skip(f"bridgescore does not read {name}: {str(error).splitlines()[-1]}")
    report = store.import_file(path, played_on=date(2026, 1, 1))
    assert report.stored and report.results == len(original.tables)
    back = store.load_session(report.session_id)
    assert same_session(original, back) == []
    assert store.export(report.session_id, "csv") == write(original, "csv")


def test_export_to_every_format_matches_the_file(store: Store) -> None:
    path = real("usebio-compscore/mp_pairs_mitchell_adjusted.xml")
    session_id = store.import_file(path).session_id
    for kind in ("json", "usebio", "pbn"):
        text = store.export(session_id, kind)
        assert text
    rows = store.session_rows(session_id)
    assert same_session(from_rows(rows), read_original(path)) == []


def test_import_is_idempotent(store: Store) -> None:
    first = store.import_file(SAMPLE)
    again = store.import_file(SAMPLE)
    assert first.stored and not again.stored
    assert again.session_id == first.session_id
    assert len(store.sessions()) == 1
    assert len(store.players()) == len(first.new_players) == 34  # 17 pairs of two


def test_the_date_comes_from_the_file_or_is_asked_for(store: Store) -> None:
    info = store.session(store.import_file(SAMPLE).session_id)
    assert info.played_on == date(2026, 11, 17) and info.date_text == "2026-11-17"
    rows = parse_csv("# date: next tuesday\nboard,ns,ew,score\n1,1,1,100\n1,2,2,-100\n")
    with pytest.raises(StoreError, match="cannot read its date 'next tuesday'"):
        store.import_rows(rows, source="odd.csv")
    stored = store.import_rows(rows, source="odd.csv", played_on=date(2026, 2, 3))
    assert store.session(stored.session_id).played_on == date(2026, 2, 3)


def correct(store: Store, session_id: int, line: str, result: str, reason: str) -> Any:
    """A correction as ``bridgescore sessions correct`` makes it: through the night's entry
    service, by the command line's user."""
    from bridgescore.night import Service, command_line_actor
    from bridgescore.night.entry import correct as night_correct

    return night_correct(
        Service(store), command_line_actor(), session_id, line, result, reason=reason
    )


def test_corrections_are_appended_and_history_kept(store: Store) -> None:
    session_id = store.import_file(SAMPLE).session_id
    original = store.session_rows(session_id)
    line = original.results[0]
    assert (line.entry_key, line.result) == ("|1|r1|t1", "2H S +2")
    before = datetime.now(UTC)
    entry = correct(store, session_id, "|1|r1|t1", "2H S =", reason="tricks misread")
    assert entry.result == "2H S =" and entry.supersedes is not None and entry.current
    history = store.history(session_id, "|1|r1|t1")
    assert [(h.result, h.current) for h in history] == [("2H S +2", False), ("2H S =", True)]
    assert history[1].reason == "tricks misread"
    now = store.session_rows(session_id)
    assert now.results[0].result == "2H S =" and now.results[0].ns_score == 110
    assert len(now.results) == len(original.results)
    # The rest of the line is as it was: its pairs, names, place on the traveller.
    assert now.results[0].position == line.position and now.results[0].names == line.names
    # Any past state can be rebuilt.
    assert store.session_rows(session_id, at=before).results == original.results
    # A second correction supersedes the first.
    correct(store, session_id, "|1|r1|t1", "NP", reason="they did not play it")
    assert [h.current for h in store.history(session_id, "|1|r1|t1")] == [False, False, True]
    assert store.session(session_id).corrections == 2


def test_bad_corrections_say_what_is_wrong(store: Store) -> None:
    from bridgescore.errors import ParseError
    from bridgescore.night import Refused

    session_id = store.import_file(SAMPLE).session_id
    with pytest.raises(Refused, match=r"no traveller line '\|99\|r1\|t1'"):
        correct(store, session_id, "|99|r1|t1", "4S N =", reason="x")
    with pytest.raises(ParseError, match="4Z"):
        correct(store, session_id, "|1|r1|t1", "4Z N =", reason="x")
    with pytest.raises(Refused, match="needs a reason"):
        correct(store, session_id, "|1|r1|t1", "4S N =", reason=" ")
    with pytest.raises(StoreError, match="no stored session with id 77"):
        store.session_rows(77)


# --- players -------------------------------------------------------------------------------------


def test_players_are_matched_by_external_id(store: Store) -> None:
    first = store.import_file(real("usebio-compscore/mp_pairs_mitchell.xml"), federation="abf")
    second = store.import_file(real("usebio-compscore/mp_pairs_mitchell_02.xml"), federation="abf")
    # PETER JONKER (ABF 631604) played both: one player, found by number the second time.
    jonker = store.player("abf:631604")
    assert jonker.name == "PETER JONKER"
    assert second.matched > 0
    assert not any(p.name == "PETER JONKER" for p in second.new_players)
    assert any(p.name == "PETER JONKER" for p in first.new_players)


def test_ambiguous_names_are_reported_not_guessed(store: Store) -> None:
    store.add_player("Ann", "Lee", {"bbo": "annlee1"})
    with pytest.raises(StoreError, match="'Ann Lee' is already a player"):
        store.add_player("Ann", "Lee", {"bbo": "annlee2"})
    store.add_player("Ann", "Lee", {"bbo": "annlee2"}, another=True)
    rows = parse_csv(
        "# date: 2026-01-06\nboard,ns,ew,score,ns_names,ew_names\n"
        "1,1,1,100,Ann Lee & Bob Roy,Cid Fox & Dee Gill\n"
        "1,2,2,-100,Eve Hart & Fay Ing,Gus Jay & Hal King\n"
    )
    report = store.import_rows(rows)
    assert [name for name, _ in report.ambiguous] == ["Ann Lee"]
    assert sorted(p.name for p in report.new_players) == sorted(
        ["Bob Roy", "Cid Fox", "Dee Gill", "Eve Hart", "Fay Ing", "Gus Jay", "Hal King"]
    )
    with pytest.raises(StoreError, match="2 players are named 'Ann Lee'"):
        store.player("Ann Lee")


def test_players_add_edit_and_unique_ids(store: Store) -> None:
    ann = store.add_player("Ann", "Lee", {"ebu": "12345", "club": "17"})
    assert dict(ann.ids) == {"club": "17", "ebu": "12345"}
    with pytest.raises(StoreError, match="ebu id '12345' already belongs to player"):
        store.add_player("Other", "Person", {"ebu": "12345"})
    edited = store.edit_player("ebu:12345", last_name="Lee-Roy", ids={"bbo": "annlr"})
    assert edited.name == "Ann Lee-Roy" and edited.ids["bbo"] == "annlr"
    assert store.player("club:17").id == ann.id


def test_merge_repoints_results_and_can_be_undone(store: Store) -> None:
    for n, day in enumerate((date(2026, 1, 6), date(2026, 1, 13))):
        name = "Ann Lee" if n == 0 else "Anne Lee"  # a typo makes a duplicate
        store.import_rows(
            parse_csv(
                f"# date: {day}\nboard,ns,ew,contract,ns_names,ew_names\n"
                f"1,1,1,60/40,{name} & Bob Roy,Cid Fox & Dee Gill\n"
                "1,2,2,50/50,Eve Hart & Fay Ing,Gus Jay & Hal King\n"
            )
        )
    ann, anne = store.player("Ann Lee"), store.player("Anne Lee")
    assert [
        len(store.handicap(p, date(2026, 2, 1)).explanation.inputs) for p in ("Ann Lee", "Anne Lee")
    ] == [1, 1]
    merge_id, _ = store.merge_players(str(ann.id), str(anne.id), reason="same person")
    assert len(store.handicap("Ann Lee", date(2026, 2, 1)).explanation.inputs) == 2
    assert store.player(str(anne.id)).merged_into == ann.id
    assert [m["reason"] for m in store.merges()] == ["same person"]
    store.undo_merge(merge_id)
    assert len(store.handicap("Anne Lee", date(2026, 2, 1)).explanation.inputs) == 1
    assert store.player(str(anne.id)).merged_into is None
    with pytest.raises(StoreError, match="already undone"):
        store.undo_merge(merge_id)


def test_member_list_import(store: Store, tmp_path: Path) -> None:
    members = tmp_path / "members.csv"
    members.write_text(
        "first_name,last_name,club,ebu\nAnn,Lee,17,12345\nBob,Roy,18,\n", encoding="utf-8"
    )
    new, updated, ambiguous = store.import_members(members)
    assert [p.name for p in new] == ["Ann Lee", "Bob Roy"] and not updated and not ambiguous
    members.write_text("name,club,bbo\nAnn Lee,17,annlee\n", encoding="utf-8")
    new, updated, _ = store.import_members(members)
    assert not new and updated[0].ids == {"bbo": "annlee", "club": "17", "ebu": "12345"}
    bad = tmp_path / "bad.csv"
    bad.write_text("first_name,last_name,ebu\nAnn,Lee\n,,99\n", encoding="utf-8")
    with pytest.raises(InputFileError) as error:
        store.import_members(bad)
    assert [(p.line, p.message) for p in error.value.problems] == [
        (2, "2 cells for 3 columns"),
        (3, "no name"),
    ]


# --- schema and migrations -----------------------------------------------------------------------


def test_the_migrations_make_exactly_the_schema(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from bridgescore.store.schema import metadata

    opened = open_store(db_url)
    try:
        with opened.engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), metadata)
            version = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
    finally:
        opened.close()
    assert differences == []
    assert version == "0012_issue26_table_entries"


def test_results_are_never_updated_in_place() -> None:
    source = (Path(__file__).resolve().parents[2] / "src/bridgescore/store").rglob("*.py")
    for path in source:
        text = path.read_text(encoding="utf-8")
        assert "delete(results)" not in text, path
        if path.name == "privacy.py":
            # erasure takes a player's name out of the names a line carries, and nothing else
            assert text.count("update(results)") == 1, path
            assert re.search(r"update\(results\)\.where\([^)]*\)\.values\(names=", text)
            continue
        assert "update(results)" not in text, path


def test_a_bad_database_is_one_clear_line(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="unsupported database 'mysql'"):
        open_store("mysql://x@y/z")
    with pytest.raises(StoreError, match=r"cannot reach the database .*127\.0\.0\.1:1/none"):
        open_store("postgresql+psycopg://nobody@127.0.0.1:1/none")


# --- the commands --------------------------------------------------------------------------------


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_commands_end_to_end(db_url: str, tmp_path: Path) -> None:
    code, out = run("db", "upgrade", "--db", db_url)
    assert code == 0 and "0012_issue26_table_entries" in out
    code, out = run("import", str(SAMPLE), "--db", db_url, "--club", "Riverside")
    assert (
        code == 0
        and "stored as session 1 of club 'Riverside' (243 table results" in out
        and "34 new" in out
    )
    code, out = run("import", str(SAMPLE), "--db", db_url, "--club", "Riverside")
    assert code == 0 and "already stored as session 1" in out
    code, out = run("sessions", "list", "--db", db_url)
    assert code == 0 and "Riverside Bridge Club" in out and "243" in out
    code, out = run("sessions", "show", "1", "--db", db_url)
    assert code == 0 and "Helen Kowalski & Graham Burns" in out
    target = tmp_path / "out.csv"
    code, out = run("sessions", "export", "1", str(target), "--db", db_url)
    written = target.read_text(encoding="utf-8")
    assert code == 0 and written == write(read_original(SAMPLE), "csv")
    code, out = run(
        "sessions", "correct", "1", "|1|r1|t1", "2H S =", "--reason", "typo", "--db", db_url
    )
    assert code == 0 and "now 2H S =" in out
    code, out = run("sessions", "show", "1", "--history", "|1|r1|t1", "--db", db_url)
    assert code == 0 and "superseded" in out and "typo" in out
    code, out = run("players", "add", "Zed", "Alpha", "--id", "ebu=999", "--db", db_url)
    assert code == 0 and "added player 35: Zed Alpha" in out
    code, out = run("players", "list", "--format", "json", "--db", db_url)
    assert code == 0 and {"ebu": "999"} in [p["ids"] for p in json.loads(out)]
    code, out = run("players", "edit", "ebu:999", "--first-name", "Zoe", "--db", db_url)
    assert code == 0 and "Zoe Alpha" in out
    code, out = run("players", "merge", "35", "1", "--reason", "test", "--db", db_url)
    assert code == 0 and "merge 1" in out
    code, out = run("players", "merge", "--undo", "1", "--db", db_url)
    assert code == 0 and "undone" in out
    members = tmp_path / "m.csv"
    members.write_text("first_name,last_name,club\nNew,Member,77\n", encoding="utf-8")
    code, out = run("players", "import", str(members), "--db", db_url)
    assert code == 0 and "1 new players" in out
    code, out = run("handicaps", "--as-of", "2027-01-01", "--db", db_url)
    assert code == 0 and "Handicaps as at 2027-01-01" in out
    code, out = run(
        "handicaps", "--player", "Helen Kowalski", "--as-of", "2027-01-01", "--db", db_url
    )
    assert code == 0 and "too few sessions: no handicap" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sessions", "show", "5"], "bridgescore: no stored session with id 5\n"),
        (["handicaps", "--as-of", "2026-13-01"], "bridgescore: --as-of: not a date: '2026-13-01'"),
        (["players", "add", "A", "B", "--id", "ebu"], "expected KIND=VALUE"),
        (["sessions", "export", "1", "x.doc"], "cannot tell the format"),
        (["players", "edit", "Nobody Here"], "bridgescore: no player named 'Nobody Here'\n"),
    ],
)
def test_command_errors_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, [*args, "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_every_database_command_has_an_example() -> None:
    from bridgescore.cli import db

    def walk(command: object) -> list[object]:
        subs = getattr(command, "commands", None)
        return [x for sub in subs.values() for x in walk(sub)] if subs else [command]

    for group in db.COMMANDS:
        for command in walk(group):
            assert "Example" in (getattr(command, "help", "") or ""), command


def test_the_cli_does_not_import_sqlalchemy_at_start() -> None:
    import subprocess
    import sys

    code = "import sys, bridgescore.cli; print('sqlalchemy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_sessions_can_share_an_event(store: Store) -> None:
    first = store.import_file(SAMPLE)
    event = store.session(first.session_id).event_id
    rows = parse_csv("# date: 2026-11-18\nboard,ns,ew,score\n1,1,1,420\n1,2,2,450\n")
    second = store.import_rows(rows, event_id=event)
    assert store.session(second.session_id).event_id == event
    with pytest.raises(StoreError, match="no event with id 99"):
        store.import_rows(parse_csv("board,ns,ew,score\n1,1,1,420\n1,2,2,-50\n"), event_id=99)


# =================================================================================================
# The database keeps its meaning: who a result belongs to, what one evening is, who a number
# names. On SQLite and a real PostgreSQL server (tests/conftest.py).


def night(day: str, first: str = "Ann Lee & Bob Roy", score: int = 100) -> str:
    return (
        f"# date: {day}\nboard,ns,ew,score,ns_names,ew_names\n"
        f"1,1,1,{score},{first},Cid Fox & Dee Gill\n"
        "1,2,2,-100,Eve Hart & Fay Ing,Gus Jay & Hal King\n"
        "2,1,2,620,Ann Lee & Bob Roy,Gus Jay & Hal King\n"
        "2,2,1,650,Eve Hart & Fay Ing,Cid Fox & Dee Gill\n"
    )


def invoke(*args: str) -> tuple[int, str]:
    done = CliRunner().invoke(main, list(args))
    return done.exit_code, done.output


# --- results stored under a name then shared ----------------------------------------------------


def test_results_left_unlinked_are_linked_once_the_name_is_one_players(store: Store) -> None:
    first = store.add_player("Ann", "Lee", {"club": "17"})
    second = store.add_player("Ann", "Lee", {"club": "18"}, another=True)
    report = store.import_rows(parse_csv(night("2026-01-06")))
    assert [name for name, _ in report.ambiguous] == ["Ann Lee"]
    assert store.handicap(str(first.id), date(2026, 2, 1)).explanation.inputs == ()
    # The second was a typing mistake: renamed, the name is the first's alone.
    store.edit_player(str(second.id), first_name="Anne")
    linked, left = store.relink()
    assert [(r.name, r.player_id, r.entrant, r.session_id) for r in linked] == [
        ("Ann Lee", first.id, "pair 1 NS", report.session_id)
    ]
    assert left == []
    inputs = store.handicap(str(first.id), date(2026, 2, 1)).explanation.inputs
    assert [i.session_id for i in inputs] == [report.session_id]
    assert store.relink() == ([], [])  # nothing more to do


def test_a_merge_links_what_the_shared_name_left_and_its_undo_unlinks_it(store: Store) -> None:
    kept = store.add_player("Ann", "Lee")
    twin = store.add_player("Ann", "Lee", another=True)  # a duplicate, never a second person
    report = store.import_rows(parse_csv(night("2026-01-06")))
    assert report.ambiguous
    merge_id, linked = store.merge_players(str(kept.id), str(twin.id), reason="one person")
    assert [r.player_id for r in linked] == [kept.id]
    assert len(store.handicap(str(kept.id), date(2026, 2, 1)).explanation.inputs) == 1
    store.undo_merge(merge_id)
    assert store.handicap(str(kept.id), date(2026, 2, 1)).explanation.inputs == ()
    linked, left = store.relink()
    assert linked == [] and {len(u.candidates) for u in left} == {2}


def test_the_command_says_what_it_linked(db_url: str) -> None:
    code, _ = invoke("players", "add", "Ann", "Lee", "--db", db_url)
    assert code == 0
    code, out = invoke("players", "add", "Ann", "Lee", "--db", db_url)
    assert code == 2 and "'Ann Lee' is already a player (player 1)" in out
    code, _ = invoke("players", "add", "Ann", "Lee", "--another", "--db", db_url)
    assert code == 0
    code, out = invoke("players", "relink", "--db", db_url)
    assert code == 0 and "nothing to link" in out


# --- two people are not one ---------------------------------------------------------------------


def test_two_players_of_one_session_are_never_merged(store: Store) -> None:
    report = store.import_rows(parse_csv(night("2026-01-06")))
    ann, cid = store.player("Ann Lee"), store.player("Cid Fox")
    with pytest.raises(StoreError, match="both played in session 1: they are two people"):
        store.merge_players(str(ann.id), str(cid.id))
    bob = store.player("Bob Roy")  # partners, in one pair
    with pytest.raises(StoreError, match="two people"):
        store.merge_players(str(ann.id), str(bob.id))
    assert store.player(str(cid.id)).merged_into is None
    assert report.session_id == 1


# --- one evening, whatever file it comes back in ------------------------------------------------


@pytest.mark.parametrize("kind", ["csv", "usebio", "json", "pbn"])
def test_an_exported_session_imported_again_is_the_same_evening(
    store: Store, tmp_path: Path, kind: str
) -> None:
    first = store.import_file(SAMPLE, club="Riverside")
    exported = tmp_path / f"again.{'xml' if kind == 'usebio' else kind}"
    exported.write_text(store.export(first.session_id, kind), encoding="utf-8")
    again = store.import_file(exported, club="Riverside")
    assert (again.stored, again.session_id) == (False, first.session_id)
    # After a correction, the export then and the one before both are that evening.
    night_entry.correct(
        Service(store),
        command_line_actor(),
        first.session_id,
        "|1|r1|t1",
        "2H S =",
        reason="wrong tricks",
    )
    corrected = tmp_path / f"corrected{exported.suffix}"
    corrected.write_text(store.export(first.session_id, kind), encoding="utf-8")
    for path in (corrected, exported):
        report = store.import_file(path, club="Riverside")
        assert (report.stored, report.session_id) == (False, first.session_id), path
    assert len(store.sessions("Riverside")) == 1
    # Another club's evening is its own.
    assert store.import_file(exported, club="Elsewhere").stored


def test_a_file_of_a_stored_evening_with_other_results_is_refused(
    store: Store, tmp_path: Path
) -> None:
    first = store.import_rows(parse_csv(night("2026-01-06")))
    with pytest.raises(StoreError) as refused:
        store.import_rows(parse_csv(night("2026-01-06", score=150)), source="typed.csv")
    message = str(refused.value)
    assert f"session {first.session_id} is this evening of 2026-01-06" in message
    assert "1 result differs: |1|1|1: stored '100', file '150'" in message
    assert "sessions correct" in message and "--new-session" in message
    assert len(store.sessions()) == 1
    second = store.import_rows(
        parse_csv(night("2026-01-06", score=150)), source="typed.csv", new_session=True
    )
    assert second.stored and len(store.sessions()) == 2
    # Another date is another evening, whatever its lines.
    assert store.import_rows(parse_csv(night("2026-01-13", score=150))).stored


# --- one number, one person ---------------------------------------------------------------------


def test_a_member_list_giving_one_number_to_two_people_is_refused(
    store: Store, tmp_path: Path
) -> None:
    members = tmp_path / "members.csv"
    members.write_text(
        "first_name,last_name,club\nAnn,Lee,17\nBob,Roy,18\nCid,Fox,17\n", encoding="utf-8"
    )
    with pytest.raises(InputFileError) as refused:
        store.import_members(members)
    problems = [p.describe(str(members)) for p in refused.value.problems]
    assert problems == [
        f"{members}:4: club number '17' is also on line 2 (Ann Lee): one number is one person: "
        "found 'Cid Fox', expected a number of this member's own"
    ]
    assert store.players() == []  # nothing stored, nobody renamed


def test_two_members_of_one_name_are_two_players(store: Store, tmp_path: Path) -> None:
    members = tmp_path / "members.csv"
    members.write_text("name,club\nJohn Smith,20\nJohn Smith,21\n", encoding="utf-8")
    new, updated, ambiguous = store.import_members(members)
    assert [dict(p.ids) for p in new] == [{"club": "20"}, {"club": "21"}]
    assert updated == [] and ambiguous == []
    members.write_text("name,club\nAnn Lee,30\nAnn Lee,\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="already given on line 2"):
        store.import_members(members)


# --- numbers a person types ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (("handicaps", "--player", "1", "--set", "1e400"), "--set: not a number: '1e400'"),
        (("handicaps", "--player", "1", "--set", "²"), "--set: not a number: '²'"),
        (("handicaps", "--player", "1", "--set", "150"), "--set: 150 is out of range"),
        (("handicaps", "--fixed", "1e999999999"), "--fixed: not a number"),
        (("handicaps", "--months", "99999999"), "is not in the range 1<=x<=1200"),
        (("sessions", "show", "99999999999"), "is not in the range 1<=x<=2147483647"),
        (("players", "edit", "9" * 40, "--first-name", "X"), "no player with id"),
        (("score", "db:99999999999999"), "no such stored session"),
    ],
)
def test_numbers_out_of_reach_are_refused_with_a_sentence(
    db_url: str, arguments: tuple[str, ...], said: str
) -> None:
    code, _ = invoke("players", "add", "Ann", "Lee", "--db", db_url)
    assert code == 0
    code, out = invoke(*arguments, "--db", db_url)
    assert code == 2 and said in out, out
    assert "Traceback" not in out


def test_a_rolling_period_reaching_before_the_calendar_is_the_calendar_s_start(
    store: Store,
) -> None:
    from bridgescore.store import Policy

    found = store.handicaps(date(1, 3, 1), Policy(months=24))
    assert found == []
