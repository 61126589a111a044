"""Rankings and travellers in the terminal, with rich tables."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from bridgescore.bridge import Side
from bridgescore.display import fmt_fixed
from bridgescore.rules import Rules
from bridgescore.session import FieldResult, ScoredBoard, SessionResult

if TYPE_CHECKING:
    from bridgescore.teams import TeamsResult

_FIELD_TITLES = {"NS": "North-South", "EW": "East-West", "ALL": "All pairs"}


def render(result: SessionResult, console: Console, explain: bool = False) -> None:
    rules = result.rules
    session = result.session
    heading = session.title or "Session results"
    if session.date:
        heading += f" — {session.date}"
    console.print(Text(heading, style="bold"))
    console.print(
        f"{session.movement.value.capitalize()}, {len(result.boards)} boards, rules "
        f"{rules.label}: "
        + (
            f"{rules.scale} matchpoints per result beaten, artificial scores "
            f"{rules.artificial_method}, boards played fewer times {rules.short_boards}"
            if rules.method.value == "matchpoints"
            else _imp_summary(rules)
        ),
        soft_wrap=True,
    )
    for field in result.fields:
        _rankings(field, result, console)
    if explain:
        for board in result.boards:
            _traveller(board, rules, console)


def _imp_summary(rules: Rules) -> str:
    if rules.method.value == "butler":
        return (
            f"Butler IMPs against a datum dropping {rules.datum_trim} at each end, rounded "
            f"{rules.datum_rounding}"
        )
    return f"cross-IMPs ({rules.cross_imps})"


def _num(value: Fraction | None, rules: Rules) -> str:
    return "" if value is None else fmt_fixed(value, rules.decimals, rules.rounding)


def _rankings(field: FieldResult, result: SessionResult, console: Console) -> None:
    rules = result.rules
    players = result.session.movement.value == "individual"
    section, _, line = field.field.rpartition(" ")
    title = "All players" if players else _FIELD_TITLES[line]
    if section:
        title = f"Section {section}: {title}"
    imps = rules.method.value != "matchpoints"
    table = Table(title=title, title_justify="left", show_lines=False)
    table.add_column("Place", justify="right")
    table.add_column("Player" if players else "Pair", justify="right")
    table.add_column("Names")
    headings = ("IMPs", "Boards", "Total") if imps else ("MP", "Max", "%")
    for heading in headings:
        table.add_column(heading, justify="right")
    handicaps = bool(field.handicap_standings)
    if handicaps:
        table.add_column("Hcp", justify="right")
        table.add_column("Hcp %", justify="right")
    for s in field.standings:
        figures = (
            [_num(s.mp, rules), str(s.boards), _num(s.total, rules)]
            if imps
            else [_num(s.mp, rules), _num(s.max, rules), _num(s.percent, rules)]
        )
        row = [
            s.place,
            s.entrant.label if line == "ALL" else str(s.entrant.number),
            s.name or "",
            *figures,
        ]
        if handicaps:
            row += [_signed(s.handicap, rules), _num(s.handicapped, rules)]
        table.add_row(*row)
    console.print(table)
    check = field.checksum
    mark = "ok" if check.ok else "FAILED"
    style = "green" if check.ok else "bold red"
    console.print(
        Text(
            f"Checksum {field.field}: totals {_num(check.actual, rules)} of "
            f"{_num(check.expected, rules)} distributed — {mark}",
            style=style,
        )
    )
    if handicaps:
        hcp = Table(title=f"{title} — handicapped", title_justify="left")
        for name in ("Place", "Pair", "Names", "%", "Hcp", "Hcp %"):
            hcp.add_column(name, justify="left" if name == "Names" else "right")
        for rank, shared, s in field.handicap_standings:
            hcp.add_row(
                f"{rank}=" if shared else str(rank),
                s.entrant.label,
                s.name or "",
                _num(s.percent, rules),
                _signed(s.handicap, rules),
                _num(s.handicapped, rules),
            )
        console.print(hcp)


def _signed(value: Fraction | None, rules: Rules) -> str:
    if value is None:
        return ""
    text = fmt_fixed(value, rules.decimals, rules.handicap_rounding)
    return text if text.startswith("-") else f"+{text}"


def _traveller(board: ScoredBoard, rules: Rules, console: Console) -> None:
    b = board.board
    table = Table(
        title=f"Board {b.number}{f' (section {board.section})' if board.section else ''} — dealer "
        f"{b.dealer}, vulnerable {b.vulnerability}"
        + (f", top {_num(board.top, rules)}" if rules.method.value == "matchpoints" else ""),
        title_justify="left",
    )
    unit = "MP" if rules.method.value == "matchpoints" else "IMPs"
    for name in ("Table", "NS", "EW", "Result", "Lead", "NS score", f"NS {unit}", f"EW {unit}"):
        table.add_column(name, justify="left" if name in ("Result", "Lead") else "right")
    table.add_column("Why", overflow="fold")
    for t in board.tables:
        why = []
        for side in Side:
            explanation = t.explanation(side)
            if explanation is not None:
                why.append(f"{side.value}: {explanation.text(rules.decimals)}")
        ns = ", ".join(e.label for e in t.ns_entrants)
        ew = ", ".join(e.label for e in t.ew_entrants)
        score = t.ns_score
        table.add_row(
            t.table.table or "",
            ns,
            ew,
            t.table.describe(),
            t.table.lead or "",
            "" if score is None else str(score),
            _num(t.ns_mp, rules),
            _num(t.ew_mp, rules),
            "\n".join(why) or "not played",
        )
    console.print(table)


def render_teams(result: TeamsResult, console: Console, explain: bool = False) -> None:
    session = result.session
    heading = session.title or "Teams results"
    if session.date:
        heading += f" — {session.date}"
    console.print(Text(heading, style="bold"))
    console.print(f"Teams of four, {len(result.matches)} matches, rules {result.rules.label}")
    rules = result.rules
    ranking = Table(title="Teams", title_justify="left")
    for name in ("Place", "Team", "Name", "Matches", "IMPs for", "IMPs against", "VPs"):
        ranking.add_column(name, justify="left" if name == "Name" else "right")
    for s in result.standings:
        ranking.add_row(
            s.place,
            str(s.team.number),
            s.name or "",
            str(s.matches),
            _num(s.imps_for, rules),
            _num(s.imps_against, rules),
            _num(s.vps, rules),
        )
    console.print(ranking)
    matches = Table(title="Matches", title_justify="left")
    for name in ("Home", "Away", "Boards", "IMPs", "VPs"):
        matches.add_column(name, justify="right")
    for m in result.matches:
        matches.add_row(
            str(m.home.number),
            str(m.away.number),
            str(len(m.boards)),
            f"{_num(m.home_imps, rules)}–{_num(m.away_imps, rules)}",
            f"{_num(m.home_vps, rules)}–{_num(m.away_vps, rules)}",
        )
    console.print(matches)
    if explain:
        for m in result.matches:
            boards = Table(title=f"Match {m.home.number} v {m.away.number}", title_justify="left")
            for name in ("Board", "Room 1", "Room 2", "Home IMPs", "Away IMPs", "Why"):
                boards.add_column(name, justify="left" if name in ("Why",) else "right")
            for b in m.boards:
                boards.add_row(
                    str(b.board),
                    b.room1.describe(),
                    b.room2.describe(),
                    _num(b.home_imps, rules),
                    _num(b.away_imps, rules),
                    b.reason,
                )
            console.print(boards)
