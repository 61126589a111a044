"""Masterpoint schemes in the database: the scheme chosen for each session, and the scheme files
each club added (their text as given; a name, once a club has used it, is never given to
another file, so a published session's awards never change under it).

Which schemes there are and what a scheme file may say are :mod:`bridgescore.masterpoints`'s;
who may choose or add one is :mod:`bridgescore.night`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, delete, insert, select, update

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.store.api import Store
from bridgescore.store.engine import StoreError
from bridgescore.store.live import touch
from bridgescore.store.schema import club_schemes, session_schemes, session_strata


@dataclass(frozen=True)
class ClubScheme:
    """A scheme file a club added: its name, TOML or JSON, and its text."""

    name: str
    kind: str
    text: str
    added_at: datetime
    added_by: str


def chosen(store: Store, session_id: int) -> str | None:
    """The session's scheme ("abf:green", "club:NAME"), or None."""
    with store.reading() as conn:
        found = conn.execute(
            select(session_schemes.c.scheme).where(session_schemes.c.session_id == session_id)
        ).scalar()
    return None if found is None else str(found)


def choose(store: Store, session_id: int, scheme: str | None, *, by: str, now: datetime) -> None:
    """Make ``scheme`` the session's (None: no masterpoints), counted in its revision."""
    with store.writing() as conn:
        where = session_schemes.c.session_id == session_id
        if scheme is None:
            conn.execute(delete(session_schemes).where(where))
        elif conn.execute(select(session_schemes.c.session_id).where(where)).first() is None:
            conn.execute(
                insert(session_schemes).values(
                    session_id=session_id, scheme=scheme, chosen_at=now, chosen_by=by
                )
            )
        else:
            conn.execute(
                update(session_schemes)
                .where(where)
                .values(scheme=scheme, chosen_at=now, chosen_by=by)
            )
        touch(conn, session_id)


@dataclass(frozen=True)
class SessionStrata:
    """A stratified session's strata ("A,B=750,C=300") and the holdings file loaded for it."""

    strata: str
    holdings_name: str | None
    holdings: str | None
    chosen_at: datetime
    chosen_by: str


def strata(store: Store, session_id: int) -> SessionStrata | None:
    """The session's strata, or None when it is not stratified."""
    with store.reading() as conn:
        r = conn.execute(
            select(session_strata).where(session_strata.c.session_id == session_id)
        ).first()
    if r is None:
        return None
    return SessionStrata(r.strata, r.holdings_name, r.holdings, r.chosen_at, r.chosen_by)


def set_strata(
    store: Store,
    session_id: int,
    chosen: SessionStrata | None,
) -> None:
    """Make ``chosen`` the session's strata (None: not stratified), counted in its revision."""
    with store.writing() as conn:
        where = session_strata.c.session_id == session_id
        conn.execute(delete(session_strata).where(where))
        if chosen is not None:
            conn.execute(
                insert(session_strata).values(
                    session_id=session_id,
                    strata=chosen.strata,
                    holdings_name=chosen.holdings_name,
                    holdings=chosen.holdings,
                    chosen_at=chosen.chosen_at,
                    chosen_by=chosen.chosen_by,
                )
            )
        touch(conn, session_id)


def club_files(store: Store, club_id: int) -> list[ClubScheme]:
    """The scheme files the club added, by name."""
    with store.reading() as conn:
        rows = conn.execute(
            select(club_schemes)
            .where(club_schemes.c.club_id == club_id)
            .order_by(club_schemes.c.name)
        )
        return [ClubScheme(r.name, r.kind, r.text, r.added_at, r.added_by) for r in rows]


def club_file(store: Store, club_id: int, name: str) -> ClubScheme | None:
    with store.reading() as conn:
        r = conn.execute(
            select(club_schemes).where(
                and_(club_schemes.c.club_id == club_id, club_schemes.c.name == name)
            )
        ).first()
    return None if r is None else ClubScheme(r.name, r.kind, r.text, r.added_at, r.added_by)


def add_club_file(
    store: Store, club_id: int, name: str, kind: str, text: str, *, by: str, now: datetime
) -> ClubScheme:
    """Keep a club's scheme file under ``name`` (refused when the club has one of that name)."""
    with store.writing() as conn:
        taken = conn.execute(
            select(club_schemes.c.id).where(
                and_(club_schemes.c.club_id == club_id, club_schemes.c.name == name)
            )
        ).first()
        if taken is not None:
            raise StoreError(
                Text(
                    N_(
                        "the club already has a scheme named %(name)s: sessions may have been "
                        "awarded by it, so a new file needs a name of its own"
                    ),
                    name=repr(name),
                )
            )
        conn.execute(
            insert(club_schemes).values(
                club_id=club_id, name=name, kind=kind, text=text, added_at=now, added_by=by
            )
        )
    return ClubScheme(name, kind, text, now, by)
