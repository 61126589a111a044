"""Helpers of the events' tests, used by the commands', competitions' and console's tests too:
two sessions of one event (S1, S2) and a qualifying with its final, as traveller CSV."""

from __future__ import annotations

# Two sessions of one board. Session 1 has three tables (a top of 4), session 2 four (a top of
# 6); the pairs change direction and two pairs join for session 2.
S1 = """# event: Championship pairs, session 1
board,ns,ew,score,ns_names,ew_names
1,1,1,450,Ann Lee & Bob Roy,Cy Dee & Di Eve
1,2,2,420,Fay Gee & Hal Ivy,Jo Kay & Lu Mo
1,3,3,-50,Ned Oh & Pam Qu,Rex Su & Tia Uv
"""


S2 = """# event: Championship pairs, session 2
board,ns,ew,score,ns_names,ew_names
1,1,1,100,Cy Dee & Di Eve,Ann Lee & Bob Roy
1,2,2,140,Fay Gee & Hal Ivy,Jo Kay & Lu Mo
1,3,3,-100,Ned Oh & Pam Qu,Vi Wu & Xa Yo
1,4,4,110,Zed Ab & Bea Cd,Rex Su & Tia Uv
"""


# A Howell qualifying of six pairs on two boards (a top of 4): pair 3 scores 8, pair 6 6,
# pairs 1 and 4 4, pair 2 2, pair 5 0.
QUALIFYING = """board,ns,ew,score,ns_names,ew_names
1,1,2,420,Ann Lee & Bob Roy,Cy Dee & Di Eve
1,3,4,450,Fay Gee & Hal Ivy,Jo Kay & Lu Mo
1,5,6,-50,Ned Oh & Pam Qu,Rex Su & Tia Uv
2,2,3,100,Cy Dee & Di Eve,Fay Gee & Hal Ivy
2,4,5,140,Jo Kay & Lu Mo,Ned Oh & Pam Qu
2,6,1,120,Rex Su & Tia Uv,Ann Lee & Bob Roy
"""


# The final: the four qualifiers numbered by their seeding, a Howell on a top of 2: Fay & Hal
# (1) 2 matchpoints, Rex & Tia (2) 0, Ann & Bob (3) 2, Jo & Lu (4) 4.
FINAL = """board,ns,ew,score,ns_names,ew_names
1,1,2,420,Fay Gee & Hal Ivy,Rex Su & Tia Uv
1,3,4,170,Ann Lee & Bob Roy,Jo Kay & Lu Mo
2,2,3,100,Rex Su & Tia Uv,Ann Lee & Bob Roy
2,4,1,130,Jo Kay & Lu Mo,Fay Gee & Hal Ivy
"""
