"""USEBIO 1.2, the EBU's XML results format (rules.md §9.2): reading and writing.

Reading accepts the shapes real programs write: PARTICIPANTS and BOARD directly under EVENT
(Compscore), under EVENT → SECTION (NZ Scorer's export) or EVENT → SESSION → SECTION, and the
deals (HANDSET) under the root or the event. Pair numbers may be plain (``3``), carry their line
(``7NS``, ``7 EW``) and their section (``(A) 1 NS``); leads may be rank first (``AC``) or suit
first (``CA``), and are kept suit first.

The file's own figures -- matchpoints (or IMPs) per row, and each pair's total, percentage and
place -- are kept apart from the session, in :class:`ReportedScores`, so that a rescoring can be
checked against them (:func:`compare`). Every problem in a file is collected with its line,
board and pairs and raised together as one :class:`~bridgescore.errors.InputFileError`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import IO
from xml.parsers import expat

from bridgescore import __version__
from bridgescore.bridge import Seat, Side, Vulnerability
from bridgescore.contract import Contract, parse_tricks
from bridgescore.display import fmt_fixed, round_fraction
from bridgescore.errors import BridgeScoreError, InputFileError, ParseError, Problem, RulesError
from bridgescore.results import SessionResult, Standing
from bridgescore.rules import Method, Rounding
from bridgescore.session import Board, Entrant, FieldStructure, Member, Session, detect_structure
from bridgescore.traveller import Artificial, BridgeResult, SideScore, TableResult, WeightedResult

# EVENT_TYPE values read, and how their boards are scored. "PAIRS" is what NZ Scorer's USEBIO
# export writes for matchpoint pairs; Compscore writes "CROSS_IMP" for "CROSS_IMPS".
EVENT_TYPES: dict[str, Method] = {
    "MP_PAIRS": Method.MATCHPOINTS,
    "PAIRS": Method.MATCHPOINTS,
    "INDIVIDUAL": Method.MATCHPOINTS,
    "BUTLER_PAIRS": Method.BUTLER,
    "CROSS_IMPS": Method.CROSS_IMPS,
    "CROSS_IMP": Method.CROSS_IMPS,
}
_WRITTEN_TYPE = {
    Method.MATCHPOINTS: "MP_PAIRS",
    Method.BUTLER: "BUTLER_PAIRS",
    Method.CROSS_IMPS: "CROSS_IMPS",
}
# The traveller elements holding each row's score, by scoring method: NS_<name>, EW_<name>.
_POINTS = {
    Method.MATCHPOINTS: "MATCH_POINTS",
    Method.BUTLER: "BUTLER_POINTS",
    Method.CROSS_IMPS: "CROSS_IMP_POINTS",
}
_SUPPORTED = "MP_PAIRS, PAIRS, INDIVIDUAL, BUTLER_PAIRS and CROSS_IMPS"

_PAIR_NUMBER = re.compile(
    r"^\s*(?:\(\s*(?P<section>[A-Za-z0-9]{1,4})\s*\)\s*)?(?P<number>[0-9]{1,4})\s*"
    r"(?P<line>NS|EW|N-S|E-W)?\s*$",
    re.IGNORECASE,
)
_LEAD = re.compile(r"(?i)^(?:([SHDC])(10|[AKQJT2-9])|(10|[AKQJT2-9])([SHDC]))$")
_ARTIFICIAL = re.compile(r"(?i)^A([0-9]{2})([0-9]{2})$")
_DECIMAL = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")
_PLACE = re.compile(r"^[0-9]{1,4}=?$")
_RANKS = "AKQJT98765432"
_HAND_SEATS = {"NORTH": Seat.N, "EAST": Seat.E, "SOUTH": Seat.S, "WEST": Seat.W}
_SEAT_NAMES = {seat: name.title() for name, seat in _HAND_SEATS.items()}
_SUIT_TAGS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


# --- what a file holds besides the session -----------------------------------------------------


@dataclass(frozen=True)
class Event:
    """What the file says about the event beyond the session itself."""

    type: str = "MP_PAIRS"  # EVENT_TYPE as written
    method: Method = Method.MATCHPOINTS  # how the boards are scored
    identifier: str | None = None
    club_name: str | None = None
    club_id: str | None = None
    program_name: str | None = None
    program_version: str | None = None
    winner_type: int | None = None  # 1: one winner, 2: NS and EW winners
    scoring_method: str | None = None  # SCORING_METHOD or BOARD_SCORING_METHOD as written
    session_id: str | None = None


@dataclass(frozen=True)
class ReportedRow:
    """The file's own score for one traveller row: matchpoints, or IMPs in IMP events."""

    index: int  # the row's position in ``Session.tables``
    ns: Fraction | None
    ew: Fraction | None


@dataclass(frozen=True)
class ReportedStanding:
    """The file's own total, percentage and place for one pair (or player)."""

    entrant: Entrant
    total: Fraction | None = None
    percentage: Fraction | None = None
    place: str | None = None  # "3" or "3=" as written
    boards: int | None = None
    handicap: Fraction | None = None
    handicapped: Fraction | None = None  # percentage with the handicap applied
    line: int | None = None

    @property
    def rank(self) -> int | None:
        return None if self.place is None else int(self.place.rstrip("="))

    @property
    def shared(self) -> bool:
        return self.place is not None and self.place.endswith("=")


@dataclass(frozen=True)
class ReportedScores:
    """Everything a results file says about the scores, for checking against a rescoring."""

    method: Method = Method.MATCHPOINTS  # what the row values are: matchpoints or IMPs
    rows: tuple[ReportedRow, ...] = ()
    standings: tuple[ReportedStanding, ...] = ()
    datums: Mapping[tuple[str | None, int], int] = field(default_factory=dict)  # Butler

    def row(self, index: int) -> ReportedRow | None:
        for row in self.rows:
            if row.index == index:
                return row
        return None

    def standing(self, entrant: Entrant) -> ReportedStanding | None:
        for standing in self.standings:
            if standing.entrant == entrant:
                return standing
        return None


