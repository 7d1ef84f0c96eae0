"""Monte Carlo tree search with UCT (``mcts``).

One iteration walks down the tree by UCT, adds one node, values it with the
evaluator (a random rollout by default, see ``agents.evaluate``) and adds the
result to every node on the way; each node keeps the sum of the returns of
the player whose choice led to it, so with any number of players every
player picks what is best for itself.

- **Chance, exactly.** In a game with chance an action leads to an outcome
  node holding ``game.outcomes`` (the exact distribution of resulting
  states); an explicit chance decision is a node over its options. Both are
  walked by sampling with the exact probabilities. Rollouts start from a
  re-seeded copy of the state, so the search never reads the real dice.
- **Hidden information.** The agent sees a view; each iteration plays in a
  fresh determinization of it (``game.determinize``) and the tree is keyed
  by actions (an *open-loop* tree): a node's options are those legal in this
  iteration's state, and UCT counts how often each child was available.
- **Progressive widening.** A node with ``n`` visits has at most
  ``ceil(widen_k * (n + 1) ** widening)`` children, so nodes with many
  options grow a few good children instead of trying everything once
  (``widening=0`` turns it off).
- **Solver.** A finished game's returns are exact, and so are those of a
  decision with a winning option, or whose options are all settled; such
  nodes are not searched again, and the final pick takes a proven win and
  avoids a proven loss (``solve=False`` turns it off). Chance stops a proof.
- **Tree reuse.** After a decision the agent keeps its tree; next time it
  follows the actions played since (from the log) to the new root and
  checks that the node's state is the one it is given before reusing it.

- **Rollouts that stop.** By default (``rollout="auto"``) a rollout in a game whose value
  function counts something (material, scores) stops after ``CUTOFF`` decisions and the
  value function judges the state there; in a game with nothing to count it plays to the
  end. Tactics games run for hundreds of decisions: whole random games there are slow and
  say little.
- **The end by rounds.** In a tactics game with a round limit, a rollout cut in the last
  round plays on to the end (``GuidedRollout``'s ``finish``): the end is then less than a
  round away, and its result (a draw between two sides standing, in a game without a
  score) is known by playing to it, where the value function would count a material lead
  that the round limit is about to turn into a draw.
- **A second a decision.** The default budget is about a second (``DEFAULT_BUDGET``), with a
  ceiling in forward-model calls so a fast machine does not search without end.

One module because the two trees (over states, and open-loop over actions), their search
loops, the solver and the final pick share one node layout and its conventions (who a
node's returns belong to, when it is proven); split, each part would import the others'
internals.

The final pick is the most visited root child (after proven wins). Its reason is told in the
game's words (``game.describe_action``): what it plays, how well it scored in the search, and
the runner-up; the search's own figures (visits, mean returns, proofs) go to
``Choice.private``, for whoever asks. In a game that hides information the candidates it
weighed (which may name cards in its hand) are told only to its own seat as well.

- **Tactics games** (units on a board with a worth, ``agents.guide``): the tactical agent's
  prices guide the search: rollouts epsilon-greedy on the learned price of each kind of
  step, untried options expanded best kind first, and each new child starting with a few
  imagined visits at the value its step's exact price says (progressive bias), so it does
  not strike its own units or wander while a blow is there to be struck (``guide=false``
  turns it off).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from itertools import accumulate
from typing import Any

from ..engine import CHANCE, Action, Decision, ForwardModel, Game, Record, State
from .base import (
    Budget,
    Choice,
    Meter,
    SearchAgent,
    outcomes_or_sample,
    signed,
    told,
    told_within,
)
from .evaluate import MAX_STEPS, Evaluator, Rollout
from .guide import PRIOR_VISITS, GuidedRollout, PriceGuide, is_tactics
from .tactical.currency import DEFAULT_WEIGHTS, Currency
from .value import MaterialValue, ValueFunction

DECIDE, CHANCY, OUTCOMES, OVER = 0, 1, 2, 3
"""Node kinds: a player's decision, an explicit chance decision, an action's
distribution of outcomes, a finished game."""

TOP = 3
"""How many root children a rationale names."""

CUTOFF = 20
"""Decisions a default rollout plays before the value function judges the state, in games
whose value function counts something."""

DEFAULT_BUDGET = Budget(seconds=1.0, calls=30_000)
"""About a second a decision; the calls keep a fast machine's search the same size."""

SETTLED = 1_000
"""After this many iterations in a row that reach only finished games already in the tree
(no forward-model call), the search stops: more would only repeat them."""


