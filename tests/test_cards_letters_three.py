"""Letters for three players with a seven-card deck, so that every deal can be listed:
``determinize`` of north's view samples every deal that agrees with what north knows with
equal frequency (a chi-square test), before and after a wrong guess rules a type out."""

from __future__ import annotations

import itertools
import math
from collections import Counter

from card_helpers import LETTERS, random_game, unknown_to
from stratagem.engine import Action, Game, Rng, State
from stratagem.rules import compile_text

NORTH = 0
MINI = {"guard": 3, "priest": 1, "baron": 1, "king": 1, "princess": 1}


def _mini_three() -> Game:
    text = LETTERS.read_text(encoding="utf-8").replace(
        "players: [north, south]", "players: [north, south, west]")
    start, end = text.index("    - {type: guard, zone: deck"), text.index("  effects:")
    cards = "".join(f"    - {{type: {t}, zone: deck, count: {n}}}\n" for t, n in MINI.items())
    return compile_text(text[:start] + cards + text[end:], "mini3.yaml")


def _chi_square_bound(df: int) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson–Hilferty)."""
    z = 3.09
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def _check_uniform(game: Game, s: State, seed: int) -> int:
    """Sample north's view of ``s`` and test the deals; the number of consistent deals."""
    view = s.view(NORTH)
    hidden = unknown_to(s, NORTH)
    ruled = view.cards.ruled_out
    faces = [f[0] for f in view.cards.pool]
    everything = set(itertools.permutations(faces))
    consistent = {deal for deal in everything
                  if all(t not in ruled.get(c, ()) for c, t in zip(hidden, deal, strict=True))}
    rng = Rng(seed)
    samples = 120 * len(consistent)
    worlds = (game.determinize(view, rng) for _ in range(samples))
    seen = Counter(tuple(w.entity(c).type for c in hidden) for w in worlds)
    assert set(seen) == consistent
    expected = samples / len(consistent)
    chi2 = sum((n - expected) ** 2 / expected for n in seen.values())
    assert chi2 < _chi_square_bound(len(consistent) - 1), (chi2, len(consistent))
    return len(consistent)


def test_three_players_every_deal_equally_likely() -> None:
    """At north's first turn the five cards it does not hold (burned, the two other hands,
    the deck) are dealt in every arrangement of their faces, each as often."""
    game = _mini_three()
    s = next(x for x in random_game(game, 1) if x.decision is not None
             and x.decision.player == NORTH and x.decision.kind == "action")
    assert len(unknown_to(s, NORTH)) == 5
    assert _check_uniform(game, s, 7) > 10


def test_three_players_a_wrong_guess_is_respected_and_the_rest_uniform() -> None:
    """After north guesses west's card wrongly, no deal gives west the guessed type, and
    the deals that agree are each as likely."""
    game = _mini_three()

    def wrong(s: State, a: Action) -> bool:
        t = dict(a.targets)
        kept = {s.entity(c).type for c in s.players[NORTH].zones["hand"]} - {"guard"}
        target_hand = s.players[t["target"]].zones["hand"]
        return (s.decision is not None and s.decision.player == NORTH
                and t["target"] == 2 and t["guess"] in MINI and t["guess"] not in kept
                and s.entity(target_hand[0]).type != t["guess"])

    found = next((s, a) for seed in range(100) for s in random_game(game, seed)
                 for a in game.legal_actions(s)
                 if a.type == "play_guard" and wrong(s, a))
    s = game.apply(*found)
    assert s.view(NORTH).cards.ruled_out
    n = _check_uniform(game, s, 11)
    assert n > 1
