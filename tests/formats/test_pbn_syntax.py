"""The PBN 2.1 syntax layer: reader, problems, inheritance, tables, writer, value helpers.

Real files are read in place from ../shared/data (see its README); the tests that need them
are skipped, with the reason, when that folder is absent.
"""

from __future__ import annotations

import io
import re
import time
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.bridge import Seat, Strain, Vulnerability
from bridgescore.contract import Contract
from bridgescore.errors import InputFileError, ParseError
from bridgescore.formats.pbn import document, syntax
from bridgescore.formats.pbn.document import (
    Cell,
    Column,
    Comment,
    CommentKind,
    Game,
    PbnContract,
    PbnDeclarer,
    PbnDocument,
    PbnResult,
    PbnScore,
    ProblemKind,
    Row,
    Severity,
    Table,
    Tag,
)


def shared_data(*parts: str) -> Path:
    """A file under ../shared/data, or skip the test when that folder is absent."""
    path = Path(__file__).resolve().parents[3] / "shared" / "data"
    path = path.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is not available (the shared data folder is absent)")
    return path


@cache
def read(*parts: str) -> PbnDocument:
    """A real file, read once for all tests, with every check."""
    return syntax.read_path(shared_data(*parts), play_checks=True)


def reference(name: str) -> PbnDocument:
    return read("pbn-reference", "reference_impl_tests", name)


def found(doc: PbnDocument) -> list[str]:
    """Every problem as "<line> <e|w> <kind>", in line order."""
    problems = sorted(doc.problems + doc.warnings, key=lambda p: p.line or 0)
    return [f"{p.line} {p.severity.value[0]} {p.kind.value}" for p in problems]


def expected(table: str) -> list[str]:
    """Problems listed as "<line> <e|w> <kind>  # why", several lines per game."""
    rows = [line.split("#")[0].split() for line in table.strip().splitlines()]
    out = []
    for row in rows:
        severity, kind = row[-2], row[-1]
        out += [f"{line} {severity} {kind}" for line in row[:-2]]
    return sorted(out, key=lambda s: int(s.split()[0]))


# --------------------------------------------------------------------------------------------
# The standard's reference files: every intended error, nothing in the correct ones

# From reading errors_10.pbn: the "%" comment above each game names its error.
ERRORS_10 = """
7 w unknown-tag          # game 1: new tag name (§4.9: skip it, perhaps warn)
11 15 e syntax           # no tag value; no quotes
19 e character           # tab inside a string
23 27 w value            # Round "&", "-1"
31 35 w value            # Date "1995.o6.10", "95.06.10"
39 43 e value            # Dealer "Black", Vulnerable "E"
47 51 55 59 63 e value   # Deal: bad rank, SK twice, 14 cards, 12 vs 13, 12 vs 13 (partial)
67 71 75 e value         # Deal: double space, 14 cards, no cards
79 83 87 91 e value      # Declarer "White", Contract "5Hearts", "5NoTrump", Result "C-2"
95 e misplaced           # "bad characters" before any tag
98 e misplaced           # Note outside an auction or play section
102 w missing-tag        # Auction without Dealer
108 114 120 w missing-tag  # Play without Deal, Declarer, Contract
127 e duplicate-tag      # Site twice
159 168 w auction        # the dealer must call first
177 e token              # "1": no strain
186 w nonstandard        # "1N" is read as 1NT but is not the standard's notation
195 204 214 w auction    # insufficient bid, double of partner, redouble of own double
223 226 229 232 e token  # double suffix (twice), double NAG (twice)
235 238 241 e token      # card NAG on a call, $256, $a
244 247 250 e token      # =a=, =44=, two note references
250 250 w note           # no note for =1=, =2=
258 266 274 w auction    # Declarer N, W, ^S against the auction's S
283 290 298 w auction    # Contract 1D, Pass, Pass against the auction's 1C
306 314 w auction        # risk: 1CX against 1C, 1C against 1CX
328 w play               # revoke CA
340 343 346 349 e token  # double suffix (twice), double NAG (twice) on cards
361 363 366 368 e token  # call NAG on a card, $256, =a=, $a
381 384 e token          # =44=, two note references
384 384 w note           # no note for =1=, =2=
387 390 w play           # DA played again; S2 is not South's
405 408 411 e token      # S1, HHT, KT
423 w play               # ^R on a card that is no revoke
429 432 435 e token      # two irregularity marks on a card
438 w play               # a third lead out of turn in the trick ("Double illegal")
450 462 474 486 w play   # ^L on a lead in turn, ^R on a lead, ^R on following suit or a void
495 504 w inconsistent   # a result without a declarer
529 531 e note           # note indexes 0 and 33
534 569 w note           # note 32 never referred to
564 w note               # no note for =3=
601 w auction            # ^I on a sufficient bid
636 e value              # NS 9 EW 2 does not add up to 13
654 663 670 e token      # double NAG; call NAG $2 on cards
690 w play               # Result 4, but declarer's side has already won 6 tricks
772 773 774 775 776 777 779 e inheritance  # "#" for the 7 tags that may not inherit
784 785 786 787 e value  # Score, ScoreIMP, ScorePercentage, ScoreRubber "a"
791 792 793 794 e value  # ... "10.a"
798 799 800 801 e value  # ... "10.-10"
805 806 807 808 e value  # ... "10. 10"
812 e value              # ScorePercentage "-10"
817 820 825 w format     # lines of 255 characters
828 w character          # DEL and C1 control characters
833 w value              # Scoring "Unknown tag"
839 854 863 865 866 867 w format  # after "% EXPORT": two tags a line, >4 calls/cards a line
865 w play               # "*" after "+"
875 877 879 881 883 e note  # Note "", ":", " ", "a", "a:"
912 914 916 916 916 e token  # CS, DS, "--" three times
934 w play               # not marked in the file: 3NT took 10 tricks in the play, Result says 9
955 957 e unterminated   # missing closing quotes
955 w format             # 350 characters
955 w character          # byte 0x85 (a Windows-1252 ellipsis), not ISO 8859-1
"""

