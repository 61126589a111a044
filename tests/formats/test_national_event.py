"""The national body's file for an event of several sessions: each session as its own SESSION
(read back by our USEBIO reader with nothing lost, its awards as the single session's file gives
them) and the event's overall ranking; overall masterpoints are not computed, and said so."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.display import fmt
from bridgescore.events import Aggregate, EventRules, EventSession, rank_event
from bridgescore.formats import load_path, national, usebio
from bridgescore.masterpoints import award, scheme_named
from bridgescore.scoring import score_pairs
from tests.conftest import shared_path
from tests.formats import conformance
from tests.formats.helpers import _same_session

_DAY1 = """# event: Spring championship pairs, session 1
# date: 2026-03-02
board,ns,ew,score,ns_names,ew_names
1,1,1,450,Ann Lee & Bob Roy,Cy Dee & Di Eve
1,2,2,420,Fay Gee & Hal Ivy,Jo Kay & Lu Mo
1,3,3,-50,Ned Oh & Pam Qu,Rex Su & Tia Uv
"""
_DAY2 = """# event: Spring championship pairs, session 2
# date: 2026-03-09
board,ns,ew,score,ns_names,ew_names
1,1,1,100,Cy Dee & Di Eve,Ann Lee & Bob Roy
1,2,2,140,Fay Gee & Hal Ivy,Jo Kay & Lu Mo
1,3,3,-100,Ned Oh & Pam Qu,Vi Wu & Xa Yo
1,4,4,110,Zed Ab & Bea Cd,Rex Su & Tia Uv
"""


def test_two_compscore_sessions_read_back_with_their_awards() -> None:
    """A Mitchell (green) and a Howell (red) as one event: each session reads back the same
    and carries Compscore's own awards and national numbers; the overall ranking is the
    event's, with every player's national number."""
    names = ("mp_pairs_mitchell.xml", "mp_pairs_howell.xml")
    files, sessions, awards = [], [], []
    for name in names:
        file = conformance.read(name)
        result = score_pairs(file.session, conformance.COMPSCORE_SETUP.rules)
        root = ET.parse(shared_path("data", "usebio-compscore", name)).getroot()
        colour = (root.findtext("EVENT/MASTER_POINT_TYPE") or "").lower()
        files.append(file)
        sessions.append(EventSession(name, result))
        awards.append(award(result, scheme_named(f"abf:{colour}")))
    ranking, _ = rank_event(sessions, EventRules(Aggregate.PERCENTAGES))
    text = national.dumps_event(ranking, "abf", awards, title="Two nights", club_id="2074")
    ids, overall = national.read_event(text)
    assert ids == ("1", "2")
    for k, (name, file) in enumerate(zip(names, files, strict=True), 1):
        back = usebio.loads(text, session=str(k))
        _same_session(back.session, file.session)
        assert back.event is not None and back.event.club_id == "2074"
        assert back.event.winner_type == file.event.winner_type  # type: ignore[union-attr]
        ours = national.read_awards(text, session=str(k))
        theirs = national.read_awards(shared_path("data", "usebio-compscore", name).read_bytes())
        assert ours.awards and ours.awards == theirs.awards
        assert ours.numbers == theirs.numbers
    assert len(overall) == len(ranking.standings) > 0
    for line, standing in zip(overall, ranking.standings, strict=True):
        assert line.place == standing.rank
        assert line.total == fmt(standing.total, 2)
        assert line.percentage == fmt(standing.percent, 2)  # type: ignore[arg-type]
        assert line.sessions_played == standing.played
        played = next(c for c in standing.contributions if c is not None)
        own = ranking.sessions[played.session].result.session
        members = own.members[played.standing.entrant]
        assert [n for _, n in line.players] == [m.national for m in members]
        assert " & ".join(p for p, _ in line.players) == standing.name
    root = ET.fromstring(text.split("\n", 2)[2])
    assert root.findtext("EVENT/SESSION_COUNT") == "2"
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == "Two nights"
    assert root.find("HANDSET") is None  # each session's deals are in its SESSION


def test_cli_event_export_overall_ranking_and_session_awards(tmp_path: Path) -> None:
    """docs/events.md's two sessions. ABF green, Mitchell, top half of each line rounded down:
    session 1, 3 tables: 1st 0.02 × 1.5 × 3 = 0.09, one place (NS 1 on 450, EW 3 on −50);
    session 2, 4 tables: 1st 0.12, 2nd 70 % = 0.084 → 0.08 (NS 2 on 140, NS 4 on 110; EW 3 on
    −100, EW 1 on 100). Overall (Neuberg to a top of 6): Ann Lee & Bob Roy 17/3 + 4 = 9.67 of
    the 11.67 they could score, 82.86 %."""
    (tmp_path / "day1.csv").write_text(_DAY1, encoding="utf-8")
    (tmp_path / "day2.csv").write_text(_DAY2, encoding="utf-8")
    out = tmp_path / "event.xml"
    run = CliRunner().invoke(
        main,
        [
            "export", str(tmp_path / "day1.csv"), str(tmp_path / "day2.csv"),
            "--profile", "abf", "--allow-missing", "-o", str(out),
        ],
    )  # fmt: skip
    assert run.exit_code == 0, run.output
    assert "overall masterpoints are not written" in run.stderr
    assert "2 sessions and the overall ranking of 8, 6 session awards" in run.stdout
    text = out.read_text(encoding="utf-8")
    assert national.read_awards(text, session="1").awards == {
        "1NS": Fraction(9, 100),
        "3EW": Fraction(9, 100),
    }
    assert national.read_awards(text, session="2").awards == {
        "2NS": Fraction(12, 100),
        "4NS": Fraction(8, 100),
        "3EW": Fraction(12, 100),
        "1EW": Fraction(8, 100),
    }
    _, overall = national.read_event(text)
    first = overall[0]
    assert (first.place, first.total, first.percentage, first.sessions_played) == (
        1, "9.67", "82.86", 2,
    )  # fmt: skip
    assert [p for p, _ in first.players] == ["Ann Lee", "Bob Roy"]
    assert [(o.place, o.total) for o in overall[1:3]] == [(2, "9"), (3, "7.67")]
    for k, csv, date in ((1, "day1.csv", "02/03/2026"), (2, "day2.csv", "09/03/2026")):
        back = usebio.loads(text, session=str(k)).session
        original = load_path(tmp_path / csv).session
        _same_session(back, original, seats=False)
        assert back.date == date


def test_cli_event_export_refuses_a_final_and_lists_missing_numbers(tmp_path: Path) -> None:
    (tmp_path / "day1.csv").write_text(_DAY1, encoding="utf-8")
    (tmp_path / "day2.csv").write_text(_DAY2, encoding="utf-8")
    out = tmp_path / "event.xml"
    args = ["export", str(tmp_path / "day1.csv"), str(tmp_path / "day2.csv"), "--profile", "abf"]
    run = CliRunner().invoke(main, [*args, "-o", str(out)])
    assert run.exit_code == 2
    assert "without a national number in" in run.stderr and "Ann Lee" in run.stderr
    assert "nothing written" in run.stderr and not out.exists()
    run = CliRunner().invoke(main, [*args, "--final", str(tmp_path / "day2.csv")])
    assert run.exit_code == 2 and "not written yet" in run.stderr
    assert "Traceback" not in run.output


def test_cli_event_export_strata_each_session_named(tmp_path: Path) -> None:
    """Strata in an event: every session's pairs need their holdings; a pair without one is
    named with its session. With every holding: day 2's NS 2 (Fay Gee 100, Hal Ivy 200: C)
    wins the whole NS line of 4 tables, 0.10 × 4 = 0.40 ACBL points, kept over C's chart."""
    (tmp_path / "day1.csv").write_text(_DAY1, encoding="utf-8")
    (tmp_path / "day2.csv").write_text(_DAY2, encoding="utf-8")
    players = "Ann Lee,Bob Roy,Cy Dee,Di Eve,Jo Kay,Lu Mo,Ned Oh,Pam Qu,Rex Su,Tia Uv,Vi Wu"
    held = ["player,masterpoints", "Fay Gee,100", "Hal Ivy,200"]
    held += [f"{p},1000" for p in players.split(",")]
    (tmp_path / "held.csv").write_text("\n".join(held) + "\n", encoding="utf-8")
    args = [
        "export", str(tmp_path / "day1.csv"), str(tmp_path / "day2.csv"), "--profile", "ebu",
        "--allow-missing", "--masterpoints", "acbl:club", "--strata", "A,B=750,C=300",
        "--holdings", str(tmp_path / "held.csv"),
    ]  # fmt: skip
    run = CliRunner().invoke(main, args)
    assert run.exit_code == 2
    assert "day2.csv: 2 entrants have no masterpoint holding" in run.stderr
    assert "pair 3EW (Vi Wu & Xa Yo): no holding for Xa Yo" in run.stderr
    assert "pair 4NS (Zed Ab & Bea Cd): no holding for Zed Ab, Bea Cd" in run.stderr
    with (tmp_path / "held.csv").open("a", encoding="utf-8") as more:
        more.write("Xa Yo,5\nZed Ab,5\nBea Cd,5\n")
    out = tmp_path / "event.xml"
    run = CliRunner().invoke(main, [*args, "-o", str(out)])
    assert run.exit_code == 0, run.output
    assert national.read_awards(out.read_text(encoding="utf-8"), session="2").awards["2NS"] == (
        Fraction(40, 100)
    )