def counts_anything(game: ForwardModel[Any], value: ValueFunction | None) -> bool:
    """Whether a cut-off rollout would be judged by something: a value function given, or
    the default one of a native game that counts material or scores."""
    if value is not None:
        return True
    return isinstance(game, Game) and MaterialValue(game).counts_anything


class _Node:
    """A node of the tree over states (perfect information)."""

    __slots__ = ("action", "children", "cum", "kids", "kind", "mover", "n", "options",
                 "player", "returns", "state", "states", "untried", "w")

    cum: list[float]
    """Chance and outcome nodes: cumulative weights of their options."""
    options: tuple[Action, ...]
    """Chance nodes: the chance decision's options."""
    states: tuple[State, ...]
    """Outcome nodes: the states the action may lead to."""
    returns: tuple[float, ...] | None
    """The exact returns when known: a finished game, or a decision the solver proved."""

    def __init__(self, state: State, action: Action | None, mover: int) -> None:
        self.state = state
        self.action = action
        self.mover = mover
        self.n = 0
        self.w = 0.0
        d = state.decision
        if d is None:
            assert state.outcome is not None
            self.kind = OVER
            self.returns = state.outcome.returns
        elif d.player == CHANCE:
            self.kind = CHANCY
            self.returns = None
            self.cum = [float(w) for w in accumulate(d.weights or (1,) * len(d.actions))]
            self.options = d.actions
            self.kids: dict[int, _Node] = {}
        else:
            self.kind = DECIDE
            self.returns = None
            self.player = d.player
            self.untried = list(d.actions)
            self.children: list[_Node] = []


def _outcome_node(state: State, action: Action, mover: int,
                  outs: list[tuple[float, State]]) -> _Node:
    """The node for an action with several possible outcomes."""
    node = _Node.__new__(_Node)
    node.state, node.action, node.mover, node.n, node.w = state, action, mover, 0, 0.0
    node.kind = OUTCOMES
    node.returns = None
    node.cum = list(accumulate(p for p, _ in outs))
    node.states = tuple(s for _, s in outs)
    node.kids = {}
    return node


def _prove(path: list[_Node]) -> None:
    """Carry a known value up the path while it settles the decisions above it.

    A decision is proven when one child is a proven win for the deciding player
    (nothing beats a return of 1), or when every option has been tried and
    proven (the best of them for that player). Chance stops the proof.
    """
    for k in range(len(path) - 2, -1, -1):
        parent, child = path[k], path[k + 1]
        if parent.kind != DECIDE or parent.returns is not None:
            return
        known = child.returns
        assert known is not None
        p = parent.player
        if known[p] >= 1.0:
            parent.returns = known
        elif not parent.untried and all(ch.returns is not None for ch in parent.children):
            parent.returns = max((ch.returns for ch in parent.children if ch.returns),
                                 key=lambda r: r[p])
        else:
            return


class _Open:
    """A node of the open-loop tree (hidden information): statistics keyed by actions."""

    __slots__ = ("avail", "children", "mover", "n", "w")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.n = 0
        self.w = 0.0
        self.avail = 1
        self.children: dict[Action, _Open] = {}


