"""The club database's refusals that need no database (the SMTP settings, a traveller line's
key, a result's text, an export's format) are said in the reader's language, each compared
whole, every problem of the settings at once; English is the sentence it always was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bridgescore.bridge import Vulnerability
from bridgescore.languages import use
from bridgescore.languages.text import shown
from bridgescore.store.lines import read_result, row_key
from bridgescore.store.mail import SmtpSettings, check_settings
from bridgescore.store.sessions import write
from tests.helpers import refusal_in

_BAD = SmtpSettings("bad host", 0, "ssl", "not-an-address", None, "secret")

# (what is refused, English as it always was, French, Dutch)
REFUSALS: list[tuple[Callable[[], object], str, str, str]] = [
    (
        lambda: check_settings(_BAD),
        "the SMTP settings are refused: the host 'bad host' is not a server's name; the port 0 "
        "is not 1 to 65535; the security 'ssl' is not starttls, tls or none; a password needs "
        "a username; the sender: not an e-mail address: 'not-an-address' (expected "
        "name@example.org)",
        "les réglages SMTP sont refusés : l'hôte 'bad host' n'est pas un nom de serveur ; le "
        "port 0 n'est pas entre 1 et 65535 ; la sécurité 'ssl' n’est ni starttls, ni tls, ni "
        "none ; un mot de passe demande un nom d'utilisateur ; l'expéditeur : pas une adresse "
        "électronique : 'not-an-address' (attendu : nom@exemple.org)",
        "de SMTP-instellingen zijn geweigerd: de host 'bad host' is geen servernaam; de poort 0 "
        "ligt niet tussen 1 en 65535; de beveiliging 'ssl' is niet starttls, tls of none; een "
        "wachtwoord vraagt een gebruikersnaam; de afzender: geen e-mailadres: 'not-an-address' "
        "(verwacht: naam@voorbeeld.org)",
    ),
    (
        lambda: check_settings(SmtpSettings("smtp.club.org", 25, "none", "x@club.org", "u", "p")),
        "the SMTP settings are refused: a password is never sent unencrypted: use starttls or tls",
        "les réglages SMTP sont refusés : un mot de passe n'est jamais envoyé en clair : "
        "utilisez starttls ou tls",
        "de SMTP-instellingen zijn geweigerd: een wachtwoord wordt nooit onversleuteld "
        "verstuurd: gebruik starttls of tls",
    ),
    (
        lambda: row_key("board 3"),
        "not a traveller line: 'board 3' (expected section|board|rROUND|tTABLE, like '|3|r2|t4')",
        "pas une ligne de feuille de donne : 'board 3' (attendu : section|board|rROUND|tTABLE, "
        "comme '|3|r2|t4')",
        "geen regel van een scorebriefje: 'board 3' (verwacht: section|board|rROUND|tTABLE, "
        "zoals '|3|r2|t4')",
    ),
    (
        lambda: read_result("1234567", Vulnerability.NONE),
        "not a bridge score: '1234567'",
        "pas une marque de bridge : '1234567'",
        "geen bridgescore: '1234567'",
    ),
    (
        lambda: write(None, "xlsx"),
        "cannot export to 'xlsx' (expected one of csv, json, usebio, pbn)",
        "impossible d'exporter en 'xlsx' (attendu : l'un de csv, json, usebio, pbn)",
        "kan niet exporteren naar 'xlsx' (verwacht: een van csv, json, usebio, pbn)",
    ),
]


def _said(call: Callable[[], object], code: str) -> str:
    return refusal_in(code, call)


@pytest.mark.parametrize(
    ("call", "english", "french", "dutch"), REFUSALS, ids=[e[:60] for _, e, _, _ in REFUSALS]
)
def test_each_refusal_whole_in_english_french_and_dutch(
    call: Callable[[], object], english: str, french: str, dutch: str
) -> None:
    assert _said(call, "en") == english
    assert _said(call, "fr") == french
    assert _said(call, "nl") == dutch


def test_the_settings_described_in_the_language_their_names_as_typed() -> None:
    settings = SmtpSettings("smtp.club.org", 587, "starttls", "x@club.org", None, "p", True)
    with use("en"):
        assert [(n, shown(v)) for n, v in settings.described()][4:] == [
            ("username", "(none)"),
            ("password", "set"),
            ("send", "on publishing"),
        ]
    with use("fr"):
        assert [(n, shown(v)) for n, v in settings.described()][4:] == [
            ("username", "(aucune)"),
            ("password", "défini"),
            ("send", "à la publication"),
        ]
    with use("nl"):
        assert [shown(v) for _, v in settings.described()][4:] == [
            "(geen)",
            "ingesteld",
            "bij publiceren",
        ]
