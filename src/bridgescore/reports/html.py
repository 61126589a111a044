"""The results site: rankings, travellers, the recap sheet and score cards as static pages.

Each page's data comes from :mod:`bridgescore.reports.views`; ``X.html`` is that data rendered
by a template, and its JSON twin ``X.json`` is that data itself. A web app renders the same data
with the same :func:`environment` (:func:`render`). Pages are Jinja2 templates with autoescaping
on everywhere: a player's name is data, never markup; the filters here only display. The site
needs no network: one stylesheet beside the pages, each score card's chart drawn in its page as
SVG (:mod:`bridgescore.reports.chart`: the same card always gives the same bytes), no script.
Numbers are the engine's exact values rounded only for display, by the rule set's decimals and
rounding (:func:`bridgescore.display.fmt_fixed`). The files are written on background threads
(:mod:`bridgescore.reports.files`) while the next pages are rendered.

This module is imported only when a report is made: it pulls in Jinja2 and, for deals,
endplay's double-dummy solver.
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
from collections.abc import Callable, Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from pathlib import Path
from types import CodeType
from typing import TYPE_CHECKING, Any

import jinja2
import markupsafe
from markupsafe import Markup, escape

from bridgescore.bridge import Seat, Vulnerability
from bridgescore.display import fmt_fixed, fmt_short
from bridgescore.languages import N_, Language, _, current, install, ranks_shown, written_date
from bridgescore.reports import views
from bridgescore.reports.chart import chart_svg
from bridgescore.reports.files import Files, Forked, Split, can_fork
from bridgescore.reports.words import shown as shown_text
from bridgescore.reports.words import vulnerable_said
from bridgescore.results import SessionResult
from bridgescore.rules import Rules
from bridgescore.session import Entrant

if TYPE_CHECKING:
    from bridgescore.masterpoints import Awards
    from bridgescore.reports.leads import Leads
    from bridgescore.reports.team_evening import TeamEvenings
    from bridgescore.teams_results import TeamsResult

STYLESHEET = "bridgescore.css"
_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
# A suit's name as its symbol's title says it (the class keeps the English name).
_SUIT_TITLES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}


@dataclass(frozen=True)
class Site:
    """What was written: the pages (relative names), boards, score cards and evenings (a teams
    event's site has rankings, travellers and each team's evening)."""

    directory: Path
    pages: tuple[str, ...]
    boards: int
    cards: int
    teams: bool = False
    evenings: int = 0

    @property
    def index(self) -> Path:
        return self.directory / "index.html"

    def summary(self) -> str:
        """What was written, in a few words: "71 pages: rankings, recap sheet, ..."."""
        counts = {"pages": len(self.pages), "boards": self.boards, "cards": self.cards}
        if self.teams:
            if self.evenings:
                return _(
                    "%(pages)s pages: rankings, %(boards)s travellers and %(evenings)s team "
                    "evenings",
                    evenings=self.evenings,
                    **counts,
                )
            return _("%(pages)s pages: rankings and %(boards)s travellers", **counts)
        if self.evenings:
            return _(
                "%(pages)s pages: rankings, recap sheet, %(boards)s travellers, %(cards)s score "
                "cards and %(evenings)s evenings",
                evenings=self.evenings,
                **counts,
            )
        return _(
            "%(pages)s pages: rankings, recap sheet, %(boards)s travellers, %(cards)s score cards",
            **counts,
        )


# --- filters -------------------------------------------------------------------------------------
# A large site applies these a few hundred thousand times to a few hundred distinct values
# (contracts, leads, percentages): the pure ones remember what they made.


# Each of these is remembered by language too: a suit's title is in the reader's language.


def suit_symbol(letter: str) -> Markup:
    """A suit letter as its coloured symbol, titled with the suit's name."""
    return _suit_symbol(letter, current().code)


@functools.lru_cache(maxsize=64)
def _suit_symbol(letter: str, language: str) -> Markup:
    key = letter.upper()
    return Markup('<span class="suit {}" title="{}">{}</span>').format(
        _SUIT_NAMES[key], _(_SUIT_TITLES[key]), _SYMBOLS[key]
    )


def contract_markup(text: str | None) -> Markup:
    """``4HX`` (or ``30% 4S N = + 70% 4S N -1``) with suit symbols; everything else escaped."""
    return _contract_markup(text, current().code)


@functools.lru_cache(maxsize=4096)
def _contract_markup(text: str | None, language: str) -> Markup:
    if not text:
        return Markup("")
    escaped = str(escape(text))
    return Markup(
        re.sub(r"(?<=[1-7])([SHDC])(?=X|\s|$)", lambda m: str(suit_symbol(m.group(1))), escaped)
    )


def lead_markup(lead: str | None) -> Markup:
    """A lead kept suit first (``C5``, ``HT``) as ``♣5``, ``♥10``."""
    return _lead_markup(lead, current().code)


