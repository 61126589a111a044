"""The results site: rankings, travellers, the recap sheet and score cards as static pages.

Every page ``X.html`` has its JSON twin ``X.json`` (:mod:`bridgescore.reports.twins`). Pages are
Jinja2 templates with autoescaping on everywhere: a player's name is data, never markup. The site
needs no network: one stylesheet beside the pages, each score card's chart as an SVG file beside
it (matplotlib), no script. Numbers are the engine's exact values rounded only for display, by
the rule set's decimals and rounding (:func:`bridgescore.display.fmt_fixed`).

This module is imported only when a report is made: it pulls in Jinja2, matplotlib and, for
deals, endplay's double-dummy solver.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup, escape

from bridgescore import __version__
from bridgescore.bridge import Seat, Side
from bridgescore.display import fmt_fixed
from bridgescore.formats import json as result_json
from bridgescore.reports import deals as deal_tools
from bridgescore.reports import twins
from bridgescore.reports.model import (
    CardRow,
    Recap,
    ScoreCard,
    board_page,
    entrant_page,
    field_title,
    in_imps,
    recap,
    rules_summary,
    score_cards,
)
from bridgescore.results import ScoredBoard, ScoredTable, SessionResult
from bridgescore.rules import Rules
from bridgescore.session import Board, Entrant
from bridgescore.traveller import TableResult

if TYPE_CHECKING:
    from bridgescore.results import TeamsResult

STYLESHEET = "bridgescore.css"
_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(frozen=True)
class Site:
    """What was written: the pages (relative names), boards and score cards."""

    directory: Path
    pages: tuple[str, ...]
    boards: int
    cards: int

    @property
    def index(self) -> Path:
        return self.directory / "index.html"


# --- filters -------------------------------------------------------------------------------------


def suit_symbol(letter: str) -> Markup:
    """A suit letter as its coloured symbol."""
    key = letter.upper()
    return Markup('<span class="suit {}" title="{}">{}</span>').format(
        _SUIT_NAMES[key], _SUIT_NAMES[key], _SYMBOLS[key]
    )


def contract_markup(text: str | None) -> Markup:
    """``4HX`` (or ``30% 4S N = + 70% 4S N -1``) with suit symbols; everything else escaped."""
    if not text:
        return Markup("")
    escaped = str(escape(text))
    return Markup(
        re.sub(r"(?<=[1-7])([SHDC])(?=X|\s|$)", lambda m: str(suit_symbol(m.group(1))), escaped)
    )


def lead_markup(lead: str | None) -> Markup:
    """A lead kept suit first (``C5``, ``HT``) as ``♣5``, ``♥10``."""
    if not lead:
        return Markup("")
    match = re.fullmatch(r"([SHDCshdc])(10|[AKQJTakqjt2-9])", lead.strip())
    if not match:
        return Markup(escape(lead))
    rank = match.group(2).upper().replace("T", "10")
    return suit_symbol(match.group(1)) + Markup(escape(rank))


def holding_text(ranks: str) -> str:
    """A suit holding for a hand diagram: ``AKT2`` as ``A K 10 2`` (thin spaces), a void ``—``."""
    return "\u2009".join("10" if r == "T" else r for r in ranks) if ranks else "—"


def _numbers(rules: Rules) -> Callable[[Fraction | int | None], str]:
    def num(value: Fraction | int | None) -> str:
        return "" if value is None else fmt_fixed(value, rules.decimals, rules.rounding)

    return num


def _signed(rules: Rules) -> Callable[[Fraction | None], str]:
    def signed(value: Fraction | None) -> str:
        if value is None:
            return ""
        text = fmt_fixed(value, rules.decimals, rules.handicap_rounding)
        return text if text.startswith("-") else f"+{text}"

    return signed


def _band(percent: Fraction | None) -> str:
    """A shading class for a percentage on a board: p0 (poor) .. p4 (top)."""
    if percent is None:
        return ""
    for limit, name in ((25, "p0"), (45, "p1"), (55, "p2"), (75, "p3")):
        if percent < limit:
            return name
    return "p4"


def _bar(percent: Fraction | None) -> str:
    """A CSS custom property for a percentage bar (0-100, for drawing only)."""
    if percent is None:
        return ""
    value = min(max(float(percent), 0.0), 100.0)
    return f"--p: {value:.1f}%"


def environment(rules: Rules) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("bridgescore.reports", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(
        num=_numbers(rules),
        signed=_signed(rules),
        contract=contract_markup,
        lead=lead_markup,
        holding=holding_text,
        band=_band,
        bar=_bar,
        suit=suit_symbol,
    )
    return env


# --- the site ------------------------------------------------------------------------------------


class _Writer:
    """Renders pages and their twins into one directory and remembers what it wrote."""

    def __init__(self, directory: Path, env: jinja2.Environment, common: dict[str, Any]) -> None:
        self.directory = directory
        self.env = env
        self.common = common
        self.pages: list[str] = []

    def page(self, name: str, template: str, data: Mapping[str, Any], **context: Any) -> None:
        html = self.env.get_template(template).render(**self.common, page=name, **context)
        (self.directory / f"{name}.html").write_text(html, encoding="utf-8")
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        (self.directory / f"{name}.json").write_text(text, encoding="utf-8")
        self.pages.append(f"{name}.html")

    def asset(self, name: str, text: str) -> None:
        (self.directory / name).write_text(text, encoding="utf-8")


def _stylesheet() -> str:
    return (
        resources.files("bridgescore.reports")
        .joinpath("templates", STYLESHEET)
        .read_text(encoding="utf-8")
    )


def write_site(result: SessionResult, directory: Path, *, double_dummy: bool = True) -> Site:
    """Write every page of a pairs (or individual) session into ``directory``, which exists.

    ``double_dummy`` solves the known deals for makeable contracts and par (a few seconds for a
    session's boards); without it the hand diagrams and points are still shown.
    """
    rules = result.rules
    session = result.session
    imps = in_imps(result)
    cards = score_cards(result)
    has_card = {card.entrant for card in cards}
    solved = deal_tools.solve(session.boards.values()) if double_dummy else {}
    data = result_json.to_data(result)
    common: dict[str, Any] = {
        "version": __version__,
        "event": session.title or "Session results",
        "date": session.date,
        "movement": session.structure.value.capitalize(),
        "summary": rules_summary(result),
        "rules": rules,
        "imps": imps,
        "unit": "IMPs" if imps else "MP",
        "stylesheet": STYLESHEET,
        "board_links": [(b.board.number, b.section, board_page(b)) for b in result.boards],
        "teams": False,
    }
    writer = _Writer(directory, environment(rules), common)
    writer.asset(STYLESHEET, _stylesheet())

    def link(entrant: Entrant) -> dict[str, Any]:
        return _entrant_link(entrant, has_card, session.names)

    writer.page(
        "index",
        "index.html",
        twins.rankings(data, result),
        fields=[
            {
                "title": field_title(f.field, result),
                "id": field_anchor(f.field),
                "field": f,
                "players": session.structure.value == "individual",
                "factored": not imps and any(s.total is not None for s in f.standings),
                "rows": [(s, _in_field(link(s.entrant))) for s in f.standings],
                "handicap_rows": [
                    (f"{rank}=" if shared else str(rank), s, _in_field(link(s.entrant)))
                    for rank, shared, s in f.handicap_standings
                ],
            }
            for f in result.fields
        ],
        boards=len(result.boards),
        cards=len(cards),
    )
    boards = result.boards
    for index, (board, entry) in enumerate(zip(boards, data["boards"], strict=True)):
        deal = None
        if board.board.deal:
            deal = deal_tools.view(board.board.deal, solved.get(board.board.number))
        writer.page(
            board_page(board),
            "board.html",
            twins.traveller(entry, board, deal, result),
            board=board,
            heading=_board_heading(board),
            previous=None if index == 0 else _board_ref(boards[index - 1]),
            next=None if index == len(boards) - 1 else _board_ref(boards[index + 1]),
            rows=[_traveller_row(i, t, deal, link, rules) for i, t in enumerate(board.tables)],
            deal=None if deal is None else _diagram(deal, board.board),
            datum=_datum(board),
            show_round=any(t.table.round is not None for t in board.tables),
            show_table=any(t.table.table for t in board.tables),
            show_lead=any(t.table.lead for t in board.tables),
            show_par=deal is not None and deal.double_dummy is not None,
        )
    sheets = recap(result)
    writer.page(
        "recap",
        "recap.html",
        twins.recap(result, sheets),
        sheets=[_recap_view(sheet, result, link) for sheet in sheets],
    )
    for card in cards:
        name = entrant_page(card.entrant)
        chart = f"{name}.svg"
        writer.asset(chart, chart_svg(card, imps))
        writer.page(
            name,
            "card.html",
            twins.card(result, card),
            card=card,
            me=link(card.entrant),
            field_title=field_title(card.field.field, result),
            field_anchor=field_anchor(card.field.field),
            field_size=len(card.field.standings),
            rows=[_card_row(row, link, rules) for row in card.rows],
            chart=chart,
            show_round=any(row.round is not None for row in card.rows),
            show_lead=any(row.table.table.lead for row in card.rows),
        )
    return Site(directory, tuple(writer.pages), len(boards), len(cards))


def field_anchor(field: str) -> str:
    """The id of a field's ranking on the index page: ``field-ns``, ``field-a-ew``."""
    return "field-" + re.sub(r"[^a-z0-9]+", "-", field.lower()).strip("-")


def _entrant_link(
    entrant: Entrant, has_card: set[Entrant], names: Mapping[Entrant, str]
) -> dict[str, Any]:
    kind = "Player" if entrant.player else "Pair"
    return {
        "entrant": entrant,
        "label": entrant.label,
        "number": str(entrant.number),
        "href": f"{entrant_page(entrant)}.html" if entrant in has_card else None,
        "name": names.get(entrant),
        "title": f"{kind} {entrant.label}",
    }


def _in_field(link: dict[str, Any]) -> dict[str, Any]:
    """A link as a field's own list shows it: in a Mitchell line's list, the number alone."""
    entrant: Entrant = link["entrant"]
    shown = link["number"] if entrant.line is not None else link["label"]
    return dict(link, shown=shown)


def _board_heading(board: ScoredBoard) -> str:
    section = f" (section {board.section})" if board.section else ""
    return f"Board {board.board.number}{section}"


def _board_ref(board: ScoredBoard) -> dict[str, str]:
    return {"href": f"{board_page(board)}.html", "label": _board_heading(board)}


def _datum(board: ScoredBoard) -> Fraction | None:
    for t in board.tables:
        if t.ns is not None and t.ns.datum is not None:
            return t.ns.datum
    return None


def _side_label(entrant: Entrant, side: Side) -> str:
    """A pair as a traveller's column shows it: the number, with its line when it differs."""
    if entrant.line is not None and entrant.line is not side:
        return f"{entrant.number}{entrant.line.value}"
    return str(entrant.number)


def _result_cells(table: TableResult) -> dict[str, Any]:
    """What a traveller row shows of a table's result: contract (with suit symbols), declarer,
    tricks, and the score in the column of the side that scored it (as clubs write it)."""
    played = table.result
    contract: Markup | str
    if played is not None and played.contract is not None:
        contract = contract_markup(str(played.contract))
    elif played is not None and played.passed_out:
        contract = "Passed out"
    elif not table.played:
        contract = "Not played"
    elif played is not None:
        contract = ""  # a bare score: the score columns say it all
    else:
        contract = contract_markup(table.describe())  # artificial, split or weighted
    score = None if played is None else played.ns_score
    return {
        "contract": contract,
        "declarer": "" if played is None or played.declarer is None else str(played.declarer),
        "lead": table.lead,
        "tricks": "" if played is None or played.tricks is None else str(played.tricks),
        "ns_score": str(score) if score is not None and score >= 0 else "",
        "ew_score": str(-score) if score is not None and score < 0 else "",
    }


def _traveller_row(
    index: int,
    t: ScoredTable,
    deal: deal_tools.DealView | None,
    link: Callable[[Entrant], dict[str, Any]],
    rules: Rules,
) -> dict[str, Any]:
    table = t.table
    ns_score = t.ns_score
    dd = None if deal is None else deal.double_dummy
    why = []
    for side in Side:
        explanation = t.explanation(side)
        if explanation is not None:
            why.append((side.value, explanation.text(rules.decimals)))
    return {
        "id": f"r{index + 1}",
        "kind": table.kind.replace(" ", "-"),
        "table": table.table or "",
        "round": "" if table.round is None else str(table.round),
        "ns": [dict(link(e), shown=_side_label(e, Side.NS)) for e in t.ns_entrants],
        "ew": [dict(link(e), shown=_side_label(e, Side.EW)) for e in t.ew_entrants],
        **_result_cells(table),
        "ns_value": t.ns_points,
        "ew_value": t.ew_points,
        "vs_par": None if dd is None or ns_score is None else dd.versus_par(ns_score),
        "why": why,
    }


def _diagram(deal: deal_tools.DealView, board: Board) -> dict[str, Any]:
    vul = board.vulnerability
    hands = {}
    for seat in deal_tools.SEATS:
        hand = deal.hands[seat]
        hands[seat.value] = (
            None
            if hand is None
            else {
                "hcp": hand.hcp,
                "suits": [(s.value, hand.holding(s)) for s in deal_tools.SUITS],
            }
        )
    dd = deal.double_dummy
    return {
        "hands": hands,
        "vulnerable": {seat.value: vul.is_vulnerable(seat.side) for seat in Seat},
        "dealer": board.dealer.value,
        "strains": [s.value for s in deal_tools.STRAINS],
        "dd": None
        if dd is None
        else {
            "rows": [
                (
                    seat.value,
                    [
                        (dd.level(seat, strain), dd.tricks[seat, strain])
                        for strain in deal_tools.STRAINS
                    ],
                )
                for seat in (Seat.N, Seat.S, Seat.E, Seat.W)
            ],
            "par_score": dd.par_score,
            "par_contracts": [str(c) for c in dd.par_contracts],
        },
    }


def _recap_view(
    sheet: Recap, result: SessionResult, link: Callable[[Entrant], dict[str, Any]]
) -> dict[str, Any]:
    return {
        "title": field_title(sheet.field.field, result),
        "boards": [
            {"number": b.board.number, "href": f"{board_page(b)}.html", "top": b.top}
            for b in sheet.boards
        ],
        "two_way": sheet.two_way,
        "players": result.session.structure.value == "individual",
        "rows": [
            {
                "who": _in_field(link(row.standing.entrant)),
                "standing": row.standing,
                "cells": [
                    None
                    if cell is None
                    else {
                        "value": cell.value,
                        "side": cell.side.value,
                        "band": _band(cell.percent),
                        "href": f"{board_page(cell.board)}.html",
                    }
                    for cell in row.cells
                ],
                "ns": row.total(Side.NS),
                "ew": row.total(Side.EW),
                "total": row.total(),
            }
            for row in sheet.rows
        ],
    }


def _card_row(
    row: CardRow, link: Callable[[Entrant], dict[str, Any]], rules: Rules
) -> dict[str, Any]:
    table = row.table.table
    index = next(i for i, t in enumerate(row.board.tables) if t is row.table)
    return {
        "board": row.board.board.number,
        "href": f"{board_page(row.board)}.html#r{index + 1}",
        "round": "" if row.round is None else str(row.round),
        "direction": row.side.value,
        "partners": [link(e) for e in row.partners],
        "opponents": [link(e) for e in row.opponents],
        **_result_cells(table),
        "score": "" if row.score is None else str(row.score),
        "value": row.value,
        "percent": row.percent,
        "running": row.running,
        "why": None if row.explanation is None else row.explanation.text(rules.decimals),
    }


# --- the chart on each score card ------------------------------------------------------------


def chart_svg(card: ScoreCard, imps: bool) -> str:
    """The entrant's board-by-board percentages (IMPs in IMP events) as an SVG bar chart."""
    import matplotlib as mpl
    from matplotlib.figure import Figure

    points = [
        (row.board.board.number, row.value if imps else row.percent)
        for row in card.rows
        if (row.value if imps else row.percent) is not None
    ]
    labels = [str(board) for board, _ in points]
    values = [float(value) for _, value in points if value is not None]
    middle = 0.0 if imps else 50.0
    with mpl.rc_context(
        {
            "svg.hashsalt": "bridgescore",
            "svg.fonttype": "none",
            "font.family": "sans-serif",
            "font.size": 11,
            "axes.edgecolor": "#8a9499",
            "axes.labelcolor": "#33403f",
            "xtick.color": "#33403f",
            "ytick.color": "#33403f",
        }
    ):
        figure = Figure(figsize=(8, 2.8))
        axes = figure.add_subplot()
        colours = ["#1b7a5a" if v >= middle else "#c0562a" for v in values]
        positions = list(range(len(values)))
        axes.bar(positions, [v - middle for v in values], bottom=middle, color=colours, width=0.7)
        axes.axhline(middle, color="#33403f", linewidth=0.8, linestyle="--")
        axes.set_xticks(positions, labels)
        axes.set_xlim(-0.6, max(len(values), 12) - 0.4)  # few boards: bars stay narrow
        if imps:
            reach = max([abs(v) for v in values] + [3.0])
            axes.set_ylim(-reach * 1.1, reach * 1.1)
            axes.set_ylabel("IMPs")
        else:
            axes.set_ylim(0, 100)
            axes.set_yticks([0, 25, 50, 75, 100])
            axes.set_ylabel("% on the board")
        axes.set_xlabel("Board (in the order played)")
        for side in ("top", "right"):
            axes.spines[side].set_visible(False)
        figure.subplots_adjust(left=0.085, right=0.995, top=0.96, bottom=0.2)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None}, transparent=True)
    return buffer.getvalue()


