"""Players: a stable id, first and last name, typed external ids; matching, merging, members.

Every statement on ``players``, ``player_ids``, ``entrant_players`` (the links from a session's
pairs to players) and ``player_merges`` is here.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import Connection, and_, delete, func, insert, or_, select, update

from bridgescore.errors import InputFileError, Problem
from bridgescore.languages import N_
from bridgescore.languages.text import Text, counted
from bridgescore.store.engine import StoreError
from bridgescore.store.schema import (
    entrant_players,
    entrants,
    player_ids,
    player_merges,
    players,
    sessions,
)

# Kinds of external id; a club number is kept per club (its scope), the others are global.
ID_KINDS = ("club", "ebu", "acbl", "nbf", "abf", "nzb", "national", "bbo")
_KIND = re.compile(r"[a-z][a-z0-9_-]{0,39}")


@dataclass(frozen=True)
class Player:
    id: int
    first_name: str
    last_name: str
    ids: Mapping[str, str] = field(default_factory=dict)  # kind -> value
    merged_into: int | None = None

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


@dataclass
class Matching:
    """What an import did with the names and numbers it met."""

    new: list[Player] = field(default_factory=list)
    matched: int = 0
    ambiguous: list[tuple[str, list[int]]] = field(default_factory=list)  # name, candidates


def name_key(name: str) -> str:
    return " ".join(name.casefold().split())


def split_name(name: str) -> tuple[str, str]:
    """``Ann Marie Lee`` -> (``Ann Marie``, ``Lee``): the last word is the last name."""
    words = name.split()
    if not words:
        raise StoreError(Text(N_("a player needs a name")))
    return " ".join(words[:-1]), words[-1]


def check_kind(kind: str) -> str:
    key = kind.strip().lower()
    if not _KIND.fullmatch(key):
        raise StoreError(
            Text(
                N_("not a kind of player id: %(kind)s (expected a word like ebu or bbo)"),
                kind=repr(kind),
            )
        )
    return key


def _scope(kind: str, club_id: int | None) -> str:
    return str(club_id) if kind == "club" and club_id is not None else ""


def get(conn: Connection, player_id: int) -> Player:
    row = conn.execute(select(players).where(players.c.id == player_id)).one_or_none()
    if row is None:
        raise StoreError(Text(N_("no player with id %(player_id)s"), player_id=player_id))
    ids = conn.execute(
        select(player_ids.c.kind, player_ids.c.value)
        .where(player_ids.c.player_id == player_id)
        .order_by(player_ids.c.kind)
    ).all()
    return Player(row.id, row.first_name, row.last_name, dict(ids), row.merged_into)


def listing(conn: Connection, club_id: int | None, merged: bool = False) -> list[Player]:
    query = select(players).order_by(players.c.last_name, players.c.first_name, players.c.id)
    if club_id is not None:
        query = query.where(players.c.club_id == club_id)
    if not merged:
        query = query.where(players.c.merged_into.is_(None))
    rows = conn.execute(query).all()
    ids: dict[int, dict[str, str]] = {}
    for pid, kind, value in conn.execute(
        select(player_ids.c.player_id, player_ids.c.kind, player_ids.c.value)
    ):
        ids.setdefault(pid, {})[kind] = value
    return [Player(r.id, r.first_name, r.last_name, ids.get(r.id, {}), r.merged_into) for r in rows]


def add(
    conn: Connection,
    first_name: str,
    last_name: str,
    ids: Mapping[str, str],
    club_id: int | None,
    now: datetime,
) -> Player:
    if not (first_name.strip() or last_name.strip()):
        raise StoreError(Text(N_("a player needs a name")))
    pid = conn.execute(
        insert(players)
        .values(
            club_id=club_id,
            first_name=first_name.strip(),
            last_name=last_name.strip(),
            name_key=name_key(f"{first_name} {last_name}"),
            created_at=now,
        )
        .returning(players.c.id)
    ).scalar_one()
    for kind, value in ids.items():
        set_id(conn, pid, kind, value, club_id)
    return get(conn, pid)


def set_id(conn: Connection, player_id: int, kind: str, value: str, club_id: int | None) -> None:
    """Give a player an external id (replacing their id of that kind); unique per kind."""
    kind = check_kind(kind)
    value = value.strip()
    if not value:
        raise StoreError(Text(N_("an empty %(kind)s id"), kind=kind))
    scope = _scope(kind, club_id)
    holder = by_id(conn, kind, value, club_id)
    if holder is not None and holder != player_id:
        raise StoreError(
            Text(
                N_("%(kind)s id %(value)s already belongs to player %(holder)s"),
                kind=kind,
                value=repr(value),
                holder=holder,
            )
        )
    conn.execute(
        delete(player_ids).where(
            and_(
                player_ids.c.player_id == player_id,
                player_ids.c.kind == kind,
                player_ids.c.scope == scope,
            )
        )
    )
    conn.execute(
        insert(player_ids).values(player_id=player_id, kind=kind, scope=scope, value=value)
    )


def edit(
    conn: Connection,
    player_id: int,
    first_name: str | None,
    last_name: str | None,
    ids: Mapping[str, str],
    club_id: int | None,
) -> Player:
    current = get(conn, player_id)
    first = current.first_name if first_name is None else first_name.strip()
    last = current.last_name if last_name is None else last_name.strip()
    conn.execute(
        update(players)
        .where(players.c.id == player_id)
        .values(first_name=first, last_name=last, name_key=name_key(f"{first} {last}"))
    )
    for kind, value in ids.items():
        set_id(conn, player_id, kind, value, club_id)
    return get(conn, player_id)


def by_id(conn: Connection, kind: str, value: str, club_id: int | None) -> int | None:
    """The player with an external id. A club number is looked up in ``club_id``'s numbers,
    or in every club's when no club is given (and must then be unambiguous)."""
    query = select(player_ids.c.player_id).where(
        and_(player_ids.c.kind == kind, player_ids.c.value == value)
    )
    if kind != "club" or club_id is not None:
        query = query.where(player_ids.c.scope == _scope(kind, club_id))
    found = sorted({surviving(conn, p) for p in conn.execute(query).scalars()})
    if len(found) > 1:
        raise StoreError(
            Text(
                N_("%(kind)s number %(value)s is used in several clubs: name the club"),
                kind=kind,
                value=repr(value),
            )
        )
    return found[0] if found else None


