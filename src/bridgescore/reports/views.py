"""Every results page as plain data: what the HTML page renders, and exactly its JSON twin.

One function per page, each returning dicts and lists of ``str``, ``int``, ``float``, ``bool`` and
``None``, ready for :func:`json.dumps`; the static site (:mod:`bridgescore.reports.html`) and a
web app render the same data with the same templates, or serve it as JSON::

    views.rankings(result)                  # index.html: each field's ranking
    views.traveller(result, 7)              # board-7.html (``section=`` when scored apart)
    views.recap(result)                     # recap.html: entrants x boards
    views.card(result, Entrant(3, Side.NS)) # pair-3ns.html: one entrant's boards in order
    views.evening(result, Entrant(3, Side.NS)) # pair-3ns-evening.html: each board explained
    views.teams_rankings(teams)             # a teams event's index.html
    views.teams_traveller(teams, 4)         # its board-4.html

with :func:`site` (:func:`teams_site`) for what every page shows around its own data. Numbers
follow the score JSON (:mod:`bridgescore.formats.json`): a JSON number, and ``<key>_exact`` (a
fraction string such as ``"29/3"``) wherever rounding could lose something -- pages display the
exact value, rounded by the rules. Rankings and travellers extend that JSON's own entries.
An evening's twin (:func:`evening_twin`) leaves out what its page shows from the score card's
twin and the boards' twins, which it names: a field of thousands would repeat them thousands
of times.

A site's pages share lookups built once: :class:`SessionPages` (:class:`TeamsPages`) makes every
page of a session in time linear in the session; the functions above build one for one page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

from bridgescore import __version__
from bridgescore.bridge import Seat, Side, Strain
from bridgescore.formats import json as result_json
from bridgescore.formats.json import exact, number
from bridgescore.languages import N_
from bridgescore.reports.model import (
    BoardKey,
    CardRow,
    RecapCell,
    ScoreCards,
    board_key,
    board_page,
    entrant_page,
    evening_page,
    field_anchor,
    in_imps,
)
from bridgescore.reports.model import recap as recap_sheets
from bridgescore.reports.words import Text, field_title, rules_summary
from bridgescore.results import FieldResult, ScoredBoard, ScoredTable, SessionResult
from bridgescore.session import Board, Entrant, FieldStructure

if TYPE_CHECKING:
    from bridgescore.masterpoints import Awards
    from bridgescore.reports.analysis import Analyst, Statement
    from bridgescore.reports.deals import DoubleDummy
    from bridgescore.reports.leads import Leads
    from bridgescore.teams_results import TeamsResult
    from bridgescore.traveller import BridgeResult, RowKey, SideScore, TableResult

Data = dict[str, Any]
"""A page's plain data: JSON-able, no Fractions, no records."""


def exactly(key: str, value: Fraction | int | None) -> Data:
    """``{key: 9.67, key_exact: "29/3"}``: a value as the score JSON gives it."""
    return {key: number(value), f"{key}_exact": None if value is None else str(value)}


# --- pairs and individuals ----------------------------------------------------------------------


