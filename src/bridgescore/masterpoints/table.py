"""A scheme written as data: a club's or a federation's printed scales, without Python.

A scheme file (TOML or JSON, docs/masterpoints.md) names the scheme and its unit and gives, for
each kind of field, rows of field sizes with the award for each place::

    name = "Riverside local points"
    unit = "local points"
    decimals = 0            # awards are whole local points
    counts = "tables"       # the rows' sizes count tables ("entrants": pairs, players or teams)

    [[two_winner]]          # each line of a Mitchell
    from = 3
    to = 5
    awards = [6, 4]

    [[two_winner]]
    from = 6                # no "to" on the last row: 6 tables and more
    awards = [8, 6, 4]

    [[one_winner]]          # Howell, arrow-switched Mitchell, individual
    from = 3
    awards = [10, 7, 5]

    [[event]]               # the overall ranking of an event of several sessions
    from = 3                # sizes of the original entry (the first session's field)
    awards = [20, 14, 10]

A file is checked whole when it is read, and refused with every problem listed: rows that leave a
gap or overlap, awards that rise from one place to the next, are negative, have more decimals
than the unit, or reward more places than the smallest field of the row has entrants.
"""

from __future__ import annotations

import itertools
import json
import tomllib
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from bridgescore.errors import ParseError, Problems, RulesError
from bridgescore.languages import N_
from bridgescore.languages.parsers import parser_said, toml_said
from bridgescore.languages.text import Figure, Text, counted, in_context
from bridgescore.masterpoints.model import (
    Award,
    EventField,
    Kind,
    RankedField,
    Scheme,
    SchemeInfo,
    counted_entrants,
    counted_tables,
    number,
    ordinal,
    share,
)
from bridgescore.vocabulary import Vocabulary


class Counts(Vocabulary, what=N_("a count of entrants or tables")):
    """What the sizes of a scheme file's rows count."""

    ENTRANTS = "entrants"  # pairs, players or teams
    TABLES = "tables"


TABLES = {
    "two_winner": "each line of a Mitchell",
    "one_winner": "a Howell, an arrow-switched Mitchell or an individual",
    "teams": "teams",
    "event": "the overall ranking of an event of several sessions",
}
# The scales in an award's words: English keeps the file's key (what the JSON and the exports
# carry), the languages say what it is.
_SCALE_WORDS = {
    "two_winner": in_context("a scheme file's scale, in an award's words", "two_winner"),
    "one_winner": in_context("a scheme file's scale, in an award's words", "one_winner"),
    "teams": in_context("a scheme file's scale, in an award's words", "teams"),
    "event": in_context("a scheme file's scale, in an award's words", "event"),
}
# Entrants a table seats (an event's overall ranking: pairs; an individual's, counted by
# entrants, is checked against its pairs' seats too, the smaller).
_PER_TABLE = {"two_winner": 1, "one_winner": 2, "teams": 1, "event": 2}
# What a scale's rows count, in words ("for 5 to 9 tables")
_WHAT = {"table": N_("tables"), "pair": N_("pairs"), "player": N_("players"), "team": N_("teams")}
_KEYS = {"name", "unit", "decimals", "counts", "colour", "scale", *TABLES}
_ROW_KEYS = {"from", "to", "awards"}
MAX_ROWS = 500
MAX_AWARDS = 200


@dataclass(frozen=True)
class Band:
    """Field sizes ``low`` to ``high`` (None: and more) and the award for each place."""

    low: int
    high: int | None
    awards: tuple[Fraction, ...]

    def holds(self, size: int) -> bool:
        return self.low <= size and (self.high is None or size <= self.high)

    def sizes(self) -> str:
        if self.high is None:
            return Text(N_("%(low)s and more"), low=self.low)
        if self.high == self.low:
            return str(self.low)
        return Text(N_("%(low)s to %(high)s"), low=self.low, high=self.high)


