"""A club competition shown: the ladder as plain data (its page's JSON twin), in the terminal and
as a page; a round robin's fixtures and a knock-out's first round in the terminal."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgescore import __version__
from bridgescore.competitions import Knockout, Ladder
from bridgescore.display import fmt_fixed
from bridgescore.formats.json import exact, number
from bridgescore.languages import N_, _, current, ngettext
from bridgescore.languages.text import Text, shown

if TYPE_CHECKING:
    from rich.console import Console

Data = dict[str, Any]


def ladder_data(found: Ladder, title: str | None = None) -> Data:
    """The ladder page: the rules in words, the sessions, each entry's place, score and the
    results counted and dropped."""
    sessions = [
        {
            "number": k + 1,
            "label": s.label,
            "title": s.result.session.title,
            "date": s.result.session.date,
        }
        for k, s in enumerate(found.sessions)
    ]
    return {
        "bridgescore": __version__,
        "page": "index.html",
        "event": title or Text(N_("Club ladder")),
        "rules": found.rules.describe(),
        "by": found.rules.by.value,
        "best": found.rules.best,
        "minimum": found.rules.minimum,
        "score": found.rules.score.value,
        "sessions": sessions,
        "rankings": [
            {
                "place": s.place,
                "rank": s.rank,
                "name": s.name,
                "played": s.played,
                "score": number(s.score),
                "score_exact": exact(s.score),
                "counted": [_result(r) for r in s.counted],
                "dropped": [_result(r) for r in s.dropped],
                "needs": max(0, found.rules.minimum - s.played) if s.rank is None else 0,
            }
            for s in found.standings
        ],
        "notes": list(found.notes),
    }


def _result(r: Any) -> Data:
    return {
        "session": r.session + 1,
        "entrant": r.standing.entrant.label,
        "percent": number(r.percent),
        "percent_exact": exact(r.percent),
    }


def render_ladder(data: Mapping[str, Any], console: Console) -> None:
    from rich.table import Table
    from rich.text import Text as Styled

    console.print(Styled(shown(data["event"]), style="bold"))
    console.print(
        _(
            "%(sessions)s; %(rules)s",
            sessions=ngettext("%(num)d session", "%(num)d sessions", len(data["sessions"])),
            rules=shown(data["rules"]),
        ),
        soft_wrap=True,
    )
    table = Table(title=_("Ladder"), title_justify="left")
    for name in (N_("Place"), N_("Names"), N_("Played"), N_("Counted"), N_("Score")):
        table.add_column(_(name), justify="left" if name == "Names" else "right")
    for row in data["rankings"]:
        counted = ", ".join(_num(r["percent_exact"]) for r in row["counted"])
        place = row["place"] or (_("needs %(count)s", count=row["needs"]) if row["needs"] else "")
        table.add_row(place, row["name"], str(row["played"]), counted, _num(row["score_exact"]))
    console.print(table)
    for note in data["notes"]:
        console.print(Styled(_("Note: %(note)s", note=shown(note)), style="yellow"), soft_wrap=True)


def _num(value: str) -> str:
    return current().number(fmt_fixed(Fraction(value), 2))


def write_ladder_site(data: Mapping[str, Any], directory: Path) -> list[str]:
    """The ladder as ``index.html`` and its twin ``index.json``."""
    from importlib import resources

    from bridgescore.reports.files import Files
    from bridgescore.reports.html import STYLESHEET, environment, render
    from bridgescore.rules import CLUB

    site = {"bridgescore": __version__, "event": data["event"], "date": None}
    sheet = resources.files("bridgescore.reports").joinpath("templates", STYLESHEET)
    with Files() as files:
        files.write(directory / STYLESHEET, sheet.read_text("utf-8"))
        files.write(directory / "index.html", render(environment(CLUB), "ladder.html", site, data))
        files.write(directory / "index.json", json.dumps(data, ensure_ascii=False) + "\n")
    return ["index.html"]


def render_fixtures(
    rounds: Sequence[Sequence[tuple[int, int]]], byes: Sequence[int | None], console: Console
) -> None:
    """A round robin's rounds: home v away, and who rests."""
    from rich.table import Table

    table = Table(title=_("Round robin (Berger tables)"), title_justify="left")
    table.add_column(_("Round"), justify="right")
    table.add_column(_("Matches (home v away)"))
    table.add_column(_("Bye"), justify="right")
    for count, (pairs, rest) in enumerate(zip(rounds, byes, strict=True), 1):
        matches = ", ".join(_("%(home)s v %(away)s", home=a, away=b) for a, b in pairs)
        table.add_row(str(count), matches, "" if rest is None else str(rest))
    console.print(table)


def render_bracket(knockout: Knockout, console: Console) -> None:
    from rich.table import Table

    table = Table(title=_("Knock-out: round %(round)s", round=1), title_justify="left")
    for name in (_("Match"), _("Home"), _("Away")):
        table.add_column(name, justify="right")
    for tie in knockout.ties:
        if tie.round == 1:
            table.add_row(
                str(tie.slot), str(tie.home), _("bye") if tie.away is None else str(tie.away)
            )
    console.print(table)
