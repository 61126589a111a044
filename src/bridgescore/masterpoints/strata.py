"""ACBL strata from the players' masterpoint holdings: which stratum each pair plays in.

Strata are written best first, the first open to all and each later one with its limit:
``A,B=750,C=300`` — a pair is in B when its *higher* holder has fewer than 750 masterpoints, in
C when fewer than 300, else in A (the ACBL's rule: a pair is stratified by its higher holder).
Holdings are a CSV of ``player,masterpoints`` rows, a player named by national number, club
number or name (matched in that order, as an event matches its players). A pair with a player
whose holding is not given is never guessed into a stratum: :func:`strata_of` refuses the
session naming every such pair.

Pure: the holdings file's text is read by the caller.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from bridgescore.errors import ParseError, Problems, RulesError
from bridgescore.handicap import split_names
from bridgescore.languages import N_
from bridgescore.languages.text import Text, counted
from bridgescore.masterpoints.acbl import AcblClubScheme
from bridgescore.masterpoints.model import Scheme
from bridgescore.session import Entrant, Member, Session

_NAME = re.compile(r"[A-Za-z0-9]{1,8}")
_NUMBER = re.compile(r"\s*-?[\d.,]+\s*")
_MOST_STRATA = 6
_MOST_HOLDINGS = 100_000


@dataclass(frozen=True)
class Stratum:
    """A stratum: its name and the holding its pairs stay under (None: open to all)."""

    name: str
    limit: Fraction | None

    def __str__(self) -> str:
        return self.name if self.limit is None else f"{self.name} (under {_shown(self.limit)})"


def parse_strata(text: str) -> tuple[Stratum, ...]:
    """``A,B=750,C=300``: the strata best first, the first without a limit, each later one
    with a limit below the one before."""
    if len(text) > 200:
        raise ParseError(Text(N_("too long (%(length)s characters)"), length=len(text)))
    strata: list[Stratum] = []
    for i, part in enumerate(p.strip() for p in text.split(",")):
        name, _, limit_text = (s.strip() for s in part.partition("="))
        if not _NAME.fullmatch(name):
            raise ParseError(
                Text(
                    N_(
                        "%(part)r is not a stratum (expected a name of letters or digits, then "
                        "=LIMIT after the first: A,B=750,C=300)"
                    ),
                    part=part,
                )
            )
        if any(s.name == name for s in strata):
            raise ParseError(Text(N_("%(name)s is named twice"), name=name))
        if i == 0:
            if limit_text:
                raise ParseError(
                    Text(
                        N_("the first stratum (%(name)s) is open to every pair and has no limit"),
                        name=name,
                    )
                )
            strata.append(Stratum(name, None))
            continue
        limit = _amount(limit_text)
        if limit is None or limit <= 0:
            raise ParseError(
                Text(
                    N_("%(part)r has no limit (expected %(name)s=N, N masterpoints above 0)"),
                    part=part,
                    name=name,
                )
            )
        previous = strata[-1].limit
        if previous is not None and limit >= previous:
            raise ParseError(
                Text(
                    N_(
                        "%(name)s's limit %(limit)s is not below %(before)s's %(previous)s (each "
                        "stratum is below the one before)"
                    ),
                    name=name,
                    limit=_shown(limit),
                    before=strata[-1].name,
                    previous=_shown(previous),
                )
            )
        strata.append(Stratum(name, limit))
    if len(strata) < 2 or len(strata) > _MOST_STRATA:
        raise ParseError(
            Text(
                N_("%(given)s given (expected 2 to %(most)s: A,B=750,C=300)"),
                given=len(strata),
                most=_MOST_STRATA,
            )
        )
    return tuple(strata)


def stratum_for(holding: Fraction, strata: tuple[Stratum, ...]) -> Stratum:
    """The lowest stratum whose limit ``holding`` is under."""
    found = strata[0]
    for stratum in strata[1:]:
        if stratum.limit is not None and holding < stratum.limit:
            found = stratum
    return found


@dataclass(frozen=True)
class Holdings:
    """Masterpoints held, by player: national or club number, or a name (case and spacing
    aside)."""

    by_key: Mapping[str, Fraction]

    def of(self, name: str | None, member: Member) -> Fraction | None:
        for key in (member.national, member.club, name):
            if key and _key(key) in self.by_key:
                return self.by_key[_key(key)]
        return None


def parse_holdings(text: str, path: str | None = None) -> Holdings:
    """A holdings CSV: ``player,masterpoints`` rows (a header row and ``#`` comments allowed);
    every bad row is reported at once with its line."""
    problems = Problems(path)
    found: dict[str, tuple[Fraction, int]] = {}
    first = True
    for line, row in enumerate(csv.reader(io.StringIO(text)), 1):
        if not row or not "".join(row).strip() or row[0].lstrip().startswith("#"):
            continue
        header, first = first, False
        cells = [c.strip() for c in row]
        if len(cells) != 2 or not cells[0]:
            problems.report(
                "not a holding", line, found=",".join(row), expected="player,masterpoints"
            )
            continue
        amount = _amount(cells[1])
        if amount is None and header and not _NUMBER.fullmatch(cells[1]):
            continue  # a header row: player,masterpoints
        if amount is None:
            problems.report(
                "not a masterpoint holding",
                line,
                found=cells[1],
                expected="a number of masterpoints, 0 or more (312.45)",
            )
            continue
        key = _key(cells[0])
        if key in found and found[key][0] != amount:
            problems.report(
                f"{cells[0]} holds {_shown(found[key][0])} on line {found[key][1]}",
                line,
                found=cells[1],
                expected="one holding a player",
            )
            continue
        found[key] = (amount, line)
        if len(found) > _MOST_HOLDINGS:
            problems.report(f"more than {_MOST_HOLDINGS:,} players", line)
            break
    if not found and not problems:
        problems.report("no holdings in the file", expected="player,masterpoints rows")
    problems.raise_if_any(path)
    return Holdings({k: v for k, (v, _) in found.items()})


def strata_of(
    session: Session, strata: tuple[Stratum, ...], holdings: Holdings
) -> dict[Entrant, str]:
    """Each pair's (or player's) stratum, by its higher holder; refused naming every entrant
    with a player whose holding is not given."""
    result: dict[Entrant, str] = {}
    unknown: list[str] = []
    for entrant in sorted(_entrants(session), key=lambda e: e.sort_key()):
        name = session.names.get(entrant)
        players = split_names(name) if name else []
        members = list(session.members.get(entrant, ()))
        count = 1 if entrant.player else max(2, len(players), len(members))
        held: list[Fraction] = []
        missing: list[str] = []
        for i in range(count):
            player = players[i] if i < len(players) else None
            member = members[i] if i < len(members) else Member()
            holding = holdings.of(player, member)
            if holding is None:
                who = player or member.national or member.club
                missing.append(who or Text(N_("player %(number)s"), number=i + 1))
            else:
                held.append(holding)
        if missing:
            unknown.append(
                Text(
                    N_("%(entrant)s (%(names)s): no holding for %(players)s"),
                    entrant=_entrant(entrant),
                    names=name or Text(N_("no names")),
                    players=_listed(missing, ", "),
                )
            )
            continue
        result[entrant] = stratum_for(max(held), strata).name
    if unknown:
        raise RulesError(
            counted(
                "%(num)d entrant has no masterpoint holding, so no stratum (a pair is stratified "
                "by its higher holder; give every player's holding in the holdings file):\n  "
                "%(entrants)s",
                "%(num)d entrants have no masterpoint holding, so no stratum (a pair is "
                "stratified by its higher holder; give every player's holding in the holdings "
                "file):\n  %(entrants)s",
                len(unknown),
                entrants=_listed(unknown, "\n  "),
            )
        )
    return result


def _entrant(entrant: Entrant) -> Text:
    if entrant.player:
        return Text(N_("player %(label)s"), label=entrant.label)
    return Text(N_("pair %(label)s"), label=entrant.label)


def _listed(items: list[str], between: str) -> str:
    """``items`` one after the other, each translated where shown (a layout, not a message)."""
    listed = Text("%(item)s", item=items[0])
    for item in items[1:]:
        listed = Text("%(before)s" + between + "%(item)s", before=listed, item=item)
    return listed


def stratified(
    scheme: Scheme, session: Session, strata: tuple[Stratum, ...], holdings: Holdings
) -> AcblClubScheme:
    """``scheme`` (an ACBL club scheme) with each of the session's pairs in its stratum."""
    if not isinstance(scheme, AcblClubScheme):
        raise RulesError(
            Text(
                N_("strata are the ACBL's: they need an acbl:club scheme, not %(scheme)s"),
                scheme=scheme.info.name,
            )
        )
    names = tuple(s.name for s in strata)
    chosen = AcblClubScheme(scheme.rating_key, names, strata_of(session, strata, holdings))
    shown = ", ".join(str(s) for s in strata)
    chosen.info = replace(chosen.info, title=f"{chosen.info.title}, strata {shown}")
    return chosen


def _entrants(session: Session) -> set[Entrant]:
    found = set(session.names) | set(session.members)
    for table in session.tables:
        found.update(session.entrants_all(table))
    return found


def _key(text: str) -> str:
    return " ".join(text.casefold().split())


def _amount(text: str) -> Fraction | None:
    if not re.fullmatch(r"\s*\d{1,9}(\.\d{1,4})?\s*", text):
        return None
    try:
        return Fraction(Decimal(text.strip()))
    except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
        return None


def _shown(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


__all__ = [
    "Holdings",
    "Stratum",
    "parse_holdings",
    "parse_strata",
    "strata_of",
    "stratified",
    "stratum_for",
]
