"""The ``.ASC`` movement file standard, version 1.0 (P. Smulders and H. van Staveren,
http://www.pjms.nl/movementfile_standard.html; also documented in the Bridge-It manual).

A header line of five numbers: contestants, tables, rounds, board groups, and 1 for an individual
(0 for pairs). Then one line per round: for each table in order, ``NS EW group`` (pairs) or
``N S E W group`` (an individual; note the order). Contestants are numbered from 1; groups are
capital letters from A or numbers from 1, one or the other throughout. Separators are any run of
white space or ``- , : ;``. An unused table is all zeros. After ``#`` the rest of a line is a
comment; empty lines are comments; nothing may come before the header.

The standard says nothing of board numbers, the kind of movement or sharing: group g holds boards
``(g - 1) * b + 1 .. g * b`` for the boards per round b given to the reader; tables holding one
group in the same round share it; a pairs movement whose pairs never change direction reads as a
Mitchell (each pair keeps its own number, on its line), any other as a Howell.
"""

from __future__ import annotations

import re

from bridgescore.bridge import Side
from bridgescore.errors import InputFileError, Problem
from bridgescore.languages import N_
from bridgescore.languages.text import Text, in_context
from bridgescore.movements.model import (
    Contestant,
    Movement,
    Play,
    set_boards,
    waiting_sets,
)
from bridgescore.session import FieldStructure

_SEPARATORS = re.compile(r"[\s\-,:;]+")


def loads(text: str, boards_per_round: int, path: str | None = None) -> Movement:
    """Read a ``.ASC`` movement; every problem is reported at once with its line."""
    lines = [(n, line.split("#", 1)[0].strip()) for n, line in enumerate(text.splitlines(), 1)]
    if not lines or not lines[0][1]:
        raise InputFileError(path, [Problem(Text(N_("the first line must be the header")), line=1)])
    problems: list[Problem] = []
    header = _numbers(lines[0][1])
    if len(header) != 5 or any(h is None for h in header):
        problems.append(
            Problem(
                Text(
                    N_(
                        "the header is: contestants, tables, rounds, board groups, "
                        "individual (0 or 1)"
                    )
                ),
                line=1,
                found=lines[0][1],
            )
        )
        raise InputFileError(path, problems)
    contestants, tables, rounds, groups, flag = (int(h or 0) for h in header)
    if flag not in (0, 1):
        problems.append(Problem(Text(N_("individual must be 0 or 1")), line=1, found=str(flag)))
    individual = flag == 1
    width = 5 if individual else 3
    body = [(n, line) for n, line in lines[1:] if line]
    if len(body) != rounds:
        said = Text(
            N_("%(lines)s round lines, the header says %(rounds)s"), lines=len(body), rounds=rounds
        )
        problems.append(Problem(said))
    letters: set[bool] = set()
    raw: list[tuple[int, int, tuple[int, ...], int]] = []
    for rnd, (number, line) in enumerate(body, 1):
        tokens = [t for t in _SEPARATORS.split(line) if t]
        if len(tokens) != tables * width:
            problems.append(
                Problem(
                    Text(
                        N_(
                            "round %(round)s: %(entries)s entries, "
                            "expected %(tables)s tables x %(width)s"
                        ),
                        round=rnd,
                        entries=len(tokens),
                        tables=tables,
                        width=width,
                    ),
                    line=number,
                )
            )
            continue
        for table in range(tables):
            chunk = tokens[table * width : (table + 1) * width]
            people = [_contestant(t, contestants, number, problems) for t in chunk[:-1]]
            group = _group(chunk[-1], groups, number, problems, letters)
            if group is None or any(p is None for p in people):
                continue
            seated = tuple(p or 0 for p in people)
            if group == 0 and not any(seated):
                continue  # an unused table
            if group == 0 or not all(seated):
                problems.append(
                    Problem(
                        Text(
                            N_("table %(table)s: a table is all zeros or has no zero"),
                            table=table + 1,
                        ),
                        number,
                    )
                )
                continue
            raw.append((rnd, table + 1, seated, group))
    if len(letters) > 1:
        problems.append(Problem(Text(N_("board groups must be all letters or all numbers"))))
    if problems:
        raise InputFileError(path, problems)
    return _movement(raw, individual, tables, rounds, boards_per_round)


