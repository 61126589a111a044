"""The store's side of the club night, on SQLite and PostgreSQL: users and logins, a session
set up before it is played, results stored one at a time through the night's entry service and
idempotent by the client's id, changes with reasons, undo, and the correction period after
publishing."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

import bridgescore
import bridgescore.store.api as store_api
from bridgescore import night
from bridgescore.errors import ParseError
from bridgescore.night import Refused, Service
from bridgescore.night import entry as night_entry
from bridgescore.store import Store, StoreError
from tests.night.helpers import enter, live_session, user

LINE = "|1|r1|t1"


def test_users_and_logins(store: Store) -> None:
    found = store.add_user("dana", "$argon2id$hash", "director", "Riverside")
    assert (found.username, found.role, found.club) == ("dana", "director", "Riverside")
    with pytest.raises(StoreError, match="already a user named 'dana'"):
        store.add_user("dana", "x", "scorer", "Riverside")
    with pytest.raises(StoreError, match="not a role"):
        store.add_user("eve", "x", "owner", "Riverside")
    token = store.start_login(found.id, timedelta(hours=1))
    logged = store.login_user(token)
    assert logged is not None and logged.id == found.id
    store.end_login(token)
    assert store.login_user(token) is None
    assert store.setting("key", "first") == "first" and store.setting("key", "second") == "first"


def test_results_are_log_entries_idempotent_by_client_id(store: Store) -> None:
    night = Service(store)
    session, _ = live_session(store)
    sam = user(store, "sam", "scorer")
    dana = user(store, "dana")
    assert store.live_info(session).status == "live"
    assert store.session_rows(session).results == ()
    first = enter(night, sam, session, 1, "4S N =", client_id="a")
    assert first.stored and first.entry is not None and first.entry.reason == "entered"
    assert first.entry.result == "4S N =" and first.entry.entry_key == LINE
    again = enter(night, sam, session, 1, "4S N =", client_id="a")
    assert not again.stored and again.entry is not None and again.entry.id == first.entry.id
    same = enter(night, sam, session, 1, "4s  n =")
    assert not same.stored
    with pytest.raises(Refused, match="a change needs a reason"):
        enter(night, sam, session, 1, "4S N -1", client_id="b")
    changed = enter(night, sam, session, 1, "4S N -1", client_id="b", reason="misread")
    assert changed.stored and changed.entry is not None
    assert changed.entry.supersedes == first.entry.id and changed.entry.reason == "misread"
    with pytest.raises(ParseError, match="4Q"):
        enter(night, sam, session, 2, "4Q N =", client_id="c")
    undone = night_entry.undo(night, dana, session, LINE)
    assert undone.result == "4S N =" and undone.supersedes == changed.entry.id
    enter(night, sam, session, 2, "PASS", client_id="d")
    with pytest.raises(Refused, match="nothing to undo"):
        night_entry.undo(night, dana, session, "|2|r1|t1")
    assert [e.result for e in store.history(session, LINE)] == ["4S N =", "4S N -1", "4S N ="]


def test_after_the_correction_period_a_change_needs_an_override(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    night = Service(store)
    session, _ = live_session(store)
    dana = user(store, "dana")
    enter(night, dana, session, 1, "4S N =")
    with pytest.raises(Refused, match="30 minutes to 7 days"):
        night.publish(dana, session, timedelta(minutes=5))
    info = night.publish(dana, session, timedelta(minutes=30))
    assert info.status == "published" and info.provisional_until is not None
    later = datetime.now(UTC) + timedelta(hours=2)
    monkeypatch.setattr(store_api, "utc_now", lambda: later)
    with pytest.raises(Refused, match="explicit override"):
        night_entry.correct(night, dana, session, LINE, "4S N +1", reason="late")
    done = night_entry.correct(night, dana, session, LINE, "4S N +1", reason="late", override=True)
    assert done.reason == "override after the correction period: late"


def test_a_session_enters_handicaps_once_published(store: Store) -> None:
    night = Service(store)
    session, _ = live_session(store, played_on=date(2026, 1, 6), players=True)
    dana = user(store, "dana")
    enter(night, dana, session, 1, "4S N =")
    enter(night, dana, session, 1, "4S N -1", table=4)

    def counted() -> int:
        found = store.handicaps(date(2026, 2, 1), save=False, club="Riverside")
        return sum(len(h.explanation.inputs) for h in found)

    assert counted() == 0
    night.publish(dana, session, timedelta(minutes=30))
    assert counted() == 8


def test_the_store_api_clock_is_the_one_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every module reads the time through ``store.api.utc_now`` (looked up at each call), so a
    test that moves it moves the night's, the web app's and the Swiss events' clocks too."""
    package = Path(bridgescore.__file__).parent
    clocks = [
        str(path.relative_to(package))
        for path in sorted(package.rglob("*.py"))
        if re.search(r"datetime\.(now|utcnow)\(", path.read_text(encoding="utf-8"))
    ]
    assert clocks == ["store/api.py"], clocks
    assert re.search(r"datetime\.(now|utcnow)\(", "return datetime.now(UTC)")  # it sees a clock
    later = datetime(2030, 1, 1, tzinfo=UTC)
    monkeypatch.setattr(store_api, "utc_now", lambda: later)
    assert night.utc_now() == later
