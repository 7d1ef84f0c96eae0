"""The tactical agent's prices after seed 001, each named in the weight table, on golden
positions of Broken Throne (no dice: every price is exact)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

import stratagem
from play_helpers import build_placed
from stratagem.agents import Budget, make_agent
from stratagem.agents.tactical import DEFAULT_WEIGHTS, Currency, Planner, parse_weights
from stratagem.engine import Game, State
from stratagem.engine.spec import Placement
from stratagem.games import rules_path
from stratagem.rules import Parts, compile_rules


@cache
def _parts() -> Parts:
    path = rules_path("broken_throne")
    assert path is not None
    return compile_rules(path.parent)


def place(*units: tuple[Any, ...], board: str = "trial_retreat") -> Game:
    """Broken Throne with these units (``(type, side, (x, y))`` or with a dict of parameters)
    on a scenario's board (by default the open 14x6 field); ids follow the order, from 1."""
    parts = _parts()
    placements = tuple(Placement(u[0], u[1], u[2], params=dict(u[3]) if len(u) > 3 else {})
                       for u in units)
    return build_placed(parts, placements, parts.layouts[board], " (tactical prices)")


def price(game: Game, state: State, *texts: str, weights: str = "default") -> float:
    """The planner's price for red of the last action, after the ones before it."""
    for text in texts[:-1]:
        state = game.apply(state, game.parse_action(state, text))
    planner = Planner(game, Currency(game, parse_weights(weights)), 0)
    planner.start(Budget().start(game))
    found = planner.value(state, game.parse_action(state, texts[-1]))
    assert found is not None
    return found.value


def test_every_seed_price_has_a_named_weight() -> None:
    """The seed's prices beyond damage and kills are weights of their own, at the seed's
    figures: regeneration 1 (times damage taken), rage a third of the killer's cost, raise
    dead 10 gold, the sacrifice 1 (times current hit points)."""
    assert DEFAULT_WEIGHTS["regen"] == 1.0
    assert DEFAULT_WEIGHTS["rage"] == pytest.approx(1 / 3)
    assert DEFAULT_WEIGHTS["raise_dead"] == 10.0
    assert DEFAULT_WEIGHTS["sacrifice"] == 1.0
    assert parse_weights("cautious+rage=0")["rage"] == 0.0


def test_regeneration_is_priced_at_gold_per_hp_times_damage_taken() -> None:
    """Seed 001: regeneration on a unit is worth its price per hit point times the damage it
    has taken. The two hurt knights of ``trial_support`` (8 and 4 of 20 HP, 35 gold) are
    worth 21 and 28; the healthy spearman nothing; a regeneration weighed at 0 is 0."""
    game = stratagem.load("broken_throne", "trial_support")
    s = game.new_state(0)
    assert price(game, s, "select #2", "regenerate #2 target=#3") == pytest.approx(21.0)
    assert price(game, s, "select #2", "regenerate #2 target=#8") == pytest.approx(28.0)
    assert price(game, s, "select #2", "regenerate #2 target=#4") == pytest.approx(0.0)
    assert price(game, s, "select #2", "regenerate #2 target=#8",
                 weights="default+regen=0") == pytest.approx(0.0)


def test_golden_the_druid_regenerates_the_badly_hurt_knight_instead_of_attacking() -> None:
    """With two hurt knights, the druid's best plan is regeneration on the worse hurt one
    (+28), above any attack; priced at 0 as before, regeneration is not what it does."""
    game = stratagem.load("broken_throne", "trial_support")
    s = game.new_state(0)
    assert s.decision is not None
    said = make_agent("tactical:calls=8000", game).choose(s, s.decision).private
    assert said.startswith("tactical module")
    assert said.split("; ")[0].endswith("druid #2 grants regeneration to knight #8 (+28.00)")
    old = make_agent("tactical:calls=8000,weights=default+regen=0", game).choose(s, s.decision).private
    assert "regeneration" not in old.split("; ")[0]


def test_rage_adds_a_third_of_the_killers_cost_to_a_kill() -> None:
    """The berserker (30 gold) killing the wounded archer (25) earns 25 + 10; the zombie
    (5) 5 + 10. A knight's kill, which ends its turn, earns the victim's cost alone."""
    game = stratagem.load("broken_throne", "trial_rage")
    s = game.new_state(0)
    assert price(game, s, "select #1", "attack #1 target=#2") == pytest.approx(35.0)
    assert price(game, s, "select #1", "attack #1 target=#5") == pytest.approx(15.0)
    assert price(game, s, "select #1", "attack #1 target=#2",
                 weights="default+rage=0") == pytest.approx(25.0)
    knight = place(("knight", 0, (2, 2)), ("archer", 1, (3, 2), {"hp": 3}),
                   ("archer", 1, (13, 5)))
    ks = knight.new_state(0)
    assert price(knight, ks, "select #1", "attack #1 target=#2") == pytest.approx(25.0)


def test_raise_dead_is_worth_ten_gold_on_a_kill() -> None:
    """A necromancer's kill raises a zombie where the victim fell: the victim's cost (25)
    plus 10 gold (seed 001), not plus the zombie's own worth (5)."""
    game = place(("necromancer", 0, (2, 2)), ("archer", 1, (3, 2), {"hp": 3}),
                 ("archer", 1, (13, 5)))
    s = game.new_state(0)
    assert price(game, s, "select #1", "attack #1 target=#2") == pytest.approx(35.0)
    assert price(game, s, "select #1", "attack #1 target=#2",
                 weights="default+raise_dead=0") == pytest.approx(25.0)


def test_the_sacrifice_is_charged_at_the_zombies_current_hit_points() -> None:
    """Detonating a zombie of 2 of its 8 HP (5 gold) next to a knight: the blast's 8 damage
    is worth 8 x 35/20 = 14, and the zombie is charged 2 x 5/8 = 1.25, not its whole 5."""
    game = place(("necromancer", 0, (0, 2)), ("zombie", 0, (2, 2), {"hp": 2}),
                 ("knight", 1, (3, 2)), ("archer", 1, (13, 5)))
    s = game.new_state(0)
    assert price(game, s, "select #1", "zomboom #1 zombie=#2") == pytest.approx(14 - 1.25)
    whole = place(("necromancer", 0, (0, 2)), ("zombie", 0, (2, 2)),
                  ("knight", 1, (3, 2)), ("archer", 1, (13, 5)))
    assert price(whole, whole.new_state(0), "select #1",
                 "zomboom #1 zombie=#2") == pytest.approx(14 - 5.0)


def test_the_weight_table_is_printed_on_request() -> None:
    """The agent names every weight it prices with, for the numbers on request."""
    game = stratagem.load("broken_throne", "trial_support")
    agent = make_agent("tactical:calls=8000,weights=default+rage=0.5", game)
    text = agent.explain()  # type: ignore[attr-defined]
    for name in DEFAULT_WEIGHTS:
        assert f"{name} " in text
    assert "rage 0.5" in text and "regen 1" in text
