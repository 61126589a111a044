"""Trust in ``check`` (issue 27): a check that compares nothing fails; the file's own scoring
method, winners and conventions decide how it is rescored; every setting that can change a
figure is searched, and the search says what it tried.

Each class has a small USEBIO file made for it (tests/formats/usebio_files.py), its figures
worked by hand in the comments, in the shape the program it stands for writes.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgescore.check import check, read_figures
from bridgescore.cli import main
from bridgescore.display import round_fraction
from bridgescore.rules import CLUB, Method, Rounding, TeamsScoring
from tests.formats.usebio_files import Line, Pair, pairs_file, teams_file


def run(*args: str) -> tuple[int, str]:
    done = CliRunner().invoke(main, list(args))
    return done.exit_code, done.output


class Checks:
    """The module's files, each written once, and its commands, each run once: the tests that
    read the same check share its run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._runs: dict[tuple[str, ...], tuple[int, str]] = {}

    def write(self, name: str, text: str) -> Path:
        path = self.folder / name
        if path.exists():
            assert path.read_text(encoding="utf-8") == text, f"two files named {name}"
        else:
            path.write_text(text, encoding="utf-8")
        return path

    def pairs(self, name: str, **file: Any) -> Path:
        """A USEBIO pairs file (tests/formats/usebio_files.py), by default matchpointed."""
        file.setdefault("event_type", "MP_PAIRS")
        file.setdefault("scoring", "MATCH_POINTS")
        file.setdefault("winner_type", 2)
        return self.write(name, pairs_file(**file))

    def run(self, *args: str) -> tuple[int, str]:
        if args not in self._runs:
            self._runs[args] = run(*args)
        return self._runs[args]

    def check(self, path: Path, *options: str) -> tuple[int, str]:
        return self.run("check", str(path), *options)

    def json(self, path: Path, *options: str) -> tuple[int, dict[str, Any]]:
        status, output = self.check(path, *options, "--format", "json")
        return status, json.loads(output)


@pytest.fixture(scope="module")
def checks(tmp_path_factory: pytest.TempPathFactory) -> Checks:
    return Checks(tmp_path_factory.mktemp("check"))


# --- a check that cannot fail ------------------------------------------------------------------

# Cross-IMPs, divided by the comparisons (rules.md §6.3). Board 1, none vulnerable: +420, +450,
# -50. +420: -1 (v 450) +10 (v -50) = 9, /2 = 4.5; +450: +1 +11 = 12, /2 = 6; -50: -10 -11,
# /2 = -10.5. Board 2, NS vulnerable: +620, +650, +170. +620: -1 +10 = 4.5; +650: +1 +10 (480)
# = 5.5; +170: -10 -10 = -10. Totals NS 9, 11.5, -20.5; EW the negatives.
CROSS_LINES = [
    Line(1, "1NS", "1EW", "4S", "N", 10, "420", "4.5", "-4.5"),
    Line(1, "2NS", "2EW", "4S", "N", 11, "450", "6", "-6"),
    Line(1, "3NS", "3EW", "4S", "N", 9, "-50", "-10.5", "10.5"),
    Line(2, "1NS", "1EW", "4S", "N", 10, "620", "4.5", "-4.5"),
    Line(2, "2NS", "2EW", "4S", "N", 11, "650", "5.5", "-5.5"),
    Line(2, "3NS", "3EW", "2S", "N", 10, "170", "-10", "10"),
]
CROSS_PAIRS = [
    Pair("1NS", "NS", None, "2", "9"),
    Pair("2NS", "NS", None, "1", "11.5"),
    Pair("3NS", "NS", None, "3", "-20.5"),
    Pair("1EW", "EW", None, "2", "-9"),
    Pair("2EW", "EW", None, "3", "-11.5"),
    Pair("3EW", "EW", None, "1", "20.5"),
]


