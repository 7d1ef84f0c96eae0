"""A small duel that plays out reaction chains: a fighter against a goblin.

Defined in Python for the engine's own tests. On a 5-foot grid each creature,
on its turn in initiative order, may step up to its speed one square at a
time, attack once, and end its turn. Reactions (one per creature per round):

- *opportunity attack*: strike an enemy that leaves your reach; the move waits
  for the attack and never happens if the mover drops;
- *parry* (fighter): when a hit lands on you, lower its damage by 1d8 + 2;
- *riposte* (fighter): when an attack on you misses, strike back.

A strike rolls 1d20 + attack bonus against armour class (a natural 20 always
hits, a natural 1 always misses), then the weapon's damage.
"""

from __future__ import annotations

from typing import Any

from stratagem.engine import Ctx, Game, Pos, State, dice
from stratagem.engine.effects import (
    Damage,
    Emit,
    EndTurn,
    ForEach,
    If,
    ModifyParam,
    Move,
    Perform,
    Roll,
    SetEventField,
    SetParam,
)
from stratagem.engine.spec import (
    ActionType,
    Board,
    Condition,
    EndRule,
    EntityType,
    Order,
    ParamSpec,
    Phase,
    Placement,
    Reaction,
    Step,
    TargetSpec,
)

WIDTH, HEIGHT = 6, 4
D20 = dice(1, 20)


def chebyshev(a: Pos | None, b: Pos | None) -> int:
    if a is None or b is None:
        return 1_000
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _creature(name: str, hp: int, ac: int, bonus: int, dex: int, dmg_dice: int,
              dmg_bonus: int, reactions: tuple[str, ...], cost: int) -> EntityType:
    return EntityType(
        name,
        params=(
            ParamSpec("hp", hp, 0, hp),
            ParamSpec("ac", ac),
            ParamSpec("attack_bonus", bonus),
            ParamSpec("dex", dex),
            ParamSpec("speed", 6, 0),
            ParamSpec("moves", 0, 0, 12),
            ParamSpec("acted", 0, 0, 1),
            ParamSpec("initiative", 0),
            ParamSpec("damage_die", dmg_dice),
            ParamSpec("damage_bonus", dmg_bonus),
        ),
        actions=("move", "attack", "end_turn"),
        reactions=reactions,
        hints={"cost": cost},
    )


