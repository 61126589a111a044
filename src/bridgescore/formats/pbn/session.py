"""PBN games as sessions, and sessions as export-format PBN (rules.md §9.1).

:mod:`bridgescore.formats.pbn.syntax` reads and writes the PBN text; this module gives it meaning.
Results come in two shapes, both read:

* a ``ScoreTable`` in a board's game: one row per table, pairs in ``PairId_NS``/``PairId_EW``;
* one game per table result (``Contract``, ``Declarer``, ``Result``): the pairs are named by
  ``HomeTeam``/``VisitTeam`` (teams: the first game of a board has the home team NS, the second
  the visitors) or by the players' names.

A tag a game leaves out keeps the previous game's value (Event, Board, Deal ... as producers
write two results under one deal). A file with several events gives one session per event
(:func:`events_loads`); :func:`loads` reads a file of one event as a
:class:`~bridgescore.formats.results_file.ResultsFile`, with the file's own figures (ScoreTable
MP or IMP columns, ScoreMP/ScoreIMP tags, the TotalScoreTable) as its ``reported`` and the
:class:`PbnEvent` as its ``event``. :func:`dumps` writes export-format PBN: pairs with their
ScoreTable, or teams of four one game per room.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Any

from bridgescore.bridge import Seat, Side, Vulnerability, dealer_for_board
from bridgescore.deal import Deal
from bridgescore.errors import (
    BridgeScoreError,
    InputFileError,
    ParseError,
    Problem,
    Problems,
    RulesError,
    sentence,
)
from bridgescore.formats.files import decode_text
from bridgescore.formats.pbn import dialects, syntax
from bridgescore.formats.pbn import document as pbn
from bridgescore.formats.reported import ReportedRow, ReportedScores, ReportedStanding
from bridgescore.formats.results_file import ResultsFile, load_with
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.results import SessionResult
from bridgescore.rules import CrossImpNormalisation, Method, TeamsScoring, Trim
from bridgescore.session import Board, Entrant, FieldStructure, Member, Session
from bridgescore.teams_results import TeamsResult
from bridgescore.traveller import (
    Artificial,
    BridgeResult,
    RowKey,
    SideScore,
    TableResult,
    WeightedResult,
    parse_side_scores,
)

if TYPE_CHECKING:
    from bridgescore.movements.model import Movement

# Tags whose value carries over to following games that leave them out.
_CARRIED = (
    "Event",
    "Site",
    "Date",
    "Stage",
    "Round",
    "Section",
    "HomeTeam",
    "VisitTeam",
    "Board",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "ScoringMethod",
)


@dataclass(frozen=True)
class Reported:
    """The numbers a PBN file carries for a row (NS view), kept for ``check``."""

    mp: tuple[Fraction | None, Fraction | None] = (None, None)
    imps: tuple[Fraction | None, Fraction | None] = (None, None)
    percent: tuple[Fraction | None, Fraction | None] = (None, None)


@dataclass(frozen=True)
class PbnEvent:
    """One event of a PBN file: its session and the file's own numbers per row (by the row's
    position in ``session.tables``)."""

    name: str | None
    session: Session
    reported: dict[int, Reported] = field(default_factory=dict)
    standings: tuple[ReportedStanding, ...] = ()  # the TotalScoreTable's ranking, as written
    scoring: str | None = None  # the Scoring tag
    warnings: tuple[Problem, ...] = ()  # what the reader passed over (unknown tags ...)

    @property
    def method(self) -> Method:
        """How the file says its boards were scored (the Scoring tag)."""
        method = self.declared().get("method", Method.MATCHPOINTS)
        assert isinstance(method, Method)
        return method

    def declared(self) -> dict[str, Any]:
        """The rule settings the Scoring tag (or the ScoringMethod tag some programs write)
        states (§3.4.12): ``MP`` matchpoints (``MP1`` two a result beaten, ``MP2`` one),
        ``IMP`` cross-IMPs or, with ``Butler``, Butler (``Butler-2`` drops the two extreme
        scores from the datum, ``Butler`` none), ``Cross``/``Cross1``/``Cross2`` the cross-IMP
        divisor; for teams of four ``IMP`` or ``BAM`` (board-a-match)."""
        words = [w.strip().upper() for w in re.split(r"[;,]", self.scoring or "") if w.strip()]
        if not words:
            return {}
        base, modifiers = words[0], set(words[1:])
        if self.session.structure is FieldStructure.TEAMS:
            if base == "BAM":
                return {"teams_scoring": TeamsScoring.BOARD_A_MATCH}
            return {"teams_scoring": TeamsScoring.IMPS} if base.startswith("IMP") else {}
        if base in ("MP", "MATCHPOINTS", "MATCHPOINT"):
            declared: dict[str, Any] = {"method": Method.MATCHPOINTS}
            if "MP1" in modifiers or "MP2" in modifiers:
                declared["scale"] = 2 if "MP1" in modifiers else 1
            return declared
        if not base.startswith("IMP"):
            return {}
        if "BUTLER" in modifiers or "BUTLER-2" in modifiers or "BUTLER" in base:
            trim = Trim.count(1 if "BUTLER-2" in modifiers else 0)
            return {"method": Method.BUTLER, "datum_trim": trim}
        declared = {"method": Method.CROSS_IMPS}
        for word in ("CROSS", "CROSS1", "CROSS2"):
            if word in modifiers:
                declared["cross_imps"] = CrossImpNormalisation.parse(word)
        return declared

    def figures(self) -> ReportedScores | None:
        """The file's own matchpoints (or IMPs) per row and its TotalScoreTable's totals and
        percentages; ``None`` when it carries none."""
        teams = self.session.structure is FieldStructure.TEAMS
        imps = teams or self.method is not Method.MATCHPOINTS
        rows = []
        for index, reported in sorted(self.reported.items()):
            ns, ew = reported.imps if imps else reported.mp
            if ns is not None or ew is not None:
                rows.append(ReportedRow(index, ns, ew))
        standings = tuple(
            replace(s, place=None)
            for s in self.standings
            if s.total is not None or s.percentage is not None
        )
        if not rows and not standings:
            return None
        scoring = self.declared().get("teams_scoring", TeamsScoring.IMPS) if teams else None
        return ReportedScores(self.method, tuple(rows), standings, teams_scoring=scoring)


@dataclass
class _Pending:
    board: int
    row: TableResult
    names: tuple[str | None, str | None]
    reported: Reported


@dataclass
class _Event:
    name: str | None
    date: str | None
    boards: dict[int, Board] = field(default_factory=dict)
    rows: list[_Pending] = field(default_factory=list)
    numbers: dict[str, int] = field(default_factory=dict)
    teams: bool = False
    seen: dict[tuple[object, ...], int] = field(default_factory=lambda: defaultdict(int))
    team_names: dict[Entrant, str] = field(default_factory=dict)
    total_names: dict[Entrant, str] = field(default_factory=dict)
    members: dict[Entrant, tuple[Member, ...]] = field(default_factory=dict)
    standings: list[ReportedStanding] = field(default_factory=list)
    scoring: str | None = None
    deals: dict[str, Deal] = field(default_factory=dict)  # each Deal tag read once
    warnings: list[Problem] = field(default_factory=list)  # how unknown and dialect values read

    def number(self, key: str) -> int:
        return self.numbers.setdefault(key, len(self.numbers) + 1)


def loads(
    data: str | bytes,
    path: str | None = None,
    *,
    structure: FieldStructure | None = None,
    movement: Movement | None = None,
) -> ResultsFile:
    """Read the PBN text of one event (or its bytes: as a byte-order mark says, else UTF-8,
    else ISO-8859-1, §2.2); a file of several events is refused, naming them. ``structure``
    and ``movement`` as :func:`bridgescore.formats.load_path` takes them (a teams match's
    rooms make teams of four whatever the structure)."""
    return _one(events_loads(data, path, structure), path).seated(movement, structure, path)


load = load_with(loads)


def _one(events: list[PbnEvent], path: str | None) -> ResultsFile:
    if len(events) != 1:
        names = ", ".join(repr(e.name) for e in events[:5])
        more = Text(N_(" and %(count)s more"), count=len(events) - 5) if len(events) > 5 else ""
        raise InputFileError(
            path,
            [
                Problem(
                    Text(
                        N_("the file holds %(events_count)s events (%(names)s%(more)s)"),
                        events_count=len(events),
                        names=names,
                        more=more,
                    ),
                    expected=Text(N_("one event per file: split the file into one per event")),
                )
            ],
        )
    (event,) = events
    return ResultsFile(event.session, event.figures(), event, event.warnings)


def events_loads(
    data: str | bytes, path: str | None = None, structure: FieldStructure | None = None
) -> list[PbnEvent]:
    """Every event of PBN text (or its bytes, decoded as :func:`loads` decodes them)."""
    text = decode_text(data, "PBN", path, fallback="latin-1")
    return events_of(syntax.loads(text, path=path, play_checks=False), path, structure)


def events_of(
    document: pbn.PbnDocument, path: str | None, structure: FieldStructure | None = None
) -> list[PbnEvent]:
    """Every event of a read PBN document as a checked session."""
    problems = Problems(path)
    problems.extend(document.problems)
    events: dict[str | None, _Event] = {}
    carried: dict[str, str] = {}
    for game in document.games:
        values = {tag.name: tag.resolved for tag in game.tags}
        if "Board" in values and values["Board"] != carried.get("Board"):
            for key in ("Dealer", "Vulnerable", "Deal"):
                carried.pop(key, None)
        carried.update({k: v for k, v in values.items() if k in _CARRIED})
        # Stages of an event (segments of a match) reuse board numbers: each is a session.
        parts = [carried.get(k) for k in ("Event", "Stage") if carried.get(k)]
        event_name = " — ".join(p for p in parts if p) or None
        event = events.setdefault(event_name, _Event(event_name, _iso_date(carried.get("Date"))))
        event.scoring = event.scoring or carried.get("Scoring") or carried.get("ScoringMethod")
        _read_total_table(game, event)
        _read_game(game, values, carried, event, problems)
    problems.raise_if_any()
    out = []
    for event in events.values():
        if not event.rows:
            continue
        tables = [p.row for p in event.rows]
        forced = FieldStructure.TEAMS if event.teams else structure
        session = Session.build(tables, event.boards, forced, event.name, event.date, path=path)
        names = dict(session.names)
        names.update(event.team_names)
        names.update(event.total_names)
        session = replace(_with_names(session, names), members=dict(event.members))
        reported = {i: p.reported for i, p in enumerate(event.rows)}
        out.append(
            PbnEvent(
                event.name,
                session,
                reported,
                tuple(event.standings),
                event.scoring,
                (*document.warnings, *event.warnings),
            )
        )
    if not out:
        raise InputFileError(
            path,
            [
                Problem(
                    Text(N_("no results in the file")),
                    expected=Text(N_("games with Contract, or a ScoreTable")),
                )
            ],
        )
    return out


def _with_names(session: Session, names: dict[Entrant, str]) -> Session:
    return replace(session, names=names)


def _read_game(
    game: pbn.Game,
    values: dict[str, str],
    carried: dict[str, str],
    event: _Event,
    problems: Problems,
) -> None:
    def problem(message: str, found: str | None = None, expected: str | None = None) -> None:
        problems.report(message, game.line, board_number, None, found, expected)

    board_text = carried.get("Board")
    board_number = int(board_text) if board_text and board_text.isdecimal() else None
    score_table = next((t for t in game.tags if t.name == "ScoreTable" and t.table), None)
    has_result = "Contract" in values
    if not has_result and score_table is None:
        return  # a hand record, or a game of comments
    if board_number is None or board_number < 1:
        problem(Text(N_("no board number")), board_text, Text(N_("a Board tag like 7")))
        return
    try:
        board = _board(board_number, carried, event)
    except ParseError as error:  # a Deal or Vulnerable the syntax checks reported already
        problem(sentence(error), carried.get("Deal"))
        return
    if score_table is not None and score_table.table is not None:
        before = len(problems)
        _read_score_table(score_table, board, event, problems)
        if len(problems) > before:
            return
    if has_result:
        _read_result_game(game, values, carried, board, event, problem)


def _read_total_table(game: pbn.Game, event: _Event) -> None:
    """Names of the pairs from a TotalScoreTable (PairId, Line, Section, Names)."""
    tag = game.tag("TotalScoreTable")
    if tag is None or tag.table is None:
        return
    for record in tag.table.records():
        pair, names = record.get("PairId"), record.get("Names")
        if pair is None or names is None or not pair.text.isdecimal():
            continue
        line = record.get("Line")
        section = record.get("Section")
        side = None if line is None or line.irrelevant else Side.parse(line.text)
        where = None if section is None or section.irrelevant else section.text
        entrant = Entrant(int(pair.text), side, section=where)
        if names.text.strip():
            event.total_names[entrant] = names.text
        members = record.get("MemberIds")
        if members is not None and not members.irrelevant and members.text.strip():
            event.members[entrant] = _members(members.text)
        rank = record.get("Rank")
        boards = record.get("NrBoards")
        event.standings.append(
            ReportedStanding(
                entrant,
                _fraction(record.get("TotalMP") or record.get("TotalIMP")),
                _fraction(record.get("TotalPercentage")),
                None if rank is None or not _PLACE.fullmatch(rank.text) else rank.text,
                int(boards.text) if boards is not None and boards.text.isdecimal() else None,
            )
        )


_PLACE = re.compile(r"[0-9]{1,4}=?")
_ISO = re.compile(r"([0-9?]{4})-([0-9?]{2})-([0-9?]{2})")
_PBN_DATE = re.compile(r"([0-9?]{4})\.([0-9?]{2})\.([0-9?]{2})")


def _pbn_date(date: str) -> str:
    """A session's date as PBN writes it (§3.4.3: 2026.11.17); other text as it is."""
    return _ISO.sub(r"\1.\2.\3", date) if _ISO.fullmatch(date) else date


