"""Guide cards as printable pages: table cards, personal cards, blank travellers, pick-up slips.

Each page is a Jinja2 template with autoescaping; one JSON file (``guides.json``) holds the same
data. The pages print on A4 or Letter (an ``@page`` rule) and read at phone width. Imported only
when cards are written: it pulls in Jinja2.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import jinja2

from bridgescore import __version__
from bridgescore.languages import _, install
from bridgescore.languages.text import shown
from bridgescore.movements import cards
from bridgescore.movements.model import Movement
from bridgescore.session import FieldStructure

PAGES = ("tables", "personal", "travellers", "slips")
_SIZES = {"a4": "A4", "letter": "letter"}


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("bridgescore.reports", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    install(env)
    # The cards' words are kept as data (English in guides.json), shown in the reader's
    # language.
    env.filters["tr"] = shown
    return env


def render_guides(movement: Movement, paper: str = "a4") -> dict[str, str]:
    """Every page's HTML, by file name; ``guides.json`` beside them."""
    if paper not in _SIZES:
        raise ValueError(f"paper must be a4 or letter, not {paper!r}")
    env = _environment()
    noun = "player" if movement.kind is FieldStructure.INDIVIDUAL else "pair"
    common = {
        "version": __version__,
        "movement": shown(movement.name),
        "summary": shown(movement.describe()),
        "page_size": _SIZES[paper],
        "noun": noun,
    }
    pages = {
        "tables.html": env.get_template("guide_tables.html").render(
            title=_("Table cards"), cards=cards.table_cards(movement), **common
        ),
        "personal.html": env.get_template("guide_personal.html").render(
            title=_("Personal player cards") if noun == "player" else _("Personal pair cards"),
            cards=cards.personal_cards(movement),
            **common,
        ),
        "travellers.html": env.get_template("guide_travellers.html").render(
            title=_("Travellers"), travellers=cards.travellers(movement), **common
        ),
        "slips.html": env.get_template("guide_slips.html").render(
            title=_("Pick-up slips"), slips=cards.pickup_slips(movement), **common
        ),
    }
    pages["guides.json"] = json.dumps(cards.to_data(movement), indent=2) + "\n"
    return pages


def write_guides(
    movement: Movement,
    directory: str | Path,
    paper: str = "a4",
    inputs: Iterable[str | Path] = (),
) -> tuple[Path, ...]:
    """Write the guide pages and their JSON into ``directory`` as one folder of bridgescore's
    (:func:`bridgescore.formats.outputs.write_directory`: made whole, an earlier one replaced,
    never over ``inputs``); returns the pages' paths."""
    from bridgescore.formats.outputs import write_directory

    pages = render_guides(movement, paper)

    def fill(into: Path) -> None:
        for name, text in pages.items():
            (into / name).write_text(text, encoding="utf-8")

    write_directory(directory, fill, kind="set of guide cards", inputs=inputs)
    return tuple(Path(directory) / name for name in pages)