@functools.lru_cache(maxsize=4096)
def _lead_markup(lead: str | None, language: str) -> Markup:
    if not lead:
        return Markup("")
    match = re.fullmatch(r"([SHDCshdc])(10|[AKQJTakqjt2-9])", lead.strip())
    if not match:
        return Markup(escape(lead))
    rank = ranks_shown(match.group(2).upper().replace("T", "10"))
    return suit_symbol(match.group(1)) + Markup(escape(rank))


_SYMBOL_NAMES = {symbol: letter for letter, symbol in _SYMBOLS.items()}


def symbols_markup(text: str | None) -> Markup:
    """A sentence of the analysis (``4♠ by N``, ``the ♥K``) in the reader's language, with each
    suit symbol coloured and named; everything else escaped."""
    language = current().code
    return _symbols_markup(str(shown_text(text)) if text else text, language)


@functools.lru_cache(maxsize=4096)
def _symbols_markup(text: str | None, language: str) -> Markup:
    if not text:
        return Markup("")
    # A card (``♥K``) with its rank in the reader's letters; a contract (``4♠``) as it is.
    escaped = re.sub(
        "([♠♥♦♣])([AKQJ])", lambda m: m.group(1) + ranks_shown(m.group(2)), str(escape(text))
    )
    return Markup(re.sub("[♠♥♦♣]", lambda m: str(suit_symbol(_SYMBOL_NAMES[m.group(0)])), escaped))


def points_text(value: int | None) -> str:
    """A score or a difference in points, signed: ``+420``, ``-50``, ``0``."""
    if value is None:
        return ""
    return f"{value:+d}" if value else "0"


@functools.lru_cache(maxsize=4096)
def slug(value: object) -> str:
    """A label as part of an id: ``3NS`` -> ``3ns``, ``A-12`` -> ``a-12``."""
    return re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-") or "x"


def holding_text(ranks: str) -> str:
    """A suit holding for a hand diagram: ``AKT2`` as ``A K 10 2`` (thin spaces), a void ``—``."""
    return "\u2009".join("10" if r == "T" else ranks_shown(r) for r in ranks) if ranks else "—"


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


_Written = Callable[[str | int | None, Language], str]


def _numbers(rules: Rules) -> tuple[Callable[[str | int | None], str], _Written]:
    """The ``num`` filter: a value rounded by ``rules``, written in the current language's form
    (the rounding is the rules', whatever the language); and the same in a language given,
    for what writes many numbers in one language (a score card's rows)."""

    def num(value: str | int | None) -> str:
        return written(value, current())

    def written(value: str | int | None, language: Language) -> str:
        if type(value) is str:
            return language.number(shown(value))
        exact = _exact(value)
        if exact is None:
            return ""
        return language.number(fmt_fixed(exact, rules.decimals, rules.rounding))

    # A site shows the same few hundred values many thousand times: each is formatted once.
    @functools.lru_cache(maxsize=65536)
    def shown(value: str) -> str:
        return fmt_fixed(_fraction(value), rules.decimals, rules.rounding)

    return num, written


def imps_text(value: str | int | None) -> str:
    """IMPs whole, or to two places when an adjustment split one (a match's or a team's IMPs)."""
    exact = _exact(value)
    return "" if exact is None else current().number(fmt_short(exact))


def _signed(rules: Rules) -> Callable[[str | int | None], str]:
    def signed(value: str | int | None) -> str:
        exact = _exact(value)
        if exact is None:
            return ""
        text = current().number(fmt_fixed(exact, rules.decimals, rules.handicap_rounding))
        return text if text.startswith("-") else f"+{text}"

    return signed


@functools.lru_cache(maxsize=65536, typed=True)
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
        return _("Passed out")
    if contract:
        return contract_markup(contract)
    if row["kind"] == "not played":
        return _("Not played")
    if row.get("ns_score", row.get("score")) is not None:
        return ""
    return contract_markup(row["entry"])


def who_link(who: Mapping[str, Any], shown: str | None = None) -> Markup:
    """An entrant (:meth:`bridgescore.reports.views.SessionPages.who`) as shown where it is
    named: ``shown`` (its label by default), a link to its score card when it has one, titled
    with its kind and names."""
    # made once for each entrant as each page names it: a traveller row names two
    return _who_link(who["label"], who["page"], who["name"], _kind_of(who), shown, current().code)


@functools.lru_cache(maxsize=65536)
def _who_link(
    label: str, page: str | None, name: str | None, kind: str, shown: str | None, language: str
) -> Markup:
    text = escape(label if shown is None else shown)
    kind_text = escape(_kind_text(kind, label))
    if not page:
        return Markup(f'<span title="{kind_text}">{text}</span>')
    title = f"{kind_text}: {escape(name)}" if name else kind_text
    return Markup(f'<a href="{escape(page)}" title="{title}">{text}</a>')


