"""Load test of players' phones: tables entering their rounds at once against a real server.

    python bench/bench_tables.py [--tables 10,50,100,200] [--quick] [--pg URL] [--consoles-only]

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

Then the director's side (``consoles-…``): 200 tables and 4 consoles open on the session's
watch page. Each console holds the page's event stream and, on each change, fetches the page
again with the ETag it has, as the page's script does; each phone holds its table's stream and
fetches its state when told. The tables send round 1's results (one every 0 to 60 s a table:
about three a second in all, some seven times a club's pace; --quick, one result a table).
Measured: from a phone sending a result
to each console's page showing it (read off the page's missing results), and, once the load is
over, the unchanged watch page answered to a console that has it (304) and in full. Targets:
visible p95 < 1 s, unchanged page < 20 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import re  # noqa: E402

from tools.servers import serving  # noqa: E402  (the same server starter as the tests')

from bridgescore.bridge import Vulnerability, dealer_for_board  # noqa: E402
from bridgescore.movements import jsonform as movement_json  # noqa: E402
from bridgescore.movements import mitchell  # noqa: E402
from bridgescore.night import Service  # noqa: E402
from bridgescore.night import tables as night_tables  # noqa: E402
from bridgescore.store import open_store  # noqa: E402
from bridgescore.store.lines import line_key  # noqa: E402
from bridgescore.store.sessions import BoardRow, EntrantRow  # noqa: E402
from bridgescore.traveller import RowKey  # noqa: E402
from loadclient import Connection, cpu_seconds  # noqa: E402

ROUNDS = 3
BOARDS_PER_ROUND = 3
THINK = 1.0  # seconds: a table sends its next result 0 to THINK s after the last
POLL = 2.0  # seconds between a phone's state requests
T = TypeVar("T")
LIMIT = 180.0  # seconds: a size that takes longer is stopped and reported as failed
RESULTS = [
    {"contract": "4S", "declarer": "N", "tricks": "="},
    {"contract": "3NT", "declarer": "S", "tricks": "+1"},
    {"contract": "2HX", "declarer": "E", "tricks": "-2"},
    {"contract": "PASS"},
    {"contract": "1NT", "declarer": "W", "tricks": "="},
]


def result_body(
    kind: str, number: int, round_: dict[str, Any], board: dict[str, Any], sent: int
) -> dict[str, Any]:
    """What table ``number`` sends as its ``sent``-th result (counted from 0), on a board of a
    round of its state; the client id names the case, the table, the round and the board."""
    return {
        "client_id": f"{kind}-{number}-{round_['round']}-{board['board']}",
        "board": board["board"],
        "round": round_["round"],
        **RESULTS[(number + sent) % len(RESULTS)],
    }


class Answered(Protocol):
    """A case's record of the results it sent."""

    acknowledged: dict[str, str]
    errors: list[str]


def counted(load: Answered, body: dict[str, Any], number: int, status: int, said: str) -> None:
    """A result's answer: acknowledged (200 or 201) under its line's key, or an error."""
    if status in (200, 201):
        load.acknowledged[body["client_id"]] = line_key(
            RowKey(None, body["board"], body["round"], str(number))
        )
    else:
        load.errors.append(f"table {number}: {status} {said}")


def set_up(url: str, tables: int, rounds: int = ROUNDS) -> tuple[int, list[dict[str, str]]]:
    """A live session of a ``tables``-table Mitchell in a fresh database; what each table's
    phone sends to join it (the code and the key of the table card's QR code)."""
    movement = mitchell(tables, BOARDS_PER_ROUND, rounds=rounds)
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
        night = Service(store)
        joins = [{"code": c.code, "card": night_tables.card_key(night, c.code)} for c in codes]
    finally:
        store.close()
    return session, joins


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
            body = result_body("load", number, round_, board, sent)
            sent += 1
            start = time.perf_counter()
            try:
                answer = await client.post("/t/api/results", json=body, headers=headers)
            except httpx.HTTPError as error:
                load.errors.append(f"table {number}: {type(error).__name__}")
                continue
            load.submits.append(time.perf_counter() - start)
            counted(load, body, number, answer.status_code, answer.text[:80])


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