ERRORS_20 = """
7 w value                # new Scoring field "??"
10 e value               # Scoring ";"
15 18 23 26 w inconsistent  # ScoreRubberHistory against Vulnerable
40 53 w play             # double '+', card after '+'
66 79 92 w auction       # double '+', call after '+' (twice)
97 100 e unterminated    # Call\\"] escapes the quote; Call\\ ] has none
97 100 103 e table       # bad width in Call\\, Call\\ , Call\\L
108 e table              # comment after table elements
113 121 e table          # '%' and ']' in table elements
117 e syntax             # '[' opens a tag that never closes
117 e table              # so the row has 1 element
125 125 e table          # '{' opens a comment after an element; the row has 1 element
143 e table              # missing table elements
158 174 w table          # -Percentage (lowest first) on rows sorted highest first
"""

ERRORS_21 = """
7 11 e value             # OptimumScore "100" (no side), "EW" (no number)
"""


@pytest.mark.parametrize(
    ("name", "table"),
    [("errors_10.pbn", ERRORS_10), ("errors_20.pbn", ERRORS_20), ("errors_21.pbn", ERRORS_21)],
)
def test_reference_error_files_report_each_intended_error(name: str, table: str) -> None:
    assert found(reference(name)) == expected(table)


@pytest.mark.parametrize(
    ("name", "games"), [("correct_10.pbn", 31), ("correct_20.pbn", 46), ("correct_21.pbn", 2)]
)
def test_reference_correct_files_have_no_problems(name: str, games: int) -> None:
    doc = reference(name)
    assert doc.problems == ()
    assert doc.warnings == ()
    assert len(doc.games) == games


def test_without_play_checks_the_errors_are_the_same() -> None:
    full = reference("errors_10.pbn")
    fast = syntax.read_path(shared_data("pbn-reference", "reference_impl_tests", "errors_10.pbn"))
    assert fast.problems == full.problems
    # Only the rules of bridge are left out: legality of the auction and play, and whether
    # they agree with Contract, Declarer and Result.
    left_out = Counter(found(full)) - Counter(found(fast))
    assert {problem.split()[2] for problem in left_out} == {"auction", "play"}
    assert not Counter(found(fast)) - Counter(found(full))


def test_problems_carry_board_found_and_expected() -> None:
    doc = reference("errors_10.pbn")
    dealer = next(p for p in doc.problems if p.line == 39)
    assert (dealer.kind, dealer.severity) == (ProblemKind.VALUE, Severity.ERROR)
    assert dealer.found == "Black"
    assert dealer.expected == "N, E, S or W"
    duplicate = next(p for p in doc.problems if p.kind is ProblemKind.DUPLICATE_TAG)
    assert duplicate.board == 1
    assert "line 127, board 1" in duplicate.describe()


@pytest.mark.parametrize(
    ("name", "games"),
    [
        ("test_record_with_empty_line_in_comment.pbn", 1),  # a blank line inside { }
        ("test_record_with_escape_in_comment.pbn", 1),  # "%" in column 1 inside { }
        ("test_record_with_lots_of_curlies.pbn", 2),  # "{ {} {" ... "}" then an empty line
        ("test_record_with_single_line_curly_comment.pbn", 2),  # a tab-only line ends a game
        ("three_test_records.pbn", 3),
        ("three_test_records_crlf.pbn", 3),
    ],
)
def test_reference_records(name: str, games: int) -> None:
    doc = read("pbn-reference", name)
    assert doc.problems == ()
    assert len(doc.games) == games
    # BridgeComposer's own tags are not PBN 2.1 tags: warned about, kept.
    assert {p.kind for p in doc.warnings} <= {ProblemKind.UNKNOWN_TAG, ProblemKind.FORMAT}
    header = shared_data("pbn-reference", name).read_bytes().startswith(b"% PBN 2.1")
    assert (doc.version == "2.1", doc.export) == (header, header)


def test_crlf_file_reads_like_its_lf_twin() -> None:
    lf = read("pbn-reference", "three_test_records.pbn")
    crlf = read("pbn-reference", "three_test_records_crlf.pbn")
    assert crlf.games == lf.games


def test_comments_spanning_lines_and_escapes_inside_them() -> None:
    doc = read("pbn-reference", "test_record_with_empty_line_in_comment.pbn")
    deal = doc.games[0].tag("Deal")
    assert deal is not None
    assert "\n\nThis line +/- 2 are comment lines." in deal.comments[0].text
    escape = read("pbn-reference", "test_record_with_escape_in_comment.pbn")
    event = escape.games[0].tag("Event")
    assert event is not None and event.comments == (Comment("\n%\n"),)
    curly = read("pbn-reference", "test_record_with_lots_of_curlies.pbn")
    closed = curly.games[0].tags[-1]
    assert closed.name == "CommentIsClosed"
    deal = curly.games[0].tags[-2]
    assert [c.text for c in deal.comments] == [" {", "  comment is open\n\n{ {{{ "]


