"""Travellers against their movement: pairs filled in from round and table, or checked, and a
session scored the same either way (rules.md §8.2 for the Mitchell used here)."""

from __future__ import annotations

import random
from dataclasses import replace

from bridgescore.bridge import Seat, Vulnerability
from bridgescore.contract import Contract
from bridgescore.movements import howell, individual, mitchell
from bridgescore.movements.seating import seat, seated
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from bridgescore.session import FieldStructure, Session
from bridgescore.traveller import BridgeResult, TableResult, WeightedResult

# Three tables, two boards a round: at round r, table t the EW pair is mod1(t - (r - 1)) and the
# set is mod1(t + (r - 1)), set s being boards 2s - 1 and 2s. So round 2, table 1 has EW pair 3
# on boards 3-4, and round 3, table 2 has EW pair 3 on boards 1-2.
THREE = mitchell(3, 2)


def row(
    board: int, ns: tuple[int, ...] = (), ew: tuple[int, ...] = (), **where: object
) -> TableResult:
    score = WeightedResult.single(BridgeResult(420))
    return TableResult(board, ns, ew, score, score, line=7, **where)  # type: ignore[arg-type]


def test_pairs_come_from_round_and_table() -> None:
    rows, problems = seat([row(3, round=2, table="1"), row(1, round=3, table="2")], THREE)
    assert problems == []
    assert [(r.ns, r.ew) for r in rows] == [((1,), (3,)), ((2,), (3,))]


def test_round_and_table_come_from_the_pairs() -> None:
    rows, problems = seat([row(3, (1,), (3,))], THREE)
    assert problems == []
    assert (rows[0].round, rows[0].table) == (2, "1")


def test_a_table_alone_finds_its_round() -> None:
    rows, problems = seat([row(4, table="1")], THREE)
    assert problems == [] and (rows[0].round, rows[0].ns, rows[0].ew) == (2, (1,), (3,))


def test_every_contradiction_is_named() -> None:
    _, problems = seat(
        [
            row(1, (2,), (1,), round=3, table="2"),
            row(1, round=2, table="1"),
            row(1, round=9, table="1"),
            row(5, (1,), (1,)),
            row(5),
        ],
        THREE,
    )
    assert [p.message for p in problems] == [
        "round 3, table 2: pair 1 EW did not play board 1 there; the movement has pair 3",
        "round 2, table 1 plays boards 3, 4, not board 1",
        "round 9, table 1 is not in the movement",
        "1 NS and 1 EW did not meet on board 5 in the movement",
        "give the round and table, or the pairs, of every row",
    ]
    assert all(p.line == 7 and p.board in (1, 5) for p in problems)


def test_arrow_switched_rounds_turn_the_pairs() -> None:
    switched = mitchell(3, 2, arrow_switched=[3])
    (at,) = [p for p in switched.plays if p.round == 3 and p.table == 2]
    # Round 3, table 2: NS pair 2 holds the EW cards, EW pair 3 the NS cards.
    assert seated(at) == ((3,), (2,), True)
    rows, problems = seat([row(1, round=3, table="2")], switched)
    assert problems == [] and rows[0].arrow and rows[0].ns == (3,)


def test_the_structure_comes_from_the_movement() -> None:
    assert THREE.kind is FieldStructure.MITCHELL
    assert howell(4, 1).kind is FieldStructure.HOWELL
    assert individual(2, 1).kind is FieldStructure.INDIVIDUAL


def _played(movement_rows: list[TableResult], rng: random.Random) -> list[TableResult]:
    out = []
    for r in movement_rows:
        vul = Vulnerability.for_board(r.board)
        contract = Contract.parse(rng.choice(["4S", "3NT", "2H", "1NT"]))
        tricks = rng.randint(6, 11)
        scored = WeightedResult.single(
            BridgeResult.played(
                contract,
                rng.choice(list(Seat)),
                tricks,
                vul,
            )
        )
        out.append(replace(r, ns_side=scored, ew_side=scored))
    return out


def test_scoring_by_table_and_round_equals_scoring_by_pairs() -> None:
    for movement in (
        mitchell(5, 3),
        mitchell(4, 2, even="relay"),
        howell(4, 1),
        mitchell(5, 2, arrow_switched=[4, 5]),
    ):
        rng = random.Random(7)
        full = [
            TableResult(
                board,
                *seated(p)[:2],
                None,
                None,
                round=p.round,
                table=str(p.table),
                arrow=seated(p)[2],
            )
            for p in movement.plays
            if not p.sit_out
            for board in p.boards
        ]
        played = _played(full, rng)
        by_pairs = Session.build(played, structure=movement.kind)
        blank = [replace(r, ns=(), ew=(), arrow=False) for r in played]
        rows, problems = seat(blank, movement)
        assert problems == []
        by_place = Session.build(rows, structure=movement.kind)
        a, b = score_pairs(by_pairs, CLUB), score_pairs(by_place, CLUB)
        assert [(s.entrant, s.points, s.rank) for f in a.fields for s in f.standings] == [
            (s.entrant, s.points, s.rank) for f in b.fields for s in f.standings
        ]
