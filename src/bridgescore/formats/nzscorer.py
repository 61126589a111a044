"""NZ Scorer's native XML results: reading.

The file is one ``<session>`` (club, event name and date, ``field_scoring`` when several sections
are matchpointed as one field, ``scoring_type="MP"``) with ``<sections>``, the traveller rows by
section (``<result tab bd rnd ns ew dec cont lead res score mp_ns mp_ew/>``) and each pair's
figures by section (``<pair player_name_1 … match_points="202/352" place dir no nzb_no_1 …
res raw_score handicap/>``).

Rows: ``cont`` is ``4 S``, ``1 NT x``, ``PASS`` or ``N P`` (passed out); ``res`` is relative
(``+2``, ``=``, ``-3``); ``score`` is the NS score, or ``Adj`` for an artificial score whose
percentages only the matchpoints tell; ``mp_ns``/``mp_ew`` are in tenths; a phantom pair's rows
have no score and matchpoints -9999 and are read as sit-outs. Pairs: ``dir`` is N or E
(Mitchell) or H (Howell); ``raw_score`` is the percentage, ``res`` the handicapped one, and
``handicap`` the pair's handicap (the sum of the players': the handicapped result adds half).

Reading gives a :class:`~bridgescore.formats.results_file.ResultsFile` whose ``event`` is an
:class:`NzScorerEvent`; the file's own figures are kept apart in its ``reported``
(:class:`~bridgescore.formats.reported.ReportedScores`), as for USEBIO, so a rescoring can be
checked with :func:`~bridgescore.check.compare.compare`. The format is read only: :func:`dumps`
refuses.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import IO, TYPE_CHECKING

from bridgescore.bridge import Side, Vulnerability
from bridgescore.errors import ParseError, RulesError
from bridgescore.formats.files import decode_text
from bridgescore.formats.reported import ReportedRow, ReportedScores, ReportedStanding
from bridgescore.formats.results_file import ResultsFile, load_with
from bridgescore.formats.xmlreader import XmlReader, parse_xml, read_lead, read_result
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.rules import Method
from bridgescore.session import Board, Entrant, FieldStructure, Member, Session, detect_structure
from bridgescore.traveller import Artificial, SideScore, TableResult

if TYPE_CHECKING:
    from bridgescore.movements.model import Movement

PHANTOM = -9999  # the matchpoints Scorer writes on a phantom pair's rows
_NUMBER = re.compile(r"^[0-9]{1,4}$")
_DECIMAL = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")
_DIRECTIONS = {"N": Side.NS, "E": Side.EW, "H": None}


@dataclass(frozen=True)
class NzScorerEvent:
    """What an NZ Scorer file says beyond the session: the club, and how it was scored."""

    club: str | None = None
    club_number: str | None = None
    event_time: str | None = None
    field_scoring: bool = False  # all sections matchpointed and ranked as one field
    handicapped: bool = False  # a section is a handicap event

    def declared(self) -> dict[str, object]:
        """The scoring settings the file declares: matchpoints (``scoring_type="MP"``, the only
        type read) and, with ``field_scoring``, sections scored across the field."""
        return {"method": Method.MATCHPOINTS, "sections_across": self.field_scoring}


def handicaps(reported: ReportedScores) -> dict[Entrant, Fraction]:
    """What :func:`~bridgescore.scoring.score_pairs` adds to each pair's percentage.

    Scorer's pair handicap is the sum of its players'; the handicapped percentage adds half of
    it (57.39% with handicap -6.42 is 54.18%).
    """
    return {s.entrant: s.handicap / 2 for s in reported.standings if s.handicap is not None}


def loads(
    data: str | bytes,
    path: str | None = None,
    *,
    structure: FieldStructure | None = None,
    movement: Movement | None = None,
) -> ResultsFile:
    """Read NZ Scorer XML text (or bytes, whose XML declaration names the encoding); every
    problem is reported together, each with its line; ``structure`` and ``movement`` as
    :func:`bridgescore.formats.load_path` takes them."""
    root, lines = parse_xml(decode_text(data, "NZ Scorer", path), path)
    rf = _NzReader(path, lines).read(root)
    return rf.forced(structure, path).seated(movement, structure, path)


load = load_with(loads)


def dumps(rf: ResultsFile) -> str:
    """Refused: bridgescore reads NZ Scorer's files but does not write them."""
    raise RulesError(
        Text(
            N_(
                "NZ Scorer files are read, not written: write USEBIO XML (which NZ Scorer "
                "imports), traveller CSV, JSON or PBN"
            )
        )
    )