def _iso_date(date: str | None) -> str | None:
    """A PBN date as bridgescore's other formats write it (2026-11-17), when it is whole."""
    if date is not None and _PBN_DATE.fullmatch(date) and "?" not in date:
        return _PBN_DATE.sub(r"\1-\2-\3", date)
    return date


def _members(text: str) -> tuple[Member, ...]:
    """Players' membership numbers as the MemberIds column writes them: ``national/club``
    for each player, ``&`` between players, ``-`` for a number not known."""
    players = []
    for player in text.split("&"):
        national, _, club = player.strip().partition("/")
        players.append(
            Member(
                None if national.strip() in ("", "-") else national.strip(),
                None if club.strip() in ("", "-") else club.strip(),
            )
        )
    return tuple(players)


def _members_text(members: tuple[Member, ...]) -> str:
    return " & ".join(f"{m.national or '-'}/{m.club or '-'}" for m in members)


def _board(number: int, carried: dict[str, str], event: _Event) -> Board:
    vul = carried.get("Vulnerable")
    dealer = carried.get("Dealer")
    text = carried.get("Deal") or None
    deal = None
    if text is not None:
        deal = event.deals.get(text)
        if deal is None:
            deal = event.deals[text] = Deal.from_pbn(text)
    board = Board(
        number,
        Vulnerability.parse(vul) if vul else Vulnerability.for_board(number),
        Seat.parse(dealer) if dealer else dealer_for_board(number),
        deal,
    )
    known = event.boards.setdefault(number, board)
    if known.deal is None and board.deal is not None:
        event.boards[number] = board
        return board
    return known if known == board else board


