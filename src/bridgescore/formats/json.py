"""The JSON form of a scored session (see docs/json-output.md).

Numbers are JSON numbers (full double precision); every matchpoint value also comes as an exact
fraction string (``"29/3"``) so nothing is lost to rounding.

Version 2 of the format (``"format": 2``) is written compact (no indentation), each explanation
as its sentence, and a row's ``sides`` only where its entry cannot say them exactly (weighted
and split results, percentages, assigned scores); version 1 (no ``format`` key: indented, each
explanation's figures again beside its sentence, ``sides`` on every row) reads as before.

The file reads back as a :class:`~bridgescore.formats.results_file.ResultsFile` (:func:`loads`,
:func:`load`, :func:`session_from_data`): boards with their deals, every row from its exact
fields (``sides``: each side's result or artificial score, never the display text) or, where a
row has none, from its ``entry`` notation, the names and membership numbers, title,
date and movement, so JSON is a session format like CSV. Writing (:func:`dumps`) needs the
scores: ``ResultsFile.result``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Any

from bridgescore import __version__
from bridgescore.bridge import Seat, Side, Vulnerability
from bridgescore.contract import Contract
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
from bridgescore.explanation import Explanation
from bridgescore.formats.files import decode_text
from bridgescore.formats.results_file import ResultsFile, load_with
from bridgescore.languages import N_
from bridgescore.languages.parsers import parser_said
from bridgescore.languages.text import Text
from bridgescore.results import ScoredBoard, ScoredTable, SessionResult, Standing
from bridgescore.rules import Method
from bridgescore.session import Board, Entrant, FieldStructure, Member, Session
from bridgescore.traveller import (
    Artificial,
    BridgeResult,
    SideScore,
    TableResult,
    WeightedResult,
    parse_side_scores,
)

if TYPE_CHECKING:
    from bridgescore.formats.json_stream import GroupedTables
    from bridgescore.masterpoints import Awards
    from bridgescore.movements.model import Movement
    from bridgescore.teams_results import TeamsResult


FORMAT = 2  # the JSON format's version: docs/json-output.md#versions


def number(value: Fraction | int | None) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, int) or value.denominator == 1:
        return int(value)
    return value.numerator / value.denominator  # float(value), without its two int() calls


def exact(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def to_data(result: SessionResult, masterpoints: Awards | None = None) -> dict[str, Any]:
    """Plain data, ready for :func:`json.dumps`; with ``masterpoints``, each ranking line
    carries its award (docs/masterpoints.md)."""
    data = _outline(result, masterpoints)
    data["boards"] = [_board(b, result, with_tables=True) for b in result.boards]
    return data


def _board(b: ScoredBoard, result: SessionResult, *, with_tables: bool) -> dict[str, Any]:
    method = result.rules.method
    decimals = result.rules.decimals
    return {
        "board": b.board.number,
        "section": b.section,
        "dealer": str(b.board.dealer),
        "vulnerability": str(b.board.vulnerability),
        "deal": _deal_text(b.board.deal),
        "top": number(b.top),
        "results_count": b.results,
        "expected": b.expected,
        "datum": _datum(b) if method is Method.BUTLER else None,
        "results": [_table(t, decimals, method) for t in b.tables] if with_tables else [],
    }


def _outline(result: SessionResult, masterpoints: Awards | None = None) -> dict[str, Any]:
    """:func:`to_data` with no boards yet (an empty list in their place)."""
    session = result.session
    data = {
        "bridgescore": __version__,
        "format": FORMAT,
        "title": session.title,
        "date": session.date,
        "movement": session.structure.value,
        "section_movements": {k: v.value for k, v in sorted(session.section_structures.items())},
        "method": result.rules.method.value,
        "rules": result.rules.describe(),
        "rules_overridden": result.rules.overrides(),
        # Boards with fewer results than the most on any board of their section (a report,
        # not a problem: they are scored under the rules' short-board setting).
        "short_boards": [
            {"section": b.section, "board": b.board, "results": b.results, "most": b.most}
            for b in result.completeness().short
        ],
        "boards": [],
        "fields": [
            {
                "field": f.field,
                "checksum": {
                    "expected": number(f.checksum.expected),
                    "actual": number(f.checksum.actual),
                    "ok": f.checksum.ok,
                },
                "rankings": [_standing(s, result) for s in f.standings],
                "handicap_rankings": [
                    {
                        "rank": rank,
                        "place": f"{rank}=" if shared else str(rank),
                        **_who(s.entrant),
                        "percent": number(s.percent),
                        "handicap": number(s.handicap),
                        "handicapped": number(s.handicapped),
                    }
                    for rank, shared, s in f.handicap_standings
                ],
            }
            for f in result.fields
        ],
        "names": _names(session),
    }
    return with_masterpoints(data, [f.standings for f in result.fields], masterpoints)


def with_masterpoints(
    data: dict[str, Any], standings: list[tuple[Standing, ...]], masterpoints: Awards | None
) -> dict[str, Any]:
    """``data`` with each ranking line's ``masterpoints`` (in the scheme's unit) and
    ``masterpoints_award`` (how), null for an entrant without an award, and the scheme at the
    top; unchanged without a scheme."""
    if masterpoints is None:
        return data
    awards = masterpoints.by_entrant()
    for field, ranked in zip(data["fields"], standings, strict=True):
        for line, s in zip(field["rankings"], ranked, strict=True):
            award = awards.get(s.entrant)
            line["masterpoints"] = None if award is None else number(award.points)
            line["masterpoints_award"] = None if award is None else award.text
            if masterpoints.strata:  # a stratified game: every ranked pair's stratum
                line["stratum"] = masterpoints.strata.get(s.entrant)
    info = masterpoints.scheme
    data["masterpoints"] = {
        "scheme": info.name,
        "title": info.title,
        "unit": info.unit,
        "decimals": info.decimals,
        "type": info.colour,
    }
    return data


def _deal_text(deal: Deal | None) -> str | None:
    return None if deal is None else deal.pbn()


def _sides(table: TableResult) -> dict[str, Any]:
    """What each side is scored on, in exact fields (read back without the display text):
    ``{"sides": ...}``, or nothing when the row's entry says it exactly (its ``kind`` and
    ``entry`` read back to the same sides: a played or passed-out result, a board not played,
    an average, average plus or minus)."""
    if _plain(table):
        return {}
    return {"sides": {"ns": _side(table.ns_side), "ew": _side(table.ew_side)}}


def _plain(table: TableResult) -> bool:
    if table.assigned:
        return False
    ns, ew = table.ns_side, table.ew_side
    if isinstance(ns, Artificial) and isinstance(ew, Artificial):
        return all(a.code != "%" and a == Artificial.parse(a.code) for a in (ns, ew))
    if isinstance(ns, WeightedResult):
        return ns is ew or (ns == ew and not ns.is_weighted and not ns.parts[0][1].assigned_points)
    return ns is None and ew is None


def _side(side: SideScore) -> dict[str, Any] | None:
    if side is None:
        return None
    if isinstance(side, Artificial):
        return {"artificial": side.code, "percent": str(side.percent)}
    return {
        "results": [
            {
                "weight": str(weight),
                "ns_score": result.ns_score,
                "contract": None if result.contract is None else str(result.contract),
                "declarer": None if result.declarer is None else str(result.declarer),
                "tricks": result.tricks,
                "passed_out": result.passed_out,
                "assigned_points": result.assigned_points,
            }
            for weight, result in side.parts
        ]
    }


def _names(session: Session) -> list[dict[str, Any]]:
    """Every named entrant (sit-outs too) with its players' membership numbers."""
    entrants = sorted({*session.names, *session.members})
    return [
        {
            **_who(e),
            "name": session.names.get(e),
            "members": [{"national": m.national, "club": m.club} for m in session.members[e]]
            if e in session.members
            else None,
        }
        for e in entrants
    ]


