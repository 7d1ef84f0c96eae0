"""A narrated event names a public card with the face it had when it happened, even when
a shuffle later in the same action deals its id another face (the id may now be a card
in someone's hidden hand); a card no one else sees is never recorded with its face."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from rules_helpers import build
from stratagem.arena.narration import tell
from stratagem.cli.main import cli
from stratagem.engine import FACES

REPRO = Path(__file__).parent / "outsider" / "tricks" / "repro" / "02_narration_after_redeal.yaml"


def test_a_played_card_is_told_as_it_was_played_after_a_redeal() -> None:
    game = build(REPRO.read_text(), "redeal.yaml")
    s = game.new_state(seed=0)
    told = []
    while s.outcome is None:
        d = s.decision
        assert d is not None
        action = game.legal_actions(s)[0]
        after = game.apply(s, action)
        step = tell(game, s, d.player, action, after)
        card = s.entities[dict(action.targets)["card"]]  # as it was when played
        played = [e for e in step.events if "has played" in e]
        assert played == [f"{game.players[d.player]} has played {card.type} #{card.id}"], step
        told.append(played[0])
        s = after
    assert len(told) == 6


def test_only_public_cards_are_kept_with_their_faces() -> None:
    """The record of `played` keeps the face of the card on the public pile; the deal's
    events name players only, and no face of a hidden card is in any record, nor in a
    view's log."""
    game = build(REPRO.read_text(), "redeal.yaml")
    s = game.new_state(seed=0)
    for _ in range(4):
        s = game.apply(s, game.legal_actions(s)[0])
    for rec in s.history:
        for name, fields in rec.events:
            faces = dict(fields).get(FACES, ())
            if name == "played":
                assert len(faces) == 1
            else:
                assert faces == ()
    view = s.view(0)  # a view's log carries what was public, no more
    assert [dict(f).get(FACES) for r in view.history for n, f in r.events if n == "played"] \
        == [dict(f).get(FACES) for r in s.history for n, f in r.events if n == "played"]


HANDS = Path(__file__).parent / "outsider" / "tricks" / "repro" / "03_hand_start_narration.yaml"


def test_play_tells_what_the_set_up_narrated_before_the_first_move(tmp_path: Path) -> None:
    """The first hand's deal runs before any decision, so no step tells it: `play` tells
    it first, under `set-up`."""
    game = build(HANDS.read_text(), "hands.yaml")
    assert [name for name, _ in game.opening(0)] == ["dealt"]
    path = tmp_path / "hands.yaml"
    path.write_text(HANDS.read_text())
    result = CliRunner().invoke(cli, ["play", str(path), "--seed", "0"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = lines.index("set-up")
    assert lines[at + 1].strip() == "· the dealer deals hand 1"
    assert lines[at + 2].startswith("round 1")
