"""Choosing a language (a command's environment, a browser's Accept-Language), numbers and dates
in its form, and the pseudo-locale that shows an untranslated message."""

from __future__ import annotations

from datetime import UTC, date, datetime

import jinja2
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import languages
from bridgescore.languages import _, from_environment, language, negotiate, ngettext, use
from bridgescore.languages.catalogues import pseudo


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "nl_BE.UTF-8"}, "nl"),
        ({"LANG": "de_DE.UTF-8"}, "en"),  # no German catalogue: the source language
        # gettext's order: LANGUAGE's list first, then LC_ALL over LC_MESSAGES over LANG.
        ({"LANGUAGE": "de:nl", "LANG": "fr_FR.UTF-8"}, "nl"),
        ({"LC_ALL": "fr_CA.UTF-8", "LANG": "nl_NL.UTF-8"}, "fr"),
        ({"LC_MESSAGES": "nl_NL", "LANG": "fr_FR"}, "nl"),
        ({"LC_ALL": "C", "LANG": "fr_FR"}, "en"),
    ],
)
def test_a_command_speaks_the_language_of_its_environment(
    environ: dict[str, str], expected: str
) -> None:
    assert from_environment(environ) == expected


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("de-DE,de;q=0.9,nl;q=0.5,fr;q=0.4", "nl"),
        ("en;q=0.2,fr;q=0.7", "fr"),
        ("es,de", "en"),
        ("*", "en"),
        ("fr;q=0", "en"),
        ("fr;q=banana,nl", "nl"),  # a malformed weight drops its tag, not the header
    ],
)
def test_a_phone_gets_its_browsers_language_or_the_clubs(header: str | None, expected: str) -> None:
    assert negotiate(header) == expected


def test_the_clubs_language_is_the_default_of_a_browser_that_names_none_of_ours() -> None:
    assert negotiate("es-ES,es;q=0.9", default="nl") == "nl"
    assert negotiate("en-GB", default="nl") == "en"


@given(st.text(max_size=3000))
def test_any_header_gives_a_language(header: str) -> None:
    assert negotiate(header) in languages.LANGUAGES


def test_numbers_and_percentages_in_each_languages_form() -> None:
    # CLDR: a decimal comma in French and Dutch; French puts a (narrow no-break) space before %.
    assert language("en").number("56.25") == "56.25"
    assert language("fr").number("-3.5") == "-3,5"
    assert language("nl").number("56.25") == "56,25"
    assert language("en").percentage("56.25") == "56.25%"
    assert language("nl").percentage("56.25") == "56,25%"
    fr = language("fr").percentage("56.25")
    assert fr.startswith("56,25") and fr.endswith("%") and fr[5:-1].isspace()


def test_dates_in_each_languages_form() -> None:
    day = date(2026, 11, 25)
    assert language("en").date(day) == "November 25, 2026"
    assert language("fr").date(day) == "25 novembre 2026"
    assert language("nl").date(day) == "25 november 2026"


def test_times_in_each_languages_form_english_as_it_always_was() -> None:
    # CLDR's medium date and short time, joined as the language joins them, in UTC.
    env = jinja2.Environment(autoescape=True)
    languages.install(env)
    page = env.from_string("{{ at|moment }} UTC")
    shown = {}
    for code in ("en", "fr", "nl"):
        with use(code):
            shown[code] = [
                page.render(at="2026-11-26T09:53:41.5+00:00"),
                page.render(at="2026-11-26 09:53"),  # as a page's data gives it, to the minute
                page.render(at=datetime(2026, 3, 1, 23, 5, tzinfo=UTC)),
                languages.written_time(datetime(2026, 3, 1, 23, 5, tzinfo=UTC)),
            ]
    assert shown["en"] == [
        "2026-11-26 09:53 UTC", "2026-11-26 09:53 UTC", "2026-03-01 23:05 UTC", "2026-03-01 23:05"
    ]  # fmt: skip
    assert shown["fr"] == [
        "26 nov. 2026, 09:53 UTC", "26 nov. 2026, 09:53 UTC", "1 mars 2026, 23:05 UTC",
        "1 mars 2026, 23:05",
    ]  # fmt: skip
    assert shown["nl"] == [
        "26 nov 2026, 09:53 UTC", "26 nov 2026, 09:53 UTC", "1 mrt 2026, 23:05 UTC",
        "1 mrt 2026, 23:05",
    ]  # fmt: skip


def test_use_sets_the_language_and_gives_it_back() -> None:
    assert languages.current().code == "en"
    with use("qps"):
        assert _("Board %(number)s", number=7) == "Ɓöàŕđ 7"
        assert ngettext("%(num)d table", "%(num)d tables", 3) == "3 ţàƀĺéš"
        with use("en"):
            assert _("Board") == "Board"
    assert languages.current().code == "en"


def test_an_unknown_language_is_refused_with_the_list() -> None:
    with pytest.raises(ValueError, match="expected one of en, fr, nl"):
        language("xx")


def test_the_pseudo_locale_leaves_what_a_program_reads_alone() -> None:
    text = pseudo('<a href="/x">%(n)s of %d</a> &amp; {x} Top')
    assert text == '<a href="/x">%(n)s öƒ %d</a> &amp; {x} Ţöþ'
    assert not any("a" <= c <= "z" or "A" <= c <= "Z" for c in pseudo("Every word, A to Z"))


def test_templates_translate_through_the_current_language() -> None:
    env = jinja2.Environment(autoescape=True)
    languages.install(env)
    page = env.from_string(
        "{{ _('Rankings') }} {% trans count=2 %}{{ count }} complete{% endtrans %}"
        " {{ '56.25'|percent }} {{ ngettext('%(num)d board', '%(num)d boards', 3) }}"
        " {{ _('Not a message of ours') }}"
    )
    assert page.render() == "Rankings 2 complete 56.25% 3 boards Not a message of ours"
    with use("qps"):
        # The catalogues' messages accented; one they lack left plain, to be seen.
        assert page.render() == "Ŕàñķîñĝš 2 çöɱþĺéţé 56.25% 3 ƀöàŕđš Not a message of ours"
    with use("nl"):
        assert "56,25%" in page.render()
