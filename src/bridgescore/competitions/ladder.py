"""A club's ladder (or league) over the year, from its sessions, by a rule set it publishes
(docs/events.md):

* ``by``: each player ranked on every session they played, whoever their partner
  (``player``), or each partnership on its own (``partnership``);
* ``best``: only an entry's best N percentages count (all of them without it);
* ``minimum``: an entry is ranked once it has played that many sessions, and listed below
  the ranking until then;
* ``score``: the ranking is on the mean of the counted percentages (``average``) or on their
  sum (``total``, which rewards coming often);
* an IMP-scored session (Butler, cross-IMPs) counts as a percentage too: ``50 + 6.5 × IMPs a
  board`` by default (the EBU's grading scheme takes 1 IMP a board at cross-IMPs as 6.5%),
  kept between 0 and 100; or (``ranked``) by matchpointing the pairs' IMP totals in their field,
  so the best has 100% and the worst 0%.

Players are matched across sessions as an event matches them (national number, club number,
name): :mod:`bridgescore.events.identity`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.errors import RulesError
from bridgescore.events import EventSession, Identities, identify
from bridgescore.languages import N_
from bridgescore.languages.text import Figure, Text
from bridgescore.results import FieldResult, Standing
from bridgescore.rules import Method
from bridgescore.scoring.ranking import rank
from bridgescore.vocabulary import Vocabulary

EBU_IMPS_A_BOARD = Fraction(13, 2)  # percentage points for 1 IMP a board (EBU NGS)


class LadderBy(Vocabulary, what=N_("a ladder of players or partnerships")):
    PLAYER = "player"
    PARTNERSHIP = "partnership"


class LadderScore(Vocabulary, what=N_("a ladder score")):
    AVERAGE = "average"
    TOTAL = "total"


@dataclass(frozen=True)
class LadderRules:
    by: LadderBy = LadderBy.PLAYER
    best: int | None = None
    minimum: int = 1
    score: LadderScore = LadderScore.AVERAGE
    imps_a_board: Fraction | None = EBU_IMPS_A_BOARD  # None: matchpoint the IMP totals

    def __post_init__(self) -> None:
        if self.best is not None and self.best < 1:
            raise RulesError(
                Text(N_("a ladder counts the best 1 or more results, not %(best)s"), best=self.best)
            )
        if self.minimum < 0:
            raise RulesError(
                Text(
                    N_("a minimum of %(minimum)s sessions is not a number of sessions"),
                    minimum=self.minimum,
                )
            )

    def describe(self) -> Text:
        """The rules in words: English as data, shown in the reader's language."""
        who = (
            Text(N_("each player, whoever the partner"))
            if self.by is LadderBy.PLAYER
            else Text(N_("each partnership"))
        )
        best = (
            Text(N_("the best %(best)s percentages"), best=self.best)
            if self.best
            else Text(N_("every percentage"))
        )
        imps = (
            Text(N_("matchpointing the IMP totals"))
            if self.imps_a_board is None
            else Text(N_("50 + %(rate)s × IMPs a board"), rate=Figure(_plain(self.imps_a_board)))
        )
        minimum = (
            Text(N_("; ranked after %(count)s sessions"), count=self.minimum)
            if self.minimum > 1
            else ""
        )
        return Text(
            N_("%(who)s: the mean of %(best)s%(minimum)s; IMP sessions as %(imps)s")
            if self.score is LadderScore.AVERAGE
            else N_("%(who)s: the sum of %(best)s%(minimum)s; IMP sessions as %(imps)s"),
            who=who,
            best=best,
            minimum=minimum,
            imps=imps,
        )


def _plain(value: Fraction) -> str:
    return str(value) if value.denominator == 1 else f"{float(value):g}"


@dataclass(frozen=True)
class LadderResult:
    """One session's percentage for an entry of the ladder."""

    session: int
    percent: Fraction
    standing: Standing


@dataclass(frozen=True)
class LadderStanding:
    rank: int | None  # None: not yet ranked (fewer sessions than the minimum)
    shared: bool
    key: frozenset[str]
    name: str
    counted: tuple[LadderResult, ...]
    dropped: tuple[LadderResult, ...]
    score: Fraction

    @property
    def place(self) -> str:
        if self.rank is None:
            return ""
        return f"{self.rank}=" if self.shared else str(self.rank)

    @property
    def played(self) -> int:
        return len(self.counted) + len(self.dropped)


