"""A Swiss event (teams of four, or pairs) run in the console, with phones at the tables.

The event is the library's :class:`~bridgescore.swiss.SwissEvent`, kept as a list of steps in
the database (:mod:`bridgescore.store.swiss`): each step -- the start, a round drawn, a late
entry, a withdrawal, a publishing -- is stored whole before anyone is shown it, so a restart of
the server loses nothing, and asking for a round already drawn shows the same draw.

Its boards are entered in one live session, by the one entry path every result takes
(:mod:`bridgescore.night.entry`): each round's matches are the session's tables, and its
movement grows with each round drawn. Round ``r`` plays boards ``(r − 1) × B + 1`` to ``r × B``
at every table. At teams, match ``k`` of a round is played at tables ``2k − 1`` (room 1: the
home team North-South) and ``2k`` (room 2: the away team North-South), each table entering its
own boards; at Swiss pairs, match ``k`` is table ``k``, the home pair North-South.

A match's score is worked out from the boards in force, never typed: at teams, once both
tables have every board in, the two rooms are compared board by board
(:func:`bridgescore.scoring.teams.score_teams`, §6.2); at pairs, each board is scored in IMPs
against the datum of every table that played it in the round (Butler, §6.4), so a match is
complete when the whole round is in. Each team's IMPs are the IMPs it won on each board; their
difference becomes VPs on the event's scale. The event shown is the event stored with every
score the boards make now; the scores a draw rested on are kept in its step, and a board
changed after the next round was drawn on it is shown beside the score that draw used.

Who may do what is the permission table's (:mod:`bridgescore.night.permissions`): a director
starts an event, draws, enters and withdraws teams and publishes; a table's phone enters its own
table's boards, and its result for a round the next round was drawn on is held for the
director, never applied.
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from typing import Any

from bridgescore.bridge import Vulnerability, dealer_for_board
from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_, _, ngettext
from bridgescore.movements import Movement
from bridgescore.movements import jsonform as movement_json
from bridgescore.movements.model import Contestant, Play
from bridgescore.night.numbers import whole
from bridgescore.night.permissions import Action, Actor, Rule
from bridgescore.night.refusals import NotFound, Refused
from bridgescore.night.service import Service
from bridgescore.rules import VpScale
from bridgescore.scoring import score_teams
from bridgescore.session import FieldStructure
from bridgescore.store import StoreError, parse_date
from bridgescore.store.line_log import LineLog
from bridgescore.store.lines import line_key
from bridgescore.store.live import LiveInfo
from bridgescore.store.sessions import BoardRow, EntrantRow
from bridgescore.store.swiss import KINDS, StaleStep, StoredSwiss, SwissEvents, SwissRow
from bridgescore.store.tables import Device
from bridgescore.swiss import (
    Conditions,
    Draw,
    FirstRound,
    Match,
    MatchScore,
    SwissError,
    SwissEvent,
    Team,
    TieBreak,
)
from bridgescore.traveller import RowKey, TableResult

MAX_BOARDS = 36  # a round's boards at one table (a movement's most)
MAX_TABLES = 100  # the tables of one round (a movement's most)


# --- what a match is made of -------------------------------------------------------------------


def tables_of(kind: str, match: Match) -> tuple[int, ...]:
    """The session's tables of a match: its two rooms at teams, its one table at pairs."""
    return (2 * match.table - 1, 2 * match.table) if kind == "teams" else (match.table,)


def boards_of(conditions: Conditions, round_number: int) -> tuple[int, ...]:
    """The boards of a round: every table plays the same ones."""
    first = (round_number - 1) * conditions.boards + 1
    return tuple(range(first, first + conditions.boards))


def table_count(kind: str, teams: int) -> int:
    """The tables a round of ``teams`` teams (or pairs) needs."""
    return teams // 2 * (2 if kind == "teams" else 1)


def movement_of(kind: str, conditions: Conditions, draws: Sequence[Draw]) -> Movement:
    """The session's movement for the rounds drawn: each match's tables, who sits NS and EW."""
    plays = []
    for draw in draws:
        numbers = boards_of(conditions, draw.round)
        for match in draw.matches:
            home, away = Contestant(match.home), Contestant(match.away)
            seated = ((home, away), (away, home)) if kind == "teams" else ((home, away),)
            for table, seats in zip(tables_of(kind, match), seated, strict=True):
                plays.append(Play(draw.round, table, numbers[0], numbers, seats))
    return Movement(
        kind=FieldStructure.HOWELL,
        tables=max(p.table for p in plays),
        rounds=len(draws),
        boards_per_round=conditions.boards,
        plays=tuple(plays),
        name=f"Swiss {kind}",
        repeats=True,  # Danish rounds may draw a rematch
    )


