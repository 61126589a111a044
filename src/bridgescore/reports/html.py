"""The results site: rankings, travellers, the recap sheet and score cards as static pages.

Each page's data comes from :mod:`bridgescore.reports.views`; ``X.html`` is that data rendered
by a template, and its JSON twin ``X.json`` is that data itself. A web app renders the same data
with the same :func:`environment` (:func:`render`). Pages are Jinja2 templates with autoescaping
on everywhere: a player's name is data, never markup; the filters here only display. The site
needs no network: one stylesheet beside the pages, each score card's chart as an SVG file beside
it (written here by hand: the same card always gives the same bytes), no script. Numbers are
the engine's exact values rounded only for display, by the rule set's decimals and rounding
(:func:`bridgescore.display.fmt_fixed`).

This module is imported only when a report is made: it pulls in Jinja2 and, for deals,
endplay's double-dummy solver.
"""

from __future__ import annotations

import functools
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

from bridgescore.bridge import Seat, Vulnerability
from bridgescore.display import fmt_fixed
from bridgescore.reports import views
from bridgescore.rules import Rules

if TYPE_CHECKING:
    from bridgescore.results import SessionResult, TeamsResult

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


def _exact(value: str | int | None) -> Fraction | None:
    """A page's number as its data carries it: an exact fraction string, or an integer.

    A float is refused: pages show exact values, rounded by the rules, never a float's."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        return _fraction(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a page shows exact values (a fraction string or int), not {value!r}")
    return Fraction(value)


@functools.lru_cache(maxsize=4096)
def _fraction(text: str) -> Fraction:
    return Fraction(text)  # a session repeats its values: 0, the tops, the usual fractions


def _numbers(rules: Rules) -> Callable[[str | int | None], str]:
    def num(value: str | int | None) -> str:
        if type(value) is str:
            return shown(value)
        exact = _exact(value)
        return "" if exact is None else fmt_fixed(exact, rules.decimals, rules.rounding)

    # A site shows the same few hundred values many thousand times: each is formatted once.
    @functools.lru_cache(maxsize=65536)
    def shown(value: str) -> str:
        return fmt_fixed(_fraction(value), rules.decimals, rules.rounding)

    return num


def _signed(rules: Rules) -> Callable[[str | int | None], str]:
    def signed(value: str | int | None) -> str:
        exact = _exact(value)
        if exact is None:
            return ""
        text = fmt_fixed(exact, rules.decimals, rules.handicap_rounding)
        return text if text.startswith("-") else f"+{text}"

    return signed


def _band(percent: str | int | None) -> str:
    """A shading class for a percentage on a board: p0 (poor) .. p4 (top)."""
    value = _exact(percent)
    if value is None:
        return ""
    for limit, name in ((25, "p0"), (45, "p1"), (55, "p2"), (75, "p3")):
        if value < limit:
            return name
    return "p4"


def _bar(percent: str | int | None) -> str:
    """A CSS custom property for a percentage bar (0-100, for drawing only)."""
    value = _exact(percent)
    if value is None:
        return ""
    return f"--p: {min(max(float(value), 0.0), 100.0):.1f}%"


def _blank(value: object) -> str:
    """A cell's text: nothing for null."""
    return "" if value is None else str(value)


def result_markup(row: Mapping[str, Any]) -> Markup | str:
    """What a traveller or score card row shows of a table's result: the contract (with suit
    symbols), *Passed out*, *Not played*, nothing for a bare score (the score columns say it
    all), or the entry itself for an artificial, split or weighted result."""
    contract = row["contract"]
    if contract == "PASS":
        return "Passed out"
    if contract:
        return contract_markup(contract)
    if row["kind"] == "not played":
        return "Not played"
    if row.get("ns_score", row.get("score")) is not None:
        return ""
    return contract_markup(row["entry"])


def entrant_kind(who: Mapping[str, Any]) -> str:
    """``Pair 3NS``, ``Player 12``, ``Team 4``."""
    kind = "Player" if "player" in who else "Team" if "team" in who else "Pair"
    return f"{kind} {who['label']}"


def entrant_number(who: Mapping[str, Any]) -> str:
    return str(who["player"] if "player" in who else who["pair"])


def in_field(who: Mapping[str, Any]) -> str:
    """An entrant as a field's own list shows it: in a Mitchell line's list, the number alone."""
    return entrant_number(who) if who["line"] is not None else str(who["label"])