def _read_result_game(
    game: pbn.Game,
    values: dict[str, str],
    carried: dict[str, str],
    board: Board,
    event: _Event,
    problem: Callable[..., None],
) -> None:
    contract_text = values.get("Contract", "")
    home, visit = carried.get("HomeTeam"), carried.get("VisitTeam")
    if home and visit:
        event.teams = True
        round_key = (carried.get("Stage"), carried.get("Round"), board.number)
        key = (*round_key, home, visit)
        first = event.seen[key] == 0
        event.seen[key] += 1
        ns_name, ew_name = (home, visit) if first else (visit, home)
        ns, ew = event.number(ns_name), event.number(ew_name)
        event.team_names[Entrant(ns)] = ns_name
        event.team_names[Entrant(ew)] = ew_name
        names: tuple[str | None, ...] = ()
    else:
        players = [values.get(seat) for seat in ("North", "South", "East", "West")]
        if not all(players):
            problem(
                Text(N_("no way to tell who played")),
                expected=Text(
                    N_("HomeTeam and VisitTeam, or the North, South, East and West players' names")
                ),
            )
            return
        ns_name = f"{players[0]} & {players[1]}"
        ew_name = f"{players[2]} & {players[3]}"
        ns, ew = event.number(ns_name), event.number(ew_name)
        names = (ns_name, ew_name)
    score = values.get("Score")
    try:
        written_score = pbn.parse_score(score) if score else None
        side, note = _played(
            contract_text,
            values.get("Declarer", ""),
            values.get("Result", ""),
            board,
            written_score,
        )
    except ParseError as error:
        problem(sentence(error))
        return
    if note is not None:
        event.warnings.append(Problem(note, game.line, board.number))
    if score and isinstance(side, WeightedResult) and side.result is not None:
        try:
            written = pbn.parse_score(score)
        except ParseError as error:
            problem(sentence(error))
            return
        ns_score = _ns_value(written, values.get("Declarer", ""))
        if ns_score is not None and ns_score != side.result.ns_score:
            problem(
                Text(
                    N_("the Score contradicts the result: %(result)s is %(ns_score)s to NS"),
                    result=side.result,
                    ns_score=f"{side.result.ns_score:+d}",
                ),
                score,
                Text(N_("the Law 77 score of the contract")),
            )
            return
    reported = Reported(
        mp=_pair(values.get("ScoreMP"), "ScoreMP", values.get("Declarer", "")),
        imps=_pair(values.get("ScoreIMP"), "ScoreIMP", values.get("Declarer", "")),
        percent=_pair(values.get("ScorePercentage"), "ScorePercentage", values.get("Declarer", "")),
    )
    row = TableResult(
        board.number,
        (ns,),
        (ew,),
        side,
        side,
        table=values.get("Table") or None,
        round=_int(carried.get("Round")),
        section=carried.get("Section") or None,
        vulnerability=_own_vul(board, event),
        names=names,
        line=game.line,
    )
    event.rows.append(_Pending(board.number, row, (None, None), reported))


