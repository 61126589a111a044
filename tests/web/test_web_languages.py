"""The console in the club's language, a phone in its browser's (docs/languages.md): every page
kind of the console rendered in the pseudo-locale shows no plain word but named data, the club's
choice in the console changes the console and the published pages, a phone whose browser asks
for another of our languages gets it, and a refusal is a sentence in the language."""

from __future__ import annotations

import json
import re
import warnings
from typing import Any

from bridgescore.languages import LANGUAGES, NAMES, PSEUDO
from bridgescore.store import Store
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
    # languages by their own names; and what other parts write in English for now (the
    # movements' descriptions, the masterpoint schemes', the ladder's rules and the Swiss
    # conditions: their own modules, outside the console).
    setup = console.get("/director/new.json", pairs=8, minutes=200).json()
    watched = console.get(f"{base}.json").json()
    ladder = console.get("/director/ladder.json").json()
    formats = watched["hand_records"]["formats"]
    swiss_event = console.get("/director/swiss/1.json").json()
    seats = console.get("/director/swiss/1/rounds/1.json").json()["matches"]
    codes = [t["code"] for t in console.get(f"{base}/tables.json").json()["tables"]]
    named = _words(
        "dana Riverside bridgescore Tuesday pairs Ann Lee Bob Ray Autumn http",
        *codes,
        *(c[:3] + " " + c[3:] for c in codes),  # as the table cards print them
        *(s["code"] for m in seats for s in m["seats"]),
        *(f"{f['kind']} {f['kind'].upper()} {f['extension']}" for f in formats),
        *setup["rule_sets"],
        *(m["describe"] for m in setup["movements"]),
        *(c["name"] + " " + c["words"] for c in watched["masterpoints"]["choices"]),
        watched["session"]["movement"],
        ladder["rules"],
        *ladder["left_out"],
        *swiss_event["conditions"],
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