class SessionPages:
    """A pairs (or individual) session's pages, from lookups each built once, on first use.

    ``double_dummy`` is the solved deals by board number (:func:`solve`); without one a board
    with a deal shows the hands but no makeable contracts or par. ``masterpoints``: each
    ranking line and score card shows its award and how it was reached. ``leads``: the
    opening leads solved (:class:`~bridgescore.reports.leads.Leads`), for each entrant's
    evening (:meth:`evening`).
    """

    def __init__(
        self,
        result: SessionResult,
        double_dummy: Mapping[int, DoubleDummy] | None = None,
        masterpoints: Awards | None = None,
        leads: Leads | None = None,
        *,
        evenings: bool = False,
    ) -> None:
        self.result = result
        self.double_dummy: Mapping[int, DoubleDummy] = double_dummy or {}
        self.masterpoints = masterpoints
        self.leads = leads
        self.evenings = evenings  # whether each score card links to its entrant's evening
        self._named: dict[Entrant, Data] = {}
        # Many card rows and recap cells show the same values (tables with the same score on a
        # board share them): what each shows is worked out once for the values themselves, and
        # each result once (a board's thousands of tables end in a few dozen).
        self._shown: dict[tuple[tuple[Fraction, Fraction, bool] | None, Fraction | None], Data] = {}
        self._cells: dict[tuple[str, Fraction | None, Fraction | None], Data] = {}
        self._entries: dict[tuple[SideScore, SideScore, bool, str | None], Data] = {}

    @cached_property
    def _json(self) -> Data:
        return result_json.to_data(self.result, self.masterpoints)

    @cached_property
    def _boards(self) -> dict[BoardKey, int]:
        return {board_key(b): i for i, b in enumerate(self.result.boards)}

    @cached_property
    def _cards(self) -> ScoreCards:
        return ScoreCards(self.result)

    @cached_property
    def _ranked(self) -> frozenset[Entrant]:
        return frozenset(s.entrant for f in self.result.fields for s in f.standings)

    @property
    def _imps(self) -> bool:
        return in_imps(self.result)

    def who(self, entrant: Entrant) -> Data:
        """An entrant as every page names it, with its score card's page (None if unranked)."""
        # A pair is named on every traveller row and score card it appears on: made once, and
        # each page gets its own copy.
        known = self._named.get(entrant)
        if known is None:
            known = self._named[entrant] = {
                **_who(entrant),
                "name": self.result.session.names.get(entrant),
                "page": f"{entrant_page(entrant)}.html" if entrant in self._ranked else None,
            }
        return dict(known)

    def _header(self, page: str) -> Data:
        session = self.result.session
        return {
            "bridgescore": __version__,
            "page": page,
            "title": session.title,
            "date": session.date,
            "movement": session.structure.value,
            "method": self.result.rules.method.value,
        }

    def site(self) -> Data:
        """What every page shows around its own data: the event, the rules, the boards."""
        result = self.result
        session = result.session
        return {
            "bridgescore": __version__,
            "event": session.title or Text(N_("Session results")),
            "date": session.date,
            "movement": _movement(session.structure),
            "players": session.structure is FieldStructure.INDIVIDUAL,
            "summary": rules_summary(result),
            "imps": self._imps,
            "unit": "IMPs" if self._imps else "MP",
            "teams": False,
            "boards": [_board_link(b) for b in result.boards],
            "masterpoints": _scheme(self.masterpoints),
        }

    def card_entrants(self) -> tuple[Entrant, ...]:
        """Every entrant with a score card, in field then number order."""
        return self._cards.entrants()

    # --- index.html

    def rankings(self) -> Data:
        """``index.html``: the score JSON without its travellers; each field with its title and
        anchor, each ranked entrant with its label and score card; links to every page."""
        result = self.result
        data = {key: value for key, value in self._json.items() if key != "boards"}
        data["page"] = "index.html"
        data["summary"] = rules_summary(result)
        data["fields"] = [
            self._field(entry, field)
            for entry, field in zip(self._json["fields"], result.fields, strict=True)
        ]
        data["pages"] = {
            "recap": "recap.html",
            "boards": [f"{board_page(b)}.html" for b in result.boards],
            "cards": sorted(
                {f"{entrant_page(s.entrant)}.html" for f in result.fields for s in f.standings}
            ),
        }
        return data

    def _field(self, entry: Data, field: FieldResult) -> Data:
        checksum = field.checksum
        return {
            **entry,
            "title": field_title(field.field, self.result),
            "anchor": field_anchor(field.field),
            "factored": not self._imps and any(s.total is not None for s in field.standings),
            "checksum": {
                **entry["checksum"],
                "expected_exact": exact(checksum.expected),
                "actual_exact": exact(checksum.actual),
            },
            "rankings": [
                {
                    **row,
                    **self.who(s.entrant),
                    "name": s.name,
                    **exactly("max", s.available),
                    **exactly("percent", s.percent),
                    **exactly("handicap", s.handicap),
                    **exactly("handicapped", s.handicapped),
                    **_award(self.masterpoints, s.entrant),
                    **({"evening": f"{evening_page(s.entrant)}.html"} if self.evenings else {}),
                }
                for row, s in zip(entry["rankings"], field.standings, strict=True)
            ],
            "handicap_rankings": [
                {
                    **row,
                    **self.who(place.standing.entrant),
                    "name": place.standing.name,
                    **exactly("percent", place.standing.percent),
                    **exactly("handicap", place.standing.handicap),
                    **exactly("handicapped", place.standing.handicapped),
                }
                for row, place in zip(
                    entry["handicap_rankings"], field.handicap_standings, strict=True
                )
            ],
        }

    # --- board-N.html

    def traveller(self, board: ScoredBoard | BoardKey) -> Data:
        """``board-N.html``: the board's entry of the score JSON, each result with its entrants
        (and difference from par), the hands and the double-dummy analysis when known."""
        boards = self.result.boards
        index = self._boards[board_key(board) if isinstance(board, ScoredBoard) else board]
        scored = boards[index]
        entry = self._json["boards"][index]
        datum = next((t.ns.datum for t in scored.tables if t.ns and t.ns.datum is not None), None)
        solved = self.double_dummy.get(scored.board.number) if scored.board.deal else None
        results = []
        for row, table in zip(entry["results"], scored.tables, strict=True):
            row = {
                **row,
                "ns_entrants": [self.who(e) for e in table.ns_entrants],
                "ew_entrants": [self.who(e) for e in table.ew_entrants],
                "explanation": self._why(table),
            }
            if solved is not None:
                score = table.ns_score
                row["par_difference"] = None if score is None else solved.versus_par(score)
            results.append(row)
        return {
            **self._header(f"{board_page(scored)}.html"),
            **entry,
            "top_exact": exact(scored.top),
            "datum_exact": exact(datum),
            "previous": _board_link(boards[index - 1]) if index > 0 else None,
            "next": _board_link(boards[index + 1]) if index + 1 < len(boards) else None,
            "results": results,
            **deal(scored.board, solved),
            # what the field did: each entrant's evening tells it on the board, and its twin
            # refers here rather than repeat it for every entrant
            "field": [_said(s) for s in self._analyst.field_said(scored)],
        }

    # --- recap.html

    def recap(self) -> Data:
        """``recap.html``: for each field, every entrant's value on every board and its totals;
        a cell is null where the entrant was not at the board."""
        key = "imps" if self._imps else "mp"
        fields = []
        for sheet in recap_sheets(self.result):
            fields.append(
                {
                    "field": sheet.field.field,
                    "title": field_title(sheet.field.field, self.result),
                    "two_way": sheet.two_way,
                    "boards": [
                        {**_board_link(b), "top": number(b.top), "top_exact": exact(b.top)}
                        for b in sheet.boards
                    ],
                    "rows": [
                        {
                            **self.who(row.standing.entrant),
                            "name": row.standing.name,
                            "place": row.standing.place,
                            "boards": [
                                None
                                if cell is None
                                else {
                                    "board": cell.board.board.number,
                                    "direction": cell.side.value,
                                    **self._cell_values(cell, key),
                                }
                                for cell in row.cells
                            ],
                            **exactly("ns_total", row.total(Side.NS)),
                            **exactly("ew_total", row.total(Side.EW)),
                            **exactly("total", row.total()),
                            **exactly("max", row.standing.available),
                            **exactly("percent", row.standing.percent),
                        }
                        for row in sheet.rows
                    ],
                }
            )
        return {**self._header("recap.html"), "fields": fields}

    # --- pair-3ns.html

    def card(self, entrant: Entrant) -> Data:
        """``pair-3ns.html``: one entrant's boards in the order played, with the running total."""
        card = self._cards[entrant]
        standing = card.standing
        page = entrant_page(entrant)
        return {
            **self._header(f"{page}.html"),
            **self.who(entrant),
            "name": card.name,
            "field": card.field.field,
            "field_title": field_title(card.field.field, self.result),
            "field_anchor": field_anchor(card.field.field),
            "field_size": len(card.field.standings),
            "place": standing.place,
            "rank": standing.rank,
            **exactly("mp", standing.points),
            **exactly("max", standing.available),
            **exactly("percent", standing.percent),
            **exactly("total", standing.total),
            "boards_played": standing.boards,
            **_award(self.masterpoints, entrant),
            "evening": f"{evening_page(entrant)}.html" if self.evenings else None,
            "boards": [self._card_row(row) for row in card.rows],
        }

    # --- pair-3ns-evening.html

    @cached_property
    def _analyst(self) -> Analyst:
        from bridgescore.reports.analysis import Analyst

        return Analyst(self.result.rules, self.double_dummy, self.leads)

    def evening(self, entrant: Entrant, card: Data | None = None) -> Data:
        """``pair-3ns-evening.html``: each board of the entrant's evening explained -- what the
        field did, what double dummy says and where the matchpoints were won or lost, every
        statement with its figures; the score card's summary above, and the evening's total
        against par split into the contracts, the leads and the play. ``card``: the entrant's
        :meth:`card`, when already made (a site makes both pages)."""
        card = self.card(entrant) if card is None else card
        page = evening_page(entrant)
        rows = self._cards[entrant].rows
        boards = []
        totals = {"contract": 0, "lead": 0, "play": 0}
        analysed = 0
        for row, shown in zip(rows, card["boards"], strict=True):
            story = self._analyst.story(row)
            if story.versus_par is not None:
                analysed += 1
                for key, value in story.parts.items():
                    totals[key] += value
            scored = row.board
            solved = self.double_dummy.get(scored.board.number) if scored.board.deal else None
            boards.append(
                {
                    **shown,
                    "result": story.result,
                    "dealer": str(scored.board.dealer),
                    "vulnerability": str(scored.board.vulnerability),
                    **deal(scored.board, solved),
                    "field": [_said(s) for s in story.field],
                    "analysis": [_said(s) for s in story.double_dummy],
                    "verdict": [_said(s) for s in story.verdict],
                    "versus_par": story.versus_par,
                    "parts": dict(story.parts),
                }
            )
        return {
            **card,
            **self._header(f"{page}.html"),
            "card": card["page"],
            "solved": bool(self.double_dummy),
            "leads": self.leads is not None,
            "boards": boards,
            "analysed": analysed,
            "versus_par": sum(totals.values()) if analysed else None,
            "parts": totals if analysed else None,
        }

    def _cell_values(self, cell: RecapCell, key: str) -> Data:
        """A recap cell's value and percentage, worked out once for each value shown."""
        # the percentage follows from the value and the board's top: worked out on a miss only
        shown = (key, cell.value, cell.board.top)
        known = self._cells.get(shown)
        if known is None:
            known = self._cells[shown] = {
                **exactly(key, cell.value),
                **exactly("percent", cell.percent),
            }
        return known

    def _card_row(self, row: CardRow) -> Data:
        table = row.table.table
        values, why = self._row_values(row)
        return {
            "board": row.board.board.number,
            "section": row.board.section,
            "page": f"{board_page(row.board)}.html",
            "row": row.position,
            "round": row.round,
            "table": table.table,
            "direction": row.side.value,
            "partners": [self.who(e) for e in row.partners],
            "opponents": [self.who(e) for e in row.opponents],
            **self._entry(table),
            "score": row.score,
            **values,
            **exactly("running", row.running),
            "explanation": why,
        }

    def _row_values(self, row: CardRow) -> tuple[Data, str | None]:
        """A card row's value, top and percentage, and its explanation's sentence (made once
        for each explanation, which tables with the same score on a board share); the values
        worked out once for each value, top and percentage shown."""
        why = (
            None
            if row.explanation is None
            else row.explanation.sentence(self.result.rules.decimals)
        )
        # the percentage follows from the explanation's value and top
        explained = row.explanation
        shown = (
            None if explained is None else (explained.value, explained.top, explained.in_imps),
            row.top,
        )
        values = self._shown.get(shown)
        if values is None:
            values = self._shown[shown] = {
                **exactly("imps" if self._imps else "mp", row.value),
                **exactly("top", row.top),
                **exactly("percent", row.percent),
            }
        return values, why

    def _why(self, table: ScoredTable) -> Data:
        """A traveller row's explanations as the JSON gives them (``{"NS": {"text": ...}}``),
        each sentence the rules' English shown in the reader's language (``tr``)."""
        decimals = self.result.rules.decimals
        ns, ew = table.explanation(Side.NS), table.explanation(Side.EW)
        return {
            "NS": None if ns is None else {"text": ns.sentence(decimals)},
            "EW": None if ew is None else {"text": ew.sentence(decimals)},
        }

    def _entry(self, table: TableResult) -> Data:
        """:func:`_result` once for each result: what it says follows from the two sides'
        scores (equal when they say the same), whether assigned, and the lead."""
        key = (table.ns_side, table.ew_side, table.assigned, table.lead)
        known = self._entries.get(key)
        if known is None:
            known = self._entries[key] = _result(table)
        return known


