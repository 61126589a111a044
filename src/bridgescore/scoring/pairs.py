"""Pairs and individual events scored by field: every board matchpointed (or IMPed against a
datum or every other result), then each field totalled, ranked and checked (rules.md §3-7).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields as dataclass_fields
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import TypeVar

from bridgescore.bridge import Side
from bridgescore.collector import paused
from bridgescore.display import fmt, round_fraction
from bridgescore.errors import RulesError
from bridgescore.explanation import Explanation
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.results import (
    Checksum,
    FieldResult,
    HandicapPlace,
    ScoredBoard,
    ScoredTable,
    SessionResult,
    Standing,
)
from bridgescore.rules import Compensation, Method, Rounding, Rules, Totals
from bridgescore.scoring.matchpoints import Entry, Plain, matchpoint, matchpoint_plain, top
from bridgescore.scoring.ranking import rank
from bridgescore.session import Entrant, FieldStructure, Session
from bridgescore.traveller import Artificial, TableResult, WeightedResult

T = TypeVar("T")


class _Credit:
    """One of an entrant's values: the board, the table's index in the session, the side.

    A plain class rather than a dataclass: it is never compared or printed, and making a
    dataclass costs the start of every command some tenths of a millisecond."""

    __slots__ = ("board", "explanation", "side", "table")

    def __init__(self, board: int, table: int, side: Side, explanation: Explanation) -> None:
        self.board = board
        self.table = table
        self.side = side
        self.explanation = explanation


@paused()
def score_pairs(
    session: Session,
    rules: Rules,
    handicaps: Mapping[Entrant, Fraction] | None = None,
    *,
    reference: bool = False,
) -> SessionResult:
    """Matchpoint every board, then total, rank and check each field.

    Boards of plain results are matchpointed by counting (:func:`matchpoint_plain`);
    ``reference`` matchpoints every board result by result instead (:func:`matchpoint`, the
    rules as written, slower): the answers are the same, and the tests check that they are.
    Teams of four are scored by match (:func:`bridgescore.scoring.score` decides).
    """
    if rules.method is Method.TEAMS:
        raise RulesError(
            Text(
                N_(
                    "the method teams scores teams of four by match, not a field of pairs: "
                    "choose matchpoints, butler or cross-imps"
                )
            )
        )
    tables = session.tables
    # Results are compared within a board and, unless ranked across, within a section.
    by_board: dict[tuple[int, str], list[int]] = defaultdict(list)
    across = rules.sections_across
    for index, t in enumerate(tables):
        by_board[t.board, "" if across else (t.section or "")].append(index)
    seated = {}
    for key, rows in by_board.items():
        seated[key, Side.NS] = [i for i in rows if tables[i].ns_side is not None]
        seated[key, Side.EW] = [i for i in rows if tables[i].ew_side is not None]
    counts = {key: len(rows) for key, rows in seated.items()}
    common: dict[str, int] = defaultdict(int)
    for ((_, group), _side), n in counts.items():
        common[group] = max(common[group], n)
    expected_for = {
        key: (common[key[0][1]] if rules.short_boards is not Compensation.NONE else n)
        for key, n in counts.items()
    }
    # Who sits where: each side of each table as an index into the session's seating groups.
    seating = session.seating
    groups = seating.groups
    seats = {Side.NS: seating.ns, Side.EW: seating.ew}
    entrants = {side: [groups[k] for k in seats[side]] for side in Side}
    explained: dict[Side, list[Explanation | None]] = {side: [None] * len(tables) for side in Side}
    for (key, side), scored in seated.items():
        values = _score_board(tables, scored, rules, expected_for[key, side], side, reference)
        column = explained[side]
        for i, value in zip(scored, values, strict=True):
            column[i] = value
    credits = _credits(tables, groups, seats, explained)
    if rules.session_percentage_rule and rules.method is Method.MATCHPOINTS:
        _apply_session_rule(credits, explained)
    scored_boards = []
    ns_of, ew_of = entrants[Side.NS], entrants[Side.EW]
    ns_values, ew_values = explained[Side.NS], explained[Side.EW]
    for key, rows in sorted(by_board.items()):
        board, group = key
        scored_tables = tuple(
            ScoredTable(tables[i], ns_of[i], ew_of[i], ns_values[i], ew_values[i]) for i in rows
        )
        n = max(counts[key, Side.NS], counts[key, Side.EW])
        expected = max(expected_for[key, Side.NS], expected_for[key, Side.EW])
        scored_boards.append(
            ScoredBoard(
                session.boards[board],
                top(expected, rules),
                n,
                expected,
                scored_tables,
                group or None,
            )
        )
    awarded = _awarded(session, explained, seats, rules.sections_across, rules.one_winner)
    members: dict[str, list[Entrant]] = defaultdict(list)
    for entrant in credits:
        members[session.field_of(entrant, rules.sections_across, rules.one_winner)].append(entrant)
    fields = tuple(
        _field(
            name,
            session,
            rules,
            credits,
            members[name],
            exact_sum(awarded.get(name, [])),
            handicaps,
        )
        for name in session.fields(rules.sections_across, rules.one_winner)
    )
    return SessionResult(session, rules, tuple(scored_boards), fields)


STANDING_SETTINGS = frozenset(
    {
        "name",
        "totals",
        "ties_on_display",
        "decimals",
        "rounding",
        "factor_mp_totals",
        "factor_totals",
        "handicap_rounding",
        "handicap_sum",
    }
)
"""The settings that decide only how a field's values are added up, shown and ranked, never a
board's values: a result is totalled again under others with :func:`retotal`."""


