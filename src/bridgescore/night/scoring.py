"""Each session scored once per revision of its log, shared by every view in this worker.

The watch page, the traveller grid, the pick-up slips, a phone's traveller and the published
pages all ask :meth:`Snapshots.snapshot`: one small query says how many entries the session's log
holds (and how many hand-record files were loaded: the deals the views show); while that is
what the kept snapshot was read from, the kept one is the answer and costs no scoring. A change
to the log or the deals (and only to them: a call or a phone joining does not count) makes the
next view read and score the session once, whichever view asks first; the others wait for it
and share it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bridgescore.scoring import score
from bridgescore.store import Store
from bridgescore.store.live import Marks
from bridgescore.store.sessions import SessionRows, from_rows, rules_of
from bridgescore.traveller import TableResult

KEPT = 32  # sessions whose scoring a worker keeps: a club's evening, and the published ones read


@dataclass(frozen=True)
class Snapshot:
    """A session as its log stood with ``log`` entries: the rows, each line in force by its key,
    and the session scored under its rules (None while there is no result)."""

    log: int
    rows: SessionRows
    lines: dict[str, TableResult] = field(repr=False)
    result: Any
    deals: int = 0  # hand-record files loaded when it was read


class Snapshots:
    """The snapshots this worker keeps (see the module)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.scorings = 0  # how many times a session was scored, for the tests and benchmarks
        self._kept: OrderedDict[int, Snapshot] = OrderedDict()
        self._guard = threading.Lock()
        self._locks: dict[int, threading.Lock] = {}

    def snapshot(self, session_id: int, marks: Marks | None = None) -> Snapshot:
        """The session's snapshot for its log as it stands (``marks``: its marks, when known;
        read before the rows, so a change between the two makes the next view read it again)."""
        if marks is None:
            marks = self.store.marks(session_id)
        log, deals = marks.log, marks.deals
        kept = self._kept.get(session_id)
        if kept is not None and kept.log == log and kept.deals == deals:
            return kept
        with self._lock(session_id):
            kept = self._kept.get(session_id)  # scored by another request while this one waited
            if kept is not None and kept.log >= log and kept.deals >= deals:
                return kept
            rows, mark = self.store.scored_rows(session_id)
            session = from_rows(rows)  # each line read once: the session scored holds them
            ordered = sorted(rows.results, key=lambda r: r.position)
            lines = {r.entry_key: t for r, t in zip(ordered, session.tables, strict=True)}
            result = score(session, rules_of(rows)) if rows.results else None
            self.scorings += 1
            found = Snapshot(mark, rows, lines, result, deals)
            with self._guard:
                self._kept[session_id] = found
                self._kept.move_to_end(session_id)
                while len(self._kept) > KEPT:
                    self._kept.popitem(last=False)
            return found

    def forget(self) -> None:
        """Read every session again when it is next asked for: after a change to what the
        log's rows hold that the log's count does not see (a player erased)."""
        with self._guard:
            self._kept.clear()

    def _lock(self, session_id: int) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(session_id, threading.Lock())
