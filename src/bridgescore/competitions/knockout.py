"""A knock-out: a seeded bracket, a carry-over into a match, and the winners going through.

The bracket is the usual one: with the teams in seed order, the first round of a bracket of
2^k places meets 1 v 2^k, 2^k/2 v 2^k/2 + 1, ... laid out so that seeds 1 and 2 can meet only
in the final (1, 8, 4, 5, 2, 7, 3, 6 for eight places); places beyond the last team are byes,
so the top seeds have them. A match's carry-over (from an earlier stage, or a handicap) is
IMPs to one side before a board is played; the winner is the side ahead on IMPs with it, the
better seed at home in the next round. A match level after the carry-over has no winner until
the boards that break the tie are scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text


class KnockoutError(RulesError):
    """A step the bracket does not allow; nothing was changed."""


def bracket_order(places: int) -> list[int]:
    """The seeds in bracket order: 1, 2 → 1, 4, 2, 3 → 1, 8, 4, 5, 2, 7, 3, 6 ..."""
    if places < 2 or places & (places - 1):
        raise KnockoutError(
            Text(N_("a bracket has a power of two places, not %(places)s"), places=places)
        )
    order = [1, 2]
    while len(order) < places:
        size = 2 * len(order)
        order = [seed for s in order for seed in (s, size + 1 - s)]
    return order


def carry_over(margin: Fraction | int, fraction: Fraction, cap: Fraction | None = None) -> Fraction:
    """A carry-over of ``fraction`` of an earlier ``margin`` (e.g. a third of the IMPs by
    which one team beat the other in the round robin), at most ``cap`` either way."""
    value = Fraction(margin) * fraction
    if cap is not None:
        value = max(-cap, min(cap, value))
    return value


@dataclass(frozen=True)
class Tie:
    """A match of the bracket: round, position in the round, the two teams (None: a bye or not
    known yet), the carry-over (IMPs to home; negative: to away) and the IMPs scored."""

    round: int
    slot: int
    home: int | None
    away: int | None
    carry: Fraction = Fraction(0)
    home_imps: Fraction | None = None
    away_imps: Fraction | None = None

    @property
    def margin(self) -> Fraction | None:
        """Home's lead with the carry-over, once scored."""
        if self.home_imps is None or self.away_imps is None:
            return None
        return self.carry + self.home_imps - self.away_imps

    @property
    def winner(self) -> int | None:
        if self.home is not None and self.away is None and self.round == 1:
            return self.home  # a bye
        margin = self.margin
        if margin is None or margin == 0:
            return None
        return self.home if margin > 0 else self.away


@dataclass(frozen=True)
class Knockout:
    """The bracket: every match of every round, the later ones filled as winners go through."""

    seeds: tuple[int, ...]  # teams, best seed first
    ties: tuple[Tie, ...]

    @classmethod
    def seeded(cls, teams: Sequence[int]) -> Knockout:
        """A bracket of ``teams`` in seed order (at least two, each once)."""
        if len(teams) < 2 or len(set(teams)) != len(teams):
            raise KnockoutError(Text(N_("a knock-out needs two or more teams, each once")))
        places = 1
        while places < len(teams):
            places *= 2
        order = bracket_order(places) if places > 1 else [1]
        ties = []
        for slot in range(places // 2):
            a, b = order[2 * slot], order[2 * slot + 1]
            home = teams[a - 1] if a <= len(teams) else None
            away = teams[b - 1] if b <= len(teams) else None
            ties.append(Tie(1, slot + 1, home, away))
        rounds = places.bit_length() - 1
        for number in range(2, rounds + 1):
            ties.extend(Tie(number, slot + 1, None, None) for slot in range(places >> number))
        return cls(tuple(teams), tuple(ties))._advance()

    @property
    def rounds(self) -> int:
        return max(t.round for t in self.ties)

    def tie(self, round_number: int, slot: int) -> Tie:
        for t in self.ties:
            if (t.round, t.slot) == (round_number, slot):
                return t
        raise KnockoutError(
            Text(N_("there is no match %(slot)s in round %(round)s"), slot=slot, round=round_number)
        )

    def find(self, team: int) -> Tie:
        """The match ``team`` is to play next (or played last)."""
        found = [t for t in self.ties if team in (t.home, t.away)]
        if not found:
            raise KnockoutError(Text(N_("team %(team)s is not in the knock-out"), team=team))
        return found[-1]

    @property
    def champion(self) -> int | None:
        return self.tie(self.rounds, 1).winner

    def carry(self, team: int, imps: Fraction | int) -> Knockout:
        """A carry-over of ``imps`` to ``team`` into its next match, before it is scored."""
        tie = self.find(team)
        if tie.home_imps is not None or tie.home is None or tie.away is None:
            message = (
                N_(
                    "team %(team)s's match in round %(round)s is scored already: a carry-over "
                    "goes into a match before it is played"
                )
                if tie.home_imps is not None
                else N_(
                    "team %(team)s's match in round %(round)s is not set yet: a carry-over goes "
                    "into a match before it is played"
                )
            )
            raise KnockoutError(Text(message, team=team, round=tie.round))
        value = Fraction(imps) if team == tie.home else -Fraction(imps)
        return self._replace(replace(tie, carry=value))

    def record(
        self, home: int, away: int, home_imps: Fraction | int, away_imps: Fraction | int
    ) -> Knockout:
        """The IMPs of a match (the teams either way round); its winner goes through."""
        tie = self.find(home)
        if {tie.home, tie.away} != {home, away}:
            raise KnockoutError(
                Text(N_("team %(home)s does not play team %(away)s next"), home=home, away=away)
            )
        if tie.home_imps is not None and self._later_scored(tie):
            raise KnockoutError(
                Text(
                    N_("the winner of %(home)s v %(away)s has played on: the score stands"),
                    home=tie.home,
                    away=tie.away,
                )
            )
        own, other = Fraction(home_imps), Fraction(away_imps)
        if own < 0 or other < 0:
            raise KnockoutError(Text(N_("IMPs are scored by each team, 0 or more")))
        if tie.home != home:
            own, other = other, own
        return self._replace(replace(tie, home_imps=own, away_imps=other))

    def _later_scored(self, tie: Tie) -> bool:
        if tie.round == self.rounds:
            return False
        return self.tie(tie.round + 1, (tie.slot + 1) // 2).home_imps is not None

    def _replace(self, tie: Tie) -> Knockout:
        ties = tuple(tie if (t.round, t.slot) == (tie.round, tie.slot) else t for t in self.ties)
        return replace(self, ties=ties)._advance()

    def _advance(self) -> Knockout:
        """Each later match's teams from the winners of the two before it, better seed home."""
        seed = {team: i for i, team in enumerate(self.seeds)}
        ties = {(t.round, t.slot): t for t in self.ties}
        for number in range(2, self.rounds + 1):
            for slot in range(1, len([t for t in self.ties if t.round == number]) + 1):
                a = ties[number - 1, 2 * slot - 1].winner
                b = ties[number - 1, 2 * slot].winner
                if a is not None and b is not None and seed[b] < seed[a]:
                    a, b = b, a
                current = ties[number, slot]
                if (current.home, current.away) != (a, b):
                    ties[number, slot] = Tie(number, slot, a, b)
        return replace(self, ties=tuple(ties[t.round, t.slot] for t in self.ties))
