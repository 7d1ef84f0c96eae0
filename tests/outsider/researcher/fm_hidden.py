"""Step 1b: views, determinize, explicit chance, reseed (high_card, pig, duel)."""
import collections
import stratagem

game = stratagem.load("high_card")
s = game.new_state(seed=5)
print("decision:", s.decision.kind, "player", s.decision.player,
      [str(a) for a in s.decision.actions])
view = s.view(0)
print("view's decision:", view.decision.kind, view.decision.player,
      [str(a) for a in view.decision.actions])
opp = [c for c in s.zone(1, "hand")]
print("south's hand, truth:", [s.entity(c).type for c in opp])
print("south's hand, north's view (ids):", view.zone(1, "hand"))   # (-1, -1, -1): sizes only
deals = collections.Counter(
    tuple(sorted(w.entity(c).type for c in w.zone(1, "hand")))
    for w in (game.determinize(view, k) for k in range(200)))
print("determinized south hands (200 seeds):", len(deals), "distinct, e.g.", deals.most_common(2))
w = game.determinize(view, 3)
print("determinized world has legal actions:", len(game.legal_actions(w)))

# explicit chance on pig: chance decisions with integer weights
pig = stratagem.load("pig")
ps = pig.new_state(seed=1, explicit_chance=True)
ps = pig.apply(ps, pig.legal_actions(ps)[0])       # throw
d = ps.decision
print("pig after throw:", d.kind, d.player, [str(a) for a in d.actions], getattr(d, "weights", None))

# reseed: same state, different future dice
duel = stratagem.load("duel")
st = duel.new_state(seed=7)
atk = duel.parse_action(st, "attack #1 target=#2")
a1 = duel.apply(st, atk)
a2 = duel.apply(duel.reseed(st, 99), atk)
print("reseeded attack differs:", duel.serialize(a1) != duel.serialize(a2))
