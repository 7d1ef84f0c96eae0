"""`play --ask-always`: a person is asked even for a decision with one option, so input
written ahead (piped from a file) meets one prompt per decision whatever the dice leave
(the push-your-luck writer's finding: a roll that left one pairing shifted every later
line by one prompt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_cli_play import records, run

PUSHLUCK = str(Path(__file__).parent / "outsider" / "pushluck" / "pushluck.yaml")


def _prompts_and_decisions(capsys, monkeypatch, tmp_path: Path, *extra: str  # type: ignore[no-untyped-def]
                           ) -> tuple[int, int, str]:
    rep = tmp_path / "game.json"
    code, out, err = run(capsys, monkeypatch, "random\n" * 600, "play", PUSHLUCK,
                         "--scenario", "solo", "--agents", "human", "--seed", "5",
                         "--replay-out", str(rep), *extra)
    assert code == 0, err
    decisions = [r for r in records(rep) if r[0] == 0]
    return out.count("red> "), len(decisions), out


def test_every_decision_is_asked_once(capsys, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    asked, decided, out = _prompts_and_decisions(capsys, monkeypatch, tmp_path, "--ask-always")
    assert asked == decided
    assert "the only option:\n  1. " in out


def test_without_it_a_one_option_decision_is_taken_unasked(capsys, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    asked, decided, _ = _prompts_and_decisions(capsys, monkeypatch, tmp_path)
    assert asked < decided


@pytest.mark.parametrize(("typed", "taken"), [("\n", True), ("1\n", True), ("throw\n", True),
                                              ("stop\n", False), ("9\n", False)])
def test_enter_one_or_the_text_takes_the_only_option(capsys, monkeypatch, typed: str,  # type: ignore[no-untyped-def]
                                                     taken: bool) -> None:
    code, out, err = run(capsys, monkeypatch, typed, "play", PUSHLUCK, "--scenario", "solo",
                         "--agents", "human", "--seed", "5", "--ask-always")
    assert code == 0, err
    assert ("red rolls the dice" in out) is taken
    assert ("throw is the only option: press Enter (or type 1) to take it" in out) is not taken
