"""What the server shows everyone of each player: their name as they let it be published (full
name, initials, number only, or not shown; docs/privacy.md), on every page a player or a
passer-by may see — the published results and their JSON twins, a table's phone (the pairs'
names, a board's traveller), the site the console exports or writes on publishing. The
director's and scorer's own pages show names as stored.

The session as published is scored once per state of its log and of its players' names, and
kept beside the scoring every view shares (:class:`~bridgescore.night.scoring.Snapshots`): while
every player shows their full name it is that very scoring, and nothing is scored twice.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from bridgescore.languages import _
from bridgescore.night.refusals import NotFound
from bridgescore.scoring import score
from bridgescore.store import StoreError
from bridgescore.store.live import PUBLISHED, LiveInfo
from bridgescore.store.outreach import PlayersSide
from bridgescore.store.sessions import EntrantRow, from_rows, rules_of

if TYPE_CHECKING:
    from bridgescore.night.service import Service

KEPT = 16


class Shown:
    """The sessions as published that this worker keeps (see the module)."""

    def __init__(self, night: Service) -> None:
        self.night = night
        self._kept: OrderedDict[int, tuple[int, tuple[EntrantRow, ...], Any]] = OrderedDict()
        self._guard = threading.Lock()

    def result(self, session_id: int) -> Any:
        """The session scored, every name as its player lets it be shown (None while it has
        no result)."""
        snapshot = self.night.scores.snapshot(session_id)
        rows = PlayersSide(self.night.store).as_published(session_id, snapshot.rows)
        if rows is snapshot.rows or snapshot.result is None:
            return snapshot.result
        with self._guard:
            kept = self._kept.get(session_id)
        if kept is not None and kept[0] == snapshot.log and kept[1] == rows.entrants:
            return kept[2]
        result = score(from_rows(rows), rules_of(rows))
        with self._guard:
            self._kept[session_id] = (snapshot.log, rows.entrants, result)
            self._kept.move_to_end(session_id)
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return result


_SHOWN: weakref.WeakKeyDictionary[Service, Shown] = weakref.WeakKeyDictionary()
_SHOWN_GUARD = threading.Lock()


def shown(night: Service) -> Shown:
    """The worker's :class:`Shown` for this night, made the first time it is asked for."""
    with _SHOWN_GUARD:
        found = _SHOWN.get(night)
        if found is None:
            found = _SHOWN[night] = Shown(night)
        return found


def published(night: Service, session_id: int) -> tuple[Any, LiveInfo]:
    """A published session as everyone may see it, and its state (404 while it is not
    published: the same words as a page that does not exist)."""
    try:
        info = night.store.live_info(session_id)
    except StoreError:
        raise NotFound(_("no such page")) from None
    if info.status != PUBLISHED:
        raise NotFound(_("no such page"))
    return shown(night).result(session_id), info


def result(night: Service, session_id: int) -> Any:
    """The session scored with names as published, published or not (a table's traveller
    while it is played, the site the console exports)."""
    return shown(night).result(session_id)


def names(night: Service, session_id: int) -> dict[tuple[str, int], str | None]:
    """Each pair's (or player's) name as a table's phone shows it, by (line, number)."""
    plan = night.plan(session_id)
    changed = PlayersSide(night.store).shown_names(session_id)
    if not changed:
        return plan.names
    found = dict(plan.names)
    for (_club, line, number, _seat), name in changed.items():
        found[(line, number)] = name
    return found