@dataclass(frozen=True)
class BoardImps:
    """One board of a match: each table's result, and the IMPs each side won on it (None
    until it can be scored: both rooms in at teams, the whole round in at pairs)."""

    board: int
    results: tuple[TableResult | None, ...]  # at each of the match's tables
    home: Fraction | None
    away: Fraction | None


@dataclass(frozen=True)
class MatchState:
    """A match of a drawn round as its boards stand."""

    round: int
    match: Match
    tables: tuple[int, ...]
    entered: tuple[int, ...]  # boards in force at each table
    boards: tuple[BoardImps, ...]
    score: MatchScore | None  # once complete
    vps: tuple[Fraction, Fraction] | None
    drawn_on: MatchScore | None  # the score a later draw rested on, when the boards now differ

    @property
    def complete(self) -> bool:
        return self.score is not None


@dataclass(frozen=True)
class SwissView:
    """A Swiss event as the console shows it: its row, the event with every score its boards
    make now, each drawn round's matches, the results held for the director in each round, and
    why the next round cannot be drawn yet (None: it can be)."""

    row: SwissRow
    info: LiveInfo
    stored: StoredSwiss
    event: SwissEvent
    rounds: tuple[tuple[MatchState, ...], ...]
    held: Mapping[int, int]
    revision: int
    waiting: str | None

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def step(self) -> int:
        return self.stored.last.number

    @property
    def complete_rounds(self) -> int:
        """How many rounds, from the first, have every score in."""
        done = 0
        for number in range(1, self.event.drawn + 1):
            if self.event.missing(number):
                break
            done = number
        return done


# --- reading an event -----------------------------------------------------------------------


def events(night: Service) -> SwissEvents:
    return SwissEvents(night.store)


def _stored(night: Service, swiss_id: int) -> StoredSwiss:
    try:
        return events(night).get(swiss_id)
    except StoreError:
        raise NotFound(_("no Swiss event with id %(swiss_id)s", swiss_id=swiss_id)) from None


def _event(stored: StoredSwiss) -> SwissEvent:
    try:
        return SwissEvent.from_data(stored.last.event)
    except SwissError as error:
        raise Refused(
            422,
            _(
                "the stored Swiss event %(id)s cannot be read: %(error)s",
                id=stored.row.id,
                error=error,
            ),
        ) from None


def view(night: Service, actor: Actor, swiss_id: int, action: Action = Action.WATCH) -> SwissView:
    """The event as it stands, for an actor who may do ``action`` on it."""
    stored = _stored(night, swiss_id)
    info = night.info(stored.row.session_id)
    try:
        night.check(actor, action, info)
    except NotFound:
        raise NotFound(_("no Swiss event with id %(swiss_id)s", swiss_id=swiss_id)) from None
    return _view(night, stored, info)


def _view(night: Service, stored: StoredSwiss, info: LiveInfo) -> SwissView:
    row = stored.row
    base = _event(stored)
    marks = night.store.marks(row.session_id)
    snapshot = night.scores.snapshot(row.session_id, marks)
    rounds = _rounds(row.kind, base, snapshot.lines, snapshot.result)
    drawn = drawn_scores(night, row.id)
    scores: dict[tuple[int, int, int], MatchScore] = {}
    for matches in rounds:
        for state in matches:
            key = (state.round, state.match.home, state.match.away)
            if state.score is not None:
                scores[key] = state.score
            elif key in drawn:  # a board undone since the next round was drawn on it
                scores[key] = drawn[key]
    event = replace(base, scores=scores)
    with_vps = tuple(
        tuple(
            replace(
                s,
                vps=event.match_vps(s.round, s.match),
                drawn_on=_differs(drawn.get((s.round, s.match.home, s.match.away)), s.score),
            )
            for s in matches
        )
        for matches in rounds
    )
    held: dict[int, int] = defaultdict(int)
    for conflict in night.store.conflicts(row.session_id):
        if conflict.round is not None:
            held[conflict.round] += 1
    found = SwissView(row, info, stored, event, with_vps, dict(held), marks.revision, None)
    return replace(found, waiting=_waiting(found))


