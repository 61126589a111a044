"""The stored sessions a club competition counts (a ladder or league over a period): read only.

Through :class:`~bridgescore.store.api.Store`'s own reading methods, so every statement stays
where it is: the club's sessions played between two dates, those still being played (live)
left out, each scored under the rules it was stored with.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from bridgescore.store.api import Store
from bridgescore.store.live import LIVE
from bridgescore.store.results import SessionInfo


@dataclass(frozen=True)
class SeasonSession:
    info: SessionInfo
    result: Any  # a SessionResult, or a TeamsResult for a teams session

    @property
    def label(self) -> str:
        return f"db:{self.info.id}"


@dataclass(frozen=True)
class Season:
    sessions: tuple[SeasonSession, ...]
    undated: tuple[SessionInfo, ...]  # in the club but with no date: left out, and said so
    live: tuple[SessionInfo, ...]  # still being played: left out


def season(
    store: Store, club: str | None = None, since: date | None = None, until: date | None = None
) -> Season:
    """The club's sessions played from ``since`` to ``until`` (either end open), oldest first."""
    status = store.statuses()
    chosen: list[SeasonSession] = []
    undated: list[SessionInfo] = []
    live: list[SessionInfo] = []
    for info in store.sessions(club):
        if info.played_on is None:
            if since is not None or until is not None:
                undated.append(info)
                continue
        elif (since is not None and info.played_on < since) or (
            until is not None and info.played_on > until
        ):
            continue
        if status.get(info.id) == LIVE:
            live.append(info)
            continue
        chosen.append(SeasonSession(info, store.scored(info.id)))
    return Season(tuple(chosen), tuple(undated), tuple(live))
