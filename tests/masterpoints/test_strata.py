"""ACBL strata from the command line: the strata's limits, each player's holding, each pair in
the stratum of its higher holder, awards worked by hand from the ACBL club chart
(docs/masterpoints.md): open rating, 0.10 a pair in the group, 2nd 70 %, 3rd 50 %, to 40 % of
the group rounded to the nearest place; a lower stratum counts the pairs eligible for it."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.bridge import Side
from bridgescore.cli import main
from bridgescore.errors import InputFileError, ParseError
from bridgescore.masterpoints import Kind, RankedField, scheme_named
from bridgescore.masterpoints.acbl import AcblClubScheme
from bridgescore.masterpoints.strata import (
    Holdings,
    Stratum,
    parse_holdings,
    parse_strata,
    stratum_for,
)
from bridgescore.session import Entrant, Member

# One board at 8 tables: NS pair k scores the k-th best result, so NS ranks 1..8 and EW ranks
# 8, 7, … 1 (EW 8 first).
_SCORES = [520, 510, 490, 480, 460, 450, 430, 420]
# Each pair's two holdings; its stratum (A, B under 750, C under 300) by the higher.
_NS = {1: (2000, 100), 2: (500, 600), 3: (250, 10), 4: (700, 200), 5: (100, 50),
       6: (1000, 0), 7: (0, 299), 8: ("749.5", 5)}  # fmt: skip  # A B C B C A C B
_EW = {8: (100, 200), 7: (1500, 3), 6: (400, 400), 5: (900, 900), 4: (5000, 1), 3: (300, 0),
       2: (12, 20), 1: (800, 0)}  # fmt: skip  # C A B A A B C A


def _files(tmp_path: Path, leave_out: tuple[str, ...] = ()) -> tuple[Path, Path]:
    rows = ["# event: Stratified club game", "board,ns,ew,score,ns_names,ew_names"]
    for k in range(1, 9):
        rows.append(f"1,{k},{k},{_SCORES[k - 1]},North {k} & South {k},East {k} & West {k}")
    session = tmp_path / "strat.csv"
    session.write_text("\n".join(rows) + "\n", encoding="utf-8")
    held = ["player,masterpoints", "# the ACBL's records, 1 March"]
    for k, (a, b) in _NS.items():
        held += [f"North {k},{a}", f"South {k},{b}"]
    for k, (a, b) in _EW.items():
        held += [f"east {k},{a}", f"  West   {k} ,{b}"]  # names match whatever the case
    holdings = tmp_path / "held.csv"
    holdings.write_text(
        "\n".join(h for h in held if h.split(",")[0].strip() not in leave_out) + "\n",
        encoding="utf-8",
    )
    return session, holdings


def _run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def test_strata_parsed_best_first() -> None:
    assert parse_strata("A, B=750 ,C=300") == (
        Stratum("A", None),
        Stratum("B", Fraction(750)),
        Stratum("C", Fraction(300)),
    )
    assert parse_strata("A,B=99.5")[1].limit == Fraction(199, 2)
    for bad, said in [
        ("A", "1 given"),
        ("A=2000,B=750", "open to every pair"),
        ("A,B", "has no limit"),
        ("A,B=0", "has no limit"),
        ("A,B=-5", "has no limit"),
        ("A,B=300,C=750", "not below B's 300"),
        ("A,B=750,B=300", "named twice"),
        ("A,B C=750", "not a stratum"),
        ("A,B=7,C=6,D=5,E=4,F=3,G=2", "7 given"),
    ]:
        with pytest.raises(ParseError, match=said):
            parse_strata(bad)


def test_a_pair_is_in_the_lowest_stratum_it_is_under() -> None:
    strata = parse_strata("A,B=750,C=300")
    found = {h: stratum_for(Fraction(h), strata).name for h in ("0", "299.99", "300", "749.5")}
    assert found == {"0": "C", "299.99": "C", "300": "B", "749.5": "B"}
    assert stratum_for(Fraction(750), strata).name == "A"


def test_holdings_by_national_number_then_club_number_then_name() -> None:
    held = parse_holdings("player,masterpoints\n1234,10\nC77,20\nann lee,30\n")
    assert held.of("Ann Lee", Member(national="1234", club="C77")) == 10
    assert held.of("Ann Lee", Member(national="999", club="C77")) == 20
    assert held.of("Ann  LEE", Member()) == 30
    assert held.of("Bob Roy", Member()) is None
    assert isinstance(held, Holdings)


def test_bad_holdings_every_problem_with_its_line() -> None:
    text = "player,masterpoints\nAnn,lots\nBob,-3\nCy,5\nCy,6\nDi\nEve,1,2\n,4\n"
    with pytest.raises(InputFileError) as caught:
        parse_holdings(text, "held.csv")
    lines = [p.line for p in caught.value.problems]
    assert lines == [2, 3, 5, 6, 7, 8]
    assert "Cy holds 5 on line 4" in str(caught.value)
    with pytest.raises(InputFileError, match="no holdings"):
        parse_holdings("player,masterpoints\n# none yet\n", "held.csv")


def test_cli_awards_by_stratum_worked_by_hand(tmp_path: Path) -> None:
    """Strata A, B under 750, C under 300.

    NS (strata A B C B C A C B in rank order): A, all 8: 1st 0.10 × 8 = 0.80, 2nd 0.56, 3rd
    0.40 (40 % of 8 = 3.2 → 3 places). B, the B and C pairs 2 3 4 5 7 8 (6): 1st 0.60, 2nd
    0.42 (2.4 → 2). C, pairs 3 5 7 (3): 1st 0.30 (1.2 → 1). Each keeps its largest: 1 0.80 (A),
    2 0.60 (B, above A's 0.56), 3 0.42 (B; C gave 0.30, A 0.40).

    EW in rank order 8 7 6 5 4 3 2 1, strata C A B A A B C A: A: 8 0.80, 7 0.56, 6 0.40. B, pairs
    8 6 3 2 (4): 1st 0.40, 2nd 0.28 (1.6 → 2). C, pairs 8 2 (2): 1st 0.20 (0.8 → 1). The C pair
    8 ranked first in A keeps A's 0.80; 6 keeps A's 0.40 over B's 0.28.
    """
    session, holdings = _files(tmp_path)
    code, out, err = _run(
        "score", session, "--masterpoints", "acbl:club", "--strata", "A,B=750,C=300",
        "--holdings", holdings, "--format", "json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    found = {
        f"{r['pair']}{f['field']}": (r["masterpoints"], r["masterpoints_award"])
        for f in data["fields"]
        for r in f["rankings"]
        if r["masterpoints"] is not None
    }
    assert {k: v[0] for k, v in found.items()} == {
        "1NS": 0.8, "2NS": 0.6, "3NS": 0.42, "8EW": 0.8, "7EW": 0.56, "6EW": 0.4,
    }  # fmt: skip
    assert found["3NS"][1].startswith("2nd of 6 pairs, stratum B")
    assert found["8EW"][1].startswith("1st of 8 pairs, stratum A")
    assert "strata A, B (under 750), C (under 300)" in data["masterpoints"]["title"]
    # Every ranked pair carries its stratum, awarded or not (the holdings above, by the higher).
    strata = {
        f"{r['pair']}{f['field']}": r["stratum"] for f in data["fields"] for r in f["rankings"]
    }
    assert [strata[f"{k}NS"] for k in range(1, 9)] == list("ABCBCACB")
    assert [strata[f"{k}EW"] for k in range(8, 0, -1)] == list("CABAABCA")
    code, out, err = _run(
        "score", session, "--masterpoints", "acbl:club", "--strata", "A,B=750,C=300",
        "--holdings", holdings,
    )  # fmt: skip
    assert code == 0, err
    assert "0.42  2nd of 6 pairs, stratum B" in out


def test_cli_report_shows_the_stratum_awards(tmp_path: Path) -> None:
    session, holdings = _files(tmp_path)
    site = tmp_path / "site"
    code, _, err = _run(
        "report", session, "-o", site, "--no-double-dummy", "--masterpoints", "acbl:club",
        "--strata", "A,B=750,C=300", "--holdings", holdings,
    )  # fmt: skip
    assert code == 0, err
    page = (site / "index.html").read_text(encoding="utf-8")
    assert "1st of 6 pairs, stratum B, Mitchell, open, 2 places (40% of 6): 0.1 × 6 = 0.60" in page


def test_cli_pairs_without_a_holding_named_never_guessed(tmp_path: Path) -> None:
    session, holdings = _files(tmp_path, leave_out=("South 3", "east 1"))
    code, out, err = _run(
        "score", session, "--masterpoints", "acbl:club", "--strata", "A,B=750,C=300",
        "--holdings", holdings,
    )  # fmt: skip
    assert code == 2 and out == ""
    assert "2 entrants have no masterpoint holding" in err
    assert "pair 1EW (East 1 & West 1): no holding for East 1" in err
    assert "pair 3NS (North 3 & South 3): no holding for South 3" in err
    assert "Traceback" not in err


def test_cli_strata_refused_when_incomplete_or_not_acbl(tmp_path: Path) -> None:
    session, holdings = _files(tmp_path)
    bad = tmp_path / "bad.csv"
    bad.write_text("player,masterpoints\nNorth 1,many\n", encoding="utf-8")
    for args, said in [
        (["--masterpoints", "acbl:club", "--strata", "A,B=750"], "go together"),
        (["--masterpoints", "acbl:club", "--holdings", holdings], "go together"),
        (["--strata", "A,B=750", "--holdings", holdings], "stratify --masterpoints"),
        (["--masterpoints", "abf:green", "--strata", "A,B=750", "--holdings", holdings],
         "need an acbl:club scheme"),
        (["--masterpoints", "acbl:club", "--strata", "A,B=300,C=750", "--holdings", holdings],
         "--strata: C's limit 750 is not below B's 300"),
        (["--masterpoints", "acbl:club", "--strata", "A,B=750", "--holdings", bad],
         "bad.csv:2: not a masterpoint holding: found 'many'"),
    ]:  # fmt: skip
        code, _, err = _run("score", session, *args)
        assert code == 2, args
        assert said in err, (args, err)


@st.composite
def _stratified(draw: st.DrawFn) -> tuple[RankedField, dict[Entrant, str]]:
    size = draw(st.integers(1, 40))
    scores = draw(st.lists(st.integers(0, 6), min_size=size, max_size=size))
    places = []
    for i in sorted(range(size), key=lambda i: -scores[i]):
        places.append((Entrant(i + 1, Side.NS), 1 + sum(1 for s in scores if s > scores[i])))
    strata = draw(st.lists(st.sampled_from("ABC"), min_size=size, max_size=size))
    field = RankedField("F", Kind.PAIRS, "Mitchell", 2, size, tuple(places))
    return field, {e: s for (e, _), s in zip(places, strata, strict=True)}


@given(_stratified())
def test_strata_never_lower_an_award(case: tuple[RankedField, dict[Entrant, str]]) -> None:
    """A pair's award with strata is at least its award in the whole group (stratum A)."""
    field, stratum_of = case
    plain = {a.entrant: a.points for a in scheme_named("acbl:club").award(field)}
    stratified = AcblClubScheme("open", ("A", "B", "C"), stratum_of).award(field)
    got = {a.entrant: a.points for a in stratified}
    for entrant, points in plain.items():
        assert got[entrant] >= points
    for award in stratified:  # an A pair is ranked in A alone
        if stratum_of[award.entrant] == "A":
            assert award.points == plain[award.entrant]


def _said(language: str, *args: str | Path) -> tuple[int, str]:
    env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    result = CliRunner().invoke(main, [str(a) for a in args], env=env)
    return result.exit_code, result.stderr


def test_pairs_without_a_holding_said_in_the_language(tmp_path: Path) -> None:
    """The refusal passes through the catalogues: in the pseudo-locale no plain English word is
    left but the players' names (data), the pairs' numbers and the tool's name; in French by
    hand; in English as it was."""
    session, holdings = _files(tmp_path, leave_out=("South 3", "east 1"))
    args = (
        "score", session, "--masterpoints", "acbl:club", "--strata", "A,B=750,C=300",
        "--holdings", holdings,
    )  # fmt: skip
    code, err = _said("qps", *args)
    assert code == 2
    names = {"North", "South", "East", "West", "bridgescore", "EW", "NS"}
    assert not set(re.findall(r"[A-Za-z]{2,}", err)) - names, err
    code, err = _said("fr_FR.UTF-8", *args)
    assert code == 2
    assert "2 participants n'ont pas de points d'expert, donc pas de catégorie" in err
    assert "paire 1EW (East 1 & West 1) : pas de points d'expert pour East 1" in err
    code, err = _said("C", *args)
    assert "2 entrants have no masterpoint holding, so no stratum (a pair is stratified by" in err
    assert "\n  pair 1EW (East 1 & West 1): no holding for East 1\n" in err
