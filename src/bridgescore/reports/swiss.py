"""A Swiss event shown: each round's draw and the standings, as plain data (its JSON), as
terminal tables, and as published pages (the standings after the rounds complete and each
round's draw with its scores: ``index`` and ``round-N``, each with its JSON twin)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgescore import __version__
from bridgescore.display import fmt_fixed
from bridgescore.formats.json import exact, number
from bridgescore.languages import N_, _, current
from bridgescore.languages.text import Figure, Text, counted
from bridgescore.rules import VpScale
from bridgescore.swiss.conditions import FirstRound, TieBreak

if TYPE_CHECKING:
    from rich.console import Console

    from bridgescore.swiss import Draw, SwissEvent, SwissStanding

Data = dict[str, Any]


def draw_data(draw: Draw, *, tables: bool = True) -> Data:
    """A round's draw: ``{"round", "matches": [{"table"?, "home", "away"}], "bye"}``."""
    return {
        "round": draw.round,
        "matches": [
            ({"table": m.table} if tables else {}) | {"home": m.home, "away": m.away}
            for m in draw.matches
        ],
        "bye": draw.bye,
    }


def standings_data(standings: tuple[SwissStanding, ...]) -> list[Data]:
    """Each team's place and figures (numbers, and ``*_exact`` fraction strings)."""
    return [
        {
            "place": s.place,
            "team": s.team,
            "name": s.name,
            "vps": number(s.vps),
            "vps_exact": exact(s.vps),
            "imps_for": number(s.imps_for),
            "imps_for_exact": exact(s.imps_for),
            "imps_against": number(s.imps_against),
            "imps_against_exact": exact(s.imps_against),
            "matches": s.matches,
            "byes": s.byes,
            "withdrawn": s.withdrawn,
            "tie_break": None if s.decided_by is None else s.decided_by.value,
        }
        for s in standings
    ]


def event_data(event: SwissEvent) -> Data:
    """The simulated (or any) event: every round's pairings and the standings."""
    return {
        "rounds": [draw_data(d, tables=False) for d in event.draws],
        "standings": standings_data(event.standings()),
    }


def render_draw(event: SwissEvent, number: int, console: Console) -> None:
    """A round's draw table by table, with the scores in so far."""
    from rich.table import Table

    draw = event.draws[number - 1]
    table = Table(
        title=_("Round %(round)s of %(rounds)s", round=number, rounds=event.conditions.rounds),
        title_justify="left",
    )
    for name in (_("Table"), _("Home"), _("Away"), _("IMPs"), _("VPs")):
        table.add_column(name, justify="right")
    names = {t.number: t.name for t in event.teams}
    for match in draw.matches:
        score = event.scores.get((number, match.home, match.away))
        vps = event.match_vps(number, match)
        table.add_row(
            str(match.table),
            _team(match.home, names),
            _team(match.away, names),
            "" if score is None else f"{_written(score.home_imps)}–{_written(score.away_imps)}",
            "" if vps is None else f"{_written(vps[0])}–{_written(vps[1])}",
        )
    console.print(table)
    if draw.bye is not None:
        bye = event.conditions.bye_vps or 0
        console.print(
            _("Bye: %(team)s (%(vps)s VPs)", team=_team(draw.bye, names), vps=_written(bye))
        )


def render_standings(event: SwissEvent, console: Console) -> None:
    from rich.table import Table

    done = sum(1 for n in range(1, event.drawn + 1) if not event.missing(n))
    table = Table(
        title=_(
            "Standings: %(done)s of %(rounds)s rounds complete",
            done=done,
            rounds=event.conditions.rounds,
        ),
        title_justify="left",
    )
    for name in (
        N_("Place"),
        N_("Team"),
        N_("Name"),
        N_("Rounds"),
        N_("IMPs for"),
        N_("IMPs against"),
        N_("VPs"),
    ):
        table.add_column(_(name), justify="left" if name == "Name" else "right")
    for s in event.standings():
        name = (s.name or "") + (_(" (withdrawn)") if s.withdrawn else "")
        table.add_row(
            s.place,
            str(s.team),
            name,
            str(s.matches + s.byes),
            _written(s.imps_for),
            _written(s.imps_against),
            _written(s.vps),
        )
    console.print(table)


def _team(team: int, names: dict[int, str | None]) -> str:
    name = names.get(team)
    return f"{team} {name}" if name else str(team)


def _num(value: Any) -> str:
    return fmt_fixed(value, 2)


def _written(value: Any) -> str:
    """A figure of the terminal's tables to two places, in the language's form (``20,00``)."""
    return current().number(fmt_fixed(value, 2))


# --- the published pages -------------------------------------------------------------------------


def match_data(event: SwissEvent, round_number: int, match: Any, *, scores: bool = True) -> Data:
    """A match of a round: its table, both teams with their names, and (``scores``) each
    team's IMPs and VPs once its score is in."""
    names = {t.number: t.name for t in event.teams}
    score = event.scores.get((round_number, match.home, match.away)) if scores else None
    vps = event.match_vps(round_number, match) if score is not None else None
    return {
        "table": match.table,
        "home": {"number": match.home, "name": names.get(match.home)},
        "away": {"number": match.away, "name": names.get(match.away)},
        "imps": None
        if score is None
        else {
            "home": number(score.home_imps),
            "home_exact": exact(score.home_imps),
            "away": number(score.away_imps),
            "away_exact": exact(score.away_imps),
        },
        "vps": None
        if vps is None
        else {
            "home": number(vps[0]),
            "home_exact": exact(vps[0]),
            "away": number(vps[1]),
            "away_exact": exact(vps[1]),
        },
    }