# The movements as the rankings name them (the English is the structure's name, capitalised).
_MOVEMENTS = {
    FieldStructure.MITCHELL: N_("Mitchell"),
    FieldStructure.HOWELL: N_("Howell"),
    FieldStructure.INDIVIDUAL: N_("Individual"),
    FieldStructure.TEAMS: N_("Teams"),
}


def _movement(structure: FieldStructure) -> Text:
    return Text(_MOVEMENTS.get(structure, structure.value.capitalize()))


def _said(statement: Statement) -> Data:
    return statement.data()


EVENING_FORMAT = 2  # an evening twin's shape: docs/report.md#the-evenings-json-twin
# What an evening's board keeps in its twin: its place on the traveller and what the evening
# itself says of it. The score card's row is in the card's twin (its ``card``), the board's
# deal and what the field did in the board's twin (each board's ``page``).
_EVENING_BOARD = ("board", "section", "page", "row", "result")
_EVENING_STORY = ("analysis", "verdict", "versus_par", "parts")


def evening_twin(page: Data) -> Data:
    """``pair-3ns-evening.json``: an evening's data (:meth:`SessionPages.evening`) without
    what its page shows from the score card's twin and the boards' twins; each board's
    ``field`` keeps the entrant's own standing, the statements of kind ``field`` being the
    board's (``board-N.json``'s ``field``). Some 50 KB an entrant in a field of thousands,
    two thirds of it repeated, before."""
    return {
        "bridgescore": page["bridgescore"],
        "format": EVENING_FORMAT,
        **page,
        "boards": [
            {
                **{key: board[key] for key in _EVENING_BOARD},
                "field": [s for s in board["field"] if s["kind"] != "field"],
                **{key: board[key] for key in _EVENING_STORY},
            }
            for board in page["boards"]
        ],
    }