def drawn_scores(night: Service, swiss_id: int) -> dict[tuple[int, int, int], MatchScore]:
    """The scores each round was drawn on: round ``r``'s, as the draw of round ``r + 1`` kept
    them, by (round, home, away)."""
    found: dict[tuple[int, int, int], MatchScore] = {}
    for step in events(night).steps(swiss_id):
        if step.action != "draw" or not step.round or step.round < 2:
            continue
        for s in step.event.get("scores", ()):
            if int(s["round"]) == step.round - 1:
                key = (int(s["round"]), int(s["home"]), int(s["away"]))
                found[key] = MatchScore(Fraction(s["home_imps"]), Fraction(s["away_imps"]))
    return found


def _differs(drawn: MatchScore | None, now: MatchScore | None) -> MatchScore | None:
    """The score a later round was drawn on, when the boards now make another (or none)."""
    return drawn if drawn is not None and drawn != now else None


def _rounds(
    kind: str, event: SwissEvent, lines: Mapping[str, TableResult], result: Any
) -> tuple[tuple[MatchState, ...], ...]:
    """Each drawn round's matches as the boards in force make them."""
    out = []
    for draw in event.draws:
        numbers = boards_of(event.conditions, draw.round)
        placed = {
            (table, board): lines.get(line_key(RowKey(None, board, draw.round, str(table))))
            for match in draw.matches
            for table in tables_of(kind, match)
            for board in numbers
        }
        if kind == "teams":
            scored = _teams_round(result, [line for line in placed.values() if line is not None])
            out.append(
                tuple(_teams_match(draw.round, m, numbers, placed, scored) for m in draw.matches)
            )
        else:
            whole_round = all(line is not None for line in placed.values())
            butler = _butler(result)
            out.append(
                tuple(
                    _pairs_match(draw.round, m, numbers, placed, butler, whole_round)
                    for m in draw.matches
                )
            )
    return tuple(out)


def _counts(
    match: Match, kind: str, numbers: Sequence[int], placed: Mapping[tuple[int, int], Any]
) -> tuple[int, ...]:
    return tuple(
        sum(1 for b in numbers if placed[(t, b)] is not None) for t in tables_of(kind, match)
    )


def _teams_round(result: Any, rows: list[TableResult]) -> dict[tuple[int, int], Any]:
    """The round's matches compared room against room, by (home, away) as room 1 seats them."""
    if result is None or not rows:
        return {}
    session = replace(result.session, tables=tuple(sorted(rows, key=_room_order)))
    try:
        compared = score_teams(session, result.rules)
    except BridgeScoreError:
        return {}
    return {(m.home.number, m.away.number): m for m in compared.matches}


def _room_order(line: TableResult) -> tuple[int, int]:
    """Room 1 (the odd table) before room 2, so room 1's NS team is the home team."""
    return line.board, int(line.table or 0)


def _teams_match(
    round_number: int,
    match: Match,
    numbers: Sequence[int],
    placed: Mapping[tuple[int, int], TableResult | None],
    scored: Mapping[tuple[int, int], Any],
) -> MatchState:
    room1, room2 = tables_of("teams", match)
    compared = scored.get((match.home, match.away))
    by_board = {b.board: b for b in compared.boards} if compared is not None else {}
    boards = []
    for number in numbers:
        found = by_board.get(number)
        home = away = None
        if found is not None:
            home = max((found.home_imps - found.away_imps) / 2, Fraction(0))
            away = max((found.away_imps - found.home_imps) / 2, Fraction(0))
        boards.append(
            BoardImps(number, (placed[(room1, number)], placed[(room2, number)]), home, away)
        )
    entered = _counts(match, "teams", numbers, placed)
    score = None
    if all(count == len(numbers) for count in entered):
        if compared is None:  # every board entered, none comparable (not played in both rooms)
            score = MatchScore(Fraction(0), Fraction(0))
        else:
            score = MatchScore(compared.home_imps, compared.away_imps)
    return MatchState(
        round_number, match, (room1, room2), entered, tuple(boards), score, None, None
    )