def _datum(board: ScoredBoard) -> float | int | None:
    for t in board.tables:
        if t.ns is not None and t.ns.datum is not None:
            return number(t.ns.datum)
    return None


def _who(entrant: Entrant) -> dict[str, Any]:
    key = "player" if entrant.player else "pair"
    return {
        key: entrant.number,
        "line": entrant.line.value if entrant.line else None,
        "section": entrant.section,
    }


def _standing(s: Standing, result: SessionResult) -> dict[str, Any]:
    return {
        "rank": s.rank,
        "place": s.place,
        **_who(s.entrant),
        "name": s.name,
        "mp": number(s.points),
        "max": number(s.available),
        "percent": number(s.percent),
        "mp_exact": exact(s.points),
        "total": number(s.total),
        "total_exact": exact(s.total),
        "boards": s.boards,
        "handicap": number(s.handicap),
        "handicapped": number(s.handicapped),
    }


def _table(t: ScoredTable, decimals: int, method: Method) -> dict[str, Any]:
    mp = method is Method.MATCHPOINTS
    table = t.table
    result = table.result
    individual = len(table.ns) == 2
    data: dict[str, Any] = {"section": table.section, "table": table.table, "round": table.round}
    if individual:
        data.update(dict(zip(("n", "s", "e", "w"), (*table.ns, *table.ew), strict=True)))
    else:
        data.update({"ns": table.ns[0], "ew": table.ew[0]})
    data.update(
        {
            "arrow": table.arrow,
            "kind": table.kind,
            "entry": table.describe(),
            "assigned": table.assigned,
            **_sides(table),
            "contract": None
            if result is None
            else (
                "PASS" if result.passed_out else (str(result.contract) if result.contract else None)
            ),
            "declarer": None if result is None or result.declarer is None else str(result.declarer),
            "tricks": None if result is None else result.tricks,
            "lead": table.lead,
            "group": table.group,
            # this copy's vulnerability, when a fouled board's copies differ (else null)
            "vulnerability": None if table.vulnerability is None else str(table.vulnerability),
            "ns_score": t.ns_score,
            "ns_mp": number(t.ns_points) if mp else None,
            "ew_mp": number(t.ew_points) if mp else None,
            "ns_mp_exact": exact(t.ns_points),
            "ew_mp_exact": exact(t.ew_points),
            **_imps(t, method),
            # both sides named (iterating the Side enum costs more than the rest of a row)
            "explanation": {
                "NS": _explain(t.explanation(Side.NS), decimals),
                "EW": _explain(t.explanation(Side.EW), decimals),
            },
        }
    )
    return data


