"""My agents, written as docs/agents.md 'Writing an agent' says."""
from stratagem.agents import Agent, Budget, Choice
from stratagem.agents.base import Meter
from stratagem.engine import Rng


def wins_at_once(game, state, action, player):
    after = game.apply(state, action)
    return after.outcome is not None and player in after.outcome.winners


class WinNow(Agent):
    """The docs' example, verbatim in substance."""
    code = "win-now"
    description = "wins at once when it can and does not hand over a win"
    handles_hidden = False

    def __init__(self, game, seed=0, **budget):
        super().__init__(game, seed, **budget)
        self.rng = Rng(seed)

    def choose(self, view, decision, budget=None):
        game, me = self.game, decision.player
        for action in decision.actions:
            if wins_at_once(game, view, action, me):
                return Choice(action, f"{action} wins at once")
        safe = []
        for action in decision.actions:
            after = game.apply(view, action)
            reply = after.decision
            if reply is None or not any(wins_at_once(game, after, a, reply.player)
                                        for a in reply.actions):
                safe.append(action)
        options = safe or list(decision.actions)
        return Choice(options[self.rng.below(len(options))], f"one of {len(options)} safe")


class FlatMC(Agent):
    """Flat Monte Carlo: round-robin random playouts per option, budget through Meter."""
    code = "flat-mc"
    description = "flat Monte Carlo over random playouts"
    handles_hidden = False
    # WORKAROUND (FINDINGS 2): without this an Agent subclass has "no limit" and the
    # Meter loop below never ends when no budget is given in the code.
    default_budget = Budget(seconds=1, calls=20000)

    def __init__(self, game, seed=0, **budget):
        super().__init__(game, seed, **budget)
        self.rng = Rng(seed)

    def choose(self, view, decision, budget=None):
        game, me, opts = self.game, decision.player, list(decision.actions)
        if len(opts) == 1:
            return Choice(opts[0], "the only option")
        total = [0.0] * len(opts)
        runs = [0] * len(opts)
        meter = Meter(game, budget or self.budget)
        i = 0
        while not meter.spent():
            k = i % len(opts)
            after = game.apply(view, opts[k])
            end = after if after.decision is None else game.playout(after, self.rng)
            total[k] += end.outcome.returns[me] if end.outcome else 0.0
            runs[k] += 1
            i += 1
            meter.iterations += 1   # WORKAROUND (FINDINGS 1): Meter does not count these
        best = max(range(len(opts)), key=lambda j: total[j] / max(runs[j], 1))
        return Choice(opts[best], f"best mean {total[best] / max(runs[best], 1):+.2f} "
                                  f"over {runs[best]} playouts ({i} in all)")


class Noisy(WinNow):
    """WinNow that plays at random a share `eps` of the time (a typed argument)."""
    code = "noisy"

    def __init__(self, game, seed=0, eps: float = 0.1, **budget):
        super().__init__(game, seed, **budget)
        self.eps = eps

    def choose(self, view, decision, budget=None):
        if self.rng.random() < self.eps:
            opts = decision.actions
            return Choice(opts[self.rng.below(len(opts))], f"at random (eps {self.eps!r})")
        return super().choose(view, decision, budget)


class DetFlatMC(FlatMC):
    """Flat Monte Carlo on determinized worlds: plays hidden-information games."""
    code = "det-flat-mc"
    handles_hidden = True

    def choose(self, view, decision, budget=None):
        game, me, opts = self.game, decision.player, list(decision.actions)
        if len(opts) == 1:
            return Choice(opts[0], "the only option")
        total, runs = [0.0] * len(opts), [0] * len(opts)
        meter, i = Meter(game, budget or self.budget), 0
        while not meter.spent():
            world = game.determinize(view, self.rng.below(2**31))   # a world it could be in
            k = i % len(opts)
            after = game.apply(world, opts[k])
            end = after if after.decision is None else game.playout(after, self.rng)
            total[k] += end.outcome.returns[me]
            runs[k] += 1
            i += 1
            meter.iterations += 1
        best = max(range(len(opts)), key=lambda j: total[j] / max(runs[j], 1))
        return Choice(opts[best], f"decided over {i} determinized playouts",
                      )
