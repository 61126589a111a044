"""The club's ladder as a console page (``/director/ladder``): the club's own stored sessions of
the period asked for, ranked by the rules chosen in the page's form; the percentages worked by
hand from the two sessions of tests/events/test_events.py (one board each, matchpoints on the
top)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.store import Store
from tests.events.helpers import S1, S2
from tests.web.helpers import Console, new_session


def stored(store: Store, tmp_path: Path) -> None:
    """S1 on 2 March and S2 on 9 March for Riverside; S1 again for Hillside, on 3 March."""
    runner = CliRunner()
    for name, text, day, club in (
        ("s1", S1, "2026-03-02", "Riverside"),
        ("s2", S2, "2026-03-09", "Riverside"),
        ("h1", S1, "2026-03-03", "Hillside"),
    ):
        path = tmp_path / f"{name}.csv"
        path.write_text(f"# date: {day}\n{text}")
        answer = runner.invoke(main, ["import", str(path), "--db", store.url, "--club", club])
        assert answer.exit_code == 0, answer.output


def test_the_club_ladder_in_the_console(store: Store, tmp_path: Path) -> None:
    stored(store, tmp_path)
    console = Console(store)
    live = new_session(console)  # being played: named and left out
    # S1: NS 450, 420, −50 on the one board; Ann Lee & Bob Roy (NS 1) top: 100%.
    # S2: NS 100, 140, −100, 110; Ann Lee & Bob Roy sit EW against 100, beaten by 140 and 110
    # and beating −100: NS 1 of 3, EW 2 of 3, 200/3%.
    both = console.get("/director/ladder.json", by="partnership").json()
    ranked = {r["name"]: r for r in both["ladder"]["rankings"]}
    assert Fraction(ranked["Ann Lee & Bob Roy"]["score_exact"]) == (100 + Fraction(200, 3)) / 2
    assert ranked["Ann Lee & Bob Roy"]["played"] == 2
    assert [s["date"] for s in both["ladder"]["sessions"]] == ["2026-03-02", "2026-03-09"]
    still = f"session {live} (Tuesday pairs) is still being played: not counted"
    assert both["left_out"] == [still]
    # each player, the best one counted, ranked after two sessions
    best = console.get("/director/ladder.json", best="1", minimum="2").json()
    ann = next(r for r in best["ladder"]["rankings"] if r["name"] == "Ann Lee")
    assert (ann["place"], ann["score_exact"]) == ("1=", "100")
    assert [d["percent_exact"] for d in ann["dropped"]] == ["200/3"]
    waiting = {r["name"] for r in best["ladder"]["rankings"] if r["rank"] is None}
    assert waiting == {"Vi Wu", "Xa Yo", "Zed Ab", "Bea Cd"}  # one session each: they need one
    assert {r["needs"] for r in best["ladder"]["rankings"] if r["rank"] is None} == {1}
    # a period holding S1 alone (Hillside's S1 of 3 March is another club's)
    first = console.get("/director/ladder.json", **{"from": "2026-03-01", "to": "2026-03-05"})
    assert [s["date"] for s in first.json()["ladder"]["sessions"]] == ["2026-03-02"]
    page = console.get("/director/ladder", by="partnership")
    assert page.status_code == 200 and "Ann Lee &amp; Bob Roy" in page.text
    assert "still being played" in page.text
    # mistakes are a sentence, never a 500
    backwards = console.get("/director/ladder.json", **{"from": "2026-03-09", "to": "2026-03-01"})
    assert backwards.status_code == 422
    assert backwards.json()["error"]["message"] == (
        "the period ends (2026-03-01) before it begins (2026-03-09)"
    )
    empty = console.get("/director/ladder.json", **{"from": "2027-01-01"}).json()
    assert empty["ladder"] is None
    # the form's "Rank" is the verb: what to rank, in the club's language
    for language, label in (("fr", "Classer"), ("nl", "Rangschikken")):
        assert console.post("/director/club/language", language=language).status_code == 303
        assert f'<label>{label} <select name="by">' in console.get("/director/ladder").text
