"""A pair's (or player's) evening, board by board: what the field did, what double dummy says,
and where the matchpoints were won or lost.

Every statement is a sentence that carries its numbers, and the numbers beside it (for the JSON
twin and the tests), in the spirit of the score explanations:

* **the field** -- how many tables have a result, the most common contract and result, how many
  bid game or slam, and how this table's score stands against the others (beaten, tied);
* **double dummy** -- the par, the contracts each side makes, and this table's result against
  both (:class:`~bridgescore.reports.deals.DoubleDummy`);
* **the verdict** -- the score's distance from par split exactly into three parts that add up:
  the contract (its double-dummy score against par), the opening lead (the tricks it gave or
  saved against the best lead, solved by :mod:`bridgescore.reports.leads`) and the play (the
  tricks taken against double dummy after that lead), each with what the score would have
  beaten in the field.

Pure over the scored session: the deals are solved before (:func:`~bridgescore.reports.deals.solve`
and :class:`~bridgescore.reports.leads.Leads`), so this module never calls the solver.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from bridgescore.bridge import Seat, Side, Strain
from bridgescore.contract import Contract, format_result
from bridgescore.display import fmt, fmt_fixed
from bridgescore.explanation import Explanation
from bridgescore.languages import N_
from bridgescore.reports.deals import DoubleDummy, ParContract
from bridgescore.reports.leads import Leads, holds, leader, parse_lead, position
from bridgescore.reports.model import CardRow
from bridgescore.reports.words import Figure, Percentage, Text, counted, joined
from bridgescore.results import ScoredBoard, ScoredTable
from bridgescore.rules import Rules
from bridgescore.traveller import BridgeResult

SYMBOLS = {
    Strain.SPADES: "♠",
    Strain.HEARTS: "♥",
    Strain.DIAMONDS: "♦",
    Strain.CLUBS: "♣",
    Strain.NOTRUMP: "NT",
}
# The makeable contracts as clubs print them: notrump first, then spades to clubs.
_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_SIDE_SEATS = {Side.NS: (Seat.N, Seat.S), Side.EW: (Seat.E, Seat.W)}

Figures = dict[str, Any]


# --- words ---------------------------------------------------------------------------------------


def contract_text(contract: Contract) -> str:
    """``4♠``, ``3NTX``: a contract with its suit's symbol."""
    return f"{contract.level}{SYMBOLS[contract.strain]}{contract.doubling.suffix}"


def card_text(card: str) -> str:
    """``C5`` as ``♣5``, ``HT`` as ``♥10``."""
    rank = "10" if card[1] == "T" else card[1]
    return f"{SYMBOLS[Strain.parse(card[0])]}{rank}"


def result_text(result: BridgeResult) -> str:
    """``4♠ N =``, ``3NTX E -2``, ``passed out``, or a bare score for NS."""
    if result.passed_out:
        return Text(N_("passed out"))
    if result.contract is None or result.declarer is None or result.tricks is None:
        return Text(N_("%(score)s for NS"), score=signed(result.ns_score))
    return (
        f"{contract_text(result.contract)} {result.declarer} "
        f"{format_result(result.contract, result.tricks)}"
    )


def par_text(contract: ParContract) -> str:
    outcome = "=" if contract.result == 0 else f"{contract.result:+d}"
    doubled = "X" if contract.doubled else ""
    return f"{contract.level}{SYMBOLS[contract.strain]}{doubled} {contract.declarers} {outcome}"


def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def tables(count: int) -> Text:
    return counted("%(num)d table", "%(num)d tables", count)


def tricks(count: int) -> Text:
    return counted("%(num)d trick", "%(num)d tricks", count)


def _is_game(contract: Contract) -> bool:
    """Whether the contract bid is a game (its undoubled trick score 100 or more) or more."""
    trick_score = contract.level * contract.strain.trick_value
    if contract.strain is Strain.NOTRUMP:
        trick_score += 10
    return trick_score >= 100