@dataclass(frozen=True)
class UsebioFile:
    """A USEBIO file read: the session, the file's own scores, and the event's details."""

    session: Session
    reported: ReportedScores
    event: Event
    warnings: tuple[Problem, ...] = ()  # read, but worth a look (see :func:`loads`)


# --- reading -----------------------------------------------------------------------------------


def read_path(path: str | Path, session: str | None = None) -> UsebioFile:
    """Read a USEBIO file; ``session`` picks one SESSION_ID of a multi-session event."""
    from bridgescore.formats.files import read_bytes

    return loads(read_bytes(path), path=str(path), session=session)


def load(fp: IO[str] | IO[bytes], session: str | None = None) -> UsebioFile:
    return loads(fp.read(), path=getattr(fp, "name", None), session=session)


def loads(text: str | bytes, path: str | None = None, session: str | None = None) -> UsebioFile:
    """Read USEBIO XML text (or bytes, whose XML declaration names the encoding)."""
    root, lines = parse_xml(text, path)
    return _Reader(path, lines).read(root, session)


def parse_xml(text: str | bytes, path: str | None) -> tuple[ET.Element, dict[ET.Element, int]]:
    """Parse XML into an element tree, with the line each element starts on.

    Entity declarations are refused (they serve no purpose in a results file and are the way
    to blow up a parser); external DTDs are never fetched.
    """
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}
    parser = expat.ParserCreate()

    def start(tag: str, attributes: dict[str, str]) -> None:
        lines[builder.start(tag, attributes)] = parser.CurrentLineNumber

    def entity(name: str, *_: object) -> None:
        raise _EntityDeclared(name, parser.CurrentLineNumber)

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(text, True)
        root = builder.close()
    except expat.ExpatError as error:
        message = expat.errors.messages.get(error.code, str(error))
        raise InputFileError(
            path,
            [
                Problem(
                    f"not well-formed XML: {message} (line {error.lineno}, column "
                    f"{error.offset + 1})",
                    error.lineno,
                    expected="a complete XML document",
                )
            ],
        ) from None
    except _EntityDeclared as error:
        raise InputFileError(
            path,
            [Problem("entity declarations are not allowed", error.line, found=error.name)],
        ) from None
    except (AssertionError, IndexError, ValueError) as error:  # the builder saw no document
        raise InputFileError(path, [Problem(f"not an XML document ({error})")]) from None
    return root, lines


class _EntityDeclared(Exception):
    def __init__(self, name: str, line: int) -> None:
        self.name = name
        self.line = line


@dataclass(frozen=True)
class _Pair:
    section: str | None
    number: int
    line: Side | None


@dataclass
class _Unit:
    """A SECTION (or an EVENT or SESSION holding boards directly)."""

    element: ET.Element
    section: str | None


class XmlReader:
    """What every XML results reader keeps: the problems found, each on its element's line."""

    def __init__(self, path: str | None, lines: dict[ET.Element, int]) -> None:
        self.path = path
        self.lines = lines
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []

    def problem(
        self,
        message: str,
        element: ET.Element | None = None,
        board: int | None = None,
        found: str | None = None,
        expected: str | None = None,
        table: str | None = None,
    ) -> None:
        line = None if element is None else self.lines.get(element)
        self.problems.append(Problem(message, line, board, table, found, expected))

    def fail(self) -> InputFileError:
        return InputFileError(self.path, sorted(self.problems, key=lambda p: p.line or 0))


