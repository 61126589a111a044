"""What every results mail links and shows, read back from a real SMTP server on the loopback
(aiosmtpd): a pair's mail links the pair's evening on the server (in the HTML and the plain
text); a team's mail gives, board by board, each side's makeable contracts and each table's
opening lead against double dummy, as the team's evening does; and every results mail, a pair's
or a team's, during the correction period or after it, links the player's page to choose what
the results show of their name -- a link that opens it.

The teams figures are test.pbn's own (its OptimumResultTable, checked against endplay in
tests/reports/test_analysis.py) and the leads those worked in tests/reports/test_team_evening.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update

from bridgescore import mailing
from bridgescore.languages import use
from bridgescore.store import Store, open_store
from bridgescore.store.mail import SmtpSettings
from bridgescore.store.outreach import PlayersSide
from bridgescore.store.schema import sessions
from tests.web.players import SENDER, Sink, console, html_of, played_night, teams_night, text_of

pytest.importorskip("aiosmtpd.controller")

SERVER = "http://127.0.0.1"
NAME_LINK = re.compile(r"http://127\.0\.0\.1(/ask/[A-Za-z0-9_-]{43}/name)")


@pytest.fixture(name="store")
def store_fixture(tmp_path: Path, sink: Sink) -> Iterator[Store]:
    store = open_store(str(tmp_path / "club.db"))
    try:
        PlayersSide(store).set_smtp(
            SmtpSettings("127.0.0.1", sink.port, "none", SENDER), club="Riverside"
        )
        yield store
    finally:
        store.close()


def _period_over(store: Store, session: int) -> None:
    past = datetime.now(UTC) - timedelta(minutes=1)
    with store.engine.begin() as conn:
        ended = update(sessions).where(sessions.c.id == session)
        conn.execute(ended.values(provisional_until=past))


def _send(store: Store, session: int) -> mailing.Report:
    site = f"{SERVER}/results/{session}/"
    report = mailing.send_session(store, session, server=SERVER, site=site, pause=0.0)
    assert not report.failed, report.failed
    return report


def _name_page(store: Store, text: str, html: str) -> str:
    """The name page's link of a mail, the same in both parts; it opens the player's page."""
    found = NAME_LINK.search(text)
    assert found is not None, text
    assert f'href="{SERVER}{found[1]}"' in html
    assert f"Choose what the results show of your name: {SERVER}{found[1]}" in text
    own = console(store).client().get(found[1] + ".json")
    assert own.status_code == 200, own.text
    return found[1]


@pytest.mark.parametrize("over", [False, True], ids=["in the period", "after it"])
def test_a_pairs_mail_links_the_name_page_and_the_evening(
    store: Store, sink: Sink, over: bool
) -> None:
    session = played_night(store)
    if over:
        _period_over(store, session)
    _send(store, session)
    (mail,) = sink.to("p1ns@example.org")
    text, html = text_of(mail), html_of(mail)
    _name_page(store, text, html)
    asks = re.search(rf"ask the director for a correction, with your reason: {SERVER}/ask/", text)
    assert (asks is None) == over  # the link to ask only while the period runs
    evening = f"{SERVER}/results/{session}/pair-1ns-evening.html"
    assert f"Your evening, board by board: {evening}" in text
    assert f'href="{evening}"' in html
    page = console(store).client().get(evening.removeprefix(SERVER))
    assert page.status_code == 200 and "P1NS Q" in page.text


def test_a_teams_mail_gives_makeable_contracts_and_leads(store: Store, sink: Sink) -> None:
    session = teams_night(store)
    _period_over(store, session)
    _send(store, session)
    (mail,) = sink.to("ann@example.org")
    text, html = text_of(mail), html_of(mail)
    _name_page(store, text, html)
    assert "ask the director for a correction, with your reason" not in text  # period over
    # board 1: test.pbn's table -- North-South make nothing; East-West 7 tricks in notrump,
    # 10 in spades, 9 in hearts, 8 in diamonds
    board_1 = text[text.index("Board 1 —") : text.index("Board 2 —")]
    assert "  North-South make no contract double dummy.\n" in board_1
    assert (
        "  East-West make 1NT (7 tricks by E or W), 4S (10 tricks by E or W), "
        "3H (9 tricks by E or W), 2D (8 tricks by E or W) double dummy.\n"
    ) in board_1
    assert (
        "  Room 1, the opening lead: your pair's H9 by S gave nothing away: declarer makes "
        "10 tricks double dummy after it, as after the best lead.\n"
    ) in board_1
    # board 2, room 1: 5D by South, West's club five lets declarer make 13 where the best lead
    # holds him to 12: +20 for team 1, who declared
    board_2 = text[text.index("Board 2 —") : text.index("Board 3 —")]
    assert (
        "  Room 1, the opening lead: the opponents' C5 by W gave declarer 1 trick: 13 double "
        "dummy after it, 12 after the best lead (HA, HK, HQ); +20 for your team.\n"
    ) in board_2
    assert "  Room 2: par is -800 for your team; your -1370 is 570 below par.\n" in board_2
    # the HTML part says the same, with the suits' symbols
    words = re.sub(r"<[^>]+>", "", html)
    assert "East-West make 1NT (7 tricks by E or W), 4♠ (10 tricks by E or W)" in words
    assert "the opponents&#39; ♣5 by W gave declarer 1 trick" in words
    assert "North-South make no contract double dummy." in words


def test_a_mails_kind_in_the_log_is_a_noun_in_every_language() -> None:
    # the console's "answer" link is the verb (répondre); a logged answer is the noun
    kinds = ("results", "correction", "answer", "link", "unknown")
    assert [mailing.kind_said(k) for k in kinds] == list(kinds)
    with use("fr"):
        assert [mailing.kind_said(k) for k in kinds] == [
            "résultats",
            "correction",
            "réponse",
            "lien",
            "unknown",
        ]
    with use("nl"):
        assert [mailing.kind_said(k) for k in kinds] == [
            "uitslag",
            "correctie",
            "antwoord",
            "link",
            "unknown",
        ]
