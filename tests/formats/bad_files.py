"""A bad file of every kind the readers take, each with many lines wrong in different ways, so
that reading it says as many of its reader's sentences as it can (tests of what they say in
each language).

``results_files()`` are the results files (traveller CSV, bridgescore's JSON, PBN, USEBIO pairs
and teams, NZ Scorer XML), ``hand_records()`` the hand-record files; each maps a file's name to
its bytes."""

from __future__ import annotations

import json

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

_CSV_ROWS = [
    "1,1,1,1,1,4Z,S,10,,,,,C5",  # not a contract
    "0,1,2,2,2,4S,S,10,,,,,C5",  # not a board number
    "2,1,3,x,3,4S,S,10,,,,,C5",  # not a pair number
    "3,1,4,4,4,4S,Q,10,,,,,C5",  # not a seat
    "4,1,5,5,5,4S,S,15,,,,,C5",  # impossible result
    "5,1,6,6,6,4S,S,,,,,,C5",  # no result
    "6,1,7,7,7,,S,10,,,,,C5",  # a declarer without a contract
    "7,1,8,8,8,PASS,S,,,,,,C5",  # a pass-out with a declarer
    "8,1,9,9,9,4S,S,10,425,,,,C5",  # not a score
    "9,1,1,1,1,,,,,A+,,,C5",  # an artificial score for one side only
    "10,1,2,2,2,4S,S,10,,A+/A-,,,C5",  # both a result and an adjusted score
    "11,1,3,3,3,4S,S,10,,,Foo,,C5",  # not a vulnerability
    "12,1,4,4,4,4S,S,10,,,,Z,C5",  # not a dealer
    "13,1,5,5,5,4S,S,10,,,,,Z9",  # not a lead
    "16,1,8,8,8,4S,S,10,,,,",  # too few cells
    "17,1,9,9,9,4S,S,10,620,,,,C5",  # the score contradicts the result
    "1,2,1,1,1,4S,S,10,,,NS,,C5",  # a pair playing a board twice
    "1,3,1,1,1,4S,S,10,,,EW,,C5",  # another vulnerability for the board
    "19,1,1,1,1,3NT,N,-14,,,,,C5",  # impossible result
    "21,1,1,1,1,,,,,60,,,",  # no contract scores +60
    "22,1,1,1,1,,,,,points +421,,,",  # not a bridge score
    "25,1,1,1,1,,,,,30% 4S N = 60% 4S N -1,,,",  # weights
    "26,1,1,1,1,,,,,30% foo,,,",  # not a weighted part
    "27,1,1,1,1,,,,,NS 4S N = | NS 3S N =,,,",  # the same side twice
    "28,1,1,1,1,8S,S,10,,,,,",  # not a contract level
    "30,1,1,1,1,4S,,10,,,,,",  # no declarer
    "31,1,1,1,1,PASS,,,50,,,,",  # a passed-out board scores 0
    "32,1,1,1,1,,,,,,,,",  # no result
    "33,1,1,1,1,4S,S,x,,,,,",  # not a result
    "34,1,1,1,1,,,,,A+/B,,,",  # not an artificial score
    "35,1,1,1,1,,,,,130%,,,",  # percentage out of range
]
_CSV = (
    "board,round,table,ns,ew,contract,declarer,result,score,adjusted,vul,dealer,lead,weird\n"
    + "".join(row + (",x\n" if row.count(",") == 12 else "\n") for row in _CSV_ROWS)
)


def _json() -> str:
    def row(board: int, **cells: object) -> dict[str, object]:
        values: dict[str, object] = {
            "table": str(board),
            "round": 1,
            "ns": board,
            "ew": board,
            "kind": "played",
            "entry": "4S N =",
            "contract": "4S",
            "declarer": "N",
            "tricks": 10,
            "ns_score": 420,
        }
        values.update(cells)
        return values

    rows = [
        row(1, contract="4Z"),
        row(2, declarer="Q"),
        row(3, tricks=15),
        row(4, ns_score=425),
        row(5, ns="x"),
        row(6, kind="magic"),
        row(7, lead="Z9"),
        row(8, entry="nonsense"),
        row(9, kind="artificial", sides="both"),
        row(10, kind="weighted", parts=[{"weight": "x"}]),
        row(11, assigned_points="yes"),
        row(12, tricks="ten"),
    ]
    boards: list[object] = [
        {"board": 1, "dealer": "Q", "vulnerability": "Foo", "deal": "N:AK", "results": rows},
        {"board": "two", "results": []},
        {"board": 3, "results": "none"},
        "a board",
    ]
    data = {
        "bridgescore": "1",
        "format": 1,
        "title": 7,
        "date": "2026-11-17",
        "movement": "sideways",
        "method": "matchpoints",
        "boards": boards,
    }
    return json.dumps(data, indent=1)


