"""What a phone at a table is shown, as plain data (the JSON the table's page reads).

The table's page works from three answers: the table's state (its rounds, pairs, boards and the
results stored for them, and where each pair goes next), the table of contract scores (so a
phone without a connection still shows the score of what it enters) and, once a board is
played at the table, that board's traveller with provisional matchpoints. A table sees the
results of a board only after it has a result of its own on it.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from bridgescore.bridge import Seat, Vulnerability
from bridgescore.contract import Contract
from bridgescore.display import fmt_short
from bridgescore.languages.text import shown
from bridgescore.movements import Movement
from bridgescore.movements.model import Contestant, Play
from bridgescore.night import Plan, line_key
from bridgescore.night.lines import holders
from bridgescore.night.tables import TableState
from bridgescore.rules import CLUB, Rules
from bridgescore.traveller import RowKey
from bridgescore.web.screens import held, result_text, said

Data = dict[str, Any]
STRAINS = "CDHSN"
DOUBLINGS = ("", "X", "XX")


def _who(plan: Plan, who: Contestant) -> Data:
    line = who.line.value if who.line else ""
    return {
        "number": who.number,
        "line": line,
        "label": f"{who.number}{' ' + line if line else ''}",
        "name": plan.names.get((line, who.number)),
    }


def _goes(movement: Movement, who: Contestant, after: int) -> Data:
    """Where ``who`` plays in the round after ``after``: table, seats, boards."""
    if after >= movement.rounds:
        return {"pair": who.number, "line": who.line.value if who.line else "", "done": True}
    play = movement.where(who, after + 1)
    base = {"pair": who.number, "line": who.line.value if who.line else "", "done": False}
    if play is None or play.sit_out:
        return {**base, "sit_out": True}
    return {
        **base,
        "sit_out": False,
        "table": play.table,
        "direction": play.side_of(who).value,
        "cards": play.card_side_of(who).value,
        "boards": list(play.boards),
    }


def table_state(found: TableState) -> Data:
    """The table's page: every round at this table, with its pairs, boards and results."""
    plan, movement, device = found.plan, found.movement, found.device
    table = int(device.table)
    by_line = {e.entry_key: e for e in found.view.entries}
    rounds = []
    current = None
    for play in (p for p in movement.plays if p.table == table):  # a Swiss round may skip it
        number = play.round
        boards = []
        for board in () if play.sit_out else play.boards:
            key = line_key(RowKey(device.section or None, board, number, device.table))
            stored = by_line.get(key)
            vulnerability, dealer = plan.boards[board]
            boards.append(
                {
                    "board": board,
                    "vulnerability": vulnerability,
                    "dealer": dealer,
                    "result": None
                    if stored is None
                    else {
                        "id": stored.id,
                        "result": result_text(stored.line),
                        "ns_score": stored.ns_score,
                        "lead": stored.line.lead,
                        "assigned": stored.assigned,
                        "ours": stored.device_id is not None,
                    },
                }
            )
        complete = all(b["result"] is not None for b in boards)
        if current is None and not complete:
            current = number
        rounds.append(_round(plan, movement, play, boards, complete))
    played = [e.line.round for e in found.view.entries if e.line.round is not None]
    return {
        "session": {"id": plan.session_id, "title": plan.title, "date": plan.date_text},
        "section": device.section,
        "table": device.table,
        "device": device.id,
        "role": device.role,
        "revision": found.view.revision,
        "rounds": rounds,
        "current_round": current or (rounds[-1]["round"] if rounds else movement.rounds),
        "corrections_from_round": max(played) if played else 1,
        "not_played": found.grants_not_played,
        "open_call": found.view.open_call,
        "conflicts": [said(held(c)) for c in found.view.conflicts],
        "phones": [{"id": number, "role": role} for number, role in found.view.phones],
    }


def _round(plan: Plan, movement: Movement, play: Play, boards: list[Data], done: bool) -> Data:
    ns, ew = holders(play)
    return {
        "round": play.round,
        "sit_out": play.sit_out,
        "arrow_switched": play.arrow_switched,
        "ns": None if play.sit_out else _who(plan, ns),
        "ew": None if play.sit_out else _who(plan, ew),
        "boards": boards,
        "complete": done,
        "next": [_goes(movement, who, play.round) for who in play.seats],
    }


@functools.cache
def score_table() -> Data:
    """Every contract's score for its declarer by tricks taken (0 to 13), not vulnerable and
    vulnerable: the phone looks a result up here, so it shows the score without a connection
    and with the arithmetic of :class:`bridgescore.contract.Contract`, not a copy of it."""
    scores = {}
    for level in range(1, 8):
        for strain in STRAINS:
            for doubling in DOUBLINGS:
                contract = Contract.parse(f"{level}{strain}{doubling}")
                scores[f"{level}{strain}{doubling}"] = {
                    "nv": [contract.score(t, False) for t in range(14)],
                    "v": [contract.score(t, True) for t in range(14)],
                }
    vulnerable = {
        v.value: [s.value for s in Seat if v.is_vulnerable(s.side)] for v in Vulnerability
    }
    return {"scores": scores, "vulnerable_seats": vulnerable}


def traveller(data: Data, table: str, section: str = "", rules: Rules = CLUB) -> Data:
    """A board's traveller as the phone shows it: every table's result and matchpoints, this
    table's row marked (``data`` is the report's traveller, :func:`reports.views.traveller`).
    The matchpoints and the top are text rounded by ``rules``: whole, or with their places when
    a fraction is left (``4``, ``2.40``: a phone's six columns fit 320 pixels); the phone writes
    them with its language's decimal mark."""

    def rounded(exact: str | None) -> str | None:
        return None if exact is None else fmt_short(Fraction(exact), rules.decimals, rules.rounding)

    rows = []
    for row in data["results"]:
        mine = str(row.get("table")) == table and (row.get("section") or "") == section
        explained = row.get("explanation") or {}
        rows.append(
            {
                "round": row.get("round"),
                "table": row.get("table"),
                "ns": row.get("ns"),
                "ew": row.get("ew"),
                "result": row.get("entry"),
                "ns_score": row.get("ns_score"),
                # matchpoints (None at IMPs, whose rows have no "ns_mp")
                "ns_points": None if row.get("ns_mp") is None else rounded(row["ns_mp_exact"]),
                "ew_points": None if row.get("ew_mp") is None else rounded(row["ew_mp_exact"]),
                "this_table": mine,
                # the rules' sentence in the phone's language (its English kept as data)
                "why": {
                    side: shown((explained.get(side) or {}).get("text")) for side in ("NS", "EW")
                }
                if mine
                else None,
            }
        )
    return {
        "board": data.get("board"),
        "top": rounded(data.get("top_exact")),
        "section": section,
        "results": rows,
        # the deal, once this table has played the board (the traveller is refused before)
        "dealer": data.get("dealer"),
        "vulnerability": data.get("vulnerability"),
        "hands": data.get("hands"),
        "double_dummy": data.get("double_dummy"),
    }
