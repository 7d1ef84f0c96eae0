"""The observation vector of the bridges: one length per game, the same in a list or an array."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

import stratagem  # noqa: E402
from conftest import GAMES, play  # noqa: E402
from stratagem.interop.features import Features, describe  # noqa: E402


@pytest.mark.parametrize("name", GAMES)
def test_vector_has_the_declared_size_and_fills_an_array_alike(name: str) -> None:
    """Along a seeded random game, every player's vector has the layout's length, and filling a
    numpy array gives the list ``encode`` gives."""
    game = stratagem.load(name)
    features = Features(game)
    assert features.size == sum(size for _, size in features.layout)
    playout = play(game, 5, [3, 1, 4, 1, 5, 9, 2, 6], max_steps=30)
    for state in playout.states[::5]:
        for p in range(len(game.players)):
            vector = features.encode(state, p)
            assert len(vector) == features.size
            array = np.zeros(features.size, np.float32)
            features.fill(state, p, array)
            assert np.array_equal(array, np.asarray(vector, np.float32))


def test_pieces_land_in_their_planes() -> None:
    """In tic-tac-toe an x in the centre sets one cell of the x plane of player 0."""
    game = stratagem.load("tic_tac_toe")
    features = Features(game)
    state = game.apply(game.new_state(0), game.parse_action(game.new_state(0), "place cell=(1,1)"))
    vector = features.encode(state, 0)
    pieces = features.cells * len(features.tile_types)
    x_plane = pieces + (features.entity_types.index("x") * features.owners + 0) * features.cells
    assert vector[x_plane + 4] == 1.0
    assert sum(vector[pieces:pieces + features.cells * len(features.entity_types)
                      * features.owners]) == 1.0
    assert "x to decide" not in describe(state) and "o to decide" in describe(state)
