"""bridgescore: exact, explained scoring for duplicate bridge."""

__version__ = "0.1.0"
