"""Teams of four: IMPs between the two rooms of each match, match totals, victory points and
the teams' ranking (rules.md §6.2, §6.5); or board-a-match, a point a board to the team whose
two rooms together scored more, half each when they are level (``teams_scoring``).

A match is found from the travellers themselves: on a board, the row where team A sits NS
against team B and the row where B sits NS against A are the two rooms. The team sitting NS in
the first of the two rows is the home team of that comparison.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction

from bridgescore.errors import InputFileError, Problem
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.results import Standing
from bridgescore.rules import Rules, TeamsScoring
from bridgescore.scoring.imp_pairs import artificial_code
from bridgescore.scoring.imps import ArtificialImps, MarginRule, imps, victory_points
from bridgescore.scoring.ranking import rank
from bridgescore.session import Entrant, Session
from bridgescore.teams_results import (
    BoardAMatch,
    BoardComparison,
    MatchResult,
    TeamsResult,
    TeamTotal,
)
from bridgescore.traveller import Artificial, SideScore, TableResult, WeightedResult


def score_teams(
    session: Session, rules: Rules, margin_rule: MarginRule = MarginRule.INTERPOLATE
) -> TeamsResult:
    """Pair the rooms, IMP each board, total each match and convert it to victory points."""
    problems: list[Problem] = []
    unmatched: list[Problem] = []  # a room whose twin is missing: reported, not scored
    rooms: dict[tuple[int, int | None, frozenset[int]], list[TableResult]] = defaultdict(list)
    for row in session.tables:
        rooms[row.board, row.round, frozenset((row.ns[0], row.ew[0]))].append(row)
    by_match: dict[tuple[int, int], list[BoardComparison]] = defaultdict(list)
    adjusted = ArtificialImps(rules.artificial_imps, 0, -rules.artificial_imps)
    bam = rules.teams_scoring is TeamsScoring.BOARD_A_MATCH
    for (board, _round, _teams), rows in rooms.items():
        if len(rows) != 2 or rows[0].ns != rows[1].ew:
            for row in rows:
                if not row.played:
                    continue
                (problems if len(rows) > 2 else unmatched).append(
                    Problem(
                        Text(N_("no other room to compare with")),
                        row.line,
                        board,
                        row.table,
                        found=f"team {row.ns[0]} NS against team {row.ew[0]}",
                        expected=Text(
                            N_(
                                "the same board with team %(ns)s NS against team %(ew)s in the "
                                "other room"
                            ),
                            ns=row.ew[0],
                            ew=row.ns[0],
                        ),
                    )
                )
            continue
        room1, room2 = rows
        if not room1.played and not room2.played:
            continue
        if bam:
            home_imps, away_imps, reason = _board_a_match(room1, room2)
        else:
            home_imps, away_imps, reason = _compare(room1, room2, adjusted)
        key = (room1.ns[0], room1.ew[0])
        if key not in by_match and (key[1], key[0]) in by_match:
            room1, room2 = room2, room1
            home_imps, away_imps = away_imps, home_imps
            key = (key[1], key[0])
        by_match[key].append(BoardComparison(board, room1, room2, home_imps, away_imps, reason))
    if problems:
        raise InputFileError(None, problems)
    matches = []
    for (home, away), boards in by_match.items():
        boards.sort(key=lambda b: b.board)
        if bam:
            # Board-a-match: the board points are the match's score; nothing is converted.
            home_total = sum((b.home_imps for b in boards), Fraction(0))
            away_total = sum((b.away_imps for b in boards), Fraction(0))
            home_vps, away_vps = home_total, away_total
        else:
            # Each board's IMPs go to the team that won it (half the difference when the two
            # teams' adjusted scores do not balance); the margin decides the victory points.
            home_total = sum(
                (max((b.home_imps - b.away_imps) / 2, Fraction(0)) for b in boards), Fraction(0)
            )
            away_total = sum(
                (max((b.away_imps - b.home_imps) / 2, Fraction(0)) for b in boards), Fraction(0)
            )
            margin = home_total - away_total
            home_vps, away_vps = victory_points(margin, len(boards), margin_rule, rules.vp_scale)
        section = boards[0].room1.section
        matches.append(
            MatchResult(
                Entrant(home, section=section),
                Entrant(away, section=section),
                tuple(boards),
                home_total,
                away_total,
                home_vps,
                away_vps,
            )
        )
    matches.sort(key=lambda m: (m.home.number, m.away.number))
    return TeamsResult(
        session, rules, tuple(matches), _standings(session, matches), tuple(unmatched)
    )


def _compare(
    room1: TableResult, room2: TableResult, adjusted: ArtificialImps
) -> tuple[Fraction, Fraction, str]:
    """IMPs to the team sitting NS in room 1, and to its opponents (§6.2)."""
    home_value = _value(room1.ns_side, room2.ew_side, adjusted)
    away_value = _value(room2.ns_side, room1.ew_side, adjusted)
    if home_value is not None and away_value is not None:
        if home_value[0] == -away_value[0]:
            return home_value[0], away_value[0], home_value[1]
        return home_value[0], away_value[0], f"{home_value[1]}; {away_value[1]}"
    if home_value is not None:
        return home_value[0], -home_value[0], home_value[1]
    if away_value is not None:
        return -away_value[0], away_value[0], away_value[1]
    return Fraction(0), Fraction(0), "not played in one room"


def _board_a_match(room1: TableResult, room2: TableResult) -> tuple[Fraction, Fraction, str]:
    """The board's point to the team sitting NS in room 1, and to its opponents: the point goes
    to the team whose NS score in one room and EW score in the other add up to more, half each
    when they are level (rules.md §6.2, [BAM]). An artificial score is its percentage of the
    point; a weighted score is weighed part by part."""
    top = Fraction(1)
    for side in (room1.ns_side, room2.ew_side, room2.ns_side, room1.ew_side):
        if isinstance(side, Artificial):
            home_percent = _percent_for_home(room1, room2)
            home = top * home_percent / 100
            return home, top - home, f"artificial score: {home} of {top}"
    home_room, away_room = room1.ns_side, room2.ew_side
    if not isinstance(home_room, WeightedResult) or not isinstance(away_room, WeightedResult):
        return Fraction(0), Fraction(0), "not played in one room"
    home = Fraction(0)
    for w1, r1 in home_room.parts:
        for w2, r2 in away_room.parts:
            net = r1.ns_score - r2.ns_score
            home += w1 * w2 * (top if net > 0 else top / 2 if net == 0 else Fraction(0))
    net = home_room.parts[0][1].ns_score - away_room.parts[0][1].ns_score
    if home_room.is_weighted or away_room.is_weighted:
        return home, top - home, f"weighted results: {home} of {top}"
    outcome = "won" if net > 0 else "lost" if net < 0 else "halved"
    return home, top - home, f"{f'{net:+d}' if net else '0'} net: board {outcome}, {home} of {top}"


def _percent_for_home(room1: TableResult, room2: TableResult) -> Fraction:
    """The home team's share of a board with an artificial score, in percent: its own
    artificial percentage where it has one, else 100 less its opponents'."""
    for side in (room1.ns_side, room2.ew_side):
        if isinstance(side, Artificial):
            return side.percent
    for side in (room1.ew_side, room2.ns_side):
        if isinstance(side, Artificial):
            return 100 - side.percent
    return Fraction(50)