def test_a_pairs_event_scored_by_cross_imps_is_rescored_by_cross_imps(checks: Checks) -> None:
    """EVENT_TYPE PAIRS with BOARD_SCORING_METHOD CROSS_IMPS: once scored as matchpoints, with
    0 rows and 0 pairs compared and "every figure reproduces"; the file's own method decides."""
    for points in ("CROSS_IMP_POINTS", "IMPS"):
        path = checks.pairs(
            f"cross-{points}.xml",
            event_type="PAIRS",
            scoring="CROSS_IMPS",
            program="EBUScore",
            pairs=CROSS_PAIRS,
            lines=CROSS_LINES,
            points=points,
        )
        figures = read_figures(path)
        assert figures.method is Method.CROSS_IMPS
        status, data = checks.json(path)
        assert status == 0, data
        assert data["method"] == "cross-imps" and data["reproduced"]
        assert (data["rows"], data["rows_reproduced"]) == (6, 6)
        assert (data["pairs"], data["pairs_reproduced"]) == (6, 6)


def test_nothing_compared_is_never_success(checks: Checks) -> None:
    """A file with results but no figures of its own that bridgescore can read: exit 1 with a
    sentence, never "every figure reproduces"."""
    path = checks.pairs(
        "bare.xml",
        scoring=None,
        program="SomeProgram",
        pairs=[],
        lines=[replace_values(line, "", "") for line in CROSS_LINES],
    )
    status, output = checks.check(path)
    assert status == 1
    assert "Nothing was compared: the file gives no row's matchpoints" in output
    assert "it ranks no one" in output
    assert "Every figure" not in output
    figures = read_figures(path)
    result = check(figures, CLUB)
    assert result.nothing_compared and not result.reproduced and not result.found.exact
    status, data = checks.json(path)
    assert status == 1 and not data["reproduced"] and data["compared"] == 0
    assert data["nothing_compared"].startswith("Nothing was compared")


def replace_values(line: Line, ns: str, ew: str) -> Line:
    return Line(
        line.board, line.ns, line.ew, line.contract, line.by, line.tricks, line.score, ns, ew
    )


def test_a_file_whose_pairs_never_played_compares_nothing(checks: Checks) -> None:
    """Figures for pairs who are not at any table: listed, not compared, and not a success."""
    pairs = [Pair("7NS", "NS", "50.00", "1"), Pair("7EW", "EW", "50.00", "1")]
    lines = [replace_values(line, "", "") for line in CROSS_LINES]
    path = checks.pairs("stray.xml", program="SomeProgram", pairs=pairs, lines=lines)
    status, output = checks.check(path)
    assert status == 1
    assert "none of the 2 entrants it ranks played a board here (first: 7NS)" in output


# --- one winner ---------------------------------------------------------------------------------

# A 3-table Mitchell, two boards, 2 a result beaten (top 4). Board 1 (none vul): 420, 450, -50
# give NS 2, 4, 0. Board 2 (NS vul): -100, 170, 620 give NS 0, 2, 4. NS 1: 2 of 8 = 25%; NS 2:
# 6 = 75%; NS 3: 4 = 50%; EW 1: 2 + 4 = 75%; EW 2: 0 + 2 = 25%; EW 3: 4 + 0 = 50%. Ranked as one
# field: 2NS and 1EW share 1st, 3NS and 3EW 3rd, 1NS and 2EW 5th.
ONE_WINNER_LINES = [
    Line(1, "1NS", "1EW", "4S", "N", 10, "420", "2", "2"),
    Line(1, "2NS", "2EW", "4S", "N", 11, "450", "4", "0"),
    Line(1, "3NS", "3EW", "4S", "N", 9, "-50", "0", "4"),
    Line(2, "1NS", "1EW", "4S", "N", 9, "-100", "0", "4"),
    Line(2, "2NS", "2EW", "2S", "N", 10, "170", "2", "2"),
    Line(2, "3NS", "3EW", "4S", "N", 10, "620", "4", "0"),
]
ONE_WINNER_PAIRS = [
    Pair("1NS", "NS", "25.00", "5="),
    Pair("2NS", "NS", "75.00", "1="),
    Pair("3NS", "NS", "50.00", "3="),
    Pair("1EW", "EW", "75.00", "1="),
    Pair("2EW", "EW", "25.00", "5="),
    Pair("3EW", "EW", "50.00", "3="),
]


