# Random playouts through the Python API for 5 s: plies per second.
# Usage: python3 speed_probe.py draughts.yaml   (or a bundled name: skirmish, connect_four)
import time, random, stratagem, sys
game = stratagem.load(sys.argv[1])
rng = random.Random(1)
t=time.time(); n=0; plies=0
while time.time()-t < 5:
    s = game.new_state(seed=n)
    while True:
        acts = game.legal_actions(s)
        if not acts: break
        s = game.apply(s, rng.choice(acts)); plies+=1
    n+=1
dt=time.time()-t
print(f"{n} games, {plies} plies in {dt:.1f}s: {plies/dt:.0f} plies/s")
