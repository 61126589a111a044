"""The tables' side of the night: a phone joins its table with the table's code, is shown its
table, sends its results (through :mod:`bridgescore.night.entry`, like every result) and calls
the director; the director hands a table's scoring over, removes a phone, answers a call.

A phone's pass is good for its own table of its own session while the session is live and the
phone is not removed (:func:`phone`). Its results are taken even after that: a removed phone's,
or one sent after publishing, is held for the director rather than dropped (:func:`sender`).
"""

from __future__ import annotations

import base64
import hmac
from dataclasses import dataclass, replace
from typing import Any

from bridgescore.languages import N_, _
from bridgescore.movements import Movement
from bridgescore.night import entry, hand_records, privacy, service, throttle
from bridgescore.night.lines import Place, TypedResult, play_at
from bridgescore.night.permissions import Action, Actor, Grant
from bridgescore.night.refusals import NotFound, Refused, as_refusal
from bridgescore.night.service import Service
from bridgescore.store import StoreError
from bridgescore.store.live import LIVE, LiveInfo
from bridgescore.store.tables import Device, Plan, TableView, normalise_code
from bridgescore.traveller import TableResult

NOT_VALID = N_("this phone's pass for the table is not valid: scan the table card again")


def card_key(night: Service, code: str) -> str:
    """The key in a table card's QR code (after the ``#`` of its address): a phone that joins
    with it may score the table, one that joins with the code alone only watches. An HMAC of
    the code under a key every worker reads from the database: made again whenever asked,
    stored nowhere, and not to be guessed from the code."""
    digest = hmac.new(
        night.secret("card_key").encode(), b"card:" + normalise_code(code).encode(), "sha256"
    ).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode("ascii")


def join(
    night: Service, code: str, card: str = "", address: str | None = None
) -> tuple[str, Device]:
    """A new phone at the table whose code this is: its token (shown once) and the phone.

    With the table card's key (``card``: scanned from its QR code, so the phone is at the
    table) it scores when no other phone does; with the code alone it watches, until the
    table's scoring phone or the director hands it the scoring: a code guessed by a stranger
    (or read off a card from across the room) never makes them the table's scorer. Failures
    are counted and rate limited per address and per code (:mod:`bridgescore.night.throttle`).
    """
    wanted = normalise_code(code)
    if not wanted:
        raise Refused(400, _("type the code on the table card"))
    if len(wanted) > 20:
        raise Refused(
            422,
            _("no table has the code %(code)s: check the table card", code=repr(code.strip()[:20])),
        )
    where = throttle.address_key(address)
    keys = {where: None}
    throttle.check(night, throttle.CODE, [where, throttle.code_key(wanted)])
    club = night.store.code_club(wanted)
    if club is None:
        throttle.failed(night, throttle.CODE, keys)
        raise Refused(
            422,
            _("no table has the code %(code)s: check the table card", code=repr(code.strip()[:20])),
        )
    given = card.strip()
    if given and not hmac.compare_digest(given.encode(), card_key(night, wanted).encode()):
        throttle.failed(night, throttle.CODE, {**keys, throttle.code_key(wanted): club})
        raise Refused(
            422,
            _(
                "this is not the table card's QR code: scan the card again (or type the code "
                "alone to watch the table)"
            ),
        )
    try:
        joined = night.store.join_table(wanted, may_score=bool(given))
    except StoreError as error:
        raise as_refusal(error, Refused(422, str(error))) from None
    if given:
        throttle.succeeded(night, throttle.CODE, throttle.code_key(wanted))
    return joined


def sender(night: Service, token: str | None) -> Device:
    """The phone a token names, whatever became of it since (its results are never dropped)."""
    found = night.store.table_device(token) if token else None
    if found is None:
        raise Refused(401, _(NOT_VALID))
    return found


def phone(night: Service, token: str | None) -> Device:
    """The phone a token names, while it may act: not removed, its session still live."""
    return _acting(sender(night, token))


@dataclass(frozen=True)
class Poll:
    """What a phone's poll needs to say whether its state changed: the phone (while it may
    act), its table's revision, and whether the club lets tables enter a board as not
    played; read as one state in one statement, with its session's state (``info``)."""

    device: Device
    revision: int
    not_played: bool
    info: LiveInfo


def poll(night: Service, token: str | None) -> Poll:
    found = night.store.table_poll(token) if token else None
    if found is None:
        raise Refused(401, _(NOT_VALID))
    granted = Grant.NOT_PLAYED in service.granted(found.grants)
    return Poll(_acting(found.device), found.revision, granted, found.info)


def _acting(found: Device) -> Device:
    if found.ended_at is not None:
        raise Refused(
            401,
            _(
                "this phone was removed from table %(table)s: scan the table card again",
                table=found.table,
            ),
        )
    if found.session_status != LIVE:
        raise Refused(410, _("the results of this session are published: scoring is over"))
    return found


@dataclass(frozen=True)
class TableState:
    """What a table's phone is shown: the session's plan and movement, the phone, and the
    table's entries in force, open call and held results (as of ``view.revision``)."""

    plan: Plan
    movement: Movement
    device: Device
    view: TableView
    grants_not_played: bool


def state(night: Service, device: Device, polled: Poll | None = None) -> TableState:
    """The table's state for its phone (``polled``: what the caller has just read of it: the
    session's state, the table's revision, whether the club lets tables enter a board as not
    played)."""
    info = polled.info if polled is not None else None
    movement = _movement(night, device, info)  # first: a changed plan reads the names again
    plan = night.plan(device.session_id)
    boards = night.played(device.session_id)
    return TableState(
        replace(plan, names=privacy.names(night, device.session_id)),  # as players let them be
        movement,
        device,
        night.table_view(device, boards, polled.revision if polled is not None else None),
        not_played_granted(night, device) if polled is None else polled.not_played,
    )