@dataclass(frozen=True)
class Ladder:
    sessions: tuple[EventSession, ...]
    rules: LadderRules
    standings: tuple[LadderStanding, ...]
    notes: tuple[str, ...]


def percentages(
    field: FieldResult, method: Method, imps_a_board: Fraction | None
) -> dict[Standing, Fraction]:
    """Each standing's percentage in its field: its own at matchpoints; at IMPs as the rules
    say (50 + k × IMPs a board, between 0 and 100; or the IMP totals matchpointed)."""
    if method is Method.MATCHPOINTS:
        return {s: s.percent for s in field.standings if s.percent is not None}
    if imps_a_board is not None:
        found = {}
        for s in field.standings:
            a_board = s.points / s.boards if s.boards else Fraction(0)
            found[s] = min(Fraction(100), max(Fraction(0), 50 + imps_a_board * a_board))
        return found
    totals = [s.total if s.total is not None else s.points for s in field.standings]
    n = len(totals)
    found = {}
    for s, own in zip(field.standings, totals, strict=True):
        if n < 2:
            found[s] = Fraction(50)
            continue
        beaten = sum(1 for t in totals if t < own)
        level = sum(1 for t in totals if t == own) - 1
        found[s] = Fraction(100 * (2 * beaten + level), 2 * (n - 1))
    return found


def ladder(sessions: Sequence[EventSession], rules: LadderRules = LadderRules()) -> Ladder:
    """The ladder over ``sessions`` (in date order) by ``rules``."""
    if not sessions:
        raise RulesError(Text(N_("a ladder needs at least one session")))
    identities: Identities = identify(
        [s.result.session for s in sessions], [s.label for s in sessions]
    )
    results: dict[frozenset[str], list[LadderResult]] = {}
    names: dict[frozenset[str], str] = {}
    for k, session in enumerate(sessions):
        method = session.result.rules.method
        for field in session.result.fields:
            for standing, percent in percentages(field, method, rules.imps_a_board).items():
                entry = identities.entry(k, standing.entrant)
                keys = (
                    [frozenset({p}) for p in sorted(entry)]
                    if rules.by is LadderBy.PLAYER
                    else [entry]
                )
                for key in keys:
                    results.setdefault(key, []).append(LadderResult(k, percent, standing))
                    if key not in names:
                        person = next(iter(key)) if rules.by is LadderBy.PLAYER else ""
                        names[key] = identities.players.get(person) or identities.names[entry]
    standings: list[tuple[frozenset[str], tuple[LadderResult, ...], tuple[LadderResult, ...]]] = []
    for key, found in results.items():
        ordered = sorted(found, key=lambda r: (-r.percent, r.session))
        count = len(ordered) if rules.best is None else rules.best
        standings.append((key, tuple(ordered[:count]), tuple(ordered[count:])))
    scores = {key: _score(counted, rules) for key, counted, _ in standings}
    ranked_keys = [
        key for key, counted, dropped in standings if len(counted) + len(dropped) >= rules.minimum
    ]
    parts = {key: (counted, dropped) for key, counted, dropped in standings}
    out = [
        LadderStanding(place, shared, key, names[key], *parts[key], scores[key])
        for place, shared, key in rank(ranked_keys, lambda k: scores[k], order=lambda k: names[k])
    ]
    waiting = sorted(
        (key for key in parts if key not in set(ranked_keys)),
        key=lambda k: (-(len(parts[k][0]) + len(parts[k][1])), -scores[k], names[k]),
    )
    out.extend(
        LadderStanding(None, False, key, names[key], *parts[key], scores[key]) for key in waiting
    )
    # A player's partners do not matter to a ladder of players; to one of partnerships they do.
    notes = identities.notes if rules.by is LadderBy.PARTNERSHIP else ()
    return Ladder(tuple(sessions), rules, tuple(out), notes)


def _score(counted: Sequence[LadderResult], rules: LadderRules) -> Fraction:
    total = sum((r.percent for r in counted), Fraction(0))
    if rules.score is LadderScore.TOTAL or not counted:
        return total
    return total / len(counted)