def _scheme(masterpoints: Awards | None) -> Data | None:
    """The scheme every page names, when masterpoints are awarded."""
    if masterpoints is None:
        return None
    info = masterpoints.scheme
    return {"scheme": info.name, "title": info.title, "unit": info.unit, "decimals": info.decimals}


def _award(masterpoints: Awards | None, entrant: Entrant) -> Data:
    """A score card's award: nothing without a scheme, null when none was earned."""
    if masterpoints is None:
        return {}
    award = masterpoints.get(entrant)
    return {
        "masterpoints": None if award is None else number(award.points),
        "masterpoints_text": None if award is None else masterpoints.points_text(award.points),
        "masterpoints_award": None if award is None else award.text,
    }


def site(result: SessionResult) -> Data:
    """What every page of a session's site shows around its own data."""
    return SessionPages(result).site()


def rankings(result: SessionResult, *, evenings: bool = False) -> Data:
    """``index.html`` / ``index.json``; ``evenings``: each entrant's figure links its evening."""
    return SessionPages(result, evenings=evenings).rankings()


def traveller(
    result: SessionResult,
    board: int,
    section: str | None = None,
    *,
    double_dummy: DoubleDummy | None = None,
) -> Data:
    """``board-N.html`` / ``board-N.json`` (``board-A-N`` for a section scored apart)."""
    solved = {} if double_dummy is None else {board: double_dummy}
    return SessionPages(result, solved).traveller((board, section))


