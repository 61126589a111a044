"""A traveller line's transaction (``Store.line``) on SQLite and PostgreSQL: the first read of a
phone's result (:meth:`LineLog.known`) takes the session's state, the line's entry in force and
what the client id already made in one statement, and each must be what the separate reads
say: a used id found whether it made an entry or a held result, the entry in force the newest
one, a publishing seen."""

from __future__ import annotations

from datetime import timedelta

from bridgescore.night import Service
from bridgescore.store import Store
from bridgescore.store.live import LIVE, PUBLISHED
from tests.night.helpers import enter, live_session, phone, user

LINE = "|1|r1|t1"


def _first_look(store: Store, session: int, client_id: str, key: str = LINE) -> tuple:
    """What a result's line transaction reads first, then what the separate reads say."""
    with store.line(session, key) as log:
        known = log.known(client_id)
        together = (known, log.in_force(), log.info)
    with store.line(session, key) as log:
        in_force, info = log.in_force(), log.info  # read one by one
        alone = (log.known(client_id), in_force, info)
    return together, alone


def test_an_empty_line_and_a_new_client_id(store: Store) -> None:
    session, _codes = live_session(store)
    together, alone = _first_look(store, session, "never-used-id")
    assert together == alone
    known, in_force, info = together
    assert known is None and in_force is None
    assert (info.id, info.status, info.planned) == (session, LIVE, True)


def test_a_client_id_that_made_an_entry_and_the_entry_in_force(store: Store) -> None:
    night = Service(store)
    session, codes = live_session(store)
    table = phone(store, codes[0])
    first = enter(night, table, session, 1, "4S N =", client_id="phone-id-0001")
    director = user(store, "dana")
    ruling = enter(night, director, session, 1, "4S N -1", reason="revoke", client_id="desk-1")
    together, alone = _first_look(store, session, "phone-id-0001")
    assert together == alone
    known, in_force, _info = together
    assert known is not None and known.conflict is None
    assert known.entry is not None and known.entry.id == first.entry.id
    assert known.entry.result == "4S N =" and known.device_id == table.device.id
    assert in_force is not None and in_force.id == ruling.entry.id  # the newest, not the first
    assert in_force.result == "4S N -1" and in_force.supersedes == first.entry.id


def test_a_client_id_that_made_a_held_result(store: Store) -> None:
    night = Service(store)
    session, codes = live_session(store)
    director = user(store, "dana")
    enter(night, director, session, 1, "3NT S =")
    held = enter(night, phone(store, codes[0]), session, 1, "4S N =", client_id="phone-held-01")
    assert held.held is not None  # nothing from a table replaces the console's entry
    together, alone = _first_look(store, session, "phone-held-01")
    assert together == alone
    known, in_force, _info = together
    assert known is not None and known.entry is None
    assert known.conflict is not None and known.conflict.id == held.held.id
    assert in_force is not None and in_force.result == "3NT S ="


def test_the_same_result_sent_again_is_answered_as_the_first_time(store: Store) -> None:
    night = Service(store)
    session, codes = live_session(store)
    table = phone(store, codes[0])
    first = enter(night, table, session, 1, "4S N =", client_id="phone-again-01")
    again = enter(night, table, session, 1, "4S N =", client_id="phone-again-01")
    assert (first.stored, again.stored) == (True, False)
    assert again.entry.id == first.entry.id
    assert len(store.history(session, LINE)) == 1


def test_a_publishing_is_seen_by_the_first_look(store: Store) -> None:
    session, _codes = live_session(store)
    store.publish(session, timedelta(days=1))
    together, alone = _first_look(store, session, "after-publishing")
    assert together == alone
    assert together[2].status == PUBLISHED


def test_a_phones_result_raises_its_tables_revision_once_and_is_stored_whole(
    store: Store,
) -> None:
    """A table's result is appended with its table's counter raised in the same statement on
    PostgreSQL (two on SQLite): its table's revision rises by one, no other table's, and the
    row stored is the result sent, its correction a new entry superseding it."""
    night = Service(store)
    session, codes = live_session(store)
    table = phone(store, codes[0])
    before = store.marks(session)
    first = enter(night, table, session, 1, "4S N =", client_id="phone-rev-0001")
    after = store.marks(session)
    mine = table.device.table_id
    assert after.tables[mine] == before.tables[mine] + 1
    assert {t: r for t, r in after.tables.items() if t != mine} == {
        t: r for t, r in before.tables.items() if t != mine
    }
    assert after.revision == before.revision + 1
    fixed = enter(
        night, table, session, 1, "4S N +1", client_id="phone-rev-0002", replaces=first.entry.id
    )
    assert fixed.stored and fixed.entry.supersedes == first.entry.id
    assert store.marks(session).tables[mine] == before.tables[mine] + 2
    log = store.history(session, LINE)
    assert [(e.id, e.result, e.supersedes, e.device_id, e.current) for e in log] == [
        (first.entry.id, "4S N =", None, table.device.id, False),
        (fixed.entry.id, "4S N +1", first.entry.id, table.device.id, True),
    ]
    assert [e.line.result.ns_score for e in log] == [420, 450]  # board 1: nobody vulnerable
