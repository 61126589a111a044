"""A whole number typed in a form, sent by a phone or given in a URL: ASCII digits only (``²``
and other Unicode digits are not numbers here, though ``str.isdigit`` says they are), within
the range its meaning allows, or refused (422) with a sentence that quotes it. A number past
the database's integer range never reaches the database."""

from __future__ import annotations

from bridgescore.languages import _
from bridgescore.night.refusals import NotFound, Refused

ID = 2**31 - 1  # the largest id PostgreSQL's integer columns hold (SQLite's hold more)
PLACE = 9999  # the largest board, round or table number (a movement file's bound)


def whole(text: str, what: str, *, low: int = 0, high: int = ID, default: int | None = None) -> int:
    """``text`` as a whole number from ``low`` to ``high`` (``default`` when it is empty and
    one is given); ``what`` names it, a message marked with ``N_`` (said in the language)."""
    value = text.strip()
    if not value and default is not None:
        return default
    if not (value.isascii() and value.isdigit()) or len(value) > len(str(high)):
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise Refused(
            422,
            _(
                "%(what)s must be a whole number from %(low)s to %(high)s, not %(shown)s",
                what=_(what),
                low=low,
                high=high,
                shown=repr(shown),
            ),
        )
    number = int(value)
    if not low <= number <= high:
        raise Refused(
            422,
            _(
                "%(what)s must be a whole number from %(low)s to %(high)s, not %(number)s",
                what=_(what),
                low=low,
                high=high,
                number=number,
            ),
        )
    return number


def in_range(value: int, missing: str, high: int = ID) -> int:
    """A number from a URL's path (its digits already checked): past ``high`` it names nothing
    there is, and is answered as such (``missing``, 404) rather than asked of the database."""
    if not 0 <= value <= high:
        raise NotFound(missing)
    return value
