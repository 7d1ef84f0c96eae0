"""Portfolio search (``portfolio``): try each script of a portfolio for a while, play the best.

A *script* is a cheap fixed way to play: pick at random, attack whenever possible, walk
toward the nearest enemy, or one of the game's bundled programmed opponents. At a decision
each script proposes its move; the search then plays each proposal on, for ``horizon``
decisions, with the same script for the agent's side and the ``opponent`` script for the
others, and values where that leads with the value function (averaged over as many runs as
the budget allows, round-robin, with re-seeded dice and, when the game hides information,
a fresh determinization of the view each time). The proposal with the best mean is played.
This is the script-portfolio family Stratega's users compare against (portfolio greedy
search); see ``docs/agents.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import CHANCE, Action, Decision, ForwardModel, Game, Ref, Rng, State, distance, plural
from .base import Agent, Budget, Choice, SearchAgent, signed, told
from .program.runtime import ProgramAgent, resolve_program
from .program.spec import bundled_programs
from .value import ValueFunction, default_value

Script = Callable[[ForwardModel[Any], State, Decision, Rng], Action]
"""A way to play one decision: ``(game, state, decision, rng) -> action``."""


def random_script(game: ForwardModel[Any], state: State, decision: Decision,
                  rng: Rng) -> Action:
    """Any legal option, uniformly."""
    return decision.actions[rng.below(len(decision.actions))]


def _enemy_targets(state: State, action: Action, player: int) -> bool:
    ents = state.entities
    for _, v in action.targets:
        if type(v) is Ref and v in ents and ents[v].owner not in (None, player):
            return True
    return False


def attack_script(game: ForwardModel[Any], state: State, decision: Decision,
                  rng: Rng) -> Action:
    """An option aimed at an enemy unit when there is one; else ``advance_script``."""
    hits = [a for a in decision.actions if _enemy_targets(state, a, decision.player)]
    if hits:
        return hits[rng.below(len(hits))]
    return advance_script(game, state, decision, rng)


def advance_script(game: ForwardModel[Any], state: State, decision: Decision,
                   rng: Rng) -> Action:
    """The option that brings its unit nearest to the nearest enemy (a square it moves to);
    ties and options with no square at random."""
    player = decision.player
    ents = state.entities
    enemies = [e.pos for e in ents.values()
               if e.pos is not None and e.owner is not None and e.owner != player]
    if not enemies:
        return random_script(game, state, decision, rng)
    metric = game.board.metric if isinstance(game, Game) else "chebyshev"
    best: list[Action] = []
    top = float("inf")
    for a in decision.actions:
        to = next((v for _, v in a.targets if isinstance(v, tuple) and len(v) == 2), None)
        if to is None:
            continue
        d = min(distance(to, p, metric) for p in enemies)
        if d < top:
            best, top = [a], d
        elif d == top:
            best.append(a)
    if not best:
        return random_script(game, state, decision, rng)
    return best[rng.below(len(best))]


SCRIPTS: dict[str, Script] = {"random": random_script, "attack": attack_script,
                              "advance": advance_script}
"""The generic scripts, by name (the game's bundled programs join them as ``program:NAME``)."""


class PortfolioAgent(SearchAgent):
    """Plays the proposal of whichever script of its portfolio does best when played on."""

    code = "portfolio"
    description = ("portfolio search over scripts (random, attack, advance and the game's "
                   "bundled programs): each script's move played on for a horizon, the best "
                   "taken")
    default_budget = Budget(seconds=1.0, calls=30_000)

    def __init__(self, game: ForwardModel[Any], seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None, horizon: int = 20, opponent: str = "attack",
                 programs: bool = True, value: ValueFunction | None = None) -> None:
        super().__init__(game, seed, budget=budget, seconds=seconds, iterations=iterations,
                         calls=calls)
        if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 1:
            raise ValueError(f"{self.code}: horizon must be a whole number of at least 1 "
                             f"(got {horizon!r})")
        if opponent not in SCRIPTS:
            raise ValueError(f"{self.code}: opponent is one of {', '.join(SCRIPTS)} "
                             f"(got {opponent!r})")
        self.horizon = horizon
        self.opponent = SCRIPTS[opponent]
        self.value = value if value is not None else default_value(game)
        self.programs: dict[str, Any] = {}
        if programs and isinstance(game, Game):
            for name, path in bundled_programs(game.name).items():
                self.programs[name] = resolve_program(str(path), game)

    def _scripts(self, player: int) -> dict[str, Callable[[], Script]]:
        """The portfolio for ``player``, each script as a maker of a fresh copy: the generic
        scripts, and each bundled program that plays that seat (a new program agent for
        every playout, so its memory starts clean)."""
        out: dict[str, Callable[[], Script]] = {
            name: (lambda f=f: f) for name, f in SCRIPTS.items()}  # type: ignore[misc]
        game = self.game
        for name, program in self.programs.items():
            agent: Agent = ProgramAgent(game, 0, program=program)  # type: ignore[arg-type]
            if agent.seats is not None and player not in agent.seats:
                continue
            out[f"program:{name}"] = _program_script(program, self.rng)
        return out

    def _play_on(self, start: State, first: Action, mine: Script, me: int,
                 limit: int) -> float:
        """Play ``first``, then ``mine`` for ``me`` and the opponent script for the others,
        for ``horizon`` decisions or until ``game.calls`` reaches ``limit``; the value
        reached, for ``me``."""
        game, rng = self.game, self.rng
        state = game.apply(start, first, check=False)
        for _ in range(self.horizon):
            d = state.decision
            if d is None or game.calls >= limit:
                break
            if d.player == CHANCE:
                action = d.actions[rng.pick_weighted(d.weights or (1,) * len(d.actions))]
            elif d.player == me:
                action = mine(game, state, d, rng)
            else:
                action = self.opponent(game, state, d, rng)
            state = game.apply(state, action, check=False)
        if state.outcome is not None:
            return float(state.outcome.returns[me])
        return float(self.value(state, me))

    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        if len(decision.actions) == 1:
            return Choice(decision.actions[0], "the only option")
        meter = self.meter(budget)
        game, rng, me = self.game, self.rng, decision.player
        scripts = self._scripts(me)
        # Each script's proposal here; scripts that agree share their runs.
        proposals: dict[Action, list[str]] = {}
        world = game.determinize(view, rng) if view.viewer is not None else view
        for name, make in scripts.items():
            proposals.setdefault(make()(game, world, decision, rng), []).append(name)
        plays = list(proposals.items())
        totals = [0.0] * len(plays)
        runs = [0] * len(plays)
        i = 0
        while not meter.spent() or not any(runs):
            k = i % len(plays)
            action, names = plays[k]
            start = game.determinize(view, rng) if view.viewer is not None else view
            if game.info.chance:
                start = game.reseed(start, rng.below(1 << 30))
            d = start.decision
            if d is not None and action in d:
                totals[k] += self._play_on(start, action, scripts[names[0]](), me,
                                           meter.call_limit)
                runs[k] += 1
            meter.iterations += 1
            i += 1
            if i > 50 * len(plays) and not any(runs):
                break
        means = [totals[k] / runs[k] if runs[k] else float("-inf") for k in range(len(plays))]
        order = sorted(range(len(plays)), key=lambda k: -means[k])
        best = order[0]
        action = plays[best][0]
        if runs[best] == 0:
            action = decision.actions[rng.below(len(decision.actions))]
            return Choice(action, "no budget to play the scripts on: picked at random")
        named = _scripts_named(plays[best][1])
        words = (f"{told(game, view, me, action)}: the move of {named}, which did "
                 f"best played on for {plural(self.horizon, 'decision')}")
        figures = f"[{named}: {signed(means[best])} over {runs[best]} runs"
        if len(order) > 1 and runs[order[1]]:
            second = order[1]
            words += f"; next {_scripts_named(plays[second][1])}"
            figures += (f"; {_scripts_named(plays[second][1])}: {signed(means[second])} over "
                        f"{runs[second]} runs")
        figures += "]"
        if view.viewer is not None:
            return Choice(action, f"Followed {named}, which did best in worlds "
                                  "that fit what it can see.", f"{words}. {figures}")
        return Choice(action, words + ".", figures)


def _scripts_named(names: list[str]) -> str:
    """``the attack script``, ``the captain program``, or ``the scripts random and attack``."""
    said = [f"the {n.partition(':')[2]} program" if n.startswith("program:")
            else f"the {n} script" for n in names]
    if len(said) == 1:
        return said[0]
    plain = [n for n in names if not n.startswith("program:")]
    if len(plain) == len(names):
        return f"the scripts {', '.join(names[:-1])} and {names[-1]}"
    return ", ".join(said[:-1]) + f" and {said[-1]}"


def _program_script(program: Any, rng: Rng) -> Callable[[], Script]:
    """A bundled program as a script maker: each script made is a new program agent."""
    def make() -> Script:
        agent: ProgramAgent | None = None

        def play(game: ForwardModel[Any], state: State, decision: Decision,
                 r: Rng) -> Action:
            nonlocal agent
            if agent is None:
                agent = ProgramAgent(game, rng.below(1 << 30),  # type: ignore[arg-type]
                                     program=program)
            return agent.choose(state, decision).action
        return play
    return make


__all__ = ["SCRIPTS", "PortfolioAgent", "Script", "advance_script", "attack_script",
           "random_script"]
