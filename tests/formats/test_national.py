"""The national body's file: USEBIO 1.2 with national numbers, masterpoints and charge code, read
back by our reader with nothing lost, equal to Compscore's own award fields, and shaped as
MyABF's (cobalt's) reader takes it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.errors import RulesError
from bridgescore.formats import load_path, national, usebio
from bridgescore.masterpoints import award, scheme_named
from bridgescore.scoring import score_pairs
from tests.conftest import shared_path
from tests.formats import conformance
from tests.formats.helpers import _same_session

# Files whose places bridgescore reproduces (docs/conformance.md): their awards are Compscore's.
COMPSCORE = (
    "mp_pairs_howell.xml",
    "mp_pairs_mitchell.xml",
    "mp_pairs_mitchell_03.xml",
    "butler_howell.xml",
    "cross_imp_howell.xml",
)
SAMPLE = Path(__file__).resolve().parents[2] / "src/bridgescore/samples/club-night.csv"


def _export(name: str) -> tuple[str, Any]:
    file = conformance.read(name)
    setup = conformance.IMP_SETUPS.get(name, conformance.COMPSCORE_SETUP)
    result = score_pairs(file.session, setup.rules)
    root = ET.parse(shared_path("data", "usebio-compscore", name)).getroot()
    colour = (root.findtext("EVENT/MASTER_POINT_TYPE") or "").lower()
    awards = award(result, scheme_named(f"abf:{colour}"))
    written = national.scored(result, "abf", awards, club_name="NSBC", club_id="2074")
    return national.dumps(written), file


@pytest.mark.parametrize("name", COMPSCORE)
def test_read_back_with_nothing_lost_and_compscores_awards(name: str) -> None:
    text, file = _export(name)
    back = usebio.loads(text)
    _same_session(back.session, file.session)
    assert back.event is not None and back.event.club_id == "2074"
    ours = national.read_awards(text)
    theirs = national.read_awards(shared_path("data", "usebio-compscore", name).read_bytes())
    assert ours.awards == theirs.awards  # every pair's MASTER_POINTS_AWARDED, as Compscore's
    assert ours.awards
    assert ours.numbers == theirs.numbers  # every player's national number
    assert (ours.scale, ours.type, ours.awarded, ours.charge, ours.date) == (
        theirs.scale,
        theirs.type,
        theirs.awarded,
        theirs.charge,
        theirs.date,
    )


def _as_xmltodict(element: ET.Element) -> Any:
    """An element as xmltodict gives it (what cobalt parses USEBIO with): attributes with @,
    a child repeated becomes a list, a leaf its text (None when empty)."""
    children = list(element)
    if not children and not element.attrib:
        return element.text
    data: dict[str, Any] = {f"@{k}": v for k, v in element.attrib.items()}
    for child in children:
        value = _as_xmltodict(child)
        if child.tag in data:
            if not isinstance(data[child.tag], list):
                data[child.tag] = [data[child.tag]]
            data[child.tag].append(value)
        elif child.tag == "TRAVELLER_LINE":  # cobalt forces these to a list
            data[child.tag] = [value]
        else:
            data[child.tag] = value
    return data


def test_shaped_as_myabf_reads_it() -> None:
    """What cobalt's results upload and pages do with a file, done to ours."""
    text, _ = _export("mp_pairs_mitchell.xml")
    usebio_dict = _as_xmltodict(ET.fromstring(text.split("\n", 2)[2]))
    event = usebio_dict["EVENT"]
    assert event["@EVENT_TYPE"] in ("MP_PAIRS", "CROSS_IMP", "BUTLER_PAIRS")
    datetime.strptime(event["DATE"], "%d/%m/%Y")
    assert event["EVENT_DESCRIPTION"]
    assert event["WINNER_TYPE"] == "2"
    assert event["MASTER_POINT_TYPE"].title() == "Green"
    total = 0.0
    for item in event["PARTICIPANTS"]["PAIR"]:
        int(item["PLAYER"][0]["NATIONAL_ID_NUMBER"])
        int(item["PLAYER"][1]["NATIONAL_ID_NUMBER"])
        item["PLAYER"][0]["PLAYER_NAME"].title()
        int(item["PLACE"])  # a shared place is a number, not "6="
        total += int(item.get("MASTER_POINTS_AWARDED", 0)) / 100.0
        float(item["PERCENTAGE"])
    # The file's own awards (test_masterpoints): NS 57 40 29 19 14 11 11 8 7, EW 57 40 29 19
    # 14 11 10 8 7 hundredths.
    assert round(total * 100) == 196 + 195
    for board in event["BOARD"]:
        int(board["BOARD_NUMBER"])
        for line in board["TRAVELLER_LINE"]:
            line.get("NS_PAIR_NUMBER"), line.get("EW_PAIR_NUMBER"), line.get("SCORE")
            float(line.get("NS_MATCH_POINTS"))
    assert "HANDSET" not in event  # beside the EVENT, where cobalt looks
    boards = usebio_dict["HANDSET"]["BOARD"]
    assert len(boards) == 27
    for board in boards:
        hands = {h["DIRECTION"]: h for h in board["HAND"]}
        assert set(hands) == {"North", "East", "South", "West"}
        for hand in hands.values():
            assert {"CLUBS", "DIAMONDS", "HEARTS", "SPADES"} <= set(hand)


