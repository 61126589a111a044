"""The national body's results file: USEBIO 1.2 with what a federation needs to credit its
players (docs/masterpoints.md, "The national body's file").

Built on the USEBIO writer (:mod:`bridgescore.formats.usebio`): the session, its scores and its
deals as USEBIO holds them, then what a federation adds, as its programs write it:

* each player's national number (a player without one is listed by :func:`missing_numbers`
  before anything is written: a federation cannot credit a player it cannot identify);
* each pair's masterpoints in hundredths of the scheme's unit (``MASTER_POINTS_AWARDED``) with
  their type (``MASTER_POINT_TYPE``), and the event's scale, type and ``MPS_AWARDED_FLAG``;
* the EBU's charge code (``P2P_CHARGE_RATE``: 10 a normal club session, 02 null, 50
  blue-pointed, 60 green-pointed);
* places as whole numbers (a shared place is the same number twice), the date as DD/MM/YYYY and
  the deals (``HANDSET``) beside the EVENT, as Compscore writes them and MyABF reads them.

:func:`dumps` takes the one format contract's :class:`ResultsFile`: its ``result`` (a scored
pairs session), its ``masterpoints`` (the awards) and, as its ``event``, a :class:`Submission`
(the body's profile, the charge code, the club as the body knows it); :func:`scored` makes one.
The file is USEBIO: :func:`loads` reads it back as USEBIO does, and :func:`read_awards` the
additions.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import IO

from bridgescore.display import fmt
from bridgescore.errors import RulesError, located
from bridgescore.events import Ranking
from bridgescore.formats import usebio
from bridgescore.formats.results_file import ResultsFile
from bridgescore.languages import N_
from bridgescore.languages.text import Text, shown
from bridgescore.masterpoints import Award, Awards
from bridgescore.results import SessionResult
from bridgescore.rules import Method
from bridgescore.session import Entrant, FieldStructure, Member
from bridgescore.teams_results import TeamsResult

CHARGE_CODES = {  # in words, translated where they are shown
    "10": N_("a normal club session"),
    "02": N_("null: no charge"),
    "50": N_("a blue-pointed session"),
    "60": N_("a green-pointed session"),
}


@dataclass(frozen=True)
class Profile:
    """What one national body's file holds beyond USEBIO's session."""

    name: str
    body: str
    schemes: tuple[str, ...]  # the scheme names it takes (prefixes); () for scheme files
    default_scheme: str | None
    charge: bool  # writes P2P_CHARGE_RATE
    nested_points: bool  # masterpoints inside <MASTER_POINTS> (NZ Scorer's form)
    scale: str | None  # MASTER_POINT_SCALE when the scheme names none
    event_types: dict[Method, str] = field(default_factory=dict)


# The event types the federations' programs write (MyABF takes these three).
_TYPES = {
    Method.MATCHPOINTS: "MP_PAIRS",
    Method.BUTLER: "BUTLER_PAIRS",
    Method.CROSS_IMPS: "CROSS_IMP",
}
PROFILES = {
    "ebu": Profile("ebu", "English Bridge Union", (), None, True, False, "Club", _TYPES),
    "abf": Profile(
        "abf", "Australian Bridge Federation", ("abf:",), "abf:green", True, False, "Club", _TYPES
    ),
    "nz": Profile("nz", "New Zealand Bridge", ("nz:",), "nz:club", False, True, None, _TYPES),
}


@dataclass(frozen=True)
class Submission:
    """What a national body's file is written for: the body (a key of :data:`PROFILES`), the
    EBU's charge code, and the club's name and number as the body knows them."""

    profile: str
    charge: str | None = None
    club_name: str | None = None
    club_id: str | None = None

    def declared(self) -> dict[str, object]:
        """Nothing: the file is written from a scored result, by that result's rules."""
        return {}


@dataclass(frozen=True)
class MissingNumber:
    """A player the file would not identify to the national body."""

    entrant: Entrant
    player: str  # the player's name, or "player 2" when the file names none

    def describe(self) -> str:
        """Whose number is missing, in the current language (the name as it is)."""
        return located(str(shown(self.entrant.said)), str(shown(self.player)))


