"""Masterpoints of an event's overall ranking (several sessions ranked together), worked by hand
from the published rules (docs/masterpoints.md):

* ABF Masterpoint Manual §3.1.2: the outright winner's award
  4.2·W·[1 − e^(−T(S−1)/105) + 0.65·e^(−800/(T(S−1)))], T the tables of the whole field, S the
  sessions; §4.2: the top half of the field (the original entry) placed, 2nd 70 % of 1st, the
  k-th 1st / (k − 1), ties sharing; events of 2 and 3 sessions are adjusted by tables that are
  not published, and refused.
* a scheme file's ``[[event]]`` table: the club's own scale for an event.
* ACBL club games and NZ C points: no published rule for an event's overall ranking, refused.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.errors import InputFileError, RulesError
from bridgescore.formats import national
from bridgescore.masterpoints import EventField, Kind, RankedField, scheme_named
from bridgescore.masterpoints.table import loads
from bridgescore.session import Entrant

# Four sessions of one board at three tables of a Mitchell, the same six pairs. NS 1 (Ann Lee &
# Bob Roy) and EW 3 (Rex Su & Tia Uv) top every session: 4 matchpoints each of 4; NS 2 and EW 2
# take 2 every time; NS 3 and EW 1 nothing. Overall: 16, 16, 8, 8, 0, 0.
_SCORES = {1: (450, 420, -50), 2: (430, 420, -100), 3: (420, 400, -50), 4: (460, 170, 140)}


def _session(k: int) -> str:
    a, b, c = _SCORES[k]
    return (
        f"# event: Club championship, session {k}\n# date: 2026-03-0{k}\n"
        "board,ns,ew,score,ns_names,ew_names\n"
        f"1,1,1,{a},Ann Lee & Bob Roy,Cy Dee & Di Eve\n"
        f"1,2,2,{b},Fay Gee & Hal Ivy,Jo Kay & Lu Mo\n"
        f"1,3,3,{c},Ned Oh & Pam Qu,Rex Su & Tia Uv\n"
    )


def _files(tmp_path: Path, count: int) -> list[str]:
    paths = []
    for k in range(1, count + 1):
        path = tmp_path / f"s{k}.csv"
        path.write_text(_session(k), encoding="utf-8")
        paths.append(str(path))
    return paths


def _event(entries: int, sessions: int, tables: int) -> EventField:
    places = tuple((Entrant(n), n) for n in range(1, entries + 1))
    field = RankedField("overall", Kind.PAIRS, "event", 1, tables, places)
    return EventField(field, sessions, entries)


def test_abf_outright_award_of_six_sessions_by_the_formula() -> None:
    """25 tables (50 pairs), 6 sessions, green (W 1.5): T(S − 1) = 125;
    e^(−125/105) = 0.304076, e^(−800/125) = e^(−6.4) = 0.0016616 (× 0.65 = 0.0010800);
    1st = 6.3 × (1 − 0.304076 + 0.0010800) = 6.3 × 0.697004 = 4.3911 → 4.39; 2nd 70 % = 3.073
    → 3.07; 3rd 4.39 / 2 = 2.195 → 2.20 (half up); 25th 4.39 / 24 = 0.1829 → 0.18; the top
    half of 50 is 25 places, so 26th gets none."""
    awards = scheme_named("abf:green").award_event(_event(50, 6, 25))
    points = {a.entrant.number: a.points for a in awards}
    assert points[1] == Fraction("4.39")
    assert points[2] == Fraction("3.07")
    assert points[3] == Fraction("2.20")
    assert points[25] == Fraction("0.18")
    assert len(points) == 25 and 26 not in points
    assert awards[0].text.startswith("1st of 25 tables, 6 sessions, outright, green: 4.2 × 1.5")
    assert "→ 4.39" in awards[0].text


def test_abf_weight_of_a_red_event() -> None:
    """abf:red:5.0, 10 tables (20 pairs), 5 sessions: T(S − 1) = 40; e^(−40/105) = 0.683210;
    e^(−20) = 2.06e−9 (× 0.65: 1.3e−9); 1st = 4.2 × 5 × 0.316790 = 6.6526 → 6.65."""
    awards = scheme_named("abf:red:5.0").award_event(_event(20, 5, 10))
    assert awards[0].points == Fraction("6.65")
    assert len(awards) == 10  # the top half of 20


@pytest.mark.parametrize("sessions", [2, 3])
def test_abf_two_and_three_sessions_are_refused_not_guessed(sessions: int) -> None:
    with pytest.raises(RulesError, match=f"event of {sessions} sessions are not computed") as e:
        scheme_named("abf:green").award_event(_event(12, sessions, 6))
    assert "Tables 3A to 3C" in str(e.value) and "[[event]] table" in str(e.value)


@pytest.mark.parametrize(
    ("spec", "words"),
    [("acbl:club", "club championship chart"), ("nz:club", "no rule for the overall ranking")],
)
def test_acbl_and_nz_have_no_published_rule_for_an_event(spec: str, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        scheme_named(spec).award_event(_event(12, 4, 6))


_CLUB = """
name = "Riverside championship points"
unit = "championship points"
counts = "tables"