def _imps(t: ScoredTable, method: Method) -> dict[str, Any]:
    """IMP events: each side's IMPs, and for Butler the board's (NS) datum."""
    if method is Method.MATCHPOINTS:
        return {}
    data: dict[str, Any] = {"ns_imps": number(t.ns_points), "ew_imps": number(t.ew_points)}
    if method is Method.BUTLER:
        data["datum"] = None if t.ns is None else number(t.ns.datum)
    return data


def _explain(e: Explanation | None, decimals: int) -> dict[str, str] | None:
    """``{"text": ...}``: the sentence ``--explain`` prints, which holds every figure of the
    explanation once (the values themselves are the row's ``ns_mp_exact`` and ``ew_mp_exact``)."""
    return None if e is None else {"text": e.text(decimals)}


def dumps(rf: ResultsFile) -> str:
    """The scored session of ``rf.result`` as JSON (a pairs or individual session, or teams
    of four), with each ranking line's masterpoints when ``rf.masterpoints`` has the awards;
    :func:`loads` reads its session back."""
    return b"".join(iterencode(rf)).decode("utf-8")


def iterencode(rf: ResultsFile) -> Iterator[bytes]:
    """:func:`dumps` in UTF-8 pieces, a board at a time, so a large session's text is never
    held whole: ``json.dumps(to_data(result), ensure_ascii=False, separators=(",", ":"))`` and
    a newline,
    character for character (:mod:`bridgescore.formats.json_stream` makes the boards)."""
    from bridgescore.teams_results import TeamsResult

    result, masterpoints = rf.result, rf.masterpoints
    if isinstance(result, TeamsResult):
        data = teams_to_data(result, masterpoints)
        from bridgescore.formats.json_stream import encode

        yield (encode(data) + "\n").encode()
        return
    if result is None:
        raise RulesError(
            Text(
                N_("bridgescore's JSON holds a scored session: score it first (ResultsFile.result)")
            )
        )
    from bridgescore.formats.json_stream import stream, table_rows

    rows = table_rows(_table, result.rules.decimals, result.rules.method)
    yield from stream(result, _outline(result, masterpoints), _board, rows)


def iterencode_grouped(ranked: SessionResult, tables_of: GroupedTables) -> Iterator[bytes]:
    """:func:`iterencode` of a session scored by columns, byte for byte, from its rankings
    (``ranked``: boards without tables, :meth:`ColumnarScores.rankings`) and each board's
    tables from ``tables_of`` (:meth:`ColumnarScores.board_tables`): one table object for each
    group of tables with the same result and explanations (a board of thousands of results has
    a few dozen), rather than one a table."""
    from bridgescore.formats.json_stream import grouped_rows, stream

    rows = grouped_rows(tables_of, _table, ranked.rules.decimals, ranked.rules.method)
    yield from stream(ranked, _outline(ranked), _board, rows)


def dump(rf: ResultsFile, fp: IO[str]) -> None:
    for piece in iterencode(rf):
        fp.write(piece.decode("utf-8"))


