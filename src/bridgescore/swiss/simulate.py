"""A whole Swiss event played with random match scores through the draw: for directors trying
conditions, and for the tests. The same seed always plays the same event."""

from __future__ import annotations

import random
from collections.abc import Mapping

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.swiss.conditions import Conditions
from bridgescore.swiss.event import SwissError, SwissEvent


def simulate(
    conditions: Conditions,
    teams: int,
    *,
    entries: Mapping[int, int] | None = None,
    withdrawals: Mapping[int, int] | None = None,
) -> SwissEvent:
    """Play ``teams`` teams (numbered 1..n) through every round with random scores.

    ``entries`` enters team number -> before that round (late entries, numbered above n);
    ``withdrawals`` withdraws team number -> after that round. Each team's IMPs in a match
    are drawn between 0 and 3 a board, from the conditions' seed.
    """
    for team, before in (entries or {}).items():
        if not 1 <= before <= conditions.rounds:
            raise SwissError(
                Text(
                    N_(
                        "team %(team)s cannot enter before round %(round)s: the event has "
                        "%(rounds)s rounds"
                    ),
                    team=team,
                    round=before,
                    rounds=conditions.rounds,
                )
            )
    for team, after in (withdrawals or {}).items():
        if not 1 <= after < conditions.rounds:
            raise SwissError(
                Text(
                    N_(
                        "team %(team)s cannot withdraw after round %(round)s: a withdrawal comes "
                        "after round 1 to %(last)s"
                    ),
                    team=team,
                    round=after,
                    last=conditions.rounds - 1,
                )
            )
    rng = random.Random(f"bridgescore-swiss-{conditions.seed}")
    event = SwissEvent.start(conditions, range(1, teams + 1))
    most = 3 * conditions.boards
    for number in range(1, conditions.rounds + 1):
        for team, before in sorted((entries or {}).items()):
            if before == number:
                event = event.enter(team)
        event = event.draw()
        for match in event.draws[-1].matches:
            event = event.record(
                number, match.home, match.away, rng.randint(0, most), rng.randint(0, most)
            )
        for team, after in sorted((withdrawals or {}).items()):
            if after == number:
                event = event.withdraw(team)
    return event
