"""One session of a club as the console shows it: its state, its movement, the lines in force
and its scoring (a :class:`~bridgescore.night.scoring.Snapshot`, shared by every view of this
revision of its log), and what happened at its tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bridgescore.languages import _
from bridgescore.movements import Movement
from bridgescore.movements.cards import card_tables
from bridgescore.movements.model import Play
from bridgescore.night.refusals import NotFound, as_refusal
from bridgescore.night.scoring import Snapshot
from bridgescore.store import StoreError
from bridgescore.store.live import LiveInfo
from bridgescore.store.results import LogEntry
from bridgescore.store.tables import Conflict, Device, TableCode, TableEvent
from bridgescore.traveller import TableResult

if TYPE_CHECKING:
    from bridgescore.night.service import Service


class LiveSession:
    """See the module. Made by :meth:`Service.session`, for an actor who may see it."""

    def __init__(self, night: Service, info: LiveInfo, snapshot: Snapshot, revision: int) -> None:
        self.night = night
        self.id = info.id
        self.info = info
        self.revision = revision
        self.rows = snapshot.rows
        self.lines: dict[str, TableResult] = snapshot.lines  # in force, by the line's key
        self.result: Any = snapshot.result  # None while there is no result
        self.movement: Movement | None = night.movement(info)
        self.names = {(e.line, e.number): e.name for e in self.rows.entrants}
        self.vulnerability = {b.number: b.vulnerability for b in self.rows.boards}

    def plays(self) -> list[Play]:
        if self.movement is None:
            return []
        return [p for p in self.movement.plays if not p.sit_out]

    def history(self, key: str) -> list[LogEntry]:
        try:
            return self.night.store.history(self.id, key)
        except StoreError as error:
            raise as_refusal(error, NotFound(str(error))) from None

    def calls(self) -> list[TableEvent]:
        """The calls for the director not answered yet."""
        return [e for e in self.events() if e.kind == "call" and e.answered_at is None]

    def events(self) -> list[TableEvent]:
        return self.night.store.table_events(self.id)

    def conflicts(self) -> list[Conflict]:
        """The results kept for the director and not settled yet."""
        return self.night.store.conflicts(self.id)

    def devices(self) -> list[Device]:
        return self.night.store.table_devices(self.id)

    def codes(self) -> list[TableCode]:
        """Each table's code (made the first time they are asked for)."""
        if self.movement is None:
            raise NotFound(_("this session has no movement (it was imported)"))
        places = [("", str(t)) for t in card_tables(self.movement)]  # a phantom table gets none
        return self.night.store.table_codes(self.id, places)
