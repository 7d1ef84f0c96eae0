"""Buffs, technologies, multi-turn actions and items: their semantics, from small rules files."""

from __future__ import annotations

import json
import random

import pytest

import stratagem
from rules_helpers import act, build, options, problems
from stratagem.engine import IllegalActionError, SerializationError, State
from stratagem.engine.continuous import tasks

BASE = """
game: strat
players: [red, blue]
board:
  tiles: {".": plain}
  layout: |
    . . . .
    . . . .
player:
  gold: {default: 5, min: 0}
  income: 2
entities:
  knight:
    inventory: 1
    params: {hp: {max: 10, min: 0}, attack: 3, armour: {default: 1, max: 5}}
    actions: [buff, unbuff, grab, drink, wave, drop, train]
%(extra)s
actions:
  buff:
    targets:
      name: {kind: value, from: "['a', 'b', 'c']"}
    effects:
      - if: {test: "name == 'a'", then: [{apply_buff: {on: actor, buff: %(buff)s}}]}
  unbuff:
    effects: [{remove_buff: {on: actor, buff: %(buff)s, stacks: 1}}]
  research:
    source: player
    targets:
      tech: {kind: value, from: "researchable(player)"}
    effects: [{pay_research: {tech: tech}}]
    duration: tech_turns(tech)
    on_tick: [{modify: {what: player.income, by: 1}}]
    on_complete: [{research: {tech: tech}}]
    on_abort: [{modify: {what: player.gold, by: 10}}]
  cancel:
    source: player
    when: "player_busy(player, 'research')"
    effects: [{abort: {action: research}}]
  grab:
    targets:
      it: {entity: any, where: "has_tag(it, 'item') and distance(actor, it) <= 1"}
    when: "inventory_free(actor) > 0"
    effects: [{pick_up: {item: it}}]
  drink:
    when: "holds(actor, 'potion')"
    effects: [{use_item: {item: potion}}]
  wave:
    when: "holds(actor, 'banner')"
    effects: [{use_item: {item: banner}}]
  drop:
    when: "count(inventory(actor)) > 0"
    targets:
      at: {position: empty, where: "distance(actor, at) == 1"}
    effects: [{drop_item: {item: "inventory(actor)[0]", at: at}}]
  train:
    duration: 2
    keep_while: "actor.hp >= 5"
    on_tick: [{remember: {key: ticks, value: elapsed}}]
    on_complete: [{modify: {what: actor.attack, by: 1}}]
    on_abort: [{remember: {key: aborted, value: elapsed}}]
  end_turn: {source: player, ends_turn: true}
flow:
  phases:
    - name: play
      actions: [buff, unbuff, research, cancel, grab, drink, wave, drop, train, end_turn]
end:
  round_limit: 9
setup:
  entities:
    - {type: knight, owner: red, at: [0, 0]}
    - {type: knight, owner: blue, at: [3, 0]}
%(items)s
"""

BUFFS = """
buffs:
  rage: {add: {attack: 2}, multiply: {attack: 2}, duration: 2}
  pile: {add: {attack: 1}, duration: 3, stacking: stack, max_stacks: 2}
  once: {add: {attack: 1}, duration: 2, stacking: ignore}
  forever: {add: {armour: 10}}
"""
TECHS = """
technologies:
  economy:
    mining: {cost: {gold: 3}, turns: 2}
    banking: {cost: {gold: 1}, requires: [mining], turns: 1}
  war:
    drill: {cost: {gold: 9}}
"""
ITEMS = """
items:
  potion: {symbol: "!", params: {power: 4}, on_use: [{modify: {what: holder.hp, by: -2}}]}
  banner: {consumed: false, on_use: [{remember: {key: waved, value: 1}}]}
"""


def game(buff: str = "rage", extra: str = BUFFS + TECHS + ITEMS, items: bool = True) -> stratagem.Game:
    placed = ("    - {type: potion, at: [1, 0]}\n    - {type: banner, at: [0, 1]}"
              if items else "")
    return build(BASE % {"extra": extra, "buff": buff, "items": placed})


def next_round(g: stratagem.Game, s: State) -> State:
    """End red's and blue's turns: the round ends (buffs count down, tasks move on)."""
    s = act(g, s, "end_turn")
    return act(g, s, "end_turn")


