"""`teams:` — sides of several players: a team wins, draws and loses together, `enemy` and
`ally` are said of sides, team-mates share their sight, and a team's score at the round
limit is the sum of its players'."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rules_helpers import build, remember
from stratagem.cli.main import cli
from stratagem.engine import Pos
from stratagem.rules import RulesError, load_rules

# Four soldiers in a row: north (0,0), east (1,0), south (2,0), west (3,0); north and south
# against east and west. A soldier strikes an enemy next to it.
RULES = """\
game: pairs
players: [north, east, south, west]
teams: [[north, south], [east, west]]
board:
  size: [6, 2]
player:
  points: {default: 0}
entities:
  soldier:
    actions: [strike, wait, count_friends]
actions:
  strike:
    targets:
      foe: {entity: enemy, where: "distance(actor, foe) <= 1"}
    effects:
      - kill: {what: foe}
      - modify: {what: player.points, by: 1}
      - end_turn: {}
  wait:
    effects: [{end_turn: {}}]
  count_friends:
    effects:
      - REMEMBER
      - end_turn: {}
flow:
  phases:
    - name: fight
      actions: [strike, wait, count_friends]
setup:
  entities:
    - {type: soldier, owner: north, at: [0, 0]}
    - {type: soldier, owner: east, at: [1, 0]}
    - {type: soldier, owner: south, at: [2, 0]}
    - {type: soldier, owner: west, at: [3, 0]}
end:
  lose:
    "{player} has no soldier": "count(entities(owner: player)) == 0"
  round_limit: 3
  score: player.points