class MCTSAgent(SearchAgent):
    """UCT search with exact chance, determinization, progressive widening and tree reuse."""

    hidden_reason = "Decided by looking ahead in worlds that fit what it can see."

    code = "mcts"
    description = ("Monte Carlo tree search (UCT): exact chance nodes, determinization for "
                   "hidden information, progressive widening, tree reuse")
    default_budget = DEFAULT_BUDGET

    def __init__(self, game: ForwardModel[Any], seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None, c: float = 1.4, rollout: int | str = "auto",
                 widening: float = 0.5, widen_k: float = 4.0, reuse: bool = True,
                 solve: bool = True, guide: bool | str = "auto", epsilon: float = 0.2,
                 value: ValueFunction | None = None,
                 evaluator: Evaluator | None = None) -> None:
        super().__init__(game, seed, budget=budget, seconds=seconds, iterations=iterations,
                         calls=calls)
        for name, number in (("c", c), ("widening", widening), ("widen_k", widen_k)):
            if isinstance(number, bool) or not isinstance(number, int | float):
                raise TypeError(f"{self.code}: {name} takes a number, not "
                                f"{type(number).__name__} {number!r}")
            if not math.isfinite(number):
                raise ValueError(f"{self.code}: {name} must be a finite number (got {number})")
        if widening < 0 or widen_k <= 0:
            raise ValueError(f"{self.code}: widening must be >= 0 and widen_k > 0")
        if c < 0:
            raise ValueError(f"{self.code}: c, the exploration constant, must be >= 0 "
                             f"(got {c})")
        auto = rollout == "auto"
        if auto:
            rollout = CUTOFF if counts_anything(game, value) else -1
        if isinstance(rollout, bool) or not isinstance(rollout, int) or rollout < -1:
            raise ValueError(f"{self.code}: rollout is a number of steps, or -1 to play "
                             f"each rollout to the end, or auto (got {rollout})")
        self.c = float(c)
        self.widening = float(widening)
        self.widen_k = float(widen_k)
        self.reuse = reuse
        self.solve = solve
        self.guide = self._make_guide(guide, epsilon)
        if evaluator is None and self.guide is not None:
            assert isinstance(game, Game)
            evaluator = GuidedRollout(game, self.guide, MAX_STEPS if rollout < 0 else rollout,
                                      value, finish=auto)
        self.evaluator: Evaluator = evaluator if evaluator is not None else Rollout(
            game, None if rollout < 0 else rollout, value)
        self.chance = game.info.chance
        self._tree: _Node | None = None
        self._open: _Open | None = None
        self._history: tuple[Record, ...] = ()
        self._view: State | None = None

    def reset(self, seed: int) -> None:
        super().reset(seed)
        self._tree, self._open, self._history = None, None, ()
        if self.guide is not None:
            self.guide.reset()

    # ------------------------------------------------------------ the price guide
    def _make_guide(self, guide: bool | str, epsilon: float) -> PriceGuide | None:
        """The guide by unit prices (``agents.guide``) when ``guide`` asks for one: ``auto``
        in tactics games only, ``true`` in any game with units that have a worth."""
        if guide not in (True, False, "auto"):
            raise ValueError(f"{self.code}: guide is true, false or auto (got {guide!r})")
        game = self.game
        wanted = is_tactics(game) if guide == "auto" else bool(guide)
        if not wanted:
            return None
        if not isinstance(game, Game) or not Currency(game, DEFAULT_WEIGHTS).has_units:
            raise ValueError(f"{self.code}: guide needs a game whose units have a worth "
                             f"(value hints); {game.name} has none")
        try:
            return PriceGuide(game, epsilon)
        except ValueError as exc:
            raise ValueError(f"{self.code}: {exc}") from None

    def _next_untried(self, node: _Node) -> int:
        """Which untried option of a decision node to expand: at random, or with a guide the
        one whose kind has the best mean price so far (ties at random)."""
        if self.guide is None:
            return self.rng.below(len(node.untried))
        return self.guide.best(node.state, node.untried, node.player, self.rng, close=False)

    def _seed_prior(self, node: _Node, child: _Node) -> None:
        """With a guide, a new child starts with ``PRIOR_VISITS`` imagined visits at the
        value its step's exact price says (progressive bias that fades as real visits come)."""
        guide = self.guide
        if guide is None or child.action is None:
            return
        outs = ([(1.0, child.state)] if child.kind != OUTCOMES else
                [(b - a, s) for a, b, s in zip([0.0, *child.cum], child.cum, child.states,
                                                strict=False)])
        total = sum(p for p, _ in outs) or 1.0
        outs = [(p / total, s) for p, s in outs]
        value = getattr(self.evaluator, "value", None)
        if value is None:
            return
        prior = guide.prior(node.state, outs, child.action, node.player, value)
        child.n = PRIOR_VISITS
        child.w = PRIOR_VISITS * prior

    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        if len(decision.actions) == 1:
            return Choice(decision.actions[0], "the only option")
        meter = self.meter(budget)
        self._view = view
        history = view.history if self.reuse else ()
        if view.viewer is None:
            root = self._closed_root(view, history)
            reused = root.n
            self._search_closed(root, meter)
            stats = [(c.action, c.n, c.w, c.returns) for c in root.children]
            self._tree = root if self.reuse else None
        else:
            oroot = self._open_root(history, decision)
            reused = oroot.n
            self._search_open(view, oroot, meter)
            stats = [(a, c.n, c.w, None) for a, c in oroot.children.items() if a in decision]
            self._open = oroot if self.reuse else None
        self._history = history
        return self._pick(stats, decision, meter, reused)

    # --------------------------------------------------------------- picking
    def _pick(self, stats: list[tuple[Action | None, int, float, tuple[float, ...] | None]],
              decision: Decision, meter: Meter, reused: int) -> Choice:
        """The most visited child; a proven win before it, a proven loss after the rest."""
        me = decision.player

        def rank(s: tuple[Action | None, int, float, tuple[float, ...] | None]) -> tuple[
                int, int, float]:
            proven = s[3]
            standing = 0
            if proven is not None and abs(proven[me]) >= 1.0:
                standing = 1 if proven[me] > 0 else -1
            return (-standing, -s[1], -s[2] / s[1])

        ranked = sorted((s for s in stats if s[1] > 0), key=rank)
        if not ranked:
            action = decision.actions[self.rng.below(len(decision.actions))]
            return Choice(action, "no budget to search: picked at random")
        best = ranked[0][0]
        assert best is not None

        return Choice(best, *self._reasons(ranked, me, meter, reused))

    def _reasons(self, ranked: list[tuple[Action | None, int, float,
                                          tuple[float, ...] | None]],
                 me: int, meter: Meter, reused: int) -> tuple[str, str]:
        """The public reason and the private one (``Choice.rationale``, ``Choice.private``).

        A child's mean return (in [-1, 1]) is told as a share of the best result, so 0.24
        reads "62%"; a proven result reads as a certain win or loss."""
        game, view = self.game, self._view
        assert view is not None

        def said(a: Action | None) -> str:
            assert a is not None
            return told(game, view, me, a)

        def within(a: Action | None) -> str:
            assert a is not None
            return told_within(game, view, me, a)

        def worth(s: tuple[Action | None, int, float, tuple[float, ...] | None]) -> str:
            proven = s[3]
            if proven is not None and abs(proven[me]) >= 1.0:
                return "a certain win" if proven[me] > 0 else "a certain loss"
            return f"{round(50 * (1 + s[2] / s[1]))}%"

        best = ranked[0]
        kept = f" ({reused} kept from the last search)" if reused else ""
        looked = f"{meter.iterations} look-aheads{kept}"
        numbers = "; ".join(f"{a}: {n} visits, mean {signed(w / n)}"
                            + ("" if p is None else f", proven {signed(p[me])}")
                            for a, n, w, p in ranked[:TOP])
        if view.viewer is not None:  # hidden information: candidates only to its own seat
            public = f"Decided after {looked} in worlds that fit what it can see."
            others = "; ".join(f"{within(s[0])} ({worth(s)})" for s in ranked[1:TOP])
            private = (f"{said(best[0])}: {worth(best)}"
                       + (f"; next best: {others}" if others else "") + f". [{numbers}]")
            return public, private
        line = f"{said(best[0])}: {worth(best)} over {looked}"
        if len(ranked) > 1:
            line += f"; next best {within(ranked[1][0])} ({worth(ranked[1])})"
        return f"{line}.", f"[{numbers}]"  # the search's figures only on request

    def _may_expand(self, children: int, n: int) -> bool:
        return self.widening == 0 or children < self.widen_k * (n + 1) ** self.widening

    # ------------------------------------------------------ perfect information
    def _closed_root(self, view: State, history: tuple[Record, ...]) -> _Node:
        """The node for ``view``: found in the kept tree when possible, else a new one."""
        node = self._tree
        old = self._history
        if node is not None and len(history) >= len(old) and history[:len(old)] == old:
            for rec in history[len(old):]:
                found = self._follow(node, rec)
                if found is None:
                    break
                node = found
            else:
                if node.kind == DECIDE and node.state == view:
                    node.mover = -1
                    return node
        return _Node(view, None, -1)

    def _follow(self, node: _Node, rec: Record) -> _Node | None:
        """The node a logged decision leads to from ``node``, if the tree has it."""
        if node.kind == CHANCY:
            if rec.action not in node.options:
                return None
            return self._kid(node, node.options.index(rec.action))
        if node.kind != DECIDE:
            return None
        for child in node.children:
            if child.action == rec.action:
                if child.kind != OUTCOMES:
                    return child
                for i, s in enumerate(child.states):
                    if s.log is not None and s.log[1] == rec:
                        return self._kid(child, i)
                return None
        return None

    def _kid(self, node: _Node, i: int) -> _Node:
        """Child ``i`` of a chance or outcome node, made on first use."""
        kid = node.kids.get(i)
        if kid is None:
            if node.kind == OUTCOMES:
                kid = _Node(node.states[i], None, -1)
            else:
                action = node.options[i]
                kid = _Node(self.game.apply(node.state, action, check=False), action, -1)
            node.kids[i] = kid
        return kid

    def _expand(self, node: _Node) -> _Node:
        """A new child of a decision node, for one of its untried actions picked at random."""
        untried = node.untried
        i = self._next_untried(node)
        untried[i], untried[-1] = untried[-1], untried[i]
        action = untried.pop()
        game = self.game
        if self.chance:
            outs = outcomes_or_sample(game, node.state, action)
            child = (_Node(outs[0][1], action, node.player) if len(outs) == 1
                     else _outcome_node(node.state, action, node.player, outs))
        else:
            child = _Node(game.apply(node.state, action, check=False), action, node.player)
        node.children.append(child)
        self._seed_prior(node, child)
        return child

    def _search_closed(self, root: _Node, meter: Meter) -> None:
        game, rng, evaluate = self.game, self.rng, self.evaluator.evaluate
        c, sqrt, log = self.c, math.sqrt, math.log
        reseed = game.reseed if self.chance else None
        spent = meter.spent
        idle = 0  # iterations in a row that made no forward-model call
        solve = self.solve
        while not spent() and idle < SETTLED and root.returns is None:
            meter.iterations += 1
            calls = game.calls
            node = root
            path = [root]
            while True:
                kind = node.kind
                if kind == DECIDE:
                    if node.returns is not None:
                        break  # proven by the solver: its value is known
                    if node.untried and self._may_expand(len(node.children), node.n):
                        node = self._expand(node)
                        path.append(node)
                        if node.kind == OUTCOMES:
                            cum = node.cum
                            i = min(bisect_right(cum, rng.random() * cum[-1]), len(cum) - 1)
                            node = self._kid(node, i)
                            path.append(node)
                        break
                    logn = log(node.n)
                    best, top = node, -1e300
                    for ch in node.children:
                        n = ch.n
                        score = ch.w / n + c * sqrt(logn / n)
                        if score > top:
                            best, top = ch, score
                    node = best
                elif kind == OVER:
                    break
                else:
                    cum = node.cum
                    i = min(bisect_right(cum, rng.random() * cum[-1]), len(cum) - 1)
                    fresh = i not in node.kids
                    node = self._kid(node, i)
                    if fresh:
                        path.append(node)
                        break
                path.append(node)
            known = node.returns
            if known is not None:
                returns = known
                if solve:
                    _prove(path)
            else:
                state = node.state
                if reseed is not None:
                    state = reseed(state, rng.fork())
                returns = evaluate(state, rng, meter.call_limit)
            for nd in path:
                nd.n += 1
                if nd.mover >= 0:
                    nd.w += returns[nd.mover]
            idle = idle + 1 if game.calls == calls else 0

    # ------------------------------------------------------ hidden information
    def _open_root(self, history: tuple[Record, ...], decision: Decision) -> _Open:
        kept = self._open
        old = self._history
        if kept is not None and len(history) >= len(old) and history[:len(old)] == old:
            node = kept
            for rec in history[len(old):]:
                found = node.children.get(rec.action)
                if found is None:
                    break
                node = found
            else:
                if node.n and any(a in decision for a in node.children):
                    node.mover = -1
                    return node
        return _Open(-1)

    def _search_open(self, view: State, root: _Open, meter: Meter) -> None:
        game, rng, evaluate = self.game, self.rng, self.evaluator.evaluate
        c, sqrt, log = self.c, math.sqrt, math.log
        apply = game.apply
        spent = meter.spent
        while not spent():
            meter.iterations += 1
            state = game.determinize(view, rng)
            node = root
            path = [root]
            while True:
                d = state.decision
                if d is None:
                    break
                children = node.children
                if d.player == CHANCE:
                    action = d.actions[rng.pick_weighted(d.weights or (1,) * len(d.actions))]
                    child = children.get(action)
                    if child is None:
                        child = children[action] = _Open(-1)
                    state = apply(state, action, check=False)
                    node = child
                    path.append(node)
                    continue
                untried = [a for a in d.actions if a not in children]
                open_ = [children[a] for a in d.actions if a in children]
                if untried and (not open_ or self._may_expand(len(children), node.n)):
                    action = untried[rng.below(len(untried))]
                    node = children[action] = _Open(d.player)
                    state = apply(state, action, check=False)
                    path.append(node)
                    break
                best, top, chosen = open_[0], -1e300, d.actions[0]
                for ch in open_:
                    ch.avail += 1
                for a in d.actions:
                    found = children.get(a)
                    if found is None:
                        continue
                    score = found.w / found.n + c * sqrt(log(found.avail) / found.n)
                    if score > top:
                        best, top, chosen = found, score, a
                state = apply(state, chosen, check=False)
                node = best
                path.append(node)
            if state.outcome is not None:
                returns = state.outcome.returns
            else:
                returns = evaluate(state, rng, meter.call_limit)
            for nd in path:
                nd.n += 1
                if nd.mover >= 0:
                    nd.w += returns[nd.mover]


__all__ = ["MCTSAgent"]
