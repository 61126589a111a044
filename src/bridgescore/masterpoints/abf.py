"""The Australian Bridge Federation's session and outright awards (ABF Masterpoint Manual, §3.1
and §4.2).

The winner's award from the number of tables T (a half table counted whole) and the grade's
weight W:

* two winners (each line of a Mitchell): ``0.02·W·T`` up to 30 tables, ``W·(1 − e^(−T/32))`` above;
* one winner (Howell, arrow-switched Mitchell, individual, teams): ``0.04·W·T`` up to 15 tables,
  ``W·(1 − e^(−T/16))`` above.

Places are rewarded to the top half of a pairs or individual field (rounded down) and the top third
of a teams field (rounded up); 2nd receives 70 % of 1st, the k-th (k ≥ 3) 1st / (k − 1). Every
award is rounded half up to 0.01, each place from the rounded winner's award; tied entrants
share the mean of the rounded awards of the places they cover, rounded half up again.

An event of S sessions ranked overall (S ≥ 4) gives its outright winner
``4.2·W·[1 − e^(−T(S−1)/105) + 0.65·e^(−800/(T(S−1)))]``, T the tables of the whole field (the
original entry), placed as a session is; for 2 and 3 sessions the manual adjusts the formula by
tables not published where we could read them, and those events are refused.

The weights (green 1.5 for a club session, red 2.5 for a special club event) and the rounding
are those of Compscore's files (docs/masterpoints.md says which parts are published).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Context, Decimal
from fractions import Fraction

from bridgescore.display import fmt_fixed
from bridgescore.errors import ParseError, RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Figure, Percentage, Text, counted
from bridgescore.masterpoints.model import (
    Award,
    EventField,
    Kind,
    RankedField,
    Scheme,
    SchemeInfo,
    counted_tables,
    number,
    placings,
    rounded,
    share,
    share_of,
    worked,
)
from bridgescore.vocabulary import Vocabulary


class Colour(Vocabulary, what=N_("an ABF colour")):
    """The ABF's masterpoint colours a club session awards."""

    GREEN = "green"
    RED = "red"

    @property
    def weight(self) -> Fraction:
        """The colour's usual weight."""
        return _WEIGHTS[self]


_WEIGHTS = {Colour.GREEN: Fraction(3, 2), Colour.RED: Fraction(5, 2)}
_DECIMALS = 2
_PRECISION = Context(prec=40)  # for the exponential above 30 (15) tables


