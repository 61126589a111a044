"""A team's evening at teams of four: its matches one by one (IMPs and victory points), and on
each board the team's two tables -- its pair North-South in one room, its pair East-West in
the other. At teams the field a result is compared with is the other table, so each board says
both results, what they come to net for the team and the IMPs that makes; with the deals, what
double dummy says of each table: par, and each table's result against it (the two distances add
up to the net, par cancelling out). Every statement carries its numbers.

One page per team (``team-3-evening.html``), made by :class:`TeamEvenings` from the scored
event (:class:`~bridgescore.teams_results.TeamsResult`) and the solved deals, like the pairs'
evening (:mod:`bridgescore.reports.analysis`); :meth:`TeamEvenings.summary` is what a team's
player is mailed of it (:mod:`bridgescore.reports.team_mail`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bridgescore import __version__
from bridgescore.bridge import Seat, Side, Strain
from bridgescore.display import fmt_fixed
from bridgescore.formats.json import exact
from bridgescore.languages import _, current, ngettext
from bridgescore.reports.analysis import (
    card_order,
    card_text,
    makeable,
    par_text,
    result_text,
    signed,
)
from bridgescore.reports.deals import DoubleDummy
from bridgescore.reports.leads import Leads, holds, leader, parse_lead, position
from bridgescore.session import Entrant
from bridgescore.teams_results import BoardComparison, MatchResult, TeamsResult
from bridgescore.traveller import TableResult

Data = dict[str, Any]


def team_page(entrant: Entrant) -> str:
    """A team's evening page (without extension): ``team-3-evening``, ``team-a-3-evening``."""
    label = f"{entrant.section}-{entrant.number}" if entrant.section else str(entrant.number)
    return f"team-{re.sub(r'[^a-z0-9]+', '-', label.lower()).strip('-')}-evening"


def slug(value: object) -> str:
    """An anchor's part for a team's label (as the templates' ``slug`` filter makes it)."""
    from bridgescore.reports.html import slug as html_slug

    return html_slug(value)


def link_evenings(rankings: Data, teams: list[Entrant]) -> Data:
    """The teams' ranking (``TeamsPages.rankings``) with each team's number linking its
    evening page, for the teams that have one."""
    linked = {e.number: f"{team_page(e)}.html" for e in teams if not e.section}
    for row in rankings["fields"][0]["rankings"]:
        row["evening"] = linked.get(row["team"])
    for match in rankings.get("matches", []):  # a match's figures explained on its home team's
        home = linked.get(match["home"])
        match["evening"] = None if home is None else f"{home}#match-{slug(match['away'])}"
    return rankings


@dataclass(frozen=True)
class _Table:
    """One of the team's two tables on a board, seen from the team."""

    room: int  # 1: the home team sits North-South there
    side: str  # "NS" or "EW": where the team's pair sat
    row: TableResult

    @property
    def ns_score(self) -> int | None:
        played = self.row.result
        return None if played is None else played.ns_score

    @property
    def score(self) -> int | None:
        """The table's score for the team."""
        ns = self.ns_score
        return None if ns is None else (ns if self.side == "NS" else -ns)

    @property
    def entry(self) -> str:
        played = self.row.result
        return self.row.describe() if played is None else result_text(played)


