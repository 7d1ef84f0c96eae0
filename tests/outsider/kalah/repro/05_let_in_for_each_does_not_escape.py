"""The `let` inside the loop does not reach the effect after it. (Also: reading a `state:`
parameter from Python is not documented; `state.counters['state:NAME']` was found by dir(),
and a parameter still at its default is absent from it.)"""
import stratagem
game = stratagem.load("tests/outsider/kalah/repro/05_let_in_for_each_does_not_escape.yaml")
s = game.new_state(seed=0)
s = game.apply(s, game.legal_actions(s)[0])
print("game.out after the loop:", s.counters.get("state:out", "absent (= default 0)"), "- expected 3")