# --- the field -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """What the tables did on one board (its traveller: the tables compared with each other)."""

    board: ScoredBoard
    results: tuple[BridgeResult, ...]  # every table's bridge result, in traveller order
    contracts: Counter[tuple[str, Side]] = field(compare=False)
    outcomes: Counter[str] = field(compare=False)
    games: Counter[Side] = field(compare=False)
    slams: Counter[Side] = field(compare=False)

    @property
    def scores(self) -> list[int]:
        return [r.ns_score for r in self.results]

    @cached_property
    def _ordered(self) -> list[int]:
        """The NS scores in order, made once: every pair's evening asks each board for its
        standing, and counting through the traveller each time grew with the square of the
        field."""
        return sorted(self.scores)

    def standing(self, side: Side, score: int, own: int | None) -> tuple[int, int, int]:
        """(beaten, tied, compared): a score for ``side`` against the other tables' results
        (``own``: this table's NS score, left out once)."""
        ordered = self._ordered
        below, above = bisect_left(ordered, score), bisect_right(ordered, score)
        tied = above - below
        beaten = below if side is Side.NS else len(ordered) - above  # EW: NS scores above
        compared = len(ordered)
        if own is not None:
            if bisect_right(ordered, own) == bisect_left(ordered, own):
                raise ValueError(f"{own} is not a score on this board")
            compared -= 1
            if own == score:
                tied -= 1
            elif (own < score) == (side is Side.NS):
                beaten -= 1
        return beaten, tied, compared


def field_of(board: ScoredBoard) -> Field:
    results = tuple(r for t in board.tables if (r := t.table.result) is not None)
    contracts: Counter[tuple[str, Side]] = Counter()
    outcomes: Counter[str] = Counter()
    games: Counter[Side] = Counter()
    slams: Counter[Side] = Counter()
    # Each distinct result is put in words once, with its count: a board of thousands of
    # tables has a few dozen. Counted in traveller order, so the keys come in the order of
    # their first table, as when each table is counted on its own (ties list them so).
    for result, count in Counter(results).items():
        outcomes[result_text(result)] += count
        if result.contract is None or result.declarer is None:
            continue
        side = result.declarer.side
        contracts[contract_text(result.contract), side] += count
        if result.contract.level >= 6:
            slams[side] += count
        elif _is_game(result.contract):
            games[side] += count
    return Field(board, results, contracts, outcomes, games, slams)


def _most_common(counts: Counter[Any]) -> tuple[list[Any], int]:
    if not counts:
        return [], 0
    top = max(counts.values())
    return [key for key, count in counts.items() if count == top], top


# --- statements ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Statement:
    """One sentence of the analysis and the figures it quotes."""

    kind: str  # field, standing, par, makeable, double dummy, contract, lead, play, verdict
    text: str  # a words.Text: English as data, the reader's language on a page
    figures: Figures

    def data(self) -> Figures:
        return {"kind": self.kind, "text": self.text, "figures": self.figures}


@dataclass(frozen=True)
class Story:
    """One board of an entrant's evening."""

    row: CardRow
    result: str  # what the table did, in words
    field: tuple[Statement, ...]
    double_dummy: tuple[Statement, ...]
    verdict: tuple[Statement, ...]
    versus_par: int | None  # the score's distance from par for the entrant (+ is better)
    parts: Mapping[str, int]  # contract, lead, play: adding up to versus_par