_PBN = """% PBN 2.1
% EXPORT
[Event "Bad night"]
[Board "1"]
[Dealer "Q"]
[Vulnerable "Sometimes"]
[Deal "N:AKQ.T98.765.432 T98.765.432.AKQJ"]
[Declarer "Z"]
[Contract "8S"]
[Result "15"]
[Score "NS 4Z5"]
[Date "yesterday"]
[Time "noon"]
[Room "Kitchen"]
[Auction "N"]
1C 1S 2Z 4S 5H
Pass Pass Pass
[Play "W"]
DQ D3 D4 D2 S9
ZZ S2 S4 SJ
*
[Note "99:what"]
[board "2"]
[Board "2"]
[Board "2"]
[Deal "N:AKQJ.T98.765.432 AKQJ.T98.765.432 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Contract "4S"]
[Declarer "N"]
[Result "10"]
[Score "NS 170"]
[Unclosed "value
[Lead "ZZ"]

[Board "3"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Bad\\"]
 1  2 4S   N 10   420
 x  y 4Z   Q 99   abc
 3  4 3NT  S  9

[Board "5"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "W"]
[Contract "4H"]
[Result "10"]
[Auction "N"]
1S 1H X X
XX Pass Pass Pass
2C
[Play "E"]
SA S2 S3 S4
*

[Board "6"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer ""]
[Contract "2S"]
[Result "8"]
[Auction "N"]
1S Pass 2S Pass
Pass +
*

[Board "4"]
{ a comment never closed
"""


def _usebio() -> str:
    def line(ns: str, ew: str, contract: str, by: str, tricks: str, score: str) -> str:
        return (
            f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
            f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><CONTRACT>{contract}</CONTRACT>"
            f"<PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
            "<NS_MATCH_POINTS>x</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS>"
            "</TRAVELLER_LINE>"
        )

    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION><PLACE>{p}</PLACE>"
        f"<PERCENTAGE>{pc}</PERCENTAGE><PLAYER><PLAYER_NAME>Player {n}</PLAYER_NAME></PLAYER>"
        "</PAIR>"
        for n, d, p, pc in (
            ("1", "NS", "1", "55.0"),
            ("1", "EW", "x", "45.0"),
            ("2", "NS", "2", "fifty"),
            ("2", "QQ", "3", "50"),
            ("zz", "EW", "4", "50"),
            ("1", "NS", "5", "50"),
        )
    )
    lines = "".join(
        (
            line("1", "1", "4Z", "N", "10", "420"),
            line("2", "2", "4S", "Q", "10", "420"),
            line("1", "2", "4S", "N", "15", "420"),
            line("2", "1", "4S", "N", "ten", "420"),
            line("9", "9", "4S", "N", "10", "425"),
            line("1", "1", "4S", "N", "10", "620"),
            line("x", "y", "PASS", "", "", "50"),
            line("2", "2", "3NT", "S", "", ""),
        )
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">\n'
        '<EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>Test</PROGRAM_NAME>'
        "<WINNER_TYPE>two</WINNER_TYPE><BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>\n"
        f"<PARTICIPANTS>{pairs}</PARTICIPANTS>\n"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n{lines}</BOARD>\n"
        "<BOARD><BOARD_NUMBER>x</BOARD_NUMBER></BOARD>\n"
        "<BOARD><BOARD_NUMBER>2</BOARD_NUMBER><TRAVELLER_LINE><LEAD>Q</LEAD>"
        "</TRAVELLER_LINE></BOARD>\n"
        "</EVENT>\n</USEBIO>\n"
    )


def _usebio_teams() -> str:
    def line(direction: str, contract: str, by: str, tricks: str, score: str) -> str:
        return (
            f"<TRAVELLER_LINE><DIRECTION>{direction}</DIRECTION><CONTRACT>{contract}</CONTRACT>"
            f"<PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
            "</TRAVELLER_LINE>"
        )

    boards = "".join(
        f"<BOARD><BOARD_NUMBER>{n}</BOARD_NUMBER>{a}{b}</BOARD>"
        for n, a, b in (
            ("1", line("NS", "4Z", "N", "10", "420"), line("EW", "4S", "Q", "10", "420")),
            ("2", line("NS", "4S", "N", "15", "420"), line("QQ", "4S", "N", "10", "425")),
            ("x", line("NS", "4S", "N", "10", "620"), line("EW", "PASS", "N", "", "50")),
        )
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">\n'
        '<EVENT EVENT_TYPE="TEAMS"><PROGRAM_NAME>Test</PROGRAM_NAME>'
        "<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>\n<PARTICIPANTS>"
        '<TEAM TEAM_ID="1" TEAM_NAME="Smith"><PLACE>1</PLACE></TEAM>'
        '<TEAM TEAM_ID="x" TEAM_NAME="Jones"><PLACE>2</PLACE></TEAM></PARTICIPANTS>\n'
        "<MATCH><ROUND_NUMBER>r</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>9</OPPOSING_TEAM>"
        f"{boards}</MATCH>\n</EVENT>\n</USEBIO>\n"
    )


