"""PBN's "?" for a value not known (PBN 2.1 §3.4), and a known program's own notation
(Bridgewebs' ``3D*``, ``PO`` and ``A``), read as they mean with a warning naming the program;
what no one writes is still refused; nothing is guessed."""

from __future__ import annotations

import pytest

from bridgescore.errors import InputFileError
from bridgescore.formats.pbn import session as pbn_session
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from bridgescore.traveller import Artificial

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def game(players: str, declarer: str, contract: str, result: str, extra: str = "") -> str:
    north, south, east, west = players
    return (
        f'[Event "Club night"]\n[Board "1"]\n[West "{west}"]\n[North "{north}"]\n'
        f'[East "{east}"]\n[South "{south}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{DEAL}"]\n[Declarer "{declarer}"]\n[Contract "{contract}"]\n'
        f'[Result "{result}"]\n{extra + chr(10) if extra else ""}\n'
    )


def test_bridgewebs_doubled_and_passed_out_contracts_are_read_with_a_warning() -> None:
    text = game("abcd", "N", "3D*", "8") + game("efgh", "", "PO", "")
    rf = pbn_session.loads(text)
    first, second = rf.session.tables
    assert first.result is not None and str(first.result) == "3DX N -1"
    assert first.result.ns_score == -100  # doubled, not vulnerable, one down
    assert second.result is not None and second.result.passed_out
    messages = [w.message for w in rf.warnings]
    assert "Bridgewebs' PBN: a doubled contract written '3D*', read as 3DX" in messages
    assert "Bridgewebs' PBN: 'PO' for a board passed out, read as Pass" in messages


def test_a_scoretable_in_bridgewebs_notation_with_unknown_values() -> None:
    text = (
        '[Event "Club night"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;'
        'Score_NS\\5R;Score_EW\\5R"]\n'
        " 1  1 3D**  N  9  - -\n"
        " 2  2 PO    -  -  - -\n"
        " 3  3 A     -  -  - -\n"
        " 4  4 ?     ?  ?  - -\n"
        " 5  5 4S    ?  ?  420 -\n"
        " 6  6 4S    N  ?  - -\n"
        " 7  7 4S    N  10 420 -\n"
    )
    rf = pbn_session.loads(text)
    rows = {t.ns[0]: t for t in rf.session.tables}
    redoubled = rows[1].result
    assert redoubled is not None and str(redoubled) == "3DXX N ="
    assert redoubled.ns_score == 3 * 20 * 4 + 300 + 100  # 240 redoubled, game, insult (Law 77)
    assert rows[2].result is not None and rows[2].result.passed_out
    assert rows[3].ns_side == Artificial("A", 50) == rows[3].ew_side
    assert not rows[4].played  # the contract is not known: no result, nothing guessed
    bare = rows[5].result  # the declarer and result are not known, the score is
    assert bare is not None and bare.ns_score == 420 and bare.contract is None
    assert not rows[6].played  # no score to fall back on: no result
    warnings = {w.line: w.message for w in rf.warnings}
    assert warnings[9] == "the contract is not known ('?', PBN 2.1 §3.4): no result for this table"
    assert warnings[10] == (
        "4S with the declarer and the result not known ('?', PBN 2.1 §3.4): read as the score "
        "+420 to NS alone"
    )
    assert "never guessed" in warnings[11]
    assert "Bridgewebs' PBN: 'A' for an average to both sides" in warnings[8]
    result = score_pairs(rf.session, CLUB)  # and it scores: four results and an average
    assert sum(1 for b in result.boards for t in b.tables if t.ns is not None) == 5


def test_a_result_not_known_in_a_game_is_never_read_as_played() -> None:
    text = game("abcd", "S", "4S", "?") + game("efgh", "?", "4S", "?", '[Score "NS 420"]')
    rf = pbn_session.loads(text + game("ijkl", "S", "4S", "10"))
    unknown, scored, played = rf.session.tables
    assert not unknown.played
    assert scored.result is not None and scored.result.ns_score == 420
    assert scored.result.declarer is None
    assert played.result is not None and played.result.declarer is not None


@pytest.mark.parametrize("contract", ["3D***", "3DXX*", "P0", "AA", "4Z*"])
def test_what_no_one_writes_is_still_refused(contract: str) -> None:
    with pytest.raises(InputFileError, match="not a contract"):
        pbn_session.loads(game("abcd", "N", contract, "8"))
