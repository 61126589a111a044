"""Helpers of the reports' tests, used by the console's and the commands' tests too: a small
session with leads (MINI), a teams match scored, and the English words left on a site's pages."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from bridgescore.formats import hands
from bridgescore.formats.csv import loads as csv_loads
from bridgescore.rules import CLUB
from bridgescore.scoring import score_teams
from bridgescore.session import FieldStructure
from tests.conftest import shared_path

# Two rounds on test.pbn's boards 1 and 2 (board 1: neither side vulnerable, EW make 10 tricks
# in spades, par 4S EW = for -420; board 2: NS vulnerable, NS make 12 in either minor, par
# 6HX EW -4 for +800). Leads are cards the leader holds, but for table 1 of round 2.
MINI = """\
# event: Analysis test
# date: 2026-11-17
board,round,table,ns,ew,contract,declarer,result,lead,ns_names,ew_names
1,1,1,1,1,4S,E,=,SJ,Ann Lee & Bob Ray,Cat Fox & Dan Wu
1,1,2,2,2,4S,W,-1,HA,Eve Orr & Fay Poe,Gus Ink & Hal Jay
1,1,3,3,3,3NT,E,-2,DQ,Ian Kay & Jo Lam,Kim Moe & Len Nye
1,1,4,4,4,2S,W,+2,CA,Max Ode & Ned Pym,Oli Quo & Pat Roe
2,2,1,1,2,4S,N,=,HK,Ann Lee & Bob Ray,Gus Ink & Hal Jay
2,2,2,2,3,5D,S,=,HA,Eve Orr & Fay Poe,Kim Moe & Len Nye
2,2,3,3,4,6D,N,=,S2,Ian Kay & Jo Lam,Oli Quo & Pat Roe
2,2,4,4,1,5HX,W,-3,SA,Max Ode & Ned Pym,Cat Fox & Dan Wu
"""

# Team 1 (home) sits North-South in room 1, team 2 in room 2.
#   board 1 (none vul.): room 1 4S E =  NS -420; room 2 2S W +2 NS -170 (team 1 East-West +170)
#       team 1 net -420 + 170 = -250: 6 IMPs to team 2 (220-260)
#   board 2 (NS vul.):   room 1 5D S =  NS +600; room 2 6D N =  NS +1370 (team 1 -1370)
#       net +600 - 1370 = -770: 13 IMPs to team 2 (750-890)
#   board 3 (EW vul.):   room 1 2H N =  NS +110; room 2 3H N -1 NS -50 (team 1 +50)
#       net +110 + 50 = +160: 4 IMPs to team 1 (130-160)
#   board 4 (all vul.):  room 1 4H E +2 NS -680; room 2 6H E =  NS -1430 (team 1 +1430)
#       net -680 + 1430 = +750: 13 IMPs to team 1 (750-890)
# Team 1 17 IMPs, team 2 19: team 2 wins by 2, over 4 boards (blitz X = 15 * sqrt(4) = 30):
# 10 + 10 * (1 - r^(2/30)) / (1 - r), r = 0.236068: 11.20 to team 2, 8.80 to team 1.
TEAM_1 = "Ann Lee & Bob Ray & Cat Fox & Dan Wu"


TEAM_2 = "Eve Orr & Fay Poe & Gus Ink & Hal Jay"


MATCH = f"""\
# event: Teams evening
# date: 2026-11-18
board,round,ns,ew,contract,declarer,result,ns_names,ew_names
1,1,1,2,4S,E,=,{TEAM_1},{TEAM_2}
1,1,2,1,2S,W,+2,{TEAM_2},{TEAM_1}
2,1,1,2,5D,S,=,{TEAM_1},{TEAM_2}
2,1,2,1,6D,N,=,{TEAM_2},{TEAM_1}
3,1,1,2,2H,N,=,{TEAM_1},{TEAM_2}
3,1,2,1,3H,N,-1,{TEAM_2},{TEAM_1}
4,1,1,2,4H,E,+2,{TEAM_1},{TEAM_2}
4,1,2,1,6H,E,=,{TEAM_2},{TEAM_1}
"""


def _result(deals: bool = True):  # type: ignore[no-untyped-def]
    session = csv_loads(MATCH, "teams.csv", structure=FieldStructure.TEAMS).session
    if deals:
        records = hands.read_path(shared_path("data", "hand-records", "test.pbn"))
        session, _ = hands.with_deals(session, records)
    return score_teams(session, CLUB)


# Bridge notation a page writes as it is in every language: contracts (3NTX, 4S), results
# (=, -2, +1), seats and sides, cards and ranks, a board in a section, artificial
# scores (A+, NP), a field's key (ALL), the rule sets' names.
_NOTATION = re.compile(
    r"(?:[1-7](?:NT|[SHDCN])?X{0,2}|NT|X{1,2}|[NESW]|NS|EW|[NESW]{2}|[1-9][0-9]*(?:NS|EW|[NESW])"
    r"|[AKQJT]|10|NP|A|[SHDC][AKQJT2-9]|ALL|club|ebu|acbl|bridgescore|JSON|Hcp)"
)


_WORD = re.compile(r"[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*")


class _Visible(HTMLParser):
    """Each text node a reader sees or hears (scripts and styles left out), and the text of
    the attributes read aloud or shown on hover: title, alt, aria-label."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        self.texts += [v for k, v in attrs if k in ("title", "alt", "aria-label") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.texts.append(data)


