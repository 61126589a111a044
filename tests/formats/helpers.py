"""Helpers of the formats' tests, used by the console's too: the hand-record files of
../shared/data/hand-records, the reference set read from its PBN, and that PBN's own double-dummy
tables and par."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import bridgescore
from bridgescore.formats import hands
from bridgescore.formats.hands.model import HandRecords
from bridgescore.session import Session
from bridgescore.traveller import TableResult
from tests.conftest import shared_path

# The bundled club night (src/bridgescore/samples), read by the conversions' tests.
SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"

FILES = (
    "test.pbn",
    "test-jfr.pbn",
    "test.dup",
    "test.dlm",
    "test.bri",
    "test.dge",
    "test.ber",
    "test.bhg",
    "test.cds",
    "test.rzd",
    "test.lin",
    "test.csv",
)


def _path(name: str) -> Path:
    return shared_path("data", "hand-records", name)


def _reference() -> HandRecords:
    return hands.read_path(_path("test.pbn"))


def _pbn_analysis() -> dict[int, tuple[dict[tuple[str, str], int], int]]:
    """Board → ({(declarer, strain): tricks}, par score for NS), from test.pbn's own tags."""
    text = _path("test.pbn").read_text()
    found = {}
    for game in text.split("\n\n"):  # read_text makes CR LF a newline
        board = re.search(r'\[Board "(\d+)"\]', game)
        if board is None:
            continue
        tricks = {
            (m[1], m[2]): int(m[3]) for m in re.finditer(r"^([NESW]) (NT|[SHDC]) (\d+)", game, re.M)
        }
        score = re.search(r'\[OptimumScore "(NS|EW) (-?\d+)"\]', game)
        assert score is not None and len(tricks) == 20
        par = int(score[2]) * (1 if score[1] == "NS" else -1)
        found[int(board[1])] = (tricks, par)
    return found


def _same_session(a: Session, b: Session, *, seats: bool = True) -> None:
    """Equal sessions; ``seats=False``: but for each row's table and round, which USEBIO does
    not hold (an NZ Scorer file does), and so the rows' order by them."""
    if seats:
        assert a.tables == b.tables
    else:

        def rows(session: Session) -> list[TableResult]:
            bare = [replace(t, table=None, round=None) for t in session.tables]
            return sorted(bare, key=lambda t: (t.board, t.ns, t.ew))

        assert rows(a) == rows(b)
    assert dict(a.boards) == dict(b.boards)
    assert dict(a.names) == dict(b.names)
    assert dict(a.members) == dict(b.members)
    assert (a.title, a.structure) == (b.title, b.structure)
