"""Masterpoints on a club night: the scheme a director chooses for a session (a federation's,
from :mod:`bridgescore.masterpoints`, or a scheme file the club added), and the awards it gives
on the provisional and the published rankings, each with its explanation.

A session's scheme is stored by its name: ``abf:green``, ``abf:red:3.0``, ``acbl:club``,
``nz:club`` …, or ``club:NAME`` for the club's scheme file named NAME. A scheme file is checked
whole when the club adds it (every problem at once), never when an award is computed; its text is
kept as given, and its name is never given to another file.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bridgescore.bridge import Side
from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_, _
from bridgescore.languages.text import Text
from bridgescore.masterpoints import (
    SCHEMES,
    Awards,
    Scheme,
    award,
    award_fields,
    ranked_fields,
    scheme_named,
)
from bridgescore.masterpoints import table as scheme_files
from bridgescore.masterpoints.strata import Holdings, parse_holdings, parse_strata, stratified
from bridgescore.night.permissions import Action, Actor
from bridgescore.night.refusals import Refused
from bridgescore.night.service import Service
from bridgescore.session import Entrant, Session
from bridgescore.store import api as store_api
from bridgescore.store import schemes as stored
from bridgescore.store.live import LiveInfo
from bridgescore.store.schemes import ClubScheme, SessionStrata

CLUB = "club:"
MAX_SCHEME_FILE = 64 * 1024  # bytes: a federation's printed scales fit in a few kilobytes
MAX_HOLDINGS = 256 * 1024  # bytes: a club's players' holdings, a line each


@dataclass(frozen=True)
class Choice:
    """A scheme a session may be given: its name and what it is."""

    name: str
    words: str


@dataclass(frozen=True)
class Awarded:
    """A session's awards under its scheme (None without one), or why there are none; its
    strata when it is stratified."""

    scheme: str | None
    awards: Awards | None
    problem: str | None = None
    strata: SessionStrata | None = None


def choices(night: Service, club_id: int) -> list[Choice]:
    """The built-in schemes, then the club's scheme files."""
    found = [Choice(name, words) for name, words in SCHEMES.items()]
    found += [
        Choice(
            CLUB + f.name,
            Text(
                N_("the club's scheme file (%(kind)s, added by %(who)s)"),
                kind=f.kind.upper(),
                who=f.added_by,
            ),
        )
        for f in stored.club_files(night.store, club_id)
    ]
    return found


def scheme_of(night: Service, club_id: int, name: str) -> Scheme:
    """The scheme a session's stored name means (refused when there is none such)."""
    if name.startswith(CLUB):
        found = stored.club_file(night.store, club_id, name[len(CLUB) :])
        if found is None:
            raise Refused(
                422,
                _("the club has no scheme file named %(name)s", name=repr(name[len(CLUB) :])),
            )
        return _parsed(found.text, found.name, found.kind)
    try:
        return scheme_named(name)
    except BridgeScoreError as error:
        raise Refused(422, str(error)) from None


@functools.lru_cache(maxsize=32)
def _parsed(text: str, name: str, kind: str) -> Scheme:
    # A club's file never changes under its name: parsed once per worker.
    return scheme_files.loads(text, name, kind=kind)


def checked(night: Service, actor: Actor, club_id: int, name: str) -> str | None:
    """A scheme name as typed in a form, checked (refused with a sentence unless it is one):
    None for no masterpoints."""
    typed = name.strip()
    if not typed or typed == "none":
        return None
    if len(typed) > 200:
        raise Refused(422, _("a masterpoint scheme's name is at most 200 characters"))
    scheme_of(night, club_id, typed)
    return typed


def choose(night: Service, actor: Actor, session_id: int, name: str) -> str | None:
    """Give the session the scheme ``name`` (empty or "none": no masterpoints)."""
    info = night.info(session_id)
    night.check(actor, Action.MASTERPOINTS, info)
    found = checked(night, actor, info.club_id, name)
    stored.choose(night.store, session_id, found, by=actor.name, now=store_api.utc_now())
    return found


def may_choose(night: Service, actor: Actor) -> None:
    """Refused unless the actor may choose a scheme (at set-up, before the session exists)."""
    night.check_club(actor, Action.MASTERPOINTS)


def chosen(night: Service, session_id: int) -> str | None:
    return stored.chosen(night.store, session_id)


def awarded(
    night: Service,
    info: LiveInfo,
    result: Any,
    places: Sequence[tuple[str, tuple[tuple[Entrant, int], ...]]] | None = None,
) -> Awarded:
    """The session's awards under its scheme, for its scored ``result``: by the result's own
    ranking, or by ``places`` (each field's name and its entrants' places: the provisional
    ranking a page shows)."""
    name = chosen(night, info.id)
    strata = stored.strata(night.store, info.id)
    if name is None or result is None:
        return Awarded(name, None, strata=strata)
    try:
        scheme = scheme_of(night, info.club_id, name)
        if strata is not None:
            scheme = _stratified(scheme, result.session, strata)
        if places is None:
            return Awarded(name, award(result, scheme), strata=strata)
        everyone = [
            Entrant(e.number, Side(e.line) if e.line else None, e.individual, e.section or None)
            for e in night.snapshot(info.id).rows.entrants
        ]
        complete = _whole_fields(result, places, everyone)
        found = award_fields(ranked_fields(result.session, complete), scheme)
        return Awarded(name, found, strata=strata)
    except (BridgeScoreError, Refused) as error:
        return Awarded(name, None, str(error), strata)


