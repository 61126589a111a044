"""The results site in the reader's language: every page kind rendered in the pseudo-locale
shows no plain English word (a message not passed through the catalogues), French and Dutch
pages write hand-worked figures in their own form, and ``LANG`` chooses a command's language.

The pseudo-locale accents every letter of every translated message, so a plain ASCII word left
on a page is one of: data (player names, the event's title, the rules' English explanations of
each score, kept English by design: docs/languages.md), bridge notation (``4S``, ``3NTX``,
``N``, ``NS``, cards), or an untranslated message — which fails, listed page by page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgescore
from bridgescore import __version__
from bridgescore.cli import main
from bridgescore.formats import read_session
from bridgescore.languages import _, language, use
from bridgescore.reports.html import date_text, vulnerability_text, write_site, write_teams_site
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs, score_teams
from bridgescore.session import FieldStructure
from tests.conftest import shared_path
from tests.helpers import session as csv_session
from tests.reports.helpers import MINI, _explanations, _untranslated

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"
REAL = ("data", "usebio-compscore", "mp_pairs_howell.xml")
TEAMS = "board,ns,ew,contract,declarer,result\n4,1,2,4S,N,10\n4,2,1,3S,N,10\n"

# MINI: two boards, four NS and four EW pairs (a Mitchell), worked by hand below.


def _names(result: object) -> set[str]:
    session = result.session  # type: ignore[attr-defined]
    names = set()
    for name in session.names.values():
        names.add(name)
        names.update(part.strip() for part in name.split("&"))
    dates = set()
    if session.date:  # as the pseudo-locale writes it: Babel's English month names
        with use("qps"):
            dates = {session.date, date_text(session.date)}
    # the rule set's label names its settings as the command line writes them
    label = result.rules.label  # type: ignore[attr-defined]
    return names | dates | {session.title or "", __version__, label} - {""}


def _check(directory: Path, data: set[str], kinds: set[str]) -> None:
    written = {re.sub(r"[-0-9].*|\.html$", "", p.name) for p in directory.glob("*.html")}
    assert kinds <= written, f"page kinds not written: {kinds - written}"
    left = _untranslated(directory, data)
    report = "\n".join(f"{page}:\n  " + "\n  ".join(words) for page, words in left.items())
    assert not left, f"untranslated text on {len(left)} pages:\n{report}"


def test_the_sample_site_has_no_untranslated_text(tmp_path: Path) -> None:
    result = score_pairs(read_session(SAMPLE), CLUB)
    with use("qps"):
        site = write_site(result, tmp_path, double_dummy=False)
    assert site.evenings  # the evening pages are there: the field comparison alone
    _check(tmp_path, _names(result), {"index", "recap", "board", "pair"})
    assert '<html lang="qps">' in (tmp_path / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"short_boards": "neuberg", "artificial_method": "ratio"},
        {"short_boards": "average"},
        {"method": "butler"},
        {"method": "cross-imps"},
    ],
)
def test_travellers_and_cards_explain_each_score_in_the_readers_language(
    tmp_path: Path, settings: dict[str, str]
) -> None:
    """Every kind of explanation (adjusted, artificial, IMPs against a datum or every other
    result) on the travellers and under the cards' figures: the JSON twins keep the rules'
    English sentence, the pages show it translated."""
    result = score_pairs(read_session(SAMPLE), CLUB.with_(**settings))
    with use("qps"):
        write_site(result, tmp_path, double_dummy=False, analysis=False)
    english = _explanations(tmp_path)
    assert english
    pages = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.html")}
    shown = [(name, e) for name, text in pages.items() for e in english if e in text]
    assert not shown, shown[:5]
    traveller = pages["board-1.html"]
    assert "ƀéàţ" in traveller or "ÎṀÞš" in traveller
    assert 'title="' in pages["pair-1ns.html"]
    _check(tmp_path, _names(result), {"index", "board", "pair"})


def test_a_site_with_deals_has_no_untranslated_text(tmp_path: Path) -> None:
    """The personal pages' analysis (par, makeable contracts, leads, the play) and the hand
    diagrams: a real session with its deals."""
    pytest.importorskip("endplay")
    source = shared_path(*REAL)
    rules = CLUB.with_(artificial_method="neuberg", short_boards="neuberg")
    result = score_pairs(read_session(source), rules)
    with use("qps"):
        site = write_site(result, tmp_path)
    assert site.evenings
    evening = (tmp_path / "pair-1-evening.html").read_text(encoding="utf-8")
    assert "said-lead" in evening and "said-play" in evening and "said-makeable" in evening
    _check(tmp_path, _names(result), {"index", "recap", "board", "pair"})


def test_a_teams_site_has_no_untranslated_text(tmp_path: Path) -> None:
    result = score_teams(csv_session(TEAMS, structure=FieldStructure.TEAMS), CLUB)
    with use("qps"):
        write_teams_site(result, tmp_path, double_dummy=False)
    _check(tmp_path, _names(result), {"index", "board"})


# --- French and Dutch, worked by hand -----------------------------------------------------------


def _mini(tmp_path: Path) -> Path:
    source = tmp_path / "mini.csv"
    source.write_text(MINI, encoding="utf-8")
    return source


def _site(source: Path, out: Path, environ: dict[str, str | None]) -> Iterator[str]:
    done = CliRunner().invoke(
        main, ["report", str(source), "-o", str(out), "--no-double-dummy"], env=environ
    )
    assert done.exit_code == 0, done.output
    yield (out / "index.html").read_text(encoding="utf-8")
    yield (out / "pair-4ns.html").read_text(encoding="utf-8")


# No other variable of the test run's environment may choose the language.
_QUIET = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None}


@pytest.mark.parametrize(
    ("lang", "code", "heading"),
    [("fr_FR.UTF-8", "fr", "Classement"), ("nl_BE.UTF-8", "nl", "Uitslag")],
)
def test_lang_writes_the_site_in_its_language(
    tmp_path: Path, lang: str, code: str, heading: str
) -> None:
    # Pair 4 NS, by hand. Board 1 (nobody vulnerable), NS scores: pair 3 +100 (3NT E -2),
    # pair 2 +50 (4S W -1), pair 4 -170 (2S W +2), pair 1 -420 (4S E =): pair 4 beat one of
    # the three others, 2 of 6 matchpoints. Board 2 (NS vulnerable): pair 3 +1370 (6D N =),
    # pair 1 +620 (4S N =), pair 2 +600 (5D S =), pair 4 +500 (5HX W -3, EW not vulnerable):
    # pair 4 beat none, 0 of 6. In all 2 of 12: 16.666...%, shown to two places 16.67.
    index, card = _site(_mini(tmp_path), tmp_path / code, {"LANG": lang, **_QUIET})
    assert f'<html lang="{code}">' in index and f"<h1>{heading}</h1>" in index
    percent = language(code).percentage("16.67")
    if code == "fr":  # CLDR: a decimal comma, a no-break space before the sign
        assert percent.startswith("16,67") and percent.endswith("%") and percent[5:-1].isspace()
        assert percent[5:-1] != " "  # never broken from its number at a line's end
    else:
        assert percent == "16,67%"
    assert f'<dd class="pct">{percent}</dd>' in card
    assert "2,00" in card and "12,00" in card  # 2 of 12 matchpoints, with a decimal comma
    assert "16.67" not in card


def test_english_is_the_language_without_lang(tmp_path: Path) -> None:
    index, card = _site(_mini(tmp_path), tmp_path / "en", {"LANG": "C.UTF-8", **_QUIET})
    assert '<html lang="en">' in index and "<h1>Rankings</h1>" in index
    assert '<dd class="pct">16.67%</dd>' in card


def test_dates_in_the_readers_language(tmp_path: Path) -> None:
    index, _card = _site(_mini(tmp_path), tmp_path / "fr", {"LANG": "fr_FR.UTF-8", **_QUIET})
    assert '<p class="meta">17 novembre 2026</p>' in index


@pytest.mark.parametrize(
    ("code", "label", "sentence", "everyone"),
    [
        ("en", "None", "dealer N, vulnerable None", "dealer N, vulnerable All"),
        ("fr", "Personne", "donneur N, vulnérabilité : aucune", "donneur N, vulnérabilité : tous"),
        ("nl", "Niemand", "gever N, kwetsbaar: geen", "gever N, kwetsbaar: allen"),
    ],
)
def test_a_vulnerability_reads_as_a_label_and_in_a_sentence(
    code: str, label: str, sentence: str, everyone: str
) -> None:
    """ "Vulnerable: None" as a label, but in a sentence its own words ("vulnérabilité :
    aucune", not "Personne"); sides stay notation; English as it always was."""
    with use(code):
        assert vulnerability_text("None") == label
        for vulnerability, said in (("None", sentence), ("All", everyone)):
            written = _(
                "dealer %(dealer)s, vulnerable %(vulnerability)s",
                dealer="N",
                vulnerability=vulnerability_text(vulnerability, sentence=True),
            )
            assert written == said
        assert vulnerability_text("NS", sentence=True) == "NS"


@pytest.mark.parametrize("scheme", ["abf:red:3.0", "acbl:club:invitational", "nz:club"])
def test_masterpoint_awards_and_their_formulas_are_in_the_readers_language(
    tmp_path: Path, scheme: str
) -> None:
    """The ranking's awards, the scheme's title and unit, and each award's words and formula
    on the ranking and the cards: none left in English, the JSON twins keep the English."""
    from bridgescore.masterpoints import award, scheme_named

    result = score_pairs(read_session(SAMPLE), CLUB)
    awards = award(result, scheme_named(scheme))
    assert awards.awards
    with use("qps"):
        write_site(result, tmp_path, double_dummy=False, analysis=False, masterpoints=awards)
    twin = json.loads((tmp_path / "index.json").read_text(encoding="utf-8"))
    english = [a.text for a in awards.awards]
    assert str(awards.scheme.title) in json.dumps(twin, ensure_ascii=False)
    pages = "".join(p.read_text(encoding="utf-8") for p in tmp_path.glob("*.html"))
    assert not [e for e in english if e in pages]
    assert str(awards.scheme.title) not in pages
    _check(tmp_path, _names(result) | {scheme}, {"index", "board", "pair"})


def test_an_award_is_worked_in_french_with_the_languages_numbers() -> None:
    """ABF red, 3.0: the winner of a Mitchell's line (two winners) of 9 tables earns
    0.02 × 3.0 × 9 = 0.54 (ABF Masterpoint Manual §3.1.1)."""
    from bridgescore.languages.text import shown
    from bridgescore.masterpoints import award, scheme_named

    result = score_pairs(read_session(SAMPLE), CLUB)
    first = award(result, scheme_named("abf:red:3.0")).awards[0]
    with use("fr"):
        said = shown(first.text)
    assert str(first.text) == "1st of 9 tables, Mitchell, red: 0.02 × 3.0 × 9 = 0.54"
    assert said == "1er sur 9 tables, Mitchell, rouges : 0,02 × 3,0 × 9 = 0,54", said


@pytest.mark.parametrize(
    ("code", "diagram", "lead", "sentence"),
    [
        ("en", "A\u2009K\u2009Q\u2009J\u200910\u20092", "K", "the ♥K beats 4♠ by N"),
        ("fr", "A\u2009R\u2009D\u2009V\u200910\u20092", "R", "the ♥R beats 4♠ by N"),
        ("nl", "A\u2009H\u2009V\u2009B\u200910\u20092", "H", "the ♥H beats 4♠ by N"),
    ],
)
def test_a_cards_honours_are_written_in_the_readers_letters(
    code: str, diagram: str, lead: str, sentence: str
) -> None:
    # French: as, roi, dame, valet; Dutch: aas, heer, vrouw, boer; the ten a figure.
    from bridgescore.reports.html import holding_text, lead_markup, suit_symbol, symbols_markup

    with use(code):
        hearts, spades = str(suit_symbol("H")), str(suit_symbol("S"))
        assert holding_text("AKQJT2") == diagram
        assert str(lead_markup("HK")) == hearts + lead
        assert str(lead_markup("HT")) == hearts + "10"
        shown = str(symbols_markup("the ♥K beats 4♠ by N"))
        assert shown == sentence.replace("♥", hearts).replace("♠", spades)
