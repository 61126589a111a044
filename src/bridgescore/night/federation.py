"""What the national body's results file is made from, once a session is published: the scored
session with each player's national number (the one the session was stored with, else the one
the club's player records hold for that body), and its masterpoints under the session's scheme
(else the body's club scheme). The file itself is written by the web
(:mod:`bridgescore.formats.national`), which lists the players without a number first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bridgescore.languages import _
from bridgescore.masterpoints import Awards, award, scheme_named
from bridgescore.night.awards import awarded
from bridgescore.night.permissions import Action, Actor
from bridgescore.night.refusals import Refused
from bridgescore.night.service import Service
from bridgescore.session import Member
from bridgescore.store import national_numbers
from bridgescore.store.live import PUBLISHED

# The kinds of player id each body's number is kept under (bridgescore players add --id KIND=N),
# and the body's club scheme when the session has none.
BODIES = {
    "ebu": (("ebu", "national"), None),
    "abf": (("abf", "national"), "abf:green"),
    "nz": (("nzb", "national"), "nz:club"),
}


@dataclass(frozen=True)
class ForTheBody:
    """A published session as its national body's file is made from: the scored ``result``
    with its players' national numbers, and the ``awards`` (None: none)."""

    result: Any
    awards: Awards | None
    scheme: str | None


def may_make(night: Service, actor: Actor, session_id: int) -> None:
    night.check(actor, Action.NATIONAL_FILE, night.info(session_id))


def for_the_body(night: Service, actor: Actor, session_id: int, body: str) -> ForTheBody:
    """The session as body ``body`` (ebu, abf, nz) is sent it; refused before publishing."""
    info = night.info(session_id)
    night.check(actor, Action.NATIONAL_FILE, info)
    if body not in BODIES:
        raise Refused(
            422,
            _(
                "not a national body: %(body)s (expected %(bodies)s)",
                body=repr(body),
                bodies=", ".join(BODIES),
            ),
        )
    if info.status != PUBLISHED:
        raise Refused(
            409, _("the national body's file is made from published results: publish them first")
        )
    result = night.snapshot(session_id).result
    if result is None or not hasattr(result, "fields"):
        raise Refused(422, _("a national body's file holds a scored pairs session"))
    kinds, default = BODIES[body]
    numbers = national_numbers.numbers(night.store, session_id, kinds)
    session = result.session
    members = {}
    for entrant in session.names.keys() | session.members.keys():
        key = (
            entrant.section or "",
            entrant.line.value if entrant.line else "",
            entrant.number,
            entrant.player,
        )
        given = numbers.get(key, {})
        own = list(session.members.get(entrant, ()))
        count = max(len(own), max(given, default=-1) + 1)
        members[entrant] = tuple(
            Member(
                given.get(i) or (own[i].national if i < len(own) else None),
                own[i].club if i < len(own) else None,
            )
            for i in range(count)
        )
    result = replace(result, session=replace(session, members=members))
    found = awarded(night, info, result)
    if found.problem is not None:
        raise Refused(422, found.problem)
    awards, scheme = found.awards, found.scheme
    if scheme is None and default is not None:
        scheme = default
        awards = award(result, scheme_named(default))
    return ForTheBody(result, awards, scheme)