def _movement(
    raw: list[tuple[int, int, tuple[int, ...], int]],
    individual: bool,
    tables: int,
    rounds: int,
    boards_per_round: int,
) -> Movement:
    sides: dict[int, set[Side]] = {}
    for _, _, seated, _ in raw:
        if not individual:
            sides.setdefault(seated[0], set()).add(Side.NS)
            sides.setdefault(seated[1], set()).add(Side.EW)
    lines = not individual and all(len(s) == 1 for s in sides.values())
    plays = []
    for rnd, table, seated, group in raw:
        if individual:
            north, south, east, west = seated
            seats = tuple(Contestant(n, player=True) for n in (north, east, south, west))
        elif lines:
            seats = (Contestant(seated[0], Side.NS), Contestant(seated[1], Side.EW))
        else:
            seats = (Contestant(seated[0]), Contestant(seated[1]))
        plays.append(Play(rnd, table, group, set_boards(group, boards_per_round), seats))
    holders: dict[tuple[int, int], list[int]] = {}
    for play in plays:
        holders.setdefault((play.round, play.set), []).append(play.table)
    shared = {tuple(sorted(t)) for t in holders.values() if len(t) > 1}
    kind = (
        FieldStructure.INDIVIDUAL
        if individual
        else FieldStructure.MITCHELL
        if lines
        else FieldStructure.HOWELL
    )
    return Movement(
        kind=kind,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        plays=tuple(plays),
        name=asc_name(kind, tables),
        shared=tuple(sorted(shared)),
        stands=max(map(len, waiting_sets(plays, rounds).values()), default=0),
        repeats=individual,
    )


# The kinds of movement an .ASC file holds, as its generated name writes them (lower case).
_KINDS = {
    FieldStructure.MITCHELL: in_context("an .ASC movement's kind", "mitchell"),
    FieldStructure.HOWELL: in_context("an .ASC movement's kind", "howell"),
    FieldStructure.INDIVIDUAL: in_context("an .ASC movement's kind", "individual"),
}


def asc_name(kind: FieldStructure, tables: int) -> Text:
    """The name an .ASC movement is given (``.ASC howell, 4 tables``): English in its JSON form,
    said in the reader's language (read back by :mod:`jsonform` too)."""
    return Text(N_(".ASC %(kind)s, %(tables)s tables"), kind=_KINDS[kind], tables=tables)


def _numbers(text: str) -> list[int | None]:
    out: list[int | None] = []
    for token in (t for t in _SEPARATORS.split(text) if t):
        out.append(int(token) if (token.isascii() and token.isdigit()) else None)
    return out


def _contestant(token: str, most: int, line: int, problems: list[Problem]) -> int | None:
    if not (token.isascii() and token.isdigit()) or int(token) > most:
        problems.append(
            Problem(Text(N_("not a contestant 0 to %(most)s"), most=most), line=line, found=token)
        )
        return None
    return int(token)


def _group(
    token: str, most: int, line: int, problems: list[Problem], letters: set[bool]
) -> int | None:
    if token.isascii() and token.isdigit():
        value = int(token)
        if value:  # 0 marks an unused table in either style
            letters.add(False)
    elif len(token) == 1 and "A" <= token <= "Z":
        letters.add(True)
        value = ord(token) - ord("A") + 1
    else:
        value = -1
    if not 0 <= value <= most:
        problems.append(
            Problem(
                Text(N_("not a board group (1 to %(most)s, or A on)"), most=most),
                line=line,
                found=token,
            )
        )
        return None
    return value