def _pairs(result: SessionResult | TeamsResult | None) -> SessionResult:
    """A scored pairs (or individual) session: what a national body's file holds."""
    if isinstance(result, TeamsResult):
        raise RulesError(
            Text(N_("a national body's USEBIO file holds pairs events, not teams of four"))
        )
    if result is None:
        raise RulesError(Text(N_("a national body's file holds a scored session: score it first")))
    return result


def missing_numbers(result: SessionResult | TeamsResult) -> tuple[MissingNumber, ...]:
    """Every ranked player without a national number (digits), in ranking order; a teams
    result is refused (:class:`RulesError`)."""
    result = _pairs(result)
    session = result.session
    found = []
    for f in result.fields:
        for standing in f.standings:
            entrant = standing.entrant
            name = session.names.get(entrant)
            players = name.split(" & ") if name else []
            count = 1 if entrant.player else max(2, len(players))
            members = list(session.members.get(entrant, ()))
            for i in range(count):
                member = members[i] if i < len(members) else Member()
                number = (member.national or "").strip()
                if not number.isdigit():
                    unnamed = Text(N_("player %(number)s"), number=i + 1)
                    said = players[i] if i < len(players) and players[i] else unnamed
                    found.append(MissingNumber(entrant, said))
    return tuple(found)


def scored(
    result: SessionResult | TeamsResult,
    profile: str,
    awards: Awards | None = None,
    *,
    charge: str | None = None,
    club_name: str | None = None,
    club_id: str | None = None,
) -> ResultsFile:
    """The file :func:`dumps` writes for ``profile``'s body: ``result`` with its awards."""
    submission = Submission(profile, charge, club_name, club_id)
    return replace(ResultsFile.scored(result, awards), event=submission)


# A national body's file is USEBIO, and is read as USEBIO (its additions by read_awards).
loads = usebio.loads
load = usebio.load


def dumps(rf: ResultsFile) -> str:
    """``rf.result`` as the national body's USEBIO file, for the body ``rf.event`` (a
    :class:`Submission`) names, with the awards of ``rf.masterpoints`` (see the module's words).

    Refused (:class:`RulesError`) for a teams result or a file read (nothing scored), when the
    profile does not take the scheme, the charge code is not one of :data:`CHARGE_CODES`, or
    the awards have more decimals than hundredths.
    """
    result, submission, awards = _pairs(rf.result), rf.event, rf.masterpoints
    if not isinstance(submission, Submission):
        raise RulesError(
            Text(
                N_("a national body's file is written for a body: one of %(bodies)s"),
                bodies=", ".join(PROFILES),
            )
        )
    return usebio.text_of(_tree(result, _profile(submission.profile), awards, submission))


def dump(rf: ResultsFile, fp: IO[str]) -> None:
    fp.write(dumps(rf))


def _profile(name: str) -> Profile:
    chosen = PROFILES.get(name)
    if chosen is None:
        raise RulesError(
            Text(
                N_("not a national body: %(name)s (expected %(bodies)s)"),
                name=repr(name),
                bodies=", ".join(PROFILES),
            )
        )
    return chosen


def _tree(
    result: SessionResult, chosen: Profile, awards: Awards | None, submission: Submission
) -> ET.Element:
    """One session's file as a tree, shaped for the body."""
    charge = submission.charge
    _check(chosen, awards, charge)
    method = result.rules.method
    if method not in chosen.event_types:
        raise RulesError(
            Text(
                N_("a national body's USEBIO file holds pairs events, not %(method)s"),
                method=method,
            )
        )
    event = usebio.Event(
        type=chosen.event_types[method],
        method=method,
        club_name=submission.club_name,
        club_id=submission.club_id,
    )
    text = usebio.dumps(ResultsFile(result.session, event=event, result=result))
    root = ET.fromstring(text.split("\n", 2)[2])  # past the declaration and the DOCTYPE
    _shape(root, result, chosen, awards, charge)
    return root


# --- an event of several sessions -----------------------------------------------------------------


