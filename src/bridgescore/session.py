"""A session: its boards and table results, scored into totals, percentages and rankings.

Fields (rules.md §7.3): a Mitchell has two (NS pairs and EW pairs) unless some rounds were
arrow-switched (§7.4); a Howell has one; an individual has one field of players (seed 000 SC 2.7).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property

from bridgescore.bridge import Seat, Side, Vulnerability, dealer_for_board
from bridgescore.display import fmt, round_fraction
from bridgescore.errors import InputFileError, Problem, RulesError
from bridgescore.matchpoints import Entry, Explanation, matchpoint, top
from bridgescore.rules import Compensation, Method, Movement, Rules
from bridgescore.traveller import Artificial, TableResult, WeightedResult


@dataclass(frozen=True)
class Entrant:
    """A pair (or, in an individual event, a player), as numbered at the club.

    In a Mitchell the same number is used on both lines, so a pair is its number and line.
    """

    number: int
    line: Side | None = None
    player: bool = False
    section: str | None = None

    @property
    def label(self) -> str:
        own = f"{self.number}{self.line.value}" if self.line else str(self.number)
        return f"{self.section}-{own}" if self.section else own

    def __lt__(self, other: Entrant) -> bool:
        return self._key() < other._key()

    def _key(self) -> tuple[str, str, int, bool]:
        line = self.line.value if self.line else ""
        return (self.section or "", line, self.number, self.player)

    def __str__(self) -> str:
        kind = "player" if self.player else "pair"
        return f"{kind} {self.label}"


@dataclass(frozen=True)
class Board:
    """A board's number, dealer and vulnerability (Law 2 unless overridden), and its deal."""

    number: int
    vulnerability: Vulnerability
    dealer: Seat
    deal: str | None = None

    @classmethod
    def numbered(cls, number: int) -> Board:
        return cls(number, Vulnerability.for_board(number), dealer_for_board(number))


@dataclass(frozen=True)
class Member:
    """A player's membership numbers, as a results file gives them (kept for round trips)."""

    national: str | None = None  # the national body's number (EBU, ABF, NZB ...)
    club: str | None = None  # the club's own number


