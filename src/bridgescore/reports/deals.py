"""Deals for the report: hand diagrams with high-card points, double-dummy tricks and par.

A board's deal is a :class:`~bridgescore.deal.Deal`. Hands and points need only the standard
library; the double-dummy table and the par score come from endplay's solver, which is imported
only when they are asked for (never at ``import bridgescore``) and is given each deal as its PBN
text in one place (:func:`solve`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bridgescore.bridge import Seat, Strain, Vulnerability
from bridgescore.contract import Contract
from bridgescore.deal import SEATS, SUITS, Deal, Hand

if TYPE_CHECKING:
    from endplay.dds.ddtable import DDTable

    from bridgescore.session import Board

# The double-dummy table's columns, as clubs print them: notrump first, then spades to clubs.
STRAINS = (Strain.NOTRUMP, *SUITS)
_BATCH = 32  # deals per call to the solver (DDS takes at most 40 tables at once)


@dataclass(frozen=True)
class ParContract:
    """A par contract: ``declarers`` is ``N``, ``S``, ``NS`` ... when several seats reach it."""

    level: int
    strain: Strain
    doubled: bool
    declarers: str
    result: int  # tricks over (+) or under (-) the contract

    def __str__(self) -> str:
        result = "=" if self.result == 0 else f"{self.result:+d}"
        doubled = "X" if self.doubled else ""
        return f"{self.level}{self.strain.value}{doubled} {self.declarers} {result}"


@dataclass(frozen=True)
class DoubleDummy:
    """Tricks each seat takes as declarer in each strain, and the par (NS point of view)."""

    tricks: Mapping[tuple[Seat, Strain], int]
    par_score: int
    par_contracts: tuple[ParContract, ...]

    def level(self, seat: Seat, strain: Strain) -> int:
        """The highest level ``seat`` makes in ``strain`` (0 when not even one)."""
        return max(self.tricks[seat, strain] - 6, 0)

    def versus_par(self, ns_score: int) -> int:
        """How far a result is from par, North-South's point of view (+ is better for NS)."""
        return ns_score - self.par_score

    @property
    def par_text(self) -> str:
        if not self.par_contracts:
            return "passed out"
        return ", ".join(str(c) for c in self.par_contracts)


@dataclass(frozen=True)
class DealView:
    """What the traveller shows of a deal: the hands, and the double-dummy analysis if solved."""

    deal: Deal
    double_dummy: DoubleDummy | None = None

    @property
    def hands(self) -> dict[Seat, Hand | None]:
        return self.deal.by_seat()

    @property
    def complete(self) -> bool:
        return self.deal.complete


def _as_deal(deal: Deal | str) -> Deal:
    return deal if isinstance(deal, Deal) else Deal.from_pbn(deal)


def parse_deal(deal: Deal | str) -> dict[Seat, Hand | None]:
    """Each seat's hand (``None`` when not known), from a deal or its PBN text."""
    return _as_deal(deal).by_seat()


def view(deal: Deal | str, double_dummy: DoubleDummy | None = None) -> DealView:
    return DealView(_as_deal(deal), double_dummy)


def solve(boards: Iterable[Board]) -> dict[int, DoubleDummy]:
    """Double-dummy tables and par for every board whose four hands are known, by number."""
    complete = []
    for board in boards:
        if board.deal is None:
            continue
        deal = _as_deal(board.deal)
        if deal.complete:
            complete.append((board, deal))
    if not complete:
        return {}
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EndplayDeal

    # endplay reads our deals from their PBN text: the one place they cross over.
    known = [(board, EndplayDeal(deal.pbn())) for board, deal in complete]
    solved: dict[int, DoubleDummy] = {}
    for start in range(0, len(known), _BATCH):
        chunk = known[start : start + _BATCH]
        tables = calc_all_tables([deal for _, deal in chunk])
        for (board, _deal), table in zip(chunk, tables, strict=True):
            solved[board.number] = _analyse(table, board)
    return solved


def _analyse(table: DDTable, board: Board) -> DoubleDummy:
    from endplay.dds import par
    from endplay.types import Player, Vul

    # endplay's rows are its denominations (spades, hearts, diamonds, clubs, notrump), its
    # columns the players north, east, south, west.
    rows = table.to_list()
    order = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
    tricks = {
        (seat, strain): int(rows[row][column])
        for row, strain in enumerate(order)
        for column, seat in enumerate(SEATS)
    }
    vul = {
        Vulnerability.NONE: Vul.none,
        Vulnerability.NS: Vul.ns,
        Vulnerability.EW: Vul.ew,
        Vulnerability.ALL: Vul.both,
    }[board.vulnerability]
    dealer = Player(SEATS.index(board.dealer))
    found = par(table, vul, dealer)
    grouped: dict[tuple[int, Strain, bool, int], list[Seat]] = {}
    for contract in found:
        key = (
            int(contract.level),
            order[int(contract.denom)],
            int(contract.penalty) > 1,
            int(contract.result),
        )
        grouped.setdefault(key, []).append(SEATS[int(contract.declarer)])
    contracts: list[ParContract] = []
    for (level, strain, doubled, result), seats in grouped.items():
        if level == 0:
            continue
        bid = _as_bid(ParContract(level, strain, doubled, _seats(seats), result), board)
        if bid not in contracts:
            contracts.append(bid)
    return DoubleDummy(tricks, int(found.score), tuple(contracts))


def _as_bid(contract: ParContract, board: Board) -> ParContract:
    """The solver names the lowest par contract (``1D +3``); clubs write the one a pair would
    bid for the same score: the highest partscore (``4D =``), else the lowest game or slam
    (``4S +1``, not ``5S =``)."""
    if contract.doubled or contract.result <= 0:
        return contract
    vulnerable = board.vulnerability.is_vulnerable(Seat.parse(contract.declarers[0]).side)
    tricks = contract.level + 6 + contract.result
    target = Contract(contract.level, contract.strain).score(tricks, vulnerable)
    same = [
        level
        for level in range(contract.level, tricks - 5)
        if Contract(level, contract.strain).score(tricks, vulnerable) == target
    ]
    partscore = Contract(same[0], contract.strain).score(same[0] + 6, vulnerable) < 300
    level = max(same) if partscore else min(same)
    return replace(contract, level=level, result=tricks - level - 6)


def _seats(seats: Sequence[Seat]) -> str:
    return "".join(seat.value for seat in SEATS if seat in seats)


__all__ = [
    "SEATS",
    "STRAINS",
    "SUITS",
    "DealView",
    "DoubleDummy",
    "Hand",
    "ParContract",
    "parse_deal",
    "solve",
    "view",
]
