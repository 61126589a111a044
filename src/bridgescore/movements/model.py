"""What a movement is: for every round and table, who sits where and which boards they play.

A movement is data (rules.md §8.1). Generators build it, the JSON form stores it, the validator
checks it, guide cards print it and the scorer looks results up in it. Nothing here computes a
schedule: :mod:`~bridgescore.movements.mitchell`, :mod:`~bridgescore.movements.howell` and
:mod:`~bridgescore.movements.individual` do.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from bridgescore.bridge import Side
from bridgescore.errors import ParseError, RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text, counted
from bridgescore.session import FieldStructure
from bridgescore.vocabulary import Vocabulary


class Structure(Vocabulary, what=N_("a ranking structure")):
    """How the session ranks (rules.md §7.3): two fields (NS and EW) or one."""

    TWO_FIELDS = "two fields"
    ONE_FIELD = "one field"


@dataclass(frozen=True)
class Contestant:
    """A pair, or in an individual a player, as numbered on the night.

    In a Mitchell the same numbers are used on both lines, so a pair is its number and line.
    """

    number: int
    line: Side | None = None
    player: bool = False

    def __post_init__(self) -> None:
        if self.number < 1:
            raise RulesError(
                Text(
                    N_("a contestant number must be 1 or more, not %(number)s"), number=self.number
                )
            )
        if self.player and self.line is not None:
            raise RulesError(Text(N_("a player in an individual has no fixed line")))

    @classmethod
    def parse(cls, text: str, *, player: bool = False) -> Contestant:
        """``"3"``, ``"3NS"`` or ``"12EW"`` (a Mitchell pair with its line)."""
        raw = text.strip().upper()
        digits = raw.rstrip("NSEW-/ ")
        rest = raw[len(digits) :]
        if not (digits.isascii() and digits.isdigit()):
            raise ParseError(Text(N_("not a pair or player number: %(text)s"), text=repr(text)))
        line = Side.parse(rest) if rest else None
        return cls(int(digits), line, player)

    @property
    def label(self) -> str:
        return f"{self.number}{self.line.value}" if self.line else str(self.number)

    def __lt__(self, other: Contestant) -> bool:
        return contestant_order(self) < contestant_order(other)

    def __str__(self) -> str:
        return f"{'player' if self.player else 'pair'} {self.label}"

    def said(self) -> Text:
        """``pair 3NS``, ``player 7``: its English is :meth:`__str__`, shown in the reader's
        language."""
        return Text(
            N_("player %(label)s") if self.player else N_("pair %(label)s"), label=self.label
        )

    def __repr__(self) -> str:
        return f"Contestant.parse({self.label!r}{', player=True' if self.player else ''})"


def boards_per_round_refused(boards_per_round: int) -> Text:
    """The refusal of a movement's boards per round below 1 (every generator's)."""
    return Text(N_("boards per round must be 1 or more, not %(boards)s"), boards=boards_per_round)


_NOT_PAIRS = Text(N_("an individual has players in seats N, E, S and W, not pairs"))


@dataclass(frozen=True)
class Play:
    """One table in one round: who sits there and which boards they play.

    ``seats`` holds the NS and the EW pair, or the N, E, S and W players of an individual. A
    sit-out is a play whose boards are not played: one side is the phantom, or is absent.
    """

    round: int
    table: int
    set: int
    boards: tuple[int, ...]
    seats: tuple[Contestant, ...]
    arrow_switched: bool = False
    sit_out: bool = False
    absent: tuple[Contestant, ...] = ()

    def __post_init__(self) -> None:
        if len(self.seats) not in (2, 4):
            raise RulesError(
                Text(
                    N_("round %(round)s, table %(table)s: a play seats two pairs or four players"),
                    round=self.round,
                    table=self.table,
                )
            )

    @property
    def individual(self) -> bool:
        return len(self.seats) == 4

    @property
    def ns(self) -> Contestant:
        """The NS pair (pairs events only)."""
        if self.individual:
            raise RulesError(_NOT_PAIRS)
        return self.seats[0]

    @property
    def ew(self) -> Contestant:
        """The EW pair (pairs events only)."""
        if self.individual:
            raise RulesError(_NOT_PAIRS)
        return self.seats[1]

    @property
    def ns_side(self) -> tuple[Contestant, ...]:
        """Who holds the NS cards as seated (N and S, or the NS pair)."""
        return (self.seats[0], self.seats[2]) if self.individual else (self.seats[0],)

    @property
    def ew_side(self) -> tuple[Contestant, ...]:
        return (self.seats[1], self.seats[3]) if self.individual else (self.seats[1],)

    def side_of(self, who: Contestant) -> Side:
        """The direction ``who`` sits (the physical seat, before any arrow-switch)."""
        if who in self.ns_side:
            return Side.NS
        if who in self.ew_side:
            return Side.EW
        raise RulesError(
            Text(
                N_("%(who)s does not play at table %(table)s in round %(round)s"),
                who=who.said(),
                table=self.table,
                round=self.round,
            )
        )

    def card_side_of(self, who: Contestant) -> Side:
        """The direction whose cards ``who`` holds: turned on arrow-switched rounds."""
        side = self.side_of(who)
        return side.other if self.arrow_switched else side

    def opponents_of(self, who: Contestant) -> tuple[Contestant, ...]:
        return self.ew_side if self.side_of(who) is Side.NS else self.ns_side

    def partner_of(self, who: Contestant) -> Contestant | None:
        """An individual player's partner this round (None in a pairs event)."""
        if not self.individual:
            return None
        index = self.seats.index(who)
        return self.seats[(index + 2) % 4]


