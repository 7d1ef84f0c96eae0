"""The `flow:` section: phases, their steps, the turn order and their hooks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from typing import Any

from lark.exceptions import LarkError

from ...engine.hands import Hand
from ...engine.spec import Order, Phase, Repeat, Step
from ..core import CompileState
from ..effect_table import compile_effects
from ..errors import Problem
from ..expr_context import Scope
from ..parsing import parser
from ..reading import Skip, show
from ..source import Node
from .hands import compile_hand
from .state import GAME_WORDS


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
                      "on_end", "end_when", "stuck", "repeat"), "a phase", ("name",))
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
    repeat = c.attempt(partial(_repeat, c, m["repeat"], name)) if "repeat" in m else None
    return Phase(name, steps, order, compile_effects(c, m.get("on_start"), phase_scope),
                 compile_effects(c, m.get("on_end"), phase_scope),
                 c.expr(m["end_when"], turn_scope, "bool").fn if "end_when" in m else None,
                 repeat, _said(m.get("end_when")))


def _said(node: Node | None) -> str:
    """A test's text as the rules write it, on one line (``""`` when not given)."""
    return "" if node is None else " ".join(str(node.value).split())


REPEAT_EXAMPLE = 'for example `repeat: {until: "game.turn_over == 1", most: 7}`'


def _repeat(c: CompileState, node: Node, name: str) -> Repeat:
    """`repeat: {until: TEST, most: N}`: the phase runs again, whole, until TEST holds
    after a run (no player is asked it), or it has run N times in the round."""
    if not node.is_map:
        c.fail(node.loc, f"`repeat` is a mapping with `until` and/or `most`, not {show(node)}",
               REPEAT_EXAMPLE)
        raise Skip
    m = c.keys(node, ("until", "most"), "`repeat`")
    if not m:  # (a key misspelt is reported as such, once)
        if not node.value:
            c.fail(node.loc, "`repeat` needs `until` (a test checked after each run of the "
                   "phase), `most` (the most runs in a round), or both", REPEAT_EXAMPLE)
        raise Skip
    most = c.need_int(m["most"], "`most`", 1) if "most" in m else None
    if "until" not in m:
        return Repeat(None, most)
    scope = c.playerless_scope("a phase's `repeat: until`",
                               "no player is asked it; use `game` and functions")
    test = c.expr(m["until"], scope, "bool")
    if test.const and test.value:
        c.fail(m["until"].loc, "`until` always holds: the phase would never run again",
               "leave `repeat` out, or write a test that reads the game")
        raise Skip
    if test.const and most is None:
        c.fail(m["until"].loc, "`until` never holds: the phase would run for ever",
               "give `repeat` a `most` (the phase then runs that many times a round), or "
               "write a test that reads the game")
        raise Skip
    rule = Repeat(test.fn, most, _said(m["until"]))
    c.sources[id(rule)] = (rule, f"{m['until'].loc}: the `repeat: until` of phase `{name}`")
    return rule


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
                stuck="", end_said=_said(m.get("end_when")))
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
                "stuck_said": _said(m["if"])}
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
        return Order("initiative", key=lambda ctx, e: key(ctx.bind("it", e.id)),
                     said=_said(arg))
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
    order = Order(kind, first=first, rotate=rotate, first_of=first_of,
                  said=_said(opts["first"]) if first_of is not None else "")
    if first_of is not None:  # for rule_failed: where the expression was written
        c.sources[id(order)] = (order, f"{opts['first'].loc}: the first player of the order")
    return order


def endless_repeats(root: Node) -> Iterator[Problem]:
    """Phases that repeat with no `most` whose `until` reads nothing but game-state
    parameters (`game.NAME`) that no `what:` of the rules writes: the test never comes
    true, and the phase runs until the engine's bound stops the game with an error. A
    test that calls a function, or reads anything else, is not judged."""
    flow = root.get("flow")
    phases = flow.get("phases") if flow is not None and flow.is_map else None
    if phases is None or not phases.is_list:
        return
    written = " ".join(n.value for m in root.walk() if m.is_map
                       for k, n in m.value.items() if k == "what" and isinstance(n.value, str))
    for phase in phases.value:
        rep = phase.get("repeat") if phase.is_map else None
        if rep is None or not rep.is_map or "most" in rep.value:
            continue
        until = rep.get("until")
        if until is None or not isinstance(until.value, str):
            continue
        read = _game_params_read(until.value)
        if not read or any(name in GAME_WORDS or re.search(
                r"(?<![\w.])game\s*\.\s*" + name + r"(?!\w)", written) for name in read):
            continue
        said = ", ".join(f"`game.{n}`" for n in sorted(read))
        yield Problem(until.loc, f"nothing in the rules writes {said}, which this `until` "
                      "reads: it never comes true, and the phase runs until the game stops "
                      "with an error", "set the parameter in an effect (the phase's `on_start` "
                      "or an action), or give `repeat` a `most`")


def _game_params_read(text: str) -> frozenset[str]:
    """The names of `game.NAME` an expression reads when it reads nothing else (no
    function, no other name, no index worked out); empty otherwise."""
    try:
        tree = parser().parse(text.replace("\n", " "))
    except LarkError:
        return frozenset()
    read: set[str] = set()
    for n in tree.iter_subtrees():
        if n.data == "call" or (n.data == "name" and str(n.children[0]) != "game"):
            return frozenset()
        if n.data == "attr" and getattr(n.children[0], "data", None) == "name":
            read.add(str(n.children[1]))
    return frozenset(read)
