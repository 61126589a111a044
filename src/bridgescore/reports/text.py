"""Rankings and travellers in the terminal, with rich tables.

rich is imported where a table other than the rankings is made: the rankings are PlainTables and
their lines plain text, which a :class:`~bridgescore.reports.plain.PlainWriter` writes without
rich, styled on a terminal, and the command's rich console draws without rich's layout.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from bridgescore.bridge import Seat, Side
from bridgescore.display import fmt_fixed, printable
from bridgescore.errors import located
from bridgescore.languages import N_, _, current, ngettext, ranks_shown, written_date
from bridgescore.reports.plain import NotPlain, PlainTable, PlainWriter
from bridgescore.reports.words import field_title, rules_summary, vulnerable_said
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
        heading += f" — {written_date(session.date)}"
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
        Compensation.NONE: N_("on their own tops"),
        Compensation.AVERAGE: N_("each missing result a tie"),
        Compensation.NEUBERG: N_("factored by Neuberg"),
        Compensation.RATIO: N_("factored by the ratio of tops"),
    }[result.rules.short_boards]
    boards = "; ".join(b.describe() for b in short)
    _say(
        console,
        ngettext(
            "%(num)d board with fewer results (%(how)s): %(boards)s",
            "%(num)d boards with fewer results (%(how)s): %(boards)s",
            len(short),
            how=_(how),
            boards=boards,
        ),
        "yellow",
        soft_wrap=True,
    )


def _num(value: Fraction | None, rules: Rules) -> str:
    """A value rounded by the rules, in the current language's form (``56,25`` in French)."""
    return (
        "" if value is None else current().number(fmt_fixed(value, rules.decimals, rules.rounding))
    )


def _numbers(rules: Rules) -> Callable[[Fraction | None], str]:
    """:func:`_num` for the columns of a ranking (three figures for each of thousands of
    entrants): the language and the rules' rounding looked up once."""
    number = current().number
    decimals, rounding = rules.decimals, rules.rounding

    def shown(value: Fraction | None) -> str:
        return "" if value is None else number(fmt_fixed(value, decimals, rounding))

    return shown


def _rankings(field: FieldResult, result: SessionResult, console: Console | PlainWriter) -> None:
    rules = result.rules
    num = _numbers(rules)
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
        table.add_column(_("Hcp %%") % {}, justify="right")  # the message is a format
    for s in field.standings:
        figures = (
            [num(s.points), str(s.boards), num(s.total)]
            if imps
            else [num(s.points), num(s.available), num(s.percent)]
        )
        if factored:
            figures.append(num(s.total))
        row = [
            s.place,
            s.entrant.label if line == "ALL" or s.entrant.section else str(s.entrant.number),
            s.name or "",
            *figures,
        ]
        if handicaps:
            row += [_signed(s.handicap, rules), num(s.handicapped)]
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
            # "Hcp %%" is a format (the templates' message too): formatted, it shows "Hcp %"
            hcp.add_column(
                _(name) % {} if name != "%" else name,
                justify="left" if name == "Names" else "right",
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
        title=printable(
            _("Board %(number)s", number=b.number)
            + (_(" (section %(section)s)", section=board.section) if board.section else "")
        )
        + _(
            " — dealer %(dealer)s, vulnerable %(vulnerability)s",
            dealer=b.dealer,
            vulnerability=vulnerable_said(str(b.vulnerability)),
        )
        + (
            _(", top %(top)s", top=_num(board.top, rules))
            if rules.method is Method.MATCHPOINTS
            else ""
        ),
        title_justify="left",
    )
    unit = _("MP") if rules.method is Method.MATCHPOINTS else _("IMPs")
    for name, left in (
        (_("Table"), False),
        ("NS", False),
        ("EW", False),
        (_("Result"), True),
        (_("Lead"), True),
        (_("NS score"), False),
        (f"NS {unit}", False),
        (f"EW {unit}", False),
    ):
        table.add_column(name, justify="left" if left else "right")
    if solved is not None:
        table.add_column(_("vs par"), justify="right")
    table.add_column(_("Why"), overflow="fold")
    for t in board.tables:
        why = []
        for side in Side:
            explanation = t.explanation(side)
            if explanation is not None:
                why.append(located(side.value, explanation.said(rules.decimals)))
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
        _row(table, *cells, "\n".join(why) or _("not played"))
    console.print(table)


def awarded(masterpoints: Awards, console: Console | PlainWriter) -> None:
    """Each award, one line: who, the points in the scheme's unit, and how."""
    info = masterpoints.scheme
    _say(console, _("Masterpoints: %(title)s", title=shown_text(info.title)), "bold")
    if not masterpoints.awards:
        _say(console, "  " + _("none awarded"))
    for a in masterpoints.awards:
        points = current().number(fmt_fixed(a.points, info.decimals))
        _say(console, f"  {a.entrant.label:>6}  {points:>6}  {shown_text(a.text)}", soft_wrap=True)