def dumps_event(
    ranking: Ranking,
    profile: str,
    awards: Sequence[Awards | None],
    *,
    title: str | None = None,
    charge: str | None = None,
    club_name: str | None = None,
    club_id: str | None = None,
    overall: Awards | None = None,
) -> str:
    """An event of several sessions as the national body's USEBIO file: the event's overall
    ranking (``EVENT/PARTICIPANTS``: place, total, percentage, the players and their national
    numbers, and with ``overall`` each entry's outright award, as
    :func:`bridgescore.masterpoints.event.award_event` gives them) and each session as
    ``EVENT/SESSION`` with SESSION_ID 1, 2 …, its date, description, winner type, participants
    with their awards (``awards``, by session), boards and deals, as :func:`dumps` writes one
    session."""
    chosen = _profile(profile)
    sessions = ranking.sessions
    if len(awards) != len(sessions):
        raise RulesError(
            Text(
                N_("%(awards_count)s sessions' awards for %(sessions_count)s sessions"),
                awards_count=len(awards),
                sessions_count=len(sessions),
            )
        )
    _check(chosen, overall, charge)
    submission = Submission(profile, charge, club_name, club_id)
    trees = [_tree(s.result, chosen, a, submission) for s, a in zip(sessions, awards, strict=True)]
    root = trees[0]
    event = root.find("EVENT")
    assert event is not None
    handset = root.find("HANDSET")
    if handset is not None:
        root.remove(handset)
    # The first session's tree is the event's: its own parts go into its SESSION.
    kept = {"PROGRAM_NAME", "PROGRAM_VERSION", "EVENT_IDENTIFIER", "EVENT_DESCRIPTION", "DATE"}
    kept |= {"MASTER_POINT_SCALE", "MASTER_POINT_TYPE", "MPS_AWARDED_FLAG", "P2P_CHARGE_RATE"}
    kept |= {"SESSION_COUNT", "SECTION_COUNT", "WINNER_TYPE", "SCORING_METHOD"}
    own_first = [c for c in event if c.tag not in kept]
    for child in own_first:
        event.remove(child)
    parts = [(own_first, handset, event.findtext("WINNER_TYPE"))]
    for tree in trees[1:]:
        other = tree.find("EVENT")
        assert other is not None
        kind = other.findtext("WINNER_TYPE")
        parts.append(([c for c in other if c.tag not in kept], tree.find("HANDSET"), kind))
    _set(event, "EVENT_DESCRIPTION", title or sessions[0].result.session.title or "Event")
    _set(event, "SESSION_COUNT", str(len(sessions)))
    sections = max(max(1, len(s.result.session.sections)) for s in sessions)
    _set(event, "SECTION_COUNT", str(sections))
    any_award = any(a is not None and a.awards for a in (*awards, overall))
    if event.find("MPS_AWARDED_FLAG") is not None:
        _set(event, "MPS_AWARDED_FLAG", "Y" if any_award else "N")
    event.append(_overall(ranking, overall, chosen))
    for k, (session, (children, deals, winners)) in enumerate(zip(sessions, parts, strict=True), 1):
        element = ET.SubElement(event, "SESSION", SESSION_ID=str(k))
        own = session.result.session
        _add_text(element, "SESSION_DESCRIPTION", own.title)
        _add_text(element, "DATE", _date(own.date))
        _add_text(element, "WINNER_TYPE", winners)
        for child in children:
            if child.tag == "SESSION":  # sections: they are the session's own
                element.extend(list(child))
            else:
                element.append(child)
        if deals is not None:
            element.append(deals)
    return usebio.text_of(root)


def _add_text(parent: ET.Element, tag: str, text: str | None) -> None:
    if text:
        ET.SubElement(parent, tag).text = text


