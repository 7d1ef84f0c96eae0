"""Leak check over random games, through the Python API (state.view(p)).

An independent model of what each player may know (its own hand; each card shown to
it; the case file after its own wrong accusation) is kept beside the game, and at
every state each player's view is compared with it:

  face  - a card whose face the view shows that the player may not know (a LEAK), or
          a card it knows that its view hides (the view is poorer than the player);
  log   - a card id named in the player's log that the player may not know;
  pick  - another player's pick, made for a third player, named in the player's log
          (it is named once the player has come to know that card's face by itself);
  opts  - another player's options listed in the view;
  known - the view's `cards.known`: which card id a third player was shown (counted,
          see FINDINGS.md).

usage: python leak_check.py [GAMES] [RULES] [SCENARIO]
"""
import re, sys
import stratagem
from stratagem.engine import Rng

games = int(sys.argv[1]) if len(sys.argv) > 1 else 6
rules = sys.argv[2] if len(sys.argv) > 2 else "deduction.yaml"
scenario = sys.argv[3] if len(sys.argv) > 3 else None
game = stratagem.load(rules, scenario)
ID = re.compile(r"#(\d+)")


def records(log):
    """The log is a chain of (earlier, record) pairs; give its records in order."""
    out = []
    while isinstance(log, tuple) and len(log) == 2 and not hasattr(log, "action"):
        log, rec = log
        out.append(rec)
    if log is not None and hasattr(log, "action"):
        out.append(log)
    return out[::-1]


def matching(state, p, names):
    return [c for c in state.zone(p, "hand") if state.entity(c).type in names]


picks_named = set()  # (game, viewer, which choose) already counted
counts = dict(states=0, face=0, poorer=0, log=0, pick=0, opts=0, known=0, shows=0)
for g in range(games):
    seed = 500 + g
    s = game.new_state(seed=seed)
    n = len(s.players)
    rng = Rng(seed)
    known = [set(map(int, s.zone(p, "hand"))) for p in range(n)]
    pending = None  # (suggester, names, shower) while a choose is awaited
    shows = []  # (suggester, shower) of each choose, in order
    while True:
        counts["states"] += 1
        for p in range(n):
            v = s.view(p)
            for owner in range(n):
                for c in list(s.zone(owner, "hand")) + ([] if owner else list(s.zone(0, "case"))):
                    seen = v.entity(c).type
                    truth = s.entity(c).type
                    if seen != "?" and (int(c) not in known[p] or seen != truth):
                        counts["face"] += 1
                        print(f"LEAK game {g}: {game.players[p]} sees card #{int(c)} as {seen}")
                    if seen == "?" and int(c) in known[p]:
                        counts["poorer"] += 1
            if v.decision is not None and v.decision.player != p and v.decision.actions:
                counts["opts"] += 1
                print(f"LEAK game {g}: {game.players[p]} sees {game.players[v.decision.player]}'s options")
            chooses = 0
            for rec in records(v.log):
                for i in ID.findall(str(rec.action)):
                    if int(i) not in known[p]:
                        counts["log"] += 1
                        print(f"LEAK game {g}: {game.players[p]}'s log names #{i}: {rec.action}")
                if rec.action.type == "choose":
                    asker, shower = shows[chooses]
                    chooses += 1
                    if p not in (asker, shower) and ID.search(str(rec.action)) \
                            and (g, p, chooses) not in picks_named:
                        picks_named.add((g, p, chooses))
                        counts["pick"] += 1
                        if counts["pick"] <= 3:
                            print(f"LEAK game {g}: {game.players[p]}'s log names the card {game.players[shower]}"
                                  f" picked for {game.players[asker]}: {rec.action}")
            for c, who in v.cards.known.items():
                owner = next((q for q in range(n) if c in s.zone(q, "hand")), None)
                if owner is not None and any(q not in (owner, p) for q in who) and p != owner:
                    counts["known"] += 1
        if s.decision is None:
            break
        acts = game.legal_actions(s)
        # random play, but accusing only one turn in ten, so that games last
        if any(x.type == "accuse" for x in acts) and rng.below(10):
            acts = [x for x in acts if x.type != "accuse"]
        a = acts[rng.below(len(acts))]
        me = s.decision.player
        if a.type == "suggest":
            t = dict(a.targets)
            names = {t["who"], t["what"], t["where"]}
            for k in range(1, n):
                q = (me + k) % n
                if matching(s, q, names):
                    pending = (me, names, q)
                    break
        elif a.type == "choose":
            asker, names, shower = pending
            pick = dict(a.targets)["pick"]
            ms = matching(s, shower, names)
            shown = pick if pick in ms else ms[0]
            known[asker].add(int(shown))
            counts["shows"] += 1
            shows.append((asker, shower))
            pending = None
        elif a.type == "accuse":
            t = dict(a.targets)
            right = sorted(s.entity(c).type for c in s.zone(0, "case")) == sorted([t["who"], t["what"], t["where"]])
            for p in (range(n) if right else [me]):  # a right accusation is revealed to all
                known[p] |= set(map(int, s.zone(0, "case")))
        s = game.apply(s, a)
    print(f"game {g} (seed {seed}): {s.outcome.reason}; {len(shows)} cards shown")
print(counts)
print("no leak found" if counts["face"] + counts["log"] + counts["pick"] + counts["opts"] == 0 else "LEAKS FOUND")
