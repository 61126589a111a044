"""``bridgescore mail``: each player's results through a real SMTP server on the loopback
(aiosmtpd), read back as sent; a correction resent to the players it changed, with what changed;
failed sends tried again, logged and reported; the SMTP password never shown back."""

from __future__ import annotations

import re
from email.message import EmailMessage
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from tools.servers import free_port

import bridgescore
from bridgescore.bridge import Side
from bridgescore.cli import main
from bridgescore.display import fmt_fixed
from bridgescore.formats import read_session
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from bridgescore.session import Entrant
from tests.web.players import Sink  # the SMTP sink the console's mail tests use too

aiosmtpd = pytest.importorskip("aiosmtpd.controller")

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"
SENDER = "results@riverside.example"
# Pair 1 NS and pair 1 EW played board 1 at table 1 in round 1; pair 9 NS played it elsewhere.
PLAYERS = {
    "Margaret Hale": "margaret@example.org",  # pair 1 NS
    "Brian Fletcher": "brian@example.org",  # pair 1 EW
    "Rosemary Clarke": "rosemary@example.org",  # pair 9 NS
}


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(name="db")
def db_fixture(tmp_path: Path) -> str:
    db = str(tmp_path / "club.db")
    code, out, err = run("import", str(SAMPLE), "--db", db)
    assert code == 0, out + err
    for name, address in PLAYERS.items():
        code, out, err = run("mail", "address", name, address, "--db", db)
        assert code == 0 and f"results go to {address}" in out, out + err
    return db


def _settings(db: str, port: int) -> None:
    code, out, err = run(
        "mail", "settings", "--db", db, "--host", "127.0.0.1", "--port", str(port),
        "--security", "none", "--sender", SENDER,
    )  # fmt: skip
    assert code == 0, out + err


def _parts(message: EmailMessage) -> tuple[str, str]:
    text = message.get_body(("plain",))
    html = message.get_body(("html",))
    assert text is not None and html is not None
    return text.get_content().replace("\r\n", "\n"), html.get_content().replace("\r\n", "\n")


def _percent(entrant: Entrant, path: Path = SAMPLE) -> str:
    result = score_pairs(read_session(path), CLUB)
    standing = result.standing(entrant)
    assert standing.percent is not None
    return fmt_fixed(standing.percent, CLUB.decimals, CLUB.rounding)


def test_each_player_gets_their_results(db: str, sink: Sink) -> None:
    _settings(db, sink.port)
    code, out, err = run("mail", "db:1", "--db", db, "--no-double-dummy")
    assert code == 0, out + err
    assert "3 sent (0 corrections), 0 up to date, 0 failed" in out
    assert sorted(m["To"] for m in sink.received) == sorted(PLAYERS.values())
    (margaret,) = sink.to("margaret@example.org")
    assert margaret["From"] == SENDER
    result = score_pairs(read_session(SAMPLE), CLUB)
    standing = result.standing(Entrant(1, Side.NS))
    percent = _percent(Entrant(1, Side.NS))
    assert " ".join(margaret["Subject"].split()) == (  # as a long header is folded and unfolded
        f"Results: Riverside Bridge Club, Tuesday evening pairs, 2026-11-17 — "
        f"{standing.place} of {len(result.fields[0].standings)}, {percent}%"
    )
    text, html = _parts(margaret)
    assert "Results for Margaret Hale (1NS)" in text
    assert f"Your result: {standing.place} of 9 (North-South)" in text and f"{percent}%" in text
    # the ranking: every NS pair with its percentage, hers marked
    for s in result.fields[0].standings:
        assert s.name is not None and s.name in text and escape(s.name) in html
        shown = fmt_fixed(s.percent or Fraction(0), CLUB.decimals, CLUB.rounding)
        assert f"{shown}%" in text
    assert "<- you" in text
    # her score card: every board she played, with its matchpoints
    card = [line for line in text.splitlines() if line.startswith("  Board ")]
    assert len(card) == 27
    assert card[0].startswith("  Board  1 NS v 1EW: 2H S +2 +170, ")
    assert card[3] == "  Board  4 NS v 9EW: not played"
    # her boards with the hands: the sample has no deals, so each board's result and score
    assert "Board 1 — dealer N, vulnerable None: 2♥ S +2".replace("♥", "H") in text
    assert "You scored" in text
    assert "<table" in html and "Your score card" in html and "Margaret Hale" in html
    assert "published as you chose: full name" in text
    code, out, _ = run("mail", "log", "db:1", "--db", db)
    assert code == 0 and out.count("results: sent") == 3


