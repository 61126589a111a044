"""A traveller line between the results log and the core: the store's one codec for a line.

A line of the log is a row of ``results``: its key as text, the result in traveller notation
(the form of the CSV ``result`` cell: ``4S N =``, ``PASS``, ``-50``, ``NP``, ``A+/A-``,
``NS 4S N = | EW 4S N -1``, ``30% 4S N = + 70% 4S N -1``) with an ``assigned`` flag, and typed
columns for queries. The core's value of a line is a :class:`~bridgescore.traveller.TableResult`,
known by its :class:`~bridgescore.traveller.RowKey`. Everything that turns one into the other is
here, and nowhere else:

* :func:`line_key` makes a line's key text from its ``RowKey`` (and :func:`row_key` reads it back);
* :func:`read_result` is the one parser of result text (what the console, a phone, an import
  and the command line type all come through it);
* :func:`notation` writes a line's result back as text;
* :func:`row_values` are the values of a row for a line, and :func:`from_row` the line a row
  holds.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

from bridgescore.bridge import Vulnerability
from bridgescore.errors import BridgeScoreError, ParseError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.traveller import (
    Artificial,
    BridgeResult,
    RowKey,
    SideScore,
    TableResult,
    WeightedResult,
    parse_side_scores,
)

# A place on a board: section|board|rROUND|tTABLE; or, when the file gives no round and table,
# section|board|NS|EW. An imported file's second row for one key is "…#2", its third "…#3".
_PLACE = re.compile(r"(?P<section>[^|]*)\|(?P<board>\d+)\|r(?P<round>\d+)\|t(?P<table>[^|#]+)")
_PAIRS = re.compile(r"(?P<section>[^|]*)\|(?P<board>\d+)\|(?P<ns>[\d ]+)\|(?P<ew>[\d ]+)")


def line_key(key: RowKey) -> str:
    """The log's key of the traveller line ``key``: the one place it is made."""
    section = key.section or ""
    if key.round is not None and key.table is not None:
        return f"{section}|{key.board}|r{key.round}|t{key.table}"
    return f"{section}|{key.board}|{_numbers(key.ns)}|{_numbers(key.ew)}"


def row_key(text: str) -> RowKey:
    """The :class:`RowKey` a line's key text stands for (a ``#2`` of a repeated row ignored)."""
    value = text.strip().split("#", 1)[0]
    place = _PLACE.fullmatch(value)
    if place:
        return RowKey(
            place["section"] or None, int(place["board"]), int(place["round"]), place["table"]
        )
    pairs = _PAIRS.fullmatch(value)
    if pairs:
        ns = tuple(int(n) for n in pairs["ns"].split())
        ew = tuple(int(n) for n in pairs["ew"].split())
        return RowKey(pairs["section"] or None, int(pairs["board"]), None, None, ns, ew)
    raise ParseError(
        Text(
            N_("not a traveller line: %(text)s (expected %(form)s, like %(example)s)"),
            text=repr(text),
            form="section|board|rROUND|tTABLE",
            example="'|3|r2|t4'",
        )
    )


def _numbers(numbers: tuple[int, ...]) -> str:
    return " ".join(map(str, numbers))


# --- the result's notation ---------------------------------------------------------------------


# A session of thousands of tables has a few hundred distinct results: each is read once and its
# frozen side scores shared, as the traveller reader shares them.
@lru_cache(maxsize=4096)
def read_result(text: str, vulnerability: Vulnerability) -> tuple[SideScore, SideScore, bool]:
    """Read a result in traveller notation: (NS side, EW side, assigned). A played result, a
    pass-out or a bare NS score is never assigned by its text (a row says so with its flag);
    a split or weighted score always is. Raises a ParseError naming what is wrong."""
    value = " ".join(text.split())
    upper = value.upper()
    digits = value.lstrip("+-")
    if digits.isascii() and digits.isdigit() and len(digits) > 5:  # beyond any bridge score
        raise ParseError(
            Text(
                N_("not a bridge score: %(text)s"),
                text=f"{value[:20]!r}{'…' if len(value) > 20 else ''}",
            )
        )
    if upper in ("PASS", "P") or (digits.isascii() and digits.isdigit() and " " not in value):
        single = WeightedResult.single(BridgeResult.parse(value, vulnerability))
        return single, single, False
    ns_side, ew_side, assigned = parse_side_scores(value, vulnerability)
    if assigned and "|" not in value and "%" not in value:
        return ns_side, ew_side, False
    return ns_side, ew_side, assigned


def notation(line: TableResult) -> tuple[str, bool]:
    """A line's result as traveller notation and whether it is assigned: read back by
    :func:`read_result`, it gives the same sides."""
    if not line.played:
        return "NP", False
    if isinstance(line.ns_side, Artificial) and isinstance(line.ew_side, Artificial):
        if line.ns_side == line.ew_side and line.ns_side.code == "A":
            return "A", line.assigned
        return f"{_artificial(line.ns_side)}/{_artificial(line.ew_side)}", line.assigned
    result = line.result
    if result is not None and not line.assigned:
        return str(result), False
    return line.describe(), line.assigned


def _artificial(side: Artificial) -> str:
    if side.code != "%":
        return side.code
    percent: Fraction = side.percent
    if percent.denominator == 1:
        return str(percent.numerator)
    text = f"{float(percent):.10f}".rstrip("0")
    if Fraction(text) != percent:
        raise BridgeScoreError(
            Text(
                N_("an artificial score of %(percent)s%% cannot be written exactly"),
                percent=str(percent),
            )
        )
    return text


# --- rows ----------------------------------------------------------------------------------------


def row_values(line: TableResult) -> dict[str, Any]:
    """Every column of a ``results`` row that the line itself decides (not its place in the
    log: key, position, who and when)."""
    text, assigned = notation(line)
    result = line.result
    return {
        "section": line.section or "",
        "board": line.board,
        "round": line.round,
        "table_label": line.table,
        "ns": _numbers(line.ns),
        "ew": _numbers(line.ew),
        "arrow": line.arrow,
        "grp": line.group,
        "lead": line.lead,
        "vulnerability": None if line.vulnerability is None else line.vulnerability.value,
        "names": json.dumps(list(line.names)) if line.names else None,
        "result": text,
        "assigned": assigned,
        "kind": line.kind,
        "contract": None if result is None or result.contract is None else str(result.contract),
        "declarer": None if result is None or result.declarer is None else str(result.declarer),
        "tricks": None if result is None else result.tricks,
        "ns_score": None if result is None else result.ns_score,
    }


def from_row(row: Any, board_vulnerability: str) -> TableResult:
    """The line a ``results`` row (or a :class:`~bridgescore.store.sessions.ResultRow`) holds;
    its result is read at the row's own vulnerability, else the board's."""
    vulnerability = Vulnerability(row.vulnerability or board_vulnerability)
    ns_side, ew_side, _ = read_result(row.result, vulnerability)
    return TableResult(
        board=row.board,
        ns=tuple(int(n) for n in row.ns.split()),
        ew=tuple(int(n) for n in row.ew.split()),
        ns_side=ns_side,
        ew_side=ew_side,
        assigned=row.assigned,
        table=row.table_label,
        round=row.round,
        lead=row.lead,
        arrow=row.arrow,
        group=row.grp,
        vulnerability=None if row.vulnerability is None else Vulnerability(row.vulnerability),
        section=row.section or None,
        names=tuple(json.loads(row.names)) if row.names else (),
    )
