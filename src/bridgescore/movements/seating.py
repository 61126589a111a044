"""Travellers against their movement: who sat where comes from the movement, not from guesses.

A traveller row may give its round and table and leave the pairs out (the movement names them),
give its pairs and leave the round and table out (the movement finds where they met), or give
both (the movement checks them). Every contradiction is reported at once, with the round, the
table, the pair and the board: "round 3, table 2: pair 5 NS did not play board 7 there; the
movement has pair 4".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from bridgescore.bridge import Side
from bridgescore.errors import Problem, RulesError
from bridgescore.movements.model import Movement, Play
from bridgescore.traveller import TableResult


def seated(play: Play) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    """(numbers holding the NS cards, numbers holding the EW cards, arrow) at a play.

    On an arrow-switched round the EW-line pair holds the NS cards, which a traveller row says
    with its arrow mark (:class:`~bridgescore.traveller.TableResult`).
    """
    if play.individual:
        north, east, south, west = (who.number for who in play.seats)
        return (north, south), (east, west), False
    ns, ew = play.ns.number, play.ew.number
    if play.arrow_switched:
        return (ew,), (ns,), True
    return (ns,), (ew,), False


def seat(
    rows: Iterable[TableResult], movement: Movement
) -> tuple[list[TableResult], list[Problem]]:
    """Each row with its pairs, round and table filled in from ``movement``, and every problem.

    Rows that contradict the movement are kept as they are and reported; rows it cannot place
    are reported too. Nothing is guessed: a row must give its board and either its round and
    table or its pairs.
    """
    out: list[TableResult] = []
    problems: list[Problem] = []
    for row in rows:
        placed, problem = _place(row, movement)
        out.append(placed)
        if problem is not None:
            problems.append(problem)
    return out, problems


def _place(row: TableResult, movement: Movement) -> tuple[TableResult, Problem | None]:
    table = _table_number(row.table)
    if row.round is not None and table is not None:
        return _at(row, movement, row.round, table)
    if table is not None:
        plays = [p for p in movement.plays_of_board(row.board) if p.table == table]
        if len(plays) == 1:
            return _at(row, movement, plays[0].round, table)
        return row, _problem(
            row,
            f"the movement does not play board {row.board} at table {table}"
            if not plays
            else f"board {row.board} is played at table {table} in rounds "
            f"{', '.join(str(p.round) for p in plays)}: give the round",
        )
    if not row.ns or not row.ew:
        return row, _problem(row, "give the round and table, or the pairs, of every row")
    for play in movement.plays_of_board(row.board):
        if play.sit_out:
            continue
        ns, ew, arrow = seated(play)
        if (ns, ew) == (row.ns, row.ew) and (row.round is None or row.round == play.round):
            return _filled(row, play, ns, ew, arrow), None
    return row, _problem(
        row,
        f"{_who(row.ns, row.ew)} did not meet on board {row.board} in the movement",
        found=f"{_numbers(row.ns)} NS, {_numbers(row.ew)} EW",
        expected="pairs that the movement seats against each other on this board",
    )


def _at(
    row: TableResult, movement: Movement, round: int, table: int
) -> tuple[TableResult, Problem | None]:
    where = f"round {round}, table {table}"
    try:
        play = movement.play(round, table)
    except RulesError:
        return row, _problem(row, f"{where} is not in the movement")
    if row.board not in play.boards:
        boards = ", ".join(str(b) for b in play.boards)
        return row, _problem(
            row,
            f"{where} plays board{'s' if len(play.boards) > 1 else ''} {boards}, not board "
            f"{row.board}",
        )
    ns, ew, arrow = seated(play)
    if play.sit_out:
        if row.played:
            return row, _problem(row, f"{where} is a sit-out in the movement, yet has a result")
        return _filled(row, play, ns, ew, arrow), None
    if not row.ns and not row.ew:
        return _filled(row, play, ns, ew, arrow), None
    for given, expected, side in ((row.ns, ns, Side.NS), (row.ew, ew, Side.EW)):
        if given != expected:
            kind = "player" if play.individual else "pair"
            return row, _problem(
                row,
                f"{where}: {kind} {_numbers(given)} {side.value} did not play board "
                f"{row.board} there; the movement has {kind} {_numbers(expected)}",
                found=_numbers(given),
                expected=_numbers(expected),
            )
    return _filled(row, play, ns, ew, arrow), None


def _filled(
    row: TableResult, play: Play, ns: tuple[int, ...], ew: tuple[int, ...], arrow: bool
) -> TableResult:
    return replace(row, ns=ns, ew=ew, arrow=arrow, round=play.round, table=str(play.table))


def _table_number(label: str | None) -> int | None:
    if label is None:
        return None
    try:
        return int(label)
    except ValueError:
        return None


def _numbers(numbers: tuple[int, ...]) -> str:
    return " & ".join(str(n) for n in numbers) if numbers else "none"


def _who(ns: tuple[int, ...], ew: tuple[int, ...]) -> str:
    return f"{_numbers(ns)} NS and {_numbers(ew)} EW"


def _problem(
    row: TableResult, message: str, found: str | None = None, expected: str | None = None
) -> Problem:
    # The message names the round and table itself where they matter.
    return Problem(message, row.line, row.board, None, found=found, expected=expected)
