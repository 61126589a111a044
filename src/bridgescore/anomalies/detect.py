"""The detectors: each looks at one board's results (or a row's place in the movement) and says
why an entry looks wrong. None of them changes anything."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bridgescore.bridge import Seat, Side, Strain, Vulnerability
from bridgescore.contract import Contract
from bridgescore.deal import Deal
from bridgescore.languages import N_, _
from bridgescore.languages.text import Text, in_context, shown
from bridgescore.movements.model import Movement
from bridgescore.scoring.imps import imps
from bridgescore.session import Board, Session
from bridgescore.traveller import BridgeResult, TableResult

DoubleDummyTricks = Mapping[int, Mapping[tuple[Seat, Strain], int]]
"""Tricks each seat takes as declarer in each strain, double dummy, by board number (what
:func:`bridgescore.reports.deals.solve` gives as ``DoubleDummy.tricks``)."""

OUTLIER_IMPS = 10
"""A score is far outside the field when the nearest other result on its side is this many IMPs
away or more: a game against partscores is 6-7 IMPs, a slam against games 11-13, a swing a
director should confirm rather than publish unseen."""

DD_TRICKS = 3
"""A result is far from double dummy when declarer's tricks differ from the double-dummy
tricks by this many or more: club play is often a trick off, rarely three."""

_DD_SWING = 2  # an outlier whose tricks are within this of double dummy is a real swing
_FIELD = 3  # other results a board needs before the field says anything
_SAME = 2  # other tables needed in a contract before its side is the field's

# The words a reason names seats and sides with (translated where the reason is shown).
_SIDE_NAMES = {Side.NS: Text(N_("North-South")), Side.EW: Text(N_("East-West"))}
_SEAT_NAMES = {
    Seat.N: Text(N_("North")),
    Seat.E: Text(N_("East")),
    Seat.S: Text(N_("South")),
    Seat.W: Text(N_("West")),
}
# Each kind in words, where an anomaly is described (the JSON keeps the kind as it is).
_KINDS = {
    "direction": in_context("an entry that looks wrong, its kind", "direction"),
    "outlier": in_context("an entry that looks wrong, its kind", "outlier"),
    "double dummy": in_context("an entry that looks wrong, its kind", "double dummy"),
    "lead": in_context("an entry that looks wrong, its kind", "lead"),
    "movement": in_context("an entry that looks wrong, its kind", "movement"),
    "vulnerability": in_context("an entry that looks wrong, its kind", "vulnerability"),
}


@dataclass(frozen=True)
class Anomaly:
    """One entry that looks wrong, and why."""

    kind: str  # "direction", "outlier", "double dummy", "lead", "movement", "vulnerability"
    board: int
    index: int  # the row's position in ``Session.tables``
    reason: str  # a Text: English as it is, said in the language where it is shown
    section: str | None = None
    line: int | None = None

    def describe(self, session: Session) -> str:
        """The entry and the reason, as a director reads it, in the current language."""
        row = session.tables[self.index]
        said = _(
            "board %(board)s, %(who)s: %(entry)s — %(kind)s: %(reason)s",
            board=self.board,
            who=_who(row),
            entry=row.describe(),
            kind=kind_said(self.kind),
            reason=shown(self.reason),
        )
        if self.section:
            return _("section %(section)s, %(said)s", section=self.section, said=said)
        return said


def kind_said(kind: str) -> str:
    """An anomaly's kind (``outlier``) in the current language's words."""
    word = _KINDS.get(kind)
    return kind if word is None else str(shown(word))


def find(
    session: Session,
    *,
    double_dummy: DoubleDummyTricks | None = None,
    movement: Movement | None = None,
) -> tuple[Anomaly, ...]:
    """Every entry of ``session`` that looks wrong, with its reason, board by board.

    ``double_dummy`` gives the deals' double-dummy tricks, when they are known (for results far
    from what double dummy allows); ``movement`` the session's movement, when it is known (for
    boards at tables that do not have them; without it, the board sets are read from the rows'
    rounds and tables).
    """
    found: list[Anomaly] = []
    boards: dict[tuple[str | None, int, str | None], list[int]] = defaultdict(list)
    for i, t in enumerate(session.tables):
        boards[t.section, t.board, t.group].append(i)
    dd = double_dummy or {}
    for (section, number, _group), rows in boards.items():
        board = session.boards[number]
        found.extend(_board(session, board, rows, section, dd.get(number)))
    found.extend(_movement(session, movement))
    return tuple(sorted(found, key=lambda a: (a.section or "", a.board, a.index, a.kind)))


# --- one board ---------------------------------------------------------------------------------


def _board(
    session: Session,
    board: Board,
    rows: Sequence[int],
    section: str | None,
    tricks: Mapping[tuple[Seat, Strain], int] | None,
) -> Iterable[Anomaly]:
    tables = session.tables
    results = {i: r for i in rows if (r := _single(tables[i])) is not None}
    for i, result in results.items():
        t = tables[i]
        others = [r for j, r in results.items() if j != i]

        def anomaly(kind: str, reason: str, i: int = i, t: TableResult = t) -> Anomaly:
            return Anomaly(kind, t.board, i, reason, section, t.line)

        reasons = [*_direction(result, others), *_sign(result, others)]
        if reasons:
            joined = reasons[0]
            for more in reasons[1:]:
                joined = Text(N_("%(list)s; %(item)s"), list=joined, item=more)
            yield anomaly("direction", joined)
        outlier = _outlier(result, others, tricks)
        if outlier:
            yield anomaly("outlier", outlier)
        far = _double_dummy(result, tricks)
        if far:
            yield anomaly("double dummy", far)
        wrong_lead = _lead(t, result, board.deal)
        if wrong_lead:
            yield anomaly("lead", wrong_lead)
        vulnerable = _vulnerability(result, others, t.vulnerability or board.vulnerability)
        if vulnerable:
            yield anomaly("vulnerability", vulnerable)


def _single(t: TableResult) -> BridgeResult | None:
    """The one bridge result a row is scored on, when it is a table's result (not a director's
    assigned point score)."""
    result = t.result
    if result is None or result.assigned_points:
        return None
    return result


def _played(result: BridgeResult) -> tuple[Contract, Seat, int] | None:
    if result.contract is None or result.declarer is None or result.tricks is None:
        return None
    return result.contract, result.declarer, result.tricks


def _direction(result: BridgeResult, others: Sequence[BridgeResult]) -> list[Text]:
    """A contract that the other tables in it all played from the other side."""
    mine = _played(result)
    if mine is None:
        return []
    contract, declarer, _ = mine
    key = (contract.level, contract.strain)
    sides = Counter(
        played[1].side
        for other in others
        if (played := _played(other)) is not None and (played[0].level, played[0].strain) == key
    )
    same, opposite = sides[declarer.side], sides[declarer.side.other]
    if same or opposite < _SAME:
        return []
    level = f"{contract.level}{contract.strain.value}"
    return [
        Text(
            N_(
                "%(contract)s by %(seat)s (%(score)s to NS), where the %(opposite)s other tables "
                "in %(level)s played it from %(side)s: a declarer entered on the wrong side?"
            ),
            contract=str(contract),
            seat=_SEAT_NAMES[declarer],
            score=f"{result.ns_score:+d}",
            opposite=opposite,
            level=level,
            side=_SIDE_NAMES[declarer.side.other],
        )
    ]


def _sign(result: BridgeResult, others: Sequence[BridgeResult]) -> list[Text]:
    """A score that is the reverse of other tables' same score, which it never equals."""
    score = result.ns_score
    if score == 0 or _played(result) is not None:
        return []  # a contract's side is the direction check's; a pass-out has no sign
    scores = Counter(o.ns_score for o in others)
    reversed_count = scores[-score]
    opposite_sign = sum(n for s, n in scores.items() if s * score < 0)
    # The reverse is another table's score, this one is no one else's, and nearly the whole
    # field scored the other way.
    if not reversed_count or scores[score] or 4 * opposite_sign < 3 * len(others):
        return []
    if opposite_sign < _SAME:
        return []
    values = {
        "score": f"{score:+d}",
        "reverse": f"{-score:+d}",
        "count": reversed_count,
        "opposite": opposite_sign,
        "others": len(others),
    }
    if reversed_count == 1:
        said = N_(
            "%(score)s to NS is the reverse of another table's %(reverse)s, and %(opposite)s of "
            "the %(others)s other results went the other way: a score entered for the wrong side?"
        )
    else:
        said = N_(
            "%(score)s to NS is the reverse of %(count)s other tables' %(reverse)s, and "
            "%(opposite)s of the %(others)s other results went the other way: a score entered "
            "for the wrong side?"
        )
    return [Text(said, **values)]


