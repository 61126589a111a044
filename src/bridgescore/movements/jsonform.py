"""The JSON form of a movement (docs/movements.md), and the published-Howell table format.

One object::

    {"format": "bridgescore-movement", "version": 1, "kind": "mitchell", "name": "...",
     "tables": 3, "rounds": 3, "boards_per_round": 2, "phantom": null, "shared": [[1, 4]],
     "stands": 0, "arrow_switched": [], "repeats": false, "notes": [],
     "plays": [{"round": 1, "table": 1, "set": 1, "boards": [1, 2], "ns": 1, "ew": 1}, ...]}

A play names pairs ``"ns"`` and ``"ew"``, or players ``"n"``, ``"e"``, ``"s"``, ``"w"``; the
phantom is written ``"phantom"``; ``"sit_out"``, ``"arrow_switched"`` and ``"absent"`` appear when
they apply. A bare list of plays is read too (the kind is then inferred). The reader collects
every problem with where it is and raises them together as an :class:`InputFileError`.

The reader is bounded like every other: at most :data:`MAX_TEXT` characters, nesting no deeper
than a movement's own (:data:`MAX_DEPTH`), at most :data:`MAX_TABLES` tables, :data:`MAX_ROUNDS`
rounds and :data:`MAX_BOARDS_PER_ROUND` boards a round, board and contestant numbers up to
:data:`MAX_NUMBER`; and the header (``tables``, ``rounds``, ``boards_per_round``, ``stands``,
``shared``, ``arrow_switched``, ``version``) must agree with the plays. So a small file can never
make the program run for minutes or fill the memory.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from bridgescore.bridge import Side
from bridgescore.errors import InputFileError, ParseError, Problem, RulesError
from bridgescore.languages import N_
from bridgescore.languages.parsers import parser_said
from bridgescore.languages.text import Text
from bridgescore.movements.model import Contestant, Movement, Play, set_boards
from bridgescore.session import FieldStructure

FORMAT = "bridgescore-movement"
VERSION = 1
PHANTOM = "phantom"
MAX_TEXT = 8 * 1024 * 1024  # characters: a 100-table, 200-round movement is under 4 MB
MAX_DEPTH = 4  # the object, its plays, a play, a play's boards
MAX_TABLES = 400  # a congress hall seats 200 tables as one section
MAX_ROUNDS = 200
MAX_BOARDS_PER_ROUND = 36
MAX_NUMBER = 9999  # the largest board or pair number
_PAIR_SEATS = ("ns", "ew")
_PLAYER_SEATS = ("n", "e", "s", "w")


def to_data(movement: Movement) -> dict[str, Any]:
    """The movement as plain JSON-ready data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": movement.kind.value,
        "name": movement.name,
        "tables": movement.tables,
        "rounds": movement.rounds,
        "boards_per_round": movement.boards_per_round,
        "phantom": _number(movement.phantom) if movement.phantom else None,
        "shared": [list(g) for g in movement.shared],
        "stands": movement.stands,
        "arrow_switched": list(movement.arrow_switched),
        "repeats": movement.repeats,
        "notes": list(movement.notes),
        "plays": [play_data(p, movement.phantom) for p in movement.plays],
    }


def play_data(play: Play, phantom: Contestant | None = None) -> dict[str, Any]:
    names = _PLAYER_SEATS if play.individual else _PAIR_SEATS
    data: dict[str, Any] = {"round": play.round, "table": play.table, "set": play.set}
    for name, who in zip(names, play.seats, strict=True):
        data[name] = PHANTOM if who == phantom else who.number
    data["boards"] = list(play.boards)
    if play.arrow_switched:
        data["arrow_switched"] = True
    if play.sit_out:
        data["sit_out"] = True
    if play.absent:
        data["absent"] = [_number(w) for w in play.absent]
    return data


def dumps(movement: Movement) -> str:
    return json.dumps(to_data(movement), indent=2) + "\n"