@dataclass(frozen=True)
class Session:
    """What was played: boards, table results and the names of the entrants.

    ``members`` gives, for an entrant, its players' membership numbers in the order of the
    players in its name ("A & B").
    """

    tables: tuple[TableResult, ...]
    boards: Mapping[int, Board]
    movement: Movement
    names: Mapping[Entrant, str] = field(default_factory=dict)
    title: str | None = None
    date: str | None = None
    section_movements: Mapping[str, Movement] = field(default_factory=dict)
    members: Mapping[Entrant, tuple[Member, ...]] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        tables: Iterable[TableResult],
        boards: Mapping[int, Board] | None = None,
        movement: Movement | None = None,
        title: str | None = None,
        date: str | None = None,
        path: str | None = None,
        incomplete: frozenset[int] = frozenset(),
        section_movements: Mapping[str, Movement] | None = None,
        found: Sequence[Problem] = (),
    ) -> Session:
        """Check the results and settle the movement; raises with every problem found.

        ``found`` are the problems a reader already met in the file: they are raised together
        with the session's own. ``incomplete`` names boards some of whose rows could not be
        read (and so do the boards of ``found``): they are not reported again for having too
        few results.
        """
        rows = tuple(tables)
        problems: list[Problem] = list(found)
        incomplete = incomplete | {p.board for p in found if p.board is not None}
        settled = movement or detect_movement(rows)
        sections = {t.section for t in rows if t.section is not None}
        per_section = dict(section_movements or {})
        if movement is None and len(sections) > 1:
            for name in sections:
                per_section.setdefault(
                    name, detect_movement([t for t in rows if t.section == name])
                )
        all_boards = dict(boards or {})
        for row in rows:
            all_boards.setdefault(row.board, Board.numbered(row.board))
        session = cls(rows, dict(sorted(all_boards.items())), settled, {}, title, date, per_section)
        problems.extend(session._check_movement())
        names, name_problems = session._collect_names()
        problems.extend(name_problems)
        problems.extend(session._check_boards(incomplete))
        if problems:
            raise InputFileError(path, sorted(problems, key=_problem_order))
        return replace(session, names=names)

    @cached_property
    def _entrant_cache(self) -> dict[tuple[int, Side], tuple[TableResult, tuple[Entrant, ...]]]:
        return {}

    def entrants(self, table: TableResult, side: Side) -> tuple[Entrant, ...]:
        """Who is scored on ``side``'s cards at ``table``."""
        # Asked for every table many times while scoring: remember the answer per table
        # object (kept alive in the cache, so its id cannot be reused).
        known = self._entrant_cache.get((id(table), side))
        if known is not None and known[0] is table:
            return known[1]
        found = self._entrants(table, side)
        self._entrant_cache[id(table), side] = (table, found)
        return found

    def _entrants(self, table: TableResult, side: Side) -> tuple[Entrant, ...]:
        numbers = table.ns if side is Side.NS else table.ew
        movement = self.movement_of(table.section)
        section = table.section
        if movement is Movement.INDIVIDUAL:
            return tuple(Entrant(n, player=True, section=section) for n in numbers)
        if movement in (Movement.HOWELL, Movement.TEAMS):
            return (Entrant(numbers[0], section=section),)
        line = side.other if table.arrow else side
        return (Entrant(numbers[0], line, section=section),)

    def movement_of(self, section: str | None) -> Movement:
        if section is None:
            return self.movement
        return self.section_movements.get(section, self.movement)

    def entrants_all(self, table: TableResult) -> tuple[Entrant, ...]:
        return (*self.entrants(table, Side.NS), *self.entrants(table, Side.EW))

    @property
    def arrow_switched(self) -> bool:
        return any(t.arrow for t in self.tables)

    @cached_property
    def sections(self) -> tuple[str, ...]:
        return tuple(sorted({t.section for t in self.tables if t.section is not None}))

    @cached_property
    def _switched_sections(self) -> frozenset[str | None]:
        return frozenset(t.section for t in self.tables if t.arrow)

    def field_of(self, entrant: Entrant, across: bool = False) -> str:
        """The ranking list an entrant is in: ``NS``, ``EW`` or ``ALL``, per section unless
        sections are ranked ``across`` the whole field."""
        switched = entrant.section in self._switched_sections
        mitchell = self.movement_of(entrant.section) is Movement.MITCHELL and not switched
        name = entrant.line.value if mitchell and entrant.line is not None else "ALL"
        if entrant.section is not None and not across and len(self.sections) > 1:
            return f"{entrant.section} {name}"
        return name

    def fields(self, across: bool = False) -> tuple[str, ...]:
        names = {self.field_of(e, across) for t in self.tables for e in self.entrants_all(t)}
        return tuple(
            sorted(
                names, key=lambda n: (n.rpartition(" ")[0], "NS EW ALL".find(n.rpartition(" ")[2]))
            )
        )

    def _check_movement(self) -> list[Problem]:
        problems = []
        for t in self.tables:
            individual = len(t.ns) == 2
            if individual != (self.movement is Movement.INDIVIDUAL):
                problems.append(
                    Problem(
                        f"{'players' if individual else 'pairs'} given in a "
                        f"{self.movement.value} session",
                        t.line,
                        t.board,
                        t.table,
                        expected="pair numbers ns, ew for pairs events; players n, e, s, w "
                        "for individual events",
                    )
                )
        return problems

    def _collect_names(self) -> tuple[dict[Entrant, str], list[Problem]]:
        names: dict[Entrant, str] = {}
        first_line: dict[Entrant, int | None] = {}
        problems = []
        for t in self.tables:
            who = (*self.entrants(t, Side.NS), *self.entrants(t, Side.EW))
            for entrant, name in zip(who, t.names, strict=False):
                if not name:
                    continue
                if entrant in names and names[entrant] != name:
                    problems.append(
                        Problem(
                            f"{entrant} is named {names[entrant]!r} on line "
                            f"{first_line[entrant]} but differently here",
                            t.line,
                            t.board,
                            t.table,
                            found=name,
                            expected="the same name on every row",
                        )
                    )
                else:
                    names[entrant] = name
                    first_line.setdefault(entrant, t.line)
        return names, problems

    def _check_boards(self, incomplete: frozenset[int]) -> list[Problem]:
        problems = []
        by_board: dict[int, list[TableResult]] = defaultdict(list)
        for t in self.tables:
            by_board[t.board].append(t)
        for board, rows in by_board.items():
            seen: dict[tuple[Entrant, str], TableResult] = {}
            for t in rows:
                ns, ew = self.entrants(t, Side.NS), self.entrants(t, Side.EW)
                if set(ns) & set(ew):
                    problems.append(
                        Problem(
                            "the same number plays both sides of the table",
                            t.line,
                            board,
                            t.table,
                            found=", ".join(e.label for e in ns + ew),
                            expected="different NS and EW numbers",
                        )
                    )
                # A team plays each board once in each direction (two rooms).
                teams = self.movement_of(t.section) is Movement.TEAMS
                keyed = [((e, "NS") if teams else (e, ""), e) for e in ns] + [
                    ((e, "EW") if teams else (e, ""), e) for e in ew
                ]
                for key, entrant in keyed:
                    if key in seen:
                        problems.append(
                            Problem(
                                f"{entrant} plays board {board} "
                                f"{'in the same direction ' if teams else ''}twice (also on "
                                f"line {seen[key].line})",
                                t.line,
                                board,
                                t.table,
                                found=entrant.label,
                                expected="each team once per direction per board"
                                if teams
                                else "each pair or player once per board",
                            )
                        )
                    seen[key] = t
            for side in Side:
                scored = [t for t in rows if t.side(side) is not None]
                # Teams compare the two rooms of a match, not a field (bridgescore.teams).
                teams = self.movement_of(rows[0].section) is Movement.TEAMS
                if len(scored) == 1 and board not in incomplete and not teams:
                    t = scored[0]
                    problems.append(
                        Problem(
                            f"board {board} has a single {side.value} result: nothing to "
                            "compare it with",
                            t.line,
                            board,
                            t.table,
                            found=t.describe(),
                            expected="at least two results on a board (or NP)",
                        )
                    )
        return problems


