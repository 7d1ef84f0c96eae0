"""Agents side by side: decision times with their default budgets, and a round robin at
equal time.

    python benchmarks/bench_agents.py times [--games broken_throne,skirmish,connect_four]
                                            [--agents mcts,rhea,portfolio,tactical,osla]
                                            [--decisions 6]
    python benchmarks/bench_agents.py equal [--on broken_throne] [--seconds 0.5 | --calls N]
                                            [--agents tactical,mcts,rhea,portfolio]
                                            [--games 4]
    python benchmarks/bench_agents.py versus [--on broken_throne,skirmish:ambush]
                                             [--agent mcts] [--games 10]

``times`` plays one random game per game named and, at ``--decisions`` player decisions
spread along it, asks each agent (built with its default budget) to choose; it prints each
agent's median and largest wall seconds, median processor seconds, and median and largest
forward-model calls per decision.

``equal`` plays every pair of ``--agents`` on one game, each agent given ``--seconds`` a
decision, ``--games`` games a pair (default ``$STRATAGEM_AGENT_GAMES``, or 4) with seats
alternating, and prints each pair's score (a draw counts half) with its Wilson 95%
interval. Time budgets make these figures depend on the machine and its load: the header
line records the load. ``--calls N`` gives every agent N forward-model calls a decision
instead, the same on any machine (the fairer measure on a shared one).

``versus`` plays ``--agent`` (a roster code, default ``mcts`` with its own default budget)
against the random agent, ``--games`` games per game named (default
``$STRATAGEM_VERSUS_GAMES``, or 10), seats alternating, and prints wins, draws and losses
with the Wilson 95% interval of the score, and the median and largest forward-model calls
of the agent's decisions. A game is ``name`` or ``name:scenario``. A budget in calls
(``--agent mcts:calls=2000``) plays the same on any machine and at any load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from itertools import combinations

import stratagem
from stratagem.agents import Agent, Budget, Choice, make_agent
from stratagem.arena.stats import wilson
from stratagem.engine import CHANCE, Decision, Rng
from stratagem.provenance import load_average, source_revision


def decision_states(game: stratagem.Game, count: int, seed: int) -> list[stratagem.State]:
    """``count`` player decisions with more than one option, spread along one random game."""
    rng = Rng(seed)
    state = game.new_state(seed)
    seen: list[stratagem.State] = []
    while state.decision is not None:
        d = state.decision
        if d.player != CHANCE and len(d.actions) > 1:
            seen.append(state)
        state = game.apply(state, d.actions[rng.below(len(d.actions))])
    step = max(1, len(seen) // max(1, count))
    return seen[::step][:count]


def times(games: list[str], agents: list[str], decisions: int) -> None:
    print(f"{'game':14} {'agent':10} {'median s':>9} {'max s':>7} {'median cpu s':>12} "
          f"{'median calls':>12} {'max calls':>9}")
    for name in games:
        game = load(name)
        states = decision_states(game, decisions, 1)
        for code in agents:
            try:
                agent = make_agent(code, game, seed=1)
            except stratagem.StratagemError as exc:
                print(f"{name:14} {code:10} skipped: {exc}")
                continue
            walls: list[float] = []
            cpus: list[float] = []
            calls: list[int] = []
            for state in states:
                d = state.decision
                assert d is not None
                view = state.view(d.player) if game.info.hidden else state
                c0, w0, p0 = game.calls, time.perf_counter(), time.process_time()
                agent.choose(view, d)
                walls.append(time.perf_counter() - w0)
                cpus.append(time.process_time() - p0)
                calls.append(game.calls - c0)
            print(f"{name:14} {code:10} {statistics.median(walls):9.2f} {max(walls):7.2f} "
                  f"{statistics.median(cpus):12.2f} {statistics.median(calls):12.0f} "
                  f"{max(calls):9d}")


def load(text: str) -> stratagem.Game:
    """A game named ``name`` or ``name:scenario``."""
    name, _, scenario = text.partition(":")
    return stratagem.load(name, scenario) if scenario else stratagem.load(name)


def equal(on: str, agents: list[str], seconds: float, games: int,
          calls: int | None = None) -> None:
    game = load(on)
    budget = f"calls={calls}" if calls else f"seconds={seconds}"
    each = f"{calls} forward-model calls" if calls else f"{seconds} s"
    print(f"{on}: {each} a decision, {games} games a pair, seats alternating")
    for a, b in combinations(agents, 2):
        score = 0.0
        start = time.perf_counter()
        for seed in range(games):
            seat = seed % 2
            seats = [f"{b}:{budget}", f"{b}:{budget}"]
            seats[seat] = f"{a}:{budget}"
            outcome = stratagem.play(game, seats, seed=seed).outcome
            score += 0.5 if outcome.is_draw else 1.0 if seat in outcome.winners else 0.0
        low, high = wilson(score, games)
        print(f"  {a:10} vs {b:10} {score:4.1f} of {games}  [{low:.2f}, {high:.2f}]  "
              f"{time.perf_counter() - start:7.1f} s")


class Counting(Agent):
    """An agent that counts the forward-model calls of each of another's decisions."""

    def __init__(self, agent: Agent) -> None:
        super().__init__(agent.game, agent.seed, budget=agent.budget)
        self.agent = agent
        self.code = agent.code
        self.seats = agent.seats
        self.calls: list[int] = []

    def reset(self, seed: int) -> None:
        super().reset(seed)
        self.agent.reset(seed)

    def choose(self, view: stratagem.State, decision: Decision,
               budget: Budget | None = None) -> Choice:
        before = self.agent.game.calls
        choice = self.agent.choose(view, decision, budget)
        if len(decision.actions) > 1:
            self.calls.append(self.agent.game.calls - before)
        return choice


