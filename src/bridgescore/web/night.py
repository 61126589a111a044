"""The club night as plain data: what each director's page shows, and exactly its JSON twin.

Like :mod:`bridgescore.reports.views`, one function per page returning dicts and lists ready
for :func:`json.dumps`; the console's templates render the same data. The work is the library's:
the movement says who plays which board where, the store keeps the log, scoring is
:func:`bridgescore.scoring.score` through the store, the published pages are the report's views.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from bridgescore.bridge import Vulnerability, dealer_for_board
from bridgescore.errors import BridgeScoreError, ParseError
from bridgescore.formats.json import number
from bridgescore.movements import Movement
from bridgescore.movements import jsonform as movement_json
from bridgescore.movements.fit import fits
from bridgescore.movements.model import Contestant, Kind, Play
from bridgescore.store import Store, StoreError
from bridgescore.store.live import Entry
from bridgescore.store.sessions import BoardRow, EntrantRow, MemberRow, parse_result

Data = dict[str, Any]
RULE_SETS = ("club", "ebu", "acbl")


class NotFound(StoreError):
    """A page or record that does not exist, or that this user may not see (the same words)."""


@dataclass(frozen=True)
class Cell:
    """What a scorer typed in one row of the grid."""

    contract: str
    declarer: str = ""
    tricks: str = ""
    lead: str = ""

    def notation(self) -> str:
        """The result in traveller notation: the contract cell alone when it holds a score,
        PASS, NP, an average, a split or a weighted score; else contract, declarer, tricks."""
        contract = " ".join(self.contract.split())
        if not contract:
            raise ParseError("no result: type a contract, a score, PASS, NP or an average")
        if " " in contract or not looks_like_contract(contract):
            return contract
        declarer = self.declarer.strip().upper()
        tricks = self.tricks.strip()
        if not declarer:
            raise ParseError(f"{contract!r}: who declared? (N, E, S or W)")
        if not tricks:
            raise ParseError(f"{contract} {declarer}: how many tricks? (=, +1, -2 or 9)")
        return f"{contract} {declarer} {tricks}"


def looks_like_contract(text: str) -> bool:
    upper = text.upper()
    return len(upper) >= 2 and upper[0] in "1234567" and upper[1] in "CDHSN"


# --- setting a session up ------------------------------------------------------------------------


def movement_choices(pairs: int, minutes: int) -> list[Data]:
    """The movements that fit ``pairs`` pairs in ``minutes``, best first."""
    return [
        {
            "index": i,
            "name": f.movement.name,
            "describe": f.describe(),
            "tables": f.movement.tables,
            "rounds": f.movement.rounds,
            "boards": len(f.movement.boards),
            "boards_per_round": f.movement.boards_per_round,
            "one_winner": f.one_winner,
        }
        for i, f in enumerate(fits(pairs, minutes))
    ]


def chosen_movement(pairs: int, minutes: int, index: int) -> Movement:
    found = fits(pairs, minutes)
    if not 0 <= index < len(found):
        raise StoreError(f"no movement number {index} for {pairs} pairs in {minutes} minutes")
    return found[index].movement


def setup_data(store: Store, club: str, form: dict[str, str]) -> Data:
    """The set-up page: the event, the date, the rules, the number of pairs and the time; the
    movements that fit; each pair's two players, with the club's players for autocomplete."""
    pairs = _int(form.get("pairs", ""), "the number of pairs", 0)
    minutes = _int(form.get("minutes", "") or "150", "the minutes", 150)
    choices: list[Data] = []
    contestants: list[Data] = []
    problem = None
    if pairs:
        try:
            choices = movement_choices(pairs, minutes)
        except BridgeScoreError as error:
            problem = str(error)
        pick = form.get("movement", "")
        if choices and pick.isdigit():
            movement = chosen_movement(pairs, minutes, int(pick))
            contestants = [
                {"label": c.label, "line": c.line.value if c.line else "", "number": c.number}
                for c in movement.contestants
            ]
    players = [
        {
            "name": f"{p.first_name} {p.last_name}".strip(),
            "club": p.ids.get("club"),
        }
        for p in store.players(club=club)
    ]
    return {
        "page": "setup",
        "form": {k: form.get(k, "") for k in ("title", "date", "rules", "pairs", "minutes")},
        "rule_sets": list(RULE_SETS),
        "pairs": pairs,
        "minutes": minutes,
        "movements": choices,
        "movement": form.get("movement", ""),
        "contestants": contestants,
        "players": players,
        "problem": problem,
    }


def create_session(store: Store, club_id: int, form: dict[str, str], by: str) -> int:
    """Store the session the set-up form describes; returns its id."""
    title = " ".join(form.get("title", "").split()) or "Club pairs"
    played_on = _date(form.get("date", ""))
    rules = form.get("rules", "club") or "club"
    if rules not in RULE_SETS:
        raise StoreError(f"not a rule set: {rules!r} (expected {', '.join(RULE_SETS)})")
    pairs = _int(form.get("pairs", ""), "the number of pairs", None)
    minutes = _int(form.get("minutes", "") or "150", "the minutes", 150)
    index = _int(form.get("movement", ""), "the movement", None)
    movement = chosen_movement(pairs, minutes, index)
    if movement.kind is Kind.INDIVIDUAL:
        raise StoreError("an individual is not set up here yet: choose a pairs movement")
    entrant_rows = []
    for c in movement.contestants:
        players = []
        for seat in (1, 2):
            typed = form.get(f"p{c.label}_{seat}", "").strip()
            players.append(
                store.resolve_player(typed, club_id) if typed else MemberRow(None, None, None)
            )
        named = [p.name for p in players if p.name]
        entrant_rows.append(
            EntrantRow(
                "",
                c.line.value if c.line else "",
                c.number,
                False,
                " & ".join(named) if named else None,
                None,
                tuple(p for p in players if p.name),
            )
        )
    board_rows = tuple(
        BoardRow(b, Vulnerability.for_board(b).value, dealer_for_board(b).value, None)
        for b in movement.boards
    )
    # An arrow-switched Mitchell is still a Mitchell: its turned rounds make it one field.
    structure = "mitchell" if movement.kind is Kind.MITCHELL else "howell"
    return store.create_live_session(
        club_id,
        title=title,
        played_on=played_on,
        structure=structure,
        rules={"name": rules, "overrides": {}},
        plan=movement_json.dumps(movement),
        boards=board_rows,
        entrants=tuple(entrant_rows),
        by=by,
    )


def _int(text: str, what: str, default: int | None) -> int:
    value = text.strip()
    if not value and default is not None:
        return default
    if not value.isdigit():
        raise StoreError(f"{what} must be a whole number, not {text!r}")
    return int(value)


def _date(text: str) -> date | None:
    from bridgescore.store import parse_date

    return parse_date(text) if text.strip() else None


# --- the session and its movement ----------------------------------------------------------------


class Night:
    """One stored session of this club, with its movement and its results in force."""

    def __init__(self, store: Store, session_id: int, club_id: int) -> None:
        self.store = store
        self.id = session_id
        try:
            info = store.live_info(session_id)
        except StoreError:
            raise NotFound(f"no stored session with id {session_id}") from None
        if info.club_id != club_id:
            raise NotFound(f"no stored session with id {session_id}")
        self.info = info
        self.rows = store.session_rows(session_id)
        self.movement = movement_json.loads(info.plan) if info.plan else None
        self.names = {(e.line, e.number): e.name for e in self.rows.entrants}
        self.vulnerability = {b.number: b.vulnerability for b in self.rows.boards}

    @property
    def result(self) -> Any:
        return self.store.scored(self.id) if self.rows.results else None

    def plays(self) -> list[Play]:
        if self.movement is None:
            return []
        return [p for p in self.movement.plays if not p.sit_out]

    def entry(self, board: int, round: int, table: int, cell: Cell) -> Entry:
        if self.movement is None:
            raise StoreError(f"session {self.id} was imported: it has no movement to enter by")
        return place_entry(self.movement, board, round, table, cell)

    def in_force(self) -> dict[str, Any]:
        return {r.entry_key: r for r in self.rows.results}

    def head(self) -> Data:
        info = self.info
        return {
            "id": self.id,
            "title": self.rows.title,
            "date": self.rows.date_text,
            "status": info.status,
            "published_at": None if info.published_at is None else info.published_at.isoformat(),
            "provisional_until": None
            if info.provisional_until is None
            else info.provisional_until.isoformat(),
            "movement": None if self.movement is None else self.movement.describe(),
            "boards": [b.number for b in self.rows.boards],
            "rules": self.rows.rules.get("name", "club"),
        }


def place_entry(movement: Movement, board: int, round: int, table: int, cell: Cell) -> Entry:
    """The traveller line of ``board`` at ``table`` in ``round``, its pairs from the movement."""
    try:
        play = movement.play(round, table)
    except BridgeScoreError:
        raise StoreError(f"there is no table {table} in round {round}") from None
    if board not in play.boards or play.sit_out:
        raise StoreError(f"board {board} is not played at table {table} in round {round}")
    ns, ew = holders(play)
    return Entry(
        board=board,
        round=round,
        table=str(table),
        ns=_number(ns),
        ew=_number(ew),
        arrow=play.arrow_switched,
        result=cell.notation(),
        lead=cell.lead.strip().upper() or None,
        position=board * 10_000 + round * 100 + table,
    )


def _number(who: Contestant) -> str:
    return str(who.number)


def holders(play: Play) -> tuple[Contestant, Contestant]:
    """Who held the NS cards and who the EW cards: turned on an arrow-switched round."""
    return (play.ew, play.ns) if play.arrow_switched else (play.ns, play.ew)


# --- the traveller grid --------------------------------------------------------------------------


def _scored_rows(result: Any, board: int) -> dict[str, Data]:
    """Each stored line of ``board`` with its NS score and provisional matchpoints."""
    if result is None:
        return {}
    found: dict[str, Data] = {}
    for scored in result.boards:
        if scored.board.number != board:
            continue
        for st in scored.tables:
            t = st.table
            key = f"{t.section or ''}|{t.board}|r{t.round}|t{t.table}"
            found[key] = {
                "ns_score": st.ns_score,
                "ns_mp": number(st.ns_points),
                "ew_mp": number(st.ew_points),
                "ns_mp_exact": None if st.ns_points is None else str(st.ns_points),
            }
    return found


def grid(night: Night, board: int) -> Data:
    """The traveller of one board as a grid: a row per table that plays it, pairs filled in from
    the movement, each row's stored result, score and provisional matchpoints."""
    if board not in night.vulnerability:
        raise NotFound(f"session {night.id} has no board {board}")
    stored = night.in_force()
    scored = _scored_rows(night.result, board)
    rows = []
    for play in night.plays():
        if board not in play.boards:
            continue
        key = f"|{board}|r{play.round}|t{play.table}"
        row = stored.get(key)
        ns, ew = holders(play)
        rows.append(
            {
                "key": key,
                "board": board,
                "round": play.round,
                "table": play.table,
                "ns": ns.number,
                "ew": ew.number,
                "arrow": play.arrow_switched,
                "ns_name": night.names.get((ns.line.value if ns.line else "", ns.number)),
                "ew_name": night.names.get((ew.line.value if ew.line else "", ew.number)),
                **cells(row),
                "result": None if row is None else row.result,
                "assigned": False if row is None else row.assigned,
                **scored.get(
                    key, {"ns_score": None, "ns_mp": None, "ew_mp": None, "ns_mp_exact": None}
                ),
            }
        )
    boards = [b.number for b in night.rows.boards]
    at = boards.index(board)
    return {
        "page": f"board-{board}",
        "session": night.head(),
        "board": board,
        "vulnerability": night.vulnerability[board],
        "dealer": dealer_for_board(board).value,
        "previous": boards[at - 1] if at > 0 else None,
        "next": boards[at + 1] if at + 1 < len(boards) else None,
        "rows": rows,
        "entered": sum(1 for r in rows if r["result"] is not None),
    }


