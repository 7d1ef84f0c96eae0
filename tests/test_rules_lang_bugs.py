"""Bugs outside games found in the rules language (issue 16), each pinned by a small
rules file: a field of a target in an action text, a parameter written on an entity
removed earlier in the action, a damage parameter no entity has, every unknown
function reported, and player targets named in action texts."""

from __future__ import annotations

import pytest

from rules_helpers import build, problems, q

GUESS = """\
game: guess
players: [ann, bob]
entities:
  unit:
    params: {health: {default: 3, min: 0, max: 3}, mark: {default: 0, min: 0, max: 9}}
actions:
  ask:
    text: TEXT
    targets:
      victim: {player: opponent}
    effects: EFFECTS
    ends_turn: true
setup:
  entities:
    - {type: unit, owner: ann, at: [0, 0]}
    - {type: unit, owner: bob, at: [1, 0]}
board: {size: [2, 1]}
flow:
  phases: [{name: play, actions: [ask]}]
end:
  round_limit: 3
"""


def guess(text: str = "{player} asks: {victim} holds the prince?", effects: str = "[]") -> str:
    return GUESS.replace("TEXT", q(text)).replace("EFFECTS", effects)


def test_a_player_target_reads_as_the_players_name_in_an_action_text() -> None:
    """A player target prints as its name, not its seat number."""
    game = build(guess())
    state = game.new_state(seed=0)
    action = game.legal_actions(state)[0]
    assert game.describe_action(state, 0, action) == "ann asks: bob holds the prince?"


@pytest.mark.parametrize("text", ["{victim.s1}", "{victim[0]}", "{actor.__class__}", "{nobody}"])
def test_an_action_text_placeholder_is_checked_at_load(text: str) -> None:
    """A placeholder that is not the player, the actor or a target (a field of a target,
    an index, an unknown name) is a located load error, never a crash in play."""
    found = problems(guess(text=f"asks {text}"))
    assert any("placeholder" in p and text in p for p in found), found
    assert all(p.startswith("rules.yaml:") for p in found), found


def test_writing_a_parameter_of_a_removed_entity_does_nothing() -> None:
    """`set` and `modify` of an entity no longer in the game (removed earlier in the same
    action) do nothing, as `damage` and `heal` of it do; the action goes on."""
    effects = ("[{let: {as: u, value: \"occupant((1, 0))\"}}, {remove: {what: u}}, "
               "{set: {what: u.mark, to: 4}}, {modify: {what: u.health, by: -1}}, "
               "{remember: {key: after, value: \"count(entities())\"}}]")
    game = build(guess(effects=effects))
    state = game.new_state(seed=0)
    state = game.apply(state, game.legal_actions(state)[0])
    assert state.memory["after"] == 1


def test_a_damage_parameter_no_entity_has_is_a_load_error() -> None:
    """`damage` and `heal` lower and raise `hp` unless told otherwise: in a game whose
    units have `health` and no `hp`, that is reported at load, with the fix."""
    effects = "[{damage: {to: \"occupant((1, 0))\", amount: 1}}, {heal: {to: \"occupant((1, 0))\", amount: 1}}]"
    found = problems(guess(effects=effects))
    assert sum("no entity type has a parameter `hp`" in p for p in found) == 2, found
    assert any("param: health" in p for p in found), found
    ok = ("[{damage: {to: \"occupant((1, 0))\", amount: 1, param: health}}, "
          "{heal: {to: \"occupant((1, 0))\", amount: 1, param: health}}]")
    build(guess(effects=ok))


def test_every_unknown_function_is_reported() -> None:
    """Two unknown functions on one line, in one effect or in one expression, are both
    reported."""
    effects = "[{emit: {event: asked, fields: {p: \"foo(1)\", q: \"bar(2)\"}}}]"
    found = problems(guess(effects=effects))
    assert any("`foo`" in p for p in found) and any("`bar`" in p for p in found), found
    found = problems(guess(effects="[{remember: {key: k, value: \"foo(1) + bar(2)\"}}]"))
    assert any("`foo`" in p for p in found) and any("`bar`" in p for p in found), found
    found = problems(guess(effects="[{set: {what: \"foo(1).mark\", to: \"bar(2)\"}}]"))
    assert any("`foo`" in p for p in found) and any("`bar`" in p for p in found), found


def test_a_narration_placeholder_that_is_not_a_field_is_a_load_error() -> None:
    """`{target.hp}` in a narration is reported where it stands, not printed as written."""
    text = guess(effects="[{emit: {event: asked, fields: {who: victim}, narrate: true}}]")
    found = problems(text + "narration:\n  asked: \"{who.name} is asked\"\n")
    assert any("`{who.name}`: a narration placeholder" in p for p in found), found
    build(text + "narration:\n  asked: \"{who} is asked\"\n")