def _card_rows(written: _Written) -> Callable[..., Markup]:
    """The ``card_rows`` filter: a score card's table rows (``card.html``) as the template
    wrote them, built here. A site's score cards are some 26 rows a card, each a dozen values,
    and Jinja's loop (a lookup, a filter and an escape for each) was two thirds of a card's
    time. Each value is written as ``{{ }}`` writes it (:func:`_output`), in the language
    looked up once for the card (each filter looks it up for each value)."""

    def card_rows(
        rows: Iterable[Mapping[str, Any]],
        show_round: bool,
        show_lead: bool,
        player: bool,
        imps: bool,
    ) -> Markup:
        out = _output
        language = current()
        code = language.code

        def num(value: str | int | None) -> str:
            return written(value, language)

        def who(e: Mapping[str, Any]) -> Markup:  # who_link(e, entrant_number(e))
            return _who_link(e["label"], e["page"], e["name"], _kind_of(e), entrant_number(e), code)

        value_key = "imps_exact" if imps else "mp_exact"
        lines: list[str] = []
        add = lines.append
        for r in rows:
            page = out(r["page"])
            row = out(r["row"])
            add(f'    <tr class="{out(_band(r["percent_exact"]))}">\n')
            if show_round:
                add(f'<td class="num">{out(_blank(r["round"]))}</td>')
            add(f'      <td class="num board"><a href="{page}#r{row}">{out(r["board"])}</a></td>\n')
            add(f"      <td>{out(r['direction'])}</td>\n")
            if player:
                partners = "".join(who(e) for e in r["partners"])
                add(f'<td class="num pair">{partners}</td>')
            opponents = "; ".join(
                str(who(e))  # a Markup: its text, not escaped again
                + (f' <span class="opp-names">{out(e["name"])}</span>' if e["name"] else "")
                for e in r["opponents"]
            )
            add(f'      <td class="pair opponents">{opponents}</td>\n')
            add(_result_cells(r, code, show_lead, "num opt"))
            add(f'      <td class="num score">{out(_blank(r["score"]))}</td>\n')
            value = out(num(r[value_key]))
            if r["explanation"]:
                title = out(shown_text(r["explanation"]))
                value = f'<a href="{page}#r{row}-why" title="{title}">{value}</a>'
            add(f'      <td class="num value">{value}</td>\n')
            if not imps:
                add(f'<td class="num pct">{out(num(r["percent_exact"]))}</td>')
            add(f'      <td class="num running">{out(num(r["running_exact"]))}</td>\n')
            add("    </tr>\n")
        return Markup("".join(lines))

    return card_rows


def _result_cells(r: Mapping[str, Any], language: str, show_lead: bool, tricks_class: str) -> str:
    """A score card's or a traveller's row's contract, declarer, lead and tricks cells, as
    ``card.html`` and ``board.html`` wrote them (the tricks' cell of class ``tricks_class``)."""
    out = _output
    contract = r["contract"]
    result: Markup | str
    if contract and contract != "PASS":  # result_markup(r)
        result = _contract_markup(contract, language)
    else:
        result = result_markup(r)
    lead = ""
    if show_lead:
        lead = f'<td class="lead opt">{out(_lead_markup(r["lead"], language))}</td>'
    return (
        f'      <td class="contract">{out(result)}</td>\n'
        f"      <td>{out(_blank(r['declarer']))}</td>\n"
        f"{lead}"
        f'      <td class="{tricks_class}">{out(_blank(r["tricks"]))}</td>\n'
    )


def _traveller_rows(written: _Written) -> Callable[..., Markup]:
    """The ``traveller_rows`` filter: a traveller's table rows (``board.html``) as the template
    wrote them, built here: a board of a 3,000-table simultaneous is 3,000 rows of a dozen
    cells, and Jinja's lookups, filters and escapes for each were most of its traveller's time.
    Each value is written as ``{{ }}`` writes it (:func:`_output`), in the language looked up
    once for the board."""

    def traveller_rows(
        rows: Iterable[Mapping[str, Any]],
        show_round: bool,
        show_table: bool,
        show_lead: bool,
        show_par: bool,
        why_word: str,
    ) -> Markup:
        out = _output
        language = current()
        code = language.code
        why_word = out(why_word)

        def num(value: str | int | None) -> str:
            return out(written(value, language))

        def pairs(entrants: Iterable[Mapping[str, Any]], side: str) -> str:
            # each entrant as who_link(e, at_side(e, side)), joined by " &amp; "
            return " &amp; ".join(
                _who_link(e["label"], e["page"], e["name"], _kind_of(e), at_side(e, side), code)
                for e in entrants
            )

        lines: list[str] = []
        add = lines.append
        for index, r in enumerate(rows, 1):
            score = r["ns_score"]
            add(f'    <tr id="r{index}" class="{out(r["kind"].replace(" ", "-"))}">\n')
            if show_round:
                add(f'<td class="num opt">{out(_blank(r["round"]))}</td>')
            if show_table:
                add(f'<td class="num opt">{out(r["table"] or "")}</td>')
            add(f'      <td class="num pair ns">{pairs(r["ns_entrants"], "NS")}</td>\n')
            add(f'      <td class="num pair ew">{pairs(r["ew_entrants"], "EW")}</td>\n')
            add(_result_cells(r, code, show_lead, "num"))
            ns = "" if score is None or score < 0 else out(score)
            ew = "" if score is None or score >= 0 else out(-score)
            add(f'      <td class="num score ns-score">{ns}</td>\n')
            add(f'      <td class="num score ew-score">{ew}</td>\n')
            add(f'      <td class="num value ns-value">{num(r["ns_mp_exact"])}</td>\n')
            add(f'      <td class="num value ew-value">{num(r["ew_mp_exact"])}</td>\n')
            if show_par:
                difference = r["par_difference"]
                par = "" if difference is None else out(f"{difference:+d}" if difference else "0")
                add(f'<td class="num vs-par">{par}</td>')
            why = present(r["explanation"])
            if why:
                said = "".join(
                    f"<p><b>{out(side)}</b> {out(shown_text(e['text']))}</p>" for side, e in why
                )
                add(
                    f'      <td class="why"><details><summary>{why_word}</summary>'
                    f'<div id="r{index}-why">{said}</div></details></td>\n'
                )
            else:
                add('      <td class="why"></td>\n')
            add("    </tr>\n")
        return Markup("".join(lines))

    return traveller_rows


