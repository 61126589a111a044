"""DGE: 128 bytes a board: each hand (North, East, South, West) as its four suits, each a
marker byte (6 spades, 3 hearts, 4 diamonds, 5 clubs: the old PC's suit symbols) then its
ranks, 68 bytes in all, then zero bytes. Boards follow one another from board 1; DUP embeds the
68 bytes."""

from __future__ import annotations

from bridgescore.deal import Deal
from bridgescore.errors import ParseError
from bridgescore.formats.hands.model import (
    HandRecords,
    deal_from_holdings,
    holdings_of,
    numbered_records,
    writable_numbered_from_one,
)
from bridgescore.languages import N_
from bridgescore.languages.text import Text

KIND = "DGE"
_SIZE = 128
LENGTH = 68  # 16 suit markers and 52 ranks
MARKERS = {6: 0, 3: 1, 4: 2, 5: 3}  # marker byte: suit (spades first)
_MARKER_OF = {suit: marker for marker, suit in MARKERS.items()}


def decode_deal(text: bytes) -> Deal:
    """The deal of 68 bytes: for each hand, four markers each followed by the suit's ranks."""
    holdings: list[list[str]] = [["", "", "", ""] for _ in range(4)]
    hand = -1
    seen: set[int] = set()
    suit = None
    markers = 0
    for byte in text:
        if byte in MARKERS:
            if markers % 4 == 0:
                hand += 1
                seen = set()
            markers += 1
            suit = MARKERS[byte]
            if suit in seen:
                raise ParseError(
                    Text(
                        N_("hand %(hand)s has two %(suit)s markers"),
                        hand=hand + 1,
                        suit="SHDC"[suit],
                    )
                )
            seen.add(suit)
        elif suit is None or hand > 3:
            raise ParseError(
                Text(
                    N_("byte 0x%(byte)s where a suit marker belongs (expected 6, 3, 4 or 5)"),
                    byte=f"{byte:02X}",
                )
            )
        else:
            holdings[hand][suit] += chr(byte)
    if markers != 16:
        raise ParseError(
            Text(
                N_("%(markers)s suit markers (expected 16: four suits in four hands)"),
                markers=markers,
            )
        )
    return deal_from_holdings(holdings)


def encode_deal(holdings: list[tuple[str, str, str, str]]) -> bytes:
    return b"".join(
        bytes([_MARKER_OF[suit]]) + ranks.encode("ascii")
        for hand in holdings
        for suit, ranks in enumerate(hand)
    )


def fits(data: bytes) -> bool:
    """The whole file is DGE: 128-byte records, each starting with a suit marker."""
    return (
        bool(data)
        and len(data) % _SIZE == 0
        and all(data[n] in MARKERS for n in range(0, len(data), _SIZE))
    )


def looks_like(data: bytes) -> bool:
    """The file starts with a suit marker."""
    return bool(data) and data[0] in MARKERS


def loads(data: bytes, path: str | None = None) -> HandRecords:
    return numbered_records(data, _SIZE, _record, path, KIND)


def _record(record: bytes) -> Deal:
    if any(record[LENGTH:]):
        raise ParseError(Text(N_("bytes after the deal's 68 are not zero (expected zero padding)")))
    return decode_deal(record[:LENGTH])


def dumps(records: HandRecords) -> bytes:
    boards = writable_numbered_from_one(records, KIND)
    return b"".join(encode_deal(holdings_of(b)) + b"\0" * (_SIZE - LENGTH) for b in boards)
