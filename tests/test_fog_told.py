"""Under fog of war, a person is told another side's moves only as moves: at the terminal
(the account, its reasons and the last-move marks) and on the web page (the log, its
reasons and the outlined last moves), as a view's own log keeps them. Provinces' writer
saw "east scout #2 marches to d" for a scout west could not see."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import stratagem
from stratagem.arena.narration import UNSEEN
from stratagem.cli.board import board_grid
from stratagem.cli.main import cli
from stratagem.web.session import Session

REPRO = Path(__file__).parent / "outsider" / "provinces" / "repro" / "fog_log_leak.yaml"


def test_the_terminal_tells_a_hidden_move_only_as_a_move() -> None:
    result = CliRunner().invoke(cli, ["play", str(REPRO), "--agents", "human,random",
                                      "--seed", "1", "--explain"], input="wait\nwait\n")
    assert result.exit_code == 0, result.output
    assert "marches to" not in result.output
    assert result.output.count(f"east {UNSEEN}") == 2
    assert "Picked at random" not in result.output  # the hidden move's reason neither
    assert "last move" not in result.output


def test_watching_agents_tells_every_move() -> None:
    result = CliRunner().invoke(cli, ["play", str(REPRO), "--agents", "random,random",
                                      "--seed", "1"])
    assert "east scout #2 marches to" in result.output  # no person: nothing to hide


def test_the_web_log_tells_a_hidden_move_only_as_a_move() -> None:
    game = stratagem.load(REPRO)
    session = Session(game, ["human", "random"], seed=1)
    for _ in range(2):
        session.act("wait", session.version)
    snap = session.snapshot()
    east = [s for s in snap["log"] if s["player"] == 1]
    assert len(east) == 2
    assert all(s["line"] == UNSEEN and not s["events"] and not s["why"] for s in east)
    assert "marches" not in str(snap)
    watched = Session(game, ["random", "random"], seed=1).snapshot()
    assert any("marches to" in s["line"] for s in watched["log"])


def test_a_walk_plans_around_the_zones_of_control_its_side_sees() -> None:
    """A march toward a hidden enemy with `stop_near`: the way is planned on what the
    side sees, so the scout walks until it bumps into the hidden unit (it did not move at
    all, its move spent, when the hidden unit's zone of control cut the way)."""
    path = REPRO.with_name("fog_walk_stop_near.yaml")
    game = stratagem.load(path)
    state = game.new_state(0)
    after = game.apply(state, game.parse_action(state, "march #1 to=c"))
    assert after.entities[1].pos == game.board.places[1][1]  # b: stopped before c


def _in_sight(tmp_path: Path) -> Path:
    """The same game with sight enough for west to watch east's scout all the way."""
    path = tmp_path / "fog_in_sight.yaml"
    path.write_text(REPRO.read_text().replace("  sight: 0", "  sight: 6"))
    return path


def test_a_move_the_side_watched_is_told_in_full_but_not_its_reason(tmp_path: Path) -> None:
    """West sees the whole valley: east's march is told as it was, with the last move
    marked, at the terminal and on the page; the agent's reason is not told (it may
    speak of what west does not see)."""
    path = _in_sight(tmp_path)
    result = CliRunner().invoke(cli, ["play", str(path), "--agents", "human,random",
                                      "--seed", "1", "--explain"], input="wait\nwait\n")
    assert result.exit_code == 0, result.output
    assert "east scout #2 marches to" in result.output
    assert UNSEEN not in result.output
    assert "Picked at random" not in result.output
    assert "last move: ( ) from" in result.output
    session = Session(stratagem.load(path), ["human", "random"], seed=1)
    for _ in range(2):
        session.act("wait", session.version)
    east = [s for s in session.snapshot()["log"] if s["player"] == 1]
    assert len(east) == 2
    assert all("marches to" in s["line"] and not s["why"] for s in east)
    east_colour = session.game.display.player(1, "east").colour
    assert any(m["colour"] == east_colour for m in session.snapshot()["last"])


def test_under_fog_a_sides_own_units_keep_their_side_mark() -> None:
    """Both sides field scouts, so a scout is drawn with its side's mark (`sw`); under fog
    a view holds only west's own scout, and it was drawn `s`, then `sw` once an enemy
    scout came into sight (Kingdoms' writer saw the digits come and go)."""
    game = stratagem.load(REPRO.with_name("fog_walk_log.yaml"))
    state = game.new_state(0)
    assert " sw " in board_grid(game, game.view(state, 0)).plain