def recap(result: SessionResult) -> Data:
    """``recap.html`` / ``recap.json``."""
    return SessionPages(result).recap()


def card(result: SessionResult, entrant: Entrant, *, evenings: bool = False) -> Data:
    """``pair-3ns.html`` / ``pair-3ns.json`` (``player-12`` in an individual); ``evenings``:
    it links to the entrant's evening."""
    return SessionPages(result, evenings=evenings).card(entrant)


def evening(
    result: SessionResult,
    entrant: Entrant,
    *,
    double_dummy: Mapping[int, DoubleDummy] | None = None,
    leads: Leads | None = None,
) -> Data:
    """``pair-3ns-evening.html``: the entrant's boards explained (its JSON twin:
    :func:`evening_twin`)."""
    return SessionPages(result, double_dummy, leads=leads, evenings=True).evening(entrant)


# --- teams of four ------------------------------------------------------------------------------


class TeamsPages:
    """A teams event's pages: the ranking by victory points and the matches, and each board."""

    def __init__(
        self,
        result: TeamsResult,
        double_dummy: Mapping[int, DoubleDummy] | None = None,
        masterpoints: Awards | None = None,
    ) -> None:
        self.result = result
        self.double_dummy: Mapping[int, DoubleDummy] = double_dummy or {}
        self.masterpoints = masterpoints

    @cached_property
    def _json(self) -> Data:
        return result_json.teams_to_data(self.result, self.masterpoints)

    @cached_property
    def _boards(self) -> dict[int, int]:
        return {entry["board"]: i for i, entry in enumerate(self._json["boards"])}

    @cached_property
    def _rows(self) -> dict[int, list[TableResult]]:
        """Each board's rows, in the order of the score JSON's results."""
        rows: dict[int, list[TableResult]] = {}
        for row in self.result.session.tables:
            rows.setdefault(row.board, []).append(row)
        return rows

    @cached_property
    def _imps(self) -> dict[RowKey, tuple[Fraction, Fraction]]:
        return self.result.imps_by_row()

    def board_numbers(self) -> tuple[int, ...]:
        return tuple(self._boards)

    def site(self) -> Data:
        session = self.result.session
        return {
            "bridgescore": __version__,
            "event": session.title or Text(N_("Teams results")),
            "date": session.date,
            "movement": Text(N_("Teams of four")),
            "players": False,
            "summary": Text(
                N_("rules %(label)s: IMPs between the rooms, victory points by margin"),
                label=self.result.rules.label,
            ),
            "imps": True,
            "unit": "IMPs",
            "teams": True,
            "boards": [_teams_board_link(n) for n in self._boards],
            "masterpoints": _scheme(self.masterpoints),
        }

    def rankings(self) -> Data:
        """``index.html``: the teams JSON without its boards; IMPs exact too."""
        data = {key: value for key, value in self._json.items() if key != "boards"}
        data["page"] = "index.html"
        data["summary"] = self.site()["summary"]
        (field,) = data["fields"]
        data["fields"] = [
            {
                **field,
                "rankings": [
                    {
                        **row,
                        "imps_for_exact": exact(s.imps_for),
                        "imps_against_exact": exact(s.imps_against),
                        **_award(self.masterpoints, s.entrant),
                    }
                    for row, s in zip(field["rankings"], self.result.standings, strict=True)
                ],
            }
        ]
        data["matches"] = [
            {
                **entry,
                "home_imps_exact": exact(match.home_imps),
                "away_imps_exact": exact(match.away_imps),
            }
            for entry, match in zip(data["matches"], self.result.matches, strict=True)
        ]
        data["pages"] = {"boards": [f"board-{n}.html" for n in self._boards]}
        return data

    def traveller(self, number: int) -> Data:
        """``board-N.html``: both rooms of every match on the board, with the deal when known."""
        index = self._boards[number]
        numbers = list(self._boards)
        entry = self._json["boards"][index]
        board = self.result.session.boards[number]
        solved = self.double_dummy.get(number) if board.deal else None
        names = self.result.session.names
        results = []
        for row, table in zip(entry["results"], self._rows[number], strict=True):
            imps = self._imps.get(table.identity)
            played = table.result
            results.append(
                {
                    **row,
                    "ns_name": names.get(Entrant(table.ns[0], section=table.section)),
                    "ew_name": names.get(Entrant(table.ew[0], section=table.section)),
                    "ns_imps_exact": None if imps is None else exact(imps[0]),
                    "ew_imps_exact": None if imps is None else exact(imps[1]),
                    **(
                        {}
                        if solved is None
                        else {
                            "par_difference": None
                            if played is None
                            else solved.versus_par(played.ns_score)
                        }
                    ),
                }
            )
        return {
            "bridgescore": __version__,
            "page": f"board-{number}.html",
            "title": self.result.session.title,
            "date": self.result.session.date,
            "method": "teams",
            **entry,
            "previous": _teams_board_link(numbers[index - 1]) if index > 0 else None,
            "next": _teams_board_link(numbers[index + 1]) if index + 1 < len(numbers) else None,
            "results": results,
            **deal(board, solved),
        }


