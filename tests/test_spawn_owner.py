"""`spawn`'s owner: the acting player when left out, no one's when written `none`."""

from __future__ import annotations

from pathlib import Path

import stratagem

RULES = """\
game: spawner
players: [red, blue]
board: {size: [3, 1]}
entities:
  rock: {params: {hp: 1}}
  man: {actions: [make, claim]}
actions:
  make:
    effects: [{spawn: {type: rock, at: "(1,0)", owner: none}}]
    ends_turn: true
  claim:
    effects: [{spawn: {type: rock, at: "(2,0)"}}]
    ends_turn: true
flow:
  phases: [{name: main, actions: [make, claim]}]
end: {round_limit: 1}
setup:
  entities: [{type: man, owner: blue, at: [0, 0]}]
"""


def test_a_spawn_written_owner_none_belongs_to_no_one(tmp_path: Path) -> None:
    """`owner: none` makes a neutral entity; no owner given makes the acting player's."""
    path = tmp_path / "spawner.yaml"
    path.write_text(RULES)
    game = stratagem.load(str(path))
    state = game.new_state(0)
    while state.decision is not None and state.decision.player != 1:
        state = game.apply(state, game.parse_action(state, "end_turn")
                           if "end_turn" in map(str, game.legal_actions(state))
                           else game.legal_actions(state)[0])
    made = game.apply(state, game.parse_action(state, "make #1"))
    claimed = game.apply(state, game.parse_action(state, "claim #1"))
    assert [e.owner for e in made.entities.values() if e.type == "rock"] == [None]
    assert [e.owner for e in claimed.entities.values() if e.type == "rock"] == [1]