def dump(rf: ResultsFile, fp: IO[str]) -> None:
    fp.write(dumps(rf))


@dataclass
class _NzRow:
    table: TableResult
    ns_mp: Fraction | None
    ew_mp: Fraction | None
    adjusted: bool  # score="Adj": the artificial percentages come from the matchpoints


class _NzReader(XmlReader):
    def read(self, root: ET.Element) -> ResultsFile:
        if root.tag != "session":
            self.problem(
                Text(N_("not an NZ Scorer file")),
                root,
                found=f"<{root.tag}>",
                expected=Text(N_("a <session> root")),
            )
            raise self.fail()
        kind = root.get("scoring_type", "").strip()
        if kind.upper() != "MP":
            found = kind or "none"
            self.problem(
                Text(N_("scoring type %(found)s is not supported"), found=repr(found)),
                root,
                found=found,
                expected=Text(N_("MP (matchpoint pairs)")),
            )
            raise self.fail()
        field_scoring = root.get("field_scoring", "").strip().lower() == "true"
        sections = root.find("sections")
        section_ids = (
            [s.get("sectid", "").strip() for s in sections.findall("section")]
            if sections is not None
            else []
        )
        handicapped = sections is not None and any(
            s.get("handicap", "").strip().lower() == "true" for s in sections.findall("section")
        )
        result_sections = root.findall("board_results/brsection")
        sectioned = len(result_sections) > 1 or len(section_ids) > 1

        def label(element: ET.Element) -> str | None:
            return (element.get("id", "").strip() or None) if sectioned else None

        directions: dict[tuple[str | None, int], Side | None] = {}
        standings: list[ReportedStanding] = []
        names: dict[tuple[str | None, int, Side | None], str] = {}
        members: dict[tuple[str | None, int, Side | None], tuple[Member, ...]] = {}
        for scores in root.findall("scores/scsection"):
            section = label(scores)
            for pair in scores.findall("pair"):
                read = self._pair(pair, section)
                if read is None:
                    continue
                standing, name, numbers = read
                entrant = standing.entrant
                directions[section, entrant.number] = entrant.line
                standings.append(standing)
                key = (section, entrant.number, entrant.line)
                if name:
                    names[key] = name
                if any(m != Member() for m in numbers):
                    members[key] = numbers
        rows: list[_NzRow] = []
        for results in result_sections:
            section = label(results)
            for element in results.findall("result"):
                row = self._row(element, section)
                if row is not None:
                    rows.append(row)
        if not rows and not self.problems:
            self.problem(
                Text(N_("no results in the file")), root, expected=Text(N_("<result> rows"))
            )
        structures: dict[str | None, FieldStructure] = {}
        for section in dict.fromkeys(r.table.section for r in rows):
            lines = {d for (s, _), d in directions.items() if s == section}
            if lines == {None}:
                structures[section] = FieldStructure.HOWELL
            elif lines and None not in lines:
                structures[section] = FieldStructure.MITCHELL
            else:
                structures[section] = detect_structure(
                    [r.table for r in rows if r.table.section == section]
                )
        self._artificial(rows, field_scoring)
        tables = [self._named(r.table, structures, names) for r in rows]
        boards = {t.board: Board.numbered(t.board) for t in tables}
        section_structures = {k: v for k, v in structures.items() if k is not None}
        structure = next(iter(structures.values()), None)
        session = Session.build(
            tables,
            boards,
            structure,
            root.get("event_name", "").strip() or None,
            root.get("event_date", "").strip() or None,
            path=self.path,
            section_structures=section_structures,
            found=self.problems,
        )
        settled = [_settle(s, structures) for s in standings]
        kept = {
            _settle_entrant(Entrant(n, line, section=s), structures): m
            for (s, n, line), m in members.items()
        }
        session = replace(session, members=kept)
        reported = ReportedScores(
            Method.MATCHPOINTS,
            tuple(ReportedRow(i, r.ns_mp, r.ew_mp) for i, r in enumerate(rows)),
            tuple(settled),
        )
        event = NzScorerEvent(
            root.get("club", "").strip() or None,
            root.get("club_no", "").strip() or None,
            root.get("event_time", "").strip() or None,
            field_scoring,
            handicapped,
        )
        return ResultsFile(session, reported, event, tuple(self.warnings))

    def _pair(
        self, element: ET.Element, section: str | None
    ) -> tuple[ReportedStanding, str | None, tuple[Member, ...]] | None:
        number = element.get("no", "").strip()
        direction = element.get("dir", "").strip().upper()
        if not _NUMBER.match(number) or int(number) < 1:
            self.problem(
                Text(N_("not a pair number")),
                element,
                found=number,
                expected=Text(N_("no= a number from 1 to 9999")),
            )
            return None
        if direction not in _DIRECTIONS:
            self.problem(
                Text(N_("not a direction")),
                element,
                found=direction,
                expected=Text(N_("dir N, E or H")),
            )
            return None
        entrant = Entrant(int(number), _DIRECTIONS[direction], section=section)
        players = [element.get(f"player_name_{i}", "").strip() for i in (1, 2)]
        numbers = tuple(Member(element.get(f"nzb_no_{i}", "").strip() or None) for i in (1, 2))
        total = None
        match_points = element.get("match_points", "").strip()
        if match_points:
            won, _, _available = match_points.partition("/")
            total = self._decimal(element, "match_points", won)
        place = element.get("place", "").strip()
        if place and not re.fullmatch(r"[0-9]{1,4}=?", place):
            self.problem(
                Text(N_("not a place")), element, found=place, expected=Text(N_("a place like 3"))
            )
            place = ""
        standing = ReportedStanding(
            entrant,
            total=total,
            percentage=self._decimal(element, "raw_score", element.get("raw_score", "")),
            place=place or None,
            handicap=self._decimal(element, "handicap", element.get("handicap", "")),
            handicapped=self._decimal(element, "res", element.get("res", "")),
            line=self.lines.get(element),
        )
        name = " & ".join(p for p in players if p) or None
        return standing, name, numbers

    def _decimal(self, element: ET.Element, attribute: str, text: str) -> Fraction | None:
        text = text.strip()
        if not text:
            return None
        if not _DECIMAL.match(text):
            self.problem(
                Text(N_("not a number in %(attribute)s"), attribute=attribute),
                element,
                found=text,
                expected=Text(N_("a number")),
            )
            return None
        return Fraction(text)

    def _row(self, element: ET.Element, section: str | None) -> _NzRow | None:
        before = len(self.problems)

        def get(name: str) -> str:
            return element.get(name, "").strip()

        table = get("tab") or None
        numbers: dict[str, int] = {}
        for name in ("bd", "ns", "ew", "rnd"):
            text = get(name)
            if name == "rnd" and not text:
                continue
            if not _NUMBER.match(text) or int(text) < 1:
                what = {"bd": N_("board"), "ns": N_("pair"), "ew": N_("pair"), "rnd": N_("round")}[
                    name
                ]
                self.problem(
                    Text(N_("not a %(what)s number in %(name)s"), what=Text(what), name=name),
                    element,
                    None,
                    text,
                    Text(N_("a number from 1 to 9999")),
                    table,
                )
                continue
            numbers[name] = int(text)
        if len(self.problems) > before:
            return None
        board = numbers["bd"]
        who = f"NS {numbers['ns']} v EW {numbers['ew']}"
        values: list[Fraction | None] = []
        for name in ("mp_ns", "mp_ew"):
            text = get(name)
            if not re.fullmatch(r"-?[0-9]{1,6}", text):
                self.problem(
                    Text(N_("%(who)s: not matchpoints in tenths in %(name)s"), who=who, name=name),
                    element,
                    board,
                    text,
                    Text(N_("a whole number of tenths like 160")),
                    table,
                )
                values.append(None)
                continue
            value = int(text)
            values.append(None if value == PHANTOM else Fraction(value, 10))
        score = get("score")
        adjusted = score.upper() == "ADJ"
        ns_side: SideScore = None
        ew_side: SideScore = None
        lead = None
        if adjusted:
            placeholder = Artificial("A", Fraction(50))  # set from the matchpoints later
            ns_side, ew_side = placeholder, placeholder
        elif score or get("cont"):
            contract = get("cont")
            if contract.upper().replace(" ", "") == "NP" and score in ("", "0"):
                contract = "PASS"  # Scorer's "N P": no play, the board was passed out
            try:
                ns_side, ew_side, warning = read_result(
                    contract, get("dec"), get("res"), score, Vulnerability.for_board(board)
                )
            except ParseError as error:
                self.problem(
                    Text(N_("%(who)s: %(error)s"), who=who, error=error),
                    element,
                    board,
                    table=table,
                )
                return None
            if warning:
                line = self.lines.get(element)
                self.warnings.report(
                    Text(N_("%(who)s: %(warning)s"), who=who, warning=warning), line, board, table
                )
            try:
                lead = read_lead(get("lead"))
            except ParseError as error:
                self.problem(
                    Text(N_("%(who)s: %(error)s"), who=who, error=error),
                    element,
                    board,
                    table=table,
                )
        elif values != [None, None]:
            self.problem(
                Text(N_("%(who)s: matchpoints without a result"), who=who),
                element,
                board,
                table=table,
                expected=Text(N_("a contract and score, score Adj, or a phantom's -9999")),
            )
        if len(self.problems) > before:
            return None
        result = TableResult(
            board,
            (numbers["ns"],),
            (numbers["ew"],),
            ns_side,
            ew_side,
            table=table,
            round=numbers.get("rnd"),
            lead=lead,
            section=section,
            line=self.lines.get(element),
        )
        return _NzRow(result, values[0], values[1], adjusted)

    def _artificial(self, rows: list[_NzRow], field_scoring: bool) -> None:
        """Artificial scores from their matchpoints: a percentage of the board's top."""
        counts: dict[tuple[int, str | None, Side], int] = defaultdict(int)
        for r in rows:
            group = None if field_scoring else r.table.section
            for side in Side:
                if r.table.side(side) is not None:
                    counts[r.table.board, group, side] += 1
        for r in rows:
            if not r.adjusted:
                continue
            group = None if field_scoring else r.table.section
            sides: list[Artificial] = []
            for side, mp in ((Side.NS, r.ns_mp), (Side.EW, r.ew_mp)):
                top = 2 * (counts[r.table.board, group, side] - 1)
                if mp is None or top <= 0:
                    sides.append(Artificial("A", Fraction(50)))
                    continue
                percent = 100 * mp / top
                whole = round(percent)
                if abs(Fraction(whole) * top / 100 - mp) <= Fraction(1, 20):
                    percent = Fraction(whole)
                code = (
                    {60: "A+", 50: "A", 40: "A-"}.get(int(percent))
                    if percent.denominator == 1
                    else None
                )
                sides.append(Artificial(code or "%", percent))
            r.table = replace(r.table, ns_side=sides[0], ew_side=sides[1])

    def _named(
        self,
        table: TableResult,
        structures: dict[str | None, FieldStructure],
        names: dict[tuple[str | None, int, Side | None], str],
    ) -> TableResult:
        mitchell = structures.get(table.section) is FieldStructure.MITCHELL
        ns_key = (table.section, table.ns[0], Side.NS if mitchell else None)
        ew_key = (table.section, table.ew[0], Side.EW if mitchell else None)
        found = (names.get(ns_key), names.get(ew_key))
        return replace(table, names=found) if any(found) else table


def _settle_entrant(entrant: Entrant, structures: dict[str | None, FieldStructure]) -> Entrant:
    if structures.get(entrant.section) is FieldStructure.MITCHELL:
        return entrant
    return replace(entrant, line=None)


def _settle(
    standing: ReportedStanding, structures: dict[str | None, FieldStructure]
) -> ReportedStanding:
    return replace(standing, entrant=_settle_entrant(standing.entrant, structures))


__all__ = ["PHANTOM", "NzScorerEvent", "dump", "dumps", "handicaps", "load", "loads"]
