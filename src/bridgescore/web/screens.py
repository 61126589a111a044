"""The console's screens as plain data: what each director's page shows, and exactly its JSON
twin.

Like :mod:`bridgescore.reports.views`, one function per page returning dicts and lists ready
for :func:`json.dumps`, made from the night's values (a :class:`~bridgescore.night.LiveSession`:
its movement, its lines in force as the core's ``TableResult``, its scoring); the console's
templates render the same data. Nothing here reads the database or decides who may do what.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from bridgescore.bridge import dealer_for_board
from bridgescore.errors import BridgeScoreError, ParseError
from bridgescore.formats.json import number
from bridgescore.languages import N_, _
from bridgescore.languages.text import shown
from bridgescore.night import (
    Conflict,
    LiveSession,
    LogEntry,
    NotFound,
    SessionInfo,
    entry,
    line_key,
    notation,
    row_key,
)
from bridgescore.night import requests as night_requests
from bridgescore.night.lines import holders
from bridgescore.night.tables import Checked
from bridgescore.reports.views import exactly
from bridgescore.reports.words import field_title
from bridgescore.traveller import RowKey, TableResult

Data = dict[str, Any]

#: The words the pages show from the data, translated where they are shown (``{{ _(word) }}``):
#: a session's status, a vulnerability, what happened at a table, a mail's kind, outcome and
#: occasion, a request's answer, a Swiss event's kind and its tie-breaks.
SHOWN_WORDS = (
    *(N_("live"), N_("published"), N_("None"), N_("All")),
    *(N_("call"), N_("handover"), N_("join"), N_("removed")),
    *(N_("results"), N_("correction"), N_("answer"), N_("sent"), N_("failed")),
    *(N_("publish"), N_("send"), N_("open"), N_("accepted"), N_("declined")),
    *(N_("team"), N_("pair"), N_("teams"), N_("pairs"), N_("entered")),
    *(N_("head to head"), N_("imp quotient"), N_("imp difference")),
)


def head(live: LiveSession) -> Data:
    """What every page of a session shows about it."""
    info = live.info
    return {
        "id": live.id,
        "title": live.rows.title,
        "date": live.rows.date_text,
        "status": info.status,
        "revision": live.revision,
        "published_at": None if info.published_at is None else info.published_at.isoformat(),
        "provisional_until": None
        if info.provisional_until is None
        else info.provisional_until.isoformat(),
        "movement": None if live.movement is None else live.movement.describe(),
        "boards": [b.number for b in live.rows.boards],
        "rules": live.rows.rules.get("name", "club"),
    }


# --- setting a session up ------------------------------------------------------------------------


def setup_data(
    form: dict[str, str],
    rule_sets: tuple[str, ...],
    choices: list[Any],
    contestants: list[Any],
    players: list[tuple[str, str | None]],
    problem: str | None,
    pairs: int,
    minutes: int,
) -> Data:
    """The set-up page: the event, the date, the rules, the number of pairs and the time; the
    movements that fit (``choices``, best first); each pair's two players, with the club's
    players for autocomplete."""
    return {
        "page": "setup",
        "form": {k: form.get(k, "") for k in ("title", "date", "rules", "pairs", "minutes")},
        "rule_sets": list(rule_sets),
        "pairs": pairs,
        "minutes": minutes,
        "movements": [
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
            for i, f in enumerate(choices)
        ],
        "movement": form.get("movement", ""),
        "contestants": [
            {"label": c.label, "line": c.line.value if c.line else "", "number": c.number}
            for c in contestants
        ],
        "players": [{"name": name, "club": number_} for name, number_ in players],
        "problem": problem,
    }


# --- the traveller grid --------------------------------------------------------------------------


def _scored_rows(result: Any, board: int) -> dict[str, Data]:
    """Each stored line of ``board`` with its NS score and provisional matchpoints."""
    if result is None:
        return {}
    if not hasattr(result, "boards"):  # teams: the rooms are compared on the match's page
        return {
            line_key(t.key): {
                **_UNSCORED,
                "ns_score": None if t.result is None else t.result.ns_score,
            }
            for t in result.session.tables
            if t.board == board
        }
    found: dict[str, Data] = {}
    for scored in result.boards:
        if scored.board.number != board:
            continue
        for st in scored.tables:
            found[line_key(st.table.key)] = {
                "ns_score": st.ns_score,
                "ns_mp": number(st.ns_points),
                "ew_mp": number(st.ew_points),
                "ns_mp_exact": None if st.ns_points is None else str(st.ns_points),
            }
    return found


_UNSCORED = {"ns_score": None, "ns_mp": None, "ew_mp": None, "ns_mp_exact": None}


def _row(live: LiveSession, play: Any, board: int, scored: dict[str, Data]) -> Data:
    key = line_key(RowKey(None, board, play.round, str(play.table)))
    line = live.lines.get(key)
    ns, ew = holders(play)
    return {
        "key": key,
        "board": board,
        "round": play.round,
        "table": play.table,
        "ns": ns.number,
        "ew": ew.number,
        "arrow": play.arrow_switched,
        "ns_name": live.names.get((ns.line.value if ns.line else "", ns.number)),
        "ew_name": live.names.get((ew.line.value if ew.line else "", ew.number)),
        **cells(line),
        "result": None if line is None else result_text(line),
        "assigned": False if line is None else line.assigned,
        **scored.get(key, _UNSCORED),
    }


def grid(live: LiveSession, board: int) -> Data:
    """The traveller of one board as a grid: a row per table that plays it, pairs filled in from
    the movement, each row's result in force, score and provisional matchpoints."""
    if board not in live.vulnerability:
        raise NotFound(_("session %(id)s has no board %(board)s", id=live.id, board=board))
    scored = _scored_rows(live.result, board)
    rows = [_row(live, play, board, scored) for play in live.plays() if board in play.boards]
    boards = [b.number for b in live.rows.boards]
    at = boards.index(board)
    return {
        "page": f"board-{board}",
        "session": head(live),
        "board": board,
        "vulnerability": live.vulnerability[board],
        "dealer": dealer_for_board(board).value,
        "previous": boards[at - 1] if at > 0 else None,
        "next": boards[at + 1] if at + 1 < len(boards) else None,
        "rows": rows,
        "entered": sum(1 for r in rows if r["result"] is not None),
    }


