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
from stratagem.engine.errors import RuleError
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
    """One warning an expression, at the name, naming every scenario that does not seat
    the player; a name only compared (`player != yellow`) reads no one and is not warned
    of; `seat('yellow')` is."""
    rules.write_text(RULES.replace('by: "count(entities(owner: player)) + 1"',
                                   'by: "yellow.points + 1"').replace(
        "    source: player\n", "    source: player\n    when: \"player != yellow\"\n"))
    _, warnings = check_rules(rules)
    said = [str(w) for w in warnings if "is named here" in str(w)]
    line = RULES.splitlines().index("      - modify: {what: player.points, by: "
                                    "\"count(entities(owner: player)) + 1\"}") + 2
    assert said == [f"{rules}:{line}:44: `yellow` is named here, but scenarios `two`, "
                    "`three`, `corner` do not seat yellow: reading their parameters or zones "
                    "there fails in play — seat that player, or test `count(players())` "
                    "first (a test the warning cannot see: then ignore it)"]
    rules.write_text(RULES.replace('by: "count(entities(owner: player)) + 1"',
                                   "by: \"seat('green').points\""))
    said = [str(w) for w in check_rules(rules)[1] if "is named here" in str(w)]
    assert len(said) == 1 and "but scenarios `two`, `corner` do not seat green" in said[0]
    rules.write_text(RULES)
    assert not [w for w in check_rules(rules)[1] if "is named here" in str(w)]


def test_a_rule_reading_an_unseated_player_fails_at_its_place(rules: Path) -> None:
    """In play, a rule that reads a player the set-up does not seat fails with its place in
    the file (an end rule too) and says who is seated."""
    rules.write_text(RULES.replace("  round_limit: 3\n", "  round_limit: 3\n  win:\n"
                                   "    richer: \"player.points > yellow.points + 5\"\n"))
    game = load_rules(rules, "two")
    with pytest.raises(RuleError) as err:
        game.new_state(0)  # the end rules are checked once the set-up is done
    line = rules.read_text().splitlines().index(
        "    richer: \"player.points > yellow.points + 5\"") + 1
    assert f"{rules}:{line}:13: win `richer`: a rule failed while resolving: IndexError" \
        in str(err.value)
    assert "(this set-up seats red, blue, not green, yellow: a rule that names a player not " \
        "seated fails in play)" in str(err.value)


def test_seat_scenarios_leave_every_player_seated_by_default(tmp_path: Path) -> None:
    """Without `setup: entities`, the first scenario is the default only when it places
    pieces of its own (a scenario book); scenarios that only seat fewer players leave the
    rules' own set-up, with everyone seated, as the default."""
    path = tmp_path / "race.yaml"
    path.write_text(RULES.replace("  entities:\n    - {type: pawn, owner: red, at: [0, 0]}\n"
                                  "    - {type: pawn, owner: blue, at: [1, 0]}\n"
                                  "    - {type: pawn, owner: green, at: [2, 0]}\n"
                                  "    - {type: pawn, owner: yellow, at: [3, 0]}\n"
                                  "    - {type: card, zone: deck, count: 12}\n", "")
                    .replace("  corner:\n    players: 2\n    entities:\n"
                             "      - {type: pawn, owner: blue, at: [3, 0]}\n"
                             "      - {type: pawn, owner: green, at: [2, 0]}\n", ""))
    assert load_rules(path).players == ("red", "blue", "green", "yellow")
    booked = tmp_path / "book.yaml"
    booked.write_text(path.read_text().replace(
        "  two:\n    players: 2\n", "  two:\n    players: 2\n    entities:\n"
        "      - {type: pawn, owner: red, at: [0, 0]}\n"))
    assert load_rules(booked).scenario == "two"


def test_the_rules_sheet_says_how_many_each_scenario_seats(rules: Path) -> None:
    result = CliRunner().invoke(cli, ["rules", str(rules), "--scenario", "two"], terminal_width=100)
    assert result.exit_code == 0, result.output
    assert "Players: Red, Blue\n" in result.output
    assert "two  (2 players) Red and blue only." in result.output
    assert "three  (3 players)" in result.output
    # A scenario that names no number seats them all: said too, once any seats fewer.
    path = rules.with_name("more.yaml")
    path.write_text(RULES.replace("scenarios:\n", "scenarios:\n  full:\n    description: "
                                  "All four.\n"))
    result = CliRunner().invoke(cli, ["rules", str(path)], terminal_width=100)
    assert "full  (4 players) All four." in result.output


def test_the_wrong_number_of_agents_points_to_the_scenario_that_seats_them(
        rules: Path) -> None:
    result = CliRunner().invoke(cli, ["play", str(rules), "--agents", "random,random,random"])
    assert result.exit_code == 2
    assert "tokens has 4 players (red, blue, green, yellow); --agents gave 3 (scenario " \
        "`three` seats 3: add --scenario three)" in " ".join(result.output.split())
    with pytest.raises(ValueError, match="scenario 'two' seats 2: load the game with it"):
        stratagem.play(load_rules(rules), ["random", "random"])
