"""Step 2a: my agents in Python, via stratagem.play (docs/agents.md example)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stratagem
from mybots import WinNow, FlatMC

game = stratagem.load("connect_four")
for cls, kw in ((WinNow, {}), (FlatMC, {"calls": 3000})):
    wins = 0
    for seed in range(6):
        me = seed % 2
        seats = ["random", "random"]
        seats[me] = cls(game, seed=seed, **kw)
        wins += me in stratagem.play(game, seats, seed=seed).outcome.winners
    print(f"{cls.__name__} won {wins} of 6 against random")
s = game.new_state(seed=0)
c = FlatMC(game, seed=1, calls=2000).choose(s, s.decision)
print("FlatMC choice:", c.action, "-", c.rationale)
