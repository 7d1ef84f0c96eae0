# Repro 04: a program's reason (and trace) says "random among 10" where its tie-break
# `least: distance(...)` first narrowed the 10 candidates to 4 and a die chose among those 4.
# Expected (docs/programs.md, "Rationales and the trace": "... · nearest target among 3"):
# the reason names the tie-break that narrowed the choice, or says "random among 4".
import os
import stratagem

here = os.path.dirname(os.path.abspath(__file__))
game = stratagem.load(os.path.join(here, "..", "crawl.yaml"))
s = game.new_state(seed=2)  # scenario cellar (the default)
for m in ["end_turn #5", "move #2 to=(4,2)", "open_door #2 door=(5,3)", "end_turn #2",
          "move #1 to=(1,1)", "end_turn #1", "end_turn #3"]:
    s = game.apply(s, game.parse_action(s, m))
bot = stratagem.agent("program:" + os.path.join(here, "..", "monsters.yaml"), game, seed=1)
choice = bot.choose(s, s.decision)
print("reason:", choice.rationale)
print("trace: ", bot.trace[-1])
# the rule's own measure, worked out by hand: the distance from each candidate square to the archer
archer = s.entities[2]
moves = [a for a in game.legal_actions(s) if a.type == "monster_move"]
def d(p, q): return max(abs(p.x - q.x), abs(p.y - q.y))
cands = [a for a in moves if d(dict(a.targets)["to"], archer.pos) < d(s.entities[4].pos, archer.pos)]
best = min(d(dict(a.targets)["to"], archer.pos) for a in cands)
print(f"{len(cands)} candidates pass the rule's `where`; {sum(d(dict(a.targets)['to'], archer.pos) == best for a in cands)} of them tie at the least distance {best}")
