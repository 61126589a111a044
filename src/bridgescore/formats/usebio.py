"""USEBIO 1.2, the EBU's XML results format (rules.md §9.2): reading and writing.

Reading accepts the shapes real programs write: PARTICIPANTS and BOARD directly under EVENT
(Compscore), under EVENT → SECTION (NZ Scorer's export) or EVENT → SESSION → SECTION, and the
deals (HANDSET) under the root or the event. Pair numbers may be plain (``3``), carry their line
(``7NS``, ``7 EW``) and their section (``(A) 1 NS``); leads may be rank first (``AC``) or suit
first (``CA``), and are kept suit first.

Reading gives a :class:`~bridgescore.formats.results_file.ResultsFile`: the session, the file's
own figures -- matchpoints (or IMPs) per row, and each pair's total, percentage and place -- in
:class:`~bridgescore.formats.reported.ReportedScores` (checked against a rescoring by
:func:`bridgescore.check.compare.compare`), and the :class:`Event`. Every problem in a file is
collected with its line, board and pairs and raised together as one
:class:`~bridgescore.errors.InputFileError`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import IO, TYPE_CHECKING

from bridgescore import __version__
from bridgescore.bridge import Seat, Side, Vulnerability
from bridgescore.deal import Deal, Hand
from bridgescore.display import fmt_fixed, round_fraction
from bridgescore.errors import InputFileError, ParseError, Problem, RulesError
from bridgescore.formats.files import decode_text
from bridgescore.formats.reported import ReportedRow, ReportedScores, ReportedStanding
from bridgescore.formats.results_file import ResultsFile, load_with
from bridgescore.formats.xmlreader import XmlReader, parse_xml, read_lead, read_result
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.results import SessionResult, Standing
from bridgescore.rules import Method, TeamsScoring
from bridgescore.session import Board, Entrant, FieldStructure, Member, Session, detect_structure
from bridgescore.teams_results import TeamsResult
from bridgescore.traveller import Artificial, SideScore, TableResult

if TYPE_CHECKING:
    from bridgescore.movements.model import Movement

# EVENT_TYPE values read, and how their boards are scored unless BOARD_SCORING_METHOD says
# otherwise. "PAIRS" is what NZ Scorer's USEBIO export writes for matchpoint pairs; Compscore
# writes "CROSS_IMP" for "CROSS_IMPS". The teams types hold MATCH elements: teams of four.
EVENT_TYPES: dict[str, Method] = {
    "MP_PAIRS": Method.MATCHPOINTS,
    "PAIRS": Method.MATCHPOINTS,
    "INDIVIDUAL": Method.MATCHPOINTS,
    "BUTLER_PAIRS": Method.BUTLER,
    "CROSS_IMPS": Method.CROSS_IMPS,
    "CROSS_IMP": Method.CROSS_IMPS,
}
TEAMS_TYPES = ("TEAMS", "TEAMS_OF_FOUR", "SWISS_TEAMS", "HEAD_TO_HEAD")
# BOARD_SCORING_METHOD (or the older SCORING_METHOD) values, as the programs write them.
_PAIRS_SCORING: dict[str, Method] = {
    "MATCH_POINTS": Method.MATCHPOINTS,
    "MATCHPOINTS": Method.MATCHPOINTS,
    "MP": Method.MATCHPOINTS,
    "PERCENTAGE": Method.MATCHPOINTS,
    "BUTLER_IMPS": Method.BUTLER,
    "BUTLER": Method.BUTLER,
    "CROSS_IMPS": Method.CROSS_IMPS,
    "CROSS_IMP": Method.CROSS_IMPS,
    "XIMPS": Method.CROSS_IMPS,
}
_TEAMS_SCORING: dict[str, TeamsScoring] = {
    "IMPS": TeamsScoring.IMPS,
    "IMP": TeamsScoring.IMPS,
    "BAM": TeamsScoring.BOARD_A_MATCH,
    "PAB": TeamsScoring.BOARD_A_MATCH,
    "BOARD_A_MATCH": TeamsScoring.BOARD_A_MATCH,
    "POINT_A_BOARD": TeamsScoring.BOARD_A_MATCH,
}
_IMPS = ("IMPS", "IMP")  # IMPs, without saying against what: the pairs event type says
_WRITTEN_TYPE = {
    Method.MATCHPOINTS: "MP_PAIRS",
    Method.BUTLER: "BUTLER_PAIRS",
    Method.CROSS_IMPS: "CROSS_IMPS",
}
_WRITTEN_SCORING = {
    Method.MATCHPOINTS: "MATCH_POINTS",
    Method.BUTLER: "BUTLER_IMPS",
    Method.CROSS_IMPS: "CROSS_IMPS",
}
# The traveller elements holding each row's score, by scoring method: NS_<name>, EW_<name>,
# the first the file has (Compscore's names first, then the shorter ones other programs write).
_POINTS = {
    Method.MATCHPOINTS: ("MATCH_POINTS",),
    Method.BUTLER: ("BUTLER_POINTS", "BUTLER_IMPS", "IMPS"),
    Method.CROSS_IMPS: ("CROSS_IMP_POINTS", "CROSS_IMPS", "IMPS"),
}
_SUPPORTED = Text(
    N_("MP_PAIRS, PAIRS, INDIVIDUAL, BUTLER_PAIRS, CROSS_IMPS, and for teams of four %(teams)s"),
    teams=", ".join(TEAMS_TYPES),
)

_PAIR_NUMBER = re.compile(
    r"^\s*(?:\(\s*(?P<section>[A-Za-z0-9]{1,4})\s*\)\s*)?(?P<number>[0-9]{1,4})\s*"
    r"(?P<line>NS|EW|N-S|E-W)?\s*$",
    re.IGNORECASE,
)
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
    teams_scoring: TeamsScoring | None = None  # teams of four: IMPs or board-a-match
    mitchell: bool = False  # some section is a Mitchell (two lines, one or two winners)

    @property
    def teams(self) -> bool:
        return self.teams_scoring is not None

    def declared(self) -> dict[str, object]:
        """The scoring settings the file declares: how its boards were scored and, by its
        WINNER_TYPE, whether both lines of a Mitchell are ranked together (1) or apart (2)."""
        if self.teams_scoring is not None:
            return {"teams_scoring": self.teams_scoring}
        declared: dict[str, object] = {"method": self.method}
        if self.winner_type == 1 and self.mitchell:
            declared["one_winner"] = True
        return declared


# --- reading -----------------------------------------------------------------------------------


def loads(
    data: str | bytes,
    path: str | None = None,
    *,
    structure: FieldStructure | None = None,
    movement: Movement | None = None,
    session: str | None = None,
) -> ResultsFile:
    """Read USEBIO XML text (or bytes, whose XML declaration names the encoding);
    ``structure`` and ``movement`` as :func:`bridgescore.formats.load_path` takes them, and
    ``session`` picks one SESSION_ID of a multi-session event."""
    root, lines = parse_xml(decode_text(data, "USEBIO", path), path)
    rf = _UsebioReader(path, lines).read(root, session)
    return rf.forced(structure, path).seated(movement, structure, path)


load = load_with(loads)


def dumps(rf: ResultsFile) -> str:
    """The file as USEBIO 1.2 XML, with the scores of ``rf.result`` when given.

    ``rf.event`` (a USEBIO :class:`Event`) supplies the club, event identifier and EVENT_TYPE of
    a file read (its type is kept when it agrees with how the result was scored). Rows not
    played (sit-outs) are left out; split and weighted scores cannot be written
    (:class:`RulesError`). Teams of four are written as a USEBIO teams event
    (:mod:`bridgescore.formats.usebio_teams`).
    """
    result = rf.result
    event = rf.event if isinstance(rf.event, Event) else None
    if isinstance(result, TeamsResult) or rf.session.structure is FieldStructure.TEAMS:
        from bridgescore.formats.usebio_teams import dumps_teams

        return dumps_teams(rf.session, result if isinstance(result, TeamsResult) else None, event)
    return _dumps(rf.session, result, event)


def dump(rf: ResultsFile, fp: IO[str]) -> None:
    fp.write(dumps(rf))


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


class _UsebioReader(XmlReader):
    # -- structure --

    def read(self, root: ET.Element, session_id: str | None) -> ResultsFile:
        if root.tag != "USEBIO":
            self.problem(
                Text(N_("not a USEBIO file")),
                root,
                found=f"<{root.tag}>",
                expected=Text(N_("a <USEBIO> root")),
            )
            raise self.fail()
        events = root.findall("EVENT")
        if len(events) != 1:
            self.problem(
                Text(N_("%(events_count)s EVENT elements"), events_count=len(events)),
                root,
                expected=Text(N_("one EVENT in a USEBIO file")),
            )
            raise self.fail()
        event_element = events[0]
        event = self._event(root, event_element)
        container, event = self._session(event_element, event, session_id)
        # A session of several has its own date, description, winner type and deals.
        own = container if container.tag == "SESSION" else None
        own_winner = "" if own is None else _text(own, "WINNER_TYPE")
        if re.fullmatch(r"[0-9]{1,2}", own_winner):
            event = replace(event, winner_type=int(own_winner))
        if event.teams:
            from bridgescore.formats.usebio_teams import TeamsReader

            teams = TeamsReader(self.path, self.lines)
            return teams.read_teams(root, event_element, container, event)
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
        for unit in units:
            section = unit.section if sectioned else None
            participants = self._participants(unit, section, individual)
            rows = list(self._rows(unit, section, individual, event.method, datums))
            unit_structure = self._structure(participants, rows, individual)
            structures[section] = unit_structure
            seated = {e for table, *_ in rows for e in _seated(table, unit_structure)}
            for entrant, standing, name, players in participants:
                entrant = self._settle(entrant, unit_structure, seated, standing.line)
                standings.append(replace(standing, entrant=entrant))
                if name:
                    names[entrant] = name
                if any(m != Member() for m in players):
                    members[entrant] = players
            for table, ns_value, ew_value in rows:
                tables.append(_named(table, unit_structure, names))
                values.append((ns_value, ew_value))
        boards = self._boards(root, event_element, own)
        for table in tables:
            boards.setdefault(table.board, Board.numbered(table.board))
        if not tables and not self.problems:
            self.problem(
                Text(N_("no traveller lines in the file")),
                event_element,
                expected=Text(N_("BOARD elements")),
            )
        section_structures = {k: v for k, v in structures.items() if k is not None}
        structure: FieldStructure | None = next(iter(structures.values()), None)
        description = _text(event_element, "EVENT_DESCRIPTION") or _text(event_element, "TITLE")
        if own is not None:
            description = _text(own, "SESSION_DESCRIPTION") or description
        session = Session.build(
            tables,
            boards,
            structure,
            description or None,
            (own is not None and _text(own, "DATE")) or _text(event_element, "DATE") or None,
            path=self.path,
            section_structures=section_structures,
            found=self.problems,
        )
        session = replace(session, members=members)
        event = replace(event, mitchell=FieldStructure.MITCHELL in structures.values())
        reported = ReportedScores(
            event.method,
            tuple(ReportedRow(i, ns, ew) for i, (ns, ew) in enumerate(values)),
            tuple(standings),
            datums,
        )
        return ResultsFile(session, reported, event, tuple(self.warnings))

    def _event(self, root: ET.Element, element: ET.Element) -> Event:
        kind = (element.get("EVENT_TYPE") or _text(element, "EVENT_TYPE")).strip().upper()
        if kind not in EVENT_TYPES and kind not in TEAMS_TYPES:
            found = kind or "none"
            raise InputFileError(
                self.path,
                [
                    Problem(
                        Text(N_("event type %(found)s is not supported"), found=repr(found)),
                        self.lines.get(element),
                        found=found,
                        expected=Text(N_("one of %(versions)s"), versions=_SUPPORTED),
                    )
                ],
            )
        club = root.find("CLUB")
        winner = _text(element, "WINNER_TYPE")
        written = _text(element, "BOARD_SCORING_METHOD") or _text(element, "SCORING_METHOD")
        event = Event(
            type=kind,
            method=EVENT_TYPES.get(kind, Method.MATCHPOINTS),
            identifier=_text(element, "EVENT_IDENTIFIER") or None,
            club_name=None if club is None else _text(club, "CLUB_NAME") or None,
            club_id=None if club is None else _text(club, "CLUB_ID_NUMBER") or None,
            program_name=_text(element, "PROGRAM_NAME") or None,
            program_version=_text(element, "PROGRAM_VERSION") or None,
            winner_type=int(winner) if re.fullmatch(r"[0-9]{1,2}", winner) else None,
            scoring_method=written or None,
        )
        return self._scoring(event, element, written)

    def _scoring(self, event: Event, element: ET.Element, written: str) -> Event:
        """The event with its boards' scoring from BOARD_SCORING_METHOD (or SCORING_METHOD),
        which decides over the event type: a ``PAIRS`` event scored ``CROSS_IMPS`` is
        cross-IMPs. ``IMPS`` alone in a pairs event is Butler or cross-IMPs as the event type,
        the board averages or the traveller elements say; when none says, it is a problem."""
        key = written.strip().upper().replace(" ", "_").replace("-", "_")
        if event.type in TEAMS_TYPES:
            if not key:
                return replace(event, teams_scoring=TeamsScoring.IMPS)
            scoring = _TEAMS_SCORING.get(key)
            if scoring is None:
                self.problem(
                    Text(
                        N_("teams scored by %(written)s are not supported"), written=repr(written)
                    ),
                    element,
                    found=written,
                    expected=Text(
                        N_(
                            "IMPS (victory points from the IMP margin), or BAM or PAB "
                            "(board-a-match)"
                        )
                    ),
                )
                raise self.fail()
            return replace(event, teams_scoring=scoring)
        if not key:
            return event
        if key in _IMPS:
            if event.method is not Method.MATCHPOINTS:
                return event
            butler = any(element.iter("BOARD_AVERAGE")) or any(element.iter("NS_BUTLER_POINTS"))
            cross = any(element.iter("NS_CROSS_IMP_POINTS"))
            if butler != cross:
                return replace(event, method=Method.BUTLER if butler else Method.CROSS_IMPS)
            self.problem(
                Text(
                    N_("a %(type)s event scored by IMPs, without saying against what"),
                    type=event.type,
                ),
                element,
                found=written,
                expected=Text(
                    N_(
                        "BUTLER_IMPS or CROSS_IMPS (or board averages, or NS_BUTLER_POINTS / "
                        "NS_CROSS_IMP_POINTS, saying which)"
                    )
                ),
            )
            raise self.fail()
        method = _PAIRS_SCORING.get(key)
        if method is None:
            self.problem(
                Text(N_("pairs scored by %(written)s are not supported"), written=repr(written)),
                element,
                found=written,
                expected=Text(N_("MATCH_POINTS, BUTLER_IMPS or CROSS_IMPS")),
            )
            raise self.fail()
        return replace(event, method=method)

    def _session(
        self, event_element: ET.Element, event: Event, wanted: str | None
    ) -> tuple[ET.Element, Event]:
        sessions = event_element.findall("SESSION")
        if not sessions:
            if wanted is not None:
                self.problem(
                    Text(N_("no session %(wanted)s in the file"), wanted=repr(wanted)),
                    event_element,
                )
                raise self.fail()
            return event_element, event
        ids = [_identifier(s, "SESSION_ID") or str(i) for i, s in enumerate(sessions, 1)]
        if wanted is not None:
            if wanted not in ids:
                self.problem(
                    Text(N_("no session %(wanted)s in the file"), wanted=repr(wanted)),
                    event_element,
                    expected=Text(N_("one of %(names)s"), names=", ".join(ids)),
                )
                raise self.fail()
            index = ids.index(wanted)
            return sessions[index], replace(event, session_id=wanted)
        if len(sessions) > 1:
            self.problem(
                Text(N_("%(sessions_count)s sessions in one event"), sessions_count=len(sessions)),
                event_element,
                found=", ".join(ids),
                expected=Text(N_("one session, or a session chosen by its SESSION_ID")),
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
                        Text(
                            N_("%(entrant)s is listed twice (also on line %(lines)s)"),
                            entrant=entrant.said,
                            lines=self.lines.get(seen[entrant]),
                        ),
                        element,
                        expected=Text(N_("each pair once in PARTICIPANTS")),
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

    def _settle(
        self,
        entrant: Entrant,
        structure: FieldStructure,
        seated: set[Entrant],
        line: int | None,
    ) -> Entrant:
        """A participant as the session numbers it: Howell pairs have no line; a Mitchell pair
        listed without its line (a one-winner event's list) is the one pair of that number
        that played, and when both lines have one, it is left unmatched, with a warning."""
        if structure is not FieldStructure.MITCHELL:
            return replace(entrant, line=None)
        if entrant.line is not None or entrant.player:
            return entrant
        same = sorted(e for e in seated if e.number == entrant.number)
        if len(same) == 1:
            return same[0]
        if len(same) > 1:
            self.warnings.report(
                Text(
                    N_(
                        "%(entrant)s is listed without its line, and %(both)s both played: its "
                        "figures are not compared"
                    ),
                    entrant=entrant.said,
                    both=Text(N_("%(one)s and %(other)s"), one=same[0].label, other=same[1].label)
                    if len(same) == 2
                    else " and ".join(e.label for e in same),
                ),
                line,
            )
        return entrant

    # -- traveller lines --

    def _rows(
        self,
        unit: _Unit,
        section: str | None,
        individual: bool,
        method: Method,
        datums: dict[tuple[str | None, int], int],
    ) -> Iterator[tuple[TableResult, Fraction | None, Fraction | None]]:
        for board_element in unit.element.findall("BOARD"):
            text = _text(board_element, "BOARD_NUMBER")
            if not re.fullmatch(r"[0-9]{1,4}", text) or int(text) < 1:
                self.problem(
                    Text(N_("not a board number")),
                    board_element,
                    found=text,
                    expected=Text(N_("a number from 1 to 9999")),
                )
                continue
            board = int(text)
            average = _text(board_element, "BOARD_AVERAGE")
            if average:
                if re.fullmatch(r"[+-]?[0-9]{1,5}", average):
                    datums[section, board] = int(average)
                else:
                    self.problem(
                        Text(N_("not a board average")),
                        board_element,
                        board,
                        average,
                        Text(N_("a whole NS score")),
                    )
            for line in board_element.findall("TRAVELLER_LINE"):
                row = self._row(line, board, section, individual, method)
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
                    Text(
                        N_("%(who)s: both pairs are %(value)s pairs"), who=who, value=lines[0].value
                    ),
                    element,
                    board,
                    expected=Text(N_("an NS pair against an EW pair")),
                )
            ns, ew = (ns_pair.number,), (ew_pair.number,)
        vulnerability = Vulnerability.for_board(board)
        sides = self._result(element, board, who, vulnerability)
        lead = self._lead(element, board, who)
        ns_value = ew_value = None
        for points in _POINTS[method]:
            if element.find(f"NS_{points}") is not None or element.find(f"EW_{points}") is not None:
                ns_value = self._decimal(element, f"NS_{points}", board, who)
                ew_value = self._decimal(element, f"EW_{points}", board, who)
                break
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
                relative=False,
            )
        except ParseError as error:
            self.problem(Text(N_("%(who)s: %(error)s"), who=who, error=error), element, board)
            return None
        if warning:
            line = self.lines.get(element)
            self.warnings.report(
                Text(N_("%(who)s: %(warning)s"), who=who, warning=warning), line, board
            )
        return ns_side, ew_side

    def _lead(self, element: ET.Element, board: int, who: str) -> str | None:
        try:
            return read_lead(_text(element, "LEAD"))
        except ParseError as error:
            self.problem(Text(N_("%(who)s: %(error)s"), who=who, error=error), element, board)
            return None

    # -- values --

    def _pair_number(
        self, text: str, element: ET.Element, board: int | None, tag: str
    ) -> _Pair | None:
        match = _PAIR_NUMBER.match(text)
        if not match or int(match["number"]) < 1:
            self.problem(
                Text(N_("not a number in %(tag)s"), tag=tag),
                element,
                board,
                text,
                Text(N_("a number like 7, 7NS or (A) 7 EW")),
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
            self.problem(
                Text(N_("%(prefix)snot a number in %(tag)s"), prefix=prefix, tag=tag),
                element,
                board,
                text,
                Text(N_("a number")),
            )
            return None
        return Fraction(text)

    def _count(self, element: ET.Element, tag: str) -> int | None:
        text = _text(element, tag)
        if not text:
            return None
        if not re.fullmatch(r"[0-9]{1,4}", text):
            self.problem(
                Text(N_("not a count in %(tag)s"), tag=tag),
                element,
                found=text,
                expected=Text(N_("a whole number")),
            )
            return None
        return int(text)

    def _place(self, element: ET.Element) -> str | None:
        text = _text(element, "PLACE").replace(" ", "")
        if not text:
            return None
        if not _PLACE.match(text):
            self.problem(
                Text(N_("not a place")),
                element,
                found=text,
                expected=Text(N_("a place like 3 or 3=")),
            )
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

    def _boards(
        self, root: ET.Element, event: ET.Element, own: ET.Element | None = None
    ) -> dict[int, Board]:
        boards: dict[int, Board] = {}
        # A chosen session's own deals, never another session's.
        if own is None:
            sets = [*root.findall("HANDSET"), *event.iter("HANDSET")]
        else:
            sets = [*own.iter("HANDSET"), *root.findall("HANDSET"), *event.findall("HANDSET")]
        for handset in sets:
            for element in handset.findall("BOARD"):
                text = _text(element, "BOARD_NUMBER")
                if not re.fullmatch(r"[0-9]{1,4}", text) or int(text) < 1:
                    self.problem(Text(N_("not a board number in HANDSET")), element, found=text)
                    continue
                number = int(text)
                deal = self._deal(element, number)
                if deal is not None and number not in boards:
                    base = Board.numbered(number)
                    boards[number] = Board(number, base.vulnerability, base.dealer, deal)
        return boards

    def _deal(self, element: ET.Element, board: int) -> Deal | None:
        hands: dict[Seat, Hand] = {}
        seen: set[str] = set()
        for hand in element.findall("HAND"):
            direction = _text(hand, "DIRECTION").upper()
            seat = _HAND_SEATS.get(direction) or _HAND_SEATS.get(
                {"N": "NORTH", "E": "EAST", "S": "SOUTH", "W": "WEST"}.get(direction, "")
            )
            if seat is None or seat in hands:
                self.problem(
                    Text(N_("not a hand's direction")),
                    hand,
                    board,
                    direction,
                    Text(N_("North ... West")),
                )
                return None
            suits = []
            for suit, tag in zip("SHDC", _SUIT_TAGS, strict=True):
                cards = _text(hand, tag).upper().replace("10", "T").replace(" ", "")
                if cards in ("-", "VOID"):
                    cards = ""
                if any(c not in _RANKS for c in cards) or len(set(cards)) != len(cards):
                    self.problem(
                        Text(N_("not the %(tag)s of a hand"), tag=tag.lower()),
                        hand,
                        board,
                        cards,
                        Text(N_("cards AKQJT9-2")),
                    )
                    return None
                for card in cards:
                    if suit + card in seen:
                        self.problem(
                            Text(N_("%(suit)s%(card)s is dealt twice"), suit=suit, card=card),
                            hand,
                            board,
                        )
                        return None
                    seen.add(suit + card)
                suits.append("".join(sorted(cards, key=_RANKS.index)))
            if sum(len(s) for s in suits) != 13:
                self.problem(
                    Text(
                        N_("the %(seat)s hand has %(value)s cards"),
                        seat=seat,
                        value=sum(len(s) for s in suits),
                    ),
                    hand,
                    board,
                    expected="13",
                )
                return None
            hands[seat] = Hand(seat, (suits[0], suits[1], suits[2], suits[3]))
        if not hands:
            return None
        return Deal((hands.get(Seat.N), hands.get(Seat.E), hands.get(Seat.S), hands.get(Seat.W)))


def _text(element: ET.Element, tag: str) -> str:
    child = element.find(tag)
    if child is None or child.text is None:
        return ""
    return child.text.strip()


def _identifier(element: ET.Element, tag: str) -> str | None:
    return (element.get(tag) or _text(element, tag)).strip() or None


def _seated(table: TableResult, structure: FieldStructure) -> list[Entrant]:
    """Who played at the row, as the session numbers them."""
    section = table.section
    if structure is FieldStructure.INDIVIDUAL:
        return [Entrant(n, player=True, section=section) for n in (*table.ns, *table.ew)]
    if structure is FieldStructure.MITCHELL:
        ns_line, ew_line = (Side.EW, Side.NS) if table.arrow else (Side.NS, Side.EW)
        return [
            Entrant(table.ns[0], ns_line, section=section),
            Entrant(table.ew[0], ew_line, section=section),
        ]
    return [Entrant(table.ns[0], section=section), Entrant(table.ew[0], section=section)]


def _named(
    table: TableResult, structure: FieldStructure, names: Mapping[Entrant, str]
) -> TableResult:
    """The row with its entrants' names, for :attr:`Session.names`."""
    found = tuple(names.get(e) for e in _seated(table, structure))
    return replace(table, names=found) if any(found) else table


# --- writing -----------------------------------------------------------------------------------


def _dumps(session: Session, result: SessionResult | None, event: Event | None) -> str:
    if result is not None and result.session != session:
        raise RulesError(Text(N_("the scored result is of another session")))
    if result is not None:
        method = result.rules.method
    else:
        method = Method.MATCHPOINTS if event is None else event.method
    if method not in _POINTS:
        raise RulesError(
            Text(
                N_("USEBIO pairs files hold matchpoints, Butler or cross-IMPs, not %(method)s"),
                method=method,
            )
        )
    if event is not None and event.method is method:
        kind = event.type
    elif session.structure is FieldStructure.INDIVIDUAL:
        kind = "INDIVIDUAL"
    else:
        kind = _WRITTEN_TYPE[method]
    root, event_element = _event_tree(session, event, kind)
    two_winners = (
        session.structure is FieldStructure.MITCHELL
        and not session.arrow_switched
        and not (result is not None and result.rules.one_winner)
    )
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
    return _with_deals(root, event_element, session)


def _event_tree(session: Session, event: Event | None, kind: str) -> tuple[ET.Element, ET.Element]:
    """A USEBIO tree and its EVENT of type ``kind``: the club (as the file read said it), and
    what every event says first (identifier, title, program, date)."""
    root = ET.Element("USEBIO", Version="1.2")
    if event is not None and (event.club_name or event.club_id):
        club = ET.SubElement(root, "CLUB")
        _add(club, "CLUB_NAME", event.club_name)
        _add(club, "CLUB_ID_NUMBER", event.club_id)
    element = ET.SubElement(root, "EVENT", EVENT_TYPE=kind)
    _add(element, "EVENT_IDENTIFIER", None if event is None else event.identifier)
    _add(element, "EVENT_DESCRIPTION", session.title)
    _add(element, "PROGRAM_NAME", "bridgescore")
    _add(element, "PROGRAM_VERSION", __version__)
    _add(element, "DATE", session.date)
    return root, element


def _with_deals(root: ET.Element, event_element: ET.Element, session: Session) -> str:
    """The file's text, with the session's known deals (a HANDSET ending the event)."""
    handset = ET.Element("HANDSET")
    for number, board in session.boards.items():
        if board.deal is not None:
            _write_deal(handset, number, board.deal)
    if len(handset):
        event_element.append(handset)
    return text_of(root)


def text_of(root: ET.Element) -> str:
    """A USEBIO tree as its file's text: the XML declaration, the DTD, the tree indented."""
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n'
        f"{body}\n"
    )


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
    scored = {} if result is None else result.scored_tables()
    by_board: dict[int, list[int]] = defaultdict(list)
    for i, t in enumerate(session.tables):
        if t.section == section and t.played:
            by_board[t.board].append(i)
    individual = session.structure is FieldStructure.INDIVIDUAL
    points = _POINTS[method][0]
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
            found = scored.get(t.identity)
            ns_value, ew_value = (
                (None, None) if found is None else (found.ns_points, found.ew_points)
            )
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
            Text(
                N_(
                    "board %(board)s, NS %(ns)s v EW %(ew)s: USEBIO cannot hold %(kind)s scores "
                    "(%(t)s)"
                ),
                board=t.board,
                ns=t.ns[0],
                ew=t.ew[0],
                kind=t.kind,
                t=t.describe(),
            )
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
            Text(
                N_(
                    "board %(board)s, NS %(ns)s v EW %(ew)s: USEBIO writes artificial scores as "
                    "whole percentages 0-99, not %(side)s"
                ),
                board=t.board,
                ns=t.ns[0],
                ew=t.ew[0],
                side=side,
            )
        )
    return f"{int(percent):02d}"


def _number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return str(round_fraction(value, 2))


def _write_deal(handset: ET.Element, number: int, deal: Deal) -> None:
    board = ET.SubElement(handset, "BOARD")
    _add(board, "BOARD_NUMBER", str(number))
    for hand in deal:
        if hand is None:
            continue
        element = ET.SubElement(board, "HAND")
        _add(element, "DIRECTION", _SEAT_NAMES[hand.seat])
        for tag, cards in zip(_SUIT_TAGS, hand.suits, strict=True):
            _add(element, tag, cards)


__all__ = [
    "EVENT_TYPES",
    "Event",
    "dump",
    "dumps",
    "load",
    "loads",
]