@dataclass(frozen=True)
class Movement:
    """A whole movement: every play, and what a director needs to set it up.

    ``shared`` lists groups of tables that play the same boards in the same round (the boards
    pass between them); ``stands`` is how many relay or bye stands hold boards waiting between
    tables; ``phantom`` is the missing pair (or player) of a half table; ``repeats`` says that
    contestants are meant to meet more than once (an individual's opponents, a short night).
    """

    kind: FieldStructure  # a Mitchell, a Howell or an individual
    tables: int
    rounds: int
    boards_per_round: int
    plays: tuple[Play, ...]
    name: str = ""
    phantom: Contestant | None = None
    shared: tuple[tuple[int, ...], ...] = ()
    stands: int = 0
    arrow_switched: tuple[int, ...] = ()
    repeats: bool = False
    notes: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.plays, key=lambda p: (p.round, p.table)))
        object.__setattr__(self, "plays", ordered)

    # --- lookups for scoring ----------------------------------------------------------------

    @cached_property
    def _by_place(self) -> dict[tuple[int, int], Play]:
        return {(p.round, p.table): p for p in self.plays}

    @cached_property
    def _by_board(self) -> dict[int, tuple[Play, ...]]:
        found: dict[int, list[Play]] = {}
        for play in self.plays:
            if not play.sit_out:
                for board in play.boards:
                    found.setdefault(board, []).append(play)
        return {board: tuple(plays) for board, plays in sorted(found.items())}

    @cached_property
    def _by_contestant(self) -> dict[tuple[Contestant, int], Play]:
        return {(who, p.round): p for p in self.plays for who in p.seats}

    def play(self, round: int, table: int) -> Play:
        """The play at ``table`` in ``round``; a :class:`RulesError` naming both when none."""
        try:
            return self._by_place[(round, table)]
        except KeyError:
            raise RulesError(
                Text(
                    N_("the movement has no table %(table)s in round %(round)s"),
                    table=table,
                    round=round,
                )
            ) from None

    def plays_of_board(self, board: int) -> tuple[Play, ...]:
        """Every play where ``board`` is played (sit-outs left out), in round order."""
        return self._by_board.get(board, ())

    def where(self, who: Contestant, round: int) -> Play | None:
        """Where ``who`` sits in ``round`` (a sit-out included); None when not seated."""
        return self._by_contestant.get((who, round))

    @cached_property
    def _by_round(self) -> dict[int, tuple[Play, ...]]:
        found: dict[int, list[Play]] = {}
        for play in self.plays:
            found.setdefault(play.round, []).append(play)
        return {rnd: tuple(plays) for rnd, plays in found.items()}

    def plays_in_round(self, round: int) -> tuple[Play, ...]:
        return self._by_round.get(round, ())

    @property
    def structure(self) -> Structure:
        """Two fields for a plain Mitchell; one field for a Howell, an individual, or a
        Mitchell with arrow-switched rounds (rules.md §7.3, §7.4)."""
        if self.kind is FieldStructure.MITCHELL and not any(p.arrow_switched for p in self.plays):
            return Structure.TWO_FIELDS
        return Structure.ONE_FIELD

    @cached_property
    def contestants(self) -> tuple[Contestant, ...]:
        """Every real pair or player, phantom left out, in number order (NS line first)."""
        seen = {who for p in self.plays for who in p.seats if who != self.phantom}
        return tuple(sorted(seen, key=contestant_order))

    @cached_property
    def boards(self) -> tuple[int, ...]:
        """Every board number that appears in the movement, in order."""
        return tuple(sorted({b for p in self.plays for b in p.boards}))

    @cached_property
    def sets(self) -> dict[int, tuple[int, ...]]:
        """Each board set and its boards."""
        return {p.set: p.boards for p in sorted(self.plays, key=lambda p: p.set)}

    def boards_played_by(self, who: Contestant) -> tuple[int, ...]:
        return tuple(b for p in self.plays if who in p.seats and not p.sit_out for b in p.boards)

    # --- summary ----------------------------------------------------------------------------

    def sit_outs(self) -> tuple[tuple[int, Contestant], ...]:
        """(round, contestant) for each real contestant who sits out a round."""
        out: list[tuple[int, Contestant]] = []
        for play in self.plays:
            if play.sit_out:
                out.extend(
                    (play.round, who)
                    for who in play.seats
                    if who != self.phantom and who not in play.absent
                )
        return tuple(out)

    def describe(self) -> Text:
        """A one-paragraph summary a director can read out: English as data, shown in the
        reader's language (:func:`bridgescore.languages.text.shown`)."""
        pairs = self.kind is not FieldStructure.INDIVIDUAL
        parts: list[Text] = [
            Text("%(name)s", name=self.name)
            if self.name
            else Text(_KINDS.get(str(self.kind), str(self.kind).capitalize())),
            Text(
                N_("%(tables)s tables, %(count)s pairs")
                if pairs
                else N_("%(tables)s tables, %(count)s players"),
                tables=self.tables,
                count=len(self.contestants),
            ),
            Text(
                N_("%(rounds)s of %(per_round)s (%(boards)s)"),
                rounds=counted("%(num)d round", "%(num)d rounds", self.rounds),
                per_round=counted("%(num)d board", "%(num)d boards", self.boards_per_round),
                boards=counted("%(num)d board", "%(num)d boards", len(self.boards)),
            ),
            Text(N_("ranked as %(structure)s"), structure=Text(_STRUCTURES[self.structure])),
        ]
        if self.phantom:
            parts.append(Text(N_("phantom %(label)s"), label=self.phantom.label))
        if self.stands:
            parts.append(
                counted("%(num)d relay/bye stand", "%(num)d relay/bye stands", self.stands)
            )
        if self.shared:
            groups = _both(self.shared[0])
            for group in self.shared[1:]:
                groups = Text(N_("%(list)s; %(item)s"), list=groups, item=_both(group))
            parts.append(Text(N_("tables sharing boards: %(groups)s"), groups=groups))
        if self.arrow_switched:
            rounds = ", ".join(map(str, self.arrow_switched))
            parts.append(Text(N_("arrow-switched rounds: %(rounds)s"), rounds=rounds))
        said = parts[0]
        for part in parts[1:]:
            said = Text(N_("%(list)s; %(item)s"), list=said, item=part)
        return Text("%(said)s.", said=said)


