"""The club night: the one way in to a live session for the console, the phones and
``bridgescore sessions correct``, between the web app (:mod:`bridgescore.web`, which only parses
requests and renders answers) and the club database (:mod:`bridgescore.store`).

* :mod:`~bridgescore.night.permissions`: who may do what (role x action), checked by the server;
* :mod:`~bridgescore.night.entry`: the one entry service, every result from every client;
* :mod:`~bridgescore.night.lines`: a line as typed, placed by the movement, read into the core's
  ``TableResult``;
* :mod:`~bridgescore.night.tables`: the phones at the tables and the director's actions on them;
* :mod:`~bridgescore.night.setup`: setting a session up;
* :mod:`~bridgescore.night.service`, :mod:`~bridgescore.night.session`: the night over one store
  and one session as the console shows it; :mod:`~bridgescore.night.scoring`: each session
  scored once per revision of its log; :mod:`~bridgescore.night.changes`: who learns of a change.

A traveller line's key is made by :func:`line_key` alone, from the core's ``RowKey``.
See ARCHITECTURE.md ("The live path").
"""

from __future__ import annotations

from datetime import datetime

from bridgescore.night.lines import TypedResult
from bridgescore.night.permissions import (
    PERMISSIONS,
    Action,
    Actor,
    Grant,
    Role,
    Rule,
    command_line_actor,
)
from bridgescore.night.refusals import NotFound, Refused
from bridgescore.night.service import Service
from bridgescore.night.session import LiveSession
from bridgescore.store import api as _store_api
from bridgescore.store.engine import DatabaseFailure, Unavailable
from bridgescore.store.lines import line_key, notation, row_key
from bridgescore.store.live import LIVE, PUBLISHED, LiveInfo, User
from bridgescore.store.results import LogEntry, SessionInfo
from bridgescore.store.tables import Conflict, Device, Plan, TableEvent

__all__ = [
    "LIVE",
    "PERMISSIONS",
    "PUBLISHED",
    "Action",
    "Actor",
    "Conflict",
    "DatabaseFailure",
    "Device",
    "Grant",
    "LiveInfo",
    "LiveSession",
    "LogEntry",
    "NotFound",
    "Plan",
    "Refused",
    "Role",
    "Rule",
    "Service",
    "SessionInfo",
    "TableEvent",
    "TypedResult",
    "Unavailable",
    "User",
    "command_line_actor",
    "line_key",
    "notation",
    "row_key",
    "utc_now",
]


def utc_now() -> datetime:
    """The club database's clock (:func:`bridgescore.store.api.utc_now`), read at each call: the
    one clock of the night and the web app, which a test moves once for all."""
    return _store_api.utc_now()
