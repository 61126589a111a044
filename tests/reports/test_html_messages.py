"""The site's ``_()`` (``reports.html``: each message translated once, each message with the same
values formatted once) writes exactly what Jinja's own new-style ``_()`` writes, in every
language, whatever the values: text to escape, markup to keep, numbers, a value that cannot be
a key, and the same text as a plain string and as markup, one after the other."""

from __future__ import annotations

import jinja2
import pytest
from markupsafe import Markup

from bridgescore.languages import install, use
from bridgescore.reports.html import environment
from bridgescore.rules import CLUB

TEMPLATE = """\
{{ _("Place") }}|{{ _("of %(size)s, %(field)s", size=size, field=field) }}|\
{{ _("%(who)s: your evening", who=who) }}|{{ _("round %(round)s", round=number) }}|\
{{ _("%(mp)s of %(top)s MP", mp=mp, top=top) }}|{{ _("Board %(board)s", board=board) }}|\
<a title="{{ _("%(who)s: the evening", who=who) }}">{{ _("Recap sheet") }}</a>"""

VALUES = [
    {"size": 12, "field": "North-South", "who": "Pair 3NS", "number": 1, "mp": "7.5",
     "top": "14", "board": 3},
    {"size": 12, "field": "<b>A & B</b>", "who": Markup("<b>A &amp; B</b>"), "number": 0,
     "mp": Markup("<span>7</span>"), "top": "<i>", "board": ["not", "a", "key"]},
    {"size": 12, "field": Markup("<b>A &amp; B</b>"), "who": "<b>A & B</b>", "number": True,
     "mp": "<span>7</span>", "top": 14.0, "board": "3"},
    # the second's values again, its markup now plain text (the same characters)
    {"size": 12, "field": "<b>A & B</b>", "who": "<b>A &amp; B</b>", "number": 0,
     "mp": "<span>7</span>", "top": "<i>", "board": 3},
]  # fmt: skip


def _jinjas_own() -> jinja2.Environment:
    """The same templates with Jinja's i18n ``_()`` as :func:`languages.install` gives it."""
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    install(env)
    return env


@pytest.mark.parametrize("code", ["en", "fr", "nl", "qps"])
def test_the_sites_messages_are_jinjas_own(code: str) -> None:
    ours = environment(CLUB).from_string(TEMPLATE)
    theirs = _jinjas_own().from_string(TEMPLATE)
    with use(code):
        for values in [*VALUES, *VALUES]:  # the second time from what was kept
            assert ours.render(**values) == theirs.render(**values)
    # the languages do not share what was kept: each page in its own language
    with use("en"):
        english = ours.render(**VALUES[0])
    with use("fr"):
        assert ours.render(**VALUES[0]) != english
        assert ours.render(**VALUES[0]) == theirs.render(**VALUES[0])