def versus(on: list[str], code: str, games: int) -> None:
    print(f"{code} against random, {games} games a game, seats alternating")
    print(f"  {'game':24} {'W-D-L':>7} {'Wilson 95%':>12} {'median calls':>12} "
          f"{'max calls':>9} {'s/game':>7}")
    for text in on:
        game = load(text)
        tally = [0, 0, 0]
        calls: list[int] = []
        start = time.perf_counter()
        for seed in range(games):
            seat = seed % 2
            agent = Counting(make_agent(code, game, seed=seed))
            seats: list[Agent | str] = ["random", "random"]
            seats[seat] = agent
            outcome = stratagem.play(game, seats, seed=seed).outcome
            tally[1 if outcome.is_draw else 0 if seat in outcome.winners else 2] += 1
            calls += agent.calls
        low, high = wilson(tally[0] + tally[1] / 2, games)
        wdl = "-".join(map(str, tally))
        print(f"  {text:24} {wdl:>7} {low:5.2f}-{high:<5.2f} "
              f"{statistics.median(calls) if calls else 0:12.0f} {max(calls, default=0):9d} "
              f"{(time.perf_counter() - start) / games:7.1f}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    t = sub.add_parser("times", help="decision times with default budgets")
    t.add_argument("--games", default="broken_throne,skirmish,connect_four")
    t.add_argument("--agents", default="mcts,rhea,portfolio,tactical,osla")
    t.add_argument("--decisions", type=int, default=6)
    e = sub.add_parser("equal", help="a round robin at equal time")
    e.add_argument("--on", default="broken_throne")
    e.add_argument("--agents", default="tactical,mcts,rhea,portfolio")
    e.add_argument("--seconds", type=float, default=0.5)
    e.add_argument("--calls", type=int, default=None,
                   help="forward-model calls a decision instead of seconds")
    e.add_argument("--games", type=int,
                   default=int(os.environ.get("STRATAGEM_AGENT_GAMES", "4")))
    v = sub.add_parser("versus", help="one agent against random")
    v.add_argument("--on", default="broken_throne,skirmish:ambush")
    v.add_argument("--agent", default="mcts")
    v.add_argument("--games", type=int,
                   default=int(os.environ.get("STRATAGEM_VERSUS_GAMES", "10")))
    args = parser.parse_args(argv)
    print(f"# {source_revision()} · load {load_average()} · python {sys.version.split()[0]}")
    if args.what == "times":
        times(args.games.split(","), args.agents.split(","), args.decisions)
    elif args.what == "versus":
        versus(args.on.split(","), args.agent, args.games)
    else:
        equal(args.on, args.agents.split(","), args.seconds, args.games, args.calls)
    return 0


if __name__ == "__main__":
    sys.exit(main())