class _Reader(XmlReader):
    # -- structure --

    def read(self, root: ET.Element, session_id: str | None) -> UsebioFile:
        if root.tag != "USEBIO":
            self.problem(
                "not a USEBIO file", root, found=f"<{root.tag}>", expected="a <USEBIO> root"
            )
            raise self.fail()
        events = root.findall("EVENT")
        if len(events) != 1:
            self.problem(
                f"{len(events)} EVENT elements", root, expected="one EVENT in a USEBIO file"
            )
            raise self.fail()
        event_element = events[0]
        event = self._event(root, event_element)
        container, event = self._session(event_element, event, session_id)
        units = self._units(container)
        sectioned = len([u for u in units if u.element.find("BOARD") is not None]) > 1
        individual = event.type == "INDIVIDUAL"

        tables: list[TableResult] = []
        values: list[tuple[Fraction | None, Fraction | None]] = []
        standings: list[ReportedStanding] = []
        names: dict[Entrant, str] = {}
        members: dict[Entrant, tuple[Member, ...]] = {}
        datums: dict[tuple[str | None, int], int] = {}
        structures: dict[str | None, FieldStructure] = {}
        incomplete: set[int] = set()
        for unit in units:
            section = unit.section if sectioned else None
            participants = self._participants(unit, section, individual)
            rows = list(self._rows(unit, section, individual, event.method, datums, incomplete))
            unit_structure = self._structure(participants, rows, individual)
            structures[section] = unit_structure
            for entrant, standing, name, players in participants:
                entrant = _settle(entrant, unit_structure)
                standings.append(replace(standing, entrant=entrant))
                if name:
                    names[entrant] = name
                if any(m != Member() for m in players):
                    members[entrant] = players
            for table, ns_value, ew_value in rows:
                tables.append(_named(table, unit_structure, names))
                values.append((ns_value, ew_value))
        boards = self._boards(root, event_element)
        for table in tables:
            boards.setdefault(table.board, Board.numbered(table.board))
        if not tables and not self.problems:
            self.problem("no traveller lines in the file", event_element, expected="BOARD elements")
        section_structures = {k: v for k, v in structures.items() if k is not None}
        structure: FieldStructure | None = next(iter(structures.values()), None)
        description = _text(event_element, "EVENT_DESCRIPTION") or _text(event_element, "TITLE")
        session = Session.build(
            tables,
            boards,
            structure,
            description or None,
            _text(event_element, "DATE") or None,
            path=self.path,
            section_structures=section_structures,
            found=self.problems,
        )
        session = replace(session, members=members)
        reported = ReportedScores(
            event.method,
            tuple(ReportedRow(i, ns, ew) for i, (ns, ew) in enumerate(values)),
            tuple(standings),
            datums,
        )
        return UsebioFile(session, reported, event, tuple(self.warnings))

    def _event(self, root: ET.Element, element: ET.Element) -> Event:
        kind = (element.get("EVENT_TYPE") or _text(element, "EVENT_TYPE")).strip().upper()
        if kind not in EVENT_TYPES:
            found = kind or "none"
            raise InputFileError(
                self.path,
                [
                    Problem(
                        f"event type {found!r} is not supported",
                        self.lines.get(element),
                        found=found,
                        expected=f"one of {_SUPPORTED}",
                    )
                ],
            )
        club = root.find("CLUB")
        winner = _text(element, "WINNER_TYPE")
        return Event(
            type=kind,
            method=EVENT_TYPES[kind],
            identifier=_text(element, "EVENT_IDENTIFIER") or None,
            club_name=None if club is None else _text(club, "CLUB_NAME") or None,
            club_id=None if club is None else _text(club, "CLUB_ID_NUMBER") or None,
            program_name=_text(element, "PROGRAM_NAME") or None,
            program_version=_text(element, "PROGRAM_VERSION") or None,
            winner_type=int(winner) if re.fullmatch(r"[0-9]{1,2}", winner) else None,
            scoring_method=(
                _text(element, "BOARD_SCORING_METHOD") or _text(element, "SCORING_METHOD") or None
            ),
        )

    def _session(
        self, event_element: ET.Element, event: Event, wanted: str | None
    ) -> tuple[ET.Element, Event]:
        sessions = event_element.findall("SESSION")
        if not sessions:
            if wanted is not None:
                self.problem(f"no session {wanted!r} in the file", event_element)
                raise self.fail()
            return event_element, event
        ids = [_identifier(s, "SESSION_ID") or str(i) for i, s in enumerate(sessions, 1)]
        if wanted is not None:
            if wanted not in ids:
                self.problem(
                    f"no session {wanted!r} in the file",
                    event_element,
                    expected="one of " + ", ".join(ids),
                )
                raise self.fail()
            index = ids.index(wanted)
            return sessions[index], replace(event, session_id=wanted)
        if len(sessions) > 1:
            self.problem(
                f"{len(sessions)} sessions in one event",
                event_element,
                found=", ".join(ids),
                expected="one session, or a session chosen by its SESSION_ID",
            )
            raise self.fail()
        return sessions[0], replace(event, session_id=_identifier(sessions[0], "SESSION_ID"))

    def _units(self, container: ET.Element) -> list[_Unit]:
        units = [_Unit(container, None)]
        for i, element in enumerate(container.findall("SECTION"), 1):
            units.append(_Unit(element, _identifier(element, "SECTION_ID") or str(i)))
        return [
            u
            for u in units
            if u.element.find("BOARD") is not None or u.element.find("PARTICIPANTS") is not None
        ]

    # -- participants --

    def _participants(
        self, unit: _Unit, section: str | None, individual: bool
    ) -> list[tuple[Entrant, ReportedStanding, str | None, tuple[Member, ...]]]:
        out = []
        seen: dict[Entrant, ET.Element] = {}
        for participants in unit.element.findall("PARTICIPANTS"):
            kinds = participants.findall("PLAYER") if individual else participants.findall("PAIR")
            for element in kinds:
                entrant = self._participant(element, section, individual)
                if entrant is None:
                    continue
                if entrant in seen:
                    self.problem(
                        f"{entrant} is listed twice (also on line {self.lines.get(seen[entrant])})",
                        element,
                        expected="each pair once in PARTICIPANTS",
                    )
                    continue
                seen[entrant] = element
                players = [element] if individual else element.findall("PLAYER")
                name = " & ".join(_text(p, "PLAYER_NAME") for p in players)
                numbers = tuple(
                    Member(
                        _text(p, "NATIONAL_ID_NUMBER") or None, _text(p, "CLUB_ID_NUMBER") or None
                    )
                    for p in players
                )
                standing = ReportedStanding(
                    entrant,
                    self._decimal(element, "TOTAL_SCORE"),
                    self._decimal(element, "PERCENTAGE"),
                    self._place(element),
                    self._count(element, "BOARDS_PLAYED"),
                    self._decimal(element, "HANDICAP"),
                    line=self.lines.get(element),
                )
                out.append((entrant, standing, name if name.strip(" &") else None, numbers))
        return out

    def _participant(
        self, element: ET.Element, section: str | None, individual: bool
    ) -> Entrant | None:
        tag = "PLAYER_NUMBER" if individual else "PAIR_NUMBER"
        text = _text(element, tag)
        pair = self._pair_number(text, element, None, tag)
        if pair is None:
            return None
        line = pair.line
        direction = _text(element, "DIRECTION").upper()
        if line is None and direction in ("NS", "EW"):
            line = Side(direction)
        return Entrant(pair.number, line, individual, section)

    # -- traveller lines --

    def _rows(
        self,
        unit: _Unit,
        section: str | None,
        individual: bool,
        method: Method,
        datums: dict[tuple[str | None, int], int],
        incomplete: set[int],
    ) -> Iterator[tuple[TableResult, Fraction | None, Fraction | None]]:
        for board_element in unit.element.findall("BOARD"):
            text = _text(board_element, "BOARD_NUMBER")
            if not re.fullmatch(r"[0-9]{1,4}", text) or int(text) < 1:
                self.problem(
                    "not a board number", board_element, found=text, expected="a number 1 or more"
                )
                continue
            board = int(text)
            average = _text(board_element, "BOARD_AVERAGE")
            if average:
                if re.fullmatch(r"[+-]?[0-9]{1,5}", average):
                    datums[section, board] = int(average)
                else:
                    self.problem(
                        "not a board average", board_element, board, average, "a whole NS score"
                    )
            for line in board_element.findall("TRAVELLER_LINE"):
                before = len(self.problems)
                row = self._row(line, board, section, individual, method)
                if row is None or len(self.problems) > before:
                    incomplete.add(board)
                if row is not None:
                    yield row

    def _row(
        self,
        element: ET.Element,
        board: int,
        section: str | None,
        individual: bool,
        method: Method,
    ) -> tuple[TableResult, Fraction | None, Fraction | None] | None:
        before = len(self.problems)
        ns: tuple[int, ...]
        ew: tuple[int, ...]
        arrow = False
        if individual:
            seats = [
                self._pair_number(
                    _text(element, f"{s}_PLAYER_NUMBER"), element, board, f"{s}_PLAYER_NUMBER"
                )
                for s in "NSEW"
            ]
            if any(s is None for s in seats):
                return None
            numbers = [s.number for s in seats if s is not None]
            ns, ew = (numbers[0], numbers[1]), (numbers[2], numbers[3])
            who = f"N {numbers[0]} S {numbers[1]} E {numbers[2]} W {numbers[3]}"
        else:
            ns_pair = self._pair_number(
                _text(element, "NS_PAIR_NUMBER"), element, board, "NS_PAIR_NUMBER"
            )
            ew_pair = self._pair_number(
                _text(element, "EW_PAIR_NUMBER"), element, board, "EW_PAIR_NUMBER"
            )
            if ns_pair is None or ew_pair is None:
                return None
            who = f"NS {ns_pair.number} v EW {ew_pair.number}"
            lines = (ns_pair.line, ew_pair.line)
            if lines == (Side.EW, Side.NS):
                arrow = True
            elif lines[0] is not None and lines[0] == lines[1]:
                self.problem(
                    f"{who}: both pairs are {lines[0].value} pairs",
                    element,
                    board,
                    expected="an NS pair against an EW pair",
                )
            ns, ew = (ns_pair.number,), (ew_pair.number,)
        vulnerability = Vulnerability.for_board(board)
        sides = self._result(element, board, who, vulnerability)
        lead = self._lead(element, board, who)
        points = _POINTS[method]
        ns_value = self._decimal(element, f"NS_{points}", board, who)
        ew_value = self._decimal(element, f"EW_{points}", board, who)
        if sides is None or len(self.problems) > before:
            return None
        ns_side, ew_side = sides
        table = TableResult(
            board,
            ns,
            ew,
            ns_side,
            ew_side,
            lead=lead,
            arrow=arrow,
            section=section,
            line=self.lines.get(element),
        )
        return table, ns_value, ew_value

    def _result(
        self, element: ET.Element, board: int, who: str, vulnerability: Vulnerability
    ) -> tuple[SideScore, SideScore] | None:
        try:
            ns_side, ew_side, warning = read_result(
                _text(element, "CONTRACT"),
                _text(element, "PLAYED_BY"),
                _text(element, "TRICKS"),
                _text(element, "SCORE"),
                vulnerability,
            )
        except ParseError as error:
            self.problem(f"{who}: {error}", element, board)
            return None
        if warning:
            line = self.lines.get(element)
            self.warnings.append(Problem(f"{who}: {warning}", line, board))
        return ns_side, ew_side

    def _lead(self, element: ET.Element, board: int, who: str) -> str | None:
        try:
            return read_lead(_text(element, "LEAD"))
        except ParseError as error:
            self.problem(f"{who}: {error}", element, board)
            return None

    # -- values --

    def _pair_number(
        self, text: str, element: ET.Element, board: int | None, tag: str
    ) -> _Pair | None:
        match = _PAIR_NUMBER.match(text)
        if not match or int(match["number"]) < 1:
            self.problem(
                f"not a number in {tag}",
                element,
                board,
                text,
                "a number like 7, 7NS or (A) 7 EW",
            )
            return None
        line = match["line"]
        side = None if line is None else Side.parse(line)
        return _Pair(match["section"], int(match["number"]), side)

    def _decimal(
        self, element: ET.Element, tag: str, board: int | None = None, who: str | None = None
    ) -> Fraction | None:
        text = _text(element, tag)
        if not text:
            return None
        if not _DECIMAL.match(text):
            prefix = f"{who}: " if who else ""
            self.problem(f"{prefix}not a number in {tag}", element, board, text, "a number")
            return None
        return Fraction(text)

    def _count(self, element: ET.Element, tag: str) -> int | None:
        text = _text(element, tag)
        if not text:
            return None
        if not re.fullmatch(r"[0-9]{1,4}", text):
            self.problem(f"not a count in {tag}", element, found=text, expected="a whole number")
            return None
        return int(text)

    def _place(self, element: ET.Element) -> str | None:
        text = _text(element, "PLACE").replace(" ", "")
        if not text:
            return None
        if not _PLACE.match(text):
            self.problem("not a place", element, found=text, expected="a place like 3 or 3=")
            return None
        return text

    def _structure(
        self,
        participants: list[tuple[Entrant, ReportedStanding, str | None, tuple[Member, ...]]],
        rows: list[tuple[TableResult, Fraction | None, Fraction | None]],
        individual: bool,
    ) -> FieldStructure:
        if individual:
            return FieldStructure.INDIVIDUAL
        if any(e.line is not None for e, *_ in participants) or any(t.arrow for t, *_ in rows):
            return FieldStructure.MITCHELL
        return detect_structure([t for t, *_ in rows]) if rows else FieldStructure.HOWELL

    # -- deals --

    def _boards(self, root: ET.Element, event: ET.Element) -> dict[int, Board]:
        boards: dict[int, Board] = {}
        for handset in [*root.findall("HANDSET"), *event.iter("HANDSET")]:
            for element in handset.findall("BOARD"):
                text = _text(element, "BOARD_NUMBER")
                if not re.fullmatch(r"[0-9]{1,4}", text) or int(text) < 1:
                    self.problem("not a board number in HANDSET", element, found=text)
                    continue
                number = int(text)
                deal = self._deal(element, number)
                if deal is not None and number not in boards:
                    base = Board.numbered(number)
                    boards[number] = Board(number, base.vulnerability, base.dealer, deal)
        return boards

    def _deal(self, element: ET.Element, board: int) -> str | None:
        hands: dict[Seat, str] = {}
        seen: set[str] = set()
        for hand in element.findall("HAND"):
            direction = _text(hand, "DIRECTION").upper()
            seat = _HAND_SEATS.get(direction) or _HAND_SEATS.get(
                {"N": "NORTH", "E": "EAST", "S": "SOUTH", "W": "WEST"}.get(direction, "")
            )
            if seat is None or seat in hands:
                self.problem("not a hand's direction", hand, board, direction, "North ... West")
                return None
            suits = []
            for suit, tag in zip("SHDC", _SUIT_TAGS, strict=True):
                cards = _text(hand, tag).upper().replace("10", "T").replace(" ", "")
                if cards in ("-", "VOID"):
                    cards = ""
                if any(c not in _RANKS for c in cards) or len(set(cards)) != len(cards):
                    self.problem(
                        f"not the {tag.lower()} of a hand", hand, board, cards, "cards AKQJT9-2"
                    )
                    return None
                for card in cards:
                    if suit + card in seen:
                        self.problem(f"{suit}{card} is dealt twice", hand, board)
                        return None
                    seen.add(suit + card)
                suits.append("".join(sorted(cards, key=_RANKS.index)))
            if sum(len(s) for s in suits) != 13:
                self.problem(
                    f"the {seat} hand has {sum(len(s) for s in suits)} cards",
                    hand,
                    board,
                    expected="13",
                )
                return None
            hands[seat] = ".".join(suits)
        if not hands:
            return None
        return "N:" + " ".join(hands.get(seat, "-") for seat in (Seat.N, Seat.E, Seat.S, Seat.W))