async def play(base: str, codes: list[dict[str, str]]) -> Load:
    load = Load()
    limits = httpx.Limits(max_connections=2 * len(codes) + 10)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        tokens = []
        for code in codes:
            answer = await client.post("/t/api/join", json=code)
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


Codes = list[dict[str, str]]


def served(
    url: str,
    workers: int,
    tables: int,
    drive: Callable[[Any, str, int, Codes], Coroutine[Any, Any, T]],
    rounds: int = ROUNDS,
    access_log: bool = True,
    prepare: Callable[[], None] | None = None,
) -> tuple[int, T, float]:
    """Every case's run: a session of ``tables`` tables set up in ``url`` (then ``prepare``),
    the server started with ``workers`` workers, and ``drive(process, base, session, codes)``
    run against it; the session, what ``drive`` returned and the seconds it took."""
    session, codes = set_up(url, tables, rounds)
    if prepare is not None:
        prepare()
    with serving(url, workers, access_log=access_log) as (process, base):
        started = time.monotonic()
        found = asyncio.run(drive(process, base, session, codes))
        took = time.monotonic() - started
    return session, found, took


def show_errors(errors: list[str]) -> None:
    """The first few errors of a case, under its BENCH line."""
    for error in errors[:5]:
        print(f"#   {error}")


def on_postgresql(
    given: str | None, case: Callable[[Callable[[], str], int | None], T], durable: bool = False
) -> T | None:
    """``case(database, pid)`` on PostgreSQL: ``database()`` is the URL ``given`` (each case a
    session of its own in it) or a new database in one throwaway cluster (``durable``:
    flushing every commit), whose server's ``pid`` it is (None for a given database); None
    when PostgreSQL is not installed."""
    if given:
        return case(lambda: given, None)
    from tools.servers import binaries, postgresql

    if binaries() is None:
        return None
    with postgresql(durable=durable) as pg:
        postmaster = int((pg.data / "postmaster.pid").read_text().split()[0])
        return case(pg.new_database, postmaster)


def run(url: str, label: str, workers: int, tables: int) -> tuple[float, float, bool]:
    session, load, took = served(url, workers, tables, lambda _, base, __, codes: play(base, codes))
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
    show_errors(load.errors)
    return p50, p99, ok and not load.errors


# --- flat out: a congress's tables with no think time --------------------------------------------

FLAT_TABLES = 200
FLAT_ROUNDS = 8  # 24 results a table: 4,800 in all at 200 tables
FLAT_POLL_SECONDS = 5.0  # the unchanged state polled flat out for this long afterwards


@dataclass
class Flat:
    submits: list[float] = field(default_factory=list)
    polls: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acknowledged: dict[str, str] = field(default_factory=dict)
    unchanged: int = 0  # 304s in the polling phase


async def flat_table(
    base: tuple[str, int], number: int, token: str, load: Flat, stop: asyncio.Event
) -> None:
    """A table's phone with no think time: each result sent as soon as the last is answered,
    and its state polled every POLL s on a second connection with the ETag it has (as the
    table page does), until ``stop``."""
    headers = {"authorization": f"Bearer {token}"}
    sending, polling = Connection(*base), Connection(*base)
    tag: list[str] = []

    async def poll() -> None:
        await asyncio.sleep(random.uniform(0, POLL))
        while not stop.is_set():
            asked = {**headers, "if-none-match": tag[0]} if tag else headers
            started = time.perf_counter()
            answer = await polling.request("GET", "/t/api/state", asked)
            load.polls.append(time.perf_counter() - started)
            if answer.status == 200:
                tag[:] = [answer.headers["etag"]]
            elif answer.status != 304:
                load.errors.append(f"poll: {answer.status}")
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), POLL)

    first = await sending.request("GET", "/t/api/state", headers)
    if first.status != 200:
        load.errors.append(f"table {number}: state {first.status}")
        return
    poller_task = asyncio.create_task(poll())
    sent = 0
    try:
        for round_ in first.json()["rounds"]:
            for board in round_["boards"]:
                body = result_body("flat", number, round_, board, sent)
                sent += 1
                started = time.perf_counter()
                try:
                    answer = await sending.request("POST", "/t/api/results", headers, body)
                except (OSError, asyncio.IncompleteReadError) as error:
                    load.errors.append(f"table {number}: {type(error).__name__}")
                    continue
                load.submits.append(time.perf_counter() - started)
                counted(load, body, number, answer.status, repr(answer.body[:80]))
    finally:
        await stop.wait()
        await poller_task
        await sending.close()
        await polling.close()