class Analyst:
    """Tells each board of each entrant's evening from the scored boards (each field made
    once), the solved deals and the solved leads (either may be empty: a session without
    deals gets the field alone)."""

    def __init__(
        self,
        rules: Rules,
        double_dummy: Mapping[int, DoubleDummy] | None = None,
        leads: Leads | None = None,
    ) -> None:
        self.rules = rules
        self.double_dummy = double_dummy or {}
        self.leads = leads
        # by the board's natural key: a result scores each board of a section once
        self._fields: dict[tuple[str | None, int], Field] = {}
        # what the field did, said once for each board: every entrant's evening repeats it
        self._field_said: dict[tuple[str | None, int], tuple[Statement, ...]] = {}
        # a pair's standing on a board follows from its side and score: said once for each
        self._standings: dict[tuple[str | None, int, Side, int], Statement] = {}
        self._score_lines: dict[int, tuple[Explanation, Statement]] = {}
        self._results: dict[int, tuple[BridgeResult, str]] = {}

    def field(self, board: ScoredBoard) -> Field:
        key = (board.section, board.board.number)
        found = self._fields.get(key)
        if found is None:
            found = self._fields[key] = field_of(board)
        return found

    def num(self, value: Fraction | int) -> str:
        return fmt_fixed(value, self.rules.decimals, self.rules.rounding)

    def story(self, row: CardRow) -> Story:
        board = row.board
        table = row.table
        played = table.table.result
        board_field = self.field(board)
        solved = self.double_dummy.get(board.board.number) if board.board.deal else None
        field_said = self._field(row, board_field, played)
        dd_said: list[Statement] = []
        verdict: list[Statement] = []
        parts: dict[str, int] = {}
        versus = None
        if solved is not None:
            dd_said = self._double_dummy(row, solved)
            if played is not None:
                versus, parts, verdict = self._verdict(row, board_field, solved, played)
        verdict.insert(0, self._score_line(row))
        return Story(
            row,
            Text(N_("not played"))
            if played is None and not table.table.played
            else self._what(table),
            tuple(field_said),
            tuple(dd_said),
            tuple(verdict),
            versus,
            parts,
        )

    # --- the field

    def field_said(self, board: ScoredBoard) -> tuple[Statement, ...]:
        """What the field did on ``board`` (statements of kind ``field``): the same on every
        entrant's evening, said once."""
        key = (board.section, board.board.number)
        said = self._field_said.get(key)
        if said is None:
            said = self._field_said[key] = tuple(_field_said(self.field(board)))
        return said

    def _field(self, row: CardRow, board: Field, played: BridgeResult | None) -> list[Statement]:
        said = self.field_said(board.board)
        key = (board.board.section, board.board.board.number)
        if played is None or not board.results:
            return list(said)
        standing = self._standings.get((*key, row.side, played.ns_score))
        if standing is None:
            standing = self._standings[(*key, row.side, played.ns_score)] = self._standing(
                board, row.side, played.ns_score
            )
        return [*said, standing]

    def _standing(self, board: Field, side: Side, ns_score: int) -> Statement:
        beaten, tied, compared = board.standing(side, ns_score, own=ns_score)
        mine = _for(side, ns_score)
        return Statement(
            "standing",
            counted(
                "Your %(score)s beat %(beaten)s and tied %(tied)s of the %(num)d other result.",
                "Your %(score)s beat %(beaten)s and tied %(tied)s of the %(num)d other results.",
                compared,
                score=signed(mine),
                beaten=beaten,
                tied=tied,
            ),
            {"score": mine, "beaten": beaten, "tied": tied, "compared": compared},
        )

    # --- double dummy

    def _double_dummy(self, row: CardRow, solved: DoubleDummy) -> list[Statement]:
        side = row.side
        par = _for(side, solved.par_score)
        contracts = [par_text(c) for c in solved.par_contracts]
        said = [
            Statement(
                "par",
                Text(
                    N_("Par is %(par)s for you (%(contracts)s)."),
                    par=signed(par),
                    contracts=", ".join(contracts),
                )
                if contracts
                else Text(N_("Par is %(par)s for you (passed out)."), par=signed(par)),
                {"par": par, "par_ns": solved.par_score, "contracts": contracts},
            )
        ]
        for who in (side, side.other):
            makes = _makeable(solved, who)
            words = _listed(
                [
                    Text(
                        N_("%(contract)s (%(tricks)s by %(declarers)s)"),
                        contract=c,
                        tricks=tricks(n),
                        declarers=Text(N_("%(one)s or %(other)s"), one=seats[0], other=seats[1])
                        if len(seats) == 2
                        else seats,
                    )
                    for c, n, seats in makes
                ]
            )
            if makes:
                made = (
                    Text(
                        N_("You (%(side)s) make %(contracts)s double dummy."),
                        side=who,
                        contracts=words,
                    )
                    if who is side
                    else Text(
                        N_("Your opponents (%(side)s) make %(contracts)s double dummy."),
                        side=who,
                        contracts=words,
                    )
                )
            else:
                made = (
                    Text(N_("You (%(side)s) make no contract double dummy."), side=who)
                    if who is side
                    else Text(
                        N_("Your opponents (%(side)s) make no contract double dummy."), side=who
                    )
                )
            said.append(
                Statement(
                    "makeable",
                    made,
                    {
                        "side": who.value,
                        "contracts": [
                            {"contract": c, "tricks": n, "declarers": seats}
                            for c, n, seats in makes
                        ],
                    },
                )
            )
        return said

    # --- the verdict

    def _verdict(
        self, row: CardRow, board: Field, solved: DoubleDummy, played: BridgeResult
    ) -> tuple[int, dict[str, int], list[Statement]]:
        side = row.side
        own = played.ns_score
        actual = _for(side, own)
        par = _for(side, solved.par_score)
        said: list[Statement] = []

        def beats(score_ns: int) -> Text:
            beaten, tied, compared = board.standing(side, score_ns, own=own)
            return Text(
                N_("beaten %(beaten)s and tied %(tied)s of the %(compared)s other results"),
                beaten=beaten,
                tied=tied,
                compared=compared,
            )

        contract, declarer, taken = played.contract, played.declarer, played.tricks
        if played.passed_out or contract is None or declarer is None or taken is None:
            what = (
                Text(N_("The board was passed out"))
                if played.passed_out
                else Text(N_("Your score %(score)s"), score=signed(actual))
            )
            said.append(
                Statement(
                    "contract",
                    Text(
                        N_(
                            "%(what)s: %(score)s against par %(par)s, %(distance)s; par would "
                            "have %(beats)s."
                        ),
                        what=what,
                        score=signed(actual),
                        par=signed(par),
                        distance=_distance(actual - par),
                        beats=beats(_ns(side, par)),
                    ),
                    {"score": actual, "par": par, "versus_par": actual - par},
                )
            )
            parts = {"contract": actual - par, "lead": 0, "play": 0}
            return actual - par, parts, said
        vulnerability = row.table.table.vulnerability or row.board.board.vulnerability
        strain = contract.strain
        best = solved.tricks[declarer, strain]  # tricks with the best lead

        def score(count: int) -> int:
            return _for(side, contract.ns_score(declarer, count, vulnerability))

        ours = declarer.side is side
        at_best = score(best)
        part_contract = at_best - par
        said.append(
            Statement(
                "contract",
                Text(
                    N_(
                        "The contract: %(contract)s by %(declarer)s (you) makes %(tricks)s double "
                        "dummy, %(score)s for you against par %(par)s: %(distance)s; %(score)s "
                        "would have %(beats)s."
                    )
                    if ours
                    else N_(
                        "The contract: %(contract)s by %(declarer)s (your opponents) makes "
                        "%(tricks)s double dummy, %(score)s for you against par %(par)s: "
                        "%(distance)s; %(score)s would have %(beats)s."
                    ),
                    contract=contract_text(contract),
                    declarer=declarer,
                    tricks=tricks(best),
                    score=signed(at_best),
                    par=signed(par),
                    distance=_distance(part_contract),
                    beats=beats(_ns(side, at_best)),
                ),
                {
                    "contract": str(contract),
                    "declarer": declarer.value,
                    "tricks": best,
                    "score": at_best,
                    "par": par,
                    "difference": part_contract,
                },
            )
        )
        after = best
        lead = self._lead(row, contract, declarer, best, ours, score)
        if lead is not None:
            statement, made = lead
            said.append(statement)
            after = best if made is None else made
        best_lead = lead is None or lead[1] is None
        part_lead = score(after) - at_best
        part_play = actual - score(after)
        difference = taken - after
        text: Text
        if difference == 0:
            text = Text(
                N_(
                    "The play: %(tricks)s taken, as double dummy with the best lead: no trick "
                    "lost or gained."
                )
                if best_lead
                else N_(
                    "The play: %(tricks)s taken, as double dummy after the lead: no trick lost "
                    "or gained."
                ),
                tricks=tricks(taken),
            )
        else:
            if difference < 0:
                doer = (
                    Text(N_("The play: your play took %(taken)s tricks"), taken=taken)
                    if ours
                    else Text(
                        N_("The play: the opponents' play took %(taken)s tricks"), taken=taken
                    )
                )
                how = Text(N_("lost %(tricks)s"), tricks=tricks(abs(difference)))
            else:
                doer = (
                    Text(
                        N_("The play: the opponents' defence let declarer take %(taken)s tricks"),
                        taken=taken,
                    )
                    if ours
                    else Text(
                        N_("The play: your defence let declarer take %(taken)s tricks"),
                        taken=taken,
                    )
                )
                how = Text(N_("gave %(tricks)s"), tricks=tricks(abs(difference)))
            text = Text(
                N_(
                    "%(doer)s where double dummy with the best lead gives %(after)s: %(how)s, "
                    "%(points)s for you; %(score)s would have %(beats)s%(worth)s."
                )
                if best_lead
                else N_(
                    "%(doer)s where double dummy after the lead gives %(after)s: %(how)s, "
                    "%(points)s for you; %(score)s would have %(beats)s%(worth)s."
                ),
                doer=doer,
                after=after,
                how=how,
                points=signed(part_play),
                score=signed(score(after)),
                beats=beats(_ns(side, score(after))),
                worth=self._mp_at(row, board, score(after)),
            )
        said.append(
            Statement(
                "play",
                text,
                {
                    "taken": taken,
                    "double_dummy": after,
                    "difference": difference,
                    "points": part_play,
                },
            )
        )
        parts = {"contract": part_contract, "lead": part_lead, "play": part_play}
        said.insert(0, self._summary(actual, par, parts))
        return actual - par, parts, said

    def _lead(
        self,
        row: CardRow,
        contract: Contract,
        declarer: Seat,
        best: int,
        ours: bool,
        score: Callable[[int], int],
    ) -> tuple[Statement, int | None] | None:
        """The opening lead's statement and declarer's tricks after it (None when the lead is
        not in the leader's hand), or None when the lead is not known or was not solved."""
        card = parse_lead(row.table.table.lead)
        deal = row.board.board.deal
        if card is None or deal is None or self.leads is None:
            return None
        seat = leader(declarer)
        if not holds(deal, seat, card):
            return (
                Statement(
                    "lead",
                    Text(
                        N_("The opening lead %(card)s is not in %(seat)s's hand: not analysed."),
                        card=card_text(card),
                        seat=seat,
                    ),
                    {"lead": card, "leader": seat.value},
                ),
                None,
            )
        after = self.leads.after(position(deal, contract.strain, declarer))
        if after is None:
            return None
        made = after[card]
        given = made - best
        best_leads = sorted((c for c, n in after.items() if n == best), key=_card_order)
        shown = ", ".join(card_text(c) for c in best_leads[:6])
        if len(best_leads) > 6:
            shown = Text(N_("%(cards)s and %(more)s more"), cards=shown, more=len(best_leads) - 6)
        text: Text
        if given == 0:
            text = Text(
                N_(
                    "The opening lead: the opponents' %(card)s by %(seat)s gave nothing away: "
                    "declarer still makes %(tricks)s double dummy after it."
                )
                if ours
                else N_(
                    "The opening lead: your %(card)s by %(seat)s gave nothing away: declarer "
                    "still makes %(tricks)s double dummy after it."
                ),
                card=card_text(card),
                seat=seat,
                tricks=tricks(made),
            )
        else:
            text = Text(
                N_(
                    "The opening lead: the opponents' %(card)s by %(seat)s gave declarer "
                    "%(tricks)s: %(made)s double dummy after it, %(best)s after the best lead "
                    "(%(leads)s); %(points)s for you."
                )
                if ours
                else N_(
                    "The opening lead: your %(card)s by %(seat)s gave declarer %(tricks)s: "
                    "%(made)s double dummy after it, %(best)s after the best lead (%(leads)s); "
                    "%(points)s for you."
                ),
                card=card_text(card),
                seat=seat,
                tricks=tricks(given),
                made=made,
                best=best,
                leads=shown,
                points=signed(score(made) - score(best)),
            )
        return (
            Statement(
                "lead",
                text,
                {
                    "lead": card,
                    "leader": seat.value,
                    "tricks_after": made,
                    "tricks_best": best,
                    "given": given,
                    "best_leads": best_leads,
                    "points": score(made) - score(best),
                },
            ),
            made,
        )

    def _mp_at(self, row: CardRow, board: Field, score: int) -> Text | str:
        """What a score would have been worth on the board, when the board's matchpoints are
        plainly beaten × scale + tied × scale / 2 (the engine's own figure for this table is
        reproduced that way first); otherwise nothing is claimed."""
        why = row.explanation
        played = row.table.table.result
        if why is None or why.in_imps or why.steps or why.artificial is not None or played is None:
            return ""
        own = played.ns_score
        beaten, tied, compared = board.standing(row.side, own, own=own)
        if (Fraction(beaten), Fraction(tied), compared) != (why.beaten, why.tied, why.compared):
            return ""
        beaten, tied, _ = board.standing(row.side, _ns(row.side, score), own=own)
        value = Fraction(beaten * why.scale) + Fraction(tied * why.scale, 2)
        return Text(
            N_(" (%(value)s of %(top)s matchpoints)"),
            value=Figure(self.num(value)),
            top=Figure(self.num(why.top)),
        )

    def _summary(self, actual: int, par: int, parts: Mapping[str, int]) -> Statement:
        words = {
            "contract": (N_("the contract cost %(points)s"), N_("the contract gained %(points)s")),
            "lead": (N_("the lead cost %(points)s"), N_("the lead gained %(points)s")),
            "play": (N_("the play lost %(points)s"), N_("the play gained %(points)s")),
        }
        pieces: list[Any] = []
        for key, (lost, won) in words.items():
            value = parts[key]
            if value:
                pieces.append(Text(lost if value < 0 else won, points=abs(value)))
        how: Any = Text(N_("nothing was lost or gained against par"))
        if pieces:
            how = pieces[0]
            for piece in pieces[1:]:
                how = Text(N_("%(list)s; %(item)s"), list=how, item=piece)
        return Statement(
            "verdict",
            Text(
                N_("Against par (%(par)s) your %(score)s is %(distance)s: %(how)s."),
                par=signed(par),
                score=signed(actual),
                distance=_distance(actual - par),
                how=how,
            ),
            {"score": actual, "par": par, "versus_par": actual - par, **parts},
        )

    def _score_line(self, row: CardRow) -> Statement:
        """The row's value and its reason: one sentence for each explanation, which the tables
        with the same score on a board share (kept with it, so that its id stays its own)."""
        why = row.explanation
        if why is None:
            return Statement("score", Text(N_("No score on this board.")), {})
        known = self._score_lines.get(id(why))
        if known is None:
            known = self._score_lines[id(why)] = (why, self._score_sentence(row, why))
        return known[1]

    def _what(self, table: ScoredTable) -> str:
        """What the table did, in words: said once for each result, which a board's tables
        with the same result share (kept with it, so that its id stays its own)."""
        played = table.table.result
        if played is None:
            return table.table.describe()
        known = self._results.get(id(played))
        if known is None:
            known = self._results[id(played)] = (played, result_text(played))
        return known[1]

    def _score_sentence(self, row: CardRow, why: Explanation) -> Statement:
        if why.in_imps:
            text = Text(
                N_("You scored %(value)s IMPs: %(why)s."),
                value=Figure(self.num(why.value)),
                why=explained(why, self.rules.decimals),
            )
        elif row.percent is None:
            text = Text(
                N_("You scored %(value)s of %(top)s matchpoints: %(why)s."),
                value=Figure(self.num(why.value)),
                top=Figure(self.num(why.top)),
                why=explained(why, self.rules.decimals),
            )
        else:
            text = Text(
                N_("You scored %(value)s of %(top)s matchpoints (%(percent)s): %(why)s."),
                value=Figure(self.num(why.value)),
                top=Figure(self.num(why.top)),
                percent=Percentage(self.num(row.percent)),
                why=explained(why, self.rules.decimals),
            )
        return Statement(
            "score",
            text,
            {
                "value": str(why.value),
                "top": None if why.in_imps else str(why.top),
                "percent": None if row.percent is None else str(row.percent),
            },
        )


