"""New Zealand Bridge's C points for a club session (``nz:club``).

Published: the winners of each field (each direction of a Mitchell) receive 40 C points, and the
following places a share of 40 down to the top third of the field ("if there are 15 tables in
play, the top five pairs in each direction win some C points").

Established from NZ Scorer's files (docs/masterpoints.md): the number of places P is a third of
the field rounded to the nearest whole number (13 pairs: 4 places, 14: 5, 9: 3), the awards are
evenly spaced, ``40 × (P + 1 − k) / P`` for the k-th, rounded half up to whole points
(9 pairs: 40, 27, 13); tied pairs share the mean of their places' awards.
"""

from __future__ import annotations

from fractions import Fraction

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Figure, Text
from bridgescore.masterpoints.model import (
    Award,
    EventField,
    Kind,
    RankedField,
    Scheme,
    SchemeInfo,
    counted_entrants,
    number,
    require,
    round_half_up,
    rounded,
    share,
    worked,
)

FIRST = 40


class NzClubScheme(Scheme):
    """``nz:club``: C points for a club pairs or individual session."""

    info = SchemeInfo(
        name="nz:club",
        title=Text(N_("NZ Bridge C points (club session)")),
        unit=Text(N_("C points")),
        decimals=0,
        colour="c",
    )
    by_section = True  # NZ Scorer awards each section's lines apart, even scored across the field

    def award(self, field: RankedField) -> list[Award]:
        require((Kind.PAIRS, Kind.INDIVIDUAL), field, "nz:club")
        third = Fraction(field.size, 3)
        places = int(round_half_up(third, 0))
        counted = counted_entrants(field.kind, field.size)
        rule = Text(
            N_("%(places)s places (%(sum)s)"),
            places=places,
            sum=Figure(f"{field.size} ÷ 3 = {number(third, 2)}"),
        )

        def place_award(k: int) -> tuple[Fraction, str]:
            if k > places:
                return Fraction(0), ""
            exact = Fraction(FIRST * (places + 1 - k), places)
            points, words = rounded(exact, 0)
            return points, worked(Figure(f"{FIRST} × {places + 1 - k}/{places}"), words)

        def head(place: str) -> str:
            return Text(
                N_("%(place)s of %(counted)s, %(movement)s, %(rule)s"),
                place=place,
                counted=counted,
                movement=field.movement,
                rule=rule,
            )

        return share(field, place_award, 0, head)

    def award_event(self, event: EventField) -> list[Award]:
        raise RulesError(
            Text(
                N_(
                    "NZ Bridge's C points are published for a club session; no rule for the "
                    "overall ranking of an event of several sessions was found published: award "
                    "each session alone, or give the event's scale in a scheme file (an [[event]] "
                    "table, docs/masterpoints.md)"
                )
            )
        )