async def unchanged_polls(
    base: tuple[str, int], tokens: list[str], load: Flat, seconds: float
) -> int:
    """Every phone asks for its unchanged state with the ETag it has, flat out, for
    ``seconds``: how many were answered (each must be a 304)."""
    deadline = time.monotonic() + seconds
    answered = 0

    async def phone(token: str) -> None:
        nonlocal answered
        connection = Connection(*base)
        headers = {"authorization": f"Bearer {token}"}
        tag = (await connection.request("GET", "/t/api/state", headers)).headers["etag"]
        asked = {**headers, "if-none-match": tag}
        while time.monotonic() < deadline:
            answer = await connection.request("GET", "/t/api/state", asked)
            if answer.status != 304:
                load.errors.append(f"unchanged state: {answer.status}")
            answered += 1
        await connection.close()

    await asyncio.gather(*(phone(t) for t in tokens))
    return answered


@dataclass(frozen=True)
class FlatFigures:
    label: str
    workers: int
    results_per_second: float
    p50_ms: float
    p99_ms: float
    server_cores: float  # the server's (and its database's) CPU seconds per second of the run
    database_share: float  # of that CPU time, the database server's
    per_core: float  # results a second per core the server used
    polls_per_second: float  # unchanged states answered (304) a second, flat out
    poll_cpu_ms: float  # server CPU (and database's) per unchanged state
    ok: bool


async def _flat(
    base: tuple[str, int], codes: list[dict[str, str]], load: Flat, cpu: Any
) -> tuple[float, tuple[float, float], float, float]:
    join = Connection(*base)
    tokens = []
    for code in codes:
        answer = await join.request("POST", "/t/api/join", {}, code)
        if answer.status != 201:
            raise SystemExit(f"join: {answer.status} {answer.body[:200]!r}")
        tokens.append(answer.json()["token"])
    await join.close()
    stop = asyncio.Event()
    cpu_before, started = cpu(), time.monotonic()
    tables = [
        asyncio.create_task(flat_table(base, n, t, load, stop))
        for n, t in enumerate(tokens, start=1)
    ]
    deadline = started + LIMIT
    while len(load.submits) + len(load.errors) < FLAT_ROUNDS * BOARDS_PER_ROUND * len(tokens):
        if time.monotonic() > deadline or all(t.done() for t in tables):
            break
        await asyncio.sleep(0.05)
    after = cpu()
    took, used = time.monotonic() - started, (after[0] - cpu_before[0], after[1] - cpu_before[1])
    stop.set()
    await asyncio.gather(*tables)
    cpu_before, started = cpu(), time.monotonic()
    load.unchanged = await unchanged_polls(base, tokens, load, FLAT_POLL_SECONDS)
    after = cpu()
    poll_took = time.monotonic() - started
    poll_used = after[0] - cpu_before[0] + after[1] - cpu_before[1]
    return took, used, poll_took, poll_used


