"""Private parameters (`private:` on a player's or an entity type's parameter): a value only
its holder's owner sees — a block's strength, a reserve the other side cannot count. A view
withholds it, a person is shown `?`, determinization imagines it (dealt among the holders, or
any value within the bounds), `unless` reveals it, and no AI reads it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import stratagem
from conftest import random_walk
from stratagem.agents.human import describe_view
from stratagem.engine.fog import last_seen
from stratagem.engine.state import State
from stratagem.interop.features import Features
from stratagem.rules import RulesError, check_rules, compile_text
from stratagem.web.session import Session

BLOCKS = Path(__file__).parent / "rules_fixtures" / "blocks.yaml"
RED, BLUE = 0, 1


@pytest.fixture(scope="module")
def game() -> stratagem.Game:
    return stratagem.load(str(BLOCKS))


def edited(s: State, entities: dict[int, dict[str, Any]] | None = None,
           players: dict[int, dict[str, Any]] | None = None) -> State:
    """``s`` with some parameters changed (the engine's own transaction)."""
    t = s._begin()
    t.decision = s.decision
    for eid, params in (entities or {}).items():
        t._w_entity(eid).params_.update(params)
    for p, params in (players or {}).items():
        t._w_player(p).params_.update(params)
    return t._end()


def strengths(s: State, owner: int) -> dict[int, Any]:
    return {e.id: e.params["strength"] for e in s.iter_entities() if e.owner == owner}


def test_a_view_withholds_what_another_side_owns_and_its_owner_sees_it(game) -> None:
    s = game.new_state(1)
    assert game.info.hidden
    mine, theirs = game.view(s, RED), game.view(s, BLUE)
    assert strengths(mine, RED) == strengths(s, RED) == {1: 3, 2: 1, 3: 2}
    # red's view of blue: the values blue has (1, 2, 4), dealt in order of id, not as held
    assert strengths(mine, BLUE) == {4: 1, 5: 2, 6: 4} != strengths(s, BLUE)
    assert strengths(theirs, BLUE) == strengths(s, BLUE)
    assert mine.players[BLUE].params["reserve"] == 2  # the default, whatever blue has left
    spent = edited(s, players={BLUE: {"reserve": 0}})
    assert game.view(spent, RED) == mine
    assert game.view(spent, BLUE).players[BLUE].params["reserve"] == 0


def test_states_differing_only_in_withheld_values_give_byte_equal_views(game) -> None:
    """Along random games, swapping the strengths of two unrevealed enemy blocks, or changing
    the enemy's reserve, leaves a player's view as it was, to the byte."""
    compared = 0
    for s in random_walk(game, 4, 60)[::5]:
        for p in (RED, BLUE):
            text = game.serialize(game.view(s, p))
            hidden = [e for e in s.iter_entities() if e.owner != p and not e.params["shown"]]
            if len(hidden) >= 2:
                a, b = hidden[0], hidden[-1]
                twin = edited(s, {a.id: {"strength": b.params["strength"]},
                                  b.id: {"strength": a.params["strength"]}})
                assert game.serialize(game.view(twin, p)) == text
                compared += 1
            other = 1 - p
            left = s.players[other].params["reserve"]
            twin = edited(s, players={other: {"reserve": 3 - left}})
            assert game.serialize(game.view(twin, p)) == text
            compared += 1
    assert compared >= 10


def test_determinize_deals_the_withheld_strengths_and_draws_the_reserve(game) -> None:
    s = game.new_state(1)
    view = game.view(s, RED)
    deals: Counter[tuple[Any, ...]] = Counter()
    reserves: Counter[Any] = Counter()
    for seed in range(300):
        world = game.determinize(view, seed)
        assert world.viewer is None
        assert strengths(world, RED) == strengths(s, RED)  # its own, as they are
        assert sorted(strengths(world, BLUE).values()) == [1, 2, 4]
        deals[tuple(strengths(world, BLUE).values())] += 1
        reserves[world.players[BLUE].params["reserve"]] += 1
        assert world.players[RED].params["reserve"] == 2
    assert len(deals) == 6  # every way to deal three values
    assert set(reserves) == {0, 1, 2, 3}


def test_unless_shows_the_value_to_everyone_and_keeps_it_out_of_the_deal(game) -> None:
    s = edited(game.new_state(1), {5: {"shown": 1}})  # blue's block #5 (strength 2) revealed
    view = game.view(s, RED)
    assert view.entities[5].params["strength"] == 2
    assert sorted(strengths(view, BLUE)[i] for i in (4, 6)) == [1, 4]
    for seed in range(40):
        world = game.determinize(view, seed)
        assert world.entities[5].params["strength"] == 2
        assert sorted(world.entities[i].params["strength"] for i in (4, 6)) == [1, 4]
    lines = describe_view(game, view)
    assert "  block #5 (blue) at (2,4); strength 2, shown 1" in lines


def test_a_person_is_shown_a_question_mark(game) -> None:
    s = game.new_state(1)
    lines = describe_view(game, game.view(s, RED))
    assert "  block #4 (blue) at (0,4); strength ?, shown 0" in lines
    assert "  block #1 (red) at (0,0); strength 3, shown 0" in lines
    assert "  blue: reserve ?" in lines and "  red (you): reserve 2" in lines
    snap = Session(game, ["human", "random"], seed=1).snapshot()
    blocks = {e["id"]: e["params"] for e in snap["entities"]}
    assert blocks[4]["strength"] == "?" and blocks[1]["strength"] == 3
    players = {p["name"]: p["params"] for p in snap["players"]}
    assert players["blue"]["reserve"] == "?" and players["red"]["reserve"] == 2
    assert "strength 4" not in snap["svg"] and "strength ?" in snap["svg"]
    assert ">B?<" in snap["svg"] and ">B3<" in snap["svg"]  # `display: count: strength`


def test_the_observation_does_not_carry_a_withheld_value(game) -> None:
    s = game.new_state(1)
    obs = Features(game)
    twin = edited(s, {4: {"strength": 2}, 5: {"strength": 4}}, {BLUE: {"reserve": 0}})
    assert obs.encode(s, RED) == obs.encode(twin, RED)
    assert obs.encode(s, BLUE) != obs.encode(twin, BLUE)


@pytest.mark.parametrize("code", ["mcts:iterations=60", "osla", "rhea"])
def test_an_agent_chooses_alike_whatever_it_cannot_see(game, code: str) -> None:
    """The agents are given views: an enemy's strengths and reserve cannot sway them."""
    s = game.new_state(1)
    for move in ("step #1 to=(0,1)", "step #6 to=(4,3)", "step #1 to=(0,2)",
                 "step #4 to=(0,3)"):  # red's block #1 and blue's #4 meet
        s = game.apply(s, game.parse_action(s, move))
    assert s.decision.player == RED
    assert "attack #1 foe=#4" in [str(a) for a in s.decision.actions]
    twin = edited(s, {4: {"strength": 1}, 6: {"strength": 4}}, {BLUE: {"reserve": 0}})
    chosen = []
    for state in (s, twin):
        agent = stratagem.agent(code, game, seed=5)
        chosen.append(agent.choose(game.view(state, RED), state.decision,
                                   stratagem.Budget(calls=400)).action)
    assert chosen[0] == chosen[1]
    if code == "osla":  # the case matters: given the true states, it would attack in one
        told = [stratagem.agent(code, game, seed=5).choose(state, state.decision,
                                                           stratagem.Budget(calls=400)).action
                for state in (s, twin)]
        assert told[0] != told[1]


def test_a_game_plays_to_its_end_between_agents(game) -> None:
    result = stratagem.play(game, ["mcts:iterations=8", "random"], seed=2)
    assert result.state.decision is None


def compile_problems(text: str) -> list[str]:
    with pytest.raises(RulesError) as caught:
        compile_text(text)
    return [str(p) for p in caught.value.problems]


def with_params(player: str, block: str, state: str = "") -> str:
    return BLOCKS.read_text().replace(
        "  reserve: {default: 2, min: 0, max: 3, private: true}", f"  reserve: 2\n  {player}"
    ).replace(
        "      strength: {default: 1, min: 0, max: 4, private: {guess: deal, unless: shown}}",
        f"      strength: 1\n      {block}") + state


@pytest.mark.parametrize("player, block, state, said", [
    ("bid: {default: 0, private: true}", "z: 1", "",
     "`private` of `player.bid`: `any` needs both `min` and `max`"),
    ("bid: 0", "z: {max: 3, private: any}", "",
     "`private` of `block.z`: `any` needs both `min` and `max`"),
    ("bid: {min: 0, max: 3, private: secret}", "z: 1", "",
     "`private` of `player.bid` is `true`, `false`, `deal`, `any` or a mapping"),
    ("bid: 0", "z: {private: {unless: seen}}", "",
     "`unless: seen` of `block.z` names no parameter of block"),
    ("bid: 0", "z: {private: {unless: strength}, default: 1}",
     "", None),
    ("bid: 0", "z: {private: {guess: maybe}}", "",
     "`guess` of `private` of `block.z` is `deal` or `any`, not `maybe`"),
    ("bid: {keys: [1, 2], private: any}", "z: 1", "",
     "`private` of `player.bid`: `any` needs both `min` and `max`"),
    ("bid: 0", "z: 1", "\nstate:\n  pot: {keys: [a], private: true}\n",
     "only a player's or an entity type's parameter may be private"),
    ("bid: 0", "z: 1", "\nstate:\n  pot: {default: 0, private: true}\n",
     "only a player's or an entity type's parameter may be private"),
    ("bid: 0", "z: {private: {unless: w}}\n      w: {private: true}", "",
     "`unless: w` of `block.z` is private itself"),
    ("bid: 0", "z: {private: {known: \"it.nonsense > 0\"}}", "",
     "nonsense"),
])
def test_a_private_parameter_declared_wrong_is_reported_with_its_place(
        player: str, block: str, state: str, said: str | None) -> None:
    text = with_params(player, block, state)
    if said is None:
        assert compile_text(text).private_params["block"][0].unless == "strength"
        return
    problems = compile_problems(text)
    assert any(said in p for p in problems), problems
    assert all(p.startswith("<") or ":" in p.split(" ")[0] for p in problems)


def test_shape_must_say_hidden_when_a_parameter_is_private() -> None:
    text = BLOCKS.read_text().replace("players: [red, blue]",
                                      "players: [red, blue]\nshape: {hidden: false}")
    problems = compile_problems(text)
    assert any("private parameter" in p for p in problems), problems


def test_validate_warns_of_an_event_that_tells_a_private_value(tmp_path: Path) -> None:
    told = tmp_path / "told.yaml"
    told.write_text(BLOCKS.read_text().replace("{guess: deal, unless: shown}", "true"))
    said = [str(w) for w in check_rules(told)[1]]
    line = 1 + told.read_text().splitlines().index(
        "          fields: {attacker: actor, a: actor.strength, defender: foe, d: foe.strength}")
    assert any(f"told.yaml:{line}:40:" in w and "the event field `a` reads `strength`, a private "
               "parameter" in w for w in said), said
    assert not any("private" in str(w) for w in check_rules(BLOCKS)[1])


def test_a_fog_memory_keeps_no_private_value() -> None:
    text = BLOCKS.read_text().replace(
        "players: [red, blue]", "players: [red, blue]\nvisibility: {sight: 2}")
    game = compile_text(text)
    s = game.new_state(1)
    for action in ("step #1 to=(0,1)", "step #4 to=(0,3)", "step #2 to=(3,0)",
                   "step #4 to=(0,4)"):  # blue's #4 comes into red's sight, and goes
        s = game.apply(s, game.parse_action(s, action))
    seen = last_seen(s, RED)
    assert seen and all(dict(r[5])["strength"] == 1 for r in seen)  # the default, not 4


ROLES = """
game: roles
players: [ann, bob, cy]
player:
  traitor: {default: 0, min: 0, max: 1, private: deal}
  declared: 0
flow:
  phases:
    - name: main
      actions: [declare]
  round_limit: 2
actions:
  declare:
    source: player
    text: "{player} declares"
    effects: [{set: {what: player.declared, to: 1}}]
setup:
  effects:
    - set: {what: "seat('cy').traitor", to: 1}
"""


def test_a_dealt_player_parameter_is_a_hidden_role() -> None:
    game = compile_text(ROLES)
    s = game.new_state(0)
    assert [p.params["traitor"] for p in s.players] == [0, 0, 1]
    view = game.view(s, 0)  # ann knows one of bob and cy is the traitor, not which
    assert view.withheld(1) == view.withheld(2) == {"traitor"} and not view.withheld(0)
    assert [p.params["traitor"] for p in view.players] == [0, 0, 1]
    swapped = edited(s, players={1: {"traitor": 1}, 2: {"traitor": 0}})
    assert game.serialize(game.view(swapped, 0)) == game.serialize(view)
    worlds = Counter(tuple(p.params["traitor"] for p in game.determinize(view, seed).players)
                     for seed in range(60))
    assert set(worlds) == {(0, 1, 0), (0, 0, 1)}
    assert game.view(s, 2).players[2].params["traitor"] == 1  # cy knows itself


def test_the_rules_sheet_says_what_is_kept_secret(capsys: pytest.CaptureFixture[str]) -> None:
    from test_cli import run  # noqa: PLC0415 - the CLI's runner, for this test only
    code, out, _ = run(capsys, "rules", str(BLOCKS))
    assert code == 0
    assert "kept secret by each player: reserve 2 (max 3)" in out
    assert "strength 1 (max 4; seen by its owner only until shown)" in " ".join(out.split())
    dice = Path(__file__).parent / "outsider" / "liars_dice" / "liars_dice_private.yaml"
    code, out, _ = run(capsys, "rules", str(dice))
    assert "kept secret by each player: die[1…5] 1 (max 6)" in out


def test_unless_keyed_by_the_players_shows_the_value_to_one_player() -> None:
    """A scout's peek: `unless` keyed by the players' names shows a block's strength to each
    player whose key is set, and to no one else; the deal leaves the block out for them."""
    text = BLOCKS.read_text().replace(
        "private: {guess: deal, unless: shown}}",
        "private: {guess: deal, unless: peeked}}\n"
        "      peeked: {keys: [red, blue], default: 0, min: 0, max: 1}")
    game = compile_text(text)
    s = edited(game.new_state(1), {4: {"peeked[red]": 1}})  # red has looked at blue's #4
    red = game.view(s, RED)
    assert red.entities[4].params["strength"] == 4 and "strength" not in red.withheld(
        red.entities[4])
    assert sorted(red.entities[i].params["strength"] for i in (5, 6)) == [1, 2]
    assert all(game.determinize(red, seed).entities[4].params["strength"] == 4
               for seed in range(20))
    blue = game.view(s, BLUE)  # blue's own blocks: all seen; red's: none peeked at
    assert all("strength" in blue.withheld(blue.entities[i]) for i in (1, 2, 3))
    bad = text.replace("peeked: {keys: [red, blue]", "peeked: {keys: [red, green]")
    assert any("not by the players' names" in p for p in compile_problems(bad))


def test_a_determinized_world_keeps_everything_the_view_shows(game) -> None:
    """Along random games: a world made from a player's view holds the viewer's own values,
    every value the view shows, and of each side's withheld strengths the very values the
    view holds (dealt otherwise); the withheld reserve lies within its bounds."""
    checked = 0
    for s in random_walk(game, 7, 80)[::4]:
        for p in (RED, BLUE):
            view = game.view(s, p)
            world = game.determinize(view, checked)
            assert set(world.entities) == set(view.entities)
            hidden: dict[Any, list[Any]] = {}
            for eid, e in view.entities.items():
                w = world.entities[eid]
                assert (w.owner, w.pos, w.params["shown"]) == (e.owner, e.pos, e.params["shown"])
                if "strength" in view.withheld(e):
                    hidden.setdefault(e.owner, []).append((e.params["strength"],
                                                           w.params["strength"]))
                else:
                    assert w.params["strength"] == e.params["strength"] == \
                        s.entities[eid].params["strength"]
            for pairs in hidden.values():
                assert sorted(a for a, _ in pairs) == sorted(b for _, b in pairs)
            assert world.players[p].params == s.players[p].params
            assert 0 <= world.players[1 - p].params["reserve"] <= 3
            checked += 1
    assert checked >= 20


def test_a_game_with_private_values_keeps_its_raw_rolls_untold_unless_it_says(game) -> None:
    """A roll may become a private value, which its number told to every player would give
    away: such a game shows no raw rolls by default; it may still say `show_rolls: true`."""
    assert not game.show_rolls
    told = compile_text(BLOCKS.read_text() + "\nshow_rolls: true\n")
    assert told.show_rolls
    public = compile_text(BLOCKS.read_text().replace(", private: true}", "}").replace(
        ", private: {guess: deal, unless: shown}}", "}"))
    assert not public.private_params and public.show_rolls


def test_validate_warns_of_a_target_offered_by_another_sides_private_value(
        tmp_path: Path) -> None:
    """Options are worked out on the true state: an enemy target offered only when its
    private value is low tells that value by being offered."""
    told = tmp_path / "told.yaml"
    told.write_text(BLOCKS.read_text().replace(
        "{guess: deal, unless: shown}", "true").replace(
        'where: {next to it: "distance(actor, foe) <= 1"}',
        'where: {next to it and weaker: "distance(actor, foe) <= 1 and foe.strength < 3"}'))
    said = [str(w) for w in check_rules(told)[1]]
    assert any("the target `foe` is offered by `foe.strength`, a private parameter" in w
               for w in said), said
    assert not any("is offered by" in str(w) for w in check_rules(BLOCKS)[1])