def _own_vul(board: Board, event: _Event) -> Vulnerability | None:
    known = event.boards[board.number]
    return None if known.vulnerability is board.vulnerability else board.vulnerability


def _played(
    contract_text: str,
    declarer: str,
    result: str,
    board: Board,
    score: pbn.PbnScore | None = None,
) -> tuple[SideScore, str | None]:
    """A table's result, and what a reader should be told of how it was read.

    An empty contract means the board was not played; ``?`` means a value is not known
    (PBN 2.1 §3.4), and nothing is guessed: a table whose contract is unknown has no result,
    and one whose declarer or result is unknown is read as its score alone when ``score``
    says whose it is, else has no result. A known program's notation (Bridgewebs' ``3D*``,
    ``PO``, ``A``) is read as it means, with a warning naming the program.
    """
    text = contract_text.strip()
    if text in ("", "-"):
        return None, None
    if dialects.unknown(text):
        return None, "the contract is not known ('?', PBN 2.1 §3.4): no result for this table"
    warning = None
    dialect = dialects.contract(text)
    if dialect is not None:
        if dialect.standard == "A":
            return Artificial.parse("A"), dialect.warning
        text, warning = dialect.standard, dialect.warning
    parsed = pbn.parse_contract(text)
    if parsed is None:
        return WeightedResult.single(BridgeResult.pass_out()), warning
    contract = parsed.contract
    missing = [
        what
        for what, value in (("declarer", declarer), ("result", result))
        if dialects.unknown(value)
    ]
    if missing:
        what = " and the ".join(missing)
        ns_score = _named_ns_score(score)
        if ns_score is None:
            return None, (
                f"{contract} with the {what} not known ('?', PBN 2.1 §3.4): no result for "
                "this table (a declarer or a result is never guessed)"
            )
        bare = BridgeResult.from_score(int(ns_score), board.vulnerability)
        return WeightedResult.single(bare), (
            f"{contract} with the {what} not known ('?', PBN 2.1 §3.4): read as the score "
            f"{int(ns_score):+d} to NS alone"
        )
    who = pbn.parse_declarer(declarer)
    if who is None:
        raise ParseError(
            Text(N_("%(contract)s has no declarer (expected N, E, S or W)"), contract=contract)
        )
    tricks = pbn.parse_result(result)
    count = None if tricks is None else tricks.tricks_for(who.seat)
    if count is None:
        raise ParseError(
            Text(
                N_("%(contract)s by %(seat)s has no result (expected tricks 0-13)"),
                contract=contract,
                seat=who.seat,
            )
        )
    played = BridgeResult.played(contract, who.seat, count, board.vulnerability)
    return WeightedResult.single(played), warning


