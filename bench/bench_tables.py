"""Load test of players' phones: tables entering their rounds at once against a real server.

    python bench/bench_tables.py [--tables 10,50,100,200] [--quick] [--pg URL]

For each size, a Mitchell of that many tables (3 rounds of 3 boards) is set up in a fresh
database and ``bridgescore serve`` is started on 127.0.0.1: SQLite with one worker, then
PostgreSQL with two (a throwaway server like the tests', or ``--pg URL``, an empty database).
Every table joins with its code; then all tables play their rounds at once, each sending a
result every 0 to 1 s (a table's phone after each board, compressed from minutes to a second)
while polling its state every 2 s, as the table page does. Each submission's time is measured
from sending to the answer (which comes after the commit).

Afterwards the database is read: every acknowledged result is stored, each traveller line
exactly once, and no request failed. The load stops by itself (each size is bounded in time)
and never leaves the machine (loopback only). Lines: ``BENCH <case> <figures>``; targets at
50 tables: submission p99 < 100 ms and p50 < 20 ms, no error, each result stored once.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.servers import serving  # noqa: E402  (the same server starter as the tests')

from bridgescore.bridge import Vulnerability, dealer_for_board  # noqa: E402
from bridgescore.movements import jsonform as movement_json  # noqa: E402
from bridgescore.movements import mitchell  # noqa: E402
from bridgescore.store import open_store  # noqa: E402
from bridgescore.store.sessions import BoardRow, EntrantRow  # noqa: E402

ROUNDS = 3
BOARDS_PER_ROUND = 3
THINK = 1.0  # seconds: a table sends its next result 0 to THINK s after the last
POLL = 2.0  # seconds between a phone's state requests
LIMIT = 180.0  # seconds: a size that takes longer is stopped and reported as failed
RESULTS = [
    {"contract": "4S", "declarer": "N", "tricks": "="},
    {"contract": "3NT", "declarer": "S", "tricks": "+1"},
    {"contract": "2HX", "declarer": "E", "tricks": "-2"},
    {"contract": "PASS"},
    {"contract": "1NT", "declarer": "W", "tricks": "="},
]


def set_up(url: str, tables: int) -> tuple[int, list[str]]:
    """A live session of a ``tables``-table Mitchell in a fresh database; its table codes."""
    movement = mitchell(tables, BOARDS_PER_ROUND, rounds=ROUNDS)
    store = open_store(url)
    try:
        club = store.club_id("Load test club")
        session = store.create_live_session(
            club,
            title=f"{tables} tables",
            played_on=None,
            structure="mitchell",
            rules={"name": "club", "overrides": {}},
            plan=movement_json.dumps(movement),
            boards=tuple(
                BoardRow(b, Vulnerability.for_board(b).value, dealer_for_board(b).value, None)
                for b in movement.boards
            ),
            entrants=tuple(
                EntrantRow("", c.line.value if c.line else "", c.number, False, None, None, ())
                for c in movement.contestants
            ),
            by="bench",
        )
        codes = store.table_codes(session, [("", str(t)) for t in range(1, tables + 1)])
    finally:
        store.close()
    return session, [c.code for c in codes]


@dataclass
class Load:
    submits: list[float] = field(default_factory=list)  # seconds
    polls: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acknowledged: dict[str, str] = field(default_factory=dict)  # client id -> entry key


async def table(client: httpx.AsyncClient, number: int, token: str, load: Load, seed: int) -> None:
    rng = random.Random(seed)
    headers = {"authorization": f"Bearer {token}"}
    answer = await client.get("/t/api/state", headers=headers)
    if answer.status_code != 200:
        load.errors.append(f"table {number}: state {answer.status_code}")
        return
    rounds = answer.json()["rounds"]
    sent = 0
    for round_ in rounds:
        for board in round_["boards"]:
            await asyncio.sleep(rng.uniform(0, THINK))
            client_id = f"load-{number}-{round_['round']}-{board['board']}"
            body = {
                "client_id": client_id,
                "board": board["board"],
                "round": round_["round"],
                **RESULTS[(number + sent) % len(RESULTS)],
            }
            sent += 1
            start = time.perf_counter()
            try:
                answer = await client.post("/t/api/results", json=body, headers=headers)
            except httpx.HTTPError as error:
                load.errors.append(f"table {number}: {type(error).__name__}")
                continue
            load.submits.append(time.perf_counter() - start)
            if answer.status_code in (200, 201):
                load.acknowledged[client_id] = f"|{board['board']}|r{round_['round']}|t{number}"
            else:
                load.errors.append(f"table {number}: {answer.status_code} {answer.text[:80]}")


async def poller(client: httpx.AsyncClient, token: str, load: Load, stop: asyncio.Event) -> None:
    headers = {"authorization": f"Bearer {token}"}
    await asyncio.sleep(random.uniform(0, POLL))
    while not stop.is_set():
        start = time.perf_counter()
        try:
            answer = await client.get("/t/api/state", headers=headers)
            load.polls.append(time.perf_counter() - start)
            if answer.status_code != 200:
                load.errors.append(f"poll: {answer.status_code}")
        except httpx.HTTPError as error:
            load.errors.append(f"poll: {type(error).__name__}")
        with suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), POLL)


async def play(base: str, codes: list[str]) -> Load:
    load = Load()
    limits = httpx.Limits(max_connections=2 * len(codes) + 10)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        tokens = []
        for code in codes:
            answer = await client.post("/t/api/join", json={"code": code})
            answer.raise_for_status()
            tokens.append(answer.json()["token"])
        stop = asyncio.Event()
        polls = [asyncio.create_task(poller(client, t, load, stop)) for t in tokens]
        tables = [table(client, n, t, load, n) for n, t in enumerate(tokens, start=1)]
        try:
            await asyncio.wait_for(asyncio.gather(*tables), LIMIT)
        except TimeoutError:
            load.errors.append(f"stopped after {LIMIT:.0f} s")
        stop.set()
        await asyncio.gather(*polls)
    return load


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def stored_once(url: str, session: int, load: Load) -> tuple[bool, str]:
    store = open_store(url)
    try:
        rows = store.session_rows(session).results
        keys = [r.entry_key for r in rows]
        every = set(load.acknowledged.values()) <= set(keys)
        once = all(len(store.history(session, k)) == 1 for k in keys)
        return every and once and len(keys) == len(load.acknowledged), (
            f"stored={len(keys)} acknowledged={len(load.acknowledged)} each_once={once}"
        )
    finally:
        store.close()


def run(url: str, label: str, workers: int, tables: int) -> tuple[float, float, bool]:
    session, codes = set_up(url, tables)
    with serving(url, workers) as (_, base):
        started = time.monotonic()
        load = asyncio.run(play(base, codes))
        took = time.monotonic() - started
    ok, words = stored_once(url, session, load)
    p50 = percentile(load.submits, 50) * 1000
    p99 = percentile(load.submits, 99) * 1000
    print(
        f"BENCH phones-{label} tables={tables} workers={workers} results={len(load.submits)} "
        f"p50_ms={p50:.1f} p99_ms={p99:.1f} max_ms={max(load.submits, default=0) * 1000:.1f} "
        f"polls={len(load.polls)} poll_p99_ms={percentile(load.polls, 99) * 1000:.1f} "
        f"errors={len(load.errors)} {words} seconds={took:.1f}",
        flush=True,
    )
    for error in load.errors[:5]:
        print(f"#   {error}")
    return p50, p99, ok and not load.errors


def sqlite_url(folder: str, tables: int) -> str:
    return str(Path(folder) / f"phones-{tables}.db")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="10,50,100,200")
    parser.add_argument("--quick", action="store_true", help="10 and 50 tables, SQLite only")
    parser.add_argument("--pg", help="an empty PostgreSQL database URL (else a throwaway one)")
    args = parser.parse_args()
    sizes = [10, 50] if args.quick else [int(t) for t in args.tables.split(",")]
    print(
        f"# phones at the tables: {ROUNDS} rounds x {BOARDS_PER_ROUND} boards per table, a "
        f"result every 0-{THINK:.0f} s per table, state polled every {POLL:.0f} s"
    )
    verdicts = []
    with tempfile.TemporaryDirectory(prefix="bench-phones-") as folder:
        for tables in sizes:
            p50, p99, ok = run(sqlite_url(folder, tables), "sqlite", 1, tables)
            if tables == 50:
                verdicts.append(("sqlite, 1 worker", p50, p99, ok))
    if not args.quick:
        verdicts += postgresql(args.pg, sizes)
    for label, p50, p99, ok in verdicts:
        met = p99 < 100 and p50 < 20 and ok
        print(
            f"# target phones at 50 tables ({label}): p99 < 100 ms and p50 < 20 ms, no error, "
            f"each result stored once: p50 {p50:.1f} ms, p99 {p99:.1f} ms: "
            f"{'met' if met else 'NOT met'}"
        )


def postgresql(given: str | None, sizes: list[int]) -> list[tuple[str, float, float, bool]]:
    verdicts = []
    if given:  # one database: each size is a session of its own in it
        for tables in sizes:
            p50, p99, ok = run(given, "postgresql", 2, tables)
            if tables == 50:
                verdicts.append(("PostgreSQL, 2 workers", p50, p99, ok))
        return verdicts
    from tools.servers import binaries, postgresql

    if binaries() is None:
        print("# PostgreSQL is not installed (make postgres): its cases are skipped")
        return verdicts
    with postgresql() as pg:
        for tables in sizes:
            p50, p99, ok = run(pg.new_database(), "postgresql", 2, tables)
            if tables == 50:
                verdicts.append(("PostgreSQL, 2 workers", p50, p99, ok))
    return verdicts


if __name__ == "__main__":
    main()
