"""A site's fragments (``reports.html.Fragments``: a macro rendered once for each set of
arguments, then repeated) write exactly what the macro writes each time: whatever the values'
types, in every language, and an evening's boards with and without deals."""

from __future__ import annotations

from pathlib import Path

import pytest
from markupsafe import Markup

import bridgescore
from bridgescore.formats import read_session
from bridgescore.languages import N_, use
from bridgescore.languages.text import Text
from bridgescore.reports import views
from bridgescore.reports.html import Fragments, environment, render, told
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from tests.conftest import shared_path

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"
REAL = ("data", "usebio-compscore", "mp_pairs_howell.xml")

TEMPLATE = """\
{% macro shown(a, b) %}{{ a }}|{{ b }}|{{ _("Place") }}{% endmacro %}\
{% macro said(statements) %}{% for kind, text in statements %}{{ kind }}:{{ text|symbols }};\
{% endfor %}{% endmacro %}\
{{ once(shown, a, b) }}/{{ once(said, statements|told) }}"""

# Values equal as Python compares them but shown differently: each must be its own fragment.
VALUES = [
    (1, "1"),
    ("1", 1),
    (True, 1.0),
    (1.0, True),
    ("<b>", Markup("<b>")),
    (Markup("<b>"), "<b>"),
    ({"a": 1}, [1, "x"]),
    ({"a": True}, [1.0, "x"]),
    (None, ""),
]


def _statements(text: str | Text) -> list[dict[str, object]]:
    return [{"kind": "field", "text": text, "figures": {}}]


# the same English, one of them a message the reader's language translates
SENTENCES = ["passed out", Text(N_("passed out")), "4♠ by N", Text(N_("passed out"))]


@pytest.mark.parametrize("code", ["en", "fr", "nl", "qps"])
def test_a_fragment_is_what_its_macro_writes(code: str) -> None:
    template = environment(CLUB).from_string(TEMPLATE)
    fragments = Fragments()
    with use(code):
        for a, b in [*VALUES, *VALUES]:  # the second time from what was kept
            for sentence in SENTENCES:
                values = {"a": a, "b": b, "statements": _statements(sentence)}
                assert template.render(**values, once=fragments) == template.render(**values)
    assert 0 < len(fragments._made) < 2 * len(VALUES) * len(SENTENCES)  # some were repeated


def test_the_language_is_part_of_the_key() -> None:
    template = environment(CLUB).from_string(TEMPLATE)
    fragments = Fragments()
    values = {"a": 1, "b": 2, "statements": _statements(Text(N_("passed out")))}
    with use("en"):
        english = template.render(**values, once=fragments)
    with use("fr"):
        french = template.render(**values, once=fragments)
        assert french == template.render(**values)
    assert french != english


def test_past_its_limit_a_fragment_is_rendered_each_time() -> None:
    template = environment(CLUB).from_string(TEMPLATE)
    fragments = Fragments(limit=2)
    for a, b in VALUES:
        values = {"a": a, "b": b, "statements": _statements("x")}
        assert template.render(**values, once=fragments) == template.render(**values)
    assert len(fragments._made) == 2


def test_told_gives_each_statement_as_shown() -> None:
    with use("fr"):
        shown = told(_statements(Text(N_("passed out"))) + _statements("passed out"))
    assert shown[1] == ("field", "passed out")
    assert shown[0][0] == "field" and shown[0][1] != "passed out"
    assert all(type(text) is str for _kind, text in shown)


def _evenings_equal(pages: views.SessionPages, code: str) -> int:
    env = environment(pages.result.rules)
    site = pages.site()
    fragments = Fragments()
    entrants = pages.card_entrants()
    with use(code):
        for entrant in [*entrants, *entrants]:
            data = pages.evening(entrant)
            kept = render(env, "evening.html", site, data, fragments)
            assert kept == render(env, "evening.html", site, data)
    return len(fragments._made)


@pytest.mark.parametrize("code", ["en", "fr"])
def test_an_evenings_boards_are_the_same_with_fragments(code: str) -> None:
    result = score_pairs(read_session(SAMPLE), CLUB)
    pages = views.SessionPages(result, evenings=True)
    made = _evenings_equal(pages, code)
    # pairs told the same on a board share a fragment
    assert 0 < made < len(pages.card_entrants()) * len(result.boards)


@pytest.mark.parametrize("code", ["en", "nl"])
def test_an_evening_with_deals_is_the_same_with_fragments(code: str) -> None:
    """The hand diagrams and the double-dummy analysis are in the fragment too."""
    pytest.importorskip("endplay")
    source = shared_path(*REAL)
    rules = CLUB.with_(artificial_method="neuberg", short_boards="neuberg")
    result = score_pairs(read_session(source), rules)
    solved = views.solve(result.session.boards.values())
    from bridgescore.reports.analysis import positions
    from bridgescore.reports.leads import Leads

    leads = Leads()
    leads.solve(positions(result.boards))
    pages = views.SessionPages(result, solved, None, leads, evenings=True)
    assert _evenings_equal(pages, code)