# --- helpers -------------------------------------------------------------------------------------


def explained(why: Explanation, decimals: int) -> Text | str:
    """A score's explanation in the reader's language when it is the plain one (one score
    matchpointed against the others, nothing adjusted): the same sentence as the rules' own
    (:meth:`bridgescore.explanation.Explanation.text`), kept as a message. Any other
    explanation (artificial scores, groups, adjustments, IMPs) is the rules' own sentence,
    shown in the reader's language too (:meth:`~bridgescore.explanation.Explanation.sentence`)."""
    if (
        why.in_imps
        or why.artificial is not None
        or why.steps
        or why.note
        or why.group
        or len(why.scores) != 1
    ):
        return why.sentence(decimals)
    english = why.text(decimals)

    def n(value: Fraction | int) -> Figure:
        return Figure(fmt(value, decimals))

    if why.scale == 2:
        worked = f"{n(why.beaten)}×2 + {n(why.tied)}×1"
    else:
        worked = f"{n(why.beaten)}×1 + {n(why.tied)}×½"
    made = counted(
        "%(score)s beat %(beaten)s and tied %(tied)s of the %(num)d other result: "
        "%(worked)s = %(raw)s of %(top)s",
        "%(score)s beat %(beaten)s and tied %(tied)s of the %(num)d other results: "
        "%(worked)s = %(raw)s of %(top)s",
        why.compared,
        score=signed(why.scores[0][1]),
        beaten=n(why.beaten),
        tied=n(why.tied),
        worked=Figure(worked),
        raw=n(why.raw),
        top=n(why.raw_top),
    )
    return made if made == english else english  # never a sentence other than the rules'


