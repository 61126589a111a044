"""A qualifying and a final: the final's seeding from the qualifying, and the score carried
forward into the final (docs/events.md).

* ``ebu``: the EBU's carry-forward formula (White Book, "EBU Carry-forward Score Formula"):
  ``C = S × FT / (2 × QT)``, with ``S`` the contestant's qualifying score in matchpoints,
  ``QT`` the top on a board in the qualifying and ``FT`` the top on a board in the final. When
  the two stages are of equal length the final then carries twice the weight of the qualifying.
  The White Book allows it only when every qualifier was ranked in a single field, so a
  qualifying of two fields (the two lines of a Mitchell) is refused.
* ``percent``: the qualifying percentage carried as it is, weighted: the event's figure is
  ``(w × Q + F) / (w + 1)`` with ``Q`` the qualifying and ``F`` the final percentage (``w``
  is 1 unless the conditions say otherwise: the two count alike).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.errors import RulesError
from bridgescore.events.aggregate import (
    Aggregate,
    EventRules,
    EventSession,
    EventStanding,
    PairsBy,
    Ranking,
    rank_sessions,
)
from bridgescore.events.identity import EntryKey, Identities, identify
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.scoring.ranking import rank
from bridgescore.vocabulary import Vocabulary


class Carry(Vocabulary, what=N_("a carry-forward")):
    """How a qualifying's score is carried into its final."""

    EBU = "ebu"  # the White Book's C = S x FT / (2 x QT)
    PERCENT = "percent"  # the qualifying percentage, weighted


def ebu_carry_forward(score: Fraction, final_top: Fraction, qualifying_top: Fraction) -> Fraction:
    """The White Book's ``C = S × FT / (2 × QT)``, exactly."""
    if qualifying_top <= 0:
        raise RulesError(Text(N_("the qualifying has no top to carry forward from")))
    return Fraction(score) * final_top / (2 * qualifying_top)


@dataclass(frozen=True)
class Seed:
    """A place in the final: its number there (1 for the qualifying's leader), who, and the
    qualifying place and score it came with."""

    number: int
    entry: EntryKey
    name: str
    place: str
    total: Fraction


def seeding(qualifying: Ranking, places: int) -> tuple[tuple[Seed, ...], str | None]:
    """The first ``places`` of the qualifying, numbered 1, 2, ... in their order; and a sentence
    when contestants level at the cut could not all go through (the conditions split the
    tie; until then the list stops above it)."""
    if places < 1:
        raise RulesError(
            Text(N_("a final needs at least one place, not %(places)s"), places=places)
        )
    standings = qualifying.standings
    chosen = [s for s in standings if s.rank <= places]
    level = [s for s in chosen if s.shared and s.rank + _tied(standings, s) - 1 > places]
    note = None
    if level:
        names = ", ".join(s.name for s in level)
        note = (
            f"{names} are level at the cut ({level[0].place}) for {places} places: the "
            "conditions must split the tie; none of them is seeded until then"
        )
        chosen = [s for s in chosen if s not in level]
    return (
        tuple(Seed(i, s.entry, s.name, s.place, s.total) for i, s in enumerate(chosen, start=1)),
        note,
    )


def _tied(standings: Sequence[EventStanding], standing: EventStanding) -> int:
    return sum(1 for s in standings if s.rank == standing.rank)


@dataclass(frozen=True)
class FinalStanding:
    rank: int
    shared: bool
    entry: EntryKey
    name: str
    carried: Fraction  # what the qualifying gives the total (matchpoints, or percentage points)
    final: EventStanding | None
    total: Fraction  # carried + what the final gives it (``share``)
    qualifying: EventStanding | None

    @property
    def place(self) -> str:
        return f"{self.rank}=" if self.shared else str(self.rank)

    @property
    def share(self) -> Fraction:
        """What the final gives the total: its matchpoints, or its weighted percentage."""
        return self.total - self.carried


@dataclass(frozen=True)
class Final:
    """A final ranked with its carry-forward."""

    qualifying: Ranking
    final: Ranking
    carry: Carry
    weight: Fraction
    standings: tuple[FinalStanding, ...]
    notes: tuple[str, ...]


def rank_final(
    qualifying: Sequence[EventSession],
    final: Sequence[EventSession],
    rules: EventRules,
    carry: Carry,
    weight: Fraction = Fraction(1),
) -> tuple[Final, Identities]:
    """Rank the final's contestants on the final plus what they carry from the qualifying."""
    sessions = [*qualifying, *final]
    identities = identify(
        [s.result.session for s in sessions],
        [s.label for s in sessions],
        by_numbers=rules.pairs_by is PairsBy.NUMBERS,
    )
    if carry is Carry.EBU:
        if rules.aggregate is not Aggregate.MATCHPOINTS:
            raise RulesError(
                Text(N_("the EBU carry-forward is of matchpoints: --aggregate matchpoints"))
            )
        for s in qualifying:
            if len(s.result.fields) > 1:
                raise RulesError(
                    Text(
                        N_(
                            "%(session)s ranks its pairs in %(fields)s fields: the EBU "
                            "carry-forward applies only when every qualifier was ranked in a "
                            "single field (White Book); carry the percentage (--carry percent)"
                        ),
                        session=s.label,
                        fields=len(s.result.fields),
                    )
                )
        unit_rules = rules
    else:
        unit_rules = EventRules(Aggregate.PERCENTAGES, rules.common_top, rules.pairs_by)
    q = rank_sessions(qualifying, unit_rules, identities)
    f = rank_sessions(final, unit_rules, identities, offset=len(qualifying))
    carried: dict[EntryKey, Fraction] = {}
    notes = []
    for standing in f.standings:
        before = q.standing(standing.entry)
        if before is None:
            notes.append(
                Text(
                    N_("%(name)s played no qualifying session: nothing carried forward"),
                    name=standing.name,
                )
            )
            carried[standing.entry] = Fraction(0)
        elif carry is Carry.EBU:
            assert q.top is not None and f.top is not None
            carried[standing.entry] = ebu_carry_forward(before.total, f.top, q.top)
        else:
            carried[standing.entry] = weight * before.total / (weight + 1)
    totals = {
        s.entry: carried[s.entry] + (s.total if carry is Carry.EBU else s.total / (weight + 1))
        for s in f.standings
    }
    by_entry = {s.entry: s for s in f.standings}
    ranked = rank(totals, lambda key: totals[key], order=lambda key: by_entry[key].name)
    standings = tuple(
        FinalStanding(
            place,
            shared,
            key,
            by_entry[key].name,
            carried[key],
            by_entry[key],
            totals[key],
            q.standing(key),
        )
        for place, shared, key in ranked
    )
    return Final(q, f, carry, weight, standings, tuple(notes)), identities
