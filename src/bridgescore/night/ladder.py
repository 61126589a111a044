"""The club's ladder in the console: its stored sessions over a period, ranked by the rules the
director chooses on the page (:mod:`bridgescore.competitions.ladder`, docs/events.md).

The sessions are the club's own, read through :func:`bridgescore.store.season.season`: those
still being played, those without a date (when a period is asked for), teams sessions and
Swiss events' sessions (ranked by their own standings) are left out, and each is named in the
page's notes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from bridgescore.competitions import Ladder, LadderBy, LadderRules, LadderScore
from bridgescore.competitions import ladder as build
from bridgescore.errors import BridgeScoreError
from bridgescore.events import EventSession
from bridgescore.languages import N_, _
from bridgescore.languages.text import Text
from bridgescore.night import swiss
from bridgescore.night.numbers import whole
from bridgescore.night.permissions import Action, Actor
from bridgescore.night.refusals import Refused
from bridgescore.night.service import Service
from bridgescore.results import SessionResult
from bridgescore.store import StoreError, parse_date
from bridgescore.store.results import SessionInfo
from bridgescore.store.season import season


@dataclass(frozen=True)
class ClubLadder:
    """The ladder (None when no session of the period counts), what was asked, and why each
    session left out was."""

    ladder: Ladder | None
    rules: LadderRules
    since: date | None
    until: date | None
    left_out: tuple[str, ...]


def rules_from(form: Mapping[str, str]) -> LadderRules:
    """The ladder's rules as the page's form gives them (each empty field its default)."""
    best_text = form.get("best", "").strip()
    imps = (form.get("imps") or "6.5").strip().lower()
    try:
        imps_a_board = None if imps == "ranked" else Fraction(imps)
    except (ValueError, ZeroDivisionError):
        raise Refused(
            422,
            _(
                "IMP sessions count as 50 + K × IMPs a board: K must be a number or 'ranked', "
                "not %(imps)s",
                imps=repr(imps),
            ),
        ) from None
    try:
        by = LadderBy.parse(form.get("by") or "player")
        score = LadderScore.parse(form.get("score") or "average")
        assert isinstance(by, LadderBy) and isinstance(score, LadderScore)
        return LadderRules(
            by,
            whole(best_text, N_("the best results counted")) if best_text else None,
            whole(form.get("minimum", ""), N_("the minimum of sessions"), default=1),
            score,
            imps_a_board,
        )
    except BridgeScoreError as error:
        raise Refused(422, str(error)) from None


def club_ladder(night: Service, actor: Actor, form: Mapping[str, str]) -> ClubLadder:
    """The actor's club's ladder over the period the form asks for."""
    night.check_club(actor, Action.LADDER)
    assert actor.user is not None
    rules = rules_from(form)
    try:
        since = parse_date(form["from"]) if form.get("from", "").strip() else None
        until = parse_date(form["to"]) if form.get("to", "").strip() else None
    except StoreError as error:
        raise Refused(422, str(error)) from None
    if since is not None and until is not None and until < since:
        raise Refused(
            422,
            _("the period ends (%(until)s) before it begins (%(since)s)", until=until, since=since),
        )
    found = season(night.store, actor.user.club, since, until)
    left_out: list[str] = [
        Text(N_("%(session)s has no date: not counted"), session=_named(i)) for i in found.undated
    ]
    left_out += [
        Text(N_("%(session)s is still being played: not counted"), session=_named(i))
        for i in found.live
    ]
    counted = []
    for s in found.sessions:
        if swiss.swiss_of(night, s.info.id) is not None:
            left_out.append(
                Text(
                    N_("%(session)s is a Swiss event's: ranked by its own standings"),
                    session=_named(s.info),
                )
            )
        elif not isinstance(s.result, SessionResult):
            left_out.append(
                Text(N_("%(session)s is a teams session: not counted"), session=_named(s.info))
            )
        else:
            counted.append(EventSession(s.label, s.result))
    ladder = None
    if counted:
        try:
            ladder = build(counted, rules)
        except BridgeScoreError as error:
            raise Refused(422, str(error)) from None
    return ClubLadder(ladder, rules, since, until, tuple(left_out))


def _named(info: SessionInfo) -> str:
    named = Text(N_("session %(id)s"), id=info.id)
    return Text("%(named)s (%(title)s)", named=named, title=info.title) if info.title else named
