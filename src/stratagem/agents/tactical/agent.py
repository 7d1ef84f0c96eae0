"""The tactical agent: polls its modules in order, carries out the first plan proposed,
and plans again from the state that results.

When no module acts, it releases the unit it is busy with (where the game makes one
unit act at a time, such as Broken Throne's *select*), else ends the turn or passes.
A game with nothing that has a worth (tic-tac-toe, pig, connect four) has no units
to plan for: there it plays one-step lookahead on the default value function.

Games with hidden information are refused: plans are priced on the exact state,
which such a game withholds (use ``osla`` or ``mcts``, which determinize).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, Decision, Game, State
from ..base import Budget, Choice, Meter, SearchAgent, signed
from ..value import default_value
from .currency import Currency, describe_weights, parse_weights
from .foresight import Foresight
from .guard import GuardModule, pinned
from .modules import MODULES, Candidate, Context, Module, build_threat
from .objectives import Objectives
from .plans import Plan, Planner, ends_turn, step_kind
from .reuse import Reuse
from .threat import Memory, Threat
from .words import capital, describe, gold, reason

TOP = 3
"""How many candidates a rationale names."""

DEFAULT_MODULES = "guard+tactical+consolidation+strategic"

ALL_MODULES: dict[str, type[Module]] = {"guard": GuardModule, **MODULES}
"""Every module by name, in the default order."""

MAX_DEPTH = 4
"""The deepest chain of own units' actions a candidate may be priced with."""


