"""bridgescore's database: clubs, players, sessions, the results log and handicaps.

The rules core never imports this package; it needs SQLAlchemy, imported only when used.
See docs/database.md.
"""

from bridgescore.store.api import ImportReport, PlayerHandicap, Store, open_store, parse_date
from bridgescore.store.engine import StoreError, database_url
from bridgescore.store.handicaps import SEED_POLICY, HandicapExplanation, Policy

__all__ = [
    "SEED_POLICY",
    "HandicapExplanation",
    "ImportReport",
    "PlayerHandicap",
    "Policy",
    "Store",
    "StoreError",
    "database_url",
    "open_store",
    "parse_date",
]