def read_result(
    contract_text: str,
    declarer_text: str,
    tricks_text: str,
    score_text: str,
    vulnerability: Vulnerability,
) -> tuple[SideScore, SideScore, str | None]:
    """A scored row's result from its contract, declarer, tricks and NS score.

    Returns (NS, EW, warning). ``tricks_text`` is tricks taken (``9``) or relative (``+1``,
    ``=``); the score may be an artificial code ``A6040`` (NS%, EW%). No contract and no score
    is a row not played; ``NP`` with a score of 0 is a pass-out (NZ Scorer's export). The
    score is what the scoring program matchpointed: when the contract and tricks contradict it
    (a typing slip in the contract), the row is read as the bare score, with a warning.
    Raises :class:`ParseError` for what cannot be read.
    """
    artificial = _ARTIFICIAL.match(score_text)
    if artificial:
        return _artificial(int(artificial[1])), _artificial(int(artificial[2])), None
    score: int | None = None
    if score_text:
        if not re.fullmatch(r"[+-]?[0-9]{1,5}", score_text) or int(score_text) % 10:
            raise ParseError(
                f"not a score: {score_text!r} (expected the NS score, a multiple of 10, or an "
                "adjusted score like A6040)"
            )
        score = int(score_text)
    upper = contract_text.upper().replace(" ", "")
    if upper in ("", "NP") and score is None:
        return None, None, None  # not played
    if upper in ("PASS", "P", "ALLPASS", "PASSED", "NP"):
        if score not in (None, 0):
            raise ParseError(f"a passed-out board scores 0, the score says {score}")
        return *_same(BridgeResult.pass_out()), None
    if not upper:
        assert score is not None
        return *_same(BridgeResult(score)), None
    contract = Contract.parse(contract_text)
    try:
        declarer = Seat.parse(declarer_text)
    except ParseError:
        raise ParseError(
            f"{contract} has no declarer: {declarer_text!r} (expected N, E, S or W)"
        ) from None
    if tricks_text:
        tricks = parse_tricks(tricks_text, contract)
    elif score is not None:
        found = [t for t in range(14) if contract.ns_score(declarer, t, vulnerability) == score]
        if not found:
            warning = (
                f"{contract} by {declarer} cannot score {score:+d} with vulnerability "
                f"{vulnerability}: read as the score alone"
            )
            return *_same(BridgeResult(score)), warning
        tricks = found[0]
    else:
        raise ParseError(f"{contract} by {declarer} has no result (expected tricks or a score)")
    result = BridgeResult.played(contract, declarer, tricks, vulnerability)
    if score is not None and score != result.ns_score:
        warning = (
            f"the result contradicts the score: {result} with vulnerability {vulnerability} is "
            f"{result.ns_score:+d} to NS, the score is {score:+d}: read as the score alone"
        )
        return *_same(BridgeResult(score)), warning
    return *_same(result), None


