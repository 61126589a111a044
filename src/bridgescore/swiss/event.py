"""A Swiss event as one value: the conditions, the teams, each round's draw and each match's
score. Every step returns a new event and leaves the old one as it was; a step against the rules
raises :class:`SwissError` and changes nothing.

    event = SwissEvent.start(Conditions(rounds=7, boards=8), range(1, 25))
    event = event.draw()                       # round 1
    event = event.record(1, 3, 17, 25, 10)     # round 1, team 3 v team 17: 25-10 IMPs
    ...
    event = event.draw()                       # round 2, once every round 1 score is in
    event.standings()
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.scoring.imps import MarginRule, victory_points
from bridgescore.swiss import draw as drawing
from bridgescore.swiss.conditions import Conditions, FirstRound
from bridgescore.swiss.draw import Draw, Match
from bridgescore.swiss.standings import Record, SwissStanding, order

__all__ = ["Draw", "Match", "MatchScore", "SwissError", "SwissEvent", "Team"]

FORMAT = "bridgescore-swiss"
VERSION = 1


class SwissError(RulesError):
    """A step the event's state or conditions do not allow; nothing was changed."""


@dataclass(frozen=True)
class Team:
    """A team (or pair): its number, name and seed; ``joined`` is the first round it is drawn
    in (later than 1 for a late entry), ``left`` the last round it was drawn in when it has
    withdrawn."""

    number: int
    name: str | None = None
    seed: int | None = None
    joined: int = 1
    left: int | None = None

    def plays(self, round_number: int) -> bool:
        return self.joined <= round_number and (self.left is None or round_number <= self.left)

    @property
    def withdrawn(self) -> bool:
        return self.left is not None


@dataclass(frozen=True)
class MatchScore:
    """A match's IMPs, each team's own (they need not be complementary: IMPs for and against)."""

    home_imps: Fraction
    away_imps: Fraction

    @property
    def margin(self) -> Fraction:
        return self.home_imps - self.away_imps


ScoreKey = tuple[int, int, int]  # round, home, away


