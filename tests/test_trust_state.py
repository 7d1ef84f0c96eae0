"""A state handed out cannot be changed by its caller: every mapping in it refuses writes,
so no edit of a child can reach its parent (they share what did not change)."""

from __future__ import annotations

import copy
import pickle

import pytest

import stratagem


def _two_states():  # type: ignore[no-untyped-def]
    game = stratagem.load("skirmish")
    parent = game.new_state(1)
    child = game.apply(parent, game.legal_actions(parent)[0])
    return game, parent, child


def test_writing_an_entitys_parameter_is_refused_and_the_parent_keeps_its_value():
    """entity.params["hp"] = 1 on a state from apply used to change its parent too."""
    _, parent, child = _two_states()
    eid = next(e.id for e in child.iter_entities() if "hp" in e.params)
    before = parent.entity(eid).params["hp"]
    with pytest.raises(TypeError, match="read-only"):
        child.entity(eid).params["hp"] = 1
    assert parent.entity(eid).params["hp"] == before == child.entity(eid).params["hp"]


@pytest.mark.parametrize("write", [
    lambda s: s.entities.pop(next(iter(s.entities))),
    lambda s: s.entities.clear(),
    lambda s: s.at.update({}),
    lambda s: s.players[0].params.__setitem__("x", 1),
    lambda s: s.players[0].zones.setdefault("hand", ()),
    lambda s: s.memory.__setitem__("seen", 1),
    lambda s: s.counters.popitem(),
    lambda s: next(iter(s.entities.values())).params.__delitem__("hp"),
], ids=["entities.pop", "entities.clear", "at.update", "player params", "zones",
        "memory", "counters", "params del"])
def test_every_mapping_of_a_state_refuses_writes(write):  # type: ignore[no-untyped-def]
    """Entities, the board index, players' parameters and zones, memory and counters."""
    _, _, child = _two_states()
    text = child.game.serialize(child)
    with pytest.raises(TypeError, match="read-only"):
        write(child)
    assert child.game.serialize(child) == text


def test_read_only_parts_copy_pickle_and_compare_like_dicts():
    """A state's mappings still pickle, deep-copy and compare equal to plain dicts, and
    entity.copy() gives parameters that may be written."""
    _, _, child = _two_states()
    e = next(iter(child.entities.values()))
    assert pickle.loads(pickle.dumps(e.params)) == dict(e.params)
    assert copy.deepcopy(e.params) == e.params
    mine = e.copy()
    mine.params["hp"] = 99
    assert mine.params["hp"] == 99 and e.params["hp"] != 99
    assert e.params.copy() == dict(e.params)


def test_play_from_a_view_is_refused_with_what_to_do_instead() -> None:
    """A view withholds what its player may not see: `apply`, `playout` or `outcomes` from
    it would be play of another game. Each says so; a determinized world plays on."""
    game = stratagem.load("high_card")
    state = game.new_state(1)
    while state.decision.kind == "chance":
        state = game.apply(state, state.decision.actions[0])
    view = state.view(state.decision.player)
    with pytest.raises(stratagem.engine.ViewPlayedError, match=r"game\.determinize"):
        game.apply(view, view.decision.actions[0])
    with pytest.raises(stratagem.engine.ViewPlayedError, match="player 0's view"):
        game.playout(view, stratagem.engine.Rng(1))
    with pytest.raises(stratagem.engine.ViewPlayedError, match="outcomes was given"):
        game.outcomes(view, view.decision.actions[0])
    world = game.determinize(view, 3)
    assert game.apply(world, view.decision.actions[0]).history