def read_lead(text: str) -> str | None:
    """A lead, rank first (``AC``) or suit first (``CA``, ``C10``), as a suit-first card."""
    text = text.replace(" ", "")
    if not text:
        return None
    match = _LEAD.match(text)
    if not match:
        raise ParseError(f"not a lead: {text!r} (expected a card like AC or CA)")
    suit = (match[1] or match[4]).upper()
    rank = (match[2] or match[3]).upper().replace("10", "T")
    return suit + rank


def _text(element: ET.Element, tag: str) -> str:
    child = element.find(tag)
    if child is None or child.text is None:
        return ""
    return child.text.strip()


def _identifier(element: ET.Element, tag: str) -> str | None:
    return (element.get(tag) or _text(element, tag)).strip() or None


def _artificial(percent: int) -> Artificial:
    code = {60: "A+", 50: "A", 40: "A-"}.get(percent)
    return Artificial(code, Fraction(percent)) if code else Artificial("%", Fraction(percent))


def _same(result: BridgeResult) -> tuple[SideScore, SideScore]:
    side = WeightedResult.single(result)
    return side, side


def _settle(entrant: Entrant, structure: FieldStructure) -> Entrant:
    """A participant as the session numbers it: Howell pairs have no line."""
    if structure is FieldStructure.MITCHELL:
        return entrant
    return replace(entrant, line=None)