def _field_said(board: Field) -> list[Statement]:
    """What the field did on a board: the same sentences on every entrant's evening."""
    said = []
    count = len(board.results)
    if not count:
        return [Statement("field", Text(N_("No table has a bridge result on this board.")), {})]
    contracts, most = _most_common(board.contracts)
    named = [Text(N_("%(contract)s by %(side)s"), contract=c, side=side) for c, side in contracts]
    text: Text
    if contracts and len(contracts) == 1:
        text = counted(
            "%(num)d table has a result on this board; the most common contract was "
            "%(contracts)s (%(most)s of %(tables)s).",
            "%(num)d tables have a result on this board; the most common contract was "
            "%(contracts)s (%(most)s of %(tables)s).",
            count,
            contracts=joined(named),
            most=most,
            tables=tables(len(board.results)),
        )
    elif contracts and most > 1:
        text = counted(
            "%(num)d table has a result on this board; the most common contracts were "
            "%(contracts)s (%(most)s of %(tables)s each).",
            "%(num)d tables have a result on this board; the most common contracts were "
            "%(contracts)s (%(most)s of %(tables)s each).",
            count,
            contracts=joined(named),
            most=most,
            tables=tables(len(board.results)),
        )
    elif contracts:
        text = counted(
            "%(num)d table has a result on this board, each in another contract: %(contracts)s.",
            "%(num)d tables have a result on this board, each in another contract: %(contracts)s.",
            count,
            contracts=joined(named),
        )
    else:
        text = counted(
            "%(num)d table has a result on this board, none with a contract.",
            "%(num)d tables have a result on this board, none with a contract.",
            count,
        )
    said.append(
        Statement(
            "field",
            text,
            {
                "tables": count,
                "contracts": [f"{c} {side}" for c, side in contracts],
                "count": most,
            },
        )
    )
    outcomes, most = _most_common(board.outcomes)
    if len(outcomes) == 1:
        text = Text(
            N_("The most common result was %(results)s (%(most)s of %(tables)s)."),
            results=joined(outcomes),
            most=most,
            tables=tables(count),
        )
    elif most > 1:
        text = Text(
            N_("The most common results were %(results)s (%(most)s of %(tables)s each)."),
            results=joined(outcomes),
            most=most,
            tables=tables(count),
        )
    else:
        text = Text(N_("No two tables had the same result."))
    said.append(Statement("field", text, {"results": outcomes, "count": most, "tables": count}))
    games = {side.value: board.games[side] for side in Side}
    slams = {side.value: board.slams[side] for side in Side}
    said.append(
        Statement(
            "field",
            Text(
                N_("Game was bid at %(game)s of %(tables)s, slam at %(slam)s."),
                game=_by_sides(board.games),
                tables=count,
                slam=_by_sides(board.slams),
            ),
            {"game": games, "slam": slams, "tables": count},
        )
    )
    return said


