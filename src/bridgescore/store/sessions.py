"""Between bridgescore's sessions and the database's rows.

Everything that knows :class:`~bridgescore.session.Session`, ``Entrant`` and the file formats
is here: a session becomes plain rows (:class:`SessionRows`) and rows become a session again,
equal to the one read. Each traveller line goes through :mod:`bridgescore.store.lines`, the one
codec between a row of the results log and the core's ``TableResult``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.store import lines

# The formats a stored session can be exported to, by name and by file extension.
EXPORT_FORMATS = ("csv", "json", "usebio", "pbn")
EXTENSIONS = {".csv": "csv", ".json": "json", ".xml": "usebio", ".pbn": "pbn"}


@dataclass(frozen=True)
class BoardRow:
    number: int
    vulnerability: str
    dealer: str
    deal: str | None


@dataclass(frozen=True)
class MemberRow:
    """One player of an entrant: the name part and the file's membership numbers."""

    name: str | None
    national: str | None
    club_number: str | None


@dataclass(frozen=True)
class EntrantRow:
    section: str
    line: str  # "NS", "EW" or ""
    number: int
    individual: bool
    name: str | None
    members_count: int | None  # how many Member entries the file gave (None: none)
    players: tuple[MemberRow, ...]

    @property
    def key(self) -> tuple[str, str, int, bool]:
        return (self.section, self.line, self.number, self.individual)


@dataclass(frozen=True)
class ResultRow:
    entry_key: str
    position: int
    section: str
    board: int
    round: int | None
    table_label: str | None
    ns: str
    ew: str
    arrow: bool
    grp: str | None
    lead: str | None
    vulnerability: str | None
    names: str | None  # JSON list
    result: str
    assigned: bool
    kind: str
    contract: str | None
    declarer: str | None
    tricks: int | None
    ns_score: int | None


