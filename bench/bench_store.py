"""Benchmark of bridgescore's database: a club's 10 years, on SQLite and PostgreSQL.

    python bench/bench_store.py [--sessions 1000] [--growth 100,1000,10000] [--pg URL] [--quick]

1. Imports ``--sessions`` sessions (two a week for ten years: an 8-table Mitchell, 24 boards,
   players drawn from 60 members), reported as sessions per second; then computes every
   player's handicap as at the last date (scoring each session once into the score cache).
2. Growth: with 100, 1,000 and 10,000 stored sessions (small ones: the size of a session does
   not enter a handicap query), the time of one handicap query for all players with the cache
   warm -- the query should grow with the number of sessions, not faster.

PostgreSQL: ``--pg URL`` (an empty database), else a throwaway server is started like the
tests' (tests/pg.py; needs Debian's postgresql). Lines: ``BENCH <case> <figures>``.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bridgescore.store import open_store
from bridgescore.store.sessions import parse_csv

FIRST = date(2016, 1, 5)
RESULTS = [
    ("4S", "N", "10"),
    ("4S", "N", "9"),
    ("3NT", "S", "9"),
    ("3NT", "S", "10"),
    ("2H", "E", "8"),
    ("4H", "W", "10"),
    ("1NT", "N", "7"),
    ("3C", "E", "9"),
    ("5DX", "W", "9"),
    ("PASS", "", ""),
]
FIRST_NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
LAST_NAMES = ["Lee", "Roy", "Fox", "Gill", "Hart", "Ing"]
MEMBERS = [f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES]  # 60 members


def session_csv(index: int, tables: int, boards: int, rng: random.Random) -> str:
    """A Mitchell: NS pair t stays at table t; on board b, EW pair (t + b - 1) mod T plays it."""
    day = FIRST + timedelta(days=index * 7 // 2)
    people = rng.sample(MEMBERS, 4 * tables)
    pairs = [f"{people[2 * i]} & {people[2 * i + 1]}" for i in range(2 * tables)]
    lines = [
        f"# date: {day.isoformat()}",
        "board,ns,ew,contract,declarer,result,ns_names,ew_names",
    ]
    for board in range(1, boards + 1):
        for table in range(tables):
            ew = (table + board - 1) % tables
            played = ",".join(rng.choice(RESULTS))
            names = f"{pairs[table]},{pairs[tables + ew]}"
            lines.append(f"{board},{table + 1},{ew + 1},{played},{names}")
    return "\n".join(lines) + "\n"


def run(url: str, label: str, sessions: int, growth: list[int]) -> None:
    rng = random.Random(2016)
    texts = [parse_csv(session_csv(i, 8, 24, rng)) for i in range(sessions)]
    with open_store(url) as store:
        started = time.perf_counter()
        for rows in texts:
            store.import_rows(rows)
        seconds = time.perf_counter() - started
        print(
            f"BENCH store-import-{label} sessions={sessions} seconds={seconds:.1f} "
            f"rate={sessions / seconds:.1f} sessions/s"
        )
        last = FIRST + timedelta(days=sessions * 7 // 2 + 1)
        started = time.perf_counter()
        store.refresh_scores()  # what `bridgescore import` does after storing
        found = store.handicaps(last)
        seconds = time.perf_counter() - started
        with_one = sum(1 for h in found if h.explanation.handicap is not None)
        print(
            f"BENCH store-handicaps-{label} sessions={sessions} players={len(found)} "
            f"with_handicap={with_one} seconds={seconds:.1f} (scores every session once)"
        )
    for size in growth:
        with fresh(url, label, size) as grown:
            rows_rng = random.Random(size)
            started = time.perf_counter()
            for i in range(size):
                grown.import_rows(parse_csv(session_csv(i, 3, 2, rows_rng)))
            built = time.perf_counter() - started
            as_of = FIRST + timedelta(days=size * 7 // 2 + 1)
            grown.refresh_scores()  # fills the score cache, as `bridgescore import` does
            timings = []
            for _ in range(3):
                started = time.perf_counter()
                grown.handicaps(as_of, save=False)
                timings.append(time.perf_counter() - started)
            print(
                f"BENCH store-handicap-query-{label} sessions={size} "
                f"query={min(timings) * 1000:.0f}ms (import {size / built:.0f} sessions/s)"
            )


@contextmanager
def fresh(url: str, label: str, size: int) -> Iterator[object]:
    """An empty database beside ``url`` for one growth step."""
    if label == "sqlite":
        with tempfile.TemporaryDirectory() as folder, open_store(f"{folder}/g.db") as store:
            yield store
        return
    import psycopg
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    name = f"growth_{size}"
    admin = f"host={parsed.host} port={parsed.port} user={parsed.username} dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    with open_store(parsed.set(database=name).render_as_string(hide_password=False)) as store:
        yield store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--growth", default="100,1000,10000")
    parser.add_argument("--pg", help="an empty PostgreSQL database URL")
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    parser.add_argument("--only", choices=["sqlite", "postgresql"])
    args = parser.parse_args()
    sessions = 40 if args.quick else args.sessions
    growth = [20, 200] if args.quick else [int(n) for n in args.growth.split(",") if n]
    if args.only != "postgresql":
        with tempfile.TemporaryDirectory() as folder:
            run(f"{folder}/bench.db", "sqlite", sessions, growth)
    if args.only == "sqlite":
        return
    if args.pg:
        run(args.pg, "postgresql", sessions, growth)
        return
    from tools.servers import Unavailable, postgresql

    try:
        with postgresql() as pg:
            run(pg.new_database(), "postgresql", sessions, growth)
    except Unavailable as why:
        print(f"# PostgreSQL skipped: {why} (make postgres installs it)")


if __name__ == "__main__":
    main()