# --------------------------------------------------------------------------------------------
# Real files


def board_tags(path: Path) -> int:
    return len(re.findall(rb"^\[Board ", path.read_bytes(), re.MULTILINE))


@pytest.mark.parametrize(
    ("name", "games", "boards"),
    [
        ("example1.pbn", 2, 2),
        ("example2.pbn", 299, 299),
        ("example3.pbn", 7632, 3816),  # 3,816 deals, 7,632 table results
        ("example4.pbn", 1, 1),
        ("sample.pbn", 2, 2),
    ],
)
def test_example_files_parse_without_errors(name: str, games: int, boards: int) -> None:
    doc = read("pbn", name)
    assert doc.problems == ()
    assert len(doc.games) == games
    assert board_tags(shared_data("pbn", name)) == boards
    assert sum(1 for game in doc.games if game.tag("Board")) == boards


def test_example3_counts_7632_results_on_3816_deals() -> None:
    doc = read("pbn", "example3.pbn")
    assert sum(1 for g in doc.games if g.get("Contract") is not None) == 7632
    assert sum(1 for g in doc.games if g.get("Result") is not None) == 7632
    deals = [g.get("Deal") for g in doc.games if g.tag("Deal")]
    assert len(deals) == 3816  # 2,298 different: several events played the same boards
    assert all(len(document.parse_deal(deal or "")) == 4 for deal in deals)
    for game in doc.games[:200]:
        contract = game.get("Contract")
        assert contract is not None
        document.parse_contract(contract)  # "3N", "5DR": read leniently


def test_example3_nonstandard_notation_is_a_warning() -> None:
    kinds = Counter(p.kind for p in read("pbn", "example3.pbn").warnings)
    # "3N" for 3NT; the second table of each deal repeats no Board, Dealer or Deal; the
    # auctions leave out the passes before the opening bid; many plays contradict the deal.
    assert kinds[ProblemKind.NONSTANDARD] > 2000
    assert kinds[ProblemKind.MISSING_TAG] > 7000
    assert kinds[ProblemKind.AUCTION] > 3000
    assert set(kinds) == {
        ProblemKind.NONSTANDARD,
        ProblemKind.MISSING_TAG,
        ProblemKind.AUCTION,
        ProblemKind.PLAY,
    }


def test_example2_teams_scores() -> None:
    doc = read("pbn", "example2.pbn")
    assert {p.kind for p in doc.warnings} == {ProblemKind.UNKNOWN_TAG}  # DoubleDummyTricks
    scored = [g for g in doc.games if g.get("Score")]
    assert len(doc.games) - len(scored) == 20  # the data README: 20 rows without a Score
    second = doc.games[1]
    assert document.parse_score(second.get("Score") or "") == PbnScore(ns=Fraction(120))
    assert document.parse_score(second.get("ScoreIMP") or "", "ScoreIMP") == PbnScore(
        ns=Fraction(1), ew=Fraction(-1)
    )
    assert second.notes("Auction") == {1: " 11-13,17-19 or clubs", 2: " 9-11, no 4cM"}
    table = second.tag("OptimumResultTable")
    assert table is not None and table.table is not None
    assert len(table.table.rows) == 20
    assert table.table.rows[0].cells == (Cell("N"), Cell("NT"), Cell("7"))


def test_sample_file_with_inherited_event() -> None:
    doc = read("pbn", "sample.pbn")
    second = doc.games[1]
    event = second.tag("Event")
    assert event is not None
    assert (event.value, event.inherited, event.resolved) == ("#", "TestingPBN", "TestingPBN")
    assert second.get("Contract") == "Pass" and second.get("Declarer") == ""


def test_example4_comments_are_kept_where_they_were() -> None:
    doc = read("pbn", "example4.pbn")
    game = doc.games[0]
    assert game.comments == (Comment(" PBN (c) 2021 rpbridge.net", CommentKind.ESCAPE),)
    home = game.tag("HomeTeam")
    visit = game.tag("VisitTeam")
    west = game.tag("West")
    assert home is not None and visit is not None and west is not None
    assert home.comments == (Comment(" this is a\ncomment "),)
    assert visit.comments == (Comment(" this is also a comment", CommentKind.SEMICOLON),)
    assert west.comments == (Comment(" this is also a comment "),)


def test_example3_reads_fast_enough() -> None:
    text, _ = syntax.decode(shared_data("pbn", "example3.pbn").read_bytes())
    start = time.perf_counter()
    doc = syntax.loads(text)
    # Well under a second on a laptop; the bound only catches a gross regression.
    assert time.perf_counter() - start < 15
    assert doc.problems == read("pbn", "example3.pbn").problems


# --------------------------------------------------------------------------------------------
# Decoding and line ends


def test_utf8_with_bom_and_crlf() -> None:
    data = '\ufeff% PBN 2.1\r\n[Event "Café ♠"]\r\n[Board "1"]\r\n'.encode()
    doc = syntax.load(io.BytesIO(data))
    assert doc.encoding == "utf-8-sig"
    assert doc.version == "2.1"
    assert doc.games[0].get("Event") == "Café ♠"
    assert doc.problems == ()