def test_winner_type_1_ranks_one_field_and_its_places_are_compared(checks: Checks) -> None:
    file: dict[str, Any] = {"program": "EBUScore", "pairs": ONE_WINNER_PAIRS}
    path = checks.pairs("one.xml", winner_type=1, lines=ONE_WINNER_LINES, **file)
    assert read_figures(path).declared["one_winner"] is True
    status, data = checks.json(path)
    assert status == 0, data["differences"]
    assert (data["pairs"], data["pairs_reproduced"]) == (6, 6)
    # ranked as two fields instead, the places differ: 2NS is 1st of its line, not 1=
    status, data = checks.json(path, "--winners", "two")
    assert status == 1
    places = {(d["entrant"], d["file"], d["rescored"]) for d in data["differences"]}
    assert ("2NS", "1=", "1") in places and ("1NS", "5=", "3") in places
    # the search finds the one winner the file declares: the plain command reproduces it
    assert data["setting"]["reproduces"] and data["setting"]["changes"] == {"one_winner": True}
    # a file that does not say (WINNER_TYPE 2 written, places as one field): the search
    # finds it, and says so
    status, data = checks.json(checks.pairs("two.xml", lines=ONE_WINNER_LINES, **file))
    assert status == 1 and data["setting"]["options"] == ["--winners one"]


# --- settings check searches ---------------------------------------------------------------------

# Short boards by average (rules.md §4.4): board 2 has 3 results where board 1 has 4. Board 1
# (none vul): 420, 450, -50, 400 give NS 4, 6, 0, 2 (top 6). Board 2 (NS vul): 140, -100, 110
# give 4, 0, 2 on its own top 4, and each missing result counts as a tie (+1): 5, 1, 3. NS 1:
# 9 of 12 = 75.00%; NS 2: 7 = 58.33%; NS 3: 3 = 25.00%; NS 4: 2 of 6 = 33.33%. EW 1: 2 + 1 =
# 25.00%; EW 2: 0 + 5 = 41.67%; EW 3: 6 + 3 = 75.00%; EW 4: 4 of 6 = 66.67%.
SHORT_LINES = [
    Line(1, "1NS", "1EW", "4S", "N", 10, "420", "4", "2"),
    Line(1, "2NS", "2EW", "4S", "N", 11, "450", "6", "0"),
    Line(1, "3NS", "3EW", "4S", "N", 9, "-50", "0", "6"),
    Line(1, "4NS", "4EW", "3NT", "N", 9, "400", "2", "4"),
    Line(2, "1NS", "1EW", "3S", "N", 9, "140", "5", "1"),
    Line(2, "2NS", "2EW", "4S", "N", 9, "-100", "1", "5"),
    Line(2, "3NS", "3EW", "3C", "N", 9, "110", "3", "3"),
]
SHORT_PAIRS = [
    Pair("1NS", "NS", "75.00", "1"),
    Pair("2NS", "NS", "58.33", "2"),
    Pair("3NS", "NS", "25.00", "4"),
    Pair("4NS", "NS", "33.33", "3"),
    Pair("1EW", "EW", "25.00", "4"),
    Pair("2EW", "EW", "41.67", "3"),
    Pair("3EW", "EW", "75.00", "1"),
    Pair("4EW", "EW", "66.67", "2"),
]


def short_file(checks: Checks) -> Path:
    return checks.pairs("short.xml", program="ScoreBridge", pairs=SHORT_PAIRS, lines=SHORT_LINES)