def result_text(line: TableResult) -> str:
    """A line's result as the console shows it (traveller notation)."""
    return notation(line)[0]


def cells(line: TableResult | None) -> Data:
    """A line split back into the grid's cells: a played contract into contract, declarer and
    tricks; anything else whole in the contract cell."""
    if line is None:
        return {"contract": "", "declarer": "", "tricks": "", "lead": ""}
    lead = line.lead or ""
    if line.kind == "played" and not line.assigned:
        words = result_text(line).split()
        if len(words) == 3:
            return {"contract": words[0], "declarer": words[1], "tricks": words[2], "lead": lead}
    return {"contract": result_text(line), "declarer": "", "tricks": "", "lead": lead}


def checked(found: Checked) -> Data:
    """A row (or a phone's result) as typed, checked without storing: the score it makes."""
    line = found.line
    single = None if line is None else line.result
    return {
        "result": None if line is None else result_text(line),
        "kind": None if line is None else line.kind,
        "ns_score": None if single is None else single.ns_score,
    }


def slip(live: LiveSession, table: int, round: int) -> Data:
    """A pick-up slip as a grid: the boards one table played in one round."""
    if live.movement is None:
        raise NotFound(_("session %(id)s has no movement", id=live.id))
    try:
        play = live.movement.play(round, table)
    except BridgeScoreError:
        raise NotFound(
            _(
                "session %(id)s has no table %(table)s in round %(round)s",
                id=live.id,
                table=table,
                round=round,
            )
        ) from None
    rows = []
    for board in () if play.sit_out else play.boards:
        rows.append(_row(live, play, board, _scored_rows(live.result, board)))
    places = sorted((p.table, p.round) for p in live.plays())
    later = [place for place in places if place > (table, round)]
    return {
        "page": f"table-{table}-round-{round}",
        "session": head(live),
        "table": table,
        "round": round,
        "sit_out": play.sit_out,
        "rows": rows,
        "entered": sum(1 for r in rows if r["result"] is not None),
        "next": {"table": later[0][0], "round": later[0][1]} if later else None,
    }


# --- watching the night --------------------------------------------------------------------------


def watch(live: LiveSession) -> Data:
    """Which results are missing (by round and table), boards with fewer results, the
    provisional rankings and each field's checksum, the calls and held results."""
    missing: list[Data] = []
    by_board: dict[int, int] = {b.number: 0 for b in live.rows.boards}
    expected: dict[int, int] = {b.number: 0 for b in live.rows.boards}
    for play in live.plays():
        absent = []
        for board in play.boards:
            expected[board] = expected.get(board, 0) + 1
            if line_key(RowKey(None, board, play.round, str(play.table))) in live.lines:
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
    rankings = standings(live.result)
    if rankings and live.info.status != "published":
        rankings = provisional(rankings, live.result)
    return {
        "page": "watch",
        "session": head(live),
        "calls": [{"id": e.id, "table": e.table, "at": e.at.isoformat()} for e in live.calls()],
        "conflicts": [held(c) for c in live.conflicts()],
        "requests": [
            {"id": r.id, "board": r.board, "player": r.player, "reason": r.reason}
            for r in night_requests.waiting(live.night, live.id)
        ],
        "entered": len(live.lines),
        "expected": sum(expected.values()),
        "missing": missing,
        "fewer": fewer,
        "fields": rankings,
    }


