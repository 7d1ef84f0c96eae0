"""Targets kept across steps by how far they look (``deps.Reach``, ``rules.locality``).

The options memo keeps an actor's targets while the entities that changed stood out of
their reach; these tests pin what has a reach, that kept targets equal targets worked out
afresh along random Kill-the-King games (where the memo is on by default), and that
targets are in fact carried over a change elsewhere on the board.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.engine import Rng, State, options
from stratagem.engine.deps import Changes, Reads
from stratagem.engine.option_memo import OptionMemo
from stratagem.engine.options import worth_keeping
from stratagem.rules.locality import entity_reach, walk_reach

FIXTURES = Path(__file__).parent / "stratega"
KTK = [FIXTURES / "kill_the_king_native.yaml", FIXTURES / "kill_the_king.yaml"]


def _fresh(game: stratagem.Game, state: State) -> State:
    """The same state with nothing carried: its options worked out from the state alone."""
    return game.deserialize(game.serialize(state))


@pytest.mark.parametrize("path", KTK, ids=["native", "imported"])
def test_kept_targets_equal_targets_worked_out_afresh(path: Path) -> None:
    """Along a random Kill-the-King game, with the memo at its default, the options at every
    step equal those worked out afresh, in the same order."""
    game = stratagem.load(path)
    assert options.KEEP_OPTIONS is None
    rng = Rng(3)
    state = game.new_state(5)
    steps = 0
    while state.decision is not None and steps < 80:
        offered = game.legal_actions(state)
        assert offered == game.legal_actions(_fresh(game, state)), f"step {steps}"
        state = game.apply(state, offered[rng.below(len(offered))])
        steps += 1
    assert steps == 80


def test_targets_are_carried_over_a_change_out_of_reach() -> None:
    """Some actor keeps its targets (the same tuple) across an action that changed another
    entity: the change was out of their reach."""
    game = stratagem.load(KTK[0])
    rng = Rng(1)
    state = game.new_state(0)
    carried_past_a_change = 0
    for _ in range(200):
        if state.decision is None:
            break
        before = state
        offered = game.legal_actions(state)
        state = game.apply(state, offered[rng.below(len(offered))])
        old, new = before.memo, state.memo
        if old is None or new is None or new is old:
            continue
        changed = Changes(old, new).entities
        for key, made in new.entries.items():
            if made and old.entries.get(key) is made and key in new.spots and changed \
                    and key[2] not in changed:
                carried_past_a_change += 1
    assert carried_past_a_change > 0


def test_what_has_a_reach() -> None:
    """Moves by ``reachable`` from the actor and targets kept within a range of the actor
    have a reach; a condition reading other entities, or a walk from elsewhere, has none."""
    game = stratagem.load(KTK[0])
    assert {n: at.reach.kind for n, at in game.action_types.items() if at.reach} == {
        "Move": "walk", "Attack": "near", "Heal": "near"}
    reads = Reads(actor=True, pos=True, exist=True)
    names = ["target"]
    assert entity_reach("entities(owner: enemy)", ["distance(actor, target) <= 2",
                                                   "target.hp < actor.hp"],
                        "target", names, reads, True) is not None
    assert entity_reach("entities(owner: enemy)",
                        ["count(entities(owner: ally)) > 2"], "target", names, reads,
                        True) is None
    assert entity_reach("entities(owner: enemy)", [], "target", names, reads, False) is None
    assert entity_reach("entities(near: actor)", [], "target", names, reads, True) is None
    found = walk_reach("reachable(actor, actor.speed, diagonal: true)", [], names, reads)
    assert found is not None and found[1] == "actor.speed" and found[0].margin == 0
    found = walk_reach("reachable(actor, 3, stop_near: entities(owner: enemy))", [], names,
                       reads)
    assert found is not None and found[0].margin == 1
    assert walk_reach("reachable(target, 3)", [], names, reads) is None
    assert walk_reach("reachable(actor, count(entities()))", [], names, reads) is None
    assert walk_reach("reachable(actor, 3)", ["is_empty(target)"], names, reads) is None


def test_a_list_of_one_side_ignores_the_other_sides_changes() -> None:
    """An attack's targets are the enemies in range (``Reach.owners``): an ally stepping
    within range leaves them as they were (kept, the same tuple), since no ally can become
    a target; an enemy stepping within range does not."""
    game = stratagem.load(KTK[0])
    assert game.action_types["Attack"].reach.owners == "enemy"
    assert game.action_types["Heal"].reach.owners == "ally"
    assert game.action_types["Move"].reach.owners is None
    state = game.new_state(0)
    archer = next(e for e in state.entities.values() if e.type == "Archer" and e.owner == 0)
    key = ("Attack", 0, archer.id)
    before = state.memo.entries[key]
    ally_moves = [a for a in game.legal_actions(state) if a.type == "Move"
                  and a.actor != archer.id and state.entities[a.actor].owner == 0]
    # an ally's step that ends within the archer's range (5 squares)
    step = next(a for a in ally_moves
                if abs(dict(a.targets)["target"][0] - archer.pos[0]) <= 2)
    after = game.apply(state, step)
    assert after.memo.entries.get(key) is before
    changes = Changes(state, after)
    assert changes.sides and all(side == (0, 0) for side in changes.sides)
    # The unit that stepped in range goes over to the enemy: now it is a target, and the
    # archer's targets are not kept.
    turned = after._begin()
    turned._w_entity(step.actor).owner = 1
    turned = turned._end()
    assert Changes(after, turned).sides == [(0, 1)]
    assert key not in OptionMemo(turned, 0).entries
    assert ("Attack", 0, archer.id) in OptionMemo(after, 0).entries  # nothing changed


def test_far_from() -> None:
    """A change is out of reach only when every changed entity stood farther than the
    radius, before and after."""
    game = stratagem.load(KTK[0])
    a = game.new_state(0)
    offered = [x for x in game.legal_actions(a) if x.type == "Move"]
    b = game.apply(a, offered[0])
    ch = Changes(a, b)
    mover = a.entities[offered[0].actor]
    x, y = mover.pos
    assert not ch.far_from(x, y, 0)
    assert ch.far_from(x + 10, y, 5)
    for metric in ("manhattan", "euclidean"):
        assert not ch.far_from(x, y, 0, metric)
        assert ch.far_from(x + 10, y, 5, metric)
    # A change three squares across and three down: within 3 by Chebyshev only.
    diagonal = Changes.__new__(Changes)
    diagonal.unplaced = False
    diagonal.spots = [(3, 3)]
    assert not diagonal.far_from(0, 0, 3)
    assert diagonal.far_from(0, 0, 3, "manhattan")
    assert diagonal.far_from(0, 0, 4.2, "euclidean")
    assert not diagonal.far_from(0, 0, 4.25, "euclidean")
    diagonal.unplaced = True  # an entity off the board: never known to be far
    assert not diagonal.far_from(0, 0, 1, "manhattan")


def test_where_the_memo_is_on_by_default() -> None:
    """The memo is on where every unit of a side may act at each decision (Kill the King)
    and off where one selected unit acts at a time (Broken Throne)."""
    ktk = stratagem.load(KTK[0])
    step = ktk.phases[0].steps[0].actions
    assert worth_keeping(ktk, None, step)
    assert not worth_keeping(ktk, 3, step)
    bt = stratagem.load("broken_throne")
    assert not worth_keeping(bt, None, bt.phases[0].steps[0].actions)
