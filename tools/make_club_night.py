"""Write src/bridgescore/samples/club-night.csv, the bundled sample session.

A 9-table Mitchell with 17 pairs (NS 1-9, EW 1-8; EW 9 is the missing pair, so whoever meets
it sits out), 9 rounds of 3 boards, 27 boards. The movement follows rules.md §8.2 for odd T:
NS(t) = t, EW(t, r) = mod1(t - (r - 1), 9), board set(t, r) = mod1(t + (r - 1), 9), set s being
boards 3s-2 .. 3s.

Each board has a plan: which side owns the hand, the contract most tables reach and the tricks it
usually takes, and the other contracts a few tables end in (games missed or overbid, sacrifices
doubled going down, competitive partscores). Tables draw from that plan with a fixed seed, so the
file is the same on every run. Three rows are set by hand: one pass-out, one director's average
(A) and one average-plus / average-minus (A+/A-).

Standard library only. Run from anywhere: python tools/make_club_night.py
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

SEED = 20240917
TABLES = 9
ROUNDS = 9
BOARDS_PER_ROUND = 3
MISSING_EW = 9
OUTPUT = (
    Path(__file__).resolve().parent.parent / "src" / "bridgescore" / "samples" / "club-night.csv"
)
COLUMNS = [
    "board",
    "round",
    "table",
    "ns",
    "ew",
    "contract",
    "declarer",
    "result",
    "lead",
    "ns_names",
    "ew_names",
]

NS_NAMES = {
    1: "Margaret Hale & Dennis Okafor",
    2: "Priya Raman & Tom Whitfield",
    3: "Helen Kowalski & Graham Burns",
    4: "Aiko Tanaka & Robert Lindqvist",
    5: "Fatima Haddad & Peter Doyle",
    6: "Joan McAllister & Samuel Adeyemi",
    7: "Wei Chen & Gillian Parry",
    8: "Luis Moreno & Anne-Marie Dubois",
    9: "Rosemary Clarke & Tariq Hussain",
}
EW_NAMES = {
    1: "Brian Fletcher & Ingrid Solberg",
    2: "Nkechi Obi & Martin Kerr",
    3: "Sofia Rossi & David Abramson",
    4: "Eileen Gallagher & Rajesh Mehta",
    5: "Patrick Nolan & Yuki Morimoto",
    6: "Hannah Weiss & Olumide Bankole",
    7: "Kathleen Byrne & Mateusz Nowak",
    8: "Beatriz Santos & Colin Ferguson",
}

# Board plans: (weight, contract, declarer seats to choose from, tricks to choose from).
# The first option is the popular contract. Vulnerability is Law 2's for the board number
# (noted for each board); sacrifices and doubles are chosen with it in mind. The comments say
# what each option stands for; the draw decides which of the rarer ones turn up.
PLANS: dict[int, list[tuple[int, str, str, tuple[int, ...]]]] = {
    # 1 None: NS game in hearts; some in 3NT, one stops in a partscore.
    1: [(6, "4H", "SSN", (10, 10, 10, 11, 9)), (2, "3NT", "N", (9, 10)), (1, "2H", "S", (10,))],
    # 2 NS vul: EW partscore in spades; NS compete vulnerable at the three level.
    2: [
        (5, "2S", "W", (8, 8, 9, 9, 7)),
        (2, "1NT", "E", (7, 8)),
        (1, "3D", "N", (8,)),
        (1, "3S", "W", (8, 9)),
    ],
    # 3 EW vul: NS 3NT, a few overtricks; one table in five diamonds.
    3: [(6, "3NT", "N", (9, 9, 10, 10, 8)), (1, "5D", "S", (11, 10)), (1, "2NT", "N", (9,))],
    # 4 All: EW game in spades; one North doubles and it makes.
    4: [(6, "4S", "E", (10, 10, 11, 9)), (1, "3NT", "W", (9, 8)), (1, "4SX", "E", (10,))],
    # 5 NS vul: NS partscore in hearts; EW overcall 2S, doubled two down.
    5: [
        (5, "2H", "N", (8, 9, 9, 8, 7)),
        (1, "1NT", "S", (7, 8)),
        (1, "3H", "N", (8, 9)),
        (1, "2SX", "E", (6,)),
    ],
    # 6 EW vul: EW game in hearts; NS (not vul) save in five diamonds doubled.
    6: [(6, "4H", "W", (10, 10, 11, 9)), (1, "3NT", "E", (9, 10)), (1, "5DX", "N", (8, 8, 9))],
    # 7 All: the slam board. 6S by North; some stop in game; one 6NT.
    7: [(4, "6S", "N", (12, 12, 12, 11)), (3, "4S", "N", (12, 11)), (1, "6NT", "S", (12,))],
    # 8 None: a part-score scramble (one table passes it out, set below).
    8: [(4, "1NT", "W", (7, 6, 7, 8)), (2, "2H", "S", (8, 7)), (1, "2D", "E", (8, 9))],
    # 9 EW vul: NS in clubs; EW compete in hearts, once doubled.
    9: [
        (5, "3C", "S", (9, 10, 9, 8)),
        (1, "3NT", "N", (8, 9)),
        (1, "3H", "E", (8,)),
        (1, "3HX", "E", (8,)),
    ],
    # 10 All: EW 3NT; some play four hearts.
    10: [(5, "3NT", "E", (9, 9, 10, 8)), (2, "4H", "W", (10, 10, 9)), (1, "2NT", "E", (9,))],
    # 11 None: NS game in spades; EW save in five hearts doubled.
    11: [(5, "4S", "SSN", (10, 11, 11, 10, 10, 9)), (1, "3NT", "N", (9,)), (1, "5HX", "W", (9, 8))],
    # 12 NS vul: EW partscore; NS compete vulnerable in clubs.
    12: [(5, "2S", "E", (8, 9, 8, 9)), (2, "3C", "N", (8, 9)), (1, "2NT", "W", (7, 8))],
    # 13 All: NS game in hearts, sometimes one down; 3NT at one table.
    13: [(6, "4H", "N", (10, 10, 9, 11)), (2, "3NT", "S", (9, 8))],
    # 14 None: EW 3NT; four spades and five diamonds elsewhere (a director's average, below).
    14: [(5, "3NT", "W", (9, 10, 10, 9)), (2, "4S", "E", (10, 11)), (1, "5D", "W", (11,))],
    # 15 NS vul: the vulnerable game on a finesse: 4S makes or goes one down.
    15: [(4, "4S", "N", (10, 9, 10, 9)), (2, "3S", "N", (9, 10)), (1, "3NT", "S", (9, 8))],
    # 16 EW vul: EW partscore in hearts; NS (not vul) compete in spades, once doubled.
    16: [
        (5, "2H", "E", (8, 9, 8)),
        (1, "3H", "E", (8,)),
        (1, "2S", "N", (7, 8)),
        (1, "2SX", "N", (7,)),
    ],
    # 17 None: NS 3NT with overtricks; some in four hearts or five clubs.
    17: [(5, "3NT", "S", (9, 10, 10, 11)), (2, "4H", "N", (10, 11)), (1, "5C", "S", (11,))],
    # 18 NS vul: EW game in spades; NS (vul) sacrifice in five hearts doubled.
    18: [(6, "4S", "W", (10, 11, 10)), (1, "5HX", "N", (9,)), (1, "3NT", "E", (9,))],
    # 19 EW vul: NS partscore in diamonds; EW compete in clubs, once doubled.
    19: [
        (5, "3D", "S", (9, 10, 9, 8)),
        (1, "1NT", "N", (8, 7)),
        (1, "3C", "W", (8,)),
        (1, "3CX", "W", (7,)),
    ],
    # 20 All: EW game in spades (one table gets A+/A-, below).
    20: [(6, "4S", "E", (10, 11, 10, 9)), (2, "3NT", "W", (9, 10))],
    # 21 NS vul: NS partscore in spades; EW (not vul) compete at the three level.
    21: [(5, "2S", "S", (8, 9, 8, 9, 10)), (1, "3S", "S", (8, 9)), (2, "3D", "E", (8, 9))],
    # 22 EW vul: EW game in hearts with a trick to spare or one short.
    22: [(6, "4H", "W", (10, 11, 9, 10)), (1, "3NT", "E", (9, 10)), (1, "2H", "W", (10,))],
    # 23 All: NS 3NT; one East doubles and it makes; four spades elsewhere.
    23: [(5, "3NT", "N", (9, 10, 9, 8)), (2, "4S", "S", (10, 9)), (1, "3NTX", "N", (9,))],
    # 24 None: EW partscore; NS compete in hearts, doubled two down.
    24: [(4, "1NT", "E", (7, 8, 7)), (2, "2S", "W", (8, 9)), (1, "2HX", "N", (6,))],
    # 25 EW vul: NS game in hearts; EW (vul) sacrifice in four spades doubled.
    25: [(6, "4H", "S", (10, 11, 10)), (1, "3NT", "N", (10, 9)), (1, "4SX", "E", (7, 8))],
    # 26 All: EW 3NT or four hearts.
    26: [(4, "3NT", "W", (9, 8, 9)), (3, "4H", "E", (10, 10, 11)), (1, "2NT", "W", (8, 9))],
    # 27 None: NS in diamonds: five, six, or 3NT.
    27: [(3, "5D", "N", (11, 12)), (3, "3NT", "S", (9, 10, 8)), (2, "6D", "N", (12, 12, 11))],
}

# Set rows: (board, table) -> contract cell. One of each kind of special row.
SPECIAL = {
    (8, 4): "PASS",  # all four players passed
    (14, 6): "A",  # the director's average: play of the board was not completed
    (20, 3): "A+/A-",  # EW at fault: NS average-plus, EW average-minus
}

SUITS = "SHDC"
LEAD_RANKS = "AKQJT98765432"
LEAD_RANK_WEIGHTS = (5, 6, 5, 4, 3, 2, 2, 3, 3, 3, 3, 2, 2)
NEXT_SEAT = {"N": "E", "E": "S", "S": "W", "W": "N"}


def mod1(x: int, n: int) -> int:
    return (x - 1) % n + 1


def schedule() -> list[tuple[int, int, int, int, int]]:
    """(board, round, table, ns, ew) for every table and round, rules.md §8.2."""
    rows = []
    for r in range(1, ROUNDS + 1):
        for t in range(1, TABLES + 1):
            ew = mod1(t - (r - 1), TABLES)
            board_set = mod1(t + (r - 1), TABLES)
            first = BOARDS_PER_ROUND * (board_set - 1) + 1
            for board in range(first, first + BOARDS_PER_ROUND):
                rows.append((board, r, t, t, ew))
    return sorted(rows)


def lead_candidates(rng: random.Random) -> dict[str, list[str]]:
    """For each opening leader's seat, three cards from different suits it might lead."""
    used: set[str] = set()
    out: dict[str, list[str]] = {}
    for seat in "NESW":
        cards: list[str] = []
        for suit in rng.sample(SUITS, 3):
            while True:
                card = suit + rng.choices(LEAD_RANKS, LEAD_RANK_WEIGHTS)[0]
                if card not in used:
                    break
            used.add(card)
            cards.append(card)
        out[seat] = cards
    return out


