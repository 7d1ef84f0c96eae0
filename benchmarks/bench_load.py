"""Reading rules files: how long each bundled game's rules take to read and to load.

For every bundled game's rules file, the CPU time (median of ``--repeat`` runs) of reading
its YAML into the positioned tree with ruamel's C parser (libyaml, ruamel.yaml.clib: what
``parse_yaml`` uses where it is installed) and with ruamel's pure parser (``pure=True``:
what it used before, and uses where no wheel exists), and of loading the whole game
(``load_rules``: read, compile, check, and its programs where it has them)::

    python benchmarks/bench_load.py --repeat 5 [--games pig,skirmish]

CPU time rather than wall-clock, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from stratagem.games import list_games, rules_path
from stratagem.rules import load_rules
from stratagem.rules.source import parse_yaml


def cpu(work: Callable[[], object], repeat: int) -> float:
    """The median CPU seconds of ``repeat`` runs of ``work``."""
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        work()
        times.append(time.process_time() - t0)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each workload")
    parser.add_argument("--games", default="", help="comma-separated bundled games (default: all)")
    args = parser.parse_args(argv)
    names = [g for g in args.games.split(",") if g] or list_games()
    print(f"{'game':<16}{'lines':>7}{'read, C':>10}{'read, pure':>12}{'speed-up':>10}"
          f"{'load':>9}")
    for name in names:
        path = rules_path(name)
        if path is None:
            continue
        text = path.read_text(encoding="utf-8")
        fast = cpu(partial(parse_yaml, text, str(path)), args.repeat)
        slow = cpu(partial(parse_yaml, text, str(path), pure=True), args.repeat)
        whole = cpu(partial(load_rules, path), args.repeat)
        print(f"{name:<16}{len(text.splitlines()):>7}{fast:>9.3f}s{slow:>11.3f}s"
              f"{slow / fast:>9.1f}x{whole:>8.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
