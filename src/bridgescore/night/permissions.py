"""Who may do what on a club night: one table, role x action -> allowed, held or refused.

Every request of the console, the phones and ``bridgescore sessions correct`` is checked here by
the server (:func:`check`); a button the page hides is never the rule. The table is
:data:`PERMISSIONS`; a cell is :data:`ALLOW`, :data:`HOLD` (the result is kept for the director
instead of applied: never an overwrite, never dropped), or a :class:`Grant` (allowed when the
club grants it, refused otherwise); an action a role's row does not name is refused, with a
sentence that says who may do it.

A table's phone that may enter a result still applies it only to its own entry of its own table
and round, while nothing else is in force on the line (the rules of
:mod:`bridgescore.night.entry`): otherwise its result, too, is held for the director.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from bridgescore.languages import N_, _
from bridgescore.night.refusals import NotFound, Refused
from bridgescore.store.api import command_line_user
from bridgescore.store.live import User
from bridgescore.store.requests import Pass
from bridgescore.store.tables import SCORER, Device
from bridgescore.vocabulary import Vocabulary


class Role(Enum):
    """Who is asking, seen from the session and line asked about."""

    TABLE = N_("the phone that scores at this table")
    WATCHER = N_("a phone that watches at this table")
    OTHER_TABLE = N_("a phone of another table")
    SCORER = N_("a scorer")
    DIRECTOR = N_("a director")
    OTHER_CLUB = N_("another club's director or scorer")
    ANONYMOUS = N_("nobody logged in")
    PLAYER = N_("a player of the session, by the link mailed to them")


class Action(Enum):
    """What is asked for. The first five are what a result is (:func:`bridgescore.night.entry
    .kind_of`): entering a played result, a board not played, a bare score, an adjusted or
    assigned score, or a point score."""

    ENTER = N_("enter a played result")
    NOT_PLAYED = N_("enter a board as not played")
    SCORE_ONLY = N_("enter a score without its contract")
    ARTIFICIAL = N_("give an adjusted or assigned score")
    POINT_SCORE = N_("assign a point score")
    CORRECT = N_("correct a result")
    CHANGE_RULING = N_("change a director's ruling")
    UNDO = N_("undo a change")
    RESOLVE = N_("settle a result kept for the director")
    WATCH = N_("see the session's console pages")
    CALL = N_("call the director")
    ANSWER = N_("answer a call")
    HAND_OVER = N_("hand a table's scoring to another phone")
    REMOVE = N_("remove a phone")
    HAND_RECORDS = N_("load the hand records")
    MASTERPOINTS = N_("choose the masterpoint scheme")
    CONFIRM = N_("confirm an entry that looks wrong")
    NATIONAL_FILE = N_("make the national body's results file")
    PUBLISH = N_("publish the results")
    SET_UP = N_("set a session up")
    GRANT = N_("change what the club grants its scorers and tables")
    # A Swiss event in the console (bridgescore.night.swiss) and the club's ladder.
    SWISS_START = N_("start a Swiss event")
    SWISS_DRAW = N_("draw a round of a Swiss event")
    SWISS_TEAMS = N_("enter or withdraw a team of a Swiss event")
    SWISS_DRAWN_ON = N_("change a board of a Swiss round the next round was drawn on")
    SWISS_PUBLISH = N_("publish a Swiss event's draws and standings")
    LADDER = N_("see the club's ladder")
    ASK_CORRECTION = N_("ask for a correction")
    ANSWER_REQUEST = N_("answer a player's request for a correction")
    SEND_MAIL = N_("send the results by e-mail")
    MAIL_SETTINGS = N_("change the club's mail server")
    LIFT_LOCKOUT = N_("see and lift a lockout of logins or table codes")
    ERASE_PLAYER = N_("see the club's players and erase one")
    CHOOSE_PUBLISH = N_("choose what the results show of a player")


class Grant(Vocabulary, what=N_("a grant")):
    """What a club may grant beyond a role's own (the director ticks them, per club); stored
    by its word."""

    RULINGS = "rulings"
    CONFLICTS = "conflicts"
    PHONES = "phones"
    NOT_PLAYED = "not-played"

    @property
    def words(self) -> str:
        return {
            Grant.RULINGS: _(
                "scorers give and change rulings (adjusted, assigned and point scores)"
            ),
            Grant.CONFLICTS: _("scorers settle results kept for the director"),
            Grant.PHONES: _("scorers hand a table's scoring over and remove phones"),
            Grant.NOT_PLAYED: _("tables enter a board as not played"),
        }[self]


class Rule(Enum):
    ALLOW = "allowed"
    HOLD = "kept for the director"
    REFUSE = "refused"


ALLOW = Rule.ALLOW
HOLD = Rule.HOLD
REFUSE = Rule.REFUSE
# What the table says a role may do with an action: a rule, or a grant the director gives.
Verdict = Rule | Grant

A = Action
PERMISSIONS: dict[Role, dict[Action, Verdict]] = {
    Role.TABLE: {
        A.ENTER: ALLOW,
        A.NOT_PLAYED: Grant.NOT_PLAYED,
        A.CORRECT: ALLOW,  # its own entry of its current round only; else held
        A.CHANGE_RULING: HOLD,
        A.CALL: ALLOW,
        A.SWISS_DRAWN_ON: HOLD,  # its own board of an earlier round: the director decides
        A.HAND_OVER: ALLOW,  # to a phone at its own table only
    },
    Role.WATCHER: {
        A.ENTER: HOLD,
        A.NOT_PLAYED: Grant.NOT_PLAYED,  # and then held, as everything it sends
        A.CORRECT: HOLD,
        A.CHANGE_RULING: HOLD,
        A.CALL: ALLOW,
        A.SWISS_DRAWN_ON: HOLD,
    },
    Role.OTHER_TABLE: {},
    Role.SCORER: {
        A.ENTER: ALLOW,
        A.NOT_PLAYED: ALLOW,
        A.SCORE_ONLY: ALLOW,
        A.ARTIFICIAL: Grant.RULINGS,
        A.POINT_SCORE: Grant.RULINGS,
        A.CORRECT: ALLOW,
        A.CHANGE_RULING: Grant.RULINGS,
        A.UNDO: ALLOW,
        A.RESOLVE: Grant.CONFLICTS,
        A.WATCH: ALLOW,
        A.ANSWER: ALLOW,
        A.HAND_OVER: Grant.PHONES,
        A.REMOVE: Grant.PHONES,
        A.SWISS_DRAWN_ON: ALLOW,  # a correction: the draw made on the old score stands
        A.LADDER: ALLOW,
    },
    Role.DIRECTOR: {
        action: ALLOW
        for action in Action
        if action not in (A.CALL, A.ASK_CORRECTION, A.CHOOSE_PUBLISH)
    },
    Role.OTHER_CLUB: {},
    Role.ANONYMOUS: {},
    Role.PLAYER: {
        A.ASK_CORRECTION: ALLOW,  # while the correction period runs; never a result by itself
        A.CHOOSE_PUBLISH: ALLOW,  # their own setting only, by their pass
    },
}
del A


@dataclass(frozen=True)
class Actor:
    """Who is asking: a logged-in user, a table's phone, the command line, a player by the
    link mailed to them, or nobody."""

    user: User | None = None
    device: Device | None = None
    command_line: str | None = None  # the system user running bridgescore sessions correct
    player: Pass | None = None

    @property
    def name(self) -> str:
        """Who did it, as the log records it."""
        if self.user is not None:
            return self.user.username
        if self.device is not None:
            return self.device.name
        if self.command_line is not None:
            return self.command_line
        if self.player is not None:
            return f"{self.player.player} (player {self.player.player_id}, by their link)"
        return "nobody"


ANONYMOUS = Actor()


def command_line_actor() -> Actor:
    """Who runs ``bridgescore sessions correct``: the system user, as the log records it."""
    return Actor(command_line=command_line_user())


def role_of(actor: Actor, session_id: int, club_id: int, table: str | None = None) -> Role:
    """The actor's role for the session (and the table ``table`` of it, when one is concerned)."""
    if actor.command_line is not None:
        return Role.DIRECTOR  # the club's own machine: its database, every club's director
    if actor.user is not None:
        if actor.user.club_id != club_id:
            return Role.OTHER_CLUB
        return Role.DIRECTOR if actor.user.role == "director" else Role.SCORER
    if actor.device is not None:
        device = actor.device
        if device.session_id != session_id or (table is not None and table != device.table):
            return Role.OTHER_TABLE
        return Role.TABLE if device.role == SCORER else Role.WATCHER
    if actor.player is not None:
        return Role.PLAYER if actor.player.session_id == session_id else Role.ANONYMOUS
    return Role.ANONYMOUS


