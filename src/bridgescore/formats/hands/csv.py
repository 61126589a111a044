"""CSV: a line a board, every field quoted: North's spades, hearts, diamonds and clubs, then
East's, South's and West's (ranks, ``T`` for ten), the board number, and the dealer and
vulnerability as ``N/-``, ``E/NS``, ``S/EW`` or ``W/All``. Lines end with CR LF."""

from __future__ import annotations

import csv
import io

from bridgescore.bridge import Seat, Vulnerability
from bridgescore.errors import ParseError, Problems, sentence
from bridgescore.formats.hands.model import (
    HandRecords,
    check_number,
    deal_from_holdings,
    finish,
    holdings_of,
    refuse_empty,
)
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.session import Board

KIND = "CSV"
_VULS = {
    "-": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "All": Vulnerability.ALL,
}
_VUL_TEXT = {v: k for k, v in _VULS.items()}


def fits(data: bytes) -> bool:
    """The file's first line has CSV hand records' 18 fields."""
    first = data.lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0]
    return first.count(b",") == 17


def looks_like(data: bytes) -> bool:
    """The file's first line is comma-separated text."""
    first = data.lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0]
    return b"," in first and b"\0" not in first and not first.lstrip().startswith((b"[", b"{"))


def loads(data: bytes, path: str | None = None) -> HandRecords:
    problems = Problems(path)
    from bridgescore.formats.files import decode_text

    text = decode_text(data, Text(N_("CSV hand-record")), path)
    boards = []
    for line, row in enumerate(csv.reader(io.StringIO(text)), 1):
        if not row or not any(cell.strip() for cell in row):
            continue
        if len(row) != 18:
            problems.report(
                Text(N_("%(row_count)s fields"), row_count=len(row)),
                line,
                expected=Text(
                    N_("18: 16 suits (North's four … West's), board, dealer/vulnerability")
                ),
            )
            continue
        board = _board(row, line, problems)
        if board is not None:
            boards.append(board)
    return finish(boards, problems, path, KIND)


def _board(row: list[str], line: int, problems: Problems) -> Board | None:
    number_text = row[16].strip()
    if not number_text.isdigit() or len(number_text) > 6:
        problems.report(
            Text(N_("not a board number")), line, found=number_text, expected=Text(N_("1 to 9999"))
        )
        return None
    number = int(number_text)
    if not check_number(number, problems, line):
        return None
    dealer_text, _, vul_text = row[17].strip().partition("/")
    try:
        dealer = Seat.parse(dealer_text)
    except ParseError:
        problems.report(
            Text(N_("not a dealer")), line, number, found=row[17], expected=Text(N_("N, E, S or W"))
        )
        return None
    if vul_text not in _VULS:
        problems.report(
            Text(N_("not a vulnerability")),
            line,
            number,
            found=row[17],
            expected=Text(N_("-, NS, EW or All")),
        )
        return None
    holdings = [[row[4 * seat + suit].strip().upper() for suit in range(4)] for seat in range(4)]
    try:
        deal = deal_from_holdings(holdings)
    except ParseError as error:
        problems.report(sentence(error), line, number)
        return None
    return Board(number, _VULS[vul_text], dealer, deal)


def dumps(records: HandRecords) -> bytes:
    refuse_empty(records.boards, KIND)
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    for board in records.boards:
        suits = [ranks for hand in holdings_of(board) for ranks in hand]
        writer.writerow(
            [*suits, str(board.number), f"{board.dealer.value}/{_VUL_TEXT[board.vulnerability]}"]
        )
    return out.getvalue().encode("utf-8")
