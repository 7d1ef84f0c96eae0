"""True and false in a narrated sentence read as the rules write them (`true`, `false`),
never as Python's `True`, and a true field is never read as the unit whose id is 1; a
resumed game says "1 decision", not "1 decisions" (tests/outsider/tiles, finding 11)."""

from __future__ import annotations

from rules_helpers import build

RULES = """\
game: booleans
players: [ann, bob]
board: {size: [2, 1]}
entities:
  pawn: {}
actions:
  look:
    effects:
      - emit: {event: said, narrate: true, fields: {yes: "1 < 2", no: "2 < 1"}}
    ends_turn: true
narration:
  said: "one below two: {yes}; two below one: {no}"
flow:
  phases:
    - name: turns
      actions: [look]
end:
  round_limit: 1
setup:
  entities:
    - {type: pawn, owner: ann, at: [0, 0]}
    - {type: pawn, owner: bob, at: [1, 0]}
"""


def test_a_true_or_false_field_reads_as_the_rules_write_it() -> None:
    game = build(RULES)
    state = game.new_state(1)
    after = game.apply(state, game.legal_actions(state)[0])
    (name, fields), = after.history[-1].events
    assert game.narrate(after, name, dict(fields)) == "one below two: true; two below one: false"


def test_a_list_field_reads_as_its_items() -> None:
    """A list in a narrated field (the faces of dice kept die by die) reads `6, 2, 2`, as
    `text()` writes it, not as a Python tuple (tests/outsider/dice_sheet, finding 7)."""
    game = build(RULES.replace('fields: {yes: "1 < 2", no: "2 < 1"}',
                               'fields: {yes: "[6, 2, 2]", no: "[]"}'))
    state = game.new_state(1)
    after = game.apply(state, game.legal_actions(state)[0])
    (name, fields), = after.history[-1].events
    assert game.narrate(after, name, dict(fields)) == "one below two: 6, 2, 2; two below one: none"
