"""Deliberate entry slips, seeded one at a time into copies of a session, to measure what
:func:`~bridgescore.anomalies.find` catches and what it flags that was right.

Each slip is what directors undo on club nights:

* ``sign``: a score entered for the wrong side -- the row's NS score reversed (as a bare score,
  the way a score-only traveller would hold it);
* ``declarer``: the declarer entered as the opponent on declarer's left (East for North): the
  contract's points go to the other side;
* ``partner``: the declarer entered as declarer's partner (South for North): the same side
  scores, only the lead and the double dummy can tell;
* ``swap``: two boards of the same pairs' round, their results entered on each other's
  traveller.

Nothing here changes a session given to it: each slip is a new copy.
"""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from bridgescore.anomalies.detect import DoubleDummyTricks, find
from bridgescore.bridge import Vulnerability
from bridgescore.contract import possible_scores
from bridgescore.errors import BridgeScoreError
from bridgescore.movements.model import Movement
from bridgescore.session import Session
from bridgescore.traveller import BridgeResult, TableResult, WeightedResult

KINDS = ("sign", "declarer", "partner", "swap")


@dataclass(frozen=True)
class Slip:
    """One slip seeded into a copy of a session: the rows it changed."""

    kind: str
    rows: tuple[int, ...]  # positions in ``Session.tables``
    session: Session


@dataclass(frozen=True)
class Measure:
    """What :func:`~bridgescore.anomalies.find` made of a session and of its seeded slips."""

    rows: int  # rows with a result of their own
    flagged: int  # of them, flagged in the session as it is
    kinds: dict[str, int]  # the rows flagged, by the kind of reason (a row may have two)
    seeded: dict[str, int]  # slips seeded, by kind
    caught: dict[str, int]  # of them, a changed row flagged for a new reason
    refused: dict[str, int]  # slips no reader would take (an impossible score)


def _played(t: TableResult) -> BridgeResult | None:
    result = t.result
    if result is None or result.contract is None or result.declarer is None:
        return None
    if result.tricks is None:
        return None
    return result


def _with(t: TableResult, result: BridgeResult) -> TableResult:
    side = WeightedResult.single(result)
    return replace(t, ns_side=side, ew_side=side)


def _vulnerability(session: Session, t: TableResult) -> Vulnerability:
    return t.vulnerability or session.boards[t.board].vulnerability


def slips(session: Session, kind: str, count: int, seed: int = 27) -> Iterator[Slip | None]:
    """Up to ``count`` copies of ``session``, each with one slip of ``kind`` in rows chosen at
    random (``seed`` makes the choice the same every run). ``None`` stands for a slip no reader
    would take: a reversed score that no contract makes at the board's vulnerability."""
    rng = random.Random(f"{seed}-{kind}")
    tables = session.tables
    if kind == "swap":
        pairs = _swappable(tables)
        for first, second in rng.sample(pairs, min(count, len(pairs))):
            yield _swap(session, first, second)
        return
    candidates = [i for i, t in enumerate(tables) if _played(t) is not None]
    if kind == "sign":
        candidates = [i for i in candidates if tables[i].result.ns_score]  # type: ignore[union-attr]
    for i in rng.sample(candidates, min(count, len(candidates))):
        t = tables[i]
        result = _played(t)
        assert result is not None and result.declarer is not None
        vulnerability = _vulnerability(session, t)
        if kind == "sign":
            if -result.ns_score not in possible_scores(vulnerability):
                yield None
                continue
            changed = _with(t, BridgeResult.from_score(-result.ns_score, vulnerability))
        else:
            assert result.contract is not None and result.tricks is not None
            seat = result.declarer.next if kind == "declarer" else result.declarer.partner
            moved = BridgeResult.played(result.contract, seat, result.tricks, vulnerability)
            changed = _with(t, moved)
        yield Slip(kind, (i,), _replaced(session, {i: changed}))


def _swappable(tables: Sequence[TableResult]) -> list[tuple[int, int]]:
    """Pairs of rows where the same pairs met on two boards with different results."""
    meetings: dict[tuple[object, ...], list[int]] = defaultdict(list)
    for i, t in enumerate(tables):
        if _played(t) is not None:
            meetings[t.section, t.round, t.ns, t.ew].append(i)
    out = []
    for rows in meetings.values():
        for a, b in itertools.pairwise(rows):
            if tables[a].board != tables[b].board and tables[a].result != tables[b].result:
                out.append((a, b))
    return out


def _swap(session: Session, first: int, second: int) -> Slip:
    """The two rows' results (contract, declarer, tricks and lead) on each other's board."""
    a, b = session.tables[first], session.tables[second]
    changed = {}
    for here, there in ((a, b), (b, a)):
        result = _played(there)
        assert result is not None and result.contract is not None and result.declarer is not None
        assert result.tricks is not None
        moved = BridgeResult.played(
            result.contract, result.declarer, result.tricks, _vulnerability(session, here)
        )
        changed[first if here is a else second] = replace(_with(here, moved), lead=there.lead)
    return Slip("swap", (first, second), _replaced(session, changed))


def _replaced(session: Session, changed: dict[int, TableResult]) -> Session:
    """A copy of ``session`` with some rows replaced; the seating is the same."""
    tables = tuple(changed.get(i, t) for i, t in enumerate(session.tables))
    copy = replace(session, tables=tables)
    copy.__dict__["seating"] = session.seating  # the same pairs at the same tables
    return copy


def measure(
    session: Session,
    *,
    double_dummy: DoubleDummyTricks | None = None,
    movement: Movement | None = None,
    count: int = 40,
    seed: int = 27,
) -> Measure:
    """Run :func:`~bridgescore.anomalies.find` on ``session`` and on ``count`` copies of it per
    kind of slip, each with one slip: how many rows are flagged as they are, how many slips are
    caught (a changed row is flagged), and how many no reader would take."""
    clean = find(session, double_dummy=double_dummy, movement=movement)
    rows = sum(1 for t in session.tables if t.result is not None)
    flagged_rows = {a.index for a in clean}
    already = {(a.index, a.kind, a.reason) for a in clean}
    seeded: dict[str, int] = {}
    caught: dict[str, int] = {}
    refused: dict[str, int] = {}
    for kind in KINDS:
        seeded[kind] = caught[kind] = refused[kind] = 0
        for slip in slips(session, kind, count, seed):
            seeded[kind] += 1
            if slip is None:
                refused[kind] += 1
                continue
            try:
                found = find(slip.session, double_dummy=double_dummy, movement=movement)
            except BridgeScoreError:  # pragma: no cover - a slip the session itself refuses
                refused[kind] += 1
                continue
            # Caught: a changed row is flagged for a reason it was not flagged for before.
            if any(
                a.index in slip.rows and (a.index, a.kind, a.reason) not in already for a in found
            ):
                caught[kind] += 1
    kinds: dict[str, int] = {}
    for kind in sorted({a.kind for a in clean}):
        kinds[kind] = len({a.index for a in clean if a.kind == kind})
    return Measure(rows, len(flagged_rows), kinds, seeded, caught, refused)


__all__ = ["KINDS", "Measure", "Slip", "measure", "slips"]