def test_a_second_run_sends_nothing_and_a_correction_reaches_those_it_changed(
    db: str, sink: Sink
) -> None:
    _settings(db, sink.port)
    assert run("mail", "db:1", "--db", db, "--no-double-dummy")[0] == 0
    sink.received.clear()
    code, out, _ = run("mail", "db:1", "--db", db, "--no-double-dummy")
    assert code == 0 and "0 sent (0 corrections), 3 up to date" in out and not sink.received
    # 2H S +2 and 3H S +1 both score +170: only table 1's players see a change, in the result
    code, out, err = run(
        "sessions", "correct", "1", "|1|r1|t1", "3H S +1", "--reason", "wrong level", "--db", db
    )
    assert code == 0, out + err
    code, out, _ = run("mail", "db:1", "--db", db, "--no-double-dummy")
    assert code == 0 and "2 sent (2 corrections), 1 up to date" in out
    assert sorted(m["To"] for m in sink.received) == ["brian@example.org", "margaret@example.org"]
    (margaret,) = sink.to("margaret@example.org")
    assert margaret["Subject"].startswith("Corrected results: ")
    text, html = _parts(margaret)
    assert "A correction changed your results:" in text
    assert "  - Board 1: the result 2H S +2 is now 3H S +1." in text
    assert "Board 1: the result 2H S +2 is now 3H S +1." in html
    # 4H S = scores +420: every pair at board 1 has new matchpoints
    sink.received.clear()
    before = score_pairs(read_session(SAMPLE), CLUB)
    text_now = SAMPLE.read_text().replace("1,1,1,1,1,2H,S,10,", "1,1,1,1,1,4H,S,10,", 1)
    changed_file = Path(db).parent / "changed.csv"
    changed_file.write_text(text_now)
    after = score_pairs(read_session(changed_file), CLUB)
    run("sessions", "correct", "1", "|1|r1|t1", "4H S =", "--reason", "game bid", "--db", db)
    code, out, _ = run("mail", "db:1", "--db", db, "--no-double-dummy")
    assert code == 0 and "3 sent (3 corrections)" in out
    (rosemary,) = sink.to("rosemary@example.org")
    text, _ = _parts(rosemary)
    entrant = Entrant(9, Side.NS)

    def board_1(result: Any) -> str:
        board = next(b for b in result.boards if b.board.number == 1)
        table = next(t for t in board.tables if entrant in t.ns_entrants)
        assert table.ns is not None
        return fmt_fixed(table.ns.value, CLUB.decimals, CLUB.rounding)

    assert f"Board 1: matchpoints {board_1(before)} → {board_1(after)}" in text
    old, new = _percent(entrant), _percent(entrant, changed_file)
    if old != new:
        assert f"Your percentage: {old}% → {new}%." in text


