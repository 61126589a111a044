"""USEBIO 1.2 teams of four (``EVENT_TYPE="TEAMS"``, as EBUScore Teams and TeamsScorer write
them): reading and writing.

The shape, under the EVENT (or its SESSION or SECTION)::

    <BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>      IMPS, or BAM / PAB (board-a-match)
    <MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>
    <PARTICIPANTS>
      <TEAM TEAM_ID="1" TEAM_NAME="Smith">                  (or TEAM_ID / TEAM_NAME elements)
        <PLACE>1</PLACE> <TOTAL_SCORE>27.52</TOTAL_SCORE>   victory points (board-a-match: points)
        <PLAYER>...</PLAYER> ...                            (or PAIR elements holding them)
      </TEAM>
    </PARTICIPANTS>
    <MATCH>
      <ROUND_NUMBER>1</ROUND_NUMBER> <TEAM>1</TEAM> <OPPOSING_TEAM>2</OPPOSING_TEAM>
      <TEAM_SCORE>14.17</TEAM_SCORE> <OPPOSING_TEAM_SCORE>5.83</OPPOSING_TEAM_SCORE>
      <BOARD>
        <BOARD_NUMBER>1</BOARD_NUMBER> <IMPS>6</IMPS>        TEAM's IMPs (board-a-match: POINTS)
        <TRAVELLER_LINE> <DIRECTION>NS</DIRECTION> ...       the room where TEAM sat NS
        <TRAVELLER_LINE> <DIRECTION>EW</DIRECTION> ...       and where it sat EW
      </BOARD>
    </MATCH>

Each TRAVELLER_LINE is a room: contract, declarer, tricks, score and lead as in a pairs file.
The session is a teams-of-four session (the teams are its entrants, numbered by TEAM_ID); the
file's own IMPs (or points), match scores, totals and places are its ``reported`` figures. A
match listed twice, once from each team's side, is read once.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from bridgescore.bridge import Vulnerability
from bridgescore.errors import RulesError
from bridgescore.formats.reported import (
    ReportedMatch,
    ReportedRow,
    ReportedScores,
    ReportedStanding,
)
from bridgescore.formats.results_file import ResultsFile
from bridgescore.formats.usebio import (
    Event,
    _add,
    _event_tree,
    _identifier,
    _number,
    _text,
    _UsebioReader,
    _with_deals,
    _write_player,
    _write_result,
)
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.rules import TeamsScoring
from bridgescore.session import Board, Entrant, FieldStructure, Member, Session
from bridgescore.teams_results import TeamsResult
from bridgescore.traveller import RowKey, TableResult

_TEAM = re.compile(r"^\s*([0-9]{1,4})\s*$")
# The element holding a board's score to the match's TEAM, by how boards are scored.
_BOARD_SCORE = {TeamsScoring.IMPS: "IMPS", TeamsScoring.BOARD_A_MATCH: "POINTS"}
_WRITTEN_SCORING = {TeamsScoring.IMPS: "IMPS", TeamsScoring.BOARD_A_MATCH: "BAM"}


@dataclass
class _Room:
    table: TableResult
    ns: Fraction | None  # the board's IMPs (or points) to the team sitting NS here
    ew: Fraction | None  # and to the team sitting EW


class TeamsReader(_UsebioReader):
    """Reads a USEBIO teams event: its teams, matches, rooms and the file's own figures."""

    def read_teams(
        self, root: ET.Element, event_element: ET.Element, container: ET.Element, event: Event
    ) -> ResultsFile:
        scoring = event.teams_scoring or TeamsScoring.IMPS
        units = [container, *container.findall("SECTION")]
        standings: list[ReportedStanding] = []
        names: dict[Entrant, str] = {}
        members: dict[Entrant, tuple[Member, ...]] = {}
        pairs: dict[str, Entrant] = {}  # the pair numbers in each team, when listed
        for unit in units:
            for element in unit.findall("PARTICIPANTS/TEAM"):
                self._team(element, standings, names, members, pairs)
        rooms: list[_Room] = []
        matches: list[ReportedMatch] = []
        seen: dict[tuple[object, ...], TableResult] = {}
        for unit in units:
            for element in unit.findall("MATCH"):
                self._match(element, scoring, pairs, rooms, matches, seen)
        if not rooms and not self.problems:
            self.problem(
                Text(N_("no matches in the file")),
                event_element,
                expected=Text(N_("MATCH elements")),
            )
        boards = self._boards(root, event_element)
        for room in rooms:
            boards.setdefault(room.table.board, Board.numbered(room.table.board))
        description = _text(event_element, "EVENT_DESCRIPTION") or _text(event_element, "TITLE")
        session = Session.build(
            [r.table for r in rooms],
            boards,
            FieldStructure.TEAMS,
            description or None,
            _text(event_element, "DATE") or None,
            path=self.path,
            found=self.problems,
        )
        known = dict(session.names)
        known.update(names)
        session = replace(session, names=known, members=members)
        reported = ReportedScores(
            event.method,
            tuple(ReportedRow(i, r.ns, r.ew) for i, r in enumerate(rooms)),
            tuple(standings),
            teams_scoring=scoring,
            matches=tuple(matches),
        )
        return ResultsFile(session, reported, event, tuple(self.warnings))

    # -- participants --

    def _team(
        self,
        element: ET.Element,
        standings: list[ReportedStanding],
        names: dict[Entrant, str],
        members: dict[Entrant, tuple[Member, ...]],
        pairs: dict[str, Entrant],
    ) -> None:
        team = self._team_number(_identifier(element, "TEAM_ID") or "", element, "TEAM_ID")
        if team is None:
            return
        name = (element.get("TEAM_NAME") or _text(element, "TEAM_NAME")).strip()
        if name:
            names[team] = name
        players = [*element.findall("PLAYER"), *element.findall("PAIR/PLAYER")]
        numbers = tuple(
            Member(_text(p, "NATIONAL_ID_NUMBER") or None, _text(p, "CLUB_ID_NUMBER") or None)
            for p in players
        )
        if any(m != Member() for m in numbers):
            members[team] = numbers
        for pair in element.findall("PAIR"):
            number = _text(pair, "PAIR_NUMBER")
            if number:
                pairs[number] = team
        standings.append(
            ReportedStanding(
                team,
                self._decimal(element, "TOTAL_SCORE"),
                None,
                self._place(element),
                self._count(element, "BOARDS_PLAYED"),
                line=self.lines.get(element),
            )
        )

    def _team_number(self, text: str, element: ET.Element, tag: str) -> Entrant | None:
        match = _TEAM.match(text)
        if not match or int(match[1]) < 1:
            self.problem(
                Text(N_("not a team number in %(tag)s"), tag=tag),
                element,
                found=text,
                expected=Text(N_("a number like 3")),
            )
            return None
        return Entrant(int(match[1]))

    # -- matches and rooms --

    def _match(
        self,
        element: ET.Element,
        scoring: TeamsScoring,
        pairs: dict[str, Entrant],
        rooms: list[_Room],
        matches: list[ReportedMatch],
        seen: dict[tuple[object, ...], TableResult],
    ) -> None:
        team = self._team_number(_text(element, "TEAM"), element, "TEAM")
        opponents = self._team_number(_text(element, "OPPOSING_TEAM"), element, "OPPOSING_TEAM")
        if team is None or opponents is None:
            return
        round_text = _text(element, "ROUND_NUMBER")
        round_number = int(round_text) if re.fullmatch(r"[0-9]{1,4}", round_text) else None
        matches.append(
            ReportedMatch(
                team,
                opponents,
                self._decimal(element, "TEAM_SCORE"),
                self._decimal(element, "OPPOSING_TEAM_SCORE"),
                round_number,
                self.lines.get(element),
            )
        )
        for board_element in element.findall("BOARD"):
            text = _text(board_element, "BOARD_NUMBER")
            if not re.fullmatch(r"[0-9]{1,4}", text) or int(text) < 1:
                self.problem(Text(N_("not a board number")), board_element, found=text)
                continue
            board = int(text)
            value = self._decimal(board_element, _BOARD_SCORE[scoring], board)
            bam = scoring is TeamsScoring.BOARD_A_MATCH
            for line in board_element.findall("TRAVELLER_LINE"):
                # IMPs to one team are IMPs against the other; a board-a-match board is one
                # point between them.
                other = None if value is None else (1 - value if bam else -value)
                room = self._room(line, board, team, opponents, round_number, pairs)
                if room is not None and value is not None and other is not None:
                    team_ns = room.table.ns[0] == team.number
                    room.ns, room.ew = (value, other) if team_ns else (other, value)
                if room is None:
                    continue
                key = (room.table.identity, room.table.ns_side, room.table.ew_side)
                if key in seen:
                    continue  # the same room again: the match listed from the other side
                seen[key] = room.table
                rooms.append(room)

    def _room(
        self,
        element: ET.Element,
        board: int,
        team: Entrant,
        opponents: Entrant,
        round_number: int | None,
        pairs: dict[str, Entrant],
    ) -> _Room | None:
        direction = _text(element, "DIRECTION").upper().replace("-", "")
        if direction not in ("NS", "EW"):
            # Without DIRECTION, the pair numbers say where the team sat, if the teams list them.
            ns_team = pairs.get(_text(element, "NS_PAIR_NUMBER"))
            ew_team = pairs.get(_text(element, "EW_PAIR_NUMBER"))
            if ns_team == team or ew_team == opponents:
                direction = "NS"
            elif ew_team == team or ns_team == opponents:
                direction = "EW"
            else:
                self.problem(
                    Text(
                        N_(
                            "team %(number)s v team %(number2)s: which team sat North-South is not "
                            "said"
                        ),
                        number=team.number,
                        number2=opponents.number,
                    ),
                    element,
                    board,
                    found=_text(element, "DIRECTION") or "no DIRECTION",
                    expected=Text(
                        N_("DIRECTION NS or EW (where TEAM sat), or pair numbers the teams list")
                    ),
                )
                return None
        ns, ew = (team, opponents) if direction == "NS" else (opponents, team)
        who = Text(N_("team %(ns)s NS v team %(ew)s"), ns=ns.number, ew=ew.number)
        sides = self._result(element, board, who, Vulnerability.for_board(board))
        lead = self._lead(element, board, who)
        if sides is None:
            return None
        table = TableResult(
            board,
            (ns.number,),
            (ew.number,),
            sides[0],
            sides[1],
            round=round_number,
            lead=lead,
            line=self.lines.get(element),
        )
        return _Room(table, None, None)


