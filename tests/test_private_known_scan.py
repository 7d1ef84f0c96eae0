"""An `any` private value whose `known` only a few numbers meet is imagined as one of them:
random draws miss it, so every number within the bounds is tested. Before, a world fell
back to the default (0) and broke what every player knows: in 31 of 200 worlds in the
outsider's repro (tests/outsider/drafting, finding 4)."""

from __future__ import annotations

from collections import Counter

from rules_helpers import build

RULES = """\
game: known_values
players: [ann, bob]
player:
  secret: {default: 0, min: 0, max: %d, private: {guess: any, known: "%s"}}
  hint: {default: 0, min: 0, max: 1000}
actions:
  set_secret:
    targets: {n: {kind: number, from: "[37]", private: true}}
    effects:
      - set: {what: player.secret, to: n}
      - set: {what: player.hint, to: n}
    ends_turn: true
flow:
  phases:
    - {name: main, actions: [set_secret]}
end:
  round_limit: 2
"""


def _worlds(top: int, known: str, count: int = 200) -> Counter[int]:
    game = build(RULES % (top, known))
    state = game.new_state(0)
    state = game.apply(state, game.legal_actions(state)[0])
    view = state.view(1)
    return Counter(game.determinize(view, k).players[0].params["secret"]
                   for k in range(count))


def test_a_value_only_one_number_meets_is_imagined_in_every_world() -> None:
    assert _worlds(100, "it.secret == it.hint") == {37: 200}


def test_a_few_numbers_that_meet_it_are_imagined_at_random() -> None:
    seen = _worlds(1000, "it.secret >= it.hint * 27 and it.secret <= it.hint * 27 + 2")
    assert set(seen) == {999, 1000}  # 37 * 27 = 999; 1001 is past the bounds
    assert min(seen.values()) > 40
