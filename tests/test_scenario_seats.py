"""A scenario that seats fewer players: ``players: N`` in a scenario plays the game with the
first N of the rules' players, so a board game for two to four is written once.

The seated players alone take turns, hold zones and are dealt cards; the pieces the set-up
gives to a player not seated are not placed; a scenario that gives no entities places the
set-up's; a turn order that names a player some set-up does not seat is an error at load, and an
expression that names one is warned of.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import stratagem
from stratagem.cli.main import cli
from stratagem.engine import Rng
from stratagem.rules import RulesError, check_rules, load_rules

RULES = """\
game: tokens
players: [red, blue, green, yellow]
board:
  size: [4, 1]
entities:
  pawn: {}
  card: {}
zones:
  hand: owner
  deck: {owner: table, visibility: nobody}
player:
  points: {default: 0, max: 100}
actions:
  score:
    source: player
    effects:
      - modify: {what: player.points, by: "count(entities(owner: player)) + 1"}
flow:
  phases:
    - name: play
      actions: [score]
      max_actions: 1
end:
  round_limit: 3
  score: player.points
setup:
  entities:
    - {type: pawn, owner: red, at: [0, 0]}
    - {type: pawn, owner: blue, at: [1, 0]}
    - {type: pawn, owner: green, at: [2, 0]}
    - {type: pawn, owner: yellow, at: [3, 0]}
    - {type: card, zone: deck, count: 12}
  effects:
    - for_each: {as: p, in: "players()", do: [{draw: {player: p, from: deck, to: hand}}]}
scenarios:
  two:
    players: 2
    description: Red and blue only.
  three:
    players: 3
  corner:
    players: 2
    entities:
      - {type: pawn, owner: blue, at: [3, 0]}
      - {type: pawn, owner: green, at: [2, 0]}
"""


@pytest.fixture()
def rules(tmp_path: Path) -> Path:
    path = tmp_path / "tokens.yaml"
    path.write_text(RULES)
    return path


def _play(game: stratagem.Game, seed: int = 0) -> stratagem.State:
    state, rng = game.new_state(seed), Rng(seed)
    while state.decision is not None:
        assert state.decision.player < len(game.players)
        options = state.decision.actions
        state = game.apply(state, options[rng.below(len(options))])
    return state


@pytest.mark.parametrize(("scenario", "names"), [
    (None, ("red", "blue", "green", "yellow")),
    ("two", ("red", "blue")),
    ("three", ("red", "blue", "green")),
])
def test_a_scenario_seats_the_first_players(rules: Path, scenario: str | None,
                                           names: tuple[str, ...]) -> None:
    game = load_rules(rules, scenario)
    assert game.players == names
    start = game.new_state(0)
    assert len(start.players) == len(names)
    pawns = [e for e in start.entities.values() if e.type == "pawn"]
    assert sorted(e.owner for e in pawns) == list(range(len(names)))  # the others' unplaced
    hands = [start.zone(p, "hand") for p in range(len(names))]
    assert all(len(h) == 1 for h in hands)  # a card dealt to each seated player, no more
    assert len(start.zone(0, "deck")) == 12 - len(names)
    end = _play(game)
    assert end.outcome is not None and len(end.outcome.ranks) == len(names)
    # Each seated player scored 2 a turn for three rounds; the game ended on the score.
    assert [end.players[p].params["points"] for p in range(len(names))] == [6] * len(names)
    assert game.deserialize(game.serialize(end)) == end


def test_a_scenario_with_its_own_entities_drops_the_unseated_ones(rules: Path) -> None:
    game = load_rules(rules, "corner")
    start = game.new_state(0)
    assert [(e.owner, e.pos) for e in start.entities.values() if e.type == "pawn"] == \
        [(1, (3, 0))]
    assert all(e.type == "card" and e.zone in {"hand", "deck"} for e in start.entities.values()
               if e.type != "pawn")


@pytest.mark.parametrize("value", ["0", "5", "two", "1.5"])
def test_a_bad_seat_count_is_a_located_error(rules: Path, value: str) -> None:
    rules.write_text(RULES.replace("players: 2\n    description", f"players: {value}\n"
                                   "    description"))
    with pytest.raises(RulesError) as err:
        load_rules(rules, "two")
    line = RULES.splitlines().index("    players: 2") + 1
    assert f"{rules}:{line}:14: `players` (how many of the players play) must be" in \
        str(err.value)


@pytest.mark.parametrize(("order", "said"), [
    ("{players: {first: green}}", "begins with `green`"),
    ("{player: yellow}", "is played by `yellow`"),
])
def test_a_turn_order_naming_an_unseated_player_is_refused(rules: Path, order: str,
                                                            said: str) -> None:
    rules.write_text(RULES.replace("      max_actions: 1\n",
                                   f"      max_actions: 1\n      order: {order}\n"))
    with pytest.raises(RulesError) as err:
        load_rules(rules)
    assert "scenario `two` seats 2 of the 4 players, but phase `play`" in str(err.value)
    assert said in str(err.value)


def test_an_expression_naming_an_unseated_player_is_warned_of(rules: Path) -> None:
    rules.write_text(RULES.replace('by: "count(entities(owner: player)) + 1"',
                                   'by: "yellow.points + 1"'))
    _, warnings = check_rules(rules)
    said = [str(w) for w in warnings if "is named here" in str(w)]
    line = RULES.splitlines().index("      - modify: {what: player.points, by: "
                                    "\"count(entities(owner: player)) + 1\"}") + 1
    assert said == [f"{rules}:{line}:43: `yellow` is named here, but scenario `{s}` seats only "
                    f"{who}: reading `yellow` there fails in play — guard it with "
                    "`count(players())`, or seat that player"
                    for s, who in (("two", "red, blue"), ("three", "red, blue, green"),
                                   ("corner", "red, blue"))]
    rules.write_text(RULES)
    assert not [w for w in check_rules(rules)[1] if "is named here" in str(w)]


def test_the_rules_sheet_says_how_many_each_scenario_seats(rules: Path) -> None:
    result = CliRunner().invoke(cli, ["rules", str(rules), "--scenario", "two"], terminal_width=100)
    assert result.exit_code == 0, result.output
    assert "Players: Red, Blue\n" in result.output
    assert "two  (2 players) Red and blue only." in result.output
    assert "three  (3 players)" in result.output
