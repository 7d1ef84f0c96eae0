"""Play the same random moves in kalah.yaml and in OpenSpiel's `mancala`; compare every board."""
import random, sys, time
import pyspiel
import stratagem

RULES = "tests/outsider/kalah/kalah.yaml"
game = stratagem.load(RULES)
spiel = pyspiel.load_game("mancala")

def row(state):
    out = [0] * 14
    for e in state.entities.values():
        i = e.pos.x - 1 if e.pos.y == 1 else 13 - e.pos.x
        out[i] = e.params["seeds"]
    return out


n_games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
mismatch = 0
t0 = time.perf_counter()
for seed in range(n_games):
    rng = random.Random(seed)
    s = game.new_state(seed=seed)
    o = spiel.new_initial_state()
    moves = 0
    while s.outcome is None:
        acts = game.legal_actions(s)
        a = acts[rng.randrange(len(acts))]
        i = [e for e in s.entities.values() if e.id == a.actor][0]
        idx = i.pos.x - 1 if i.pos.y == 1 else 13 - i.pos.x
        os_id = (idx + 1) % 14
        if os_id not in o.legal_actions() or o.current_player() != s.decision.player:
            print(f"seed {seed} move {moves}: legal/current-player mismatch", o.current_player(), s.decision.player)
            mismatch += 1
            break
        s = game.apply(s, a)
        o.apply_action(os_id)
        moves += 1
        ours = row(s)
        theirs = [int(x) for x in o.observation_tensor(0)][:14]
        # OpenSpiel index j holds our index (j - 1) % 14
        theirs = [theirs[(i + 1) % 14] for i in range(14)]
        if s.outcome is None and ours != theirs:
            print(f"seed {seed} move {moves}: boards differ\n ours   {ours}\n theirs {theirs}")
            mismatch += 1
            break
    else:
        if not o.is_terminal():
            print(f"seed {seed}: ours ended, OpenSpiel's did not; {row(s)}")
            mismatch += 1
        else:
            ours_ret = s.outcome.returns
            if tuple(ours_ret) != tuple(o.returns()):
                print(f"seed {seed}: returns differ ours {ours_ret} theirs {o.returns()}")
                mismatch += 1
print(f"{n_games} games, {mismatch} mismatches, {time.perf_counter() - t0:.1f} s")
