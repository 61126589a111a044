"""An event of several sessions ranked together (docs/events.md).

The ranking is the aggregate of each entry's sessions, as the event's rules say:

* ``matchpoints``: each session's matchpoints brought to one common top, the largest of the
  sessions', then added. The EBU (and its scoring programs) factor by Neuberg's formula, which
  keeps an average score average: a value ``v`` on a top ``t`` becomes
  ``(v + u/2) × (T + u) / (t + u) − u/2`` on the top ``T``, ``u`` being the matchpoints for a
  result beaten (2, or 1 on the single scale) -- per board, ``(M + 1) × E / A − 1`` in the
  EBU's words. ``ratio`` scales by ``T / t`` instead, ``none`` adds them as they are.
* ``percentages``: each session's percentage, the event's figure being their mean over the
  event's sessions (a session not played counts nothing).
* ``imps``: sessions scored in IMPs (Butler, cross-IMPs): their totals added.

Every value stays exact; a session's own scoring (its rules, its short boards) is kept, and only
its top is brought to the common one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.errors import RulesError
from bridgescore.events.identity import EntryKey, Identities, identify
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.results import SessionResult, Standing
from bridgescore.rules import Method
from bridgescore.scoring.ranking import rank
from bridgescore.vocabulary import Vocabulary


class Aggregate(Vocabulary, what=N_("a way of adding up an event's sessions")):
    """How an event's sessions are added up."""

    MATCHPOINTS = "matchpoints"
    PERCENTAGES = "percentages"
    IMPS = "imps"


class CommonTop(Vocabulary, what=N_("a way of bringing sessions to a common top")):
    """How sessions' matchpoints are brought to a common top."""

    NEUBERG = "neuberg"
    RATIO = "ratio"
    NONE = "none"


class PairsBy(Vocabulary, what=N_("a way of knowing a pair across sessions")):
    """How a pair is known across sessions."""

    PLAYERS = "players"  # national number, then club number, then name
    NUMBERS = "numbers"  # the pairs kept their numbers


@dataclass(frozen=True)
class EventRules:
    aggregate: Aggregate = Aggregate.MATCHPOINTS
    common_top: CommonTop = CommonTop.NEUBERG
    pairs_by: PairsBy = PairsBy.PLAYERS


@dataclass(frozen=True)
class EventSession:
    """One session of an event: where it came from (a file's name, ``db:7``) and its scores."""

    label: str
    result: SessionResult

    @property
    def top(self) -> Fraction:
        """The session's top on a board: the most any of its boards is scored out of."""
        return max((b.top for b in self.result.boards), default=Fraction(0))


@dataclass(frozen=True)
class Contribution:
    """What one session gave an entry: its standing there, and its value in the event's unit
    (the session's matchpoints on the common top, its percentage, or its IMPs)."""

    session: int
    standing: Standing
    value: Fraction
    available: Fraction | None  # matchpoints on the common top the entry could have scored


@dataclass(frozen=True)
class EventStanding:
    rank: int
    shared: bool
    entry: EntryKey
    name: str
    contributions: tuple[Contribution | None, ...]  # by session; None: not played
    total: Fraction
    percent: Fraction | None  # matchpoints: the total over what was available

    @property
    def place(self) -> str:
        return f"{self.rank}=" if self.shared else str(self.rank)

    @property
    def played(self) -> int:
        return sum(c is not None for c in self.contributions)


@dataclass(frozen=True)
class Ranking:
    """An event's sessions ranked together."""

    sessions: tuple[EventSession, ...]
    rules: EventRules
    top: Fraction | None  # the common top (matchpoints), else None
    standings: tuple[EventStanding, ...]

    def standing(self, entry: EntryKey) -> EventStanding | None:
        for s in self.standings:
            if s.entry == entry:
                return s
        return None


def bring_to_top(
    value: Fraction, boards: int, top: Fraction, common: Fraction, unit: int, how: CommonTop
) -> Fraction:
    """A total of matchpoints over ``boards`` boards, each on ``top``, on the ``common`` top.

    Each board's value ``v`` becomes ``a × v + c`` (Neuberg: ``a = (T + u) / (t + u)``,
    ``c = (a − 1) × u / 2``; ratio: ``a = T / t``, ``c = 0``), so a total of ``n`` boards
    becomes ``a × total + n × c``.
    """
    if how is CommonTop.NONE or top == common:
        return value
    if how is CommonTop.RATIO:
        return value * common / top
    factor = (common + unit) / (top + unit)
    return factor * value + boards * (factor - 1) * Fraction(unit, 2)


