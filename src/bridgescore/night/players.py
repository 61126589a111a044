"""The club's players in the console, and erasure; a player's own publish setting, by their
pass (docs/privacy.md).

A director sees the club's players, each with what they let the results show and whether
results reach them by mail, and may **erase** one: after a page that says what will change, the
player is pseudonymised for good (:func:`bridgescore.store.privacy.erase`) and no score changes.
The erasure is recorded with who did it and when (the player's ``player_preferences`` row) and
in the server's log, as the other directors' actions on the club are.

A **player** chooses what the results show of them -- full name, initials, number only, not
shown -- on a page reached by a pass of theirs (the link of their results mail or of their
score card, :mod:`bridgescore.night.requests`). A pass opens that page while its session is
published and for :data:`PASS_LASTS` after it was made, correction period or not; links that
are not passes count against the client as on the page for asking a correction, and a player
changes their setting at most :data:`CHANGES` times in :data:`CHANGES_WINDOW` seconds.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import UTC, timedelta

from bridgescore.languages import _
from bridgescore.night.permissions import Action, Actor
from bridgescore.night.refusals import NotFound, Refused
from bridgescore.night.requests import NOT_VALID, Tries
from bridgescore.night.service import Service
from bridgescore.store import StoreError
from bridgescore.store import api as store_api
from bridgescore.store import privacy as pv
from bridgescore.store import requests as rq
from bridgescore.store.live import PUBLISHED
from bridgescore.store.outreach import PlayersSide
from bridgescore.store.players import Player

LOG = logging.getLogger("bridgescore.night")
PASS_LASTS = timedelta(days=90)
CHANGES = 10  # changes of their setting a player may make ...
CHANGES_WINDOW = 3600.0  # ... in this many seconds


def _club(night: Service, actor: Actor) -> int:
    night.check_club(actor, Action.ERASE_PLAYER)
    assert actor.user is not None
    return actor.user.club_id


def players(night: Service, actor: Actor) -> list[tuple[Player, pv.Preferences]]:
    """The club's players with what each chose (a director's)."""
    return PlayersSide(night.store).club_choices(_club(night, actor))


def erasure_plan(night: Service, actor: Actor, player_id: int) -> pv.ErasurePlan:
    """What erasing the club's player would change (404 for a player not the club's)."""
    club = _club(night, actor)
    try:
        return PlayersSide(night.store).erasure_plan(player_id, club)
    except StoreError as error:
        raise NotFound(str(error)) from None


def erase(night: Service, actor: Actor, player_id: int) -> pv.Erasure:
    """Pseudonymise the club's player for good; every score stays as it is."""
    plan = erasure_plan(night, actor, player_id)
    if plan.erased_at is not None:
        raise Refused(409, _("this player was erased already"))
    done = PlayersSide(night.store).erase_player(player_id, _club(night, actor), actor.name)
    night.scores.forget()  # the sessions this worker kept hold the old name
    LOG.info(
        "player %s erased by %s: %s pair names, %s traveller lines",
        player_id,
        actor.name,
        done.entrants,
        done.traveller_lines,
    )
    return done


def published_sessions(night: Service, sessions: tuple[int, ...]) -> list[int]:
    """Those of ``sessions`` that are published (their sites name the players)."""
    return [s for s in sessions if night.info(s).status == PUBLISHED]


def sessions_of(night: Service, player_id: int) -> tuple[int, ...]:
    """The sessions a player (or a duplicate merged into them) played in."""
    return PlayersSide(night.store).sessions_of(player_id)


# --- the player's own setting --------------------------------------------------------------------


@dataclass(frozen=True)
class OwnSetting:
    """What a player's page about their name shows: who they are, where they played, and
    what the results show of them now."""

    held: rq.Pass
    chosen: pv.Preferences
    shown: dict[str, str | None]  # each setting's word -> their name as it would show


def holder(night: Service, token: str, client: str, tries: Tries) -> Actor:
    """The player a pass names, while its session is published and the pass is young enough;
    a 4xx with a sentence otherwise."""
    tries.check(client)
    held = rq.Requests(night.store).holder(token)
    if held is None:
        tries.failed(client)
        raise NotFound(_(NOT_VALID))
    if night.info(held.session_id).status != PUBLISHED:
        raise NotFound(_(NOT_VALID))
    made = held.made_at if held.made_at.tzinfo else held.made_at.replace(tzinfo=UTC)
    if store_api.utc_now() - made > PASS_LASTS:
        raise Refused(410, _("this link is too old: use the link in your latest results mail"))
    return Actor(player=held)


def _held(night: Service, actor: Actor) -> rq.Pass:
    if actor.player is None:
        raise Refused(401, _(NOT_VALID))
    night.check(actor, Action.CHOOSE_PUBLISH, night.info(actor.player.session_id))
    return actor.player


def own_setting(night: Service, actor: Actor) -> OwnSetting:
    held = _held(night, actor)
    side = PlayersSide(night.store)
    chosen = side.preferences(held.player_id)
    if chosen.erased_at is not None:
        raise Refused(410, _("this player was erased: there is no name left to show"))
    number = night.store.player(str(held.player_id)).ids.get("club")
    shown = {str(p): pv.shown(held.player, p, held.player_id, number) for p in pv.Publish}
    return OwnSetting(held, chosen, shown)


def choose(night: Service, actor: Actor, publish: str, changes: SettingChanges) -> pv.Preferences:
    """The player's own setting, from now on, on every page made for everyone."""
    held = _held(night, actor)
    try:
        wanted = pv.parse_publish(publish)
    except StoreError:
        raise Refused(422, _("choose one: full name, initials, number only or not shown")) from None
    key = f"player {held.player_id}"
    changes.check(key)
    try:
        done = PlayersSide(night.store).set_own_publish(
            held.player_id, str(wanted), f"{held.player} (by their link)"
        )
    except StoreError:
        raise Refused(410, _("this player was erased: there is no name left to show")) from None
    changes.failed(key)  # counted: a change made
    return done


class SettingChanges(Tries):
    """A worker's count of the changes each player made (see the module)."""

    def __init__(self) -> None:
        super().__init__(CHANGES, CHANGES_WINDOW)

    def check(self, client: str) -> None:
        with self._guard:
            if len(self._recent(client, time.monotonic())) >= self.limit:
                raise Refused(
                    429, _("you changed your setting often in a short while: try again later")
                )
