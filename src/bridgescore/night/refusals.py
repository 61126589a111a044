"""A request the night refuses: the HTTP status it is answered with and the sentence the user
reads (the command line prints the sentence and exits with status 2)."""

from __future__ import annotations

from bridgescore.errors import BridgeScoreError
from bridgescore.store import StoreError
from bridgescore.store.engine import Unavailable


class Refused(BridgeScoreError):
    """Refused, with its status: 400 a request without what it needs, 401 nobody logged in or a
    phone's pass not valid, 403 not this role's to do, 404 nothing there (or another club's),
    409 the line changed since the page was shown, 410 the session is over, 422 input the rules
    refuse; 429 too many failed attempts (``retry_after``: the seconds to wait)."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


class NotFound(Refused):
    """A page or record that does not exist, or that this user may not see (the same words)."""

    def __init__(self, message: str) -> None:
        super().__init__(404, message)


def as_refusal(error: StoreError, refusal: Refused) -> Exception:
    """What the store refused, answered as ``refusal``; but a database that cannot be used now
    (locked, read-only) stays itself, answered 503 with its own sentence: nothing was wrong with
    the request, which can be made again."""
    return error if isinstance(error, Unavailable) else refusal
