"""Each player's publish setting on every page kind, its JSON twin, the terminal and the mail;
the national body's file keeping what the federation needs; erasure pseudonymising a player in
the database and every page without changing a score."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import inspect, select

import bridgescore
from bridgescore.cli import main
from tests.web.players import Sink

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"
NAME = "Brian Fletcher"  # pair 1 EW, with Ingrid Solberg
PARTNER = "Ingrid Solberg"
SHOWN = {
    "initials": "B. F.",
    "number": "No. 4711",  # his club number, given below
    "hidden": "name withheld",
}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _stored(db: str) -> None:
    code, out, err = run("import", str(SAMPLE), "--db", db)
    assert code == 0, out + err
    code, out, err = run("players", "edit", NAME, "--id", "club=4711", "--db", db)
    assert code == 0, out + err


def _page_kinds(site: Path) -> list[str]:
    """One page of each kind that names pair 1 EW: rankings, a traveller it played, the recap
    sheet, its score card and its evening, and an opponent's score card."""
    return [
        "index",
        "board-1",
        "recap",
        "pair-1ew",
        "pair-1ew-evening",
        "pair-1ns",
    ]


@pytest.mark.parametrize("publish", ["initials", "number", "hidden"])
def test_each_setting_on_every_page_kind(tmp_path: Path, publish: str) -> None:
    db = str(tmp_path / "club.db")
    _stored(db)
    code, out, err = run("privacy", "set", NAME, publish, "--db", db)
    assert code == 0 and "published as" in out, out + err
    site = tmp_path / "site"
    code, out, err = run("report", "db:1", "-o", str(site), "--db", db)
    assert code == 0, out + err
    shown = f"{SHOWN[publish]} &amp; {PARTNER}"
    for page in _page_kinds(site):
        html = (site / f"{page}.html").read_text()
        twin = (site / f"{page}.json").read_text()
        assert NAME not in html and NAME not in twin, page
        assert shown in html, page
        assert f"{SHOWN[publish]} & {PARTNER}" in twin, page
    # every page of the site, not only one of each kind
    for page in site.glob("*.*"):
        assert NAME not in page.read_text(), page.name
    # the terminal and the score JSON
    code, out, err = run("score", "db:1", "--db", db, "--cards")
    assert code == 0 and NAME not in out and f"{SHOWN[publish]} & {PARTNER}" in out
    code, out, err = run("score", "db:1", "--db", db, "--format", "json")
    assert code == 0 and NAME not in out and '"club": "4711"' not in out


def test_full_name_is_the_default_and_unchanged(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    _stored(db)
    code, out, _ = run("privacy", "show", NAME, "--db", db)
    assert code == 0 and f"{NAME}: full name; no address" in out
    from bridgescore.store import open_store
    from bridgescore.store.outreach import PlayersSide

    with open_store(db) as store:
        assert PlayersSide(store).published_rows(1) == store.session_rows(1)


def test_the_national_body_keeps_the_names(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    _stored(db)
    run("privacy", "set", NAME, "hidden", "--db", db)
    out_file = tmp_path / "n.xml"
    code, out, err = run(
        "export", "db:1", "--profile", "ebu", "--allow-missing", "-o", str(out_file), "--db", db
    )
    assert code == 0, out + err
    assert NAME in out_file.read_text()


def test_the_mail_honours_the_others_settings(tmp_path: Path, sink: Sink) -> None:
    db = str(tmp_path / "club.db")
    _stored(db)
    run("privacy", "set", "Rosemary Clarke", "initials", "--db", db)  # in her field
    run("mail", "address", "Margaret Hale", "m@example.org", "--db", db)
    run(
        "mail", "settings", "--db", db, "--host", "127.0.0.1", "--port", str(sink.port),
        "--security", "none", "--sender", "r@example.org",
    )  # fmt: skip
    code, out, err = run("mail", "db:1", "--db", db, "--no-double-dummy")
    assert code == 0, out + err
    (sent,) = sink.received
    body = sent.as_string()
    assert "Rosemary Clarke" not in body
    text = sent.get_body(("plain",))
    assert text is not None and "R. C. & Tariq Hussain" in text.get_content()
    html = sent.get_body(("html",))
    assert html is not None and escape("R. C. & Tariq Hussain") in html.get_content()


def _all_text(db_url: str) -> str:
    """Every text value in every table of the database."""
    from sqlalchemy import MetaData, String, Text

    from bridgescore.store.engine import database_url, make_engine

    engine = make_engine(database_url(db_url))
    found = []
    meta = MetaData()
    meta.reflect(engine)
    with engine.connect() as conn:
        for table in meta.sorted_tables:
            columns = [c for c in table.columns if isinstance(c.type, (String, Text))]
            if not columns:
                continue
            for row in conn.execute(select(*columns)):
                found += [str(v) for v in row if v is not None]
        assert inspect(conn).get_table_names()
    engine.dispose()
    return "\n".join(found)


def test_erasure_pseudonymises_without_changing_a_score(db_url: str, tmp_path: Path) -> None:
    _stored(db_url)
    run("mail", "address", NAME, "brian@example.org", "--db", db_url)
    code, before, _ = run("score", "db:1", "--db", db_url, "--format", "json")
    assert code == 0 and NAME in before
    code, out, _ = run("privacy", "show", NAME, "--db", db_url)
    player = int(out.split()[0])
    code, out, err = run("privacy", "erase", NAME, "--db", db_url, "--yes")
    assert code == 0, out + err
    assert f"{NAME} is now Player {player}" in out and "no score changes" in out
    assert NAME not in _all_text(db_url) and "4711" not in _all_text(db_url)
    assert "brian@example.org" not in _all_text(db_url)
    code, after, _ = run("score", "db:1", "--db", db_url, "--format", "json")
    assert code == 0 and NAME not in after
    # the same scores, to the last fraction: only the name differs
    assert json.loads(after) == json.loads(before.replace(NAME, f"Player {player}"))
    site = tmp_path / "site"
    assert run("report", "db:1", "-o", str(site), "--db", db_url)[0] == 0
    assert f"Player {player} &amp; {PARTNER}" in (site / "index.html").read_text()
    # re-importing the original file does not bring the name back: the session is known
    code, out, _ = run("import", str(SAMPLE), "--db", db_url)
    assert code == 0 and "already stored" in out and NAME not in _all_text(db_url)
    code, out, _ = run("mail", "address", str(player), "b@example.org", "--db", db_url)
    assert code == 2


def test_a_bad_setting_is_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    _stored(db)
    code, _out, err = run("privacy", "set", NAME, "nickname", "--db", db)
    assert code == 2 and "not a publish setting: 'nickname'" in err
    code, _, err = run("privacy", "erase", "Nobody Known", "--db", db, "--yes")
    assert code == 2 and "no player named 'Nobody Known'" in err
    # no terminal to ask at and no --yes: nothing erased, and said in one line
    code, _, err = run("privacy", "erase", NAME, "--db", db)
    assert (code, err) == (
        2,
        "bridgescore: privacy erase: no terminal to ask at: nothing changed"
        " (--yes erases without asking)\n",
    )
    assert NAME in _all_text(db)
