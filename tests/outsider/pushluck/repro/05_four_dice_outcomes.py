"""Four dice kept as four numbers: 1296 branches where 126 results differ.

The rules language sums dice (`4d6`) or counts successes, but has no pool whose dice are
kept one by one; four `roll` effects make 6^4 = 1296 branches. `game.outcomes` merges
them into the distinct results afterwards (126 here, the dice being sorted), but runs
the rest of the action, and lists the next decision's options, for each of the 1296.
The same distribution written as one `random` effect of 126 weighted options (generated
by ../gen_dice.py) is enumerated ten times faster, and is not read by the agents
(finding 1).

    cd tests/outsider/pushluck/repro && timeout 120 python3 05_four_dice_outcomes.py
"""
import time
from pathlib import Path

import stratagem

HERE = Path(__file__).parent.parent
for rules in ("variants/pushluck_four_rolls.yaml", "pushluck.yaml"):
    game = stratagem.load(str(HERE / rules), "two")
    state = game.new_state(seed=3)
    state = game.apply(state, game.legal_actions(state)[0])   # the first roll
    state = game.apply(state, game.legal_actions(state)[0])   # climb
    throw = game.parse_action(state, "throw")
    t = time.perf_counter()
    results = game.outcomes(state, throw)
    took = time.perf_counter() - t
    t = time.perf_counter()
    for seed in range(200):
        game.apply(game.reseed(state, seed), throw)
    per = (time.perf_counter() - t) / 200
    print(f"{rules:36} outcomes of a throw: {len(results)} results in {took:5.2f} s; "
          f"one sampled throw {1000 * per:4.1f} ms")
