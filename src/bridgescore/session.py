"""A session: what was played — its boards, table results and entrants — and how complete it is.

Scoring lives in :mod:`bridgescore.scoring`. A session may be half-played (a live session all
evening, or a file with boards played once): :meth:`Session.completeness` says which boards
have how many results.

Fields (rules.md §7.3): a Mitchell has two (NS pairs and EW pairs) unless some rounds were
arrow-switched (§7.4); a Howell has one; an individual has one field of players (seed 000 SC 2.7).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING

from bridgescore.bridge import Seat, Side, Vulnerability, dealer_for_board
from bridgescore.errors import InputFileError, Problem
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.traveller import RowKey, TableResult
from bridgescore.vocabulary import Vocabulary

if TYPE_CHECKING:
    from bridgescore.deal import Deal  # hand records come with a few formats only


class FieldStructure(Vocabulary, what=N_("a field structure")):
    """How a session's entrants form the fields they are ranked in (rules.md §7.3), and the
    kind of movement that seats them (:attr:`bridgescore.movements.model.Movement.kind`: a
    Mitchell, a Howell or an individual).

    Not the movement itself (who sat where in which round: :mod:`bridgescore.movements`), only
    what a movement implies for ranking.
    """

    MITCHELL = "mitchell"  # two fields: NS pairs and EW pairs
    HOWELL = "howell"  # one field of pairs
    INDIVIDUAL = "individual"  # one field of players
    TEAMS = "teams"  # teams of four: each team plays each board once in each room


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
        return self.sort_key() < other.sort_key()

    def sort_key(self) -> tuple[str, str, int, bool]:
        """The entrants' order (section, line, number) as a key: sorting thousands of entrants
        by ``key=Entrant.sort_key`` compares tuples in C, not records in Python."""
        line = self.line.value if self.line else ""
        return (self.section or "", line, self.number, self.player)

    def __str__(self) -> str:
        kind = "player" if self.player else "pair"
        return f"{kind} {self.label}"

    @property
    def said(self) -> Text:
        """:meth:`__str__` as a sentence keeps it, said in the reader's language."""
        return Text(
            N_("player %(label)s") if self.player else N_("pair %(label)s"), label=self.label
        )