def teams_to_data(result: TeamsResult, masterpoints: Awards | None = None) -> dict[str, Any]:
    """A teams event: boards with each row's IMPs, the matches, and the ranking by VPs."""
    session = result.session
    rows_by_board: dict[int, list[dict[str, Any]]] = {}
    for row in session.tables:
        imps = result.imps_for_row(row)
        played = row.result
        rows_by_board.setdefault(row.board, []).append(
            {
                "section": row.section,
                "table": row.table,
                "round": row.round,
                "ns": row.ns[0],
                "ew": row.ew[0],
                "kind": row.kind,
                "entry": row.describe(),
                "assigned": row.assigned,
                **_sides(row),
                "contract": None
                if played is None
                else ("PASS" if played.passed_out else _text(played.contract)),
                "declarer": None if played is None else _text(played.declarer),
                "tricks": None if played is None else played.tricks,
                "lead": row.lead,
                "ns_score": None if played is None else played.ns_score,
                "ns_imps": None if imps is None else number(imps[0]),
                "ew_imps": None if imps is None else number(imps[1]),
            }
        )
    data = {
        "bridgescore": __version__,
        "format": FORMAT,
        "title": session.title,
        "date": session.date,
        "method": "teams",
        "rules": result.rules.describe(),
        "boards": [
            {
                "board": number_,
                "dealer": str(session.boards[number_].dealer),
                "vulnerability": str(session.boards[number_].vulnerability),
                "deal": _deal_text(session.boards[number_].deal),
                "results": rows,
            }
            for number_, rows in sorted(rows_by_board.items())
        ],
        "unmatched": [problem.text() for problem in result.unmatched],
        "matches": [
            {
                "home": m.home.number,
                "away": m.away.number,
                "boards": len(m.boards),
                "home_imps": number(m.home_imps),
                "away_imps": number(m.away_imps),
                "home_vps": number(m.home_vps),
                "away_vps": number(m.away_vps),
                "home_vps_exact": exact(m.home_vps),
                "away_vps_exact": exact(m.away_vps),
                "board_imps": [
                    {
                        "board": b.board,
                        "home_imps": number(b.home_imps),
                        "away_imps": number(b.away_imps),
                        "explanation": b.reason,
                    }
                    for b in m.boards
                ],
            }
            for m in result.matches
        ],
        "fields": [
            {
                "field": "ALL",
                "rankings": [
                    {
                        "rank": s.rank,
                        "place": s.place,
                        "team": s.entrant.number,
                        "name": s.name,
                        "total": None
                        if s.imps_for is None or s.imps_against is None
                        else number(s.imps_for - s.imps_against),
                        "imps_for": number(s.imps_for),
                        "imps_against": number(s.imps_against),
                        "vps": number(s.points),
                        "vps_exact": exact(s.points),
                        "matches": s.matches,
                    }
                    for s in result.standings
                ],
            }
        ],
    }
    return with_masterpoints(data, [result.standings], masterpoints)


def _text(value: object) -> str | None:
    return None if value is None else str(value)


# --- reading a session back ---------------------------------------------------------------------

KINDS = ("played", "passed out", "not played", "artificial", "assigned", "weighted", "split")
_SEATS = ("n", "s", "e", "w")


def loads(
    data: str | bytes,
    path: str | None = None,
    *,
    structure: FieldStructure | None = None,
    movement: Movement | None = None,
) -> ResultsFile:
    """Read the JSON text (or UTF-8 bytes) of a scored session back into its
    :class:`Session` (``bridgescore score --format json``); ``structure`` and ``movement`` as
    :func:`bridgescore.formats.load_path` takes them."""
    rf = ResultsFile(session_from_data(_parsed(decode_text(data, "JSON", path), path), path))
    return rf.forced(structure, path).seated(movement, structure, path)


load = load_with(loads)


def _parsed(text: str, path: str | None) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputFileError(
            path,
            [
                Problem(
                    Text(
                        N_("not valid JSON: %(msg)s (line %(lineno)s, column %(colno)s)"),
                        msg=parser_said(error.msg),
                        lineno=error.lineno,
                        colno=error.colno,
                    ),
                    error.lineno,
                    expected=Text(N_("a JSON results file as bridgescore writes it")),
                )
            ],
        ) from None
    except RecursionError:
        raise InputFileError(
            path, [Problem(Text(N_("not a results file: JSON nested too deeply")))]
        ) from None


def session_from_data(data: Any, path: str | None = None) -> Session:
    """The session of a pairs or individual event from the plain data of :func:`to_data`.

    Each row is read from its exact fields (``sides``, ``assigned``); a row without them (a file
    written before them) from its ``entry`` (traveller notation) with the row's vulnerability
    (the board's unless the row has its own). ``kind`` says what the row is and is checked
    against it, as is ``ns_score``. Names and membership numbers come from ``names`` (or, in files
    without it, from the rankings). Every problem is reported together, each with its board,
    table and place in the data (``boards[2].results[5]``).
    """
    return _SessionReader(path).read(data)


_MOST = 9999  # the largest board, pair, player, round or trick count read


def _whole(value: Any, least: int = 0) -> int | None:
    """``value`` if it is a whole number (not a boolean) from ``least`` to 9999."""
    if isinstance(value, int) and not isinstance(value, bool) and least <= value <= _MOST:
        return value
    return None


def _json_kind(value: Any) -> str:
    """What a JSON value is, in JSON's words: "an array", "a number"."""
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "null"
    for kind, name in ((list, "an array"), (str, "a string"), (dict, "an object")):
        if isinstance(value, kind):
            return name
    return "a number"


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


