"""Letters, a Love Letter-like game with a shared deck and private hands, for two and three
players: views withhold exactly the cards a player does not know, looks, shows and wrong
guesses extend what they know, and ``determinize`` deals the unknown cards uniformly among
the deals that agree with it."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter

import pytest

import stratagem
from card_helpers import LETTERS, letters, random_game, twin, unknown_to
from stratagem.engine import Action, Game, Rng, State
from stratagem.engine.knowledge import MASKED
from stratagem.interop.features import Features
from stratagem.rules import compile_text

NORTH, SOUTH, WEST = 0, 1, 2


def first_with(game: Game, prefix: str, seeds: range = range(200),
               ok: object = None) -> tuple[State, Action]:
    """The first state of a random game (by seed) that offers an action starting so."""
    for seed in seeds:
        for s in random_game(game, seed):
            for a in game.legal_actions(s):
                if str(a).startswith(prefix) and (ok is None or ok(s, a)):  # type: ignore[operator]
                    return s, a
    raise AssertionError(f"no random game offers {prefix}")


def hand(s: State, p: int) -> tuple[int, ...]:
    return s.players[p].zones["hand"]


# ------------------------------------------------------------------ the zones
def test_the_deck_and_piles_belong_to_the_table_and_hands_to_each_player() -> None:
    """The rules' table zones hold the deck, the burned card and the discard pile; the
    players' zones hold only hands."""
    game = letters(2)
    s = game.new_state(seed=1)
    assert {z.name for z in game.zones if z.table} == {"deck", "burned", "discard"}
    assert set(s.players[NORTH].zones) == {"hand"}
    assert len(s.cards.table["burned"]) == 1
    # 16 cards: one burned, one dealt to each, one drawn by north for its first turn.
    assert len(s.cards.table["deck"]) == 12
    assert (len(hand(s, NORTH)), len(hand(s, SOUTH))) == (2, 1)
    assert all(s.entity(c).owner is None for c in s.cards.table["deck"])
    assert all(s.entity(c).owner == SOUTH for c in hand(s, SOUTH))


def test_a_view_shows_own_cards_and_withholds_every_other_face() -> None:
    """North sees its own hand; the opponent's hand, the deck and the burned card are
    there, in place, without type or parameters; the faces withheld are listed sorted."""
    s = letters(2).new_state(seed=1)
    v = s.view(NORTH)
    assert all(v.entity(c).type == s.entity(c).type for c in hand(s, NORTH))
    masked = [v.entity(c) for c in (*hand(s, SOUTH), *s.cards.table["deck"],
                                    *s.cards.table["burned"])]
    assert all(e.type == MASKED and not e.params for e in masked)
    assert v.players[SOUTH].zones["hand"] == hand(s, SOUTH)  # where the cards are is public
    pool = [f[0] for f in v.cards.pool]
    assert pool == sorted(pool)
    assert Counter(pool) == Counter(s.entity(e.id).type for e in masked)


def test_the_discard_pile_is_seen_by_everyone() -> None:
    """A card played face up to the table's discard pile is known to every player."""
    game = letters(3)
    s, a = first_with(game, "play_card")
    after = game.apply(s, a)
    card = dict(a.targets)["card"]
    assert after.entity(card).zone == "discard"
    for p in (NORTH, SOUTH, WEST):
        assert after.view(p).entity(card).type == after.entity(card).type


# ------------------------------------------------------------------ knowledge
def test_a_priest_look_is_known_to_the_looker_alone() -> None:
    """With three players, the priest's player sees the target's card; the third player
    does not, and sees only that the look happened: its view says nothing of who knows
    which card (which card another was shown would tell what was shown:
    tests/outsider/deduction, finding 2)."""
    game = letters(3)
    s, a = first_with(game, "play_priest")
    looker = s.decision.player  # type: ignore[union-attr]
    target = dict(a.targets)["target"]
    third = ({0, 1, 2} - {looker, target}).pop()
    after = game.apply(s, a)
    (card,) = [c for c in hand(s, target)]
    assert after.view(looker).entity(card).type == after.entity(card).type
    assert after.view(third).entity(card).type == MASKED
    assert after.view(third).cards.known[card] == frozenset()
    assert after.view(looker).cards.known[card] == frozenset({looker})