def cells(row: Any) -> Data:
    """A stored line split back into the grid's cells."""
    if row is None:
        return {"contract": "", "declarer": "", "tricks": "", "lead": ""}
    if row.kind == "played" and row.contract and not row.assigned:
        words = row.result.split()
        if len(words) == 3:
            return {
                "contract": words[0],
                "declarer": words[1],
                "tricks": words[2],
                "lead": row.lead or "",
            }
    return {"contract": row.result, "declarer": "", "tricks": "", "lead": row.lead or ""}


def check_cell(night: Night, board: int, cell: Cell) -> Data:
    """A row as typed, checked without storing: the score it makes, or what is wrong."""
    if board not in night.vulnerability:
        raise NotFound(f"session {night.id} has no board {board}")
    notation = cell.notation()
    kind, _, _, _, ns_score = parse_result(notation, night.vulnerability[board])
    return {"result": notation, "kind": kind, "ns_score": ns_score}


def hand_records(data: bytes, name: str) -> dict[int, str]:
    """Each board's deal in a PBN file of hand records (as a dealing program writes them)."""
    from bridgescore.deal import Deal
    from bridgescore.formats.pbn import syntax

    text, _ = syntax.decode(data)
    document = syntax.loads(text, path=name)
    document.raise_for_problems()
    deals: dict[int, str] = {}
    for game in document.games:
        board, deal = game.tag("Board"), game.tag("Deal")
        if board is None or deal is None or not board.resolved.strip().isdigit():
            continue
        deals[int(board.resolved)] = str(Deal.from_pbn(deal.resolved).pbn())
    if not deals:
        raise ParseError(f"{name}: no board with a Board and a Deal tag")
    return deals