def test_a_failed_send_is_tried_again_logged_and_sent_by_the_next_run(db: str, sink: Sink) -> None:
    _settings(db, sink.port)
    # a temporary refusal twice, then accepted: one mail, three attempts
    sink.answers = ["451 4.3.0 try again later", "451 4.3.0 try again later"]
    code, out, err = run(
        "mail", "db:1", "--db", db, "--no-double-dummy", "--player", "Margaret Hale",
        "--pause", "0",
    )  # fmt: skip
    assert code == 0, out + err
    assert [m["To"] for m in sink.received] == ["margaret@example.org"]
    code, out, _ = run("mail", "log", "db:1", "--db", db)
    assert "results: sent, 3 attempts" in out
    # the log in the reader's language: its words, its date, its plural
    for lang, line in (
        ("fr", r"\d+ \w+\.? 20\d\d, \d\d:\d\d  db:1  joueur \d+ <margaret@example\.org>  "
               r"résultats : envoyé, 3 tentatives"),
        ("nl", r"\d+ \w+\.? 20\d\d, \d\d:\d\d  db:1  speler \d+ <margaret@example\.org>  "
               r"uitslag: verstuurd, 3 pogingen"),
    ):  # fmt: skip
        said = CliRunner().invoke(
            main, ["mail", "log", "db:1", "--db", db], env={"LANG": f"{lang}_BE.UTF-8"}
        )
        assert re.search(rf"^ +\d+  {line}$", said.stdout, re.M), said.stdout
    # a permanent refusal is not tried again: failed, said, logged, exit status 1
    sink.answers = ["550 5.1.1 no such mailbox"]
    code, out, err = run(
        "mail", "db:1", "--db", db, "--no-double-dummy", "--player", "Brian Fletcher",
        "--pause", "0",
    )  # fmt: skip
    assert code == 1
    assert "FAILED after 1 attempt: Brian Fletcher <brian@example.org>" in err
    assert "550" in err and "run bridgescore mail db:1 again" in err
    code, out, _ = run("mail", "log", "db:1", "--db", db)
    assert "brian@example.org>  results: failed (the server answered 550" in out
    # the next run sends it (and Rosemary's, never sent); Margaret's is up to date
    code, out, err = run("mail", "db:1", "--db", db, "--no-double-dummy")
    assert code == 0, out + err
    assert "2 sent (0 corrections), 1 up to date, 0 failed" in out
    assert sorted(m["To"] for m in sink.received) == [
        "brian@example.org",
        "margaret@example.org",
        "rosemary@example.org",
    ]


def test_a_server_that_cannot_be_reached(db: str) -> None:
    _settings(db, free_port())  # nothing listens there
    code, out, err = run("mail", "db:1", "--db", db, "--no-double-dummy", "--pause", "0")
    assert code == 1
    assert err.count("FAILED after 3 attempts") == 3
    assert "the server refused the connection" in err
    code, out, _ = run("mail", "log", "db:1", "--db", db)
    assert out.count("results: failed (the server refused the connection), 3 attempts") == 3


def test_the_password_is_never_shown(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    secret = "correct horse battery staple"
    code, out, err = run(
        "mail", "settings", "--db", db, "--host", "smtp.example.org", "--sender", SENDER,
        "--username", "results", "--password-stdin", stdin=secret + "\n",
    )  # fmt: skip
    assert code == 0, out + err
    assert "password  set" in out and secret not in out + err
    code, out, err = run("mail", "settings", "--db", db)
    assert "port      587" in out and "security  starttls" in out and secret not in out + err
    from bridgescore.store import open_store
    from bridgescore.store.outreach import PlayersSide

    with open_store(db) as store:
        kept = PlayersSide(store).smtp()
    assert kept is not None and kept.password == secret and secret not in repr(kept)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("mail", "settings", "--host", "smtp.example.org"), "needs --host and --sender"),
        (
            ("mail", "settings", "--host", "x", "--sender", "nobody", "--security", "none"),
            "not an e-mail address: 'nobody'",
        ),
        (("mail", "address", "Nobody Known", "x@example.org"), "no player named 'Nobody Known'"),
        (("mail", "db:1"), "no SMTP server"),
        (("mail", "tuesday.csv"), "is not a stored session"),
        (("mail", "db:99", "--dry-run"), "no stored session with id 99"),
    ],
)
def test_mistakes_are_one_line_and_exit_2(db: str, args: tuple[str, ...], said: str) -> None:
    code, out, err = run(*args, "--db", db)
    assert code == 2 and said in err and "Traceback" not in out + err


