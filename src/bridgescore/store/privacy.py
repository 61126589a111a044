"""What each player lets the results show of them, their address for results by e-mail, and
erasure. Every statement on ``player_preferences`` is here (docs/privacy.md).

A player publishes their **full name** (the default), their **initials**, their **number only**
(their club number, else their number in this database) or **nothing** (the name withheld).
Their results count the same whatever they choose: only names change, in every output made
from a stored session (:func:`published` rewrites a session's rows before they are scored or
shown). The national body's file is made from the session as stored: a federation must know
whom it credits.

**Erasure** pseudonymises a player for good: their name becomes ``Player <id>`` wherever the
database holds it (the player, each pair they played in, the names a traveller line carries),
their external ids, address and mail addresses go, and no score changes (the results log keeps
every result; only the ``names`` column of its rows is rewritten).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from email.utils import parseaddr

from sqlalchemy import Connection, and_, bindparam, delete, insert, select, update

from bridgescore.errors import ParseError
from bridgescore.languages import N_, _
from bridgescore.languages.text import Text
from bridgescore.store import players as pl
from bridgescore.store.engine import StoreError
from bridgescore.store.schema import (
    entrant_players,
    entrants,
    mail_log,
    player_ids,
    player_preferences,
    players,
    results,
)
from bridgescore.store.sessions import MemberRow, ResultRow, SessionRows
from bridgescore.vocabulary import Vocabulary


class Publish(
    Vocabulary,
    what=N_("a publish setting"),
    aliases={"name": "full", "full-name": "full", "number-only": "number", "none": "hidden"},
):
    """What a player may let the results show (stored as its word)."""

    FULL = "full"
    INITIALS = "initials"
    NUMBER = "number"  # their club number, else their number in this database
    HIDDEN = "hidden"

    @property
    def words(self) -> str:
        return _WORDS[self]


_WORDS = {
    Publish.FULL: N_("full name"),
    Publish.INITIALS: N_("initials"),
    Publish.NUMBER: N_("number only"),
    Publish.HIDDEN: N_("not shown"),
}
WITHHELD = N_("name withheld")


@dataclass(frozen=True)
class Preferences:
    player_id: int
    email: str | None = None
    publish: Publish = Publish.FULL
    erased_at: datetime | None = None

    @property
    def publish_words(self) -> str:
        return self.publish.words


@dataclass(frozen=True)
class Recipient:
    """A player of a stored session with an address: who gets a results mail."""

    player_id: int
    name: str
    email: str
    entrant: tuple[str, str, int, bool]  # the entrant's key: section, line, number, individual
    publish: Publish


@dataclass(frozen=True)
class Erasure:
    """What erasing a player changed."""

    player_id: int
    pseudonym: str
    players: int  # the player and any duplicates merged into them
    entrants: int
    traveller_lines: int


def parse_publish(text: str) -> Publish:
    try:
        return Publish.parse(text)
    except ParseError as error:
        raise StoreError(str(error)) from None


def check_email(text: str) -> str:
    """An address as a mail's To: header takes it, or an error saying what is wrong."""
    value = text.strip()
    name, address = parseaddr(value)
    local, at, domain = address.rpartition("@")
    if (
        not at
        or not local
        or "." not in domain
        or name
        or address != value
        or any(c.isspace() for c in value)
    ):
        raise StoreError(
            Text(N_("not an e-mail address: %(text)s (expected name@example.org)"), text=repr(text))
        )
    return value


def preferences(conn: Connection, wanted: Iterable[int] | None = None) -> dict[int, Preferences]:
    query = select(player_preferences)
    if wanted is not None:
        query = query.where(player_preferences.c.player_id.in_(sorted(set(wanted))))
    return {
        r.player_id: Preferences(r.player_id, r.email, Publish.parse(r.publish), r.erased_at)
        for r in conn.execute(query)
    }