def _nzscorer() -> str:
    def result(pair: int, **cells: str) -> str:
        values = {
            "tab": str(pair),
            "bd": "1",
            "rnd": "1",
            "ns": str(pair),
            "ew": str(pair),
            "dec": "N",
            "cont": "4 S",
            "lead": "",
            "res": "=",
            "score": "420",
            "mp_ns": "10",
            "mp_ew": "10",
            **cells,
        }
        return "<result " + " ".join(f'{k}="{v}"' for k, v in values.items()) + "/>\n"

    rows = (
        result(1, score="42o")
        + result(2, cont="4 Z")
        + result(3, res="+9")
        + result(4, mp_ns="ten")
        + result(5, bd="x")
        + result(6, lead="Q")
        + result(7, dec="")
        + result(8, ns="y")
        + result(9, rnd="r")
        + result(10, score="620")
        + result(11, cont="PASS", res="", score="50")
    )
    scores = (
        '<pair no="x" dir="N"/><pair no="2" dir="Q"/><pair no="3" dir="N" raw_score="5%"/>'
        '<pair no="4" dir="N" pct="fifty"/>'
    )
    return (
        '<?xml version="1.0"?>\n<session scoring_type="MP" event_name="Test">\n'
        f'<board_results><brsection id="A">\n{rows}</brsection></board_results>\n'
        f'<scores><scsection id="A">\n{scores}</scsection></scores>\n</session>\n'
    )


# Files refused as a whole, each for its own reason.
_REFUSED = {
    "empty.csv": b"",
    "header-only.csv": b"board,ns,ew,contract,declarer,result\n",
    "no-columns.csv": b"board,table\n1,1\n",
    "both.csv": b"board,ns,ew,n,e,s,w,score\n1,1,1,1,2,3,4,420\n",
    "twice.csv": b"board,ns,ew,ns,score\n1,1,1,1,420\n",
    "quote.csv": b'board,ns,ew,contract,declarer,result\n1,1,1,"4S,N,10\n2,2,2,4S,N,10\n',
    "latin.csv": "board,ns,ew,score\n1,1,1,420 \u00e9\n".encode("latin-1"),
    "nul.csv": b"board,ns,ew,score\n1,1,1,\x00420\n",
    "not.json": b"{not json",
    "list.json": b"[1, 2, 3]",
    "teams.json": b'{"method": "teams", "matches": []}',
    "no-boards.json": b'{"bridgescore": "1", "format": 1}',
    "deep.json": b"[" * 2000 + b"]" * 2000,
    "not-xml.xml": b"<USEBIO><EVENT></USEBIO>",
    "other.xml": b"<?xml version='1.0'?><html><body/></html>",
    "entity.xml": b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><USEBIO>&a;</USEBIO>',
    "no-event.xml": b'<?xml version="1.0"?><USEBIO Version="1.2"></USEBIO>',
    "sideways.xml": (
        b'<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
        b"<BOARD_SCORING_METHOD>SIDEWAYS</BOARD_SCORING_METHOD></EVENT></USEBIO>"
    ),
    "magic-teams.xml": (
        b'<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS">'
        b"<BOARD_SCORING_METHOD>MAGIC</BOARD_SCORING_METHOD></EVENT></USEBIO>"
    ),
    "two-events.xml": (
        b'<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"></EVENT>'
        b'<EVENT EVENT_TYPE="MP_PAIRS"></EVENT></USEBIO>'
    ),
    "imp-scorer.xml": b'<?xml version="1.0"?>\n<session scoring_type="IMP" event_name="T">'
    b"</session>\n",
    "empty-scorer.xml": b'<?xml version="1.0"?>\n<session scoring_type="MP" event_name="T">'
    b"<board_results></board_results></session>\n",
    "empty.pbn": b"% PBN 2.1\n",
    "text.pbn": b"just some text\n[Board 1]\n",
    "no-games.pbn": b'[Event "x"]\n[Board "1"]\n',
    "binary.pbn": b"\xff\xfe\x00[\x00B\x00",
}


def results_files() -> dict[str, bytes]:
    """A bad results file of each kind the readers take, by its name, and files refused as a
    whole for each reason."""
    return {
        **_REFUSED,
        "bad.csv": _CSV.encode(),
        "bad.json": _json().encode(),
        "bad.pbn": _PBN.encode(),
        "bad-pairs.xml": _usebio().encode(),
        "bad-teams.xml": _usebio_teams().encode(),
        "bad-scorer.xml": _nzscorer().encode(),
    }