def test_a_baron_shows_each_hand_to_the_other_player_only() -> None:
    """The baron's comparison shows each hand to the other of the two; a third player
    learns neither card."""
    game = letters(3)

    def both_stay(s: State, a: Action) -> bool:
        t = dict(a.targets)["target"]
        p = s.decision.player  # type: ignore[union-attr]
        mine = [s.entity(c)["value"] for c in hand(s, p) if s.entity(c).type != "baron"]
        return s.entity(hand(s, t)[0])["value"] == (mine or [3])[0]

    s, a = first_with(game, "play_baron", ok=both_stay)
    p = s.decision.player  # type: ignore[union-attr]
    t = dict(a.targets)["target"]
    third = ({0, 1, 2} - {p, t}).pop()
    after = game.apply(s, a)
    assert after.players[p].params["out"] == after.players[t].params["out"] == 0
    (theirs,) = hand(after, t)
    (mine,) = hand(after, p)
    assert after.view(p).entity(theirs).type == after.entity(theirs).type
    assert after.view(t).entity(mine).type == after.entity(mine).type
    assert after.view(third).entity(mine).type == MASKED
    assert after.view(third).entity(theirs).type == MASKED


def test_a_wrong_guess_rules_the_type_out_for_everyone() -> None:
    """A guard's wrong guess records that the target's card is not that type; every view
    carries it, and a card the target draws later is not ruled out."""
    game = letters(2)

    def wrong(s: State, a: Action) -> bool:
        t = dict(a.targets)
        return s.entity(hand(s, t["target"])[0]).type != t["guess"]

    s, a = first_with(game, "play_guard", ok=wrong)
    t = dict(a.targets)
    (card,) = hand(s, t["target"])
    after = game.apply(s, a)
    assert after.cards.ruled_out == {card: frozenset({t["guess"]})}
    for p in (NORTH, SOUTH):
        assert after.view(p).cards.ruled_out == {card: frozenset({t["guess"]})}
    drawn = [c for c in hand(after, t["target"]) if c != card]
    assert all(c not in after.cards.ruled_out for c in drawn)


def test_saved_states_carry_the_table_and_the_knowledge() -> None:
    """Serializing a state keeps the table zones, who knows what and what is ruled out;
    a view serializes too."""
    game = letters(3)
    for s in random_game(game, 4):
        assert game.deserialize(game.serialize(s)) == s
        v = s.view(NORTH)
        assert game.deserialize(game.serialize(v)) == v


# ------------------------------------------------------------------ the leak test
@pytest.mark.parametrize("players", [2, 3])
def test_views_leak_nothing_a_player_cannot_know(players: int) -> None:
    """Along random games, for every state and player, permuting the faces of the cards
    that player does not know gives an equal view — and permuting two cards they do know
    (of different types) gives a different one, so the test can see a leak."""
    game = letters(players)
    twins = caught = 0
    for seed in range(12):
        for i, s in enumerate(random_game(game, seed)):
            for p in range(players):
                other = twin(s, p, seed * 100 + i)
                assert other.view(p) == s.view(p), (seed, i, p)
                twins += other != s
                mine = [c for c in hand(s, p)]
                if len(mine) == 2 and s.entity(mine[0]).type != s.entity(mine[1]).type:
                    swapped = _swap_faces(s, *mine)
                    assert swapped.view(p) != s.view(p)
                    caught += 1
    assert twins > 50 and caught > 5


def _swap_faces(s: State, a: int, b: int) -> State:
    doc = json.loads(s.game.serialize(s))
    rows = {row[0]: row for row in doc["entities"]}
    rows[a][1], rows[b][1] = rows[b][1], rows[a][1]
    rows[a][4], rows[b][4] = rows[b][4], rows[a][4]
    return s.game.deserialize(json.dumps(doc))


@pytest.mark.parametrize("players", [2, 3])
def test_determinize_agrees_with_the_view(players: int) -> None:
    """Every determinized state has the view it came from, for every player of every
    state of random games: the viewer's own cards, the public ones and what they know
    stay; the rest is dealt from the faces the view withheld."""
    game = letters(players)
    for seed in range(6):
        for s in random_game(game, seed):
            for p in range(players):
                v = s.view(p)
                d = game.determinize(v, seed)
                assert d.viewer is None and MASKED not in {e.type for e in d.entities.values()}
                assert d.view(p) == v


