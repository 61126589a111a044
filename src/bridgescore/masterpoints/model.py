"""What every masterpoint scheme works on and gives: a ranked field, and an award with its words.

A scheme sees a field as the federations' rules describe one — how many entrants, how many
tables, whether it is one of a Mitchell's two lines (two winners) or a field of everyone (one
winner), and who came where — and gives each entrant it rewards an :class:`Award`: the points in
the scheme's own unit, already rounded as the scheme rounds, and one sentence saying how they
were reached. Tied places share the mean of their awards (:func:`share`), the rule every scheme
here follows.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.display import fmt, fmt_fixed, round_fraction
from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Figure, Text, counted, in_context
from bridgescore.session import Entrant
from bridgescore.vocabulary import Vocabulary


class Kind(Vocabulary, what=N_("a kind of field")):
    """What a field's entrants are."""

    PAIRS = "pairs"
    INDIVIDUAL = "individual"
    TEAMS = "teams"

    @property
    def noun(self) -> str:
        return _NOUNS[self]


_NOUNS = {Kind.PAIRS: "pair", Kind.INDIVIDUAL: "player", Kind.TEAMS: "team"}
# The kinds as a sentence says them (their English is the kind's own word).
_KIND_WORDS = {
    Kind.PAIRS: in_context("a kind of field", "pairs"),
    Kind.INDIVIDUAL: in_context("a kind of field", "individual"),
    Kind.TEAMS: in_context("a kind of field", "teams"),
}


@dataclass(frozen=True)
class RankedField:
    """One field as a masterpoint scheme sees it.

    ``places`` lists every entrant ranked in the field with its rank, best first; equal ranks
    are a tie. ``winners`` is 2 for one line of a Mitchell (its NS pairs, or its EW pairs) and 1
    for a field where everyone is ranked together (a Howell, an arrow-switched Mitchell, an
    individual, teams). ``tables`` counts the tables the field played at, a half table whole.
    """

    name: str
    kind: Kind
    movement: str  # in words: "Mitchell", "Howell", "arrow-switched Mitchell", "individual", …
    winners: int
    tables: int
    places: tuple[tuple[Entrant, int], ...]

    @property
    def size(self) -> int:
        return len(self.places)

    def groups(self) -> list[tuple[int, tuple[Entrant, ...]]]:
        """The entrants by rank, best first: ``(rank, entrants)``, more than one when tied."""
        found: dict[int, list[Entrant]] = {}
        for entrant, rank in self.places:
            found.setdefault(rank, []).append(entrant)
        return [(rank, tuple(found[rank])) for rank in sorted(found)]


@dataclass(frozen=True)
class EventField:
    """An event's overall ranking (several sessions ranked together) as a scheme sees it.

    ``field`` ranks the event's entries, numbered in ranking order (``Entrant(1)`` is the first
    line of the ranking), as one field with one winner; its ``tables`` are the original entry's
    (a half table counted whole). ``entry`` is the original entry -- the entrants of the first
    session, the field a federation's outright awards count -- and ``sessions`` the number of
    sessions the event played.
    """

    field: RankedField
    sessions: int
    entry: int


@dataclass(frozen=True)
class Award:
    """What one entrant earned: ``points`` in the scheme's unit, and how."""

    entrant: Entrant
    field: str
    place: str  # "3" or "3=" (shared)
    points: Fraction
    text: str
    stratum: str | None = None  # the stratum the award is for, where a scheme has strata


@dataclass(frozen=True)
class SchemeInfo:
    """A scheme's name and unit, as outputs and a national body's file name them."""

    name: str  # as chosen: "abf:red", "abf:red:3.0", "nz:club", or a scheme file's name
    title: str  # "ABF red masterpoints (weight 2.5)"
    unit: str  # "ABF red points"
    decimals: int  # the unit's precision: awards are multiples of 10**-decimals
    colour: str | None = None  # the federation's type of point (USEBIO MASTER_POINT_TYPE)
    scale: str | None = None  # the federation's scale (USEBIO MASTER_POINT_SCALE)


