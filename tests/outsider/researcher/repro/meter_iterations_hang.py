"""A search loop written as docs/agents.md says never ends under `iterations=N`."""
import signal
import stratagem
from stratagem.agents import Agent, Choice
from stratagem.agents.base import Meter


class Loop(Agent):
    def choose(self, view, decision, budget=None):
        meter, n = Meter(self.game, budget or self.budget), 0
        while not meter.spent():          # "so that seconds, iterations and calls limit it"
            n += 1
        return Choice(decision.actions[0], f"{n} iterations")


def give_up(*_):
    raise SystemExit("still looping after 5 s: Meter.spent() never counts an iteration")


game = stratagem.load("tic_tac_toe")
s = game.new_state()
print("seconds=0.1:", Loop(game, seconds=0.1).choose(s, s.decision).rationale)
signal.signal(signal.SIGALRM, give_up)
signal.alarm(5)
print("iterations=5:", Loop(game, iterations=5).choose(s, s.decision).rationale)
