"""Summarise a `stratagem arena` results file of a one-player game.

`stratagem arena` stores every game of a solitaire tournament and then crashes while
rating (see FINDINGS.md, finding 1), so its table is never printed. This reads the
stored rows instead: win rate with a Wilson 95% interval, the mean score, how games ended.
Usage: python winrate.py RESULTS.sqlite [...]
"""
import json
import math
import sqlite3
import sys
from collections import Counter


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


for path in sys.argv[1:]:
    db = sqlite3.connect(path)
    rows = db.execute("select winners, scores, reason, decisions, rounds, seconds from games").fetchall()
    n = len(rows)
    wins = sum(1 for r in rows if json.loads(r[0]))
    lo, hi = wilson(wins, n)
    scores = [json.loads(r[1])[0] for r in rows]
    won_scores = [json.loads(r[1])[0] for r in rows if json.loads(r[0])]
    secs = sum(float(r[5] or 0) for r in rows)
    print(f"{path}: {wins}/{n} won = {100 * wins / max(n, 1):.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%), "
          f"mean score {sum(scores) / max(n, 1):.2f}, mean score when won "
          f"{(sum(won_scores) / len(won_scores)) if won_scores else float('nan'):.2f}, "
          f"mean rounds {sum(r[4] for r in rows) / max(n, 1):.1f}, total game seconds {secs:.0f}")
    for reason, k in Counter(r[2] for r in rows).most_common():
        print(f"    {k:4d}  {reason}")
