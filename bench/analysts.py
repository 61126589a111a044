"""What an analyst would write to score a plain traveller CSV without bridgescore: the peers
``bench.py`` runs as whole processes beside ``bridgescore score``.

    python bench/analysts.py pandas|polars|duckdb TRAVELLERS.csv OUT.csv

Each reads the travellers (board, round, table, ns, ew, contract, declarer, result), scores
every contract by Law 77 in vectorised form, matchpoints each board by the club rules (two
points a result beaten, one a tie; a pass-out scores 0; ``A``, ``A+/A-``, ``A-/A+`` are 50, 60
and 40 per cent of the top and every real result on the board is given a tie with each of them;
``NP`` is not scored) and writes each pair's total as ``line,pair,mp`` rows. Each imports its
own library and nothing of bridgescore: a peer stands alone. The bench checks every pair's total
against bridgescore's before it times anything.
"""

from __future__ import annotations

import sys
from typing import Any

# Law 2: boards 1-16 (board n as (n - 1) mod 16 + 1), is North-South / East-West vulnerable.
NS_VUL = (0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0)
EW_VUL = (0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1)
NS_PERCENT = {"A": 50, "A+/A-": 60, "A-/A+": 40}


def pandas_totals(path: str) -> dict[tuple[str, int], float]:
    """read_csv, numpy arithmetic for the contract scores, ``groupby().rank("average")``."""
    import numpy as np
    import pandas as pd  # type: ignore[import-untyped]

    df = pd.read_csv(path, dtype={"contract": str, "declarer": str})
    contract = df["contract"].fillna("")
    artificial = contract.str.startswith("A")
    passed = contract == "PASS"
    played = ~artificial & ~passed & (contract != "NP")
    text = contract.where(played, "1C")
    level = text.str[0].astype(np.int64).to_numpy()
    doubling = text.str.count("X").to_numpy()
    strain = text.str[1:].str.rstrip("X").to_numpy()
    board = df["board"].to_numpy()
    tricks = df["result"].fillna(0).astype(np.int64).to_numpy()
    by_ns = df["declarer"].isin(["N", "S"]).to_numpy()
    vul = np.where(by_ns, np.array(NS_VUL)[(board - 1) % 16], np.array(EW_VUL)[(board - 1) % 16])
    minor = np.isin(strain, ["C", "D"])
    per_trick = np.where(minor, 20, 30)
    first = np.where(strain == "NT", 40, per_trick)
    odd = tricks - level - 6
    times = np.array([1, 2, 4])[doubling]
    contracted = (first + per_trick * (level - 1)) * times
    game = np.where(contracted >= 100, np.where(vul, 500, 300), 50)
    slam = np.where(level == 6, np.where(vul, 750, 500), 0)
    slam = np.where(level == 7, np.where(vul, 1500, 1000), slam)
    over = np.where(doubling == 0, per_trick, np.where(vul, 200, 100) * doubling) * odd
    made = contracted + game + slam + 50 * doubling + over
    down = -odd
    doubled = np.where(vul, 200 + 300 * (down - 1), 100 + 200 * np.minimum(down - 1, 2))
    doubled = doubled + np.where(vul, 0, 300 * np.maximum(down - 3, 0))
    penalty = np.where(doubling == 0, np.where(vul, 100, 50) * down, doubled * doubling)
    declarer = np.where(odd >= 0, made, -penalty)
    df["score"] = np.where(played, np.where(by_ns, declarer, -declarer), 0)
    real = df[played | passed.to_numpy()]
    ranks = real.groupby("board")["score"].rank(method="average")
    counted = df[played | passed.to_numpy() | artificial.to_numpy()]
    count = counted.groupby("board").size()
    have = real.groupby("board").size().reindex(count.index, fill_value=0)
    results = real["board"].map(have)
    extra = real["board"].map(count) - results
    ns_mp = 2 * ranks - 2 + extra
    ew_mp = 2 * (results + 1 - ranks) - 2 + extra  # EW's rank is NS's from the other end
    adjusted = df[artificial.to_numpy()]
    top = 2 * (adjusted["board"].map(count) - 1)
    ns_pct = adjusted["contract"].map(NS_PERCENT)
    parts_ns = pd.concat(
        [ns_mp.groupby(real["ns"]).sum(), (ns_pct * top / 100).groupby(adjusted["ns"]).sum()]
    )
    parts_ew = pd.concat(
        [
            ew_mp.groupby(real["ew"]).sum(),
            ((100 - ns_pct) * top / 100).groupby(adjusted["ew"]).sum(),
        ]
    )
    totals = {("NS", int(k)): float(v) for k, v in parts_ns.groupby(level=0).sum().items()}
    totals.update({("EW", int(k)): float(v) for k, v in parts_ew.groupby(level=0).sum().items()})
    return totals


