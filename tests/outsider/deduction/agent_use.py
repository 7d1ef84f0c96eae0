"""Do the search agents use what they have been shown?

One agent under test in seat 0 (ann) against random players, a few seeded games.
For each accusation the agent makes, count how many of its three cards the agent
already knew were NOT in the case file (its own hand, cards shown to it, cards a
rule_out told everyone), and whether it was right. Also print the number of case
files still possible from the agent's knowledge when it accused.

usage: python agent_use.py RULES CODE [GAMES] [SCENARIO]
"""
import itertools, sys, time
import stratagem
from stratagem.engine import Rng

SUSPECTS = ["scarlet", "mustard", "plum", "green"]
WEAPONS = ["knife", "rope", "pipe", "candle"]
ROOMS = ["hall", "study", "kitchen", "library"]

rules, code = sys.argv[1], sys.argv[2]
games = int(sys.argv[3]) if len(sys.argv) > 3 else 4
scenario = sys.argv[4] if len(sys.argv) > 4 else None
game = stratagem.load(rules, scenario)


def known_not_in_case(state, me):
    """Faces `me` knows are not in the case file: every card whose face its view shows
    and that sits outside the case (its hand, cards shown to it)."""
    v = state.view(me)
    out = set()
    for p in range(len(v.players)):
        for c in v.zone(p, "hand"):
            t = v.entity(c).type
            if t != "?":
                out.add(t)
    return out


t0 = time.process_time()
rng = Rng(99)
for g in range(games):
    s = game.new_state(seed=100 + g)
    bots = [stratagem.agent(code, game, seed=g)] + [None] * (len(s.players) - 1)
    decisions = 0
    while s.decision is not None:
        d = s.decision
        if d.player == 0:
            view = s.view(0)
            ch = bots[0].choose(view, view.decision)
            a = ch.action
            if a.type == "accuse":
                t = dict(a.targets)
                knew = known_not_in_case(s, 0)
                possible = [c for c in itertools.product(SUSPECTS, WEAPONS, ROOMS)
                            if not (set(c) & knew)]
                truth = sorted(s.entity(c).type for c in s.zone(0, "case"))
                right = sorted([t["who"], t["what"], t["where"]]) == truth
                bad = len({t["who"], t["what"], t["where"]} & knew)
                print(f"game {g}: round {s.round} ann accuses {t['who']},{t['what']},{t['where']}:"
                      f" {'RIGHT' if right else 'wrong'}; {bad} of its 3 cards it knew were not the culprit;"
                      f" {len(possible)} case files still possible from its own cards and shown cards")
        else:
            acts = game.legal_actions(s)
            a = acts[rng.below(len(acts))]
        s = game.apply(s, a)
        decisions += 1
    print(f"game {g}: {s.outcome.reason} after {decisions} decisions")
print(f"{code}: {time.process_time() - t0:.1f} s CPU")