def test_latin1_when_not_utf8() -> None:
    doc = syntax.load(io.BytesIO(b'[Event "Caf\xe9 Li\xe8ge"]\n[Board "1"]\n'))
    assert doc.encoding == "latin-1"
    assert doc.games[0].get("Event") == "Café Liège"


def test_plain_utf8_and_text_file_objects() -> None:
    assert syntax.decode('[Event "é"]'.encode()) == ('[Event "é"]', "utf-8")
    doc = syntax.load(io.StringIO('[Board "3"]\n'))
    assert doc.encoding is None and doc.games[0].board == 3


def test_cr_line_ends_and_semi_empty_separators() -> None:
    doc = syntax.loads('[Board "1"]\r[Dealer "N"]\r \t \r[Board "2"]\r')
    assert [g.board for g in doc.games] == [1, 2]
    assert [t.line for t in doc.games[1].tags] == [4]


def test_read_path_names_the_file_in_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_bytes(b'[Board "x"]\n')
    doc = syntax.read_path(path)
    with pytest.raises(InputFileError) as raised:
        doc.raise_for_problems()
    assert raised.value.path == str(path)
    assert f"{path}:1, " not in str(raised.value)  # no board number: "x" is not one
    assert f"{path}:1: not a board number" in str(raised.value)


# --------------------------------------------------------------------------------------------
# Lexing


def test_tag_layouts_of_import_format() -> None:
    doc = syntax.loads(
        '[Event"a"]\n'
        '[   Site "b"   ] [Date "2001.02.03"]\n'
        ' [\n   Round\n  "1"\n ]\n'
        '[West "q\\"uote\\\\back\\slash"]\n'
    )
    game = doc.games[0]
    assert [(t.name, t.value, t.line) for t in game.tags] == [
        ("Event", "a", 1),
        ("Site", "b", 2),
        ("Date", "2001.02.03", 2),
        ("Round", "1", 3),
        ("West", 'q"uote\\back\\slash', 7),
    ]
    assert doc.problems == () and doc.warnings == ()


def test_comments_kinds_and_places() -> None:
    doc = syntax.loads(
        "% header comment\n"
        "{ before } ; rest\n"
        '[Event "e"] { after event } ; eol\n'
        "{ next line }\n"
        '[Auction "N"]\n'
        "1NT { call } Pass ; end\n"
        "% inside section\n"
        "Pass Pass\n"
        "\n"
        "% trailing\n"
    )
    game = doc.games[0]
    assert game.comments == (
        Comment(" header comment", CommentKind.ESCAPE),
        Comment(" before "),
        Comment(" rest", CommentKind.SEMICOLON),
    )
    assert game.tags[0].comments == (
        Comment(" after event "),
        Comment(" eol", CommentKind.SEMICOLON),
        Comment(" next line "),
    )
    section = game.tags[1].section
    assert [line.items for line in section] == [
        ("1NT", Comment(" call "), "Pass", Comment(" end", CommentKind.SEMICOLON)),
        (Comment(" inside section", CommentKind.ESCAPE),),
        ("Pass", "Pass"),
    ]
    assert doc.comments == (Comment(" trailing", CommentKind.ESCAPE),)


def test_comment_only_blocks_are_not_games() -> None:
    doc = syntax.loads('% not a game\n{ nor this }\n\n[Board "1"]\n')
    assert len(doc.games) == 1
    assert [c.text for c in doc.games[0].comments] == [" not a game", " nor this "]


def test_unterminated_comment_and_string() -> None:
    doc = syntax.loads('[Board "1"]\n{ never closed\n\n[Board "2"]\n')
    assert found(doc) == ["2 e unterminated"]
    assert len(doc.games) == 1  # the comment swallowed the rest
    doc = syntax.loads('[Event "no end]\n[Board "1"]\n')
    assert found(doc) == ["1 e unterminated"]
    assert doc.games[0].get("Event") == "no end"  # recovered up to the "]"


def test_tabs_and_long_lines() -> None:
    doc = syntax.loads('[Event "a\tb"]\n{' + "x" * 300 + "}\n")
    assert found(doc) == ["1 e character", "2 w format"]


# --------------------------------------------------------------------------------------------
# Games, duplicates, values


def test_duplicate_tag_keeps_the_first() -> None:
    doc = syntax.loads('[Board "1"]\n[Dealer "N"]\n[Dealer "S"]\n')
    assert found(doc) == ["3 e duplicate-tag"]
    assert doc.games[0].get("Dealer") == "N"
    assert [t.value for t in doc.games[0].tags] == ["1", "N", "S"]  # kept, lossless


