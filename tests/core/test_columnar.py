"""The columnar path (``bridgescore.columnar``) gives exactly what the object path gives:
``score_pairs(csv.loads(text).session, rules)``, pair by pair, row by row and explanation by
explanation, on random plain traveller files under random rules; and any other file or rule set
is scored by the object path itself, saying why."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.bridge import Side, Vulnerability
from bridgescore.errors import InputFileError
from bridgescore.formats import csv as traveller_csv
from bridgescore.formats.files import decode_text
from bridgescore.results import ScoredTable, SessionResult
from bridgescore.rules import ACBL, CLUB, EBU, Compensation, Method, Rules, SmallGroups
from bridgescore.scoring import score_pairs

pytest.importorskip("numpy")

from bridgescore import columnar

METHODS = [m for m in Compensation if m is not Compensation.NONE]
RULES = st.builds(
    lambda base, scale, art, short, small, groups, session_rule, ties: base.with_(
        scale=scale,
        artificial_method=art,
        short_boards=short,
        short_small_groups=small,
        fouled_groups=groups,
        session_percentage_rule=session_rule,
        ties_on_display=ties,
    ),
    st.sampled_from([CLUB, EBU, ACBL]),
    st.sampled_from([1, 2]),
    st.sampled_from(METHODS),
    st.sampled_from(list(Compensation)),
    st.booleans(),
    st.sampled_from(list(SmallGroups)),
    st.booleans(),
    st.booleans(),  # ranked on the percentages shown: their ties shared as the exact engine does
)

CONTRACTS = ["1C", "2D", "2H", "3NT", "4S", "4H", "4SX", "5DX", "3NTXX", "6NT", "7C", "2HX"]
RESULTS = ["=", "+1", "-1", "-2", "-4", "+2", "7", "8", "9", "10", "11", "12", "13", "0"]
ODD = ["PASS", "NP", "A", "A+/A-", "A-/A+", "60/40", "50/50", "40/60", "A/A"]


@st.composite
def plain_files(draw: st.DrawFn) -> bytes:
    """A plain traveller CSV: Mitchell or Howell numbering, some columns optional, played
    contracts (results as tricks or relative), pass-outs, boards not played and artificial
    scores, and now and then a row the reader refuses or a pair playing a board twice."""
    boards = draw(st.lists(st.integers(1, 40), min_size=1, max_size=4, unique=True))
    pairs = draw(st.integers(1, 7))
    howell = draw(st.booleans())
    with_round, with_table, with_lead = (
        draw(st.booleans()),
        draw(st.booleans()),
        draw(st.booleans()),
    )
    mistakes = draw(st.integers(0, 3)) == 0
    header = ["board"]
    header += ["round"] if with_round else []
    header += ["table"] if with_table else []
    header += ["ns", "ew", "contract", "declarer", "result"]
    header += ["lead"] if with_lead else []
    lines = [",".join(draw(st.permutations(header)))]
    order = lines[0].split(",")
    for board in boards:
        seats = draw(st.permutations(range(1, 2 * pairs + 1)))
        for table in range(1, pairs + 1):
            if table > 1 and draw(st.integers(0, 9)) == 0:
                continue  # a board played fewer times
            if howell:  # every pair sits either way round
                ns, ew = seats[2 * table - 2], seats[2 * table - 1]
            else:
                ns, ew = table, (table + board) % pairs + 1
            cells = {
                "board": str(board),
                "round": str(board % 7),
                "table": str(table),
                "ns": str(ns),
                "ew": str(ew),
                "declarer": "",
                "result": "",
                "lead": draw(st.sampled_from(["", "SA", "H7", "TD", "C2"])),
            }
            kind = draw(st.integers(0, 9))
            if kind < 7:
                cells["contract"] = draw(st.sampled_from(CONTRACTS))
                cells["declarer"] = draw(st.sampled_from("NESW"))
                cells["result"] = draw(st.sampled_from(RESULTS))
                if cells["contract"][0] in "67" and cells["result"][0] == "+":
                    cells["result"] = "="  # a grand slam making more is refused: see mistakes
            else:
                cells["contract"] = draw(st.sampled_from(ODD))
            if mistakes and draw(st.integers(0, 20)) == 0:
                cells[draw(st.sampled_from(["ns", "ew", "result", "table"]))] = "1"
            lines.append(",".join(cells[k] for k in order))
    return ("\n".join(lines) + "\n").encode("ascii")


def _exact(data: bytes, rules: Rules) -> SessionResult:
    session = traveller_csv.loads(decode_text(data, "CSV")).session
    return score_pairs(session, rules)


def _by_row(result: SessionResult) -> list[ScoredTable]:
    position = {id(t): i for i, t in enumerate(result.session.tables)}
    rows: list[ScoredTable | None] = [None] * len(result.session.tables)
    for board in result.boards:
        for scored in board.tables:
            rows[position[id(scored.table)]] = scored
    assert all(r is not None for r in rows)
    return rows  # type: ignore[return-value]


def _assert_equal(scores: columnar.Scores, exact: SessionResult) -> None:
    standings = [s for f in exact.fields for s in f.standings]
    assert scores.totals() == {s.entrant: s.points for s in standings}
    assert scores.available() == {s.entrant: s.available for s in standings}
    assert scores.boards() == {s.entrant: s.boards for s in standings}
    rows = _by_row(exact)
    assert scores.rows == len(rows)
    for i, scored in enumerate(rows):
        for side in Side:
            assert scores.points(i, side) == scored.points(side), (i, side)
            assert scores.explanation(i, side) == scored.explanation(side), (i, side)


def _follows_session(data: bytes) -> bool:
    return b"A+" in data or b"A-" in data


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(plain_files(), RULES)
def test_the_columnar_path_equals_the_object_path(data: bytes, rules: Rules) -> None:
    try:
        exact = _exact(data, rules)
    except InputFileError as error:
        with pytest.raises(InputFileError) as raised:
            columnar.score_bytes(data, rules)
        assert raised.value.problems == error.problems
        return
    scores = columnar.score_bytes(data, rules)
    if rules.session_percentage_rule and _follows_session(data):
        assert scores.fallback == "Ave+ or Ave- under the session-percentage rule"
    else:
        assert scores.fallback is None, scores.fallback
        assert isinstance(scores, columnar.ColumnarScores)
    _assert_equal(scores, exact)


def test_explanations_are_made_when_asked_for_and_kept() -> None:
    data = b"board,ns,ew,contract,declarer,result\n1,1,1,4S,N,10\n1,2,2,4S,N,9\n1,3,3,A+/A-,,\n"
    scores = columnar.score_bytes(data, CLUB)
    assert isinstance(scores, columnar.ColumnarScores)
    first = scores.explanation(0, Side.NS)
    assert first is not None and first is scores.explanation(0, Side.NS)
    assert first.text()
    assert scores.points(0, Side.NS) == Fraction(3) and scores.points(0, Side.EW) == Fraction(1)
    ave_plus = scores.explanation(2, Side.NS)
    assert ave_plus is not None and ave_plus.percent == 60
    _assert_equal(scores, _exact(data, CLUB))


def test_a_board_not_played_at_a_table_has_no_value() -> None:
    data = b"board,ns,ew,contract,declarer,result\n1,1,1,NP,,\n1,2,2,3NT,S,9\n1,3,3,PASS,,\n"
    scores = columnar.score_bytes(data, EBU)
    assert scores.fallback is None
    assert scores.points(0, Side.NS) is None and scores.explanation(0, Side.EW) is None
    _assert_equal(scores, _exact(data, EBU))


def test_small_groups_are_matchpointed_by_the_exact_engine() -> None:
    rows = [f"1,{t},{t},4S,N,10" for t in range(1, 10)] + ["2,1,1,3NT,S,9", "2,2,2,3NT,S,10"]
    data = ("board,ns,ew,contract,declarer,result\n" + "\n".join(rows) + "\n").encode()
    rules = EBU.with_(short_small_groups=True, session_percentage_rule=False)
    scores = columnar.score_bytes(data, rules)
    assert scores.fallback is None
    small = scores.explanation(9, Side.NS)
    assert small is not None and small.note is not None and "small group" in small.note
    _assert_equal(scores, _exact(data, rules))


PLAIN = b"board,ns,ew,contract,declarer,result\n1,1,1,4S,N,10\n1,2,2,4S,N,9\n2,1,2,3NT,E,=\n"


SMALL_GROUP = (
    "board,ns,ew,contract,declarer,result\n"
    + "\n".join([f"1,{t},{t},4S,N,10" for t in range(1, 10)] + ["2,1,1,3NT,S,9", "2,2,2,3NT,S,10"])
    + "\n"
).encode()


def test_the_rankings_by_columns_do_not_depend_on_what_was_asked_before() -> None:
    """An explanation made on demand, before the rankings or after, never turns the columns'
    rankings into a fall back to the exact engine: the decision is the file's and the rules'."""
    data = PLAIN.replace(b"\n2,1,2,3NT,E,=", b"\n2,1,2,3NT,E,=\n2,2,1,3NT,E,-1")
    fresh = columnar.score_bytes(data, CLUB)
    asked = columnar.score_bytes(data, CLUB)
    assert isinstance(fresh, columnar.ColumnarScores) and isinstance(asked, columnar.ColumnarScores)
    assert asked.explanation(0, Side.NS) is not None and asked.explanation(3, Side.EW) is not None
    assert fresh.rankings_fallback is None and asked.rankings_fallback is None
    exact = _exact(data, CLUB)
    for scores in (fresh, asked):
        assert [f.standings for f in scores.rankings().fields] == [
            f.standings for f in exact.fields
        ]
    assert asked.explanation(1, Side.EW) is not None
    assert asked.rankings().fields == fresh.rankings().fields


@pytest.mark.parametrize(
    ("data", "rules", "reason"),
    [
        (PLAIN, CLUB, None),
        (
            SMALL_GROUP,
            EBU.with_(short_small_groups=True, session_percentage_rule=False),
            "a board scored as a small group",
        ),
        # the same short board without the small-group rule: the columns rank it
        (SMALL_GROUP, EBU.with_(short_small_groups=False, session_percentage_rule=False), None),
        (PLAIN, CLUB.with_(factor_mp_totals=True), "totals factored or of the values shown"),
    ],
)
def test_when_the_rankings_come_from_the_exact_engine(
    data: bytes, rules: Rules, reason: str | None
) -> None:
    """``rankings_fallback`` says, before anything is made, whether the columns rank the file;
    ``rankings()`` raises with that reason exactly when it is not None, and the values by
    columns are the exact engine's either way."""
    scores = columnar.score_bytes(data, rules)
    assert isinstance(scores, columnar.ColumnarScores) and scores.fallback is None
    assert scores.rankings_fallback == reason
    exact = _exact(data, rules)
    if reason is None:
        assert [f.standings for f in scores.rankings().fields] == [
            f.standings for f in exact.fields
        ]
    else:
        with pytest.raises(columnar.Fallback, match=reason):
            scores.rankings()
        with pytest.raises(columnar.Fallback, match=reason):
            scores.session_result()
    _assert_equal(scores, exact)