def polars_totals(path: str) -> dict[tuple[str, int], float]:
    """read_csv, polars expressions for the contract scores, ``rank("average").over("board")``."""
    import polars as pl

    df = pl.read_csv(
        path, schema_overrides={"contract": pl.Utf8, "declarer": pl.Utf8, "result": pl.Int64}
    )
    contract = pl.col("contract").fill_null("")
    df = df.with_columns(
        artificial=contract.str.starts_with("A"),
        passed=contract == "PASS",
        scored=contract != "NP",
    ).with_columns(played=pl.col("scored") & ~pl.col("artificial") & ~pl.col("passed"))
    text = pl.when(pl.col("played")).then(contract).otherwise(pl.lit("1C"))
    at = (pl.col("board") - 1) % 16
    by_ns = pl.col("declarer").is_in(["N", "S"])
    ns_vul = at.replace_strict(dict(enumerate(NS_VUL)), return_dtype=pl.Boolean)
    ew_vul = at.replace_strict(dict(enumerate(EW_VUL)), return_dtype=pl.Boolean)
    df = df.with_columns(
        level=text.str.slice(0, 1).cast(pl.Int64),
        doubling=text.str.count_matches("X").cast(pl.Int64),
        strain=text.str.slice(1).str.strip_chars_end("X"),
        vul=pl.when(by_ns).then(ns_vul).otherwise(ew_vul),
        odd=pl.col("result").fill_null(0) - text.str.slice(0, 1).cast(pl.Int64) - 6,
    )
    level, doubling, strain, vul, odd = (
        pl.col(c) for c in ("level", "doubling", "strain", "vul", "odd")
    )
    per_trick = pl.when(strain.is_in(["C", "D"])).then(20).otherwise(30)
    first = pl.when(strain == "NT").then(40).otherwise(per_trick)
    times = pl.when(doubling == 0).then(1).when(doubling == 1).then(2).otherwise(4)
    df = df.with_columns(contracted=(first + per_trick * (level - 1)) * times)
    contracted = pl.col("contracted")
    game = pl.when(contracted >= 100).then(pl.when(vul).then(500).otherwise(300)).otherwise(50)
    slam = (
        pl.when(level == 6)
        .then(pl.when(vul).then(750).otherwise(500))
        .when(level == 7)
        .then(pl.when(vul).then(1500).otherwise(1000))
        .otherwise(0)
    )
    over = (
        pl.when(doubling == 0)
        .then(per_trick)
        .otherwise(pl.when(vul).then(200).otherwise(100) * doubling)
        * odd
    )
    made = contracted + game + slam + 50 * doubling + over
    down = -odd
    doubled = (
        pl.when(vul)
        .then(200 + 300 * (down - 1))
        .otherwise(
            100 + 200 * pl.min_horizontal(down - 1, 2) + 300 * pl.max_horizontal(down - 3, 0)
        )
    )
    penalty = pl.when(doubling == 0).then(pl.when(vul).then(100).otherwise(50) * down)
    penalty = penalty.otherwise(doubled * doubling)
    declarer = pl.when(odd >= 0).then(made).otherwise(-penalty)
    df = df.with_columns(
        score=pl.when(pl.col("played"))
        .then(pl.when(by_ns).then(declarer).otherwise(-declarer))
        .otherwise(0)
    )
    counted = df.filter(pl.col("scored")).group_by("board").agg(count=pl.len())
    real = (
        df.filter(pl.col("played") | pl.col("passed"))
        .join(counted, on="board")
        .with_columns(
            rank=pl.col("score").rank("average").over("board"),
            results=pl.len().over("board"),
        )
        .with_columns(extra=pl.col("count") - pl.col("results"))
        .with_columns(
            ns_mp=2 * pl.col("rank") - 2 + pl.col("extra"),
            ew_mp=2 * (pl.col("results") + 1 - pl.col("rank")) - 2 + pl.col("extra"),
        )
    )
    percent = pl.col("contract").replace_strict(NS_PERCENT, return_dtype=pl.Int64)
    adjusted = (
        df.filter(pl.col("artificial"))
        .join(counted, on="board")
        .with_columns(top=2 * (pl.col("count") - 1))
        .with_columns(
            ns_mp=percent * pl.col("top") / 100, ew_mp=(100 - percent) * pl.col("top") / 100
        )
    )
    parts = pl.concat(
        [
            frame.select(line=pl.lit(line), pair=pl.col(pair), mp=pl.col(mp).cast(pl.Float64))
            for frame in (real, adjusted)
            for line, pair, mp in (("NS", "ns", "ns_mp"), ("EW", "ew", "ew_mp"))
        ]
    )
    totals = parts.group_by("line", "pair").agg(pl.col("mp").sum())
    return {(line, pair): mp for line, pair, mp in totals.iter_rows()}