def surviving(conn: Connection, player_id: int) -> int:
    """The player a merged duplicate now is (following merges)."""
    seen = {player_id}
    while True:
        into = conn.execute(
            select(players.c.merged_into).where(players.c.id == player_id)
        ).scalar_one_or_none()
        if into is None:
            return player_id
        if into in seen:
            raise StoreError(
                Text(N_("player %(player_id)s is merged in a circle"), player_id=player_id)
            )
        seen.add(into)
        player_id = into


def by_name(conn: Connection, name: str, club_id: int | None) -> list[int]:
    query = select(players.c.id).where(
        and_(players.c.name_key == name_key(name), players.c.merged_into.is_(None))
    )
    if club_id is not None:
        query = query.where(or_(players.c.club_id == club_id, players.c.club_id.is_(None)))
    return list(conn.execute(query.order_by(players.c.id)).scalars())


def refuse_same_name(conn: Connection, name: str, club_id: int | None) -> None:
    """Refuse a new player whose name a player has already, saying who."""
    found = by_name(conn, name, club_id)
    if found:
        who = Text(N_("player %(pid)s"), pid=found[0])
        for p in found[1:]:
            who = Text(N_("%(list)s, %(item)s"), list=who, item=Text(N_("player %(pid)s"), pid=p))
        raise StoreError(
            Text(
                N_(
                    "%(name)s is already a player (%(who)s): to add another person of the same "
                    "name, give --another (imports then leave that name unlinked until told which)"
                ),
                name=repr(" ".join(name.split())),
                who=who,
            )
        )