@dataclass(frozen=True)
class Board:
    """A board's number, dealer and vulnerability (Law 2 unless overridden), and its deal."""

    number: int
    vulnerability: Vulnerability
    dealer: Seat
    deal: Deal | None = None

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
    structure: FieldStructure
    names: Mapping[Entrant, str] = field(default_factory=dict)
    title: str | None = None
    date: str | None = None
    section_structures: Mapping[str, FieldStructure] = field(default_factory=dict)
    members: Mapping[Entrant, tuple[Member, ...]] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        tables: Iterable[TableResult],
        boards: Mapping[int, Board] | None = None,
        structure: FieldStructure | None = None,
        title: str | None = None,
        date: str | None = None,
        path: str | None = None,
        section_structures: Mapping[str, FieldStructure] | None = None,
        found: Sequence[Problem] = (),
    ) -> Session:
        """Check the results and settle the field structure; raises with every problem found.

        ``found`` are the problems a reader already met in the file: they are raised together
        with the session's own. A board with fewer results than others is not a problem (see
        :meth:`completeness`).
        """
        rows = tuple(tables)
        problems: list[Problem] = list(found)
        settled = structure or detect_structure(rows)
        sections = {t.section for t in rows if t.section is not None}
        per_section = dict(section_structures or {})
        if structure is None and len(sections) > 1:
            for name in sections:
                per_section.setdefault(
                    name, detect_structure([t for t in rows if t.section == name])
                )
        all_boards = dict(boards or {})
        for row in rows:
            if row.board not in all_boards:
                all_boards[row.board] = Board.numbered(row.board)
        session = cls(rows, dict(sorted(all_boards.items())), settled, {}, title, date, per_section)
        problems.extend(session._check_structure())
        names, name_problems = session._collect_names()
        problems.extend(name_problems)
        problems.extend(session._check_boards())
        if problems:
            raise InputFileError(path, sorted(problems, key=_problem_order))
        built = replace(session, names=names)
        # The seating does not depend on the names: keep it rather than work it out again.
        built.__dict__["seating"] = session.seating
        return built

    @cached_property
    def _entrant_cache(self) -> dict[_Seating, tuple[Entrant, ...]]:
        return {}

    def entrants(self, table: TableResult, side: Side) -> tuple[Entrant, ...]:
        """Who is scored on ``side``'s cards at ``table``."""
        # Asked for every table many times while scoring: remember the answer for what decides
        # it (the numbers, the arrow, the section and the side), never for a row object.
        seating = (table.ns, table.ew, table.arrow, table.section, side is Side.NS)
        known = self._entrant_cache.get(seating)
        if known is None:
            known = self._entrant_cache[seating] = self._entrants(table, side)
        return known

    @cached_property
    def seating(self) -> Seating:
        """Who is scored at each table, worked out once (see :class:`Seating`)."""
        entrants: list[Entrant] = []
        entrant_index: dict[Entrant, int] = {}
        groups: list[tuple[Entrant, ...]] = []
        members: list[tuple[int, ...]] = []
        group_index: dict[tuple[Entrant, ...], int] = {}

        def index(who: tuple[Entrant, ...]) -> int:
            found = group_index.get(who)
            if found is None:
                ids = []
                for e in who:
                    k = entrant_index.get(e)
                    if k is None:
                        k = entrant_index[e] = len(entrants)
                        entrants.append(e)
                    ids.append(k)
                found = group_index[who] = len(groups)
                groups.append(tuple(entrants[k] for k in ids))
                members.append(tuple(ids))
            return found

        # A side's entrants follow from its numbers, the arrow and the section alone.
        ns_seats: dict[tuple[object, ...], int] = {}
        ew_seats: dict[tuple[object, ...], int] = {}
        ns: list[int] = []
        ew: list[int] = []
        for t in self.tables:
            seats = (t.ns, t.arrow, t.section)
            found = ns_seats.get(seats)
            if found is None:
                found = ns_seats[seats] = index(self._entrants(t, Side.NS))
            ns.append(found)
            seats = (t.ew, t.arrow, t.section)
            found = ew_seats.get(seats)
            if found is None:
                found = ew_seats[seats] = index(self._entrants(t, Side.EW))
            ew.append(found)
        return Seating(tuple(entrants), tuple(groups), tuple(members), tuple(ns), tuple(ew))

    @cached_property
    def rows_by_key(self) -> dict[RowKey, TableResult]:
        """Every table result by its identity (:attr:`TableResult.identity`)."""
        return {t.identity: t for t in self.tables}

    def completeness(self) -> Completeness:
        """How many results each board has, against the most any board of its section has."""
        counts: dict[tuple[str | None, int], int] = {}
        for t in self.tables:
            key = (t.section, t.board)
            played = t.ns_side is not None or t.ew_side is not None  # TableResult.played
            counts[key] = counts.get(key, 0) + played
        most: dict[str | None, int] = defaultdict(int)
        for (section, _), n in counts.items():
            most[section] = max(most[section], n)
        return Completeness(
            tuple(
                BoardCount(section, board, n, most[section])
                for (section, board), n in sorted(counts.items(), key=_section_board)
            )
        )

    def _entrants(self, table: TableResult, side: Side) -> tuple[Entrant, ...]:
        numbers = table.ns if side is Side.NS else table.ew
        structure = self.structure_of(table.section)
        section = table.section
        if structure is FieldStructure.INDIVIDUAL:
            return tuple(Entrant(n, player=True, section=section) for n in numbers)
        if structure in (FieldStructure.HOWELL, FieldStructure.TEAMS):
            return (Entrant(numbers[0], section=section),)
        line = side.other if table.arrow else side
        return (Entrant(numbers[0], line, section=section),)

    def structure_of(self, section: str | None) -> FieldStructure:
        if section is None:
            return self.structure
        return self.section_structures.get(section, self.structure)

    def _both(self, table: TableResult) -> tuple[tuple[Entrant, ...], tuple[Entrant, ...]]:
        return self.entrants(table, Side.NS), self.entrants(table, Side.EW)

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

    def field_of(self, entrant: Entrant, across: bool = False, one_winner: bool = False) -> str:
        """The ranking list an entrant is in: ``NS``, ``EW`` or ``ALL``, per section unless
        sections are ranked ``across`` the whole field; ``one_winner`` ranks both lines of a
        Mitchell together (USEBIO's WINNER_TYPE 1), as an arrow switch does."""
        switched = one_winner or entrant.section in self._switched_sections
        mitchell = self.structure_of(entrant.section) is FieldStructure.MITCHELL and not switched
        name = entrant.line.value if mitchell and entrant.line is not None else "ALL"
        if entrant.section is not None and not across and len(self.sections) > 1:
            return f"{entrant.section} {name}"
        return name

    def fields(self, across: bool = False, one_winner: bool = False) -> tuple[str, ...]:
        names = {self.field_of(e, across, one_winner) for e in self.seating.entrants}
        return tuple(
            sorted(
                names, key=lambda n: (n.rpartition(" ")[0], "NS EW ALL".find(n.rpartition(" ")[2]))
            )
        )

    def _check_structure(self) -> list[Problem]:
        problems = []
        for t in self.tables:
            individual = len(t.ns) == 2
            if individual != (self.structure is FieldStructure.INDIVIDUAL):
                problems.append(
                    Problem(
                        Text(
                            N_("players given in a %(structure)s session")
                            if individual
                            else N_("pairs given in a %(structure)s session"),
                            structure=self.structure.value,
                        ),
                        t.line,
                        t.board,
                        t.table,
                        expected=Text(
                            N_(
                                "pair numbers ns, ew for pairs events; players n, e, s, w for "
                                "individual events"
                            )
                        ),
                    )
                )
        return problems

    def _collect_names(self) -> tuple[dict[Entrant, str], list[Problem]]:
        # By the entrants' indexes in the seating (small integers, not records to hash).
        named: dict[int, str] = {}
        first_line: dict[int, int | None] = {}
        problems = []
        seating = self.seating
        everyone, members = seating.entrants, seating.members
        for i, t in enumerate(self.tables):
            if not any(t.names):
                continue
            who = members[seating.ns[i]] + members[seating.ew[i]]
            for k, name in zip(who, t.names, strict=False):
                if not name:
                    continue
                known = named.get(k)
                if known is not None and known != name:
                    problems.append(
                        Problem(
                            Text(
                                N_(
                                    "%(who)s is named %(known)s on line %(line)s but "
                                    "differently here"
                                ),
                                who=everyone[k].said,
                                known=repr(known),
                                line=first_line[k],
                            ),
                            t.line,
                            t.board,
                            t.table,
                            found=name,
                            expected=Text(N_("the same name on every row")),
                        )
                    )
                else:
                    named[k] = name
                    first_line.setdefault(k, t.line)
        return {everyone[k]: name for k, name in named.items()}, problems

    def _check_boards(self) -> list[Problem]:
        problems = []
        teams_in: dict[str | None, bool] = {}
        keys: dict[tuple[object, ...], TableResult] = {}
        by_board: dict[int, list[int]] = defaultdict(list)
        for i, t in enumerate(self.tables):
            teams = teams_in.get(t.section)
            if teams is None:
                teams = teams_in[t.section] = self.structure_of(t.section) is FieldStructure.TEAMS
            # The row's key (RowKey's fields, as a plain tuple). The two rooms of a teams match
            # may carry the same round and table: there a row is known by its teams too.
            if teams or t.round is None or t.table is None:
                row_key = (t.section, t.board, t.round, t.table, t.ns, t.ew)
            else:
                row_key = (t.section, t.board, t.round, t.table, (), ())
            earlier = keys.get(row_key)
            if earlier is not None:
                problems.append(
                    Problem(
                        Text(
                            N_("a second result for %(key)s (also on line %(line)s)"),
                            key=RowKey(*row_key).said,
                            line=earlier.line,
                        ),
                        t.line,
                        t.board,
                        t.table,
                        found=t.describe(),
                        expected=Text(N_("one result per board, round and table")),
                    )
                )
            else:
                keys[row_key] = t
            by_board[t.board].append(i)
        seating = self.seating
        everyone, members = seating.entrants, seating.members
        for board, rows in by_board.items():
            # Who has played this board, by entrant (and, in teams, direction).
            seen: dict[object, TableResult] = {}
            for i in rows:
                t = self.tables[i]
                ns_ids, ew_ids = members[seating.ns[i]], members[seating.ew[i]]
                pairs = len(ns_ids) == 1 == len(ew_ids)  # else players, or none seated
                if ns_ids == ew_ids if pairs else not set(ns_ids).isdisjoint(ew_ids):
                    who = seating.groups[seating.ns[i]] + seating.groups[seating.ew[i]]
                    problems.append(
                        Problem(
                            Text(N_("the same number plays both sides of the table")),
                            t.line,
                            board,
                            t.table,
                            found=", ".join(e.label for e in who),
                            expected=Text(N_("different NS and EW numbers")),
                        )
                    )
                # A team plays each board once in each direction (two rooms).
                teams = teams_in[t.section]
                keyed: Iterable[tuple[object, int]] = (
                    [*(((k, "NS"), k) for k in ns_ids), *(((k, "EW"), k) for k in ew_ids)]
                    if teams
                    else ((k, k) for k in ns_ids + ew_ids)
                )
                for key, k in keyed:
                    earlier = seen.get(key)
                    if earlier is not None:
                        problems.append(_played_twice(everyone[k], board, t, earlier, teams))
                    seen[key] = t
        return problems