def test_short_boards_average_is_tried_and_found(checks: Checks) -> None:
    path = short_file(checks)
    status, data = checks.json(path)
    assert status == 1
    setting = data["setting"]
    assert setting["reproduces"] and setting["options"] == ["--short-boards average"]
    searched = setting["searched"]["settings"]
    assert searched["short_boards"] == ["none", "average", "neuberg", "ratio"]
    assert "artificial_method" in setting["searched"]["not_searched"]
    status, output = checks.check(path, "--short-boards", "average")
    assert status == 0 and "Every figure of the file reproduces" in output


# Percentages written whole, rounded half to even. 3-table Mitchell, two boards, top 4. Board 1
# (none vul): 420, 420, 450 give NS 1, 1, 4; board 2 (NS vul): -100, 620, 650 give 0, 2, 4.
# NS 1: 1 of 8 = 12.5% (written 12; half up would be 13); NS 2: 3 = 37.5% (38 either way);
# NS 3: 100%. EW 1: 3 + 4 = 87.5% (88); EW 2: 3 + 2 = 62.5% (62; half up 63); EW 3: 0%.
ROUNDING_LINES = [
    Line(1, "1NS", "1EW", "4S", "N", 10, "420", "1", "3"),
    Line(1, "2NS", "2EW", "4S", "N", 10, "420", "1", "3"),
    Line(1, "3NS", "3EW", "4S", "N", 11, "450", "4", "0"),
    Line(2, "1NS", "1EW", "4S", "N", 9, "-100", "0", "4"),
    Line(2, "2NS", "2EW", "4S", "N", 10, "620", "2", "2"),
    Line(2, "3NS", "3EW", "4S", "N", 11, "650", "4", "0"),
]
ROUNDING_PAIRS = [
    Pair("1NS", "NS", "12", "3"),
    Pair("2NS", "NS", "38", "2"),
    Pair("3NS", "NS", "100", "1"),
    Pair("1EW", "EW", "88", "1"),
    Pair("2EW", "EW", "62", "2"),
    Pair("3EW", "EW", "0", "3"),
]


def test_rounding_is_honoured_for_percentages(checks: Checks) -> None:
    path = checks.pairs(
        "rounding.xml", program="RealBridge", pairs=ROUNDING_PAIRS, lines=ROUNDING_LINES
    )
    status, data = checks.json(path)
    assert status == 1
    wrong = {(d["entrant"], d["file"], d["rescored"]) for d in data["differences"]}
    assert wrong == {("1NS", "12", "13"), ("2EW", "62", "63")}
    assert data["setting"]["options"] == ["--rounding half-even"]
    assert checks.check(path, "--rounding", "half-even")[0] == 0


def test_a_pair_at_exactly_48_125_percent_written_48_12() -> None:
    """The issue's RealBridge pair: 48.125% is 48.12 to even, 48.13 half up."""
    exact = Fraction(48125, 1000)
    assert str(round_fraction(exact, 2, Rounding.HALF_EVEN)) == "48.12"
    assert str(round_fraction(exact, 2, Rounding.HALF_UP)) == "48.13"