_KINDS = {"mitchell": N_("Mitchell"), "howell": N_("Howell"), "individual": N_("Individual")}
_STRUCTURES = {Structure.TWO_FIELDS: N_("two fields"), Structure.ONE_FIELD: N_("one field")}


def _both(tables: Iterable[int]) -> Text:
    """``1 and 8``: tables sharing boards."""
    listed = [str(t) for t in tables]
    said = Text("%(table)s", table=listed[0] if listed else "")
    for table in listed[1:]:
        said = Text(N_("%(list)s and %(last)s"), list=said, last=table)
    return said


def contestant_order(who: Contestant) -> tuple[int, int, bool]:
    """NS line before EW line, then by number."""
    line = {None: 0, Side.NS: 0, Side.EW: 1}[who.line]
    return (line, who.number, who.player)


def waiting_sets(plays: Iterable[Play], rounds: int) -> dict[int, tuple[int, ...]]:
    """For each round, the sets between their first and last use that no table holds: the
    boards that must wait on a relay or bye stand."""
    used: dict[int, set[int]] = {}
    for play in plays:
        used.setdefault(play.set, set()).add(play.round)
    return {
        rnd: tuple(s for s, rs in sorted(used.items()) if min(rs) < rnd < max(rs) and rnd not in rs)
        for rnd in range(1, rounds + 1)
    }


def board_list(boards: Iterable[int]) -> str:
    """Board numbers as a director reads them: runs joined, ``1-3, 7, 9-10``; never a run
    where a number is missing (``1, 2, 99`` is not ``1-99``)."""
    ordered = sorted(set(boards))
    runs: list[list[int]] = []
    for board in ordered:
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


def set_boards(number: int, boards_per_round: int) -> tuple[int, ...]:
    """The boards of set ``number``: set 1 is boards 1..b, set 2 is b+1..2b, and so on."""
    first = (number - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


def renumber_sets(plays: Iterable[Play], boards_per_round: int) -> tuple[Play, ...]:
    """Number the sets in the order they first appear (round 1, table 1 first) and give each
    its boards, so board 1 starts at table 1."""
    ordered = sorted(plays, key=lambda p: (p.round, p.table))
    labels: dict[int, int] = {}
    for play in ordered:
        labels.setdefault(play.set, len(labels) + 1)
    return tuple(
        Play(
            p.round,
            p.table,
            labels[p.set],
            set_boards(labels[p.set], boards_per_round),
            p.seats,
            p.arrow_switched,
            p.sit_out,
            p.absent,
        )
        for p in ordered
    )
