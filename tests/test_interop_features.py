"""The observation vector of the bridges: one length per game, the same in a list or an array."""

from __future__ import annotations

from pathlib import Path

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


def test_flower_war_vector_holds_what_a_player_sees_in_blocks() -> None:
    """Flower War's 48 x 36 field is read in 2 x 2 squares: a few planes per unit type and per
    changing parameter, under 17,000 numbers (it was 193,741), and every figure on the field
    is counted."""
    game = stratagem.load("flower_war")
    features = Features(game)
    assert features.cell == 2 and features.cells == 24 * 18
    assert features.size < 17_000
    assert "armour" not in features.params and "fatigue" in features.params
    assert "activation_pool" not in features.entity_types  # a box of the battle board
    state = game.new_state(3)
    vector = features.encode(state, 0)
    pieces = features.cells * len(features.tile_types)
    params = pieces + features.cells * len(features.entity_types) * features.owners
    on_board = [e for e in state.entities.values() if e.pos is not None]
    assert sum(vector[pieces:params]) == len(on_board)
    figures = params + features.params.index("figures") * features.cells
    assert sum(vector[figures:figures + features.cells]) == sum(
        e.params["figures"] for e in on_board)
    assert sum(vector[:pieces]) == pytest.approx(game.board.width * game.board.height / 4)


def test_a_chosen_cell_size_and_the_exact_board() -> None:
    """``cell=1`` keeps every cell its own plane entry; ``cell=3`` folds tic-tac-toe into one."""
    game = stratagem.load("tic_tac_toe")
    exact, folded = Features(game, cell=1), Features(game, cell=3)
    assert exact.cells == 9 and folded.cells == 1
    state = game.new_state(0)
    for text in ("place cell=(0,0)", "place cell=(1,1)", "place cell=(2,2)"):
        state = game.apply(state, game.parse_action(state, text))
    vector = folded.encode(state, 0)
    pieces = folded.cells * len(folded.tile_types)
    x = folded.entity_types.index("x")
    assert vector[pieces + x * folded.owners + 0] == 2.0  # two x in the one square
    with pytest.raises(ValueError, match="cell"):
        Features(game, cell=-1)


def test_parameters_that_never_change_get_no_plane() -> None:
    """Broken Throne's attack and range are told by the unit's type; hp, moved and acted,
    which play changes, have planes."""
    features = Features(stratagem.load("broken_throne"))
    assert {"hp", "moved", "acted"} <= set(features.params)
    assert not {"attack", "range", "speed"} & set(features.params)


SEALED_BIDS = Path(__file__).parent / "outsider" / "sealed_bids" / "sealed_bids.yaml"


def _block(features: Features, name: str) -> tuple[int, int]:
    start = 0
    for block, size in features.layout:
        if block == name:
            return start, start + size
        start += size
    raise KeyError(name)


def test_cards_of_one_type_are_told_apart_by_their_values() -> None:
    """Sealed Bids: every bid card is one type, told apart by its value, and the prize lies
    in a table zone. A player's vector counts its hand's cards by value and the pot's prize
    by value, so two deals with different prizes differ; another player's hand, hidden,
    adds nothing (the sealed-bids writer's finding 5: the vector was the same for every
    deal)."""
    game = stratagem.load(str(SEALED_BIDS), "two")
    features = Features(game)
    assert ("bid", "value", 15) in features.faces and ("prize", "value", -5) in features.faces
    start, end = _block(features, "faces")
    places = len(features.zones)

    def at(owner: int, zone: str, face: tuple[str, str, int]) -> int:
        return (start + (owner * places + features.zones.index(zone)) * len(features.faces)
                + features.faces.index(face))

    prizes = set()
    for seed in range(6):
        state = game.new_state(seed)
        vector = features.encode(state, 0)
        hand = [state.entities[c] for c in state.players[0].zones["hand"]]
        assert all(vector[at(0, "hand", ("bid", "value", e.params["value"]))] == 1.0
                   for e in hand)
        assert sum(vector[at(1, "hand", ("bid", "value", v))] for v in range(1, 16)) == 0
        pot = [e for e in state.entities.values() if e.zone == "pot"]
        assert len(pot) == 1
        prize = pot[0].params["value"]
        assert vector[at(2, "pot", ("prize", "value", prize))] == 1.0  # 2: the table
        assert sum(vector[start:end]) == len(hand) + 1
        prizes.add(prize)
    assert len(prizes) > 1
