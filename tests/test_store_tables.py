"""The store's side of the phones at the tables, on SQLite and PostgreSQL: results for one
traveller line sent at the same moment by different phones, and by phones and the console."""

from __future__ import annotations

import threading
from typing import Any

from bridgescore.bridge import Vulnerability, dealer_for_board
from bridgescore.movements import jsonform as movement_json
from bridgescore.movements import mitchell
from bridgescore.store import Store, StoreError
from bridgescore.store.live import Entry
from bridgescore.store.sessions import BoardRow, EntrantRow
from tests.store_conftest import db_url_fixture, pg_server_fixture, store_fixture  # noqa: F401


def live_session(store: Store) -> tuple[int, list[str]]:
    movement = mitchell(4, 2, rounds=2)
    club = store.club_id("Riverside")
    session = store.create_live_session(
        club,
        title="Tuesday",
        played_on=None,
        structure="mitchell",
        rules={"name": "club", "overrides": {}},
        plan=movement_json.dumps(movement),
        boards=tuple(
            BoardRow(b, Vulnerability.for_board(b).value, dealer_for_board(b).value, None)
            for b in movement.boards
        ),
        entrants=tuple(
            EntrantRow("", c.line.value if c.line else "", c.number, False, None, None, ())
            for c in movement.contestants
        ),
        by="test",
    )
    codes = store.table_codes(session, [("", str(t)) for t in range(1, 5)])
    return session, [c.code for c in codes]


def line(board: int, result: str) -> Entry:
    # table 1, round 1 of the Mitchell: NS 1 v EW 1, boards 1 and 2
    return Entry(board=board, round=1, table="1", ns="1", ew="1", result=result, position=board)


def at_once(calls: list[Any]) -> list[Any]:
    """Run the calls in threads released together; their answers in order."""
    answers: list[Any] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i: int) -> None:
        start.wait()
        try:
            answers[i] = calls[i]()
        except StoreError as error:  # refused: the answer a client would be given
            answers[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def test_different_results_for_one_line_at_the_same_moment(store: Store) -> None:
    session, codes = live_session(store)
    phones = [store.join_table(codes[0])[1] for _ in range(4)]
    results = ["4S N =", "4S N -1", "3NT S =", "PASS"]
    answers = at_once(
        [
            (
                lambda p=p, r=r, n=n: store.submit_from_table(
                    line(1, r), client_id=f"same-moment-{n}", device=p, replaces=None
                )
            )
            for n, (p, r) in enumerate(zip(phones, results, strict=True))
        ]
    )
    stored = [a for a in answers if a.stored is not None]
    kept = [a for a in answers if a.conflict is not None]
    # one result is in force; the three others are kept for the director, none lost
    assert len(stored) == 1 and len(kept) == 3
    rows = store.session_rows(session).results
    assert [r.result for r in rows] == [stored[0].stored.entry.result]
    assert len(store.history(session, "|1|r1|t1")) == 1
    assert sorted(c.result for c in store.conflicts(session)) == sorted(
        r for r in results if r != stored[0].stored.entry.result
    )


def test_a_phone_and_the_console_on_one_line_and_on_others_at_once(store: Store) -> None:
    session, codes = live_session(store)
    phone = store.join_table(codes[0])[1]
    answers = at_once(
        [
            lambda: store.submit_from_table(
                line(1, "4S N ="), client_id="from-phone", device=phone, replaces=None
            ),
            lambda: store.submit_result(
                session, line(1, "4S N +1"), client_id="from-console", by="sam"
            ),
            lambda: store.submit_from_table(
                line(2, "PASS"), client_id="other-line", device=phone, replaces=None
            ),
        ]
    )
    assert answers[2].stored is not None and answers[2].stored.stored
    history = store.history(session, "|1|r1|t1")
    if answers[0].conflict is not None:  # the console was first: the phone's is kept aside
        assert [e.result for e in history] == ["4S N +1"]
        assert answers[0].conflict.against_result == "4S N +1"
    else:  # the phone was first: the console's change needs a reason, so it was refused
        assert [e.result for e in history] == ["4S N ="]
        assert isinstance(answers[1], StoreError) and "needs a reason" in str(answers[1])
    assert {r.entry_key for r in store.session_rows(session).results} == {"|1|r1|t1", "|2|r1|t1"}
