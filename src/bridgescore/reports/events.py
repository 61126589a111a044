"""An event of several sessions shown: the overall ranking with what each session gave each
entry, as plain data (the page's JSON twin), terminal tables and a site -- the event's pages
at the top, every session's own site in ``session-N/`` beside them, linked from the ranking.

    data = ranking_data(ranking, identities)        # index.json (and what index.html shows)
    render_ranking(ranking, identities, console)     # the terminal
    write_event_site(ranking, identities, folder)    # index.html, session-1/, session-2/ ...
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgescore import __version__
from bridgescore.display import fmt_fixed, fmt_short
from bridgescore.events import (
    Aggregate,
    Carry,
    CommonTop,
    Contribution,
    EventSession,
    Final,
    Identities,
    Ranking,
    Seed,
)
from bridgescore.formats.json import exact, number
from bridgescore.languages import N_, _, current, written_date
from bridgescore.reports.model import entrant_page
from bridgescore.reports.words import Figure, Text, shown

if TYPE_CHECKING:
    from rich.console import Console

    from bridgescore.masterpoints import Award, Awards

Data = dict[str, Any]

_HOW = {
    CommonTop.NEUBERG: N_(
        "Ranked on matchpoints brought to a common top of %(top)s by Neuberg's formula, as the "
        "EBU does"
    ),
    CommonTop.RATIO: N_(
        "Ranked on matchpoints brought to a common top of %(top)s by the ratio of the tops"
    ),
    CommonTop.NONE: N_("Ranked on matchpoints added as they are (no common top)"),
}


def session_folder(number: int) -> str:
    return f"session-{number}"


def describe(ranking: Ranking) -> Text:
    """How the sessions were added up, in one line."""
    rules = ranking.rules
    if rules.aggregate is Aggregate.PERCENTAGES:
        return Text(
            N_("Ranked on the mean of the sessions' percentages (a session not played counts 0)")
        )
    if rules.aggregate is Aggregate.IMPS:
        return Text(N_("Ranked on the sessions' IMP totals added up"))
    top = fmt_short(ranking.top or 0)
    if rules.common_top is CommonTop.NONE:
        return Text(_HOW[rules.common_top])
    return Text(_HOW[rules.common_top], top=Figure(top))


def _sessions(sessions: Sequence[EventSession], first: int) -> list[Data]:
    return [
        {
            "number": first + k,
            "label": s.label,
            "title": s.result.session.title,
            "date": s.result.session.date,
            "top": number(s.top),
            "top_exact": exact(s.top),
            "page": f"{session_folder(first + k)}/index.html",
        }
        for k, s in enumerate(sessions)
    ]


def _contribution(c: Contribution | None, first: int) -> Data | None:
    if c is None:
        return None
    s = c.standing
    folder = session_folder(first + c.session)
    return {
        "session": first + c.session,
        "entrant": s.entrant.label,
        "place": s.place,
        "points": number(s.points),
        "points_exact": exact(s.points),
        "percent": number(s.percent),
        "percent_exact": exact(s.percent),
        "value": number(c.value),
        "value_exact": exact(c.value),
        "page": f"{folder}/{entrant_page(s.entrant)}.html",
    }


def _players(entry: frozenset[str], identities: Identities) -> list[str]:
    return [identities.players[p] for p in sorted(entry) if p in identities.players]


def ranking_data(
    ranking: Ranking,
    identities: Identities,
    *,
    title: str | None = None,
    first: int = 1,
    seeds: Sequence[Seed] = (),
    seeding_note: str | None = None,
    masterpoints: Awards | None = None,
) -> Data:
    """The event's ranking page as plain data: each entry's place, total and, by session, its
    place there, its own score and what it gave the event. ``first`` numbers the sessions
    (a final's follow its qualifying's). ``masterpoints``: the overall ranking's awards
    (:func:`bridgescore.masterpoints.event.award_event`), each line's with its words."""
    sessions = ranking.sessions
    data: Data = {
        "bridgescore": __version__,
        "page": "index.html",
        "event": title or _title(sessions),
        "aggregate": ranking.rules.aggregate.value,
        "common_top": ranking.rules.common_top.value,
        "top": number(ranking.top),
        "top_exact": exact(ranking.top),
        "how": describe(ranking),
        "sessions": _sessions(sessions, first),
        "rankings": [
            {
                "place": s.place,
                "rank": s.rank,
                "name": s.name,
                "players": _players(s.entry, identities),
                "played": s.played,
                "total": number(s.total),
                "total_exact": exact(s.total),
                "percent": number(s.percent),
                "percent_exact": exact(s.percent),
                "sessions": [_contribution(c, first) for c in s.contributions],
            }
            for s in ranking.standings
        ],
        "notes": list(identities.notes),
        "seeding": [
            {
                "number": seed.number,
                "name": seed.name,
                "place": seed.place,
                "total": number(seed.total),
                "total_exact": exact(seed.total),
            }
            for seed in seeds
        ],
        "seeding_note": seeding_note,
        "stage": None,
        "carry": None,
        "qualifying": None,
    }
    if masterpoints is not None:
        data["masterpoints"] = _scheme(masterpoints)
        by_line = {a.entrant.number: a for a in masterpoints.awards}  # k-th line: Entrant(k)
        for n, line in enumerate(data["rankings"], 1):
            line.update(_award(masterpoints, by_line.get(n)))
    return data


