"""The Stratega importer: core constructs of fixtures written in Stratega's format."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.rules import RulesError
from stratagem.rules.stratega.actions import dijkstra_reach

HERE = Path(__file__).parent / "stratega"


def options(game: stratagem.engine.Game, state: object) -> list[str]:
    return sorted(str(a) for a in game.legal_actions(state))  # type: ignore[arg-type]


def test_tiny_duel_loads_with_players_and_its_first_options() -> None:
    """A Stratega file loads through `stratagem.load`: players p0 and p1, two steps on
    grass (not onto rock), and EndTurn."""
    game = stratagem.load(HERE / "tiny.yaml")
    assert game.players == ("p0", "p1")
    state = game.new_state(seed=1)
    assert options(game, state) == ["EndTurn", "Step #1 where=(1,2)", "Step #1 where=(2,1)"]


@pytest.mark.parametrize(("size", "reach"), [(0, 0), (1, 1), (2, 2), (3, 2), (4, 3), (7, 3),
                                             (8, 4)])
def test_dijkstra_reach_follows_stratega_doubling_cost(size: int, reach: int) -> None:
    """Stratega's Dijkstra doubles a cell's cost at each step: SearchSize 3 reaches 2."""
    assert dijkstra_reach(size) == reach


def test_real_time_games_are_refused_in_one_located_line(tmp_path: Path) -> None:
    """`Type: RTS` is refused at its place, in one line that says why."""
    f = tmp_path / "rts.yaml"
    f.write_text((HERE / "tiny.yaml").read_text().replace("Type: TBS", "Type: RTS"))
    with pytest.raises(RulesError) as info:
        stratagem.load(f)
    assert str(info.value).count("\n") == 0
    assert str(info.value).startswith(f"{f}:3:11: real-time Stratega games")