def attack(s: State) -> float:
    return s.entities[1].params["attack"]


# -------------------------------------------------------------------- buffs
def test_a_buff_adds_then_multiplies_and_expression_reads_the_base() -> None:
    """(3 + 2) * 2 = 10 is what every reader sees; `base` reads 3 beneath it."""
    g = game()
    s = act(g, g.new_state(), "buff #1 name='a'")
    assert attack(s) == 10
    assert s.view(1).entities[1].params["attack"] == 10
    s2 = g.apply(s, g.parse_action(s, "end_turn"))
    assert s2.entities[1].params["attack"] == 10
    probe = build((BASE % {"extra": BUFFS + TECHS + ITEMS, "buff": "rage", "items": ""})
                  .replace("effects: [{remove_buff: {on: actor, buff: rage, stacks: 1}}]",
                           "effects: [{remember: {key: b, value: \"base(actor, 'attack')\"}},"
                           " {remember: {key: h, value: \"has_buff(actor, 'rage')\"}}]"))
    s = act(probe, act(probe, probe.new_state(), "buff #1 name='a'"), "unbuff #1")
    assert s.memory["b"] == 3 and s.memory["h"] is True


def test_a_buff_lasts_exactly_its_duration_in_rounds() -> None:
    """Applied in round 1 for 2 rounds: still there after round 1 ends, gone when round 2 ends."""
    g = game()
    s = act(g, g.new_state(), "buff #1 name='a'")
    s = next_round(g, s)
    assert s.round == 2 and attack(s) == 10
    s = next_round(g, s)
    assert s.round == 3 and attack(s) == 3
    assert not any(k.startswith("buff:") for k in s.counters)


def test_refresh_restarts_the_rounds_left_without_a_second_stack() -> None:
    """Refresh (the default): applying again keeps one stack and starts its rounds again."""
    g = game()
    s = act(g, g.new_state(), "buff #1 name='a'")
    s = next_round(g, s)
    s = act(g, s, "buff #1 name='a'")
    assert attack(s) == 10
    s = next_round(g, s)
    assert attack(s) == 10  # refreshed in round 2: lasts through round 3
    s = next_round(g, s)
    assert attack(s) == 3


def test_stack_adds_up_to_max_stacks_each_with_its_own_rounds() -> None:
    """Stacking: 3 + 1 + 1; a third application at the limit renews the oldest stack."""
    g = game("pile")
    s = act(g, g.new_state(), "buff #1 name='a'")
    s = next_round(g, s)
    s = act(g, s, "buff #1 name='a'")
    assert attack(s) == 5
    s = act(g, s, "buff #1 name='a'")  # at the limit: the stack with 2 rounds left is renewed
    assert attack(s) == 5
    assert sorted(left for _, left in s.counters["buff:e1"][0]) == [3, 3]
    s = act(g, s, "unbuff #1")
    assert attack(s) == 4


def test_ignore_keeps_the_first_application() -> None:
    """Stacking ignore: a second application changes nothing, not even the rounds left."""
    g = game("once")
    s = act(g, g.new_state(), "buff #1 name='a'")
    s = next_round(g, s)
    s = act(g, s, "buff #1 name='a'")
    assert attack(s) == 4
    s = next_round(g, s)
    assert attack(s) == 3


def test_a_buff_is_clamped_and_gives_back_exactly_what_it_gave() -> None:
    """Armour 1 (max 5) + 10 reads 5; a change made under the buff stays once it is removed."""
    g = game("forever")
    s = act(g, g.new_state(), "buff #1 name='a'")
    assert s.entities[1].params["armour"] == 5
    s = act(g, s, "unbuff #1")
    assert s.entities[1].params["armour"] == 1


def test_a_write_under_a_buff_moves_the_base() -> None:
    """Damage taken under +2 attack... here: a potion's -2 hp under a buff on attack leaves
    attack alone, and a buff on hp gives back its offset after a write."""
    text = BASE % {"extra": "buffs:\n  tough: {add: {hp: 3}}\n" + ITEMS, "buff": "tough",
                   "items": "    - {type: potion, at: [1, 0]}"}
    g = build(text.replace("hp: {max: 10, min: 0}", "hp: {default: 6, max: 10, min: 0}"))
    s = act(g, g.new_state(), "buff #1 name='a'")
    assert s.entities[1].params["hp"] == 9
    s = act(g, s, "grab #1 it=#3")
    s = act(g, s, "drink #1")          # -2 hp: 7 with the buff, base 4
    assert s.entities[1].params["hp"] == 7
    s = act(g, s, "unbuff #1")
    assert s.entities[1].params["hp"] == 4


