"""Hand-worked checks of kalah.yaml: each position's expected result was computed on paper."""
import time
import stratagem

RULES = "tests/outsider/kalah/kalah.yaml"

def row(state):
    """Seeds by index 0..13 (south pits, south store, north pits 7..12, north store)."""
    by_pos = {}
    for e in state.entities.values():
        x, y = e.pos.x, e.pos.y
        i = x - 1 if y == 1 else 13 - x
        by_pos[i] = e.params["seeds"]
    return [by_pos[i] for i in range(14)]

def play(game, state, *moves):
    for m in moves:
        state = game.apply(state, game.parse_action(state, m))
    return state

ok = True
def check(name, got, want):
    global ok
    flag = "ok " if got == want else "FAIL"
    ok &= got == want
    print(f"{flag} {name}: got {got}, want {want}")

# 1. opening: south sows idx 2 (entity #3): 4 seeds -> 3,4,5,store. Extra turn.
g = stratagem.load(RULES)
s = g.new_state(seed=0)
print("options:", [str(a) for a in g.legal_actions(s)])
s = play(g, s, "sow #3")
check("opening sow idx2", row(s), [4,4,0,5,5,5, 1, 4,4,4,4,4,4, 0])
check("extra turn: south again", s.decision.player, 0)
# then south sows idx 5 (#6): 5 seeds -> store, 7,8,9,10. Turn passes.
s = play(g, s, "sow #6")
check("second sow idx5", row(s), [4,4,0,5,5,0, 2, 5,5,5,5,4,4, 0])
check("turn passes to north", s.decision.player, 1)
# north sows idx 7 (#8): 5 seeds -> 8,9,10,11,12 (last in own non-empty pit, no capture)
s = play(g, s, "sow #8")
check("north sow idx7", row(s), [4,4,0,5,5,0, 2, 0,6,6,6,5,5, 0])
check("turn back to south", s.decision.player, 0)
# north's pit idx 12 (#13) has 5 -> 13(store),0,1,2,3 : north sows into south's row, skips nothing
s = play(g, s, "sow #1")    # south idx0: 4 seeds -> 1,2,3,4; last idx4 had 5 -> 6, no capture
check("south sow idx0", row(s), [0,5,1,6,6,0, 2, 0,6,6,6,5,5, 0])
s = play(g, s, "sow #13")
check("north sow idx12 into its store and on", row(s), [1,6,2,7,6,0, 2, 0,6,6,6,5,0, 1])

# 2. capture
g = stratagem.load(RULES, "test_capture")
s = g.new_state(seed=0)
s = play(g, s, "sow #1")
check("capture", row(s), [0,0,0,0,0,3, 16, 2,2,2,2,0,2, 5])
check("capture ends the turn", s.decision.player, 1)

# 3. a full lap of 13 from idx 0: skips north's store, lands in the emptied pit, captures idx 12
g = stratagem.load(RULES, "test_lap")
s = g.new_state(seed=0)
s = play(g, s, "sow #1")
check("lap + capture", row(s), [0,1,1,1,1,1, 4, 2,2,2,2,2,0, 0])

# 4. end of game: last seed into the store empties south's row
g = stratagem.load(RULES, "test_end")
s = g.new_state(seed=0)
s = play(g, s, "sow #6")
check("end sweep", row(s), [0,0,0,0,0,0, 21, 0,0,0,0,0,0, 27])
o = s.outcome
print("outcome:", o)
check("north wins", (o.winners, o.scores), ((1,), (21, 27)))
# 5. north's lap skips south's store
g = stratagem.load(RULES, "test_north_lap")
s = g.new_state(seed=0)
s = play(g, s, "sow #5")
check("south idx4 no capture (pit not empty)", row(s), [0,0,0,0,0,2, 0, 13,0,0,0,0,0, 0])
s = play(g, s, "sow #8")
check("north lap skips idx 6, captures idx 5", row(s), [1,1,1,1,1,0, 0, 0,1,1,1,1,1, 5])
print("ALL OK" if ok else "SOME FAILED")
