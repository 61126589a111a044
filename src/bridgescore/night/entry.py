"""The one entry service: every result goes through here, from the console's grid, a table's
phone, the history page's correction and ``bridgescore sessions correct`` alike.

A result is read once into the core's :class:`~bridgescore.traveller.TableResult`
(:mod:`bridgescore.night.lines`). What it is (:func:`kind_of`) and who sends it decide, by the
permission table (:mod:`bridgescore.night.permissions`), whether it may be sent at all. Then,
inside one transaction on the line (:class:`~bridgescore.store.line_log.LineLog`), the line's
state decides whether it is applied or held for the director:

* a user's result on an empty line is entered; on a line with a result it is a correction, which
  needs a reason; a ruling in force is changed only by whom the table allows; after the
  correction period a change needs an explicit override;
* a table's phone enters its own table's lines; it changes only its own table's entry of its
  current round, naming that entry, while no entry of the director's is in force. Anything else
  it sends, and everything a watching or removed phone sends (or any phone once the results are
  published), is held for the director: never applied over what is in force, never dropped;
  so is its result on a board of a Swiss round the next round was drawn on
  (:func:`bridgescore.night.swiss.drawn_on`);
* a client id is one result: sent again by the same phone or user for the same line and result,
  the first answer is given again and nothing is written; used for anything else it is refused,
  never acknowledged.

Each function returns after the commit: only then may the client be told.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from bridgescore.languages import N_, _
from bridgescore.languages.text import Sentences
from bridgescore.movements import Movement
from bridgescore.night import hand_records, swiss
from bridgescore.night.lines import Place, TypedResult, place_line, position_of, same_result
from bridgescore.night.numbers import whole
from bridgescore.night.permissions import Action, Actor, Role, role_of
from bridgescore.night.refusals import NotFound, Refused, as_refusal
from bridgescore.night.service import Service
from bridgescore.store import StoreError
from bridgescore.store import tables as store_tables
from bridgescore.store.line_log import Known, LineLog
from bridgescore.store.lines import line_key, read_result
from bridgescore.store.live import LIVE, PUBLISHED, LiveInfo
from bridgescore.store.results import LogEntry
from bridgescore.store.tables import Conflict, Device
from bridgescore.traveller import TableResult

ENTERED = "entered"
AT_THE_TABLE = N_("corrected at the table")

# Why a table's result is held for the director, kept in English with the held result (data:
# the same whoever reads it), and what the director's choice between the two writes in the log;
# read back (``STORED``) each is shown in the reader's language.
_AFTER_PUBLISHING = N_("sent after the results were published")
_REMOVED = N_("sent by phone %(phone)s after it was removed from table %(table)s")
_WATCHES = N_("sent by phone %(phone)s, which only watches at table %(table)s")
_RULING_BY = N_("the director's ruling %(result)s is in force (%(by)s)")
_ENTRY_BY = N_("the console's entry %(result)s is in force (%(by)s)")
_RULING = N_("the ruling %(result)s is in force")
_NOT_KNOWN = N_("the phone did not know of %(result)s, entered by %(by)s")
_ROUND_OVER = N_("round %(round)s is over at this table (it has results of round %(last)s)")
_CHOSEN = N_("the director chose %(by)s's result (held result %(held)s)")
_USED = N_("used %(result)s")
_KEPT = N_("kept %(result)s")
_UNDO = N_("undo: back to %(result)s (entry %(entry)s)")
STORED = (
    AT_THE_TABLE,
    _UNDO,
    _AFTER_PUBLISHING,
    _REMOVED,
    _WATCHES,
    _RULING_BY,
    _ENTRY_BY,
    _RULING,
    _NOT_KNOWN,
    _ROUND_OVER,
    _CHOSEN,
    _USED,
    _KEPT,
)
_SAID = Sentences(*STORED, *store_tables.STORED, *hand_records.STORED)


def said(text: str | None) -> str | None:
    """A reason, a note or a recorder's name bridgescore stored in English (a held result's
    reason, a table's event, ``table 1 (phone 3)``) as the :class:`Text` it was made from, shown
    in the reader's language; what a person typed as it is."""
    return _SAID.read(text)


@dataclass(frozen=True)
class Outcome:
    """What a result did: applied (``entry``, the entry in force for it; ``stored``, whether
    this request wrote it rather than an earlier one with its id), or ``held`` for the
    director, with the reason in the held result."""

    entry: LogEntry | None
    stored: bool
    held: Conflict | None