def _butler(result: Any) -> dict[str, tuple[Fraction | None, Fraction | None]]:
    """Each line's IMPs against the datum (NS, EW), by the line's key."""
    if result is None or not hasattr(result, "boards"):
        return {}
    return {
        line_key(st.table.key): (st.ns_points, st.ew_points)
        for board in result.boards
        for st in board.tables
    }


def _pairs_match(
    round_number: int,
    match: Match,
    numbers: Sequence[int],
    placed: Mapping[tuple[int, int], TableResult | None],
    butler: Mapping[str, tuple[Fraction | None, Fraction | None]],
    whole_round: bool,
) -> MatchState:
    (table,) = tables_of("pairs", match)
    boards = []
    home_total = away_total = Fraction(0)
    for number in numbers:
        line = placed[(table, number)]
        home = away = None
        if line is not None:
            ns, ew = butler.get(line_key(line.key), (None, None))
            if ns is not None and ew is not None:
                home = max((ns - ew) / 2, Fraction(0))
                away = max((ew - ns) / 2, Fraction(0))
                home_total += home
                away_total += away
        boards.append(BoardImps(number, (line,), home, away))
    entered = _counts(match, "pairs", numbers, placed)
    score = MatchScore(home_total, away_total) if whole_round else None
    return MatchState(round_number, match, (table,), entered, tuple(boards), score, None, None)


def _waiting(found: SwissView) -> str | None:
    """Why the next round cannot be drawn yet, in a sentence (None: it can be asked for)."""
    event = found.event
    rounds = event.conditions.rounds
    if event.drawn >= rounds:
        return _("all %(rounds)s rounds have been drawn", rounds=rounds)
    if event.drawn == 0:
        return None
    last = event.drawn
    to_come = []
    for state in found.rounds[last - 1]:
        for table, count in zip(state.tables, state.entered, strict=True):
            missing = event.conditions.boards - count
            if missing:
                to_come.append(
                    ngettext(
                        "%(num)d board at table %(table)s",
                        "%(num)d boards at table %(table)s",
                        missing,
                        table=table,
                    )
                )
    if to_come:
        return _(
            "round %(next)s cannot be drawn until every board of round %(round)s is in "
            "(to come: %(missing)s)",
            next=last + 1,
            round=last,
            missing=", ".join(to_come),
        )
    if found.held.get(last):
        return ngettext(
            "round %(next)s cannot be drawn while %(num)d result of round %(round)s is kept "
            "for the director: settle it on the tables page first",
            "round %(next)s cannot be drawn while %(num)d results of round %(round)s are kept "
            "for the director: settle them on the tables page first",
            found.held[last],
            next=last + 1,
            round=last,
        )
    return None


# --- the steps -----------------------------------------------------------------------------------


def start(night: Service, actor: Actor, form: Mapping[str, str]) -> int:
    """Start the Swiss event the form describes (its conditions and teams); returns its id."""
    night.check_club(actor, Action.SWISS_START)
    assert actor.user is not None
    kind = (form.get("kind") or "teams").strip().lower()
    if kind not in KINDS:
        raise Refused(
            422, _("not a kind of Swiss event: %(kind)s (expected teams or pairs)", kind=repr(kind))
        )
    title = " ".join(form.get("title", "").split()) or f"Swiss {kind}"
    played_on = _date(form.get("date", ""))
    names = [" ".join(n.split()) for n in form.get("names", "").splitlines() if n.strip()]
    count_text = form.get("teams", "").strip()
    number_of = N_("the number of teams") if kind == "teams" else N_("the number of pairs")
    count = whole(count_text, number_of, default=len(names) or None) if count_text else 0
    if not count_text and not names:
        raise Refused(
            422,
            _("how many teams? Give their number or their names, one a line")
            if kind == "teams"
            else _("how many pairs? Give their number or their names, one a line"),
        )
    if names and count and count != len(names):
        asked = {"count": count, "names": len(names)}
        raise Refused(
            422,
            _(
                "%(count)s teams were asked for but %(names)s names given: give one name a "
                "line for each team, or no names",
                **asked,
            )
            if kind == "teams"
            else _(
                "%(count)s pairs were asked for but %(names)s names given: give one name a "
                "line for each pair, or no names",
                **asked,
            ),
        )
    count = count or len(names)
    conditions = _conditions(form, kind, count)
    seeded = conditions.first_round is FirstRound.SEEDED
    teams = [
        Team(n, names[n - 1] if names else None, n if seeded else None) for n in range(1, count + 1)
    ]
    try:
        event = SwissEvent.start(conditions, teams)
    except SwissError as error:
        raise Refused(422, str(error)) from None
    overrides: dict[str, Any] = {"vp_scale": conditions.vp_scale.value}
    if kind == "pairs":
        overrides["method"] = "butler"  # each board in IMPs against the round's datum
    last = conditions.rounds * conditions.boards
    boards = tuple(
        BoardRow(b, Vulnerability.for_board(b).value, dealer_for_board(b).value, None)
        for b in range(1, last + 1)
    )
    entrants = tuple(EntrantRow("", "", t.number, False, t.name, None, ()) for t in teams)
    try:
        made = events(night).create(
            actor.user.club_id,
            kind=kind,
            title=title,
            played_on=played_on,
            rules={"name": "club", "overrides": overrides},
            boards=boards,
            teams=entrants,
            event=event.to_data(),
            by=actor.name,
        )
    except StoreError as error:
        raise Refused(422, str(error)) from None
    return made.row.id