def detect_movement(tables: Sequence[TableResult]) -> Movement:
    """Individual if players are numbered; Howell if pair numbers are shared by both lines and
    no number ever meets itself (which only happens between the two lines of a Mitchell)."""
    if any(len(t.ns) == 2 for t in tables):
        return Movement.INDIVIDUAL
    if any(t.ns == t.ew for t in tables):
        return Movement.MITCHELL
    home_ns = {t.ew[0] if t.arrow else t.ns[0] for t in tables}
    home_ew = {t.ns[0] if t.arrow else t.ew[0] for t in tables}
    return Movement.HOWELL if home_ns & home_ew else Movement.MITCHELL


def _problem_order(problem: Problem) -> tuple[int, int]:
    return (problem.line or 0, problem.board or 0)


# --- scored results -------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoredTable:
    """A table result with the matchpoints of each side and how they were reached."""

    table: TableResult
    ns_entrants: tuple[Entrant, ...]
    ew_entrants: tuple[Entrant, ...]
    ns: Explanation | None
    ew: Explanation | None

    @property
    def ns_mp(self) -> Fraction | None:
        return None if self.ns is None else self.ns.value

    @property
    def ew_mp(self) -> Fraction | None:
        return None if self.ew is None else self.ew.value

    @property
    def ns_score(self) -> int | None:
        result = self.table.result
        return None if result is None else result.ns_score

    def explanation(self, side: Side) -> Explanation | None:
        return self.ns if side is Side.NS else self.ew


@dataclass(frozen=True)
class ScoredBoard:
    board: Board
    top: Fraction
    results: int
    expected: int
    tables: tuple[ScoredTable, ...]
    section: str | None = None


@dataclass(frozen=True)
class Checksum:
    """Seed 000 SC 2.5: a field's totals must equal what its boards distribute."""

    expected: Fraction
    actual: Fraction

    @property
    def ok(self) -> bool:
        return self.expected == self.actual


@dataclass(frozen=True)
class Standing:
    rank: int
    shared: bool
    entrant: Entrant
    name: str | None
    mp: Fraction
    max: Fraction
    percent: Fraction | None
    boards: int
    handicap: Fraction | None = None
    handicapped: Fraction | None = None
    # IMP events: the total ranked on (factored, rules.md §4.6); matchpoints: the factored total
    # when the rules ask for one (``factor_mp_totals``), not ranked on
    total: Fraction | None = None

    @property
    def place(self) -> str:
        return f"{self.rank}=" if self.shared else str(self.rank)