def flat_out(
    url: str, label: str, workers: int, tables: int, database_pid: int | None
) -> FlatFigures:
    """``tables`` tables sending flat out (see :func:`flat_table`), then their unchanged
    state polled flat out; every acknowledged result checked stored once."""
    load = Flat()

    def drive(
        process: Any, base: str, _: int, codes: Codes
    ) -> Coroutine[Any, Any, tuple[float, tuple[float, float], float, float]]:
        host, port = base.removeprefix("http://").split(":")

        def cpu() -> tuple[float, float]:  # the web workers', the database server's
            return cpu_seconds(process.pid), cpu_seconds(database_pid) if database_pid else 0.0

        return _flat((host, int(port)), codes, load, cpu)

    session, measured, _ = served(url, workers, tables, drive, FLAT_ROUNDS, access_log=False)
    took, parts, poll_took, poll_used = measured
    used = parts[0] + parts[1]
    stored = Load(submits=load.submits, acknowledged=load.acknowledged)
    ok, words = stored_once(url, session, stored)
    rate = len(load.submits) / took if took else 0.0
    cores = used / took if took else 0.0
    figures = FlatFigures(
        label,
        workers,
        rate,
        percentile(load.submits, 50) * 1000,
        percentile(load.submits, 99) * 1000,
        cores,
        parts[1] / used if used else 0.0,
        len(load.submits) / used if used else 0.0,
        load.unchanged / poll_took if poll_took else 0.0,
        poll_used / load.unchanged * 1000 if load.unchanged else float("nan"),
        ok and not load.errors,
    )
    print(
        f"BENCH flat-out-{label} tables={tables} workers={workers} results={len(load.submits)} "
        f"results_per_s={rate:.0f} p50_ms={figures.p50_ms:.1f} p99_ms={figures.p99_ms:.1f} "
        f"max_ms={max(load.submits, default=0) * 1000:.1f} polls={len(load.polls)} "
        f"poll_p99_ms={percentile(load.polls, 99) * 1000:.1f} server_cores={cores:.2f} "
        f"database_share={figures.database_share:.2f} "
        f"results_per_s_per_server_core={figures.per_core:.0f} "
        f"server_cpu_s_per_1000_results={1000 / figures.per_core if figures.per_core else 0:.2f} "
        f"unchanged_polls_per_s={figures.polls_per_second:.0f} "
        f"unchanged_poll_server_cpu_ms={figures.poll_cpu_ms:.2f} errors={len(load.errors)} "
        f"{words} seconds={took:.1f} load_average={os.getloadavg()[0]:.1f}",
        flush=True,
    )
    show_errors(load.errors)
    return figures


def flat_verdict(found: FlatFigures, results_target: int, p99_target: float | None) -> None:
    met = found.results_per_second >= results_target and found.ok
    words = f">= {results_target} results/s"
    if p99_target is not None:
        met = met and found.p99_ms < p99_target
        words += f" and p99 < {p99_target:.0f} ms"
    print(
        f"# target flat out ({found.label}, {found.workers} worker(s)): {words}: "
        f"{found.results_per_second:.0f}/s, p99 {found.p99_ms:.0f} ms "
        f"({found.per_core:.0f} results/s per server core, "
        f"{1000 / found.per_core if found.per_core else 0:.2f} s of server CPU per 1,000 results, "
        f"{found.server_cores:.2f} cores used): "
        f"{'met' if met else 'NOT met'}"
    )
    print(
        f"# target unchanged poll ({found.label}) < 2 ms of server time: "
        f"{found.poll_cpu_ms:.2f} ms ({found.polls_per_second:.0f}/s answered 304): "
        f"{'met' if found.poll_cpu_ms < 2 else 'NOT met'}"
    )


# --- the director's consoles ----------------------------------------------------------------------

CONSOLES = 4
CONSOLE_TABLES = 200
CONSOLE_THINK = 60.0  # seconds: a table sends its next result 0 to this after the last
# A connection idle this long is not used again: the server closes one after 5 s, and a request
# sent on it at that moment would fail for the load generator, not for the server.
KEEPALIVE = httpx.Limits(max_connections=1000, keepalive_expiry=4.0)
PASSWORD = "correct horse battery"
_MISSING = re.compile(
    r'<tr><td><a href="[^"]*/tables/(\d+)/rounds/(\d+)">\d+</a></td><td>.*?</td><td>(.*?)</td></tr>'
)
_BOARD = re.compile(r'/boards/(\d+)"')
_REVISION = re.compile(r'id="watch"[^>]*data-revision="(\d+)"')


@dataclass
class Consoles:
    sent: dict[tuple[int, int, int], float] = field(default_factory=dict)  # line -> time sent
    seen: list[dict[tuple[int, int, int], float]] = field(default_factory=list)  # per console
    fetches: list[float] = field(default_factory=list)  # a console's page, changed, in full
    errors: list[str] = field(default_factory=list)
    acknowledged: dict[str, str] = field(default_factory=dict)
    lines: set[tuple[int, int, int]] = field(default_factory=set)  # every line the tables play


