"""Difficulty levels: five named roster entries that play every bundled game, and the ladder
benchmark that measures them (run here on a tiny budget)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from types import ModuleType

import pytest

import stratagem
from conftest import GAMES, load_script
from stratagem.agents import LEVELS, ROSTER, Budget, MCTSAgent, TacticalAgent, make_agent
from stratagem.agents.levels import missing_tactics_keywords
from stratagem.engine import CHANCE

NAMES = ("novice", "casual", "skilled", "expert", "master")
BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_ladder.py"


def _load_bench() -> ModuleType:
    return load_script(BENCH, "bench_ladder")


def test_the_five_levels_are_roster_entries_weakest_first() -> None:
    """novice, casual, skilled, expert and master are registered in that order of strength,
    each with a one-line description naming its agent and budget, and the budgets grow."""
    assert tuple(level.name for level in LEVELS) == NAMES
    for level in LEVELS:
        spec = ROSTER[level.name]
        assert "\n" not in spec.description and str(level.budget) in spec.description
    calls = [level.budget.calls for level in LEVELS[1:]]
    assert all(c is not None for c in calls)
    assert calls == sorted(calls)  # type: ignore[type-var]


@pytest.mark.parametrize("name", GAMES)
def test_every_level_plays_every_bundled_game(name: str) -> None:
    """Each level builds for every bundled game (hidden information included) and picks a
    legal option at its first decision; a budget given to it replaces its own."""
    game = stratagem.load(name)
    state = game.new_state(1)
    while state.decision is not None and state.decision.player == CHANCE:
        state = game.apply(state, state.decision.actions[0])
    d = state.decision
    assert d is not None
    for level in NAMES:
        agent = stratagem.agent(level, game, seed=2, budget=Budget(calls=60))
        assert agent.level == level and agent.budget == Budget(calls=60)
        assert agent.choose(state.view(d.player), d).action in d


def test_a_level_keeps_its_settings_under_another_budget() -> None:
    """`master:calls=99` is the master's search with 99 calls; without arguments it has its
    own budget; in a game with something to count its rollouts are cut off, in one without
    they play to the end."""
    pig, c4 = stratagem.load("pig"), stratagem.load("connect_four")
    master = make_agent("master:calls=99", pig)
    assert isinstance(master, MCTSAgent) and master.budget == Budget(calls=99)
    assert make_agent("master", pig).budget == LEVELS[-1].budget
    assert "then value function" in repr(master.evaluator)
    assert repr(make_agent("master", c4).evaluator) == "random rollout"  # type: ignore[attr-defined]


def test_skilled_beats_novice_at_connect_four() -> None:
    """With seats alternating and fixed seeds, skilled wins at least 9 of 10 games of connect
    four against novice (the ladder's long run measures every step)."""
    game = stratagem.load("connect_four")
    wins = 0
    for seed in range(10):
        seat = seed % 2
        agents = ["novice", "novice"]
        agents[seat] = "skilled"
        wins += seat in stratagem.play(game, agents, seed=seed).outcome.winners
    assert wins >= 9


# ------------------------------------------------------------------ the ladder benchmark
def test_ladder_benchmark_plays_each_pair_and_rates_the_levels(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A tiny run plays the asked games per pair with seats alternating, prints W-D-L, Wilson
    intervals and ratings, and writes them as JSON."""
    bench = _load_bench()
    path = tmp_path / "ladder.json"
    args = ["--games", "2", "--levels", "novice,casual", "--on", "tic_tac_toe,connect_four",
            "--json", str(path)]
    assert bench.main(args) == 0
    out = capsys.readouterr().out
    assert "casual vs novice" in out and "Wilson 95%" in out and "ratings over all games" in out
    report = json.loads(path.read_text(encoding="utf-8"))
    assert set(report["games"]) == {"tic_tac_toe", "connect_four"}
    for part in report["games"].values():
        (pair,) = part["pairs"]
        assert pair["games"] == 2 == pair["wins"] + pair["draws"] + pair["losses"]
        low, high = pair["wilson95"]
        assert 0 <= low <= pair["score"] <= high <= 1
    assert report["ratings_all_games"]["novice"] == pytest.approx(1000)


def test_wilson_interval_and_ratings_have_known_values() -> None:
    """The Wilson interval of 8 of 10 is 0.49..0.94; an even pair gets equal ratings and a
    3-to-1 pair a gap of about 400 * log10(3) less the pull of the imagined draw."""
    bench = _load_bench()
    low, high = bench.wilson(8, 10)
    assert (round(low, 2), round(high, 2)) == (0.49, 0.94)
    assert bench.wilson(0, 0) == (0.0, 1.0)

    def games(upper_score: float, n: int) -> list[object]:
        return [bench.Played("g", "a", "b", i, i % 2, upper_score, 1, 0.0) for i in range(n)]

    even = bench.bradley_terry(["a", "b"], games(0.5, 10))
    assert even["b"] == pytest.approx(even["a"])
    lopsided = bench.bradley_terry(["a", "b"], games(1.0, 30) + games(0.0, 10))
    # 30.5 wins to 10.5 with the imagined draw: odds 61/21
    assert lopsided["b"] - lopsided["a"] == pytest.approx(400 * math.log10(61 / 21))


def test_ladder_size_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """`$STRATAGEM_LADDER_GAMES` sets the games per pair; unknown levels or games, and games
    for more than two players, are usage errors."""
    bench = _load_bench()
    monkeypatch.setenv("STRATAGEM_LADDER_GAMES", "7")
    args = bench.parse_args([])
    assert args.games == 7 and args.levels == list(NAMES)
    for bad in (["--levels", "novice"], ["--levels", "novice,grandmaster"], ["--on", "chess"],
                ["--games", "0"]):
        with pytest.raises(SystemExit):
            bench.parse_args(bad)


# ------------------------------------------------------------------ levels per kind of game
def _tactics_skip() -> None:
    missing = sorted({k for level in LEVELS for k in missing_tactics_keywords(level.tactics)})
    if missing:
        pytest.skip(f"the tactical agent here takes no keyword {', '.join(missing)} "
                    "(the tactics levels need them; they come with the tactical agent's "
                    "blunder)")


def test_levels_say_what_they_are_in_each_kind_of_game() -> None:
    """Each level's line names its tactical settings for tactics games and its search for the
    others; the share of careless moves falls from each level to the next, to none at the
    top."""
    for level in LEVELS:
        line = ROSTER[level.name].description
        assert "in tactics games" in line and "in others" in line
        assert f"blunder={level.tactics['blunder']}" in line and str(level.budget) in line
    blunders = [level.tactics["blunder"] for level in LEVELS]
    assert blunders == sorted(blunders, reverse=True) and len(set(blunders)) == len(LEVELS)
    assert blunders[-1] == 0


@pytest.mark.parametrize("name", ["broken_throne", "skirmish"])
def test_tactics_games_get_the_tactical_agent_at_each_level(name: str) -> None:
    """In a tactics game each level is the tactical agent with the level's share of careless
    moves (and its own budget unless one is given); in connect four it stays a search agent."""
    _tactics_skip()
    game = stratagem.load(name)
    for level in LEVELS:
        agent = make_agent(level.name, game, seed=1)
        assert isinstance(agent, TacticalAgent) and agent.level == level.name
        assert agent.blunder == level.tactics["blunder"]  # type: ignore[attr-defined]
        assert agent.budget == level.tactics_budget
        assert make_agent(f"{level.name}:calls=99", game).budget == Budget(calls=99)
        assert not isinstance(make_agent(level.name, stratagem.load("connect_four")),
                              TacticalAgent)


def test_without_the_tactical_keywords_a_tactics_game_gets_the_search_levels() -> None:
    """Until the tactical agent takes depth and noise, a tactics game is given each level's
    search agent (guided by the unit prices), never an agent that would fail to build."""
    game = stratagem.load("broken_throne")
    for level in LEVELS:
        agent = make_agent(level.name, game, seed=1)
        if level.tactics_ready:
            assert isinstance(agent, TacticalAgent)
        else:
            assert isinstance(agent, level.agent) and agent.budget == level.budget
