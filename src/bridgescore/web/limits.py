"""Every request bounded before a handler sees it: the URL, the headers, the body's size and
the time its body may take to arrive, as an ASGI middleware (:class:`Bounded`); and each
client's open event streams (:class:`Streams`).

A body is refused (413) on its ``Content-Length`` before a byte of it is read; one sent in chunks
is counted as it arrives and refused as soon as it passes the limit, so a client that sends
200 MB holds at most the limit in the server's memory. uvicorn (``bridgescore serve``) reads the
request line and headers with h11, which refuses more than 16 kB of them outright; below that,
a URL or headers past these limits get the app's own answer in the one error shape.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.requests import Request

from bridgescore.languages import _
from bridgescore.night import Refused

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

BODY = 64 * 1024  # bytes: a form, a phone's result, a login (a result is about 200)
UPLOAD = 4 * 1024 * 1024  # bytes: a PBN file of hand records (36 boards take about 10 kB)
URL = 4096  # bytes of path and query
HEADERS = 64  # header lines
HEADER_BYTES = 12 * 1024  # bytes of header names and values (h11 stops at 16 kB in all)
BODY_SECONDS = 30.0  # a body must have arrived this long after the request began
STREAMS_PER_CLIENT = 6  # a browser opens at most six connections to one server anyway
STREAMS = 2000  # open event streams in one worker
_UPLOADS = re.compile(r"^/director/sessions/[0-9]+/deals(\.json)?$")


def body_limit(path: str) -> int:
    """The largest body ``path`` takes, in bytes."""
    return UPLOAD if _UPLOADS.match(path) else BODY


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} kB"


class Bounded:
    """The middleware (see the module): refusals are answered in the app's one error shape."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            limit = self._check(scope)
        except Refused as refused:
            await self._refuse(scope, receive, send, refused)
            return
        await self.app(scope, _bounded(receive, limit), send)

    def _check(self, scope: Scope) -> int:
        path = scope.get("raw_path") or scope["path"].encode("utf-8", "surrogateescape")
        if len(path) + len(scope.get("query_string", b"")) > URL:
            raise Refused(414, _("the address is too long (at most %(url)s characters)", url=URL))
        headers = scope["headers"]
        if len(headers) > HEADERS or sum(len(k) + len(v) for k, v in headers) > HEADER_BYTES:
            raise Refused(
                431,
                _(
                    "too many or too long headers (at most %(headers)s, %(header_bytes)s)",
                    headers=HEADERS,
                    header_bytes=_size(HEADER_BYTES),
                ),
            )
        limit = body_limit(scope["path"])
        lengths = [v for k, v in headers if k == b"content-length"]
        if lengths:
            given = lengths[0].strip()
            if len(lengths) > 1 or not (given.isdigit() and len(given) <= 18):
                raise Refused(400, _("the request's Content-Length is not a number of bytes"))
            if int(given) > limit:
                raise Refused(
                    413, _("the request is too large (at most %(limit)s here)", limit=_size(limit))
                )
        return limit

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, refused: Refused) -> None:
        from bridgescore.web.app import error_response

        response = error_response(Request(scope, receive), refused.status, refused.message)
        response.headers["Connection"] = "close"  # the body, if any, is never read
        await response(scope, receive, send)


def _bounded(receive: Receive, limit: int) -> Receive:
    """``receive`` with the body counted against ``limit`` and timed against
    :data:`BODY_SECONDS`; once the body is whole, messages (a disconnect) pass as they are."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + BODY_SECONDS
    state = {"read": 0, "whole": False}

    async def bounded() -> Message:
        if state["whole"]:
            return await receive()
        try:
            async with asyncio.timeout_at(deadline):
                message = await receive()
        except TimeoutError:
            raise Refused(
                408,
                _(
                    "the request's body did not arrive within %(seconds)s seconds",
                    seconds=f"{BODY_SECONDS:.0f}",
                ),
            ) from None
        if message["type"] == "http.request":
            state["read"] += len(message.get("body", b""))
            if state["read"] > limit:
                raise Refused(
                    413, _("the request is too large (at most %(limit)s here)", limit=_size(limit))
                )
            state["whole"] = not message.get("more_body", False)
        else:
            state["whole"] = True
        return message

    return bounded


class Streams:
    """The event streams open in this worker, by client: at most :data:`STREAMS_PER_CLIENT`
    for one phone or login, :data:`STREAMS` in all. Counted per worker (a stream lives in
    one), so with N workers a client may hold N times as many: each is a few kilobytes, and
    it ends by itself after a few minutes."""

    def __init__(self, per_client: int = STREAMS_PER_CLIENT, total: int = STREAMS) -> None:
        self.per_client = per_client
        self.total = total
        self._open: dict[str, int] = {}
        self._count = 0

    def acquire(self, client: str) -> Callable[[], None]:
        """One more stream for ``client`` (refused with 429, or 503 when the worker has all it
        can hold); the function returned gives it back, once."""
        if self._open.get(client, 0) >= self.per_client:
            raise Refused(
                429,
                _(
                    "this client already has %(count)s event streams open: close a page "
                    "(the page asks every few seconds instead)",
                    count=self.per_client,
                ),
            )
        if self._count >= self.total:
            raise Refused(
                503, _("the server has as many event streams open as it can: the page asks instead")
            )
        self._open[client] = self._open.get(client, 0) + 1
        self._count += 1
        given = [True]

        def release() -> None:
            if given.pop() if given else False:
                self._count -= 1
                self._open[client] -= 1
                if not self._open[client]:
                    del self._open[client]

        return release

    def open(self, client: str | None = None) -> int:
        """How many streams are open (for ``client``)."""
        return self._count if client is None else self._open.get(client, 0)
