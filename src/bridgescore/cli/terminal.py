"""How the command's rich console would print on this terminal -- how wide, and with which
escape codes for its styles -- worked out without importing rich, where that is certain.

Rich's console costs as much to import as the rest of ``bridgescore score`` on a club night, and
a plain ranking needs none of it (:class:`~bridgescore.reports.plain.PlainWriter`). This reads
what rich reads, as rich reads it (``rich.console.Console``: its width from ``COLUMNS`` or the
first standard stream that is a terminal, its colours from ``COLORTERM``, ``TERM`` and
``NO_COLOR``), and leaves to rich whatever rich decides some other way: Windows consoles,
Jupyter, and dumb terminals. Tests print through both and compare the bytes.
"""

from __future__ import annotations

import builtins
import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgescore.reports.plain import Styles

_STANDARD_STREAMS = (0, 1, 2)  # standard input, output and error, in the order rich tries them
_DEFAULT_WIDTH = 80  # rich's, when no stream is a terminal with a size


def terminal_look(environ: Mapping[str, str]) -> tuple[int, Styles] | None:
    """The width and the styles' escape codes of a rich console forced to print as to a
    terminal, as the command makes it; None where rich decides by what this does not read."""
    from bridgescore.reports.plain import COLOURS, NO_COLOUR

    if sys.platform == "win32" or hasattr(builtins, "get_ipython"):
        return None  # Windows consoles and Jupyter: rich asks them, not the environment
    if environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return None  # a dumb terminal: rich prints without colours, 80 columns or COLUMNS
    width = _width(environ)
    if width is None:
        return None
    # Rich's colour systems (standard, 256 colours, truecolor) write the eight standard colours
    # and the attributes alike, so which one COLORTERM and TERM pick does not matter here.
    return width, (NO_COLOUR if environ.get("NO_COLOR", "") != "" else COLOURS)


def _width(environ: Mapping[str, str]) -> int | None:
    """``COLUMNS`` when it is a number, else the size of the first standard stream that is a
    terminal, else 80; None for a width rich would not print in (0) or reads its own way."""
    columns = environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        # Rich takes int(COLUMNS) as it is: "²" is a digit that int() refuses.
        return int(columns) if columns.isdecimal() and int(columns) > 0 else None
    for descriptor in _STANDARD_STREAMS:
        try:
            width = os.get_terminal_size(descriptor).columns
        except (AttributeError, ValueError, OSError):
            continue  # not a terminal
        return width or _DEFAULT_WIDTH  # a pseudo-terminal may say 0
    return _DEFAULT_WIDTH


__all__ = ["terminal_look"]
