"""Solitaire games (one player against the game itself), as a solo wargamer writes them:
holding out to the end is a win, the agents' rules of thumb read the player's score, and the
arena measures each agent's win rate against the game (a solitaire-game writer found the arena
crashing on its ratings, the end a draw, and `osla` choosing at random)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.agents.value import MaterialValue
from stratagem.rules import compile_text
from test_cli import run

SOLO = """
game: hold_out
players: [me]
player:
  gold: 0
entities:
  raider: {hints: {cost: 3}, params: {hp: {default: 2, min: 0, max: 2}}}
actions:
  gain:
    effects:
      - roll: {as: d, dice: 1d3}
      - modify: {what: player.gold, by: d}
    ends_turn: true
  waste:
    effects: [{modify: {what: player.gold, by: -1}}]
    ends_turn: true
flow:
  phases: [{name: play, actions: [gain, waste]}]
end:
  round_limit: 3
  score: player.gold
board: {size: [3, 3]}
setup:
  entities:
    - {type: raider, at: [1, 1]}
"""


def test_holding_out_to_the_round_limit_is_a_win() -> None:
    game = compile_text(SOLO)
    result = stratagem.play(game, ["random"], seed=1)
    o = result.outcome
    assert o is not None and o.winners == (0,) and o.returns == (1.0,) and not o.is_draw
    assert o.reason == "round limit (3) reached"


def test_the_rules_sheet_says_the_player_wins(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "solo.yaml"
    rules.write_text(SOLO, encoding="utf-8")
    code, out, _ = run(capsys, "rules", str(rules))
    assert code == 0
    assert "after 3 rounds, the player wins (score: player.gold)" in " ".join(out.split())


def test_the_value_reads_the_players_score_and_the_games_own_units() -> None:
    game = compile_text(SOLO)
    value = MaterialValue(game)
    start = game.new_state(seed=0)
    gained = game.apply(start, game.parse_action(start, "gain"))
    wasted = game.apply(start, game.parse_action(start, "waste"))
    assert value(gained, 0) > value(start, 0) > value(wasted, 0)
    t = start._begin()  # the raider (the game's own unit) hurt: better for the player
    t._w_entity(1).params_["hp"] = 1
    hurt = t._end()
    assert value(hurt, 0) > value(start, 0)


def test_one_step_lookahead_plays_the_better_move() -> None:
    game = compile_text(SOLO)
    result = stratagem.play(game, ["osla"], seed=2)
    assert [str(r.action) for r in result.state.history if r.player == 0] == ["gain"] * 3


def test_the_arena_gives_each_agent_its_win_rate_against_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "solo.yaml"
    rules.write_text(SOLO.replace("  round_limit: 3\n", "  round_limit: 3\n  lose:\n"
                                  "    \"{player} went broke\": \"player.gold < 0\"\n"),
                     encoding="utf-8")
    db = tmp_path / "r.sqlite"
    code, out, err = run(capsys, "arena", str(rules), "--agents", "random,osla", "--games",
                         "12", "--db", str(db))
    assert code == 0, err
    assert "osla wins 100.0% (75.8–100.0%, n=12) of its games against the game" in out, out
    assert "even share" not in out and "differ in strength" not in out
    code, out, err = run(capsys, "report", str(db))
    assert code == 0, err
    assert "osla as me wins 100.0%" in out


def test_a_game_ended_by_a_win_effect_is_not_warned_of_as_endless(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "stop.yaml"
    endless = "game: stop\nplayers: [me]\nactions:\n  stop:\n    effects: [EFFECT]\n" \
              "    ends_turn: true\nflow:\n  phases: [{name: play, actions: [stop]}]\n"
    rules.write_text(endless.replace("EFFECT", "{win: {reason: \"{player} stops\"}}"))
    code, _, err = run(capsys, "validate", str(rules))
    assert code == 0 and "no end condition" not in err
    rules.write_text(endless.replace("players: [me]", "players: [me]\nplayer: {n: 0}").replace(
        "EFFECT", "{modify: {what: player.n, by: 1}}"))
    code, _, err = run(capsys, "validate", str(rules))
    assert "no end condition" in err