def find(conn: Connection, text: str, club_id: int | None) -> int:
    """A player from an id number, ``kind:value`` (``ebu:12345``) or an exact name."""
    text = text.strip()
    if text.isascii() and text.isdigit():
        if len(text) > 9:  # beyond any id (and a database's integer)
            raise StoreError(Text(N_("no player with id %(text)s"), text=text))
        get(conn, int(text))
        return int(text)
    kind, colon, value = text.partition(":")
    if colon and _KIND.fullmatch(kind.lower()):
        found = by_id(conn, kind.lower(), value.strip(), club_id)
        if found is None:
            raise StoreError(
                Text(
                    N_("no player with %(kind)s id %(value)s"), kind=kind, value=repr(value.strip())
                )
            )
        return found
    matches = by_name(conn, text, club_id)
    if not matches:
        raise StoreError(Text(N_("no player named %(text)s"), text=repr(text)))
    if len(matches) > 1:
        raise StoreError(
            Text(
                N_("%(count)s players are named %(text)s (ids %(ids)s): give the id"),
                count=len(matches),
                text=repr(text),
                ids=", ".join(map(str, matches)),
            )
        )
    return matches[0]


def link(
    conn: Connection,
    members: Sequence[tuple[int, int, str | None, str | None, str | None]],
    club_id: int,
    federation: str,
    now: datetime,
    matching: Matching,
) -> None:
    """Store the players of a session's entrants -- (entrant id, position, name part, national
    number, club number) -- each linked to the player it matches by external id, else by exact
    name. A new name makes a new player; a name several players share is left unlinked and
    reported. Looks everything up in a few statements, whatever the size of the session."""

    def number(text: str | None) -> str | None:
        # A number of zeros is a placeholder some programs write, never a player's number.
        return text if text and text.strip("0 ") else None

    nationals = {n for _, _, _, n, _ in members if number(n)}
    clubs = {c for _, _, _, _, c in members if number(c)}
    by_number: dict[tuple[str, str], int] = {}
    for kind, wanted in ((federation, nationals), ("club", clubs)):
        if not wanted:
            continue
        query = select(player_ids.c.value, player_ids.c.player_id).where(
            and_(
                player_ids.c.kind == kind,
                player_ids.c.scope == _scope(kind, club_id),
                player_ids.c.value.in_(sorted(wanted)),
            )
        )
        for value, pid in conn.execute(query):
            by_number[kind, value] = surviving(conn, pid)
    keys = {name_key(m[2]) for m in members if m[2]}
    by_key: dict[str, list[int]] = {}
    if keys:
        query = (
            select(players.c.name_key, players.c.id)
            .where(
                and_(
                    players.c.name_key.in_(sorted(keys)),
                    players.c.merged_into.is_(None),
                    or_(players.c.club_id == club_id, players.c.club_id.is_(None)),
                )
            )
            .order_by(players.c.id)
        )
        for key, pid in conn.execute(query):
            by_key.setdefault(key, []).append(pid)
    rows = []
    for entrant_id, position, name, national, club_number in members:
        known_national, known_club = number(national), number(club_number)
        player_id = None
        if known_national:
            player_id = by_number.get((federation, known_national))
        if player_id is None and known_club:
            player_id = by_number.get(("club", known_club))
        if player_id is not None:
            matching.matched += 1
        elif name:
            candidates = by_key.get(name_key(name), [])
            if len(candidates) == 1:
                player_id = candidates[0]
                matching.matched += 1
            elif candidates:
                matching.ambiguous.append((name, candidates))
            else:
                ids = {}
                if known_national:
                    ids[federation] = known_national
                if known_club:
                    ids["club"] = known_club
                first, last = split_name(name)
                new = add(conn, first, last, ids, club_id, now)
                matching.new.append(new)
                player_id = new.id
                by_key[name_key(name)] = [new.id]
                for kind, value in ids.items():
                    by_number[kind, value] = new.id
        rows.append(
            {
                "entrant_id": entrant_id,
                "position": position,
                "player_id": player_id,
                "name": name,
                "national": national,
                "club_number": club_number,
            }
        )
    if rows:
        conn.execute(insert(entrant_players), rows)