def test_nz_profile_writes_c_points_as_nz_scorer_does() -> None:
    path = shared_path("data", "nz-scorer", "native", "pairs.xml")
    file = load_path(path)
    result = score_pairs(file.session, conformance.setup_for(file).rules)
    text = national.dumps(national.scored(result, "nz", award(result, scheme_named("nz:club"))))
    ours = national.read_awards(text)
    theirs = national.read_awards(
        shared_path("data", "nz-scorer", "usebio", "pairs.xml").read_bytes()
    )
    assert ours.awards == theirs.awards  # 4000, 3000, … in each direction
    assert "<MASTER_POINTS>" in text and "<MASTER_POINT_TYPE>c</MASTER_POINT_TYPE>" in text
    assert "P2P_CHARGE_RATE" not in text
    _same_session(usebio.loads(text).session, file.session, seats=False)


def test_ebu_charge_codes() -> None:
    file = conformance.read("mp_pairs_howell.xml")
    result = score_pairs(file.session, conformance.COMPSCORE_SETUP.rules)
    for code in national.CHARGE_CODES:
        text = national.dumps(national.scored(result, "ebu", charge=code))
        assert national.read_awards(text).charge == code
        assert national.read_awards(text).awarded is False
    with pytest.raises(RulesError, match="not a charge code: '11'"):
        national.dumps(national.scored(result, "ebu", charge="11"))
    with pytest.raises(RulesError, match="has no charge code"):
        national.dumps(national.scored(result, "nz", charge="10"))
    with pytest.raises(RulesError, match="takes abf schemes, not nz:club"):
        national.dumps(national.scored(result, "abf", award(result, scheme_named("nz:club"))))


def test_cli_export_abf(tmp_path: Path) -> None:
    path = shared_path("data", "usebio-compscore", "mp_pairs_howell.xml")
    out = tmp_path / "abf.xml"
    run = CliRunner().invoke(
        main,
        [
            "export",
            str(path),
            "--profile",
            "abf",
            "--masterpoints",
            "abf:red",
            "-o",
            str(out),
            "--artificial-method",
            "neuberg",
            "--short-boards",
            "neuberg",
        ],
    )
    assert run.exit_code == 0, run.output
    assert "6 awards of ABF red points" in run.output
    theirs = national.read_awards(path.read_bytes())
    assert national.read_awards(out.read_bytes()).awards == theirs.awards


def test_cli_lists_missing_national_numbers_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "night.xml"
    run = CliRunner().invoke(main, ["export", str(SAMPLE), "--profile", "ebu", "-o", str(out)])
    assert run.exit_code == 2
    assert "players without a national number" in run.output
    assert "pair 1NS: Margaret Hale" in run.output
    assert "nothing written" in run.output and not out.exists()
    run = CliRunner().invoke(
        main, ["export", str(SAMPLE), "--profile", "ebu", "-o", str(out), "--allow-missing"]
    )
    assert run.exit_code == 0, run.output
    assert load_path(out).session.tables


def test_a_teams_match_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    from .usebio_files import teams_file

    source = tmp_path / "teams.xml"
    source.write_text(
        teams_file(scoring="IMPS", board_element="IMPS", values=["6", "-12", "15", "0"],
                   totals=["14.17", "5.83"]),
        encoding="utf-8",
    )  # fmt: skip
    out = tmp_path / "national.xml"
    run = CliRunner().invoke(main, ["export", str(source), "--profile", "abf", "-o", str(out)])
    assert run.exit_code == 2, run.output
    assert "holds pairs events, not teams of four" in run.output and not out.exists()


def test_the_national_file_keeps_the_format_contract() -> None:
    """dumps takes the ResultsFile every format writes (the body in its event, the awards in
    its masterpoints), and loads reads the file back as USEBIO."""
    file = conformance.read("mp_pairs_howell.xml")
    result = score_pairs(file.session, conformance.COMPSCORE_SETUP.rules)
    written = national.scored(result, "ebu", charge="50")
    assert isinstance(written.event, national.Submission) and written.masterpoints is None
    text = national.dumps(written)
    assert national.loads(text).session.tables == usebio.loads(text).session.tables
    with pytest.raises(RulesError, match="written for a body"):
        national.dumps(replace(written, event=None))
    with pytest.raises(RulesError, match="score it first"):
        national.dumps(replace(written, result=None))


def test_cli_export_a_stored_session(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    path = shared_path("data", "usebio-compscore", "mp_pairs_mitchell_03.xml")
    run = CliRunner().invoke(main, ["import", str(path), "--db", str(db)])
    assert run.exit_code == 0, run.output
    out = tmp_path / "stored.xml"
    run = CliRunner().invoke(
        main,
        [
            "export",
            "db:1",
            "--db",
            str(db),
            "--profile",
            "abf",
            "-o",
            str(out),
            "--artificial-method",
            "neuberg",
            "--short-boards",
            "neuberg",
        ],
    )
    assert run.exit_code == 0, run.output
    theirs = national.read_awards(path.read_bytes())
    assert national.read_awards(out.read_bytes()).awards == theirs.awards
    assert national.read_awards(out.read_bytes()).numbers == theirs.numbers


def test_cli_bad_charge_exit_2() -> None:
    path = shared_path("data", "usebio-compscore", "mp_pairs_howell.xml")
    run = CliRunner().invoke(main, ["export", str(path), "--profile", "ebu", "--charge", "99"])
    assert run.exit_code == 2 and "not a charge code" in run.output
