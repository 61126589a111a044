"""What a phone at a table is shown, as plain data (the JSON the table's page reads).

The table's page works from three answers: the table's state (its rounds, pairs, boards and the
results stored for them, and where each pair goes next), the table of contract scores (so a
phone without a connection still shows the score of what it enters) and, once a board is
played at the table, that board's traveller with provisional matchpoints. A table sees the
results of a board only after it has a result of its own on it.
"""

from __future__ import annotations

import functools
from typing import Any

from bridgescore.bridge import Seat, Strain, Vulnerability
from bridgescore.contract import Contract
from bridgescore.deal import Deal
from bridgescore.errors import BridgeScoreError, ParseError
from bridgescore.movements import Movement
from bridgescore.movements.model import Contestant, Play
from bridgescore.store import tables as tb
from bridgescore.web.night import holders

Data = dict[str, Any]
STRAINS = "CDHSN"
DOUBLINGS = ("", "X", "XX")


def line_key(board: int, round: int, table: str, section: str = "") -> str:
    """The traveller line's key in the log (as the scorer's grid makes it)."""
    return f"{section}|{board}|r{round}|t{table}"


def _who(plan: tb.Plan, who: Contestant) -> Data:
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


def table_state(
    plan: tb.Plan,
    movement: Movement,
    device: tb.Device,
    stored: list[tb.TableResult],
    *,
    open_call: bool,
    conflicts: list[tb.Conflict],
) -> Data:
    """The table's page: every round at this table, with its pairs, boards and results."""
    table = int(device.table)
    by_line = {r.entry_key: r for r in stored}
    rounds = []
    current = None
    for number in range(1, movement.rounds + 1):
        play = movement.play(number, table)
        boards = []
        for board in () if play.sit_out else play.boards:
            found = by_line.get(line_key(board, number, device.table, device.section))
            vulnerability, dealer = plan.boards[board]
            boards.append(
                {
                    "board": board,
                    "vulnerability": vulnerability,
                    "dealer": dealer,
                    "result": None
                    if found is None
                    else {
                        "id": found.id,
                        "result": found.result,
                        "ns_score": found.ns_score,
                        "lead": found.lead,
                        "assigned": found.assigned,
                    },
                }
            )
        complete = all(b["result"] is not None for b in boards)
        if current is None and not complete:
            current = number
        rounds.append(_round(plan, movement, play, boards, complete))
    played = [r.round for r in stored if r.round is not None]
    return {
        "session": {"id": plan.session_id, "title": plan.title, "date": plan.date_text},
        "section": device.section,
        "table": device.table,
        "device": device.id,
        "role": device.role,
        "rounds": rounds,
        "current_round": current or movement.rounds,
        "corrections_from_round": max(played) if played else 1,
        "open_call": open_call,
        "conflicts": [
            {
                "id": c.id,
                "board": c.board,
                "round": c.round,
                "result": c.result,
                "stored": c.against_result,
            }
            for c in conflicts
            if c.table == device.table
        ],
    }


def _round(plan: tb.Plan, movement: Movement, play: Play, boards: list[Data], done: bool) -> Data:
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


def lead_problem(deal_text: str | None, declarer: str, lead: str) -> str | None:
    """Why ``lead`` cannot be the opening lead against ``declarer`` on this hand record, or
    None when it can (or there is no hand record to check against)."""
    if not deal_text or not lead.strip() or not declarer.strip():
        return None
    card = lead.strip().upper().replace("10", "T")
    if len(card) != 2 or card[0] not in "SHDC" or card[1] not in "AKQJT98765432":
        return f"{lead!r} is not a card: a suit (S, H, D, C) then a rank (A K Q J 10 9 … 2)"
    try:
        leader = Seat.parse(declarer).next
        hand = Deal.from_pbn(deal_text)[leader]
    except (BridgeScoreError, ParseError):
        return None
    if hand is None:
        return None
    if card[1] not in hand.holding(Strain(card[0])):
        return (
            f"{_card_words(card)} is not in {_SEAT_WORDS[leader]}'s hand on the hand record: "
            f"{_SEAT_WORDS[leader]} leads against {declarer.strip().upper()}"
        )
    return None


_SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def _card_words(card: str) -> str:
    suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[0]]
    return f"{suit}{'10' if card[1] == 'T' else card[1]}"


def traveller(data: Data, table: str, section: str = "") -> Data:
    """A board's traveller as the phone shows it: every table's result and matchpoints, this
    table's row marked (``data`` is the report's traveller, :func:`reports.views.traveller`)."""
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
                "ns_points": row.get("ns_mp"),
                "ew_points": row.get("ew_mp"),
                "this_table": mine,
                "why": {side: (explained.get(side) or {}).get("text") for side in ("NS", "EW")}
                if mine
                else None,
            }
        )
    return {
        "board": data.get("board"),
        "top": data.get("top"),
        "section": section,
        "results": rows,
    }
