"""Benchmarks of bridgescore against its peers, each on the same data in the same run.

    python bench/bench.py [--quick] [case ...]
        cases: matchpoints contracts club-night scale process report

Every case first checks that bridgescore and its peer give the same answers, then times the
median of several runs. Output is one line per case,

    BENCH <case> ours=<seconds>s <peer>=<seconds>s ratio=<peer/ours> [more figures]

and comment lines starting with ``#`` (checks, targets, import times). ``--quick`` runs small
sizes for CI smoke tests; the figures in docs/performance.md come from the full sizes.
Needs the extras ``fast`` and ``bench`` (numpy, pandas, endplay).
"""

from __future__ import annotations

import argparse
import csv
import gc
import math
import os
import pty
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

# The in-process pandas peer is the analyst's own script (bench/ is on the path of bench.py).
from analysts import pandas_totals
from bridgescore import fast
from bridgescore.bridge import Doubling, Seat, Strain, Vulnerability
from bridgescore.contract import Contract
from bridgescore.display import fmt_fixed
from bridgescore.rules import EBU, Rules
from bridgescore.scoring.matchpoints import Entry, matchpoint
from bridgescore.traveller import Artificial

SEED = 20240917
CASES = ("matchpoints", "contracts", "club-night", "scale", "process", "report")


@dataclass(frozen=True)
class Size:
    boards: int  # matchpoints: boards
    results: int  # matchpoints: results on each board, artificial ones included
    contracts: int  # contracts: results scored
    runs: int  # timed runs of the fast side (median taken)
    slow_runs: int  # timed runs of a slow peer (pandas, endplay)
    process_runs: int  # club-night: runs of each process
    exact_boards: int  # matchpoints: boards also checked against the exact engine
    scale_tables: tuple[int, ...]  # scale, process: tables of the simultaneous pairs
    report_tables: tuple[int, ...]  # report: tables of the sites made (growth: first to last)


FULL = Size(
    boards=1_000,
    results=10_000,
    contracts=1_000_000,
    runs=7,
    slow_runs=3,
    process_runs=10,
    exact_boards=2,
    scale_tables=(1_000, 3_000),
    report_tables=(100, 1_000, 3_000),
)
QUICK = Size(
    boards=100,
    results=1_000,
    contracts=50_000,
    runs=3,
    slow_runs=1,
    process_runs=3,
    exact_boards=2,
    scale_tables=(30, 100),
    report_tables=(30, 100),
)


# --- data: realistic boards ----------------------------------------------------------------

# Tricks relative to the usual number for the contract, and how often (a normal spread of play).
TRICK_SHIFTS = (-2, -1, 0, 1, 2)
TRICK_ODDS = (0.04, 0.18, 0.56, 0.18, 0.04)
PASS_OUT = None


@dataclass(frozen=True)
class Option:
    """One way a board ends at some tables: a contract by a seat (or a pass-out), how often,
    and the tricks it usually takes."""

    weight: float
    contract: Contract | None  # None: passed out
    declarer: Seat
    tricks: int


def board_plan(rng: random.Random, number: int) -> list[Option]:
    """The contracts a field ends in on one board, weighted: a popular contract, the near
    misses, overbids, doubled sacrifices and competitive partscores, at Law 2 vulnerability."""
    vul = Vulnerability.for_board(number)
    declarer = rng.choice(list(Seat))
    opponent = declarer.next if rng.random() < 0.5 else declarer.next.partner
    ours_vul = vul.is_vulnerable(declarer.side)
    theirs_vul = vul.is_vulnerable(opponent.side)
    major, minor = rng.choice("HS"), rng.choice("CD")
    their_suit = rng.choice([s for s in "CDHS" if s not in (major, minor)])
    kind = rng.choices(["game", "notrump", "partscore", "slam", "weak"], [35, 20, 30, 8, 7])[0]
    plans: dict[str, list[tuple[float, str | None, Seat, int]]] = {
        "game": [
            (50, f"4{major}", declarer, 10),
            (12, "3NT", declarer.partner, 9),
            (10, f"3{major}", declarer, 10),
            (5, f"5{major}", declarer, 10),
            (4, f"4{major}X", declarer, 10),
            (6 if theirs_vul else 12, f"5{their_suit}X", opponent, 8),
            (5, f"3{their_suit}", opponent, 8),
        ],
        "notrump": [
            (50, "3NT", declarer, 9),
            (15, "2NT", declarer, 9),
            (10, f"5{minor}", declarer, 11),
            (8, f"4{major}", declarer.partner, 9),
            (5, "3NTX", declarer, 9),
            (6, f"2{their_suit}", opponent, 7),
        ],
        "partscore": [
            (35, f"2{major}", declarer, 8),
            (15, "1NT", declarer, 7),
            (15, f"3{their_suit}", opponent, 8),
            (10, f"3{major}", declarer, 8),
            (8, f"2{their_suit}", opponent, 8),
            (6, f"3{their_suit}X", opponent, 7),
            (6, f"2{major}X", declarer, 8),
            (4, f"3{minor}", declarer.partner, 9),
        ],
        "slam": [
            (40, f"6{major}", declarer, 12),
            (30, f"4{major}", declarer, 12),
            (10, "6NT", declarer.partner, 12),
            (8, "3NT", declarer.partner, 12),
            (6, f"7{major}", declarer, 12),
            (3 if theirs_vul else 8, f"7{their_suit}X", opponent, 9),
        ],
        "weak": [
            (30, None, declarer, 0),
            (25, "1NT", declarer, 6),
            (20, f"2{minor}", declarer, 8),
            (15, f"1{their_suit}", opponent, 7),
            (10, f"2{their_suit}", opponent, 7),
        ],
    }
    options = []
    for weight, text, seat, tricks in plans[kind]:
        if text and text.endswith("X") and ours_vul and seat is declarer and kind == "game":
            weight /= 2  # doubling a vulnerable game that makes is rarer
        contract = Contract.parse(text) if text else None
        options.append(Option(weight * rng.uniform(0.5, 1.5), contract, seat, tricks))
    options.append(Option(0.2, None, declarer, 0))  # somebody always passes one out
    return options


