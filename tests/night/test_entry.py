"""Entering a result (night/entry.py): what is refused before anything typed is read."""

from __future__ import annotations

from pathlib import Path

import pytest

import bridgescore
from bridgescore.night import entry as night_entry
from bridgescore.night import tables as night_tables
from bridgescore.night.lines import Place
from bridgescore.night.refusals import Refused
from bridgescore.night.service import Service
from bridgescore.store import Store
from tests.night.helpers import typed, user

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"


def test_an_imported_session_has_no_movement_to_enter_by(store: Store) -> None:
    # A session read from a file has no movement: an entry and the grid's check as a row is
    # typed are refused alike, 422 with the session named, before who asks is looked at.
    session_id = store.import_file(SAMPLE).session_id
    night = Service(store)
    director = user(store, "dana")
    place, result = Place(1, 1, 1), typed("4S N =")
    said = f"session {session_id} was imported: it has no movement to enter by"
    with pytest.raises(Refused) as entered:
        night_entry.enter(night, director, session_id, place, result, client_id=None)
    with pytest.raises(Refused) as checked:
        night_tables.check(night, director, session_id, place, result)
    for refused in (entered.value, checked.value):
        assert (refused.status, refused.message) == (422, said)
