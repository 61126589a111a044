"""Results by e-mail from the console, through a real SMTP server on the loopback (aiosmtpd):
the club's mail server set in the console (its password never shown back); a published
session's results sent by the director, or by themselves on publishing and after a correction
(to the players it changed, with what changed); a failed mail reported on the mail page and
tried again by itself; the answer to a player's request mailed to them; the link to ask mailed
from a score card. Mails are read back as the server received them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.night import mail as night_mail
from bridgescore.store import open_store
from bridgescore.store.mail import SmtpSettings
from bridgescore.store.mail_runs import MailRuns
from bridgescore.store.outreach import PlayersSide
from tests.web.players import (
    ADDRESSES,
    SENDER,
    Console,
    Sink,
    console,
    html_of,
    pass_for,
    played_night,
    text_of,
    wait_for,
)

LINE = "|1|r1|t1"  # board 1 at table 1 in round 1: pair 1 NS v pair 1 EW
SECRET = "correct horse battery staple"


@pytest.fixture(name="web")
def web_fixture(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Console]:
    monkeypatch.setattr(night_mail, "PAUSE", 0.0)
    store = open_store(str(tmp_path / "club.db"))
    try:
        yield console(store)
    finally:
        store.close()


def _server(web: Console, sink: Sink, *, on_publish: bool = False) -> None:
    PlayersSide(web.store).set_smtp(
        SmtpSettings("127.0.0.1", sink.port, "none", SENDER, send_on_publish=on_publish),
        club="Riverside",
    )


def _done(web: Console, session: int, runs: int = 1) -> dict[str, Any]:
    """The mail page once ``runs`` runs have ended and none is under way."""

    def finished() -> dict[str, Any] | None:
        data: dict[str, Any] = web.get(f"/director/sessions/{session}/mail.json").json()
        ended = [r for r in data["runs"] if r["finished_at"] is not None]
        return data if data["under_way"] is None and len(ended) >= runs else None

    found: dict[str, Any] = wait_for(finished)
    return found


def test_the_mail_server_in_the_console_never_shows_its_password(web: Console) -> None:
    assert web.get("/director/mail.json").json()["settings"] is None
    saved = web.post(
        "/director/mail.json",
        host="smtp.example.org",
        security="starttls",
        sender=SENDER,
        username="results",
        password=SECRET,
    )
    assert saved.status_code == 200, saved.text
    assert saved.json()["settings"] == {
        "host": "smtp.example.org",
        "port": 587,
        "security": "starttls",
        "sender": SENDER,
        "username": "results",
        "password": "set",
        "send_on_publish": False,
    }
    page = web.get("/director/mail")
    assert page.status_code == 200 and "A password is set" in page.text
    for shown in (saved.text, page.text, web.get("/director/mail.json").text):
        assert SECRET not in shown
    kept = PlayersSide(web.store).smtp("Riverside")
    assert kept is not None and kept.password == SECRET
    # saved again without a password: the password is kept; then forgotten
    web.post("/director/mail.json", host="smtp.example.org", sender=SENDER, username="results")
    kept = PlayersSide(web.store).smtp("Riverside")
    assert kept is not None and kept.password == SECRET
    web.post(
        "/director/mail.json",
        host="smtp.example.org",
        sender=SENDER,
        username="results",
        forget_password="on",
        send_on_publish="on",
    )
    kept = PlayersSide(web.store).smtp("Riverside")
    assert kept is not None and kept.password is None and kept.send_on_publish
    # what the settings refuse, and who may not see them
    bad = web.post("/director/mail.json", host="x", sender="nobody", security="none")
    assert bad.status_code == 422 and "not an e-mail address: 'nobody'" in bad.text
    clear = web.post(
        "/director/mail.json", host="x", sender=SENDER, security="none", username="u", password="p"
    )
    assert clear.status_code == 422 and "never sent unencrypted" in clear.text
    assert web.get("/director/mail.json", who="scorer").status_code == 403
    scorer = web.post("/director/mail.json", who="scorer", host="evil.example", sender=SENDER)
    assert scorer.status_code == 403
    assert "only a director can change the club's mail server" in scorer.text
    assert web.client().get("/director/mail.json").status_code == 401


def test_the_director_sends_the_results(web: Console, sink: Sink) -> None:
    session = played_night(web.store)
    url = f"/director/sessions/{session}/mail"
    before = web.get(url + ".json").json()
    assert before["server"] is None
    refused = web.post(url + "/send.json")
    assert refused.status_code == 422 and "no mail server yet" in refused.text
    _server(web, sink)
    due = web.get(url + ".json").json()["due"]
    assert sorted((d["address"], d["status"], d["kind"]) for d in due) == sorted(
        (a, "would", "results") for a in ADDRESSES.values()
    )
    assert web.post(url + "/send.json", who="scorer").status_code == 403
    started = web.post(url + "/send.json")
    assert started.status_code == 202, started.text
    page = _done(web, session)
    assert sorted(m["To"] for m in sink.received) == sorted(ADDRESSES.values())
    (last,) = page["runs"]
    assert (last["sent"], last["failed"], last["current"], last["reason"]) == (3, 0, 0, "director")
    assert {d["status"] for d in page["due"]} == {"current"}
    assert [e["status"] for e in page["log"]] == ["sent"] * 3 and page["failed"] == []
    # each mail carries the player's own link to ask for a correction, which works
    (mail,) = sink.to("p1ns@example.org")
    text = text_of(mail)
    link = re.search(r"http://127\.0\.0\.1/ask/[A-Za-z0-9_-]{43}", text)
    assert link is not None and link.group(0) in html_of(mail)
    assert f"http://127.0.0.1/results/{session}/index.html" in text
    opened = web.client().get(link.group(0).removeprefix("http://127.0.0.1") + ".json")
    assert opened.status_code == 200 and opened.json()["player"] == "P1NS Q"
    # sent again: nothing new for anyone
    assert web.post(url + "/send.json").status_code == 202
    again = _done(web, session, runs=2)
    assert again["runs"][0]["sent"] == 0 and again["runs"][0]["current"] == 3
    assert len(sink.received) == 3


def test_sent_by_themselves_on_publishing_and_after_a_correction(web: Console, sink: Sink) -> None:
    session = played_night(web.store, publish=False)
    _server(web, sink, on_publish=True)
    early = web.post(f"/director/sessions/{session}/mail/send.json")
    assert early.status_code == 422 and "publish the results first" in early.text
    assert not sink.received
    published = web.post(f"/director/sessions/{session}/publish.json", minutes="60")
    assert published.status_code == 200, published.text
    page = _done(web, session)
    assert page["runs"][0]["reason"] == "publish" and len(sink.received) == 3
    sink.received.clear()
    # a correction: the players whose figures it changed hear what changed, nobody else
    corrected = web.post(
        f"/director/sessions/{session}/correct.json",
        line=LINE,
        result="3NT S -1",
        reason="the table's slip said one down",
    )
    assert corrected.status_code == 200, corrected.text
    page = _done(web, session, runs=2)
    assert page["runs"][0]["reason"] == "correction"
    told = sorted(m["To"] for m in sink.received)
    assert "p1ns@example.org" in told and "p1ew@example.org" in told
    (ns,) = sink.to("p1ns@example.org")
    assert ns["Subject"].startswith("Corrected results")
    text = text_of(ns)
    assert "A correction changed your results:" in text
    assert "Board 1: the result 3NT S +1 is now 3NT S -1; your score +430 is now -50" in text
    unchanged = [d for d in page["due"] if d["status"] == "current"]
    assert len(unchanged) == 3


def test_a_failed_mail_is_reported_and_tried_again(
    web: Console, sink: Sink, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(night_mail, "RETRY_AFTER", 0.5)
    session = played_night(web.store)
    _server(web, sink)
    sink.answers = ["550 5.1.1 no such mailbox"]  # the first mail is refused for good
    assert web.post(f"/director/sessions/{session}/mail/send.json").status_code == 202

    def reported() -> dict[str, Any] | None:
        data: dict[str, Any] = web.get(f"/director/sessions/{session}/mail.json").json()
        return data if data["failed"] else None

    page = wait_for(reported)
    (failed,) = page["failed"]
    assert "550 5.1.1 no such mailbox" in failed["error"] and failed["attempts"] == 1
    html = web.get(f"/director/sessions/{session}/mail").text
    assert "Not sent" in html and "no such mailbox" in html
    # the run tries again by itself, and the mail goes
    page = _done(web, session, runs=2)
    assert page["runs"][0]["reason"] == "retry" and page["runs"][0]["sent"] == 1
    assert page["failed"] == []
    assert sorted(m["To"] for m in sink.received) == sorted(ADDRESSES.values())
    statuses = [e["status"] for e in reversed(page["log"])]
    assert statuses == ["failed", "sent", "sent", "sent"]


def test_one_sending_at_a_time(web: Console, sink: Sink) -> None:
    from datetime import UTC, datetime

    session = played_night(web.store)
    _server(web, sink)
    going = MailRuns(web.store).claim(session, "director", "another worker", datetime.now(UTC))
    assert going is not None
    busy = web.post(f"/director/sessions/{session}/mail/send.json")
    assert busy.status_code == 409 and "being sent already" in busy.text
    assert not sink.received
    page = web.get(f"/director/sessions/{session}/mail.json").json()
    assert page["under_way"]["started_by"] == "another worker"


def test_the_answer_to_a_request_is_mailed(web: Console, sink: Sink) -> None:
    session = played_night(web.store)
    _server(web, sink)  # the club sends when asked: the answer goes, the figures wait
    token = pass_for(web.store, session, "P1NS Q")
    asked = web.client().post(
        f"/ask/{token}.json", data={"board": "1", "reason": "We went one off"}
    )
    request_id = asked.json()["request"]["id"]
    accepted = web.post(
        f"/director/sessions/{session}/requests/{request_id}/accept.json",
        result="3NT S -1",
        words="Agreed by both pairs",
    )
    assert accepted.status_code == 200, accepted.text
    _done(web, session)
    (answer,) = sink.to("p1ns@example.org")
    assert answer["Subject"].startswith("Your request about board 1: accepted")
    text = text_of(answer)
    assert "You asked for a correction of board 1: “We went one off”." in text
    assert "the result is now 3NT S -1" in text and "“Agreed by both pairs”" in text
    assert len(sink.received) == 1
    requests = web.get(f"/director/sessions/{session}/requests.json").json()
    assert requests["answered"][0]["told"] == "sent"
    # declined: the player hears why
    second = web.client().post(f"/ask/{token}.json", data={"board": "2", "reason": "Check"})
    declined = web.post(
        f"/director/sessions/{session}/requests/{second.json()['request']['id']}/decline.json",
        words="The traveller was right",
    )
    assert declined.status_code == 200
    _done(web, session, runs=2)
    last = sink.to("p1ns@example.org")[-1]
    assert last["Subject"].startswith("Your request about board 2: declined")
    assert "“The traveller was right”" in text_of(last)


def test_the_link_asked_for_from_a_score_card(web: Console, sink: Sink) -> None:
    session = played_night(web.store)
    _server(web, sink)
    card = web.client().get(f"/results/{session}/pair-1ns.html")
    assert 'href="ask/pair-1ns"' in card.text
    page = web.client().get(f"/results/{session}/ask/pair-1ns")
    assert page.status_code == 200 and "Send me my link" in page.text
    assert "p1ns@example.org" not in page.text
    sent = web.client().post(f"/results/{session}/ask/pair-1ns.json")
    assert sent.status_code == 202, sent.text
    mail = wait_for(lambda: sink.to("p1ns@example.org"))[0]
    assert mail["Subject"].startswith("Asking for a correction")
    assert len(sink.received) == 1  # R1NS S has no address: nothing for them
    link = re.search(r"http://127\.0\.0\.1(/ask/[A-Za-z0-9_-]{43})", text_of(mail))
    assert link is not None
    assert web.client().get(link.group(1) + ".json").json()["player"] == "P1NS Q"
    # asked again at once: refused, nothing sent; a pair without an address is told the same
    again = web.client().post(f"/results/{session}/ask/pair-1ns.json")
    assert again.status_code == 429 and len(sink.received) == 1
    nobody = web.client().post(f"/results/{session}/ask/pair-2ns.json")
    assert nobody.status_code == 202 and nobody.json()["sent"] is True


def test_the_command_line_mail_carries_the_link_to_ask(web: Console, sink: Sink) -> None:
    session = played_night(web.store)
    _server(web, sink)
    done = CliRunner().invoke(
        main,
        [
            "mail", f"db:{session}", "--db", web.store.url, "--no-double-dummy",
            "--server", "https://scores.example.org",
        ],
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    (mail,) = sink.to("p1ew@example.org")
    link = re.search(r"https://scores\.example\.org/ask/[A-Za-z0-9_-]{43}", text_of(mail))
    assert link is not None
    assert "you can ask the director for a correction" in text_of(mail)
    # the player's own publish setting, by the same pass, in both parts of the mail
    assert f"Choose what the results show of your name: {link[0]}/name\n" in text_of(mail)
    assert f'<a href="{link[0]}/name">Choose what the results show of your name</a>' in html_of(
        mail
    )
    token = link[0].rsplit("/", 1)[1]
    assert web.client().get(f"/ask/{token}/name.json").json()["publish"] == "full"
