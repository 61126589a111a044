"""Rankings and travellers in the terminal, with rich tables."""

from __future__ import annotations

from fractions import Fraction

from rich.console import Console
from rich.table import Table
from rich.text import Text

from bridgescore.bridge import Side
from bridgescore.display import fmt_fixed
from bridgescore.rules import Rules
from bridgescore.session import FieldResult, ScoredBoard, SessionResult

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
        f"{rules.label}: {rules.scale} matchpoints per result beaten, artificial scores "
        f"{rules.artificial_method}, boards played fewer times {rules.short_boards}",
        soft_wrap=True,
    )
    for field in result.fields:
        _rankings(field, result, console)
    if explain:
        for board in result.boards:
            _traveller(board, rules, console)


def _num(value: Fraction | None, rules: Rules) -> str:
    return "" if value is None else fmt_fixed(value, rules.decimals, rules.rounding)


def _rankings(field: FieldResult, result: SessionResult, console: Console) -> None:
    rules = result.rules
    players = result.session.movement.value == "individual"
    title = "All players" if players else _FIELD_TITLES[field.field]
    table = Table(title=title, title_justify="left", show_lines=False)
    table.add_column("Place", justify="right")
    table.add_column("Player" if players else "Pair", justify="right")
    table.add_column("Names")
    table.add_column("MP", justify="right")
    table.add_column("Max", justify="right")
    table.add_column("%", justify="right")
    handicaps = bool(field.handicap_standings)
    if handicaps:
        table.add_column("Hcp", justify="right")
        table.add_column("Hcp %", justify="right")
    for s in field.standings:
        row = [
            s.place,
            s.entrant.label if field.field == "ALL" else str(s.entrant.number),
            s.name or "",
            _num(s.mp, rules),
            _num(s.max, rules),
            _num(s.percent, rules),
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
        title=f"Board {b.number} — dealer {b.dealer}, vulnerable {b.vulnerability}, "
        f"top {_num(board.top, rules)}",
        title_justify="left",
    )
    for name in ("Table", "NS", "EW", "Result", "Lead", "NS score", "NS MP", "EW MP"):
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