def _named_ns_score(score: pbn.PbnScore | None) -> Fraction | None:
    """NS's score, when a Score tag names the side it is for ("NS 420", "EW -50")."""
    if score is None:
        return None
    if score.ns is not None:
        return score.ns
    return None if score.ew is None else -score.ew


def _ns_value(score: pbn.PbnScore, declarer: str) -> Fraction | None:
    if score.ns is not None:
        return score.ns
    if score.ew is not None:
        return -score.ew
    if score.declarer is not None and declarer:
        return score.declarer if declarer.lstrip("^") in ("N", "S") else -score.declarer
    return None


def _pair(
    text: str | None, tag: pbn.ScoreTag, declarer: str
) -> tuple[Fraction | None, Fraction | None]:
    if not text:
        return (None, None)
    try:
        value = pbn.parse_score(text, tag)
    except ParseError:
        return (None, None)
    ns = value.ns
    ew = value.ew
    if value.declarer is not None and declarer:
        if declarer.lstrip("^") in ("N", "S"):
            ns = value.declarer
        else:
            ew = value.declarer
    return (ns, ew)


def _int(text: str | None) -> int | None:
    return int(text) if text and text.isdecimal() else None


# --- ScoreTable ---------------------------------------------------------------------------------


def _read_score_table(tag: pbn.Tag, board: Board, event: _Event, problems: Problems) -> None:
    table = tag.table
    assert table is not None
    names = {c.name for c in table.columns}
    anonymous = not {"PairId_NS", "PairId_EW"} <= names
    for index, record in enumerate(table.records()):
        line = table.rows[index].line

        def cell(name: str, record: dict[str, pbn.Cell] = record) -> str:
            value = record.get(name)
            if value is None or value.irrelevant or value.unknown:
                return ""
            return value.text

        copies = int(cell("Multiplicity") or 1) if anonymous else 1
        try:
            side_ns, side_ew, assigned, note = _row_scores(record, cell, board)
        except BridgeScoreError as error:
            problems.add(Problem(sentence(error), line, board.number, cell("Table") or None))
            continue
        if note is not None:
            event.warnings.append(Problem(note, line, board.number, cell("Table") or None))
        for _ in range(copies):
            if anonymous:
                ns = ew = len([p for p in event.rows if p.board == board.number]) + 1
            else:
                try:
                    ns, ew = int(cell("PairId_NS")), int(cell("PairId_EW"))
                except ValueError:
                    problems.add(
                        Problem(
                            Text(N_("not a pair number")),
                            line,
                            board.number,
                            found=f"{cell('PairId_NS')} / {cell('PairId_EW')}",
                            expected=Text(N_("whole numbers")),
                        )
                    )
                    break
            line_column = cell("Arrow").lower() in ("yes", "1", "true")
            row = TableResult(
                board.number,
                (ns,),
                (ew,),
                side_ns,
                side_ew,
                assigned=assigned,
                table=cell("Table") or None,
                round=_int(cell("Round")),
                lead=cell("Lead") or None,
                arrow=line_column,
                group=cell("Group") or None,
                section=cell("Section") or None,
                vulnerability=_own_vul(board, event),
                names=(cell("Names_NS") or None, cell("Names_EW") or None),
                line=line,
            )
            reported = Reported(
                mp=(_fraction(record.get("MP_NS")), _fraction(record.get("MP_EW"))),
                imps=(_fraction(record.get("IMP_NS")), _fraction(record.get("IMP_EW"))),
                percent=(
                    _fraction(record.get("Percentage_NS")),
                    _fraction(record.get("Percentage_EW")),
                ),
            )
            event.rows.append(_Pending(board.number, row, (None, None), reported))


