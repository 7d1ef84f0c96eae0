"""What the AIs imagine: `game.determinize` over a player's view.

  python hidden_checks.py case RULES [SCENARIO]
      share of imagined worlds whose case file is not one card of each kind
      (suspect/weapon/room tags), from every player's view at the start.
  python hidden_checks.py atleast
      in deduction.yaml: after "X shows Y a card", the share of a third player's
      imagined worlds in which X holds none of the three cards suggested.
"""
import sys
from collections import Counter

import stratagem
from stratagem.engine import Rng


TAGS = {"scarlet": "suspect", "mustard": "suspect", "plum": "suspect", "green": "suspect",
        "knife": "weapon", "rope": "weapon", "pipe": "weapon", "candle": "weapon",
        "hall": "room", "study": "room", "kitchen": "room", "library": "room"}


def case_check(rules, scenario=None, seeds=10, worlds=50):
    game = stratagem.load(rules, scenario)
    bad = total = 0
    for seed in range(seeds):
        s = game.new_state(seed=seed)
        case = s.zone(0, "case")
        for viewer in range(len(s.players)):
            v = s.view(viewer)
            for w in range(worlds):
                world = game.determinize(v, w)
                got = Counter(TAGS[world.entity(c).type] for c in case)
                total += 1
                bad += any(n > 1 for n in got.values())
    print(f"{rules}: {bad} of {total} imagined worlds put two cards of one kind in the case file")


def atleast_check(rules="deduction.yaml", games=20, worlds=100):
    game = stratagem.load(rules)
    found = violated = total = 0
    for seed in range(games):
        s = game.new_state(seed=seed)
        rng = Rng(seed)
        while s.decision is not None:
            acts = [a for a in game.legal_actions(s) if a.type != "accuse"]
            a = acts[rng.below(len(acts))]
            if a.type == "suggest":
                asker = s.decision.player
                t = dict(a.targets)
                names = {t["who"], t["what"], t["where"]}
            s2 = game.apply(s, a)
            if a.type == "choose":
                shower = s.decision.player
                observer = next(p for p in range(len(s.players)) if p not in (asker, shower))
                v = s2.view(observer)
                # skip if the observer itself holds or has seen a card that settles it
                hand = s2.zone(shower, "hand")
                none = 0
                for w in range(worlds):
                    world = game.determinize(v, w)
                    none += not any(world.entity(c).type in names for c in hand)
                found += 1
                violated += none
                total += worlds
                if found <= 3:
                    print(f"game {seed}: {game.players[shower]} showed {game.players[asker]} one of {sorted(names)};"
                          f" in {none} of {worlds} worlds {game.players[observer]} imagines"
                          f" {game.players[shower]} holding none of them")
                s = s2
                break
            s = s2
    print(f"over {found} shows: {violated} of {total} imagined worlds ({100 * violated / max(total, 1):.0f}%)"
          " contradict what the observer saw (the shower holds none of the three)")


if __name__ == "__main__":
    if sys.argv[1] == "case":
        case_check(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
    else:
        atleast_check()