def _neighbours(ctx: Ctx) -> list[Pos]:
    x, y = ctx.me.pos or (0, 0)
    at = ctx.state.at_
    return [Pos(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT
            and Pos(x + dx, y + dy) not in at]


def _adjacent_enemies(ctx: Ctx) -> list[int]:
    me = ctx.me
    ents = ctx.state.entities_
    return [eid for eid in sorted(ents)
            if ents[eid].owner != me.owner and chebyshev(ents[eid].pos, me.pos) <= 1]


def _ev(name: str) -> Any:
    return lambda ctx: ctx.ev[name]


def _target(ctx: Ctx) -> int:
    t: int = ctx.targets["target"]
    return t


def _hits(ctx: Ctx) -> bool:
    nat = ctx.vars["d20"]
    if nat == 20:
        return True
    if nat == 1:
        return False
    total = nat + ctx.me["attack_bonus"]
    return bool(total >= ctx.state.entities_[_target(ctx)]["ac"])


def _damage_dice(ctx: Ctx) -> Any:
    me = ctx.me
    count = 2 if ctx.vars["d20"] == 20 else 1  # a critical hit doubles the damage dice
    return dice(count, me["damage_die"]).shifted(me["damage_bonus"])


STRIKE = (
    Roll("d20", D20),
    If(_hits,
       then=(Roll("dmg", _damage_dice),
             Emit("attacked", {"attacker": lambda c: c.actor, "target": _target,
                               "roll": lambda c: c.vars["d20"], "hit": True,
                               "damage": lambda c: c.vars["dmg"]},
                  body=(Damage(_ev("target"), _ev("damage"), source=_ev("attacker"),
                               kind="melee"),),
                  valid=lambda c: c.ev["target"] in c.state.entities_)),
       otherwise=(Emit("attacked", {"attacker": lambda c: c.actor, "target": _target,
                                    "roll": lambda c: c.vars["d20"], "hit": False,
                                    "damage": 0}),)),
)


def _leaves_reach(ctx: Ctx) -> bool:
    ev = ctx.ev
    me = ctx.me
    return (ctx.is_enemy(ev["mover"]) and chebyshev(me.pos, ev["from"]) <= 1
            and chebyshev(me.pos, ev["to"]) > 1)


def _hit_on_me(ctx: Ctx) -> bool:
    ev = ctx.ev
    return bool(ev["target"] == ctx.actor and ev["hit"] and ev["damage"] > 0)


def _missed_me(ctx: Ctx) -> bool:
    ev = ctx.ev
    attacker = ctx.state.entities_.get(ev["attacker"])
    return (ev["target"] == ctx.actor and not ev["hit"] and attacker is not None
            and chebyshev(attacker.pos, ctx.me.pos) <= 1)


ONE_REACTION = ("round", 1)

REACTIONS = (
    Reaction("opportunity_attack", "moved", "pending", _leaves_reach,
             (Perform("strike", targets={"target": _ev("mover")}),),
             limit=ONE_REACTION, limit_group="reaction"),
    Reaction("parry", "attacked", "pending", _hit_on_me,
             (Roll("parry", dice(1, 8)),
              SetEventField("damage",
                            lambda c: max(0, c.ev["damage"] - c.vars["parry"] - 2))),
             limit=ONE_REACTION, limit_group="reaction"),
    Reaction("riposte", "attacked", "done", _missed_me,
             (Perform("strike", targets={"target": _ev("attacker")}),),
             limit=ONE_REACTION, limit_group="reaction"),
)


def _has_creatures(ctx: Ctx) -> bool:
    return any(e.owner == ctx.player for e in ctx.state.entities_.values())


def _roll_initiative() -> tuple[Any, ...]:
    return (ForEach("c", lambda ctx: sorted(ctx.state.entities_),
                    (Roll("init", D20),
                     SetParam(lambda c: c.vars["c"], "initiative",
                              lambda c: c.vars["init"] + c.state.entities_[c.vars["c"]]["dex"]))),)


def _name(state: State, eid: Any) -> str:
    """An entity as "type #id" (just "#id" once it has left the game)."""
    e = state.entities_.get(eid)
    return f"{e.type} #{int(eid)}" if e is not None else f"#{int(eid)}"


NARRATION = {
    "moved": lambda s, f: f"{_name(s, f['mover'])} moves {f['from']} → {f['to']}",
    "moved_cancelled": lambda s, f: f"{_name(s, f['mover'])} never reaches {f['to']}",
    "attacked": lambda s, f: (f"{_name(s, f['attacker'])} attacks {_name(s, f['target'])}: "
                              f"rolls {f['roll']}, "
                              + (f"hits for {f['damage']}" if f["hit"] else "misses")),
    "damaged": lambda s, f: f"{_name(s, f['target'])} takes {f['amount']} damage",
    "died": lambda s, f: f"{f['type']} #{int(f['entity'])} drops",
}

SCENARIOS: dict[str, tuple[Placement, ...]] = {
    "duel": (
        Placement("fighter", 0, (2, 1)),
        Placement("goblin", 1, (3, 1)),
    ),
}


def build(scenario: str = "duel", fighter_hp: int | None = None) -> Game:
    """The duel game (``fighter_hp`` overrides the fighter's starting HP for tests)."""
    placements = list(SCENARIOS[scenario])
    if fighter_hp is not None:
        placements[0] = Placement("fighter", 0, (2, 1), params={"hp": fighter_hp})
    return Game(
        "duel",
        ("heroes", "monsters"),
        description="A fighter against a goblin: opportunity attacks, parry, riposte.",
        board=Board(WIDTH, HEIGHT, ("floor",) * (WIDTH * HEIGHT), {"floor": {}}),
        entity_types=[
            _creature("fighter", 12, 16, 5, 2, 8, 3,
                      ("opportunity_attack", "parry", "riposte"), 100),
            _creature("goblin", 7, 15, 4, 2, 6, 2, ("opportunity_attack",), 50),
        ],
        action_types=[
            ActionType("move", "entity",
                       conditions=(Condition("has movement left", lambda c: c.me["moves"] > 0),),
                       targets=(TargetSpec("to", _neighbours, kind="position"),),
                       effects=(ModifyParam(lambda c: c.actor, "moves", -1),
                                Move(lambda c: c.actor, lambda c: c.targets["to"])),
                       text="{actor} moves to {to}"),
            ActionType("attack", "entity",
                       conditions=(Condition("has not attacked this turn",
                                             lambda c: c.me["acted"] == 0),),
                       targets=(TargetSpec("target", _adjacent_enemies, kind="entity"),),
                       effects=(SetParam(lambda c: c.actor, "acted", 1),
                                Perform("strike", targets={"target": _target})),
                       text="{actor} attacks {target}"),
            ActionType("strike", "entity", effects=STRIKE),
            ActionType("end_turn", "entity", effects=(EndTurn(),), ends_turn=True,
                       text="{actor} ends its turn"),
        ],
        reactions=REACTIONS,
        placements=placements,
        setup=_roll_initiative(),
        phases=[Phase(
            "turns",
            (Step("act", ("move", "attack", "end_turn"),
                  on_start=(SetParam(lambda c: c.actor, "moves", lambda c: c.me["speed"]),
                            SetParam(lambda c: c.actor, "acted", 0))),),
            order=Order("initiative", key=lambda ctx, e: e["initiative"]),
        )],
        end_rules=[EndRule("lose", lambda c: not _has_creatures(c),
                           "{player} lost every creature")],
        round_limit=30,
        narration=NARRATION,
        show_rolls=False,  # the narration says each roll ("rolls 4, misses")
    )
