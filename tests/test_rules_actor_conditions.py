"""Legal actions of units found faster, with the same result: a condition that names the one
unit that may act (``player.picked == actor.id``) narrows the search to that unit, a
condition that never reads ``actor`` is tested once for all the units, and a target's range
condition (``distance(actor, target) <= 2``) skips the candidates that stand too far."""

from __future__ import annotations

from dataclasses import replace

import pytest

import stratagem
from rules_helpers import act, build, options
from stratagem.engine import Game, Rng, State
from stratagem.engine.options import generate
from stratagem.engine.turns import IN_STEP, turn_taker
from stratagem.rules.expr_forms import bounded_distance, names_read, pinned_by

PICKS = """\
game: picks
players: [red, blue]
board:
  tiles: {".": floor}
  layout: |
    . . . .
player:
  picked: 0
entities:
  pawn:
    params: {done: 0}
    actions: [pick, poke, rest, jab]
  rock:
    actions: [pick]
actions:
  pick:
    when:
      - nothing picked: "player.picked == 0"
      - "actor.done == 0"
    effects: [{set: {what: player.picked, to: actor.id}}]
  poke:
    when: {picked and fresh: "actor.id == player.picked and actor.done == 0"}
    targets:
      target: {entity: enemy}
    effects: [{set: {what: actor.done, to: 1}}, {set: {what: player.picked, to: 0}}]
  rest:
    when: "player.picked == actor"
    effects: [{set: {what: actor.done, to: 1}}, {set: {what: player.picked, to: 0}}]
  jab:
    when: "player.picked == actor.id"
    targets:
      target: {entity: any, where: "distance(actor, target) <= 1 and target.id != actor.id"}
    effects: [{set: {what: actor.done, to: 1}}, {set: {what: player.picked, to: 0}}]
  point:
    when: "player.picked == 0"
    targets:
      at: {kind: number, from: "[3, 4, 9]"}
    effects: [{set: {what: player.picked, to: at}}]
  end: {ends_turn: true}
flow:
  phases:
    - name: play
      actions: [pick, poke, rest, jab, point, end]
setup:
  entities:
    - {type: pawn, owner: red, at: [0, 0]}
    - {type: pawn, owner: red, at: [1, 0]}
    - {type: pawn, owner: blue, at: [2, 0]}
    - {type: rock, owner: red, at: [3, 0]}
"""


@pytest.mark.parametrize(("text", "reads", "pin"), [
    ("player.selected == actor.id", {"player", "actor"}, "player.selected"),
    ("actor.id == player.selected and actor.acted == 0", {"player", "actor"},
     "player.selected"),
    ("(player.selected) == actor", {"player", "actor"}, "player.selected"),
    ("actor.acted == 0", {"actor"}, None),
    ("player.selected == 0", {"player"}, None),
    ("player.selected == actor.id or actor.acted == 0", {"player", "actor"}, None),
    ("actor.id == actor.x", {"actor"}, None),
    ("actor.id != player.selected", {"player", "actor"}, None),
    ("distance(actor, target) <= 1", {"actor", "target"}, None),
])
def test_a_condition_is_read_for_the_names_it_uses_and_the_unit_it_names(
        text: str, reads: set[str], pin: str | None) -> None:
    """`names_read` lists variables only (not functions or attributes); `pinned_by` finds the
    expression an equality with the actor's id compares it to, and nothing else."""
    assert names_read(text) == reads
    where = pinned_by(text, "actor")
    assert (None if where is None else text[where[0]:where[1]]) == pin