def kind_of(line: TableResult) -> Action:
    """What entering ``line`` is: a played result (a contract, or a pass-out), a board not
    played, a bare score, an adjusted or assigned score, or a point score."""
    if not line.played:
        return Action.NOT_PLAYED
    if line.kind in ("artificial", "split", "weighted", "assigned"):
        return Action.ARTIFICIAL
    single = line.result
    if single is not None and single.assigned_points:
        return Action.POINT_SCORE
    if single is not None and single.contract is None and not single.passed_out:
        return Action.SCORE_ONLY
    return Action.ENTER


def is_ruling(line: TableResult) -> bool:
    """Whether an entry is a director's ruling: an adjusted, assigned or point score."""
    return kind_of(line) in (Action.ARTIFICIAL, Action.POINT_SCORE)


# --- entering a result at its place --------------------------------------------------------------


def read_typed(
    night: Service,
    actor: Actor,
    session_id: int,
    place: Place,
    typed: TypedResult,
    info: LiveInfo | None = None,
) -> tuple[LiveInfo, TableResult]:
    """The line ``typed`` makes at ``place`` (a phone's own table when the place names none),
    refused unless the actor may send that kind of result there (``info``: the session's
    state, when the caller has just read it)."""
    if info is None or info.id != session_id:
        info = night.info(session_id)
    device = actor.device
    board, round, table = place
    if table is None:
        if device is None:
            raise Refused(400, _("a result needs its board, round and table"))
        table = int(device.table)
    movement = movement_to_enter(night, info)
    section = device.section if device is not None else ""
    # Who may not enter here at all is refused before anything typed is looked at.
    night.check(actor, Action.WATCH if device is None else Action.ENTER, info, str(table))
    vulnerability = night.vulnerability(session_id, board)
    line = place_line(movement, board, round, table, typed, vulnerability, section)
    night.check(actor, kind_of(line), info, line.table)
    return info, line


def movement_to_enter(night: Service, info: LiveInfo) -> Movement:
    """The movement results of ``info``'s session are entered by; an imported session has
    none, and nothing can be entered in it."""
    movement = night.movement(info)
    if movement is None:
        raise Refused(
            422,
            _(
                "session %(session_id)s was imported: it has no movement to enter by",
                session_id=info.id,
            ),
        )
    return movement


def enter(
    night: Service,
    actor: Actor,
    session_id: int,
    place: Place,
    typed: TypedResult,
    *,
    client_id: str | None,
    replaces: int | None = None,
    reason: str | None = None,
    override: bool = False,
    info: LiveInfo | None = None,
) -> Outcome:
    """Enter the result typed for ``place`` (see the module; ``info``: the session's state,
    when the caller has just read it)."""
    info, line = read_typed(night, actor, session_id, place, typed, info)
    hand_records.refuse_wrong_lead(night, actor, session_id, line)
    with opened(night, session_id, line_key(line.key)) as log:
        if client_id is not None:
            known = log.known(client_id)
            if known is not None:
                return _again(known, actor, log.key, line)
        if actor.device is not None:
            return _from_table(night, log, actor, info, line, client_id, replaces)
        return Outcome(*_from_user(night, log, actor, info, line, reason, client_id, override))


def _again(known: Known, actor: Actor, key: str, line: TableResult) -> Outcome:
    """A client id used before: the same result again from the same sender, answered as the
    first time; anything else refused."""
    if actor.device is not None:
        same_sender = known.device_id == actor.device.id
    else:
        same_sender = known.device_id is None and known.recorded_by == actor.name
    if not (same_sender and known.key == key and same_result(known.line, line)):
        raise Refused(
            422,
            _(
                "this result's id was already used for another result: it was not stored "
                "(each result needs an id of its own)"
            ),
        )
    return Outcome(known.entry, False, known.conflict)


@contextmanager
def opened(night: Service, session_id: int, key: str) -> Iterator[LineLog]:
    """The line's transaction; what the store refuses in it is refused to the client (422)."""
    try:
        with night.store.line(session_id, key) as log:
            yield log
    except StoreError as error:
        raise as_refusal(error, Refused(422, str(error))) from None


