"""An agent that reads only the view it is given (as the docs' *Writing an agent* says an
agent should) learns Ann's face-down bid in Matching Bids.

`ViewReader` plays Bob: it looks in its view's history for the card Ann laid this game, and
reads that card's face from the view (repro 02: the view holds it) or from what the set-up
always places under that id (repro 01: learned from one earlier game). It then bids the
matching card. Bob should match about 1 time in 3; `mcts` (which plays on `determinize`d
worlds) is shown for comparison.

Run: python repro/01_02_view_reader.py
"""
from pathlib import Path

import stratagem
from stratagem.agents import Agent, Choice

HERE = Path(__file__).resolve().parent


class ViewReader(Agent):
    code = "view-reader"
    description = "reads the other player's face-down bid out of its own view"
    handles_hidden = True

    def __init__(self, game, seed=0, learned=None, **budget):
        super().__init__(game, seed, **budget)
        self.learned = learned or {}  # card id -> face, from an earlier game's set-up

    def choose(self, view, decision, budget=None):
        laid = [int(dict(r.action.targets)["card"]) for r in view.history if r.player != decision.player]
        face = None
        if laid:
            card = view.entity(laid[-1])
            face = card["value"] if card.type != "?" else self.learned.get(laid[-1])
        for action in decision.actions:
            mine = view.entity(int(dict(action.targets)["card"]))["value"]
            if mine == face:
                return Choice(action, "matches the bid it read")
        return Choice(decision.actions[0], "could not read the bid")


for name in ("02_owner_zones_only_leak_bid.yaml", "01_placed_card_ids_tell_faces.yaml"):
    game = stratagem.load(str(HERE / name))
    first = game.new_state(seed=12345)  # an earlier game: which id holds which face
    learned = {c: first.entity(c)["value"] for c in first.zone(0, "hand")}
    for bob in ("reader", "mcts:iterations=200"):
        wins = 0
        for seed in range(60):
            seat = ViewReader(game, seed=seed, learned=learned) if bob == "reader" else bob
            wins += 1 in stratagem.play(game, ["random", seat], seed=seed).outcome.winners
        print(f"{name}: Bob ({bob}) matched Ann's face-down bid in {wins} of 60 games")