def cell(role: Role, action: Action) -> Verdict:
    return PERMISSIONS[role].get(action, REFUSE)


def check(
    actor: Actor,
    action: Action,
    *,
    session_id: int,
    club_id: int,
    grants: Iterable[Grant] = (),
    table: str | None = None,
) -> Rule:
    """ALLOW or HOLD for the actor's ``action`` on the session (at ``table``); refused
    otherwise, with the status and the sentence the user sees (a :class:`Refused`)."""
    role = role_of(actor, session_id, club_id, table)
    found = cell(role, action)
    if isinstance(found, Grant):
        if found in set(grants):
            return ALLOW
        raise Refused(403, _not_granted(role, action, found))
    if found is not REFUSE:
        return found
    if role is Role.ANONYMOUS:
        raise Refused(401, _("log in first"))
    if role is Role.OTHER_CLUB:
        raise NotFound(_("no stored session with id %(session_id)s", session_id=session_id))
    raise Refused(403, refusal(role, action, actor, session_id, table))


def refusal(role: Role, action: Action, actor: Actor, session_id: int, table: str | None) -> str:
    """The sentence of a refusal: what was refused, and who may do it."""
    if action is Action.ASK_CORRECTION and role is not Role.PLAYER:
        return _(
            "%(role)s cannot %(action)s: a player asks, by the link in their results mail",
            role=_(role.value),
            action=_(action.value),
        )
    if role is Role.OTHER_TABLE:
        assert actor.device is not None
        if actor.device.session_id != session_id:
            return _(
                "this phone scores a table of another session: it cannot %(action)s here",
                action=_(action.value),
            )
        return _(
            "this phone scores table %(table)s: it cannot %(action)s at table %(other)s",
            table=actor.device.table,
            action=_(action.value),
            other=table,
        )
    if role in (Role.TABLE, Role.WATCHER):
        if action in (Action.SCORE_ONLY, Action.ARTIFICIAL, Action.POINT_SCORE):
            return _(
                "a table's phone cannot %(action)s: a table enters the contract played, "
                "its declarer and tricks, or a pass-out; any other score is the director's",
                action=_(action.value),
            )
        return _(
            "a table's phone cannot %(action)s: that is the director's", action=_(action.value)
        )
    if role is Role.SCORER:
        return _("only a director can %(action)s", action=_(action.value))
    if role is Role.PLAYER:
        return _(
            "a player's link cannot %(action)s: it asks the director for a correction",
            action=_(action.value),
        )
    return _("%(role)s cannot %(action)s", role=_(role.value), action=_(action.value))


def _not_granted(role: Role, action: Action, grant: Grant) -> str:
    words = {"action": _(action.value), "grant": grant.words}
    if role in (Role.TABLE, Role.WATCHER):
        return _(
            "a table's phone cannot %(action)s at this club: that is the director's "
            "(a director can let %(grant)s on the club's page)",
            **words,
        )
    return _(
        "a scorer cannot %(action)s at this club: that is the director's "
        "(a director can let %(grant)s on the club's page)",
        **words,
    )