def _overall(ranking: Ranking, overall: Awards | None, profile: Profile) -> ET.Element:
    """The event's ranking as USEBIO participants: each entry numbered in ranking order, with
    its outright award when ``overall`` has them (``Entrant(k)``: the k-th line)."""
    participants = ET.Element("PARTICIPANTS")
    by_line = {a.entrant.number: a for a in overall.awards} if overall else {}
    for n, standing in enumerate(ranking.standings, 1):
        pair = ET.SubElement(participants, "PAIR")
        ET.SubElement(pair, "PAIR_NUMBER").text = str(n)
        ET.SubElement(pair, "PLACE").text = str(standing.rank)
        if overall is not None:
            entrant = Entrant(n)
            _shape_entrant(
                pair, {str(n): entrant}, None, _by_line(by_line, n, entrant), overall, profile
            )
        ET.SubElement(pair, "TOTAL_SCORE").text = fmt(standing.total, 2)
        if standing.percent is not None:
            ET.SubElement(pair, "PERCENTAGE").text = fmt(standing.percent, 2)
        ET.SubElement(pair, "SESSIONS_PLAYED").text = str(standing.played)
        played = next(c for c in standing.contributions if c is not None)
        session = ranking.sessions[played.session].result.session
        entrant = played.standing.entrant
        players = standing.name.split(" & ") if standing.name else []
        members = list(session.members.get(entrant, ()))
        count = 1 if entrant.player else max(2, len(players), len(members))
        for i in range(count):
            member = members[i] if i < len(members) else Member()
            player = ET.SubElement(pair, "PLAYER")
            ET.SubElement(player, "PLAYER_NAME").text = players[i] if i < len(players) else ""
            if member.national:
                ET.SubElement(player, "NATIONAL_ID_NUMBER").text = member.national
            if member.club:
                ET.SubElement(player, "CLUB_ID_NUMBER").text = member.club
    return participants


def _by_line(by_line: dict[int, Award], n: int, entrant: Entrant) -> dict[Entrant, Award]:
    award = by_line.get(n)
    return {} if award is None else {entrant: award}


def _check(profile: Profile, awards: Awards | None, charge: str | None) -> None:
    if awards is not None:
        name = awards.scheme.name
        if profile.schemes and not name.startswith(profile.schemes):
            names = [p.rstrip(":") for p in profile.schemes]
            takes = (
                Text(N_("%(names)s schemes"), names=names[0])
                if len(names) == 1
                else Text(
                    N_("%(names)s or %(last)s schemes"),
                    names=" schemes or ".join(names[:-1]),
                    last=names[-1],
                )
            )
            raise RulesError(
                Text(
                    N_("the %(body)s takes %(takes)s, not %(name)s"),
                    body=profile.body,
                    takes=takes,
                    name=name,
                )
            )
        if awards.scheme.decimals > 2:
            raise RulesError(
                Text(
                    N_(
                        "USEBIO holds masterpoints in hundredths; %(name)s has %(decimals)s "
                        "decimals"
                    ),
                    name=name,
                    decimals=awards.scheme.decimals,
                )
            )
    if charge is not None:
        if not profile.charge:
            raise RulesError(Text(N_("the %(body)s's file has no charge code"), body=profile.body))
        if charge not in CHARGE_CODES:
            listed = [
                Text("%(code)s (%(words)s)", code=k, words=Text(v)) for k, v in CHARGE_CODES.items()
            ]
            codes = listed[0]
            for item in listed[1:]:
                codes = Text("%(list)s, %(item)s", list=codes, item=item)
            raise RulesError(
                Text(
                    N_("not a charge code: %(charge)s (expected %(codes)s)"),
                    charge=repr(charge),
                    codes=codes,
                )
            )


def _shape(
    root: ET.Element,
    result: SessionResult,
    profile: Profile,
    awards: Awards | None,
    charge: str | None,
) -> None:
    event = root.find("EVENT")
    assert event is not None
    session = result.session
    date = _date(session.date)
    if date is not None:
        _set(event, "DATE", date)
    # After WINNER_TYPE, in Compscore's order.
    extra: list[tuple[str, str | None]] = []
    if awards is not None:
        info = awards.scheme
        extra += [
            ("MASTER_POINT_SCALE", info.scale or profile.scale),
            ("MASTER_POINT_TYPE", info.colour),
        ]
    extra.append(("MPS_AWARDED_FLAG", "Y" if awards is not None and awards.awards else "N"))
    extra.append(("SESSION_COUNT", "1"))
    extra.append(("SECTION_COUNT", str(max(1, len(session.sections)))))
    if profile.charge:
        extra.append(("P2P_CHARGE_RATE", charge or "10"))
    anchor = _child_index(event, "WINNER_TYPE")
    for offset, (tag, text) in enumerate(t for t in extra if t[1] is not None):
        element = ET.Element(tag)
        element.text = text
        event.insert(anchor + 1 + offset, element)
    by_entrant = {} if awards is None else awards.by_entrant()
    labels = {_label(s.entrant): s.entrant for f in result.fields for s in f.standings}
    for container in (event, *event.iter("SECTION")):
        section = container.get("SECTION_ID") if container.tag == "SECTION" else None
        for participants in container.findall("PARTICIPANTS"):
            for unit in (*participants.findall("PAIR"), *participants.findall("PLAYER")):
                _shape_entrant(unit, labels, section, by_entrant, awards, profile)
    # The deals beside the EVENT (USEBIO 1.2; MyABF reads them there).
    handset = event.find("HANDSET")
    if handset is not None:
        event.remove(handset)
        root.append(handset)
    if session.structure is not FieldStructure.INDIVIDUAL:
        for pair in event.iter("PAIR"):
            while len(pair.findall("PLAYER")) < 2:
                player = ET.SubElement(pair, "PLAYER")
                ET.SubElement(player, "PLAYER_NAME").text = ""