@dataclass(frozen=True)
class Awards:
    """Every award of a session under one scheme."""

    scheme: SchemeInfo
    awards: tuple[Award, ...]
    # Each ranked entrant's stratum when the scheme is stratified (empty otherwise), with or
    # without an award.
    strata: Mapping[Entrant, str] = dataclasses.field(default_factory=dict)

    def by_entrant(self) -> dict[Entrant, Award]:
        return {award.entrant: award for award in self.awards}

    def get(self, entrant: Entrant) -> Award | None:
        for award in self.awards:
            if award.entrant == entrant:
                return award
        return None

    def points_text(self, points: Fraction) -> str:
        """An award as the unit writes it, with all its decimals: "0.95", "40"."""
        return str(round_fraction(points, self.scheme.decimals))


class Scheme(ABC):
    """A federation's masterpoints: data and a small calculator.

    :meth:`award` gives the awards of one ranked field; a scheme that cannot award a kind of
    field (a chart with no teams) raises :class:`~bridgescore.errors.RulesError` saying so.
    """

    info: SchemeInfo
    # Award each section's lines apart even when the sections were scored across the field
    # (a federation whose field is the section); otherwise a field is what was ranked together.
    by_section: bool = False

    @abstractmethod
    def award(self, field: RankedField) -> list[Award]:
        """The awards of ``field``, best place first (entrants with none are left out)."""

    def award_event(self, event: EventField) -> list[Award]:
        """The awards of an event's overall ranking; a scheme without a published rule for it
        refuses, saying what is missing (an award is never guessed)."""
        raise RulesError(
            Text(
                N_(
                    "the %(scheme)s scheme has no rule for the overall ranking of an event of "
                    "several sessions: award each session alone, or give the event's scale in a "
                    "scheme file (an [[event]] table, docs/masterpoints.md)"
                ),
                scheme=self.info.name,
            )
        )

    def stratum(self, entrant: Entrant) -> str | None:
        """``entrant``'s stratum when the scheme is stratified, else None."""
        return None


def round_half_up(value: Fraction, decimals: int) -> Fraction:
    """``value`` rounded half up to ``decimals`` places, exactly."""
    return Fraction(round_fraction(value, decimals))


# An award's words are a Text (languages/text.py): the string is the scheme's English, what
# the JSON and the exports carry, and the reader's language is given where it is shown; the
# arithmetic is a Figure, its numbers written in the language's form.
_ORDINALS = {1: N_("%(num)sst"), 2: N_("%(num)snd"), 3: N_("%(num)srd")}


def ordinal(n: int) -> Text:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st (1er, 2e … in French)."""
    if n == 1:  # a message of its own: "1er" in French, but "21e"
        return Text(N_("1st"))
    th = N_("%(num)sth")
    return Text(th if 10 <= n % 100 <= 20 else _ORDINALS.get(n % 10, th), num=n)


def counted_entrants(kind: Kind, count: int) -> Text:
    """``count`` entrants of ``kind``: "19 pairs", "1 team"."""
    if kind is Kind.TEAMS:
        return counted("%(num)d team", "%(num)d teams", count)
    if kind is Kind.INDIVIDUAL:
        return counted("%(num)d player", "%(num)d players", count)
    return counted("%(num)d pair", "%(num)d pairs", count)


def counted_tables(count: int) -> Text:
    """ "19 tables", "1 table"."""
    return counted("%(num)d table", "%(num)d tables", count)


def joined(parts: Sequence[str], separator: str) -> str:
    """``parts`` one after the other, each shown in the reader's language."""
    said = parts[0]
    for part in parts[1:]:
        said = Text("%(said)s" + separator + "%(part)s", said=said, part=part)
    return said


def share_of(part: str, whole: str, words: str) -> Text:
    """A place's share of the winner's award and its rounding: "70% of 1.90 = 1.33"."""
    return Text(N_("%(part)s of %(whole)s %(words)s"), part=part, whole=whole, words=words)


def worked(how: str, words: str) -> str:
    """An award's arithmetic and its rounding: "0.04 × 2.5 × 19 = 1.90"."""
    return Text("%(how)s %(words)s", how=how, words=words)


def number(value: Fraction, decimals: int) -> str:
    """A value in an explanation: at most ``decimals`` places, without trailing zeros
    (0.95, 0.399, 40)."""
    text = fmt(value, decimals)
    return text.rstrip("0").rstrip(".") if "." in text else text


