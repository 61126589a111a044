"""bridgescore's JSON hand records: a list of ``{"board", "dealer", "vulnerability", "deal"}``,
the deal in PBN notation (``"N:AKQ2.K32.A76.Q54 T98.QJ4.K2.KJT9 …"``)."""

from __future__ import annotations

import json
from typing import Any

from bridgescore.bridge import Seat, Vulnerability
from bridgescore.deal import Deal
from bridgescore.errors import ParseError, Problems, sentence
from bridgescore.formats.hands.model import HandRecords, check_number, finish, refuse_empty, whole
from bridgescore.languages import N_
from bridgescore.languages.parsers import parser_said
from bridgescore.languages.text import Text
from bridgescore.session import Board

KIND = "JSON"


def looks_like(data: bytes) -> bool:
    """The file starts with a list of objects."""
    head = data.lstrip(b"\xef\xbb\xbf").lstrip()
    return head[:1] == b"[" and head[1:].lstrip()[:1] in (b"{", b"]")


fits = looks_like


def to_data(records: HandRecords) -> list[dict[str, Any]]:
    return [
        {
            "board": b.number,
            "dealer": str(b.dealer),
            "vulnerability": str(b.vulnerability),
            "deal": whole(b).pbn(),
        }
        for b in records.boards
    ]


def dumps(records: HandRecords) -> bytes:
    refuse_empty(records.boards, KIND)
    return (json.dumps(to_data(records), indent=2) + "\n").encode("utf-8")


def loads(data: bytes, path: str | None = None) -> HandRecords:
    problems = Problems(path)
    from bridgescore.formats.files import decode_text

    try:
        items = json.loads(decode_text(data, "JSON", path))
    except json.JSONDecodeError as error:
        problems.report(Text(N_("not JSON: %(msg)s"), msg=parser_said(error.msg)), error.lineno)
        return finish([], problems, path, KIND)
    if not isinstance(items, list):
        problems.report(
            Text(N_("not a list of boards")), expected=Text(N_('[{"board": 1, "deal": "N:…"}, …]'))
        )
        return finish([], problems, path, KIND)
    boards = []
    for i, item in enumerate(items):
        where = Text(N_("item %(number)s"), number=i + 1)
        if not isinstance(item, dict):
            problems.report(
                Text(N_("%(where)s is not an object"), where=where),
                expected=Text(N_("board, dealer, vulnerability, deal")),
            )
            continue
        number = item.get("board")
        if type(number) is not int:
            problems.report(
                Text(N_("%(where)s: no board number"), where=where), found=repr(number)[:40]
            )
            continue
        if not check_number(number, problems):
            continue
        try:
            dealer = Seat.parse(str(item.get("dealer", "")))
            vul = Vulnerability.parse(str(item.get("vulnerability", "")))
            deal = Deal.from_pbn(str(item.get("deal", "")))
            board = Board(number, vul, dealer, deal)
            whole(board)
        except (ParseError, ValueError) as error:
            problems.report(sentence(error), board=number)
            continue
        boards.append(board)
    return finish(boards, problems, path, KIND)