def test_a_bad_address_is_refused(db: str) -> None:
    code, _, err = run("mail", "address", "Margaret Hale", "margaret at example", "--db", db)
    assert code == 2 and "not an e-mail address: 'margaret at example'" in err


def test_dry_run_sends_nothing(db: str, sink: Sink) -> None:
    code, out, _ = run("mail", "db:1", "--db", db, "--dry-run", "--no-double-dummy")
    assert code == 0 and out.count("would send results to") == 3 and not sink.received


def test_the_hands_and_the_verdict_when_the_deals_are_known(tmp_path: Path, sink: Sink) -> None:
    from tests.conftest import shared_path

    db = str(tmp_path / "club.db")
    source = shared_path("data", "usebio-compscore", "mp_pairs_howell.xml")
    assert run("import", str(source), "--db", db)[0] == 0
    from bridgescore.store import open_store

    with open_store(db) as store:
        first = store.players()[0]
    assert run("mail", "address", str(first.id), "first@example.org", "--db", db)[0] == 0
    _settings(db, sink.port)
    code, out, err = run("mail", "db:1", "--db", db)
    assert code == 0, out + err
    (sent,) = sink.received
    text, html = _parts(sent)
    # a hand diagram: North's four suits on their own lines, and each board's verdict
    assert "\n                      S " in text and "\n                      C " in text
    assert "Against par" in text and "Against par" in html
    assert 'class="suit' in html


# --- the mail's language: the club's, else the command's ------------------------------------------


def _club_language(db: str, code: str) -> None:
    from bridgescore.store import open_store

    store = open_store(db)
    try:
        assert store.setting("language", code) == code
    finally:
        store.engine.dispose()


_NO_LOCALE = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None}


def _send(db: str, **environ: str) -> None:
    result = CliRunner().invoke(
        main, ["mail", "db:1", "--db", db, "--no-double-dummy"], env={**_NO_LOCALE, **environ}
    )
    assert result.exit_code == 0, result.output


def test_a_french_club_mails_in_french(db: str, sink: Sink) -> None:
    _settings(db, sink.port)
    _club_language(db, "fr")
    _send(db, LANG="C.UTF-8")  # the club's choice, whatever the command's environment
    (margaret,) = sink.to("margaret@example.org")
    result = score_pairs(read_session(SAMPLE), CLUB)
    standing = result.standing(Entrant(1, Side.NS))
    # her percentage, worked out by the engine's exact figures and written the French way
    english = _percent(Entrant(1, Side.NS))
    french = english.replace(".", ",")
    subject = " ".join(margaret["Subject"].split())
    assert subject.startswith("Résultats : Riverside Bridge Club, Tuesday evening pairs, ")
    assert "17 novembre 2026" in subject and f"{standing.place} sur 9, {french}" in subject
    text, html = _parts(margaret)
    assert "Résultats pour Margaret Hale (1NS)" in text
    assert f"Votre résultat : {standing.place} sur 9 (Nord-Sud)" in text
    assert f"{french}\u00a0%" in text and f"{english}%" not in text
    assert "  Donne  4 NS contre 9EW: non jouée" in text
    assert "publié comme vous l'avez choisi : nom complet" in text
    assert '<html lang="fr">' in html and "Votre fiche de résultats" in html
    assert "Your score card" not in html and "Your result" not in text


def test_without_a_club_language_the_command_speaks_lang(db: str, sink: Sink) -> None:
    _settings(db, sink.port)
    _send(db, LANG="nl_NL.UTF-8")
    (margaret,) = sink.to("margaret@example.org")
    text, html = _parts(margaret)
    assert "Uitslag voor Margaret Hale (1NS)" in text and "Uw scorekaart" in html
    assert f"{_percent(Entrant(1, Side.NS)).replace('.', ',')}%" in text