def _named(
    table: TableResult, structure: FieldStructure, names: Mapping[Entrant, str]
) -> TableResult:
    """The row with its entrants' names, for :attr:`Session.names`."""
    section = table.section
    if structure is FieldStructure.INDIVIDUAL:
        who = [Entrant(n, player=True, section=section) for n in (*table.ns, *table.ew)]
    elif structure is FieldStructure.MITCHELL:
        ns_line, ew_line = (Side.EW, Side.NS) if table.arrow else (Side.NS, Side.EW)
        who = [
            Entrant(table.ns[0], ns_line, section=section),
            Entrant(table.ew[0], ew_line, section=section),
        ]
    else:
        who = [Entrant(table.ns[0], section=section), Entrant(table.ew[0], section=section)]
    found = tuple(names.get(e) for e in who)
    return replace(table, names=found) if any(found) else table


# --- writing -----------------------------------------------------------------------------------


def dumps(session: Session, result: SessionResult | None = None, event: Event | None = None) -> str:
    """The session as USEBIO 1.2 XML, with the scores of ``result`` when given.

    ``event`` supplies the club, event identifier and EVENT_TYPE of a file read (its type is
    kept when it agrees with how ``result`` was scored). Rows not played (sit-outs) are left
    out; split and weighted scores cannot be written (:class:`RulesError`).
    """
    if result is not None and result.session is not session and result.session != session:
        raise RulesError("the scored result is of another session")
    if result is not None:
        method = result.rules.method
    else:
        method = Method.MATCHPOINTS if event is None else event.method
    if method not in _POINTS:
        raise RulesError(f"USEBIO pairs files hold matchpoints, Butler or cross-IMPs, not {method}")
    if event is not None and event.method is method:
        kind = event.type
    elif session.structure is FieldStructure.INDIVIDUAL:
        kind = "INDIVIDUAL"
    else:
        kind = _WRITTEN_TYPE[method]
    root = ET.Element("USEBIO", Version="1.2")
    if event is not None and (event.club_name or event.club_id):
        club = ET.SubElement(root, "CLUB")
        _add(club, "CLUB_NAME", event.club_name)
        _add(club, "CLUB_ID_NUMBER", event.club_id)
    event_element = ET.SubElement(root, "EVENT", EVENT_TYPE=kind)
    _add(event_element, "EVENT_IDENTIFIER", None if event is None else event.identifier)
    _add(event_element, "EVENT_DESCRIPTION", session.title)
    _add(event_element, "PROGRAM_NAME", "bridgescore")
    _add(event_element, "PROGRAM_VERSION", __version__)
    _add(event_element, "DATE", session.date)
    two_winners = session.structure is FieldStructure.MITCHELL and not session.arrow_switched
    _add(event_element, "WINNER_TYPE", "2" if two_winners else "1")
    if method is not Method.MATCHPOINTS:
        _add(event_element, "SCORING_METHOD", "IMPS")
    sections = session.sections
    if sections:
        container = ET.SubElement(event_element, "SESSION")
        units: list[tuple[str | None, ET.Element]] = [
            (name, ET.SubElement(container, "SECTION", SECTION_ID=name)) for name in sections
        ]
    else:
        units = [(None, event_element)]
    for name, element in units:
        _write_participants(element, session, result, name, method)
        _write_boards(element, session, result, name, method)
    handset = ET.Element("HANDSET")
    for number, board in session.boards.items():
        if board.deal:
            _write_deal(handset, number, board.deal)
    if len(handset):
        event_element.append(handset)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n'
        f"{body}\n"
    )


def dump(
    session: Session,
    fp: IO[str],
    result: SessionResult | None = None,
    event: Event | None = None,
) -> None:
    fp.write(dumps(session, result, event))


def _add(parent: ET.Element, tag: str, text: str | None) -> ET.Element | None:
    if text is None:
        return None
    child = ET.SubElement(parent, tag)
    child.text = text
    return child


def _entrant_label(entrant: Entrant) -> str:
    return f"{entrant.number}{entrant.line.value}" if entrant.line else str(entrant.number)


def _write_participants(
    parent: ET.Element,
    session: Session,
    result: SessionResult | None,
    section: str | None,
    method: Method,
) -> None:
    entrants = sorted(
        {
            e
            for t in session.tables
            if t.section == section and t.played
            for e in session.entrants_all(t)
        },
        key=lambda e: (e.number, e.line is Side.EW),
    )
    if not entrants:
        return
    element = ET.SubElement(parent, "PARTICIPANTS")
    standings = {}
    if result is not None:
        standings = {s.entrant: s for f in result.fields for s in f.standings}
    for entrant in entrants:
        name = session.names.get(entrant)
        players = name.split(" & ") if name else []
        numbers = list(session.members.get(entrant, ()))
        details = _standing_details(standings.get(entrant), method)
        if entrant.player:
            player = ET.SubElement(element, "PLAYER")
            _add(player, "PLAYER_NUMBER", str(entrant.number))
            _write_player(player, players[0] if players else None, numbers[0] if numbers else None)
            for tag, text in details:
                _add(player, tag, text)
            continue
        pair = ET.SubElement(element, "PAIR")
        _add(pair, "PAIR_NUMBER", _entrant_label(entrant))
        _add(pair, "DIRECTION", entrant.line.value if entrant.line else "")
        for tag, text in details:
            _add(pair, tag, text)
        for i in range(max(len(players), len(numbers))):
            player = ET.SubElement(pair, "PLAYER")
            _write_player(
                player,
                players[i] if i < len(players) else "",
                numbers[i] if i < len(numbers) else None,
            )


