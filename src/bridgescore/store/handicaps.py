"""Handicaps from stored history (seed 000 SC 2.6), under a policy, as at a date.

A player's handicap as at a date comes from their percentages in sessions played *before*
that date. The seed's policy is the default: at least 5 sessions; the last 10, dropping the
best and the worst once there are 10; handicap = 50 - average. Other policies are settings: only
the last N months, a fixed handicap for players without enough history; and a manual override
beats any of them. A pair's handicap is the mean of its players' (a player without one counts
as 0, as in :func:`bridgescore.handicap.pair_handicap`).

Every handicap explains itself: which sessions, which were dropped and why, and the arithmetic.
Statements on ``handicap_overrides`` and ``handicap_snapshots`` are here too.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, and_, delete, insert, select

from bridgescore.display import round_fraction
from bridgescore.languages import N_, _, current, ngettext, pgettext, written_date
from bridgescore.languages.text import Text
from bridgescore.store.engine import StoreError
from bridgescore.store.schema import handicap_overrides, handicap_snapshots, sessions

MAX_MONTHS = 1200  # a rolling period of at most a hundred years
MAX_WINDOW = 1000  # sessions
MAX_HANDICAP = 100  # percentage points either way


@dataclass(frozen=True)
class Policy:
    """How handicaps are worked out (the defaults are seed 000's)."""

    minimum: int = 5  # sessions needed for a handicap
    window: int = 10  # the last N sessions count
    drop_extremes: bool = True  # with a full window, leave out the best and the worst
    months: int | None = None  # only sessions in the N months before the date
    fixed: Fraction | None = None  # the handicap of a player without enough history

    def __post_init__(self) -> None:
        if self.minimum < 1 or self.window < 1:
            raise StoreError(
                Text(N_("a handicap policy needs at least 1 session and a window of 1"))
            )
        if self.minimum > self.window:
            raise StoreError(
                Text(
                    N_(
                        "a handicap policy cannot need %(minimum)s sessions from the last "
                        "%(window)s"
                    ),
                    minimum=self.minimum,
                    window=self.window,
                )
            )
        if self.months is not None and not 1 <= self.months <= MAX_MONTHS:
            raise StoreError(Text(N_("a rolling period is 1 to %(most)s months"), most=MAX_MONTHS))
        if self.window > MAX_WINDOW:
            raise StoreError(
                Text(N_("a handicap counts at most the last %(most)s sessions"), most=MAX_WINDOW)
            )
        if self.fixed is not None and abs(self.fixed) > MAX_HANDICAP:
            raise StoreError(Text(N_("a handicap is -%(most)s to %(most)s"), most=MAX_HANDICAP))

    @property
    def key(self) -> str:
        """A short name for the policy, stored with each snapshot."""
        parts = [f"min{self.minimum}", f"last{self.window}"]
        if self.drop_extremes:
            parts.append("drop-best-worst")
        if self.months is not None:
            parts.append(f"{self.months}months")
        if self.fixed is not None:
            parts.append(f"fixed{self.fixed}")
        return ",".join(parts)

    def describe(self) -> str:
        """The policy in words, in the current language (the terminal's)."""
        if self.drop_extremes:
            text = _(
                "at least %(minimum)s sessions; the last %(window)s, dropping the best and the "
                "worst when there are that many; handicap = 50 - average",
                minimum=self.minimum,
                window=self.window,
            )
        else:
            text = _(
                "at least %(minimum)s sessions; the last %(window)s; handicap = 50 - average",
                minimum=self.minimum,
                window=self.window,
            )
        if self.months is not None:
            text += _(
                "; only sessions in the %(months)s months before the date", months=self.months
            )
        if self.fixed is not None:
            text += _(
                "; %(fixed)s for a player with fewer sessions", fixed=_number(_show(self.fixed))
            )
        return text


SEED_POLICY = Policy()


@dataclass(frozen=True)
class Input:
    """One of a player's past sessions and what became of it."""

    session_id: int
    played_on: date
    percent: Fraction
    used: bool
    note: str  # "", "dropped: best", "dropped: worst", "not among the last 10", ...


@dataclass(frozen=True)
class HandicapExplanation:
    """A player's handicap as at a date, with how it was reached."""

    player_id: int
    as_of: date
    policy: str
    handicap: Fraction | None
    source: str  # history, fixed, override or none
    inputs: tuple[Input, ...]
    average: Fraction | None = None
    override_reason: str | None = None
    earlier: int = 0  # older sessions not among the last ``window``, not listed
    window: int = 10
    since: date | None = None  # a rolling period: only sessions from this date on

    @property
    def used(self) -> list[Input]:
        return [i for i in self.inputs if i.used]

    def lines(self) -> list[str]:
        """The explanation as text, one step a line, in the current language (the terminal's);
        :meth:`to_data` keeps it in English."""
        out = [
            _(
                "as at %(day)s (sessions before that date), policy %(policy)s",
                day=written_date(self.as_of.isoformat()),
                policy=self.policy,
            )
        ]
        if self.since is not None:
            out.append(
                _(
                    "  only sessions from %(day)s count (a rolling period)",
                    day=written_date(self.since.isoformat()),
                )
            )
        if self.earlier:
            out.append(
                ngettext(
                    "  %(num)s earlier session: not among the last %(window)s",
                    "  %(num)s earlier sessions: not among the last %(window)s",
                    self.earlier,
                    num=self.earlier,
                    window=self.window,
                )
            )
        for i in self.inputs:
            mark = "" if i.used else _("  (%(note)s)", note=_note_said(i.note))
            if i.used and i.note:
                mark = _("  (%(note)s)", note=_note_said(i.note))
            out.append(
                _(
                    "  session %(session)s on %(day)s: %(percent)s",
                    session=i.session_id,
                    day=written_date(i.played_on.isoformat()),
                    percent=_percent(i.percent),
                )
                + mark
            )
        if self.source == "override":
            why = self.override_reason or _("no reason given")
            out.append(
                _(
                    "manual override: %(handicap)s (%(why)s)",
                    handicap=_number(_show_signed(self.handicap)),
                    why=why,
                )
            )
        elif self.source == "history" and self.average is not None:
            used = self.used
            total = sum((i.percent for i in used), Fraction(0))
            out.append(
                _(
                    "average of %(count)s: %(sum)s = %(total)s; / %(count)s = %(average)s",
                    count=len(used),
                    sum=" + ".join(_number(_show(i.percent)) for i in used),
                    total=_number(_show(total)),
                    average=_number(_show(self.average)),
                )
            )
            out.append(
                _(
                    "handicap = 50 - %(average)s = %(handicap)s",
                    average=_number(_show(self.average)),
                    handicap=_number(_show_signed(self.handicap)),
                )
            )
        elif self.source == "fixed":
            out.append(
                _(
                    "too few sessions: the fixed handicap %(handicap)s",
                    handicap=_number(_show_signed(self.handicap)),
                )
            )
        else:
            out.append(_("too few sessions: no handicap"))
        return out

    def to_data(self) -> dict[str, Any]:
        return {
            "player": self.player_id,
            "as_of": self.as_of.isoformat(),
            "policy": self.policy,
            "handicap": None if self.handicap is None else str(self.handicap),
            "source": self.source,
            "average": None if self.average is None else str(self.average),
            "override_reason": self.override_reason,
            "earlier": self.earlier,
            "window": self.window,
            "since": None if self.since is None else self.since.isoformat(),
            "inputs": [
                {
                    "session": i.session_id,
                    "date": i.played_on.isoformat(),
                    "percent": str(i.percent),
                    "used": i.used,
                    "note": i.note,
                }
                for i in self.inputs
            ],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> HandicapExplanation:
        return cls(
            player_id=int(data["player"]),
            as_of=date.fromisoformat(data["as_of"]),
            policy=data["policy"],
            handicap=None if data["handicap"] is None else Fraction(data["handicap"]),
            source=data["source"],
            average=None if data["average"] is None else Fraction(data["average"]),
            override_reason=data.get("override_reason"),
            earlier=int(data.get("earlier", 0)),
            window=int(data.get("window", 10)),
            since=None if data.get("since") is None else date.fromisoformat(data["since"]),
            inputs=tuple(
                Input(
                    int(i["session"]),
                    date.fromisoformat(i["date"]),
                    Fraction(i["percent"]),
                    bool(i["used"]),
                    i["note"],
                )
                for i in data["inputs"]
            ),
        )


# The notes an input is given (English in the stored explanation), said in the language.
_NOTES = {
    "dropped: the best": N_("dropped: the best"),
    "dropped: the worst": N_("dropped: the worst"),
}
_NOT_AMONG = N_("not among the last %(window)s")


def _note_said(note: str) -> str:
    """A stored input's note in the current language (a note of another form as it is)."""
    if note in _NOTES:
        return _(_NOTES[note])
    head, _space, window = note.rpartition(" ")
    if head == "not among the last" and window.isdigit():
        return _(_NOT_AMONG, window=int(window))
    return note


def _number(text: str) -> str:
    """A number shown (``2.5``, ``+1.25``, ``52.12...``, ``none``) in the current language's
    form."""
    if text == "none":
        return pgettext("a handicap or an average that is not there", "none")
    cut = text.endswith("...")
    return current().number(text[:-3] if cut else text) + ("..." if cut else "")


def _percent(value: Fraction) -> str:
    """A session's percentage (``52.5%``) as the current language writes one."""
    return current().percent.format(_number(_show(value)))


def _show(value: Fraction | None) -> str:
    if value is None:
        return "none"
    if value.denominator == 1:
        return str(value.numerator)
    text = str(round_fraction(value, 4)).rstrip("0").rstrip(".")
    return text if Fraction(text) == value else f"{round_fraction(value, 2)}..."


def _show_signed(value: Fraction | None) -> str:
    if value is None:
        return "none"
    return ("+" if value > 0 else "") + _show(value)


def months_before(day: date, months: int) -> date:
    """The same day ``months`` months earlier (the month's last day when it is shorter), or
    the first day there is."""
    month = day.month - 1 - months
    year = day.year + month // 12
    month = month % 12 + 1
    if year < date.min.year:
        return date.min
    for d in (day.day, 30, 29, 28):
        try:
            return date(year, month, d)
        except ValueError:
            continue
    raise AssertionError("unreachable")


def explain(
    player_id: int,
    history: Sequence[tuple[int, date, Fraction]],
    as_of: date,
    policy: Policy = SEED_POLICY,
    override: tuple[Fraction, str | None] | None = None,
    earlier: int = 0,
) -> HandicapExplanation:
    """The handicap of a player whose sessions (id, date, percentage) are ``history``: only
    those before ``as_of`` count, oldest first. ``earlier`` says how many older sessions the
    history leaves out (the store passes only the last ones)."""
    past = sorted((h for h in history if h[1] < as_of), key=lambda h: (h[1], h[0]))
    notes: dict[int, str] = {}
    start = None
    if policy.months is not None:
        start = months_before(as_of, policy.months)
        for index, h in enumerate(past):
            if h[1] < start:
                notes[index] = f"before {start.isoformat()}, outside the {policy.months} months"
    eligible = [i for i in range(len(past)) if i not in notes]
    recent = eligible[-policy.window :]
    for i in eligible[: -policy.window] if len(eligible) > policy.window else []:
        notes[i] = _NOT_AMONG % {"window": policy.window}
    used = list(recent)
    if len(recent) == policy.window and policy.drop_extremes and policy.window > 2:
        # As seed 000: leave out the best and the worst (the earliest of equal ones).
        best = max(recent, key=lambda i: (past[i][2], -i))
        used.remove(best)
        worst = min(used, key=lambda i: (past[i][2], i))
        used.remove(worst)
        notes[best] = "dropped: the best"
        notes[worst] = "dropped: the worst"
    inputs = tuple(Input(h[0], h[1], h[2], i in used, notes.get(i, "")) for i, h in enumerate(past))
    common: dict[str, Any] = {"earlier": earlier, "window": policy.window, "since": start}
    if override is not None:
        return HandicapExplanation(
            player_id,
            as_of,
            policy.key,
            override[0],
            "override",
            inputs,
            None,
            override[1],
            **common,
        )
    if len(recent) < policy.minimum:
        if policy.fixed is not None:
            return HandicapExplanation(
                player_id, as_of, policy.key, policy.fixed, "fixed", inputs, **common
            )
        return HandicapExplanation(player_id, as_of, policy.key, None, "none", inputs, **common)
    average = sum((past[i][2] for i in used), Fraction(0)) / len(used)
    return HandicapExplanation(
        player_id, as_of, policy.key, 50 - average, "history", inputs, average, **common
    )


def last_sessions(
    cached: Sequence[tuple[int, date, int, Fraction, int]],
    scored: Sequence[tuple[int, date, int, Fraction]],
    window: int,
) -> tuple[dict[int, list[tuple[int, date, Fraction]]], dict[int, int]]:
    """Each player's last ``window`` sessions, (session, date, percentage) oldest first, and
    how many older ones there are: from the cache's (player, date, session, percentage, the
    player's count of cached sessions), each player's last ``window`` already, and from the
    sessions just ``scored`` (player, date, session, percentage), whose cache is stale."""
    found: dict[int, list[tuple[int, date, Fraction]]] = {}
    totals: dict[int, int] = {}
    for player_id, day, session_id, percent, total in cached:
        found.setdefault(player_id, []).append((session_id, day, percent))
        totals[player_id] = total
    for player_id, day, session_id, percent in scored:
        found.setdefault(player_id, []).append((session_id, day, percent))
        totals[player_id] = totals.get(player_id, 0) + 1
    earlier: dict[int, int] = {}
    for player_id, played in found.items():
        played.sort(key=lambda s: (s[1], s[0]))
        found[player_id] = played[-window:]
        earlier[player_id] = totals[player_id] - min(totals[player_id], window)
    return found, earlier


def session_state(conn: Connection, session_id: int) -> tuple[date | None, bool]:
    """A session's date, and whether it is published (only published sessions count)."""
    row = conn.execute(
        select(sessions.c.played_on, sessions.c.status).where(sessions.c.id == session_id)
    ).one_or_none()
    if row is None:
        return None, False
    return row.played_on, row.status == "published"


def pair(handicaps: Sequence[Fraction | None]) -> Fraction:
    """A pair's (or team's) handicap: the mean of its players' (seed 000)."""
    from bridgescore.handicap import pair_handicap

    return pair_handicap(list(handicaps))


# --- overrides and snapshots ---------------------------------------------------------------------


def set_override(
    conn: Connection,
    player_id: int,
    handicap: Fraction,
    from_date: date,
    reason: str | None,
    by: str,
    now: datetime,
) -> None:
    if abs(handicap) > MAX_HANDICAP:
        raise StoreError(
            Text(
                N_("a handicap is -%(most)s to %(most)s, not %(handicap)s"),
                most=MAX_HANDICAP,
                handicap=str(handicap),
            )
        )
    conn.execute(
        insert(handicap_overrides).values(
            player_id=player_id,
            handicap=str(handicap),
            from_date=from_date,
            reason=reason,
            set_at=now,
            set_by=by,
        )
    )


def overrides(conn: Connection, as_of: date) -> dict[int, tuple[Fraction, str | None]]:
    """Each player's manual override in force on ``as_of`` (the latest set)."""
    found: dict[int, tuple[Fraction, str | None]] = {}
    for r in conn.execute(
        select(handicap_overrides)
        .where(handicap_overrides.c.from_date <= as_of)
        .order_by(handicap_overrides.c.from_date, handicap_overrides.c.id)
    ):
        found[r.player_id] = (Fraction(r.handicap), r.reason)
    return found


def save_snapshots(
    conn: Connection, explanations: Sequence[HandicapExplanation], now: datetime
) -> None:
    """Keep each handicap with its inputs, dated (a newer computation for the same date and
    policy replaces the older one)."""
    for e in explanations:
        conn.execute(
            delete(handicap_snapshots).where(
                and_(
                    handicap_snapshots.c.player_id == e.player_id,
                    handicap_snapshots.c.as_of == e.as_of,
                    handicap_snapshots.c.policy == e.policy,
                )
            )
        )
    if explanations:
        conn.execute(
            insert(handicap_snapshots),
            [
                {
                    "player_id": e.player_id,
                    "as_of": e.as_of,
                    "policy": e.policy,
                    "handicap": None if e.handicap is None else str(e.handicap),
                    "explanation": json.dumps(e.to_data()),
                    "computed_at": now,
                }
                for e in explanations
            ],
        )


def snapshots(conn: Connection, player_id: int) -> list[HandicapExplanation]:
    return [
        HandicapExplanation.from_data(json.loads(r.explanation))
        for r in conn.execute(
            select(handicap_snapshots)
            .where(handicap_snapshots.c.player_id == player_id)
            .order_by(handicap_snapshots.c.as_of, handicap_snapshots.c.id)
        )
    ]
