"""Every format pair: convert, read back, score, compare with the original's scores; or refuse,
listing what the target cannot hold (and write it anyway, saying so, with ``lossy``)."""

from __future__ import annotations

from pathlib import Path
from tempfile import TemporaryDirectory

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bridgescore
from bridgescore.bridge import Vulnerability
from bridgescore.contract import possible_scores
from bridgescore.errors import RulesError
from bridgescore.formats import load_path
from bridgescore.formats.convert import LossError, convert
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from tests.conftest import shared_path
from tests.formats.test_usebio import board, document, line

KINDS = {"csv": ".csv", "json": ".json", "usebio": ".xml", "pbn": ".pbn"}
VULS = ["None", "NS", "EW", "All"]


@st.composite
def entries(draw: st.DrawFn, vul: Vulnerability) -> dict[str, str]:
    """One row's cells, of every kind a table can record."""
    kind = draw(
        st.sampled_from(
            [
                "played",
                "played",
                "bare",
                "pass",
                "np",
                "average",
                "artificial",
                "assigned",
                "weighted",
                "split",
                "points",
            ]
        )
    )
    if kind == "played":
        level = draw(st.integers(1, 7))
        strain = draw(st.sampled_from(["C", "D", "H", "S", "NT"]))
        doubled = draw(st.sampled_from(["", "", "X", "XX"]))
        return {
            "contract": f"{level}{strain}{doubled}",
            "declarer": draw(st.sampled_from("NESW")),
            "result": str(draw(st.integers(0, 13))),
        }
    if kind == "bare":
        return {"score": str(draw(st.sampled_from(sorted(possible_scores(vul)))))}
    if kind == "pass":
        return {"contract": "PASS"}
    if kind == "np":
        return {"contract": "NP"}
    if kind == "average":
        return {"contract": draw(st.sampled_from(["A", "A+/A-", "A-/A+", "A+/A+", "A-/A-"]))}
    if kind == "artificial":
        return {"contract": draw(st.sampled_from(["60/40", "55.5/45", "40/40"]))}
    if kind == "assigned":
        return {"adjusted": draw(st.sampled_from(["4S N =", "3NT S -1", "PASS"]))}
    if kind == "weighted":
        return {"adjusted": "30% 4S N = + 70% 4S N -1"}
    if kind == "split":
        return {"adjusted": "NS 4S N = | EW 4S N -1"}
    return {"score": f"points {draw(st.sampled_from([1000, -1000, 7610]))}"}


@st.composite
def traveller_files(draw: st.DrawFn) -> str:
    """A Mitchell session's traveller CSV: every kind of row, sometimes a fouled board."""
    boards = draw(st.integers(1, 3))
    tables = draw(st.integers(2, 4))
    placed = draw(st.booleans())  # with table and round, or pairs alone
    fouled = draw(st.booleans())
    columns = ["board", "ns", "ew", "contract", "declarer", "result", "score", "adjusted"]
    columns += ["table", "round"] if placed else []
    columns += ["vul", "group"] if fouled else []
    lines = [",".join(columns)]
    for number in range(1, boards + 1):
        for table in range(1, tables + 1):
            vul = Vulnerability.for_board(number)
            cells = {"board": str(number), "ns": str(table), "ew": str(table)}
            if placed:
                cells |= {"table": str(table), "round": "1"}
            if fouled and number == 1:
                other = table > tables // 2
                vul = Vulnerability.parse(VULS[3] if other else VULS[0])
                cells |= {"vul": VULS[3] if other else VULS[0], "group": "b" if other else "a"}
            cells |= draw(entries(vul))
            lines.append(",".join(cells.get(c, "") for c in columns))
    return "\n".join(lines) + "\n"


def _standings(path: Path) -> dict[object, object]:
    result = score_pairs(load_path(path).session, CLUB)
    return {(f.field, s.entrant): (s.points, s.percent) for f in result.fields for s in f.standings}


def _round_trip(source: Path, folder: Path) -> dict[str, str]:
    """Each target kind: "kept", or "refused" with the list checked."""
    outcome = {}
    original = _standings(source)
    for kind, suffix in KINDS.items():
        target = folder / f"out-{kind}{suffix}"
        try:
            convert(source, target, CLUB)
        except LossError as error:
            assert error.lost and not target.exists()
            assert str(error).endswith("give --lossy to write it without them")
            written = convert(source, target, CLUB, lossy=True)
            assert [n for n in written.notes if n.startswith("lost: ")] == [
                f"lost: {line}" for line in error.lost
            ]
            outcome[kind] = "refused"
            continue
        except RulesError as error:  # the writer itself names what it cannot hold
            assert "cannot hold" in str(error) or "whole percentages" in str(error)
            assert not target.exists()
            outcome[kind] = "refused"
            continue
        assert _standings(target) == original, kind
        outcome[kind] = "kept"
    return outcome


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(traveller_files())
def test_every_format_keeps_the_session_or_lists_what_it_cannot_hold(text: str) -> None:
    with TemporaryDirectory() as folder:
        source = Path(folder) / "night.csv"
        source.write_text(text)
        try:
            load_path(source)
        except RulesError:
            return
        outcome = _round_trip(source, Path(folder))
    # Traveller CSV and JSON hold everything a traveller can record.
    assert outcome["csv"] == "kept" and outcome["json"] == "kept"


@pytest.mark.parametrize(
    "name",
    [
        "usebio-compscore/mp_pairs_mitchell_adjusted.xml",
        "usebio-compscore/butler_howell.xml",
        "nz-scorer/native/pairs-with-np-passed.xml",
        "samples/club-night.csv",
    ],
)
def test_real_files_round_trip_or_refuse(tmp_path: Path, name: str) -> None:
    if name.startswith("samples/"):
        source = Path(bridgescore.__file__).parent / name
    else:
        source = shared_path("data", *name.split("/"))
    outcome = _round_trip(source, tmp_path)
    assert outcome["json"] == "kept"


def test_usebio_artificial_scores_converted_to_pbn_read_back(tmp_path: Path) -> None:
    scores = ["A6060", "A4060", "A5050", "A4040", "420"]
    rows = [line(f"{n}NS", f"{n}EW", score=s) for n, s in enumerate(scores, 1)]
    xml = tmp_path / "night.xml"
    xml.write_text(document(board(1, *rows)))
    convert(xml, tmp_path / "night.pbn", CLUB)
    assert _standings(tmp_path / "night.pbn") == _standings(xml)
    tables = load_path(tmp_path / "night.pbn").session.tables
    assert [t.describe() for t in tables][:4] == ["A+", "A-/A+", "A", "A-"]


def test_a_fouled_board_is_not_silently_merged(tmp_path: Path) -> None:
    source = tmp_path / "fouled.csv"
    source.write_text(
        "board,ns,ew,contract,declarer,result,vul,group\n"
        "1,1,1,4S,N,10,None,a\n1,2,2,4S,N,10,None,a\n"
        "1,3,3,4S,N,10,All,b\n1,4,4,4S,N,9,All,b\n"
    )
    for suffix in (".xml", ".pbn"):
        with pytest.raises(LossError) as caught:
            convert(source, tmp_path / f"out{suffix}", CLUB)
        assert caught.value.lost
    convert(source, tmp_path / "out.json", CLUB)
    assert _standings(tmp_path / "out.json") == _standings(source)
