"""A game started without --seed is a new game each time, and its seed is kept from the
players until it ends: with the seed, a player could work out the dice to come and the
cards dealt. Take-backs, which would show the same, are off where there are dice or
hidden cards unless asked for."""

from __future__ import annotations

import re

import pytest

import stratagem
from stratagem.cli.main import main
from test_cli_play import run

SEED_LINE = re.compile(r"seed (\d+): --seed \1 plays this game again")


def test_a_game_without_a_seed_is_new_each_time_and_told_at_its_end(capsys, monkeypatch):
    """Pig without --seed (and no $STRATAGEM_SEED): the header names no seed, the last
    line does, and --seed with it plays the very same game again."""
    monkeypatch.delenv("STRATAGEM_SEED", raising=False)
    games = []
    for _ in range(2):
        code, out, _ = run(capsys, monkeypatch, "", "play", "pig", "--agents", "random,random")
        assert code == 0
        assert "seed" not in out.splitlines()[0]
        m = SEED_LINE.search(out)
        assert m is not None, out[-300:]
        games.append((int(m.group(1)), out))
    (first, told), (second, _) = games
    assert first != second
    code, again, _ = run(capsys, monkeypatch, "", "play", "pig", "--agents", "random,random",
                         "--seed", str(first))
    assert code == 0 and again.splitlines()[0].startswith(f"pig — seed {first} — ")
    assert again.splitlines()[1:] == told.splitlines()[1:-1]


def test_a_seed_chosen_is_shown_and_an_open_game_shows_its_own(capsys, monkeypatch):
    """A seed the person gave (--seed or $STRATAGEM_SEED) is no secret; nor is it in a
    game with no dice and nothing hidden (tic-tac-toe)."""
    monkeypatch.setenv("STRATAGEM_SEED", "12")
    _, out, _ = run(capsys, monkeypatch, "", "play", "pig", "--agents", "random,random")
    assert out.startswith("pig — seed 12 — ") and not SEED_LINE.search(out)
    monkeypatch.delenv("STRATAGEM_SEED")
    _, out, _ = run(capsys, monkeypatch, "", "play", "tic_tac_toe", "--agents", "random,random")
    assert re.match(r"tic_tac_toe — seed \d+ — ", out)


def test_a_bad_seed_in_the_environment_is_one_line(capsys, monkeypatch):
    monkeypatch.setenv("STRATAGEM_SEED", "soon")
    code, _, err = run(capsys, monkeypatch, "", "play", "pig", "--agents", "random,random")
    assert code == 2 and err.strip() == "error: STRATAGEM_SEED is 'soon': it takes a whole number"


def test_new_without_a_seed_deals_a_new_game_and_show_as_hides_the_seed(tmp_path, capsys,
                                                                          monkeypatch):
    """`new` without --seed: two files, two seeds. `show` tells the umpire the seed; `show
    --as` a player does not."""
    monkeypatch.delenv("STRATAGEM_SEED", raising=False)
    seeds = []
    for name in ("a.json", "b.json"):
        main(["new", "pig", "--out", str(tmp_path / name)])
        capsys.readouterr()
        main(["show", str(tmp_path / name)])
        said = re.search(r"dice seed (\d+)", capsys.readouterr().out)
        assert said is not None
        seeds.append(said.group(1))
    assert seeds[0] != seeds[1]
    main(["show", str(tmp_path / "a.json"), "--as", "first"])
    assert "seed" not in capsys.readouterr().out


@pytest.mark.parametrize(("game", "why"), [
    ("pig", "the dice or draws to come"),
    ("court_letters", "what is hidden and the dice or draws to come")])
def test_takebacks_are_off_where_they_would_show_what_comes(capsys, monkeypatch, game, why):
    """At a human seat in a game with dice or hidden cards, `undo` says why it is off
    (and how to allow it); --takebacks allows it."""
    code, out, err = run(capsys, monkeypatch, "undo\nquit\n", "play", game, "--agents",
                         _seats(game), "--seed", "1")
    assert code == 0
    assert f"take-backs are off: in {game}, taking back would show {why}" in out + err
    code, out, err = run(capsys, monkeypatch, "undo\nquit\n", "play", game, "--agents",
                         _seats(game), "--seed", "1", "--takebacks")
    assert "take-backs are off" not in out + err
    assert "nothing to take back" in out + err


def _seats(game: str) -> str:
    n = len(stratagem.load(game).players)
    return ",".join(["human"] + ["random"] * (n - 1))