def _value(
    ns_room: SideScore, ew_room: SideScore, adjusted: ArtificialImps
) -> tuple[Fraction, str] | None:
    """A team's IMPs from its NS result in one room and its EW result in the other."""
    for side in (ns_room, ew_room):
        if isinstance(side, Artificial):
            value = Fraction(adjusted.value(artificial_code(side)))
            return value, f"artificial score {side}: {value} IMPs"
    if not isinstance(ns_room, WeightedResult) or not isinstance(ew_room, WeightedResult):
        return None
    # The team's NS result in one room against the other room's NS result, where the
    # same team held the EW cards; weighted scores are IMPed part by part, then weighted.
    value = Fraction(0)
    for w1, r1 in ns_room.parts:
        for w2, r2 in ew_room.parts:
            value += w1 * w2 * imps(r1.ns_score - r2.ns_score)
    net = ns_room.parts[0][1].ns_score - ew_room.parts[0][1].ns_score
    if ns_room.is_weighted or ew_room.is_weighted:
        return value, f"weighted results: {value} IMPs"
    return value, f"{net:+d} net: {value} IMPs" if net else f"0 net: {value} IMPs"


def _standings(session: Session, matches: list[MatchResult]) -> tuple[Standing, ...]:
    vps: dict[Entrant, Fraction] = defaultdict(Fraction)
    imps_for: dict[Entrant, Fraction] = defaultdict(Fraction)
    imps_against: dict[Entrant, Fraction] = defaultdict(Fraction)
    played: dict[Entrant, int] = defaultdict(int)
    boards: dict[Entrant, int] = defaultdict(int)
    for m in matches:
        for team, own, other, points in (
            (m.home, m.home_imps, m.away_imps, m.home_vps),
            (m.away, m.away_imps, m.home_imps, m.away_vps),
        ):
            vps[team] += points
            imps_for[team] += own
            imps_against[team] += other
            played[team] += 1
            boards[team] += len(m.boards)
    return tuple(
        Standing(
            place,
            shared,
            team,
            session.names.get(team),
            vps[team],
            Fraction(0),
            None,
            boards[team],
            imps_for=imps_for[team],
            imps_against=imps_against[team],
            matches=played[team],
        )
        for place, shared, team in rank(vps, lambda t: vps[t], order=lambda t: t)
    )


