"""Entries that look wrong, for a person to confirm before results are published.

:func:`find` reads a session -- and, when they are known, its deals' double-dummy tricks and its
movement -- and lists the table results that look like entry slips, each with its reason:

* ``direction``: a contract the rest of the field played from the other side (a declarer
  entered for the wrong side), or a score that is the reverse of other tables' same score;
* ``outlier``: a score far outside the field, and, when the deal is known, far from what
  double dummy allows;
* ``double dummy``: a result far from the tricks double dummy gives the declarer;
* ``lead``: an opening lead that is not in the leader's hand;
* ``movement``: a board at a table whose movement (given, or as the other rows show it) does
  not have it there;
* ``vulnerability``: a score that only the field's contracts at the other vulnerability make.

Nothing is changed: the list is for the director. The thresholds are named below with their
reasons; docs/conformance.md measures them on real files with slips seeded into copies
(:mod:`bridgescore.anomalies.slips`).
"""

from bridgescore.anomalies.detect import (
    DD_TRICKS,
    OUTLIER_IMPS,
    Anomaly,
    DoubleDummyTricks,
    find,
    kind_said,
    to_data,
)

__all__ = [
    "DD_TRICKS",
    "OUTLIER_IMPS",
    "Anomaly",
    "DoubleDummyTricks",
    "find",
    "kind_said",
    "to_data",
]