def not_played_granted(night: Service, device: Device) -> bool:
    """Whether the club lets its tables enter a board as not played (the phone offers it)."""
    return Grant.NOT_PLAYED in night.grants(device.club_id)


def revision(night: Service, device: Device) -> int:
    """The table's revision: while it is the one a phone's state was read at, it is true."""
    return night.store.table_revision(device.table_id)


def _movement(night: Service, device: Device, info: LiveInfo | None = None) -> Movement:
    if info is None or info.id != device.session_id:
        info = night.info(device.session_id)
    found = night.movement(info)
    if found is None:
        raise NotFound(_("this session has no movement to score by"))
    return found


def sender_info(night: Service, token: str | None) -> tuple[Device, LiveInfo]:
    """:func:`sender` and its session's state, read together (a result's first read)."""
    found = night.store.table_sender(token) if token else None
    if found is None:
        raise Refused(401, _(NOT_VALID))
    return found


def send(
    night: Service,
    device: Device,
    place: Place,
    typed: TypedResult,
    *,
    client_id: str,
    replaces: int | None,
    info: LiveInfo | None = None,
) -> tuple[entry.Outcome, str | None]:
    """A result from a table's phone (see :func:`bridgescore.night.entry.enter`; a lead not in
    the leader's hand is refused there) and any problem with its lead: none, once it is in.
    ``info``: the session's state, when it was read with the phone."""
    outcome = entry.enter(
        night,
        Actor(device=device),
        device.session_id,
        place,
        typed,
        client_id=client_id,
        replaces=replaces,
        info=info,
    )
    return outcome, None


@dataclass(frozen=True)
class Checked:
    """A result as a phone or the console's grid has it so far, checked without storing: the
    line it makes once it is whole (None before), and the lead against the hand record."""

    line: TableResult | None
    kind: Action | None
    lead_problem: str | None


def check(
    night: Service, actor: Actor, session_id: int, place: Place, typed: TypedResult
) -> Checked:
    """The check the grid makes as a row is typed and a phone makes before the tricks."""
    board, round, table = place
    info = night.info(session_id)
    movement = entry.movement_to_enter(night, info)
    where = table if table is not None else int(actor.device.table) if actor.device else None
    if where is None:
        raise Refused(400, _("a result needs its board, round and table"))
    night.check(actor, Action.WATCH if actor.device is None else Action.ENTER, info, str(where))
    play_at(movement, board, round, where)
    problem = hand_records.lead_answer(night, actor, session_id, board, typed.declarer, typed.lead)
    if not typed.complete:
        return Checked(None, None, problem)
    _kind, line = entry.read_typed(night, actor, session_id, place, typed)
    return Checked(line, entry.kind_of(line), problem)


def traveller_result(night: Service, device: Device, board: int) -> Any:
    """The session scored, for a board's traveller (and its deal) shown to a table that has
    played it."""
    if not hand_records.played(night, device, board):
        raise Refused(
            403, _("board %(board)s's results are shown once this table has played it", board=board)
        )
    result = privacy.result(night, device.session_id)  # names as each player lets them be shown
    if not hasattr(result, "fields"):  # teams: a board is compared with the other room's
        raise Refused(404, _("a teams match has no traveller: the match's page compares the rooms"))
    return result


def call(night: Service, device: Device) -> int:
    """A call for the director from a table; one open call per table is enough."""
    night.check(Actor(device=device), Action.CALL, night.info(device.session_id))
    return night.store.call_director(device)


# --- the director's actions on the tables --------------------------------------------------------


def hand_over(night: Service, actor: Actor, session_id: int, device_id: int) -> None:
    """Make phone ``device_id`` its table's scorer (the one before only watches now): the
    director's, a scorer's the club lets, or the table's own scoring phone's (to a phone at
    its own table: the table's confirmation)."""
    info = night.info(session_id)
    night.check(actor, Action.HAND_OVER, info)
    target: Device = _store(lambda: night.store.session_device(session_id, device_id))
    if actor.device is not None:  # a table's phone: to a phone at its own table only
        night.check(actor, Action.HAND_OVER, info, target.table)
        if actor.device.table_id != target.table_id:
            raise Refused(
                403,
                _(
                    "phone %(device_id)s is at table %(table)s, not at this phone's table",
                    device_id=device_id,
                    table=target.table,
                ),
            )
    _store(lambda: night.store.hand_over(session_id, device_id, actor.name))


def remove(night: Service, actor: Actor, session_id: int, device_id: int) -> Device:
    """End phone ``device_id``'s pass (a lost phone, a player gone home); returns it."""
    night.check(actor, Action.REMOVE, night.info(session_id))
    found: Device = _store(lambda: night.store.session_device(session_id, device_id))
    _store(lambda: night.store.remove_device(session_id, device_id, actor.name))
    return found


def may_remove(night: Service, actor: Actor, session_id: int) -> None:
    """Refused unless the actor may remove the session's phones (asked before confirming)."""
    night.check(actor, Action.REMOVE, night.info(session_id))


def session_phone(night: Service, session_id: int, device_id: int) -> Device:
    """Phone ``device_id`` of one of the session's tables (refused when removed or unknown)."""
    found: Device = _store(lambda: night.store.session_device(session_id, device_id))
    return found


def answer(night: Service, actor: Actor, session_id: int, event_id: int) -> None:
    night.check(actor, Action.ANSWER, night.info(session_id))
    _store(lambda: night.store.answer_call(session_id, event_id, actor.name))


def _store(work: Any) -> Any:
    try:
        return work()
    except StoreError as error:
        raise as_refusal(error, Refused(422, str(error))) from None