def _stratified(scheme: Scheme, session: Session, chosen: SessionStrata) -> Scheme:
    """``scheme`` with each pair in its stratum by the holdings loaded for the session; refused
    with a sentence when no holdings file was loaded (a stratum is never guessed)."""
    if chosen.holdings is None:
        raise Refused(
            422,
            _(
                "The session is stratified (%(strata)s) but no holdings file has been loaded, so "
                "no pair has a stratum and no award is made: load the players' masterpoints held "
                "(a CSV of player,masterpoints).",
                strata=chosen.strata,
            ),
        )
    return stratified(
        scheme,
        session,
        parse_strata(chosen.strata),
        _holdings(chosen.holdings, chosen.holdings_name or "holdings"),
    )


@functools.lru_cache(maxsize=32)
def _holdings(text: str, name: str) -> Holdings:
    return parse_holdings(text, name)


def set_strata(
    night: Service,
    actor: Actor,
    session_id: int,
    strata: str,
    holdings: bytes | None = None,
    filename: str | None = None,
) -> SessionStrata | None:
    """Stratify the session (an ACBL club scheme): ``strata`` best first ("A,B=750,C=300"; empty:
    not stratified) and, when given, the players' holdings file, checked whole first (refused
    with every problem, nothing kept); without a new file the one loaded before is kept."""
    info = night.info(session_id)
    night.check(actor, Action.MASTERPOINTS, info)
    typed = strata.strip()
    if not typed:
        stored.set_strata(night.store, session_id, None)
        return None
    if len(typed) > 200:
        raise Refused(422, _("the strata are at most 200 characters"))
    try:
        parse_strata(typed)
    except BridgeScoreError as error:
        raise Refused(422, _("The strata: %(problem)s", problem=str(error))) from None
    scheme = chosen(night, session_id) or ""
    if not scheme.lower().startswith("acbl:club"):
        raise Refused(
            422,
            _(
                "Strata are the ACBL's: choose an acbl:club scheme for the session before its "
                "strata."
            ),
        )
    before = stored.strata(night.store, session_id)
    text, name = (before.holdings, before.holdings_name) if before else (None, None)
    if holdings is not None:
        name = (filename or "holdings.csv")[:200]
        if len(holdings) > MAX_HOLDINGS:
            raise Refused(413, _("%(file)s: a holdings file is at most 256 KB", file=name))
        try:
            text = holdings.decode("utf-8-sig")
            parse_holdings(text, name)
        except UnicodeDecodeError:
            raise Refused(
                422, _("%(file)s: a holdings file is UTF-8 text (CSV)", file=name)
            ) from None
        except BridgeScoreError as error:
            raise Refused(422, str(error)) from None
    chosen_strata = SessionStrata(typed, name, text, store_api.utc_now(), actor.name)
    stored.set_strata(night.store, session_id, chosen_strata)
    return chosen_strata


def _whole_fields(
    result: Any,
    places: Sequence[tuple[str, tuple[tuple[Entrant, int], ...]]],
    everyone: Sequence[Entrant],
) -> list[tuple[str, tuple[tuple[Entrant, int], ...]]]:
    """Each field's places with the session's entrants not ranked yet (no result so far) tied
    last: an award counts the tables of the whole field, not of the pairs that have played."""
    session, rules = result.session, result.rules
    whole = []
    for field, ranked in places:
        seen = {entrant for entrant, _award in ranked}
        rest = sorted(
            e
            for e in everyone
            if e not in seen
            and session.field_of(e, rules.sections_across, rules.one_winner) == field
        )
        last = len(ranked) + 1
        whole.append((field, ranked + tuple((e, last) for e in rest)))
    return whole


def club_files(night: Service, actor: Actor) -> list[ClubScheme]:
    """The club's scheme files (for its director's page)."""
    night.check_club(actor, Action.MASTERPOINTS)
    assert actor.user is not None
    return stored.club_files(night.store, actor.user.club_id)


def add_club_file(night: Service, actor: Actor, data: bytes, filename: str) -> ClubScheme:
    """Keep a scheme file for the actor's club, checked whole first: refused with every problem
    it has (and nothing kept), or when the club already has a scheme of its name."""
    night.check_club(actor, Action.MASTERPOINTS)
    assert actor.user is not None
    if len(data) > MAX_SCHEME_FILE:
        raise Refused(
            413,
            _(
                "%(filename)s: a scheme file is at most %(max_scheme_file)s KB",
                filename=filename,
                max_scheme_file=MAX_SCHEME_FILE // 1024,
            ),
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Refused(
            422, _("%(filename)s: a scheme file is UTF-8 text (TOML or JSON)", filename=filename)
        ) from None
    kind = "json" if filename.lower().endswith(".json") or text.lstrip().startswith("{") else "toml"
    try:
        scheme = scheme_files.loads(text, filename, kind=kind)
    except BridgeScoreError as error:
        raise Refused(422, str(error)) from None
    name = scheme.info.name.strip()
    if not name or len(name) > 60:
        raise Refused(
            422, _("%(filename)s: a scheme's name is 1 to 60 characters", filename=filename)
        )
    try:
        return stored.add_club_file(
            night.store,
            actor.user.club_id,
            name,
            kind,
            text,
            by=actor.name,
            now=store_api.utc_now(),
        )
    except BridgeScoreError as error:
        raise Refused(422, str(error)) from None