def _from_user(
    night: Service,
    log: LineLog,
    actor: Actor,
    info: LiveInfo,
    line: TableResult,
    reason: str | None,
    client_id: str | None,
    override: bool,
) -> tuple[LogEntry, bool, None]:
    current = log.in_force()
    swiss.drawn_on(night, log, actor, info, line)  # refused unless the actor may change it
    if current is None:
        entry = log.append(
            line, by=actor.name, reason=ENTERED, client_id=client_id, position=position_of(line)
        )
        return entry, True, None
    if same_result(current.line, line):
        return current, False, None
    words = (reason or "").strip()
    if not words:
        raise Refused(
            422,
            _(
                "board %(board)s already has %(result)s for this table: a change needs a reason",
                board=line.board,
                result=repr(current.result),
            ),
        )
    _may_change(night, actor, info, current)
    forced = _period(log.info, log.now, override)
    entry = log.append(
        line,
        by=actor.name,
        reason=f"{forced}: {words}" if forced else words,
        client_id=client_id,
    )
    return entry, True, None


def _may_change(night: Service, actor: Actor, info: LiveInfo, current: LogEntry) -> None:
    """A user may change the entry in force: a ruling only whom the table lets."""
    action = Action.CHANGE_RULING if is_ruling(current.line) else Action.CORRECT
    night.check(actor, action, info, current.line.table)


def _from_table(
    night: Service,
    log: LineLog,
    actor: Actor,
    info: LiveInfo,
    line: TableResult,
    client_id: str | None,
    replaces: int | None,
) -> Outcome:
    device = actor.device
    assert device is not None
    current = log.in_force()
    if current is not None and same_result(current.line, line):
        return Outcome(current, False, None)  # what is in force already: nothing to decide
    why = _held_because(log, actor, info, device, line, current, replaces)
    if why is None:
        why = swiss.drawn_on(night, log, actor, info, line)
    if why is not None:
        held = log.hold(line, against=current, reason=why, client_id=client_id, device=device)
        return Outcome(None, False, held)
    reason = ENTERED if current is None else AT_THE_TABLE
    entry = log.append(
        line,
        by=device.name,
        reason=reason,
        client_id=client_id,
        device_id=device.id,
        position=position_of(line),
        table_id=device.table_id,
    )
    return Outcome(entry, True, None)


def _held_because(
    log: LineLog,
    actor: Actor,
    info: LiveInfo,
    device: Device,
    line: TableResult,
    current: LogEntry | None,
    replaces: int | None,
) -> str | None:
    """Why a table's result is held for the director rather than applied (None: it is not)."""
    if log.info.status != LIVE:  # read in the line's transaction: not before a publishing
        return _AFTER_PUBLISHING
    if device.ended_at is not None:
        return _REMOVED % {"phone": device.id, "table": device.table}
    if role_of(actor, info.id, info.club_id, line.table) is Role.WATCHER:
        return _WATCHES % {"phone": device.id, "table": device.table}
    if current is None:
        return None
    if log.device_table(current.device_id) != device.table_id:
        who = _RULING_BY if is_ruling(current.line) else _ENTRY_BY
        return who % {"result": repr(current.result), "by": current.recorded_by}
    if is_ruling(current.line):
        return _RULING % {"result": repr(current.result)}
    if replaces != current.id:
        return _NOT_KNOWN % {"result": repr(current.result), "by": current.recorded_by}
    last = log.last_round(device.section, device.table)
    if last is not None and line.round is not None and line.round < last:
        return _ROUND_OVER % {"round": line.round, "last": last}
    return None


# --- a line already in the log: correcting and undoing -------------------------------------------


def correct(
    night: Service,
    actor: Actor,
    session_id: int,
    key: str,
    text: str,
    *,
    reason: str,
    assigned: bool = False,
    lead: str | None = None,
    client_id: str | None = None,
    override: bool = False,
) -> LogEntry:
    """Correct the line ``key`` to the result ``text`` (traveller notation), with a reason."""
    info = night.info(session_id)
    night.check(actor, Action.WATCH, info)  # a console's action: a phone corrects by entering
    if not reason.strip():
        raise Refused(422, _("a correction needs a reason"))
    with opened(night, session_id, key) as log:
        current = _line(log, session_id)
        vulnerability = current.line.vulnerability or log.vulnerability(current.line.board)
        ns_side, ew_side, implied = read_result(text, vulnerability)
        line = replace(
            current.line,
            ns_side=ns_side,
            ew_side=ew_side,
            assigned=assigned or implied,
            lead=(lead or "").strip().upper() or current.line.lead,
        )
        night.check(actor, kind_of(line), info, line.table)
        if (lead or "").strip():  # a lead kept from before is not asked about again
            hand_records.refuse_wrong_lead(night, actor, session_id, line)
        if client_id is not None:
            known = log.known(client_id)
            if known is not None:
                outcome = _again(known, actor, key, line)
                assert outcome.entry is not None
                return outcome.entry
        entry, _held, _shown = _from_user(
            night, log, actor, info, line, reason, client_id, override
        )
        return entry