class _SessionReader:
    def __init__(self, path: str | None) -> None:
        self.path = path
        self.problems = Problems(path)

    def problem(
        self,
        where: str,
        message: str,
        board: int | None = None,
        table: str | None = None,
        found: Any = None,
        expected: str | None = None,
    ) -> None:
        shown = None if found is None else _shown(found)
        self.problems.report(
            Text(N_("%(where)s: %(message)s"), where=where, message=message),
            None,
            board,
            table,
            shown,
            expected,
        )

    def fail(self) -> InputFileError:
        return self.problems.error()

    # -- the session --

    def read(self, data: Any) -> Session:
        if not isinstance(data, dict):
            self.problem(
                Text(N_("the file")),
                Text(N_("not a results object")),
                found=_json_kind(data),
                expected=Text(
                    N_("a JSON object with boards, as bridgescore score --format json writes")
                ),
            )
            raise self.fail()
        if data.get("method") == "teams" or "matches" in data:
            self.problem(
                "method",
                Text(
                    N_(
                        "a teams-of-four results file: bridgescore reads pairs and individual "
                        "sessions from JSON"
                    )
                ),
                found="teams",
            )
            raise self.fail()
        title = self.text(data, "title", "title")
        date = self.text(data, "date", "date")
        structure = self.structure(data.get("movement"), "movement")
        section_structures: dict[str, FieldStructure] = {}
        sections = data.get("section_movements")
        if sections is not None and not isinstance(sections, dict):
            self.problem("section_movements", Text(N_("not an object")), found=sections)
        for key, value in (sections or {}).items():
            found = self.structure(value, f"section_movements.{key}")
            if found is not None:
                section_structures[key] = found
        boards: dict[int, Board] = {}
        tables: list[TableResult] = []
        listed = data.get("boards")
        if not isinstance(listed, list):
            self.problem(
                "boards",
                Text(N_("missing key %(key)s"), key="'boards'")
                if listed is None
                else Text(N_("not a list")),
                found=listed,
                expected=Text(N_("a list of boards, each with its results")),
            )
            raise self.fail()
        for i, board in enumerate(listed):
            self.board(board, f"boards[{i}]", boards, tables)
        if not tables and not self.problems:
            self.problem(
                "boards",
                Text(N_("no results in the file")),
                expected=Text(N_("boards with results")),
            )
        names, members = self.names(data)
        session = Session.build(
            tables,
            boards,
            structure,
            title,
            date,
            path=self.path,
            section_structures=section_structures or None,
            found=self.problems,
        )
        return self.named(session, names, members)

    def structure(self, value: Any, where: str) -> FieldStructure | None:
        if value is None:
            return None
        try:
            if not isinstance(value, str):
                raise ParseError(Text(N_("not a movement")))
            structure: FieldStructure = FieldStructure.parse(value)
        except ParseError:
            self.problem(
                where,
                Text(N_("not a movement")),
                found=value,
                expected=Text(N_("mitchell, howell or individual")),
            )
            return None
        return structure

    def text(
        self, data: dict[str, Any], key: str, where: str, board: int | None = None
    ) -> str | None:
        """An optional string (a whole number is taken as its text: a table "3")."""
        value = data.get(key)
        if value is None or isinstance(value, str):
            return value
        if _whole(value) is not None:
            return str(value)
        self.problem(
            where,
            Text(N_("not a text in %(key)s"), key=repr(key)),
            board,
            found=value,
            expected=Text(N_("a string")),
        )
        return None

    # -- boards and rows --

    def board(
        self,
        data: Any,
        where: str,
        boards: dict[int, Board],
        tables: list[TableResult],
    ) -> None:
        if not isinstance(data, dict):
            self.problem(where, Text(N_("not a board object")), found=data)
            return
        number = _whole(data.get("board"), 1)
        if number is None:
            found = data.get("board")
            message = (
                Text(N_("missing key %(key)s"), key="'board'")
                if found is None
                else Text(N_("not a board number"))
            )
            self.problem(
                where, message, found=found, expected=Text(N_("a whole number from 1 to 9999"))
            )
            return
        dealer = self.parsed(data, "dealer", Seat.parse, where, number)
        vulnerability = self.parsed(data, "vulnerability", Vulnerability.parse, where, number)
        deal = self.deal(data, where, number)
        rows = data.get("results")
        if not isinstance(rows, list):
            message = (
                Text(N_("missing key %(key)s"), key="'results'")
                if rows is None
                else Text(N_("not a list"))
            )
            self.problem(
                where, message, number, found=rows, expected=Text(N_("a list of table results"))
            )
        if dealer is None or vulnerability is None or not isinstance(rows, list):
            return
        board = Board(number, vulnerability, dealer, deal)
        earlier = boards.setdefault(number, board)
        if earlier != board:
            self.problem(
                where,
                Text(
                    N_(
                        "board %(number)s has another dealer, vulnerability or deal in an earlier "
                        "entry"
                    ),
                    number=number,
                ),
                number,
                expected=Text(N_("the same board wherever it appears (one entry per section)")),
            )
        for j, row in enumerate(rows):
            table = self.row(row, f"{where}.results[{j}]", board)
            if table is not None:
                tables.append(table)

    def parsed(
        self, data: dict[str, Any], key: str, parse: Any, where: str, board: int
    ) -> Any | None:
        value = data.get(key)
        if not isinstance(value, str):
            message = (
                Text(N_("missing key %(key)s"), key=repr(key))
                if value is None
                else Text(N_("not a dealer"))
                if key == "dealer"
                else Text(N_("not a vulnerability"))
            )
            self.problem(where, message, board, found=value)
            return None
        try:
            return parse(value)
        except ParseError as error:
            self.problem(where, sentence(error), board, found=value)
            return None

    def deal(self, data: dict[str, Any], where: str, board: int) -> Deal | None:
        deal = data.get("deal")
        if deal is None:
            return None
        try:
            if not isinstance(deal, str):
                raise ParseError(Text(N_("not a deal")))
            return Deal.from_pbn(deal)
        except ParseError:
            self.problem(
                where,
                Text(N_("not a deal")),
                board,
                found=deal,
                expected=Text(N_("a PBN deal like N:AKQ.JT9.876.5432 ... (or null)")),
            )
            return None

    def row(self, data: Any, where: str, board: Board) -> TableResult | None:
        number = board.number
        if not isinstance(data, dict):
            self.problem(where, Text(N_("not a table result object")), number, found=data)
            return None
        before = len(self.problems)
        table = self.text(data, "table", where, number)
        section = self.text(data, "section", where, number)
        group = self.text(data, "group", where, number)

        def problem(message: str, found: Any = None, expected: str | None = None) -> None:
            self.problem(where, message, number, table, found, expected)

        individual = "ns" not in data and any(seat in data for seat in _SEATS)
        numbers: list[int] = []
        for key in _SEATS if individual else ("ns", "ew"):
            value = data.get(key)
            whole = _whole(value, 1)
            if whole is not None:
                numbers.append(whole)
            else:
                what = Text(N_("player")) if individual else Text(N_("pair"))
                message = (
                    Text(N_("missing key %(key)s"), key=repr(key))
                    if value is None
                    else Text(N_("not a %(what)s number"), what=what)
                )
                problem(message, value, Text(N_("a %(what)s number from 1 to 9999"), what=what))
        round_number = _whole(data.get("round"))
        if data.get("round") is not None and round_number is None:
            problem(
                Text(N_("not a round number")),
                data.get("round"),
                Text(N_("a whole number or null")),
            )
        arrow = data.get("arrow", False)
        if not isinstance(arrow, bool):
            problem(Text(N_("not an arrow-switch flag")), arrow, Text(N_("true or false")))
        lead = self.lead(data.get("lead"), problem)
        vulnerability = board.vulnerability
        own = data.get("vulnerability")
        if own is not None:
            try:
                if not isinstance(own, str):
                    raise ParseError(Text(N_("not a vulnerability")))
                vulnerability = Vulnerability.parse(own)
            except ParseError:
                problem(Text(N_("not a vulnerability")), own, Text(N_("None, NS, EW, All or null")))
        kind = data.get("kind")
        if kind not in KINDS:
            message = (
                Text(N_("missing key %(key)s"), key="'kind'")
                if kind is None
                else Text(N_("not a kind of result"))
            )
            problem(message, kind, Text(N_("one of %(names)s"), names=", ".join(KINDS)))
        entry = data.get("entry")
        exact = data.get("sides")
        if exact is None and not isinstance(entry, str):
            message = (
                Text(N_("missing key %(key)s"), key="'entry'")
                if entry is None
                else Text(N_("not an entry"))
            )
            problem(
                message, entry, Text(N_("the table's entry in traveller notation, like 4S N ="))
            )
        if len(self.problems) > before or not isinstance(kind, str):
            return None
        try:
            if exact is not None:
                ns_side, ew_side, assigned = _exact_sides(
                    exact, data.get("assigned"), vulnerability
                )
            else:
                assert isinstance(entry, str)
                ns_side, ew_side, assigned = _entry_sides(kind, entry, vulnerability)
        except BridgeScoreError as error:
            problem(sentence(error), entry if exact is None else exact)
            return None
        half = len(numbers) // 2
        result = TableResult(
            number,
            tuple(numbers[:half]),
            tuple(numbers[half:]),
            ns_side,
            ew_side,
            assigned=assigned,
            table=table,
            round=round_number,
            lead=lead,
            arrow=arrow,
            group=group,
            vulnerability=None if vulnerability is board.vulnerability else vulnerability,
            section=section,
        )
        if result.kind != kind:
            problem(
                Text(
                    N_("the entry is %(kind)s, the kind says %(kind2)s"),
                    kind=result.kind,
                    kind2=kind,
                ),
                entry,
                Text(N_("the same")),
            )
            return None
        score = data.get("ns_score")
        played = result.result
        if score is not None and played is not None and score != played.ns_score:
            problem(
                Text(
                    N_(
                        "the entry scores %(ns_score)s to NS with %(words)s, ns_score says "
                        "%(value)s"
                    ),
                    ns_score=f"{played.ns_score:+d}",
                    words=vulnerability.words,
                    value=_shown(score),
                ),
                entry,
                Text(N_("the entry and ns_score to agree")),
            )
            return None
        return result

    def lead(self, value: Any, problem: Any) -> str | None:
        from bridgescore.formats.xmlreader import read_lead

        if value is None:
            return None
        try:
            if not isinstance(value, str):
                raise ParseError(Text(N_("not a lead")))
            return read_lead(value)
        except ParseError:
            problem(Text(N_("not a lead")), value, Text(N_("a card like HT or SA, or null")))
            return None

    # -- names --

    def names(
        self, data: dict[str, Any]
    ) -> tuple[dict[Entrant, str], dict[Entrant, tuple[Member, ...]]]:
        names: dict[Entrant, str] = {}
        members: dict[Entrant, tuple[Member, ...]] = {}
        listed = data.get("names")
        if listed is None:  # a file written before the names list: the rankings' names
            fields = data.get("fields")
            for i, item in enumerate(fields if isinstance(fields, list) else []):
                rankings = item.get("rankings") if isinstance(item, dict) else None
                for j, standing in enumerate(rankings if isinstance(rankings, list) else []):
                    where = f"fields[{i}].rankings[{j}]"
                    name = standing.get("name") if isinstance(standing, dict) else None
                    entrant = self.entrant(standing, where) if isinstance(name, str) else None
                    if entrant is not None and isinstance(name, str):
                        names[entrant] = name
            return names, members
        if not isinstance(listed, list):
            self.problem(
                "names",
                Text(N_("not a list")),
                found=listed,
                expected=Text(N_("a list of named entrants")),
            )
            return names, members
        for i, item in enumerate(listed):
            where = f"names[{i}]"
            entrant = self.entrant(item, where)
            if entrant is None:
                continue
            name = item.get("name")
            if isinstance(name, str):
                names[entrant] = name
            elif name is not None:
                self.problem(
                    where, Text(N_("not a name")), found=name, expected=Text(N_("a string or null"))
                )
            numbers = item.get("members")
            if numbers is None:
                continue
            found = self.members(numbers, where)
            if found is not None:
                members[entrant] = found
        return names, members

    def entrant(self, data: Any, where: str) -> Entrant | None:
        if not isinstance(data, dict):
            self.problem(where, Text(N_("not an entrant object")), found=data)
            return None
        player = "player" in data
        number = _whole(data.get("player" if player else "pair"), 1)
        line = data.get("line")
        section = data.get("section")
        if number is None:
            found = data.get("player" if player else "pair")
            self.problem(where, Text(N_("not a pair or player number")), found=found)
        elif line not in (None, "NS", "EW"):
            self.problem(
                where, Text(N_("not a line")), found=line, expected=Text(N_("NS, EW or null"))
            )
        elif section is not None and not isinstance(section, str):
            self.problem(
                where,
                Text(N_("not a section")),
                found=section,
                expected=Text(N_("a string or null")),
            )
        else:
            return Entrant(number, None if line is None else Side(line), player, section)
        return None

    def members(self, data: Any, where: str) -> tuple[Member, ...] | None:
        found = []
        for item in data if isinstance(data, list) else [data]:
            national = item.get("national") if isinstance(item, dict) else 0
            club = item.get("club") if isinstance(item, dict) else 0
            if not (
                (national is None or isinstance(national, str))
                and (club is None or isinstance(club, str))
            ):
                self.problem(
                    where,
                    Text(N_("not a list of membership numbers")),
                    found=data,
                    expected=Text(N_('[{"national": "123", "club": null}, ...]')),
                )
                return None
            found.append(Member(national, club))
        return tuple(found)

    def named(
        self,
        session: Session,
        names: Mapping[Entrant, str],
        members: Mapping[Entrant, tuple[Member, ...]],
    ) -> Session:
        """The session with its names on the rows (for CSV and USEBIO) and its members."""
        playing = {e for t in session.tables for e in session.entrants_all(t)}
        for entrant in sorted({*names, *members} - playing):
            self.problem(
                "names",
                Text(N_("%(entrant)s does not play in the session"), entrant=entrant.said),
                found=entrant.label,
                expected=Text(N_("names of the session's pairs or players")),
            )
        if self.problems:
            raise self.fail()
        tables = []
        for t in session.tables:
            who = tuple(names.get(e) for e in session.entrants_all(t))
            tables.append(replace(t, names=who) if any(who) else t)
        return replace(session, tables=tuple(tables), names=dict(names), members=dict(members))