def _outlier(
    result: BridgeResult,
    others: Sequence[BridgeResult],
    tricks: Mapping[tuple[Seat, Strain], int] | None,
) -> Text | None:
    """A score beyond every other on the board by :data:`OUTLIER_IMPS` or more -- unless the
    deal is known and double dummy allows it (a real swing, not a slip)."""
    if len(others) < _FIELD:
        return None
    score = result.ns_score
    scores = [o.ns_score for o in others]
    high, low = max(scores), min(scores)
    if score > high:
        gap, nearest = imps(score - high), high
    elif score < low:
        gap, nearest = imps(low - score), low
    else:
        return None
    if gap < OUTLIER_IMPS:
        return None
    reason = Text(
        N_(
            "%(score)s to NS is %(gap)s IMPs from the nearest of the %(others)s other results "
            "(%(nearest)s)"
        ),
        score=f"{score:+d}",
        gap=gap,
        others=len(others),
        nearest=f"{nearest:+d}",
    )
    played = _played(result)
    if tricks is not None and played is not None:
        contract, declarer, taken = played
        made = tricks.get((declarer, contract.strain))
        if made is not None:
            if abs(taken - made) < _DD_SWING:
                return None  # double dummy makes it: a swing, not a slip
            reason = Text(
                N_(
                    "%(reason)s, and double dummy gives %(seat)s %(made)s tricks in %(strain)s, "
                    "not %(taken)s"
                ),
                reason=reason,
                seat=_SEAT_NAMES[declarer],
                made=made,
                strain=contract.strain.value,
                taken=taken,
            )
    return reason


