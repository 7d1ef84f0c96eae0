"""The same in the game itself: from the state, expectimax throws exactly when the next
roll does not bust.

variants/pushluck_four_rolls.yaml rolls its four dice with four `roll` effects (1296
combinations). At 30 roll-or-stop positions with three markers placed, this compares
whether the game's own next roll busts with what the agent chooses.

Expected: a choice that does not depend on the dice to come. Seen (expectimax:depth=3,
given the state as README's example does): throw at all 23 positions whose next roll
climbs, stop at all 7 whose next roll busts. Given the view, its choices do not follow
the real roll (but value a throw by one stand-in roll, see 01_agents_read_future_dice.py).
pushluck.yaml (one `random` effect of 126 weighted results) shows neither.

    cd tests/outsider/pushluck/repro && timeout 120 python3 01_pushluck_peek.py
"""
import random
from collections import Counter
from pathlib import Path

import stratagem

RULES = Path(__file__).parent.parent / "variants" / "pushluck_four_rolls.yaml"
game = stratagem.load(str(RULES), "two")
rng = random.Random(5)
rows, seed = [], 0
while len(rows) < 30:
    state = game.new_state(seed=seed)
    seed += 1
    while state.decision is not None:
        p = state.decision.player
        pp = dict(state.players[p].params)
        if pp["stage"] == 2 and pp["markers"] == 3:
            real = game.apply(state, game.parse_action(state, "throw"))
            busts = real.decision is None or real.decision.player != p
            view = state.view(p)
            on_state = stratagem.agent("expectimax:depth=3", game, seed=1).choose(state, state.decision)
            on_view = stratagem.agent("expectimax:depth=3", game, seed=1).choose(view, view.decision)
            rows.append(("next roll busts" if busts else "next roll climbs",
                         f"{on_state.action} from the state, {on_view.action} from the view"))
            break
        options = [a for a in game.legal_actions(state) if a.type != "stop"] or game.legal_actions(state)
        state = game.apply(state, options[rng.randrange(len(options))])
for (fact, action), n in sorted(Counter(rows).items()):
    print(f"{fact:17} -> {action}: {n}")