# Totals of the rows as shown (EBUScore, ScoreBridge). 4-table Mitchell, two boards. Board 1
# (none vul): 420, 450, -50 and an average at table 4: among the three results 450 has 4, 420
# 2, -50 0 (top 4); Neuberg to four results, (M + 1) x 4/3 - 1: 17/3, 3, 1/3 of top 6, shown
# 5.7, 3.0, 0.3; the average 3.0. Board 2 (NS vul): 140, 110, 100, -100 give 6, 4, 2, 0.
# NS 2: 17/3 + 4 = 9.667 exactly (80.56%), 5.7 + 4 = 9.7 as shown (80.83%); NS 3: 1/3 + 2 =
# 2.333 (19.44%), 0.3 + 2 = 2.3 shown (19.17%); NS 1: 3 + 6 = 9 (75.00%); NS 4: 3 + 0 (25.00%).
# EW 1: 3 + 0 = 25.00%; EW 2: 0.3 + 2 = 19.17%; EW 3: 5.7 + 4 = 80.83%; EW 4: 3 + 6 = 75.00%.
SHOWN_LINES = [
    Line(1, "1NS", "1EW", "4S", "N", 10, "420", "3.0", "3.0"),
    Line(1, "2NS", "2EW", "4S", "N", 11, "450", "5.7", "0.3"),
    Line(1, "3NS", "3EW", "4S", "N", 9, "-50", "0.3", "5.7"),
    Line(1, "4NS", "4EW", "", "", None, "A5050", "3.0", "3.0"),
    Line(2, "1NS", "1EW", "3S", "N", 9, "140", "6", "0"),
    Line(2, "2NS", "2EW", "3C", "N", 9, "110", "4", "2"),
    Line(2, "3NS", "3EW", "4H", "E", 8, "100", "2", "4"),
    Line(2, "4NS", "4EW", "4S", "N", 9, "-100", "0", "6"),
]
SHOWN_PAIRS = [
    Pair("1NS", "NS", "75.00", "2", "9.0"),
    Pair("2NS", "NS", "80.83", "1", "9.7"),
    Pair("3NS", "NS", "19.17", "4", "2.3"),
    Pair("4NS", "NS", "25.00", "3", "3.0"),
    Pair("1EW", "EW", "25.00", "3", "3.0"),
    Pair("2EW", "EW", "19.17", "4", "2.3"),
    Pair("3EW", "EW", "80.83", "1", "9.7"),
    Pair("4EW", "EW", "75.00", "2", "9.0"),
]


def test_totals_of_the_rows_as_shown_are_tried_and_found(checks: Checks) -> None:
    path = checks.pairs("shown.xml", program="EBUScore", pairs=SHOWN_PAIRS, lines=SHOWN_LINES)
    status, data = checks.json(path, "--artificial-method", "neuberg")
    assert status == 1
    wrong = {(d["entrant"], d["figure"], d["file"], d["rescored"]) for d in data["differences"]}
    assert ("2NS", "percentage", "80.83", "80.56") in wrong
    assert ("3NS", "total", "2.3", "2.3") not in wrong  # 2.333 shows as 2.3 either way
    assert data["setting"]["changes"] == {"totals": "shown"}
    # the options name everything the plain command needs: the compensation is found too
    status, data = checks.json(path)
    assert data["setting"]["options"] == ["--artificial-method neuberg", "--totals shown"]
    status, output = checks.check(path, "--artificial-method", "neuberg", "--totals", "shown")
    assert status == 0, output


def test_the_search_says_what_it_tried_and_why_not_the_rest(checks: Checks) -> None:
    _, output = checks.check(short_file(checks))
    assert "Searched: --scale 2, 1; --short-boards none, average, neuberg, ratio;" in output
    assert "--artificial-method (the file has no artificial scores)" in output
    assert (
        "--decimals (check compares each figure at the decimals the file writes it with)" in output
    )


# --- teams ----------------------------------------------------------------------------------------

# The match of tests/usebio_files.teams_file: net +250 is 6 IMPs, -700 is -12, +1120 is 15, 0
# is 0 (the WBF scale, rules.md §6.1): 21 to 12, a margin of 9 over 4 boards. WBF 2013 (§6.5):
# 10 + 10 x (1 - t^(3 x 9 / 30)) / (1 - t^3), t = (sqrt 5 - 1) / 2: 14.60 to 5.40.
# Board-a-match: +250 won, -700 lost, +1120 won, 0 halved: 2.5 to 1.5 ([BAM], rules.md §6.2).


