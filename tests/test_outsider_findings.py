"""What stopped or misled an outsider writing games from the docs alone, where the engine
or the command line (not the docs) is at fault. Each test states the behaviour the docs
lead a reader to expect and fails today (`xfail(strict=True)`): when the behaviour is
fixed, the test passes, strict xfail turns that into a failure, and the mark comes off.
The games are those of tests/outsider/ (see tests/test_outsider_games.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.engine.knowledge import knows
from test_cli import run

HERE = Path(__file__).parent / "outsider"
COURTIERS = HERE / "courtiers" / "courtiers.yaml"
KEEP_SIEGE = HERE / "keep_siege" / "keep_siege.yaml"
FIRST_MOVE = "play_guard victim=1 guess=spy"


def _courtiers_after_one_move(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                              rules: Path = COURTIERS) -> str:
    """A saved Courtiers game (seed 0) after north's first move; `move`'s output."""
    saved = tmp_path / "c.json"
    code, _, err = run(capsys, "new", str(rules), "--out", str(saved))
    assert code == 0, err
    code, out, err = run(capsys, "move", str(saved), FIRST_MOVE)
    assert code == 0, err
    return out


@pytest.mark.xfail(strict=True, reason="`move` prints every player's hidden hand to whoever moved")
def test_move_shows_the_mover_only_what_they_may_see(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    """docs/saved-files.md: players pass one file, each looking with `show --as`. The
    command a player moves with should not print the other hands (here: east's card,
    south's two after its draw, west's)."""
    out = _courtiers_after_one_move(capsys, tmp_path)
    game = stratagem.load(str(COURTIERS))
    state = game.new_state(seed=0)
    state = game.apply(state, game.parse_action(state, FIRST_MOVE))
    hidden = [f"{state.entity(c).type} #{c}" for p in (1, 2, 3) for c in state.zone(p, "hand")
              if not knows(state, 0, c)]
    assert hidden
    assert [card for card in hidden if card in out] == []


@pytest.mark.xfail(strict=True, reason="`move` prints the raw draw index though `show_rolls: false`")
def test_move_honours_show_rolls_false(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    """rules.md `show_rolls: false`: the account does not show the raw dice; `play` obeys
    (`north north plays a ward`), `move` still prints `(rolls 3)` — here the index of the
    face the next player drew into a hidden hand."""
    out = _courtiers_after_one_move(capsys, tmp_path)
    assert "(rolls" not in out


@pytest.mark.xfail(strict=True, reason="`show` lists hands but never the table's zones")
def test_show_lists_the_discard_pile_everyone_sees(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    """A `visibility: everyone` table zone (the discard pile) is part of what a player sees;
    `show --as` should list it as it lists hands."""
    _courtiers_after_one_move(capsys, tmp_path)
    code, out, err = run(capsys, "show", str(tmp_path / "c.json"), "--as", "south")
    assert code == 0, err
    assert "discard" in out


@pytest.mark.xfail(strict=True, reason="`show` draws every square as `.`, walls and all")
def test_show_draws_the_walls(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Keep Siege has walls at (2,1) and (6,1); the board `show` draws marks them, as the
    terminal table of `play` does, so a reader does not take them for open ground."""
    saved = tmp_path / "k.json"
    code, _, err = run(capsys, "new", str(KEEP_SIEGE), "--out", str(saved))
    assert code == 0, err
    code, out, err = run(capsys, "show", str(saved))
    assert code == 0, err
    row_1 = out.splitlines()[2].split()
    assert row_1[2] != "." and row_1[6] != "."


@pytest.mark.xfail(strict=True, reason="State.zone raises a bare KeyError for a table zone")
def test_state_zone_reads_a_table_zone() -> None:
    """In the rules `zone(p, 'discard')` reads a table zone whatever `p` (rules.md,
    *zones*); from Python `state.zone(0, 'discard')` raises `KeyError: 'discard'`, and no
    doc says that `state.cards.table` holds them."""
    game = stratagem.load(str(COURTIERS))
    state = game.new_state(seed=0)
    state = game.apply(state, game.parse_action(state, FIRST_MOVE))
    assert state.zone(0, "discard") == state.cards.table["discard"]