"""


def _game(remembered: str = "count(entities(owner: ally))"):  # type: ignore[no-untyped-def]
    return build(RULES.replace("REMEMBER", remember("v", remembered)))


def _play(game, state, *texts: str):  # type: ignore[no-untyped-def]
    for text in texts:
        state = game.apply(state, game.parse_action(state, text))
    return state


def test_enemy_and_ally_are_sides() -> None:
    game = _game()
    state = game.new_state(0)
    strikes = [str(a) for a in state.decision.actions if a.type == "strike"]
    assert strikes == ["strike #1 foe=#2"]  # east, beside north; south is a team-mate
    state = _play(game, state, "count_friends #1")
    assert state.memory["v"] == 2  # north's and south's soldiers
    south_sees = [str(a) for a in _play(game, state, "wait #2").decision.actions
                  if a.type == "strike"]
    assert south_sees == ["strike #3 foe=#2", "strike #3 foe=#4"]


def test_a_team_wins_together_even_with_a_player_out() -> None:
    """East strikes north out; south then strikes east and west out: north and south win
    (north was out, and wins with its team)."""
    game = _game()
    state = _play(game, game.new_state(0), "wait #1", "strike #2 foe=#1")
    assert not state.players[0].alive and state.outcome is None
    state = _play(game, state, "strike #3 foe=#2")
    assert state.outcome is None  # west is still in
    state = _play(game, state, "wait #4", "wait #3", "wait #4")
    assert state.outcome is None
    # South walks nowhere (no moves here); the round limit settles it: north and south hold
    # 1 point (south's strike), east and west 1 (east's strike): their sums tie at 1.
    state = _play(game, state, "wait #3", "wait #4")
    assert state.outcome is not None
    assert state.outcome.ranks == (1, 1, 1, 1)


def test_the_last_side_standing_wins_as_a_team() -> None:
    game = build(RULES.replace("REMEMBER", remember("v", "1")).replace(
        "    - {type: soldier, owner: west, at: [3, 0]}\n",
        "    - {type: soldier, owner: west, at: [5, 1]}\n").replace(
        "    - {type: soldier, owner: south, at: [2, 0]}\n",
        "    - {type: soldier, owner: south, at: [4, 1]}\n"))
    state = _play(game, game.new_state(0), "strike #1 foe=#2", "strike #3 foe=#4")
    assert state.outcome is not None
    assert state.outcome.winners == (0, 2) and state.outcome.ranks == (1, 3, 1, 3)


def test_a_teams_score_is_the_sum_of_its_players() -> None:
    """At the round limit the sides are ranked by their summed points."""
    game = build(RULES.replace("REMEMBER", remember("v", "1")).replace(
        "  lose:\n    \"{player} has no soldier\": \"count(entities(owner: player)) == 0\"\n",
        "").replace("      - kill: {what: foe}\n", ""))
    state = game.new_state(0)
    # Round 1: north strikes (1), east waits, south strikes (1), west strikes (1).
    state = _play(game, state, "strike #1 foe=#2", "wait #2", "strike #3 foe=#2",
                  "strike #4 foe=#3")
    for _ in range(2):
        state = _play(game, state, "wait #1", "wait #2", "wait #3", "wait #4")
    assert state.outcome is not None
    assert [state.players[p].params["points"] for p in range(4)] == [1, 0, 1, 1]
    assert state.outcome.winners == (0, 2) and state.outcome.ranks == (1, 3, 1, 3)


def test_team_mates_do_not_block_a_way() -> None:
    """On a strip of five, north at 0, south at 1, west at 3, east at 4: `blocked_by:
    enemies` lets north walk past south to 2 (without teams, south blocks the way)."""
    strip = (RULES.replace("size: [6, 2]", "size: [5, 1]")
             .replace("owner: east, at: [1, 0]", "owner: east, at: [4, 0]")
             .replace("owner: south, at: [2, 0]", "owner: south, at: [1, 0]")
             .replace("REMEMBER", remember(
                 "v", "sorted(reachable(actor, 3, blocked_by: 'enemies'))")))
    for rules, reached in ((strip, [Pos(2, 0)]),
                           (strip.replace("teams: [[north, south], [east, west]]\n", ""), [])):
        game = build(rules)
        assert _play(game, game.new_state(0), "count_friends #1").memory["v"] == reached


def test_team_mates_share_sight() -> None:
    game = build(RULES.replace("REMEMBER", remember("v", "1")) + "visibility:\n  sight: 1\n")
    state = game.new_state(0)
    # South's soldier sees west beside it: north sees it too, though three squares away.
    assert Pos(3, 0) in {e.pos for e in game.view(state, 0).iter_entities()}
    alone = build(RULES.replace("REMEMBER", remember("v", "1")).replace(
        "teams: [[north, south], [east, west]]\n", "") + "visibility:\n  sight: 1\n")
    assert Pos(3, 0) not in {e.pos for e in alone.view(alone.new_state(0), 0).iter_entities()}


def test_same_team_reads_sides() -> None:
    game = _game("[same_team(player, seat('south')), same_team(player, seat('east'))]")
    state = _play(game, game.new_state(0), "count_friends #1")
    assert list(state.memory["v"]) == [True, False]


@pytest.mark.parametrize(("teams", "said"), [
    ("[[north, sout], [east, west]]", "unknown player `sout`"),
    ("[[north, south], [east, north]]", "player `north` is in two teams"),
])
def test_bad_teams_are_located_errors(tmp_path: Path, teams: str, said: str) -> None:
    path = tmp_path / "pairs.yaml"
    path.write_text(RULES.replace("REMEMBER", remember("v", "1")).replace(
        "teams: [[north, south], [east, west]]", f"teams: {teams}"))
    with pytest.raises(RulesError) as err:
        load_rules(path)
    assert f"{path}:3:" in str(err.value) and said in str(err.value)


def test_the_rules_sheet_names_the_teams(tmp_path: Path) -> None:
    path = tmp_path / "pairs.yaml"
    path.write_text(RULES.replace("REMEMBER", remember("v", "1")))
    result = CliRunner().invoke(cli, ["rules", str(path)], terminal_width=100)
    assert result.exit_code == 0, result.output
    assert "Teams: North and South against East and West\n" in result.output