TIE_BREAK_WORDS = {
    TieBreak.HEAD_TO_HEAD: N_(
        "head-to-head (the VPs among the teams level, when each has met each)"
    ),
    TieBreak.IMP_QUOTIENT: N_("IMP quotient (IMPs for ÷ IMPs against)"),
    TieBreak.IMP_DIFFERENCE: N_("IMP difference"),
}


_SCALES = {VpScale.CONTINUOUS: N_("continuous"), VpScale.DISCRETE: N_("discrete")}
# A standing's tie-break as the published standings name it (``{{ _(tie_break) }}``)
TIE_BREAK_NAMES = (N_("head to head"), N_("imp quotient"), N_("imp difference"))


def conditions_words(event: SwissEvent, kind: str) -> list[str]:
    """The conditions of contest as sentences, for the pages: each a :class:`Text`, English in
    the JSON, shown in the reader's language."""
    c = event.conditions
    bye = (
        Text(N_("no bye (an odd field cannot be drawn)"))
        if c.bye_vps is None
        else Text(N_("the bye scores %(vps)s VPs"), vps=Figure(_num(c.bye_vps)))
    )
    later = (
        N_(
            "round 1 drawn %(first)s; each later round pairs teams on close scores that have "
            "not met, no rematch while one can be avoided"
        )
        if kind == "teams"
        else N_(
            "round 1 drawn %(first)s; each later round pairs pairs on close scores that have "
            "not met, no rematch while one can be avoided"
        )
    )
    first = Text(N_("at random")) if c.first_round is FirstRound.RANDOM else Text(N_("by seeding"))
    breaks = [Text(TIE_BREAK_WORDS[t]) for t in c.tie_breaks]
    listed: Any = breaks[0] if breaks else ""
    for tie_break in breaks[1:]:
        listed = Text(N_("%(list)s, then %(item)s"), list=listed, item=tie_break)
    said: list[str] = [
        Text(
            N_("%(rounds)s, IMPs to VPs on the WBF %(scale)s scale"),
            rounds=Text(
                N_("%(count)s rounds of %(boards)s"),
                count=c.rounds,
                boards=counted("%(num)d board", "%(num)d boards", c.boards),
            ),
            scale=Text(_SCALES[c.vp_scale]),
        ),
        Text(later, first=first),
        bye,
        Text(N_("ties split by %(breaks)s"), breaks=listed),
    ]
    if c.danish:
        said.append(
            counted(
                "the last %(num)d round drawn Danish",
                "the last %(num)d rounds drawn Danish",
                c.danish,
            )
        )
    if c.late_vps:
        said.append(
            Text(
                N_("a late entry scores %(vps)s VPs for each round missed"),
                vps=Figure(_num(c.late_vps)),
            )
        )
    return said


def index_data(event: SwissEvent, title: str, kind: str, through: int) -> Data:
    """The event's published standings after ``through`` rounds, and its rounds."""
    return {
        "bridgescore": __version__,
        "page": "index",
        "event": title,
        "kind": kind,
        "through": through,
        "rounds_total": event.conditions.rounds,
        "conditions": conditions_words(event, kind),
        "rounds": [
            {"round": d.round, "page": f"round-{d.round}.html", "complete": d.round <= through}
            for d in event.draws
        ],
        "standings": standings_data(event.standings(through)),
    }


def round_data(event: SwissEvent, title: str, kind: str, round_number: int, through: int) -> Data:
    """A round's draw, table by table, with the scores once the round is complete."""
    draw = event.draws[round_number - 1]
    names = {t.number: t.name for t in event.teams}
    complete = round_number <= through
    return {
        "bridgescore": __version__,
        "page": f"round-{round_number}",
        "event": title,
        "kind": kind,
        "round": round_number,
        "complete": complete,
        "rounds": [{"round": d.round, "page": f"round-{d.round}.html"} for d in event.draws],
        "matches": [match_data(event, round_number, m, scores=complete) for m in draw.matches],
        "bye": None
        if draw.bye is None
        else {
            "number": draw.bye,
            "name": names.get(draw.bye),
            "vps": number(event.conditions.bye_vps or Fraction(0)),
            "vps_exact": exact(event.conditions.bye_vps or Fraction(0)),
        },
    }


def site_pages(event: SwissEvent, title: str, kind: str, through: int) -> dict[str, Data]:
    """Every published page's data by its name (``index``, ``round-1`` ...)."""
    pages = {"index": index_data(event, title, kind, through)}
    for d in event.draws:
        pages[f"round-{d.round}"] = round_data(event, title, kind, d.round, through)
    return pages


def page_template(name: str) -> str:
    return "swiss_index.html" if name == "index" else "swiss_round.html"


def render_page(env: Any, data: Data) -> str:
    """One published page (``env``: the report's templates, :func:`html.environment`)."""
    from bridgescore.reports.html import STYLESHEET

    site = {"bridgescore": __version__, "event": data["event"], "date": None}
    template = page_template(str(data["page"]))
    return str(
        env.get_template(template).render(
            site=site, page=data["page"], data=data, stylesheet=STYLESHEET
        )
    )


def write_swiss_site(pages: dict[str, Data], directory: Path) -> list[str]:
    """The published pages and their JSON twins, and the stylesheet, into ``directory``."""
    from importlib import resources

    from bridgescore.reports.files import Files
    from bridgescore.reports.html import STYLESHEET, environment
    from bridgescore.rules import CLUB

    env = environment(CLUB)
    sheet = resources.files("bridgescore.reports").joinpath("templates", STYLESHEET)
    with Files() as files:
        files.write(directory / STYLESHEET, sheet.read_text("utf-8"))
        for name, data in pages.items():
            files.write(directory / f"{name}.html", render_page(env, data))
            files.write(directory / f"{name}.json", json.dumps(data, ensure_ascii=False) + "\n")
    return [f"{name}.html" for name in pages]