def render_teams(
    result: TeamsResult,
    console: Console,
    explain: bool = False,
    masterpoints: Awards | None = None,
) -> None:
    from rich.table import Table
    from rich.text import Text

    session = result.session
    heading = session.title or _("Teams results")
    if session.date:
        heading += f" — {written_date(session.date)}"
    console.print(Text(printable(heading), style="bold"))
    console.print(
        _(
            "Teams of four, %(matches)s matches, rules %(rules)s",
            matches=len(result.matches),
            rules=result.rules.label,
        )
    )
    for problem in result.unmatched:
        said = _("Not scored: %(problem)s", problem=problem.describe())
        console.print(Text(printable(said), style="yellow"))
    rules = result.rules
    # Board-a-match scores a point a board, and the points are the match's score.
    bam = rules.teams_scoring is TeamsScoring.BOARD_A_MATCH
    unit, total = (_("Points"), _("Points")) if bam else (_("IMPs"), _("VPs"))
    ranking = Table(title=_("Teams"), title_justify="left")
    for name in (
        _("Place"),
        _("Team"),
        _("Name"),
        _("Matches"),
        _("%(unit)s for", unit=unit),
        _("%(unit)s against", unit=unit),
        total,
    ):
        ranking.add_column(name, justify="left" if name == _("Name") else "right")
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
    matches = Table(title=_("Matches"), title_justify="left")
    for name in (_("Home"), _("Away"), _("Boards"), unit, total):
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
            boards = Table(
                title=_("Match %(home)s v %(away)s", home=m.home.number, away=m.away.number),
                title_justify="left",
            )
            for name in (
                _("Board"),
                _("Room 1"),
                _("Room 2"),
                _("Home %(unit)s", unit=unit),
                _("Away %(unit)s", unit=unit),
            ):
                boards.add_column(name, justify="right")
            boards.add_column(_("Why"), justify="left")
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
            return Text.from_markup(f"[bold]{seat}[/bold] " + _("not known"))
        lines = [f"[bold]{seat}[/bold] " + _("%(hcp)s HCP", hcp=hand.hcp)]
        for suit in SUITS:
            ranks = " ".join("10" if r == "T" else ranks_shown(r) for r in hand.holding(suit))
            ranks = ranks or "—"
            lines.append(f"{_SUIT_SYMBOLS[suit.value]} {ranks}")
        return Text.from_markup("\n".join(lines))

    grid = Table.grid(padding=(0, 3))
    for _column in range(3):
        grid.add_column()
    grid.add_row("", block(Seat.N), "")
    grid.add_row(
        block(Seat.W), "\n  " + _("Board %(number)s", number=board.board.number), block(Seat.E)
    )
    grid.add_row("", block(Seat.S), "")
    console.print(grid)
    if solved is None:
        return
    dd = Table(title=_("Double dummy"), title_justify="left")
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
    console.print(_("Par %(score)s (NS): %(par)s", score=solved.par_score, par=solved.par_text))


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
                title += _(" (%(number)s of %(count)s)", number=number, count=len(slices))
            table = Table(
                title=printable(title), title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1)
            )
            table.add_column(_("Pair"), justify="right")
            for i in columns:
                table.add_column(str(sheet.boards[i].board.number), justify="right")
            if last:
                if sheet.two_way:
                    table.add_column("NS", justify="right")
                    table.add_column("EW", justify="right")
                table.add_column(_("IMPs") if in_imps(result) else _("Total"), justify="right")
                table.add_column(_("Place"), justify="right")
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
        heading = (
            _("Player %(label)s", label=card.entrant.label)
            if card.entrant.player
            else _("Pair %(label)s", label=card.entrant.label)
        )
        if card.name:
            heading += f" — {card.name}"
        points = _num(s.points, rules)
        summary = (
            _("%(points)s IMPs", points=points)
            if imps
            else _(
                "%(points)s of %(top)s MP, %(percent)s",
                points=points,
                top=_num(s.available, rules),
                percent="%"
                if s.percent is None
                else current().percentage(fmt_fixed(s.percent, rules.decimals, rules.rounding)),
            )
        )
        console.print(
            Text(
                printable(
                    _(
                        "%(heading)s: place %(place)s in %(field)s, %(summary)s",
                        heading=heading,
                        place=s.place,
                        field=shown_text(field_title(card.field.field, result)),
                        summary=summary,
                    )
                ),
                style="bold",
            ),
            soft_wrap=True,
        )
        table = Table(caption=_sparkline(card, imps), caption_justify="left")
        for name, left in (
            (_("Round"), False),
            (_("Board"), False),
            (_("Dir"), True),
            (_("Opponents"), False),
            (_("Result"), True),
            (_("Score"), False),
        ):
            table.add_column(name, justify="left" if left else "right")
        table.add_column(_("IMPs") if imps else _("MP"), justify="right")
        if not imps:
            table.add_column("%", justify="right")
        table.add_column(_("Running"), justify="right")
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
    return _("%(what)s board by board: %(marks)s", what=_("IMPs") if imps else "%", marks=marks)