def _exact_sides(
    data: Any, assigned: Any, vulnerability: Vulnerability
) -> tuple[SideScore, SideScore, bool]:
    """NS, EW and whether the director assigned them, from a row's exact fields."""
    if not isinstance(data, dict) or set(data) != {"ns", "ew"}:
        raise ParseError(Text(N_('not the sides of a row (expected {"ns": ..., "ew": ...})')))
    if not isinstance(assigned, bool):
        raise ParseError(Text(N_("not an assigned flag (expected true or false)")))
    return _exact_side(data["ns"], vulnerability), _exact_side(data["ew"], vulnerability), assigned


def _exact_side(data: Any, vulnerability: Vulnerability) -> SideScore:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ParseError(Text(N_("not a side's score (expected an object or null)")))
    if "artificial" in data:
        code, percent = data.get("artificial"), data.get("percent")
        if not isinstance(code, str) or not isinstance(percent, str):
            raise ParseError(Text(N_("not an artificial score (expected its code and percent)")))
        if code != "%" and Artificial.parse(code).code != code:
            raise ParseError(
                Text(
                    N_("not an artificial score: %(code)s (expected A+, A, A- or %%)"),
                    code=repr(code),
                )
            )
        return Artificial(code, Fraction(percent))
    parts = data.get("results")
    if not isinstance(parts, list) or not parts:
        raise ParseError(Text(N_("not a side's results (expected a list of weighted results)")))
    read = []
    for part in parts:
        if not isinstance(part, dict):
            raise ParseError(Text(N_("not a weighted result (expected an object)")))
        read.append((_weight(part.get("weight")), _exact_result(part, vulnerability)))
    return WeightedResult(tuple(read))


