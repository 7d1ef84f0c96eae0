"""A settlers-like fixture (tests/stratega/settlers.yaml): a technology named like an
entity type is renamed on import, an action written twice keeps its later definition
(as Stratega's reader does) with a warning, and a grid spawn builds the tower."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.engine import Game, State
from stratagem.rules import check_rules
from stratagem.rules.source import read_yaml
from stratagem.rules.stratega import translate
from stratega_helpers import play_side_by_side
from test_cli import run

HERE = Path(__file__).parent / "stratega"
SETTLERS = HERE / "settlers.yaml"


def act(game: Game, state: State, text: str) -> State:
    return game.apply(state, game.parse_action(state, text))


def offered(game: Game, state: State) -> list[str]:
    return sorted(str(a) for a in game.legal_actions(state))


def test_a_technology_named_like_an_entity_type_is_renamed() -> None:
    """`GuardTower` the technology becomes `GuardTowerTech` (the origin comment says
    why), its requirement and every technology slot follow it, and `GuardTower` in
    `HasEntity` and `RequiredTechnology`'s owner is still the entity type."""
    t = translate(read_yaml(SETTLERS))
    techs = t.out["technologies"]["Building"]
    assert list(techs) == ["Masonry", "GuardTowerTech"]
    assert techs["GuardTowerTech"]["requires"] == ["Masonry"]
    assert "renamed `GuardTowerTech`: an entity type is named `GuardTower`" in \
        t.origins[("technologies", "Building", "GuardTowerTech")]
    assert list(t.out["entities"]) == ["Settler", "GuardTower"]


def test_the_later_of_two_definitions_is_used_with_a_warning() -> None:
    """`Research` is written twice; the later one (which pays) is the game's, and
    checking the file warns at the second key's place."""
    _, warnings = check_rules(SETTLERS)
    assert [str(w) for w in warnings if "twice" in str(w)] == [
        f"{SETTLERS}:99:5: key `Research` appears twice: the later one is used, as "
        "Stratega's reader does (the first is at line 50) — remove one of them"]
    game = stratagem.load(SETTLERS)
    state = game.new_state(seed=0)
    assert offered(game, state) == ["EndTurn", "Gather #1", "Move #1 where=(0,1)",
                                    "Move #1 where=(1,0)", "Research tech=Masonry"]
    state = act(game, state, "Research tech=Masonry")
    assert state.players[0].params["Wood"] == 1  # the later Research pays its cost
    assert "Research tech=GuardTowerTech" not in offered(game, state)  # 3 wood


def test_a_tower_is_built_once_its_technology_is_researched() -> None:
    """With Masonry and the GuardTower technology researched and 4 wood, the settler
    builds a tower on a free cell beside it (`SpawnEntityGrid`), paying its cost, and
    its player wins; before the research, no `Build` is offered."""
    game = stratagem.load(SETTLERS)
    state = act(game, game.new_state(seed=0), "Research tech=Masonry")
    for _ in range(3):  # gather for three rounds: 1 + 6 wood
        state = act(game, state, "Gather #1")
        assert not any(a.startswith("Build") for a in offered(game, state))
        state = act(game, act(game, state, "EndTurn"), "EndTurn")
    state = act(game, state, "Research tech=GuardTowerTech")
    assert state.players[0].params["Wood"] == 4
    builds = [a for a in offered(game, state) if a.startswith("Build")]
    assert builds == ["Build #1 kind=GuardTower spot=(0,1)",
                      "Build #1 kind=GuardTower spot=(1,0)"]
    state = act(game, state, "Build #1 kind=GuardTower spot=(1,0)")
    towers = [(e.owner, e.pos) for e in state.entities.values() if e.type == "GuardTower"]
    assert towers == [(0, (1, 0))]
    assert state.outcome is not None and state.outcome.winners == (0,)


def test_validate_warns_and_import_writes_the_renamed_technology(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`validate` prints the warning and passes; `import-stratega` warns too and writes
    a native file that validates, with the technology under its new name, and plays the
    same random game."""
    code, _, err = run(capsys, "validate", str(SETTLERS))
    assert code == 0 and "warning:" in err and "appears twice" in err
    code, _, err = run(capsys, "import-stratega", str(SETTLERS), "--out", str(tmp_path / "s"))
    assert code == 0 and "appears twice" in err
    written = tmp_path / "s" / "rules.yaml"
    assert "GuardTowerTech:" in written.read_text()
    assert run(capsys, "validate", str(written))[0] == 0
    assert play_side_by_side(stratagem.load(SETTLERS), stratagem.load(written), 2, 60) > 5


def test_plays_at_the_terminal_with_tactical_and_mcts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem play settlers.yaml --agents tactical,mcts` plays a short game to its end."""
    short = tmp_path / "settlers.yaml"
    short.write_text(SETTLERS.read_text().replace("RoundLimit: 30", "RoundLimit: 3"))
    code, out, err = run(capsys, "play", str(short), "--agents",
                         "tactical:calls=200,mcts:calls=20", "--seed", "1")
    assert code == 0, err
    assert "round limit (2) reached" in out or "wins" in out
