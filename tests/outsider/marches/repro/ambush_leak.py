# python repro/ambush_leak.py  — run from tests/outsider/marches
import stratagem

game = stratagem.load("repro/ambush_leak.yaml")
for seed in range(6):
    s = game.new_state(seed=seed)
    s = game.apply(s, game.legal_actions(s)[0])          # red attacks blue's army
    blue_hand = [s.entity(c).type for c in s.zone(1, "hand")]
    print(f"seed {seed}: blue holds {blue_hand}; red's view of the decision: {s.view(0).decision}")