def _chart(card: Mapping[str, Any], imps: bool, label: str) -> Markup:
    """The ``chart`` filter: a score card's chart drawn in its page (one file fewer for each
    card: a 3,000-table site's 6,000 charts were a fifth of its files), named by ``label``."""
    return Markup(chart_svg(card, imps, label).removesuffix("\n"))


# What an evening's story heads say (:func:`_story_heads`), marked for the catalogues
_TO_TRAVELLER = N_("This result on the board's traveller, with the reason")
_ROUND = N_("round %(round)s")
_IMPS = N_("%(imps)s IMPs")
_MP_OF_TOP = N_("%(mp)s of %(top)s MP")


def _story_heads(
    num: Callable[[str | int | None], str],
) -> tuple[Callable[..., Markup], Callable[..., Markup]]:
    """The ``story_head`` and ``jump_list`` filters: the opening of a board's story on an
    evening (``evening.html``), its section, heading and result line, and the evening's list
    of boards, as the template wrote them, built here: every evening has a story for each
    board, and Jinja's lookups, filters and escapes for each were most of the page's time.
    What many pairs share is made once: a heading for every pair that sat the same way on the
    board (:func:`_story_title`), a result's link and a list's item for every pair with the
    same score on it."""

    def story_head(b: Mapping[str, Any], imps: bool) -> Markup:
        out = _output
        language = current().code
        section = b["section"]
        anchor = out(f"b{b['board']}-{section}" if section else f"b{b['board']}")
        title = _story_title(board_heading(b), b["direction"], b["round"], language)
        score = b["score"]
        scored = "" if score is None else f' <span class="score">{out(points_text(score))}</span>'
        if imps:
            value = imps_said(b["imps_exact"], language)
        else:
            value = mp_said(b["mp_exact"], b["top_exact"], b["percent_exact"], language)
        return Markup(
            f'<section class="story {out(_band(b["percent_exact"]))}" id="{anchor}" '
            f'aria-labelledby="{anchor}-title">\n'
            f'  <h2 id="{anchor}-title">{title}</h2>\n'
            f'  <p class="story-result"><span class="contract">{out(symbols_markup(b["result"]))}'
            f"</span>{scored}    · "  # the template's line break was trimmed after its if
            f'<a href="{out(b["page"])}#r{out(b["row"])}" title="{value}</a></p>\n  '
        )

    # A result line's link (its title and what it says) is the same for every pair with the
    # same matchpoints on a board: each made once.
    @functools.lru_cache(maxsize=65536)
    def imps_said(imps: str | None, language: str) -> str:
        said = _output(_gettext(_IMPS, imps=num(imps)))
        return f'{_output(_gettext(_TO_TRAVELLER))}">{said}'

    @functools.lru_cache(maxsize=65536)
    def mp_said(mp: str | None, top: str | None, percent: str | None, language: str) -> str:
        said = _output(_gettext(_MP_OF_TOP, mp=num(mp), top=num(top)))
        if percent is not None:
            said += f" ({_output(current().percentage(num(percent)))})"
        return f'{_output(_gettext(_TO_TRAVELLER))}">{said}'

    def jump_list(boards: Iterable[Mapping[str, Any]], imps: bool) -> Markup:
        """An evening's list of its boards, each a link to its story with its score."""
        language = current().code
        if imps:
            items = (
                jump(b["board"], b["section"], b["percent_exact"], b["imps_exact"], True, language)
                for b in boards
            )
        else:
            items = (
                jump(b["board"], b["section"], b["percent_exact"], None, False, language)
                for b in boards
            )
        return Markup("".join(items))

    # The same for every pair with the same score on the board: each made once.
    @functools.lru_cache(maxsize=65536)
    def jump(
        board: int,
        section: str | None,
        percent: str | None,
        imps_exact: str | None,
        imps: bool,
        language: str,
    ) -> str:
        said = _gettext(_IMPS, imps=num(imps_exact)) if imps else current().percentage(num(percent))
        anchor = f"#b{board}-{section}" if section else f"#b{board}"
        return (
            f'    <li><a href="{_output(anchor)}" class="{_output(_band(percent))}">'
            f"{_output(board)}"
            f'<span class="sr-only">: {_output(said)}</span></a></li>\n'
        )

    return story_head, jump_list