def _double_dummy(
    result: BridgeResult, tricks: Mapping[tuple[Seat, Strain], int] | None
) -> Text | None:
    """Declarer's tricks :data:`DD_TRICKS` or more from double dummy's."""
    played = _played(result)
    if tricks is None or played is None:
        return None
    contract, declarer, taken = played
    made = tricks.get((declarer, contract.strain))
    if made is None or abs(taken - made) < DD_TRICKS:
        return None
    return Text(
        N_("%(contract)s by %(seat)s took %(taken)s tricks; double dummy gives %(made)s"),
        contract=str(contract),
        seat=_SEAT_NAMES[declarer],
        taken=taken,
        made=made,
    )


def _lead(t: TableResult, result: BridgeResult, deal: Deal | None) -> Text | None:
    """An opening lead that is not in the hand of declarer's left-hand opponent."""
    played = _played(result)
    if t.lead is None or deal is None or played is None:
        return None
    _, declarer, _ = played
    leader = declarer.next
    hand = deal[leader]
    if hand is None:
        return None
    suit, rank = Strain.parse(t.lead[0]), t.lead[1:]
    if rank in hand.holding(suit):
        return None
    holder = next(
        (h.seat for h in deal if h is not None and rank in h.holding(suit)),
        None,
    )
    said = Text(
        N_("the lead %(lead)s is not in %(leader)s's hand (the leader, on %(declarer)s's left)"),
        lead=t.lead,
        leader=_SEAT_NAMES[leader],
        declarer=_SEAT_NAMES[declarer],
    )
    if holder is None:
        return said
    return Text(N_("%(said)s; %(holder)s holds it"), said=said, holder=_SEAT_NAMES[holder])


def _vulnerability(
    result: BridgeResult, others: Sequence[BridgeResult], vulnerability: Vulnerability
) -> Text | None:
    """A bare score that none of the field's contracts makes at the board's vulnerability and
    one of them makes at the other vulnerability of its declaring side."""
    if _played(result) is not None or result.passed_out or not result.ns_score:
        return None
    score = result.ns_score
    field = {(p[0], p[1].side) for o in others if (p := _played(o)) is not None}
    if not field:
        return None
    explained = False
    flipped: tuple[Contract, Side, int] | None = None
    for contract, side in sorted(field, key=str):
        vulnerable = vulnerability.is_vulnerable(side)
        sign = 1 if side is Side.NS else -1
        for taken in range(14):
            if sign * contract.score(taken, vulnerable) == score:
                explained = True
            elif flipped is None and sign * contract.score(taken, not vulnerable) == score:
                flipped = (contract, side, taken)
    if explained or flipped is None:
        return None
    contract, side, taken = flipped
    if vulnerability.is_vulnerable(side):
        said = N_(
            "%(score)s to NS is %(contract)s by %(side)s taking %(taken)s tricks not vulnerable, "
            "but %(side)s are vulnerable on board: a score from the other vulnerability?"
        )
    else:
        said = N_(
            "%(score)s to NS is %(contract)s by %(side)s taking %(taken)s tricks vulnerable, but "
            "%(side)s are not vulnerable on board: a score from the other vulnerability?"
        )
    return Text(
        said, score=f"{score:+d}", contract=str(contract), side=_SIDE_NAMES[side], taken=taken
    )


