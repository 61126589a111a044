"""The console in the club's language, a phone in its browser's (docs/languages.md): every page
kind of the console rendered in the pseudo-locale shows no plain word but named data, the club's
choice in the console changes the console and the published pages, a phone whose browser asks
for another of our languages gets it, and a refusal is a sentence in the language."""

from __future__ import annotations

import json
import re
import warnings
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bridgescore.languages import LANGUAGES, NAMES, PSEUDO, _, use
from bridgescore.store import Store
from bridgescore.web.app import create_app
from tests.web.helpers import _WORD, PLAYED, Console, fill, new_session, plain_words

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def _words(*texts: Any) -> set[str]:
    return {w for text in texts for w in _WORD.findall(str(text))}


def test_every_console_page_is_translated_in_the_pseudo_locale(store: Store) -> None:
    store.set_setting("language", PSEUDO)  # the tests' pseudo-locale: only the database takes it
    console = Console(store)
    session = new_session(console, p1_1="Ann Lee", p1_2="Bob Ray")
    fill(console, session, PLAYED)
    base = f"/director/sessions/{session}"
    row = console.get(f"{base}/boards/1.json").json()["rows"][0]
    swiss = console.post(
        "/director/swiss", kind="pairs", title="Autumn", teams="4", rounds="3", boards="2"
    )
    assert swiss.status_code == 303, swiss.text
    console.post("/director/swiss/1/draw", round="1")
    # Named data: people, the club, what the director typed, codes, file formats, rule sets,
    # languages by their own names.
    setup = console.get("/director/new.json", pairs=8, minutes=200).json()
    watched = console.get(f"{base}.json").json()
    ladder = console.get("/director/ladder.json").json()
    # the ladder's rules and what it left out are English in its JSON, translated on its page
    assert ladder["rules"].startswith("each player, whoever the partner: the mean of"), ladder
    assert "session 1 (Tuesday pairs) is still being played: not counted" in ladder["left_out"]
    formats = watched["hand_records"]["formats"]
    swiss_event = console.get("/director/swiss/1.json").json()
    # the conditions' JSON is their English; the page shows them in the language
    assert swiss_event["conditions"][0].startswith("3 rounds of 2 boards"), swiss_event
    seats = console.get("/director/swiss/1/rounds/1.json").json()["matches"]
    codes = [t["code"] for t in console.get(f"{base}/tables.json").json()["tables"]]
    named = _words(
        "dana Riverside bridgescore Tuesday pairs Ann Lee Bob Ray Autumn http",
        *codes,
        *(c[:3] + " " + c[3:] for c in codes),  # as the table cards print them
        *(s["code"] for m in seats for s in m["seats"]),
        *(f"{f['kind']} {f['kind'].upper()} {f['extension']}" for f in formats),
        *setup["rule_sets"],
        *(c["name"] for c in watched["masterpoints"]["choices"]),  # abf:green, as typed
        "NS EW",  # sides as typed, in the history's example of a result
        *(f"{f['field']} {f['title']}" for f in watched["fields"]),  # the results site's words
        *NAMES.values(),
        "smtp.example.org results@example.org",  # the mail form's examples of an address
        "bridgescore mail address",  # a command, as typed
    )
    pages = [
        "/director",
        "/director/new?pairs=8&minutes=200&movement=0",
        base,
        f"{base}/boards/1",
        f"{base}/tables/1/rounds/1",
        f"{base}/history?line={row['key']}",
        f"{base}/tables",
        f"{base}/review",
        f"{base}/requests",
        f"{base}/mail",
        f"{base}/national",
        "/director/club",
        "/director/club/masterpoints",
        "/director/mail",
        "/director/ladder",
        "/director/lockouts",
        "/director/swiss",
        "/director/swiss/1",
        "/director/swiss/1/rounds/1",
        f"{base}/tables/cards",
        "/director/sessions/99999",  # the error page
        "/",
    ]
    problems = []
    for url in pages:
        answer = console.client.get(url)
        assert answer.status_code in (200, 404), (url, answer.status_code)
        assert f'<html lang="{PSEUDO}">' in answer.text, url
        left = plain_words(answer.text, named)
        if left:
            problems.append(f"{url}: {sorted(left)}")
    logged_out = TestClient(console.client.app, base_url="http://127.0.0.1").get("/login")
    if left := plain_words(logged_out.text, named):
        problems.append(f"/login: {sorted(left)}")
    assert not problems, "\n".join(problems)