# The same arithmetic in SQL: window functions rank each score on its board (RANK() counts the
# results below it, a COUNT over (board, score) the ties), then a sum a pair.
DUCKDB_SQL = """
WITH t AS (
    SELECT *, coalesce(contract, '') AS c FROM read_csv(?, header = true, all_varchar = true)
), rows AS (
    SELECT CAST(board AS INTEGER) AS board, CAST(ns AS INTEGER) AS ns, CAST(ew AS INTEGER) AS ew,
        c, starts_with(c, 'A') AS artificial, c = 'PASS' AS passed, c <> 'NP' AS scored,
        c NOT IN ('PASS', 'NP') AND NOT starts_with(c, 'A') AS played,
        coalesce(declarer, '') IN ('N', 'S') AS by_ns,
        coalesce(CAST(result AS INTEGER), 0) AS tricks
    FROM t
), parsed AS (
    SELECT *,
        CASE WHEN played THEN CAST(c[1] AS INTEGER) ELSE 1 END AS level,
        CASE WHEN played THEN length(c) - length(replace(c, 'X', '')) ELSE 0 END AS doubling,
        CASE WHEN played THEN rtrim(c[2:], 'X') ELSE 'C' END AS strain,
        CASE WHEN by_ns THEN [0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0][(board - 1) % 16 + 1]
             ELSE [0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1][(board - 1) % 16 + 1]
        END = 1 AS vul
    FROM rows
), trick_values AS (
    SELECT *,
        CASE WHEN strain IN ('C', 'D') THEN 20 ELSE 30 END AS per_trick,
        tricks - level - 6 AS odd
    FROM parsed
), contracted AS (
    SELECT *,
        ((CASE WHEN strain = 'NT' THEN 40 ELSE per_trick END) + per_trick * (level - 1))
            * (CASE doubling WHEN 0 THEN 1 WHEN 1 THEN 2 ELSE 4 END) AS points
    FROM trick_values
), declarer AS (
    SELECT *,
        CASE WHEN odd >= 0 THEN
            points
            + CASE WHEN points >= 100 THEN (CASE WHEN vul THEN 500 ELSE 300 END) ELSE 50 END
            + CASE level WHEN 6 THEN (CASE WHEN vul THEN 750 ELSE 500 END)
                         WHEN 7 THEN (CASE WHEN vul THEN 1500 ELSE 1000 END) ELSE 0 END
            + 50 * doubling
            + CASE WHEN doubling = 0 THEN per_trick
                   ELSE (CASE WHEN vul THEN 200 ELSE 100 END) * doubling END * odd
        WHEN doubling = 0 THEN (CASE WHEN vul THEN 100 ELSE 50 END) * odd
        WHEN vul THEN -(200 + 300 * (-odd - 1)) * doubling
        ELSE -(100 + 200 * least(-odd - 1, 2) + 300 * greatest(-odd - 3, 0)) * doubling
        END AS declarer_score
    FROM contracted
), scored AS (
    SELECT *, CASE WHEN NOT played THEN 0 WHEN by_ns THEN declarer_score
                   ELSE -declarer_score END AS score,
        count(*) FILTER (WHERE scored) OVER (PARTITION BY board) AS counted
    FROM declarer
), real AS (
    SELECT ns, ew, counted,
        rank() OVER (PARTITION BY board ORDER BY score) - 1 AS below,
        count(*) OVER (PARTITION BY board, score) - 1 AS ties,
        count(*) OVER (PARTITION BY board) AS results
    FROM scored WHERE played OR passed
), points AS (
    SELECT 'NS' AS line, ns AS pair, 2 * below + ties + counted - results AS mp FROM real
    UNION ALL
    SELECT 'EW', ew, 2 * (results - 1 - below - ties) + ties + counted - results FROM real
    UNION ALL
    SELECT 'NS', ns, (CASE c WHEN 'A' THEN 50 WHEN 'A+/A-' THEN 60 ELSE 40 END)
        * 2 * (counted - 1) / 100 FROM scored WHERE artificial
    UNION ALL
    SELECT 'EW', ew, (CASE c WHEN 'A' THEN 50 WHEN 'A+/A-' THEN 40 ELSE 60 END)
        * 2 * (counted - 1) / 100 FROM scored WHERE artificial
)
SELECT line, pair, sum(mp) FROM points GROUP BY line, pair
"""


def duckdb_totals(path: str) -> dict[tuple[str, int], float]:
    """DuckDB's read_csv and one SQL query: CASE for the contract scores, window functions for
    the matchpoints."""
    import duckdb

    rows = duckdb.connect().execute(DUCKDB_SQL, [path]).fetchall()
    return {(line, int(pair)): float(mp) for line, pair, mp in rows}


PEERS: dict[str, Any] = {
    "pandas": pandas_totals,
    "polars": polars_totals,
    "duckdb": duckdb_totals,
}


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[0] not in PEERS:
        print(f"usage: analysts.py {'|'.join(PEERS)} TRAVELLERS.csv OUT.csv", file=sys.stderr)
        return 2
    totals = PEERS[argv[0]](argv[1])
    with open(argv[2], "w", encoding="utf-8") as out:
        out.write("line,pair,mp\n")
        for (line, pair), mp in sorted(totals.items()):
            out.write(f"{line},{pair},{mp!r}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
