"""Results by e-mail for a teams-of-four session (``bridgescore mail SESSION``, the same loop the
console sends with): each team's player is mailed the teams' ranking, the team's match and its
two tables on every board with the hands and what double dummy says; a second run sends
nothing; a correction is mailed to the players it changed, with what changed. The figures are
the hand-worked match of tests/reports/test_team_evening.py (rules.md §6.1, §6.5)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.store import open_store
from bridgescore.store.sessions import to_rows
from tests.reports.helpers import _result
from tests.web.players import Sink, html_of, text_of

pytest.importorskip("aiosmtpd.controller")
pytest.importorskip("endplay")

SENDER = "results@riverside.example"
ADDRESSES = {"Ann Lee": "ann@example.org", "Eve Orr": "eve@example.org"}  # team 1, team 2


def run(*args: str) -> tuple[int, str]:
    done = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return done.exit_code, done.stdout + done.stderr


@pytest.fixture(name="db")
def db_fixture(tmp_path: Path, sink: Sink) -> str:
    """The match stored with its deals, two players with addresses, the club's server."""
    db = str(tmp_path / "club.db")
    with open_store(db) as store:
        store.import_rows(to_rows(_result().session), club="club")
    for name, address in ADDRESSES.items():
        assert run("mail", "address", name, address, "--db", db)[0] == 0
    code, out = run(
        "mail", "settings", "--db", db, "--host", "127.0.0.1", "--port", str(sink.port),
        "--security", "none", "--sender", SENDER,
    )  # fmt: skip
    assert code == 0, out
    return db


def test_each_teams_player_gets_the_teams_evening(db: str, sink: Sink) -> None:
    code, out = run("mail", "db:1", "--db", db)
    assert code == 0 and "2 sent (0 corrections), 0 up to date, 0 failed" in out, out
    (ann,) = sink.to("ann@example.org")
    assert ann["Subject"] == "Results: Teams evening, 2026-11-18 — 2 of 2, 8.80 VPs"
    text = text_of(ann)
    assert "Results for Ann Lee (team 1)" in text
    assert "Your team: 2 of 2, 8.80 victory points, IMPs 17.00–19.00" in text
    assert "     1      2     11.20  Eve Orr & Fay Poe & Gus Ink & Hal Jay" in text
    assert "     2      1      8.80  Ann Lee & Bob Ray & Cat Fox & Dan Wu <- your team" in text
    assert (
        "Against team 2, 4 boards: 17.00–19.00 IMPs, lost by 2.00 IMPs; 8.80–11.20 victory points."
    ) in text
    assert "  Room 1 (your pair North-South): 4S E =, -420 for your team." in text
    assert "  Room 2 (your pair East-West): 2S W +2, +170 for your team." in text
    assert "  Net -250: 6.00 IMPs to your opponents." in text
    assert "  Room 2: par is -800 for your team; your -1370 is 570 below par." in text
    assert "\n                      S " in text  # North's spades: the hands are in the mail
    html = html_of(ann)
    assert "Your pair North-South" in html and "lost by 2.00 IMPs" in html
    (eve,) = sink.to("eve@example.org")
    assert eve["Subject"] == "Results: Teams evening, 2026-11-18 — 1 of 2, 11.20 VPs"
    assert "Net +250: 6.00 IMPs to your team." in text_of(eve)
    # the next run has nothing new for anyone
    sink.received.clear()
    code, out = run("mail", "db:1", "--db", db)
    assert code == 0 and "0 sent (0 corrections), 2 up to date" in out and not sink.received


def test_a_correction_is_mailed_with_what_changed(db: str, sink: Sink) -> None:
    assert run("mail", "db:1", "--db", db, "--no-double-dummy")[0] == 0
    sink.received.clear()
    with open_store(db) as store:
        rows = store.session_rows(1).results
    # board 3 in room 2 (team 2 North-South): 3H N -1 was 3H N = (NS +140): team 1's net is
    # now +110 - 140 = -30, 1 IMP to team 2; team 1 13 IMPs, team 2 20: a margin of 7 over 4
    # boards, 13.74 VPs to team 2 and 6.26 to team 1 (rules.md §6.5, X = 30)
    key = next(r.entry_key for r in rows if r.board == 3 and r.ns == "2")
    code, out = run("sessions", "correct", "1", key, "3H N =", "--reason", "made", "--db", db)
    assert code == 0, out
    code, out = run("mail", "db:1", "--db", db, "--no-double-dummy")
    assert code == 0 and "2 sent (2 corrections)" in out, out
    (ann,) = sink.to("ann@example.org")
    assert ann["Subject"] == "Corrected results: Teams evening, 2026-11-18 — 2 of 2, 6.26 VPs"
    text = text_of(ann)
    assert "A correction changed your results:" in text
    assert (
        "  - Board 3 against team 2: the results 2H N = / 3H N -1 are now 2H N = / 3H N =; "
        "IMPs 4.00 → -1.00."
    ) in text
    assert "  - Your victory points: 8.80 → 6.26." in text


def test_a_teams_mail_in_dutch_says_so(db: str, sink: Sink) -> None:
    environ = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "nl_NL.UTF-8"}
    done = CliRunner().invoke(main, ["mail", "db:1", "--db", db, "--no-double-dummy"], env=environ)
    assert done.exit_code == 0, done.output
    (ann,) = sink.to("ann@example.org")
    html = html_of(ann)
    # 8.80 victory points (rules.md §6.5, worked in the first test) written the Dutch way
    assert '<html lang="nl">' in html and "8,80" in html and "8.80" not in html