def test_buffs_survive_serialization() -> None:
    """A state with buffs, tasks, research and inventories reads back equal."""
    g = game()
    s = act(g, g.new_state(), "buff #1 name='a'")
    s = act(g, s, "research tech=mining")
    s = act(g, s, "grab #1 it=#3")
    assert g.deserialize(g.serialize(s)) == s


def test_a_malformed_record_in_a_saved_state_is_one_clear_error() -> None:
    """A buff record that names no buff reads back as a SerializationError saying so."""
    g = game()
    s = act(g, g.new_state(), "buff #1 name='a'")
    doc = json.loads(g.serialize(s))
    doc["counters"]["buff:e1"] = {"t": [{"t": [{"t": ["nope", 2]}]}, {"t": []}]}
    with pytest.raises(SerializationError, match="in counters: malformed record 'buff:e1'"):
        g.deserialize(json.dumps(doc))


# --------------------------------------------------------------- technologies
def test_prerequisites_refuse_and_research_takes_its_rounds() -> None:
    """Banking needs mining: not offered, and illegal, until mining completes 2 rounds on."""
    g = game()
    s = g.new_state()
    assert "research tech=banking" not in options(s)
    assert "research tech=drill" not in options(s)       # 9 gold: not affordable
    with pytest.raises(IllegalActionError):
        act(g, s, "research tech=banking")
    s = act(g, s, "research tech=mining")
    assert s.players[0].params["gold"] == 2                 # paid at the start
    assert "research tech=banking" not in options(s)     # one research at a time
    s = next_round(g, s)
    assert [t.elapsed for t in tasks(s)] == [1]
    assert s.players[0].params["income"] == 3               # on_tick ran once
    s = next_round(g, s)
    assert s.counters["tech:0"] == ("mining",) and not tasks(s)
    assert s.players[0].params["income"] == 4
    assert "research tech=banking" in options(s)


def test_researched_in_a_condition_unlocks_an_action() -> None:
    """`researched(player, 'mining')` in an action's `when`."""
    text = (BASE % {"extra": BUFFS + TECHS + ITEMS, "buff": "rage", "items": ""}).replace(
        "  unbuff:\n", "  unbuff:\n    when: \"researched(player, 'mining')\"\n")
    g = build(text)
    s = g.new_state()
    assert "unbuff #1" not in options(s)
    s = act(g, s, "research tech=mining")
    s = next_round(g, next_round(g, s))
    assert "unbuff #1" in options(s)


def test_abort_by_an_action_runs_on_abort() -> None:
    """Cancelling a research runs its on_abort and lets the player research again."""
    g = game()
    s = act(g, g.new_state(), "research tech=mining")
    s = act(g, s, "cancel")
    assert s.players[0].params["gold"] == 12 and not tasks(s)
    assert "research tech=mining" in options(s)


def test_abort_when_keep_while_fails_runs_on_abort() -> None:
    """A unit's training stops, running on_abort, once its hp falls below 5."""
    g = game()
    s = act(g, g.new_state(), "train #1")
    assert "train #1" not in options(s)
    s = act(g, s, "grab #1 it=#3")
    s = act(g, s, "drink #1")                # hp 8
    s = next_round(g, s)
    assert s.memory["ticks"] == 1 and [t.elapsed for t in tasks(s)] == [1]
    s = act(g, s, "grab #1 it=#4")           # the banner does nothing to hp
    s2 = next_round(g, s)
    assert attack(s2) == 4 and not tasks(s2)  # completed after 2 rounds
    # With hp below 5 the training is aborted instead.
    g2 = build((BASE % {"extra": BUFFS + TECHS + ITEMS, "buff": "rage",
                        "items": "    - {type: potion, at: [1, 0]}"})
               .replace("hp: {max: 10, min: 0}", "hp: {default: 6, max: 10, min: 0}"))
    s = act(g2, g2.new_state(), "train #1")
    s = act(g2, s, "grab #1 it=#3")
    s = act(g2, s, "drink #1")               # hp 4
    s = next_round(g2, s)
    assert s.memory["aborted"] == 1 and not tasks(s) and attack(s) == 3
    assert "ticks" not in s.memory