def at_side(who: Mapping[str, Any], side: str) -> str:
    """A pair as a traveller's column shows it: the number, with its line when it differs."""
    if who["line"] is not None and who["line"] != side:
        return f"{entrant_number(who)}{who['line']}"
    return entrant_number(who)


def board_heading(link: Mapping[str, Any]) -> str:
    """``Board 7``, ``Board 7 (section A)``."""
    section = f" (section {link['section']})" if link.get("section") else ""
    return f"Board {link['board']}{section}"


def vulnerable(vulnerability: str, seat: str) -> bool:
    return Vulnerability.parse(vulnerability).is_vulnerable(Seat.parse(seat).side)


def environment(rules: Rules) -> jinja2.Environment:
    """The templates, with filters that round by ``rules`` (the same for the site and a web app)."""
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
        result=result_markup,
        lead=lead_markup,
        holding=holding_text,
        band=_band,
        bar=_bar,
        blank=_blank,
        suit=suit_symbol,
        kind=entrant_kind,
        number=entrant_number,
        in_field=in_field,
        at_side=at_side,
        heading=board_heading,
    )
    env.tests["vulnerable"] = vulnerable
    return env


def render(
    env: jinja2.Environment, template: str, site: Mapping[str, Any], data: Mapping[str, Any]
) -> str:
    """One page: ``data`` is the page's view (:mod:`bridgescore.reports.views`), ``site`` what
    every page shows around it (:func:`~bridgescore.reports.views.site`)."""
    page = str(data["page"]).removesuffix(".html")
    return env.get_template(template).render(site=site, page=page, data=data, stylesheet=STYLESHEET)


# --- the site ------------------------------------------------------------------------------------


class _Writer:
    """Renders pages and their twins into one directory and remembers what it wrote."""

    def __init__(self, directory: Path, env: jinja2.Environment, site: Mapping[str, Any]) -> None:
        self.directory = directory
        self.env = env
        self.site = site
        self.pages: list[str] = []

    def page(self, template: str, data: Mapping[str, Any]) -> None:
        """``X.html`` rendered from ``data``, and ``X.json``: the same data."""
        name = str(data["page"]).removesuffix(".html")
        html = render(self.env, template, self.site, data)
        (self.directory / f"{name}.html").write_text(html, encoding="utf-8")
        # No indent: json's C encoder does the work (indenting falls back to pure Python).
        text = json.dumps(data, ensure_ascii=False) + "\n"
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