def _save(conn: Connection, player_id: int, by: str, now: datetime, **values: object) -> None:
    known = conn.execute(
        select(player_preferences.c.player_id).where(player_preferences.c.player_id == player_id)
    ).scalar_one_or_none()
    if known is None:
        row = {"email": None, "publish": str(Publish.FULL), "erased_at": None, **values}
        conn.execute(
            insert(player_preferences).values(
                player_id=player_id, updated_at=now, updated_by=by, **row
            )
        )
    else:
        conn.execute(
            update(player_preferences)
            .where(player_preferences.c.player_id == player_id)
            .values(updated_at=now, updated_by=by, **values)
        )


def set_publish(conn: Connection, player_id: int, publish: str, by: str, now: datetime) -> None:
    pl.get(conn, player_id)
    _save(conn, player_id, by, now, publish=str(parse_publish(publish)))
    _touch_live(conn, player_id)


def _touch_live(conn: Connection, player_id: int) -> None:
    """The live sessions the player plays in count a change, so the consoles and phones that
    show their name fetch it again as it may now be shown."""
    from bridgescore.store.live import LIVE, touch
    from bridgescore.store.schema import sessions

    found = conn.execute(
        select(entrants.c.session_id)
        .join(entrant_players, entrant_players.c.entrant_id == entrants.c.id)
        .join(sessions, sessions.c.id == entrants.c.session_id)
        .where(and_(entrant_players.c.player_id == player_id, sessions.c.status == LIVE))
        .distinct()
    ).scalars()
    for session_id in sorted(found):
        touch(conn, session_id, every_table=True)


def set_email(conn: Connection, player_id: int, email: str | None, by: str, now: datetime) -> None:
    player = pl.get(conn, player_id)
    if email is not None:
        email = check_email(email)
        if _erased(conn, player_id):
            raise StoreError(
                Text(
                    N_("player %(player)s was erased: no address can be kept for them"),
                    player=player.id,
                )
            )
    _save(conn, player_id, by, now, email=email)


def _erased(conn: Connection, player_id: int) -> bool:
    return (
        conn.execute(
            select(player_preferences.c.erased_at).where(
                player_preferences.c.player_id == player_id
            )
        ).scalar_one_or_none()
        is not None
    )


# --- names as published --------------------------------------------------------------------------


def initials(name: str) -> str:
    """``Ann Marie Lee`` -> ``A. M. L.``"""
    return " ".join(f"{word[0]}." for word in name.split() if word)


def shown(name: str | None, publish: Publish, player_id: int, number: str | None) -> str | None:
    """A player's name as their setting lets the results show it, in the language of what is
    being made (a page, a mail, a command's output): the name is data, its stand-ins words."""
    if publish is Publish.FULL or (name is None and publish is not Publish.HIDDEN):
        return name
    if publish is Publish.INITIALS:
        return initials(name or "")
    if publish is Publish.NUMBER:
        return _("No. %(number)s", number=number) if number else _("Player %(id)s", id=player_id)
    return _(WITHHELD)


def pseudonym(player_id: int) -> str:
    """What an erased player is called everywhere from then on."""
    return f"Player {player_id}"


def _chosen(conn: Connection, linked: Iterable[int]) -> dict[int, Preferences]:
    """The players among ``linked`` whose name is not shown as stored: those who show less
    than their full name, and the erased (a session read before the erasure still holds the
    old name: a view that kept it shows the pseudonym all the same)."""
    return {
        pid: p
        for pid, p in preferences(conn, linked).items()
        if p.publish is not Publish.FULL or p.erased_at is not None
    }


def _shown_as(
    name: str | None, chosen: Preferences, player_id: int, number: str | None
) -> str | None:
    if chosen.erased_at is not None and chosen.publish is not Publish.HIDDEN:
        return pseudonym(player_id)
    return shown(name, chosen.publish, player_id, number)


@dataclass(frozen=True)
class _Part:
    entrant: tuple[str, str, int, bool]
    position: int
    player_id: int | None
    name: str | None
    club_number: str | None