def pick_lead(rng: random.Random, cards: list[str], contract: str) -> str:
    """Usually the leader's first choice; sometimes another; rarely a trump."""
    trumps = contract.rstrip("X")[1:]
    choices = [c for c in cards if c[0] != trumps] or cards
    return choices[0] if rng.random() < 0.75 else rng.choice(choices)


def plan_tables(
    rng: random.Random, board: int, count: int
) -> list[tuple[str, str, tuple[int, ...]]]:
    """(contract, declarer, possible tricks) for ``count`` tables, most in the popular contract."""
    plan = PLANS[board]
    weights = [w for w, *_ in plan]
    while True:
        picks = rng.choices(range(len(plan)), weights, k=count)
        if 2 * picks.count(0) > count and len(set(picks)) > 1:
            break
    out = []
    for i in picks:
        _, contract, declarers, tricks = plan[i]
        out.append((contract, rng.choice(declarers), tricks))
    return out


def play(rng: random.Random, tricks: tuple[int, ...], edge: float) -> int:
    """Tricks taken; the better of two draws goes to the stronger side more often."""
    first, second = rng.choice(tricks), rng.choice(tricks)
    if rng.random() >= min(1.0, abs(edge)):
        return first
    return max(first, second) if edge > 0 else min(first, second)


def rows() -> list[dict[str, str]]:
    rng = random.Random(SEED)
    # How well each pair plays tonight, -1 to 1: declarer's edge over the defenders.
    skill = {("NS", n): rng.uniform(-1, 1) for n in NS_NAMES}
    skill.update({("EW", n): rng.uniform(-1, 1) for n in EW_NAMES})
    by_board: dict[int, list[tuple[int, int, int, int, int]]] = {}
    for entry in schedule():
        by_board.setdefault(entry[0], []).append(entry)
    out = []
    for board, entries in by_board.items():
        assert all((board, e[2]) not in SPECIAL for e in entries if e[4] == MISSING_EW)
        leads = lead_candidates(rng)
        played = [e for e in entries if e[4] != MISSING_EW]
        results = iter(plan_tables(rng, board, len(played)))
        for _, rnd, table, ns, ew in entries:
            row = {
                "board": str(board),
                "round": str(rnd),
                "table": str(table),
                "ns": str(ns),
                "ew": str(ew),
                "ns_names": NS_NAMES[ns],
                "ew_names": EW_NAMES.get(ew, ""),  # the missing pair has no names
            }
            if ew == MISSING_EW:
                row["contract"] = "NP"  # the pair meeting the missing EW pair sits out
            elif (board, table) in SPECIAL:
                next(results)
                row["contract"] = SPECIAL[board, table]
            else:
                contract, declarer, possible = next(results)
                ns_edge = skill["NS", ns] - skill["EW", ew]
                edge = ns_edge if declarer in "NS" else -ns_edge
                tricks = play(rng, possible, edge)
                leader = NEXT_SEAT[declarer]
                row.update(
                    contract=contract,
                    declarer=declarer,
                    result=str(tricks),
                    lead=pick_lead(rng, leads[leader], contract),
                )
            out.append(row)
    return out


def main() -> None:
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    with OUTPUT.open("w", encoding="utf-8", newline="") as handle:
        handle.write("# event: Riverside Bridge Club, Tuesday evening pairs\n")
        handle.write("# date: 2026-11-17\n")
        writer = csv.DictWriter(handle, COLUMNS, restval="", lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows())
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
