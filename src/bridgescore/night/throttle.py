"""Logins and table codes rate limited, per address and per account or code.

Every failure (a wrong password, a table code nobody has, a table card's key that is not the
card's) is counted in the database (:mod:`bridgescore.store.throttle`), so every worker of a
server sees one count and a restart forgets nothing. For each thing guessed at, the first
:attr:`Limit.free` failures cost nothing; after them, each attempt must wait a delay that
doubles with every further failure (1 s, 2 s, 4 s … at most :data:`LONGEST_DELAY`); at
:attr:`Limit.lock` failures it is locked out until a director lifts it (the console's lockouts
page, :data:`Action.LIFT_LOCKOUT`) or :data:`PERIOD` has passed since the last failure. An
attempt refused for waiting is not checked at all (so it teaches nothing) and not counted. A
success starts the account's or code's count again, never the address's: an address's count
starts again only when :data:`PERIOD` passes without a failure.

An address is an IPv4 address, or an IPv6 address's /64 network (one subscriber's).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from bridgescore.languages import N_, _, ngettext
from bridgescore.languages.text import Text
from bridgescore.night.permissions import Action, Actor
from bridgescore.night.refusals import NotFound, Refused
from bridgescore.night.service import Service
from bridgescore.store import api as store_api
from bridgescore.store.throttle import Throttle

LOGIN = "login"
CODE = "code"
PERIOD = timedelta(hours=1)  # a lockout's length, and how long a count is remembered
LONGEST_DELAY = timedelta(minutes=15)


@dataclass(frozen=True)
class Limit:
    free: int  # failures before any delay
    lock: int  # failures that lock it out


# (kind, what the key names) -> its limit. An address is shared by everyone behind it (a
# club's Wi-Fi, when the server is elsewhere): it has more room than one account or code.
LIMITS = {
    (LOGIN, "address"): Limit(free=10, lock=30),
    (LOGIN, "user"): Limit(free=3, lock=10),
    (CODE, "address"): Limit(free=10, lock=30),
    (CODE, "code"): Limit(free=3, lock=10),
}
WHAT = {LOGIN: N_("logins"), CODE: N_("table codes")}


def address_key(host: str | None) -> str:
    """The key of a client's address: the address, or an IPv6 address's /64 network."""
    if not host:
        return "address:unknown"
    try:
        found = ipaddress.ip_address(host)
    except ValueError:
        return f"address:{host[:100]}"
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return f"address:{found.ipv4_mapped}"
        return f"address:{ipaddress.ip_network(f'{found}/64', strict=False)}"
    return f"address:{found}"


def user_key(username: str) -> str:
    return f"user:{username.strip()[:150]}"


def code_key(code: str) -> str:
    return f"code:{code[:20]}"


def _limit(row: Throttle) -> Limit:
    return LIMITS[(row.kind, row.key.split(":", 1)[0])]


@dataclass(frozen=True)
class State:
    """Where one count stands at ``now``."""

    locked_until: datetime | None
    wait_until: datetime | None

    @property
    def free(self) -> bool:
        return self.locked_until is None and self.wait_until is None


def state(row: Throttle, now: datetime) -> State:
    limit = _limit(row)
    if row.failures == 0 or row.last_at + PERIOD <= now:
        return State(None, None)
    if row.failures >= limit.lock:
        return State(row.last_at + PERIOD, None)
    if row.failures < limit.free:
        return State(None, None)
    delay = min(timedelta(seconds=2 ** min(row.failures - limit.free, 20)), LONGEST_DELAY)
    until = row.last_at + delay
    return State(None, until if until > now else None)


def _shown(key: str) -> str:
    what, _sep, value = key.partition(":")
    if what == "address":
        return _("from this address")
    if what == "user":
        return _("for %(user)s", user=repr(value))
    return _("with the code %(code)s", code=value)


def check(night: Service, kind: str, keys: list[str]) -> None:
    """Refused (429, with how long to wait) while any of ``keys`` waits or is locked out."""
    now = store_api.utc_now()
    for key, row in night.store.throttles(kind, keys).items():
        found = state(row, now)
        if found.locked_until is not None:
            raise Refused(
                429,
                _(
                    "%(what)s %(key)s are locked after %(failures)s failures: a director can "
                    "lift the lock (the console's Lockouts page), or it ends at %(until)s UTC",
                    what=_(WHAT[kind]),
                    key=_shown(key),
                    failures=row.failures,
                    until=f"{found.locked_until:%H:%M}",
                ),
                retry_after=_seconds(found.locked_until - now),
            )
        if found.wait_until is not None:
            wait = _seconds(found.wait_until - now)
            raise Refused(
                429,
                ngettext(
                    "too many failed %(what)s %(key)s: try again in %(num)d second",
                    "too many failed %(what)s %(key)s: try again in %(num)d seconds",
                    wait,
                    what=_(WHAT[kind]),
                    key=_shown(key),
                ),
                retry_after=wait,
            )


def _seconds(span: timedelta) -> int:
    return max(1, int(span.total_seconds() + 0.999))


def failed(night: Service, kind: str, keys: Mapping[str, int | None]) -> None:
    """One more failure for each key (with the club whose director may see it)."""
    night.store.count_failure(kind, keys, store_api.utc_now() - PERIOD)


def succeeded(night: Service, kind: str, key: str) -> None:
    """The account's or code's count starts again (an address's never does on a success)."""
    if night.store.throttles(kind, [key]):
        night.store.clear_failures(kind, key)


# --- what a director sees and lifts --------------------------------------------------------------


@dataclass(frozen=True)
class Lockout:
    """A count a director sees: what was guessed at, how often, and where it stands."""

    throttle: Throttle
    state: State
    limit: Limit

    @property
    def words(self) -> Text:
        """What was guessed at, from where: English in the page's JSON twin, shown in the
        reader's language."""
        what, _sep, value = self.throttle.key.partition(":")
        kind = Text(WHAT[self.throttle.kind])
        if what == "address":
            return Text(N_("%(what)s from %(address)s"), what=kind, address=value)
        if what == "user":
            return Text(N_("%(what)s for user %(user)s"), what=kind, user=value)
        return Text(N_("%(what)s with the code %(code)s"), what=kind, code=value)


def lockouts(night: Service, actor: Actor) -> list[Lockout]:
    """The counts of the actor's club and of no club (addresses, names and codes nobody has)
    that failed, or were lifted, within :data:`PERIOD`: the newest first."""
    night.check_club(actor, Action.LIFT_LOCKOUT)
    assert actor.user is not None
    now = store_api.utc_now()
    return [
        Lockout(row, state(row, now), _limit(row))
        for row in night.store.throttle_list(actor.user.club_id, now - PERIOD)
    ]


def lift(night: Service, actor: Actor, throttle_id: int) -> Throttle:
    """A director lifts a lockout or a delay: the count starts again (who and when is kept)."""
    night.check_club(actor, Action.LIFT_LOCKOUT)
    assert actor.user is not None
    found = night.store.throttle(throttle_id)
    if found is None or found.club_id not in (None, actor.user.club_id):
        raise NotFound(_("no lockout %(throttle_id)s", throttle_id=throttle_id))
    lifted = night.store.lift_throttle(throttle_id, actor.name)
    assert lifted is not None
    return lifted
