"""Before publishing: the entries that look wrong (:func:`bridgescore.anomalies.find`, with the
session's deals, their double-dummy tricks and its movement), each with its reason and its line,
for the director to confirm as it stands or to correct. Nothing is changed by itself: a
correction is the director's, through the entry service; a confirmation is of one entry and one
reason (a correction is a new entry, looked at afresh).

Publishing with entries not confirmed is asked once more (:class:`Unconfirmed`); the director
may then publish anyway.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from bridgescore.anomalies import find
from bridgescore.languages import _, ngettext
from bridgescore.night.permissions import Action, Actor
from bridgescore.night.refusals import Refused
from bridgescore.night.service import Service
from bridgescore.store import StoreError, hand_records
from bridgescore.store import api as store_api
from bridgescore.store import confirmations as stored
from bridgescore.store.confirmations import Confirmation
from bridgescore.store.lines import row_key
from bridgescore.store.live import LiveInfo


@dataclass(frozen=True)
class Found:
    """One entry that looks wrong: its line (key and place), the entry in force and its result,
    the kind and the reason, and the confirmation if a director gave one."""

    key: str
    entry_id: int
    board: int
    round: int | None
    table: str | None
    section: str | None
    result: str
    kind: str
    reason: str
    confirmed: Confirmation | None


@dataclass(frozen=True)
class Review:
    """The session's entries that look wrong, board by board."""

    session_id: int
    found: tuple[Found, ...]
    deals: int  # boards with a deal: what the checks against the hand record could look at

    @property
    def unconfirmed(self) -> tuple[Found, ...]:
        return tuple(f for f in self.found if f.confirmed is None)


class Unconfirmed(Refused):
    """Publishing asked for while entries that look wrong are not confirmed (409)."""

    def __init__(self, review: Review) -> None:
        super().__init__(
            409,
            ngettext(
                "%(num)d entry looks wrong and is not confirmed: look at it before publishing "
                "(%(page)s), or publish anyway",
                "%(num)d entries look wrong and are not confirmed: look at them before "
                "publishing (%(page)s), or publish anyway",
                len(review.unconfirmed),
                page=f"/director/sessions/{review.session_id}/review",
            ),
        )
        self.review = review


def review(night: Service, actor: Actor, session_id: int) -> Review:
    """The entries of the session that look wrong (see the module)."""
    info = night.info(session_id)
    night.check(actor, Action.WATCH, info)
    return _review(night, info)


def _review(night: Service, info: LiveInfo) -> Review:
    snapshot = night.snapshot(info.id)
    result = snapshot.result
    if result is None:
        return Review(info.id, (), 0)
    session = result.session
    analyses = hand_records.analyses(night.store, info.id)
    found = find(
        session,
        double_dummy={board: a.tricks for board, a in analyses.items()},
        movement=night.movement(info),
    )
    keys = list(snapshot.lines)  # in the order of the session's tables
    entries = stored.entries_in_force(night.store, info.id)
    confirmed = stored.confirmations(night.store, info.id)
    listed = []
    for anomaly in found:
        key = keys[anomaly.index]
        row = session.tables[anomaly.index]
        entry_id = entries.get(key)
        if entry_id is None:  # the line changed after the snapshot was read: not listed now
            continue
        place = row_key(key)
        listed.append(
            Found(
                key,
                entry_id,
                anomaly.board,
                place.round,
                place.table,
                anomaly.section,
                row.describe(),
                anomaly.kind,
                anomaly.reason,
                confirmed.get((entry_id, anomaly.kind)),
            )
        )
    with_deals = sum(1 for b in session.boards.values() if b.deal is not None)
    return Review(info.id, tuple(listed), with_deals)


def confirm(
    night: Service,
    actor: Actor,
    session_id: int,
    key: str,
    kind: str,
    entry_id: int | None,
    note: str | None = None,
) -> Confirmation:
    """Confirm an entry listed as looking wrong, as it stands: refused unless it is listed now,
    for that reason, as entry ``entry_id`` (the one the director looked at)."""
    info = night.info(session_id)
    night.check(actor, Action.CONFIRM, info)
    if entry_id is None:
        raise Refused(400, _("which entry? (the id of the entry looked at is missing)"))
    listed = _review(night, info)
    if not any(f.key == key and f.kind == kind for f in listed.found):
        raise Refused(
            409,
            _(
                "line %(key)s is not listed for %(kind)s now: look at the list again",
                key=repr(key),
                kind=repr(kind),
            ),
        )
    words = (note or "").strip()[:500] or None
    try:
        return stored.confirm(
            night.store,
            session_id,
            key,
            entry_id,
            kind,
            words,
            by=actor.name,
            now=store_api.utc_now(),
        )
    except StoreError as error:
        raise Refused(409, str(error)) from None


def publish(
    night: Service,
    actor: Actor,
    session_id: int,
    provisional: timedelta,
    *,
    anyway: bool,
    site: Callable[[Any], None] | None = None,
) -> LiveInfo:
    """Publish the session; asked once more (:class:`Unconfirmed`) while entries that look wrong
    are not confirmed, unless ``anyway`` (``site``: as :meth:`Service.publish`)."""
    info = night.info(session_id)
    night.check(actor, Action.PUBLISH, info)
    if not anyway:
        found = _review(night, info)
        if found.unconfirmed:
            raise Unconfirmed(found)
    return night.publish(actor, session_id, provisional, site=site)