# --- writing -----------------------------------------------------------------------------------


def dumps_teams(session: Session, result: TeamsResult | None, event: Event | None) -> str:
    """A teams-of-four session as USEBIO 1.2: its teams, and each match with both rooms of
    every board, with the IMPs (or board-a-match points), match scores, totals and places of
    ``result`` when given."""
    if session.structure is not FieldStructure.TEAMS:
        raise RulesError(
            Text(N_("only a teams-of-four session is written as a USEBIO teams event"))
        )
    if result is not None and result.session != session:
        raise RulesError(Text(N_("the scored result is of another session")))
    scoring = result.rules.teams_scoring if result is not None else None
    if scoring is None:
        scoring = event.teams_scoring if event is not None else None
    scoring = scoring or TeamsScoring.IMPS
    kind = event.type if event is not None and event.teams else "TEAMS"
    root, element = _event_tree(session, event, kind)
    _add(element, "WINNER_TYPE", "1")
    _add(element, "BOARD_SCORING_METHOD", _WRITTEN_SCORING[scoring])
    if scoring is TeamsScoring.IMPS:
        _add(element, "MATCH_SCORING_METHOD", "VPS")
    _write_teams(element, session, result)
    for match in _matches(session):
        _write_match(element, match, session, result, scoring)
    return _with_deals(root, element, session)