class TacticalAgent(SearchAgent):
    """Brute-force tactics after seed 001, split into modules polled in order.

    ``weights`` names a weight table (``currency.WEIGHT_TABLES``) with optional
    overrides (``cautious+kill=1.5``), or is a mapping of overrides in Python.
    ``modules`` lists the modules to poll, in order, joined by ``+``.
    ``depth`` is how many of its own units' actions one tactical candidate may chain
    (1: each plan priced alone; 2: an action on a target with the best follow-up of a
    second unit on it, seed 001's combo; and so on). ``noise`` is the share of decisions
    on which the acting module's candidate is drawn at random among those it proposes
    instead of the best (0: always the best): a weaker, more human opponent that still
    makes only moves its modules would propose. ``blunder`` is the share of decisions on
    which it plays carelessly, a move drawn at random and not priced (``_careless``; 0:
    never): the difficulty levels' knob, since a careless move can be one no module would
    propose.
    """

    code = "tactical"
    game: Game
    """A game compiled from rules: the tactics read its board, units and actions."""
    description = ("brute-force tactics: every unit, square and target priced by exact "
                   "outcomes in unit gold; guards the squares the enemy wins by taking; "
                   "then consolidation and strategic moves")
    handles_hidden = False
    default_budget = Budget(seconds=1.0, calls=8_000)
    """About a second a decision, and never more than 8,000 forward-model calls (the first
    limit reached ends the pricing; give ``calls`` alone for play that repeats on any
    machine)."""

    def __init__(self, game: Game, seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None, weights: str | Mapping[str, float] = "default",
                 modules: str = DEFAULT_MODULES, depth: int = 1, noise: float = 0.0,
                 blunder: float = 0.0) -> None:
        super().__init__(game, seed, budget=budget, seconds=seconds, iterations=iterations,
                         calls=calls)
        if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH:
            raise ValueError(f"{self.code}: depth must be a whole number from 1 to {MAX_DEPTH} "
                             f"(got {depth!r})")
        if isinstance(noise, bool) or not isinstance(noise, int | float) \
                or not 0.0 <= noise <= 1.0:
            raise ValueError(f"{self.code}: noise must be a number from 0 to 1 (got {noise!r})")
        if isinstance(blunder, bool) or not isinstance(blunder, int | float) \
                or not 0.0 <= blunder <= 1.0:
            raise ValueError(f"{self.code}: blunder must be a number from 0 to 1 "
                             f"(got {blunder!r})")
        self.depth = depth
        self.noise = float(noise)
        self.blunder = float(blunder)
        self.weights = parse_weights(weights)
        self.currency = Currency(game, self.weights)
        names = [m.strip() for m in modules.split("+") if m.strip()]
        unknown = [m for m in names if m not in ALL_MODULES]
        if unknown or not names:
            raise ValueError(f"{self.code}: unknown module '{(unknown or [''])[0]}' "
                             f"(modules: {', '.join(ALL_MODULES)}, joined by +)")
        self.modules: list[Module] = [ALL_MODULES[m]() for m in names]
        self.memory = Memory()
        self.objectives: dict[int, Objectives] = {}
        self.planners: dict[int, Planner] = {}
        self.scouts: dict[int, Planner] = {}
        """Planners of the threat model, one per player it looks through."""
        self.queue: list[tuple[Action, State]] = []
        """The rest of the plan being carried out: each action with the state it is meant for."""
        self.threats: dict[tuple[int, int, _Seen], Threat | None] = {}
        self.reuse = Reuse(game.board.metric)
        self.value = default_value(game) if not self.currency.has_units else None

    def reset(self, seed: int) -> None:
        super().reset(seed)
        self.memory = Memory()
        self.objectives.clear()
        self.planners.clear()
        self.scouts.clear()
        self.queue = []
        self.threats.clear()
        self.reuse = Reuse(self.game.board.metric)

    def explain(self) -> str:
        """The numbers behind every price, on request: the weight table, with the search's
        depth, noise and share of careless moves."""
        return (f"depth {self.depth}, noise {self.noise:g}, blunder {self.blunder:g}; weights:\n"
                + describe_weights(self.weights))

    def _objectives(self, player: int) -> Objectives:
        """What one player's strategic module walks toward, kept for the game."""
        known = self.objectives.get(player)
        if known is None:
            known = self.objectives[player] = Objectives(self.game, player)
        return known

    def planner(self, player: int) -> Planner:
        """The planner of one player (prices stay cached between decisions)."""
        known = self.planners.get(player)
        if known is None:
            known = self.planners[player] = Planner(self.game, self.currency, player)
            foresight = Foresight(Planner(self.game, self.currency, player, exact=False),
                                  self.currency, self.weights["foresight"])
            # Not in games with chance: there an attack's plan is cut at its dice, so a
            # status alone would be looked a turn ahead (Skirmish's monsters dodged instead
            # of striking, and ambushes they lost in 2 or 3 rounds ran to the round limit).
            if foresight.weight and foresight.unpriced and not self.game.info.chance:
                known.foresight = foresight
        return known

    # ----------------------------------------------------------------- choose
    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        if len(decision.actions) == 1:
            return Choice(decision.actions[0], "the only option")
        if self.queue and self.queue[0][1] == view and self.queue[0][0] in decision:
            action = self.queue.pop(0)[0]
            more = f" ({len(self.queue)} more step(s) to go)" if self.queue else ""
            said = capital(describe(self.game, view, decision.player, action))
            return Choice(action, f"{said}, as it planned.",
                          f"carrying on with the plan{more}")
        self.queue = []
        if self.blunder and self.rng.random() < self.blunder:
            action = self._careless(decision)
            said = capital(describe(self.game, view, decision.player, action))
            return Choice(action, f"{said}, without weighing it.",
                          f"a careless move (blunder {self.blunder:g})")
        meter = self.meter(budget)
        planner = self.planner(decision.player)
        planner.start(meter)
        if decision.kind != "action":
            return self._react(view, decision, planner)
        if self.value is not None:
            return self._lookahead(view, decision, meter)
        ctx = Context(self.game, view, decision.player, planner, self.currency, self.weights,
                      lambda: self._threat(view, decision.player, planner), self.reuse,
                      self.memory, self.depth, self._objectives(decision.player))
        if any(m.name == "guard" for m in self.modules):
            ctx.rivals = [self._objectives(q) for q in range(len(self.game.players))
                          if q != decision.player]
            held = pinned(ctx, ctx.rivals)
            if held:
                ctx.units = [u for u in ctx.units if u not in held]
        for module in self.modules:
            found = self._shuffled(ctx, module, module.propose(ctx))
            for _ in range(len(ctx.units) + 1):
                if not found or found[0].plan.fresh:
                    break
                refreshed = self._refresh(ctx, found)
                if refreshed:
                    found = refreshed
                    break
                ctx.forget(found[0].plan.unit)
                found = module.propose(ctx)
            if found and found[0].plan.fresh:
                return self._carry_out(ctx, module, found, meter)
            if planner.exhausted:
                break
        return self._fallback(ctx, meter)

    def _careless(self, decision: Decision) -> Action:
        """A careless move: a kind of action drawn at random among those the decision
        offers (move, attack, dash, end the turn...), then one of its options. Drawn by
        kind first, as a player who does not think picks what to do before where: drawn
        among the options alone, a careless move would nearly always be a step to some
        square, since squares outnumber everything else."""
        kinds: dict[str, list[Action]] = {}
        for a in decision.actions:
            kinds.setdefault(a.type, []).append(a)
        options = list(kinds.values())[self.rng.below(len(kinds))]
        return options[self.rng.below(len(options))]

    def _shuffled(self, ctx: Context, module: Module,
                  found: list[Candidate]) -> list[Candidate]:
        """The candidates, with one drawn at random put first on a ``noise`` share of the
        decisions where there is a choice; otherwise with the best drawn at random among
        those the module holds equally good (``Module.same``), so that the agent's seed, not
        the order the game lists units and squares in, breaks ties. The generator is drawn
        from only where there is such a choice, so a position with one best plan is played
        the same whatever the seed."""
        if len(found) < 2:
            return found
        if self.noise and self.rng.random() < self.noise:
            i = self.rng.below(len(found))
            if i == 0:
                return found
            pick = found[i]
            note = f"{pick.note + '; ' if pick.note else ''}drawn at random (noise {self.noise:g})"
            return [Candidate(pick.plan, pick.score, note), *found[:i], *found[i + 1:]]
        tied = 1
        while tied < len(found) and module.same(ctx, found[0], found[tied]):
            tied += 1
        if tied < 2:
            return found
        i = self.rng.below(tied)
        return found if i == 0 else [found[i], *found[:i], *found[i + 1:]]

    def _refresh(self, ctx: Context, found: list[Candidate]) -> list[Candidate]:
        """The candidates with the best one, a kept plan, re-simulated from the present state so
        that it can be followed; empty if it no longer plays as it did (its unit is then
        planned afresh and the module asked again)."""
        best = found[0]
        plan = best.plan
        state: State | None = ctx.state
        states: list[State | None] = []
        score = 0.0
        for step in plan.steps:
            d = None if state is None else state.decision
            price = None if state is None or d is None or step not in d \
                else ctx.planner.value(state, step)
            if price is None:
                break
            score += price.value
            state = price.state
            states.append(state)
        if len(states) == len(plan.steps) and abs(score - plan.score) < 1e-6:
            fresh = Plan(plan.unit, plan.steps, tuple(states), score, plan.kind, plan.stand,
                         plan.at, plan.hp_loss, deaths=plan.deaths, wins=plan.wins)
            return [Candidate(fresh, best.score, best.note), *found[1:]]
        return []

    def _carry_out(self, ctx: Context, module: Module, found: list[Candidate],
                   meter: Meter) -> Choice:
        best = found[0].plan
        self.queue = [(a, s) for a, s in zip(best.steps[1:], best.states, strict=False)
                      if s is not None]
        if len(self.queue) != len(best.steps) - 1:
            self.queue = []
        named = "; ".join(f"{self._words(ctx, c.plan)} ({signed(c.score)}"
                          f"{', ' + c.note if c.note else ''})" for c in found[:TOP])
        others = f", best of {len(found)}" if len(found) > 1 else ""
        cut = " (budget ran out before every plan was priced)" if ctx.planner.exhausted else ""
        said = reason(self.game, self.currency, ctx.state, ctx.player, module.name, found,
                      self.noise, self.weights["win"])
        return Choice(best.steps[0], said, f"{module.name} module{others}: {named} "
                                           f"[{meter.calls} calls{cut}]")

    def _words(self, ctx: Context, plan: Plan) -> str:
        game, state = self.game, ctx.state
        words = [describe(game, state, ctx.player, a) for a in plan.steps
                 if not (step_kind(a) == "bare" and a.type == "select")]
        if not words:
            words = [describe(game, state, ctx.player, plan.steps[-1])]
        return ", then ".join(words)

    # --------------------------------------------------------------- fallback
    def _fallback(self, ctx: Context, meter: Meter) -> Choice:
        """No module acts: release the unit being moved, else end the turn or pass."""
        d = ctx.state.decision
        assert d is not None
        release = self._release(ctx)
        if release is not None:
            unit = capital(describe(self.game, ctx.state, ctx.player, release))
            return Choice(release, f"{unit}: nothing worth doing for this unit, so it stands "
                                   "down and lets the others act.",
                          "no module acts for this unit: it stands down "
                          f"so that the others may act [{meter.calls} calls]")
        ending = next((a for a in d.actions if ends_turn(self.game, a)), None)
        if ending is None:
            ending = next((a for a in d.actions if a.type == "pass"), None)
        if ending is not None:
            said = capital(describe(self.game, ctx.state, ctx.player, ending))
            return Choice(ending, f"{said}: nothing more worth doing.",
                          "no module acts: nothing priced above "
                          f"{self.weights['threshold']:g} and no move worth making "
                          f"[{meter.calls} calls]")
        return self._lookahead(ctx.state, d, meter)

    def _release(self, ctx: Context) -> Action | None:
        """A target-less action of the one unit that has the floor, after which other units
        of the player may act (Broken Throne's *hold*)."""
        d = ctx.state.decision
        assert d is not None
        actors = {a.actor for a in d.actions if a.actor is not None}
        if len(actors) != 1:
            return None
        for a in d.actions:
            if step_kind(a) != "bare" or ends_turn(self.game, a):
                continue
            after = ctx.planner.follow(ctx.state, a)
            nd = None if after is None else after.decision
            if nd is None or nd.player != ctx.player or nd.kind != "action":
                continue
            if any(b.actor is not None and b.actor not in actors for b in nd.actions):
                return a
        return None

    def _lookahead(self, view: State, decision: Decision, meter: Meter) -> Choice:
        """One-step lookahead on the default value function (games without units)."""
        value = self.value if self.value is not None else default_value(self.game)
        scored: list[tuple[float, Action]] = []
        # In an order of its own: a budget that runs out values a sample of the options,
        # not the first ones listed (the rolls before the scores of a dice sheet).
        order = list(decision.actions)
        self.rng.shuffle(order)
        for a in order:
            if meter.spent():
                break
            outs = self.game.outcomes(view, a)
            scored.append((sum(p * value(s, decision.player) for p, s in outs), a))
        if not scored:
            a = decision.actions[self.rng.below(len(decision.actions))]
            return Choice(a, "no budget to look ahead: picked at random")
        top = max(v for v, _ in scored)
        tied = [a for v, a in scored if v >= top - 1e-9]
        pick = tied[self.rng.below(len(tied))] if len(tied) > 1 else tied[0]
        ranked = sorted(scored, key=lambda x: (x[1] != pick, -x[0]))[:TOP]
        named = ", ".join(f"{a} ({signed(v)})" for v, a in ranked)
        said = capital(describe(self.game, view, decision.player, pick))
        n = len(decision.actions)
        valued = "" if len(scored) == n else f" ({len(scored)} of {n} valued)"
        m = len(scored)
        if len(tied) == 1:
            why = f"the best position one move ahead{valued}"
        elif len(tied) == n:
            why = f"all {n} options look alike one move ahead, so it picked one at random"
        elif len(tied) == m:
            why = (f"the {m} of {n} options it had the budget to value look alike one move "
                   "ahead, so it picked one at random")
        else:  # a tie for best among more options: not "all"
            why = (f"{len(tied)} of the {m} options{valued} tie for best one move ahead, so "
                   "it picked one of them at random")
        return Choice(pick, f"{said}: {why}.",
                      f"no units to plan for: one-step lookahead on the value "
                      f"function: {named}")

    def _react(self, view: State, decision: Decision, planner: Planner) -> Choice:
        """A reaction window: each option priced by its exact outcomes; passing unless one
        is worth more."""
        scored: list[tuple[float, Action]] = []
        for a in decision.actions:
            price = planner.value(view, a)
            if price is None:
                break
            scored.append((price.value, a))
        passing = next((a for a in decision.actions if a.type == "pass"), None)
        if not scored:
            a = passing or decision.actions[0]
            return Choice(a, "no budget to price the reactions")
        base = next((v for v, a in scored if a == passing), 0.0)
        best_value, best = max(scored, key=lambda x: x[0])
        if passing is not None and best_value <= base + 1e-9:
            best, best_value = passing, base
        named = ", ".join(f"{describe(self.game, view, decision.player, a)} "
                          f"({signed(v)})" for v, a in sorted(scored, key=lambda x: -x[0])[:TOP])
        said = capital(describe(self.game, view, decision.player, best))
        if best == passing:
            why = "no reaction is worth more than letting it be"
        elif best_value - base >= self.weights["win"] / 2:
            why = "letting it be would likely lose the game"
        else:
            why = f"worth {gold(best_value - base)} gold more than letting it be"
        return Choice(best, f"{said}: {why}.", f"reaction priced by exact outcomes: {named}")

    # ----------------------------------------------------------------- threat
    def _threat(self, state: State, player: int, planner: Planner) -> Threat | None:
        """The threat model for ``state``, kept for the round while every enemy unit it saw
        stays where it was (an enemy that fell since is left out when dangers are summed)."""
        enemies = {e.id: e.pos for e in state.entities.values()
                   if e.owner is not None and e.owner != player}
        for (who, round_, seen), threat in self.threats.items():
            if who == player and round_ == state.flow.round and all(
                    seen.get(eid, -1) == pos for eid, pos in enemies.items()):
                return threat
        scout = self.scouts.get(player)
        if scout is None:
            scout = self.scouts[player] = Planner(self.game, self.currency, player, settle=0,
                                                  exact=False)
        assert planner.meter is not None
        scout.start(planner.meter)
        threat = build_threat(scout, self.currency, self.memory, state, player)
        if scout.exhausted:
            planner.exhausted = True
        if threat is not None and threat.complete:
            if len(self.threats) > 64:
                self.threats.clear()
            self.threats[(player, state.flow.round, _Seen(enemies))] = threat
        return threat


class _Seen(dict[int, object]):
    """The enemy units a threat model saw, by id, with their squares (hashable by identity)."""

    __hash__ = object.__hash__  # type: ignore[assignment]


__all__ = ["DEFAULT_MODULES", "TacticalAgent", "describe"]
