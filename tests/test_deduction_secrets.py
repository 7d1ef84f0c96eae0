"""A detective's secrets (tests/outsider/deduction, findings 1 and 2): which card one player
shows another, and whether the shower held one or several of the cards asked about.

- A view says nothing of another player's knowledge: `cards.known` held who knew each
  card, so after bob showed ann card #3 every other view said ann knew #3.
- `choose: {private: true}` is told to its chooser alone — the others' logs read
  `choose card=-` even once they come to know that card — and is asked even with one
  option, so that whether it was asked tells nothing of the chooser's hand."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.arena.narration import tell

REPRO = Path(__file__).parent / "outsider" / "deduction" / "repro"


def _load(name: str, tmp_path: Path, private: bool) -> stratagem.Game:
    text = (REPRO / name).read_text()
    if private:
        text = text.replace("prompt: show", "private: true, prompt: show")
        assert "private: true" in text
    path = tmp_path / name
    path.write_text(text)
    return stratagem.load(path)


def _first(game: stratagem.Game, state, steps: int):
    for _ in range(steps):
        state = game.apply(state, game.legal_actions(state)[0])
    return state


@pytest.mark.parametrize("private", [False, True])
def test_no_view_tells_who_was_shown_which_card(tmp_path: Path, private: bool) -> None:
    game = _load("03_view_tells_which_card_was_shown.yaml", tmp_path, private)
    state = _first(game, game.new_state(1), 2)  # ann asks, bob shows her a card
    shown = dict(state.history[-1].action.targets)["card"]
    assert 0 in state.cards.known[shown]  # ann knows it
    for viewer in (1, 2):
        known = state.view(viewer).cards.known
        assert all(0 not in who for who in known.values()), (viewer, known)
    assert state.view(0).cards.known[shown] == frozenset({0})


def test_a_private_choice_stays_unnamed_in_the_others_logs(tmp_path: Path) -> None:
    game = _load("03_view_tells_which_card_was_shown.yaml", tmp_path, private=True)
    state = _first(game, game.new_state(1), 4)  # bob shows ann, then cid, the same card
    cid = state.view(2)
    assert cid.entity(dict(state.history[1].action.targets)["card"]).type != "?"
    assert [str(r.action) for r in cid.history] == ["ask", "choose card=-", "ask",
                                                    "choose card=-"]
    bob = state.view(1)  # the chooser is told its own choices
    assert all("card=#" in str(r.action) for r in bob.history if r.action.type == "choose")


def test_a_private_choice_is_asked_even_with_one_option(tmp_path: Path) -> None:
    counts = {}
    for private in (False, True):
        game = _load("01_choose_one_option_not_asked.yaml", tmp_path, private)
        seen = set()
        for seed in range(12):
            state = game.new_state(seed)
            reds = sum(state.entity(c).type == "red" for c in state.zone(1, "hand"))
            state = game.apply(state, game.legal_actions(state)[0])  # ann asks
            d = state.decision
            asked = d is not None and d.player == 1
            seen.add((reds, asked))
        counts[private] = seen
    assert (1, False) in counts[False]  # before: one red, nothing asked; two, asked
    assert all(asked for reds, asked in counts[True] if reds >= 1)


def test_a_person_is_told_a_private_choice_as_withheld(tmp_path: Path) -> None:
    game = _load("03_view_tells_which_card_was_shown.yaml", tmp_path, private=True)
    state = _first(game, game.new_state(1), 1)
    before = state
    action = game.legal_actions(state)[0]
    after = game.apply(before, action)
    assert before.decision.player == 1
    told = tell(game, before, 1, action, after, viewer=2)
    assert "#" not in told.line and "?" in told.line, told.line
    assert "#" in tell(game, before, 1, action, after, viewer=1).line