async def director(base: str) -> httpx.AsyncClient:
    """A console's browser: logged in (its cookie), the page's CSRF token unneeded here."""
    client = httpx.AsyncClient(base_url=base, timeout=30, limits=KEEPALIVE)
    form = await client.get("/login")
    token = re.search(r'name="csrf" value="([^"]+)"', form.text)
    assert token
    answer = await client.post(
        "/login.json", data={"username": "bench", "password": PASSWORD, "csrf": token.group(1)}
    )
    answer.raise_for_status()
    return client


def shown(page: str, every: set[tuple[int, int, int]]) -> set[tuple[int, int, int]]:
    """The lines a watch page shows as entered: every line but its missing ones."""
    missing = set()
    for table, round_, boards in _MISSING.findall(page):
        for board in _BOARD.findall(boards):
            missing.add((int(table), int(round_), int(board)))
    return every - missing


async def console(
    client: httpx.AsyncClient, session: int, load: Consoles, index: int, stop: asyncio.Event
) -> None:
    """A watch page: on each change its stream tells of, the page fetched again (with its ETag),
    the lines it now shows noted with the time (as the page's script does it, one fetch at a
    time, one more after it when a change came meanwhile)."""
    url = f"/director/sessions/{session}"
    seen = load.seen[index]
    tag: str | None = None
    wanted = asyncio.Event()

    async def fetch() -> None:
        nonlocal tag
        while not stop.is_set():
            await wanted.wait()
            wanted.clear()
            started = time.perf_counter()
            try:
                answer = await client.get(url, headers={"if-none-match": tag} if tag else {})
            except httpx.HTTPError as error:
                load.errors.append(f"console {index}: {type(error).__name__}")
                continue
            if answer.status_code == 304:
                continue
            if answer.status_code != 200:
                load.errors.append(f"console {index}: {answer.status_code}")
                continue
            now = time.perf_counter()
            load.fetches.append(now - started)
            tag = answer.headers.get("etag")
            for line in shown(answer.text, load.lines):
                seen.setdefault(line, now)

    fetcher = asyncio.create_task(fetch())
    try:
        async with client.stream("GET", url + "/events") as stream:
            async for line in stream.aiter_lines():
                if line.startswith("data: "):
                    wanted.set()
                if stop.is_set():
                    break
    except httpx.HTTPError as error:
        if not stop.is_set():
            load.errors.append(f"console {index} stream: {type(error).__name__}")
    finally:
        stop.set()
        wanted.set()
        await fetcher


async def listening_phone(
    client: httpx.AsyncClient, token: str, load: Consoles, stop: asyncio.Event
) -> None:
    """A table's page: its stream held, its state fetched (with its ETag) when told."""
    headers = {"authorization": f"Bearer {token}"}
    tag: str | None = None
    try:
        async with client.stream("GET", "/t/api/events", headers=headers) as stream:
            async for line in stream.aiter_lines():
                if stop.is_set():
                    return
                if line.startswith("data: "):
                    asked = {**headers, "if-none-match": tag} if tag else headers
                    answer = await client.get("/t/api/state", headers=asked)
                    if answer.status_code == 200:
                        tag = answer.headers.get("etag")
                    elif answer.status_code != 304:
                        load.errors.append(f"phone state: {answer.status_code}")
    except httpx.HTTPError as error:
        if not stop.is_set():
            load.errors.append(f"phone stream: {type(error).__name__}")


async def sending_table(
    client: httpx.AsyncClient, number: int, token: str, boards: int, load: Consoles, seed: int
) -> None:
    """A table sends its first ``boards`` results of round 1, one every 0 to CONSOLE_THINK s."""
    rng = random.Random(seed)
    headers = {"authorization": f"Bearer {token}"}
    state = (await client.get("/t/api/state", headers=headers)).json()
    sent = 0
    for round_ in state["rounds"][:1]:
        for board in round_["boards"][:boards]:
            await asyncio.sleep(rng.uniform(0, CONSOLE_THINK))
            body = result_body("console-load", number, round_, board, sent)
            sent += 1
            line = (number, round_["round"], board["board"])
            load.sent[line] = time.perf_counter()
            try:
                answer = await client.post("/t/api/results", json=body, headers=headers)
            except httpx.HTTPError as error:
                load.errors.append(f"table {number}: {type(error).__name__}")
                continue
            counted(load, body, number, answer.status_code, answer.text[:80])


