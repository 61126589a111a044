"""The phones at the tables on SQLite and PostgreSQL: results for one traveller line sent at the
same moment by different phones, and by phones and the console, through the night's entry
service (each line's lock held while its state is read and written)."""

from __future__ import annotations

import threading
from typing import Any

from bridgescore.night import Refused, Service
from bridgescore.store import Store
from tests.night.helpers import enter, live_session, phone, user

LINE = "|1|r1|t1"


def at_once(calls: list[Any]) -> list[Any]:
    """Run the calls in threads released together; their answers in order."""
    answers: list[Any] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i: int) -> None:
        start.wait()
        try:
            answers[i] = calls[i]()
        except Refused as error:  # refused: the answer a client would be given
            answers[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def test_different_results_for_one_line_at_the_same_moment(store: Store) -> None:
    night = Service(store)
    session, codes = live_session(store)
    scorer = phone(store, codes[0])
    # Three more phones at table 1 watch; every result they send is kept for the director.
    watchers = [phone(store, codes[0]) for _ in range(3)]
    results = ["4S N =", "4S N -1", "3NT S =", "PASS"]
    answers = at_once(
        [
            (lambda p=p, r=r, n=n: enter(night, p, session, 1, r, client_id=f"same-moment-{n}"))
            for n, (p, r) in enumerate(zip([scorer, *watchers], results, strict=True))
        ]
    )
    stored = [a for a in answers if a.entry is not None]
    kept = [a for a in answers if a.held is not None]
    assert len(stored) == 1 and len(kept) == 3
    assert stored[0].entry.result == "4S N ="
    assert [r.result for r in store.session_rows(session).results] == ["4S N ="]
    assert len(store.history(session, LINE)) == 1
    assert sorted(c.result for c in store.conflicts(session)) == sorted(results[1:])


def test_two_scoring_phones_of_one_line_at_the_same_moment(store: Store) -> None:
    """Table 1's phone and, handed over a moment before, its second phone: one result is in
    force, the other kept for the director, whichever came first."""
    night = Service(store)
    session, codes = live_session(store)
    first = phone(store, codes[0])
    answers = at_once(
        [
            lambda: enter(night, first, session, 1, "4S N =", client_id="phone-one"),
            lambda: enter(night, first, session, 1, "4S N -1", client_id="phone-one-b"),
        ]
    )
    applied = [a for a in answers if a.entry is not None]
    held = [a for a in answers if a.held is not None]
    assert len(applied) == 1 and len(held) == 1
    assert held[0].held.reason.startswith("the phone did not know of")
    assert [e.result for e in store.history(session, LINE)] == [applied[0].entry.result]


def test_a_phone_and_the_console_on_one_line_and_on_others_at_once(store: Store) -> None:
    night = Service(store)
    session, codes = live_session(store)
    table = phone(store, codes[0])
    sam = user(store, "sam", "scorer")
    answers = at_once(
        [
            lambda: enter(night, table, session, 1, "4S N =", client_id="from-phone"),
            lambda: enter(night, sam, session, 1, "4S N +1", client_id="from-console"),
            lambda: enter(night, table, session, 2, "PASS", client_id="other-line"),
        ]
    )
    assert answers[2].entry is not None and answers[2].stored
    history = store.history(session, LINE)
    if answers[0].held is not None:  # the console was first: the phone's is kept aside
        assert [e.result for e in history] == ["4S N +1"]
        assert answers[0].held.against_result == "4S N +1"
        assert "the console's entry '4S N +1' is in force" in answers[0].held.reason
    else:  # the phone was first: the console's change needs a reason, so it was refused
        assert [e.result for e in history] == ["4S N ="]
        assert isinstance(answers[1], Refused) and "needs a reason" in str(answers[1])
    assert {r.entry_key for r in store.session_rows(session).results} == {LINE, "|2|r1|t1"}


def test_one_client_id_sent_for_two_lines_at_the_same_moment(store: Store) -> None:
    """A phone that reuses an id for two results (a faulty client, or a hostile one): at most
    one is stored, the other refused, never acknowledged as the first."""
    night = Service(store)
    session, codes = live_session(store)
    table = phone(store, codes[0])
    answers = at_once(
        [
            lambda: enter(night, table, session, 1, "4S N =", client_id="one-id-twice"),
            lambda: enter(night, table, session, 2, "PASS", client_id="one-id-twice"),
        ]
    )
    refused = [a for a in answers if isinstance(a, Refused)]
    stored = [a for a in answers if not isinstance(a, Refused)]
    assert len(refused) == 1 and len(stored) == 1
    assert refused[0].status == 422 and "id" in refused[0].message
    assert len(store.session_rows(session).results) == 1
