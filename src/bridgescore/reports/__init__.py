"""Renderers of scored sessions: terminal text (and later HTML)."""