def _fraction(value: pbn.Cell | None) -> Fraction | None:
    if value is None or value.irrelevant or value.unknown:
        return None
    try:
        return Fraction(value.text)
    except ValueError:
        return None


def _row_scores(
    record: dict[str, pbn.Cell], cell: Callable[[str], str], board: Board
) -> tuple[SideScore, SideScore, bool, str | None]:
    """A ScoreTable row's scores for NS and EW, whether the director assigned them, and what a
    reader should be told of how they were read (a ``?`` or a program's own notation)."""
    adjusted = cell("Adjusted")
    if adjusted:
        return *parse_side_scores(adjusted, board.vulnerability), None
    contract = _raw(record, "Contract")
    percent_ns, percent_ew = record.get("Percentage_NS"), record.get("Percentage_EW")
    if percent_ns is not None and percent_ns.artificial and percent_ew is not None:
        return (
            Artificial.parse(percent_ns.text),
            Artificial.parse(percent_ew.text),
            False,
            None,
        )
    score_ns, score_ew = cell("Score_NS"), cell("Score_EW")
    for name, text in (("Score_NS", score_ns), ("Score_EW", score_ew)):
        if text and not re.fullmatch(r"[+-]?[0-9]{1,5}", text):
            raise ParseError(
                Text(
                    N_(
                        "not a score in %(name)s: %(text)s (expected a whole number like 420 or "
                        "-50; an assigned point score goes in the Adjusted column as 'points +420')"
                    ),
                    name=name,
                    text=repr(text[:40]),
                )
            )
    written = int(score_ns) if score_ns else (-int(score_ew) if score_ew else None)
    if contract:
        named = None if written is None else pbn.PbnScore(ns=Fraction(written))
        side, note = _played(
            contract, _raw(record, "Declarer"), _raw(record, "Result"), board, named
        )
        if side is None or isinstance(side, Artificial):
            return side, side, False, note
        assert isinstance(side, WeightedResult) and side.result is not None
        if written is not None and written != side.result.ns_score:
            raise ParseError(
                Text(
                    N_(
                        "the score contradicts the result: %(result)s is %(ns_score)s to NS, the "
                        "row says %(written)s"
                    ),
                    result=side.result,
                    ns_score=f"{side.result.ns_score:+d}",
                    written=f"{written:+d}",
                )
            )
        return side, side, False, note
    if written is not None:
        result = WeightedResult.single(BridgeResult.from_score(written, board.vulnerability))
        return result, result, False, None
    raise ParseError(Text(N_("a row with neither a contract nor a score (expected one of them)")))


def _raw(record: dict[str, pbn.Cell], name: str) -> str:
    """A cell's text with ``?`` kept (an unknown value is not an empty one); ``-`` is empty."""
    value = record.get(name)
    if value is None or value.irrelevant:
        return ""
    return "?" if value.unknown else value.text


# --- writing ------------------------------------------------------------------------------------


def dumps(rf: ResultsFile) -> str:
    """Export-format PBN of the file's session, with the scores of ``rf.result`` when given:
    pairs as one game per board (:func:`_dumps_pairs`), teams of four as one game per room
    (:func:`_dumps_teams`)."""
    if isinstance(rf.result, TeamsResult):
        return _dumps_teams(rf.result)
    return _dumps_pairs(rf.session, rf.result)


def dump(rf: ResultsFile, fp: IO[str]) -> None:
    fp.write(dumps(rf))