def _scheme(masterpoints: Awards) -> Data:
    info = masterpoints.scheme
    return {
        "scheme": info.name,
        "title": info.title,
        "unit": info.unit,
        "decimals": info.decimals,
        "type": info.colour,
    }


def _award(masterpoints: Awards, award: Award | None) -> Data:
    return {
        "masterpoints": None if award is None else number(award.points),
        "masterpoints_text": None if award is None else masterpoints.points_text(award.points),
        "masterpoints_award": None if award is None else award.text,
    }


def final_data(final: Final, identities: Identities, *, title: str | None = None) -> Data:
    """A final's ranking with what each contestant carried from the qualifying."""
    first = len(final.qualifying.sessions) + 1
    title = title or _title([*final.qualifying.sessions, *final.final.sessions])
    data = ranking_data(final.final, identities, title=title, first=first)
    data["stage"] = "final"
    data["carry"] = final.carry.value
    data["carry_weight"] = number(final.weight)
    data["carry_weight_exact"] = exact(final.weight)
    data["how"] = _carry_words(final)
    data["qualifying"] = {
        "page": "qualifying.html",
        "sessions": _sessions(final.qualifying.sessions, 1),
        "top": number(final.qualifying.top),
        "top_exact": exact(final.qualifying.top),
    }
    data["notes"] = [*identities.notes, *final.notes]
    rows = []
    for s in final.standings:
        stage = s.final
        before = s.qualifying
        rows.append(
            {
                "place": s.place,
                "rank": s.rank,
                "name": s.name,
                "players": _players(s.entry, identities),
                "qualifying_place": None if before is None else before.place,
                "qualifying": None if before is None else number(before.total),
                "qualifying_exact": None if before is None else exact(before.total),
                "carried": number(s.carried),
                "carried_exact": exact(s.carried),
                "final": number(s.share),
                "final_exact": exact(s.share),
                "total": number(s.total),
                "total_exact": exact(s.total),
                "percent": None,
                "percent_exact": None,
                "played": 0 if stage is None else stage.played,
                "sessions": [
                    _contribution(c, first) for c in (stage.contributions if stage else ())
                ],
            }
        )
    data["rankings"] = rows
    return data


def _carry_words(final: Final) -> Text:
    if final.carry is Carry.EBU:
        q = fmt_short(final.qualifying.top or 0)
        f = fmt_short(final.final.top or 0)
        return Text(
            N_(
                "The final's matchpoints plus the EBU carry-forward C = S × FT / (2 × QT): the "
                "qualifying score S × %(final)s / (2 × %(qualifying)s)"
            ),
            final=Figure(f),
            qualifying=Figure(q),
        )
    w = fmt_short(final.weight)
    return Text(
        N_(
            "(Qualifying %% × %(weight)s + final %%) / (%(weight)s + 1): the percentage carried "
            "over"
        ),
        weight=Figure(w),
    )


def _title(sessions: Sequence[EventSession]) -> str:
    """The words the sessions' titles start with ("Spring pairs, session 1" and "..., session
    2" make "Spring pairs"), or the first title, or none."""
    titles = [s.result.session.title.split() for s in sessions if s.result.session.title]
    if not titles:
        return Text(N_("Event results"))
    common = []
    for words in zip(*titles, strict=False):
        if len(set(words)) > 1:
            break
        common.append(words[0])
    if len(titles) > 1 and common and common[-1].lower() in ("session", "day", "round"):
        common.pop()
    shared = " ".join(common).rstrip(" ,;:-–—")
    return shared or " ".join(titles[0])


# --- the terminal --------------------------------------------------------------------------------