# ------------------------------------------------------------------ uniform deals
MINI = {"guard": 3, "priest": 1, "baron": 1, "king": 1, "princess": 1}


def _mini() -> Game:
    """Letters with a seven-card deck, so that every deal can be listed."""
    text = LETTERS.read_text(encoding="utf-8")
    start, end = text.index("    - {type: guard, zone: deck"), text.index("  effects:")
    cards = "".join(f"    - {{type: {t}, zone: deck, count: {n}}}\n" for t, n in MINI.items())
    return compile_text(text[:start] + cards + text[end:], "mini.yaml")


def _chi_square_bound(df: int) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson–Hilferty)."""
    z = 3.09
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_determinize_samples_every_consistent_deal_equally() -> None:
    """After a wrong guess, north's view hides five cards. Every deal of the five withheld
    faces that keeps the ruled-out type off the guessed card turns up, none other does,
    and a chi-square test at a fixed seed finds their frequencies equal."""
    game = _mini()

    def wrong(s: State, a: Action) -> bool:
        t = dict(a.targets)
        kept = {s.entity(c).type for c in hand(s, NORTH)} - {"guard"}
        return (s.decision.player == NORTH  # type: ignore[union-attr]
                and t["guess"] in MINI and t["guess"] not in kept
                and s.entity(hand(s, t["target"])[0]).type != t["guess"])

    s, a = first_with(game, "play_guard", ok=wrong)
    s = game.apply(s, a)
    assert s.decision is not None and s.decision.player == SOUTH
    view = s.view(NORTH)
    hidden = unknown_to(s, NORTH)
    ruled = view.cards.ruled_out
    assert len(hidden) == 5 and ruled
    faces = [f[0] for f in view.cards.pool]
    consistent = {deal for deal in set(itertools.permutations(faces))
                  if all(t not in ruled.get(c, ()) for c, t in zip(hidden, deal, strict=True))}
    assert 1 < len(consistent) < len(set(itertools.permutations(faces)))
    rng = Rng(2026)
    samples = 200 * len(consistent)
    deals = (game.determinize(view, rng) for _ in range(samples))
    seen = Counter(tuple(d.entity(c).type for c in hidden) for d in deals)
    assert set(seen) == consistent
    expected = samples / len(consistent)
    chi2 = sum((n - expected) ** 2 / expected for n in seen.values())
    assert chi2 < _chi_square_bound(len(consistent) - 1), (chi2, len(consistent))


def test_inconsistent_knowledge_is_a_clear_error() -> None:
    """A view whose ruled-out types leave no deal (every withheld face is ruled out of a
    card) is refused with a message that says why."""
    game = letters(2)
    s = game.new_state(seed=1)
    v = s.view(NORTH)
    (card,) = hand(s, SOUTH)
    types = frozenset(f[0] for f in v.cards.pool)
    bad = v._begin()
    bad.cards = v.cards.with_ruled_out(card, types)
    bad = bad._end()
    with pytest.raises(ValueError, match="view is inconsistent: no deal"):
        game.determinize(bad, 1)


# ------------------------------------------------------------------ agents on views
def test_agents_and_encoders_take_views_with_withheld_faces() -> None:
    """An MCTS agent plays Letters to the end from its views (determinizing them), and the
    observation encoder reads a view whose cards have no type without failing."""
    game = letters(2)
    result = stratagem.play(game, ["mcts:iterations=20", "random"], seed=3)
    assert result.state.outcome is not None
    encoded = Features(game).encode(game.new_state(seed=3).view(NORTH), NORTH)
    assert any(encoded)


def test_shuffle_deals_the_faces_at_random_and_keeps_the_cards() -> None:
    """Letters shuffles its deck in its set-up: the card at a place in the deck differs
    from game to game, and the deck holds the same sixteen cards."""
    game = letters(2)
    bottoms = set()
    for seed in range(12):
        s = game.new_state(seed=seed)
        every = Counter(e.type for e in s.entities.values())
        assert every == Counter({"guard": 5, "priest": 2, "baron": 2, "handmaid": 2,
                                 "prince": 2, "king": 1, "countess": 1, "princess": 1})
        bottoms.add(s.entity(s.cards.table["deck"][0]).type)
    assert len(bottoms) >= 3
