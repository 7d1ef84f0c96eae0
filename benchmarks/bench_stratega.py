"""Random playouts of the Stratega Kill-the-King-like fixture beside OpenSpiel's C++ connect
four, measured in one run, with the ratio of their steps per second.

    python benchmarks/bench_stratega.py [--seconds 2] [--repeat 5] [--json results.json]
    python benchmarks/bench_stratega.py --cpu 3 --repeat 7 [--files A.yaml B.yaml …]

Subjects, run in turns so that a change of the machine's speed touches them alike:

``stratega``
    ``tests/stratega/kill_the_king.yaml``, the fixture in Stratega's format, loaded
    by ``stratagem.load`` through the importer;
``native``
    ``tests/stratega/kill_the_king_native.yaml``, its hand-written native twin;
``openspiel_cpp``
    OpenSpiel's C++ ``connect_four`` driven from Python (the yardstick of
    ``bench_engine.py``, with the same driver).

A step is one action applied in a random playout (a uniform random legal action each
time, from a fresh state to the game's end). The ratio printed is
``stratega steps/s ÷ OpenSpiel C++ connect four steps/s``: Stratega's own C++ engine
makes 0.036 on this machine kind, and the aim is half of it, 0.018
(``shared/reference/baselines.md``). ``--seconds`` defaults to
``$STRATAGEM_BENCH_SECONDS`` or 2.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_engine  # noqa: E402 - the yardstick lives beside this script
import stratagem  # noqa: E402
from stratagem.engine import Rng  # noqa: E402

FIXTURES = HERE.parent / "tests" / "stratega"
AIM = 0.018
"""Half of Stratega's own ratio (0.036) on this machine kind."""
STRATEGA_RATIO = 0.036


def playouts_of(path: Path) -> Callable[[int], int]:
    """A workload: ``n`` random playouts of a game file; the steps taken."""
    game = stratagem.load(path)
    rng = Rng(bench_engine.SEED)

    def playouts(n: int) -> int:
        steps = 0
        for i in range(n):
            state = game.new_state(seed=i)
            while state.decision is not None:
                actions = game.legal_actions(state)
                state = game.apply(state, actions[rng.below(len(actions))])
                steps += 1
        return steps

    return playouts


def fixtures(rounds: int | None, folder: Path) -> tuple[Path, Path]:
    """The two Kill the King files; with ``rounds``, copies in ``folder`` that end after
    that many rounds (for a quick smoke run)."""
    stratega, native = FIXTURES / "kill_the_king.yaml", FIXTURES / "kill_the_king_native.yaml"
    if rounds is None:
        return stratega, native
    short_s, short_n = folder / stratega.name, folder / native.name
    short_s.write_text(stratega.read_text().replace("RoundLimit: 60",
                                                    f"RoundLimit: {rounds + 1}"))
    short_n.write_text(native.read_text().replace("round_limit: 59", f"round_limit: {rounds}"))
    return short_s, short_n


def run(seconds: float, repeat: int, rounds: int | None = None) -> dict[str, Any]:
    """Every subject's steps per second (median over ``repeat`` interleaved runs)."""
    with tempfile.TemporaryDirectory() as tmp:
        stratega, native = fixtures(rounds, Path(tmp))
        subjects: dict[str, Callable[[int], int]] = {
            "stratega": playouts_of(stratega), "native": playouts_of(native)}
    loaded = bench_engine.load_openspiel()
    if loaded is not None:
        pyspiel, _ = loaded
        bench = bench_engine.bench_of("connect_four")
        subjects["openspiel_cpp"] = bench_engine.openspiel_subject(
            pyspiel, bench, "connect_four", "openspiel_cpp", "OpenSpiel C++").playouts
    for work in subjects.values():
        bench_engine.timed(work, min(bench_engine.WARMUP_SECONDS, seconds))
    runs: dict[str, list[float]] = {k: [] for k in subjects}
    for _ in range(repeat):
        for key, work in subjects.items():
            runs[key].append(bench_engine.timed(work, seconds)[1])
    steps = {k: statistics.median(v) for k, v in runs.items()}
    report: dict[str, Any] = {"steps_per_s": steps, "runs": runs, "aim": AIM,
                              "stratega_engine_ratio": STRATEGA_RATIO}
    if "openspiel_cpp" in steps:
        report["ratio"] = steps["stratega"] / steps["openspiel_cpp"]
        report["native_ratio"] = steps["native"] / steps["openspiel_cpp"]
    return report


def cpu_ab(games: int, repeat: int, files: Sequence[Path]) -> dict[str, list[float]]:
    """Process CPU seconds of the same ``games`` random playouts of each file, the files
    in turns, ``repeat`` times: an A/B that a busy machine's wall clock does not blur.
    The playouts are the same games in files that offer the same actions in the same
    order (the Stratega fixture and its twin do)."""
    works = {str(f): playouts_of(f) for f in files}
    out: dict[str, list[float]] = {k: [] for k in works}
    for _ in range(repeat):
        for key, work in works.items():
            start = time.process_time()
            work(games)
            out[key].append(time.process_time() - start)
    return out


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=bench_engine._positive,
                        default=os.environ.get("STRATAGEM_BENCH_SECONDS", "2.0"),
                        help="length of one timed run (default: $STRATAGEM_BENCH_SECONDS or 2)")
    parser.add_argument("--repeat", type=bench_engine._count, default=5,
                        help="timed runs of each subject; figures are medians (default: 5)")
    parser.add_argument("--rounds", type=bench_engine._count, default=None,
                        help="cut the games to this many rounds (for a quick check; the "
                             "figure is of the whole game without it)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the report")
    parser.add_argument("--cpu", type=bench_engine._count, metavar="GAMES", default=None,
                        help="instead: process CPU time of GAMES random games of the two "
                             "files (or of --files), in turns, --repeat times")
    parser.add_argument("--files", type=Path, nargs="+", metavar="FILE",
                        help="with --cpu: the rules files to compare (default: the two)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.cpu is not None:
        files = args.files or list(fixtures(None, HERE))
        times = cpu_ab(args.cpu, args.repeat, files)
        first = statistics.median(times[str(files[0])])
        print(f"process CPU seconds of {args.cpu} random games, median of {args.repeat}")
        for key, runs in times.items():
            med = statistics.median(runs)
            print(f"  {key:60} {med:7.3f} s (x{med / first:.3f}; runs "
                  f"{', '.join(f'{r:.3f}' for r in runs)})")
        return 0
    report = run(args.seconds, args.repeat, args.rounds)
    steps = report["steps_per_s"]
    print(f"random-playout steps per second, median of {args.repeat} runs of "
          f"{args.seconds:g} s each")
    for key, label in (("stratega", "Kill the King, Stratega file (imported)"),
                       ("native", "Kill the King, native twin"),
                       ("openspiel_cpp", "OpenSpiel C++ connect four")):
        if key in steps:
            print(f"  {label:42} {bench_engine.si(steps[key]):>8}")
    if "ratio" in report:
        print(f"ratio stratega / OpenSpiel C++ connect four: {report['ratio']:.4f} "
              f"(native twin {report['native_ratio']:.4f}; Stratega's C++ engine "
              f"{STRATEGA_RATIO}; aim {AIM}: {'met' if report['ratio'] >= AIM else 'not met'})")
    else:
        print("note: OpenSpiel is not installed (pip install open-spiel): no ratio")
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
