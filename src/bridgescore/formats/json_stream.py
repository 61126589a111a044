"""The JSON of a scored session written a board at a time, the same text as
``json.dumps(data, ensure_ascii=False, separators=(",", ":"))`` of the whole
(:func:`bridgescore.formats.json.to_data`): the format's compact layout (version 2).

A session of 78,000 results is some 50 MB of JSON: here the outline and each board are encoded
on their own and put in place, and as tables with the same result and the same values share
their records, the text of a table after its seat numbers is made once per board for each such
group and reused (a board of thousands of results has a few dozen).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from bridgescore.results import ScoredBoard, ScoredTable, SessionResult
from bridgescore.rules import Method

BoardData = Callable[..., dict[str, Any]]
TableData = Callable[[ScoredTable, int, Method], dict[str, Any]]
RowsText = Callable[[int, ScoredBoard], list[bytes]]  # a board's results: each table's text
# a pair's table: its group (an index in the board's table objects), table, round, NS and EW
Seated = tuple[int, str | None, int | None, int, int]
# board n's tables: a table object for each group of tables with the same result, lead and
# explanations, then each table's seats in traveller order
GroupedTables = Callable[[int], tuple[list[ScoredTable], Iterable[Seated]]]

# The C encoder of the format's layout, made once (json.dumps makes one a call).
encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

_BOARDS = '"boards":[]'
_RESULTS = '"results":[]'
# A table's own first keys: section, table and round (encoded), the seats, then the arrow.
_OWN = '{"section":%s,"table":%s,"round":%s,'
_PAIRS = (_OWN + '"ns":%d,"ew":%d,"arrow":%s,').encode()
_PLAYERS = (_OWN + '"n":%d,"s":%d,"e":%d,"w":%d,"arrow":%s,').encode()
# _PAIRS with its section and arrow filled in, as a template of the rest (Tables.template)
_SEATED = b'{"section":%s,"table":%%s,"round":%%s,"ns":%%d,"ew":%%d,"arrow":%s,'


def stream(
    result: SessionResult, outline: dict[str, Any], board: BoardData, rows: RowsText
) -> Iterator[bytes]:
    """The text in UTF-8 pieces: ``outline`` (the data with an empty list of boards), then
    each board from ``board(b, result, with_tables=False)`` and its results' text from
    ``rows(n, b)`` (:func:`table_rows`, or :func:`grouped_rows` for a session scored by
    columns, whose boards hold no tables)."""
    head = encode(outline) + "\n"
    if not result.boards:
        yield head.encode()
        return
    before, found, after = head.partition(_BOARDS)
    assert found, "the outline has its boards' place"
    yield (before + '"boards":[').encode()
    for n, b in enumerate(result.boards):
        text = encode(board(b, result, with_tables=False))
        comma = b"," if n else b""
        results = rows(n, b)
        if results:
            start, found, end = text.rpartition(_RESULTS)
            assert found and end == "}", "results come last in a board"
            yield comma + f'{start}"results":['.encode()
            yield b",".join(results)  # one copy of the board's tables, not one a table
            yield b"]}"
        else:
            yield comma + text.encode()
    yield ("]" + after).encode()


def table_rows(table: TableData, decimals: int, method: Method) -> RowsText:
    """Each board's tables as ``table`` makes them (the exact path's boards hold them)."""
    tables = _Tables(table, decimals, method)

    def rows(n: int, b: ScoredBoard) -> list[bytes]:
        texts = [tables.text(t) for t in b.tables]
        tables.forget()
        return texts

    return rows


def grouped_rows(
    tables_of: GroupedTables, table: TableData, decimals: int, method: Method
) -> RowsText:
    """Each board's tables from ``tables_of(n)`` (a session scored by columns: its boards hold
    no tables): each table's seats, with one table object standing for every table of its
    group (the same result, lead and explanations), whose text after the seats they share."""
    tables = _Tables(table, decimals, method)

    def rows(n: int, b: ScoredBoard) -> list[bytes]:
        groups, seated = tables_of(n)
        # each group's text as one %-template of the table's own cells
        templates = [tables.template(scored) for scored in groups]
        cell = tables.scalars
        texts = [templates[g] % (cell[t], cell[r], ns, ew) for g, t, r, ns, ew in seated]
        tables.forget()
        return texts

    return rows


class _Tables:
    """Each table's text. Only its first keys (section, table, round, seat numbers, arrow) are
    the table's own; the rest depends on what the sides are scored on and the records of their
    values, which tables with the same result share."""

    def __init__(self, table: TableData, decimals: int, method: Method) -> None:
        self._table = table
        self._decimals = decimals
        self._method = method
        # Tables with the same result on a board share its records (each side's score and
        # explanation): their text is made once for those very records, looked up by identity
        # (comparing them by value would cost more than making the text again) and held by the
        # entry, so that no other record can take an identity while the cache lives.
        self._rest: dict[tuple[object, ...], tuple[tuple[object, ...], bytes]] = {}
        self.scalars = _Scalars()

    def forget(self) -> None:
        """A board is written: its records are not shared with the next board's."""
        self._rest.clear()

    def text(self, scored: ScoredTable) -> bytes:
        """The table's text in "results": its own first keys, then the rest."""
        t = scored.table
        cell = self.scalars
        start = cell[t.section], cell[t.table], cell[t.round]
        arrow = b"true" if t.arrow else b"false"
        if len(t.ns) + len(t.ew) == 2:
            own_text = _PAIRS % (*start, t.ns[0], t.ew[0], arrow)
        else:
            own_text = _PLAYERS % (*start, *t.ns, *t.ew, arrow)
        return own_text + self.rest(scored)

    def template(self, scored: ScoredTable) -> bytes:
        """A pair's table of ``scored``'s group as a bytes %-template of its own table and
        round (encoded: ``%s``) and pair numbers (``%d``): what :meth:`text` gives with
        the section, the arrow and the group's :meth:`rest` in place."""
        t = scored.table
        section = self.scalars[t.section].replace(b"%", b"%%")
        arrow = b"true" if t.arrow else b"false"
        return _SEATED % (section, arrow) + self.rest(scored).replace(b"%", b"%%")

    def rest(self, scored: ScoredTable) -> bytes:
        """The table's text after its own first keys (up to the closing brace)."""
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
            data = self._table(scored, self._decimals, self._method)
            own = ("section", "table", "round", *list(data)[3 : 3 + seats], "arrow")
            rest = {k: v for k, v in data.items() if k not in own}
            text = encode(rest)[1:].encode()  # after the "{": the own keys come first
            records = (t.ns_side, t.ew_side, scored.ns, scored.ew)
            known = self._rest[key] = (records, text)
        return known[1]


class _Scalars(dict[str | int | None, bytes]):
    """Each cell as the encoder writes it, made when first asked for (a session has few
    sections, tables and rounds): a lookup in C for every table."""

    def __missing__(self, value: str | int | None) -> bytes:
        text = self[value] = encode(value).encode()
        return text