@pytest.mark.parametrize(
    ("tag", "value", "ok"),
    [
        ("Board", "12", True),
        ("Board", "0", False),
        ("Board", "?", True),  # §3.4: "?" for an unknown mandatory tag
        ("Dealer", "w", True),  # lower case is import format (§3.11)
        ("Dealer", "X", False),
        ("Vulnerable", "Both", True),
        ("Vulnerable", "Love", True),
        ("Vulnerable", "-", True),
        ("Vulnerable", "E", False),
        ("Declarer", "^E", True),
        ("Declarer", "^", False),
        ("Contract", "7NTXX", True),
        ("Contract", "8S", False),
        ("Contract", "4SXXX", False),
        ("Result", "EW 4 NS 9", True),
        ("Result", "^9", True),
        ("Result", "14", False),
        ("Result", "NS 9 NS 4", False),
        ("Score", "NS +550", True),
        ("Score", "EW 300 NS -300", True),
        ("Score", "12.5", False),
        ("ScoreIMP", "EW -2.5", True),
        ("ScoreMP", "NS 7.5 EW 4.5", True),
        ("ScorePercentage", "100.", True),
        ("ScorePercentage", "100.1", False),
        ("OptimumScore", "NS +400", True),
        ("ScoreRubber", "EW 300/40 NS 50 / 70", True),
        ("Note", "1:x", True),
        ("Note", "33:x", False),
    ],
)
def test_values_of_well_defined_tags(tag: str, value: str, ok: bool) -> None:
    section = '[Dealer "N"]\n[Auction "N"]\n1C =1= AP\n' if tag == "Note" else ""
    doc = syntax.loads(f'{section}[{tag} "{value}"]\n')
    errors = [p for p in doc.problems if p.kind in (ProblemKind.VALUE, ProblemKind.NOTE)]
    assert (errors == []) is ok, errors


def test_deal_checks() -> None:
    good = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
    assert syntax.loads(f'[Deal "{good}"]\n').problems == ()
    end_position = "N:.6.AKQ987.A9732 A865.KQ5.T.QJT6 J97.J98742.3.K4 QT2.AT.J6542.85"
    assert syntax.loads(f'[Deal "{end_position}"]\n').problems == ()
    for bad in ["N:AKQJ", "X:- - - -", good.replace("A8654", "A8655"), good.replace(" ", "  ", 1)]:
        assert found(syntax.loads(f'[Deal "{bad}"]\n')) == ["1 e value"], bad


# --------------------------------------------------------------------------------------------
# Inheritance (§4.8)


def test_inheritance_hash_and_double_hash() -> None:
    doc = syntax.loads(
        '[Event "##Club night"]\n[Site "Hall"]\n[Board "1"]\n\n'
        '[Site "#"]\n[Board "2"]\n\n'
        '[Event "Second half"]\n[Board "3"]\n\n'
        '[Board "4"]\n[West "#"]\n'
    )
    g1, g2, g3, g4 = doc.games
    assert g1.get("Event") == "Club night"
    assert g2.get("Event") == "Club night" and g2.tag("Event") is None
    assert g2.get("Site") == "Hall" and g2.tag("Site") == Tag("Site", "#", "Hall")
    assert g3.get("Event") == "Second half"  # a plain value redefines the "##" default
    assert g4.get("Event") == "Second half"
    assert g4.get("West") == ""  # nothing to inherit
    assert g4.defaults == (("Event", "Second half"),)
    assert doc.problems == ()


def test_inheritance_forbidden_tags_are_errors_and_not_resolved() -> None:
    doc = syntax.loads('[Dealer "N"]\n[Board "1"]\n\n[Dealer "#"]\n[Vulnerable "##None"]\n')
    assert found(doc) == ["4 e inheritance", "5 e inheritance"]
    dealer = doc.games[1].tag("Dealer")
    assert dealer is not None and dealer.resolved == "#"


def test_inheritance_in_the_reference_file() -> None:
    doc = reference("correct_20.pbn")
    hidden = [g.get("Hidden") for g in doc.games[:15]]
    assert hidden == [None, "WNE", "WNE"] + ["NES"] * 5 + ["ESW"] * 4 + ["SWN"] * 3
    assert [g.get("West") for g in doc.games[:4]] == ["?", "?", "", ""]
    assert doc.games[16].get("Event") == "International Amsterdam Airport Schiphol Bridgetournament"
    scores = doc.games[45].tag("ScoreTable")
    assert scores is not None and scores.value == "#" and scores.table is not None
    assert scores.table.columns[0] == Column("Rank", "-", 3, "R")


# --------------------------------------------------------------------------------------------
# Tables (§5)

TABLE_TEXT = (
    '[Board "1"]\n'
    '[ScoreTable "PairId_NS\\2R;Contract\\4L;Declarer;Result\\2R;Score_NS\\6R;'
    'Names_NS;-MP_NS\\4R;Multiplicity"]\n'
    ' 1 4S   N 10   "670" "Ann Smith;Bob Jones"  2.0 2\n'
    " 2 -    - -      ^50 ? 3.5 1\n"
    ' 3 3NT  S  9   -420 "-" 4 1\n'
)


def test_table_cells_keep_quotes_dashes_unknowns_and_carets() -> None:
    doc = syntax.loads(TABLE_TEXT)
    assert doc.problems == () and doc.warnings == ()
    tag = doc.games[0].tag("ScoreTable")
    assert tag is not None and tag.table is not None
    table = tag.table
    assert [c.name for c in table.columns][:3] == ["PairId_NS", "Contract", "Declarer"]
    assert table.columns[0] == Column("PairId_NS", "", 2, "R")
    assert table.columns[6] == Column("MP_NS", "-", 4, "R")
    first, second, third = table.rows
    assert first.cells[4] == Cell("670", quoted=True)
    assert first.cells[5] == Cell("Ann Smith;Bob Jones", quoted=True)
    assert second.cells[1].irrelevant and not third.cells[5].irrelevant  # "-" vs '"-"'
    assert second.cells[4] == Cell("50", artificial=True)
    assert second.cells[5].unknown
    assert table.records()[2]["Score_NS"] == Cell("-420")
    assert table.column("Multiplicity") == (Cell("2"), Cell("1"), Cell("1"))
    assert table.index("Result") == 3


