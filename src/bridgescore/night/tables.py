"""The tables' side of the night: a phone joins its table with the table's code, is shown its
table, sends its results (through :mod:`bridgescore.night.entry`, like every result) and calls
the director; the director hands a table's scoring over, removes a phone, answers a call.

A phone's pass is good for its own table of its own session while the session is live and the
phone is not removed (:func:`phone`). Its results are taken even after that: a removed phone's,
or one sent after publishing, is held for the director rather than dropped (:func:`sender`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bridgescore.bridge import Seat, Strain
from bridgescore.deal import Deal
from bridgescore.errors import BridgeScoreError, ParseError
from bridgescore.movements import Movement
from bridgescore.night import entry
from bridgescore.night.lines import Place, TypedResult, play_at
from bridgescore.night.permissions import Action, Actor, Grant
from bridgescore.night.refusals import NotFound, Refused
from bridgescore.night.service import Service
from bridgescore.store import StoreError
from bridgescore.store.live import LIVE
from bridgescore.store.tables import Device, Plan, TableView, normalise_code
from bridgescore.traveller import TableResult

NOT_VALID = "this phone's pass for the table is not valid: scan the table card again"


def join(night: Service, code: str) -> tuple[str, Device]:
    """A new phone at the table whose code this is: its token (shown once) and the phone."""
    if not normalise_code(code):
        raise Refused(400, "type the code on the table card")
    try:
        return night.store.join_table(code)
    except StoreError as error:
        raise Refused(422, str(error)) from None


def sender(night: Service, token: str | None) -> Device:
    """The phone a token names, whatever became of it since (its results are never dropped)."""
    found = night.store.table_device(token) if token else None
    if found is None:
        raise Refused(401, NOT_VALID)
    return found


def phone(night: Service, token: str | None) -> Device:
    """The phone a token names, while it may act: not removed, its session still live."""
    found = sender(night, token)
    if found.ended_at is not None:
        raise Refused(
            401, f"this phone was removed from table {found.table}: scan the table card again"
        )
    if found.session_status != LIVE:
        raise Refused(410, "the results of this session are published: scoring is over")
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


def state(night: Service, device: Device, not_played: bool | None = None) -> TableState:
    """The table's state for its phone (``not_played``: whether the club lets tables enter a
    board as not played, when the caller has just read it)."""
    return TableState(
        night.plan(device.session_id),
        _movement(night, device),
        device,
        night.store.table_view(device),
        not_played_granted(night, device) if not_played is None else not_played,
    )


def not_played_granted(night: Service, device: Device) -> bool:
    """Whether the club lets its tables enter a board as not played (the phone offers it)."""
    return Grant.NOT_PLAYED in night.grants(device.club_id)


def revision(night: Service, device: Device) -> int:
    """The table's revision: while it is the one a phone's state was read at, it is true."""
    return night.store.table_revision(device.table_id)


def _movement(night: Service, device: Device) -> Movement:
    found = night.movement(night.info(device.session_id))
    if found is None:
        raise NotFound("this session has no movement to score by")
    return found


def send(
    night: Service,
    device: Device,
    place: Place,
    typed: TypedResult,
    *,
    client_id: str,
    replaces: int | None,
) -> tuple[entry.Outcome, str | None]:
    """A result from a table's phone (see :func:`bridgescore.night.entry.enter`) and any
    problem with its lead against the hand record, which the director is told of."""
    outcome = entry.enter(
        night,
        Actor(device=device),
        device.session_id,
        place,
        typed,
        client_id=client_id,
        replaces=replaces,
    )
    board = place.board
    problem = None
    if typed.lead.strip() and typed.declarer.strip():
        deal = night.store.deal(device.session_id, board)
        problem = lead_problem(deal, typed.declarer, typed.lead)
    if problem and (outcome.held is not None or outcome.stored):
        night.store.note_at_table(device, "lead", f"board {board}: {problem}")
    return outcome, problem


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
    movement = night.movement(info)
    if movement is None:
        raise Refused(422, f"session {session_id} was imported: it has no movement to enter by")
    where = table if table is not None else int(actor.device.table) if actor.device else None
    if where is None:
        raise Refused(400, "a result needs its board, round and table")
    night.check(actor, Action.WATCH if actor.device is None else Action.ENTER, info, str(where))
    play_at(movement, board, round, where)
    problem = None
    if typed.lead.strip() and typed.declarer.strip():
        problem = lead_problem(night.store.deal(session_id, board), typed.declarer, typed.lead)
    if not typed.complete:
        return Checked(None, None, problem)
    _, line = entry.read_typed(night, actor, session_id, place, typed)
    return Checked(line, entry.kind_of(line), problem)


def traveller_result(night: Service, device: Device, board: int) -> Any:
    """The session scored, for a board's traveller shown to a table that has played it."""
    view = night.store.table_view(device)
    if not any(e.line.board == board for e in view.entries):
        raise Refused(403, f"board {board}'s results are shown once this table has played it")
    return night.snapshot(device.session_id).result


def call(night: Service, device: Device) -> int:
    """A call for the director from a table; one open call per table is enough."""
    night.check(Actor(device=device), Action.CALL, night.info(device.session_id))
    return night.store.call_director(device)


# --- the director's actions on the tables --------------------------------------------------------


def hand_over(night: Service, actor: Actor, session_id: int, device_id: int) -> None:
    """Make phone ``device_id`` its table's scorer (the one before only watches now)."""
    night.check(actor, Action.HAND_OVER, night.info(session_id))
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
        raise Refused(422, str(error)) from None


# --- the lead against the hand record ------------------------------------------------------------


def lead_problem(deal_text: str | None, declarer: str, lead: str) -> str | None:
    """Why ``lead`` cannot be the opening lead against ``declarer`` on this hand record, or
    None when it can (or there is no hand record to check against)."""
    if not deal_text or not lead.strip() or not declarer.strip():
        return None
    card = lead.strip().upper().replace("10", "T")
    if len(card) != 2 or card[0] not in "SHDC" or card[1] not in "AKQJT98765432":
        return f"{lead!r} is not a card: a suit (S, H, D, C) then a rank (A K Q J 10 9 … 2)"
    try:
        leader = Seat.parse(declarer).next
        hand = Deal.from_pbn(deal_text)[leader]
    except (BridgeScoreError, ParseError):
        return None
    if hand is None:
        return None
    if card[1] not in hand.holding(Strain.parse(card[0])):
        return (
            f"{_card_words(card)} is not in {_SEAT_WORDS[leader]}'s hand on the hand record: "
            f"{_SEAT_WORDS[leader]} leads against {declarer.strip().upper()}"
        )
    return None


_SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def _card_words(card: str) -> str:
    suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[0]]
    return f"{suit}{'10' if card[1] == 'T' else card[1]}"
