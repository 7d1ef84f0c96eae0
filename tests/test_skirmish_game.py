"""Skirmish as a whole: its scenarios, how a game ends, the command line, and random games
of the ambush played to the end with the engine's invariants checked at every step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import stratagem
import stratagem.games
from conftest import check_state, load_script
from skirmish_helpers import act, arena, end_turn, roll, scenario, start
from stratagem.cli.main import main
from stratagem.engine import Pos, Rng


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().out


def placed(game) -> list[tuple[str, int, Pos]]:
    s = game.new_state(0)
    return [(e.type, e.owner, e.pos) for e in (s.entity(i) for i in sorted(s.entities))]


def test_the_scenarios_set_out_their_creatures() -> None:
    """`duel` (the default) is the fighter against a goblin; `ambush` the fighter and the rogue
    against three goblins, a goblin archer and an orc."""
    assert placed(stratagem.load("skirmish")) == placed(scenario("duel")) == [
        ("fighter", 0, Pos(3, 2)), ("goblin", 1, Pos(4, 2))]
    kinds = [(t, side) for t, side, _ in placed(scenario("ambush"))]
    assert kinds == [("fighter", 0), ("rogue", 0), ("goblin", 1), ("goblin", 1), ("goblin", 1),
                     ("goblin_archer", 1), ("orc", 1)]
    game = scenario("ambush")
    assert (game.board.width, game.board.height) == (12, 9)
    assert game.info.chance and not game.info.hidden and game.info.max_rounds == 10


def test_a_side_with_no_creature_standing_loses() -> None:
    """The last goblin drops: the heroes win at once."""
    game = scenario("duel")
    s = start(game, [15, 3])
    s = roll(game, act(game, s, "attack #1 target=#2"), 18, 10)
    assert s.decision is None and s.outcome is not None
    assert s.outcome.winners == (0,) and s.outcome.reason == "every creature of monsters is down"


def test_after_ten_rounds_the_fight_is_a_draw() -> None:
    """Creatures that only end their turns fight ten rounds, and the game ends as a draw."""
    game = arena(("fighter", "heroes", (0, 0)), ("goblin", "monsters", (7, 4)))
    s = start(game, [15, 3])
    for _ in range(20):
        s = end_turn(game, s)
    assert s.decision is None and s.outcome is not None and s.outcome.is_draw
    assert s.outcome.reason == "round limit (10) reached"


def test_validate_prints_the_one_line_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_cli(capsys, "validate", "src/stratagem/games/skirmish")
    assert code == 0
    assert out.strip() == ("src/stratagem/games/skirmish: ok — skirmish: 5 entity types, "
                           "13 actions, phases: combat, scenarios: duel, ambush, clearing")


def test_play_the_ambush_narrates_actions_rolls_and_reactions(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The narration says who acted, each attack's die and sum against the armour (in words,
    so no raw dice beside them), each reaction, and names the fallen by their kind."""
    code, out = run_cli(capsys, "play", "skirmish", "--scenario", "ambush",
                        "--agents", "random,random", "--seed", "3")
    assert code == 0
    assert "skirmish — seed 3 — heroes: random, monsters: random" in out
    assert "reacts: opportunity attack" in out and "(rolls " not in out
    assert re.search(r"· \w+ #\d+ strikes at \w+ #\d+(?: with \w+)?: \d+ \+ \d+ = \d+ "
                     r"against AC \d+, a", out)
    assert re.search(r"· \w+ #\d+ takes \d+ damage, \d+ HP left", out)
    drops = re.findall(r"· (.*) drops", out)
    assert drops and all(re.fullmatch(r"[a-z ]+ #\d+", who) for who in drops)
    assert re.search(r"Result: (won by heroes|won by monsters|draw) — ", out)


@pytest.mark.parametrize("explicit", [False, True], ids=["sampled", "explicit"])
def test_random_ambushes_play_to_the_end_within_the_invariants(explicit: bool) -> None:
    """Random play of the ambush ends every game, each state holding the invariants, and a
    finished game survives a round trip through its text form."""
    game = scenario("ambush")
    for seed in range(6):
        s = game.new_state(seed, explicit_chance=explicit)
        rng = Rng(seed)
        steps = 0
        while s.decision is not None:
            check_state(game, s)
            s = game.apply(s, s.decision.actions[rng.below(len(s.decision.actions))])
            steps += 1
        check_state(game, s)
        assert s.outcome is not None and steps < 2000
        assert game.deserialize(game.serialize(s)) == s


def test_the_readme_sample_is_real_output(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's sample narration appears, line for line and in order, in the real game."""
    readme = (Path(stratagem.games.rules_path("skirmish")).parent / "README.md").read_text()
    block = readme.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    command = block[0].removeprefix("$ stratagem ").split()
    code, out = run_cli(capsys, *command)
    assert code == 0
    lines = iter(out.splitlines())
    for shown in block[1:]:
        if shown != "…":
            assert any(line == shown for line in lines), shown


def test_the_soak_plays_a_named_scenario() -> None:
    """`benchmarks/soak.py --only skirmish:ambush` soaks the ambush, not the default duel."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "soak.py"
    soak = load_script(path, "skirmish_soak")
    assert soak.parse_args(["--only", "skirmish:ambush"]).only == ["skirmish:ambush"]
    tally = soak.soak_mode("skirmish:ambush", "explicit", 1, 0, 30, soak.Checker(check_state))
    assert (tally.games, tally.unfinished, tally.errors, tally.steps) == (1, 1, 0, 30)


def test_the_fighters_first_options_in_the_duel() -> None:
    """The fighter may move to each of the 38 other free squares of the yard (the farthest,
    around the goblin's reach, are six squares away), attack the goblin, Dash, Dodge,
    Disengage or end its turn: 43 options."""
    game = scenario("duel")
    s = start(game, [15, 3])
    kinds = [a.type for a in s.decision.actions]
    assert kinds.count("move") == 8 * 5 - 2
    assert sorted(set(kinds) - {"move"}) == ["attack", "dash", "disengage", "dodge", "end_turn"]
    assert len(kinds) == 43