async def watch_consoles(base: str, session: int, codes: list[dict[str, str]], boards: int) -> Any:
    load = Consoles(seen=[{} for _ in range(CONSOLES)])
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=KEEPALIVE) as client:
        tokens = []
        for code in codes:
            answer = await client.post("/t/api/join", json=code)
            answer.raise_for_status()
            tokens.append(answer.json()["token"])
        for number, token in enumerate(tokens, start=1):
            state = await client.get("/t/api/state", headers={"authorization": f"Bearer {token}"})
            if state.status_code != 200:
                raise SystemExit(f"state {number}: {state.status_code} {state.text[:200]}")
            for round_ in state.json()["rounds"]:
                for board in round_["boards"]:
                    load.lines.add((number, round_["round"], board["board"]))
        stop = asyncio.Event()
        desks = [await director(base) for _ in range(CONSOLES)]
        watchers = [
            asyncio.create_task(console(desk, session, load, i, stop))
            for i, desk in enumerate(desks)
        ]
        phones = [asyncio.create_task(listening_phone(client, t, load, stop)) for t in tokens]
        await asyncio.sleep(1)  # every stream open
        tables = [
            sending_table(client, n, t, boards, load, n) for n, t in enumerate(tokens, start=1)
        ]
        try:
            await asyncio.wait_for(asyncio.gather(*tables), LIMIT)
        except TimeoutError:
            load.errors.append(f"stopped after {LIMIT:.0f} s")
        # the last results reach the pages
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(len(s) < len(load.sent) for s in load.seen):
            await asyncio.sleep(0.1)
        unchanged, full = await unchanged_page(desks, session)
        stop.set()
        for task in [*watchers, *phones]:
            task.cancel()
        await asyncio.gather(*watchers, *phones, return_exceptions=True)
        for desk in desks:
            await desk.aclose()
    return load, unchanged, full


async def unchanged_page(
    desks: list[httpx.AsyncClient], session: int
) -> tuple[list[float], list[float]]:
    """The watch page while nothing changes: asked with the ETag a console has (304), and in
    full (a page opened anew), by each console in turn."""
    url = f"/director/sessions/{session}"
    conditional: list[float] = []
    full: list[float] = []
    for desk in desks:
        tag = (await desk.get(url)).headers["etag"]
        for _ in range(25):
            started = time.perf_counter()
            answer = await desk.get(url, headers={"if-none-match": tag})
            conditional.append(time.perf_counter() - started)
            assert answer.status_code == 304, answer.status_code
            started = time.perf_counter()
            answer = await desk.get(url)
            full.append(time.perf_counter() - started)
            assert answer.status_code == 200
    return conditional, full


def run_consoles(url: str, label: str, workers: int, boards: int) -> tuple[float, float, bool]:
    from bridgescore.web import auth

    def director() -> None:
        store = open_store(url)
        try:
            store.add_user("bench", auth.hash_password(PASSWORD), "director", "Load test club")
        finally:
            store.close()

    _, watched, took = served(
        url,
        workers,
        CONSOLE_TABLES,
        lambda _, base, session, codes: watch_consoles(base, session, codes, boards),
        prepare=director,
    )
    load, unchanged, full = watched
    delays = [
        seen[line] - load.sent[line] for seen in load.seen for line in load.sent if line in seen
    ]
    every = all(set(load.sent) <= set(seen) for seen in load.seen)
    p95 = percentile(delays, 95) * 1000
    conditional_p95 = percentile(unchanged, 95) * 1000
    print(
        f"BENCH consoles-{label} tables={CONSOLE_TABLES} consoles={CONSOLES} workers={workers} "
        f"results={len(load.sent)} visible_p50_ms={percentile(delays, 50) * 1000:.0f} "
        f"visible_p95_ms={p95:.0f} visible_max_ms={max(delays, default=0) * 1000:.0f} "
        f"page_fetches={len(load.fetches)} page_p50_ms={percentile(load.fetches, 50) * 1000:.0f} "
        f"unchanged_304_p50_ms={percentile(unchanged, 50) * 1000:.1f} "
        f"unchanged_304_p95_ms={conditional_p95:.1f} "
        f"unchanged_full_p50_ms={percentile(full, 50) * 1000:.1f} "
        f"unchanged_full_p95_ms={percentile(full, 95) * 1000:.1f} "
        f"every_result_shown={every} errors={len(load.errors)} seconds={took:.1f} "
        f"load_average={os.getloadavg()[0]:.1f}",
        flush=True,
    )
    show_errors(load.errors)
    return p95, conditional_p95, every and not load.errors