# ------------------------------------------------------------------ items
def test_using_a_consumable_item_uses_it_up() -> None:
    """A potion picked up leaves the board, is used once, and is gone."""
    g = game()
    s = act(g, g.new_state(), "grab #1 it=#3")
    assert 3 not in s.entities and s.counters["inv:e1"][0][:2] == (3, "potion")
    assert "grab #1 it=#4" not in options(s)          # one slot, full
    s = act(g, s, "drink #1")
    assert s.entities[1].params["hp"] == 8
    assert "inv:e1" not in s.counters and "drink #1" not in options(s)


def test_an_item_that_is_not_consumed_stays_and_drops_back_with_its_id() -> None:
    """A banner is waved and kept; dropped, it is the same entity #4 again."""
    g = game()
    s = act(g, g.new_state(), "grab #1 it=#4")
    s = act(g, s, "wave #1")
    assert s.memory["waved"] == 1 and "wave #1" in options(s)
    s = act(g, s, "drop #1 at=(1,1)")
    assert s.entities[4].type == "banner" and s.entities[4].pos == (1, 1)
    assert g.deserialize(g.serialize(s)) == s


def test_give_and_discard_put_in_and_take_out_items() -> None:
    """`give_item` makes a new item (a new id) in a free slot; `discard_item` takes it out."""
    text = (BASE % {"extra": BUFFS + TECHS + ITEMS, "buff": "rage", "items": ""}).replace(
        "effects: [{remove_buff: {on: actor, buff: rage, stacks: 1}}]",
        "effects: [{give_item: {item: potion}}]").replace(
        "effects: [{use_item: {item: banner}}]", "effects: [{discard_item: {item: potion}}]")
    g = build(text.replace('when: "holds(actor, \'banner\')"', 'when: "true"'))
    s = act(g, g.new_state(), "unbuff #1")
    assert s.counters["inv:e1"] == ((3, "potion", (("power", 4),)),)
    assert s.next_id == 4 and "unbuff #1" in options(s)
    with pytest.raises(stratagem.engine.RuleError, match="no free inventory slot"):
        act(g, s, "unbuff #1")
    s = act(g, s, "wave #1")
    assert "inv:e1" not in s.counters and 3 not in s.entities and s.entities[1].params["hp"] == 10


# ------------------------------------------------------------------ errors
def test_unknown_names_are_located() -> None:
    """An unknown buff, parameter, technology or a cycle of prerequisites: one located
    message each."""
    bad = (BASE % {"extra": """
buffs:
  rage: {add: {atack: 2}}
technologies:
  t:
    a: {requires: [b]}
    b: {requires: [a, zz]}
""", "buff": "rag", "items": ""})
    found = "\n".join(problems(bad))
    assert "no parameter `atack` to add" in found
    assert "unknown buff `rag` — did you mean `rage`?" in found
    assert "changes nothing" not in found
    assert "unknown technology `zz`" in found
    assert "requires itself" in found
    assert all(line.startswith("rules.yaml:") for line in problems(bad))


def test_a_multi_turn_action_needs_a_way_to_complete() -> None:
    """on_complete with neither duration nor complete_when is refused at load."""
    text = BASE % {"extra": BUFFS + TECHS + ITEMS, "buff": "rage", "items": ""}
    found = problems(text.replace("    duration: 2\n    keep_while", "    keep_while"))
    assert any("never completes" in p for p in found)


# --------------------------------------------------------------- bundled game
@pytest.mark.parametrize("seed", range(3))
def test_frontier_plays_to_the_end_with_random_agents(seed: int) -> None:
    """Frontier's random games end, research completes, and every state reads back."""
    g = stratagem.load("frontier")
    s = g.new_state(seed=seed)
    rng = random.Random(seed)
    while s.decision is not None:
        s = g.apply(s, rng.choice(s.decision.actions))
    assert s.outcome is not None
    assert g.deserialize(g.serialize(s)) == s
    assert s.counters.get("tech:0") or s.counters.get("tech:1")