def _parts(conn: Connection, session_id: int) -> list[_Part]:
    return [
        _Part((r.section, r.line, r.number, r.individual), r.position, r.player_id, r.name, r.club)
        for r in conn.execute(_PARTS, {"session_id": session_id})
    ]


# A phone's state reads it each time its table changes: built once.
_PARTS = (
    select(
        entrants.c.section,
        entrants.c.line,
        entrants.c.number,
        entrants.c.individual,
        entrant_players.c.position,
        entrant_players.c.player_id,
        entrant_players.c.name,
        entrant_players.c.club_number.label("club"),
    )
    .join(entrants, entrants.c.id == entrant_players.c.entrant_id)
    .where(entrants.c.session_id == bindparam("session_id"))
    .order_by(entrants.c.id, entrant_players.c.position)
)


def _club_numbers(conn: Connection, wanted: Iterable[int]) -> dict[int, str]:
    ids = sorted(set(wanted))
    if not ids:
        return {}
    return {
        pid: value
        for pid, value in conn.execute(
            select(player_ids.c.player_id, player_ids.c.value).where(
                and_(player_ids.c.kind == "club", player_ids.c.player_id.in_(ids))
            )
        )
    }


def published(conn: Connection, session_id: int, rows: SessionRows) -> SessionRows:
    """The session's rows with every name as its player lets it be shown; a player who shows
    less than their full name has their membership numbers left out, and ``#<id>`` (their
    number in this database) as their club number in their place. Unchanged when every player
    shows their full name."""
    parts = _parts(conn, session_id)
    linked = {p.player_id for p in parts if p.player_id is not None}
    if not linked:  # no player of the club: every name is shown as it was typed
        return rows
    chosen = _chosen(conn, linked)
    if not chosen:
        return rows
    numbers = _club_numbers(conn, linked)
    by_entrant: dict[tuple[str, str, int, bool], dict[int, _Part]] = {}
    for part in parts:
        by_entrant.setdefault(part.entrant, {})[part.position] = part
    renamed: dict[str, str] = {}  # an entrant's name as stored -> as published
    parts_renamed: dict[str, str] = {}
    new_entrants = []
    for row in rows.entrants:
        mine = by_entrant.get(row.key, {})
        hiding = {
            position: part
            for position, part in mine.items()
            if part.player_id is not None and part.player_id in chosen
        }
        if not hiding:
            new_entrants.append(row)
            continue
        players_shown = []
        for position, member in enumerate(row.players):
            hidden = hiding.get(position)
            if hidden is None or hidden.player_id is None:
                players_shown.append(member)
                continue
            number = hidden.club_number or numbers.get(hidden.player_id)
            prefs = chosen[hidden.player_id]
            name = _shown_as(member.name, prefs, hidden.player_id, number)
            if member.name and name and member.name != name:
                parts_renamed[member.name] = name
            if prefs.erased_at is not None and prefs.publish is not Publish.HIDDEN:
                # the pseudonym is a name of its own (the erasure took the numbers away)
                players_shown.append(MemberRow(name, None, None))
                continue
            # No membership number of theirs is shown; their number in this database stands
            # in for it, so that an event of several sessions still knows them as one person
            # (and two players withheld as two).
            players_shown.append(MemberRow(name, None, f"#{hidden.player_id}"))
        if tuple(players_shown) == row.players:  # an erased player, read after the erasure
            new_entrants.append(row)
            continue
        name = row.name
        if name is not None:
            names = [m.name for m in players_shown if m.name]
            new_name = " & ".join(names) if names else name
            renamed[name] = new_name
            name = new_name
        new_entrants.append(
            replace(row, name=name, players=tuple(players_shown), members_count=len(players_shown))
        )
    return replace(
        rows,
        entrants=tuple(new_entrants),
        results=tuple(_renamed_row(r, renamed, parts_renamed) for r in rows.results),
    )


