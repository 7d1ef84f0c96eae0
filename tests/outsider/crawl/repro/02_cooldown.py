# Repro 02: `cooldown: 2` on a unit action under `order: {initiative: ...}`.
# Hero #1 zaps in round 1. Expected (docs: "cooldown: 2 ... two turns of the acting player
# later (1: not again this turn, usable next turn)", "counted per acting entity"): hero #1
# may not zap on its own next turn (round 2). Seen: zap is offered to hero #1 again in
# round 2, because hero #2's turn in round 1 counted as one of the two turns.
# `cooldown: {rounds: 2}` (zap_rounds, used by hero #2 in round 1) behaves as expected:
# gone in round 2, back in round 3.
import os
import stratagem

game = stratagem.load(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                   "02_cooldown_turns_under_initiative.yaml"))
s = game.new_state(seed=0)
script = ["zap #1", "zap_rounds #2"]
while s.decision is not None:
    acts = [str(a) for a in game.legal_actions(s)]
    a = script.pop(0) if script and script[0] in acts else acts[-1]
    print(f"round {s.round}: options {acts} -> {a}")
    s = game.apply(s, game.parse_action(s, a))
