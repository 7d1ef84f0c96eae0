"""Parameters every tile has, declared once (`board: tile_params:`), and the warning for a
`set` of a tile parameter that some tile type lacks. Provinces' writer declared who holds
a province on each of seven tile types, and forgot it on one in a test: every capture of
that terrain vanished without a word."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.engine import Pos, State
from stratagem.engine.state_values import read_tile
from stratagem.rules import RulesError, check_rules

REPRO = (Path(__file__).parent / "outsider" / "provinces" / "repro"
         / "tile_param_silently_dropped.yaml")
HILL = Pos(2, 0)


def _rules(tmp_path: Path, old: str, new: str) -> Path:
    text = REPRO.read_text()
    assert old in text
    path = tmp_path / "tiles.yaml"
    path.write_text(text.replace(old, new))
    return path


def _march_to_the_hill(path: Path) -> State:
    game = stratagem.load(path)
    state = game.new_state(0)
    return game.apply(state, game.parse_action(state, "march #1 to=b"))


def _ctrl(state: State, pos: Pos) -> object:
    """Who holds a square: `tile(pos).ctrl` as the rules read it."""
    scope = state.game.rules_scope
    assert scope is not None
    return read_tile(state, pos, "ctrl", scope.tile_params["ctrl"])


def test_a_write_to_a_tile_type_without_the_parameter_is_warned_of() -> None:
    _, warnings = check_rules(REPRO)
    said = [w for w in warnings if "writes nothing" in w.message]
    assert len(said) == 1
    line = REPRO.read_text().splitlines().index("      - set: {what: tile(to).ctrl, to: 1}")
    assert (said[0].loc.line, said[0].loc.col) == (line + 1, 21)
    assert "`set` of `ctrl` on a tile of type `hill`" in said[0].message
    assert "board: tile_params" in said[0].hint
    # ...and it is true: the write to the hill is dropped.
    assert _ctrl(_march_to_the_hill(REPRO), HILL) == 0


def test_board_tile_params_give_every_tile_type_the_parameter(tmp_path: Path) -> None:
    path = _rules(tmp_path, "  tile_types:\n", "  tile_params: {ctrl: 0}\n  tile_types:\n")
    _, warnings = check_rules(path)
    assert not [w for w in warnings if "writes nothing" in w.message]
    after = _march_to_the_hill(path)
    assert _ctrl(after, HILL) == 1
    game = after.game
    over = game.apply(after, game.parse_action(after, "wait"))  # east's turn: the round ends
    assert over.outcome is not None and over.outcome.scores[0] == 1


def test_a_tile_types_own_parameter_comes_first(tmp_path: Path) -> None:
    path = _rules(tmp_path, "  tile_types:\n    void: {cost: null}\n    plain: {params: {ctrl: 0}}",
                  "  tile_params: {ctrl: {default: 0, max: 3}}\n  tile_types:\n"
                  "    void: {cost: null}\n    plain: {params: {ctrl: 2}}")
    game = stratagem.load(path)
    state = game.new_state(0)
    assert _ctrl(state, Pos(0, 0)) == 2  # plain's own default
    assert _ctrl(state, HILL) == 0  # the board's


def test_a_guarded_write_is_not_warned_of(tmp_path: Path) -> None:
    path = _rules(tmp_path, "      - set: {what: tile(to).ctrl, to: 1}",
                  "      - if: {test: \"tile(to).ctrl == 0 and to == place('a')\", "
                  "then: [{set: {what: tile(to).ctrl, to: 1}}]}")
    assert not [w for w in check_rules(path)[1] if "writes nothing" in w.message]
    # A test that reads only the tile's own parameter keeps nothing off the hill.
    loose = _rules(tmp_path, "      - set: {what: tile(to).ctrl, to: 1}",
                   "      - if: {test: \"tile(to).ctrl == 0\", "
                   "then: [{set: {what: tile(to).ctrl, to: 1}}]}")
    assert [w for w in check_rules(loose)[1] if "writes nothing" in w.message]


def test_a_bad_board_parameter_says_where(tmp_path: Path) -> None:
    path = _rules(tmp_path, "  tile_types:\n", "  tile_params: {ctrl: {default: x}}\n"
                  "  tile_types:\n")
    with pytest.raises(RulesError) as err:
        stratagem.load(path)
    assert "tiles.yaml:12:33: `default` must be a number, not `x`" in str(err.value)


def test_a_write_to_a_target_kept_to_its_tile_type_is_not_warned_of() -> None:
    """An imported Stratega `Gather` may only target a gold mine (its target's `where`
    tests the tile), yet was warned of as writing nothing on plain tiles."""
    rules = (Path(__file__).parent / "outsider" / "stratega_tbs" / "repro"
             / "tile_target_warning.yaml")
    assert not [w for w in check_rules(rules)[1] if "writes nothing" in w.message]


@pytest.mark.parametrize(("square", "warned"), [("(1, 0)", False), ("(0, 0)", True)])
def test_a_write_at_a_square_written_out_is_judged_by_that_squares_tile(
        tmp_path: Path, square: str, warned: bool) -> None:
    """`tile((1, 0)).ctrl` on the town the layout puts there writes: no warning; the same
    on a clear square writes nothing, and is warned of (the chit-pull writer's finding 4:
    every such write was warned of, whatever stood there)."""
    text = (Path(__file__).parent / "outsider" / "chits" / "repro"
            / "04_tile_param_literal_position_warning.yaml").read_text(encoding="utf-8")
    path = tmp_path / "towns.yaml"
    path.write_text(text.replace("tile((1, 0)).ctrl", f"tile({square}).ctrl"),
                    encoding="utf-8")
    _, warnings = check_rules(path)
    said = [w for w in warnings if "writes nothing" in w.message]
    assert bool(said) == warned, said
    if warned:
        assert "`clear`" in said[0].message and "`town`" not in said[0].message
