"""The store's side of the club night, on SQLite and PostgreSQL: users and logins, a session
set up before it is played, results stored one at a time and idempotent by the client's id,
changes with reasons, undo, and the correction period after publishing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

import bridgescore.store.api as store_api
from bridgescore.errors import ParseError
from bridgescore.store import Store, StoreError
from bridgescore.store.live import Entry
from bridgescore.store.sessions import BoardRow, EntrantRow, MemberRow
from tests.store_conftest import db_url_fixture, pg_server_fixture, store_fixture  # noqa: F401


def live_session(store: Store) -> int:
    club = store.club_id("Riverside")
    return store.create_live_session(
        club,
        title="Tuesday",
        played_on=None,
        structure="mitchell",
        rules={"name": "club", "overrides": {}},
        plan="{}",
        boards=(BoardRow(1, "None", "N", None),),
        entrants=tuple(
            EntrantRow(
                "",
                line,
                n,
                False,
                f"A{n}{line} & B{n}{line}",
                None,
                (MemberRow(f"A{n}{line}", None, None), MemberRow(f"B{n}{line}", None, None)),
            )
            for line in ("NS", "EW")
            for n in (1, 2)
        ),
        by="dana",
    )


def entry(table: int, result: str) -> Entry:
    return Entry(
        board=1,
        round=table,
        table=str(table),
        ns=str(table),
        ew=str(table),
        result=result,
        position=table,
    )


def test_users_and_logins(store: Store) -> None:
    user = store.add_user("dana", "$argon2id$hash", "director", "Riverside")
    assert (user.username, user.role, user.club) == ("dana", "director", "Riverside")
    with pytest.raises(StoreError, match="already a user named 'dana'"):
        store.add_user("dana", "x", "scorer", "Riverside")
    with pytest.raises(StoreError, match="not a role"):
        store.add_user("eve", "x", "owner", "Riverside")
    token = store.start_login(user.id, timedelta(hours=1))
    found = store.login_user(token)
    assert found is not None and found.id == user.id
    store.end_login(token)
    assert store.login_user(token) is None
    assert store.setting("key", "first") == "first" and store.setting("key", "second") == "first"


def test_results_are_log_entries_idempotent_by_client_id(store: Store) -> None:
    session = live_session(store)
    assert store.live_info(session).status == "live"
    assert store.session_rows(session).results == ()
    first = store.submit_result(session, entry(1, "4S N ="), client_id="a", by="sam")
    assert first.stored and first.entry.result == "4S N =" and first.entry.reason == "entered"
    again = store.submit_result(session, entry(1, "4S N ="), client_id="a", by="sam")
    assert not again.stored and again.entry.id == first.entry.id
    same = store.submit_result(session, entry(1, "4S  N ="), client_id=None, by="sam")
    assert not same.stored
    with pytest.raises(StoreError, match="a change needs a reason"):
        store.submit_result(session, entry(1, "4S N -1"), client_id="b", by="sam")
    changed = store.submit_result(
        session, entry(1, "4S N -1"), client_id="b", by="sam", reason="misread"
    )
    assert changed.stored and changed.entry.supersedes == first.entry.id
    with pytest.raises(ParseError, match=r"not a contract: .4Q."):
        store.submit_result(session, entry(2, "4Q N ="), client_id="c", by="sam")
    undone = store.undo(session, entry(1, "").key, by="dana")
    assert undone.result == "4S N =" and undone.supersedes == changed.entry.id
    with pytest.raises(StoreError, match="nothing to undo"):
        store.submit_result(session, entry(2, "PASS"), client_id="d", by="sam")
        store.undo(session, entry(2, "").key, by="dana")
    assert [e.result for e in store.history(session, entry(1, "").key)] == [
        "4S N =",
        "4S N -1",
        "4S N =",
    ]


def test_after_the_correction_period_a_change_needs_an_override(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = live_session(store)
    store.submit_result(session, entry(1, "4S N ="), client_id=None, by="sam")
    with pytest.raises(StoreError, match="30 minutes to 7 days"):
        store.publish(session, timedelta(minutes=5))
    info = store.publish(session, timedelta(minutes=30))
    assert info.status == "published" and info.provisional_until is not None
    later = datetime.now(UTC) + timedelta(hours=2)
    monkeypatch.setattr(store_api, "_now", lambda: later)
    with pytest.raises(StoreError, match="explicit override"):
        store.submit_result(session, entry(1, "4S N +1"), client_id=None, by="dana", reason="late")
    done = store.submit_result(
        session, entry(1, "4S N +1"), client_id=None, by="dana", reason="late", override=True
    )
    assert done.entry.reason == "override after the correction period: late"


def test_a_session_enters_handicaps_once_published(store: Store) -> None:
    from datetime import date

    club = store.club_id("Riverside")
    session = store.create_live_session(
        club,
        title="Tuesday",
        played_on=date(2026, 1, 6),
        structure="mitchell",
        rules={"name": "club", "overrides": {}},
        plan="{}",
        boards=(BoardRow(1, "None", "N", None),),
        entrants=tuple(
            EntrantRow(
                "",
                line,
                n,
                False,
                f"P{n}{line} Q & R{n}{line} S",
                None,
                (MemberRow(f"P{n}{line} Q", None, None), MemberRow(f"R{n}{line} S", None, None)),
            )
            for line in ("NS", "EW")
            for n in (1, 2)
        ),
        by="dana",
    )
    store.submit_result(session, entry(1, "4S N ="), client_id=None, by="sam")
    store.submit_result(session, entry(2, "4S N -1"), client_id=None, by="sam")

    def counted() -> int:
        found = store.handicaps(date(2026, 2, 1), save=False, club="Riverside")
        return sum(len(h.explanation.inputs) for h in found)

    assert counted() == 0
    store.publish(session, timedelta(minutes=30))
    assert counted() == 8