def _conditions(form: Mapping[str, str], kind: str, count: int) -> Conditions:
    tables = table_count(kind, count)
    if tables > MAX_TABLES:
        needed = {"count": count, "tables": tables, "most": MAX_TABLES}
        raise Refused(
            422,
            _(
                "%(count)s teams need %(tables)s tables a round: a Swiss event here has at "
                "most %(most)s",
                **needed,
            )
            if kind == "teams"
            else _(
                "%(count)s pairs need %(tables)s tables a round: a Swiss event here has at "
                "most %(most)s",
                **needed,
            ),
        )
    rounds = whole(form.get("rounds", ""), N_("the number of rounds"))
    boards = whole(form.get("boards", "") or "8", N_("the boards a match"), default=8)
    if not 1 <= boards <= MAX_BOARDS:
        raise Refused(
            422,
            _(
                "a match here has 1 to %(max_boards)s boards, not %(boards)s",
                max_boards=MAX_BOARDS,
                boards=boards,
            ),
        )
    if not 1 <= rounds <= 99:
        raise Refused(
            422, _("a Swiss event here has 1 to 99 rounds, not %(rounds)s", rounds=rounds)
        )
    stationary = []
    for text in form.get("stationary", "").replace(",", " ").split():
        team, _sep, table = text.partition("=")
        if not (team.isdigit() and table.isdigit()):
            raise Refused(
                422,
                _(
                    "a stationary team is written TEAM=TABLE, e.g. 3=1: found %(text)s",
                    text=repr(text),
                )
                if kind == "teams"
                else _(
                    "a stationary pair is written TEAM=TABLE, e.g. 3=1: found %(text)s",
                    text=repr(text),
                ),
            )
        stationary.append((int(team), int(table)))
    try:
        return Conditions(
            rounds=rounds,
            boards=boards,
            vp_scale=VpScale.parse(form.get("vp_scale") or "continuous"),
            bye_vps=_vps(form.get("bye_vps", "12"), N_("the bye's VPs"), allow_none=True),
            late_vps=_vps(form.get("late_vps", "0"), N_("a late entry's VPs")) or Fraction(0),
            first_round=FirstRound.parse(form.get("first_round") or "random"),
            seed=whole(form.get("seed", "") or "0", N_("the seed of the draw"), default=0),
            danish=whole(form.get("danish", "") or "0", N_("the Danish rounds"), default=0),
            stationary=tuple(stationary),
            tie_breaks=tuple(
                TieBreak.parse(t)
                for t in (form.get("tie_breaks") or "head-to-head,imp-quotient").split(",")
                if t.strip()
            ),
        )
    except BridgeScoreError as error:
        raise Refused(422, str(error)) from None


def _vps(text: str | None, what: str, *, allow_none: bool = False) -> Fraction | None:
    value = (text or "").strip()
    if allow_none and value.lower() in ("", "none", "no bye"):
        return None
    try:
        return Fraction(value or "0")
    except (ValueError, ZeroDivisionError):
        raise Refused(
            422, _("%(what)s must be a number of VPs, not %(text)s", what=_(what), text=repr(text))
        ) from None


