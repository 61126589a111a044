"""Movements: who sits where, against whom, on which boards, for every round and table.

Pure: no files, no network, no command line. Build one with :func:`mitchell`, :func:`howell` or
:func:`individual`, read one with :mod:`bridgescore.movements.jsonform` or
:mod:`bridgescore.movements.ascform`, and check it with :func:`validate`. Late changes are in
:mod:`~bridgescore.movements.amend`, the comparison balance in
:mod:`~bridgescore.movements.balance`, the which-movement helper in
:mod:`~bridgescore.movements.fit`, guide cards as data in :mod:`~bridgescore.movements.cards`.
"""

from __future__ import annotations

from bridgescore.movements.howell import howell, howell_for_pairs
from bridgescore.movements.individual import individual, individual_for_players
from bridgescore.movements.mitchell import default_arrow_rounds, mitchell, mitchell_for_pairs
from bridgescore.movements.model import Contestant, Movement, Play, Structure
from bridgescore.movements.validate import Breach, MovementError, check, validate

__all__ = [
    "Breach",
    "Contestant",
    "Movement",
    "MovementError",
    "Play",
    "Structure",
    "check",
    "default_arrow_rounds",
    "howell",
    "howell_for_pairs",
    "individual",
    "individual_for_players",
    "mitchell",
    "mitchell_for_pairs",
    "validate",
]
