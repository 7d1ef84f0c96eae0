"""The `flow:` section: phases, their steps, the turn order and their hooks."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from ...engine.hands import Hand
from ...engine.spec import Order, Phase, Step
from ..core import CompileState
from ..effect_table import compile_effects
from ..expr_context import Scope
from ..reading import Skip, show
from ..source import Node
from .hands import compile_hand


def compile_flow(c: CompileState, node: Node,
                 ) -> tuple[tuple[Phase, ...], int | None, Hand | None]:
    """`flow:`: the phases of a round, a round limit, and the game's hands."""
    m = c.keys(node, ("phases", "round_limit", "hand"), "`flow`", ("phases",))
    phases = []
    for p in c.need_list(m["phases"], "`phases`"):
        ph = c.attempt(partial(_phase, c, p))
        if ph is not None:
            phases.append(ph)
    if not phases and not c.problems:
        c.fail(m["phases"].loc, "the flow needs at least one phase")
    limit = c.need_int(m["round_limit"], "`round_limit`", 1) if "round_limit" in m \
        else None
    hand = c.attempt(lambda: compile_hand(c, m["hand"])) if "hand" in m else None
    return tuple(phases), limit, hand


def _phase(c: CompileState, node: Node) -> Phase:
    m = c.keys(node, ("name", "order", "steps", "actions", "max_actions", "on_start",
                      "on_end", "end_when", "stuck"), "a phase", ("name",))
    name = c.need_str(m["name"], "a phase name")
    scope = c.base_scope()
    order = _order(c, m.get("order"), scope)
    phase_scope = c.playerless_scope(
        "a phase's on_start and on_end", "for each player, use `for_each` over `players()`")
    if "steps" in m:
        if "actions" in m:
            c.fail(m["actions"].loc, "give `actions` in each step when a phase has steps")
        if "max_actions" in m:
            c.fail(m["max_actions"].loc,
                   "give `max_actions` in each step when a phase has steps")
        steps = tuple(_step(c, s, _turn_scope(c, scope, order))
                      for s in c.need_list(m["steps"], "`steps`"))
    else:
        steps = (_step(c, node, _turn_scope(c, scope, order), name, only_actions=True),)
    # The phase's `stuck` for each step that gives none (`""`), else a step passes.
    how = _stuck(c, m["stuck"], _turn_scope(c, scope, order)) if "stuck" in m else _PASS
    steps = tuple(st if st.stuck else replace(st, **how) for st in steps)
    turn_scope = _turn_scope(c, scope, order)
    return Phase(name, steps, order, compile_effects(c, m.get("on_start"), phase_scope),
                 compile_effects(c, m.get("on_end"), phase_scope),
                 c.expr(m["end_when"], turn_scope, "bool").fn if "end_when" in m else None)


def _step(c: CompileState, node: Node, scope: Scope, name: str | None = None,
          only_actions: bool = False) -> Step:
    if only_actions:
        m = node.value
    else:
        m = c.keys(node, ("name", "actions", "max_actions", "on_start", "on_end",
                          "end_when", "stuck"), "a step", ("name",))
        name = c.need_str(m["name"], "a step name")
    if "actions" not in m:
        c.fail(node.loc, f"step `{name}` needs `actions`: the action types it offers")
        raise Skip
    actions = c.names(m["actions"], c.action_names, "action")
    max_actions = c.need_int(m["max_actions"], "`max_actions`", 1) \
        if "max_actions" in m else None
    turn_scope = scope
    if only_actions:  # the phase's own step: its `stuck` is the phase's
        return Step(name or "main", actions, max_actions, stuck="")
    step = Step(name or "main", actions, max_actions,
                compile_effects(c, m.get("on_start"), turn_scope),
                compile_effects(c, m.get("on_end"), turn_scope),
                c.expr(m["end_when"], turn_scope, "bool").fn if "end_when" in m else None,
                stuck="")
    return replace(step, **_stuck(c, m["stuck"], turn_scope)) if "stuck" in m else step


STUCK = ("pass", "lose", "draw")
_PASS: dict[str, Any] = {"stuck": "pass"}


def _stuck(c: CompileState, node: Node, scope: Scope) -> dict[str, Any]:
    """What a player with no legal action as a step begins does: `pass`, `lose`, `draw`,
    or `{if: TEST, then: …, else: …}` (a test of the stuck player: chess's mate and
    stalemate), as the fields of a ``Step``."""
    if node.is_map:
        m = c.keys(node, ("if", "then", "else"), "`stuck`", ("if", "then"))
        test = c.expr(m["if"], scope, "bool")
        return {"stuck": _how(c, m["then"]), "stuck_when": test.fn,
                "stuck_else": _how(c, m["else"]) if "else" in m else "pass",
                "stuck_said": str(m["if"].value)}
    return {"stuck": _how(c, node)}


def _how(c: CompileState, node: Node) -> str:
    how = node.value
    if how not in STUCK:
        c.fail(node.loc, f"`stuck` is one of {', '.join(STUCK)}, or `{{if: TEST, then: lose, "
               f"else: draw}}`, not {show(node)}",
               "lose: the player is out (draughts); draw: a stalemate; pass: the step is "
               "skipped (the default)")
        return "pass"
    return str(how)


def _turn_scope(c: CompileState, scope: Scope, order: Order) -> Scope:
    """Names known during a turn: the turn's player, and its entity under initiative."""
    if order.kind == "initiative":
        return scope.child(actor=("entity", lambda ctx: ctx.actor))
    s = scope.child()
    s.pending["actor"] = ("is known in a step only under `initiative` order (where an "
                          "entity takes the turn)")
    return s


def _order(c: CompileState, node: Node | None, scope: Scope) -> Order:
    if node is None:
        return Order("players")
    if isinstance(node.value, str):
        kind = node.value
        if kind not in ("players", "alternate"):
            c.fail(node.loc, f"unknown turn order `{kind}`",
                   "players, alternate, {player: NAME}, {initiative: EXPRESSION}, "
                   "{players: {first: NAME, rotate: true}}")
            raise Skip
        return Order(kind)
    m = c.keys(node, ("players", "player", "initiative", "alternate"), "`order`")
    if len(m) != 1:
        c.fail(node.loc, "an order has one kind")
        raise Skip
    (kind, arg), = m.items()
    if kind == "initiative":
        key_scope = scope.child(it=("entity", lambda ctx: ctx.vars["it"]))
        key = c.expr(arg, key_scope, "number").fn
        return Order("initiative", key=lambda ctx, e: key(ctx.bind("it", e.id)))
    if kind == "player":
        return Order("player", first=c.player_index(arg))
    opts = c.keys(arg, ("first", "rotate"), f"`{kind}` order") if arg.is_map else {}
    first, first_of = 0, None
    if "first" in opts:
        v = opts["first"].value
        if isinstance(v, str) and not v.isidentifier():
            # An expression giving the first player, worked out as the phase begins.
            first_of = c.expr(opts["first"], c.playerless_scope(
                "the first player of an order", "use `players()` and their parameters"),
                "player").fn
        else:
            first = c.player_index(opts["first"])
    rotate = c.flag(opts.get("rotate"), "`rotate`")
    order = Order(kind, first=first, rotate=rotate, first_of=first_of)
    if first_of is not None:  # for rule_failed: where the expression was written
        c.sources[id(order)] = (order, f"{opts['first'].loc}: the first player of the order")
    return order

