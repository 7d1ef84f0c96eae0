"""Stratega files played: at the terminal (`stratagem play`), on the web page
(`stratagem serve`), and carried over to the native format (`import-stratega`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratega_helpers import play_side_by_side
from test_cli import assert_one_line_error, run
from test_web import Live

HERE = Path(__file__).parent / "stratega"
KTK = HERE / "kill_the_king.yaml"


def short_ktk(tmp_path: Path) -> Path:
    """Kill the King cut to two rounds, for a quick whole game."""
    f = tmp_path / "kill_the_king.yaml"
    f.write_text(KTK.read_text().replace("RoundLimit: 60", "RoundLimit: 3"))
    return f


def test_play_at_the_terminal_with_tactical_and_mcts(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem play FILE --agents tactical,mcts` plays a Stratega file to its end."""
    code, out, err = run(capsys, "play", str(short_ktk(tmp_path)), "--agents",
                         "tactical:calls=300,mcts:calls=20", "--seed", "1")
    assert code == 0, err
    assert "p0: tactical" in out and "round limit (2) reached" in out


def test_serve_starts_a_game_from_a_stratega_file() -> None:
    """The web server opens a Stratega file's game as `serve` does, and its API shows it
    waiting for the human seat, with Stratega's EndTurn among the options."""
    live = Live(first={"ref": str(KTK), "scenario": None, "codes": ["human", "random"],
                       "seed": 0})
    try:
        status, games = live.call("GET", "/api/games")
        assert status == 200 and games["current"]
        snap = live.settled(games["current"])
        assert snap["game"] == "kill_the_king"
        texts = [o["text"] for o in snap["decision"]["options"]]
        assert "EndTurn" in texts and any(t.startswith("Move #") for t in texts)
    finally:
        live.stop()


def test_import_writes_a_native_file_that_plays_the_same_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`import-stratega FILE --out DIR` writes DIR/rules.yaml, commented with where each
    part came from, which `validate` accepts and which plays the same game."""
    code, out, err = run(capsys, "import-stratega", str(KTK), "--out", str(tmp_path / "ktk"))
    assert code == 0, err
    written = tmp_path / "ktk" / "rules.yaml"
    assert out.startswith(f"{written}: written — kill_the_king: 4 entity types, 4 actions")
    text = written.read_text()
    assert "# from Actions.Attack, line 74" in text
    assert "# from Entities.King, line 112" in text
    code, out, _ = run(capsys, "validate", str(written))
    assert code == 0 and "ok — kill_the_king" in out
    play_side_by_side(stratagem.load(KTK), stratagem.load(written), 5, 40)


def test_import_refuses_to_overwrite_and_explains_itself(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A second import into the same folder needs --force; a file that is not a Stratega
    configuration, or one with a mistake, is refused in located lines; there is help."""
    target = str(tmp_path / "out")
    assert run(capsys, "import-stratega", str(HERE / "tiny.yaml"), "--out", target)[0] == 0
    code, _, err = run(capsys, "import-stratega", str(HERE / "tiny.yaml"), "--out", target)
    assert_one_line_error(code, err, "already exists", "--force")
    assert run(capsys, "import-stratega", str(HERE / "tiny.yaml"), "--out", target,
               "--force")[0] == 0
    rules = Path(stratagem.__file__).parent / "games" / "tic_tac_toe" / "rules.yaml"
    code, _, err = run(capsys, "import-stratega", str(rules), "--out", str(tmp_path / "x"))
    assert_one_line_error(code, err, "not a Stratega configuration")
    bad = tmp_path / "bad.yaml"
    bad.write_text((HERE / "tiny.yaml").read_text().replace("Attack(Foe", "Atack(Foe"))
    code, _, err = run(capsys, "import-stratega", str(bad), "--out", str(tmp_path / "y"))
    assert code == 2 and err.startswith(f"{bad}:") and "unknown Stratega effect" in err
    assert not (tmp_path / "y").exists()  # a refused file leaves no folder behind
    code, _, err = run(capsys, "import-stratega", str(tmp_path / "none.yaml"), "--out",
                       str(tmp_path / "z"))
    assert_one_line_error(code, err, "no such file")
    assert not (tmp_path / "z").exists()
    code, out, _ = run(capsys, "import-stratega", "--help")
    assert code == 0 and "--force" in out and "Translate a Stratega" in out


def test_play_seats_the_configurations_agents_by_default() -> None:
    """Without --agents, a Stratega file's `Agents` take the seats, each as its roster
    equivalent (MCTSAgent → mcts, RandomAgent → random); a file without them, or a native
    file, leaves the default to `play`."""
    from stratagem.rules.stratega import stratega_agents  # noqa: PLC0415 - one test's import
    assert stratega_agents(KTK, 2) == ["mcts", "random"]
    assert stratega_agents(HERE / "fog.yaml", 2) == ["human", "random"]
    assert stratega_agents(HERE / "economy.yaml", 2) is None
    assert stratega_agents(HERE / "kill_the_king_native.yaml", 2) is None
