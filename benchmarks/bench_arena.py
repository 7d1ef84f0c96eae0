"""Arena throughput: games per second with 1 and with N local worker processes.

    python benchmarks/bench_arena.py [--game connect_four] [--agents random,mcts:iterations=100]
                                     [--games 40] [--workers 1,2] [--json arena.json]

Plays the same tournament (``--games`` games per pairing, default
``$STRATAGEM_ARENA_GAMES`` or 40) once per worker count, each into a fresh results
file, and prints wall time, games per second and the speed-up over one worker. It
also checks that every run stored the same results, as the arena promises. A worker
count above 1 pays for starting its processes (each imports Stratagem and loads the
game once), so short tournaments gain less than long ones.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from stratagem.arena.runner import run_tournament
from stratagem.arena.tournament import Tournament
from stratagem.provenance import load_average, source_revision


def measure(tournament: Tournament, workers: list[int]) -> list[dict[str, Any]]:
    """One run of the tournament per worker count."""
    runs: list[dict[str, Any]] = []
    reference = None
    with tempfile.TemporaryDirectory() as tmp:
        for n in workers:
            start = time.perf_counter()
            rows = run_tournament(tournament, Path(tmp) / f"w{n}.sqlite", workers=n)
            seconds = time.perf_counter() - start
            keys = [r.result_key() for r in rows]
            if reference is None:
                reference = keys
            runs.append({"workers": n, "games": len(rows), "seconds": round(seconds, 3),
                         "games_per_s": round(len(rows) / seconds, 3),
                         "same_results": keys == reference})
    base = runs[0]["games_per_s"]
    for run in runs:
        run["speedup"] = round(run["games_per_s"] / base, 3)
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="connect_four")
    parser.add_argument("--agents", default="random,mcts:iterations=100")
    parser.add_argument("--games", type=int,
                        default=int(os.environ.get("STRATAGEM_ARENA_GAMES", "40")))
    parser.add_argument("--workers", default="1,2",
                        help="worker counts to compare, comma-separated (the first is the base)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    workers = [int(w) for w in args.workers.split(",")]
    tournament = Tournament(args.game, tuple(args.agents.split(",")), games=args.games,
                            seed=args.seed)
    runs = measure(tournament, workers)
    commit = source_revision() or "unknown"
    print(f"stratagem {commit}; CPython {platform.python_version()} on "
          f"{platform.platform()}, {os.cpu_count()} CPUs")
    print(f"{args.game}: {args.agents}, {args.games} games per pairing")
    print(f"{'workers':>8} {'games':>6} {'seconds':>9} {'games/s':>9} {'speed-up':>9} same")
    for r in runs:
        print(f"{r['workers']:>8} {r['games']:>6} {r['seconds']:>9.2f} {r['games_per_s']:>9.2f} "
              f"{r['speedup']:>8.2f}x {'yes' if r['same_results'] else 'NO'}")
    load = load_average()
    if load is not None:
        print("load average at the end: " + ", ".join(f"{x:.2f}" for x in load))
    if args.json is not None:
        args.json.write_text(json.dumps({"commit": commit, "game": args.game,
                                         "agents": args.agents, "runs": runs}, indent=2) + "\n")
    return 0 if all(r["same_results"] for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
