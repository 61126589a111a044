"""Hand records on a club night: the director loads the night's deals (from any file a dealing
machine or program writes; the web reads the file, :mod:`bridgescore.formats.hands`), each
board's double-dummy analysis is solved once and kept with the session, and a deal is shown to a
table only once that table has played the board.

The opening lead is checked against the leader's hand: a lead not in it is refused, to the
console and the phones alike. A table's wrong leads are noted for the director, and after
:data:`LEAD_TRIES` of them on one board the table's leads there are refused without saying
whether the card is in the hand: a lead check before the board is played must not become a way
of reading the opponents' cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from bridgescore.bridge import Seat, Strain
from bridgescore.deal import Deal
from bridgescore.errors import BridgeScoreError, ParseError
from bridgescore.languages import N_, _, ngettext, ranks_shown, use
from bridgescore.night.permissions import Action, Actor
from bridgescore.night.refusals import Refused
from bridgescore.night.service import Service
from bridgescore.session import Board
from bridgescore.store import api as store_api
from bridgescore.store import hand_records as stored
from bridgescore.store.hand_records import Analysis as Analysis  # shown by web/
from bridgescore.store.hand_records import LoadedFile, ParRow
from bridgescore.store.live import PUBLISHED
from bridgescore.store.tables import Device
from bridgescore.traveller import TableResult

LEAD_TRIES = 3
"""Wrong leads a table may try on one board: enough for a mistyped card or two, too few to read
a hand by."""


class ParLike(Protocol):
    @property
    def level(self) -> int: ...
    @property
    def strain(self) -> Strain: ...
    @property
    def doubled(self) -> bool: ...
    @property
    def declarers(self) -> str: ...
    @property
    def result(self) -> int: ...


class Solved(Protocol):
    """A board's double-dummy analysis as the solver gives it (reports' ``DoubleDummy``)."""

    @property
    def tricks(self) -> Mapping[tuple[Seat, Strain], int]: ...
    @property
    def par_score(self) -> int: ...
    @property
    def par_contracts(self) -> Sequence[ParLike]: ...


Solver = Callable[[Iterable[Board]], Mapping[int, Solved]]


@dataclass(frozen=True)
class Upload:
    """A hand-record file as read: its name, its format, a digest of its bytes, its boards."""

    name: str
    kind: str
    digest: str
    boards: tuple[Board, ...]


@dataclass(frozen=True)
class Loaded:
    """What loading a file did: the file as recorded, and what the director should know (boards
    of the session the file has no deal for, boards of the file the session does not play)."""

    file: LoadedFile
    notes: tuple[str, ...]


def may_load(night: Service, actor: Actor, session_id: int) -> None:
    """Refused unless the actor may load the session's hand records (asked before a file is
    read and solved)."""
    night.check(actor, Action.HAND_RECORDS, night.info(session_id))


def load(night: Service, actor: Actor, session_id: int, upload: Upload, solve: Solver) -> Loaded:
    """Give the session's boards the deals of ``upload``, solved by ``solve``.

    A board whose dealer or vulnerability differ from the session's is refused, every one
    listed (the file is not of these boards); a file with none of the session's boards too.
    Boards the session does not play are left out, and said so.
    """
    may_load(night, actor, session_id)
    played = night.plan(session_id).boards
    problems: list[str] = []
    matched: dict[int, Board] = {}
    extra: list[int] = []
    for board in upload.boards:
        found = played.get(board.number)
        if found is None:
            extra.append(board.number)
            continue
        if board.deal is None:
            continue
        vulnerability, dealer = found
        if board.vulnerability.value != vulnerability or board.dealer.value != dealer:
            problems.append(
                _(
                    "board %(board)s is dealt by %(dealer)s at %(vulnerability)s in the file, by "
                    "%(ours)s at %(our_vulnerability)s here",
                    board=board.number,
                    dealer=board.dealer.value,
                    vulnerability=board.vulnerability.value,
                    ours=dealer,
                    our_vulnerability=vulnerability,
                )
            )
        matched[board.number] = board
    if problems:
        raise Refused(
            422,
            _(
                "%(file)s is not of this session's boards: %(problems)s",
                file=upload.name,
                problems="; ".join(problems),
            ),
        )
    if not matched:
        raise Refused(
            422,
            _(
                "%(file)s has no deal for any board of this session (it has boards %(theirs)s; "
                "the session plays %(ours)s)",
                file=upload.name,
                theirs=_span(extra),
                ours=_span(sorted(played)),
            ),
        )
    solved = solve(matched.values())
    deals = {n: str(b.deal.pbn()) for n, b in matched.items() if b.deal is not None}
    analyses = [_analysis(n, deals[n], s) for n, s in sorted(solved.items()) if n in deals]
    loaded = stored.load(
        night.store,
        session_id,
        deals,
        analyses,
        name=upload.name[:200],
        kind=upload.kind,
        digest=upload.digest,
        by=actor.name,
        now=store_api.utc_now(),
    )
    notes = []
    missing = sorted(set(played) - set(matched))
    if missing:
        notes.append(
            ngettext(
                "no deal for board %(boards)s",
                "no deal for boards %(boards)s",
                len(missing),
                boards=_span(missing),
            )
        )
    if extra:
        notes.append(
            ngettext(
                "board %(boards)s of the file not played in this session: left out",
                "boards %(boards)s of the file not played in this session: left out",
                len(extra),
                boards=_span(sorted(extra)),
            )
        )
    return Loaded(loaded, tuple(notes))


def _analysis(board: int, deal: str, solved: Solved) -> Analysis:
    return Analysis(
        board,
        deal,
        dict(solved.tricks),
        solved.par_score,
        tuple(
            ParRow(p.level, p.strain.value, p.doubled, p.declarers, p.result)
            for p in solved.par_contracts
        ),
    )


def _span(numbers: Sequence[int]) -> str:
    """Board numbers as people write them: 1-16, 20, 22-24."""
    parts: list[str] = []
    start = previous = None
    for n in [*numbers, None]:
        if start is not None and (n is None or previous is None or n != previous + 1):
            parts.append(str(start) if start == previous else f"{start}-{previous}")
            start = None
        if n is not None and start is None:
            start = n
        previous = n
    return ", ".join(parts) if parts else _("none")


# --- who sees a deal -----------------------------------------------------------------------------


def files(night: Service, actor: Actor, session_id: int) -> list[LoadedFile]:
    """The files loaded into the session (for its console pages)."""
    night.check(actor, Action.WATCH, night.info(session_id))
    return stored.files(night.store, session_id)


def analyses(night: Service, actor: Actor, session_id: int) -> dict[int, Analysis]:
    """Every board's analysis, for the session's console pages."""
    night.check(actor, Action.WATCH, night.info(session_id))
    return stored.analyses(night.store, session_id)


def published_analyses(night: Service, session_id: int) -> dict[int, Analysis]:
    """Every board's analysis of a published session (everyone sees its deals)."""
    if night.info(session_id).status != PUBLISHED:
        return {}
    return stored.analyses(night.store, session_id)


