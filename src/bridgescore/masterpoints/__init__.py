"""Masterpoints: each federation's awards for a scored session, explained.

A *scheme* is a federation's data and a small calculator (:class:`Scheme`): ``abf:green``,
``abf:red`` or either with its weight (``abf:red:3.0``), ``acbl:club`` with its rating,
``nz:club``, or a scheme file of printed scales (:mod:`.table`). :func:`award` ranks a scored
session's fields as the schemes see them and gives every award with its words::

    >>> from bridgescore.masterpoints import award, scheme_named
    >>> awards = award(result, scheme_named("abf:red"))           # doctest: +SKIP
    >>> awards.awards[0].text                                      # doctest: +SKIP
    '1st of 19 tables, Mitchell, red: 0.02 × 2.5 × 19 = 0.95'

Pure: the rules core only, no files (a scheme file's text is read by the caller).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from bridgescore.bridge import Side
from bridgescore.errors import ParseError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.masterpoints.model import (
    Award,
    Awards,
    EventField,
    Kind,
    RankedField,
    Scheme,
    SchemeInfo,
)
from bridgescore.session import Entrant, FieldStructure, Session

if TYPE_CHECKING:
    from bridgescore.results import SessionResult
    from bridgescore.teams_results import TeamsResult

SCHEMES = {
    "abf:green": Text(
        N_("ABF green points, club sessions (weight 1.5; abf:green:W for another weight)")
    ),
    "abf:red": Text(
        N_("ABF red points, special club events (weight 2.5; abf:red:W for another weight)")
    ),
    "acbl:club": Text(
        N_("ACBL club chart, open rating (acbl:club:invitational, :restricted:100, :newcomer:10 …)")
    ),
    "nz:club": Text(N_("NZ Bridge C points for a club session")),
}


def scheme_named(spec: str) -> Scheme:
    """A built-in scheme by its name: ``abf:red``, ``abf:red:3.0``, ``acbl:club:open``,
    ``nz:club``. A scheme file is read with :func:`bridgescore.masterpoints.table.loads`."""
    parts = spec.strip().split(":")
    if len(spec) > 60 or len(parts) < 2:
        raise ParseError(_not_a_scheme(spec[:60]))
    federation = parts[0].lower()
    if federation == "abf":
        from bridgescore.masterpoints.abf import parse as abf

        return abf(parts[1:])
    if federation == "acbl":
        from bridgescore.masterpoints.acbl import parse as acbl

        return acbl(parts[1:])
    if federation == "nz" and [p.lower() for p in parts[1:]] == ["club"]:
        from bridgescore.masterpoints.nz import NzClubScheme

        return NzClubScheme()
    raise ParseError(_not_a_scheme(spec))


def _not_a_scheme(spec: str) -> Text:
    return Text(
        N_("not a masterpoint scheme: %(spec)r (expected one of %(names)s or a scheme file)"),
        spec=spec,
        names=", ".join(SCHEMES),
    )


def award(result: SessionResult | TeamsResult, scheme: Scheme) -> Awards:
    """Every award of a scored session under ``scheme``, field by field."""
    return award_fields(fields_of(result, by_section=scheme.by_section), scheme)


def award_fields(fields: Iterable[RankedField], scheme: Scheme) -> Awards:
    """Every award of ``fields`` under ``scheme``, in the fields' order."""
    found: list[Award] = []
    strata: dict[Entrant, str] = {}
    for field in fields:
        found.extend(scheme.award(field))
        for entrant, _ in field.places:
            stratum = scheme.stratum(entrant)
            if stratum is not None:
                strata[entrant] = stratum
    return Awards(scheme.info, tuple(found), strata)


def fields_of(
    result: SessionResult | TeamsResult, *, by_section: bool = False
) -> tuple[RankedField, ...]:
    """A scored session's fields, ranked as its standings rank them; ``by_section``: a field
    scored across several sections split into each section's, ranked within it."""
    from bridgescore.teams_results import TeamsResult

    if isinstance(result, TeamsResult):
        places = tuple((s.entrant, s.rank) for s in result.standings)
        return (RankedField("teams", Kind.TEAMS, "teams", 1, len(places), places),)
    groups = []
    for f in result.fields:
        places = tuple((s.entrant, s.rank) for s in f.standings)
        sections = {e.section for e, _ in places}
        if not by_section or len(sections) < 2:
            groups.append((f.field, places))
            continue
        for section in sorted(sections, key=lambda s: s or ""):
            own = tuple((e, r) for e, r in places if e.section == section)
            line = own[0][0].line
            name = " ".join(p for p in (section, line.value if line else "ALL") if p)
            groups.append((name, _reranked(own)))
    return ranked_fields(result.session, groups)


def _reranked(places: tuple[tuple[Entrant, int], ...]) -> tuple[tuple[Entrant, int], ...]:
    """Places again within a part of a field: one more than the entrants strictly ahead."""
    return tuple((e, 1 + sum(1 for _, other in places if other < rank)) for e, rank in places)


def reported_fields(session: Session, ranks: Mapping[Entrant, int]) -> tuple[RankedField, ...]:
    """Fields ranked by the places a results file reports (ties: equal places), each section's
    line its own field, as the files' programs award them."""
    groups: dict[tuple[str, str], list[tuple[Entrant, int]]] = {}
    for entrant, rank in ranks.items():
        line = entrant.line.value if entrant.line else "ALL"
        groups.setdefault((entrant.section or "", line), []).append((entrant, rank))
    named = []
    for (section, line), places in sorted(groups.items()):
        name = f"{section} {line}".strip()
        named.append((name, tuple(sorted(places, key=lambda p: (p[1], p[0].sort_key())))))
    return ranked_fields(session, named)


def ranked_fields(
    session: Session, groups: Sequence[tuple[str, tuple[tuple[Entrant, int], ...]]]
) -> tuple[RankedField, ...]:
    """Fields from named rankings: the kind, winners, movement and tables of each.

    A Mitchell section has as many tables as its larger line has pairs (a half table counted
    whole); a line ranked across several sections has their tables together.
    """
    lines: dict[tuple[str | None, Side], int] = {}
    for _, places in groups:
        for entrant, _rank in places:
            if entrant.line is not None:
                key = (entrant.section, entrant.line)
                lines[key] = lines.get(key, 0) + 1
    tables_of = {
        section: max(lines.get((section, Side.NS), 0), lines.get((section, Side.EW), 0))
        for section, _ in lines
    }
    fields = []
    for name, places in groups:
        if not places:
            continue
        first = places[0][0]
        n = len(places)
        if first.player:
            kind, winners, tables = Kind.INDIVIDUAL, 1, -(-n // 4)
            movement = Text(N_("individual"))
        elif first.line is not None:
            sections = {e.section for e, _ in places}
            tables = sum(tables_of[s] for s in sections)
            kind, winners, movement = Kind.PAIRS, 2, Text(N_("Mitchell"))
        else:
            structure = session.structure_of(first.section)
            kind, winners, tables = Kind.PAIRS, 1, -(-n // 2)
            movement = (
                Text(N_("arrow-switched Mitchell"))
                if structure is FieldStructure.MITCHELL
                else Text(N_("Howell"))
            )
        fields.append(RankedField(name, kind, movement, winners, tables, places))
    return tuple(fields)


__all__ = [
    "SCHEMES",
    "Award",
    "Awards",
    "EventField",
    "Kind",
    "RankedField",
    "Scheme",
    "SchemeInfo",
    "award",
    "award_fields",
    "fields_of",
    "ranked_fields",
    "reported_fields",
    "scheme_named",
]
