"""An agent written as docs/agents.md shows has no default budget ("no limit"), so its
Meter loop never ends when no budget is given (as with `--agents python:mod.Class`)."""
import signal
import stratagem
from stratagem.agents import Agent, Choice
from stratagem.agents.base import Meter


class Mine(Agent):
    def __init__(self, game, seed=0, **budget):
        super().__init__(game, seed, **budget)

    def choose(self, view, decision, budget=None):
        meter = Meter(self.game, budget or self.budget)
        while not meter.spent():
            self.game.apply(view, decision.actions[0])    # one forward-model call a loop
        return Choice(decision.actions[0], "done")


signal.signal(signal.SIGALRM, lambda *_: exit("still searching after 5 s: budget has no limit"))
signal.alarm(5)
game = stratagem.load("tic_tac_toe")
bot, s = Mine(game), game.new_state()
print("budget:", bot.budget)                                            # no limit
print(bot.choose(s, s.decision).rationale)