def _dumps_pairs(session: Session, result: SessionResult | None = None) -> str:
    """One game per board with its ScoreTable (MP and percentage columns when ``result`` is
    given) and, in the first game, the TotalScoreTable."""
    if session.structure is FieldStructure.INDIVIDUAL:
        raise RulesError(Text(N_("an individual event has no pairs to write in a PBN ScoreTable")))
    imps = result is not None and result.rules.method is not Method.MATCHPOINTS
    by_board: dict[int, list[int]] = defaultdict(list)
    for i, t in enumerate(session.tables):
        by_board[t.board].append(i)
    values: dict[RowKey, tuple[Fraction | None, Fraction | None, Fraction]] = {}
    if result is not None:
        for scored_board in result.boards:
            for scored in scored_board.tables:
                values[scored.table.identity] = (
                    scored.ns_points,
                    scored.ew_points,
                    scored_board.top,
                )
    games = []
    sections = any(t.section for t in session.tables)
    arrows = any(t.arrow for t in session.tables)
    groups = any(t.group for t in session.tables)
    for n, (number, indexes) in enumerate(sorted(by_board.items())):
        board = session.boards[number]
        tags = []
        if session.title:
            tags.append(pbn.Tag("Event", session.title))
        if session.date:
            tags.append(pbn.Tag("Date", _pbn_date(session.date)))
        tags += [
            pbn.Tag("Board", str(number)),
            pbn.Tag("Dealer", str(board.dealer)),
            pbn.Tag("Vulnerable", str(board.vulnerability)),
        ]
        if board.deal is not None:
            tags.append(pbn.Tag("Deal", board.deal.pbn()))
        if result is not None:
            tags.append(pbn.Tag("Scoring", _scoring(result)))
        columns = (["Section\\1L"] if sections else []) + [
            "Table\\2R",
            "Round\\2R",
            "PairId_NS\\2R",
            "PairId_EW\\2R",
            "Contract\\5L",
            "Declarer\\1R",
            "Result\\2R",
            "Lead\\3L",
            "Score_NS\\5R",
            "Score_EW\\5R",
        ]
        if result is not None:
            columns += (
                ["IMP_NS\\6R", "IMP_EW\\6R"]
                if imps
                else ["MP_NS\\6R", "MP_EW\\6R", "Percentage_NS\\6R", "Percentage_EW\\6R"]
            )
        columns += (["Arrow"] if arrows else []) + (["Group"] if groups else []) + ["Adjusted"]
        rows = [
            _row(t, values.get(t.identity), sections, arrows, groups, result, imps)
            for t in (session.tables[i] for i in indexes)
        ]
        tags.append(
            pbn.Tag(
                "ScoreTable",
                ";".join(columns),
                table=pbn.Table(pbn.parse_columns(";".join(columns)), tuple(rows)),
            )
        )
        if n == 0 and (result is not None or session.names):
            tags.append(_total_table(session, result, sections, imps))
        games.append(pbn.Game(tuple(tags)))
    return syntax.dumps(pbn.PbnDocument(tuple(games)))


def _scoring(result: SessionResult) -> str:
    rules = result.rules
    if rules.method is Method.BUTLER:
        return "IMP;Butler"
    if rules.method is Method.CROSS_IMPS:
        return {
            CrossImpNormalisation.SUM: "IMP;Cross",
            CrossImpNormalisation.RESULTS: "IMP;Cross1",
        }.get(rules.cross_imps, "IMP;Cross2")
    return "MP;MP1" if rules.scale == 2 else "MP;MP2"


def _text(value: str | None) -> pbn.Cell:
    return pbn.Cell("-") if not value else pbn.Cell(value)


def _number(value: Fraction | int | None) -> str:
    if value is None:
        return "-"
    fraction = Fraction(value)
    if fraction.denominator == 1:
        return str(fraction.numerator)
    return f"{float(fraction):.4f}".rstrip("0").rstrip(".")


def _row(
    t: TableResult,
    values: tuple[Fraction | None, Fraction | None, Fraction] | None,
    sections: bool,
    arrows: bool,
    groups: bool,
    result: SessionResult | None,
    imps: bool,
) -> pbn.Row:
    played = t.result if not t.assigned else None
    if played is not None and played.assigned_points:
        played = None  # a point score the director assigned: 'points +1000' in Adjusted
    cells: list[pbn.Cell] = [pbn.Cell(t.section or "-")] if sections else []
    contract = declarer = tricks = score_ns = score_ew = "-"
    if played is not None:
        if played.passed_out:
            contract, score_ns = "Pass", "0"
        else:
            contract = str(played.contract) if played.contract else "-"
            declarer = str(played.declarer) if played.declarer else "-"
            tricks = str(played.tricks) if played.tricks is not None else "-"
            if played.ns_score >= 0:
                score_ns = str(played.ns_score)
            else:
                score_ew = str(-played.ns_score)
    cells += [
        _text(t.table),
        pbn.Cell(_number(t.round)),
        pbn.Cell(str(t.ns[0])),
        pbn.Cell(str(t.ew[0])),
        pbn.Cell(contract),
        pbn.Cell(declarer),
        pbn.Cell(tricks),
        _text(t.lead),
        pbn.Cell(score_ns),
        pbn.Cell(score_ew),
    ]
    artificial = isinstance(t.ns_side, Artificial) or isinstance(t.ew_side, Artificial)
    if result is not None:
        ns_mp, ew_mp, top = values or (None, None, Fraction(0))
        if imps:
            cells += [
                pbn.Cell(_number(ns_mp), artificial=artificial and ns_mp is not None),
                pbn.Cell(_number(ew_mp), artificial=artificial and ew_mp is not None),
            ]
        else:
            cells += [
                pbn.Cell(_number(ns_mp), artificial=artificial and ns_mp is not None),
                pbn.Cell(_number(ew_mp), artificial=artificial and ew_mp is not None),
                pbn.Cell(_percent(ns_mp, top)),
                pbn.Cell(_percent(ew_mp, top)),
            ]
    if arrows:
        cells.append(pbn.Cell("yes" if t.arrow else "-"))
    if groups:
        cells.append(_text(t.group))
    # What PBN cannot say (not played, artificial, assigned, weighted, split) in our notation.
    plain = played is not None
    entry = t.describe()
    if isinstance(t.ns_side, Artificial) and isinstance(t.ew_side, Artificial):
        entry = f"{t.ns_side}/{t.ew_side}"  # both sides, even when alike: A+/A+, never A+
    cells.append(pbn.Cell("-") if plain else pbn.Cell(entry, quoted=True))
    return pbn.Row(tuple(cells))


