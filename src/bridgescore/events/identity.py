"""Who is who across the sessions of an event: each player matched by national number, then club
number, then name, and each partnership (or, in an individual, each player) made one entry.

Two records of a player are the same person when both give a national number and they are equal;
failing that, when both give a club number and they are equal; failing that, when both give a
name and the names are equal (letter case and spacing aside). A record that matches no one is a
new person; one that matches two is ambiguous, kept apart, and said so. A pair is its two
players, so a player who changed partner is in two entries, and that is said too.

A pair the file names not at all (no names, no numbers) is known by its number alone, in its own
session. Two sessions with such a pair under the same number cannot tell whether it is the same
pair: that is refused, unless the event says that pairs kept their numbers (``by_numbers``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bridgescore.errors import RulesError
from bridgescore.handicap import split_names
from bridgescore.languages import N_
from bridgescore.languages.text import Text, counted
from bridgescore.session import Entrant, Member, Session

EntryKey = frozenset[str]
"""An entry of the event: its players' person keys (``p1``, ``p2`` ...), or for a pair known
only by its number, one key naming the number (``#3NS``, or ``#3NS@2`` in session 2 alone)."""


@dataclass
class _Person:
    key: str
    name: str | None
    nationals: set[str] = field(default_factory=set)
    clubs: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)

    def same(self, national: str | None, club: str | None, name: str | None) -> bool:
        """The event's rule: national number, then club number, then name."""
        if national and self.nationals:
            return national in self.nationals
        if club and self.clubs:
            return club in self.clubs
        return name is not None and _plain(name) in self.names

    def add(self, national: str | None, club: str | None, name: str | None) -> None:
        if national:
            self.nationals.add(national)
        if club:
            self.clubs.add(club)
        if name:
            self.names.add(_plain(name))
            self.name = self.name or name


def _plain(name: str) -> str:
    return " ".join(name.casefold().split())


@dataclass(frozen=True)
class Identities:
    """Each session's entrants as entries of the event, each entry's name, and what was noted
    while matching (players matched two ways, partners changed)."""

    entries: tuple[dict[Entrant, EntryKey], ...]  # by session
    names: dict[EntryKey, str]
    notes: tuple[str, ...]
    players: dict[str, str] = field(default_factory=dict)  # person key -> name

    def entry(self, session: int, entrant: Entrant) -> EntryKey:
        return self.entries[session][entrant]


def identify(
    sessions: Sequence[Session], labels: Sequence[str], *, by_numbers: bool = False
) -> Identities:
    """Match the entrants of ``sessions`` (named ``labels`` in messages) across the event."""
    people: list[_Person] = []
    notes: list[str] = []
    entries: list[dict[Entrant, EntryKey]] = []
    names: dict[EntryKey, str] = {}
    anonymous: dict[str, list[int]] = {}
    for k, session in enumerate(sessions):
        own: dict[Entrant, EntryKey] = {}
        used: set[str] = set()  # a person plays once a session
        for entrant in sorted(session.seating.entrants, key=Entrant.sort_key):
            records = _records(session, entrant)
            if by_numbers or not records:
                key: EntryKey = frozenset({f"#{entrant.label}"})
                if not by_numbers:
                    anonymous.setdefault(entrant.label, []).append(k)
                    key = frozenset({f"#{entrant.label}@{k + 1}"})
                own[entrant] = key
                names.setdefault(key, session.names.get(entrant) or str(entrant).capitalize())
                continue
            keys = []
            for national, club, name in records:
                found = [p for p in people if p.key not in used and p.same(national, club, name)]
                if len(found) == 1:
                    person = found[0]
                else:
                    if len(found) > 1:
                        who = name or national or club
                        notes.append(
                            Text(
                                N_(
                                    "%(session)s: %(who)s could be any of %(count)s players of "
                                    "other sessions (their membership numbers differ): kept apart"
                                ),
                                session=labels[k],
                                who=who,
                                count=len(found),
                            )
                        )
                    person = _Person(f"p{len(people) + 1}", name)
                    people.append(person)
                person.add(national, club, name)
                used.add(person.key)
                keys.append(person.key)
            key = frozenset(keys)
            own[entrant] = key
            names.setdefault(key, session.names.get(entrant) or " & ".join(
                p.name or "?" for p in people if p.key in key
            ))  # fmt: skip
        entries.append(own)
    clashes = {label: ks for label, ks in anonymous.items() if len(ks) > 1}
    if clashes:
        label, ks = min(clashes.items(), key=lambda item: item[1])
        where: str = labels[ks[0]]
        for k in ks[1:]:
            where = Text(N_("%(first)s and %(then)s"), first=where, then=labels[k])
        raise RulesError(
            counted(
                "%(where)s both have a pair %(label)s and name neither's players, so the event "
                "cannot tell whether it is the same pair (%(num)d such number): give the "
                "players' names or membership numbers, or say the pairs kept their numbers "
                "(--pairs-by numbers)",
                "%(where)s both have a pair %(label)s and name neither's players, so the event "
                "cannot tell whether it is the same pair (%(num)d such numbers): give the "
                "players' names or membership numbers, or say the pairs kept their numbers "
                "(--pairs-by numbers)",
                len(clashes),
                where=where,
                label=label,
            )
        )
    person_names = {p.key: p.name or p.key for p in people}
    notes.extend(_partner_changes(entries, labels, person_names))
    return Identities(tuple(entries), names, tuple(notes), person_names)


def _records(session: Session, entrant: Entrant) -> list[tuple[str | None, str | None, str | None]]:
    """(national, club, name) of each player of an entrant, as far as the session says."""
    name = session.names.get(entrant)
    parts = ([name] if entrant.player else split_names(name)) if name else []
    members: tuple[Member, ...] = session.members.get(entrant, ())
    count = max(len(parts), len(members))
    records = []
    for i in range(count):
        member = members[i] if i < len(members) else Member()
        national = (member.national or "").strip() or None
        club = (member.club or "").strip() or None
        player = parts[i] if i < len(parts) else None
        if national or club or player:
            records.append((national, club, player))
    return records


def _partner_changes(
    entries: Sequence[dict[Entrant, EntryKey]], labels: Sequence[str], names: dict[str, str]
) -> list[str]:
    """A sentence for each player who played in two entries (a pair that changed partner)."""
    seen: dict[str, list[tuple[int, EntryKey]]] = {}
    for k, own in enumerate(entries):
        for key in own.values():
            if len(key) < 2:
                continue
            for person in sorted(key):
                seen.setdefault(person, [])
                if key not in [e for _, e in seen[person]]:
                    seen[person].append((k, key))
    notes: list[str] = []
    for person, partnerships in seen.items():
        if len(partnerships) < 2:
            continue
        parts: str = ""
        for k, key in partnerships:
            partners = " & ".join(names[p] for p in sorted(key) if p != person)
            part = Text(
                N_("with %(partners)s in %(session)s"), partners=partners, session=labels[k]
            )
            parts = Text("%(list)s, %(item)s", list=parts, item=part) if parts else part
        notes.append(
            Text(
                N_("%(name)s changed partner (%(parts)s): each partnership is ranked on its own"),
                name=names[person],
                parts=parts,
            )
        )
    return notes
