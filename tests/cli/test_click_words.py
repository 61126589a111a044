"""Click's own words come from our catalogues while a command runs in another language, and
are click's again afterwards: the text domain is restored and the compiled catalogue is gone."""

from __future__ import annotations

import gettext
import tempfile
from pathlib import Path

import pytest

from bridgescore.cli.click_words import click_speaks
from bridgescore.languages import from_environment


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_click_speaks_the_language_for_the_block_alone(
    environment: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    environment.setenv("LANG", "fr_FR.UTF-8")
    environment.setattr(tempfile, "tempdir", str(tmp_path))  # this test's folders alone
    before = gettext.textdomain()
    with click_speaks(from_environment()):
        assert [p.name[:18] for p in tmp_path.iterdir()] == ["bridgescore-words-"]
        assert gettext.gettext("Usage:") == "Utilisation :"
        assert gettext.gettext("Show this message and exit.") == "Afficher ce message et quitter."
        assert (
            gettext.ngettext(
                "Got unexpected extra argument ({args})",
                "Got unexpected extra arguments ({args})",
                2,
            )
            == "Arguments en trop ({args})"
        )
    assert gettext.textdomain() == before
    assert gettext.gettext("Usage:") == "Usage:"
    assert not list(tmp_path.iterdir())


def test_click_follows_bridgescore_past_a_language_we_do_not_have(
    environment: pytest.MonkeyPatch,
) -> None:
    # gettext reads LANGUAGE alone; bridgescore passes over it to LANG.
    environment.setenv("LANGUAGE", "de")
    environment.setenv("LANG", "nl_BE.UTF-8")
    assert from_environment() == "nl"
    with click_speaks("nl"):
        assert gettext.gettext("Error: {message}") == "Fout: {message}"


def test_english_binds_nothing_and_the_pseudo_locale_accents(
    environment: pytest.MonkeyPatch,
) -> None:
    before = gettext.textdomain()
    environment.setenv("LANG", "en_GB.UTF-8")
    with click_speaks("en"):
        assert gettext.textdomain() == before
        assert gettext.gettext("Usage:") == "Usage:"
    environment.setenv("LANG", "qps")
    with click_speaks("qps"):
        assert gettext.gettext("Usage:") == "Ûšàĝé:"
    assert gettext.gettext("Usage:") == "Usage:"