def merge(
    conn: Connection, keep: int, duplicate: int, by: str, reason: str | None, now: datetime
) -> tuple[int, list[Relinked]]:
    """Merge ``duplicate`` into ``keep``: every result of the duplicate now counts for the
    player kept, and their external ids move over; then the results stored under a name that
    is no longer shared are linked (:func:`relink`). Two players who played in one session are
    two people: refused. Logged, and undone by :func:`undo_merge`; returns the merge's id and
    what was linked."""
    if keep == duplicate:
        raise StoreError(Text(N_("a player cannot be merged into themselves")))
    for pid in (keep, duplicate):
        if get(conn, pid).merged_into is not None:
            raise StoreError(Text(N_("player %(pid)s is already merged into another"), pid=pid))
    together = sessions_together(conn, keep, duplicate)
    if together:
        shown = ", ".join(map(str, together[:5])) + (" ..." if len(together) > 5 else "")
        raise StoreError(
            counted(
                "players %(keep)s (%(keep_name)s) and %(duplicate)s (%(duplicate_name)s) both "
                "played in session %(sessions)s: they are two people, not one; nothing merged",
                "players %(keep)s (%(keep_name)s) and %(duplicate)s (%(duplicate_name)s) both "
                "played in sessions %(sessions)s: they are two people, not one; nothing merged",
                len(together),
                keep=keep,
                keep_name=get(conn, keep).name,
                duplicate=duplicate,
                duplicate_name=get(conn, duplicate).name,
                sessions=shown,
            )
        )
    links = conn.execute(
        select(entrant_players.c.entrant_id, entrant_players.c.position).where(
            entrant_players.c.player_id == duplicate
        )
    ).all()
    moved_ids = list(
        conn.execute(select(player_ids.c.id).where(player_ids.c.player_id == duplicate)).scalars()
    )
    conn.execute(
        update(entrant_players)
        .where(entrant_players.c.player_id == duplicate)
        .values(player_id=keep)
    )
    conn.execute(
        update(player_ids).where(player_ids.c.player_id == duplicate).values(player_id=keep)
    )
    conn.execute(update(players).where(players.c.id == duplicate).values(merged_into=keep))
    linked, _ = relink(conn)
    moves = {
        "links": [list(r) for r in links],
        "ids": moved_ids,
        "relinked": [[r.entrant_id, r.position] for r in linked],
    }
    merge_id = conn.execute(
        insert(player_merges)
        .values(
            kept_id=keep,
            merged_id=duplicate,
            merged_at=now,
            merged_by=by,
            reason=reason,
            moves=json.dumps(moves),
        )
        .returning(player_merges.c.id)
    ).scalar_one()
    return int(merge_id), linked


def undo_merge(conn: Connection, merge_id: int, by: str, now: datetime) -> tuple[int, int]:
    row = conn.execute(select(player_merges).where(player_merges.c.id == merge_id)).one_or_none()
    if row is None:
        raise StoreError(Text(N_("no merge with id %(merge_id)s"), merge_id=merge_id))
    if row.undone_at is not None:
        raise StoreError(Text(N_("merge %(merge_id)s was already undone"), merge_id=merge_id))
    moves = json.loads(row.moves)
    for entrant_id, position in moves["links"]:
        conn.execute(
            update(entrant_players)
            .where(
                and_(
                    entrant_players.c.entrant_id == entrant_id,
                    entrant_players.c.position == position,
                )
            )
            .values(player_id=row.merged_id)
        )
    if moves["ids"]:
        conn.execute(
            update(player_ids)
            .where(player_ids.c.id.in_(moves["ids"]))
            .values(player_id=row.merged_id)
        )
    for entrant_id, position in moves.get("relinked", ()):
        conn.execute(
            update(entrant_players)
            .where(
                and_(
                    entrant_players.c.entrant_id == entrant_id,
                    entrant_players.c.position == position,
                )
            )
            .values(player_id=None)
        )
    conn.execute(update(players).where(players.c.id == row.merged_id).values(merged_into=None))
    conn.execute(
        update(player_merges)
        .where(player_merges.c.id == merge_id)
        .values(undone_at=now, undone_by=by)
    )
    return int(row.kept_id), int(row.merged_id)


def merges(conn: Connection) -> list[dict[str, object]]:
    rows = conn.execute(select(player_merges).order_by(player_merges.c.id)).all()
    return [dict(r._mapping) for r in rows]


def results_count(conn: Connection, player_id: int) -> int:
    return int(
        conn.execute(
            select(func.count())
            .select_from(entrant_players)
            .where(entrant_players.c.player_id == player_id)
        ).scalar_one()
    )


