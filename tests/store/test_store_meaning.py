"""The database keeps its meaning: who a result belongs to, what one evening is, who a number
names. On SQLite and a real PostgreSQL server (tests/conftest.py)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.errors import InputFileError
from bridgescore.night import Service, command_line_actor
from bridgescore.night.entry import correct
from bridgescore.store import Store, StoreError
from bridgescore.store.sessions import parse_csv

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "bridgescore" / "samples" / "club-night.csv"


def night(day: str, first: str = "Ann Lee & Bob Roy", score: int = 100) -> str:
    return (
        f"# date: {day}\nboard,ns,ew,score,ns_names,ew_names\n"
        f"1,1,1,{score},{first},Cid Fox & Dee Gill\n"
        "1,2,2,-100,Eve Hart & Fay Ing,Gus Jay & Hal King\n"
        "2,1,2,620,Ann Lee & Bob Roy,Gus Jay & Hal King\n"
        "2,2,1,650,Eve Hart & Fay Ing,Cid Fox & Dee Gill\n"
    )


def run(*args: str) -> tuple[int, str]:
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
    code, _ = run("players", "add", "Ann", "Lee", "--db", db_url)
    assert code == 0
    code, out = run("players", "add", "Ann", "Lee", "--db", db_url)
    assert code == 2 and "'Ann Lee' is already a player (player 1)" in out
    code, _ = run("players", "add", "Ann", "Lee", "--another", "--db", db_url)
    assert code == 0
    code, out = run("players", "relink", "--db", db_url)
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
    correct(
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
    code, _ = run("players", "add", "Ann", "Lee", "--db", db_url)
    assert code == 0
    code, out = run(*arguments, "--db", db_url)
    assert code == 2 and said in out, out
    assert "Traceback" not in out


def test_a_rolling_period_reaching_before_the_calendar_is_the_calendar_s_start(
    store: Store,
) -> None:
    from bridgescore.store import Policy

    found = store.handicaps(date(1, 3, 1), Policy(months=24))
    assert found == []
