"""Mitchell movements (rules.md §8.2): NS pairs stay, EW pairs move up a table, boards down one.

Pairs are numbered by their starting table on each line (NS 1..T, EW 1..T); set s starts at table
s. With ``mod1(x) = ((x - 1) mod T) + 1`` and rounds r = 1..R:

* odd tables: ``EW(t, r) = mod1(t - (r - 1))``, ``SET(t, r) = mod1(t + (r - 1))``, up to T rounds;
* even tables with a skip: after T/2 rounds the EW pairs skip a table,
  ``EW(t, r) = mod1(t - r)`` for r > T/2; up to T - 1 rounds, each EW pair misses one NS pair and
  one set;
* even tables with a relay and bye stand: the boards go round T positions, table 1 (sharing with
  table T), tables 2..T/2, the bye stand, tables T/2+1..T-1; set p + 1 starts at position p and the
  sets move one position down a round; the EW pairs move as with odd tables; up to T rounds.

A half table (an odd number of pairs) has the phantom as the highest NS pair, at table T. In a
relay Mitchell that is the table that would share boards, so nothing is shared [MOV-BMB]. With a
skip a half table is refused: directors play the relay instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from bridgescore.bridge import Side
from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.movements.model import (
    Contestant,
    Movement,
    Play,
    boards_per_round_refused,
    set_boards,
)
from bridgescore.session import FieldStructure

PLAIN = "plain"
SKIP = "skip"
RELAY = "relay"


def mitchell(
    tables: int,
    boards_per_round: int,
    *,
    rounds: int | None = None,
    even: str = RELAY,
    phantom: bool = False,
    arrow_switched: Iterable[int] = (),
) -> Movement:
    """A Mitchell for ``tables`` tables (``phantom``: the NS pair at the last table is missing).

    ``even`` chooses how an even number of tables is played: ``"relay"`` or ``"skip"``.
    ``arrow_switched`` lists the rounds on which every table turns the boards (one winner).
    """
    _require(
        tables >= 2, Text(N_("a Mitchell needs at least 2 tables, not %(tables)s"), tables=tables)
    )
    _require(boards_per_round >= 1, boards_per_round_refused(boards_per_round))
    _require(
        even in (RELAY, SKIP),
        Text(N_("not a way to play even tables: %(even)s (relay or skip)"), even=repr(even)),
    )
    variant = PLAIN if tables % 2 else even
    if variant == SKIP and phantom:
        raise RulesError(
            Text(
                N_(
                    "a half table in an even-table skip Mitchell makes one pair sit out twice: "
                    "play the relay Mitchell (the missing pair at the last table)"
                )
            )
        )
    most = tables - 1 if variant == SKIP else tables
    count = most if rounds is None else rounds
    _require(
        1 <= count <= most,
        Text(
            N_("a %(movement)s on %(tables)s tables has 1 to %(most)s rounds"),
            movement=_title(variant),
            tables=tables,
            most=most,
        ),
    )
    switched = tuple(sorted(set(arrow_switched)))
    bad = [r for r in switched if not 1 <= r <= count]
    _require(
        not bad,
        Text(
            N_("no round %(rounds)s to arrow-switch (1 to %(count)s)"),
            rounds=", ".join(map(str, bad)),
            count=count,
        ),
    )

    missing = Contestant(tables, Side.NS) if phantom else None
    plays = []
    for rnd in range(1, count + 1):
        for table in range(1, tables + 1):
            number = _set(variant, tables, table, rnd)
            ns = Contestant(table, Side.NS)
            ew = Contestant(_ew(variant, tables, table, rnd), Side.EW)
            plays.append(
                Play(
                    rnd,
                    table,
                    number,
                    set_boards(number, boards_per_round),
                    (ns, ew),
                    arrow_switched=rnd in switched,
                    sit_out=ns == missing,
                )
            )
    relay = variant == RELAY
    notes = []
    if relay:
        notes.append(
            Text(
                N_(
                    "Tables 1 and %(last)s share boards; the bye stand sits between tables "
                    "%(before)s and %(after)s."
                ),
                last=tables,
                before=tables // 2,
                after=tables // 2 + 1,
            )
        )
    if missing:
        notes.append(
            Text(
                N_("Half table: pair %(pair)s is missing; its EW visitor sits out."),
                pair=missing.label,
            )
        )
    # The name is data (a movement's JSON carries its English), shown in the reader's language.
    named = Text(N_("%(title)s, %(tables)s tables"), title=_title(variant), tables=tables)
    return Movement(
        kind=FieldStructure.MITCHELL,
        tables=tables,
        rounds=count,
        boards_per_round=boards_per_round,
        plays=tuple(plays),
        name=Text(N_("%(name)s, arrow-switched"), name=named) if switched else named,
        phantom=missing,
        shared=((1, tables),) if relay and not phantom else (),
        stands=1 if relay else 0,
        arrow_switched=switched,
        notes=tuple(notes),
    )


def mitchell_for_pairs(
    pairs: int,
    boards_per_round: int,
    *,
    rounds: int | None = None,
    even: str = RELAY,
    arrow_switched: Iterable[int] = (),
) -> Movement:
    """A Mitchell for ``pairs`` pairs: a half table (phantom) when the number is odd."""
    _require(pairs >= 3, Text(N_("a Mitchell needs at least 3 pairs, not %(pairs)s"), pairs=pairs))
    return mitchell(
        (pairs + 1) // 2,
        boards_per_round,
        rounds=rounds,
        even=even,
        phantom=pairs % 2 == 1,
        arrow_switched=arrow_switched,
    )


def default_arrow_rounds(rounds: int, boards_per_round: int) -> tuple[int, ...]:
    """The rounds to arrow-switch for one winner: "most clubs switch two rounds when they are
    playing two-board rounds and one round when they are playing three-board or longer rounds"
    [ARROW]; the last rounds, so a late change of plan does not touch them."""
    count = 2 if boards_per_round <= 2 and rounds >= 4 else 1
    return tuple(range(rounds - count + 1, rounds + 1))


def _ew(variant: str, tables: int, table: int, rnd: int) -> int:
    step = rnd if variant == SKIP and rnd > tables // 2 else rnd - 1
    return _mod1(table - step, tables)


def _set(variant: str, tables: int, table: int, rnd: int) -> int:
    if variant != RELAY:
        return _mod1(table + rnd - 1, tables)
    half = tables // 2
    if table == tables:
        table = 1  # shares with table 1
    position = table - 1 if table <= half else table  # the bye stand is position `half`
    return (position + rnd - 1) % tables + 1


def _mod1(value: int, size: int) -> int:
    return (value - 1) % size + 1


def _title(variant: str) -> Text:
    return Text(
        {PLAIN: N_("Mitchell"), SKIP: N_("Skip Mitchell"), RELAY: N_("Relay Mitchell")}[variant]
    )


def _require(ok: bool, message: Text) -> None:
    if not ok:
        raise RulesError(message)