@dataclass(frozen=True)
class FieldResult:
    field: str
    standings: tuple[Standing, ...]
    checksum: Checksum
    handicap_standings: tuple[tuple[int, bool, Standing], ...] = ()


@dataclass(frozen=True)
class SessionResult:
    session: Session
    rules: Rules
    boards: tuple[ScoredBoard, ...]
    fields: tuple[FieldResult, ...]

    @property
    def checksums_ok(self) -> bool:
        return all(f.checksum.ok for f in self.fields)

    def standing(self, entrant: Entrant) -> Standing:
        for f in self.fields:
            for s in f.standings:
                if s.entrant == entrant:
                    return s
        raise KeyError(entrant)


@dataclass
class _Credit:
    board: int
    table: int
    side: Side
    explanation: Explanation


def score_session(
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
            values = _score_board(entries, rules, expected_for[key, side])
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


def _score_board(entries: list[Entry], rules: Rules, expected: int) -> list[Explanation]:
    if rules.method is Method.MATCHPOINTS:
        return matchpoint(entries, rules, expected)
    if rules.method is Method.TEAMS:
        raise RulesError("teams of four are scored by match (bridgescore.teams), not by field")
    from bridgescore.imp_pairs import imp_board

    return imp_board(entries, rules)


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
        mp = sum((c.explanation.value for c in items), Fraction(0))
        available = sum((c.explanation.top for c in items), Fraction(0))
        boards = len({c.board for c in items})
        percent: Fraction | None = None
        total: Fraction | None = None
        if imps:
            total = mp
            if rules.factor_totals and boards < most_boards:
                total = mp * most_boards / boards
        else:
            percent = 100 * mp / available if available else Fraction(0)
            if rules.factor_mp_totals:
                total = mp * most_boards / boards if boards < most_boards else mp
        handicap = None if handicaps is None or imps else handicaps.get(entrant)
        rows.append(
            Standing(
                0,
                False,
                entrant,
                session.names.get(entrant),
                mp,
                available,
                percent,
                boards,
                handicap,
                None if handicap is None or percent is None else percent + handicap,
                total,
            )
        )
    standings = _rank(rows, lambda s: s.total if imps else s.percent, rules)
    hcp: tuple[tuple[int, bool, Standing], ...] = ()
    if handicaps is not None:
        with_hcp = [s for s in standings if s.handicapped is not None]
        ranked = _rank(with_hcp, lambda s: s.handicapped or Fraction(0), rules)
        hcp = tuple((s.rank, s.shared, original) for s, original in _pair_up(ranked, with_hcp))
    return FieldResult(
        name,
        tuple(standings),
        _checksum(name, session, explained, rows, rules.sections_across),
        hcp,
    )


def _pair_up(ranked: list[Standing], originals: list[Standing]) -> list[tuple[Standing, Standing]]:
    by_entrant = {s.entrant: s for s in originals}
    return [(s, by_entrant[s.entrant]) for s in ranked]


def _rank(
    rows: list[Standing], key: Callable[[Standing], Fraction | None], rules: Rules
) -> list[Standing]:
    """Best first; equal values share the best place (rules.md §7.2)."""

    def value(s: Standing) -> Fraction:
        v = key(s) or Fraction(0)
        if rules.ties_on_display:
            return Fraction(round_fraction(v, rules.decimals, rules.rounding))
        return v

    keyed = sorted(((value(s), s) for s in rows), key=lambda vs: (-vs[0], vs[1].entrant))
    # Best first, so a value's place is one more than the index of its first occurrence.
    first: dict[Fraction, int] = {}
    for index, (v, _) in enumerate(keyed):
        first.setdefault(v, index)
    times = Counter(v for v, _ in keyed)
    return [replace(s, rank=first[v] + 1, shared=times[v] > 1) for v, s in keyed]


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
    players = 2 if session.movement is Movement.INDIVIDUAL else 1
    for values in groups.values():
        small = any(v.steps and v.steps[-1].method == "small group" for v in values)
        share = Fraction(3, 5) if small else Fraction(1, 2)
        expected += len(values) * share * values[0].top * players
    actual = sum((s.mp for s in mp_rows), Fraction(0))
    return Checksum(expected, actual)
