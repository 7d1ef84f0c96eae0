"""game.outcomes merges equal results in a rules file, but not a duel/skirmish attack."""
import json, os
import stratagem

def distinct(game, outs):   # the results compared without the log and the generator
    key = lambda s: json.dumps({k: v for k, v in json.loads(game.serialize(s)).items()
                                if k not in ("log", "rng")}, sort_keys=True)
    return len({key(s) for _, s in outs})

coin = stratagem.load(os.path.join(os.path.dirname(os.path.abspath(__file__)), "coin.yaml"))
s = coin.new_state(seed=1)
outs = coin.outcomes(s, coin.legal_actions(s)[0])
print("coin toss:", len(outs), "results,", distinct(coin, outs), "distinct")     # 2, 2
duel = stratagem.load("duel")
s = duel.new_state(seed=7)
outs = duel.outcomes(s, duel.parse_action(s, "attack #1 target=#2"))
print("duel attack:", len(outs), "results,", distinct(duel, outs), "distinct")   # 104, 5