def hand_records() -> dict[str, bytes]:
    """A bad hand-record file of each kind, by its name (each named for its kind)."""
    good = DEAL
    return {
        "empty.dlm": b"",
        "text.dup": b"hello, this is not a DUP file at all\n",
        "records.rzd": b"RZD" + b"x" * 13,
        "empty.json": b"[]",
        "object.json": b'{"board": 1}',
        "not-json.json": b"[{",
        "bare.lin": b"qx|o1|sv|n|\n",
        "deal-first.lin": b"md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98|\n",
        "bad.pbn": (
            f'[Board "1"]\n[Deal "{good}"]\n\n[Board "x"]\n[Deal "{good}"]\n\n'
            '[Board "3"]\n[Deal "N:AKQ.T98.765.432 T98.765.432.AKQJ"]\n\n'
            f'[Board "4"]\n[Dealer "Q"]\n[Deal "{good.replace("AKQJ.T98", "AKQZ.T98", 1)}"]\n'
        ).encode(),
        "bad.lin": (
            b"qx|o1|md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98|sv|z|\n"
            b"qx|o2|md|9SAKQ,SAKQ,SAKQ,SAKQ,SAKQ|\n"
            b"md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98|\n"
            b"qx|oX|md|3SAKQJHT98D765C43,ST98H765D432CAKQJ,S765H432DAKQJCT98|\n"
        ),
        "bad.dlm": (
            b"[Document]\nStatus=Show\nDuplicates=1\nFrom board=1\nTo board=3\nChecksum=9\n"
            b"Board 01=abcdefghijklmnopabcdefghij000\nBoard 02=xyz\nnot a line\n"
        ),
        "bad.csv": (
            b"1,AKQJ,T98,765,432,T98,765,432,AKQJ,765,432,AKQJ,T98,432,AKQJ,T98,765,Q,Foo\n"
            b"x,AKQJ,T98,765,432,T98,765,432,AKQJ,765,432,AKQJ,T98,432,AKQJ,T98,765,N,None\n"
            b"3,AKQJ,T98,765,432,AKQJ,765,432,AKQJ,765,432,AKQJ,T98,432,AKQJ,T98,765,N,None\n"
            b"4,AKQJ,T98\n"
        ),
        "bad.json": json.dumps(
            [
                {"board": 1, "deal": "N:AKQ"},
                {"board": "x", "deal": good},
                {"deal": good},
                "board",
                {"board": 2, "deal": good, "dealer": "Q", "vulnerability": "Foo"},
            ]
        ).encode(),
        "bad.dup": b"YN 1 0 02 " + bytes(146) + b"\x00" * 150,
        "bad.rzd": b"RZD" + b"x" * 30 + bytes(40),
        "bad.cds": bytes([1]) + bytes(range(13)) + bytes(30),
        "bad.bri": b"0102030405060708091099" + b" " * 50 + b"\r\n",
        "bad.dge": bytes([6, 6, 3, 4]) + bytes(64) + b"\x01\x02",
        "bad.ber": b"12345Z" * 9 + b"\r\n",
        "bad.bhg": b"abcdefghijklmnopqrstuvwxyz\r\nxyz\r\n",
    }


_GAME = """[Board "{board}"]
[North "Ann"]
[East "Bob"]
[South "Cat"]
[West "Dan"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "{declarer}"]
[Contract "{contract}"]
[Result "{result}"]
[Auction "N"]
{auction}
[Play "{leader}"]
{play}
[Date "yesterday"]
[Room "Kitchen"]
"""


def warned_files() -> dict[str, bytes]:
    """Files that are read, with warnings: a PBN file whose auctions and play break the rules
    in many ways."""
    games = [
        _GAME.format(
            board=1,
            declarer="W",
            contract="4H",
            result="10",
            auction="1S 1H X X\nXX Pass Pass Pass\n2C",
            leader="E",
            play="SA S2 S3 S4 S5\n*",
        ),
        _GAME.format(
            board=2,
            declarer="S",
            contract="2S",
            result="8",
            auction="1S Pass 2S Pass\nPass Pass",
            leader="N",
            play="*",
        ),
        _GAME.format(
            board=3,
            declarer="N",
            contract="3NT",
            result="12",
            auction="Pass 1NT Pass 3NT\nPass Pass Pass",
            leader="S",
            play="HA H2 H3 H4\n*",
        ),
    ]
    return {"warned.pbn": ("% PBN 2.1\n% EXPORT\n" + "\n".join(games)).encode()}