def test_the_club_chooses_its_language_for_the_console_and_the_published_pages(
    store: Store,
) -> None:
    console = Console(store)
    page = console.get("/director/club").text
    assert '<html lang="en">' in page
    assert [m.group(1) for m in re.finditer(r'<option value="(\w+)" lang=', page)] == list(
        LANGUAGES
    )
    assert console.post("/director/club/language", language="fr").status_code == 303
    page = console.get("/director").text
    assert '<html lang="fr">' in page and ">Séances</a>" in page and "Nouvelle séance" in page
    session = new_session(console)
    fill(console, session, PLAYED)
    assert console.post(f"/director/sessions/{session}/publish", minutes="60").status_code in (
        200,
        303,
    )
    published = console.client.get(f"/results/{session}/").text
    assert "Provisoire jusqu’au" in published
    # Numbers in the language's form: the watch page's percentages with a decimal comma.
    watched = console.get(f"/director/sessions/{session}").text
    assert re.search(r'class="num pct">\d+,\d+<', watched), "no percentage in French form"
    assert not re.search(r'class="num pct">\d+\.\d+<', watched)
    tag = console.get(f"/director/sessions/{session}").headers["etag"]
    console.post("/director/club/language", language="nl")
    assert "Gepubliceerde uitslagen" in console.get("/director").text
    # The page the browser keeps is the French one: in Dutch it is another page, not a 304.
    again = console.client.get(f"/director/sessions/{session}", headers={"if-none-match": tag})
    assert again.status_code == 200 and "Zittingen" in again.text


def test_only_a_director_chooses_the_language_and_only_one_of_ours(store: Store) -> None:
    scorer = Console(store, "sam")
    refused = scorer.post("/director/club/language.json", language="fr")
    assert refused.status_code == 403
    director = Console(store)
    for code in ("xx", PSEUDO, ""):
        answer = director.post("/director/club/language.json", language=code)
        assert answer.status_code == 422, code
        assert "expected one of en, fr, nl" in answer.json()["error"]["message"]
    assert store.setting("language", "en") == "en"


def test_a_refusal_is_a_sentence_in_the_clubs_language(store: Store) -> None:
    store.set_setting("language", "fr")
    console = Console(store)
    missing = console.get("/director/sessions/99999.json")
    assert missing.status_code == 404
    assert missing.json()["error"]["message"] == "aucune séance enregistrée d’identifiant 99999"
    page = console.get("/director/sessions/99999")
    assert "<h1>Introuvable</h1>" in page.text
    forged = console.client.post("/director/club/language", data={"language": "nl"})
    assert forged.status_code == 403
    assert "rechargez la page" in forged.text


def test_a_phone_speaks_its_browsers_language_whatever_the_clubs(store: Store) -> None:
    store.set_setting("language", "fr")
    phone = TestClient(Console(store, None).client.app, base_url="http://127.0.0.1")
    dutch = {"accept-language": "nl-BE,nl;q=0.9,fr;q=0.5"}
    shell = phone.get("/t/", headers=dutch)
    assert '<html lang="nl">' in shell.text and "Wedstrijdleider roepen" in shell.text
    assert shell.headers["vary"] == "Accept-Language"
    found = re.search(r'<script id="messages" type="application/json">(.*?)</script>', shell.text)
    assert found
    messages = json.loads(found.group(1))
    assert messages["Join the table"] == "Aan tafel aansluiten"
    refused = phone.post("/t/api/join", json={"code": "", "card": ""}, headers=dutch)
    assert refused.json()["error"]["message"] == "tik de code van de tafelkaart in"
    # A browser naming none of ours gets the club's; the console stays the club's.
    german = phone.get("/t/", headers={"accept-language": "de-DE,de"})
    assert '<html lang="fr">' in german.text and "Appeler l’arbitre" in german.text
    assert '<html lang="fr">' in phone.get("/login", headers=dutch).text
    # English: the page carries no catalogue (its messages are the English ones).
    english = phone.get("/t/", headers={"accept-language": "en-GB"})
    assert '<script id="messages" type="application/json">{}</script>' in english.text


def test_the_console_writes_its_messages_with_the_reports_one_gettext(store: Store) -> None:
    """The console's templates are the report's with the console's own: one install of the
    languages (the report's ``_``, each message formatted once), not Jinja's over it, and the
    same page as before in every language."""
    from bridgescore.reports import html
    from bridgescore.rules import rules_named

    store.set_setting("language", "fr")
    console = Console(store)
    env = console.client.app.state.bridge.console_env()
    assert env.globals["_"] is env.globals["gettext"] is html._gettext
    assert env is console.client.app.state.bridge.env(rules_named("club"))
    page = console.client.get("/director/swiss")
    assert page.status_code == 200 and 'lang="fr"' in page.text


