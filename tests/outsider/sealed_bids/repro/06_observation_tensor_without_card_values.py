"""The OpenSpiel observation tensor of Sealed Bids holds no card values: two deals whose
prize in the pot and whose own hands differ give a player the same tensor.

Run: python repro/06_observation_tensor_without_card_values.py  (from the game's folder)
"""
import random
from pathlib import Path

import numpy as np
from stratagem.interop import openspiel_game

RULES = str(Path(__file__).resolve().parent.parent / "sealed_bids.yaml")
game = openspiel_game.load_game(RULES, scenario="two")


def deal(seed):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    return state


def faces(state):
    native = openspiel_game.native_state(state)
    pot = [native.entity(c)["value"] for c in native.zone(0, "pot")]
    hand = sorted(((int(c), native.entity(c)["value"]) for c in native.zone(0, "hand")))
    return pot, [v for _, v in hand]


a, b = deal(1), deal(2)
print("deal 1: pot", *faces(a))
print("deal 2: pot", *faces(b))
print("ann's observation tensor is the same in both:",
      np.array_equal(a.observation_tensor(0), b.observation_tensor(0)),
      f"({len(a.observation_tensor(0))} numbers)")
print("ann's observation string names no value:", "value" not in a.observation_string(0))
print(a.observation_string(0)[:400])