class AbfScheme(Scheme):
    """``abf:green``, ``abf:red``, or either with its weight: ``abf:red:3.0``."""

    def __init__(self, colour: Colour, weight: Fraction | None = None) -> None:
        self.colour = colour
        self.weight = colour.weight if weight is None else weight
        if self.weight <= 0:
            raise ParseError(
                Text(
                    N_("an ABF weight is more than 0, found %(weight)s"),
                    weight=Figure(number(self.weight, 4)),
                )
            )
        named = f"abf:{colour}" + ("" if weight is None else f":{_weight_text(self.weight)}")
        self.info = SchemeInfo(
            name=named,
            title=Text(
                N_("ABF %(colour)s masterpoints (weight %(weight)s)"),
                colour=self.colour_words,
                weight=Figure(_weight_text(self.weight)),
            ),
            unit=Text(N_("ABF %(colour)s points"), colour=self.colour_words),
            decimals=_DECIMALS,
            colour=str(colour).upper(),
            scale="Club",
        )

    @property
    def colour_words(self) -> Text:
        """The colour as the reader's language says it."""
        return Text(N_("green")) if self.colour is Colour.GREEN else Text(N_("red"))

    def winner(self, field: RankedField) -> tuple[Fraction, str]:
        """The winner's award, rounded, and its arithmetic."""
        w, t = self.weight, field.tables
        two = field.winners == 2
        rate, limit, spread = (Fraction(2, 100), 30, 32) if two else (Fraction(4, 100), 15, 16)
        if t <= limit:
            exact = rate * w * t
            how = Figure(f"{number(rate, 2)} × {_weight_text(w)} × {t}")
        else:
            growth = 1 - (-Decimal(t) / Decimal(spread)).exp(_PRECISION)
            exact = Fraction(Decimal(w.numerator) / Decimal(w.denominator) * growth)
            how = Figure(f"{_weight_text(w)} × (1 − e^(−{t}/{spread}))")
        points, words = rounded(exact, _DECIMALS)
        return points, worked(how, words)

    def award(self, field: RankedField) -> list[Award]:
        first, first_how = self.winner(field)
        size = counted_tables(field.tables)

        def head(place: str) -> str:
            return Text(
                N_("%(place)s of %(size)s, %(movement)s, %(colour)s"),
                place=place,
                size=size,
                movement=field.movement,
                colour=self.colour_words,
            )

        return self._placed(field, field.size, first, first_how, head)

    def outright(self, event: EventField) -> tuple[Fraction, str]:
        """The outright winner's award of an event of 4 sessions or more (§3.1.2), rounded,
        and its arithmetic; 2 and 3 sessions are refused (their adjusted awards are not
        published)."""
        s, t, w = event.sessions, event.field.tables, self.weight
        if s < 4:
            raise RulesError(
                Text(
                    N_(
                        "ABF outright awards of an event of %(sessions)s sessions are not "
                        "computed: the Masterpoint Manual (§3.1.2) adjusts its outright formula "
                        "for events of 2 and 3 sessions by its Tables 3A to 3C, which are not "
                        "published where bridgescore could read them; award each session alone, "
                        "or give the event's scale in a scheme file (an [[event]] table, "
                        "docs/masterpoints.md)"
                    ),
                    sessions=s,
                )
            )
        x = Decimal(t * (s - 1))
        growth = (
            1
            - (-x / Decimal(105)).exp(_PRECISION)
            + Decimal("0.65") * (-Decimal(800) / x).exp(_PRECISION)
        )
        exact = Fraction(Decimal(w.numerator) / Decimal(w.denominator) * 42 / 10 * growth)
        how = Figure(
            f"4.2 × {_weight_text(w)} × (1 − e^(−{t}×{s - 1}/105) + 0.65 × e^(−800/({t}×{s - 1})))"
        )
        points, words = rounded(exact, _DECIMALS)
        return points, worked(how, words)

    def award_event(self, event: EventField) -> list[Award]:
        field = event.field
        if field.kind is Kind.TEAMS:  # pragma: no cover - events of teams are not ranked here
            raise RulesError(Text(N_("ABF outright awards of a teams event are not computed")))
        first, first_how = self.outright(event)
        size = counted_tables(field.tables)

        def head(place: str) -> str:
            return Text(
                N_("%(place)s of %(size)s, %(sessions)s, outright, %(colour)s"),
                place=place,
                size=size,
                sessions=counted("%(num)d session", "%(num)d sessions", event.sessions),
                colour=self.colour_words,
            )

        return self._placed(field, event.entry, first, first_how, head)

    def _placed(
        self,
        field: RankedField,
        entry: int,
        first: Fraction,
        first_how: str,
        head: Callable[[str], str],
    ) -> list[Award]:
        """Places down the ranking from the winner's award: the top half of ``entry`` pairs
        or players (rounded down), the top third of teams (rounded up), §4.2."""
        places = placings(
            entry,
            Fraction(1, 3) if field.kind is Kind.TEAMS else Fraction(1, 2),
            up=field.kind is Kind.TEAMS,
        )

        def place_award(k: int) -> tuple[Fraction, str]:
            if k > places:
                return Fraction(0), ""
            if k == 1:
                return first, first_how
            exact = first * Fraction(7, 10) if k == 2 else first / (k - 1)
            shown = fmt_fixed(first, _DECIMALS)
            points, words = rounded(exact, _DECIMALS)
            if k == 2:
                return points, share_of(Percentage("70"), Figure(shown), words)
            return points, worked(Figure(f"{shown} / {k - 1}"), words)

        return share(field, place_award, _DECIMALS, head)


def _weight_text(weight: Fraction) -> str:
    text = number(weight, 4)
    return text if "." in text else f"{text}.0"


def parse(parts: list[str]) -> AbfScheme:
    """``abf:COLOUR[:WEIGHT]`` without its ``abf``."""
    if not parts or len(parts) > 2:
        raise ParseError(
            Text(N_("an ABF scheme is abf:green or abf:red, optionally with a weight: abf:red:3.0"))
        )
    weight = None
    if len(parts) == 2:
        weight = decimal_number(parts[1], Text(N_("a weight like 3.0")))
    return AbfScheme(Colour.parse(parts[0]), weight)


def decimal_number(text: str, expected: Text) -> Fraction:
    """A decimal number written in a scheme's name, exactly."""
    try:
        value = Decimal(text.strip())
    except ArithmeticError:
        value = Decimal("NaN")
    if not value.is_finite() or len(text) > 20:
        raise ParseError(
            Text(N_("not a number: %(text)r (expected %(expected)s)"), text=text, expected=expected)
        )
    return Fraction(value)