def test_table_written_with_widths_and_alignment() -> None:
    text = syntax.dumps(syntax.loads(TABLE_TEXT))
    rows = text.splitlines()[-3:]
    assert rows == [
        ' 1 4S   N 10  "670" "Ann Smith;Bob Jones"  2.0 2',
        " 2 -    -  -    ^50 ?  3.5 1",
        ' 3 3NT  S  9   -420 "-"    4 1',
    ]
    assert syntax.dumps(syntax.loads(text)) == text


def test_table_rows_of_the_wrong_length_and_continued_rows() -> None:
    doc = syntax.loads('[ScoreTable "A;B;C"]\n1 2 3\n4 5\n6\n7 8 9 10 11 12\n13 14\n15 16 17 18\n')
    table = doc.games[0].tags[0].table
    assert table is not None
    # "4 5" continues on the next line (import format); "13 14" cannot take 3 more elements.
    assert [len(r.cells) for r in table.rows] == [3, 3, 3, 3, 2, 4]
    assert found(doc) == ["6 e table", "7 e table"]


def test_multiplicity_and_ranks_of_the_reference_score_table() -> None:
    tag = reference("correct_20.pbn").games[44].tag("ScoreTable")
    assert tag is not None and tag.table is not None
    ranks = [int(c.text) for c in tag.table.column("Rank") if c]
    counts = [int(c.text) for c in tag.table.column("Multiplicity") if c]
    assert len(ranks) == 26 and sum(counts) == 155
    # "best rank in case of ties": each rank is one more than the results above it.
    assert ranks == [1 + sum(counts[:i]) for i in range(len(counts))]
    names = reference("correct_20.pbn").games[44].tag("TotalScoreTable")
    assert names is not None and names.table is not None
    assert names.table.rows[0].cells[2] == Cell(
        "Sergey OSTRIKOV      ;Oleg ODINTSEV        ", quoted=True
    )


def test_sort_order_marks_are_checked() -> None:
    doc = syntax.loads('[ScoreTable "+Score_NS;-Rank"]\n400 1\n420 2\n- 3\n')
    assert found(doc) == ["3 w table"]  # 420 after 400 in a column sorted highest first


def test_column_and_cell_notation_round_trips() -> None:
    for spec in ["-Rank\\3R", "+Percentage_NS\\4R", "Names\\45", "Multiplicity\\2L", "Lead"]:
        assert str(Column.parse(spec)) == spec
    with pytest.raises(ParseError):
        Column.parse("Call\\L")
    for token in ["-", "?", "^50", '"Ann Smith"', '"-"', '^"A60"', "4S"]:
        assert str(Cell.parse(token)) == token
    assert document.parse_columns("") == ()


# --------------------------------------------------------------------------------------------
# Auction, play and notes


def test_auction_and_play_that_follow_the_rules() -> None:
    doc = reference("correct_10.pbn")
    game = doc.games[0]
    auction = game.tag("Auction")
    assert auction is not None
    assert auction.section[0].items == (
        "1D",
        "1S",
        "3H",
        "=1=",
        "4S",
        Comment(" end-of-line AUCTION", CommentKind.SEMICOLON),
    )
    assert game.notes("Auction") == {
        1: " non-forcing 6-9 points, 6-card",
        2: " two colors: clubs and diamonds",
    }


def test_play_result_against_the_cards() -> None:
    base = (
        '[Dealer "N"]\n[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 '
        'KQT2.AT.J6542.85"]\n[Declarer "S"]\n[Contract "5HX"]\n[Result "{}"]\n[Play "W"]\n'
        "SK H3 S4 S3\nC5 C2 C6 CK\n*\n"
    )
    assert syntax.loads(base.format(11), play_checks=True).warnings == ()
    assert found(syntax.loads(base.format(1), play_checks=True)) == ["5 w play"]  # NS won 2
    assert found(syntax.loads(base.format(1))) == []  # only with the rules of bridge


def test_strict_mode_stops_at_the_first_error() -> None:
    text = '[Board "1"]\n[Dealer "Q"]\n\n[Board "2"]\n[Vulnerable "E"]\n'
    with pytest.raises(InputFileError) as raised:
        syntax.loads(text, strict=True, path="x.pbn")
    assert [p.line for p in raised.value.problems] == [2]
    assert "x.pbn:2, board 1: not a seat" in str(raised.value)
    lenient = syntax.loads(text, path="x.pbn")
    assert [p.line for p in lenient.problems] == [2, 5]
    with pytest.raises(InputFileError) as all_of_them:
        lenient.check()
    assert len(all_of_them.value.problems) == 2


def test_warnings_do_not_stop_strict_mode() -> None:
    doc = syntax.loads('[Wrong "tag"]\n[Contract "3N"]\n', strict=True)
    assert doc.check() is doc
    assert [p.kind for p in doc.warnings] == [ProblemKind.UNKNOWN_TAG, ProblemKind.NONSTANDARD]