def test_a_swiss_events_published_site_is_translated_in_the_pseudo_locale(
    store: Store, tmp_path: Path
) -> None:
    """The standings and each round's draw as served and as written: no plain word but the
    event's title and the teams' names; the conditions in the language too."""
    store.set_setting("language", PSEUDO)
    console = Console(store)
    console.client = TestClient(
        create_app(store, publish_folder=tmp_path), base_url="http://127.0.0.1"
    )
    console.login("dana")
    swiss = console.post(
        "/director/swiss",
        kind="teams",
        title="Autumn",
        teams="5",
        names="Ann Lee\nBob Ray\nCat Fox\nDan Wu\nEve Orr",
        rounds="3",
        boards="2",
        danish="1",
        late_vps="3",
    )
    assert swiss.status_code == 303, swiss.text
    assert console.post("/director/swiss/1/draw", round="1").status_code in (200, 303)
    published = console.post("/director/swiss/1/publish")
    assert published.status_code in (200, 303), published.text
    named = _words("Autumn Ann Lee Bob Ray Cat Fox Dan Wu Eve Orr bridgescore JSON")
    pages = ["/results/swiss/1/", "/results/swiss/1/round-1.html"]
    problems = []
    for url in pages:
        answer = console.client.get(url)
        assert answer.status_code == 200, (url, answer.status_code)
        assert f'<html lang="{PSEUDO}">' in answer.text, url
        if left := plain_words(answer.text, named):
            problems.append(f"{url}: {sorted(left)}")
    written = sorted(tmp_path.rglob("*.html"))
    assert written, "no page written"
    for path in written:
        if left := plain_words(path.read_text(encoding="utf-8"), named):
            problems.append(f"{path.name}: {sorted(left)}")
    assert not problems, "\n".join(problems)
    # the JSON twin keeps the conditions' English
    shown = console.client.get("/results/swiss/1/index.json").json()
    assert any("Danish" in line for line in shown["conditions"]), shown["conditions"]


def test_a_bad_file_uploaded_is_refused_in_the_clubs_language(store: Store) -> None:
    """A hand-record file's problems, each reader's own sentences with them, in the club's
    language on the console's page and in its JSON answer; none left plain in the
    pseudo-locale."""
    from tests.formats.bad_files import hand_records

    session = new_session(Console(store))
    data = hand_records()["bad.dlm"]

    def refused(language: str, page: str) -> Any:
        store.set_setting("language", language)  # before the console reads it
        console = Console(store)
        return console.client.post(
            f"/director/sessions/{session}/{page}",
            data={"csrf": console.csrf},
            files={"hands": ("night.dlm", data, "application/octet-stream")},
        )

    answer = refused("fr", "deals.json")
    assert answer.status_code == 422, answer.text
    message = answer.json()["error"]["message"]
    assert "night.dlm : 5 problèmes" in message, message
    assert "night.dlm:9 : pas une ligne clé=valeur : trouvé 'not a line'" in message, message
    page = refused("nl", "deals")
    assert page.status_code == 422
    assert "night.dlm:8, spel 2: geen 26 letters a tot p: gevonden" in page.text, page.text
    message = refused(PSEUDO, "deals.json").json()["error"]["message"]
    quoted = re.sub(r"'[^']*'", "", message.replace("night.dlm", ""))
    assert not _words(quoted) - _words(data.decode("latin-1")) - {"DLM", "Show"}, message


# CLDR's abbreviated month names (format context), written out here by hand.
_MONTHS = {
    "fr": [
        "janv.",
        "févr.",
        "mars",
        "avr.",
        "mai",
        "juin",
        "juil.",
        "août",
        "sept.",
        "oct.",
        "nov.",
        "déc.",
    ],
    "nl": ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
}


def test_a_time_is_written_in_the_clubs_language_on_the_console_and_the_site(
    store: Store,
) -> None:
    console = Console(store)
    session = new_session(console)
    fill(console, session, PLAYED)
    assert console.post(f"/director/sessions/{session}/publish", minutes="60").status_code in (
        200,
        303,
    )
    until = datetime.fromisoformat(
        console.get(f"/director/sessions/{session}.json").json()["session"]["provisional_until"]
    ).astimezone(UTC)
    english = f"{until:%Y-%m-%d %H:%M}"
    assert f"provisional until {english} UTC" in console.get(f"/director/sessions/{session}").text
    assert f"Provisional until {english} UTC" in console.client.get(f"/results/{session}/").text
    for code in ("fr", "nl"):
        console.post("/director/club/language", language=code)
        written = f"{until.day} {_MONTHS[code][until.month - 1]} {until.year}, {until:%H:%M}"
        with use(code):
            watching = _("provisional until %(when)s UTC", when=written)
            asking = _("Players may ask until %(when)s UTC.", when=written)
            site = _("Provisional until %(when)s UTC", when=written)
        assert watching in console.get(f"/director/sessions/{session}").text, code
        assert asking in console.get(f"/director/sessions/{session}/requests").text, code
        assert site in console.client.get(f"/results/{session}/").text, code
