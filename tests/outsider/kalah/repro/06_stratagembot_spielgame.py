"""docs/interop.md, "OpenSpiel games for Stratagem's agents": "StratagemBot ... plays bridged
Stratagem games on the Stratagem state inside, and any other OpenSpiel game through a
SpielGame: `StratagemBot(spiel_game, agent, player, seed=0, **arguments)`".
Passing the SpielGame (as the sentence reads) fails with an AttributeError from inside;
passing the pyspiel.Game itself works.
"""
import pyspiel
from stratagem.interop.openspiel_agents import SpielGame, StratagemBot

mancala = pyspiel.load_game("mancala")
try:
    StratagemBot(SpielGame(mancala), "mcts:calls=100", 0)
    print("SpielGame: ok")
except Exception as e:
    print(f"StratagemBot(SpielGame(mancala), ...): {type(e).__name__}: {e}")
bot = StratagemBot(mancala, "mcts:calls=100", 0)
print("StratagemBot(pyspiel game, ...): ok, first move id", bot.step(mancala.new_initial_state()))
