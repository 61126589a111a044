"""The conditions of contest a Swiss event is run by: rounds, the VP scale, the bye, the first
round, the Danish rounds, stationary tables and the tie-breaks (docs/events.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.rules import VpScale
from bridgescore.scoring.imps import VP_MAX
from bridgescore.vocabulary import Vocabulary


class FirstRound(Vocabulary, what=N_("a first-round draw")):
    """How round 1 is drawn, before there are any scores to pair on."""

    RANDOM = "random"  # shuffled with the conditions' seed, then 1st v 2nd, 3rd v 4th ...
    SEEDED = "seeded"  # by the teams' seeds, top half v bottom half (1 v n/2 + 1, ...)


class TieBreak(Vocabulary, what=N_("a tie-break")):
    """How teams level on VPs are put in order (applied in the order the conditions list)."""

    HEAD_TO_HEAD = "head-to-head"  # VPs in the matches among them, when each pair of them met
    IMP_QUOTIENT = "imp-quotient"  # IMPs for ÷ IMPs against
    IMP_DIFFERENCE = "imp-difference"  # IMPs for − IMPs against


@dataclass(frozen=True)
class Conditions:
    """A Swiss event's conditions of contest.

    ``bye_vps`` is what a team with the bye scores (None: the event has no bye, and a round
    with an odd number of teams cannot be drawn); ``late_vps`` what a late entry scores for
    each round it missed. The last ``danish`` rounds are drawn Danish (1st v 2nd, 3rd v 4th,
    rematches allowed). ``stationary`` keeps a team at one table (team, table) for players who
    cannot move. A ``league`` (a round robin) has every round drawn in advance: a score can
    then be corrected whenever, no draw resting on it.
    """

    rounds: int
    boards: int = 8
    vp_scale: VpScale = VpScale.CONTINUOUS
    bye_vps: Fraction | None = Fraction(12)
    late_vps: Fraction = Fraction(0)
    first_round: FirstRound = FirstRound.RANDOM
    seed: int = 0
    danish: int = 0
    stationary: tuple[tuple[int, int], ...] = ()
    tie_breaks: tuple[TieBreak, ...] = field(default=(TieBreak.HEAD_TO_HEAD, TieBreak.IMP_QUOTIENT))
    league: bool = False  # every round drawn in advance (a round robin), not on the scores

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise RulesError(
                Text(
                    N_("a Swiss event needs at least one round, not %(rounds)s"), rounds=self.rounds
                )
            )
        if self.boards < 1:
            raise RulesError(
                Text(N_("a match needs at least one board, not %(boards)s"), boards=self.boards)
            )
        for name in ("bye_vps", "late_vps"):
            value = getattr(self, name)
            if value is not None and not 0 <= value <= VP_MAX:
                raise RulesError(
                    Text(
                        N_("%(name)s %(value)s is not between 0 and 20"),
                        name=name.replace("_", " "),
                        value=value,
                    )
                )
        if not 0 <= self.danish < self.rounds:
            raise RulesError(
                Text(
                    N_(
                        "%(danish)s Danish rounds in an event of %(rounds)s: round 1 is drawn "
                        "before there are scores, so at most the rounds after it can be Danish"
                    ),
                    danish=self.danish,
                    rounds=self.rounds,
                )
            )
        tables = [table for _, table in self.stationary]
        teams = [team for team, _ in self.stationary]
        if len(set(tables)) != len(tables) or len(set(teams)) != len(teams):
            raise RulesError(Text(N_("each stationary team needs a table of its own")))
        if any(table < 1 for table in tables):
            raise RulesError(Text(N_("tables are numbered from 1")))

    @property
    def tables(self) -> Mapping[int, int]:
        """Each stationary team's table."""
        return dict(self.stationary)

    def danish_round(self, number: int) -> bool:
        return number > self.rounds - self.danish

    def to_data(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "boards": self.boards,
            "vp_scale": self.vp_scale.value,
            "bye_vps": None if self.bye_vps is None else str(self.bye_vps),
            "late_vps": str(self.late_vps),
            "first_round": self.first_round.value,
            "seed": self.seed,
            "danish": self.danish,
            "stationary": [[team, table] for team, table in self.stationary],
            "tie_breaks": [t.value for t in self.tie_breaks],
            "league": self.league,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Conditions:
        bye = data.get("bye_vps")
        return cls(
            rounds=int(data["rounds"]),
            boards=int(data["boards"]),
            vp_scale=VpScale.parse(data["vp_scale"]),
            bye_vps=None if bye is None else Fraction(bye),
            late_vps=Fraction(data.get("late_vps", "0")),
            first_round=FirstRound.parse(data["first_round"]),
            seed=int(data.get("seed", 0)),
            danish=int(data.get("danish", 0)),
            stationary=tuple((int(a), int(b)) for a, b in data.get("stationary", ())),
            tie_breaks=tuple(TieBreak.parse(t) for t in data.get("tie_breaks", ())),
            league=bool(data.get("league", False)),
        )