def slip(night: Night, table: int, round: int) -> Data:
    """A pick-up slip as a grid: the boards one table played in one round."""
    if night.movement is None:
        raise NotFound(f"session {night.id} has no movement")
    try:
        play = night.movement.play(round, table)
    except BridgeScoreError:
        raise NotFound(f"session {night.id} has no table {table} in round {round}") from None
    stored = night.in_force()
    ns, ew = holders(play)
    rows = []
    for board in () if play.sit_out else play.boards:
        key = f"|{board}|r{round}|t{table}"
        row = stored.get(key)
        scored = _scored_rows(night.result, board)
        rows.append(
            {
                "key": key,
                "board": board,
                "round": round,
                "table": table,
                "ns": ns.number,
                "ew": ew.number,
                "arrow": play.arrow_switched,
                "ns_name": night.names.get((ns.line.value if ns.line else "", ns.number)),
                "ew_name": night.names.get((ew.line.value if ew.line else "", ew.number)),
                **cells(row),
                "result": None if row is None else row.result,
                "assigned": False if row is None else row.assigned,
                **scored.get(
                    key, {"ns_score": None, "ns_mp": None, "ew_mp": None, "ns_mp_exact": None}
                ),
            }
        )
    places = sorted((p.table, p.round) for p in night.plays())
    later = [place for place in places if place > (table, round)]
    return {
        "page": f"table-{table}-round-{round}",
        "session": night.head(),
        "table": table,
        "round": round,
        "sit_out": play.sit_out,
        "rows": rows,
        "entered": sum(1 for r in rows if r["result"] is not None),
        "next": {"table": later[0][0], "round": later[0][1]} if later else None,
    }