def render(data: Mapping[str, Any], console: Console, decimals: int = 2) -> None:
    """The ranking (or a final's) from its data, with each session's contribution."""
    from rich.table import Table
    from rich.text import Text

    def num(value: str | None) -> str:
        return "" if value is None else current().number(fmt_fixed(Fraction(value), decimals))

    console.print(Text(data["event"], style="bold"))
    console.print(shown(data["how"]), soft_wrap=True)
    for s in (data["qualifying"] or {}).get("sessions", []):
        said = _("Qualifying session %(number)s: %(label)s", number=s["number"], label=s["label"])
        console.print(said + _about(s))
    for s in data["sessions"]:
        console.print(
            _("Session %(number)s: %(label)s", number=s["number"], label=s["label"]) + _about(s)
        )
    final = data.get("stage") == "final"
    table = Table(title=_("Final") if final else _("Overall"), title_justify="left")
    table.add_column(_("Place"), justify="right")
    table.add_column(_("Names"))
    if final:
        table.add_column(_("Qualifying"), justify="right")
        table.add_column(_("Carried"), justify="right")
    for s in data["sessions"]:
        table.add_column(_("S%(number)s", number=s["number"]), justify="right")
    if final:
        table.add_column(_("Final"), justify="right")
    table.add_column(_("Total"), justify="right")
    if not final and data["aggregate"] == "matchpoints":
        table.add_column("%", justify="right")
    for row in data["rankings"]:
        cells = [row["place"], row["name"]]
        if final:
            place = row["qualifying_place"]
            cells += [f"{place} ({num(row['qualifying_exact'])})" if place else "—"]
            cells += [num(row["carried_exact"])]
        cells += [("—" if c is None else num(c["value_exact"])) for c in row["sessions"]]
        if final:
            cells.append(num(row["final_exact"]))
        cells.append(num(row["total_exact"]))
        if not final and data["aggregate"] == "matchpoints":
            cells.append(num(row["percent_exact"]))
        table.add_row(*cells)
    console.print(table)
    scheme = data.get("masterpoints")
    if scheme:
        awarded = [row for row in data["rankings"] if row.get("masterpoints_award")]
        console.print(Text(_("Masterpoints: %(title)s", title=scheme["title"]), style="bold"))
        for row in awarded:
            console.print(
                f"  {row['place']:>4} {row['name']}: {row['masterpoints_text']} "
                f"{scheme['unit']} — {row['masterpoints_award']}",
                soft_wrap=True,
            )
        if not awarded:
            console.print("  " + _("No award."))
    if data.get("seeding"):
        seeds = Table(title=_("Seeding of the final"), title_justify="left")
        for name in (N_("Number"), N_("Names"), N_("Place"), N_("Total")):
            seeds.add_column(_(name), justify="left" if name == "Names" else "right")
        for seed in data["seeding"]:
            seeds.add_row(
                str(seed["number"]), seed["name"], seed["place"], num(seed["total_exact"])
            )
        console.print(seeds)
    if data.get("seeding_note"):
        console.print(Text(data["seeding_note"], style="yellow"), soft_wrap=True)
    for note in data["notes"]:
        console.print(Text(_("Note: %(note)s", note=shown(note)), style="yellow"), soft_wrap=True)


def _about(session: Mapping[str, Any]) -> str:
    parts = [p for p in (session["title"], written_date(session["date"])) if p]
    top = current().number(fmt_short(Fraction(session["top_exact"])))
    return (f" ({', '.join(parts)})" if parts else "") + _(", top %(top)s", top=top)


# --- the site ------------------------------------------------------------------------------------


def write_event_site(
    pages: Sequence[tuple[str, Data]],
    sessions: Sequence[EventSession],
    directory: Path,
    *,
    double_dummy: bool = True,
    progress: Callable[[int, int], None] | None = None,
    masterpoints: Sequence[Awards] | None = None,
) -> list[str]:
    """The event's pages (``(name, data)``: ``index`` and, for a final, ``qualifying``) into
    ``directory``, and each session's own site into ``session-N/``, with its own awards when
    ``masterpoints`` has them (one a session); the pages written."""
    from bridgescore.reports.files import Files
    from bridgescore.reports.html import STYLESHEET, environment, render, write_site
    from bridgescore.rules import CLUB

    written: list[str] = []
    env = environment(CLUB)
    site = {"bridgescore": __version__, "event": pages[0][1]["event"], "date": None}
    titles = {
        "index": Text(N_("Final")) if len(pages) > 1 else Text(N_("Overall")),
        "qualifying": Text(N_("Qualifying")),
    }
    nav = [{"page": f"{name}.html", "title": titles.get(name, name)} for name, _ in pages]
    every: dict[int, Data] = {}
    for _name, data in pages:
        for s in [*(data["qualifying"] or {}).get("sessions", []), *data["sessions"]]:
            every[s["number"]] = s
    with Files() as files:
        files.write(directory / STYLESHEET, _stylesheet(STYLESHEET))
        for name, data in pages:
            heading = {
                "index": Text(N_("Final")) if len(pages) > 1 else Text(N_("Overall ranking"))
            }.get(name, "")
            page = {
                **data,
                "page": f"{name}.html",
                "heading": heading or titles.get(name, name),
                "nav": nav,
                "all_sessions": [every[k] for k in sorted(every)],
            }
            files.write(directory / f"{name}.html", render(env, "event.html", site, page))
            files.write(directory / f"{name}.json", json.dumps(page, ensure_ascii=False) + "\n")
            written.append(f"{name}.html")
    for k, session in enumerate(sessions, 1):
        folder = directory / session_folder(k)
        folder.mkdir()
        made = write_site(
            session.result,
            folder,
            double_dummy=double_dummy,
            progress=progress,
            masterpoints=masterpoints[k - 1] if masterpoints else None,
        )
        written.extend(f"{session_folder(k)}/{page}" for page in made.pages)
    return written


def _stylesheet(name: str) -> str:
    return resources.files("bridgescore.reports").joinpath("templates", name).read_text("utf-8")
