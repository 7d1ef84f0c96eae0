"""High card: a tiny game of hidden hands, for the engine's view and determinization tests.

Defined in Python. Each player has a secret deck of six numbered cards (1–6);
at the start each draws three at random into a hand only they can see. Each
round both players, in turn, play one card from hand face up onto their table
pile; when both have played, the higher card scores a point (ties score
nothing), and each draws one card if any remain. After three rounds the higher
score wins.
"""

from __future__ import annotations

from stratagem.engine import Ctx, Game, Ref
from stratagem.engine.effects import (
    DrawCard,
    ForEach,
    If,
    ModifyPlayerParam,
    MoveCard,
)
from stratagem.engine.spec import (
    ActionType,
    EntityType,
    Order,
    ParamSpec,
    Phase,
    Placement,
    Step,
    TargetSpec,
    ZoneSpec,
)

VALUES = range(1, 7)
ROUNDS = 3


def _hand(ctx: Ctx) -> list[Ref]:
    return [Ref(c) for c in ctx.state.players[ctx.player or 0].zones_["hand"]]


def _last_played(ctx: Ctx, p: int) -> int:
    table = ctx.state.players[p].zones_["table"]
    return int(ctx.state.entities_[table[-1]]["value"]) if table else 0


def _score_round(ctx: Ctx) -> int | None:
    a, b = _last_played(ctx, 0), _last_played(ctx, 1)
    return 0 if a > b else 1 if b > a else None


SCORE = (
    If(lambda c: _score_round(c) is not None,
       then=(ModifyPlayerParam(_score_round, "points", 1),)),
    ForEach("p", lambda c: [0, 1], (DrawCard(lambda c: c.vars["p"], "deck", "hand"),)),
)


def build() -> Game:
    """The high-card game."""
    deal = tuple(DrawCard(p, "deck", "hand") for _ in range(3) for p in (0, 1))
    return Game(
        "high_card",
        ("north", "south"),
        description="Secret hands of numbered cards; the higher card wins the round.",
        entity_types=[EntityType(f"card{v}", params=(ParamSpec("value", v, v, v),),
                                 symbol=str(v)) for v in VALUES],
        zones=[ZoneSpec("deck", "hidden"), ZoneSpec("hand", "owner"), ZoneSpec("table")],
        player_params=[ParamSpec("points", 0, 0, ROUNDS)],
        placements=[Placement(f"card{v}", p, zone="deck") for p in (0, 1) for v in VALUES],
        action_types=[ActionType(
            "play", "player",
            targets=(TargetSpec("card", _hand, kind="card"),),
            effects=(MoveCard(lambda c: c.targets["card"], "table"),),
            text="plays {card}",
        )],
        setup=deal,
        phases=[Phase("trick", (Step("play", ("play",), max_actions=1),),
                      order=Order("players"), on_end=SCORE)],
        round_limit=ROUNDS,
        score=lambda c: c.state.players[c.player or 0].params_["points"],
        narration={"drew": lambda s, f: f"P{f['player']} draws a card"},
    )


__all__ = ["build"]
