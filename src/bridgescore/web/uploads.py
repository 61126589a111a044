"""A file posted to the console, bounded: the request's body is read up to a limit (a larger one
is refused with 413 before anything is parsed), then its form is parsed with one file and a few
fields at most. Every refusal is a 4xx with a sentence."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from dataclasses import dataclass

from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import Request

from bridgescore.languages import _
from bridgescore.night import Refused

MAX_FIELDS = 12


@dataclass(frozen=True)
class Posted:
    """A posted form: its text fields, and the file (its name and bytes; None when none)."""

    fields: dict[str, str]
    filename: str | None
    data: bytes | None


async def posted_file(request: Request, field: str, limit: int, what: str) -> Posted:
    """The form with its file ``field`` (``what`` names it in a refusal: "a hand-record file"),
    whose whole request may be ``limit`` bytes at most."""
    declared = request.headers.get("content-length", "")
    if declared and (not declared.isdigit() or int(declared) > limit):
        raise Refused(
            413,
            _(
                "%(what)s is at most %(limit)s KB: this one is larger",
                what=what,
                limit=limit // 1024,
            ),
        )
    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        # A form without a file (its CSRF token is still checked, then the file asked for).
        try:
            plain = await request.form(max_files=0, max_fields=MAX_FIELDS)
        except MultiPartException as error:
            raise Refused(
                400, _("the form could not be read: %(text)s", text=error.message)
            ) from None
        return Posted({k: v for k, v in plain.items() if isinstance(v, str)}, None, None)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise Refused(
                413,
                _(
                    "%(what)s is at most %(limit)s KB: this one is larger",
                    what=what,
                    limit=limit // 1024,
                ),
            )

    async def replay() -> AsyncGenerator[bytes, None]:
        yield bytes(body)

    parser = MultiPartParser(
        request.headers, replay(), max_files=1, max_fields=MAX_FIELDS, max_part_size=64 * 1024
    )
    try:
        form = await parser.parse()
    except MultiPartException as error:
        raise Refused(400, _("the form could not be read: %(text)s", text=error.message)) from None
    fields: dict[str, str] = {}
    filename = data = None
    try:
        for name, value in form.multi_items():
            if isinstance(value, UploadFile):
                if name == field and value.filename:
                    filename = value.filename
                    data = await value.read()
            else:
                fields[name] = value
    finally:
        await form.close()
    return Posted(fields, filename, data)
