"""Do the search agents weigh the bust risk? Ask them at roll-or-stop decisions.

Finds positions (random playouts of the two-player game) where the player to move has
placed all three markers and must choose between `throw` and `stop`, works out the
exact chance that the next roll busts (a plain Python count over the 1296 rolls), and
asks each agent what it would do, with the time it took.

    timeout 120 python3 probe_agents.py [POSITIONS] [MIN_BUST] [AGENT ...]
"""

import itertools
import random
import sys
import time
from pathlib import Path

import stratagem

HERE = Path(__file__).parent
COLS = range(2, 13)
LENGTH = {s: 13 - 2 * abs(s - 7) for s in COLS}


def bust_chance(state, p):
    pp = dict(state.players[p].params)
    ok = {s for s in COLS if pp[f"temp[{s}]"] > 0 and state.value(f"claimed[{s}]") == 0
          and pp[f"temp[{s}]"] < LENGTH[s]}
    busts = 0
    for d in itertools.product(range(1, 7), repeat=4):
        sums = {d[0] + d[1], d[2] + d[3], d[0] + d[2], d[1] + d[3], d[0] + d[3], d[1] + d[2]}
        busts += not (sums & ok)
    return busts / 1296


def positions(count, seed=0, rules="pushluck.yaml"):
    game = stratagem.load(str(HERE / rules), "two")
    rng = random.Random(seed)
    found = []
    s = 0
    while len(found) < count:
        state = game.new_state(seed=s)
        s += 1
        while state.decision is not None and len(found) < count:
            p = state.decision.player
            pp = dict(state.players[p].params)
            opts = game.legal_actions(state)
            if pp["stage"] == 2 and pp["markers"] == 3 and rng.random() < 0.2:
                found.append(state)
                break
            # random play, but keep rolling so that markers get placed
            kinds = [a for a in opts if a.type != "stop"] or opts
            state = game.apply(state, kinds[rng.randrange(len(kinds))])
    return game, found


def main():
    """probe_agents.py [POSITIONS] [MIN_BUST] [AGENT ...]: positions of the two-player
    game of variants/pushluck_guide_banked.yaml (whose guide is what `guide` above
    computes) where the player to move has three runners placed and a chance of a bust of
    at least MIN_BUST; for each, the exact worth of stopping and of one more roll (then
    the best climb and a stop), and each agent's choice with its time."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    least = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
    agents = sys.argv[3:] or ["osla", "expectimax", "expectimax:depth=3,calls=100000"]
    game, found = positions(60, seed=11, rules="variants/pushluck_guide_banked.yaml")
    found = [s for s in found if bust_chance(s, s.decision.player) >= least][:count]
    for state in found:
        p = state.decision.player
        stop_now, roll = one_more_roll(game, state)
        print(f"P(bust) {bust_chance(state, p):.3f}: stop {stop_now:.3f}, one more roll {roll:.3f}"
              f" -> {'throw' if roll > stop_now else 'stop'}", flush=True)
        for code in agents:
            bot = stratagem.agent(code, game, seed=1)
            t = time.time()
            choice = bot.choose(state, state.decision)
            print(f"   {code:32} {str(choice.action):6} {time.time() - t:6.2f}s  {choice.rationale[:100]}",
                  flush=True)




def guide(state, p):
    """The rules' `end: guide` for player p: won + climbed / 3."""
    pp = dict(state.players[p].params)
    return pp["won"] + sum(pp[f"perm[{s}]"] / LENGTH[s] for s in COLS) / 3


def one_more_roll(game, state):
    """Exact value (the rules' guide) of stopping now, and of rolling once more, then
    climbing the best pairing and stopping: over game.outcomes of `throw`."""
    p = state.decision.player
    stop_now = guide(game.apply(state, game.parse_action(state, "stop")), p)
    roll = 0.0
    for prob, after in game.outcomes(state, game.parse_action(state, "throw")):
        if after.decision is None or after.decision.player != p:
            roll += prob * guide(after, p)  # bust: nothing more banked
            continue
        best = max(guide(game.apply(game.apply(after, a), game.parse_action(game.apply(after, a), "stop")), p)
                   for a in game.legal_actions(after))
        roll += prob * best
    return stop_now, roll


if __name__ == "__main__":
    main()