def consoles_verdict(label: str, p95: float, unchanged: float, ok: bool) -> None:
    met = p95 < 1000 and ok
    print(
        f"# target consoles ({label}): a phone's result on each of {CONSOLES} watch pages p95 "
        f"< 1 s: {p95:.0f} ms: {'met' if met else 'NOT met'}; an unchanged watch page < 20 ms: "
        f"{unchanged:.1f} ms (304 to a console that has it): "
        f"{'met' if unchanged < 20 else 'NOT met'}"
    )


def sqlite_url(folder: str, tables: int) -> str:
    return str(Path(folder) / f"phones-{tables}.db")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="10,50,100,200")
    parser.add_argument("--quick", action="store_true", help="10 and 50 tables, SQLite only")
    parser.add_argument("--pg", help="an empty PostgreSQL database URL (else a throwaway one)")
    parser.add_argument(
        "--consoles-only", action="store_true", help="only the director's consoles' case"
    )
    parser.add_argument(
        "--flat-out-only", action="store_true", help="only the congress's case (flat out)"
    )
    args = parser.parse_args()
    sizes = [10, 50] if args.quick else [int(t) for t in args.tables.split(",")]
    if args.consoles_only:
        sizes = []
    if not args.consoles_only:
        flat_cases(args.quick, args.pg)
    if args.flat_out_only:
        return
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
    boards = 1 if args.quick else BOARDS_PER_ROUND
    print(
        f"# the director's consoles: {CONSOLE_TABLES} tables, {CONSOLES} consoles on the watch "
        f"page, {boards} result(s) a table, one every 0-{CONSOLE_THINK:.0f} s"
    )
    with tempfile.TemporaryDirectory(prefix="bench-consoles-") as folder:
        found = run_consoles(str(Path(folder) / "consoles.db"), "sqlite", 1, boards)
    consoles_verdict("sqlite, 1 worker", *found)
    if not args.quick:
        pg = consoles_postgresql(args.pg, boards)
        if pg is not None:
            consoles_verdict("PostgreSQL, 2 workers", *pg)


def flat_cases(quick: bool, given: str | None) -> None:
    """The congress: 200 tables flat out on SQLite with one worker, on PostgreSQL with two
    (quick: 50 tables, SQLite only)."""
    tables = 50 if quick else FLAT_TABLES
    print(
        f"# a congress flat out: {tables} tables, {FLAT_ROUNDS} rounds x {BOARDS_PER_ROUND} "
        f"boards, each result sent as soon as the last is answered, state polled every "
        f"{POLL:.0f} s with its ETag; then the unchanged state polled flat out for "
        f"{FLAT_POLL_SECONDS:.0f} s; {os.cpu_count()} cores shared by the server, its database "
        "and this load"
    )
    with tempfile.TemporaryDirectory(prefix="bench-flat-") as folder:
        found = flat_out(str(Path(folder) / "flat.db"), "sqlite", 1, tables, None)
    flat_verdict(found, 500, None)
    if quick:
        return
    pg = on_postgresql(
        given, lambda database, pid: flat_out(database(), "postgresql", 2, tables, pid), True
    )
    if pg is None:
        print("# PostgreSQL is not installed (make postgres): its flat-out case is skipped")
        return
    flat_verdict(pg, 1000, 150)


def postgresql(given: str | None, sizes: list[int]) -> list[tuple[str, float, float, bool]]:
    found = on_postgresql(
        given, lambda database, _: [run(database(), "postgresql", 2, t) for t in sizes]
    )
    if found is None:
        print("# PostgreSQL is not installed (make postgres): its cases are skipped")
        return []
    return [("PostgreSQL, 2 workers", *f) for t, f in zip(sizes, found, strict=True) if t == 50]


def consoles_postgresql(given: str | None, boards: int) -> tuple[float, float, bool] | None:
    return on_postgresql(
        given, lambda database, _: run_consoles(database(), "postgresql", 2, boards)
    )


if __name__ == "__main__":
    main()
