"""Cooperative games, played against the game itself (one team of every player), and the
other findings of Sinking Isle's writer: a team that lost to the game was reported as a
draw (and valued as one by every agent); a member put out handed the rest a win; an
entity parameter named `x` read the entity's column; what each agent refuses was not
listed; a card's numbers were never written; `show` left out a mid-effect question."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import stratagem
from stratagem.arena.narration import outcome_words
from stratagem.arena.stats import result_of
from stratagem.arena.tournament import GameRow
from stratagem.cli.main import cli
from stratagem.engine import Outcome
from stratagem.rules import RulesError, compile_text

REPRO = Path(__file__).parent / "outsider" / "coop_island" / "repro"

COOP = """
game: raft
players: [ann, bob]
teams: [[ann, bob]]
state:
  sunk: {default: 0, min: 0, max: 1}
  shore: {default: 0, min: 0, max: 1}
player:
  drowned: {default: 0, min: 0, max: 1}
actions:
  wait: {ends_turn: true}
  sink:
    effects: [{set: {what: game.sunk, to: 1}}]
    ends_turn: true
  land:
    effects: [{set: {what: game.shore, to: 1}}]
    ends_turn: true
  drown:
    effects: [{set: {what: player.drowned, to: 1}}]
    ends_turn: true
flow:
  phases:
    - name: turns
      actions: [wait, sink, land, drown]
end:
  win:
    "the raft reached the shore": "game.shore == 1"
  lose:
    "the raft sank": "game.sunk == 1"
    "{player} drowned": "player.drowned == 1"