def write_site(
    result: SessionResult,
    directory: Path,
    *,
    double_dummy: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> Site:
    """Write every page of a pairs (or individual) session into ``directory``, which exists.

    ``double_dummy`` solves the known deals for makeable contracts and par (a few seconds for a
    session's boards); without it the hand diagrams and points are still shown. ``progress``
    is told (pages written, pages in all) as the pages are written.
    """
    solved = views.solve(result.session.boards.values()) if double_dummy else {}
    pages = views.SessionPages(result, solved)
    site = pages.site()
    writer = _Writer(directory, environment(result.rules), site)
    writer.asset(STYLESHEET, _stylesheet())
    entrants = pages.card_entrants()
    total = len(result.boards) + len(entrants) + 2

    def done() -> None:
        if progress is not None:
            progress(len(writer.pages), total)

    writer.page("index.html", pages.rankings())
    for board in result.boards:
        writer.page("board.html", pages.traveller(board))
        done()
    writer.page("recap.html", pages.recap())
    for entrant in entrants:
        card = pages.card(entrant)
        writer.asset(card["chart"], chart_svg(card, site["imps"]))
        writer.page("card.html", card)
        done()
    done()
    return Site(directory, tuple(writer.pages), len(result.boards), len(entrants))


# --- the chart on each score card ------------------------------------------------------------


def chart_svg(card: Mapping[str, Any], imps: bool) -> str:
    """A score card's (:func:`bridgescore.reports.views.card`) board-by-board percentages (IMPs
    in IMP events) as an SVG bar chart, 800 × 280, written by hand: the same card always gives
    the same bytes."""
    key = "imps_exact" if imps else "percent_exact"
    points = [(row["board"], row[key]) for row in card["boards"] if row[key] is not None]
    values = [Fraction(value) for _, value in points]
    middle = Fraction(0) if imps else Fraction(50)
    if imps:
        reach = max([abs(v) for v in values] + [Fraction(3)]) * Fraction(11, 10)
        low, high = -reach, reach
        ticks = _imp_ticks(reach)
        label = "IMPs"
    else:
        low, high = Fraction(0), Fraction(100)
        ticks = [Fraction(t) for t in (0, 25, 50, 75, 100)]
        label = "% on the board"
    left, right, top, bottom = 68, 796, 11, 224  # the plot area, in pixels
    slots = max(len(values), 12)  # few boards: bars stay narrow
    step = (right - left) / slots
    span = high - low

    def y(value: Fraction) -> float:
        return bottom - float((value - low) / span) * (bottom - top)

    def px(value: float) -> str:
        return f"{value:.2f}".rstrip("0").rstrip(".")

    ink, axis = "#33403f", "#8a9499"
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="280" '
        'viewBox="0 0 800 280" font-family="sans-serif" font-size="11" '
        f'role="img" aria-label="{escape(label)} on each board">'
    ]
    base = y(middle)
    for index, ((board, _), value) in enumerate(zip(points, values, strict=True)):
        x = left + step * index + step * 0.15
        edge = y(value)
        colour = "#1b7a5a" if value >= middle else "#c0562a"
        out.append(
            f'<rect x="{px(x)}" y="{px(min(edge, base))}" width="{px(step * 0.7)}" '
            f'height="{px(abs(edge - base))}" fill="{colour}"/>'
        )
        out.append(
            f'<text x="{px(x + step * 0.35)}" y="{bottom + 15}" text-anchor="middle" '
            f'fill="{ink}">{escape(str(board))}</text>'
        )
    out.append(
        f'<line x1="{left}" y1="{px(base)}" x2="{right}" y2="{px(base)}" stroke="{ink}" '
        'stroke-width="0.8" stroke-dasharray="4 3"/>'
    )
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" stroke="{axis}"/>')
    out.append(f'<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="{axis}"/>')
    for tick in ticks:
        at = px(y(tick))
        out.append(f'<line x1="{left - 4}" y1="{at}" x2="{left}" y2="{at}" stroke="{axis}"/>')
        out.append(
            f'<text x="{left - 7}" y="{at}" dy="0.35em" text-anchor="end" fill="{ink}">'
            f"{_tick_text(tick)}</text>"
        )
    out.append(
        f'<text x="{px((left + right) / 2)}" y="{bottom + 38}" text-anchor="middle" '
        f'fill="{ink}">Board (in the order played)</text>'
    )
    out.append(
        f'<text transform="translate(18 {px((top + bottom) / 2)}) rotate(-90)" '
        f'text-anchor="middle" fill="{ink}">{escape(label)}</text>'
    )
    out.append("</svg>\n")
    return "\n".join(out)


def _imp_ticks(reach: Fraction) -> list[Fraction]:
    """Round ticks from −reach to reach: a step of 1, 2, 5, 10, 20, 50… giving at most 4 a side."""
    step = 1
    while reach / step > 4:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    count = int(reach // step)
    return [Fraction(step * k) for k in range(-count, count + 1)]


def _tick_text(value: Fraction) -> str:
    text = str(int(value)) if value.denominator == 1 else f"{float(value):g}"
    return text.replace("-", "−")


# --- teams ---------------------------------------------------------------------------------------


def write_teams_site(result: TeamsResult, directory: Path, *, double_dummy: bool = True) -> Site:
    """Teams of four: the ranking by victory points, the matches, and a traveller per board
    (with its deal when known)."""
    solved = views.solve(result.session.boards.values()) if double_dummy else {}
    pages = views.TeamsPages(result, solved)
    writer = _Writer(directory, environment(result.rules), pages.site())
    writer.asset(STYLESHEET, _stylesheet())
    writer.page("teams.html", pages.rankings())
    numbers = pages.board_numbers()
    for number in numbers:
        writer.page("teams_board.html", pages.traveller(number))
    return Site(directory, tuple(writer.pages), len(numbers), 0)


__all__ = [
    "STYLESHEET",
    "Site",
    "chart_svg",
    "contract_markup",
    "environment",
    "holding_text",
    "lead_markup",
    "render",
    "result_markup",
    "write_site",
    "write_teams_site",
]
