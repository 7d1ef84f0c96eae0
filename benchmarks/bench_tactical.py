"""Timing and strength of the tactical agent (``stratagem.agents.tactical``).

    python benchmarks/bench_tactical.py [--scenario large] [--rounds 2] [--repeat 3]
                                        [--agent tactical] [--games 0] [--json results.json]

**Turn time.** The figure is the wall time the tactical agent takes to play one whole
Broken Throne turn on ``--scenario`` (default ``large``, thirteen units a side): every
decision of red's turn, from the first selection to ending the turn, re-planning after
each action as the agent does. Two turns are timed:

- *opening*: red's first turn, nothing in reach, every unit walks toward the enemy;
- *battle*: red's turn after ``--rounds`` rounds of the tactical agent playing both
  sides from seed 0, when the armies are in contact (attacks, retreats, advances).

Each is timed ``--repeat`` times with a fresh agent (no cache kept from a previous
run); the figure is the median wall time, with the median processor time of the
process beside it (on a shared machine the wall time also counts other jobs).
Decisions, forward-model calls (``game.calls``) and the modules that acted are
reported too. A game already over by the battle turn times the opening alone.
``--agent`` times another code of the agent (``tactical:depth=2``, ``tactical:depth=3``);
the battle position is reached by the default agent either way.

**Strength.** ``--games N`` (default ``$STRATAGEM_BENCH_GAMES`` or 0) also plays N
games against random, seats alternating, on Broken Throne (the default battle and
``medium``) and Skirmish (``ambush``, and ``duel`` from the fighter's seat): the long
form of ``tests/test_agents_tactical.py``; and on the small Kill the King of
``tests/rules_fixtures/kill_the_king.yaml`` (a long ridge parts the field), the rounds
each game lasted, which shows that the agent walks round the ridge and never stalls.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import stratagem
from stratagem.agents import Agent, make_agent
from stratagem.arena import play
from stratagem.engine import Game, State

KING = Path(__file__).resolve().parents[1] / "tests" / "rules_fixtures" / "kill_the_king.yaml"
"""Kill the King with a long ridge (a test fixture)."""


def battle_state(game: Game, rounds: int) -> State | None:
    """The state where red is to move after ``rounds`` rounds of tactical against tactical
    (``None`` if the game is over by then)."""
    state = game.new_state(0)
    agents = [make_agent("tactical", game, seed=1), make_agent("tactical", game, seed=2)]
    while state.decision is not None and state.flow.round <= rounds:
        d = state.decision
        state = game.apply(state, agents[d.player].choose(state, d).action)
    while state.decision is not None and state.decision.player != 0:
        d = state.decision
        state = game.apply(state, agents[d.player].choose(state, d).action)
    return state if state.decision is not None else None


def time_turn(game: Game, state: State, seed: int, code: str = "tactical") -> dict[str, Any]:
    """One whole turn of the side to move, by a fresh agent of ``code``: wall and processor
    time, decisions, calls."""
    agent = make_agent(code, game, seed=seed)
    assert state.decision is not None
    side = state.decision.player
    modules: Counter[str] = Counter()
    decisions = 0
    units = sum(1 for e in state.entities.values() if e.owner == side)
    calls = game.calls
    start, cpu = time.perf_counter(), time.process_time()
    while state.decision is not None and state.decision.player == side:
        choice = agent.choose(state, state.decision)
        modules[(choice.private or choice.rationale).split(" ", 1)[0]] += 1
        state = game.apply(state, choice.action)
        decisions += 1
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"seconds": seconds, "cpu_seconds": cpu, "decisions": decisions,
            "calls": game.calls - calls, "units": units, "modules": dict(modules)}


def strength(games: int) -> dict[str, dict[str, int]]:
    """Results against random, seats alternating (the duel from the fighter's seat only)."""
    out: dict[str, dict[str, int]] = {}
    for name, scenario in (("broken_throne", None), ("broken_throne", "medium"),
                           ("skirmish", "ambush"), ("skirmish", "duel")):
        game = stratagem.load(name, scenario)
        tally = {"win": 0, "loss": 0, "draw": 0}
        for i in range(games):
            seat = 0 if scenario == "duel" else i % 2
            agents: list[Agent | str] = ["random", "random"]
            agents[seat] = make_agent("tactical", game, seed=100 + i)
            outcome = play(game, agents, seed=i).outcome
            key = "draw" if outcome.is_draw else "win" if seat in outcome.winners else "loss"
            tally[key] += 1
        label = f"{name}/{scenario or 'default'}" + (" (fighter)" if scenario == "duel" else "")
        out[label] = tally
        print(f"  {label}: {tally['win']} won, {tally['loss']} lost, {tally['draw']} drawn "
              f"of {games}", flush=True)
    king = stratagem.load(str(KING))
    tally = {"win": 0, "loss": 0, "draw": 0}
    rounds = []
    for i in range(games):
        seat = i % 2
        agents = ["random", "random"]
        agents[seat] = make_agent("tactical", king, seed=100 + i)
        result = play(king, agents, seed=i)
        outcome = result.outcome
        key = "draw" if outcome.is_draw else "win" if seat in outcome.winners else "loss"
        tally[key] += 1
        rounds.append(result.state.flow.round)
    out["kill_the_king"] = {**tally, "most_rounds": max(rounds, default=0)}
    print(f"  kill_the_king: {tally['win']} won, {tally['loss']} lost, {tally['draw']} drawn "
          f"of {games}; rounds {sorted(rounds)}", flush=True)
    return out


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scenario", default="large", help="Broken Throne scenario (default large)")
    p.add_argument("--rounds", type=int, default=2,
                   help="rounds played before the battle turn (default 2)")
    p.add_argument("--repeat", type=int, default=3, help="timed runs of each turn (default 3)")
    p.add_argument("--games", type=int, default=int(os.environ.get("STRATAGEM_BENCH_GAMES", "0")),
                   help="games against random per scenario (default 0)")
    p.add_argument("--agent", default="tactical",
                   help="the agent code timed (default tactical; try tactical:depth=2)")
    p.add_argument("--json", help="also write the report to this file")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    game = stratagem.load("broken_throne", args.scenario)
    battle = battle_state(game, args.rounds)
    turns = {"opening": game.new_state(0), **({"battle": battle} if battle is not None else {})}
    report: dict[str, Any] = {"scenario": args.scenario, "rounds": args.rounds, "agent": args.agent,
                              "repeat": args.repeat, "python": sys.version.split()[0],
                              "turns": {}}
    print(f"{args.agent}, one whole turn of broken_throne/{args.scenario} "
          f"(median of {args.repeat})")
    for label, state in turns.items():
        runs = [time_turn(game, state, seed, args.agent) for seed in range(args.repeat)]
        seconds = statistics.median(r["seconds"] for r in runs)
        cpu = statistics.median(r["cpu_seconds"] for r in runs)
        first = runs[0]
        report["turns"][label] = {"seconds": seconds, "cpu_seconds": cpu, "runs": runs,
                                  "round": state.flow.round}
        print(f"  {label} (round {state.flow.round}): {seconds:.3f} s ({cpu:.3f} s of processor), "
              f"{first['units']} units, {first['decisions']} decisions, {first['calls']} calls, "
              f"modules {first['modules']}", flush=True)
    if args.games:
        print(f"strength against random, {args.games} games each")
        report["strength"] = strength(args.games)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