def _percent(value: Fraction | None, top: Fraction) -> str:
    if value is None or not top:
        return "-"
    return f"{float(100 * value / top):.2f}"


def _total_table(
    session: Session, result: SessionResult | None, sections: bool, imps: bool
) -> pbn.Tag:
    """The ranking, and in any case every pair's names (PBN rows carry no names)."""
    columns = (
        ["Rank\\3R", "PairId\\3R", "Line\\3L"]
        + (["Section\\1L"] if sections else [])
        + ["Names\\40L"]
        + (["MemberIds\\30L"] if any(session.members.values()) else [])
    )
    if result is not None:
        columns += ["NrBoards\\2R"] + (
            ["TotalIMP\\8R"] if imps else ["TotalMP\\8R", "TotalPercentage\\6R"]
        )
    standings = {s.entrant: s for f in result.fields for s in f.standings} if result else {}
    entrants = list(standings) or sorted(session.names)
    rows = []
    for entrant in entrants:
        s = standings.get(entrant)
        cells = [
            pbn.Cell(str(s.rank) if s else "-"),
            pbn.Cell(str(entrant.number)),
            pbn.Cell(entrant.line.value if entrant.line else "-"),
        ]
        if sections:
            cells.append(_text(entrant.section))
        cells.append(pbn.Cell(session.names.get(entrant, ""), quoted=True))
        if any(session.members.values()):
            cells.append(pbn.Cell(_members_text(session.members.get(entrant, ())), quoted=True))
        if s is not None:
            cells.append(pbn.Cell(str(s.boards)))
            if imps:
                cells.append(pbn.Cell(_number(s.total)))
            else:
                cells += [pbn.Cell(_number(s.points)), pbn.Cell(f"{float(s.percent or 0):.2f}")]
        rows.append(pbn.Row(tuple(cells)))
    spec = ";".join(columns)
    return pbn.Tag("TotalScoreTable", spec, table=pbn.Table(pbn.parse_columns(spec), tuple(rows)))


__all__ = [
    "PbnEvent",
    "Reported",
    "dump",
    "dumps",
    "events_loads",
    "events_of",
    "load",
    "loads",
]


def _dumps_teams(result: TeamsResult) -> str:
    """Teams of four as export-format PBN: one game per room, the home team NS in the first,
    with HomeTeam, VisitTeam, the result, Score and each room's ScoreIMP."""
    session = result.session
    games: list[pbn.Game] = []
    imps_for = result.imps_by_row()
    ordered: list[tuple[TableResult, Entrant, Entrant]] = []
    placed: set[RowKey] = set()
    for match in result.matches:
        for comparison in match.boards:
            for room in (comparison.room1, comparison.room2):
                ordered.append((room, match.home, match.away))
                placed.add(room.identity)
    for row in session.tables:
        if row.identity not in placed:  # no other room: written, with no IMPs
            ordered.append((row, Entrant(row.ns[0]), Entrant(row.ew[0])))
    ordered.sort(key=lambda item: (item[0].board, item[1].number, item[2].number))
    for row, home, away in ordered:
        board = session.boards[row.board]
        tags = [pbn.Tag("Event", session.title)] if session.title else []
        if session.date:
            tags.append(pbn.Tag("Date", _pbn_date(session.date)))
        tags += [
            pbn.Tag("Board", str(row.board)),
            pbn.Tag("Dealer", str(board.dealer)),
            pbn.Tag("Vulnerable", str(row.vulnerability or board.vulnerability)),
        ]
        if board.deal is not None:
            tags.append(pbn.Tag("Deal", board.deal.pbn()))
        tags += [
            pbn.Tag("HomeTeam", session.names.get(home, str(home.number))),
            pbn.Tag("VisitTeam", session.names.get(away, str(away.number))),
            pbn.Tag("Scoring", "IMP"),
        ]
        played = row.result
        if played is None:
            tags.append(pbn.Tag("Contract", "?"))
        elif played.passed_out:
            tags += [pbn.Tag("Declarer", ""), pbn.Tag("Contract", "Pass"), pbn.Tag("Result", "")]
            tags.append(pbn.Tag("Score", "NS 0"))
        else:
            tags += [
                pbn.Tag("Declarer", str(played.declarer)),
                pbn.Tag("Contract", str(played.contract)),
                pbn.Tag("Result", str(played.tricks)),
                pbn.Tag("Score", f"NS {played.ns_score}"),
            ]
        if row.table:
            tags.append(pbn.Tag("Table", row.table))
        imps = imps_for.get(row.identity)
        if imps is not None:
            tags.append(pbn.Tag("ScoreIMP", f"NS {_number(imps[0])} EW {_number(imps[1])}"))
        games.append(pbn.Game(tuple(tags)))
    return syntax.dumps(pbn.PbnDocument(tuple(games)))
