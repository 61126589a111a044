"""Late changes on the night: a pair arriving late, a pair leaving early, a new plan from round k.

Rounds already played never change. An absent contestant's table becomes a sit-out (its
opponents sit out too; the boards there are not played) and the absence is recorded on the play,
so the scorer and the guide cards can say why.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.movements.model import Contestant, Movement, Play


def late_arrival(movement: Movement, who: Contestant, first_round: int) -> Movement:
    """``who`` arrives for ``first_round``: the earlier rounds' tables become sit-outs."""
    _known(movement, who)
    _round(movement, first_round)
    return _absent(movement, who, range(1, first_round))


def early_departure(movement: Movement, who: Contestant, last_round: int) -> Movement:
    """``who`` leaves after ``last_round``: the later rounds' tables become sit-outs."""
    _known(movement, who)
    _round(movement, last_round)
    return _absent(movement, who, range(last_round + 1, movement.rounds + 1))


def amend_from(movement: Movement, from_round: int, plays: Iterable[Play]) -> Movement:
    """Rounds before ``from_round`` as they were; from it on, ``plays`` (numbered from
    ``from_round``). Validate the result: a new plan must not repeat boards already played."""
    _round(movement, from_round)
    later = tuple(plays)
    early = [p for p in later if p.round < from_round]
    if early:
        raise RulesError(
            Text(
                N_("round %(round)s was already played: an amendment starts at round %(start)s"),
                round=early[0].round,
                start=from_round,
            )
        )
    kept = tuple(p for p in movement.plays if p.round < from_round)
    rounds = max((p.round for p in later), default=from_round - 1)
    return replace(
        movement,
        plays=kept + later,
        rounds=rounds,
        tables=max(p.table for p in kept + later),
        notes=(*movement.notes, Text(N_("Amended from round %(round)s."), round=from_round)),
    )


def _absent(movement: Movement, who: Contestant, rounds: Iterable[int]) -> Movement:
    gone = set(rounds)
    plays = tuple(
        replace(p, sit_out=True, absent=(*p.absent, who))
        if p.round in gone and who in p.seats
        else p
        for p in movement.plays
    )
    return replace(movement, plays=plays)


def _known(movement: Movement, who: Contestant) -> None:
    if who not in movement.contestants:
        known = ", ".join(w.label for w in movement.contestants)
        raise RulesError(
            Text(
                N_("%(who)s is not in this movement (it has %(known)s)"),
                who=who.said(),
                known=known,
            )
        )


def _round(movement: Movement, rnd: int) -> None:
    if not 1 <= rnd <= movement.rounds:
        raise RulesError(
            Text(
                N_("no round %(round)s: the movement has rounds 1 to %(rounds)s"),
                round=rnd,
                rounds=movement.rounds,
            )
        )