# --- the movement --------------------------------------------------------------------------


def _movement(session: Session, movement: Movement | None) -> Iterable[Anomaly]:
    if movement is not None:
        yield from _against_movement(session, movement)
    else:
        yield from _against_sets(session)


def _against_movement(session: Session, movement: Movement) -> Iterable[Anomaly]:
    """Rows the movement does not have where they say they were played."""
    from bridgescore.movements.seating import seat

    for i, t in enumerate(session.tables):
        if not t.played:
            continue
        _, problems = seat([t], movement)
        for problem in problems:
            yield Anomaly("movement", t.board, i, problem.message, t.section, t.line)


def _against_sets(session: Session) -> Iterable[Anomaly]:
    """Without a movement, boards travel in sets: a board at a table with boards it is never
    played with elsewhere, that was played at another table in the same round too (or whose
    table-mates all belong together), is at the wrong table."""
    positions: dict[tuple[str | None, int, str], list[int]] = defaultdict(list)
    for i, t in enumerate(session.tables):
        if t.round is not None and t.table is not None and t.played:
            positions[t.section, t.round, t.table].append(i)
    if not positions:
        return
    boards_at = {p: {session.tables[i].board for i in rows} for p, rows in positions.items()}
    where: dict[tuple[str | None, int], list[tuple[str | None, int, str]]] = defaultdict(list)
    for p, boards in boards_at.items():
        for b in boards:
            where[p[0], b].append(p)
    usual: dict[tuple[str | None, int], set[int]] = {}
    for (section, b), places in where.items():
        together = Counter(x for p in places for x in boards_at[p] if x != b)
        usual[section, b] = {x for x, n in together.items() if 2 * n > len(places)}

    def fits(section: str | None, b: int, x: int) -> bool:
        return x in usual[section, b] or b in usual[section, x]

    for p, rows in positions.items():
        section, round_number, table = p
        boards = boards_at[p]
        for b in boards:
            others = boards - {b}
            if not others or len(where[section, b]) < 3:
                continue
            if any(fits(section, b, x) for x in others):
                continue
            twice = any(q != p and q[1] == round_number for q in where[section, b])
            mates_together = len(others) >= 2 and all(
                fits(section, x, y) for x in others for y in others if x != y
            )
            if not twice and not mates_together:
                continue
            mates = ", ".join(str(x) for x in sorted(usual[section, b]))
            reason = Text(
                N_(
                    "board %(board)s at round %(round)s, table %(table)s, with boards "
                    "%(others)s: board %(board)s travels with %(mates)s"
                ),
                board=b,
                round=round_number,
                table=table,
                others=", ".join(str(x) for x in sorted(others)),
                mates=mates or in_context("boards a board travels with", "others"),
            )
            if twice:
                elsewhere = [q[2] for q in where[section, b] if q != p and q[1] == round_number]
                reason = Text(
                    N_("%(reason)s, and was played at table %(tables)s in round %(round)s too"),
                    reason=reason,
                    tables=", ".join(elsewhere),
                    round=round_number,
                )
            for i in rows:
                if session.tables[i].board == b:
                    t = session.tables[i]
                    yield Anomaly("movement", b, i, reason, section, t.line)


def to_data(found: Sequence[Anomaly], session: Session) -> list[dict[str, object]]:
    """The anomalies as plain data (``check --format json``): kind, board, section, the row's
    pairs and entry, the reason, the file's line."""
    out: list[dict[str, object]] = []
    for a in found:
        row = session.tables[a.index]
        out.append(
            {
                "kind": a.kind,
                "board": a.board,
                "section": a.section,
                "against": _who(row),
                "entry": row.describe(),
                "reason": a.reason,
                "line": a.line,
            }
        )
    return out


def _who(t: TableResult) -> str:
    ns = "-".join(str(n) for n in t.ns)
    ew = "-".join(str(n) for n in t.ew)
    return f"NS {ns} v EW {ew}"


__all__ = [
    "DD_TRICKS",
    "OUTLIER_IMPS",
    "Anomaly",
    "DoubleDummyTricks",
    "find",
    "kind_said",
    "to_data",
]