class TableScheme(Scheme):
    """A scheme read from a file: scales by kind of field and field size."""

    def __init__(self, info: SchemeInfo, counts: Counts, tables: dict[str, tuple[Band, ...]]):
        self.info = info
        self.counts = counts
        self.tables = tables

    def award(self, field: RankedField) -> list[Award]:
        size = field.tables if self.counts is Counts.TABLES else field.size
        return self._scaled(_table_for(field), field, size, field.movement)

    def award_event(self, event: EventField) -> list[Award]:
        field = event.field
        size = field.tables if self.counts is Counts.TABLES else event.entry
        sessions = counted("%(num)d session", "%(num)d sessions", event.sessions)
        return self._scaled(
            "event", field, size, Text(N_("%(sessions)s, overall"), sessions=sessions)
        )

    def _scaled(self, table: str, field: RankedField, size: int, movement: str) -> list[Award]:
        """The awards of ``field`` by the row of ``table`` for ``size``."""
        rows = self.tables.get(table)
        if rows is None:
            raise RulesError(
                Text(
                    N_(
                        "the scheme %(scheme)r has no %(table)s table for field %(field)s (%(how)s)"
                    ),
                    scheme=self.info.name,
                    table=table,
                    field=field.name,
                    how=movement,
                )
            )
        what = "table" if self.counts is Counts.TABLES else field.kind.noun
        row = next((r for r in rows if r.holds(size)), None)
        if row is None:
            if size < rows[0].low:
                return []  # a field smaller than the scale's first row earns nothing
            raise RulesError(
                Text(
                    N_(
                        "the scheme %(scheme)r has no row for %(size)s in its %(table)s table "
                        "(its last row is for %(sizes)s)"
                    ),
                    scheme=self.info.name,
                    size=counted_tables(size)
                    if self.counts is Counts.TABLES
                    else counted_entrants(field.kind, size),
                    table=table,
                    sizes=rows[-1].sizes(),
                )
            )
        decimals = self.info.decimals

        def place_award(k: int) -> tuple[Fraction, str]:
            if k > len(row.awards):
                return Fraction(0), ""
            value = row.awards[k - 1]
            return value, Text(
                N_("%(value)s (%(table)s scale for %(sizes)s %(what)s)"),
                value=Figure(number(value, decimals)),
                table=_SCALE_WORDS[table],  # the scheme file's key: English as typed
                sizes=row.sizes(),
                what=Text(_WHAT[what]),
            )

        counted_size = (
            counted_tables(size)
            if self.counts is Counts.TABLES
            else counted_entrants(field.kind, size)
        )

        def head(place: str) -> str:
            return Text(
                N_("%(place)s of %(size)s, %(movement)s, %(unit)s"),
                place=place,
                size=counted_size,
                movement=movement,
                unit=self.info.unit,
            )

        return share(field, place_award, decimals, head)


def _table_for(field: RankedField) -> str:
    if field.kind is Kind.TEAMS:
        return "teams"
    return "two_winner" if field.winners == 2 else "one_winner"


def loads(text: str, path: str | None = None, *, kind: str | None = None) -> TableScheme:
    """A scheme from a file's text: TOML, or JSON when ``kind`` is "json" (or the text starts
    with ``{``). Every problem is raised together as an :class:`InputFileError`."""
    problems = Problems(path)
    as_json = kind == "json" or (kind is None and text.lstrip().startswith("{"))
    try:
        data: Any = json.loads(text) if as_json else tomllib.loads(text)
    except json.JSONDecodeError as error:
        problems.report(
            Text(N_("not JSON: %(reason)s"), reason=parser_said(error.msg)),
            error.lineno,
            expected=Text(N_("a scheme file")),
        )
        raise problems.error() from None
    except tomllib.TOMLDecodeError as error:
        problems.report(
            Text(N_("not TOML: %(reason)s"), reason=toml_said(error)),
            expected=Text(N_("a scheme file (docs/masterpoints.md)")),
        )
        raise problems.error() from None
    scheme = _read(data, problems)
    problems.raise_if_any()
    assert scheme is not None
    return scheme