def loads(text: str, path: str | None = None) -> Movement:
    """Read the JSON form; every problem is reported at once, with the play it is in."""
    if len(text) > MAX_TEXT:
        raise InputFileError(
            path,
            [
                Problem(
                    Text(
                        N_("too large for a movement: %(size)s characters"), size=f"{len(text):,}"
                    ),
                    expected=Text(N_("at most %(most)s"), most=f"{MAX_TEXT:,}"),
                )
            ],
        )
    if _too_deep(text):
        raise InputFileError(
            path,
            [
                Problem(
                    Text(
                        N_("lists or objects nested more than %(depth)s deep: not a movement"),
                        depth=MAX_DEPTH,
                    ),
                    expected=Text(N_("an object with a list of plays")),
                )
            ],
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        said = Text(N_("not JSON: %(error)s"), error=parser_said(error.msg))
        raise InputFileError(path, [Problem(said, line=error.lineno)]) from None
    except ValueError as error:  # a number of thousands of digits
        said = Text(N_("not a movement: %(error)s"), error=str(error))
        raise InputFileError(path, [Problem(said)]) from None
    return from_data(data, path)


def _too_deep(text: str) -> bool:
    """Whether the JSON's arrays and objects nest deeper than a movement's (brackets inside
    strings left out), found without parsing: a deep file is refused before the parser
    recurses into it."""
    import re

    bare = re.sub(r'"(?:[^"\\]|\\.)*"', "", text)
    depth = 0
    for bracket in re.finditer(r"[\[\]{}]", bare):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


def from_data(data: Any, path: str | None = None) -> Movement:
    problems: list[Problem] = []
    if isinstance(data, list):
        data = {"plays": data}
    if not isinstance(data, Mapping):
        raise InputFileError(
            path, [Problem(Text(N_("expected an object with plays, or a list of plays")))]
        )
    raw_plays = data.get("plays")
    if not isinstance(raw_plays, list) or not raw_plays:
        raise InputFileError(
            path, [Problem(Text(N_("no plays: expected a non-empty list 'plays'")))]
        )
    if len(raw_plays) > MAX_TABLES * MAX_ROUNDS:
        raise InputFileError(
            path,
            [
                Problem(
                    Text(
                        N_("%(plays)s plays: more than any movement has"),
                        plays=f"{len(raw_plays):,}",
                    ),
                    expected=Text(
                        N_("at most %(tables)s tables x %(rounds)s rounds"),
                        tables=MAX_TABLES,
                        rounds=MAX_ROUNDS,
                    ),
                )
            ],
        )
    individual = any(isinstance(p, Mapping) and "n" in p for p in raw_plays)
    kind = _kind(data.get("kind"), individual, problems)
    lines = kind is FieldStructure.MITCHELL
    phantom_number = data.get("phantom")
    plays = []
    for index, raw in enumerate(raw_plays, 1):
        play = _play(raw, index, kind, lines, phantom_number, problems)
        if play is not None:
            plays.append(play)
    phantom = None
    if phantom_number is not None:
        phantom = _contestant(phantom_number, Side.NS if lines else None, kind, problems, 0)
    _header(data, plays, problems)
    tables = max((p.table for p in plays), default=1)
    rounds = max((p.round for p in plays), default=1)
    boards_per_round = max((len(p.boards) for p in plays), default=1)
    shared = _groups(data.get("shared"), problems)
    stands = _int(data.get("stands") or 0, "stands", problems, least=0, most=MAX_TABLES)
    switched = _groups([data.get("arrow_switched") or []], problems, "arrow_switched")
    for group in shared:
        if max(group, default=0) > tables:
            problems.append(
                Problem(
                    Text(
                        N_("shared: table %(table)s of %(group)s is not in the movement's plays"),
                        table=max(group),
                        group=str(group),
                    )
                )
            )
    for rnd in switched[0] if switched else ():
        if rnd > rounds:
            problems.append(
                Problem(
                    Text(
                        N_("arrow_switched: round %(round)s is not in the movement's plays"),
                        round=rnd,
                    )
                )
            )
    if stands > len({p.set for p in plays}):
        problems.append(
            Problem(
                Text(
                    N_("stands: %(stands)s relay or bye stands for %(sets)s sets"),
                    stands=stands,
                    sets=len({p.set for p in plays}),
                )
            )
        )
    notes = _notes(data.get("notes"), problems)
    name = _text(data.get("name"), "name", problems)
    if problems:
        raise InputFileError(path, problems)
    return Movement(
        kind=kind,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        plays=tuple(plays),
        name=_named(name),
        phantom=phantom,
        shared=shared,
        stands=stands,
        arrow_switched=switched[0] if switched else (),
        repeats=bool(data.get("repeats", kind is FieldStructure.INDIVIDUAL)),
        notes=notes,
    )


def _header(data: Mapping[str, Any], plays: list[Play], problems: list[Problem]) -> None:
    """The header's counts, where given, must be what the plays say."""
    if "format" in data and data["format"] != FORMAT:
        problems.append(
            Problem(Text(N_("not a bridgescore movement")), found=_shown(data["format"]))
        )
    if "version" in data and data["version"] != VERSION:
        problems.append(
            Problem(
                Text(N_("a movement version this bridgescore does not read")),
                found=_shown(data["version"]),
                expected=Text(N_("%(version)s (a newer bridgescore may read it)"), version=VERSION),
            )
        )
    if not plays:
        return
    found = {
        "tables": max(p.table for p in plays),
        "rounds": max(p.round for p in plays),
        "boards_per_round": max(len(p.boards) for p in plays),
    }
    for name, value in found.items():
        given = data.get(name)
        if given is not None and given != value:
            problems.append(
                Problem(
                    Text(
                        N_("%(key)s: the header says %(given)s, the plays %(value)s"),
                        key=name,
                        given=_shown(given),
                        value=value,
                    ),
                    found=_shown(given),
                    expected=str(value),
                )
            )


# The titles the generators give a movement (mitchell.py, howell.py, individual.py): a name
# read back in their form is shown in the reader's language again.
_TITLES = frozenset(
    (
        N_("Mitchell"),
        N_("Skip Mitchell"),
        N_("Relay Mitchell"),
        N_("Howell"),
        N_("3/4 Howell"),
        N_("Partial Howell"),
        N_("Individual"),
        N_("Partial individual"),
    )
)
_NAMED = re.compile(
    r"(?P<title>[A-Za-z/0-9 ]{1,40}), (?P<tables>[0-9]{1,3}) tables(?P<arrows>, arrow-switched)?"
)


_T = TypeVar("_T")
_ASC_NAMED = re.compile(
    r"\.ASC (?P<kind>mitchell|howell|individual), (?P<tables>[0-9]{1,3}) tables"
)


def _named(name: str) -> str:
    """A name as a generator writes it ("Howell, 7 tables", "Mitchell, 5 tables,
    arrow-switched", ".ASC howell, 4 tables") as the :class:`Text` it was made as; any other
    name as it is."""
    asc = _ASC_NAMED.fullmatch(name)
    if asc is not None:
        from bridgescore.movements.ascform import asc_name

        made = asc_name(FieldStructure(asc["kind"]), int(asc["tables"]))
        return made if made == name else name
    found = _NAMED.fullmatch(name)
    if found is None or found["title"] not in _TITLES:
        return name
    made = Text(
        N_("%(title)s, %(tables)s tables"), title=Text(found["title"]), tables=int(found["tables"])
    )
    if found["arrows"]:
        made = Text(N_("%(name)s, arrow-switched"), name=made)
    return made if made == name else name


# The notes the generators and amend.py write: a note read back in their form is shown in the
# reader's language again (the JSON keeps its English).
_NOTES = (
    N_("Tables sharing boards pass them between each other during the round."),
    N_("A partial Howell: %(count)s of the %(all)s rounds; each pair misses some pairs."),
    N_("Pair %(pair)s is the phantom: the pair at table 1 sits out."),
    N_("Every table plays the round's boards: pass them between the tables during the round."),
    N_("Player %(player)s is the phantom: table 1 sits out."),
    N_(
        "Tables 1 and %(last)s share boards; the bye stand sits between tables %(before)s and "
        "%(after)s."
    ),
    N_("Half table: pair %(pair)s is missing; its EW visitor sits out."),
    N_("Amended from round %(round)s."),
)
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def _form(note: str) -> re.Pattern[str]:
    parts = _PLACEHOLDER.split(note)  # text, name, text, name, ..., text
    return re.compile(
        "".join(
            re.escape(part) if k % 2 == 0 else f"(?P<{part}>[A-Za-z0-9-]{{1,12}})"
            for k, part in enumerate(parts)
        )
    )


_NOTE_FORMS = tuple((note, _form(note)) for note in _NOTES)


def _note(note: str) -> str:
    """A note as a generator writes it, as the :class:`Text` it was made as; any other as it
    is (a note written by hand)."""
    for message, form in _NOTE_FORMS:
        found = form.fullmatch(note)
        if found is not None:
            made = Text(message, **found.groupdict())
            return made if made == note else note
    return note


def _text(value: Any, what: str, problems: list[Problem]) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        problems.append(Problem(Text(N_("%(key)s: expected text"), key=what), found=_shown(value)))
        return ""
    return value


def _notes(value: Any, problems: list[Problem]) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        problems.append(
            Problem(Text(N_("notes: expected a list of sentences")), found=_shown(value))
        )
        return ()
    return tuple(_note(n) for n in value)


def _shown(value: Any) -> str:
    return repr(value)[:40]


def _groups(
    value: Any, problems: list[Problem], what: str = "shared"
) -> tuple[tuple[int, ...], ...]:
    """A list of lists of positive whole numbers (tables sharing, or rounds)."""
    if value is None:
        return ()
    ok = isinstance(value, list) and all(
        isinstance(g, list)
        and all(isinstance(n, int) and not isinstance(n, bool) and 0 < n <= MAX_ROUNDS for n in g)
        for g in value
    )
    if not ok:
        problems.append(
            Problem(Text(N_("%(key)s: expected lists of numbers"), key=what), found=str(value)[:60])
        )
        return ()
    return tuple(tuple(g) for g in value)


def _kind(value: Any, individual: bool, problems: list[Problem]) -> FieldStructure:
    if value is None:
        return FieldStructure.INDIVIDUAL if individual else FieldStructure.HOWELL
    try:
        kind = FieldStructure.parse(str(value))
    except ParseError:
        kind = FieldStructure.TEAMS
    if kind is FieldStructure.TEAMS:  # teams of four are seated by no movement of ours
        problems.append(
            Problem(
                Text(
                    N_(
                        "not a kind of movement: %(kind)s (expected mitchell, howell or individual)"
                    ),
                    kind=repr(str(value)),
                )
            )
        )
        return FieldStructure.HOWELL
    return kind


def _play(
    raw: Any,
    index: int,
    kind: FieldStructure,
    lines: bool,
    phantom: Any,
    problems: list[Problem],
) -> Play | None:
    where = Text(N_("play %(play)s"), play=index)
    if not isinstance(raw, Mapping):
        problems.append(
            Problem(Text(N_("%(where)s: expected an object"), where=where), found=str(raw)[:40])
        )
        return None
    before = len(problems)
    rnd = _int(raw.get("round"), _key(where, "round"), problems, most=MAX_ROUNDS)
    table = _int(raw.get("table"), _key(where, "table"), problems, most=MAX_TABLES)
    names = _PLAYER_SEATS if kind is FieldStructure.INDIVIDUAL else _PAIR_SEATS
    seats = []
    for name in names:
        value = raw.get(name)
        if value == PHANTOM:
            value = phantom if phantom is not None else None
            if value is None:
                said = Text(N_("%(where)s: 'phantom' seated but no phantom declared"), where=where)
                problems.append(Problem(said))
                continue
        line = (Side.NS if name == "ns" else Side.EW) if lines else None
        who = _contestant(value, line, kind, problems, index, name)
        if who is not None:
            seats.append(who)
    boards = raw.get("boards")
    if (
        not isinstance(boards, list)
        or not 0 < len(boards) <= MAX_BOARDS_PER_ROUND
        or not all(_whole(b, 1, MAX_NUMBER) for b in boards)
    ):
        problems.append(
            Problem(
                Text(
                    N_(
                        "%(where)s: boards must be a list of 1 to %(boards)s board numbers "
                        "from 1 to %(most)s"
                    ),
                    where=where,
                    boards=MAX_BOARDS_PER_ROUND,
                    most=MAX_NUMBER,
                ),
                found=_shown(boards),
            )
        )
        boards = []
    number = raw.get("set")
    if number is None:
        number = min(boards) if boards else 1
    number = _int(number, _key(where, "set"), problems, most=MAX_NUMBER)
    absent = []
    for value in raw.get("absent") or ():
        who = _contestant(value, None, kind, problems, index, "absent")
        if who is not None:
            absent.append(who)
    if len(problems) > before:
        return None
    return Play(
        rnd,
        table,
        number,
        tuple(boards),
        tuple(seats),
        arrow_switched=bool(raw.get("arrow_switched", False)),
        sit_out=bool(raw.get("sit_out", False)) or raw.get("ns") == PHANTOM or bool(absent),
        absent=tuple(absent),
    )


def _contestant(
    value: Any,
    line: Side | None,
    kind: FieldStructure,
    problems: list[Problem],
    index: int,
    seat: str = "phantom",
) -> Contestant | None:
    player = kind is FieldStructure.INDIVIDUAL
    try:
        if _whole(value, 1, MAX_NUMBER):
            return Contestant(value, line, player)
        if isinstance(value, str) and len(value) <= 12:
            parsed = Contestant.parse(value, player=player)
            if parsed.number <= MAX_NUMBER:
                return Contestant(parsed.number, parsed.line or line, player)
    except (ParseError, RulesError):  # not a number; 0
        pass
    where = _key(Text(N_("play %(play)s"), play=index), seat) if index else "phantom"
    said = Text(N_("%(key)s: not a pair or player number"), key=where)
    problems.append(Problem(said, found=repr(value)))
    return None


def _int(
    value: Any, what: str, problems: list[Problem], least: int = 1, most: int = MAX_NUMBER
) -> int:
    if _whole(value, least, most):
        return int(value)
    problems.append(
        Problem(
            Text(
                N_("%(key)s: expected a whole number from %(least)s to %(most)s"),
                key=what,
                least=least,
                most=most,
            ),
            found=_shown(value),
        )
    )
    return least


def _key(where: str, key: str) -> Text:
    """A key of a play, as the file names it, after the play it is in ("play 3: round")."""
    return Text(N_("%(where)s: %(key)s"), where=where, key=key)


def _published(entry: Mapping[str, Any], key: str, field: str, read: Callable[[Any], _T]) -> _T:
    """A published Howell entry's ``field`` read by ``read``; a refusal naming the entry and the
    field otherwise (the value quoted as found)."""
    if field not in entry:
        raise ParseError(
            Text(N_("published Howell %(key)s: no %(field)s"), key=repr(key), field=repr(field))
        )
    try:
        return read(entry[field])
    except (TypeError, ValueError, IndexError):
        raise ParseError(
            Text(
                N_("published Howell %(key)s: %(field)s not in the expected form: %(found)s"),
                key=repr(key),
                field=repr(field),
                found=repr(entry[field])[:40],
            )
        ) from None


def _whole(value: Any, least: int, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= most


def _number(who: Contestant) -> int:
    return who.number


# --- the published-Howell table format (shared data) -----------------------------------------


def loads_howell_table(data: Mapping[str, Any], key: str, boards_per_round: int = 1) -> Movement:
    """One entry of a published Howell table (keyed ``"tables-rounds"``): ``positions`` are the
    pairs at 1N, 1E, 2N, 2E, ... in round 1; ``movement`` is the circuit of the moving seats
    (``"3E"``); ``sets`` is the circuit of the boards, a table number or 0 for a relay.

    Each round a moving pair goes one step along ``movement``; each set one step back along
    ``sets`` (the set at position i + 1 comes to position i). Entries keyed ``-M`` are Mitchells.
    """
    entry = data.get(key)
    if not isinstance(entry, Mapping):
        raise ParseError(Text(N_("published Howell %(key)s: no such entry"), key=repr(key)))
    tables = _published(entry, key, "tables", int)
    rounds = _published(entry, key, "rounds", int)
    positions = _published(entry, key, "positions", lambda v: [int(p) for p in v])
    circuit = _published(
        entry, key, "movement", lambda v: [(int(s[:-1]), s[-1].upper()) for s in v]
    )
    board_circuit = _published(entry, key, "sets", lambda v: [int(t) for t in v])
    if len(positions) != 2 * tables:
        raise ParseError(
            Text(
                N_("published Howell %(key)s: %(positions)s positions for %(tables)s tables"),
                key=repr(key),
                positions=len(positions),
                tables=tables,
            )
        )
    start = {(k // 2 + 1, "NE"[k % 2]): p for k, p in enumerate(positions)}
    mitchell = key.upper().endswith("-M")
    plays = []
    for rnd in range(rounds):
        seated = dict(start)
        for i, seat in enumerate(circuit):
            seated[circuit[(i + rnd) % len(circuit)]] = start[seat]
        for table in range(1, tables + 1):
            here = [
                i
                for i in range(len(board_circuit))
                if board_circuit[(i - rnd) % len(board_circuit)] == table
            ]
            if len(here) != 1:
                raise ParseError(
                    Text(
                        N_("published Howell %(key)s: table %(table)s has no single set"),
                        key=repr(key),
                        table=table,
                    )
                )
            number = here[0] + 1
            ns, ew = seated[(table, "N")], seated[(table, "E")]
            seats = (
                (Contestant(ns, Side.NS), Contestant(ew, Side.EW))
                if mitchell
                else (Contestant(ns), Contestant(ew))
            )
            plays.append(Play(rnd + 1, table, number, set_boards(number, boards_per_round), seats))
    return Movement(
        kind=FieldStructure.MITCHELL if mitchell else FieldStructure.HOWELL,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        plays=tuple(plays),
        name=Text(
            N_("Published %(title)s %(key)s"),
            title=Text("Mitchell" if mitchell else "Howell"),
            key=key,
        ),
        stands=board_circuit.count(0),
    )