def _shape_entrant(
    unit: ET.Element,
    labels: dict[str, Entrant],
    section: str | None,
    by_entrant: dict[Entrant, Award],
    awards: Awards | None,
    profile: Profile,
) -> None:
    tag = "PLAYER_NUMBER" if unit.tag == "PLAYER" else "PAIR_NUMBER"
    label = (unit.findtext(tag) or "").strip()
    key = f"{section}-{label}" if section else label
    entrant = labels.get(key)
    place = unit.find("PLACE")
    if place is not None and place.text:
        place.text = place.text.rstrip("=")  # a shared place is the same number twice
    if awards is None or entrant is None:
        return
    award = by_entrant.get(entrant)
    if award is None and profile.nested_points:
        return  # NZ Scorer's form names only the pairs awarded; Compscore's writes 0
    hundredths = "0" if award is None else str(int(award.points * 100))
    colour = awards.scheme.colour
    anchor = _child_index(unit, "PLACE") if place is not None else len(unit) - 1
    elements = []
    if profile.nested_points:
        wrapper = ET.Element("MASTER_POINTS")
        ET.SubElement(wrapper, "MASTER_POINTS_AWARDED").text = hundredths
        if colour:
            ET.SubElement(wrapper, "MASTER_POINT_TYPE").text = colour
        elements.append(wrapper)
    else:
        awarded = ET.Element("MASTER_POINTS_AWARDED")
        awarded.text = hundredths
        elements.append(awarded)
        if colour:
            kind = ET.Element("MASTER_POINT_TYPE")
            kind.text = colour
            elements.append(kind)
    for offset, element in enumerate(elements):
        unit.insert(anchor + 1 + offset, element)


def _label(entrant: Entrant) -> str:
    own = f"{entrant.number}{entrant.line.value}" if entrant.line else str(entrant.number)
    return f"{entrant.section}-{own}" if entrant.section else own


def _child_index(parent: ET.Element, tag: str) -> int:
    for i, child in enumerate(parent):
        if child.tag == tag:
            return i
    return len(parent) - 1


def _set(parent: ET.Element, tag: str, text: str) -> None:
    element = parent.find(tag)
    if element is None:
        element = ET.SubElement(parent, tag)
    element.text = text


def _date(text: str | None) -> str | None:
    """A session's date as the federations' programs write it: DD/MM/YYYY."""
    if not text:
        return None
    iso = re.fullmatch(r"\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*", text)
    if iso:
        return f"{int(iso[3]):02d}/{int(iso[2]):02d}/{iso[1]}"
    return text.strip()


# --- reading the additions back ------------------------------------------------------------------


@dataclass(frozen=True)
class NationalFile:
    """What a national body's file says beyond the session: the event's masterpoint fields and
    charge code, and each pair's (or player's) award in hundredths, by its label."""

    scale: str | None
    type: str | None
    awarded: bool
    charge: str | None
    date: str | None
    awards: dict[str, Fraction]  # "4NS", "A-3EW", "12": points in the unit
    numbers: dict[str, tuple[str, ...]]  # each label's players' national numbers


