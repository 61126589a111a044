"""What the phones' load test needs to measure a server and not itself.

:class:`Connection` is one phone's keep-alive HTTP/1.1 connection on loopback, written straight
over asyncio's streams: httpx costs about a millisecond of the load generator's CPU a request,
which on a machine whose cores the server shares would be measured as the server's slowness.
It speaks just what the server answers (a ``Content-Length`` body, no chunks).

:func:`cpu_seconds` is the CPU time a process and its descendants used (``/proc``), so that a
figure can be given per core the server really used, not per core the machine has.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


class Connection:
    """One keep-alive connection to ``host:port``; one request at a time."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def _open(self) -> None:
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        sock = self._writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: Any = None
    ) -> Answer:
        """Send one request and read its answer (reconnecting once if the server had closed an
        idle connection before the request was sent)."""
        data = b"" if body is None else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", f"host: {self.host}:{self.port}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        if body is not None:
            lines += ["content-type: application/json", f"content-length: {len(data)}"]
        wire = ("\r\n".join(lines) + "\r\n\r\n").encode() + data
        for attempt in (1, 2):
            if self._writer is None or self._writer.is_closing():
                await self._open()
            assert self._reader is not None and self._writer is not None
            try:
                self._writer.write(wire)
                await self._writer.drain()
                head = await self._reader.readuntil(b"\r\n\r\n")
            except (ConnectionError, asyncio.IncompleteReadError):
                await self.close()
                if attempt == 2:
                    raise
                continue
            status, found = _head(head)
            length = int(found.get("content-length", "0"))
            payload = await self._reader.readexactly(length) if length else b""
            if found.get("connection", "").lower() == "close":
                await self.close()
            return Answer(status, found, payload)
        raise AssertionError("unreachable")

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await self._writer.wait_closed()
        self._reader = self._writer = None


def _head(raw: bytes) -> tuple[int, dict[str, str]]:
    lines = raw.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    return status, headers


def cpu_seconds(root: int) -> float:
    """CPU seconds (user and system) used so far by process ``root`` and every process under
    it, plus what its children that have ended used (a pooled connection's PostgreSQL backend
    lives as long as the run, so little is lost to processes that end unwaited)."""
    parents: dict[int, int] = {}
    times: dict[int, tuple[float, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        own = (int(fields[11]) + int(fields[12])) / _TICK
        ended = (int(fields[13]) + int(fields[14])) / _TICK
        times[pid] = (own, ended)
    wanted = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in wanted and pid not in wanted:
                wanted.add(pid)
                grew = True
    return sum(times[p][0] + times[p][1] for p in wanted if p in times)