def _read(data: Any, problems: Problems) -> TableScheme | None:
    if not isinstance(data, dict):
        problems.report(
            Text(N_("a scheme file is a table of keys")),
            expected=Text(N_("name, unit and scales")),
        )
        return None
    for key in sorted(set(data) - _KEYS):
        problems.report(Text(N_("unknown key %(key)r"), key=key), expected=", ".join(sorted(_KEYS)))
    name = _text(data, "name", problems, required=True)
    unit = _text(data, "unit", problems, required=True)
    colour = _text(data, "colour", problems)
    scale = _text(data, "scale", problems)
    decimals = data.get("decimals", 0)
    if type(decimals) is not int or not 0 <= decimals <= 4:
        problems.report(Text(N_("decimals is a whole number from 0 to 4")), found=repr(decimals))
        decimals = 0
    counts = _counts(data.get("counts", "entrants"), problems)
    tables: dict[str, tuple[Band, ...]] = {}
    for table in TABLES:
        if table in data:
            rows = _rows(table, data[table], decimals, counts, problems)
            if rows:
                tables[table] = rows
    if not any(t in data for t in TABLES):
        problems.report(
            Text(N_("the scheme has no scale")),
            expected=Text(N_("a table two_winner, one_winner, teams or event")),
        )
    if problems or name is None or unit is None:
        return None
    info = SchemeInfo(name, name, unit, decimals, colour, scale)
    return TableScheme(info, counts, tables)


def _counts(value: Any, problems: Problems) -> Counts:
    try:
        return Counts.parse(value if isinstance(value, str) else "")
    except ParseError:
        problems.report(Text(N_("counts is entrants or tables")), found=repr(value))
        return Counts.ENTRANTS


def _text(data: dict[str, Any], key: str, problems: Problems, required: bool = False) -> str | None:
    value = data.get(key)
    if value is None:
        if required:
            problems.report(Text(N_("the scheme has no %(key)s"), key=key), expected=f'{key} = "…"')
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > 80:
        problems.report(
            Text(N_("%(key)s is a text of 1 to 80 characters"), key=key), found=repr(value)[:80]
        )
        return None
    return value.strip()


_ROW = Text(N_("from, to and awards"))


def _rows(
    table: str, data: Any, decimals: int, counts: Counts, problems: Problems
) -> tuple[Band, ...]:
    if not isinstance(data, list) or not data:
        problems.report(Text(N_("%(table)s is a list of rows"), table=table), expected=_ROW)
        return ()
    if len(data) > MAX_ROWS:
        problems.report(
            Text(N_("%(table)s has %(count)s rows"), table=table, count=len(data)),
            expected=Text(N_("at most %(most)s"), most=MAX_ROWS),
        )
        return ()
    rows: list[Band] = []
    for n, item in enumerate(data, 1):
        where = Text(N_("%(table)s row %(row)s"), table=table, row=n)
        if not isinstance(item, dict):
            problems.report(
                Text(N_("%(where)s is not a table of from, to and awards"), where=where)
            )
            continue
        for key in sorted(set(item) - _ROW_KEYS):
            problems.report(
                Text(N_("%(where)s: unknown key %(key)r"), where=where, key=key), expected=_ROW
            )
        low = item.get("from")
        high = item.get("to")
        if type(low) is not int or low < 1:
            problems.report(
                Text(N_("%(where)s: from is a whole number of 1 or more"), where=where),
                found=repr(low),
            )
            continue
        if high is not None and (type(high) is not int or high < low):
            problems.report(
                Text(
                    N_("%(where)s: to is a whole number, at least from (%(low)s)"),
                    where=where,
                    low=low,
                ),
                found=repr(high),
            )
            continue
        if high is None and n != len(data):
            problems.report(
                Text(
                    N_("%(where)s: only the last row may leave out to (its sizes and more)"),
                    where=where,
                )
            )
            continue
        awards = _awards(where, item.get("awards"), decimals, problems)
        if awards is None:
            continue
        seats = low * (_PER_TABLE[table] if counts is Counts.TABLES else 1)
        if len(awards) > seats:
            field = (
                counted("%(num)d entrant", "%(num)d entrants", low)
                if counts is Counts.ENTRANTS
                else counted("%(num)d table", "%(num)d tables", low)
            )
            problems.report(
                Text(
                    N_("%(where)s: %(awards)s places rewarded in a field of %(field)s (%(seats)s)"),
                    where=where,
                    awards=len(awards),
                    field=field,
                    seats=counted("%(num)d entrant", "%(num)d entrants", seats),
                ),
                expected=counted("at most %(num)d award", "at most %(num)d awards", seats),
            )
            continue
        rows.append(Band(low, high, awards))
    rows.sort(key=lambda r: r.low)
    for before, after in itertools.pairwise(rows):
        assert before.high is not None  # only the last row leaves it out
        if after.low > before.high + 1:
            problems.report(
                Text(
                    N_(
                        "%(table)s: no row for %(span)s (a gap between the rows for %(before)s "
                        "and %(after)s)"
                    ),
                    table=table,
                    span=_span(before.high + 1, after.low - 1),
                    before=before.sizes(),
                    after=after.sizes(),
                ),
                expected=Text(N_("rows that follow on, each from one more than the last row's to")),
            )
        elif after.low <= before.high:
            problems.report(
                Text(
                    N_("%(table)s: the rows for %(before)s and %(after)s overlap"),
                    table=table,
                    before=before.sizes(),
                    after=after.sizes(),
                ),
                expected=Text(N_("each size in one row")),
            )
    return tuple(rows)


