"""IMP pairs on one board, for one direction: Butler and cross-IMPs (rules.md §6.3-6.4).

The arithmetic is in :mod:`bridgescore.scoring.imps`; this module applies it to a board's entries
as the session sees them (plain, weighted and artificial scores, fouled groups) and explains each
value.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction

from bridgescore.bridge import Side
from bridgescore.explanation import Explanation
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.rules import CrossImpNormalisation, Method, Rules
from bridgescore.scoring.imps import (
    ArtificialImps,
    ArtificialScore,
    WeightedScore,
    cross_imps,
    datum,
    imps_against,
)
from bridgescore.scoring.matchpoints import Entry
from bridgescore.traveller import Artificial


def artificial_code(artificial: Artificial) -> ArtificialScore:
    """Ave+, Ave or Ave-; an explicit percentage counts by which side of 50% it is."""
    if artificial.code == "A+" or (artificial.code == "%" and artificial.percent > 50):
        return ArtificialScore.AVE_PLUS
    if artificial.code == "A-" or (artificial.code == "%" and artificial.percent < 50):
        return ArtificialScore.AVE_MINUS
    return ArtificialScore.AVE


def imp_board(entries: Sequence[Entry], rules: Rules, side: Side = Side.NS) -> list[Explanation]:
    """Score one direction of one board at IMPs by the rules' method.

    ``entries`` are from ``side``'s point of view. A Butler datum is always worked out on the NS
    scores, and EW's is its negative (rules.md §6.4), so that NS and EW balance whatever the
    rounding: rounding EW's own mean half-up would give +80 and -70 for a -75 average.
    """
    adjusted = ArtificialImps(rules.artificial_imps, 0, -rules.artificial_imps)
    normalisation = rules.cross_imps
    method = rules.method
    count = len(entries)
    groups: dict[str | None, list[int]] = defaultdict(list)
    for i, entry in enumerate(entries):
        if entry.artificial is None:
            groups[entry.group].append(i)
    fouled = len(groups) > 1
    out: dict[int, Explanation] = {}
    for i, entry in enumerate(entries):
        if entry.artificial is not None:
            code = artificial_code(entry.artificial)
            if rules.method is Method.CROSS_IMPS and count > 1:
                value = adjusted.cross_imps(code, count, normalisation)
            else:
                value = Fraction(adjusted.value(code))
            out[i] = Explanation(
                value=value,
                top=Fraction(0),
                scale=rules.scale,
                artificial=entry.artificial,
                percent=entry.artificial.percent,
                method=method,
            )
    for label, members in groups.items():
        scores = [_score(entries[i]) for i in members]
        if rules.method is Method.BUTLER:
            plain: list[int | Fraction] = [s for s in scores if not isinstance(s, WeightedScore)]
            if not plain:  # only weighted tables: their parts make the datum
                plain = [p for s in scores if isinstance(s, WeightedScore) for _, p in s.components]
            trim = rules.datum_trim
            sign = 1 if side is Side.NS else -1
            board_datum = sign * datum(
                [sign * p for p in plain], trim=trim, rounding=rules.datum_rounding
            )
            dropped = trim.each_end(len(plain))
            how = Text(
                N_("mean of %(kept)s results, dropping %(dropped)s at each end"),
                kept=len(plain) - 2 * dropped,
                dropped=dropped,
            )
            for i, score in zip(members, scores, strict=True):
                out[i] = Explanation(
                    value=Fraction(imps_against(score, board_datum)),
                    top=Fraction(0),
                    scale=rules.scale,
                    scores=entries[i].scores,
                    compared=len(members) - 1,
                    group=label if fouled else None,
                    note=how,
                    method=method,
                    datum=board_datum,
                )
            continue
        if len(members) < 2:
            for i in members:
                out[i] = Explanation(
                    value=Fraction(0),
                    top=Fraction(0),
                    scale=rules.scale,
                    scores=entries[i].scores,
                    gross=Fraction(0),
                    method=method,
                    note=Text(N_("no other result to compare with")),
                )
            continue
        totals = cross_imps(scores, CrossImpNormalisation.SUM)
        divisor = normalisation.divisor(len(members))
        factor = Fraction(1)
        note: Text | None = None
        if fouled and normalisation is CrossImpNormalisation.SUM:
            # ACBLscore: each group IMPed separately, then factored by (n-1)/(group-1).
            factor = Fraction(count - 1, len(members) - 1)
            note = Text(
                N_("group of %(size)s factored by %(all)s/%(group)s"),
                size=len(members),
                all=count - 1,
                group=len(members) - 1,
            )
        for i, total in zip(members, totals, strict=True):
            out[i] = Explanation(
                value=total * factor / divisor,
                top=Fraction(0),
                scale=rules.scale,
                scores=entries[i].scores,
                compared=len(members) - 1,
                group=label if fouled else None,
                note=note,
                method=method,
                gross=total,
                divisor=divisor,
            )
    return [out[i] for i in range(count)]


def _score(entry: Entry) -> int | WeightedScore:
    if len(entry.scores) == 1:
        return entry.scores[0][1]
    return WeightedScore.mix(*entry.scores)
