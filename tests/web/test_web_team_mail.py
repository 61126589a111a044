"""The console sends a teams-of-four session's results as it sends a pairs session's: the mail
page lists each team's player with an address, and sending mails them their team's evening;
a team's player chooses their publish setting by their pass, and asks for a correction by
the link in the mail."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest

from bridgescore.night import mail as night_mail
from bridgescore.store import open_store
from bridgescore.store.mail import SmtpSettings
from bridgescore.store.outreach import PlayersSide
from bridgescore.store.sessions import to_rows
from tests.reports.helpers import _result
from tests.web.players import SENDER, Sink, console, html_of, pass_for, text_of, wait_for


def test_the_console_mails_a_teams_session(
    tmp_path: Path, sink: Sink, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(night_mail, "PAUSE", 0.0)
    store = open_store(str(tmp_path / "club.db"))
    try:
        session = store.import_rows(to_rows(_result().session), club="Riverside").session_id
        store.publish(session, timedelta(minutes=60))
        side = PlayersSide(store)
        side.set_email("Ann Lee", "ann@example.org", club="Riverside")
        side.set_smtp(SmtpSettings("127.0.0.1", sink.port, "none", SENDER), club="Riverside")
        web = console(store)
        url = f"/director/sessions/{session}/mail"
        due = web.get(url + ".json").json()["due"]
        assert [(d["address"], d["status"]) for d in due] == [("ann@example.org", "would")]
        assert web.post(url + "/send.json").status_code == 202

        def sent() -> bool:
            return bool(sink.to("ann@example.org"))

        wait_for(sent)
        (ann,) = sink.to("ann@example.org")
        text = text_of(ann)
        assert "Your team: 2 of 2, 8.80 victory points, IMPs 17.00–19.00" in text
        # the link to ask for a correction, and to choose what the results show of the name
        link = re.search(r"http://127\.0\.0\.1(/ask/[A-Za-z0-9_-]{43})\n", text)
        assert link is not None, text
        assert f"Choose what the results show of your name: http://127.0.0.1{link[1]}/name" in text
        mine = web.client().get(link[1] + ".json").json()
        assert (mine["player"], mine["pair"]["kind"], len(mine["boards"])) == (
            "Ann Lee",
            "Team 1",
            8,
        )
        html = html_of(ann)
        assert f'href="http://127.0.0.1{link[1]}?board=3-2"' in html  # board 3, room 2
        assert f'href="http://127.0.0.1{link[1]}/name"' in html
        # a teams player chooses their own publish setting as a pairs player does
        token = pass_for(store, session, "Ann Lee")
        own = web.client().get(f"/ask/{token}/name.json")
        assert own.status_code == 200 and own.json()["session"]["event"] == "Teams evening"
        chose = web.client().post(f"/ask/{token}/name.json", json={"publish": "initials"})
        assert chose.json() == {"publish": "initials", "shown": "A. L."}
        assert web.client().get(f"/ask/{token}/name").status_code == 200
    finally:
        store.close()
