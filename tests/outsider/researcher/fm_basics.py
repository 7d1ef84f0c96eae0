"""Step 1a: drive the forward model directly (duel + my own race.yaml)."""
import os
import stratagem

HERE = os.path.dirname(os.path.abspath(__file__))

game = stratagem.load("duel")
state = game.new_state(seed=7)
d = state.decision
print("decision:", d.kind, d.player, len(d.actions), "options")
actions = game.legal_actions(state)
print("first actions:", [str(a) for a in actions[:4]])
a0 = actions[0]
print("parse roundtrip:", game.parse_action(state, str(a0)) == a0)
s2 = game.apply(state, a0)
print("state unchanged after apply:", game.serialize(state) != game.serialize(s2))

# exact outcomes of chance
for a in actions:
    outs = game.outcomes(state, a)
    if len(outs) > 1:
        print(f"outcomes of {a}: {len(outs)} results, total p = {sum(p for p, _ in outs)}")
        break
else:
    print("no action of the first decision has several outcomes")

text = game.serialize(s2)
back = game.deserialize(text)
print("serialize roundtrip equal:", back == s2, "| json chars:", len(text))

# illegal action
try:
    game.apply(s2, a0) if a0 not in game.legal_actions(s2) else print("a0 still legal")
except Exception as e:
    print("illegal:", type(e).__name__, "-", e)

# my own rules file
race = stratagem.load(os.path.join(HERE, "race.yaml"))
rs = race.new_state(seed=1)
print("race options:", [str(a) for a in race.legal_actions(rs)])
throw = race.parse_action(rs, "throw")
for p, after in race.outcomes(rs, throw):
    print(f"  p={p}  pot={after.players[0].params['pot']}  decides={after.decision.player}")
r = stratagem.play(race, ["random", "random"], seed=3)
print("race result:", r.outcome)
