"""Guide cards, blank travellers and pick-up slips, as plain data (rendered by
:mod:`bridgescore.reports.guides`).

A table card says, round by round, who sits NS and EW and where they come from, which boards are
played and where they come from, and where the boards and each pair go next. A personal card says,
for one pair or player, where to sit each round, against whom, which boards, and where to go next.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.movements.model import Contestant, Movement, Play
from bridgescore.session import FieldStructure

SIT_OUT = "sit out"


@dataclass(frozen=True)
class TableRound:
    round: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    ns_from: str  # "start", "table 2 EW"
    ew_from: str
    boards_from: str  # "start", "table 3", "relay or bye stand"
    boards_to: str  # "table 3", "relay or bye stand", "end"
    ns_to: str
    ew_to: str
    sit_out: bool


@dataclass(frozen=True)
class TableCard:
    table: int
    rounds: tuple[TableRound, ...]


@dataclass(frozen=True)
class PersonalRound:
    round: int
    table: int
    seat: str  # "NS", "EW", or a player's seat "N"
    against: str
    boards: tuple[int, ...]
    next: str  # "table 4 EW", "end"
    sit_out: bool


@dataclass(frozen=True)
class PersonalCard:
    who: str  # a label: "3", "3NS"
    rounds: tuple[PersonalRound, ...]


@dataclass(frozen=True)
class TravellerLine:
    round: int
    table: int
    ns: str
    ew: str


@dataclass(frozen=True)
class Traveller:
    board: int
    lines: tuple[TravellerLine, ...]


@dataclass(frozen=True)
class PickupSlip:
    round: int
    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]


def card_tables(movement: Movement) -> tuple[int, ...]:
    """The tables that get a table card (and, on a club night, a QR code for the phones):
    every one but a Howell's or an individual's phantom table, where nobody ever plays (whoever
    is sent there sits out, as their personal card says). A Mitchell's half table keeps its
    card: its boards wait there for the pairs moving down the line."""
    if movement.kind is FieldStructure.MITCHELL:
        return tuple(range(1, movement.tables + 1))
    played = {p.table for p in movement.plays if not p.sit_out}
    return tuple(t for t in range(1, movement.tables + 1) if t in played)


def table_cards(movement: Movement) -> tuple[TableCard, ...]:
    cards = []
    for table in card_tables(movement):
        rows = []
        for play in movement.plays:
            if play.table != table:
                continue
            ns, ew = _sides(play, movement)
            rows.append(
                TableRound(
                    play.round,
                    ns,
                    ew,
                    play.boards,
                    _came(movement, play.ns_side[0], play.round),
                    _came(movement, play.ew_side[0], play.round),
                    _boards_from(movement, play),
                    _boards_to(movement, play),
                    _goes(movement, play.ns_side[0], play.round),
                    _goes(movement, play.ew_side[0], play.round),
                    play.sit_out,
                )
            )
        cards.append(TableCard(table, tuple(rows)))
    return tuple(cards)


def personal_cards(movement: Movement) -> tuple[PersonalCard, ...]:
    cards = []
    for who in movement.contestants:
        rows = []
        for rnd in range(1, movement.rounds + 1):
            play = movement.where(who, rnd)
            if play is None:
                continue
            against = _linked(
                [_label(o, movement) for o in play.opponents_of(who)], "%(list)s & %(item)s"
            )
            rows.append(
                PersonalRound(
                    rnd,
                    play.table,
                    _seat(play, who),
                    against,
                    play.boards,
                    _goes(movement, who, rnd),
                    play.sit_out,
                )
            )
        cards.append(PersonalCard(who.label, tuple(rows)))
    return tuple(cards)


def travellers(movement: Movement) -> tuple[Traveller, ...]:
    """A blank traveller per board: the lines it will be played on, in order."""
    out = []
    for board in movement.boards:
        lines = tuple(
            TravellerLine(p.round, p.table, *_sides(p, movement))
            for p in movement.plays_of_board(board)
        )
        out.append(Traveller(board, lines))
    return tuple(out)


def pickup_slips(movement: Movement) -> tuple[PickupSlip, ...]:
    """A blank slip per table and round (sit-outs left out)."""
    return tuple(
        PickupSlip(p.round, p.table, *_sides(p, movement), p.boards)
        for p in movement.plays
        if not p.sit_out
    )


def to_data(movement: Movement) -> dict[str, Any]:
    """All cards as JSON-ready data (the twin of the printed guide)."""
    return {
        "movement": movement.name,
        "summary": movement.describe(),
        "tables": [asdict(c) for c in table_cards(movement)],
        "personal": [asdict(c) for c in personal_cards(movement)],
        "travellers": [asdict(t) for t in travellers(movement)],
        "pickup_slips": [asdict(s) for s in pickup_slips(movement)],
    }


# Each card's words are Text: English in guides.json, shown in the reader's language on the
# cards (reports.guides).


def _label(who: Contestant, movement: Movement) -> str:
    return Text(N_("phantom")) if who == movement.phantom else who.label


def _linked(parts: list[str], message: str) -> str:
    """``parts`` joined by ``message`` (``%(list)s-%(item)s``), each part shown as it is."""
    said: str = parts[0] if parts else ""
    for part in parts[1:]:
        said = Text(message, list=said, item=part)
    return said


def _sides(play: Play, movement: Movement) -> tuple[str, str]:
    ns = _linked([_label(w, movement) for w in play.ns_side], "%(list)s-%(item)s")
    ew = _linked([_label(w, movement) for w in play.ew_side], "%(list)s-%(item)s")
    return ns, ew


def _seat(play: Play, who: Contestant) -> str:
    if play.individual:
        return "NESW"[play.seats.index(who)]
    return play.side_of(who).value


def _goes(movement: Movement, who: Contestant, rnd: int) -> str:
    if rnd >= movement.rounds:
        return Text(N_("end"))
    nxt = movement.where(who, rnd + 1)
    if nxt is None:
        return Text(N_("leaves"))
    return Text(N_("table %(table)s %(seat)s"), table=nxt.table, seat=_seat(nxt, who))


def _came(movement: Movement, who: Contestant, rnd: int) -> str:
    if rnd == 1:
        return Text(N_("start"))
    before = movement.where(who, rnd - 1)
    if before is None:
        return Text(N_("arrives"))
    return Text(N_("table %(table)s %(seat)s"), table=before.table, seat=_seat(before, who))


def _boards_from(movement: Movement, play: Play) -> str:
    if play.round == 1:
        return Text(N_("start"))
    earlier = [p for p in movement.plays_in_round(play.round - 1) if p.set == play.set]
    if not earlier:
        return Text(N_("relay or bye stand"))
    return _tables(earlier)


def _boards_to(movement: Movement, play: Play) -> str:
    if play.round >= movement.rounds:
        return Text(N_("end"))
    later = [p for p in movement.plays_in_round(play.round + 1) if p.set == play.set]
    if not later:
        return Text(N_("relay or bye stand"))
    return _tables(later)


def _tables(plays: list[Play]) -> str:
    """``table 3 and table 5``: where a set of boards comes from or goes."""
    tables = [Text(N_("table %(table)s"), table=p.table) for p in plays]
    return _linked(list(tables), N_("%(list)s and %(item)s"))