@dataclass(frozen=True)
class SessionRows:
    title: str | None
    date_text: str | None
    movement: str
    section_movements: Mapping[str, str]
    boards: tuple[BoardRow, ...]
    entrants: tuple[EntrantRow, ...]
    results: tuple[ResultRow, ...]
    rules: Mapping[str, Any] = field(default_factory=dict)

    def digest(self) -> str:
        """A fingerprint of the content: the same file imported twice has the same one."""
        data = [
            self.title,
            self.date_text,
            self.movement,
            sorted(self.section_movements.items()),
            [list(vars(b).values()) for b in self.boards],
            [
                [e.section, e.line, e.number, e.individual, e.name, e.members_count]
                + [list(vars(p).values()) for p in e.players]
                for e in self.entrants
            ],
            [list(vars(r).values()) for r in self.results],
        ]
        text = json.dumps(data, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- reading files and turning sessions into rows ------------------------------------------------


Steps = Callable[[int, int], None]
"""Told how many of how many results are done, now and then during long work."""

PROGRESS_STEP = 1000
"""Results between two calls of a :data:`Steps`."""


def read_file(
    path: str | Path,
    rules: str = "club",
    progress: Steps | None = None,
    *,
    structure: Any = None,
    movement: Any = None,
) -> SessionRows:
    """Read any results file bridgescore reads into rows; the rules are the named set with
    what the file itself declares (a USEBIO event's scoring method, NZ Scorer's field scoring).
    ``progress`` follows the rows' checks (:func:`to_rows`). A ``structure`` (FieldStructure)
    forces the field's; a ``movement`` seats rows that give only their round and table and
    checks the pairs of the others (as ``score --movement``)."""
    from bridgescore.formats import load_path

    read = load_path(path, structure, movement)
    declared: dict[str, Any] = {}
    method = getattr(read.event, "method", None)
    if method is not None:
        declared["method"] = method.value
    if getattr(read.event, "field_scoring", False):
        declared["sections_across"] = True
    return to_rows(read.session, {"name": rules, "overrides": declared}, progress)


def read_original(path: str | Path) -> Any:
    """The session in a results file, as the library reads it (for round-trip checks)."""
    from bridgescore.formats import read_session

    return read_session(path)


def parse_csv(text: str, rules: str = "club") -> SessionRows:
    """Rows from traveller CSV text (for tests, benchmarks and a future web form)."""
    from bridgescore.formats import csv as traveller_csv

    return to_rows(traveller_csv.loads(text).session, {"name": rules, "overrides": {}})


def to_rows(
    session: Any, rules: Mapping[str, Any] | None = None, progress: Steps | None = None
) -> SessionRows:
    """A session as rows to store, each result checked to read back exactly as it was."""
    from bridgescore.handicap import split_names

    entrants: dict[Any, EntrantRow] = {}
    known = {e for t in session.tables for e in session.entrants_all(t)}
    known |= set(session.names) | set(session.members)
    for entrant in sorted(known):
        name = session.names.get(entrant)
        members = session.members.get(entrant)
        parts = split_names(name) if name else []
        count = max(len(parts), len(members or ()))
        players = tuple(
            MemberRow(
                parts[i] if i < len(parts) else None,
                members[i].national if members and i < len(members) else None,
                members[i].club if members and i < len(members) else None,
            )
            for i in range(count)
        )
        entrants[entrant] = EntrantRow(
            entrant.section or "",
            entrant.line.value if entrant.line else "",
            entrant.number,
            entrant.player,
            name,
            None if members is None else len(members),
            players,
        )
    results = []
    seen: dict[str, int] = {}
    count = len(session.tables)
    for position, t in enumerate(session.tables):
        if progress is not None and position % PROGRESS_STEP == 0:
            progress(position, count)
        board = session.boards[t.board]
        key = lines.line_key(t.key)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            key += f"#{seen[key]}"
        results.append(ResultRow(entry_key=key, position=position, **lines.row_values(t)))
        # Each stored result must read back as it was: refuse rather than lose anything.
        back = lines.from_row(results[-1], board.vulnerability.value)
        if back != t:
            where = t.table or f"{' '.join(map(str, t.ns))} v {' '.join(map(str, t.ew))}"
            raise BridgeScoreError(
                Text(
                    N_(
                        "board %(board)s, table %(table)s: the result %(result)s cannot be stored "
                        "without change (it reads back as %(back)s)"
                    ),
                    board=t.board,
                    table=where,
                    result=repr(t.describe()),
                    back=repr(back.describe()),
                )
            )
    if progress is not None:
        progress(count, count)
    return SessionRows(
        title=session.title,
        date_text=session.date,
        movement=session.structure.value,
        section_movements={k: v.value for k, v in session.section_structures.items()},
        boards=tuple(
            BoardRow(b.number, b.vulnerability.value, b.dealer.value, _deal_text(b.deal))
            for b in session.boards.values()
        ),
        entrants=tuple(entrants.values()),
        results=tuple(results),
        rules=dict(rules or {"name": "club", "overrides": {}}),
    )


def _deal_text(deal: Any) -> str | None:
    """A deal as its PBN string (the library holds a Deal value, or the string itself)."""
    return None if deal is None else deal if isinstance(deal, str) else str(deal.pbn())


def _deal(text: str | None) -> Any:
    if text is None:
        return None
    from bridgescore.deal import Deal

    return Deal.from_pbn(text)


def from_rows(rows: SessionRows) -> Any:
    """The session the rows hold (a :class:`bridgescore.session.Session`)."""
    from bridgescore.bridge import Seat, Side, Vulnerability
    from bridgescore.session import Board, Entrant, FieldStructure, Member, Session

    boards = {
        b.number: Board(b.number, Vulnerability(b.vulnerability), Seat(b.dealer), _deal(b.deal))
        for b in rows.boards
    }
    tables = [
        lines.from_row(r, boards[r.board].vulnerability.value)
        for r in sorted(rows.results, key=lambda r: r.position)
    ]
    names: dict[Any, str] = {}
    members: dict[Any, tuple[Any, ...]] = {}
    for e in rows.entrants:
        entrant = Entrant(
            e.number, Side(e.line) if e.line else None, e.individual, e.section or None
        )
        if e.name is not None:
            names[entrant] = e.name
        if e.members_count is not None:
            members[entrant] = tuple(
                Member(p.national, p.club_number) for p in e.players[: e.members_count]
            )
    return Session(
        tables=tuple(tables),
        boards=boards,
        structure=FieldStructure(rows.movement),
        names=names,
        title=rows.title,
        date=rows.date_text,
        section_structures={k: FieldStructure(v) for k, v in rows.section_movements.items()},
        members=members,
    )


# --- scoring and exporting -----------------------------------------------------------------------


def _rules(rules: Mapping[str, Any]) -> Any:
    from bridgescore.rules import rules_named

    return rules_named(str(rules.get("name", "club"))).with_(**dict(rules.get("overrides", {})))


def rules_of(rows: SessionRows) -> Any:
    """The :class:`~bridgescore.rules.Rules` a stored session is scored under."""
    return _rules(rows.rules)


def percentages(
    rows: SessionRows,
) -> dict[tuple[str, str, int, bool], Fraction | None]:
    """Each entrant's session percentage (none for teams, which are not ranked by one)."""
    from bridgescore.scoring import score_pairs
    from bridgescore.session import FieldStructure

    session = from_rows(rows)
    if session.structure is FieldStructure.TEAMS:
        return {}
    result = score_pairs(session, _rules(rows.rules))
    found: dict[tuple[str, str, int, bool], Fraction | None] = {}
    for f in result.fields:
        for s in f.standings:
            e = s.entrant
            key = (e.section or "", e.line.value if e.line else "", e.number, e.player)
            found[key] = s.percent
    return found


def scored(
    rows: SessionRows, handicaps: Mapping[tuple[str, str, int, bool], Fraction] | None
) -> Any:
    """The session scored under its rules (a SessionResult, or a TeamsResult for teams), with
    a handicapped ranking when ``handicaps`` (by entrant key) are given."""
    from bridgescore.scoring import score

    by_entrant = None if handicaps is None else entrant_handicaps(handicaps)
    return score(from_rows(rows), _rules(rows.rules), by_entrant)


def entrant_handicaps(
    handicaps: Mapping[tuple[str, str, int, bool], Fraction],
) -> dict[Any, Fraction]:
    """Handicaps keyed by entrant key (section, line, number, player) as the scoring engine
    keys them, by :class:`bridgescore.session.Entrant`."""
    from bridgescore.bridge import Side
    from bridgescore.session import Entrant

    return {
        Entrant(k[2], Side(k[1]) if k[1] else None, k[3], k[0] or None): v
        for k, v in handicaps.items()
    }


def export(rows: SessionRows, kind: str) -> str:
    """The stored session written as ``kind`` (csv, json, usebio or pbn)."""
    return write(from_rows(rows), kind, rows.rules)


def write(session: Any, kind: str, rules: Mapping[str, Any] | None = None) -> str:
    """A session written as ``kind``; JSON, USEBIO and PBN carry its scores under ``rules``."""
    from bridgescore.formats import module
    from bridgescore.formats.results_file import ResultsFile

    if kind not in EXPORT_FORMATS:
        raise BridgeScoreError(
            Text(
                N_("cannot export to %(kind)s (expected one of %(kinds)s)"),
                kind=repr(kind),
                kinds=", ".join(EXPORT_FORMATS),
            )
        )
    if kind == "csv":
        return module("csv").dumps(ResultsFile(session))
    from bridgescore.scoring import score

    return module(kind).dumps(ResultsFile.scored(score(session, _rules(rules or {}))))


def _boards(session: Any) -> list[tuple[int, str, str, str | None]]:
    """The boards with each deal in one notation (``W:...`` and ``N:...`` can be one deal)."""
    return [
        (b.number, b.vulnerability.value, b.dealer.value, _deal_text(_deal(_deal_text(b.deal))))
        for b in session.boards.values()
    ]


def same_session(a: Any, b: Any) -> list[str]:
    """What differs between two sessions (empty when they are equal), for round-trip tests."""
    differences = []
    for name in ("title", "date", "structure", "section_structures", "names", "members"):
        if getattr(a, name) != getattr(b, name):
            differences.append(name)
    if _boards(a) != _boards(b):
        differences.append("boards")
    if a.tables != b.tables:
        differences.append("tables")
    elif [t.names for t in a.tables] != [t.names for t in b.tables]:
        differences.append("table names")
    return differences


__all__: Sequence[str] = (
    "EXPORT_FORMATS",
    "PROGRESS_STEP",
    "BoardRow",
    "EntrantRow",
    "MemberRow",
    "ResultRow",
    "SessionRows",
    "Steps",
    "export",
    "from_rows",
    "parse_csv",
    "percentages",
    "read_file",
    "scored",
    "to_rows",
    "write",
)