def rounded(exact: Fraction, decimals: int) -> tuple[Fraction, str]:
    """``exact`` rounded half up to the unit, and the words for it: "= 0.399 → 0.40", or
    "= 0.95" when nothing was rounded."""
    points = round_half_up(exact, decimals)
    if points == exact:
        return points, Figure(f"= {fmt_fixed(points, decimals)}")
    return points, Figure(f"= {number(exact, decimals + 3)} → {fmt_fixed(points, decimals)}")


PlaceAward = Callable[[int], tuple[Fraction, str]]
"""The award for a place (1 = first) and how it was reached, already rounded; (0, "") beyond
the places a scheme rewards."""


def share(
    field: RankedField,
    place_award: PlaceAward,
    decimals: int,
    head: Callable[[str], str],
    entrants: Sequence[tuple[Entrant, int]] | None = None,
    stratum: str | None = None,
) -> list[Award]:
    """Awards by place, tied places sharing the mean of their awards rounded half up.

    ``place_award`` gives each place's award, ``head(place)`` the words before the arithmetic
    ("3rd= of 19 tables, Mitchell, green"). ``entrants`` ranks a subset of the field (a
    stratum); by default the whole field.
    """
    ranked = list(entrants if entrants is not None else field.places)
    groups: dict[int, list[Entrant]] = {}
    for entrant, rank in ranked:
        groups.setdefault(rank, []).append(entrant)
    awards: list[Award] = []
    position = 1  # the first place this group covers, counted within ``ranked``
    for rank in sorted(groups):
        tied = groups[rank]
        places = range(position, position + len(tied))
        position += len(tied)
        values = [place_award(p) for p in places]
        if len(tied) == 1:
            points, how = values[0]
            place = str(places[0])
            text: str = Text(N_("%(head)s: %(how)s"), head=head(ordinal(places[0])), how=how)
        else:
            mean = sum((v for v, _ in values), Fraction(0)) / len(tied)
            points = round_half_up(mean, decimals)
            place = f"{places[0]}="
            parts = " + ".join(fmt_fixed(v, decimals) for v, _ in values)
            shown = number(mean, decimals + 2)
            rounded = number(points, decimals)
            sum_text = f"({parts}) / {len(tied)} = {shown}"
            if shown != rounded:
                sum_text += f" → {rounded}"
            each = [
                Text("%(place)s %(how)s", place=ordinal(p), how=how)
                for p, (v, how) in zip(places, values, strict=True)
                if v
            ]
            text = Text(
                N_("%(head)s: %(count)s tied share %(first)s and %(last)s: %(sum)s%(each)s")
                if len(tied) == 2
                else N_("%(head)s: %(count)s tied share %(first)s to %(last)s: %(sum)s%(each)s"),
                head=head(Text("%(place)s=", place=ordinal(places[0]))),
                count=len(tied),
                first=ordinal(places[0]),
                last=ordinal(places[-1]),
                sum=Figure(sum_text),
                each=Text(" (%(each)s)", each=joined(each, "; ")) if each else "",
            )
        if points <= 0:
            continue
        for entrant in tied:
            awards.append(Award(entrant, field.name, place, points, text, stratum))
    return awards


def placings(field_size: int, fraction: Fraction, *, up: bool) -> int:
    """How many places are rewarded: ``fraction`` of the field, rounded down (or up)."""
    exact = field_size * fraction
    whole = exact.numerator // exact.denominator
    return whole + 1 if up and whole != exact else whole


def require(kinds: Iterable[Kind], field: RankedField, scheme: str) -> None:
    """Refuse a field whose kind the scheme has no rule for."""
    allowed = tuple(kinds)
    if field.kind not in allowed:
        names: str = _KIND_WORDS[allowed[0]]
        for kind in allowed[1:]:
            names = Text(N_("%(first)s or %(then)s"), first=names, then=_KIND_WORDS[kind])
        raise RulesError(
            Text(
                N_("the %(scheme)s scheme awards %(kinds)s only; field %(field)s is %(kind)s"),
                scheme=scheme,
                kinds=names,
                field=field.name,
                kind=_KIND_WORDS[field.kind],
            )
        )


def by_entrant(awards: Iterable[Award]) -> Mapping[Entrant, Award]:
    return {a.entrant: a for a in awards}