@functools.lru_cache(maxsize=4096)
def _story_title(heading: str, direction: str, round: int | None, language: str) -> str:
    """A story's heading's text: ``Board 7 <small>NS, round 4</small>``, escaped."""
    said = "" if round is None else f", {_output(_gettext(_ROUND, round=round))}"
    return f"{_output(heading)} <small>{_output(direction)}{said}</small>"


def given(rows: Iterable[Mapping[str, Any]], key: str) -> bool:
    """Whether any row has a value under ``key`` (not null): a column worth showing."""
    return any(row[key] is not None for row in rows)


def filled(rows: Iterable[Mapping[str, Any]], key: str) -> bool:
    """Whether any row has a value under ``key`` that is not empty, zero or null."""
    return any(row[key] for row in rows)


def present(explanations: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """A traveller row's explanations by side, without the sides that have none."""
    return [(side, e) for side, e in explanations.items() if e is not None]


def entrant_kind(who: Mapping[str, Any]) -> str:
    """``Pair 3NS``, ``Player 12``, ``Team 4``."""
    return _kind_text(_kind_of(who), who["label"])


def _kind_of(who: Mapping[str, Any]) -> str:
    return "player" if "player" in who else "team" if "team" in who else "pair"


def _kind_text(kind: str, label: object) -> str:
    if kind == "player":
        return _("Player %(label)s", label=label)
    if kind == "team":
        return _("Team %(label)s", label=label)
    return _("Pair %(label)s", label=label)


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
    if link.get("section"):
        return _(
            "Board %(board)s (section %(section)s)", board=link["board"], section=link["section"]
        )
    return _("Board %(board)s", board=link["board"])


def date_text(value: str | None) -> str:
    """A session's date (``2026-11-25``) as the reader's language writes it
    (:func:`bridgescore.languages.written_date`)."""
    return written_date(value)


_VULNERABILITY = {"None": N_("None"), "All": N_("All")}


def vulnerability_text(vulnerability: str, sentence: bool = False) -> str:
    """A board's vulnerability as a page says it: ``NS`` and ``EW`` are notation, ``None`` and
    ``All`` words of the reader's language; in a sentence (``sentence``: "dealer N, vulnerable
    None") words of their own, which read as a sentence does ("vulnérabilité : aucune")."""
    if sentence:
        return vulnerable_said(vulnerability)
    word = _VULNERABILITY.get(vulnerability)
    return vulnerability if word is None else _(word)


def vulnerable(vulnerability: str, seat: str) -> bool:
    return Vulnerability.parse(vulnerability).is_vulnerable(Seat.parse(seat).side)


_DICT_ATTRIBUTES = frozenset(dir(dict))
# markupsafe's C function behind escape(): the escaped text, without a Markup around it
_escape_text: Callable[[str], str] = getattr(markupsafe, "_escape_inner", lambda s: str(escape(s)))


def _output(value: Any) -> str:
    """What ``{{ value }}`` writes: :func:`markupsafe.escape`'s text. Making a Markup of each
    of the millions of values a large site shows was over half of its rendering time; the
    page's pieces are joined into one string anyway, and a macro's output is made a Markup
    whole."""
    kind = type(value)
    if kind is str:
        return _escape_text(value)
    if kind is int:
        return str(value)  # digits and a sign: nothing to escape
    if kind is Markup:  # already escaped: its own text (what its __html__ gives)
        return value  # type: ignore[no-any-return]
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return _escape_text(str(value))


class _PageTemplate(jinja2.Template):
    """A template whose ``{{ value }}`` is written by :func:`_output`."""

    @classmethod
    def from_code(
        cls,
        environment: jinja2.Environment,
        code: CodeType,
        globals: MutableMapping[str, Any],
        uptodate: Callable[[], bool] | None = None,
    ) -> jinja2.Template:
        template = super().from_code(environment, code, globals, uptodate)
        # the compiled module's own name for the function, shared by its blocks and macros
        template.root_render_func.__globals__["escape"] = _output
        return template


class _PageContext(jinja2.runtime.Context):
    """Every call in a template goes through :meth:`call`, which looks for an argument to pass
    first: ``_()`` and ``once()`` take none, and a page makes a few hundred of these calls."""

    def call(__self, __obj: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if __obj is _gettext or type(__obj) is Fragments:
            kwargs.pop("_loop_vars", None)
            kwargs.pop("_block_vars", None)
            return __obj(*args, **kwargs)
        return super().call(__obj, *args, **kwargs)


class _PageEnvironment(jinja2.Environment):
    """Jinja's ``row.page`` tries the attribute first and the key only after an AttributeError.
    A page's data are dicts, so here the key is tried first (unless ``page`` names a dict
    method, which keeps Jinja's meaning): a large site does millions of these lookups, and
    raising and catching an exception for each took about a third of its rendering time."""

    template_class = _PageTemplate
    context_class = _PageContext

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def environment(rules: Rules) -> jinja2.Environment:
    """The templates, with filters that round by ``rules`` (the same for the site and a web app)."""
    env = _PageEnvironment(
        loader=jinja2.PackageLoader("bridgescore.reports", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    num, written = _numbers(rules)
    story_head, jump_list = _story_heads(num)
    env.filters.update(
        num=num,
        signed=_signed(rules),
        imps=imps_text,
        contract=contract_markup,
        result=result_markup,
        lead=lead_markup,
        symbols=symbols_markup,
        points=points_text,
        slug=slug,
        holding=holding_text,
        band=_band,
        bar=_bar,
        blank=_blank,
        suit=suit_symbol,
        kind=entrant_kind,
        number=entrant_number,
        in_field=in_field,
        who=who_link,
        given=given,
        filled=filled,
        present=present,
        at_side=at_side,
        heading=board_heading,
        told=told,
        card_rows=_card_rows(written),
        chart=_chart,
        traveller_rows=_traveller_rows(written),
        story_head=story_head,
        jump_list=jump_list,
    )
    env.filters.update(tr=shown_text, date=date_text, vulnerability=vulnerability_text)
    env.tests["vulnerable"] = vulnerable
    install(env)
    # ``{{ _("...") }}`` without Jinja's three calls through the context for each message
    env.globals.update(_=_gettext, gettext=_gettext, once=_call)
    return env


def _call(macro: Callable[..., str], *args: Any) -> str:
    """``{{ once(macro, ...) }}`` where no :class:`Fragments` is given: the macro, called."""
    return macro(*args)


class Fragments:
    """``{{ once(macro, a, b) }}`` in a site's pages: ``macro(a, b)`` rendered once for each
    set of arguments, then repeated. An evening's 26 boards at 3,000 tables are 156,000 stories
    of which a few thousand differ (the pairs with the same score on a board are told the same),
    and rendering each was a quarter of the site's time.

    Such a macro shows only its arguments (no variable of the page around it), each a string,
    a number, None, a tuple of those (:func:`told`: statements as shown) or JSON data (a deal's
    hands); the key is the arguments by type, and the language read in. At most ``limit``
    fragments are kept (a site needs some thousands); past that they are rendered each time.
    """

    def __init__(self, limit: int = 20_000) -> None:
        self._made: dict[tuple[Any, ...], str] = {}
        self._limit = limit

    def __call__(self, macro: Callable[..., str], *args: Any) -> str:
        key = (getattr(macro, "name", ""), current().code, *map(_key, args))
        made = self._made.get(key)
        if made is None:
            made = macro(*args)
            if len(self._made) < self._limit:
                self._made[key] = made
        return made


def _key(value: Any) -> Any:
    """A fragment's argument as part of its key: equal keys show the same."""
    kind = type(value)
    if kind is tuple or value is None:
        return value  # told()'s: tuples of plain strings
    if kind is dict or kind is list:
        return json.dumps(value, ensure_ascii=False, check_circular=False)
    return (kind, value)


def told(statements: Iterable[Mapping[str, Any]]) -> tuple[tuple[str, str], ...]:
    """Statements (:meth:`~bridgescore.reports.analysis.Statement.data`) as a page shows them:
    each its kind and its sentence in the reader's language."""
    return tuple((s["kind"], str(shown_text(s["text"]))) for s in statements)


def _gettext(__message: str, **values: Any) -> Markup:
    """Jinja's new-style ``_()`` (:func:`bridgescore.languages.install`) in an autoescaping
    template: the message in the current language as a ``Markup``, ``%``-formatted with
    ``values`` (escaped). A site shows a few hundred messages hundreds of thousands of times,
    with a few thousand distinct values: each is made once (the language and each value's
    type are part of the key: ``"<b>"`` and ``Markup("<b>")`` are formatted differently)."""
    language = current().code
    try:
        return _formatted(__message, language, tuple((k, type(v), v) for k, v in values.items()))
    except TypeError:  # a value that cannot be a key
        return _translated(__message, language) % values


@functools.lru_cache(maxsize=65536)
def _formatted(message: str, language: str, values: tuple[tuple[str, type, Any], ...]) -> Markup:
    return _translated(message, language) % {k: v for k, _type, v in values}


@functools.lru_cache(maxsize=4096)
def _translated(message: str, language: str) -> Markup:
    return Markup(current().translations.gettext(message))


def render(
    env: jinja2.Environment,
    template: str,
    site: Mapping[str, Any],
    data: Mapping[str, Any],
    fragments: Fragments | None = None,
) -> str:
    """One page: ``data`` is the page's view (:mod:`bridgescore.reports.views`), ``site`` what
    every page shows around it (:func:`~bridgescore.reports.views.site`); ``fragments``: what
    the site's pages share, rendered once (:class:`Fragments`)."""
    page = str(data["page"]).removesuffix(".html")
    shared = {} if fragments is None else {"once": fragments}
    return env.get_template(template).render(
        site=site, page=page, data=data, stylesheet=STYLESHEET, **shared
    )


# --- the site ------------------------------------------------------------------------------------


class _Writer:
    """Renders pages and their twins into one directory and remembers what it wrote."""

    def __init__(
        self, directory: Path, rules: Rules, site: Mapping[str, Any], files: Files
    ) -> None:
        self.directory = directory
        self.env = environment(rules)
        # The package's templates do not change while a site is written: without this, Jinja
        # looks at each template file's time again for every page (and its base and macros).
        self.env.auto_reload = False
        self.site = site
        self.files = files
        self.fragments = Fragments()
        self.pages: list[str] = []

    def page(
        self, template: str, data: Mapping[str, Any], twin: Mapping[str, Any] | None = None
    ) -> None:
        """``X.html`` rendered from ``data``, and ``X.json``: the same data (or ``twin``)."""
        name = str(data["page"]).removesuffix(".html")
        self.files.write(
            self.directory / f"{name}.html",
            render(self.env, template, self.site, data, self.fragments),
        )
        # No indent: json's C encoder does the work (indenting falls back to pure Python); a
        # page's data is a tree, so looking for cycles in it is time lost.
        text = json.dumps(data if twin is None else twin, ensure_ascii=False, check_circular=False)
        text += "\n"
        self.files.write(self.directory / f"{name}.json", text)
        self.pages.append(f"{name}.html")

    def asset(self, name: str, text: str) -> None:
        self.files.write(self.directory / name, text)


def _stylesheet() -> str:
    return (
        resources.files("bridgescore.reports")
        .joinpath("templates", STYLESHEET)
        .read_text(encoding="utf-8")
    )


def write_site(
    result: SessionResult | TeamsResult,
    directory: Path,
    *,
    double_dummy: bool = True,
    progress: Callable[[int, int], None] | None = None,
    masterpoints: Awards | None = None,
    analysis: bool = True,
    leads: Leads | None = None,
    fork: bool = False,
    pages: views.SessionPages | None = None,
) -> Site:
    """Write every page of a scored session into ``directory``, which exists: a pairs (or
    individual) session's rankings, travellers, recap sheet and score cards; a teams event's
    (:func:`write_teams_site`) rankings and travellers.

    ``double_dummy`` solves the known deals for makeable contracts and par (a few seconds for a
    session's boards); without it the hand diagrams and points are still shown. ``progress``
    is told (pages written, pages in all) as the pages are written. ``masterpoints``: the
    rankings and score cards show each award and how it was reached. ``analysis``: each
    entrant's evening, board by board (``pair-3ns-evening.html``), with the opening leads
    solved when ``double_dummy`` (into ``leads`` when given: a cache kept across sites).
    ``fork``: a site of :data:`FORK_ENTRANTS` score cards or more shares them with a forked
    copy of the process on a second core (the command line; a server's process, with its
    threads, keeps to itself). ``pages``: the session's pages already made, with their
    analyses, awards and leads (a server's, the pages it serves): written as they are.
    """
    if not isinstance(result, SessionResult):
        return write_teams_site(
            result,
            directory,
            double_dummy=double_dummy,
            progress=progress,
            masterpoints=masterpoints,
            analysis=analysis,
        )
    if pages is None:
        pages = _session_pages(result, double_dummy, masterpoints, analysis, leads)
    else:
        analysis = pages.evenings
    site = pages.site()
    entrants = pages.card_entrants()
    total = len(result.boards) + len(entrants) * (2 if analysis else 1) + 2
    # A large site's score cards and evenings are shared with a copy of this process on a
    # second core: it takes them from the first on, while this one writes the rankings, the
    # travellers and the recap sheet, then takes the cards from the last back until the two
    # meet (Split: both finish together, whatever the machine's other load). The pages are
    # listed in the entrants' order, as one process writes them.
    large = fork and len(entrants) >= FORK_ENTRANTS
    split = Split(len(entrants), FORK_CHUNK) if large and can_fork() else None

    def theirs(tick: Callable[[], None]) -> list[str]:
        assert split is not None
        with Files() as files:
            writer = _Writer(directory, result.rules, site, files)
            while (taken := split.front()) is not None:
                _cards(writer, pages, entrants[taken.start : taken.stop], analysis, tick)
        return writer.pages

    with contextlib.ExitStack() as stack:
        other = None if split is None else stack.enter_context(Forked(theirs))
        files = stack.enter_context(Files())
        writer = _Writer(directory, result.rules, site, files)
        writer.asset(STYLESHEET, _stylesheet())

        def done(elsewhere: int | None = None) -> None:
            if progress is not None:
                if elsewhere is None:
                    elsewhere = 0 if other is None else other.poll()
                progress(len(writer.pages) + elsewhere, total)

        writer.page("index.html", pages.rankings())
        for board in result.boards:
            writer.page("board.html", pages.traveller(board))
            done()
        writer.page("recap.html", pages.recap())
        if split is None or other is None:
            _cards(writer, pages, entrants, analysis, done)
            written = writer.pages
        else:
            ours = site_pages = len(writer.pages)
            chunks = []  # this process's cards, last chunk first
            while (taken := split.back()) is not None:
                _cards(writer, pages, entrants[taken.start : taken.stop], analysis, done)
                chunks.append(writer.pages[ours:])
                ours = len(writer.pages)
            written = writer.pages[:site_pages] + other.result(done)
            written += [page for chunk in reversed(chunks) for page in chunk]
    if progress is not None:
        progress(len(written), total)
    evenings = len(entrants) if analysis else 0
    return Site(directory, tuple(written), len(result.boards), len(entrants), evenings=evenings)


def _session_pages(
    result: SessionResult,
    double_dummy: bool,
    masterpoints: Awards | None,
    analysis: bool,
    leads: Leads | None,
) -> views.SessionPages:
    solved = views.solve(result.session.boards.values()) if double_dummy else {}
    if analysis and solved:
        from bridgescore.reports.analysis import positions
        from bridgescore.reports.leads import Leads

        leads = Leads() if leads is None else leads
        leads.solve(positions(result.boards))
    else:
        leads = None
    return views.SessionPages(result, solved, masterpoints, leads, evenings=analysis)


FORK_ENTRANTS = 200  # score cards from which a copy of the process helps (a club's night: none)
FORK_CHUNK = 16  # score cards taken at a time by either process (some 80 ms of work)


def _cards(
    writer: _Writer,
    pages: views.SessionPages,
    entrants: Sequence[Entrant],
    analysis: bool,
    done: Callable[[], None],
) -> None:
    """Each entrant's score card and, with ``analysis``, its evening."""
    for entrant in entrants:
        card = pages.card(entrant)
        writer.page("card.html", card)
        done()
        if analysis:
            evening = pages.evening(entrant, card)
            writer.page("evening.html", evening, views.evening_twin(evening))
            done()


# --- teams ---------------------------------------------------------------------------------------


def write_teams_site(
    result: TeamsResult,
    directory: Path,
    *,
    double_dummy: bool = True,
    progress: Callable[[int, int], None] | None = None,
    masterpoints: Awards | None = None,
    analysis: bool = True,
    pages: views.TeamsPages | None = None,
    evenings: TeamEvenings | None = None,
) -> Site:
    """Teams of four: the ranking by victory points, the matches, and a traveller per board
    (with its deal when known); ``masterpoints``: each team's award on the ranking;
    ``analysis``: each team's evening (``team-3-evening.html``, :mod:`.team_evening`).
    ``pages`` and ``evenings``: made already, with their analyses, awards and leads (a
    server's, the pages it serves): written as they are."""
    from bridgescore.reports.leads import Leads
    from bridgescore.reports.team_evening import TeamEvenings, link_evenings, positions

    if pages is None or evenings is None:
        solved = views.solve(result.session.boards.values()) if double_dummy else {}
        pages = views.TeamsPages(result, solved, masterpoints)
        leads = None
        if solved and analysis:  # each table's opening lead against double dummy
            leads = Leads()
            leads.solve(positions(result))
        evenings = TeamEvenings(result, solved, leads)
    numbers = pages.board_numbers()
    teams = evenings.entrants() if analysis else []
    rankings = pages.rankings()
    if teams:  # each team's number links its evening
        rankings = link_evenings(rankings, teams)
    with Files() as files:
        writer = _Writer(directory, result.rules, pages.site(), files)
        writer.asset(STYLESHEET, _stylesheet())
        writer.page("teams.html", rankings)
        for number in numbers:
            writer.page("teams_board.html", pages.traveller(number))
            if progress is not None:
                progress(len(writer.pages), len(numbers) + len(teams) + 1)
        for team in teams:
            writer.page("team_evening.html", evenings.page(team))
            if progress is not None:
                progress(len(writer.pages), len(numbers) + len(teams) + 1)
    return Site(directory, tuple(writer.pages), len(numbers), 0, teams=True, evenings=len(teams))


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
    "symbols_markup",
    "write_site",
    "write_teams_site",
]
