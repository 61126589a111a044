"""What programs write in PBN beyond the standard, read as they mean it, each with a warning
naming the program; and the standard's own "?" for a value not known (PBN 2.1 §3.4: "When a
tag value of a mandatory tag is unknown ... the tag is given with tag value "?"").

Only what a known program writes is read: Bridgewebs writes a doubled contract with ``*``
(``3D*``, ``3D**`` redoubled), ``PO`` for a board passed out and ``A`` for an average to both
sides. Anything else that is not PBN is still refused.
"""

from __future__ import annotations

import re
from typing import NamedTuple

BRIDGEWEBS = "Bridgewebs"

_STARRED = re.compile(r"([1-7])(NT|N|S|H|D|C)(\*{1,2})", re.IGNORECASE)


class Reading(NamedTuple):
    """A program's value as standard PBN says it, and the warning that says so."""

    standard: str  # the contract in PBN (``3DX``, ``Pass``), or ``A`` for an average
    warning: str


def contract(text: str) -> Reading | None:
    """A contract in a known program's own notation, or None when it is not one."""
    value = text.strip()
    starred = _STARRED.fullmatch(value)
    if starred:
        level, strain, stars = starred.groups()
        strain = "NT" if strain.upper() in ("N", "NT") else strain.upper()
        standard = f"{level}{strain}{'X' * len(stars)}"
        risk = "redoubled" if len(stars) == 2 else "doubled"
        return Reading(
            standard,
            f"{BRIDGEWEBS}' PBN: a {risk} contract written {value!r}, read as {standard}",
        )
    if value.upper() == "PO":
        return Reading("Pass", f"{BRIDGEWEBS}' PBN: 'PO' for a board passed out, read as Pass")
    if value.upper() == "A":
        return Reading(
            "A", f"{BRIDGEWEBS}' PBN: 'A' for an average to both sides, read as A (50% each)"
        )
    return None


def unknown(text: str) -> bool:
    """The standard's value for what is not known (§3.4)."""
    return text.strip() == "?"


__all__ = ["BRIDGEWEBS", "Reading", "contract", "unknown"]
