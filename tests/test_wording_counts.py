"""Counts said in the singular for one, "an" before a vowel, and what a scenario sets
on the rules sheet and in `stratagem games FILE` (the push-your-luck writer's slips)."""

from __future__ import annotations

from pathlib import Path

import stratagem
from rules_helpers import problems
from stratagem.agents.human import QuitGame
from stratagem.engine import a_or_an, plural
from test_cli import run

PUSHLUCK = str(Path(__file__).parent / "outsider" / "pushluck" / "pushluck.yaml")


def test_plural_and_article() -> None:
    assert [plural(k, "player") for k in (0, 1, 2)] == ["0 players", "1 player", "2 players"]
    assert [a_or_an(w) for w in ("entity", "number", "Ace")] == ["an entity", "a number",
                                                                 "an Ace"]


def test_a_type_mismatch_reads_an_entity() -> None:
    said = problems("""\
        game: g
        players: [red, blue]
        player:
          points: 0
        actions:
          pass: {ends_turn: true}
        flow: {phases: [{name: p, actions: [pass]}]}
        end: {round_limit: 1, score: "count(group(player))"}
        """)
    assert any("`player` is a player, expected an entity" in p for p in said), said


def test_one_decision_in_the_singular() -> None:
    assert str(QuitGame(0, "end of input", 1)).endswith("after 1 decision")
    game = stratagem.load(PUSHLUCK, "two")
    s = game.new_state(seed=1)
    s = game.apply(s, game.legal_actions(s)[0])
    why = stratagem.agent("expectimax:depth=1", game, seed=1).choose(s, s.decision).rationale
    assert "searched 1 decision deep" in why, why


def test_the_sheet_says_each_scenarios_seats_and_starting_numbers(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(capsys, "rules", PUSHLUCK, "--scenario", "solo")
    assert code == 0, err
    assert "  * (its own set-up, with no --scenario)" in out
    assert "solo  (1 player; starts with turn_limit 12) Solitaire" in " ".join(out.split("\n"))
    assert "two  (2 players) Two players." in out


def test_games_lists_the_files_it_is_given(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(capsys, "games", "--scenarios", PUSHLUCK)
    assert code == 0, err
    assert out.startswith(PUSHLUCK) and "(4 players: red, blue, green, yellow;" in out
    assert "solo_hard  (1 player; starts with turn_limit 10)" in out
    assert "tic_tac_toe" not in out  # the bundled games are listed only when no file is given
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: [\n")
    code, _, err = run(capsys, "games", str(bad))
    assert code == 2 and err.startswith(f"error: {bad}:2:1: ") and "Traceback" not in err
    code, _, err = run(capsys, "games", str(tmp_path / "none.yaml"))
    assert code == 2 and "none.yaml: no such file" in err