def teams_site(result: TeamsResult) -> Data:
    return TeamsPages(result).site()


def teams_rankings(result: TeamsResult) -> Data:
    """A teams event's ``index.html`` / ``index.json``."""
    return TeamsPages(result).rankings()


def teams_traveller(
    result: TeamsResult, board: int, *, double_dummy: DoubleDummy | None = None
) -> Data:
    """A teams event's ``board-N.html`` / ``board-N.json``."""
    solved = {} if double_dummy is None else {board: double_dummy}
    return TeamsPages(result, solved).traveller(board)


# --- deals: the one place that reads them (reports.deals) ---------------------------------------

_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
# The double-dummy table's columns, as clubs print them: notrump first, then spades to clubs.
_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def solve(boards: Iterable[Board]) -> dict[int, DoubleDummy]:
    """Double-dummy tables and par for every board whose four hands are known, by number
    (endplay's solver: a few tenths of a second a board)."""
    from bridgescore.reports.deals import solve as solve_deals

    return solve_deals(boards)


def deal(board: Board, solved: DoubleDummy | None) -> Data:
    """``hands`` (each seat's suits and high-card points, null when not known) and
    ``double_dummy`` (tricks by seat and strain, par score and contracts), null without them."""
    if not board.deal:
        return {"hands": None, "double_dummy": None}
    from bridgescore.reports.deals import parse_deal

    hands = parse_deal(board.deal)
    return {
        "hands": {
            seat.value: None
            if (hand := hands[seat]) is None
            else {
                "spades": hand.suits[0],
                "hearts": hand.suits[1],
                "diamonds": hand.suits[2],
                "clubs": hand.suits[3],
                "hcp": hand.hcp,
            }
            for seat in _SEATS
        },
        "double_dummy": None
        if solved is None
        else {
            "tricks": {
                seat.value: {strain.value: solved.tricks[seat, strain] for strain in _STRAINS}
                for seat in _SEATS
            },
            "par_score": solved.par_score,
            "par_contracts": [str(c) for c in solved.par_contracts],
        },
    }


