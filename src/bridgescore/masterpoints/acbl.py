"""The ACBL's club masterpoint chart (ACBL Handbook, "Calculating the awards"): ``acbl:club``.

Awards are per *group*: each direction of a Mitchell is a group of as many pairs as the section has
tables (a half table counted whole); a Howell is one group of all its pairs. First place in a group
receives the rating's rate per pair in the group (open 0.10, invitational 0.08, restricted 0.05 to
0.08 by the restriction, newcomer 0.03 to 0.05), capped (open 1.50, invitational 1.20, newcomer
1.00); 2nd 70 %, 3rd 50 %, 4th 35 % of 1st, then 1/5, 1/6 … of it; awards go to 40 % of the group,
rounded to the nearest whole number, .5 up.

Strata: a pair belongs to the stratum of its higher masterpoint holder; it is ranked in its own
stratum and in every higher one (stratum A is the whole group), each stratum's chart counting the
pairs eligible for it, and it receives the largest of its awards. Awards are rounded half up to
0.01 and tied pairs share the mean of their places' awards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.display import fmt_fixed
from bridgescore.errors import ParseError, RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Figure, Percentage, Text, in_context
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
    share_of,
)
from bridgescore.session import Entrant
from bridgescore.vocabulary import Vocabulary

_DECIMALS = 2
_DEPTH = Fraction(2, 5)
_SHARES = {1: Fraction(1), 2: Fraction(7, 10), 3: Fraction(1, 2), 4: Fraction(35, 100)}


@dataclass(frozen=True)
class Rating:
    """A club game's rating: first place's award per pair in the group, and its cap."""

    name: str
    rate: Fraction
    cap: Fraction


class Rated(Vocabulary, what=N_("an ACBL club rating")):
    """A club game's rating as a scheme's name gives it (``acbl:club:restricted:100``)."""

    OPEN = "open"
    INVITATIONAL = "invitational"
    RESTRICTED_20 = "restricted:20"
    RESTRICTED_100 = "restricted:100"
    RESTRICTED_200 = "restricted:200"
    RESTRICTED = "restricted"
    NEWCOMER_5 = "newcomer:5"
    NEWCOMER_10 = "newcomer:10"
    NEWCOMER_20 = "newcomer:20"


RATINGS = {
    Rated.OPEN: Rating(
        in_context("an ACBL club game's rating", "open"), Fraction(10, 100), Fraction(150, 100)
    ),
    Rated.INVITATIONAL: Rating(
        in_context("an ACBL club game's rating", "invitational"),
        Fraction(8, 100),
        Fraction(120, 100),
    ),
    # Restricted games (by the players' masterpoint limit): the rate is published; the cap is
    # the invitational game's, whose rate is the highest restricted rate (not published).
    Rated.RESTRICTED_20: Rating(
        in_context("an ACBL club game's rating", "restricted 0-20"),
        Fraction(5, 100),
        Fraction(120, 100),
    ),
    Rated.RESTRICTED_100: Rating(
        in_context("an ACBL club game's rating", "restricted 0-100"),
        Fraction(6, 100),
        Fraction(120, 100),
    ),
    Rated.RESTRICTED_200: Rating(
        in_context("an ACBL club game's rating", "restricted 0-200"),
        Fraction(7, 100),
        Fraction(120, 100),
    ),
    Rated.RESTRICTED: Rating(
        in_context("an ACBL club game's rating", "restricted over 200"),
        Fraction(8, 100),
        Fraction(120, 100),
    ),
    Rated.NEWCOMER_5: Rating(
        in_context("an ACBL club game's rating", "newcomer 0-5"),
        Fraction(3, 100),
        Fraction(100, 100),
    ),
    Rated.NEWCOMER_10: Rating(
        in_context("an ACBL club game's rating", "newcomer 0-10"),
        Fraction(4, 100),
        Fraction(100, 100),
    ),
    Rated.NEWCOMER_20: Rating(
        in_context("an ACBL club game's rating", "newcomer 0-20"),
        Fraction(5, 100),
        Fraction(100, 100),
    ),
}


class AcblClubScheme(Scheme):
    """``acbl:club[:RATING]``, optionally stratified.

    ``strata`` names the strata best first ("A", "B", "C") and ``stratum_of`` each pair's; a
    pair not listed is in the first (it competes for the whole group only).
    """

    def __init__(
        self,
        rating: str = "open",
        strata: tuple[str, ...] = (),
        stratum_of: Mapping[Entrant, str] | None = None,
    ) -> None:
        rated = Rated.parse(rating)
        self.rating = RATINGS[rated]
        self.rating_key = rated.value
        self.strata = strata
        self.stratum_of = dict(stratum_of or {})
        unknown = sorted({s for s in self.stratum_of.values() if s not in strata})
        if unknown:
            raise ParseError(
                Text(
                    N_("stratum %(stratum)r is not one of the strata %(strata)s"),
                    stratum=unknown[0],
                    strata=", ".join(strata),
                )
                if strata
                else Text(
                    N_("stratum %(stratum)r is not one of the strata (none)"), stratum=unknown[0]
                )
            )
        suffix = "" if rated is Rated.OPEN else f":{rated}"
        self.info = SchemeInfo(
            name=f"acbl:club{suffix}",
            title=Text(N_("ACBL club masterpoints (%(rating)s)"), rating=self.rating.name),
            unit=Text(N_("ACBL masterpoints")),
            decimals=_DECIMALS,
            colour="black",
        )

    def award(self, field: RankedField) -> list[Award]:
        require((Kind.PAIRS, Kind.INDIVIDUAL), field, "acbl:club")
        if not self.strata:
            return self._stratum(field, list(field.places), None)
        best: dict[Entrant, Award] = {}
        for i, stratum in enumerate(self.strata):
            eligible = [
                (e, r) for e, r in field.places if self._level(e) >= i
            ]  # this stratum's pairs and those of every lower one
            for award in self._stratum(field, eligible, stratum if i else None):
                if award.entrant not in best or award.points > best[award.entrant].points:
                    best[award.entrant] = award
        order = {e: n for n, (e, _) in enumerate(field.places)}
        return sorted(best.values(), key=lambda a: order[a.entrant])

    def award_event(self, event: EventField) -> list[Award]:
        raise RulesError(
            Text(
                N_(
                    "the ACBL club chart awards one session at a time; an event of several "
                    "sessions at a club is a club championship, whose overall awards are the "
                    "ACBL's club championship chart, not published where bridgescore could read "
                    "it: award each session alone, or give the event's scale in a scheme file "
                    "(an [[event]] table, docs/masterpoints.md)"
                )
            )
        )

    def stratum(self, entrant: Entrant) -> str | None:
        if not self.strata:
            return None
        return self.stratum_of.get(entrant, self.strata[0])

    def _level(self, entrant: Entrant) -> int:
        stratum = self.stratum_of.get(entrant)
        return 0 if stratum is None else self.strata.index(stratum)

    def _stratum(
        self, field: RankedField, ranked: list[tuple[Entrant, int]], stratum: str | None
    ) -> list[Award]:
        # The group's size: a Mitchell line counts its tables (a half table whole); a stratum
        # below the first counts the pairs eligible for it.
        if stratum is None:
            group = field.tables if field.winners == 2 else field.size
        else:
            group = len(ranked)
        depth = int(round_half_up(group * _DEPTH, 0))
        exact_first = self.rating.rate * group
        first = min(exact_first, self.rating.cap)
        first_how: str = Figure(
            f"{number(self.rating.rate, 2)} × {group} = {fmt_fixed(exact_first, 2)}"
        )
        if first < exact_first:
            first_how = Text(
                N_("%(how)s, capped at %(cap)s"), how=first_how, cap=Figure(fmt_fixed(first, 2))
            )

        def place_award(k: int) -> tuple[Fraction, str]:
            if k > depth:
                return Fraction(0), ""
            part = _SHARES.get(k, Fraction(1, k))
            if k == 1:
                return round_half_up(first, _DECIMALS), first_how
            shown = Percentage(number(part * 100, 0)) if k <= 4 else Figure(f"1/{k}")
            points, words = rounded(first * part, _DECIMALS)
            return points, share_of(shown, Figure(fmt_fixed(first, _DECIMALS)), words)

        counted = counted_entrants(field.kind, group)
        shown = stratum or (self.strata[0] if self.strata else None)
        where = Text(N_("stratum %(stratum)s, "), stratum=shown) if shown else ""
        rule = Text(
            N_("%(rating)s, %(depth)s places (%(share)s of %(group)s)"),
            rating=self.rating.name,
            depth=depth,
            share=Percentage("40"),
            group=group,
        )

        def head(place: str) -> str:
            return Text(
                N_("%(place)s of %(counted)s, %(where)s%(movement)s, %(rule)s"),
                place=place,
                counted=counted,
                where=where,
                movement=field.movement,
                rule=rule,
            )

        return share(field, place_award, _DECIMALS, head, ranked, stratum)


def parse(parts: list[str]) -> AcblClubScheme:
    """``acbl:club[:RATING]`` without its ``acbl``."""
    if not parts or parts[0].lower() != "club":
        raise ParseError(
            Text(
                N_("an ACBL scheme is acbl:club, optionally with a rating: acbl:club:invitational")
            )
        )
    rating = ":".join(parts[1:]).lower() or "open"
    return AcblClubScheme(rating)


__all__ = ["RATINGS", "AcblClubScheme", "Rated", "Rating"]