def _standing_details(standing: Standing | None, method: Method) -> list[tuple[str, str]]:
    """A pair's TOTAL_SCORE, PERCENTAGE, PLACE and BOARDS_PLAYED, in the order Compscore writes."""
    if standing is None:
        return []
    total = standing.points if standing.total is None else standing.total
    details = [("TOTAL_SCORE", fmt_fixed(total, 2))]
    if method is Method.MATCHPOINTS and standing.percent is not None:
        details.append(("PERCENTAGE", fmt_fixed(standing.percent, 2)))
    details.append(("PLACE", standing.place))
    details.append(("BOARDS_PLAYED", str(standing.boards)))
    return details


def _write_player(element: ET.Element, name: str | None, member: Member | None) -> None:
    _add(element, "PLAYER_NAME", name or "")
    if member is not None:
        _add(element, "NATIONAL_ID_NUMBER", member.national)
        _add(element, "CLUB_ID_NUMBER", member.club)


def _write_boards(
    parent: ET.Element,
    session: Session,
    result: SessionResult | None,
    section: str | None,
    method: Method,
) -> None:
    values: dict[int, tuple[Fraction | None, Fraction | None]] = {}
    if result is not None:
        index = {id(t): i for i, t in enumerate(result.session.tables)}
        for scored_board in result.boards:
            for scored in scored_board.tables:
                position = index.get(id(scored.table))
                if position is not None:
                    values[position] = (scored.ns_points, scored.ew_points)
    by_board: dict[int, list[int]] = defaultdict(list)
    for i, t in enumerate(session.tables):
        if t.section == section and t.played:
            by_board[t.board].append(i)
    individual = session.structure is FieldStructure.INDIVIDUAL
    points = _POINTS[method]
    for number in sorted(by_board):
        board = ET.SubElement(parent, "BOARD")
        _add(board, "BOARD_NUMBER", str(number))
        for i in by_board[number]:
            t = session.tables[i]
            line = ET.SubElement(board, "TRAVELLER_LINE")
            if individual:
                for seat, player in zip("NSEW", (*t.ns, *t.ew), strict=True):
                    _add(line, f"{seat}_PLAYER_NUMBER", str(player))
            else:
                ns_line, ew_line = ("EW", "NS") if t.arrow else ("NS", "EW")
                mitchell = session.structure_of(t.section) is FieldStructure.MITCHELL
                _add(line, "NS_PAIR_NUMBER", f"{t.ns[0]}{ns_line if mitchell else ''}")
                _add(line, "EW_PAIR_NUMBER", f"{t.ew[0]}{ew_line if mitchell else ''}")
            _write_result(line, t)
            ns_value, ew_value = values.get(i, (None, None))
            if ns_value is not None:
                _add(line, f"NS_{points}", _number(ns_value))
            if ew_value is not None:
                _add(line, f"EW_{points}", _number(ew_value))


def _write_result(line: ET.Element, t: TableResult) -> None:
    lead = None if t.lead is None else t.lead[1:] + t.lead[0]  # rank first, as Compscore has it
    if isinstance(t.ns_side, Artificial) and isinstance(t.ew_side, Artificial):
        _add(line, "LEAD", lead)
        _add(line, "SCORE", f"A{_percent(t, t.ns_side)}{_percent(t, t.ew_side)}")
        return
    result = t.result
    if result is None:
        raise RulesError(
            f"board {t.board}, NS {t.ns[0]} v EW {t.ew[0]}: USEBIO cannot hold "
            f"{t.kind} scores ({t.describe()})"
        )
    if result.passed_out:
        _add(line, "CONTRACT", "PASS")
    elif result.contract is not None and result.declarer is not None:
        _add(line, "CONTRACT", str(result.contract))
        _add(line, "PLAYED_BY", str(result.declarer))
    _add(line, "LEAD", lead)
    if result.tricks is not None:
        _add(line, "TRICKS", str(result.tricks))
    _add(line, "SCORE", str(result.ns_score))


def _percent(t: TableResult, side: Artificial) -> str:
    percent = side.percent
    if percent.denominator != 1 or not 0 <= percent <= 99:
        raise RulesError(
            f"board {t.board}, NS {t.ns[0]} v EW {t.ew[0]}: USEBIO writes artificial scores "
            f"as whole percentages 0-99, not {side}"
        )
    return f"{int(percent):02d}"


def _number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return str(round_fraction(value, 2))


def _write_deal(handset: ET.Element, number: int, deal: str) -> None:
    hands = parse_deal(deal)
    if hands is None:
        return
    board = ET.SubElement(handset, "BOARD")
    _add(board, "BOARD_NUMBER", str(number))
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        suits = hands.get(seat)
        if suits is None:
            continue
        hand = ET.SubElement(board, "HAND")
        _add(hand, "DIRECTION", _SEAT_NAMES[seat])
        for tag, cards in zip(_SUIT_TAGS, suits, strict=True):
            _add(hand, tag, cards)


def parse_deal(deal: str) -> dict[Seat, tuple[str, str, str, str]] | None:
    """A PBN deal string ``N:AKQ.JT9.876.5432 ...`` as each seat's suits (spades first)."""
    from bridgescore.formats.pbn import parse_deal as parse_pbn_deal

    try:
        hands = parse_pbn_deal(deal.strip())
    except ParseError:
        return None
    return {Seat.parse(seat): suits for seat, suits in hands.items() if suits is not None}


# --- checking a rescoring against the file -----------------------------------------------------


@dataclass(frozen=True)
class Mismatch:
    """One figure of the file that a rescoring does not reproduce."""

    what: str  # "row NS", "row EW", "percentage", "place", "total"
    board: int | None
    entrant: Entrant
    reported: str
    computed: str
    line: int | None = None
    index: int | None = None  # a row's position in ``Session.tables``

    def __str__(self) -> str:
        where = f"board {self.board}, " if self.board is not None else ""
        return (
            f"{where}{self.entrant}: {self.what} {self.reported} in the file, "
            f"{self.computed} rescored"
        )


