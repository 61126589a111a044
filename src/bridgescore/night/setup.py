"""Setting a session up before it is played: the movements that fit, the club's players to
choose from, and the session stored with its movement, boards and pairs (no results yet)."""

from __future__ import annotations

from datetime import date
from typing import Any

from bridgescore.bridge import Vulnerability, dealer_for_board
from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_, _
from bridgescore.movements import Movement
from bridgescore.movements import jsonform as movement_json
from bridgescore.movements.fit import fits
from bridgescore.night.numbers import whole
from bridgescore.night.permissions import Action, Actor
from bridgescore.night.refusals import Refused, as_refusal
from bridgescore.night.service import Service
from bridgescore.session import FieldStructure
from bridgescore.store import StoreError, parse_date
from bridgescore.store.sessions import BoardRow, EntrantRow, MemberRow

RULE_SETS = ("club", "ebu", "acbl")


def movement_choices(pairs: int, minutes: int) -> list[Any]:
    """The movements that fit ``pairs`` pairs in ``minutes``, best first (the movements'
    ``Fit`` values)."""
    return list(fits(pairs, minutes))


def chosen_movement(pairs: int, minutes: int, index: int) -> Movement:
    found = fits(pairs, minutes)
    if not 0 <= index < len(found):
        raise Refused(
            422,
            _(
                "no movement number %(index)s for %(pairs)s pairs in %(minutes)s minutes",
                index=index,
                pairs=pairs,
                minutes=minutes,
            ),
        )
    return found[index].movement


def players(night: Service, actor: Actor) -> list[tuple[str, str | None]]:
    """The club's players to offer at set-up: (name, club number)."""
    night.check_club(actor, Action.SET_UP)
    assert actor.user is not None
    return [
        (f"{p.first_name} {p.last_name}".strip(), p.ids.get("club"))
        for p in night.store.players(club=actor.user.club)
    ]


def create_session(night: Service, actor: Actor, form: dict[str, str]) -> int:
    """Store the session the set-up form describes; returns its id."""
    night.check_club(actor, Action.SET_UP)
    assert actor.user is not None
    club_id = actor.user.club_id
    title = " ".join(form.get("title", "").split()) or "Club pairs"
    if len(title) > TEXT:
        raise Refused(422, _("the title is longer than %(text)s characters", text=TEXT))
    played_on = _date(form.get("date", ""))
    rules = form.get("rules", "club") or "club"
    if rules not in RULE_SETS:
        raise Refused(
            422,
            _(
                "not a rule set: %(rules)s (expected %(rule_sets)s)",
                rules=repr(rules),
                rule_sets=", ".join(RULE_SETS),
            ),
        )
    pairs, minutes = pairs_and_minutes(form)
    index = whole(form.get("movement", ""), N_("the movement"), high=999)
    movement = chosen_movement(pairs, minutes, index)
    if movement.kind is FieldStructure.INDIVIDUAL:
        raise Refused(422, _("an individual is not set up here yet: choose a pairs movement"))
    entrant_rows = []
    for c in movement.contestants:
        people = []
        for seat in (1, 2):
            typed = form.get(f"p{c.label}_{seat}", "").strip()
            if len(typed) > TEXT:
                raise Refused(
                    422,
                    _(
                        "pair %(label)s's player %(seat)s: longer than %(text)s characters",
                        label=c.label,
                        seat=seat,
                        text=TEXT,
                    ),
                )
            try:
                people.append(
                    night.store.resolve_player(typed, club_id)
                    if typed
                    else MemberRow(None, None, None)
                )
            except StoreError as error:
                raise as_refusal(error, Refused(422, str(error))) from None
        named = [p.name for p in people if p.name]
        entrant_rows.append(
            EntrantRow(
                "",
                c.line.value if c.line else "",
                c.number,
                False,
                " & ".join(named) if named else None,
                None,
                tuple(p for p in people if p.name),
            )
        )
    board_rows = tuple(
        BoardRow(b, Vulnerability.for_board(b).value, dealer_for_board(b).value, None)
        for b in movement.boards
    )
    # An arrow-switched Mitchell is still a Mitchell: its turned rounds make it one field.
    mitchell = movement.kind is FieldStructure.MITCHELL
    structure = (FieldStructure.MITCHELL if mitchell else FieldStructure.HOWELL).value
    return night.store.create_live_session(
        club_id,
        title=title,
        played_on=played_on,
        structure=structure,
        rules={"name": rules, "overrides": {}},
        plan=movement_json.dumps(movement),
        boards=board_rows,
        entrants=tuple(entrant_rows),
        by=actor.name,
    )


TEXT = 200  # characters of a title or a player's name
PAIRS = 200  # pairs in a session set up here (a movement file holds 100 tables)
MINUTES = 480  # the longest session offered; finding the movements for longer ones is slow


def pairs_and_minutes(form: dict[str, str]) -> tuple[int, int]:
    """The number of pairs (0 when not given yet) and the minutes of play (150 when not
    given) the set-up form asks for."""
    pairs = whole(form.get("pairs", ""), N_("the number of pairs"), high=PAIRS, default=0)
    minutes = whole(form.get("minutes", ""), N_("the minutes"), low=1, high=MINUTES, default=150)
    return pairs, minutes


def _date(text: str) -> date | None:
    try:
        return parse_date(text) if text.strip() else None
    except BridgeScoreError as error:
        raise Refused(422, str(error)) from None
