"""The deal and field the anomaly tests share."""

from __future__ import annotations

from dataclasses import replace

from bridgescore.bridge import Seat, Strain
from bridgescore.deal import Deal
from bridgescore.session import Board, Session

# Board 1, nobody vulnerable. North holds AKQJ of spades; East the heart and club honours.
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
# Double dummy, as a solver gives it, for the seats and strains the tests use.
DD = {1: {(Seat.N, Strain.SPADES): 10, (Seat.S, Strain.SPADES): 10, (Seat.E, Strain.SPADES): 3}}


def with_deal(s: Session) -> Session:
    board = s.boards[1]
    return replace(s, boards={**s.boards, 1: Board(1, board.vulnerability, board.dealer, DEAL)})


FIELD = """
board,ns,ew,contract,declarer,result,lead
1,1,1,4S,N,10,D2
1,2,2,4S,N,10,D4
1,3,3,4S,S,10,HA
1,4,4,4S,N,11,D2
1,5,5,4S,N,10,D2
"""
