"""The importer writes what a person would write by hand (rules/stratega/tighten.py):
candidates by owner, one reach, no precondition on a constant — and the game stays the
same as the plain translation's, neutral units included."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from typing import Any

import pytest

import stratagem
from conftest import load_script
from stratagem.rules.source import read_yaml
from stratagem.rules.stratega import translate, write_native
from stratega_helpers import play_side_by_side

HERE = Path(__file__).parent / "stratega"
FIXTURES = sorted(p for p in HERE.glob("*.yaml") if not p.stem.endswith("_native"))
TRANSLATE = importlib.import_module("stratagem.rules.stratega.translate")


def plain(path: Path, monkeypatch: pytest.MonkeyPatch) -> stratagem.engine.Game:
    """The game as the translation makes it before it is tightened."""
    with monkeypatch.context() as m:
        m.setattr(TRANSLATE, "tighten", lambda t: None)
        return stratagem.load(path)


def targets(path: Path, action: str) -> dict[str, Any]:
    """The native targets of one action, as plain text."""
    spec = translate(read_yaml(path)).out["actions"][action]
    return {k: {kk: (vv if kk != "where" else [getattr(w, "value", w) for w in vv])
                if not hasattr(vv, "value") else vv.value for kk, vv in v.items()}
            for k, v in spec.get("targets", {}).items()} | {"when": spec.get("when")}


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_tightened_and_plain_translations_play_the_same_game(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Along a random game of every fixture the tightening changes, the tightened game
    offers the same actions and holds the same units as the plain translation (where it
    changes nothing, the two native files are the same text)."""
    tightened = write_native(translate(read_yaml(path)), path.name)
    with monkeypatch.context() as m:
        m.setattr(TRANSLATE, "tighten", lambda t: None)
        untouched = write_native(translate(read_yaml(path)), path.name)
    if tightened != untouched:
        assert play_side_by_side(stratagem.load(path), plain(path, monkeypatch), 3, 30) > 0


def test_kill_the_king_reads_as_its_hand_written_twin() -> None:
    """Attack takes enemy units within its range, with no test of the damage (never
    changed, 25 or more for every attacker); Heal takes allies within the heal range
    alone (2, inside the sampling's circle of 3), every type but the healer."""
    attack = targets(HERE / "kill_the_king.yaml", "Attack")
    assert attack == {"target": {"kind": "entity", "from": "entities(owner: enemy)",
                                 "where": ["distance(actor, target) <= actor.AttackRange"]},
                      "when": None}
    heal = targets(HERE / "kill_the_king.yaml", "Heal")
    assert heal["target"]["from"] == "entities(owner: ally)"
    assert heal["target"]["where"] == ["distance(actor, target) <= actor.HealRange",
                                       "target.type != 'Healer'"]


NEUTRAL = """\
GameConfig: {Type: TBS, RoundLimit: 10, FogOfWar: false}
Agents: [RandomAgent, RandomAgent]
Tiles:
    Grass: {Symbol: ., IsWalkable: true, DefaultTile: true}
Board:
    GenerationType: Manual
    Layout: |-
        s0 b  .  .
        s1 .  .  b
Actions:
    Hit:
        Type: EntityAction
        Preconditions: ["ResourceGreaterEqual(Source.Strength, 3)"]
        Targets:
            Foe:
                Type: Entity
                SamplingMethod: {Type: Neighbours, Options: {Shape: Circle, Size: 1}}
                Conditions: ["DifferentPlayer(Source, Foe)"]
        Effects: ["Attack(Foe.Health, Source.Strength)"]
    Mend:
        Type: EntityAction
        Targets:
            Friend:
                Type: Entity
                SamplingMethod: {Type: Neighbours, Options: {Shape: Circle, Size: 3}}
                Conditions: ["SamePlayer(Source, Friend)", "InRange(Source, Friend, Source.Reach)"]
        Effects: ["ModifyResource(Friend.Health, 1)", "ModifyResource(Source.Strength, -1)"]
Entities:
    Soldier:
        Symbol: s
        Actions: [Hit, Mend]
        Parameters: {Health: 10, Strength: 4, Reach: 5}
    Barrel:
        Symbol: b
        Parameters: {Health: 3, Strength: 0, Reach: 0}
ForwardModel:
    LoseConditions:
        NoSoldiers: ["HasNoEntity(Source, Soldier)"]
"""


def test_neutral_units_keep_the_conditions_that_take_them(tmp_path: Path) -> None:
    """With neutral barrels on the board, `DifferentPlayer` stays a condition (a barrel
    is a different player's: Stratega's soldier may hit it), `SamePlayer` still reads
    as allies; a reach wider than the sampling's circle is kept, and a precondition on
    a parameter an effect changes is kept."""
    path = tmp_path / "neutral.yaml"
    path.write_text(NEUTRAL)
    hit = targets(path, "Hit")
    assert "from" not in hit["foe"]
    assert "actor.owner != foe.owner" in hit["foe"]["where"]
    assert [getattr(w, "value", w) for w in hit["when"]] == ["actor.Strength >= 3"]
    mend = targets(path, "Mend")
    assert mend["friend"]["from"] == "entities(owner: ally)"
    assert mend["friend"]["where"] == ["distance(actor, friend) <= 3",
                                       "distance(actor, friend) <= actor.Reach"]
    game = stratagem.load(path)
    state = game.new_state(seed=0)
    hits = sorted(str(a).split(" ", 2)[-1] for a in game.legal_actions(state)
                  if a.type == "Hit")
    barrel = next(e.id for e in state.entities.values() if e.pos == (1, 0))
    soldier = next(e.id for e in state.entities.values() if e.pos == (0, 1))
    assert hits == sorted([f"foe=#{barrel}", f"foe=#{soldier}"])


def test_the_benchmark_compares_files_by_cpu_time(tmp_path: Path) -> None:
    """`bench_stratega.py --cpu` times the same random games of each file in turns: one
    positive time a repeat for each, on games cut to one round."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_stratega.py"
    bench = load_script(path, "bench_stratega_cpu")
    files = bench.fixtures(1, tmp_path)
    times = bench.cpu_ab(1, 2, files)
    assert list(times) == [str(f) for f in files]
    assert all(len(runs) == 2 and all(r > 0 for r in runs) for runs in times.values())