def _weight(value: Any) -> Fraction:
    if not isinstance(value, str):
        raise ParseError(
            Text(
                N_('not a weight: %(value)s (expected a fraction like "3/10")'), value=_shown(value)
            )
        )
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise ParseError(
            Text(N_('not a weight: %(value)s (expected a fraction like "3/10")'), value=repr(value))
        ) from None


def _exact_result(data: dict[str, Any], vulnerability: Vulnerability) -> BridgeResult:
    score, contract, declarer = data.get("ns_score"), data.get("contract"), data.get("declarer")
    tricks, passed = _whole(data.get("tricks")), data.get("passed_out", False)
    if not isinstance(score, int) or isinstance(score, bool):
        raise ParseError(Text(N_("not an NS score: %(value)s"), value=_shown(score)))
    if passed is True:
        return BridgeResult.pass_out()
    if contract is None:
        assigned = data.get("assigned_points", False)
        if not isinstance(assigned, bool):
            raise ParseError(
                Text(
                    N_("not an assigned_points flag: %(value)s (expected true or false)"),
                    value=_shown(assigned),
                )
            )
        return BridgeResult.from_score(score, vulnerability, assigned=assigned)
    if not isinstance(contract, str) or not isinstance(declarer, str) or tricks is None:
        raise ParseError(Text(N_("a contract without its declarer and tricks")))
    played = BridgeResult.played(
        Contract.parse(contract), Seat.parse(declarer), tricks, vulnerability
    )
    if played.ns_score != score:
        raise ParseError(
            Text(
                N_("%(played)s is %(ns_score)s to NS with %(words)s, the row says %(score)s"),
                played=played,
                ns_score=f"{played.ns_score:+d}",
                words=vulnerability.words,
                score=f"{score:+d}",
            )
        )
    return played


def _entry_sides(
    kind: str, entry: str, vulnerability: Vulnerability
) -> tuple[SideScore, SideScore, bool]:
    """NS, EW and whether the director assigned them, from a row's kind and entry (files
    written before the exact fields)."""
    if kind in ("played", "passed out"):
        side: SideScore = WeightedResult.parse(entry, vulnerability)
        return side, side, False
    if kind == "artificial" and "/" not in entry and "|" not in entry:
        side = Artificial.parse(entry)  # the same for both sides: A, A+, 60%
        return side, side, False
    ns, ew, assigned = parse_side_scores(entry, vulnerability)
    return ns, ew, assigned or kind == "assigned"
