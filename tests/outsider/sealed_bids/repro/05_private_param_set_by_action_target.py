"""Ann's private bid, chosen as an action target, is in Bob's view and Bob's OpenSpiel
information state. Run: python repro/05_private_param_set_by_action_target.py"""
from pathlib import Path

import stratagem

RULES = str(Path(__file__).resolve().parent / "05_private_param_set_by_action_target.yaml")
game = stratagem.load(RULES)
for secret in (1, 3):
    state = game.new_state(seed=0)
    state = game.apply(state, game.parse_action(state, f"bid amount={secret}"))
    view = state.view(1)
    print(f"Ann bids {secret}: Bob's view withholds {sorted(view.withheld(0))}, "
          f"and its history holds {[str(r.action) for r in view.history]}")

try:
    from stratagem.interop import openspiel_game
except ImportError:
    raise SystemExit
spiel = openspiel_game.load_game(RULES)
tensors = []
for secret in (1, 3):
    s = spiel.new_initial_state()
    s.apply_action(secret - 1)
    tensors.append(list(s.information_state_tensor(1)))
    print(f"Ann bids {secret}: Bob's information-state string names it: "
          f"{'bid amount=' + str(secret) in s.information_state_string(1)}")
differ = [(i, a, b) for i, (a, b) in enumerate(zip(*tensors)) if a != b]
print("Bob's information-state tensors differ only at (index, Ann bid 1, Ann bid 3):", differ)