def sessions_together(conn: Connection, a: int, b: int) -> list[int]:
    """The sessions both players played in (as entered: on two entrants, or one pair)."""
    query = (
        select(entrants.c.session_id)
        .join(entrant_players, entrant_players.c.entrant_id == entrants.c.id)
        .where(entrant_players.c.player_id.in_((a, b)))
        .group_by(entrants.c.session_id)
        .having(func.count(func.distinct(entrant_players.c.player_id)) == 2)
        .order_by(entrants.c.session_id)
    )
    return list(conn.execute(query).scalars())


@dataclass(frozen=True)
class Relinked:
    """A player of a stored entrant linked to a player: where, the name, and to whom."""

    entrant_id: int
    position: int
    session_id: int
    entrant: str  # "pair 5 NS", "pair 3", "player 7"
    name: str
    player_id: int


@dataclass(frozen=True)
class Unlinked:
    """A player of a stored entrant that is still linked to nobody, and why."""

    session_id: int
    entrant: str
    name: str
    candidates: tuple[int, ...]  # several: the name is shared; none: nobody has it


def relink(conn: Connection) -> tuple[list[Relinked], list[Unlinked]]:
    """Link every stored player left unlinked (a name several players shared when it was
    imported) that now matches exactly one player: by the club number the file gave, else by
    the exact name, in the session's club. Returns what was linked and what still is not."""
    query = (
        select(
            entrant_players.c.entrant_id,
            entrant_players.c.position,
            entrant_players.c.name,
            entrant_players.c.club_number,
            entrants.c.session_id,
            entrants.c.section,
            entrants.c.line,
            entrants.c.number,
            entrants.c.individual,
            sessions.c.club_id,
        )
        .join(entrants, entrants.c.id == entrant_players.c.entrant_id)
        .join(sessions, sessions.c.id == entrants.c.session_id)
        .where(and_(entrant_players.c.player_id.is_(None), entrant_players.c.name.is_not(None)))
        .order_by(entrants.c.session_id, entrants.c.id, entrant_players.c.position)
    )
    linked: list[Relinked] = []
    left: list[Unlinked] = []
    for row in conn.execute(query).all():
        where = (
            f"{'player' if row.individual else 'pair'} {row.number}"
            f"{' ' + row.line if row.line else ''}{' ' + row.section if row.section else ''}"
        )
        candidates: list[int] = []
        number = row.club_number.strip() if row.club_number else ""
        if number.strip("0"):
            found = by_id(conn, "club", number, row.club_id)
            candidates = [] if found is None else [found]
        if not candidates:
            candidates = by_name(conn, row.name, row.club_id)
        if len(candidates) == 1:
            conn.execute(
                update(entrant_players)
                .where(
                    and_(
                        entrant_players.c.entrant_id == row.entrant_id,
                        entrant_players.c.position == row.position,
                    )
                )
                .values(player_id=candidates[0])
            )
            linked.append(
                Relinked(
                    row.entrant_id, row.position, row.session_id, where, row.name, candidates[0]
                )
            )
        else:
            left.append(Unlinked(row.session_id, where, row.name, tuple(candidates)))
    return linked, left


# --- member lists ------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemberLine:
    line: int
    first_name: str
    last_name: str
    ids: Mapping[str, str]