"""


def _after(text: str, *moves: str) -> stratagem.State:
    game = compile_text(text)
    state = game.new_state(0)
    for move in moves:
        state = game.apply(state, game.parse_action(state, move))
    return state


def test_a_team_of_everyone_loses_together_to_the_game() -> None:
    state = _after(COOP, "sink")
    o = state.outcome
    assert o is not None and o.winners == () and o.ranks == (2, 2)
    assert o.lost_together and not o.is_draw
    assert o.returns == (-1.0, -1.0) and o.scores == (-1.0, -1.0)
    assert outcome_words(state.game, o) == "lost by ann and bob — the raft sank"


def test_one_member_lost_is_the_whole_teams_loss_not_the_others_win() -> None:
    state = _after(COOP, "wait", "drown")
    o = state.outcome
    assert o is not None and o.lost_together
    assert o.reason == "bob drowned"


def test_a_team_of_everyone_wins_together() -> None:
    o = _after(COOP, "land").outcome
    assert o is not None and o.winners == (0, 1) and o.ranks == (1, 1)
    assert not o.is_draw and o.returns == (1.0, 1.0)


def test_the_arena_counts_a_loss_together_as_a_loss_and_a_draw_as_a_draw() -> None:
    def row(winners: tuple[int, ...], ranks: tuple[int, ...]) -> GameRow:
        return GameRow(0, "k", (0, 1), 0, winners, ranks, (0.0, 0.0), "why", 1, 1, 0.0,
                       (0.0, 0.0), (1, 1), (0, 0), None)
    assert [result_of(row((), (2, 2)), p) for p in (0, 1)] == ["loss", "loss"]
    assert [result_of(row((), (1, 1)), p) for p in (0, 1)] == ["draw", "draw"]
    assert [result_of(row((0, 1), (1, 1)), p) for p in (0, 1)] == ["win", "win"]


def test_rivals_who_all_win_at_once_draw() -> None:
    rivals = COOP.replace("teams: [[ann, bob]]\n", "")
    o = _after(rivals.replace('"game.shore == 1"', '"game.shore == 1 or true"'), "wait").outcome
    assert o is not None and o.is_draw and o.winners == () and o.returns == (0.0, 0.0)
    # Without a team, a player out leaves the other standing: a win, as before.
    o = _after(rivals, "drown").outcome
    assert o is not None and o.winners == (1,) and o.ranks == (2, 1)


def test_a_solitaire_game_lost_is_lost_not_drawn() -> None:
    solo = COOP.replace("players: [ann, bob]\nteams: [[ann, bob]]", "players: [ann]")
    o = _after(solo, "sink").outcome
    assert o is not None and o.lost_together and not o.is_draw and o.returns == (-1.0,)
    assert Outcome((), (1,), (0.0,), "x").is_draw  # a solitaire game drawn stays a draw


def test_the_repro_reads_lost_by_both() -> None:
    result = CliRunner().invoke(cli, ["play", str(REPRO / "01_team_loss_is_a_draw.yaml"),
                                      "--agents", "random,random", "--seed", "1"])
    assert "Result: lost by ann and bob — the island sank" in result.output


@pytest.mark.parametrize("name", ["x", "y", "pos", "owner", "type", "id"])
def test_an_entity_parameter_cannot_take_the_name_of_what_every_entity_has(name: str) -> None:
    text = f"game: g\nplayers: [a]\nentities:\n  card:\n    params: {{{name}: 0}}\n" \
           "flow:\n  phases: [{name: p}]\nend: {round_limit: 1}\n"
    with pytest.raises(RulesError) as err:
        compile_text(text, "g.yaml")
    assert f"g.yaml:5:14: `{name}` cannot name a parameter of card: `.{name}` of an entity" \
        in str(err.value)


def test_a_player_parameter_cannot_be_called_name() -> None:
    text = "game: g\nplayers: [a]\nplayer:\n  name: 0\nflow:\n  phases: [{name: p}]\n" \
           "end: {round_limit: 1}\n"
    with pytest.raises(RulesError, match=r"g.yaml:4:3: `name` cannot name a parameter of "
                                         r"player: `.name` of a player is the player's name"):
        compile_text(text, "g.yaml")


def test_the_agents_list_says_what_each_refuses() -> None:
    out = CliRunner().invoke(cli, ["agents"]).output
    blocks = out.split("\n")
    refused = {blocks[i - 1].split()[0] if not blocks[i - 1].startswith(" ") else
               next(b.split()[0] for b in reversed(blocks[:i]) if not b.startswith(" "))
               for i, line in enumerate(blocks) if "plays only games with no hidden" in line}
    assert {"expectimax", "greedy-turn", "tactical"} <= refused
    assert "mcts" not in refused and "osla" not in refused


def test_a_cards_numbers_are_written_when_display_show_names_them(tmp_path: Path) -> None:
    save = tmp_path / "r5.json"
    CliRunner().invoke(cli, ["new", str(REPRO / "05_card_params_never_shown.yaml"),
                             "--out", str(save)])
    out = CliRunner().invoke(cli, ["show", str(save)]).output
    assert "discard: flood card #2 (col 1, row 2), flood card #3 (col 2, row 1)" in out


def test_show_asks_a_mid_effect_question_in_its_own_words(tmp_path: Path) -> None:
    save = tmp_path / "r6.json"
    runner = CliRunner()
    runner.invoke(cli, ["new", str(REPRO / "06_show_omits_choose_prompt.yaml"),
                        "--out", str(save)])
    moved = runner.invoke(cli, ["move", str(save), "grab"]).output
    shown = runner.invoke(cli, ["show", str(save)]).output
    for out in (moved, shown):
        assert "ann to decide: 3 options\n  discard one\n  choose c=#1" in out


_BLOCK = re.compile(r"<!-- (?P<marker>coop [a-z]+) -->\n```\w*\n(?P<body>.*?)```", re.S)
TUTORIAL = Path(__file__).resolve().parent.parent / "docs" / "tutorial.md"


def test_the_tutorials_raft_plays_as_it_says(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/tutorial.md's *Playing together against the game*: its session prints what it
    shows, and the leak rolled as a round begins is told under that round."""
    blocks = {m.group("marker"): m.group("body")
              for m in _BLOCK.finditer(TUTORIAL.read_text(encoding="utf-8"))}
    (tmp_path / "raft.yaml").write_text(blocks["coop rules"], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(blocks["coop session"], {}, "tutorial coop",
                                               str(TUTORIAL), 0)
    result = doctest.DocTestRunner().run(test)
    assert result.attempted == 6 and result.failed == 0
    out = CliRunner().invoke(cli, ["play", "raft.yaml", "--agents", "random,random",
                                   "--seed", "1"]).output
    assert "round 2, crossing\n      rolls 2\n  ann " in out