# --- watching the night --------------------------------------------------------------------------


def watch(night: Night) -> Data:
    """Which results are missing (by round and table), boards with fewer results, the
    provisional rankings and each field's checksum."""
    stored = night.in_force()
    missing: list[Data] = []
    by_board: dict[int, int] = {b.number: 0 for b in night.rows.boards}
    expected: dict[int, int] = {b.number: 0 for b in night.rows.boards}
    for play in night.plays():
        absent = []
        for board in play.boards:
            expected[board] = expected.get(board, 0) + 1
            if f"|{board}|r{play.round}|t{play.table}" in stored:
                by_board[board] = by_board.get(board, 0) + 1
            else:
                absent.append(board)
        if absent:
            missing.append({"round": play.round, "table": play.table, "boards": absent})
    fewer = [
        {"board": b, "results": by_board.get(b, 0), "expected": n}
        for b, n in sorted(expected.items())
        if by_board.get(b, 0) < n
    ]
    rankings: list[Data] = []
    result = night.result
    if result is not None:
        from bridgescore.reports import views

        pages = views.SessionPages(result)
        rankings = pages.rankings()["fields"]
    calls = [
        {"id": e.id, "table": e.table, "at": e.at.isoformat()}
        for e in night.store.table_events(night.id)
        if e.kind == "call" and e.answered_at is None
    ]
    conflicts = [
        {"id": c.id, "table": c.table, "board": c.board, "result": c.result}
        for c in night.store.conflicts(night.id)
    ]
    return {
        "page": "watch",
        "session": night.head(),
        "calls": calls,
        "conflicts": conflicts,
        "entered": len(stored),
        "expected": sum(expected.values()),
        "missing": missing,
        "fewer": fewer,
        "fields": rankings,
    }


def history_data(night: Night, key: str) -> Data:
    try:
        entries = night.store.history(night.id, key)
    except StoreError as error:
        raise NotFound(str(error)) from None
    place = re.fullmatch(r"[^|]*\|(\d+)\|r(\d+)\|t(.+)", key)
    title = (
        f"Board {place.group(1)}, round {place.group(2)}, table {place.group(3)}"
        if place
        else f"Traveller line {key}"
    )
    return {
        "page": "history",
        "session": night.head(),
        "key": key,
        "title": title,
        "entries": [
            {
                "id": e.id,
                "result": e.result,
                "assigned": e.assigned,
                "ns_score": e.ns_score,
                "supersedes": e.supersedes,
                "recorded_at": e.recorded_at.isoformat(),
                "recorded_by": e.recorded_by,
                "reason": e.reason,
                "current": e.current,
            }
            for e in entries
        ],
    }


def sessions_data(store: Store, club_id: int, club: str) -> Data:
    status = store.statuses(club_id)
    return {
        "page": "sessions",
        "club": club,
        "sessions": [
            {
                "id": s.id,
                "title": s.title,
                "date": s.date_text,
                "results": s.results,
                "corrections": s.corrections,
                "status": status.get(s.id, "published"),
            }
            for s in reversed(store.sessions(club))
        ],
    }


def percent(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def dumps(data: Data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
