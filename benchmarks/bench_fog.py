"""Playout speed with and without fog of war, and of games that declare none.

    python benchmarks/bench_fog.py                 # the fog test game, with and without fog
    python benchmarks/bench_fog.py skirmish pig    # bundled games (compare two checkouts)

Each figure is the best of ``--repeat`` timed runs of ``--seconds`` each: forward-model
calls (decisions taken) per second in random playouts (``game.playout``) and in a loop
of ``legal_actions`` and ``apply``. Run it with ``PYTHONPATH`` set to each checkout to
compare two versions of the engine on the same machine.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import stratagem
from stratagem.engine.rng import Rng

FOG_GAME = Path(__file__).parent.parent / "tests" / "rules_fixtures" / "fog_skirmish.yaml"


def _rate(game: stratagem.Game, seconds: float, loop: bool) -> float:
    rng = Rng(1)
    calls = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new_state(seed)
        seed += 1
        if loop:
            while s.decision is not None:
                options = game.legal_actions(s)
                s = game.apply(s, options[rng.below(len(options))])
                calls += 1
        else:
            before = game.runtime.calls
            game.playout(s, rng)
            calls += game.runtime.calls - before
    return calls / (time.perf_counter() - start)


def _without_fog(path: Path) -> Path:
    """A copy of a rules file without its `visibility:` section (and so hiding nothing)."""
    lines = path.read_text().splitlines()
    out, skipping = [], False
    for line in lines:
        if line.startswith("visibility:"):
            skipping = True
            continue
        if skipping and (line.startswith(" ") or not line.strip()):
            continue
        skipping = False
        out.append(line.replace("hidden: true", "hidden: false"))
    tmp = Path(tempfile.mkdtemp()) / path.name
    tmp.write_text("\n".join(out) + "\n")
    return tmp


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    games = [(g, stratagem.load(g)) for g in args.games] or [
        ("fog_skirmish (fog)", stratagem.load(str(FOG_GAME))),
        ("fog_skirmish (no fog)", stratagem.load(str(_without_fog(FOG_GAME))))]
    for name, game in games:
        playout = max(_rate(game, args.seconds, False) for _ in range(args.repeat))
        loop = max(_rate(game, args.seconds, True) for _ in range(args.repeat))
        print(f"{name:24} playout {playout:9.0f} calls/s   apply loop {loop:9.0f} calls/s")


if __name__ == "__main__":
    main()