def _write_teams(parent: ET.Element, session: Session, result: TeamsResult | None) -> None:
    teams = sorted({Entrant(n) for t in session.tables for n in (*t.ns, *t.ew)})
    standings = {} if result is None else {s.entrant: s for s in result.standings}
    participants = ET.SubElement(parent, "PARTICIPANTS")
    for team in teams:
        attributes = {"TEAM_ID": str(team.number)}
        name = session.names.get(team)
        if name:
            attributes["TEAM_NAME"] = name
        element = ET.SubElement(participants, "TEAM", attributes)
        standing = standings.get(team)
        if standing is not None:
            _add(element, "PLACE", standing.place)
            _add(element, "TOTAL_SCORE", _number(standing.points))
            _add(element, "BOARDS_PLAYED", str(standing.boards))
        for member in session.members.get(team, ()):
            _write_player(ET.SubElement(element, "PLAYER"), None, member)


@dataclass
class _Match:
    team: Entrant
    opponents: Entrant
    round: int | None
    rooms: list[TableResult]


def _matches(session: Session) -> list[_Match]:
    """The session's rows as matches: a pair of teams in a round, the team first seen sitting
    North-South first."""
    found: dict[tuple[int | None, frozenset[int]], _Match] = {}
    for t in session.tables:
        key = (t.round, frozenset((t.ns[0], t.ew[0])))
        match = found.get(key)
        if match is None:
            match = found[key] = _Match(Entrant(t.ns[0]), Entrant(t.ew[0]), t.round, [])
        match.rooms.append(t)
    return list(found.values())


