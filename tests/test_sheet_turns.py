"""The rules sheet's order of play (`stratagem rules`, `?` at the prompt): each phase of a
round with who takes turns in it, when it ends and whether it runs again, and under it the
steps of a turn with the actions each offers, how many, and when the step ends. Tests are
quoted as the rules write them, on one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import stratagem
from rules_helpers import build
from stratagem.cli.main import cli
from stratagem.cli.table import TableHuman
from stratagem.engine import ActionBuilder
from stratagem.games.sheet import turn_lines
from stratagem.web.rules_view import rules_view

RULES = """\
game: phased
players: [red, blue, green]
board:
  size: [4, 1]
player:
  seat: 0
state:
  runs: 0
entities:
  pawn:
    params: {speed: 1}
    actions: [advance, rest]
actions:
  advance:
    targets:
      to: {kind: position, from: "[(actor.pos.x + 1, 0)]", where: "on_board(to) and is_empty(to)"}
    effects:
      - move: {to: to}
  rest:
    effects: [{end_turn: {}}]
flow:
  phases:
    - name: muster
      order: {player: blue}
      actions: [rest]
      max_actions: 1
    - name: march
      order: {players: {first: green, rotate: true}}
      end_when: "game.runs >= 2"
      repeat: {until: "game.runs >= 2", most: 3}
      on_end: [{modify: {what: game.runs, by: 1}}]
      steps:
        - name: orders
          actions: [advance, rest]
          max_actions: 2
          end_when: >-
            count(entities(owner: player))
              == 0
        - name: pause
          actions: [rest]
    - name: melee
      order: {initiative: "it.speed * 10"}
      actions: [advance, rest]
    - name: bids
      order: {alternate: {first: "highest(players(), by: it.seat)"}}
      actions: [rest]
setup:
  entities:
    - {type: pawn, owner: red, at: [0, 0]}
    - {type: pawn, owner: blue, at: [3, 0]}
end:
  round_limit: 5
"""

SHEET = (
    "1. muster: blue alone takes a turn",
    "  actions: rest (one action)",
    "2. march: each player takes a turn in seat order: green, red then blue; who starts "
    "moves on one seat each round; it ends when game.runs >= 2; it runs again until "
    "game.runs >= 2, at most 3 times a round",
    "  orders: advance, rest (up to 2 actions); until count(entities(owner: player)) == 0",
    "  pause: rest",
    "3. melee: each unit takes a turn, played by its owner, highest first by it.speed * 10",
    "  actions: advance, rest",
    "4. bids: the players take one action each in turn until every one has passed, in seat "
    "order from the player highest(players(), by: it.seat), worked out as the phase begins",
    "  actions: rest",
)


def test_every_phase_and_step_of_a_round_is_on_the_sheet() -> None:
    assert turn_lines(build(RULES)) == SHEET


def test_a_game_of_one_phase_says_no_number_and_names_a_lone_step_actions() -> None:
    lines = turn_lines(stratagem.load("flower_war"))
    assert lines[0] == "battle: each player takes a turn in seat order: aztecs then tlaxcaltecs"
    assert lines[1] == "  orders: pick_up, roll_dice, reroll, place, end_orders; until " \
                       "player.stage == 2"
    assert lines[2].startswith("  activation: move, shoot, charge,")
    assert turn_lines(stratagem.load("skirmish"))[0] == (
        "combat: each unit takes a turn, played by its owner, highest first by "
        "it.initiative * 100 + it.dex")


def test_stratagem_rules_and_the_prompts_help_print_the_order_of_play(
        tmp_path: Path) -> None:
    path = tmp_path / "phased.yaml"
    path.write_text(RULES)
    result = CliRunner().invoke(cli, ["rules", str(path)], terminal_width=400)
    assert result.exit_code == 0, result.output
    out = [line.rstrip() for line in result.output.splitlines()]
    at = out.index("Order of play (each round)")
    assert tuple(line[2:] for line in out[at + 1:at + 1 + len(SHEET)]) == SHEET
    assert out[at + 1 + len(SHEET)] == "Actions"

    game = stratagem.load(str(path))
    state = game.new_state(seed=1)
    assert state.decision is not None
    text = TableHuman(game).help_text(state, state.decision, ActionBuilder(state))
    assert "== order of play (each round) ==\n" + "".join(
        f"  {line}\n" for line in SHEET) + "\n== your options now ==" in text


@pytest.mark.parametrize("name", stratagem.list_games())
def test_every_bundled_game_has_its_order_of_play_on_the_sheet_and_the_page(name: str) -> None:
    """A line per phase and one per step, in every bundled game; the page's rules view of
    it is plain JSON."""
    game = stratagem.load(name)
    lines = turn_lines(game)
    phases = [line for line in lines if not line.startswith("  ")]
    assert len(phases) == len(game.phases)
    assert len(lines) - len(phases) == sum(len(ph.steps) for ph in game.phases)
    view = rules_view(game)
    assert json.loads(json.dumps(view)) == view
    assert [t["phase"] for t in view["turns"]] == phases