def rank_sessions(
    sessions: Sequence[EventSession],
    rules: EventRules,
    identities: Identities,
    offset: int = 0,
) -> Ranking:
    """Rank ``sessions`` together; ``identities`` knows their entrants from session ``offset``
    on (the qualifying's and the final's sessions are identified together)."""
    if not sessions:
        raise RulesError(Text(N_("an event needs at least one session")))
    methods = {s.result.rules.method for s in sessions}
    if len(methods) > 1:
        raise RulesError(
            Text(
                N_(
                    "the sessions are scored by different methods (%(methods)s): an event adds "
                    "up sessions scored alike"
                ),
                methods=", ".join(sorted(m.value for m in methods)),
            )
        )
    method = methods.pop()
    imps = method is not Method.MATCHPOINTS
    if imps != (rules.aggregate is Aggregate.IMPS):
        if imps:
            raise RulesError(
                Text(
                    N_(
                        "the sessions are scored in IMPs (%(method)s): they add up as IMPs "
                        "(--aggregate imps), having no matchpoints or percentages"
                    ),
                    method=method.value,
                )
            )
        raise RulesError(
            Text(N_("the sessions are scored at matchpoints: --aggregate imps needs IMPs"))
        )
    scales = {s.result.rules.scale for s in sessions}
    if len(scales) > 1:
        raise RulesError(
            Text(
                N_(
                    "the sessions are matchpointed on different scales (a top of 2 or 1 a "
                    "result beaten): score them on one scale (--scale)"
                )
            )
        )
    unit = scales.pop()
    common = max(s.top for s in sessions) if rules.aggregate is Aggregate.MATCHPOINTS else None
    by_entry: dict[EntryKey, list[Contribution | None]] = {}
    for k, session in enumerate(sessions):
        for field in session.result.fields:
            for standing in field.standings:
                key = identities.entry(offset + k, standing.entrant)
                contribution = _contribution(k, session, standing, rules, common, unit)
                row = by_entry.setdefault(key, [None] * len(sessions))
                if row[k] is not None:  # pragma: no cover - identify() keeps players apart
                    raise RulesError(
                        Text(
                            N_("%(name)s is ranked twice in %(session)s"),
                            name=identities.names[key],
                            session=session.label,
                        )
                    )
                row[k] = contribution
    standings = []
    totals = {key: _total(row, rules, len(sessions)) for key, row in by_entry.items()}
    # Level entries are listed by name (the ranking shares their place).
    names = identities.names
    for place, shared, key in rank(totals, lambda k: totals[k][0], order=lambda k: names[k]):
        total, percent = totals[key]
        standings.append(
            EventStanding(
                place, shared, key, identities.names[key], tuple(by_entry[key]), total, percent
            )
        )
    return Ranking(tuple(sessions), rules, common, tuple(standings))


def _contribution(
    k: int,
    session: EventSession,
    standing: Standing,
    rules: EventRules,
    common: Fraction | None,
    unit: int,
) -> Contribution:
    if rules.aggregate is Aggregate.IMPS:
        value = standing.total if standing.total is not None else standing.points
        return Contribution(k, standing, value, None)
    if rules.aggregate is Aggregate.PERCENTAGES:
        if standing.percent is None:  # nothing was compared in that session (one table)
            raise RulesError(
                Text(
                    N_("%(entrant)s has no percentage in %(session)s"),
                    entrant=standing.entrant,
                    session=session.label,
                )
            )
        return Contribution(k, standing, standing.percent, None)
    assert common is not None
    top = session.top
    how = rules.common_top
    value = bring_to_top(standing.points, standing.boards, top, common, unit, how)
    available = bring_to_top(standing.available, standing.boards, top, common, unit, how)
    return Contribution(k, standing, value, available)


def _total(
    row: Sequence[Contribution | None], rules: EventRules, sessions: int
) -> tuple[Fraction, Fraction | None]:
    played = [c for c in row if c is not None]
    total = sum((c.value for c in played), Fraction(0))
    if rules.aggregate is Aggregate.PERCENTAGES:
        return total / sessions, total / sessions
    if rules.aggregate is Aggregate.IMPS:
        return total, None
    available = sum((c.available or 0 for c in played), Fraction(0))
    return total, (100 * total / available if available else None)


def rank_event(
    sessions: Sequence[EventSession], rules: EventRules = EventRules()
) -> tuple[Ranking, Identities]:
    """The sessions of one event, their entrants matched across them and ranked together."""
    identities = identify(
        [s.result.session for s in sessions],
        [s.label for s in sessions],
        by_numbers=rules.pairs_by is PairsBy.NUMBERS,
    )
    return rank_sessions(sessions, rules, identities), identities