def _for(side: Side, ns_score: int) -> int:
    return ns_score if side is Side.NS else -ns_score


def _ns(side: Side, score: int) -> int:
    return score if side is Side.NS else -score


def _distance(points: int) -> Text:
    if points == 0:
        return Text(N_("exactly par"))
    if points > 0:
        return Text(N_("%(points)s above par"), points=abs(points))
    return Text(N_("%(points)s below par"), points=abs(points))


def _listed(items: Sequence[Any]) -> Any:
    """``a, b, c``: each item translated where it is shown."""
    if not items:
        return ""
    listed = items[0]
    for item in items[1:]:
        listed = Text("%(list)s, %(item)s", list=listed, item=item)
    return listed


def _by_sides(counts: Counter[Side]) -> Text:
    total = counts[Side.NS] + counts[Side.EW]
    if not total:
        return Text(N_("no table"))
    sides = ", ".join(f"{side} {counts[side]}" for side in Side if counts[side])
    return Text("%(tables)s (%(sides)s)", tables=tables(total), sides=sides)


def _makeable(solved: DoubleDummy, side: Side) -> list[tuple[str, int, str]]:
    """The highest contract ``side`` makes in each strain: (contract, tricks, its declarers)."""
    found = []
    for strain in _STRAINS:
        best = max(solved.tricks[seat, strain] for seat in _SIDE_SEATS[side])
        if best < 7:
            continue
        seats = "".join(s.value for s in _SIDE_SEATS[side] if solved.tricks[s, strain] == best)
        found.append((f"{best - 6}{SYMBOLS[strain]}", best, seats))
    return found