# --- teams ---------------------------------------------------------------------------------------


def write_teams_site(result: TeamsResult, directory: Path, *, double_dummy: bool = True) -> Site:
    """Teams of four: the ranking by victory points, the matches, and a traveller per board
    (with its deal when known)."""
    rules = result.rules
    session = result.session
    solved = deal_tools.solve(session.boards.values()) if double_dummy else {}
    data = result_json.teams_to_data(result)
    numbers = sorted({t.board for t in session.tables})
    common: dict[str, Any] = {
        "version": __version__,
        "event": session.title or "Teams results",
        "date": session.date,
        "movement": "Teams of four",
        "summary": f"rules {rules.label}: IMPs between the rooms, victory points by margin",
        "rules": rules,
        "imps": True,
        "unit": "IMPs",
        "stylesheet": STYLESHEET,
        "board_links": [(n, None, f"board-{n}") for n in numbers],
        "teams": True,
    }
    writer = _Writer(directory, environment(rules), common)
    writer.asset(STYLESHEET, _stylesheet())
    index = {key: value for key, value in data.items() if key != "boards"}
    index["page"] = "index.html"
    writer.page(
        "index",
        "teams.html",
        index,
        standings=result.standings,
        matches=result.matches,
        boards=len(numbers),
    )
    for position, (number, entry) in enumerate(zip(numbers, data["boards"], strict=True)):
        board = session.boards[number]
        deal = None if board.deal is None else deal_tools.view(board.deal, solved.get(number))
        dd = None if deal is None else deal.double_dummy
        writer.page(
            f"board-{number}",
            "teams_board.html",
            {"bridgescore": __version__, "page": f"board-{number}.html", **entry},
            heading=f"Board {number}",
            board=board,
            deal=None if deal is None else _diagram(deal, board),
            show_par=dd is not None,
            previous=_teams_board_ref(numbers, position - 1),
            next=_teams_board_ref(numbers, position + 1),
            rows=[
                {
                    "ns": row.ns[0],
                    "ew": row.ew[0],
                    "names": (
                        session.names.get(Entrant(row.ns[0], section=row.section)),
                        session.names.get(Entrant(row.ew[0], section=row.section)),
                    ),
                    **_result_cells(row),
                    "imps": result.imps_for_row(row),
                    "vs_par": None
                    if dd is None or row.result is None
                    else dd.versus_par(row.result.ns_score),
                }
                for row in session.tables
                if row.board == number
            ],
        )
    return Site(directory, tuple(writer.pages), len(numbers), 0)


def _teams_board_ref(numbers: list[int], position: int) -> dict[str, str] | None:
    if not 0 <= position < len(numbers):
        return None
    return {"href": f"board-{numbers[position]}.html", "label": f"Board {numbers[position]}"}


__all__ = [
    "STYLESHEET",
    "Site",
    "chart_svg",
    "contract_markup",
    "environment",
    "holding_text",
    "lead_markup",
    "write_site",
    "write_teams_site",
]
