"""The national numbers of a session's players, for the national body's file: the number the
session was stored with, else the one the club's player records hold (of the kinds the body
takes, the first found), following merges of duplicate players."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import and_, select

from bridgescore.store import players as pl
from bridgescore.store.api import Store
from bridgescore.store.schema import entrant_players, entrants, player_ids

# An entrant as the session's rows name it: section, line ("NS", "EW", ""), number, individual.
EntrantKey = tuple[str, str, int, bool]


def numbers(
    store: Store, session_id: int, kinds: Sequence[str]
) -> dict[EntrantKey, dict[int, str]]:
    """Each entrant's players' national numbers by position (0 first), of the first of
    ``kinds`` a player has, where the session itself gives none."""
    with store.reading() as conn:
        rows = list(
            conn.execute(
                select(
                    entrants.c.section,
                    entrants.c.line,
                    entrants.c.number,
                    entrants.c.individual,
                    entrant_players.c.position,
                    entrant_players.c.player_id,
                    entrant_players.c.national,
                )
                .join(entrant_players, entrant_players.c.entrant_id == entrants.c.id)
                .where(entrants.c.session_id == session_id)
            )
        )
        ids = {r.player_id for r in rows if r.player_id is not None and not _given(r.national)}
        surviving = {pid: pl.surviving(conn, pid) for pid in ids}
        held: dict[int, dict[str, str]] = {}
        if surviving:
            for pid, kind, value in conn.execute(
                select(player_ids.c.player_id, player_ids.c.kind, player_ids.c.value).where(
                    and_(
                        player_ids.c.player_id.in_(sorted(set(surviving.values()))),
                        player_ids.c.kind.in_(list(kinds)),
                    )
                )
            ):
                held.setdefault(int(pid), {})[str(kind)] = str(value)
    found: dict[EntrantKey, dict[int, str]] = {}
    for r in rows:
        key = (str(r.section), str(r.line), int(r.number), bool(r.individual))
        if _given(r.national):
            found.setdefault(key, {})[int(r.position)] = str(r.national).strip()
            continue
        if r.player_id is None:
            continue
        own = held.get(surviving[r.player_id], {})
        number = next((own[k] for k in kinds if k in own), None)
        if number is not None:
            found.setdefault(key, {})[int(r.position)] = number
    return found


def _given(text: str | None) -> bool:
    return bool(text and text.strip().isdigit() and text.strip("0 "))
