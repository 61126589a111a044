"""The players a national body's file would not identify are listed in the command's language
(``export``'s refusal and notes): the pair or player in words, the name as it is, an unnamed
player in words; English as it was."""

from __future__ import annotations

import re
from pathlib import Path

import bridgescore
from bridgescore.formats import load_path
from bridgescore.formats.national import missing_numbers
from bridgescore.languages import PSEUDO, use
from bridgescore.rules import CLUB
from bridgescore.scoring import score

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"
_WORD = re.compile(r"[A-Za-z]{2,}")


def test_each_player_without_a_number_in_french_dutch_and_the_pseudo_locale() -> None:
    result = score(load_path(SAMPLE).session, CLUB)
    missing = missing_numbers(result)
    assert len(missing) == 34  # the sample gives no national numbers: every player
    names = set(_WORD.findall(" ".join(m.player for m in missing)))
    first = missing[0]
    assert first.describe() == f"pair {first.entrant.label}: {first.player}"
    with use("fr"):
        assert first.describe() == f"paire {first.entrant.label} : {first.player}"
    with use("nl"):
        assert first.describe() == f"paar {first.entrant.label}: {first.player}"
    with use(PSEUDO):
        said = " ".join(m.describe() for m in missing)
    assert not set(_WORD.findall(said)) - names - {"NS", "EW"}, said