def played(night: Service, device: Device, board: int) -> bool:
    """Whether the phone's table has played ``board`` (a result of its own is in force)."""
    view = night.store.table_view(device)
    return any(e.line.board == board for e in view.entries)


def table_analysis(night: Service, device: Device, board: int) -> Analysis | None:
    """A board's analysis for a table's phone: refused until the table has played the board."""
    if not played(night, device, board):
        raise Refused(
            403, _("board %(board)s's deal is shown once this table has played it", board=board)
        )
    return stored.analyses(night.store, device.session_id, board).get(board)


# --- the opening lead ----------------------------------------------------------------------------


def lead_answer(
    night: Service, actor: Actor, session_id: int, board: int, declarer: str, lead: str
) -> str | None:
    """Why ``lead`` cannot be the opening lead on the board's hand record (None: it can, or
    there is no hand record). A table's wrong leads are noted for the director, and counted."""
    if not lead.strip() or not declarer.strip():
        return None
    deal = night.store.deal(session_id, board)
    if deal is None:
        return None
    device = actor.device
    if device is not None and _tries(night, device, board) >= LEAD_TRIES:
        return _(
            "%(tries)s leads at this table were not in the leader's hand: the director has "
            "been told. Enter the result with no lead, or call the director",
            tries=LEAD_TRIES,
        )
    problem = lead_problem(deal, declarer, lead)
    if problem is not None and device is not None:
        # noted in English, as the log keeps its sentences; shown in the reader's language
        with use("en"):
            english = lead_problem(deal, declarer, lead)
        note = _LEAD_NOTE % {"board": board, "lead": lead.strip(), "problem": english}
        night.store.note_at_table(device, "lead", note)
    return problem


def refuse_wrong_lead(night: Service, actor: Actor, session_id: int, line: TableResult) -> None:
    """Refused (422) when the line's opening lead is not in the leader's hand."""
    single = line.result
    if not line.lead or single is None or single.declarer is None:
        return
    problem = lead_answer(night, actor, session_id, line.board, single.declarer.value, line.lead)
    if problem is not None:
        raise Refused(
            422,
            _(
                "board %(board)s: %(problem)s. The result was not stored",
                board=line.board,
                problem=problem,
            ),
        )


def _tries(night: Service, device: Device, board: int) -> int:
    mark = f"board {board}: "
    return sum(
        1
        for e in night.store.table_events(device.session_id)
        if e.kind == "lead" and e.table == device.table and (e.note or "").startswith(mark)
    )


def lead_problem(deal_text: str | None, declarer: str, lead: str) -> str | None:
    """Why ``lead`` cannot be the opening lead against ``declarer`` on this hand record, or
    None when it can (or there is no hand record to check against)."""
    if not deal_text or not lead.strip() or not declarer.strip():
        return None
    card = lead.strip().upper().replace("10", "T")
    if len(card) != 2 or card[0] not in "SHDC" or card[1] not in "AKQJT98765432":
        return _(_NOT_A_CARD, lead=repr(lead))
    try:
        leader = Seat.parse(declarer).next
        hand = Deal.from_pbn(deal_text)[leader]
    except (BridgeScoreError, ParseError):
        return None
    if hand is None:
        return None
    if card[1] not in hand.holding(Strain.parse(card[0])):
        return _(
            _NOT_IN_HAND,
            card=_card_words(card),
            leader=_(_SEAT_WORDS[leader]),
            declarer=declarer.strip().upper(),
        )
    return None


_SEAT_WORDS = {Seat.N: N_("North"), Seat.E: N_("East"), Seat.S: N_("South"), Seat.W: N_("West")}
_NOT_A_CARD = N_("%(lead)s is not a card: a suit (S, H, D, C) then a rank (A K Q J 10 9 … 2)")
_NOT_IN_HAND = N_(
    "%(card)s is not in %(leader)s's hand on the hand record: %(leader)s leads against %(declarer)s"
)
_LEAD_NOTE = N_("board %(board)s: %(lead)s — %(problem)s")
#: What a table's wrong lead notes for the director, in English: read back to be shown
#: (night.entry.said).
STORED = (_LEAD_NOTE, _NOT_A_CARD, _NOT_IN_HAND, *_SEAT_WORDS.values())


def _card_words(card: str) -> str:
    suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[0]]
    return f"{suit}{'10' if card[1] == 'T' else ranks_shown(card[1])}"