@dataclass(frozen=True)
class SwissEvent:
    conditions: Conditions
    teams: tuple[Team, ...]
    draws: tuple[Draw, ...] = ()
    scores: Mapping[ScoreKey, MatchScore] = field(default_factory=dict)

    # --- starting and reading ------------------------------------------------------------------

    @classmethod
    def start(cls, conditions: Conditions, teams: Iterable[int | Team]) -> SwissEvent:
        """A new event of ``teams`` (numbers, or :class:`Team` with names and seeds)."""
        entered = tuple(t if isinstance(t, Team) else Team(int(t)) for t in teams)
        numbers = [t.number for t in entered]
        repeated = sorted(n for n, k in Counter(numbers).items() if k > 1)
        if repeated:
            raise SwissError(
                Text(
                    N_("team %(team)s is entered twice: each team needs its own number"),
                    team=repeated[0],
                )
            )
        if any(n < 1 for n in numbers):
            raise SwissError(Text(N_("teams are numbered from 1")))
        if len(entered) < 2:
            raise SwissError(
                Text(
                    N_("a Swiss event needs at least two teams, not %(count)s"), count=len(entered)
                )
            )
        for team, _ in conditions.stationary:
            if team not in numbers:
                raise SwissError(
                    Text(N_("stationary team %(team)s is not entered in the event"), team=team)
                )
        return cls(conditions, tuple(sorted(entered, key=lambda t: t.number)))

    @property
    def drawn(self) -> int:
        """How many rounds have been drawn."""
        return len(self.draws)

    def team(self, number: int) -> Team:
        for team in self.teams:
            if team.number == number:
                return team
        raise SwissError(Text(N_("there is no team %(number)s in the event"), number=number))

    def missing(self, round_number: int) -> tuple[Match, ...]:
        """The matches of a drawn round whose score is not in yet."""
        draw = self.draws[round_number - 1]
        return tuple(m for m in draw.matches if (draw.round, m.home, m.away) not in self.scores)

    @property
    def complete(self) -> bool:
        """Every round drawn and every score in."""
        return self.drawn == self.conditions.rounds and not self.missing(self.drawn)

    def match_vps(self, round_number: int, match: Match) -> tuple[Fraction, Fraction] | None:
        """(home, away) VPs of a match, once its score is in."""
        return self._vps.get((round_number, match.home, match.away))

    @cached_property
    def _vps(self) -> dict[ScoreKey, tuple[Fraction, Fraction]]:
        # An event is a value: its scores' VPs are worked out once (a cached_property writes
        # the instance's own dict, which a frozen dataclass allows).
        c = self.conditions
        return {
            key: victory_points(score.margin, c.boards, MarginRule.INTERPOLATE, c.vp_scale)
            for key, score in self.scores.items()
        }

    @cached_property
    def _standings(self) -> dict[int, tuple[SwissStanding, ...]]:
        return {}

    # --- the standings -------------------------------------------------------------------------

    def records(self, through: int | None = None) -> list[Record]:
        """Each team's VPs, IMPs, matches and byes over the rounds up to ``through``."""
        last = self.drawn if through is None else min(through, self.drawn)
        vps: dict[int, Fraction] = {t.number: Fraction(0) for t in self.teams}
        imps_for = {t.number: Fraction(0) for t in self.teams}
        imps_against = {t.number: Fraction(0) for t in self.teams}
        matches = Counter[int]()
        byes = Counter[int]()
        for entered in self.teams:
            missed = min(entered.joined - 1, last)
            vps[entered.number] += missed * self.conditions.late_vps
        for draw in self.draws[:last]:
            if draw.bye is not None:
                byes[draw.bye] += 1
                vps[draw.bye] += self.conditions.bye_vps or 0
            for match in draw.matches:
                score = self.scores.get((draw.round, match.home, match.away))
                points = self.match_vps(draw.round, match)
                if score is None or points is None:
                    continue
                for team, own, other, won in (
                    (match.home, score.home_imps, score.away_imps, points[0]),
                    (match.away, score.away_imps, score.home_imps, points[1]),
                ):
                    vps[team] += won
                    imps_for[team] += own
                    imps_against[team] += other
                    matches[team] += 1
        return [
            Record(
                t.number,
                vps[t.number],
                imps_for[t.number],
                imps_against[t.number],
                matches[t.number],
                byes[t.number],
                t.left is not None and t.left <= last,
            )
            for t in self.teams
        ]

    def head_to_head(self, through: int | None = None) -> dict[tuple[int, int], Fraction]:
        """VPs each team scored against each opponent it met (over the rounds up to
        ``through``)."""
        last = self.drawn if through is None else min(through, self.drawn)
        found: dict[tuple[int, int], Fraction] = {}
        for draw in self.draws[:last]:
            for match in draw.matches:
                points = self.match_vps(draw.round, match)
                if points is None:
                    continue
                for key, won in (
                    ((match.home, match.away), points[0]),
                    ((match.away, match.home), points[1]),
                ):
                    found[key] = found.get(key, Fraction(0)) + won
        return found

    def standings(self, through: int | None = None) -> tuple[SwissStanding, ...]:
        """The standings after ``through`` rounds (default: every score in so far)."""
        last = self.drawn if through is None else min(through, self.drawn)
        known = self._standings.get(last)
        if known is None:
            names = {t.number: t.name for t in self.teams}
            known = self._standings[last] = order(
                self.records(last), self.conditions.tie_breaks, self.head_to_head(last), names
            )
        return known

    # --- the steps -----------------------------------------------------------------------------

    def draw(self, round_number: int | None = None) -> SwissEvent:
        """The event with the next round drawn. Asking for a round already drawn gives the event
        as it is, so a repeated request shows the same draw."""
        if round_number is not None and 1 <= round_number <= self.drawn:
            return self
        number = self.drawn + 1
        rounds = self.conditions.rounds
        if round_number is not None and round_number != number:
            raise SwissError(
                Text(
                    N_("round %(round)s cannot be drawn: the next round to draw is %(number)s"),
                    round=round_number,
                    number=number,
                )
                if round_number <= rounds
                else Text(
                    N_("there is no round %(round)s: the event has %(rounds)s"),
                    round=round_number,
                    rounds=rounds,
                )
            )
        if number > rounds:
            raise SwissError(
                Text(N_("all %(rounds)s rounds of the event have been drawn"), rounds=rounds)
            )
        if self.drawn:
            waiting = self.missing(self.drawn)
            if waiting:
                listed = ", ".join(f"{m.home} v {m.away}" for m in waiting)
                raise SwissError(
                    Text(
                        N_(
                            "round %(number)s cannot be drawn until every round %(drawn)s score "
                            "is in: %(count)s still to come (%(listed)s)"
                        ),
                        number=number,
                        drawn=self.drawn,
                        count=len(waiting),
                        listed=listed,
                    )
                )
        playing = self._playing(number)
        if len(playing) < 2:
            raise SwissError(
                Text(
                    N_("round %(number)s has %(count)s team playing: it needs two"),
                    number=number,
                    count=len(playing),
                )
            )
        if len(playing) % 2 and self.conditions.bye_vps is None:
            raise SwissError(
                Text(
                    N_(
                        "round %(number)s has %(count)s teams, an odd number, and the conditions "
                        "give no score for a bye: enter or withdraw a team, or set the bye's VPs"
                    ),
                    number=number,
                    count=len(playing),
                )
            )
        tables = {t: table for t, table in self.conditions.stationary if t in playing}
        if number == 1:
            by_seed = sorted(
                playing, key=lambda t: (self.team(t).seed is None, self.team(t).seed or 0, t)
            )
            random = self.conditions.first_round is FirstRound.RANDOM
            pairing = drawing.first_round(by_seed, self.conditions.seed if random else None)
        else:
            byes = Counter(d.bye for d in self.draws if d.bye is not None)
            if self.conditions.danish_round(number):
                pairing = drawing.danish(playing, byes)
            else:
                met = Counter(frozenset(m.teams) for d in self.draws for m in d.matches)
                vps = {s.team: s.vps for s in self.standings(number - 1)}
                pairing = drawing.swiss(playing, vps, met, byes, tables)
        new = Draw(number, drawing.seat(pairing, tables), pairing[1])
        return replace(self, draws=(*self.draws, new))

    def _playing(self, round_number: int) -> list[int]:
        """The teams in the round, in the order of the standings before it."""
        active = {t.number for t in self.teams if t.plays(round_number)}
        return [s.team for s in self.standings(round_number - 1) if s.team in active]

    def record(
        self,
        round_number: int,
        home: int,
        away: int,
        home_imps: Fraction | int,
        away_imps: Fraction | int,
    ) -> SwissEvent:
        """The event with a match's score: ``home``'s IMPs and ``away``'s (the two teams may be
        given either way round; each team's IMPs go with it). A score can be changed until the
        next round is drawn on it."""
        if not 1 <= round_number <= self.drawn:
            raise SwissError(
                Text(
                    N_("round %(round)s has not been drawn: the last round drawn is %(drawn)s"),
                    round=round_number,
                    drawn=self.drawn,
                )
                if self.drawn
                else Text(N_("round %(round)s has not been drawn"), round=round_number)
            )
        draw = self.draws[round_number - 1]
        match = draw.match_of(home)
        if match is None or away not in match.teams or home == away:
            raise SwissError(
                Text(
                    N_(
                        "team %(home)s does not play team %(away)s in round %(round)s (team "
                        "%(home)s plays team %(other)s)"
                    ),
                    home=home,
                    away=away,
                    round=round_number,
                    other=_other(match, home),
                )
                if match
                else Text(
                    N_("team %(home)s does not play team %(away)s in round %(round)s"),
                    home=home,
                    away=away,
                    round=round_number,
                )
            )
        own, other = Fraction(home_imps), Fraction(away_imps)
        if own < 0 or other < 0:
            raise SwissError(
                Text(
                    N_("IMPs are scored by each team, 0 or more: found %(own)s and %(other)s"),
                    own=own,
                    other=other,
                )
            )
        if match.home != home:
            own, other = other, own
        key = (round_number, match.home, match.away)
        if key in self.scores and round_number < self.drawn and not self.conditions.league:
            raise SwissError(
                Text(
                    N_(
                        "round %(next)s has been drawn on the score of %(home)s v %(away)s: it "
                        "can no longer be changed here"
                    ),
                    next=round_number + 1,
                    home=match.home,
                    away=match.away,
                )
            )
        return replace(self, scores={**self.scores, key: MatchScore(own, other)})

    def enter(self, number: int, name: str | None = None, seed: int | None = None) -> SwissEvent:
        """The event with a late entry, drawn from the next round on."""
        if number < 1:
            raise SwissError(Text(N_("teams are numbered from 1")))
        if any(t.number == number for t in self.teams):
            raise SwissError(Text(N_("team %(number)s is already in the event"), number=number))
        rounds = self.conditions.rounds
        if self.drawn >= rounds:
            raise SwissError(
                Text(
                    N_(
                        "the last round (round %(rounds)s) has been drawn: a team entering now "
                        "would play no match"
                    ),
                    rounds=rounds,
                )
            )
        team = Team(number, name, seed, joined=self.drawn + 1)
        return replace(self, teams=tuple(sorted((*self.teams, team), key=lambda t: t.number)))

    def withdraw(self, number: int) -> SwissEvent:
        """The event with a team withdrawn after the rounds drawn so far."""
        team = self.team(number)
        if team.left is not None:
            last = f"its last round was {team.left}" if team.left >= team.joined else "no match"
            raise SwissError(
                Text(
                    N_("team %(number)s has already withdrawn (%(last)s)"), number=number, last=last
                )
            )
        if self.drawn >= self.conditions.rounds:
            raise SwissError(
                Text(
                    N_(
                        "all %(rounds)s rounds have been drawn: there is no later round for team "
                        "%(number)s to withdraw from"
                    ),
                    rounds=self.conditions.rounds,
                    number=number,
                )
            )
        if self.drawn and team.plays(self.drawn):
            match = self.draws[-1].match_of(number)
            if match is not None and match in self.missing(self.drawn):
                raise SwissError(
                    Text(
                        N_(
                            "team %(number)s is playing round %(drawn)s against team %(other)s "
                            "and the score is not in: record it first, then withdraw the team"
                        ),
                        number=number,
                        drawn=self.drawn,
                        other=_other(match, number),
                    )
                )
        left = replace(team, left=self.drawn)
        return replace(self, teams=tuple(left if t.number == number else t for t in self.teams))

    # --- storing -------------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The event as plain JSON-able data, exact values as fraction strings."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "conditions": self.conditions.to_data(),
            "teams": [
                {
                    "number": t.number,
                    "name": t.name,
                    "seed": t.seed,
                    "joined": t.joined,
                    "left": t.left,
                }
                for t in self.teams
            ],
            "draws": [
                {
                    "round": d.round,
                    "matches": [
                        {"table": m.table, "home": m.home, "away": m.away} for m in d.matches
                    ],
                    "bye": d.bye,
                }
                for d in self.draws
            ],
            "scores": [
                {
                    "round": key[0],
                    "home": key[1],
                    "away": key[2],
                    "home_imps": str(score.home_imps),
                    "away_imps": str(score.away_imps),
                }
                for key, score in sorted(self.scores.items())
            ],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SwissEvent:
        """An event stored by :meth:`to_data`, checked: each round's draw holds exactly the teams
        playing it, and each score a match of its round."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise SwissError(
                Text(
                    N_("not a Swiss event stored by bridgescore (no format %(format)s)"),
                    format=repr(FORMAT),
                )
            )
        if data.get("version") != VERSION:
            found = data.get("version")
            raise SwissError(
                Text(
                    N_("a Swiss event of version %(found)s: expected %(version)s"),
                    found=repr(found),
                    version=VERSION,
                )
            )
        try:
            conditions = Conditions.from_data(data["conditions"])
            teams = tuple(
                Team(
                    int(t["number"]),
                    t.get("name"),
                    None if t.get("seed") is None else int(t["seed"]),
                    int(t["joined"]),
                    None if t.get("left") is None else int(t["left"]),
                )
                for t in data["teams"]
            )
            draws = tuple(
                Draw(
                    int(d["round"]),
                    tuple(
                        Match(int(m["table"]), int(m["home"]), int(m["away"])) for m in d["matches"]
                    ),
                    None if d.get("bye") is None else int(d["bye"]),
                )
                for d in data["draws"]
            )
            scores = {
                (int(s["round"]), int(s["home"]), int(s["away"])): MatchScore(
                    Fraction(s["home_imps"]), Fraction(s["away_imps"])
                )
                for s in data["scores"]
            }
        except (KeyError, TypeError, ValueError) as error:
            problem = f"a stored Swiss event with a wrong or missing value ({error})"
            raise SwissError(problem) from None
        event = cls.start(conditions, teams)
        event = replace(event, draws=draws, scores=scores)
        event._check()
        return event

    def _check(self) -> None:
        for i, draw in enumerate(self.draws, 1):
            expected = frozenset(t.number for t in self.teams if t.plays(i))
            listed = [t for m in draw.matches for t in m.teams] + (
                [draw.bye] if draw.bye is not None else []
            )
            if draw.round != i or len(listed) != len(set(listed)) or set(listed) != expected:
                raise SwissError(
                    Text(
                        N_(
                            "the stored draw of round %(round)s does not hold each team playing "
                            "it once"
                        ),
                        round=i,
                    )
                )
        if self.drawn > self.conditions.rounds:
            raise SwissError(
                Text(
                    N_("%(drawn)s rounds drawn in an event of %(rounds)s"),
                    drawn=self.drawn,
                    rounds=self.conditions.rounds,
                )
            )
        for round_number, home, away in self.scores:
            if not 1 <= round_number <= self.drawn or Match(0, home, away).teams not in {
                m.teams for m in self.draws[round_number - 1].matches
            }:
                raise SwissError(
                    Text(
                        N_(
                            "a stored score of %(home)s v %(away)s in round %(round)s, which was "
                            "not drawn"
                        ),
                        home=home,
                        away=away,
                        round=round_number,
                    )
                )


def _other(match: Match | None, team: int) -> int | None:
    if match is None:
        return None
    return match.away if match.home == team else match.home
