"""A traveller line as it is entered: what was typed, placed by the movement, read once into the
core's :class:`~bridgescore.traveller.TableResult`.

The console's grid and a phone send the same thing, a :class:`TypedResult` for a board, round
and table; :func:`place_line` finds the pairs the movement seats there and reads the result
with the store's one parser of traveller notation. From then on the line is the core's value,
through the rules, into the log and back to every page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from bridgescore.bridge import Vulnerability
from bridgescore.errors import BridgeScoreError, ParseError
from bridgescore.languages import N_, _
from bridgescore.languages.text import Text
from bridgescore.movements import Movement
from bridgescore.movements.model import Contestant, Play
from bridgescore.night.refusals import Refused
from bridgescore.store.lines import read_result
from bridgescore.traveller import TableResult


class Place(NamedTuple):
    """Where a result is entered: the board, the round and the table (None: a phone's own)."""

    board: int
    round: int
    table: int | None = None


@dataclass(frozen=True)
class TypedResult:
    """What was typed for one line: the contract, declarer, tricks and lead apart (the phone's
    buttons, the grid's cells), or a whole result in traveller notation in the contract cell
    (a score, PASS, NP, an average, a split or a weighted score)."""

    contract: str
    declarer: str = ""
    tricks: str = ""
    lead: str = ""

    def notation(self) -> str:
        """The result in traveller notation: the contract cell alone when it holds a score,
        PASS, NP, an average, a split or a weighted score; else contract, declarer, tricks."""
        contract = " ".join(self.contract.split())
        if not contract:
            raise ParseError(
                Text(N_("no result: type a contract, a score, PASS, NP or an average"))
            )
        if " " in contract or not looks_like_contract(contract):
            return contract
        declarer = self.declarer.strip().upper()
        tricks = self.tricks.strip()
        if not declarer:
            raise ParseError(
                Text(N_("%(contract)s: who declared? (N, E, S or W)"), contract=repr(contract))
            )
        if not tricks:
            raise ParseError(
                Text(
                    N_("%(contract)s %(declarer)s: how many tricks? (=, +1, -2 or 9)"),
                    contract=contract,
                    declarer=declarer,
                )
            )
        return f"{contract} {declarer} {tricks}"

    @property
    def complete(self) -> bool:
        """Whether there is a whole result yet (the phone checks a lead before the tricks)."""
        return bool(self.tricks.strip()) or not looks_like_contract(self.contract)


def looks_like_contract(text: str) -> bool:
    upper = text.strip().upper()
    return len(upper) >= 2 and upper[0] in "1234567" and upper[1] in "CDHSN"


def holders(play: Play) -> tuple[Contestant, Contestant]:
    """Who held the NS cards and who the EW cards: turned on an arrow-switched round."""
    return (play.ew, play.ns) if play.arrow_switched else (play.ns, play.ew)


def play_at(movement: Movement, board: int, round: int, table: int) -> Play:
    """The movement's play of ``board`` at ``table`` in ``round``; refused when there is none."""
    try:
        play = movement.play(round, table)
    except BridgeScoreError:
        raise Refused(
            422, _("there is no table %(table)s in round %(round)s", table=table, round=round)
        ) from None
    if board not in play.boards or play.sit_out:
        raise Refused(
            422,
            _(
                "board %(board)s is not played at table %(table)s in round %(round)s",
                board=board,
                table=table,
                round=round,
            ),
        )
    return play


def place_line(
    movement: Movement,
    board: int,
    round: int,
    table: int,
    typed: TypedResult,
    vulnerability: Vulnerability,
    section: str = "",
) -> TableResult:
    """The traveller line of ``board`` at ``table`` in ``round``: its pairs from the movement,
    its result read from what was typed (a ParseError says what is wrong with it)."""
    play = play_at(movement, board, round, table)
    ns, ew = holders(play)
    ns_side, ew_side, assigned = read_result(typed.notation(), vulnerability)
    return TableResult(
        board=board,
        ns=(ns.number,),
        ew=(ew.number,),
        ns_side=ns_side,
        ew_side=ew_side,
        assigned=assigned,
        table=str(table),
        round=round,
        lead=typed.lead.strip().upper() or None,
        arrow=play.arrow_switched,
        section=section or None,
    )


def position_of(line: TableResult) -> int:
    """Where a live line sits on its traveller: by board, then round, then table."""
    table = int(line.table) if line.table and line.table.isascii() and line.table.isdigit() else 0
    return line.board * 10_000 + (line.round or 0) * 100 + table


def same_result(a: TableResult, b: TableResult) -> bool:
    """Whether ``b`` says what ``a`` says: the same scores, assigned or not, and no other lead
    (a result sent again without its lead, or with a lead where none was kept, is the same
    result: the entry in force stands, and the page shows what it holds)."""
    return (
        a.ns_side == b.ns_side
        and a.ew_side == b.ew_side
        and a.assigned == b.assigned
        and (a.lead is None or b.lead is None or a.lead == b.lead)
    )