def board_scores(
    plan: list[Option], number: int, np_rng: np.random.Generator, count: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``count`` tables' results on one board: (option index, tricks, North-South score)."""
    vul = Vulnerability.for_board(number)
    weights = np.array([o.weight for o in plan])
    picks = np_rng.choice(len(plan), size=count, p=weights / weights.sum())
    shifts = np_rng.choice(len(TRICK_SHIFTS), size=count, p=TRICK_ODDS)
    table = np.zeros((len(plan), len(TRICK_SHIFTS)), dtype=np.int64)
    tricks_at = np.zeros_like(table)
    for i, option in enumerate(plan):
        for j, shift in enumerate(TRICK_SHIFTS):
            if option.contract is None:
                continue
            tricks = min(13, max(0, option.tricks + shift))
            tricks_at[i, j] = tricks
            table[i, j] = option.contract.ns_score(option.declarer, tricks, vul)
    return picks, tricks_at[picks, shifts], table[picks, shifts]


@dataclass(frozen=True)
class Field:
    """Many boards' North-South results, board by board, with artificial scores per board."""

    board: npt.NDArray[np.int64]
    score: npt.NDArray[np.int64]
    artificial: npt.NDArray[np.int64]


def make_field(boards: int, results: int, seed: int = SEED) -> Field:
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    artificial = np_rng.binomial(results, 0.01, size=boards).astype(np.int64)
    board_parts, score_parts = [], []
    for index in range(boards):
        number = index + 1
        real = results - int(artificial[index])
        _, _, scores = board_scores(board_plan(rng, number), number, np_rng, real)
        board_parts.append(np.full(real, index, dtype=np.int64))
        score_parts.append(scores)
    return Field(np.concatenate(board_parts), np.concatenate(score_parts), artificial)


# --- timing ------------------------------------------------------------------------------------


def median_time(func: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_memory(func: Callable[[], object]) -> int:
    """Peak bytes allocated while ``func`` runs (numpy reports its buffers to tracemalloc)."""
    gc.collect()
    tracemalloc.start()
    try:
        func()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def bench_line(case: str, ours: float, peer: str, theirs: float, extra: str = "") -> str:
    line = f"BENCH {case} ours={ours:.4f}s {peer}={theirs:.4f}s ratio={theirs / ours:.2f}"
    return f"{line} {extra}".rstrip()


def target(name: str, met: bool, text: str, quick: bool) -> str:
    verdict = "met" if met else "NOT met"
    note = " (quick size: indicative only)" if quick else ""
    return f"# target {name}: {text}: {verdict}{note}"


# --- case 1: matchpoints --------------------------------------------------------------------


def pandas_matchpoints(frame: Any, artificial: Any) -> Any:
    """What an analyst would write: average ranks per board, then Neuberg (2-per-result scale)."""
    by_board = frame.groupby("board", sort=False)["score"]
    ranks = by_board.rank(method="average")
    real = by_board.transform("size")
    have = real + frame["board"].map(artificial)
    raw = 2 * ranks - 2  # 2 × beaten + tied: rank r of n averages ties to beaten + (tied + 2) / 2
    return raw, (raw + 1) * have / real - 1


def exact_values(field: Field, board: int, rules: Rules) -> list[Fraction]:
    scores = field.score[field.board == board]
    entries = [Entry.of(int(s)) for s in scores]
    entries += [Entry(artificial=Artificial.parse("A"))] * int(field.artificial[board])
    return [e.value for e in matchpoint(entries, rules)[: len(scores)]]


def case_matchpoints(size: Size, quick: bool) -> list[str]:
    import pandas as pd  # type: ignore[import-untyped]

    out = []
    started = time.perf_counter()
    field = make_field(size.boards, size.results)
    distinct = [np.unique(field.score[field.board == b]).size for b in range(min(size.boards, 50))]
    out.append(
        f"# matchpoints: {size.boards} boards x {size.results} results = {field.score.size:,} "
        f"real + {int(field.artificial.sum()):,} artificial; "
        f"{statistics.mean(distinct):.0f} distinct scores a board on average, "
        f"{100 * np.mean(field.score == 0):.2f}% zero (pass-outs); "
        f"made in {time.perf_counter() - started:.1f}s"
    )
    ebu2, ebu1 = EBU, EBU.with_(scale=1)

    def ours(rules: Rules = ebu2) -> npt.NDArray[np.float64]:
        result = fast.matchpoint_boards(
            field.board, field.score, rules, artificial=field.artificial
        )
        return result.values()

    frame = pd.DataFrame({"board": field.board, "score": field.score})
    artificial = pd.Series(field.artificial, index=np.arange(size.boards))

    def peer() -> Any:
        return pandas_matchpoints(frame, artificial)

    def floor() -> npt.NDArray[np.int64]:
        return np.sort(field.score)

    # Correctness first: pandas' ranks are the unadjusted part, its Neuberg the values;
    # the exact engine on a few whole boards, both scales.
    result = fast.matchpoint_boards(field.board, field.score, ebu2, artificial=field.artificial)
    raw, values = peer()
    assert np.array_equal(raw.to_numpy(), result.raw), "raw matchpoints differ from pandas"
    assert np.allclose(values.to_numpy(), result.values(), rtol=1e-12, atol=1e-9)
    half = fast.matchpoint_boards(field.board, field.score, ebu1, artificial=field.artificial)
    assert np.allclose(2 * half.values(), result.values(), rtol=1e-12, atol=1e-9)
    first = int(np.searchsorted(field.board, 20))  # the first 20 boards, by the sorting path
    by_sorting = fast.matchpoint_boards(
        field.board[:first],
        field.score[:first],
        ebu2,
        artificial=field.artificial[:20],
        boards=20,
        method="sort",
    )
    assert np.array_equal(by_sorting.numerator, result.numerator[:first])
    checked = 0
    for board in range(size.exact_boards):
        for rules, got in ((ebu2, result), (ebu1, half)):
            assert got.fractions(board) == exact_values(field, board, rules), (board, rules)
            checked += 1
    out.append(
        f"# matchpoints check: raw == pandas 2*rank-2 on all {result.raw.size:,} results, "
        f"Neuberg values == pandas within 1e-12; exact engine == fast on {checked} "
        "whole boards (scales 2 and 1); count and sort paths agree"
    )
    del raw, values, half, result

    ours_time = median_time(ours, size.runs)
    ours_scale1 = median_time(lambda: ours(ebu1), size.runs)
    floor_time = median_time(floor, size.runs)
    peer_time = median_time(peer, size.slow_runs)
    ours_peak = peak_memory(ours)
    peer_peak = peak_memory(peer)
    out.append(
        bench_line(
            "matchpoints",
            ours_time,
            "pandas",
            peer_time,
            f"sort={floor_time:.4f}s sort_ratio={floor_time / ours_time:.2f} "
            f"peak={ours_peak / 2**20:.0f}MB",
        )
    )
    out.append(
        f"# matchpoints: ours on the 1-per-result scale {ours_scale1:.4f}s; pandas peak "
        f"{peer_peak / 2**20:.0f}MB; runs: ours/sort {size.runs}, pandas {size.slow_runs}"
    )
    out.append(target("matchpoints vs pandas", peer_time >= 10 * ours_time, ">= 10x", quick))
    out.append(target("matchpoints vs sort", ours_time <= 5 * floor_time, "<= 5x the sort", quick))
    out.append(target("matchpoints memory", ours_peak < 2**30, "peak < 1 GB", quick))
    return out


# --- case 2: contracts --------------------------------------------------------------------------


@dataclass(frozen=True)
class Contracts:
    level: npt.NDArray[np.int64]
    strain: npt.NDArray[np.int64]
    doubling: npt.NDArray[np.int64]
    declarer: npt.NDArray[np.int64]  # seat index N E S W = 0-3
    vul: npt.NDArray[np.int64]  # board vulnerability index None NS EW All = 0-3
    tricks: npt.NDArray[np.int64]


SEATS = tuple(Seat)  # N E S W
VULS = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL)
# VULNERABLE[vul, seat]: is that seat's side vulnerable
VULNERABLE = np.array([[v.is_vulnerable(s.side) for s in SEATS] for v in VULS], dtype=np.int64)


def make_contracts(count: int, seed: int = SEED) -> Contracts:
    """``count`` played contracts (no pass-outs) from realistic boards, 1,000 tables a board."""
    rng = random.Random(seed + 1)
    np_rng = np.random.default_rng(seed + 1)
    parts: dict[str, list[Any]] = {k: [] for k in Contracts.__dataclass_fields__}
    made, number = 0, 0
    while made < count:
        number += 1
        plan = board_plan(rng, number)
        picks, tricks, _ = board_scores(plan, number, np_rng, min(1_000, count - made + 20))
        keep = np.array([plan[p].contract is not None for p in picks])
        picks, tricks = picks[keep][: count - made], tricks[keep][: count - made]
        codes = np.array(
            [
                (
                    c.level,
                    fast.STRAINS.index(c.strain),
                    fast.DOUBLINGS.index(c.doubling),
                    SEATS.index(o.declarer),
                )
                if (c := o.contract) is not None
                else (1, 0, 0, 0)
                for o in plan
            ],
            dtype=np.int64,
        )[picks]
        parts["level"].append(codes[:, 0])
        parts["strain"].append(codes[:, 1])
        parts["doubling"].append(codes[:, 2])
        parts["declarer"].append(codes[:, 3])
        parts["vul"].append(np.full(picks.size, VULS.index(Vulnerability.for_board(number))))
        parts["tricks"].append(tricks)
        made += picks.size
    return Contracts(**{k: np.concatenate(v).astype(np.int64) for k, v in parts.items()})


def endplay_inputs(data: Contracts) -> tuple[list[Any], list[Any]]:
    """endplay ``Contract`` objects (one per distinct contract, declarer and result, shared) and
    a ``Vul`` per result: endplay's own types, built before the clock starts."""
    from endplay.types import Contract as EContract
    from endplay.types import Denom, Penalty, Player, Vul

    denoms = {
        Strain.CLUBS: Denom.clubs, Strain.DIAMONDS: Denom.diamonds, Strain.HEARTS: Denom.hearts,
        Strain.SPADES: Denom.spades, Strain.NOTRUMP: Denom.nt,
    }  # fmt: skip
    penalties = {
        Doubling.UNDOUBLED: Penalty.passed, Doubling.DOUBLED: Penalty.doubled,
        Doubling.REDOUBLED: Penalty.redoubled,
    }  # fmt: skip
    players = {Seat.N: Player.north, Seat.E: Player.east, Seat.S: Player.south, Seat.W: Player.west}
    vuls = [Vul.none, Vul.ns, Vul.ew, Vul.both]
    made: dict[tuple[int, int, int, int, int], Any] = {}
    contracts = []
    rows = zip(
        data.level.tolist(),
        data.strain.tolist(),
        data.doubling.tolist(),
        data.declarer.tolist(),
        data.tricks.tolist(),
        strict=True,
    )
    for key in rows:
        contract = made.get(key)
        if contract is None:
            level, strain, doubling, seat, tricks = key
            contract = made[key] = EContract(
                level=level,
                denom=denoms[fast.STRAINS[strain]],
                declarer=players[SEATS[seat]],
                penalty=penalties[fast.DOUBLINGS[doubling]],
                result=tricks - level - 6,
            )
        contracts.append(contract)
    return contracts, [vuls[v] for v in data.vul.tolist()]


def case_contracts(size: Size, quick: bool) -> list[str]:
    data = make_contracts(size.contracts)
    contracts, vuls = endplay_inputs(data)
    out = [
        f"# contracts: {data.level.size:,} played contracts from realistic boards, "
        f"{len({id(c) for c in contracts})} distinct (contract, declarer, result)"
    ]

    def ours() -> npt.NDArray[np.int64]:
        vulnerable = VULNERABLE[data.vul, data.declarer]
        return fast.contract_scores(data.level, data.strain, data.doubling, vulnerable, data.tricks)

    def peer() -> list[int]:
        return [c.score(v) for c, v in zip(contracts, vuls, strict=True)]

    mine, theirs = ours(), np.array(peer(), dtype=np.int64)
    assert np.array_equal(mine, theirs), "contract scores differ from endplay"
    table = fast.score_table()
    for level in range(1, 8):
        for s, strain in enumerate(fast.STRAINS):
            for d, doubling in enumerate(fast.DOUBLINGS):
                for vulnerable in (False, True):
                    for tricks in range(14):
                        expected = Contract(level, strain, doubling).score(tricks, vulnerable)
                        assert table[level - 1, s, d, int(vulnerable), tricks] == expected
    out.append(
        f"# contracts check: all {mine.size:,} scores == endplay Contract.score; all "
        f"{table.size:,} table entries == bridgescore Contract.score"
    )
    ours_time = median_time(ours, size.runs)
    peer_time = median_time(peer, size.slow_runs)
    out.append(bench_line("contracts", ours_time, "endplay", peer_time))
    out.append(f"# contracts: runs: ours {size.runs}, endplay {size.slow_runs}")
    out.append(target("contracts vs endplay", peer_time >= 20 * ours_time, ">= 20x", quick))
    return out


# --- case 3: club night -------------------------------------------------------------------------

FIRST = ("Ann", "Bob", "Cath", "Dev", "Eve", "Finn", "Gita", "Hal", "Ida", "Jon", "Kim", "Lou")
LAST = ("Lee", "Roy", "Dunn", "Patel", "Moss", "Hart", "Rao", "Stone", "Berg", "Wu", "Ode", "Marr")


def write_club_night(path: Path, tables: int = 15, rounds: int = 9, per_round: int = 3) -> int:
    """A 15-table, 27-board Mitchell with duplicated boards: NS pairs stay, EW pairs move up one
    table a round, every table plays the round's boards. A pass-out or two, a director's
    average, an A+/A- and a board not played at one table. Returns the number of rows."""
    rng = random.Random(SEED + 2)
    np_rng = np.random.default_rng(SEED + 2)
    names = {
        (
            line,
            n,
        ): f"{rng.choice(FIRST)} {rng.choice(LAST)} & {rng.choice(FIRST)} {rng.choice(LAST)}"
        for line in ("NS", "EW")
        for n in range(1, tables + 1)
    }
    special = {(5, 3): "A", (11, 8): "A+/A-", (20, 14): "NP"}
    rows = []
    for r in range(1, rounds + 1):
        for b in range(per_round * (r - 1) + 1, per_round * r + 1):
            plan = board_plan(rng, b)
            picks, tricks, _ = board_scores(plan, b, np_rng, tables)
            for t in range(1, tables + 1):
                ew = (t + r - 2) % tables + 1
                row = {"board": b, "round": r, "table": t, "ns": t, "ew": ew,
                       "ns_names": names["NS", t], "ew_names": names["EW", ew]}  # fmt: skip
                option = plan[picks[t - 1]]
                if (b, t) in special:
                    row["contract"] = special[b, t]
                elif option.contract is None:
                    row["contract"] = "PASS"
                else:
                    row.update(contract=str(option.contract), declarer=str(option.declarer),
                               result=int(tricks[t - 1]))  # fmt: skip
                rows.append(row)
    columns = ["board", "round", "table", "ns", "ew", "contract", "declarer", "result",
               "ns_names", "ew_names"]  # fmt: skip
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, columns, restval="", lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return len(rows)


def process_times(
    commands: Sequence[Sequence[str]], runs: int, env: dict[str, str], *, terminal: bool = False
) -> list[float]:
    """Median seconds of each command's whole process, writing to a pipe or to a terminal. The
    commands take turns, one run each per round, so a machine that slows down or speeds up
    during the measurement moves them alike and their ratios hold."""
    once = _on_terminal if terminal else _to_pipe
    for command in commands:
        once(command, env)  # warm caches, write .pyc
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for command, seen in zip(commands, times, strict=True):
            seen.append(once(command, env))
    return [statistics.median(seen) for seen in times]


def _to_pipe(command: Sequence[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def import_times(
    command: Sequence[str], bare: Sequence[str], env: dict[str, str]
) -> list[tuple[str, int]]:
    """Top-level imports of ``command`` that the bare interpreter does not make, in the order
    made, with their cumulative microseconds (python -X importtime)."""

    def parse(cmd: Sequence[str]) -> dict[str, int]:
        found = subprocess.run(
            [cmd[0], "-X", "importtime", *cmd[1:]],
            check=True, capture_output=True, text=True, env=env,
        ).stderr  # fmt: skip
        tops = {}
        for line in found.splitlines():
            match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
            if match and len(match.group(3)) == 1:
                tops[match.group(4)] = int(match.group(2))
        return tops

    before = parse(bare)
    return [(name, us) for name, us in parse(command).items() if name not in before]


# The libraries every `bridgescore score` stands on (the brief's choice: click and rich for the
# command line, exact Fractions, dataclasses for the records), imported and nothing else.
LIBRARIES = ("click", "rich.console", "rich.table", "fractions", "dataclasses")

# One run of the command's stages in a fresh process, each timed on its first call as the
# command makes it: imports, reading the file, scoring, printing the rankings.
STAGES = """
import sys, time
start = time.perf_counter()
from bridgescore import cli
from bridgescore.cli import options, score
from bridgescore.formats import read_session
from bridgescore.reports.text import render
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
imported = time.perf_counter()
session = read_session(sys.argv[1])
read = time.perf_counter()
result = score_pairs(session, CLUB)
scored = time.perf_counter()
writer = options.plain_writer(True)  # as the command writes to a file or a pipe
render(result, writer)
writer.text()
printed = time.perf_counter()
print(imported - start, read - imported, scored - read, printed - scored)
"""


def _on_terminal(command: Sequence[str], env: dict[str, str]) -> float:
    """Seconds of ``command`` writing to a terminal (a pseudo-terminal of 120 columns that
    takes colours), as a scorer typing it sees it; its output is read as it comes."""
    env = {**env, "COLUMNS": "120", "TERM": "xterm-256color"}
    main, secondary = pty.openpty()
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=secondary, stderr=secondary, env=env)
    os.close(secondary)
    while True:
        try:
            if not os.read(main, 65536):
                break
        except OSError:  # the terminal's other end closed: the process has ended
            break
    code = process.wait()
    elapsed = time.perf_counter() - start
    os.close(main)
    assert code == 0, command
    return elapsed


def stage_times(path: Path, runs: int, env: dict[str, str]) -> list[float]:
    """Median seconds of the imports, reading, scoring and printing, each in a fresh process."""
    command = [sys.executable, "-c", STAGES, str(path)]
    subprocess.run(command, check=True, capture_output=True, env=env)  # write .pyc
    runs_seen = [
        [float(x) for x in subprocess.run(command, check=True, capture_output=True, text=True,
                                          env=env).stdout.split()]
        for _ in range(runs)
    ]  # fmt: skip
    return [statistics.median(stage) for stage in zip(*runs_seen, strict=True)]


def bridgescore_command() -> list[str]:
    """``bridgescore`` as a user types it: the installed script (a shell runs it with this
    interpreter), else ``python -m bridgescore`` (which adds runpy's start-up)."""
    script = Path(sys.executable).parent / "bridgescore"
    if script.exists():
        return [sys.executable, str(script)]
    return [sys.executable, "-m", "bridgescore"]


def case_club_night(size: Size, quick: bool) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="bridgescore-bench-") as folder:
        path = Path(folder) / "club-night-15.csv"
        rows = write_club_night(path)
        ours_cmd = [*bridgescore_command(), "score", str(path)]
        bare_cmd = [sys.executable, "-c", "pass"]
        libraries_cmd = [sys.executable, "-c", "import " + ", ".join(LIBRARIES)]
        # As installed: compiled modules are cached (bytecode goes to a private folder, so a
        # PYTHONDONTWRITEBYTECODE in the environment cannot make every start recompile).
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        done = subprocess.run(ours_cmd, capture_output=True, text=True, env=env)
        assert done.returncode == 0 and done.stdout, done.stderr  # 1 on a failed checksum
        out = [
            f"# club-night: {rows} rows (15 tables, 27 boards, Mitchell); "
            f"`bridgescore score` exits 0 (checksums ok), {len(done.stdout.splitlines())} lines"
        ]
        cli_libraries = [sys.executable, "-c", "import click, rich.console"]
        ours_time, bare_time, libraries_time, cli_time = process_times(
            [ours_cmd, bare_cmd, libraries_cmd, cli_libraries], size.process_runs, env
        )
        ours_terminal, cli_terminal = process_times(
            [ours_cmd, cli_libraries], size.process_runs, env, terminal=True
        )
        imports = import_times(ours_cmd, bare_cmd, env)
        stages = stage_times(path, size.process_runs, env)
    out.append(bench_line("club-night", ours_time, "bare", bare_time))
    out.append(
        f"# club-night: the libraries alone ({', '.join(LIBRARIES)}), imported and nothing "
        f"else: {libraries_time:.4f}s = {libraries_time / bare_time:.1f}x the bare start "
        f"(ratio {bare_time / libraries_time:.2f}); the command takes "
        f"{ours_time / libraries_time:.1f}x that; runs: {size.process_runs} each"
    )
    names = ("imports", "read", "score", "print")
    split = ", ".join(f"{name} {seconds:.4f}s" for name, seconds in zip(names, stages, strict=True))
    out.append(f"# club-night: stages on their first call in a fresh process: {split}")
    slowest = sorted(imports, key=lambda item: -item[1])[:6]
    top = ", ".join(f"{name} {us / 1000:.0f}ms" for name, us in slowest)
    out.append(f"# club-night: slowest top-level imports (-X importtime, cumulative): {top}")
    # The start-up ratio is measured, not a target: speed that makes the code harder to live in
    # must serve a user, and a club night already prints in a fraction of a second.
    out.append(f"# club-night: the bare start is {bare_time / ours_time:.2f} of the command's time")
    out.append(
        f"# club-night: `python -c 'import click, rich.console'` {cli_time:.4f}s; the command "
        f"takes {ours_time / cli_time:.2f}x that"
    )
    # The target that stays is the user's: a club night scored, whole process, under 0.35 s.
    out.append(
        target(
            "club night, whole process",
            ours_time <= 0.35,
            f"<= 0.35s (took {ours_time:.2f}s)",
            quick,
        )
    )
    # On a terminal, where a scorer types the command, the rankings are styled: measured too.
    out.append(
        f"# club-night: on a terminal (colours, 120 columns) the command {ours_terminal:.4f}s, "
        f"`python -c 'import click, rich.console'` {cli_terminal:.4f}s: "
        f"{ours_terminal / cli_terminal:.2f}x"
    )
    out.append(
        target(
            "club night on a terminal, whole process",
            ours_terminal <= 0.35,
            f"<= 0.35s (took {ours_terminal:.2f}s)",
            quick,
        )
    )
    return out


# --- case 4: a simultaneous pairs scored across the field -------------------------------------

SIM_BOARDS = 26


def write_simultaneous(path: Path, tables: int, seed: int = SEED + 3) -> int:
    """A simultaneous pairs session of ``tables`` tables scored across the field: 26 boards,
    every board at every table (13 rounds of 2, a Mitchell movement), realistic contracts with
    ties and pass-outs, and a few artificial scores (Ave, Ave+/Ave-, a board not played) at
    about one table in 250. Returns the number of rows."""
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    specials = ("A", "A+/A-", "A-/A+", "NP")
    lines = ["board,round,table,ns,ew,contract,declarer,result"]
    for board in range(1, SIM_BOARDS + 1):
        r = (board - 1) // 2 + 1
        plan = board_plan(rng, board)
        picks, tricks, _ = board_scores(plan, board, np_rng, tables)
        odd = set(np_rng.choice(tables, size=max(1, tables // 250), replace=False).tolist())
        for t in range(tables):
            start = f"{board},{r},{t + 1},{t + 1},{(t + r - 1) % tables + 1}"
            option = plan[picks[t]]
            if t in odd:
                lines.append(f"{start},{rng.choice(specials)},,")
            elif option.contract is None:
                lines.append(f"{start},PASS,,")
            else:
                lines.append(f"{start},{option.contract},{option.declarer},{tricks[t]}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines) - 1


def ours_session(path: Path) -> Any:
    """Read and score exactly, as the library does for ``bridgescore score`` (explanations
    available on every value): the object path."""
    from bridgescore.formats import load_path
    from bridgescore.rules import CLUB
    from bridgescore.scoring import score_pairs

    return score_pairs(load_path(str(path)).session, CLUB)


def ours_columnar(path: Path) -> Any:
    """Read and score exactly by columns (``bridgescore.columnar``), each pair's total made a
    ``Fraction``; every row's value and explanation available on demand."""
    from bridgescore import columnar
    from bridgescore.rules import CLUB

    scores = columnar.score_path(path, CLUB)
    scores.totals()
    return scores


def check_columnar(scores: Any, result: Any) -> int:
    """The columnar answer equals the object path's: every pair's points, tops and boards,
    every row's value on both sides, and the explanations of every 97th row. Returns the
    number of explanations compared."""
    from bridgescore.bridge import Side

    assert scores.fallback is None, f"the columnar path fell back: {scores.fallback}"
    standings = [s for f in result.fields for s in f.standings]
    assert scores.totals() == {s.entrant: s.points for s in standings}, "totals differ"
    assert scores.available() == {s.entrant: s.available for s in standings}, "tops differ"
    assert scores.boards() == {s.entrant: s.boards for s in standings}, "boards differ"
    position = {id(t): i for i, t in enumerate(result.session.tables)}
    compared = 0
    for board in result.boards:
        for scored in board.tables:
            i = position[id(scored.table)]
            for side in Side:
                assert scores.points(i, side) == scored.points(side), f"row {i} {side} differs"
                if i % 97 == 0:
                    assert scores.explanation(i, side) == scored.explanation(side)
                    compared += 1
    return compared


def stage_split(path: Path) -> str:
    """Where one read-and-score goes: reading the file into a session, scoring it, and the
    collector's share (the same run again with the collector off)."""
    from bridgescore.formats import load_path
    from bridgescore.rules import CLUB
    from bridgescore.scoring import score_pairs

    def stages() -> tuple[float, float]:
        gc.collect()
        start = time.perf_counter()
        session = load_path(str(path)).session
        read = time.perf_counter()
        score_pairs(session, CLUB)
        return read - start, time.perf_counter() - read

    read, scored = stages()
    gc.disable()
    try:
        read_off, scored_off = stages()
    finally:
        gc.enable()
    return (
        f"read {read:.2f}s, score {scored:.2f}s; with the collector off: read {read_off:.2f}s, "
        f"score {scored_off:.2f}s"
    )


def case_scale(size: Size, quick: bool) -> list[str]:
    out = []
    with tempfile.TemporaryDirectory(prefix="bridgescore-bench-") as folder:
        for tables in size.scale_tables:
            path = Path(folder) / f"simultaneous-{tables}.csv"
            rows = write_simultaneous(path, tables)
            start = time.perf_counter()
            result = ours_session(path)
            object_time = time.perf_counter() - start
            assert result.checksums_ok
            scores = ours_columnar(path)
            explained = check_columnar(scores, result)
            ours_totals = {
                (e.line.value if e.line else "", e.number): v for e, v in scores.totals().items()
            }
            theirs = pandas_totals(str(path))
            assert ours_totals.keys() == theirs.keys(), "pairs differ from pandas"
            worst = max(abs(float(v) - theirs[k]) for k, v in ours_totals.items())
            assert worst < 1e-6, f"pair totals differ from pandas by {worst}"
            sample = next(t for b in result.boards for t in b.tables if t.ns is not None)
            assert sample.ns is not None and sample.ns.text()
            del result, scores
            out.append(
                f"# scale {tables} tables: {rows:,} rows; every pair's matchpoints == pandas "
                f"(within {worst:.1e}); columnar == object path (totals, tops, boards, every "
                f"row's values, {explained} explanations); checksums ok"
            )
            ours_time = median_time(lambda p=path: ours_columnar(p), size.runs)
            peer_time = median_time(lambda p=path: pandas_totals(str(p)), size.slow_runs)
            rate = (
                f"results={rows} results_per_s={rows / ours_time:,.0f} "
                f"object={object_time:.4f}s object_ratio={peer_time / object_time:.2f}"
            )
            out.append(bench_line(f"scale-{tables}", ours_time, "pandas", peer_time, rate))
            out.append(f"# scale {tables} tables, object path: {stage_split(path)}")
            out.append(
                target(
                    f"scale {tables} tables vs pandas", peer_time >= ours_time, "ratio >= 1", quick
                )
            )
    return out


# --- case 5: whole processes on the simultaneous pairs ---------------------------------------


# Runs a command and prints its wall seconds, peak resident memory and CPU seconds (user and
# system, of the command and of the processes it waited for: a report's forked copy, a peer's
# threads). A child's peak counts the memory of the process that started it (Linux records it
# at exec, fork or vfork alike), so the command is started from this small interpreter, not
# from the benchmark. The CPU time is what to read on a machine shared with other work: the
# wall time grows with the others' load, the CPU time much less.
MEASURE = """
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
seconds = time.perf_counter() - start
if done.returncode:
    sys.exit(done.stderr.decode())
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(seconds, used.ru_maxrss * 1024, used.ru_utime + used.ru_stime)
"""


def run_measured(command: Sequence[str], env: dict[str, str]) -> tuple[float, int, float]:
    """Wall seconds, peak resident memory (bytes) and CPU seconds of one process."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, (command, done.stderr)
    seconds, peak, cpu = done.stdout.split()
    return float(seconds), int(peak), float(cpu)


def measured(command: Sequence[str], runs: int, env: dict[str, str]) -> tuple[float, int, float]:
    """Median wall seconds, largest peak memory and median CPU seconds of ``runs`` runs."""
    run_measured(command, env)  # warm caches, write .pyc
    seen = [run_measured(command, env) for _ in range(runs)]
    return (
        statistics.median(s for s, _, _ in seen),
        max(m for _, m, _ in seen),
        statistics.median(c for _, _, c in seen),
    )


def bench_env(folder: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
    return env


ANALYSTS = Path(__file__).resolve().parent / "analysts.py"
PEERS = ("polars", "duckdb", "pandas")


def json_totals(path: Path) -> dict[tuple[str, int], Fraction]:
    """Each pair's matchpoints, exactly, from ``bridgescore score --format json``."""
    import json

    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        (r["line"], r["pair"]): Fraction(r["mp_exact"])
        for f in data["fields"]
        for r in f["rankings"]
    }


def text_totals(path: Path) -> dict[tuple[str, int], str]:
    """Each pair's matchpoints as the text output shows them (two decimals)."""
    totals: dict[tuple[str, int], str] = {}
    line = ""
    for row in path.read_text(encoding="utf-8").splitlines():
        if row.startswith(("North-South", "East-West")):
            line = "NS" if row.startswith("North") else "EW"
        cells = [c.strip() for c in row.strip("│ ").split("│")]
        if line and len(cells) == 6 and cells[1].isdigit():
            totals[line, int(cells[1])] = cells[3]
    return totals


def peer_totals(path: Path) -> dict[tuple[str, int], float]:
    with path.open(encoding="utf-8") as handle:
        return {(r["line"], int(r["pair"])): float(r["mp"]) for r in csv.DictReader(handle)}


def check_peers(
    exact: dict[tuple[str, int], Fraction],
    shown: dict[tuple[str, int], str],
    peers: dict[str, dict[tuple[str, int], float]],
) -> float:
    """Every peer's pair totals equal bridgescore's (the JSON's exact totals, to float
    rounding), and the text shows each of them to two decimals. Returns the worst difference."""
    assert exact and shown.keys() == exact.keys(), "the text and JSON rank different pairs"
    for key, value in exact.items():
        assert shown[key] == fmt_fixed(value, 2), f"text shows {shown[key]} for {key}"
    worst = 0.0
    for name, theirs in peers.items():
        assert theirs.keys() == exact.keys(), f"{name} ranks different pairs"
        for key, value in exact.items():
            difference = abs(float(value) - theirs[key])
            assert difference < 1e-6, f"{name}: pair {key} {theirs[key]} != {value}"
            worst = max(worst, difference)
    return worst


def check_csv_totals(path: Path, exact: dict[tuple[str, int], Fraction]) -> str:
    """``score --format csv``: each pair's rows add up, exactly, to its total, and that total
    is the JSON's."""
    sums: dict[tuple[str, int], Fraction] = {}
    totals: dict[tuple[str, int], Fraction] = {}
    with path.open(encoding="utf-8") as handle:
        rows = 0
        for row in csv.DictReader(handle):
            rows += 1
            for line, side in (("NS", "ns"), ("EW", "ew")):
                key = (line, int(row[side]))
                if row[f"{side}_mp_exact"]:
                    sums[key] = sums.get(key, Fraction(0)) + Fraction(row[f"{side}_mp_exact"])
                totals[key] = Fraction(row[f"{side}_total_exact"])
    assert sums == totals == exact, "the CSV's rows, its totals and the JSON's totals differ"
    return f"the CSV's {rows:,} rows add up to its totals == the JSON's"


def turns_measured(
    commands: Sequence[Sequence[str]], runs: int, env: dict[str, str]
) -> list[tuple[float, int, float]]:
    """Median wall seconds, peak memory and median CPU seconds of each command's whole
    process, the commands taking turns (one run each per round) so a machine that slows down
    moves them alike."""
    for command in commands:
        run_measured(command, env)  # warm caches, write .pyc
    seen: list[list[tuple[float, int, float]]] = [[] for _ in commands]
    for _ in range(runs):
        for command, runs_of in zip(commands, seen, strict=True):
            runs_of.append(run_measured(command, env))
    return [
        (
            statistics.median(s for s, _, _ in r),
            max(m for _, m, _ in r),
            statistics.median(c for _, _, c in r),
        )
        for r in seen
    ]


def case_process(size: Size, quick: bool) -> list[str]:
    """``bridgescore score`` as a user runs it (text, JSON, CSV) against an analyst's polars,
    DuckDB and pandas scripts run the same way, on the simultaneous pairs."""
    out = []
    for tables in size.scale_tables:
        with tempfile.TemporaryDirectory(prefix="bridgescore-bench-") as folder:
            env = bench_env(folder)
            path = Path(folder) / f"simultaneous-{tables}.csv"
            rows = write_simultaneous(path, tables)
            result = {kind: Path(folder) / f"out.{kind}" for kind in ("txt", "json", "csv")}
            ours = {
                kind: [*bridgescore_command(), "score", str(path), "--format", fmt, "-o", str(o)]
                for (kind, o), fmt in zip(result.items(), ("text", "json", "csv"), strict=True)
            }
            peers = {
                name: [sys.executable, str(ANALYSTS), name, str(path), str(Path(folder) / name)]
                for name in PEERS
            }
            for command in (*ours.values(), *peers.values()):
                done = subprocess.run(command, capture_output=True, text=True, env=env)
                assert done.returncode == 0, (command, done.stderr)
            exact = json_totals(result["json"])
            worst = check_peers(
                exact,
                text_totals(result["txt"]),
                {name: peer_totals(Path(folder) / name) for name in PEERS},
            )
            csv_checked = check_csv_totals(result["csv"], exact)
            json_size = result["json"].stat().st_size
            out.append(
                f"# process {tables} tables: {rows:,} results; every pair's total from polars, "
                f"DuckDB and pandas == `score --format json`'s exact total (within {worst:.1e}), "
                f"== the text's to 2 decimals, {csv_checked}; JSON file "
                f"{json_size / 2**20:.1f}MB"
            )
            commands = [*ours.values(), *peers.values()]
            runs = max(3, size.process_runs // 2)  # noisy machines: a median of several
            timed = dict(zip([*ours, *peers], turns_measured(commands, runs, env), strict=True))
        text_s, text_cpu = timed["txt"][0], timed["txt"][2]
        for name in PEERS:
            seconds, peak, cpu = timed[name]
            out.append(
                bench_line(
                    f"process-{tables}-{name}", text_s, name, seconds,
                    f"peak={timed['txt'][1] / 2**20:.0f}MB {name}_peak={peak / 2**20:.0f}MB "
                    f"cpu={text_cpu:.3f}s {name}_cpu={cpu:.3f}s",
                )
            )  # fmt: skip
        for kind in ("json", "csv"):
            seconds, peak, cpu = timed[kind]
            out.append(
                f"BENCH process-{tables}-{kind} ours={seconds:.4f}s text={text_s:.4f}s "
                f"ratio={seconds / text_s:.2f} peak={peak / 2**20:.0f}MB "
                f"cpu={cpu:.3f}s cpu_ratio={cpu / text_cpu:.2f}"
            )
        polars_s, polars_cpu = timed["polars"][0], timed["polars"][2]
        out.append(
            target(
                f"score {tables} tables text vs polars",
                polars_s >= text_s,
                f"ratio >= 1 (polars {polars_s:.2f}s / score {text_s:.2f}s = "
                f"{polars_s / text_s:.2f}; by CPU time {polars_cpu / text_cpu:.2f}, load average "
                f"{os.getloadavg()[0]:.1f})",
                quick,
            )
        )
        json_s = timed["json"][0]
        out.append(
            target(
                f"score {tables} tables JSON vs text",
                json_s <= 2 * text_s,
                f"<= 2x the text ({json_s / text_s:.2f}x)",
                quick,
            )
        )
        if tables >= 3000 or quick:
            out.append(
                target(
                    f"JSON file size at {tables} tables",
                    json_size <= 60 * 2**20 * tables / 3000,
                    f"<= 60MB at 3,000 tables, in proportion below ({json_size / 2**20:.1f}MB)",
                    quick,
                )
            )
    return out


# --- case 6: the results site ------------------------------------------------------------------


def case_report(size: Size, quick: bool) -> list[str]:
    out = []
    times: dict[int, float] = {}
    with tempfile.TemporaryDirectory(prefix="bridgescore-bench-") as folder:
        env = bench_env(folder)
        sample = Path(__file__).resolve().parent.parent / "src/bridgescore/samples/club-night.csv"

        # Each size's site goes into a folder of its own, none deleted before the end: on a
        # filesystem without a journal (ext4 here), making a file skips every inode deleted in
        # the last minute or more, so a site written just after another one was replaced
        # (thousands of files deleted) pays for those deletions (docs/performance.md).
        def report(path: Path, site: str = "site") -> list[str]:
            out = str(Path(folder) / site)
            return [sys.executable, "-m", "bridgescore", "report", str(path), "-o", out]

        club, _, _ = measured(report(sample), size.process_runs, env)
        out.append(bench_line("report-club-night", club, "target", 1.0))
        out.append(target("report club night", club <= 1.0, f"<= 1s (took {club:.2f}s)", quick))
        for tables in size.report_tables:
            path = Path(folder) / f"simultaneous-{tables}.csv"
            rows = write_simultaneous(path, tables)
            # A new site, as a night is first published, timed once: the club night above has
            # warmed the caches and written the .pyc files. A warming run of this size would
            # write as many files again just before (their inodes are what the next site's
            # look past on this disk), and writing over its folder would time the deletion of
            # its files too, seconds at 3,000 tables on a disk mounted with discard
            # (docs/performance.md).
            seconds, peak, cpu = run_measured(report(path, f"site-{tables}"), env)
            times[tables] = seconds
            out.append(
                f"# report {tables} tables ({rows:,} results, {2 * tables} score cards): "
                f"{seconds:.2f}s, peak {peak / 2**20:.0f}MB, {rows / seconds:,.0f} results a "
                f"second, CPU {cpu:.2f}s (both processes; load average {os.getloadavg()[0]:.1f})"
            )
    for tables, limit in ((1000, 5.0), (3000, 10.0)):
        if tables in times:
            out.append(bench_line(f"report-{tables}", times[tables], "target", limit))
            out.append(
                target(
                    f"report {tables} tables",
                    times[tables] <= limit,
                    f"<= {limit:.0f}s (took {times[tables]:.2f}s)",
                    quick,
                )
            )
    low, high = min(times), max(times)
    growth = math.log(times[high] / times[low]) / math.log(high / low)
    out.append(f"# report growth exponent {low}->{high} tables: {growth:.2f}")
    out.append(target(f"report growth {low}->{high}", growth <= 1.1, "exponent <= 1.1", quick))
    return out


# --- main ---------------------------------------------------------------------------------------

RUNNERS = {
    "matchpoints": case_matchpoints,
    "contracts": case_contracts,
    "club-night": case_club_night,
    "scale": case_scale,
    "process": case_process,
    "report": case_report,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small sizes for CI smoke runs")
    parser.add_argument("cases", nargs="*", metavar="case",
                        help=f"cases to run (default all): {', '.join(CASES)}")  # fmt: skip
    args = parser.parse_args(argv)
    unknown = [c for c in args.cases if c not in CASES]
    if unknown:
        parser.error(f"unknown case {', '.join(unknown)} (expected {', '.join(CASES)})")
    size = QUICK if args.quick else FULL
    import numpy

    print(
        f"# bridgescore bench, {'quick' if args.quick else 'full'} size; Python "
        f"{sys.version.split()[0]}, numpy {numpy.__version__}",
        flush=True,
    )
    targets = []
    for case in args.cases or CASES:
        started = time.perf_counter()
        for line in RUNNERS[case](size, args.quick):
            print(line, flush=True)
            if line.startswith("# target "):
                targets.append(line.removeprefix("# target "))
        print(f"# {case}: {time.perf_counter() - started:.1f}s in all", flush=True)
    # Every target of the run together, as the last lines: what a reader looks for first.
    missed = sum(1 for t in targets if t.endswith(": NOT met") or ": NOT met (" in t)
    print(f"# targets: {len(targets) - missed} met, {missed} NOT met", flush=True)
    for line in targets:
        print(f"#   {line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
