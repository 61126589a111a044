"""Pairs and individual events scored by field: every board matchpointed (or IMPed against a
datum or every other result), then each field totalled, ranked and checked (rules.md §3-7).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from bridgescore.bridge import Side
from bridgescore.display import fmt, round_fraction
from bridgescore.explanation import Explanation
from bridgescore.results import (
    Checksum,
    FieldResult,
    HandicapPlace,
    ScoredBoard,
    ScoredTable,
    SessionResult,
    Standing,
)
from bridgescore.rules import Compensation, Method, Rules
from bridgescore.scoring.matchpoints import Entry, matchpoint, top
from bridgescore.scoring.ranking import rank
from bridgescore.session import Entrant, FieldStructure, Session
from bridgescore.traveller import Artificial, TableResult, WeightedResult


@dataclass
class _Credit:
    board: int
    table: int
    side: Side
    explanation: Explanation


def score_pairs(
    session: Session,
    rules: Rules,
    handicaps: Mapping[Entrant, Fraction] | None = None,
) -> SessionResult:
    """Matchpoint every board, then total, rank and check each field."""
    # Results are compared within a board and, unless ranked across, within a section.
    by_board: dict[tuple[int, str], list[int]] = defaultdict(list)
    for index, t in enumerate(session.tables):
        group = "" if rules.sections_across else (t.section or "")
        by_board[t.board, group].append(index)
    counts = {
        (key, side): sum(1 for i in rows if session.tables[i].side(side) is not None)
        for key, rows in by_board.items()
        for side in Side
    }
    common: dict[str, int] = defaultdict(int)
    for ((_, group), _side), n in counts.items():
        common[group] = max(common[group], n)
    expected_for = {
        key: (common[key[0][1]] if rules.short_boards is not Compensation.NONE else n)
        for key, n in counts.items()
    }
    explained: dict[tuple[int, Side], Explanation] = {}
    for key, rows in by_board.items():
        for side in Side:
            scored = [i for i in rows if session.tables[i].side(side) is not None]
            entries = [_entry(session.tables[i], side) for i in scored]
            values = _score_board(entries, rules, expected_for[key, side], side)
            for i, value in zip(scored, values, strict=True):
                explained[i, side] = value
    credits: dict[Entrant, list[_Credit]] = defaultdict(list)
    for (i, side), value in explained.items():
        for entrant in session.entrants(session.tables[i], side):
            credits[entrant].append(_Credit(session.tables[i].board, i, side, value))
    if rules.session_percentage_rule and rules.method is Method.MATCHPOINTS:
        _apply_session_rule(credits, explained)
    scored_boards = []
    for key, rows in sorted(by_board.items()):
        board, group = key
        tables = tuple(
            ScoredTable(
                session.tables[i],
                session.entrants(session.tables[i], Side.NS),
                session.entrants(session.tables[i], Side.EW),
                explained.get((i, Side.NS)),
                explained.get((i, Side.EW)),
            )
            for i in rows
        )
        n = max(counts[key, Side.NS], counts[key, Side.EW])
        expected = max(expected_for[key, Side.NS], expected_for[key, Side.EW])
        scored_boards.append(
            ScoredBoard(
                session.boards[board], top(expected, rules), n, expected, tables, group or None
            )
        )
    fields = tuple(
        _field(name, session, rules, credits, explained, handicaps)
        for name in session.fields(rules.sections_across)
    )
    return SessionResult(session, rules, tuple(scored_boards), fields)


def _score_board(
    entries: list[Entry], rules: Rules, expected: int, side: Side
) -> list[Explanation]:
    if rules.method is Method.MATCHPOINTS:
        return matchpoint(entries, rules, expected)
    from bridgescore.scoring.imp_pairs import imp_board

    return imp_board(entries, rules, side)


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
    explained: dict[tuple[int, Side], Explanation],
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
            explained[credit.table, credit.side] = updated


def _field(
    name: str,
    session: Session,
    rules: Rules,
    credits: Mapping[Entrant, list[_Credit]],
    explained: Mapping[tuple[int, Side], Explanation],
    handicaps: Mapping[Entrant, Fraction] | None,
) -> FieldResult:
    members = sorted(e for e in credits if session.field_of(e, rules.sections_across) == name)
    imps = rules.method is not Method.MATCHPOINTS
    most_boards = max((len({c.board for c in credits[e]}) for e in members), default=0)
    rows = []
    for entrant in members:
        items = credits[entrant]
        points = sum((c.explanation.value for c in items), Fraction(0))
        available = sum((c.explanation.top for c in items), Fraction(0))
        boards = len({c.board for c in items})
        percent: Fraction | None = None
        total: Fraction | None = None
        if imps:
            total = points
            if rules.factor_totals and boards < most_boards:
                total = points * most_boards / boards
        else:
            percent = 100 * points / available if available else Fraction(0)
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
    ranked = _ranked(rows, lambda s: s.total if imps else s.percent, rules)
    standings = [replace(s, rank=place, shared=shared) for place, shared, s in ranked]
    hcp: tuple[HandicapPlace, ...] = ()
    if handicaps is not None:
        with_hcp = [s for s in standings if s.handicapped is not None]
        hcp = tuple(
            HandicapPlace(place, shared, s)
            for place, shared, s in _ranked(with_hcp, lambda s: s.handicapped, rules)
        )
    return FieldResult(
        name,
        tuple(standings),
        _checksum(name, session, explained, rows, rules.sections_across),
        hcp,
    )


def _ranked(
    rows: list[Standing],
    key: Callable[[Standing], Fraction | None],
    rules: Rules,
) -> list[tuple[int, bool, Standing]]:
    """Best first (rules.md §7.2), on exact values or, if the rules say so, on those shown."""

    def value(s: Standing) -> Fraction:
        v = key(s) or Fraction(0)
        if rules.ties_on_display:
            return Fraction(round_fraction(v, rules.decimals, rules.rounding))
        return v

    return rank(rows, value, order=lambda s: s.entrant)


def _checksum(
    name: str,
    session: Session,
    explained: Mapping[tuple[int, Side], Explanation],
    mp_rows: Sequence[Standing],
    across: bool,
) -> Checksum:
    """What the boards distribute to this field, worked out from the boards' own sizes.

    Every real result in a comparison group averages half the top whatever the compensation
    (rules.md §4.1 invariants), small fouled groups average 60% (§5.5), artificial scores are
    what they award; the field's totals must add up to exactly that.
    """
    expected = Fraction(0)
    groups: dict[tuple[int, Side, str | None], list[Explanation]] = defaultdict(list)
    for (i, side), value in explained.items():
        t = session.tables[i]
        entrants = session.entrants(t, side)
        if session.field_of(entrants[0], across) != name:
            continue
        if value.artificial is not None or value.method == "butler":
            # Artificial scores award what they award; Butler IMPs have no zero-sum check.
            expected += value.value * len(entrants)
        else:
            groups[t.board, side, f"{t.section}/{value.group}"].append(value)
    players = 2 if session.structure is FieldStructure.INDIVIDUAL else 1
    for values in groups.values():
        small = any(v.steps and v.steps[-1].method == "small group" for v in values)
        share = Fraction(3, 5) if small else Fraction(1, 2)
        expected += len(values) * share * values[0].top * players
    actual = sum((s.points for s in mp_rows), Fraction(0))
    return Checksum(expected, actual)