def retotal(
    result: SessionResult, rules: Rules, handicaps: Mapping[Entrant, Fraction] | None = None
) -> SessionResult:
    """``result``'s boards, their values as they are, totalled and ranked again under ``rules``,
    which may differ from the result's own only in :data:`STANDING_SETTINGS` (``check`` tries
    many ways of adding and showing totals without matchpointing a board again each time)."""
    differ = [
        f.name
        for f in dataclass_fields(Rules)
        if f.name not in STANDING_SETTINGS
        and getattr(rules, f.name) != getattr(result.rules, f.name)
    ]
    if differ:
        raise RulesError(
            Text(
                N_("retotal: the boards' values depend on %(settings)s: score the session again"),
                settings=", ".join(differ),
            )
        )
    session = result.session
    credits: dict[Entrant, list[_Credit]] = defaultdict(list)
    for scored in result.boards:
        number = scored.board.number
        for t in scored.tables:
            for side, who, value in (
                (Side.NS, t.ns_entrants, t.ns),
                (Side.EW, t.ew_entrants, t.ew),
            ):
                if value is not None:
                    for entrant in who:
                        credits[entrant].append(_Credit(number, -1, side, value))
    members: dict[str, list[Entrant]] = defaultdict(list)
    for entrant in credits:
        members[session.field_of(entrant, rules.sections_across, rules.one_winner)].append(entrant)
    expected = {f.field: f.checksum.expected for f in result.fields}
    fields = tuple(
        _field(name, session, rules, credits, members[name], expected[name], handicaps)
        for name in session.fields(rules.sections_across, rules.one_winner)
    )
    return SessionResult(session, rules, result.boards, fields)


def _credits(
    tables: Sequence[TableResult],
    groups: Sequence[tuple[Entrant, ...]],
    seats: Mapping[Side, Sequence[int]],
    explained: Mapping[Side, Sequence[Explanation | None]],
) -> dict[Entrant, list[_Credit]]:
    """Each entrant's values, table by table; each seating group's lists are found once."""
    lists: dict[int, tuple[list[_Credit], ...]] = {}
    credits: dict[Entrant, list[_Credit]] = defaultdict(list)
    for side in Side:
        seated, column = seats[side], explained[side]
        for i, value in enumerate(column):
            if value is None:
                continue
            who = seated[i]
            found = lists.get(who)
            if found is None:
                found = lists[who] = tuple(credits[e] for e in groups[who])
            board = tables[i].board
            for items in found:
                items.append(_Credit(board, i, side, value))
    return credits


def _score_board(
    tables: Sequence[TableResult],
    scored: list[int],
    rules: Rules,
    expected: int,
    side: Side,
    reference: bool,
) -> list[Explanation]:
    if rules.method is Method.MATCHPOINTS:
        plain = None if reference else _plain_scores(tables, scored, side)
        if plain is not None:
            return matchpoint_plain(plain, rules, expected)
        return matchpoint([_entry(tables[i], side) for i in scored], rules, expected)
    from bridgescore.scoring.imp_pairs import imp_board

    return imp_board([_entry(tables[i], side) for i in scored], rules, side)


def _plain_scores(
    tables: Sequence[TableResult], scored: list[int], side: Side
) -> list[Plain] | None:
    """Each table's points (or artificial score) for ``side``, when the board is plain: no
    weighted score and one comparison group. None otherwise."""
    out: list[Plain] = []
    groups = set()
    ns = side is Side.NS
    for i in scored:
        t = tables[i]
        kept = t.ns_side if ns else t.ew_side
        if isinstance(kept, Artificial):
            out.append(kept)
            continue
        assert isinstance(kept, WeightedResult)
        parts = kept.parts
        if len(parts) != 1:
            return None
        groups.add(t.group)
        points = parts[0][1].ns_score
        out.append(points if ns else -points)
    return out if len(groups) <= 1 else None


