"""Calls a researcher needs whose arguments docs/ never gives (found with inspect)."""
import inspect
import stratagem
from stratagem.agents import Agent, MCTSAgent
from stratagem.agents.base import Meter
from stratagem.interop.openspiel_agents import StratagemBot

game = stratagem.load("connect_four")
print("game.playout", inspect.signature(game.playout))        # design.md: name only
print("StratagemBot", inspect.signature(StratagemBot))        # interop.md: name only
print("MCTSAgent value=", inspect.signature(MCTSAgent).parameters["value"])  # called (state, player)
print("Agent.default_budget:", Agent.default_budget)          # agents.md: never mentioned
print("Meter fields:", [m for m in dir(Meter) if not m.startswith("_")])