def _date(text: str) -> date | None:
    try:
        return parse_date(text) if text.strip() else None
    except BridgeScoreError as error:
        raise Refused(422, str(error)) from None


def draw(
    night: Service, actor: Actor, swiss_id: int, round_number: int | None = None
) -> tuple[SwissView, int]:
    """Draw the next round (``round_number``: the one expected; a round already drawn is
    shown as it was drawn). The draw is stored, with the session's movement, before it is
    returned."""
    found = view(night, actor, swiss_id, Action.SWISS_DRAW)
    event = found.event
    number = event.drawn + 1 if round_number is None else round_number
    if 1 <= number <= event.drawn:
        return found, number
    if number == event.drawn + 1 and event.drawn < event.conditions.rounds and found.waiting:
        raise Refused(422, found.waiting)
    try:
        drawn = event.draw(number)
    except SwissError as error:
        raise Refused(422, str(error)) from None
    plan = movement_json.dumps(movement_of(found.row.kind, drawn.conditions, drawn.draws))
    done = _step(night, actor, found, "draw", drawn, round_number=number, plan=plan)
    if done is None:  # drawn meanwhile by someone else: the draw that was stored
        again = view(night, actor, swiss_id, Action.SWISS_DRAW)
        if again.event.drawn >= number:
            return again, number
        raise Refused(409, _("the Swiss event changed while the round was drawn: look at it again"))
    return done, number


def enter_team(
    night: Service, actor: Actor, swiss_id: int, number_text: str, name: str
) -> tuple[SwissView, int]:
    """A late entry, drawn from the next round on (numbered after the last when no number is
    given)."""
    found = view(night, actor, swiss_id, Action.SWISS_TEAMS)
    event = found.event
    default = max(t.number for t in event.teams) + 1
    number = whole(number_text, N_("the number"), default=default)
    named = " ".join(name.split()) or None
    try:
        changed = event.enter(number, named)
    except SwissError as error:
        raise Refused(422, str(error)) from None
    playing = sum(1 for t in changed.teams if not t.withdrawn)
    if table_count(found.row.kind, playing) > MAX_TABLES:
        raise Refused(
            422,
            _(
                "a Swiss event here has at most %(max_tables)s tables a round",
                max_tables=MAX_TABLES,
            ),
        )
    entrant = EntrantRow("", "", number, False, named, None, ())
    done = _step(night, actor, found, "enter", changed, team=number, entrant=entrant)
    if done is None:
        raise Refused(409, _("the Swiss event changed meanwhile: look at it again"))
    return done, number


def withdraw(night: Service, actor: Actor, swiss_id: int, number_text: str) -> SwissView:
    """A team withdrawn: not drawn again, its VPs kept."""
    found = view(night, actor, swiss_id, Action.SWISS_TEAMS)
    withdrawn = (
        N_("the team to withdraw") if found.row.kind == "teams" else N_("the pair to withdraw")
    )
    number = whole(number_text, withdrawn)
    try:
        changed = found.event.withdraw(number)
    except SwissError as error:
        raise Refused(422, str(error)) from None
    done = _step(night, actor, found, "withdraw", changed, team=number)
    if done is None:
        raise Refused(409, _("the Swiss event changed meanwhile: look at it again"))
    return done


def publish(night: Service, actor: Actor, swiss_id: int) -> SwissView:
    """Publish the draws so far and the standings after the last complete round, as they are
    now (published again after a later round, or a correction)."""
    found = view(night, actor, swiss_id, Action.SWISS_PUBLISH)
    if found.event.drawn == 0:
        raise Refused(422, _("no round has been drawn yet: there is nothing to publish"))
    through = found.complete_rounds
    last = found.stored.published
    if last is not None and last.round == through and last.event == found.event.to_data():
        return found  # published as it is: nothing new to say
    done = _step(night, actor, found, "publish", found.event, round_number=through)
    if done is None:
        raise Refused(409, _("the Swiss event changed meanwhile: look at it again"))
    return done


def _step(
    night: Service,
    actor: Actor,
    found: SwissView,
    action: str,
    event: SwissEvent,
    **changes: Any,
) -> SwissView | None:
    """The step stored after the one ``found`` was read at (None: another came first)."""
    try:
        stored = events(night).step(
            found.id, found.step, action, event.to_data(), actor.name, **changes
        )
    except StaleStep:
        return None
    except StoreError as error:
        raise Refused(422, str(error)) from None
    info = night.info(found.row.session_id)
    night.movement(info)  # this worker's copy of the movement and names, made again
    return _view(night, stored, info)