def undo(
    night: Service, actor: Actor, session_id: int, key: str, *, override: bool = False
) -> LogEntry:
    """Restore the entry the one in force replaced: a new entry, so the undo is logged too."""
    info = night.info(session_id)
    night.check(actor, Action.WATCH, info)
    with opened(night, session_id, key) as log:
        current = _line(log, session_id)
        if current.supersedes is None:
            raise Refused(
                422,
                _(
                    "nothing to undo: %(result)s is the line's first entry",
                    result=repr(current.result),
                ),
            )
        action = Action.CHANGE_RULING if is_ruling(current.line) else Action.UNDO
        night.check(actor, action, info, current.line.table)
        forced = _period(log.info, log.now, override)
        previous = log.entry(current.supersedes)
        reason = _UNDO % {"result": repr(previous.result), "entry": previous.id}
        return log.append(
            previous.line, by=actor.name, reason=f"{forced}: {reason}" if forced else reason
        )


def _line(log: LineLog, session_id: int) -> LogEntry:
    current = log.in_force()
    if current is None:
        raise NotFound(
            _(
                "session %(session_id)s has no traveller line %(key)s",
                session_id=session_id,
                key=repr(log.key),
            )
        )
    return current


def _period(info: LiveInfo, now: datetime, override: bool) -> str | None:
    """None while results may change freely; else the words to log with an override."""
    if info.status != PUBLISHED or info.provisional_until is None:
        return None
    until = info.provisional_until
    if until.tzinfo is None:
        until = until.replace(tzinfo=now.tzinfo or UTC)
    if now <= until:
        return None
    if not override:
        raise Refused(
            422,
            _(
                "the results were final at %(until)s UTC: a change now needs an explicit override",
                until=f"{until:%Y-%m-%d %H:%M}",
            ),
        )
    return "override after the correction period"


# --- settling a held result ----------------------------------------------------------------------

UNSEEN = -1  # ``against`` when the request does not say which entry was shown to the director


def resolve(
    night: Service,
    actor: Actor,
    session_id: int,
    conflict_id: int,
    *,
    use: bool,
    against: int | None = UNSEEN,
) -> Conflict:
    """The director's choice for a held result: the table's (a correction in the log, naming
    it) or the entry in force (kept). ``against`` is the entry in force the director was shown
    (None: none was); when the line has changed since, the choice is refused, and the held
    result is asked again against what is in force now."""
    info = night.info(session_id)
    night.check(actor, Action.RESOLVE, info)
    try:
        key = night.store.conflict(session_id, conflict_id).entry_key
    except StoreError as error:
        raise as_refusal(error, NotFound(str(error))) from None
    with opened(night, session_id, key) as log:
        held = log.conflict(conflict_id)
        if held.resolved_at is not None:
            raise Refused(
                422,
                _(
                    "the result kept for the director was already settled: %(resolution)s",
                    resolution=held.resolution,
                ),
            )
        current = log.in_force()
        shown = held.against if against == UNSEEN else against
        if (None if current is None else current.id) != shown:
            log.reask(held, current)
            changed = current.result if current is not None else "no result"
            stale = Refused(
                409,
                _(
                    "board %(board)s, table %(table)s has changed since: it now has %(now)s. "
                    "Choose again between that and %(held)s",
                    board=held.board,
                    table=held.table,
                    now=repr(changed),
                    held=repr(held.result),
                ),
            )
        else:
            stale = None
            if use and (current is None or not same_result(current.line, held.line)):
                if current is not None:
                    night.check(actor, _change_of(current), info, held.table)
                log.append(
                    held.line,
                    by=actor.name,
                    reason=_CHOSEN % {"by": held.recorded_by, "held": conflict_id},
                    position=position_of(held.line),
                )
            kept = current.result if current is not None else "no result"
            words = _USED if use else _KEPT
            words %= {"result": repr(held.result if use else kept)}
            done = log.settle(held, by=actor.name, words=words)
    if stale is not None:  # the held result was asked again (committed): now say so
        raise stale
    return done


def _change_of(current: LogEntry) -> Action:
    return Action.CHANGE_RULING if is_ruling(current.line) else Action.CORRECT


def parse_against(text: str | None) -> int | None:
    """The ``against`` a form sent: an entry id, empty for none, absent for unseen."""
    if text is None:
        return UNSEEN
    if not text.strip():
        return None
    return whole(text, N_("the entry it was held against"))