# --------------------------------------------------------------------------------------------
# Writer and round trips

REAL_FILES = [
    ("pbn", "example1.pbn"),
    ("pbn", "example2.pbn"),
    ("pbn", "example3.pbn"),
    ("pbn", "example4.pbn"),
    ("pbn", "sample.pbn"),
    ("pbn-reference", "three_test_records_crlf.pbn"),
    ("pbn-reference", "test_record_with_lots_of_curlies.pbn"),
    ("pbn-reference", "reference_impl_tests", "correct_10.pbn"),
    ("pbn-reference", "reference_impl_tests", "correct_20.pbn"),
    ("pbn-reference", "reference_impl_tests", "correct_21.pbn"),
    ("pbn-reference", "reference_impl_tests", "errors_10.pbn"),
]


def content(game: Game) -> Counter[tuple[object, ...]]:
    """What a game says, whatever the order of its tags."""
    return Counter((t.name, t.value, t.resolved, t.comments, t.section, t.table) for t in game.tags)


@pytest.mark.parametrize("parts", REAL_FILES, ids=lambda parts: parts[-1])
def test_real_files_round_trip(parts: tuple[str, ...]) -> None:
    doc = read(*parts)
    text = syntax.dumps(doc)
    again = syntax.loads(text)
    assert syntax.dumps(again) == text  # export format is a fixed point
    assert len(again.games) == len(doc.games)
    for before, after in zip(doc.games, again.games, strict=True):
        assert content(after) == content(before)
        assert after.comments == before.comments
        assert after.get("Deal") == before.get("Deal")
    assert again.comments == doc.comments
    assert again.problems == () or parts[-1] == "errors_10.pbn"


def test_export_layout() -> None:
    doc = syntax.loads(
        '[Result "9"]\n[Score "NS 140"]\n[Board "1"]\n[Auction "N"]\n1S Pass 2S AP\n'
        '[Note "1:x"]\n[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 7\n'
        '[Play "E"]\n*\n[Event "E"]\n\n[Board "2"]\n'
    )
    assert syntax.dumps(doc) == (
        "% PBN 2.1\n% EXPORT\n"
        '[Event "E"]\n[Board "1"]\n[Result "9"]\n[Score "NS 140"]\n'
        '[Auction "N"]\n1S Pass 2S AP\n[Note "1:x"]\n[Play "E"]\n*\n'
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT  7\n'
        "\n"
        '[Board "2"]\n'
    )


def test_built_document_round_trips_and_writes_crlf(tmp_path: Path) -> None:
    columns = document.parse_columns("PairId_NS\\2R;Score_NS\\5R;Names_NS")
    table = Table(
        columns,
        (
            Row((Cell("1"), Cell("420"), Cell("Ann Smith"))),
            Row((Cell("12"), Cell("50", artificial=True), Cell("-"))),
        ),
    )
    doc = PbnDocument(
        games=(
            Game(
                (
                    Tag("Event", 'Club "A"'),
                    Tag("Board", "1", comments=(Comment(" hello "),)),
                    Tag("ScoreTable", table.spec, table=table),
                )
            ),
        )
    )
    text = syntax.dumps(doc)
    assert ' 1   420 "Ann Smith"\n12   ^50 -\n' in text
    assert '[Event "Club \\"A\\""]' in text
    path = tmp_path / "out.pbn"
    syntax.write_path(doc, path)
    data = path.read_bytes()
    assert data.startswith(b"% PBN 2.1\r\n% EXPORT\r\n") and b"\n\n" not in data
    back = syntax.read_path(path)
    assert back.games[0].tags[0].value == 'Club "A"'
    assert back.encoding == "utf-8"
    assert syntax.dumps(back) == text
    out = io.StringIO()
    syntax.dump(back, out)
    assert out.getvalue() == text


_NAME = st.from_regex(r"[A-Z][A-Za-z0-9_]{0,12}", fullmatch=True)
_VALUE = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=30)


@given(st.lists(st.lists(st.tuples(_NAME, _VALUE), min_size=1, max_size=6), max_size=5))
def test_any_tags_round_trip(games: list[list[tuple[str, str]]]) -> None:
    doc = PbnDocument(games=tuple(Game(tuple(Tag(n, v) for n, v in tags)) for tags in games))
    back = syntax.loads(syntax.dumps(doc))
    assert [sorted((t.name, t.value) for t in g.tags) for g in back.games] == [
        sorted(tags) for tags in games
    ]


# --------------------------------------------------------------------------------------------
# Value helpers for the session layer


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Pass", None),
        ("pass", None),
        ("4SX", PbnContract(4, Strain.SPADES, "X")),
        ("3nt", PbnContract(3, Strain.NOTRUMP, "")),
        ("7NTXX", PbnContract(7, Strain.NOTRUMP, "XX")),
        ("1N", PbnContract(1, Strain.NOTRUMP, "")),  # example3.pbn
        ("5DR", PbnContract(5, Strain.DIAMONDS, "XX")),  # example3.pbn
        ("5Dx", PbnContract(5, Strain.DIAMONDS, "X")),  # example2.pbn
    ],
)
def test_parse_contract(text: str, value: PbnContract | None) -> None:
    assert document.parse_contract(text) == value
    if value is not None:
        assert str(value) in ("4SX", "3NT", "7NTXX", "1NT", "5DXX", "5DX")


