"""The movement guides (table cards, personal cards, travellers, pick-up slips) in the reader's
language: rendered in the pseudo-locale, no plain English word is left but notation; their
JSON stays English, and English pages are what they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.languages import use
from bridgescore.movements.howell import howell
from bridgescore.movements.individual import individual
from bridgescore.movements.mitchell import RELAY, mitchell
from bridgescore.movements.model import Movement
from bridgescore.reports.guides import render_guides
from tests.reports.helpers import _untranslated

MOVEMENTS = {
    "howell with a phantom": lambda: howell(5, 2, phantom=True),
    "relay mitchell": lambda: mitchell(8, 2, even=RELAY),
    "arrow-switched mitchell": lambda: mitchell(7, 2, arrow_switched=(6, 7)),
    "individual": lambda: individual(3, 2),
}


@pytest.mark.parametrize("name", MOVEMENTS)
def test_every_guide_page_is_translated(name: str, tmp_path: Path) -> None:
    movement: Movement = MOVEMENTS[name]()
    with use("qps"):
        pages = render_guides(movement)
    for page, text in pages.items():
        (tmp_path / page).write_text(text, encoding="utf-8")
    left = _untranslated(tmp_path, set())
    assert not left, left
    assert json.loads(pages["guides.json"]) == json.loads(render_guides(movement)["guides.json"])


def test_a_personal_card_in_french() -> None:
    with use("fr"):
        pages = render_guides(howell(5, 2, phantom=True))
    assert "Paire 1" in pages["personal.html"] and "fantôme" in pages["personal.html"]
    assert "départ" in pages["tables.html"]