@pytest.mark.parametrize(("text", "center", "bound"), [
    ("distance(actor, target) <= actor.range and distance(actor, target) >= 1", "actor",
     "actor.range"),
    ("distance(target, (2, 3)) <= 2", "(2, 3)", "2"),
    ("actor.range + 1 >= distance(actor, target)", "actor", "actor.range + 1"),
    ("distance(actor, target) < 2", "actor", "2"),  # each holds only where `<= 2` does
    ("distance(actor, target) == 1", "actor", "1"),
    ("1 == distance(target, actor)", "actor", "1"),
    ("2 > distance(actor, target)", "actor", "2"),
    ("distance(actor, target) >= 2", None, None),
    ("distance(actor, target) != 1", None, None),
    ("distance(actor, target) <= target.range", None, None),
    ("distance(target, target) <= 2", None, None),
    ("distance(actor, target) <= 2 or target.hp < 3", None, None),
])
def test_a_range_condition_is_read_for_its_center_and_bound(
        text: str, center: str | None, bound: str | None) -> None:
    """`bounded_distance` finds `distance(center, target) <= bound` (either way round, alone
    or under a top-level `and`) when neither side reads the target."""
    found = bounded_distance(text, "target")
    if center is None:
        assert found is None
    else:
        assert found is not None
        (c0, c1), (b0, b1) = found
        assert (text[c0:c1], text[b0:b1]) == (center, bound)


def test_compiled_unit_actions_carry_their_pin_and_their_actor_free_conditions() -> None:
    """Each form of the equality gives a pin (the same text, the same pin, evaluated once
    per state); a condition without `actor` is marked free."""
    game = build(PICKS)
    types = game.action_types
    assert types["pick"].pin is None
    assert [c.actor_free for c in types["pick"].conditions] == [True, False]
    assert types["poke"].pin is not None and types["rest"].pin is not None
    assert types["poke"].pin is types["rest"].pin is types["jab"].pin  # one pin, shared
    assert [c.actor_free for c in types["rest"].conditions] == [False]
    assert all(not c.actor_free for c in types["point"].conditions)  # a player's action
    assert types["poke"].targets[0].near is None
    assert types["jab"].targets[0].near is not None


def test_only_the_unit_the_pin_names_is_offered_its_actions() -> None:
    """With a pawn picked, its actions alone are offered; a pin naming an enemy unit, a unit
    whose type lacks the action or no unit at all offers none of them."""
    game = build(PICKS)
    s = game.new_state()
    assert options(s) == ["pick #1", "pick #2", "pick #4", "point at=3", "point at=4",
                          "point at=9", "end"]
    picked = act(game, s, "pick #2")
    assert options(picked) == ["poke #2 target=#3", "rest #2", "jab #2 target=#1",
                               "jab #2 target=#3", "end"]
    s = act(game, picked, "rest #2")
    assert options(s) == ["pick #1", "pick #4", "point at=3", "point at=4", "point at=9",
                          "end"]
    for at in ("3", "4", "9"):  # blue's pawn, red's rock, no one
        assert options(act(game, s, f"point at={at}")) == ["end"]


def _plain(game: Game) -> dict[str, object]:
    """The game's action types without pins, actor-free marks or range shortcuts (every
    condition tested for every unit and candidate, as without the shortcuts)."""
    return {name: replace(at, pin=None, conditions=tuple(
        replace(c, actor_free=False) for c in at.conditions),
        targets=tuple(replace(t, near=None) for t in at.targets))
        for name, at in game.action_types.items()}


def _same_actions(game: Game, state: State, plain: dict[str, object]) -> None:
    f = state.flow
    if f.mode != IN_STEP or state.stack or state.decision is None \
            or state.decision.kind != "action":
        return
    player, actor = turn_taker(state)
    assert player is not None
    names = game.phases[f.phase].steps[f.step].actions
    fast = list(generate(state, player, actor, names))
    fast_types = game.action_types
    try:
        game.patch(action_types=plain)
        slow = list(generate(state, player, actor, names))
    finally:
        game.patch(action_types=fast_types)
    assert fast == slow


@pytest.mark.parametrize(("name", "scenario"), [
    ("broken_throne", None), ("broken_throne", "medium"), ("skirmish", None),
    ("flower_war", None)])
def test_random_playouts_offer_the_same_actions_as_testing_every_unit(
        name: str, scenario: str | None) -> None:
    """Over random games, the legal actions are exactly those found by testing every
    condition of every unit."""
    game = stratagem.load(name, scenario)
    plain = _plain(game)
    rng = Rng(11)
    for seed in range(3):
        s = game.new_state(seed)
        for _ in range(120):
            d = s.decision
            if d is None:
                break
            _same_actions(game, s, plain)
            s = game.apply(s, d.actions[rng.below(len(d.actions))])