def _write_match(
    parent: ET.Element,
    match: _Match,
    session: Session,
    result: TeamsResult | None,
    scoring: TeamsScoring,
) -> None:
    element = ET.SubElement(parent, "MATCH")
    _add(element, "ROUND_NUMBER", None if match.round is None else str(match.round))
    _add(element, "TEAM", str(match.team.number))
    _add(element, "OPPOSING_TEAM", str(match.opponents.number))
    scores = _match_scores(result, match)
    if scores is not None:
        _add(element, "TEAM_SCORE", _number(scores[0]))
        _add(element, "OPPOSING_TEAM_SCORE", _number(scores[1]))
    values = {} if result is None else result.imps_by_row()
    by_board: dict[int, list[TableResult]] = {}
    for room in match.rooms:
        by_board.setdefault(room.board, []).append(room)
    for number in sorted(by_board):
        board = ET.SubElement(element, "BOARD")
        _add(board, "BOARD_NUMBER", str(number))
        rooms = sorted(by_board[number], key=lambda t: t.ns[0] != match.team.number)
        team_value = _team_value(rooms, match.team, values)
        if team_value is not None:
            _add(board, _BOARD_SCORE[scoring], _number(team_value))
        for room in rooms:
            line = ET.SubElement(board, "TRAVELLER_LINE")
            _add(line, "DIRECTION", "NS" if room.ns[0] == match.team.number else "EW")
            _write_result(line, room)


def _team_value(
    rooms: Iterable[TableResult],
    team: Entrant,
    values: Mapping[RowKey, tuple[Fraction, Fraction]],
) -> Fraction | None:
    for room in rooms:
        found = values.get(room.identity)
        if found is not None:
            return found[0] if room.ns[0] == team.number else found[1]
    return None


def _match_scores(result: TeamsResult | None, match: _Match) -> tuple[Fraction, Fraction] | None:
    if result is None:
        return None
    for m in result.matches:
        if m.boards and m.boards[0].room1.round == match.round:
            if (m.home, m.away) == (match.team, match.opponents):
                return m.home_vps, m.away_vps
            if (m.away, m.home) == (match.team, match.opponents):
                return m.away_vps, m.home_vps
    return None


__all__ = ["TeamsReader", "dumps_teams"]
