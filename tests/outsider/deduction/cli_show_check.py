"""Leak check of `stratagem new` / `move` / `show FILE --as NAME`.

A game is started with `stratagem new`, and the same game is kept in Python beside it
(same seed), with the same model of what each player may know as leak_check.py. After
each `stratagem move`, `stratagem show FILE --as NAME` is read for every player: every
card it names outside that player's own hand must be one the player was shown.
Also prints what `move` printed, and whether `show --as` tells the count of another's
options.

usage: python cli_show_check.py SEED MOVES
"""
import re, subprocess, sys, tempfile, os
import stratagem
from stratagem.engine import Rng

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 3
moves = int(sys.argv[2]) if len(sys.argv) > 2 else 5
rules = os.path.abspath("deduction.yaml")
game = stratagem.load(rules)
CARD = re.compile(r"\b([a-z]+) #(\d+)")
f = os.path.join(tempfile.mkdtemp(), "game.json")


def run(*args):
    r = subprocess.run(["stratagem", *args], capture_output=True, text=True, timeout=60)
    return r.stdout + r.stderr


run("new", rules, "--seed", str(seed), "--out", f)
s = game.new_state(seed=seed)
n = len(s.players)
known = [set(map(int, s.zone(p, "hand"))) for p in range(n)]
# the umpire's view must match the Python state (same seed, same deal)
ump = run("show", f)
for p, name in enumerate(game.players):
    ids = sorted(int(c) for c in s.zone(p, "hand"))
    m = re.search(rf"^  {name}:\n    hand: (.*)$", ump, re.M)
    assert m and sorted(int(i) for _, i in CARD.findall(m.group(1))) == ids, (name, m and m.group(1))
rng = Rng(seed)
pending, problems = None, 0
for step in range(moves):
    if s.decision is None:
        break
    acts = [a for a in game.legal_actions(s) if a.type != "accuse"] or game.legal_actions(s)
    a = acts[rng.below(len(acts))]
    me = s.decision.player
    if a.type == "suggest":
        t = dict(a.targets)
        names = {t["who"], t["what"], t["where"]}
        for k in range(1, n):
            q = (me + k) % n
            if any(s.entity(c).type in names for c in s.zone(q, "hand")):
                pending = (me, names, q)
                break
    elif a.type == "choose":
        asker, names, shower = pending
        pick = dict(a.targets)["pick"]
        ms = [c for c in s.zone(shower, "hand") if s.entity(c).type in names]
        known[asker].add(int(pick if pick in ms else ms[0]))
    printed = run("move", f, str(a))
    print(f"$ stratagem move game.json '{a}'\n" + "".join("    " + l + "\n" for l in printed.splitlines()[:3]))
    s = game.apply(s, a)
    for p, name in enumerate(game.players):
        out = run("show", f, "--as", name)
        section = None
        for line in out.splitlines():
            m = re.match(r"^  (\w+)( \(you\))?:$", line)
            if m:
                section = m.group(1)
                continue
            for kind, cid in CARD.findall(line):
                if line.startswith("    hand:") and section == name:
                    continue
                if line.startswith("    ") and not line.startswith("    hand:"):
                    continue  # "what the cards do" lines name kinds, not cards
                if int(cid) not in known[p]:
                    problems += 1
                    print(f"LEAK: show --as {name} names {kind} #{cid}: {line.strip()}")
        tail = [l for l in out.splitlines() if "to decide" in l]
        if tail and not tail[0].startswith(name) and "option" in tail[0]:
            print(f"show --as {name}: '{tail[0]}' (a count of another player's options)")
print("no leak found" if not problems else f"{problems} LEAKS")