[[event]]
from = 2
to = 5
awards = [20, 14, 10]

[[event]]
from = 6
awards = [30, 21, 15, 10]
"""


def test_a_scheme_files_event_table() -> None:
    scheme = loads(_CLUB, "club.toml")
    points = [a.points for a in scheme.award_event(_event(6, 2, 3))]
    assert points == [20, 14, 10]
    assert [a.points for a in scheme.award_event(_event(14, 3, 7))] == [30, 21, 15, 10]
    assert scheme.award_event(_event(2, 2, 1)) == []  # smaller than the first row
    with pytest.raises(RulesError, match="no two_winner table"):
        scheme.award(RankedField("NS", Kind.PAIRS, "Mitchell", 2, 3, ((Entrant(1), 1),)))


def test_a_scheme_files_event_table_is_checked_when_read() -> None:
    text = _CLUB.replace("from = 6", "from = 8")
    with pytest.raises(InputFileError, match="event: no row for 6 to 7"):
        loads(text, "club.toml")


def test_score_of_four_sessions_awards_the_overall_ranking(tmp_path: Path) -> None:
    """3 tables (the first session's six pairs), 4 sessions, green: T(S − 1) = 9;
    1st = 6.3 × (1 − e^(−9/105) + 0.65 × e^(−88.9)) = 6.3 × 0.0821436 = 0.5175 → 0.52; 2nd
    0.364 → 0.36; 3rd 0.26; three places (the top half of 6). Tied 1st and 2nd share
    (0.52 + 0.36) / 2 = 0.44; tied 3rd and 4th (0.26 + 0) / 2 = 0.13."""
    paths = _files(tmp_path, 4)
    run = CliRunner().invoke(
        main, ["score", *paths, "--masterpoints", "abf:green", "--format", "json"]
    )
    assert run.exit_code == 0, run.output
    data = json.loads(run.stdout)
    lines = [(r["name"], r["masterpoints"]) for r in data["rankings"]]
    assert [points for _, points in lines] == [0.44, 0.44, 0.13, 0.13, None, None]
    assert {name for name, _ in lines[:2]} == {"Ann Lee & Bob Roy", "Rex Su & Tia Uv"}
    first = data["rankings"][0]["masterpoints_award"]
    assert first.startswith("1st= of 3 tables, 4 sessions, outright, green: 2 tied share")
    assert "0.5175 → 0.52" in first and "(0.52 + 0.36) / 2 = 0.44" in first
    assert data["masterpoints"]["scheme"] == "abf:green"
    text = CliRunner().invoke(main, ["score", *paths, "--masterpoints", "abf:green"])
    assert text.exit_code == 0, text.output
    assert "Masterpoints: ABF green masterpoints (weight 1.5)" in text.stdout
    assert "0.13 ABF green points — 3rd= of 3 tables" in text.stdout


def test_report_of_four_sessions_shows_the_awards_on_the_ranking_page(tmp_path: Path) -> None:
    paths = _files(tmp_path, 4)
    site = tmp_path / "site"
    args = ["report", *paths, "-o", str(site), "--masterpoints", "abf:green", "--no-double-dummy"]
    run = CliRunner().invoke(main, args)
    assert run.exit_code == 0, run.output
    page = (site / "index.html").read_text(encoding="utf-8")
    assert ">Masterpoints</th>" in page
    assert "4 entries awarded overall" in page
    assert page.count('class="num award"><a href="#award-') == 4
    # Each session's own site carries that session's awards (3 tables: 0.09 to each line's 1st).
    session = (site / "session-1" / "index.json").read_text(encoding="utf-8")
    awarded = [r for f in json.loads(session)["fields"] for r in f["rankings"] if r["masterpoints"]]
    assert [r["masterpoints"] for r in awarded] == [0.09, 0.09]


def test_an_event_without_a_published_rule_is_refused_with_its_reason(tmp_path: Path) -> None:
    paths = _files(tmp_path, 2)
    for spec, words in (("abf:green", "Tables 3A to 3C"), ("acbl:club", "club championship")):
        run = CliRunner().invoke(main, ["score", *paths, "--masterpoints", spec])
        assert run.exit_code == 2 and words in run.stderr
        assert "Traceback" not in run.output
    club = tmp_path / "club.toml"
    club.write_text(_CLUB, encoding="utf-8")
    run = CliRunner().invoke(main, ["score", *paths, "--masterpoints", str(club)])
    assert run.exit_code == 0, run.output
    assert "20 championship points — 1st= of 3 tables, 2 sessions, overall" not in run.stdout
    assert "17 championship points — 1st= of 3 tables, 2 sessions, overall" in run.stdout


def test_strata_and_a_final_are_refused_for_overall_awards(tmp_path: Path) -> None:
    paths = _files(tmp_path, 4)
    run = CliRunner().invoke(
        main, ["score", *paths[:2], "--final", paths[2], "--masterpoints", "abf:green"]
    )
    assert run.exit_code == 2 and "carried into a final are not computed" in run.stderr
    held = tmp_path / "held.csv"
    held.write_text("player,masterpoints\nAnn Lee,10\n", encoding="utf-8")
    run = CliRunner().invoke(
        main,
        ["score", *paths, "--masterpoints", "acbl:club", "--strata", "A,B=300",
         "--holdings", str(held)],
    )  # fmt: skip
    assert run.exit_code == 2 and "is not stratified" in run.stderr


def test_export_writes_the_overall_awards_and_reads_them_back(tmp_path: Path) -> None:
    paths = _files(tmp_path, 4)
    out = tmp_path / "event.xml"
    args = ["export", *paths, "--profile", "abf", "--allow-missing", "-o", str(out)]
    run = CliRunner().invoke(main, args)
    assert run.exit_code == 0, run.output
    assert "4 overall awards" in run.stdout
    _, overall = national.read_event(out.read_bytes())
    assert [line.masterpoints for line in overall] == [
        Fraction("0.44"), Fraction("0.44"), Fraction("0.13"), Fraction("0.13"), 0, 0,
    ]  # fmt: skip
    root = ET.fromstring(out.read_bytes())
    first = root.find("EVENT/PARTICIPANTS/PAIR")
    assert first is not None and first.findtext("MASTER_POINT_TYPE") == "GREEN"
    # Two sessions: the ABF's adjusted outright awards are not published; the sessions' awards
    # are written and the note says why the overall ones are not.
    two = ["export", *paths[:2], "--profile", "abf", "--allow-missing", "-o", str(out)]
    run = CliRunner().invoke(main, two)
    assert run.exit_code == 0, run.output
    assert "overall masterpoints are not written: ABF outright awards of an event of 2" in (
        run.stderr
    )
    _, overall = national.read_event(out.read_bytes())
    assert all(line.masterpoints is None for line in overall)