def _entry(table: TableResult, side: Side) -> Entry:
    scored = table.side(side)
    if isinstance(scored, Artificial):
        return Entry(artificial=scored, group=table.group)
    assert isinstance(scored, WeightedResult)
    return Entry(scored.scores_for(side), group=table.group)


def session_percent(artificial: Artificial, own: Fraction) -> Fraction:
    """The percentage an artificial score is worth under the session-percentage rule (§5.2):
    Ave+ is 60% or the entrant's own percentage on its other boards if higher, Ave- 40% or its
    own if lower; Ave and explicit percentages are unchanged."""
    if artificial.code == "A+":
        return max(artificial.percent, own)
    if artificial.code == "A-":
        return min(artificial.percent, own)
    return artificial.percent


def _apply_session_rule(
    credits: Mapping[Entrant, list[_Credit]],
    explained: Mapping[Side, list[Explanation | None]],
) -> None:
    """Ave+ is 60% or the entrant's own percentage if better; Ave- likewise (rules.md §5.2)."""
    for entrant, items in credits.items():
        real = [c for c in items if c.explanation.artificial is None]
        won = sum((c.explanation.value for c in real), Fraction(0))
        available = sum((c.explanation.top for c in real), Fraction(0))
        if not available:
            continue
        own = 100 * won / available
        for credit in items:
            code = credit.explanation.artificial
            if code is None or session_percent(code, own) == code.percent:
                continue
            note = (
                f"{entrant}'s own percentage on its other boards, being "
                f"{'above' if code.code == 'A+' else 'below'} {fmt(code.percent)}%"
            )
            updated = replace(
                credit.explanation,
                percent=own,
                value=own / 100 * credit.explanation.top,
                note=note,
            )
            credit.explanation = updated
            explained[credit.side][credit.table] = updated


def _field(
    name: str,
    session: Session,
    rules: Rules,
    credits: Mapping[Entrant, list[_Credit]],
    entrants: list[Entrant],
    expected: Fraction,
    handicaps: Mapping[Entrant, Fraction] | None,
) -> FieldResult:
    members = sorted(entrants, key=Entrant.sort_key)
    imps = rules.method is not Method.MATCHPOINTS
    boards_of = {e: len({c.board for c in credits[e]}) for e in members}
    most_boards = max(boards_of.values(), default=0)
    rows = []
    exact_points = Fraction(0)  # the checksum adds the exact values, however totals are shown
    shown = rules.totals is Totals.SHOWN
    for entrant in members:
        items = credits[entrant]
        values = [c.explanation.value for c in items]
        points = exact_sum(values)
        exact_points += points
        if shown:
            points = exact_sum([_as_shown(v, rules) for v in values])
        available = exact_sum([c.explanation.top for c in items])
        boards = boards_of[entrant]
        percent: Fraction | None = None
        total: Fraction | None = None
        if imps:
            total = points
            if rules.factor_totals and boards < most_boards:
                total = points * most_boards / boards
        else:
            # Nothing compared (every board played once): no percentage, not 0 %.
            percent = 100 * points / available if available else None
            if rules.factor_mp_totals:
                total = points * most_boards / boards if boards < most_boards else points
        handicap = None if handicaps is None or imps else handicaps.get(entrant)
        rows.append(
            Standing(
                0,
                False,
                entrant,
                session.names.get(entrant),
                points,
                available,
                percent,
                boards,
                handicap,
                None if handicap is None or percent is None else percent + handicap,
                total,
            )
        )
    standings = placed(rows, rules)
    hcp: tuple[HandicapPlace, ...] = ()
    if handicaps is not None:
        with_hcp = [s for s in standings if s.handicapped is not None]
        hcp = tuple(
            HandicapPlace(place, shared, s)
            for place, shared, s in _ranked(with_hcp, lambda s: s.handicapped, rules, _entrant)
        )
    return FieldResult(
        name,
        tuple(standings),
        Checksum(expected, exact_points),
        hcp,
    )


def placed(rows: list[Standing], rules: Rules) -> tuple[Standing, ...]:
    """A field's standings at their places, best first (rules.md §7.2): on the percentage at
    matchpoints, on the total at IMPs."""
    if rules.method is Method.MATCHPOINTS:
        ranked = by_percentage(rows, _percent, _entrant, rules)
    else:
        ranked = _ranked(rows, lambda s: s.total, rules, _entrant)
    return tuple(_placed(s, place, shared) for place, shared, s in ranked)