def _played_twice(
    entrant: Entrant, board: int, t: TableResult, earlier: TableResult, teams: bool
) -> Problem:
    return Problem(
        Text(
            N_(
                "%(entrant)s plays board %(board)s in the same direction twice (also on line "
                "%(line)s)"
            )
            if teams
            else N_("%(entrant)s plays board %(board)s twice (also on line %(line)s)"),
            entrant=entrant.said,
            board=board,
            line=earlier.line,
        ),
        t.line,
        board,
        t.table,
        found=entrant.label,
        expected=Text(N_("each team once per direction per board"))
        if teams
        else Text(N_("each pair or player once per board")),
    )


def detect_structure(tables: Sequence[TableResult]) -> FieldStructure:
    """Individual if players are numbered; Howell if pair numbers are shared by both lines and
    no number ever meets itself (which only happens between the two lines of a Mitchell)."""
    if any(len(t.ns) == 2 for t in tables):
        return FieldStructure.INDIVIDUAL
    if any(t.ns == t.ew for t in tables):
        return FieldStructure.MITCHELL
    home_ns = {t.ew[0] if t.arrow else t.ns[0] for t in tables}
    home_ew = {t.ns[0] if t.arrow else t.ew[0] for t in tables}
    return FieldStructure.HOWELL if home_ns & home_ew else FieldStructure.MITCHELL