def parse_members(text: str, path: str | None = None) -> list[MemberLine]:
    """A member list: a header with ``first_name`` and ``last_name`` (or ``name``) and any id
    columns (``club``, ``ebu``, ``acbl``, ``nbf``, ``bbo`` ...). Every problem is reported."""
    rows = [r for r in csv.reader(io.StringIO(text.lstrip("\ufeff")), skipinitialspace=True)]
    if not rows:
        raise InputFileError(
            path,
            [Problem(Text(N_("the member list is empty")), expected=Text(N_("a header")))],
        )
    header = [h.strip().lower().replace(" ", "_") for h in rows[0]]
    problems: list[Problem] = []
    named = "name" in header or {"first_name", "last_name"} <= set(header)
    if not named:
        raise InputFileError(
            path,
            [
                Problem(
                    Text(N_("no name columns")),
                    1,
                    found=",".join(rows[0]),
                    expected=Text(N_("first_name and last_name, or name")),
                )
            ],
        )
    kinds = [h for h in header if h not in ("name", "first_name", "last_name")]
    for kind in kinds:
        if not _KIND.fullmatch(kind):
            problems.append(
                Problem(Text(N_("not a kind of player id")), 1, found=kind, expected="ebu, bbo ...")
            )
    found = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(header):
            problems.append(
                Problem(
                    Text(
                        N_("%(cells)s cells for %(columns)s columns"),
                        cells=len(row),
                        columns=len(header),
                    ),
                    number,
                    found=",".join(row),
                )
            )
            continue
        cells = {h: c.strip() for h, c in zip(header, row, strict=True)}
        if "name" in cells and not (cells.get("first_name")):
            if not cells["name"]:
                problems.append(Problem(Text(N_("no name")), number, expected=Text(N_("a name"))))
                continue
            first, last = split_name(cells["name"])
        else:
            first, last = cells.get("first_name", ""), cells.get("last_name", "")
            if not (first or last):
                problems.append(
                    Problem(Text(N_("no name")), number, expected=Text(N_("a first and last name")))
                )
                continue
        found.append(MemberLine(number, first, last, {k: cells[k] for k in kinds if cells[k]}))
    problems += _shared_numbers(found)
    if problems:
        raise InputFileError(path, problems)
    return found


def _shared_numbers(members: Sequence[MemberLine]) -> list[Problem]:
    """One number given to two members: an error naming both lines (never a rename)."""
    first: dict[tuple[str, str], MemberLine] = {}
    problems = []
    for m in members:
        for kind, value in m.ids.items():
            earlier = first.setdefault((kind, value), m)
            if earlier is not m:
                problems.append(
                    Problem(
                        Text(
                            N_(
                                "%(kind)s number %(value)s is also on line %(line)s (%(name)s): "
                                "one number is one person"
                            ),
                            kind=kind,
                            value=repr(value),
                            line=earlier.line,
                            name=f"{earlier.first_name} {earlier.last_name}",
                        ),
                        m.line,
                        found=f"{m.first_name} {m.last_name}".strip(),
                        expected="a number of this member's own",
                    )
                )
    return problems


def import_members(
    conn: Connection, members: Iterable[MemberLine], club_id: int, now: datetime
) -> tuple[list[Player], list[Player], list[tuple[str, list[int]]]]:
    """Add or update each member: matched by an external id, else by exact name (a player
    whose numbers differ from the line's is another person of that name); returns the new
    players, the updated ones and the names several players share (left alone). Two lines
    that would both be one player are refused, naming both, and nothing is changed."""
    new, updated, ambiguous = [], [], []
    claimed: dict[int, MemberLine] = {}
    problems: list[Problem] = []
    for m in members:
        player_id = None
        for kind, value in m.ids.items():
            player_id = by_id(conn, kind, value, club_id)
            if player_id is not None:
                break
        full = f"{m.first_name} {m.last_name}"
        if player_id is None:
            candidates = [
                c for c in by_name(conn, full, club_id) if not _other_numbers(conn, c, m.ids)
            ]
            if len(candidates) > 1:
                ambiguous.append((full.strip(), candidates))
                continue
            player_id = candidates[0] if candidates else None
        if player_id is not None and player_id in claimed:
            earlier = claimed[player_id]
            problems.append(
                Problem(
                    Text(
                        N_(
                            "this member is player %(player)s, already given on line %(line)s "
                            "(%(name)s)"
                        ),
                        player=player_id,
                        line=earlier.line,
                        name=f"{earlier.first_name} {earlier.last_name}",
                    ),
                    m.line,
                    found=full.strip(),
                    expected=Text(N_("each member on one line, two people told apart by a number")),
                )
            )
            continue
        if player_id is None:
            player = add(conn, m.first_name, m.last_name, m.ids, club_id, now)
            new.append(player)
        else:
            player = edit(conn, player_id, m.first_name, m.last_name, m.ids, club_id)
            updated.append(player)
        claimed[player.id] = m
    if problems:
        raise InputFileError(None, problems)
    return new, updated, ambiguous


def _other_numbers(conn: Connection, player_id: int, ids: Mapping[str, str]) -> bool:
    """Whether the player has a number of a kind the line gives, and a different one."""
    held = get(conn, player_id).ids
    return any(kind in held and held[kind] != value for kind, value in ids.items())