def shown_names(conn: Connection, session_id: int) -> dict[tuple[str, str, int, bool], str]:
    """Each entrant's name as its players let it be shown, for the entrants whose name that
    changes (empty while every player of the session shows their full name): what a table's
    phone shows of the pairs, without reading the session's results."""
    parts = _parts(conn, session_id)
    linked = {p.player_id for p in parts if p.player_id is not None}
    if not linked:  # no player of the club: every name is shown as it was typed
        return {}
    chosen = _chosen(conn, linked)
    if not chosen:
        return {}
    numbers = _club_numbers(conn, linked)
    by_entrant: dict[tuple[str, str, int, bool], list[_Part]] = {}
    for part in parts:
        by_entrant.setdefault(part.entrant, []).append(part)
    found = {}
    for key, members in by_entrant.items():
        if not any(m.player_id in chosen for m in members):
            continue
        names = []
        for m in members:
            if m.player_id is None or m.player_id not in chosen:
                names.append(m.name)
            else:
                number = m.club_number or numbers.get(m.player_id)
                names.append(_shown_as(m.name, chosen[m.player_id], m.player_id, number))
        found[key] = " & ".join(n for n in names if n)
    return found


def _renamed_row(row: ResultRow, whole: Mapping[str, str], parts: Mapping[str, str]) -> ResultRow:
    if not row.names:
        return row
    names = json.loads(row.names)
    changed = [_rename(name, whole, parts) for name in names]
    return row if changed == names else replace(row, names=json.dumps(changed))


def _rename(name: str | None, whole: Mapping[str, str], parts: Mapping[str, str]) -> str | None:
    if name is None:
        return None
    if name in whole:
        return whole[name]
    for old, new in parts.items():
        name = name.replace(old, new)
    return name


def recipients(conn: Connection, session_id: int) -> list[Recipient]:
    """Every player of the session with an address (each once, at the entrant they played in)."""
    parts = _parts(conn, session_id)
    linked = {p.player_id for p in parts if p.player_id is not None}
    chosen = preferences(conn, linked)
    found: dict[int, Recipient] = {}
    for part in parts:
        pid = part.player_id
        if pid is None or pid in found:
            continue
        prefs = chosen.get(pid)
        if prefs is None or not prefs.email or prefs.erased_at is not None:
            continue
        player = pl.get(conn, pid)
        found[pid] = Recipient(pid, player.name, prefs.email, part.entrant, prefs.publish)
    return list(found.values())


# --- erasure -------------------------------------------------------------------------------------


def erase(conn: Connection, player_id: int, by: str, now: datetime) -> Erasure:
    """Pseudonymise a player (and any duplicate merged into them) everywhere the database holds
    their name; no result and so no score changes."""
    pl.get(conn, player_id)
    new_name = pseudonym(player_id)
    everyone = [player_id]
    everyone += list(
        conn.execute(select(players.c.id).where(players.c.merged_into == player_id)).scalars()
    )
    changed_entrants = 0
    changed_lines = 0
    touched: set[int] = set()
    for pid in everyone:
        old = pl.get(conn, pid)
        links = conn.execute(
            select(
                entrant_players.c.entrant_id,
                entrant_players.c.position,
                entrant_players.c.name,
            ).where(entrant_players.c.player_id == pid)
        ).all()
        old_names = {old.name} | {r.name for r in links if r.name}
        conn.execute(
            update(players)
            .where(players.c.id == pid)
            .values(
                first_name="Player",
                last_name=str(player_id),
                name_key=pl.name_key(new_name),
            )
        )
        conn.execute(delete(player_ids).where(player_ids.c.player_id == pid))
        conn.execute(
            update(entrant_players)
            .where(entrant_players.c.player_id == pid)
            .values(name=new_name, national=None, club_number=None)
        )
        entrant_ids = sorted({r.entrant_id for r in links})
        for entrant_id in entrant_ids:
            head = conn.execute(
                select(entrants.c.session_id, entrants.c.name).where(entrants.c.id == entrant_id)
            ).one()
            if head.name:
                new = _pseudonymised(head.name, old_names, new_name)
                if new != head.name:
                    conn.execute(
                        update(entrants).where(entrants.c.id == entrant_id).values(name=new)
                    )
                    changed_entrants += 1
            changed_lines += _pseudonymise_lines(conn, head.session_id, old_names, new_name)
            touched.add(head.session_id)
        conn.execute(update(mail_log).where(mail_log.c.player_id == pid).values(address=None))
        _save(conn, pid, by, now, email=None, erased_at=now)
    from bridgescore.store.live import touch

    for session_id in sorted(touched):  # every console page and phone showing them is news
        touch(conn, session_id, every_table=True)
    return Erasure(player_id, new_name, len(everyone), changed_entrants, changed_lines)


