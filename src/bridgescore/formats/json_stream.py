"""The JSON of a scored session written a board at a time, the same text as ``json.dumps(data,
indent=2, ensure_ascii=False)`` of the whole (:func:`bridgescore.formats.json.to_data`).

A session of 78,000 results is some 240 MB of indented JSON: made whole by the pure-Python
indenting encoder, it took half a minute and gigabytes. Here the outline and each board are
encoded on their own and put in place; and as tables with the same result and the same values
share their records, the text of a table after its seat numbers is made once per board for
each such group and reused (a board of thousands of results has a few dozen).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import cache
from json.encoder import encode_basestring
from typing import Any

from bridgescore.results import ScoredTable, SessionResult
from bridgescore.rules import Method

BoardData = Callable[..., dict[str, Any]]
TableData = Callable[[ScoredTable, int, Method], dict[str, Any]]

_BOARDS = '\n  "boards": []'  # a line of its own: no JSON string holds a newline
_RESULTS = '"results": []'
_INDENT = " " * 8  # a table's, in "results" in a board in "boards"
# A table's own first lines: section, table and round (encoded), the seats, then the arrow.
_OWN = '\n        {\n          "section": %s,\n          "table": %s,\n          "round": %s,'
_PAIRS = (_OWN + '\n          "ns": %d,\n          "ew": %d,\n          "arrow": %s,\n').encode()
_PLAYERS = (
    _OWN + '\n          "n": %d,\n          "s": %d,\n          "e": %d,\n          "w": %d,'
    '\n          "arrow": %s,\n'
).encode()


def stream(
    result: SessionResult, outline: dict[str, Any], board: BoardData, table: TableData
) -> Iterator[bytes]:
    """The text in UTF-8 pieces: ``outline`` (the data with an empty list of boards), then
    each board from ``board(b, result, with_tables=False)`` and its tables from ``table``.

    Pieces are bytes: each table's shared text is encoded once, where encoding the whole
    (explanations hold × and ½, so it is not ASCII) took longer than making it.
    """
    head = _dumps(outline) + "\n"
    if not result.boards:
        yield head.encode()
        return
    before, found, after = head.partition(_BOARDS)
    assert found, "the outline has its boards' place"
    yield (before + '\n  "boards": [').encode()
    tables = _Tables(table, result.rules.decimals, result.rules.method)
    for n, b in enumerate(result.boards):
        text = _dumps(board(b, result, with_tables=False), "    ")
        parts = [b"," if n else b"", b"\n    "]
        if b.tables:
            start, found, end = text.rpartition(_RESULTS)
            assert found and not end.strip(" \n}"), "results come last in a board"
            parts.append(f'{start}"results": ['.encode())
            for t in b.tables:
                parts += tables.parts(t)
            parts[-1] = f"\n      ]{end}".encode()  # the last table's comma
            tables.forget()
        else:
            parts.append(text.encode())
        yield b"".join(parts)  # one copy of the board's text, not one a table
    yield ("\n  ]" + after).encode()


def _dumps(data: Any, indent: str = "") -> str:
    """``json.dumps(data, indent=2, ensure_ascii=False)`` placed at ``indent``: its containers
    laid out here, and each dict of plain values (a ranking line, a step) encoded in C whole,
    its separators carrying the line breaks; the pure-Python indenting encoder is ten times
    slower."""
    inner = indent + "  "
    if isinstance(data, dict):
        if not data:
            return "{}"
        if any(type(key) is not str for key in data):
            return json.dumps(data, indent=2, ensure_ascii=False).replace("\n", "\n" + indent)
        if not any(isinstance(value, _CONTAINERS) for value in data.values()):
            flat = _flat(inner)(data)
            return f"{{\n{inner}{flat[1:-1]}\n{indent}}}"
        items = ",\n".join(
            f"{inner}{encode_basestring(key)}: {_dumps(value, inner)}"
            for key, value in data.items()
        )
        return f"{{\n{items}\n{indent}}}"
    if isinstance(data, list | tuple):
        if not data:
            return "[]"
        items = ",\n".join(inner + _dumps(value, inner) for value in data)
        return f"[\n{items}\n{indent}]"
    return _scalar(data)


_CONTAINERS = (dict, list, tuple)
# The C encoder, made once (json.dumps makes one a call when given any option).
_scalar = json.JSONEncoder(ensure_ascii=False).encode


@cache
def _flat(inner: str) -> Callable[[Any], str]:
    """The C encoder of a dict of plain values whose lines are indented by ``inner``."""
    return json.JSONEncoder(ensure_ascii=False, separators=(",\n" + inner, ": ")).encode


class _Tables:
    """Each table's text, indented for its place. Only its first lines (section, table,
    round, seat numbers, arrow) are the table's own; the rest depends on what the sides are
    scored on and the records of their values, which tables with the same result share."""

    def __init__(self, table: TableData, decimals: int, method: Method) -> None:
        self._table = table
        self._decimals = decimals
        self._method = method
        # Tables with the same result on a board share its records (each side's score and
        # explanation): their text is made once for those very records, looked up by identity
        # (comparing them by value would cost more than making the text again) and held by the
        # entry, so that no other record can take an identity while the cache lives.
        self._rest: dict[tuple[object, ...], tuple[tuple[object, ...], bytes]] = {}
        self._scalars: dict[str | int | None, bytes] = {}

    def forget(self) -> None:
        """A board is written: its records are not shared with the next board's."""
        self._rest.clear()

    def parts(self, scored: ScoredTable) -> tuple[bytes, bytes, bytes]:
        """The table's text in "results": its own first lines, the rest, and a comma."""
        t = scored.table
        seats = len(t.ns) + len(t.ew)
        key = (
            id(t.ns_side),
            id(t.ew_side),
            t.assigned,
            t.lead,
            t.group,
            t.vulnerability,
            id(scored.ns),
            id(scored.ew),
            seats,
        )
        known = self._rest.get(key)
        if known is None:
            whole = _dumps(self._table(scored, self._decimals, self._method), _INDENT)
            # "{", then section, table, round, the seats and arrow: a line each.
            text = whole.split("\n", seats + 5)[seats + 5].encode()
            records = (t.ns_side, t.ew_side, scored.ns, scored.ew)
            known = self._rest[key] = (records, text)
        rest = known[1]
        scalar = self._scalar
        start = scalar(t.section), scalar(t.table), scalar(t.round)
        arrow = b"true" if t.arrow else b"false"
        if seats == 2:
            own = _PAIRS % (*start, t.ns[0], t.ew[0], arrow)
        else:
            own = _PLAYERS % (*start, *t.ns, *t.ew, arrow)
        return own, rest, b","

    def _scalar(self, value: str | int | None) -> bytes:
        """A cell as the encoder writes it, remembered (a session has few tables and rounds)."""
        found = self._scalars.get(value)
        if found is None:
            found = self._scalars[value] = _scalar(value).encode()
        return found