@dataclass(frozen=True)
class Comparison:
    """How far a rescoring reproduces a file's own figures."""

    rows: int  # rows with a reported value
    rows_reproduced: int
    entrants: int  # entrants with a reported percentage (or total) and place
    entrants_reproduced: int
    mismatches: tuple[Mismatch, ...]


def compare(
    result: SessionResult,
    reported: ReportedScores,
    *,
    rows_result: SessionResult | None = None,
    row_decimals: int = 1,
    percent_decimals: int = 2,
    row_rounding: Rounding = Rounding.HALF_UP,
    percent_rounding: Rounding = Rounding.HALF_UP,
    totals: bool = False,
    total_decimals: int = 2,
    total_rounding: Rounding = Rounding.HALF_UP,
    places_by_section: bool = False,
) -> Comparison:
    """Compare a rescoring of a file's session with the file's own figures, at its precision.

    A row is reproduced when both sides' values, rounded to ``row_decimals`` by
    ``row_rounding`` (NZ Scorer truncates, Compscore rounds halves to even), equal the file's.
    ``rows_result`` is a rescoring to take the rows from instead, for files whose travellers
    show matchpoints on another basis than their totals (Compscore shows boards played fewer
    times on their own top and factors them in the totals). An entrant is reproduced when its
    percentage (to ``percent_decimals``, by ``percent_rounding``), its place, its handicapped
    percentage and, with ``totals``, its total (to ``total_decimals`` by ``total_rounding``:
    NZ Scorer writes whole matchpoints, truncated) equal the file's. A place is its
    number; a file that marks a shared place ("3=") must be matched by a shared place. With
    ``places_by_section``, places are counted within each section's line, as NZ Scorer ranks
    sections matchpointed across the field.
    """
    session = result.session
    row_source = rows_result or result
    scored = {id(t.table): t for b in row_source.boards for t in b.tables}
    tables = row_source.session.tables

    def show(value: Fraction, decimals: int, rounding: Rounding = percent_rounding) -> str:
        return str(round_fraction(value, decimals, rounding))

    mismatches: list[Mismatch] = []
    rows = rows_ok = 0
    for row in reported.rows:
        if row.ns is None and row.ew is None:
            continue
        table = tables[row.index]
        mine = scored.get(id(table))
        rows += 1
        ok = True
        for side, theirs in ((Side.NS, row.ns), (Side.EW, row.ew)):
            if theirs is None:
                continue
            ours = None if mine is None else (mine.ns_points if side is Side.NS else mine.ew_points)
            their_text = show(theirs, row_decimals, row_rounding)
            our_text = "none" if ours is None else show(ours, row_decimals, row_rounding)
            if our_text != their_text:
                ok = False
                entrant = session.entrants(table, side)[0]
                mismatches.append(
                    Mismatch(
                        f"row {side.value}",
                        table.board,
                        entrant,
                        their_text,
                        our_text,
                        table.line,
                        row.index,
                    )
                )
        rows_ok += ok
    standings = {s.entrant: s for f in result.fields for s in f.standings}
    if places_by_section:
        standings = _ranked_by_section(standings)
    entrants = entrants_ok = 0
    for theirs_standing in reported.standings:
        mine_standing = standings.get(theirs_standing.entrant)
        if mine_standing is None:
            continue  # listed but never played (a director, a phantom)
        entrants += 1
        checks: list[tuple[str, str, str]] = []
        if theirs_standing.percentage is not None and mine_standing.percent is not None:
            checks.append(
                (
                    "percentage",
                    show(theirs_standing.percentage, percent_decimals),
                    show(mine_standing.percent, percent_decimals),
                )
            )
        if theirs_standing.rank is not None:
            mark = "=" if theirs_standing.shared else ""
            ours_mark = "=" if theirs_standing.shared and mine_standing.shared else ""
            checks.append(
                ("place", f"{theirs_standing.rank}{mark}", f"{mine_standing.rank}{ours_mark}")
            )
        if theirs_standing.handicapped is not None and mine_standing.handicapped is not None:
            checks.append(
                (
                    "handicapped percentage",
                    show(theirs_standing.handicapped, percent_decimals),
                    show(mine_standing.handicapped, percent_decimals),
                )
            )
        if totals and theirs_standing.total is not None:
            total = mine_standing.total if mine_standing.total is not None else mine_standing.points
            checks.append(
                (
                    "total",
                    show(theirs_standing.total, total_decimals, total_rounding),
                    show(total, total_decimals, total_rounding),
                )
            )
        wrong = [
            Mismatch(what, None, theirs_standing.entrant, their, our, theirs_standing.line)
            for what, their, our in checks
            if their != our
        ]
        mismatches.extend(wrong)
        entrants_ok += not wrong
    return Comparison(rows, rows_ok, entrants, entrants_ok, tuple(mismatches))


def _ranked_by_section(standings: Mapping[Entrant, Standing]) -> dict[Entrant, Standing]:
    """The standings ranked again on their percentages within each section's line."""
    groups: dict[tuple[str | None, Side | None], list[Standing]] = defaultdict(list)
    for standing in standings.values():
        groups[standing.entrant.section, standing.entrant.line].append(standing)
    out = {}
    for members in groups.values():
        values = [s.percent or Fraction(0) for s in members]
        for standing, value in zip(members, values, strict=True):
            better = sum(1 for other in values if other > value)
            out[standing.entrant] = replace(
                standing, rank=better + 1, shared=values.count(value) > 1
            )
    return out


__all__ = [
    "EVENT_TYPES",
    "BridgeScoreError",
    "Comparison",
    "Event",
    "Mismatch",
    "ReportedRow",
    "ReportedScores",
    "ReportedStanding",
    "UsebioFile",
    "compare",
    "dump",
    "dumps",
    "load",
    "loads",
    "parse_deal",
    "parse_xml",
    "read_lead",
    "read_path",
    "read_result",
]