def test_a_usebio_teams_match_is_read_scored_and_checked(checks: Checks) -> None:
    text = teams_file(
        scoring="IMPS",
        board_element="IMPS",
        values=["6", "-12", "15", "0"],
        totals=["14.60", "5.40"],
    )
    path = checks.write("teams.xml", text)
    figures = read_figures(path)
    assert figures.teams_scoring is TeamsScoring.IMPS
    assert figures.session.names[figures.session.seating.entrants[0]] in ("Smith", "Jones")
    status, data = checks.json(path)
    assert status == 0, data["differences"]
    assert (data["rows"], data["pairs"], data["matches"]) == (8, 2, 1)
    status, output = checks.run("score", str(path))
    assert status == 0 and "14.60" in output and "21.00" in output
    # a file that says 14 IMPs on board 3 is told it is 15
    wrong = teams_file(
        scoring="IMPS",
        board_element="IMPS",
        values=["6", "-12", "14", "0"],
        totals=["14.60", "5.40"],
    )
    status, data = checks.json(checks.write("wrong.xml", wrong))
    assert status == 1
    assert {(d["board"], d["file"], d["rescored"]) for d in data["differences"]} == {
        (3, "14", "15"),
        (3, "-14", "-15"),
    }


def test_a_board_a_match_file_is_scored_a_point_a_board(checks: Checks) -> None:
    text = teams_file(
        scoring="BAM", board_element="POINTS", values=["1", "0", "1", "0.5"], totals=["2.5", "1.5"]
    )
    path = checks.write("bam.xml", text)
    assert read_figures(path).teams_scoring is TeamsScoring.BOARD_A_MATCH
    status, data = checks.json(path)
    assert status == 0, data["differences"]
    assert data["teams_scoring"] == "board-a-match"
    status, output = checks.run("score", str(path))
    assert "Points for" in output and "2.50" in output


def test_a_teams_file_is_written_and_reads_back_the_same(checks: Checks, tmp_path: Path) -> None:
    for scoring, element, values, totals in (
        ("IMPS", "IMPS", ["6", "-12", "15", "0"], ["14.60", "5.40"]),
        ("PAB", "POINTS", ["1", "0", "1", "0.5"], ["2.5", "1.5"]),
    ):
        source = checks.write(
            f"{scoring}.xml",
            teams_file(scoring=scoring, board_element=element, values=values, totals=totals),
        )
        out = tmp_path / f"{scoring}-out.xml"
        status, output = run("convert", str(source), str(out))
        assert status == 0, output
        assert read_figures(out).session.tables == read_figures(source).session.tables
        status, data = checks.json(out)
        assert status == 0 and data["rows"] == 8 and data["matches"] == 1


def test_unsupported_teams_scoring_is_refused_with_the_supported_ones(checks: Checks) -> None:
    text = teams_file(
        scoring="AGGREGATE", board_element="IMPS", values=["0"] * 4, totals=["0", "0"]
    )
    status, output = checks.run("score", str(checks.write("agg.xml", text)))
    assert status == 2
    assert "teams scored by 'AGGREGATE' are not supported" in output
    assert "IMPS" in output and "BAM or PAB" in output


def test_every_setting_is_searched_or_says_why_not() -> None:
    """rules.SETTINGS is the one table: each setting lists the values check tries, or why a
    check does not search it."""
    from bridgescore.rules import SETTINGS

    for setting in SETTINGS:
        assert bool(setting.trials) != bool(setting.unsearched), setting.field
        for word in setting.trials:
            setting.read(word)  # every word tried is one the setting reads


def test_a_missing_file_is_said_missing_before_its_kind(tmp_path: Path) -> None:
    # a .csv carries no figures to check, but one that is not there is first of all not there
    missing = tmp_path / "travellers.csv"
    assert run("check", str(missing)) == (
        2,
        f"bridgescore: {missing}: 1 problem\n{missing}: cannot read the file: no such file\n",
    )
    missing.write_text("", encoding="utf-8")
    code, said = run("check", str(missing))
    assert code == 2 and "nothing to check: a traveller CSV carries no figures" in said