def read_awards(text: str | bytes, session: str | None = None) -> NationalFile:
    """The masterpoint fields of a national body's USEBIO file (Compscore's, NZ Scorer's or
    ours); ``session``: those of the SESSION with that id in a file of several."""
    from bridgescore.formats.xmlreader import parse_xml

    root, _ = parse_xml(text, None)
    event = root.find("EVENT")
    if event is None:
        raise RulesError(Text(N_("not a USEBIO file: no EVENT")))
    awards: dict[str, Fraction] = {}
    numbers: dict[str, tuple[str, ...]] = {}
    top = event
    if session is not None:
        found = [s for s in event.findall("SESSION") if s.get("SESSION_ID") == session]
        if not found:
            raise RulesError(Text(N_("no session %(session)s in the file"), session=repr(session)))
        top = found[0]
    containers = [(None, top)] + [(s.get("SECTION_ID"), s) for s in top.iter("SECTION")]
    for section, container in containers:
        for participants in container.findall("PARTICIPANTS"):
            for unit in (*participants.findall("PAIR"), *participants.findall("PLAYER")):
                tag = "PLAYER_NUMBER" if unit.tag == "PLAYER" else "PAIR_NUMBER"
                label = re.sub(r"\s+", "", unit.findtext(tag) or "")
                key = f"{section}-{label}" if section else label
                hundredths = unit.findtext("MASTER_POINTS_AWARDED")
                if hundredths is None:
                    hundredths = unit.findtext("MASTER_POINTS/MASTER_POINTS_AWARDED")
                if hundredths and hundredths.strip() not in ("", "0"):
                    awards[key] = Fraction(int(hundredths.strip()), 100)
                players = unit.findall("PLAYER") if unit.tag == "PAIR" else [unit]
                numbers[key] = tuple(
                    (p.findtext("NATIONAL_ID_NUMBER") or "").strip() for p in players
                )
    return NationalFile(
        scale=event.findtext("MASTER_POINT_SCALE"),
        type=event.findtext("MASTER_POINT_TYPE"),
        awarded=(event.findtext("MPS_AWARDED_FLAG") or "").strip().upper() == "Y",
        charge=event.findtext("P2P_CHARGE_RATE"),
        date=event.findtext("DATE"),
        awards=awards,
        numbers=numbers,
    )


@dataclass(frozen=True)
class OverallLine:
    """One entry of an event's overall ranking, as the national body's file gives it."""

    place: int
    total: str
    percentage: str | None
    sessions_played: int
    players: tuple[tuple[str, str | None], ...]  # each player's name and national number
    masterpoints: Fraction | None = None  # the outright award, in the unit (None: none written)


def read_event(text: str | bytes) -> tuple[tuple[str, ...], tuple[OverallLine, ...]]:
    """The sessions' SESSION_IDs and the event's overall ranking of a file :func:`dumps_event`
    wrote (each session is read by :func:`bridgescore.formats.usebio.loads` with its id)."""
    from bridgescore.formats.xmlreader import parse_xml

    root, _ = parse_xml(text, None)
    event = root.find("EVENT")
    if event is None:
        raise RulesError(Text(N_("not a USEBIO file: no EVENT")))
    ids = tuple(s.get("SESSION_ID") or "" for s in event.findall("SESSION"))
    lines = []
    for participants in event.findall("PARTICIPANTS"):
        for pair in participants.findall("PAIR"):
            players = tuple(
                (p.findtext("PLAYER_NAME") or "", p.findtext("NATIONAL_ID_NUMBER"))
                for p in pair.findall("PLAYER")
            )
            hundredths = pair.findtext("MASTER_POINTS_AWARDED")
            if hundredths is None:
                hundredths = pair.findtext("MASTER_POINTS/MASTER_POINTS_AWARDED")
            lines.append(
                OverallLine(
                    int(pair.findtext("PLACE") or 0),
                    pair.findtext("TOTAL_SCORE") or "",
                    pair.findtext("PERCENTAGE"),
                    int(pair.findtext("SESSIONS_PLAYED") or 0),
                    players,
                    None if hundredths is None else Fraction(int(hundredths.strip()), 100),
                )
            )
    return ids, tuple(lines)


def labels(entrants: Sequence[Entrant]) -> dict[Entrant, str]:
    """How :class:`NationalFile` names each entrant."""
    return {e: _label(e) for e in entrants}


__all__ = [
    "CHARGE_CODES",
    "PROFILES",
    "MissingNumber",
    "NationalFile",
    "OverallLine",
    "Profile",
    "Submission",
    "dump",
    "dumps",
    "dumps_event",
    "labels",
    "load",
    "loads",
    "missing_numbers",
    "read_awards",
    "read_event",
    "scored",
]
