"""A team's player's results as an e-mail at teams of four: the ranking of the teams, the
team's matches (IMPs and victory points) and, board by board, the team's two tables with what
they came to (:mod:`bridgescore.reports.team_evening`), the hands when known; HTML with a
plain-text part, as the pairs' mail (:mod:`bridgescore.reports.mail`) is. After a correction,
what changed (:func:`changes`, comparing :meth:`TeamEvenings.summary` figures).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from bridgescore.languages import _
from bridgescore.reports.html import environment, vulnerability_text
from bridgescore.reports.mail import (
    Ask,
    Mail,
    _ask,
    _diagram,
    _footer,
    _num,
    _opening,
    _plain,
    own_page,
)
from bridgescore.reports.team_evening import TeamEvenings, team_page
from bridgescore.reports.views import Data, TeamsPages
from bridgescore.session import Entrant


def changes(before: Mapping[str, Any], after: Mapping[str, Any], rules: Any) -> list[str]:
    """What differs between two of a team's summaries, each a sentence with both figures."""

    def num(value: str | None) -> str:
        return _num(value, rules) if value is not None else "–"

    said = []
    old_boards, new_boards = before.get("boards", {}), after.get("boards", {})
    for key in sorted({*old_boards, *new_boards}):
        old, new = old_boards.get(key), new_boards.get(key)
        if old == new:
            continue
        team, _sep, board = key.partition("-")
        if old is None or new is None:
            if old is None:
                said.append(
                    _("Board %(board)s against team %(team)s: added.", board=board, team=team)
                )
            else:
                said.append(
                    _(
                        "Board %(board)s against team %(team)s: no longer scored.",
                        board=board,
                        team=team,
                    )
                )
            continue
        parts = []
        if old["results"] != new["results"]:
            parts.append(
                _(
                    "the results %(old)s are now %(new)s",
                    old=" / ".join(old["results"]),
                    new=" / ".join(new["results"]),
                )
            )
        if old["imps"] != new["imps"]:
            parts.append(_("IMPs %(old)s → %(new)s", old=num(old["imps"]), new=num(new["imps"])))
        said.append(
            _("Board %(board)s against team %(team)s: ", board=board, team=team)
            + "; ".join(parts)
            + "."
        )
    if before.get("vps") != after.get("vps"):
        said.append(
            _(
                "Your victory points: %(old)s → %(new)s.",
                old=num(before.get("vps")),
                new=num(after.get("vps")),
            )
        )
    if before.get("place") != after.get("place"):
        said.append(
            _("Your place: %(old)s → %(new)s.", old=before.get("place"), new=after.get("place"))
        )
    return said


def _par_said(board: Mapping[str, Any]) -> list[str]:
    """A board of a team's evening: each table against par (the analysis after its par, before
    what each side makes)."""
    return [s for s in board["analysis"][1:3] if s not in board["makeable_said"]]


def compose(
    pages: TeamsPages,
    evenings: TeamEvenings,
    entrant: Entrant,
    *,
    player: str,
    publish: str,
    changed: Sequence[str] | None = None,
    site: str | None = None,
    ask: Ask | None = None,
    own: str | None = None,
) -> Mail:
    """The mail for one player of the team ``entrant`` (the arguments as
    :func:`bridgescore.reports.mail.compose` takes them)."""
    frame = pages.site()
    page = evenings.page(entrant)
    rules = pages.result.rules
    num = functools.partial(_num, rules=rules)
    date = f", {frame['date']}" if frame["date"] else ""
    headline = _(
        "%(place)s of %(count)s, %(vps)s VPs",
        place=page["place"],
        count=page["field_size"],
        vps=num(page["vps_exact"]),
    )
    kind = _("Corrected results") if changed is not None else _("Results")
    data: Data = {
        "subject": f"{kind}: {frame['event']}{date} — {headline}",
        "kind": kind,
        "event": frame["event"],
        "date": frame["date"],
        "player": player,
        "publish": publish,
        "headline": headline,
        "changed": list(changed) if changed is not None else None,
        "team": page,
        "rankings": pages.rankings()["fields"][0]["rankings"],
        "site": site.rstrip("/") + "/" if site else None,
        "page": team_page(entrant),
        "ask": None if ask is None else {"url": ask.url, "until": ask.until},
        "own": own_page(ask, own),
    }
    html = environment(rules).get_template("team_mail.html").render(data=data, site=frame)
    return Mail(data["subject"], _text(data, num), html)


def _text(data: Data, num: Any) -> str:
    team = data["team"]
    heading = _(
        "%(kind)s for %(player)s (team %(team)s)",
        kind=data["kind"],
        player=data["player"],
        team=team["label"],
    )
    changed = data["changed"]
    lines = _opening(data, heading, None if changed is None else [_plain(c) for c in changed])
    lines.append(
        _(
            "Your team: %(place)s of %(count)s, %(vps)s victory points, IMPs %(imps_for)s–"
            "%(imps_against)s",
            place=team["place"],
            count=team["field_size"],
            vps=num(team["vps_exact"]),
            imps_for=num(team["imps_for_exact"]),
            imps_against=num(team["imps_against_exact"]),
        )
    )
    lines.append("")
    lines.append(_("The ranking"))
    for row in data["rankings"]:
        mark = " <- " + _("your team") if row["team"] == team["team"] else ""
        figure = num(row["vps_exact"])
        lines.append(
            f"  {row['place']:>4}  {row['team']:>5}  {figure:>8}  {row['name'] or ''}{mark}"
        )
    for match in team["matches"]:
        lines.append("")
        lines.append(_plain(match["said"]))
        for board in match["boards"]:
            lines.append("")
            lines.append(
                _(
                    "Board %(number)s — dealer %(dealer)s, vulnerable %(vulnerability)s",
                    number=board["board"],
                    dealer=board["dealer"],
                    vulnerability=vulnerability_text(board["vulnerability"], sentence=True),
                )
            )
            if board["hands"]:
                lines += _diagram(board["hands"])
            for said in [*board["said"], *_par_said(board)]:
                lines.append(f"  {_plain(said)}")
            for said in [*board["makeable_said"], *board["leads_said"]]:
                lines.append(f"  {_plain(said)}")
    lines.append("")
    lines += _ask(data)
    if data["site"]:
        lines.append(
            _(
                "Your team's evening: %(url)s",
                url=f"{data['site']}{data['page']}.html",
            )
        )
    return "\n".join([*lines, *_footer(data)]) + "\n"


__all__ = ["changes", "compose"]
