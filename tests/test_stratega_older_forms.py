"""Forms found in Stratega's own turn-based configurations that its engine accepts,
carried by the importer (fixture `stratega/older_forms.yaml`, written for this test), and
the refusals of forms its engine does not know, with what to write instead."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.engine import Game, State
from stratagem.rules import RulesError

FIXTURE = Path(__file__).parent / "stratega" / "older_forms.yaml"


def offered(game: Game, state: State, kind: str) -> list[str]:
    return sorted(str(a) for a in game.legal_actions(state) if a.type == kind)


def act(game: Game, state: State, text: str) -> State:
    return game.apply(state, game.parse_action(state, text))


def problems(tmp_path: Path, text: str) -> list[str]:
    f = tmp_path / "game.yaml"
    f.write_text(text)
    with pytest.raises(RulesError) as info:
        stratagem.load(f)
    return [str(p).replace(f"{f}:", "") for p in info.value.problems]


def test_shape_and_size_written_in_the_target_sample_as_neighbours() -> None:
    """`Shape: Cross, Size: 1` without `SamplingMethod` reaches the two free cells beside
    the scout in its row and column, as the Neighbours sampling of that shape does."""
    game = stratagem.load(FIXTURE)
    state = game.new_state(seed=0)
    assert offered(game, state, "Step") == ["Step #1 where=(1,2)", "Step #1 where=(2,1)"]


def test_different_player_with_one_argument_compares_with_the_source() -> None:
    """`DifferentPlayer(Foe)` keeps the other player's two units and not the scout
    itself; `AllowDiagonals` among Neighbours options changes nothing."""
    game = stratagem.load(FIXTURE)
    state = game.new_state(seed=0)
    assert offered(game, state, "Zap") == ["Zap #1 foe=#2", "Zap #1 foe=#3"]
    state = act(game, state, "Zap #1 foe=#2")
    assert state.entities[2].params["Health"] == 1


def test_source_player_in_a_players_action_is_that_player() -> None:
    """`Source.Player.Morale` in a PlayerAction raises the acting player's own Morale."""
    game = stratagem.load(FIXTURE)
    state = act(game, game.new_state(seed=0), "Rally crowd=(0,0)")
    assert [p.params["Morale"] for p in state.players] == [1, 0]


def test_a_technology_named_in_two_words_is_researched() -> None:
    """`Star Lore` is offered, paid for, and not offered again once researched."""
    game = stratagem.load(FIXTURE)
    state = game.new_state(seed=0)
    assert offered(game, state, "Learn") == ["Learn topic='Star Lore'"]
    state = act(game, state, "Learn topic='Star Lore'")
    assert state.players[0].params["Gold"] == 1
    assert offered(game, state, "Learn") == []


def test_a_shared_symbol_is_refused_where_the_map_uses_it(tmp_path: Path) -> None:
    text = FIXTURE.read_text().replace("X  .  .  .  X", "X  .  b0 .  X", 1)
    found = problems(tmp_path, text)
    assert len(found) == 1
    assert "symbol `b` stands for entity types Banner, Beacon: the map cannot say which" \
        in found[0]
    assert found[0].startswith("33:15: ")  # the `b` of the map


def test_names_stratega_does_not_know_are_refused_with_its_own(tmp_path: Path) -> None:
    text = FIXTURE.read_text().replace('"HasNoEntity(Source, Scout)"',
                                       '"NoHasEntity(Source, Scout)"')
    found = problems(tmp_path, text)
    assert len(found) == 1
    assert "unknown Stratega condition `NoHasEntity`" in found[0]
    assert "`HasNoEntity(Source, Type)`" in found[0]