class TeamEvenings:
    """Every team's evening of a scored teams event (``double_dummy``: the solved deals by
    board, empty when the deals are not known or not solved)."""

    def __init__(
        self,
        result: TeamsResult,
        double_dummy: Mapping[int, DoubleDummy] | None = None,
        leads: Leads | None = None,
    ) -> None:
        self.result = result
        self.double_dummy: Mapping[int, DoubleDummy] = double_dummy or {}
        self.leads = leads  # the opening leads solved (:func:`positions`): None, not analysed
        self.rules = result.rules

    def num(self, value: Fraction | int) -> str:
        """A figure rounded by the rules, written in the current language's form."""
        text = fmt_fixed(Fraction(value), self.rules.decimals, self.rules.rounding)
        return current().number(text)

    def entrants(self) -> list[Entrant]:
        """The teams with a page: each team that played a match, in the order of the ranking."""
        playing = {m.home for m in self.result.matches} | {m.away for m in self.result.matches}
        return [s.entrant for s in self.result.standings if s.entrant in playing]

    def page(self, entrant: Entrant) -> Data:
        """``team-N-evening.html``: the team's place, its matches and each board's two tables."""
        session = self.result.session
        standing = next(s for s in self.result.standings if s.entrant == entrant)
        matches = [
            self._match(m, entrant) for m in self.result.matches if entrant in (m.home, m.away)
        ]
        analysed = [b for m in matches for b in m["boards"] if b["par"] is not None]
        return {
            "bridgescore": __version__,
            "page": f"{team_page(entrant)}.html",
            "title": session.title,
            "date": session.date,
            "team": entrant.number,
            "section": entrant.section,
            "label": entrant.label,
            "name": standing.name,
            "place": standing.place,
            "field_size": len(self.result.standings),
            "vps_exact": exact(standing.points),
            "imps_for_exact": exact(standing.imps_for or Fraction(0)),
            "imps_against_exact": exact(standing.imps_against or Fraction(0)),
            "matches": matches,
            "solved": bool(self.double_dummy),
            "analysed": len(analysed),
            "versus_par": sum(t["versus_par"] for b in analysed for t in b["tables"])
            if analysed
            else None,
        }

    def _match(self, match: MatchResult, entrant: Entrant) -> Data:
        home = match.home == entrant
        other = match.away if home else match.home
        names = self.result.session.names
        imps_for, imps_against = (
            (match.home_imps, match.away_imps) if home else (match.away_imps, match.home_imps)
        )
        vps_for, vps_against = (
            (match.home_vps, match.away_vps) if home else (match.away_vps, match.home_vps)
        )
        boards = [self._board(b, home) for b in match.boards]
        return {
            "opponent": other.number,
            "opponent_label": other.label,
            "opponent_name": names.get(other),
            "home": home,
            "boards": boards,
            "imps_for_exact": exact(imps_for),
            "imps_against_exact": exact(imps_against),
            "vps_for_exact": exact(vps_for),
            "vps_against_exact": exact(vps_against),
            "said": self._match_said(
                other, imps_for, imps_against, vps_for, vps_against, len(boards)
            ),
        }

    def _match_said(
        self,
        other: Entrant,
        imps_for: Fraction,
        imps_against: Fraction,
        vps_for: Fraction,
        vps_against: Fraction,
        boards: int,
    ) -> str:
        margin = imps_for - imps_against
        if margin > 0:
            how = _("won by %(margin)s IMPs", margin=self.num(margin))
        elif margin < 0:
            how = _("lost by %(margin)s IMPs", margin=self.num(-margin))
        else:
            how = _("drawn")
        return ngettext(
            "Against team %(team)s, %(num)d board: %(imps_for)s–%(imps_against)s IMPs, "
            "%(how)s; %(vps_for)s–%(vps_against)s victory points.",
            "Against team %(team)s, %(num)d boards: %(imps_for)s–%(imps_against)s IMPs, "
            "%(how)s; %(vps_for)s–%(vps_against)s victory points.",
            boards,
            team=other.label,
            imps_for=self.num(imps_for),
            imps_against=self.num(imps_against),
            how=how,
            vps_for=self.num(vps_for),
            vps_against=self.num(vps_against),
        )

    def _board(self, compared: BoardComparison, home: bool) -> Data:
        number = compared.board
        ours_ns = _Table(1, "NS", compared.room1) if home else _Table(2, "NS", compared.room2)
        ours_ew = _Table(2, "EW", compared.room2) if home else _Table(1, "EW", compared.room1)
        imps = compared.home_imps if home else compared.away_imps
        board = self.result.session.boards[number]
        solved = self.double_dummy.get(number) if board.deal else None
        tables = [ours_ns, ours_ew]
        net = (
            None
            if ours_ns.score is None or ours_ew.score is None
            else ours_ns.score + ours_ew.score
        )
        said = [self._table_said(t) for t in tables]
        said.append(self._net_said(net, imps))
        rows: list[Data] = []
        for t in tables:
            rows.append(
                {
                    "room": t.room,
                    "side": t.side,
                    "entry": t.entry,
                    "ns_score": t.ns_score,
                    "score": t.score,
                    "versus_par": None
                    if solved is None or t.score is None
                    else t.score - _for(t.side, solved.par_score),
                    "lead": None,
                }
            )
        analysis: list[str] = []
        par = None
        makes: Data | None = None
        makes_said: list[str] = []
        leads_said: list[str] = []
        if solved is not None:
            par = solved.par_score
            analysis = self._double_dummy(solved, tables, net)
            makes = {
                side.value: [
                    {"contract": c, "tricks": n, "declarers": seats}
                    for c, n, seats in makeable(solved, side)
                ]
                for side in (Side.NS, Side.EW)
            }
            makes_said = [self._makeable_said(solved, side) for side in (Side.NS, Side.EW)]
            for t, row in zip(tables, rows, strict=True):
                found = self._lead(t, board, solved)
                if found is not None:
                    row["lead"], lead_said = found
                    leads_said.append(lead_said)
            analysis += makes_said + leads_said
        return {
            "board": number,
            "page": f"board-{number}.html",
            "dealer": board.dealer.value,
            "vulnerability": board.vulnerability.value,
            "tables": rows,
            "net": net,
            "imps_exact": exact(imps),
            "said": said,
            "analysis": analysis,
            "par": par,
            "makeable": makes,
            "makeable_said": makes_said,  # the analysis's sentences of what each side makes
            "leads_said": leads_said,  # and of each table's opening lead
            "hands": _hands(board) if board.deal else None,
        }

    def _makeable_said(self, solved: DoubleDummy, side: Side) -> str:
        """What ``side`` makes double dummy: the highest contract in each strain."""
        found = makeable(solved, side)
        words = ", ".join(
            _(
                "%(contract)s (%(tricks)s tricks by %(declarers)s)",
                contract=contract,
                tricks=count,
                declarers=_("%(one)s or %(other)s", one=seats[0], other=seats[1])
                if len(seats) == 2
                else seats,
            )
            for contract, count, seats in found
        )
        if side is Side.NS:
            if not found:
                return _("North-South make no contract double dummy.")
            return _("North-South make %(contracts)s double dummy.", contracts=words)
        if not found:
            return _("East-West make no contract double dummy.")
        return _("East-West make %(contracts)s double dummy.", contracts=words)

    def _lead(self, t: _Table, board: Any, solved: DoubleDummy) -> tuple[Data, str] | None:
        """The opening lead at a table against double dummy: did it give declarer a trick
        (the tricks after it, against the tricks after the best lead)? None when the lead,
        the contract or the deal is not known, or the leads were not solved."""
        played = t.row.result
        card = parse_lead(t.row.lead)
        deal = board.deal
        if (
            played is None
            or played.contract is None
            or played.declarer is None
            or card is None
            or deal is None
            or not deal.complete
            or self.leads is None
        ):
            return None
        contract, declarer = played.contract, played.declarer
        seat = leader(declarer)
        ours = declarer.side.value != t.side  # the team's pair defended: its pair led
        if not holds(deal, seat, card):
            return {"lead": card, "leader": seat.value}, _(
                "Room %(room)s: the opening lead %(card)s is not in %(seat)s's hand: not analysed.",
                room=t.room,
                card=card_text(card),
                seat=seat.value,
            )
        after = self.leads.after(position(deal, contract.strain, declarer))
        if after is None:
            return None
        best = solved.tricks[declarer, contract.strain]
        made = after[card]
        given = made - best
        vulnerable = board.vulnerability.is_vulnerable(declarer.side)
        points = contract.score(made, vulnerable) - contract.score(best, vulnerable)
        for_team = -points if ours else points
        best_leads = sorted((c for c, n in after.items() if n == best), key=card_order)
        data = {
            "lead": card,
            "leader": seat.value,
            "tricks_after": made,
            "tricks_best": best,
            "given": given,
            "best_leads": best_leads,
            "points": for_team,
        }
        whose = _("your pair's") if ours else _("the opponents'")
        if given == 0:
            return data, _(
                "Room %(room)s, the opening lead: %(whose)s %(card)s by %(seat)s gave nothing "
                "away: declarer makes %(tricks)s tricks double dummy after it, as after the "
                "best lead.",
                room=t.room,
                whose=whose,
                card=card_text(card),
                seat=seat.value,
                tricks=made,
            )
        shown = ", ".join(card_text(c) for c in best_leads[:6])
        if len(best_leads) > 6:
            shown = _("%(cards)s and %(more)s more", cards=shown, more=len(best_leads) - 6)
        return data, ngettext(
            "Room %(room)s, the opening lead: %(whose)s %(card)s by %(seat)s gave declarer "
            "%(num)d trick: %(made)s double dummy after it, %(best)s after the best lead "
            "(%(leads)s); %(points)s for your team.",
            "Room %(room)s, the opening lead: %(whose)s %(card)s by %(seat)s gave declarer "
            "%(num)d tricks: %(made)s double dummy after it, %(best)s after the best lead "
            "(%(leads)s); %(points)s for your team.",
            given,
            room=t.room,
            whose=whose,
            card=card_text(card),
            seat=seat.value,
            made=made,
            best=best,
            leads=shown,
            points=signed(for_team),
        )

    def _table_said(self, t: _Table) -> str:
        where = _("your pair North-South") if t.side == "NS" else _("your pair East-West")
        if t.score is None:
            return _(
                "Room %(room)s (%(where)s): %(entry)s, no score to compare.",
                room=t.room,
                where=where,
                entry=t.entry,
            )
        return _(
            "Room %(room)s (%(where)s): %(entry)s, %(score)s for your team.",
            room=t.room,
            where=where,
            entry=t.entry,
            score=signed(t.score),
        )

    def _net_said(self, net: int | None, imps: Fraction) -> str:
        if net is None:
            return _("%(imps)s IMPs to your team (an adjusted score).", imps=self.num(imps))
        if imps > 0:
            return _(
                "Net %(net)s: %(imps)s IMPs to your team.", net=signed(net), imps=self.num(imps)
            )
        if imps < 0:
            return _(
                "Net %(net)s: %(imps)s IMPs to your opponents.",
                net=signed(net),
                imps=self.num(-imps),
            )
        return _("Net %(net)s: no IMPs either way.", net=signed(net))

    def _double_dummy(
        self, solved: DoubleDummy, tables: list[_Table], net: int | None
    ) -> list[str]:
        contracts = ", ".join(par_text(c) for c in solved.par_contracts)
        said = [
            _(
                "Par is %(par)s for North-South (%(contracts)s).",
                par=signed(solved.par_score),
                contracts=contracts,
            )
            if contracts
            else _("Par is to pass the board out.")
        ]
        distances = []
        for t in tables:
            if t.score is None:
                continue
            par = _for(t.side, solved.par_score)
            distance = t.score - par
            distances.append(distance)
            said.append(
                _(
                    "Room %(room)s: par is %(par)s for your team; your %(score)s is %(distance)s.",
                    room=t.room,
                    par=signed(par),
                    score=signed(t.score),
                    distance=_distance(distance),
                )
            )
        if net is not None and len(distances) == 2:
            said.append(
                _(
                    "The two tables against par, %(first)s and %(second)s, add up to the net "
                    "%(net)s: par is the same in both rooms and cancels out.",
                    first=signed(distances[0]),
                    second=signed(distances[1]),
                    net=signed(net),
                )
            )
        return said

    def summary(self, entrant: Entrant) -> Data:
        """What a mail tells a team's player of its figures, as plain data that compares."""
        page = self.page(entrant)
        return {
            "place": page["place"],
            "field_size": page["field_size"],
            "vps": page["vps_exact"],
            "imps_for": page["imps_for_exact"],
            "imps_against": page["imps_against_exact"],
            "boards": {
                f"{m['opponent']}-{b['board']}": {
                    "results": [t["entry"] for t in b["tables"]],
                    "scores": [t["score"] for t in b["tables"]],
                    "imps": b["imps_exact"],
                }
                for m in page["matches"]
                for b in m["boards"]
            },
        }


def positions(result: TeamsResult) -> set[tuple[str, Strain, Seat]]:
    """Every (deal, strain, declarer) whose opening lead the teams' evenings analyse: each
    played contract with a lead and a complete deal (for :meth:`Leads.solve`)."""
    found = set()
    for row in result.session.tables:
        board = result.session.boards.get(row.board)
        deal = None if board is None else board.deal
        played = row.result
        if deal is None or not deal.complete or played is None:
            continue
        if played.contract is None or played.declarer is None or parse_lead(row.lead) is None:
            continue
        found.add(position(deal, played.contract.strain, played.declarer))
    return found


def _for(side: str, ns_score: int) -> int:
    return ns_score if side == "NS" else -ns_score


def _distance(points: int) -> str:
    if points == 0:
        return _("exactly par")
    if points > 0:
        return _("%(points)s above par", points=abs(points))
    return _("%(points)s below par", points=abs(points))


def _hands(board: Any) -> Data | None:
    from bridgescore.reports.views import deal

    found = deal(board, None)["hands"]
    return found if isinstance(found, dict) else None


__all__ = ["TeamEvenings", "link_evenings", "positions", "team_page"]
