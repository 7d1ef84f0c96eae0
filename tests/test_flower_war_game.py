"""Flower War as a whole: the bundled game loads with both scenarios, starts at the Aztec
orders, its README states every ability of both boards, and `stratagem play` narrates
who activated, what was rolled and what each reaction did."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import stratagem
from flower_war_helpers import AZTECS, TLAXCALTECS, box, options, scenario
from stratagem.cli.main import main

README = Path(stratagem.__file__).parent / "games" / "flower_war" / "README.md"
TLAXCALTEC_BOARD = ("heavy_arrows", "eye_of_the_eagle", "loose_arrows", "activation_pool",
                    "attack_pool", "aimed_volley", "massed_volley", "shoulder_to_shoulder",
                    "shielded_volley", "harassing_fire", "common_efforts", "show_of_strength")
AZTEC_BOARD = ("obsidian_edge", "war_drums", "fearsome_cry", "attack_pool", "jaguar_pounce",
               "take_captives", "activation_pool")


def test_both_scenarios_field_two_full_warbands() -> None:
    """Each side: a Warlord, two elite units, two Warriors units and a Levy unit."""
    assert "flower_war" in stratagem.list_games()
    for name in ("battle", "close_quarters"):
        s = scenario(name).new_state(0)
        kinds = sorted((s.entity(e).owner, s.entity(e).type) for e in s.entities
                       if s.entity(e).zone is None)
        assert kinds == sorted(
            [(AZTECS, "aztec_warlord"), (AZTECS, "jaguar_warriors"), (AZTECS, "jaguar_warriors"),
             (AZTECS, "aztec_warriors"), (AZTECS, "aztec_warriors"), (AZTECS, "aztec_levy"),
             (TLAXCALTECS, "tlaxcaltec_warlord"), (TLAXCALTECS, "zoomorphic_warriors"),
             (TLAXCALTECS, "zoomorphic_warriors"), (TLAXCALTECS, "tlaxcaltec_warriors"),
             (TLAXCALTECS, "tlaxcaltec_warriors"), (TLAXCALTECS, "tlaxcaltec_levy")])


def test_each_side_has_its_battle_board() -> None:
    """Four activation boxes each, then the side's own abilities, all empty."""
    s = scenario().new_state(0)
    activations = ("activate_warlord", "activate_elites", "activate_warriors", "activate_levy")
    for side, board in ((AZTECS, AZTEC_BOARD), (TLAXCALTECS, TLAXCALTEC_BOARD)):
        names = {s.entity(e).type for e in s.players[side].zones["board"]}
        assert names == set(activations) | set(board)
        assert all(box(s, side, n)["dice"] == 0 for n in names)
    assert s.game.board.width == 48 and s.game.board.height == 36
    assert s.game.board.metric == "euclidean"


def test_the_game_starts_at_the_aztec_orders() -> None:
    """The first decision is the Aztecs' roll."""
    s = scenario().new_state(0)
    assert s.decision.player == AZTECS and options(s) == ["roll_dice"]


@pytest.mark.parametrize("name", TLAXCALTEC_BOARD + AZTEC_BOARD)
def test_the_readme_states_every_ability(name: str) -> None:
    """Every box of both boards is in the README's tables, by its printed name."""
    text = README.read_text(encoding="utf-8")
    words = {"loose_arrows": "Loose Arrows!"}.get(name, name.replace("_", " ").title())
    assert words.lower() in text.lower(), name


def test_play_narrates_activations_rolls_and_reactions(capsys: pytest.CaptureFixture[str]) -> None:
    """A random game at close quarters shows activations, rolls, reactions and a result; every
    roll is told in the game's words, so no raw dice are printed beside them."""
    code = 0
    try:
        main(["play", "flower_war", "--scenario", "close_quarters", "--agents", "random,random",
              "--seed", "4"])
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr().out
    assert code == 0
    assert re.search(r"aztecs roll \d dice: \d common, \d uncommon, \d rare", out)
    assert re.search(r"activates (with a die|free, near its Warlord,) to (move|shoot|charge)", out)
    assert "reacts: " in out and " fights " in out and "(rolls " not in out
    assert re.search(r"scores \d+ hits on \d\+; .* scores \d+ hits on \d\+", out)
    assert "(None)" not in out, "a side's own reaction names no unit"
    assert re.search(r"Result: (won by aztecs|won by tlaxcaltecs|draw) — ", out)
