"""A Swiss event shown: each round's draw and the standings, as plain data (its JSON) and as
terminal tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bridgescore.display import fmt_fixed
from bridgescore.formats.json import exact, number

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
    table = Table(title=f"Round {number} of {event.conditions.rounds}", title_justify="left")
    for name in ("Table", "Home", "Away", "IMPs", "VPs"):
        table.add_column(name, justify="right")
    names = {t.number: t.name for t in event.teams}
    for match in draw.matches:
        score = event.scores.get((number, match.home, match.away))
        vps = event.match_vps(number, match)
        table.add_row(
            str(match.table),
            _team(match.home, names),
            _team(match.away, names),
            "" if score is None else f"{_num(score.home_imps)}–{_num(score.away_imps)}",
            "" if vps is None else f"{_num(vps[0])}–{_num(vps[1])}",
        )
    console.print(table)
    if draw.bye is not None:
        bye = event.conditions.bye_vps or 0
        console.print(f"Bye: {_team(draw.bye, names)} ({_num(bye)} VPs)")


def render_standings(event: SwissEvent, console: Console) -> None:
    from rich.table import Table

    done = sum(1 for n in range(1, event.drawn + 1) if not event.missing(n))
    table = Table(
        title=f"Standings: {done} of {event.conditions.rounds} rounds complete",
        title_justify="left",
    )
    for name in ("Place", "Team", "Name", "Rounds", "IMPs for", "IMPs against", "VPs"):
        table.add_column(name, justify="left" if name == "Name" else "right")
    for s in event.standings():
        name = (s.name or "") + (" (withdrawn)" if s.withdrawn else "")
        table.add_row(
            s.place,
            str(s.team),
            name,
            str(s.matches + s.byes),
            _num(s.imps_for),
            _num(s.imps_against),
            _num(s.vps),
        )
    console.print(table)


def _team(team: int, names: dict[int, str | None]) -> str:
    name = names.get(team)
    return f"{team} {name}" if name else str(team)


def _num(value: Any) -> str:
    return fmt_fixed(value, 2)