def test_score_takes_the_exact_path_when_the_columns_cannot_rank(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """`score` asks the columns whether they can rank the file before ranking it: a board
    scored as a small group is ranked by the exact engine, with the same text as before."""
    from click.testing import CliRunner

    from bridgescore.cli import main
    from bridgescore.cli import score as score_command

    path = tmp_path / "short.csv"
    path.write_bytes(SMALL_GROUP)
    options = ["--rules", "ebu", "--short-small-groups", "--no-session-rule"]
    calls = []
    rankings = columnar.ColumnarScores.rankings

    def counted(self: columnar.ColumnarScores) -> SessionResult:
        calls.append(self.rows)
        return rankings(self)

    exact = CliRunner().invoke(main, ["score", str(path), *options])
    monkeypatch.setattr(columnar.ColumnarScores, "rankings", counted)
    monkeypatch.setattr(score_command, "COLUMNAR_BYTES", 1)
    for kind in ("text", "json", "csv"):
        done = CliRunner().invoke(main, ["score", str(path), *options, "--format", kind])
        assert done.exit_code == 0, done.output
    again = CliRunner().invoke(main, ["score", str(path), *options])
    assert calls == [] and again.output == exact.output and exact.exit_code == 0
    # without the small-group rule the same file is ranked by columns
    plain = [o.replace("--short-small-groups", "--no-short-small-groups") for o in options]
    assert CliRunner().invoke(main, ["score", str(path), *plain]).exit_code == 0
    assert calls == [11]


@pytest.mark.parametrize(
    ("data", "rules", "reason"),
    [
        (
            PLAIN.replace(b"board,", b"section,board,")
            .replace(b"\n1,", b"\nA,1,")
            .replace(b"\n2,", b"\nA,2,"),
            CLUB,
            "columns section,board",
        ),
        (
            PLAIN.replace(b"result\n", b"result,vul\n")
            .replace(b"10\n", b"10,All\n")
            .replace(b"9\n", b"9,All\n")
            .replace(b"=\n", b"=,None\n"),
            CLUB,
            "columns board",
        ),
        (PLAIN.replace(b"4S,N,9", b'"4S",N,9'), CLUB, "a byte outside"),
        (PLAIN.replace(b"4S,N,9", b"4S, N,9"), CLUB, "a byte outside"),
        (PLAIN.replace(b"\n", b"\r\n"), CLUB, "a byte outside"),
        (b"\xef\xbb\xbf" + PLAIN, CLUB, "a byte outside"),
        (PLAIN.replace(b"\n2,", b"\n\n2,"), CLUB, "a blank line"),
        (PLAIN + b"\n", CLUB, "a blank line"),  # at the end
        (b"\n" + PLAIN, CLUB, "a blank line"),  # at the start
        (PLAIN.replace(b"\n2,", b"\n\n,,2,"), CLUB, "a blank line"),  # the cells made up
        (b"# event: club night\n" + PLAIN, CLUB, "a byte outside"),
        (
            PLAIN.replace(b"result\n", b"result,score\n")
            .replace(b"10\n", b"10,420\n")
            .replace(b"9\n", b"9,-50\n")
            .replace(b"=\n", b"=,-400\n"),
            CLUB,
            "columns board",
        ),
        (PLAIN.replace(b"4S,N,9", b"A+/A-,,"), EBU, "Ave+ or Ave- under the session"),
        (PLAIN.replace(b"4S,N,9", b"4s,n,9"), CLUB, None),  # read by the reader itself
        (PLAIN.replace(b"4S,N,9", b"ALL,,"), CLUB, None),
        (PLAIN, CLUB.with_(method=Method.CROSS_IMPS), "cross-imps: the columnar path does"),
        (PLAIN.replace(b"\n1,2,2,4S,N,9", b"\n1,2,2,4S,N,9,x"), CLUB, "a row with a different"),
        (PLAIN.replace(b"2,1,2,", b"2,0001,2,"), CLUB, None),
    ],
)
def test_other_files_and_rules_fall_back_to_the_object_path(
    data: bytes, rules: Rules, reason: str | None
) -> None:
    try:
        exact = _exact(data, rules)
    except InputFileError as error:
        with pytest.raises(InputFileError) as raised:
            columnar.score_bytes(data, rules)
        assert raised.value.problems == error.problems
        return
    scores = columnar.score_bytes(data, rules)
    if reason is None:
        assert scores.fallback is None
    else:
        assert scores.fallback is not None and scores.fallback.startswith(reason)
        assert isinstance(scores, columnar.ExactScores)
    _assert_equal(scores, exact)


@pytest.mark.parametrize(
    "data",
    [
        PLAIN + b"1,1,3,4S,N,10\n",  # pair 1 NS plays board 1 twice
        PLAIN.replace(b"board,ns", b"board,table,ns")
        .replace(b"\n1,", b"\n1,7,")
        .replace(
            b"\n2,", b"\n2,7,"
        ),  # a second result for board 1, table 7 (no round: the pairs tell them apart)
        PLAIN.replace(b"4S,N,9", b"4S,,9"),  # no declarer
        PLAIN.replace(b"4S,N,9", b"4S,N,15"),  # impossible result
        PLAIN.replace(b"2,1,2,", b"0,1,2,"),  # board 0
        b"board,ns,ew,contract,declarer,result\n",  # no rows
        b"board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,2,1,4S,N,9\n1,3,3,4S,N,9\n",
    ],
)
def test_files_with_problems_raise_as_the_reader_does(data: bytes) -> None:
    try:
        exact = _exact(data, CLUB)
    except InputFileError as error:
        with pytest.raises(InputFileError) as raised:
            columnar.score_bytes(data, CLUB)
        assert raised.value.problems == error.problems
    else:
        _assert_equal(columnar.score_bytes(data, CLUB), exact)


def test_a_table_given_twice_in_a_round_is_refused() -> None:
    data = (
        b"board,round,table,ns,ew,contract,declarer,result\n1,1,1,1,1,4S,N,10\n1,1,1,2,2,4S,N,9\n"
    )
    with pytest.raises(InputFileError, match="a second result"):
        columnar.score_bytes(data, CLUB)


def test_the_plain_spellings_read_as_the_reader_reads_them() -> None:
    """Every contract in its plain spelling, by every declarer, with every result text, at
    every vulnerability: the columnar reading equals the traveller reader's own."""
    contracts = [
        f"{level}{strain}{risk}"
        for level in range(1, 8)
        for strain in ("C", "D", "H", "S", "NT")
        for risk in ("", "X", "XX")
    ]
    results = ["=", "+0", "-0", "M", "0", *map(str, range(14)), "14"]
    results += [f"{sign}{n}" for sign in "+-" for n in range(1, 14)]
    vuls = list(Vulnerability)
    texts = [contracts, ["N", "E", "S", "W"], results]
    reader = columnar._KeyReader(texts, vuls)
    code = 0
    for r in range(len(results)):
        for d in range(4):
            for c in range(len(contracts)):
                for v in range(len(vuls)):
                    code = ((r * 4 + d) * len(contracts) + c) * len(vuls) + v
                    cells = {"contract": contracts[c], "declarer": "NESW"[d], "result": results[r]}
                    try:
                        expected = columnar._score_cells(cells, vuls[v])
                    except columnar._Fallback:
                        with pytest.raises(columnar._Fallback):
                            reader(code)
                        continue
                    found = reader(code)
                    assert (found.kind, found.ns_score) == (expected.kind, expected.ns_score)


def test_score_path_reads_a_file_and_falls_back_for_other_kinds(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "night.csv"
    path.write_bytes(PLAIN)
    scores = columnar.score_path(path, CLUB)
    assert scores.fallback is None
    _assert_equal(scores, _exact(PLAIN, CLUB))
    other = tmp_path / "night.CSV.txt"
    other.write_bytes(PLAIN)
    with pytest.raises(InputFileError):
        columnar.score_path(other, CLUB)


# --- `bridgescore score` by columns: the same rankings, the same text --------------------------


def _text(result: SessionResult) -> str:
    """What `score` prints to a file: the plain writer's text, or rich's when it must draw."""
    from bridgescore.cli.score import _text as score_text

    return b"".join(score_text(result, True)).decode("utf-8")


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(plain_files(), RULES)
def test_the_rankings_by_columns_equal_the_exact_engines(data: bytes, rules: Rules) -> None:
    """Every standing (place, points, tops, percentage, boards), checksum and short board, and
    so the text `score` prints, is the exact engine's, whenever the columns take the file."""
    try:
        exact = _exact(data, rules)
    except InputFileError:
        return  # a file with problems: the exact path reports them
    scores = columnar.score_bytes(data, rules)
    if not isinstance(scores, columnar.ColumnarScores):
        return
    if scores.rankings_fallback is not None:
        with pytest.raises(columnar.Fallback, match=scores.rankings_fallback):
            scores.rankings()
        return
    ranked = scores.rankings()
    assert [(f.field, f.standings, f.checksum) for f in ranked.fields] == [
        (f.field, f.standings, f.checksum) for f in exact.fields
    ]
    assert ranked.completeness() == exact.session.completeness()
    assert [(b.board, b.top, b.results, b.expected) for b in ranked.boards] == [
        (b.board, b.top, b.results, b.expected) for b in exact.boards
    ]
    assert _text(ranked) == _text(exact)


@settings(max_examples=40, deadline=None)
@given(plain_files())
def test_score_prints_the_same_whichever_path_scores_the_file(data: bytes) -> None:
    """The command itself: `score FILE` (as text and as JSON) scored by columns (every file,
    however small) and by the exact path, to the byte; a file with problems fails alike."""
    import tempfile
    from pathlib import Path

    from click.testing import CliRunner

    from bridgescore.cli import main
    from bridgescore.cli import score as score_command

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "night.csv"
        path.write_bytes(data)
        for shown in ([], ["--format", "json"]):
            outputs = []
            for limit in (0, 1 << 40):  # by columns whatever the size; never by columns
                saved = score_command.COLUMNAR_BYTES
                score_command.COLUMNAR_BYTES = limit
                try:
                    done = CliRunner().invoke(main, ["score", str(path), *shown])
                finally:
                    score_command.COLUMNAR_BYTES = saved
                outputs.append((done.exit_code, done.output))
            assert outputs[0] == outputs[1]


def test_score_takes_the_columns_for_a_large_plain_file(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Above COLUMNAR_BYTES a plain file is ranked by columns (seen here by counting), and the
    text is the exact path's; --explain still takes the exact path."""
    from click.testing import CliRunner

    from bridgescore.cli import main
    from bridgescore.cli import score as score_command

    lines = ["board,ns,ew,contract,declarer,result"]
    for board in range(1, 5):
        lines += [f"{board},{t},{t},{'4S' if t % 3 else '3NT'},N,{9 + t % 3}" for t in range(1, 9)]
    path = tmp_path / "night.csv"
    path.write_text("\n".join(lines) + "\n")
    calls = []
    rankings = columnar.ColumnarScores.rankings

    def counted(self: columnar.ColumnarScores) -> SessionResult:
        calls.append(self.rows)
        return rankings(self)

    monkeypatch.setattr(columnar.ColumnarScores, "rankings", counted)
    exact = CliRunner().invoke(main, ["score", str(path)])
    assert calls == [] and exact.exit_code == 0
    monkeypatch.setattr(score_command, "COLUMNAR_BYTES", path.stat().st_size)
    fast = CliRunner().invoke(main, ["score", str(path)])
    assert calls == [32] and fast.output == exact.output and fast.exit_code == 0
    explained = CliRunner().invoke(main, ["score", str(path), "--explain"])
    assert calls == [32] and explained.exit_code == 0


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(plain_files(), RULES)
def test_the_session_result_by_columns_is_the_exact_engines(data: bytes, rules: Rules) -> None:
    """Record for record: the session (every row as the reader makes it), every board with
    every table's explanations, every field; so the JSON and CSV written from it too."""
    from bridgescore.formats import json as result_json
    from bridgescore.formats import results_csv
    from bridgescore.formats.results_file import ResultsFile

    try:
        exact = _exact(data, rules)
    except InputFileError:
        return
    scores = columnar.score_bytes(data, rules)
    if not isinstance(scores, columnar.ColumnarScores):
        return
    try:
        made = scores.session_result()
    except columnar.Fallback:
        return
    assert made.session.tables == exact.session.tables
    assert made.session == exact.session
    assert made.boards == exact.boards
    assert made == exact
    text = result_json.dumps(ResultsFile.scored(exact))
    assert result_json.dumps(ResultsFile.scored(made)) == text
    # the JSON `score` writes from the columns (a table object for each group of tables),
    # from scores read afresh, as the command reads them
    again = columnar.score_bytes(data, rules)
    assert isinstance(again, columnar.ColumnarScores)
    grouped = result_json.iterencode_grouped(again.rankings(), again.grouped_tables())
    assert b"".join(grouped).decode("utf-8") == text
    assert results_csv.dumps(made) == results_csv.dumps(exact)