def makeable(solved: DoubleDummy, side: Side) -> list[tuple[str, int, str]]:
    """The highest contract ``side`` makes in each strain, notrump first: (contract, tricks,
    its declarers), as a teams evening lists them too."""
    return _makeable(solved, side)


def card_order(card: str) -> tuple[int, int]:
    """Spades to clubs, high to low: the order leads are listed in."""
    return _card_order(card)


def _card_order(card: str) -> tuple[int, int]:
    return ("SHDC".index(card[0]), -"23456789TJQKA".index(card[1]))


def positions(boards: Sequence[ScoredBoard]) -> set[tuple[str, Strain, Seat]]:
    """Every (deal, strain, declarer) whose opening lead a session's pages analyse: each
    played contract with a lead and a complete deal."""
    found = set()
    for board in boards:
        deal = board.board.deal
        if deal is None or not deal.complete:
            continue
        for table in board.tables:
            played = table.table.result
            if (
                played is None
                or played.contract is None
                or played.declarer is None
                or parse_lead(table.table.lead) is None
            ):
                continue
            found.add(position(deal, played.contract.strain, played.declarer))
    return found


__all__ = [
    "SYMBOLS",
    "Analyst",
    "Field",
    "Statement",
    "Story",
    "card_order",
    "card_text",
    "contract_text",
    "field_of",
    "makeable",
    "positions",
    "result_text",
]