# --- shared pieces ------------------------------------------------------------------------------


def _who(entrant: Entrant) -> Data:
    key = "player" if entrant.player else "pair"
    return {
        key: entrant.number,
        "line": entrant.line.value if entrant.line else None,
        "section": entrant.section,
        "label": entrant.label,
    }


def _board_link(board: ScoredBoard) -> Data:
    return {
        "board": board.board.number,
        "section": board.section,
        "page": f"{board_page(board)}.html",
    }


def _teams_board_link(number: int) -> Data:
    return {"board": number, "section": None, "page": f"board-{number}.html"}


def _result(table: TableResult) -> Data:
    """A table's entry as the score JSON writes it: kind, notation, contract and its parts."""
    played = table.result
    return {
        "kind": table.kind,
        "entry": table.describe(),
        "contract": _contract(played),
        "declarer": None if played is None or played.declarer is None else str(played.declarer),
        "tricks": None if played is None else played.tricks,
        "lead": table.lead,
    }


def _contract(played: BridgeResult | None) -> str | None:
    if played is None:
        return None
    if played.passed_out:
        return "PASS"
    return None if played.contract is None else str(played.contract)


__all__ = [
    "Data",
    "SessionPages",
    "TeamsPages",
    "card",
    "deal",
    "evening",
    "evening_twin",
    "exactly",
    "rankings",
    "recap",
    "site",
    "solve",
    "teams_rankings",
    "teams_site",
    "teams_traveller",
    "traveller",
]