@pytest.mark.parametrize("text", ["", "?", "0S", "8NT", "4Z", "4SXXX", "Pas", "4 S"])
def test_parse_contract_rejects(text: str) -> None:
    with pytest.raises(ParseError):
        document.parse_contract(text)


def test_parse_declarer_result_score_vulnerable() -> None:
    assert document.parse_declarer("") is None
    assert document.parse_declarer("s") == PbnDeclarer(Seat.S)
    assert document.parse_declarer("^N") == PbnDeclarer(Seat.N, irregular=True)
    assert document.parse_result("") is None
    assert document.parse_result("9") == PbnResult(declarer=9)
    assert document.parse_result("^9") == PbnResult(declarer=9, irregular=True)
    assert document.parse_result("EW 4 NS 9") == PbnResult(ns=9, ew=4)
    assert document.parse_result("EW 4").tricks_for(Seat.N) == 9  # type: ignore[union-attr]
    assert document.parse_result("NS 9").tricks_for(Seat.S) == 9  # type: ignore[union-attr]
    assert document.parse_score("420") == PbnScore(declarer=Fraction(420))
    assert document.parse_score("EW -50") == PbnScore(ew=Fraction(-50))
    assert document.parse_score("NS 4 EW -4", "ScoreIMP") == PbnScore(
        ns=Fraction(4), ew=Fraction(-4)
    )
    assert document.parse_score("EW -2.5", "ScoreIMP") == PbnScore(ew=Fraction(-5, 2))
    assert document.parse_score("0.", "ScorePercentage") == PbnScore(declarer=Fraction(0))
    for text, tag in [("NS", "Score"), ("2.5", "Score"), ("420", "OptimumScore"), ("x", "ScoreMP")]:
        with pytest.raises(ParseError):
            document.parse_score(text, tag)  # type: ignore[arg-type]
    assert [document.parse_vulnerable(v) for v in ("Love", "-", "both", "NS")] == [
        Vulnerability.NONE,
        Vulnerability.NONE,
        Vulnerability.ALL,
        Vulnerability.NS,
    ]
    assert document.parse_seat("w") is Seat.W
    assert document.parse_contract("4SX").contract == Contract.parse("4SX")  # type: ignore[union-attr]


def test_parse_deal() -> None:
    hands = document.parse_deal("W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 -")
    assert list(hands) == ["N", "E", "S", "W"]
    assert hands["W"] == ("KQT2", "AT", "J6542", "85")
    assert hands["N"] == ("", "63", "AKQ987", "A9732")
    assert hands["S"] is None
    assert document.parse_deal("N:2kqa... - - -")["N"] == ("AKQ2", "", "", "")
    with pytest.raises(ParseError, match="dealt twice"):
        document.parse_deal("N:AA... - - -")


# --------------------------------------------------------------------------------------------
# Fuzzing: mutated real files give a document with problems or a BridgeScoreError, nothing else

FUZZ_SOURCES = [
    ("pbn", "example1.pbn"),
    ("pbn", "example4.pbn"),
    ("pbn", "sample.pbn"),
    ("pbn-reference", "test_record_with_lots_of_curlies.pbn"),
    ("pbn-reference", "reference_impl_tests", "correct_10.pbn"),
    ("pbn-reference", "reference_impl_tests", "correct_20.pbn"),
    ("pbn-reference", "reference_impl_tests", "correct_21.pbn"),
    ("pbn-reference", "reference_impl_tests", "errors_10.pbn"),
    ("pbn-reference", "reference_impl_tests", "errors_20.pbn"),
]
SPECIAL_BYTES = b'[]{}";%\\^=$!?*+-\n\r\t :.#NESWAKQJT2X'


@cache
def fuzz_sources() -> tuple[bytes, ...]:
    return tuple(shared_data(*parts).read_bytes() for parts in FUZZ_SOURCES)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_files_never_crash_the_reader(data: st.DataObject) -> None:
    sources = fuzz_sources()
    text = bytearray(data.draw(st.sampled_from(sources), label="source"))
    operations = st.tuples(
        st.sampled_from(["delete", "duplicate", "flip", "special", "truncate"]),
        st.integers(0, 1 << 20),
        st.integers(1, 60),
        st.integers(0, 255),
    )
    for op, where, size, byte in data.draw(st.lists(operations, min_size=1, max_size=8)):
        if not text:
            break
        i = where % len(text)
        if op == "delete":
            del text[i : i + size]
        elif op == "duplicate":
            text[i:i] = text[i : i + size]
        elif op == "flip":
            text[i] = byte
        elif op == "special":
            text[i] = SPECIAL_BYTES[byte % len(SPECIAL_BYTES)]
        else:
            del text[i:]
    strict = data.draw(st.booleans(), label="strict")
    play_checks = data.draw(st.booleans(), label="play_checks")
    try:
        doc = syntax.load(io.BytesIO(bytes(text)), strict=strict, play_checks=play_checks)
    except InputFileError as error:
        # Lenient reading collects every problem; only bytes that are not text at all (a NUL,
        # UTF-16 without its mark) are refused before reading.
        assert strict or "not a text file" in str(error) or "byte-order mark" in str(error)
        return
    assert isinstance(doc, PbnDocument)
    written = syntax.dumps(doc)
    assert syntax.dumps(syntax.loads(written)) == written