def standings(result: Any) -> list[Data]:
    """Each field's ranking and checksum as the watch page shows them, from the session's
    scoring (a teams event has none here). The published pages show the report's own
    rankings; these leave out its travellers, which a console refreshed at every result would
    otherwise make again each time."""
    if result is None or not hasattr(result, "fields"):
        return []
    return [
        {
            "field": f.field,
            "title": field_title(f.field, result),
            "checksum": {
                "ok": f.checksum.ok,
                **exactly("expected", f.checksum.expected),
                **exactly("actual", f.checksum.actual),
            },
            "rankings": [
                {
                    "rank": s.rank,
                    "place": s.place,
                    "player" if s.entrant.player else "pair": s.entrant.number,
                    "line": s.entrant.line.value if s.entrant.line else None,
                    "section": s.entrant.section,
                    "label": s.entrant.label,
                    "name": s.name,
                    **exactly("mp", s.points),
                    **exactly("max", s.available),
                    **exactly("percent", s.percent),
                    "boards": s.boards,
                }
                for s in f.standings
            ],
        }
        for f in result.fields
    ]


def provisional(fields: list[Data], result: Any) -> list[Data]:
    """The rankings while the session is played: by percentage of the boards each pair has
    played so far and, at an equal percentage, by matchpoints (8 MP from four boards above 4 MP
    from two). Two pairs share a place only when both are equal. Published results rank by the
    rules alone."""
    ranked = []
    for data, field in zip(fields, result.fields, strict=True):
        keyed = sorted(
            (
                (
                    (-(s.percent if s.percent is not None else Fraction(-1)), -s.points),
                    row,
                )
                for row, s in zip(data["rankings"], field.standings, strict=True)
            ),
            key=lambda item: item[0],
        )
        first: dict[tuple[Fraction, Fraction], int] = {}
        count: dict[tuple[Fraction, Fraction], int] = {}
        for index, (key, _value) in enumerate(keyed):
            first.setdefault(key, index + 1)
            count[key] = count.get(key, 0) + 1
        rows = [
            {**row, "rank": first[key], "place": f"{first[key]}{'=' if count[key] > 1 else ''}"}
            for key, row in keyed
        ]
        ranked.append({**data, "rankings": rows, "provisional": True})
    return ranked


def held(c: Conflict) -> Data:
    """A result kept for the director, as the watch and tables pages list it."""
    return {
        "id": c.id,
        "board": c.board,
        "round": c.round,
        "table": c.table,
        "result": c.result,
        "stored": c.against_result,
        "against": c.against,
        "reason": entry.said(c.reason),  # English in JSON, the reader's language on a page
        "by": entry.said(c.recorded_by),
        "at": c.recorded_at.isoformat(),
    }


def said(held: Data) -> Data:
    """A held result as a phone reads it: its reason and who sent it in the phone's language
    (the phone shows what it is given)."""
    return {**held, "reason": shown(held["reason"]), "by": shown(held["by"])}


def history_data(live: LiveSession, key: str, entries: list[LogEntry]) -> Data:
    try:
        place = row_key(key)
        title = (
            _(
                "Board %(board)s, round %(round)s, table %(table)s",
                board=place.board,
                round=place.round,
                table=place.table,
            )
            if place.round is not None
            else _(
                "Board %(board)s, %(ns)s v %(ew)s",
                board=place.board,
                ns=" ".join(map(str, place.ns)),
                ew=" ".join(map(str, place.ew)),
            )
        )
    except ParseError:
        title = _("Traveller line %(line)s", line=key)
    return {
        "page": "history",
        "session": head(live),
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
                "recorded_by": entry.said(e.recorded_by),
                "reason": entry.said(e.reason),
                "current": e.current,
            }
            for e in entries
        ],
    }


def sessions_data(club: str, sessions: list[SessionInfo], status: dict[int, str]) -> Data:
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
            for s in reversed(sessions)
        ],
    }


def dumps(data: Data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