def _explanations(directory: Path) -> set[str]:
    """The rules' own English sentences explaining each score, as the JSON twins carry them."""
    found: set[str] = set()
    for twin in directory.glob("*.json"):
        data = json.loads(twin.read_text(encoding="utf-8"))
        for row in data.get("results", []):
            for side in (row.get("explanation") or {}).values():
                if side:
                    found.add(side["text"])
        for row in data.get("boards", []):
            if isinstance(row, dict) and isinstance(row.get("explanation"), str):
                found.add(row["explanation"])
    return found


def _untranslated(directory: Path, data: set[str]) -> dict[str, list[str]]:
    """Every plain English word left on each page (its chart too) of a site, by page."""
    # Longest first, so a name is taken out whole before any part of it. The rules'
    # explanations are not allowed: the travellers and cards show them in the language.
    allowed = sorted(data, key=len, reverse=True)
    found: dict[str, list[str]] = {}
    for page in sorted(directory.glob("*.html")):
        reader = _Visible()
        reader.feed(page.read_text(encoding="utf-8"))
        for text in reader.texts:
            for phrase in allowed:
                if phrase in text:
                    text = text.replace(phrase, " ")
            words = [w for w in _WORD.findall(text) if not _NOTATION.fullmatch(w)]
            if words:
                found.setdefault(page.name, []).append(f"{' '.join(words)!r} in {text.strip()!r}")
    return found


# The leads: board 1 (none vulnerable), room 1 4S by East, South leads the heart 9; room 2, 2S
# by West, North leads the club ace. Board 2 (NS vulnerable), room 1 5D by South, West leads the
# club 5; room 2 6D by North, East leads the diamond king.
LED = (
    MATCH.replace("result,ns_names", "result,lead,ns_names")
    .replace("1,1,1,2,4S,E,=,", "1,1,1,2,4S,E,=,H9,")
    .replace("1,1,2,1,2S,W,+2,", "1,1,2,1,2S,W,+2,CA,")
    .replace("2,1,1,2,5D,S,=,", "2,1,1,2,5D,S,=,C5,")
    .replace("2,1,2,1,6D,N,=,", "2,1,2,1,6D,N,=,DK,")
    .replace("3,1,1,2,2H,N,=,", "3,1,1,2,2H,N,=,,")
    .replace("3,1,2,1,3H,N,-1,", "3,1,2,1,3H,N,-1,,")
    .replace("4,1,1,2,4H,E,+2,", "4,1,1,2,4H,E,+2,,")
    .replace("4,1,2,1,6H,E,=,", "4,1,2,1,6H,E,=,,")
)


def _endplay_deal(pbn: str, strain: str, first: str):  # type: ignore[no-untyped-def]
    """endplay's deal of a PBN deal string, ``strain`` trumps and ``first`` on lead."""
    from endplay.types import Deal, Denom, Player

    deal = Deal(pbn)
    deal.trump = Denom.find(strain)
    deal.first = Player.find(first)
    return deal