# --- other scorings of the same boards ------------------------------------------------------------


def board_a_match(result: TeamsResult) -> BoardAMatch:
    """Board-a-match (rules.md §6.2, [BAM]): on each board of a match, the team with the better
    score across the two rooms earns 1 point, a tie half each.

    A board of plain results is won on the net points, however few (+10 wins, though it is 0
    IMPs); a board with an adjusted score, which has no net points, by the sign of its IMPs.
    """
    points: dict[Entrant, Fraction] = defaultdict(Fraction)
    boards: dict[Entrant, int] = defaultdict(int)
    matches = []
    for m in result.matches:
        home = Fraction(0)
        for b in m.boards:
            one, two = b.room1.result, b.room2.result
            net = one.ns_score - two.ns_score if one and two else b.home_imps - b.away_imps
            home += 1 if net > 0 else Fraction(1, 2) if net == 0 else 0
        away = len(m.boards) - home
        matches.append((m, home, away))
        for team, won in ((m.home, home), (m.away, away)):
            points[team] += won
            boards[team] += len(m.boards)
    return BoardAMatch(tuple(matches), _totals(result.session, points, boards))


def butler_teams(session: Session, rules: Rules) -> tuple[TeamTotal, ...]:
    """Teams ranked on Butler IMPs (§6.4): every table's NS score against the board's datum over
    all the tables that played it (every match), with the rules' trim and rounding; a team's
    total is its NS pair's IMPs plus its EW pair's. Boards with an adjusted result at a table
    leave that table out (its datum and its IMPs)."""
    from bridgescore.scoring.imps import datum

    by_board: dict[int, list[TableResult]] = defaultdict(list)
    for row in session.tables:
        if row.result is not None:
            by_board[row.board].append(row)
    ns: dict[Entrant, Fraction] = defaultdict(Fraction)
    ew: dict[Entrant, Fraction] = defaultdict(Fraction)
    boards: dict[Entrant, int] = defaultdict(int)
    for rows in by_board.values():
        scores = [r.result.ns_score for r in rows if r.result is not None]
        level = datum(scores, trim=rules.datum_trim, rounding=rules.datum_rounding)
        for row in rows:
            assert row.result is not None
            won = imps(row.result.ns_score - level)
            north, east = (
                Entrant(row.ns[0], section=row.section),
                Entrant(row.ew[0], section=row.section),
            )
            ns[north] += won
            ew[east] -= won
            boards[north] += 1
            boards[east] += 1
    totals = {team: ns[team] + ew[team] for team in boards}
    ranked = _totals(session, totals, boards)
    return tuple(replace(t, ns=ns[t.team], ew=ew[t.team]) for t in ranked)


def _totals(
    session: Session, points: dict[Entrant, Fraction], boards: dict[Entrant, int]
) -> tuple[TeamTotal, ...]:
    return tuple(
        TeamTotal(place, shared, team, session.names.get(team), points[team], boards[team])
        for place, shared, team in rank(points, lambda t: points[t], order=lambda t: t)
    )
