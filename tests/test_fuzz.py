"""Random mutations of real files give bridgescore's own errors, never anything else."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bridgescore
from bridgescore.errors import BridgeScoreError
from bridgescore.formats import csv as traveller_csv
from bridgescore.formats.pbn import session as pbn_session
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs

from .conftest import shared_path

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