# --- lists, the published event, the phones ------------------------------------------------------


def club_events(night: Service, actor: Actor) -> list[StoredSwiss]:
    """The actor's club's Swiss events, newest first."""
    if actor.user is None:
        raise Refused(401, _("log in first"))
    return events(night).of_club(actor.user.club_id)


@dataclass(frozen=True)
class Published:
    """What was published of an event: the event then, the rounds complete then."""

    row: SwissRow
    event: SwissEvent
    through: int
    at: Any


def published(night: Service, swiss_id: int) -> Published:
    """The event as it was last published (anyone may see it); not found before."""
    try:
        stored = events(night).get(swiss_id)
    except StoreError:
        raise NotFound(_("no such page")) from None
    step = stored.published
    if step is None:
        raise NotFound(_("no such page"))
    event = SwissEvent.from_data(step.event)
    return Published(stored.row, event, step.round or 0, step.at)


def published_events(night: Service) -> list[Published]:
    """Every club's published Swiss events, newest first."""
    return [
        Published(
            s.row, SwissEvent.from_data(s.published.event), s.published.round or 0, s.published.at
        )
        for s in events(night).of_club(None)
        if s.published is not None
    ]


@dataclass(frozen=True)
class AtTable:
    """What a table's phone is shown of its Swiss event: the matches played at its table, each
    with its room (1 or 2 at teams, None at pairs)."""

    view: SwissView
    table: int
    matches: tuple[tuple[MatchState, int | None], ...]


def at_table(night: Service, device: Device) -> AtTable:
    """The matches of the phone's table, round by round (a phone of a Swiss event only)."""
    swiss_id = swiss_of(night, device.session_id)
    if swiss_id is None:
        raise NotFound(_("this table is not playing a Swiss event"))
    stored = _stored(night, swiss_id)
    found = _view(night, stored, night.info(device.session_id))
    table = int(device.table)
    mine = []
    for matches in found.rounds:
        for state in matches:
            if table in state.tables:
                room = state.tables.index(table) + 1 if found.row.kind == "teams" else None
                mine.append((state, room))
    return AtTable(found, table, tuple(mine))


# --- the entry path's question: a board of a round already drawn on -----------------------------

_SWISS_OF: weakref.WeakKeyDictionary[Service, dict[int, tuple[int, str] | None]] = (
    weakref.WeakKeyDictionary()
)


def _of_session(night: Service, session_id: int) -> tuple[int, str] | None:
    """(id, kind) of the Swiss event whose boards the session holds (None: an ordinary
    session), asked once per worker: a session is made a Swiss event's in the transaction that
    makes it."""
    known = _SWISS_OF.setdefault(night, {})
    if session_id not in known:
        found = events(night).of_session(session_id)
        known[session_id] = None if found is None else (found, _stored(night, found).row.kind)
    return known[session_id]


def swiss_of(night: Service, session_id: int) -> int | None:
    """The Swiss event whose boards the session holds (None: an ordinary session)."""
    found = _of_session(night, session_id)
    return None if found is None else found[0]


def kind_of(night: Service, session_id: int) -> str | None:
    """ "teams" or "pairs" for a Swiss event's session (None: an ordinary session): what a
    phone at its tables calls the entrants, and whether it asks for its match."""
    found = _of_session(night, session_id)
    return None if found is None else found[1]


def drawn_on(
    night: Service, log: LineLog, actor: Actor, info: LiveInfo, line: TableResult
) -> str | None:
    """For a result on a board of a Swiss round the next round was drawn on (read in the line's
    transaction): why it is held for the director when the permission table says so (a phone),
    None when it may be applied (a director or scorer; refused with a sentence otherwise); None
    for every other line."""
    if line.round is None or swiss_of(night, info.id) is None:
        return None
    movement = night.movement(log.info)
    if movement is None or line.round >= movement.rounds:
        return None
    rule = night.check(actor, Action.SWISS_DRAWN_ON, info, line.table)
    if rule is Rule.HOLD:
        return (
            f"round {line.round} is over: round {movement.rounds} of the Swiss event was drawn "
            "on its scores"
        )
    return None