@dataclass(frozen=True)
class ErasurePlan:
    """What erasing a player would change, said before it is done."""

    player: pl.Player
    pseudonym: str
    duplicates: int  # players merged into them, erased with them
    session_ids: tuple[int, ...]  # the sessions they played in
    entrants: tuple[str, ...]  # the pair (or team) names that hold their name
    email: str | None
    mails: int  # mails logged to them (the addresses are cleared)
    erased_at: datetime | None

    @property
    def sessions(self) -> int:
        return len(self.session_ids)


def erasure_plan(conn: Connection, player_id: int) -> ErasurePlan:
    player = pl.get(conn, player_id)
    everyone = [player_id]
    everyone += list(
        conn.execute(select(players.c.id).where(players.c.merged_into == player_id)).scalars()
    )
    rows = conn.execute(
        select(entrants.c.session_id, entrants.c.name)
        .join(entrant_players, entrant_players.c.entrant_id == entrants.c.id)
        .where(entrant_players.c.player_id.in_(everyone))
        .order_by(entrants.c.session_id, entrants.c.id)
    ).all()
    mails = conn.execute(
        select(mail_log.c.id).where(
            and_(mail_log.c.player_id.in_(everyone), mail_log.c.address.is_not(None))
        )
    ).all()
    chosen = preferences(conn, [player_id]).get(player_id, Preferences(player_id))
    return ErasurePlan(
        player,
        pseudonym(player_id),
        len(everyone) - 1,
        tuple(sorted({r.session_id for r in rows})),
        tuple(dict.fromkeys(r.name for r in rows if r.name)),
        chosen.email,
        len(mails),
        chosen.erased_at,
    )


def _pseudonymised(text: str, old_names: Iterable[str], pseudonym: str) -> str:
    for old in sorted(old_names, key=len, reverse=True):  # "Ann Lee-Smith" before "Ann Lee"
        text = text.replace(old, pseudonym)
    return text


def _pseudonymise_lines(
    conn: Connection, session_id: int, old_names: Iterable[str], pseudonym: str
) -> int:
    """The names a session's traveller lines carry: the one column of the results log that is
    ever rewritten, and only to take a name out (the results themselves never change)."""
    changed = 0
    rows = conn.execute(
        select(results.c.id, results.c.names).where(
            and_(results.c.session_id == session_id, results.c.names.is_not(None))
        )
    ).all()
    for row_id, text in rows:
        names = json.loads(text)
        new = [None if n is None else _pseudonymised(n, old_names, pseudonym) for n in names]
        if new != names:
            conn.execute(
                update(results).where(results.c.id == row_id).values(names=json.dumps(new))
            )
            changed += 1
    return changed


def choices(conn: Connection, club_id: int | None) -> list[tuple[pl.Player, Preferences]]:
    """Every player with what they chose (the defaults for those who chose nothing)."""
    people = pl.listing(conn, club_id)
    chosen = preferences(conn, [p.id for p in people])
    return [(p, chosen.get(p.id, Preferences(p.id))) for p in people]


__all__ = [
    "WITHHELD",
    "Erasure",
    "ErasurePlan",
    "Preferences",
    "Publish",
    "Recipient",
    "check_email",
    "choices",
    "erase",
    "erasure_plan",
    "initials",
    "parse_publish",
    "preferences",
    "pseudonym",
    "published",
    "recipients",
    "set_email",
    "set_publish",
    "shown",
    "shown_names",
]