def _span(low: int, high: int) -> str:
    return str(low) if low == high else Text(N_("%(low)s to %(high)s"), low=low, high=high)


def _awards(
    where: Text, data: Any, decimals: int, problems: Problems
) -> tuple[Fraction, ...] | None:
    if not isinstance(data, list) or not data:
        problems.report(
            Text(N_("%(where)s: awards is a list of numbers, best place first"), where=where)
        )
        return None
    if len(data) > MAX_AWARDS:
        problems.report(
            Text(N_("%(where)s: %(count)s awards"), where=where, count=len(data)),
            expected=Text(N_("at most %(most)s"), most=MAX_AWARDS),
        )
        return None
    values: list[Fraction] = []
    for k, value in enumerate(data, 1):
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            problems.report(
                Text(
                    N_("%(where)s: the %(place)s award is not a number"),
                    where=where,
                    place=ordinal(k),
                ),
                found=repr(value)[:40],
            )
            return None
        try:
            exact = Decimal(str(value).strip())
        except ArithmeticError:
            exact = Decimal("NaN")
        if not exact.is_finite():
            problems.report(
                Text(
                    N_("%(where)s: the %(place)s award is not a number"),
                    where=where,
                    place=ordinal(k),
                ),
                found=repr(value)[:40],
            )
            return None
        if exact < 0:
            problems.report(
                Text(
                    N_("%(where)s: the %(place)s award is negative"), where=where, place=ordinal(k)
                ),
                found=str(value),
            )
            return None
        if -exact.normalize().as_tuple().exponent > decimals:  # type: ignore[operator]
            problems.report(
                Text(
                    N_("%(where)s: the %(place)s award %(value)s has more decimals than the unit"),
                    where=where,
                    place=ordinal(k),
                    value=value,
                ),
                expected=counted("at most %(num)d decimal", "at most %(num)d decimals", decimals),
            )
            return None
        values.append(Fraction(exact))
    if values[0] <= 0:
        problems.report(
            Text(N_("%(where)s: the winner's award is 0"), where=where),
            expected=Text(N_("more than 0")),
        )
        return None
    for k in range(1, len(values)):
        if values[k] > values[k - 1]:
            problems.report(
                Text(
                    N_(
                        "%(where)s: the %(place)s place's award (%(value)s) is more than the "
                        "%(before)s's (%(previous)s)"
                    ),
                    where=where,
                    place=ordinal(k + 1),
                    value=Figure(number(values[k], decimals)),
                    before=ordinal(k),
                    previous=Figure(number(values[k - 1], decimals)),
                ),
                expected=Text(N_("awards that never rise from one place to the next")),
            )
            return None
    return tuple(values)
