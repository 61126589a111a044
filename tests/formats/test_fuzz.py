"""Random mutations of real files give bridgescore's own errors, never anything else."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bridgescore
from bridgescore.errors import BridgeScoreError
from bridgescore.formats import csv as traveller_csv
from bridgescore.formats.pbn import session as pbn_session
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from tests.conftest import shared_path

SAMPLE = (Path(bridgescore.__file__).parent / "samples" / "club-night.csv").read_text()


@st.composite
def mutations(draw: st.DrawFn, text: str) -> str:
    chars = list(text)
    for _ in range(draw(st.integers(1, 6))):
        where = draw(st.integers(0, max(len(chars) - 1, 0)))
        action = draw(st.sampled_from(["delete", "duplicate", "replace", "truncate"]))
        if not chars:
            break
        if action == "delete":
            del chars[where : where + draw(st.integers(1, 40))]
        elif action == "duplicate":
            chars[where:where] = chars[where : where + draw(st.integers(1, 40))]
        elif action == "replace":
            chars[where] = draw(st.sampled_from(list(',"\n#-+=AXP0123456789 ;[]{}%^')))
        else:
            del chars[where:]
    return "".join(chars)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations(SAMPLE))
def test_mutated_traveller_csv(text: str) -> None:
    try:
        session = traveller_csv.loads(text).session
    except BridgeScoreError:
        return
    score_pairs(session, CLUB)


def _pbn_text() -> str:
    return shared_path("data", "pbn", "example1.pbn").read_text(encoding="latin-1")[:6000]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_pbn_sessions(data: st.DataObject) -> None:
    text = data.draw(mutations(_pbn_text()))
    try:
        for event in pbn_session.events_loads(text):
            score_pairs(event.session, CLUB)
    except BridgeScoreError:
        return


# --- every reader, from its bytes: mutated real files give bridgescore's own errors only ---------


def _real(*parts: str) -> bytes:
    return shared_path("data", *parts).read_bytes()[:20_000]


READERS = {
    "usebio": (("usebio-compscore", "mp_pairs_mitchell_adjusted.xml"), ".xml"),
    "nzscorer": (("nz-scorer", "native", "pairs-with-np-passed.xml"), ".xml"),
    "pbn": (("pbn", "example1.pbn"), ".pbn"),
}


@st.composite
def byte_mutations(draw: st.DrawFn, data: bytes) -> bytes:
    chunk = bytearray(data)
    for _ in range(draw(st.integers(1, 6))):
        if not chunk:
            break
        where = draw(st.integers(0, len(chunk) - 1))
        action = draw(st.sampled_from(["delete", "duplicate", "replace", "truncate"]))
        if action == "delete":
            del chunk[where : where + draw(st.integers(1, 60))]
        elif action == "duplicate":
            chunk[where:where] = chunk[where : where + draw(st.integers(1, 2000))]
        elif action == "replace":
            chunk[where] = draw(st.sampled_from(list(b'<>/&"=\n{}[]%;\x00\xff\xfe -+A0123456789')))
        else:
            del chunk[where:]
    return bytes(chunk)


def _read_any(data: bytes, suffix: str) -> None:
    """Read ``data`` as a file of ``suffix`` and score it: only bridgescore's errors may come."""
    import tempfile

    from bridgescore.formats import load_path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"night{suffix}"
        path.write_bytes(data)
        try:
            session = load_path(path).session
        except BridgeScoreError as error:
            assert len(str(error)) < 400 * (len(getattr(error, "problems", ())) + 2)
            return
        if session.structure.name != "TEAMS":
            with contextlib.suppress(BridgeScoreError):
                score_pairs(session, CLUB)


@pytest.mark.parametrize("kind", sorted(READERS))
@settings(max_examples=40, deadline=10_000, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_real_files_through_every_reader(kind: str, data: st.DataObject) -> None:
    parts, suffix = READERS[kind]
    _read_any(data.draw(byte_mutations(_real(*parts))), suffix)


@settings(max_examples=40, deadline=10_000, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_json_results(data: st.DataObject) -> None:
    from bridgescore.formats import json as result_json
    from bridgescore.formats.results_file import ResultsFile

    session = traveller_csv.loads(SAMPLE).session
    text = result_json.dumps(ResultsFile.scored(score_pairs(session, CLUB))).encode()
    _read_any(data.draw(byte_mutations(text[:30_000])), ".json")


@settings(max_examples=40, deadline=10_000, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_traveller_csv_bytes(data: st.DataObject) -> None:
    _read_any(data.draw(byte_mutations(SAMPLE.encode())), ".csv")