def _problem_order(problem: Problem) -> tuple[int, int]:
    return (problem.line or 0, problem.board or 0)


_Seating = tuple[tuple[int, ...], tuple[int, ...], bool, str | None, bool]  # the last: NS or not


@dataclass(frozen=True)
class Seating:
    """Who is scored at each table of a session, worked out once: each side's entrants as an
    index into ``groups`` (the distinct tuples of entrants, one object each) and each group's
    entrants as indexes into ``entrants``. Scoring and the checks look up and compare these
    small integers rather than hashing records row by row."""

    entrants: tuple[Entrant, ...]  # every entrant seated at some table, once
    groups: tuple[tuple[Entrant, ...], ...]  # the distinct entrants of a side of a table
    members: tuple[tuple[int, ...], ...]  # for each group, its entrants' indexes
    ns: tuple[int, ...]  # for each table, the group of its NS side
    ew: tuple[int, ...]  # for each table, the group of its EW side


def _section_board(item: tuple[tuple[str | None, int], int]) -> tuple[str, int]:
    (section, board), _ = item
    return (section or "", board)


@dataclass(frozen=True)
class BoardCount:
    """How many tables have a result on a board, and the most on any board of its section."""

    section: str | None
    board: int
    results: int
    most: int

    @property
    def short(self) -> bool:
        return self.results < self.most

    def describe(self) -> str:
        where = f"section {self.section} " if self.section else ""
        plural = "s" if self.results != 1 else ""
        return f"{where}board {self.board}: {self.results} result{plural} of {self.most}"


@dataclass(frozen=True)
class Completeness:
    """Which boards have how many results. A live session is half-played all evening, and real
    files have boards played once (late arrivals, boards fouled out): a report, not a problem."""

    boards: tuple[BoardCount, ...]

    @property
    def short(self) -> tuple[BoardCount, ...]:
        """Boards with fewer results than the most on any board of their section."""
        return tuple(b for b in self.boards if b.short)

    @property
    def single(self) -> tuple[BoardCount, ...]:
        """Boards with one result, so nothing to compare it with (rules.md §4)."""
        return tuple(b for b in self.boards if b.results == 1)

    @property
    def complete(self) -> bool:
        return not self.short
