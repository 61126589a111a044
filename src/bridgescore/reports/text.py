"""Rankings and travellers in the terminal, with rich tables.

rich is imported where a table other than the rankings is made: the rankings are PlainTables and
their lines plain text, which a :class:`~bridgescore.reports.plain.PlainWriter` writes without
rich, styled on a terminal, and the command's rich console draws without rich's layout.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from bridgescore.bridge import Seat, Side
from bridgescore.display import fmt_fixed, printable
from bridgescore.languages import N_, _, current, ngettext
from bridgescore.reports.plain import NotPlain, PlainTable, PlainWriter
from bridgescore.reports.words import field_title, rules_summary
from bridgescore.reports.words import shown as shown_text
from bridgescore.results import FieldResult, ScoredBoard, SessionResult
from bridgescore.rules import Compensation, Method, Rules, TeamsScoring
from bridgescore.session import FieldStructure

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from bridgescore.masterpoints import Awards
    from bridgescore.reports.deals import DoubleDummy
    from bridgescore.reports.model import ScoreCard
    from bridgescore.teams_results import TeamsResult


def render(
    result: SessionResult | TeamsResult,
    console: Console | PlainWriter,
    explain: bool = False,
    *,
    recap: bool = False,
    cards: bool = False,
    double_dummy: bool = False,
    masterpoints: Awards | None = None,
) -> None:
    """Rankings (with ``masterpoints``, each award and how it was reached); with ``explain``
    every traveller (and its deal when known, solved double dummy with ``double_dummy``); with
    ``recap`` the recap sheet; with ``cards`` every score card -- the same information as the
    results website's pages. Teams of four: the ranking, the matches and, with ``explain``,
    each match's boards (:func:`render_teams`).

    A :class:`PlainWriter` takes a pairs session's rankings alone: it raises
    :class:`NotPlain` for the rest."""
    if not isinstance(result, SessionResult):  # teams of four (not imported for pairs)
        if isinstance(console, PlainWriter):
            raise NotPlain("a teams event's tables are rich tables")
        render_teams(result, console, explain, masterpoints)
        return
    if isinstance(console, PlainWriter) and (explain or recap or cards):
        raise NotPlain("travellers, recap sheets and score cards are rich tables")
    rules = result.rules
    session = result.session
    heading = session.title or _("Session results")
    if session.date:
        heading += f" — {session.date}"
    _say(console, heading, "bold")
    _say(
        console,
        f"{_(_MOVEMENTS.get(session.structure.value, session.structure.value.capitalize()))}, "
        f"{ngettext('%(num)d board', '%(num)d boards', len(result.boards))}, "
        f"{shown_text(rules_summary(result))}",
        soft_wrap=True,
    )
    for field in result.fields:
        _rankings(field, result, console)
    _completeness(result, console)
    if masterpoints is not None:
        awarded(masterpoints, console)
    if isinstance(console, PlainWriter):
        return  # the rest was refused above
    solved: dict[int, DoubleDummy] = {}
    if explain and double_dummy:
        from bridgescore.reports.deals import solve

        solved = solve(session.boards.values())
    if explain:
        for board in result.boards:
            if board.board.deal:
                _deal(board, solved.get(board.board.number), console)
            _traveller(board, rules, console, solved.get(board.board.number))
    if recap:
        render_recap(result, console)
    if cards:
        render_cards(result, console)


# The movements as the rankings name them.
_MOVEMENTS = {
    "mitchell": N_("Mitchell"),
    "howell": N_("Howell"),
    "individual": N_("Individual"),
    "teams": N_("Teams"),
}


def _say(
    console: Console | PlainWriter, text: str, style: str | None = None, *, soft_wrap: bool = False
) -> None:
    """A line of text, in ``style`` where styles show (a title's control characters escaped)."""
    text = printable(text)
    if isinstance(console, PlainWriter):
        console.line(text, soft_wrap=soft_wrap, style=style)
        return
    from rich.text import Text

    console.print(Text(text, style=style) if style else text, soft_wrap=soft_wrap)


def _row(table: Table, *cells: str | Text) -> None:
    """A row of a rich table, each cell's text from a file (a name, a label) made printable
    (line breaks kept: a cell may hold several lines)."""
    table.add_row(
        *(printable(cell, lines=True) if isinstance(cell, str) else cell for cell in cells)
    )


def _completeness(result: SessionResult, console: Console | PlainWriter) -> None:
    """Boards with fewer results than the most: scored under the rules, and said so."""
    short = result.completeness().short
    if not short:
        return
    how = {
        Compensation.NONE: "on their own tops",
        Compensation.AVERAGE: "each missing result a tie",
        Compensation.NEUBERG: "factored by Neuberg",
        Compensation.RATIO: "factored by the ratio of tops",
    }[result.rules.short_boards]
    boards = "; ".join(b.describe() for b in short)
    plural = "s" if len(short) != 1 else ""
    _say(
        console,
        f"{len(short)} board{plural} with fewer results ({how}): {boards}",
        "yellow",
        soft_wrap=True,
    )


def _num(value: Fraction | None, rules: Rules) -> str:
    """A value rounded by the rules, in the current language's form (``56,25`` in French)."""
    return (
        "" if value is None else current().number(fmt_fixed(value, rules.decimals, rules.rounding))
    )


def _rankings(field: FieldResult, result: SessionResult, console: Console | PlainWriter) -> None:
    rules = result.rules
    players = result.session.structure is FieldStructure.INDIVIDUAL
    line = field.field.rpartition(" ")[2]
    title = shown_text(field_title(field.field, result))
    imps = rules.method is not Method.MATCHPOINTS
    table = PlainTable(title)
    table.add_column(_("Place"), justify="right")
    table.add_column(_("Player") if players else _("Pair"), justify="right")
    table.add_column(_("Names"))
    headings = (N_("IMPs"), N_("Boards"), N_("Total")) if imps else (N_("MP"), N_("Max"), "%")
    for heading in headings:
        table.add_column(_(heading) if heading != "%" else heading, justify="right")
    factored = not imps and any(s.total is not None for s in field.standings)
    if factored:  # matchpoint totals × most boards / boards played (rules factor_mp_totals)
        table.add_column(_("Factored"), justify="right")
    handicaps = bool(field.handicap_standings)
    if handicaps:
        table.add_column(_("Hcp"), justify="right")
        table.add_column(_("Hcp %%"), justify="right")
    for s in field.standings:
        figures = (
            [_num(s.points, rules), str(s.boards), _num(s.total, rules)]
            if imps
            else [_num(s.points, rules), _num(s.available, rules), _num(s.percent, rules)]
        )
        if factored:
            figures.append(_num(s.total, rules))
        row = [
            s.place,
            s.entrant.label if line == "ALL" or s.entrant.section else str(s.entrant.number),
            s.name or "",
            *figures,
        ]
        if handicaps:
            row += [_signed(s.handicap, rules), _num(s.handicapped, rules)]
        table.add_row(*row)
    if isinstance(console, PlainWriter):
        console.table(table)
    else:
        console.print(table)
    check = field.checksum
    mark = _("ok") if check.ok else _("FAILED")
    _say(
        console,
        _(
            "Checksum %(field)s: totals %(actual)s of %(expected)s distributed",
            field=field.field,
            actual=_num(check.actual, rules),
            expected=_num(check.expected, rules),
        )
        + f" — {mark}",
        "green" if check.ok else "bold red",
    )
    if handicaps:
        if isinstance(console, PlainWriter):
            raise NotPlain("the handicapped ranking is a rich table")
        from rich.table import Table

        hcp = Table(title=printable(f"{title} — {_('handicapped')}"), title_justify="left")
        for name in (N_("Place"), N_("Pair"), N_("Names"), "%", N_("Hcp"), N_("Hcp %%")):
            hcp.add_column(
                _(name) if name != "%" else name, justify="left" if name == "Names" else "right"
            )
        for rank, shared, s in field.handicap_standings:
            _row(
                hcp,
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


def _traveller(
    board: ScoredBoard, rules: Rules, console: Console, solved: DoubleDummy | None = None
) -> None:
    from rich.table import Table

    b = board.board
    table = Table(
        title=printable(f"Board {b.number}{f' (section {board.section})' if board.section else ''}")
        + f" — dealer "
        f"{b.dealer}, vulnerable {b.vulnerability}"
        + (f", top {_num(board.top, rules)}" if rules.method is Method.MATCHPOINTS else ""),
        title_justify="left",
    )
    unit = "MP" if rules.method is Method.MATCHPOINTS else "IMPs"
    for name in ("Table", "NS", "EW", "Result", "Lead", "NS score", f"NS {unit}", f"EW {unit}"):
        table.add_column(name, justify="left" if name in ("Result", "Lead") else "right")
    if solved is not None:
        table.add_column("vs par", justify="right")
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
        cells = [
            t.table.table or "",
            ns,
            ew,
            t.table.describe(),
            t.table.lead or "",
            "" if score is None else str(score),
            _num(t.ns_points, rules),
            _num(t.ew_points, rules),
        ]
        if solved is not None:
            difference = None if score is None else solved.versus_par(score)
            cells.append("" if difference is None else f"{difference:+d}" if difference else "0")
        _row(table, *cells, "\n".join(why) or "not played")
    console.print(table)


def awarded(masterpoints: Awards, console: Console | PlainWriter) -> None:
    """Each award, one line: who, the points in the scheme's unit, and how."""
    info = masterpoints.scheme
    _say(console, f"{_('Masterpoints')}: {info.title}", "bold")
    if not masterpoints.awards:
        _say(console, "  none awarded")
    for a in masterpoints.awards:
        points = fmt_fixed(a.points, info.decimals)
        _say(console, f"  {a.entrant.label:>6}  {points:>6}  {a.text}", soft_wrap=True)


def render_teams(
    result: TeamsResult,
    console: Console,
    explain: bool = False,
    masterpoints: Awards | None = None,
) -> None:
    from rich.table import Table
    from rich.text import Text

    session = result.session
    heading = session.title or "Teams results"
    if session.date:
        heading += f" — {session.date}"
    console.print(Text(printable(heading), style="bold"))
    console.print(f"Teams of four, {len(result.matches)} matches, rules {result.rules.label}")
    for problem in result.unmatched:
        console.print(Text(printable(f"Not scored: {problem.describe()}"), style="yellow"))
    rules = result.rules
    # Board-a-match scores a point a board, and the points are the match's score.
    bam = rules.teams_scoring is TeamsScoring.BOARD_A_MATCH
    unit, total = ("Points", "Points") if bam else ("IMPs", "VPs")
    ranking = Table(title="Teams", title_justify="left")
    for name in ("Place", "Team", "Name", "Matches", f"{unit} for", f"{unit} against", total):
        ranking.add_column(name, justify="left" if name == "Name" else "right")
    for s in result.standings:
        _row(
            ranking,
            s.place,
            str(s.entrant.number),
            s.name or "",
            str(s.matches),
            _num(s.imps_for, rules),
            _num(s.imps_against, rules),
            _num(s.points, rules),
        )
    console.print(ranking)
    matches = Table(title="Matches", title_justify="left")
    for name in ("Home", "Away", "Boards", unit, total):
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
    if masterpoints is not None:
        awarded(masterpoints, console)
    if explain:
        for m in result.matches:
            boards = Table(title=f"Match {m.home.number} v {m.away.number}", title_justify="left")
            for name in ("Board", "Room 1", "Room 2", f"Home {unit}", f"Away {unit}", "Why"):
                boards.add_column(name, justify="left" if name in ("Why",) else "right")
            for b in m.boards:
                _row(
                    boards,
                    str(b.board),
                    b.room1.describe(),
                    b.room2.describe(),
                    _num(b.home_imps, rules),
                    _num(b.away_imps, rules),
                    b.reason,
                )
            console.print(boards)


# --- deals, the recap sheet and score cards (the website's other pages, in the terminal) -------

_SUIT_SYMBOLS = {"S": "♠", "H": "[red]♥[/red]", "D": "[red]♦[/red]", "C": "♣"}
_SPARKS = "▁▂▃▄▅▆▇█"


def _deal(board: ScoredBoard, solved: DoubleDummy | None, console: Console) -> None:
    """The hand diagram with high-card points, and the double-dummy table and par if solved."""
    from rich.table import Table
    from rich.text import Text

    from bridgescore.reports.deals import SEATS, STRAINS, SUITS, parse_deal

    hands = parse_deal(board.board.deal or "")

    def block(seat: Seat) -> Text:
        hand = hands[seat]
        if hand is None:
            return Text.from_markup(f"[bold]{seat}[/bold] not known")
        lines = [f"[bold]{seat}[/bold] {hand.hcp} HCP"]
        for suit in SUITS:
            ranks = " ".join("10" if r == "T" else r for r in hand.holding(suit)) or "—"
            lines.append(f"{_SUIT_SYMBOLS[suit.value]} {ranks}")
        return Text.from_markup("\n".join(lines))

    grid = Table.grid(padding=(0, 3))
    for _column in range(3):
        grid.add_column()
    grid.add_row("", block(Seat.N), "")
    grid.add_row(block(Seat.W), f"\n  Board {board.board.number}", block(Seat.E))
    grid.add_row("", block(Seat.S), "")
    console.print(grid)
    if solved is None:
        return
    dd = Table(title="Double dummy", title_justify="left")
    dd.add_column("")
    for strain in STRAINS:
        dd.add_column(
            Text.from_markup(_SUIT_SYMBOLS.get(strain.value, strain.value)), justify="right"
        )
    for seat in SEATS:
        dd.add_row(
            str(seat),
            *(str(solved.level(seat, s)) if solved.level(seat, s) else "–" for s in STRAINS),
        )
    console.print(dd)
    console.print(f"Par {solved.par_score} (NS): {solved.par_text}")


def render_recap(result: SessionResult, console: Console) -> None:
    """Seed 003 figures 12-13: each field's pairs x boards, in slices that fit the width."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from bridgescore.reports.model import in_imps, recap

    rules = result.rules
    per_table = max(4, (console.width - 40) // 8)
    for sheet in recap(result):
        slices = [
            range(start, min(start + per_table, len(sheet.boards)))
            for start in range(0, len(sheet.boards), per_table)
        ] or [range(0)]
        for number, columns in enumerate(slices, start=1):
            last = number == len(slices)
            title = f"{_('Recap sheet')} — {shown_text(field_title(sheet.field.field, result))}"
            if len(slices) > 1:
                title += f" ({number} of {len(slices)})"
            table = Table(
                title=printable(title), title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1)
            )
            table.add_column("Pair", justify="right")
            for i in columns:
                table.add_column(str(sheet.boards[i].board.number), justify="right")
            if last:
                if sheet.two_way:
                    table.add_column("NS", justify="right")
                    table.add_column("EW", justify="right")
                table.add_column("IMPs" if in_imps(result) else "Total", justify="right")
                table.add_column("Place", justify="right")
            for row in sheet.rows:
                entrant = row.standing.entrant
                shown = str(entrant.number) if entrant.line else entrant.label
                values: list[str | Text] = []
                for i in columns:
                    cell = row.cells[i]
                    text = (
                        ""
                        if cell is None
                        else ("–" if cell.value is None else _num(cell.value, rules))
                    )
                    # EW's cells in italics when a pair played both directions (seed 003)
                    italic = cell is not None and sheet.two_way and cell.side is Side.EW
                    values.append(Text(text, style="italic") if italic else text)
                if last:
                    if sheet.two_way:
                        values += [_num(row.total(Side.NS), rules), _num(row.total(Side.EW), rules)]
                    values += [_num(row.total(), rules), row.standing.place]
                _row(table, shown, *values)
            console.print(table)


def render_cards(result: SessionResult, console: Console) -> None:
    """Every pair's (or player's) score card: board by board, with the running total."""
    from rich.table import Table
    from rich.text import Text

    from bridgescore.reports.model import in_imps, score_cards

    rules = result.rules
    imps = in_imps(result)
    for card in score_cards(result):
        s = card.standing
        kind = "Player" if card.entrant.player else "Pair"
        heading = f"{kind} {card.entrant.label}"
        if card.name:
            heading += f" — {card.name}"
        points = _num(s.points, rules)
        summary = (
            f"{points} IMPs"
            if imps
            else f"{points} of {_num(s.available, rules)} MP, {_num(s.percent, rules)}%"
        )
        console.print(
            Text(
                printable(
                    f"{heading}: place {s.place} in {field_title(card.field.field, result)}, "
                    f"{summary}"
                ),
                style="bold",
            ),
            soft_wrap=True,
        )
        table = Table(caption=_sparkline(card, imps), caption_justify="left")
        for name in ("Round", "Board", "Dir", "Opponents", "Result", "Score"):
            table.add_column(name, justify="left" if name in ("Dir", "Result") else "right")
        table.add_column("IMPs" if imps else "MP", justify="right")
        if not imps:
            table.add_column("%", justify="right")
        table.add_column("Running", justify="right")
        for row in card.rows:
            cells = [
                "" if row.round is None else str(row.round),
                str(row.board.board.number),
                row.side.value,
                " & ".join(str(e.number) for e in row.opponents),
                row.table.table.describe(),
                "" if row.score is None else str(row.score),
                _num(row.value, rules),
            ]
            if not imps:
                cells.append(_num(row.percent, rules))
            _row(table, *cells, _num(row.running, rules))
        console.print(table)


def _sparkline(card: ScoreCard, imps: bool) -> str:
    """The board-by-board percentages (IMPs) in block characters, like the website's chart."""
    values = [row.value if imps else row.percent for row in card.rows]
    known = [v for v in values if v is not None]
    if not known:
        return ""
    low, high = (min(known), max(known)) if imps else (Fraction(0), Fraction(100))
    span = high - low or Fraction(1)
    marks = "".join(
        " " if v is None else _SPARKS[min(int((v - low) / span * len(_SPARKS)), len(_SPARKS) - 1)]
        for v in values
    )
    return f"{'IMPs' if imps else '%'} board by board: {marks}"
