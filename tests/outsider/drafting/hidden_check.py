"""What each player may know, checked on random games of Sushi Draft at 2, 3 and 4 players.
At every decision, for every viewer (`state.view`):
 - another player's hand names a card's face only if the viewer once held that card, and
   then its true face (a passed hand is remembered, an unseen one is not);
 - another player's `pick` is withheld, and every pick of another player in the viewer's log
   reads `pick card=-`;
 - in the deciding player's determinized worlds (15% of decisions, 3 worlds each), every
   player who has picked holds a pick that is a place in their hand.
Usage: python hidden_check.py [GAMES_PER_SIZE]   (about 0.3 s CPU a game)"""
import pathlib, random, sys
from collections import Counter
import stratagem

RULES = str(pathlib.Path(__file__).with_name("drafting.yaml"))
stats = Counter()
games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
for scenario, n in (("two", 2), ("three", 3), ("four", 4)):
    game = stratagem.load(RULES, scenario)
    for seed in range(games):
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        held = [set() for _ in range(n)]
        while s.outcome is None:
            for v in range(n):
                held[v].update(s.zone(v, "hand"))
            for v in range(n):
                view = s.view(v)
                stats["views"] += 1
                for q in range(n):
                    if q == v:
                        continue
                    for c in view.zone(q, "hand"):
                        face = view.entity(c).type if c >= 0 else "?"
                        if face != "?":
                            stats["faces of another's hand shown (remembered)"] += 1
                            if c not in held[v] or face != s.entities[c].type:
                                stats["LEAK: a face never held"] += 1
                    if "pick" not in view.withheld(q):
                        stats["LEAK: pick not withheld"] += 1
                node = view.log
                while node:
                    node, record = node
                    if record.player != v and str(record.action).startswith("pick"):
                        stats["others' picks in logs"] += 1
                        if "card=-" not in str(record.action):
                            stats["LEAK: log names a pick"] += 1
            p = s.decision.player
            if rng.random() < 0.15:
                for k in range(3):
                    world = game.determinize(s.view(p), k)
                    stats["worlds"] += 1
                    for q in range(n):
                        pk = world.players[q].params["pick"]
                        if world.players[q].params["picked"] and not 1 <= pk <= len(world.zone(q, "hand")):
                            stats["BAD: a world's pick outside the hand"] += 1
            s = game.apply(s, rng.choice(game.legal_actions(s)))
print(dict(stats))
