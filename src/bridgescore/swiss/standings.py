"""A Swiss event's standings: VPs, then the conditions' tie-breaks, in order.

Teams level on VPs are compared by the first tie-break; a tie-break that splits them sends each
group still level back to the first tie-break (so head-to-head is asked again among the teams
left level), and one that does not split them hands them to the next. Teams level after every
tie-break share the place (1, 2=, 2=, 4), as every ranking of bridgescore does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.swiss.conditions import TieBreak


@dataclass(frozen=True)
class Record:
    """What a team has scored so far (the standings' input)."""

    team: int
    vps: Fraction
    imps_for: Fraction
    imps_against: Fraction
    matches: int
    byes: int
    withdrawn: bool


@dataclass(frozen=True)
class SwissStanding:
    rank: int
    shared: bool
    team: int
    name: str | None
    vps: Fraction
    imps_for: Fraction
    imps_against: Fraction
    matches: int
    byes: int
    withdrawn: bool
    decided_by: TieBreak | None = None  # the tie-break that placed it against a team level on VPs

    @property
    def place(self) -> str:
        return f"{self.rank}=" if self.shared else str(self.rank)

    @property
    def quotient(self) -> Fraction | None:
        """IMPs for ÷ IMPs against (None when no IMPs were conceded)."""
        return self.imps_for / self.imps_against if self.imps_against else None


HeadToHead = Mapping[tuple[int, int], Fraction]
"""VPs a team (first) scored against another (second), summed over their matches."""


def order(
    records: Sequence[Record],
    tie_breaks: Sequence[TieBreak],
    head_to_head: HeadToHead,
    names: Mapping[int, str | None],
) -> tuple[SwissStanding, ...]:
    """The standings, best first."""
    by_vps: dict[Fraction, list[Record]] = {}
    for record in sorted(records, key=lambda r: r.team):
        by_vps.setdefault(record.vps, []).append(record)
    ranked: list[tuple[list[Record], TieBreak | None]] = []
    for vps in sorted(by_vps, reverse=True):
        ranked.extend(_split(by_vps[vps], tie_breaks, head_to_head, None))
    standings = []
    place = 1
    for group, decided in ranked:
        for record in group:
            standings.append(
                SwissStanding(
                    place,
                    len(group) > 1,
                    record.team,
                    names.get(record.team),
                    record.vps,
                    record.imps_for,
                    record.imps_against,
                    record.matches,
                    record.byes,
                    record.withdrawn,
                    decided,
                )
            )
        place += len(group)
    return tuple(standings)


def _split(
    group: list[Record],
    tie_breaks: Sequence[TieBreak],
    head_to_head: HeadToHead,
    decided: TieBreak | None,
) -> list[tuple[list[Record], TieBreak | None]]:
    """``group`` (level so far) in order: a list of groups still level, each with the
    tie-break that separated it from the rest."""
    if len(group) == 1:
        return [(group, decided)]
    for tie_break in tie_breaks:
        key = _key(tie_break, group, head_to_head)
        if key is None:
            continue
        levels: dict[tuple[int, Fraction], list[Record]] = {}
        for record in group:
            levels.setdefault(key(record), []).append(record)
        if len(levels) == 1:
            continue
        out: list[tuple[list[Record], TieBreak | None]] = []
        for value in sorted(levels, reverse=True):
            # A smaller group starts the tie-breaks again (head-to-head among those left).
            out.extend(_split(levels[value], tie_breaks, head_to_head, tie_break))
        return out
    return [(group, decided)]


def _key(
    tie_break: TieBreak, group: Sequence[Record], head_to_head: HeadToHead
) -> Callable[[Record], tuple[int, Fraction]] | None:
    """The tie-break's value for each team of ``group``, higher better (None: it cannot
    apply to this group)."""
    if tie_break is TieBreak.HEAD_TO_HEAD:
        teams = [r.team for r in group]
        # Only a complete mini-league decides: every two of them must have met.
        if any((a, b) not in head_to_head for a in teams for b in teams if a != b):
            return None
        return lambda r: (
            0,
            sum((head_to_head[r.team, other] for other in teams if other != r.team), Fraction(0)),
        )
    if tie_break is TieBreak.IMP_QUOTIENT:
        # No IMPs against is better than any quotient: (1, for) beats (0, quotient).
        return lambda r: (0, r.imps_for / r.imps_against) if r.imps_against else (1, r.imps_for)
    return lambda r: (0, r.imps_for - r.imps_against)
