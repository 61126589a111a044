"""Hand records in the database: the files a director loaded into a session, each board's deal
(the ``boards`` table's ``deal``) and its double-dummy analysis, solved once when the deal was
loaded and kept beside it.

What a deal is, who may load one and who may see it are :mod:`bridgescore.night`'s; the solving
is the caller's. Here they are written in one transaction (the file, the deals, the analyses and
the session's revision) and read back as the core's values.

An analysis is stored with the deal it was solved for: if a board's deal is ever changed another
way, the analysis of the old deal is not given for the new one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, and_, delete, insert, select, update

from bridgescore.bridge import Seat, Strain
from bridgescore.store.api import Store
from bridgescore.store.live import touch
from bridgescore.store.schema import boards, deal_analyses, hand_record_files

# The order of the 20 hex digits of ``deal_analyses.tricks``.
SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


@dataclass(frozen=True)
class ParRow:
    """A par contract as stored: ``declarers`` "N", "NS" ...; ``result`` tricks over or under."""

    level: int
    strain: str
    doubled: bool
    declarers: str
    result: int


@dataclass(frozen=True)
class Analysis:
    """A board's double-dummy analysis: the tricks each seat takes as declarer in each strain,
    and the par score (North-South's) with its contracts."""

    board: int
    deal: str  # the deal solved, in PBN notation
    tricks: Mapping[tuple[Seat, Strain], int]
    par_score: int
    par: tuple[ParRow, ...]


@dataclass(frozen=True)
class LoadedFile:
    """A hand-record file loaded into a session."""

    id: int
    name: str
    kind: str
    digest: str
    boards: tuple[int, ...]
    loaded_at: datetime
    loaded_by: str


def tricks_text(tricks: Mapping[tuple[Seat, Strain], int]) -> str:
    """The 20 tricks as 20 hex digits: North's in notrump, spades ... clubs, then East's ..."""
    return "".join(format(tricks[seat, strain], "x") for seat in SEATS for strain in STRAINS)


def tricks_of(text: str) -> dict[tuple[Seat, Strain], int]:
    pairs = [(seat, strain) for seat in SEATS for strain in STRAINS]
    return {pair: int(digit, 16) for pair, digit in zip(pairs, text, strict=True)}


def load(
    store: Store,
    session_id: int,
    deals: Mapping[int, str],
    analyses: Sequence[Analysis],
    *,
    name: str,
    kind: str,
    digest: str,
    by: str,
    now: datetime,
) -> LoadedFile:
    """Give the session's boards their deals (PBN notation, by board number) and analyses, and
    record the file they came from: one transaction, counted in the session's revision."""
    with store.writing() as conn:
        for number, deal in sorted(deals.items()):
            conn.execute(
                update(boards)
                .where(and_(boards.c.session_id == session_id, boards.c.number == number))
                .values(deal=deal)
            )
        conn.execute(
            delete(deal_analyses).where(
                and_(
                    deal_analyses.c.session_id == session_id,
                    deal_analyses.c.board.in_(sorted(deals)),
                )
            )
        )
        if analyses:
            conn.execute(
                insert(deal_analyses),
                [
                    {
                        "session_id": session_id,
                        "board": a.board,
                        "deal": a.deal,
                        "tricks": tricks_text(a.tricks),
                        "par_score": a.par_score,
                        "par": json.dumps(
                            [[p.level, p.strain, p.doubled, p.declarers, p.result] for p in a.par]
                        ),
                    }
                    for a in analyses
                ],
            )
        numbers = tuple(sorted(deals))
        made = conn.execute(
            insert(hand_record_files).values(
                session_id=session_id,
                name=name,
                kind=kind,
                digest=digest,
                boards=json.dumps(list(numbers)),
                loaded_at=now,
                loaded_by=by,
            )
        )
        file_id = made.inserted_primary_key[0] if made.inserted_primary_key else 0
        touch(conn, session_id)
    return LoadedFile(int(file_id), name, kind, digest, numbers, now, by)


def files(store: Store, session_id: int) -> list[LoadedFile]:
    """The hand-record files loaded into the session, the latest last."""
    with store.reading() as conn:
        return _files(conn, session_id)


def _files(conn: Connection, session_id: int) -> list[LoadedFile]:
    rows = conn.execute(
        select(hand_record_files)
        .where(hand_record_files.c.session_id == session_id)
        .order_by(hand_record_files.c.id)
    )
    return [
        LoadedFile(
            int(r.id),
            r.name,
            r.kind,
            r.digest,
            tuple(int(n) for n in json.loads(r.boards)),
            r.loaded_at,
            r.loaded_by,
        )
        for r in rows
    ]


def analyses(store: Store, session_id: int, board: int | None = None) -> dict[int, Analysis]:
    """Each board's analysis, by board number, for the deal the board has now (``board``: that
    board's alone)."""
    query = (
        select(deal_analyses)
        .join(
            boards,
            and_(
                boards.c.session_id == deal_analyses.c.session_id,
                boards.c.number == deal_analyses.c.board,
                boards.c.deal == deal_analyses.c.deal,
            ),
        )
        .where(deal_analyses.c.session_id == session_id)
    )
    if board is not None:
        query = query.where(deal_analyses.c.board == board)
    with store.reading() as conn:
        rows = list(conn.execute(query))
    return {
        int(r.board): Analysis(
            int(r.board),
            r.deal,
            tricks_of(r.tricks),
            int(r.par_score),
            tuple(
                ParRow(int(level), str(strain), bool(doubled), str(declarers), int(result))
                for level, strain, doubled, declarers, result in json.loads(r.par)
            ),
        )
        for r in rows
    }