def by_percentage(
    rows: Sequence[T],
    percent: Callable[[T], Fraction | None],
    entrant: Callable[[T], Entrant],
    rules: Rules,
) -> list[tuple[int, bool, T]]:
    """``(place, shared, row)`` of a matchpoint field's entrants, best first (rules.md §7.2):
    on the percentage, an entrant with none (nothing was compared) below every entrant with
    one; equal values in the entrants' order. :func:`placed`'s ranking, for rows that are not
    standings yet (the columnar path makes each standing once, at its place)."""

    def key(row: T) -> Fraction:
        value = percent(row)
        return value if value is not None else _NONE_COMPARED

    return _ranked(rows, key, rules, entrant)


_NONE_COMPARED = Fraction(-1)


def _percent(s: Standing) -> Fraction | None:
    return s.percent


def _entrant(s: Standing) -> Entrant:
    return s.entrant


def _as_shown(value: Fraction, rules: Rules) -> Fraction:
    """A row's value as the travellers show it: ``decimals`` places by ``rounding`` (the
    ``totals`` convention ``shown``, docs/rules.md)."""
    return _rounded(value, rules.decimals, rules.rounding)


@lru_cache(maxsize=1 << 14)
def _rounded(value: Fraction, decimals: int, rounding: Rounding) -> Fraction:
    """``value`` rounded, as a fraction (a field's values repeat: each is rounded once)."""
    return Fraction(round_fraction(value, decimals, rounding))


def _placed(s: Standing, place: int, shared: bool) -> Standing:
    """``s`` at its place: ``replace(s, rank=place, shared=shared)``, made as ``copy.copy``
    makes a copy (the fields into the new record's dict): a frozen record's ``__init__`` sets
    each of its 14 fields through ``object.__setattr__``, three times as long, for each of the
    thousands of entrants of a large field."""
    placed = _new(Standing)
    placed.__dict__.update(s.__dict__, rank=place, shared=shared)
    return placed


_new = object.__new__


def _ranked(
    rows: Sequence[T],
    key: Callable[[T], Fraction | None],
    rules: Rules,
    entrant: Callable[[T], Entrant],
) -> list[tuple[int, bool, T]]:
    """Best first (rules.md §7.2), on exact values (None as 0) or, if the rules say so, on
    those shown; equal values in the entrants' order."""

    def value(row: T) -> Fraction:
        v = key(row)
        v = _ZERO if v is None else v
        if rules.ties_on_display:
            return Fraction(round_fraction(v, rules.decimals, rules.rounding))
        return v

    return rank(rows, value, order=lambda row: entrant(row).sort_key())


_ZERO = Fraction(0)


def exact_sum(values: Sequence[Fraction]) -> Fraction:
    """The exact sum of ``values``, added as integers over their common denominator (one
    reduction in all, where adding Fractions one by one reduces at every step)."""
    by_denominator: dict[int, int] = {}
    for v in values:
        numerator, denominator = v.as_integer_ratio()
        by_denominator[denominator] = by_denominator.get(denominator, 0) + numerator
    if not by_denominator:
        return Fraction(0)
    common = lcm(*by_denominator)
    return Fraction(sum(n * (common // d) for d, n in by_denominator.items()), common)


def _awarded(
    session: Session,
    explained: Mapping[Side, Sequence[Explanation | None]],
    seats: Mapping[Side, Sequence[int]],
    across: bool,
    one_winner: bool,
) -> dict[str, list[Fraction]]:
    """What the boards distribute to each field, worked out from the boards' own sizes: the
    checksum each field's totals must add up to exactly (its sum).

    Every real result in a comparison group averages half the top whatever the compensation
    (rules.md §4.1 invariants), small fouled groups average 60% (§5.5), artificial scores are
    what they award.
    """
    awarded: dict[str, list[Fraction]] = defaultdict(list)
    groups: dict[tuple[str, int, Side, str | None, str | None], list[Explanation]] = {}
    field_of: dict[int, str] = {}
    seated_groups = session.seating.groups
    for side in Side:
        seated, column = seats[side], explained[side]
        for i, value in enumerate(column):
            if value is None:
                continue
            group = seated[i]
            field = field_of.get(group)
            if field is None:
                field = field_of[group] = session.field_of(
                    seated_groups[group][0], across, one_winner
                )
            if value.artificial is not None or value.method is Method.BUTLER:
                # Artificial scores award what they award; Butler IMPs have no zero-sum check.
                awarded[field].append(value.value * len(seated_groups[group]))
            else:
                t = session.tables[i]
                groups.setdefault((field, t.board, side, t.section, value.group), []).append(value)
    players = 2 if session.structure is FieldStructure.INDIVIDUAL else 1
    for (field, *_), values in groups.items():
        small = any(v.steps and v.steps[-1].method == "small group" for v in values)
        share = Fraction(3, 5) if small else Fraction(1, 2)
        awarded[field].append(len(values) * share * values[0].top * players)
    return awarded
