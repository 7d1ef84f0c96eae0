"""The `actions:` section: action types, their conditions and their targets.

Beside compiling each condition, two forms of condition are recognised so that the
legal-action generator can skip candidates cheaply: ``x == actor.id`` (the one
entity that may act, ``ActionType.pin``) and ``distance(center, NAME) <= bound``
(the square around the center a target must stand in, ``TargetSpec.near``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import partial
from typing import Any

from ...engine.deps import Reach, Reads
from ...engine.spec import ActionType, Condition, TargetSpec
from ..core import KIND_TYPES, CompileState, shifted
from ..effect_table import compile_effects
from ..errors import RulesError, did_you_mean
from ..expr import compile_expr
from ..expr_context import Scope, read_target
from ..expr_forms import bounded_distance, names_read, pinned_by
from ..locality import entity_reach, walk_reach
from ..reading import EXPRESSION_KEY, Skip
from ..reads import action_reads
from ..source import Node
from ..texts import as_text
from .cooldowns import compile_cooldown
from .strategy import TASK_KEYS, compile_task


def compile_actions(c: CompileState, node: Node | None) -> tuple[ActionType, ...]:
    """The action types of `actions:`; an action an entity type lists is the entity's
    (`source: entity`) unless it says otherwise."""
    sources: dict[str, str] = {}
    ents = c.root.get("entities")
    if ents is not None and ents.is_map:
        for spec in ents.value.values():
            acts = spec.get("actions") if spec.is_map else None
            for a in (acts.value if acts is not None and acts.is_list else []):
                if isinstance(a.value, str):
                    sources[a.value] = "entity"
    out = []
    for name, spec in c.need_map(node, "`actions`").items():
        if name in ("roll", "choose"):
            c.fail(spec.loc, f"an action cannot be called `{name}`: the engine uses "
                   "that name for its own options", "pick another name")
            continue

        def one(name: str = name, spec: Node = spec) -> None:
            at = _action(c, name, spec, sources.get(name, "player"))
            loc = node.key_locs.get(name, spec.loc) if node is not None else spec.loc
            c.sources[id(at)] = (at, f"{loc}: action `{name}`")  # for rule_failed
            out.append(at)
        c.attempt(one)
    return tuple(out)


def _action(c: CompileState, name: str, node: Node, default_source: str) -> ActionType:
    m = c.keys(node, ("source", "when", "targets", "effects", "ends_turn", "passes",
                      "keeps_turn", "text", "text_values", "cooldown", "play_without_target",
                      "text_without_target", "description", *TASK_KEYS), f"action `{name}`")
    source = c.need_str(m["source"], "`source`") if "source" in m else default_source
    if source not in ("entity", "player"):
        c.fail(m["source"].loc, f"unknown source `{source}`", "entity or player")
        raise Skip
    scope = c.base_scope()
    if source == "entity":
        scope = scope.child(actor=("entity", lambda ctx: ctx.actor))
    targets_node = m.get("targets")
    tmap = c.need_map(targets_node, f"targets of `{name}`")
    for t, tnode in tmap.items():  # later targets: known, but not yet chosen
        scope.pending[t] = "is used before it is chosen (targets are chosen in order)"
        del tnode
    if source == "player":
        scope.pending["actor"] = (f"is not known: `{name}` is a player action (no entity "
                                  "type lists it); list it in an entity's `actions` or "
                                  "say `source: entity`")
    conds = _conditions(c, m.get("when"), scope, entity=source == "entity")
    pin = _pin(c, m.get("when"), scope) if source == "entity" else None
    actor_scope = scope
    targets = []
    for tname, tnode in tmap.items():
        spec = c.attempt(partial(_target, c, tname, tnode, scope))
        scope.pending.pop(tname, None)
        kind = spec.kind if spec is not None else "value"
        if spec is not None:
            targets.append(spec)
        scope = scope.child(**{tname: (KIND_TYPES[kind],
                                       read_target(tname))})
    effects = compile_effects(c, m.get("effects"), scope)
    values = c.attempt(partial(_text_values, c, m, scope, source == "entity", list(tmap))) \
        if "text_values" in m else ()
    for key in ("text", "text_without_target"):
        if key in m:
            _check_text(c, m[key], source == "entity", list(tmap), _value_names(m))
    effects, busy = compile_task(c, name, m, scope, source, effects)  # a multi-turn action
    conds += busy
    cooldown = None
    if "cooldown" in m:
        found = c.attempt(partial(compile_cooldown, c, m["cooldown"], name,
                                  source == "entity"))
        if found is not None:
            cooldown, ready, start = found
            conds = (*conds, ready)
            effects = (start, *effects)
    reads = _option_reads(m, tmap, source == "entity", c.entity_types, True, c.tile_params)
    if busy or cooldown is not None:  # tasks and cooldowns are kept in the counters
        reads = reads | Reads(counters=True, flow=True, actor=True, exist=True)
    target_reads = _option_reads(m, tmap, source == "entity", c.entity_types, False,
                                 c.tile_params)
    reach = _reach(c, tmap, targets, actor_scope, target_reads) \
        if source == "entity" else None
    return replace(ActionType(name, source, conds, tuple(targets), effects,
                      c.flag(m.get("ends_turn"), "`ends_turn`"),
                      c.flag(m.get("passes"), "`passes`"),
                      str(m["text"].value) if "text" in m else "",
                      c.flag(m.get("keeps_turn"), "`keeps_turn`"),
                      pin, c.flag(m.get("play_without_target"), "`play_without_target`"),
                      cooldown,
                      str(m["text_without_target"].value) if "text_without_target" in m
                      else "", reads), target_reads=target_reads, reach=reach,
                   text_values=values or ())


def _reach(c: CompileState, tmap: dict[str, Node], targets: list[TargetSpec],
           scope: Scope, reads: Reads) -> Reach | None:
    """How far from the actor the one target of an entity action reads the entities
    (``ActionType.reach``, ``rules.locality``), or ``None``."""
    if len(tmap) != 1 or len(targets) != 1:
        return None
    (tname, tnode), = tmap.items()
    spec = targets[0]
    tm = tnode.value if tnode.is_map else {}
    source: Any = None
    for short, words in _SHORT_SOURCES.items():
        if short in tm:
            source = words.get(str(tm[short].value))
    if "from" in tm:
        source = tm["from"].value
    elif source is None:
        source = _DEFAULT_SOURCES.get(spec.kind)
    wheres = [e.value for _, e in _condition_nodes(tm["where"])] if "where" in tm else []
    names = [tname, *c.entity_types]
    if spec.kind == "entity":
        return entity_reach(source, wheres, tname, names, reads, spec.near is not None)
    if spec.kind != "position":
        return None
    found = walk_reach(source, wheres, names, reads)
    if found is None:
        return None
    reach, text = found
    try:
        budget = compile_expr(text, scope, tnode.loc)
    except RulesError:
        return None
    return replace(reach, budget=budget.fn) if budget.type in ("number", "any") else None


_SHORT_SOURCES = {"entity": {"enemy": "entities(owner: enemy)", "ally": "entities(owner: ally)",
                             "any": "entities()"},
                  "position": {"empty": "cells(empty: true)", "any": "cells()"},
                  "player": {"opponent": "opponents()", "any": "players()"}}
_DEFAULT_SOURCES = {"entity": "entities()", "position": "cells()", "player": "players()"}


def _option_reads(m: dict[str, Node], tmap: dict[str, Node], entity: bool,
                  constants: Iterable[str], conditions: bool = True,
                  tile_params: Iterable[str] = ()) -> Reads:
    """What one actor's options of an action read (``ActionType.reads``): the conditions
    that read the actor (the others are tested afresh at every step), each target's
    list and conditions. ``constants``: the bare names that read nothing (entity
    types); ``tile_params``: the tile parameters' names. Without ``conditions``, the
    targets' part alone (``ActionType.target_reads``)."""
    texts: list[Any] = []
    for _, e in _condition_nodes(m["when"]) if "when" in m and conditions else ():
        names = names_read(e.value) if isinstance(e.value, str) else frozenset()
        if not entity or names is None or "actor" in names:
            texts.append(e.value)
    for tnode in tmap.values():
        tm = tnode.value if tnode.is_map else {}
        kind = str(tm["kind"].value) if "kind" in tm else None
        source: Any = None
        for short, words in _SHORT_SOURCES.items():
            if short in tm:
                kind = short
                source = words.get(str(tm[short].value))
        if "from" in tm:
            source = tm["from"].value
        elif source is None and kind != "entity_type":
            source = _DEFAULT_SOURCES.get(kind or "", "?")
        texts.append(source)
        if "where" in tm:
            texts.extend(e.value for _, e in _condition_nodes(tm["where"]))
    return action_reads(texts, [*tmap, *constants], tile_params)


_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")


def _text_values(c: CompileState, m: dict[str, Node], scope: Scope, entity: bool,
                 targets: list[str]) -> tuple[tuple[str, Callable[[Any], str]], ...]:
    """`text_values: {odds: EXPRESSION}`: values the action's text names as `{odds}`, each
    an expression of the player, the actor and the targets (no dice: nothing is rolled to
    say an option), worked out as words when the option's text is asked for."""
    node = m["text_values"]
    spec = c.need_map(node, "`text_values`")
    texts = " ".join(str(m[k].value) for k in ("text", "text_without_target") if k in m)
    taken = ["player", *(["actor"] if entity else []), *targets]
    out = []
    for name, vnode in spec.items():
        where = node.key_locs.get(name, vnode.loc)
        if not name.isidentifier():
            c.fail(where, f"`{name}` cannot name a text value", "letters, digits and _")
            continue
        if name in taken:
            what = name if name in ("player", "actor") else "target"
            c.fail(where, f"`{name}` is already the action's {what}: its text names it as it "
                   "is", "give the value another name")
            continue
        if "{" + name + "}" not in texts:
            c.fail(where, f"the text value `{name}` is named in neither `text` nor "
                   "`text_without_target`",
                   f"write `{{{name}}}` in the text where it goes" if "text" in m
                   else f"give the action a `text` naming it: `text: \"{{actor}} ... {{{name}}}\"`")
            continue
        value = c.attempt(partial(c.expr, vnode, scope))
        if value is None:
            continue
        if value.type == "dice":
            c.fail(vnode.loc, f"the text value `{name}` is dice: an option's words are "
                   "worked out, never rolled", "give the value a number or words; the "
                   "effects roll the dice once the action is taken")
            continue
        out.append((name, as_text(value)))
    return tuple(out)


def _value_names(m: dict[str, Node]) -> list[str] | None:
    """The names `text_values` declares (whether or not each compiled); ``None`` when it
    is not a mapping (reported there: the text's placeholders are then not judged)."""
    node = m.get("text_values")
    if node is None:
        return []
    return [str(k) for k in node.value] if node.is_map else None


def _check_text(c: CompileState, node: Node, entity: bool, targets: list[str],
                values: Iterable[str] | None = ()) -> None:
    """An action's `text`: each `{name}` names the player, the actor (of an entity action),
    a target or one of its `text_values`; anything else (a field of a target, an index) is
    reported here, not left to fail when the action is told in play."""
    if not isinstance(node.value, str) or values is None:
        return
    known = ["player", *(["actor"] if entity else []), *targets, *values]
    for m in _PLACEHOLDER.finditer(node.value):
        inner = m.group(1)
        if inner is None or inner in known:
            continue
        hint = (f"an action's text names only {', '.join(f'{{{k}}}' for k in known)}")
        if "." in inner or "[" in inner:
            base = re.split(r"[.\[]", inner, maxsplit=1)[0]
            if base in known:
                hint = (f"a placeholder is a plain name: `{{{base}}}`, not a field of it; "
                        f"{hint}")
            hint += "; a value worked out from them goes under `text_values:`"
        else:
            hint = did_you_mean(inner, known) or (
                f"{hint}; a value worked out from them goes under `text_values: {{{inner}: "
                "EXPRESSION}`")
        c.fail(node.text_loc(m.start()), f"the placeholder `{m.group(0)}` of the action's "
               "text is not the player, the actor, a target or one of its `text_values`",
               hint)


def _conditions(c: CompileState, node: Node | None, scope: Scope,
                entity: bool = False) -> tuple[Condition, ...]:
    """The conditions of a ``when`` or ``where`` list; with ``entity`` (an entity
    action's ``when``), each marked with whether it reads the actor."""
    if node is None:
        return ()
    out = []
    cut = _cut_expressions(c, node)
    for label, e in _condition_nodes(node):
        if id(e) in cut:
            continue
        compiled = c.attempt(partial(c.expr, e, scope, "bool"))
        test = compiled.fn if compiled is not None else None
        if test is not None:
            free = False
            if entity:
                names = names_read(e.value) if isinstance(e.value, str) else frozenset()
                free = names is not None and "actor" not in names
            out.append(Condition(label, test, free))
    return tuple(out)


def _cut_expressions(c: CompileState, node: Node) -> set[int]:
    """The conditions of a `{label: expression}` mapping that YAML cut in pieces at an
    unquoted `, ` (a piece then stands as a label with no value): reported once, with the
    quoting hint; the ids of the pieces' nodes, left uncompiled."""
    cut: set[int] = set()
    for item in node.value if node.is_list else [node]:
        if not item.is_map:
            continue
        empty = [k for k, v in item.value.items() if v.value is None]
        if not empty:
            continue
        labels = list(item.value)
        first = labels[labels.index(empty[0]) - 1] if labels.index(empty[0]) > 0 else None
        piece = f"`{first}: {item.value[first].value}`" if first is not None else "a condition"
        c.fail(item.key_locs.get(empty[0], item.loc),
               f"{piece} goes on as `{empty[0]}`, a label with no condition: the expression "
               "was cut where a `,` stands", EXPRESSION_KEY)
        cut |= {id(v) for v in item.value.values()}
    return cut


def _condition_nodes(node: Node) -> list[tuple[str, Node]]:
    """Each condition of a list as (label, expression node): ``{label: expression}``,
    or the expression as its own label."""
    items = node.value if node.is_list else [node]
    out = []
    for item in items:
        out.extend(list(item.value.items()) if item.is_map else [(str(item.value), item)])
    return out


def _condition_forms(c: CompileState, node: Node | None,
                     find: Callable[[str], Any]) -> Iterator[tuple[Node, str, Any]]:
    """The conditions written as expressions in which ``find`` recognizes a form (it
    returns ``None`` where it does not): each one's node, its text on one line, and
    what ``find`` returned."""
    if node is None:
        return
    for _, e in _condition_nodes(node):
        if isinstance(e.value, str):
            text = e.value.replace("\n", " ")
            where = find(text)
            if where is not None:
                yield e, text, where


def _pin(c: CompileState, node: Node | None, scope: Scope) -> Any:
    """The expression, free of the actor, that a condition ``x == actor.id`` compares the
    actor with (``ActionType.pin``); ``None`` when no condition has that form."""
    for e, text, (start, end) in _condition_forms(
            c, node, lambda text: pinned_by(text, "actor")):
        known = c.pins.get(" ".join(text[start:end].split()))
        if known is not None:
            return known
        try:
            found = compile_expr(text[start:end], scope, e.loc, None,
                                 partial(shifted, e, start))
        except RulesError:
            continue
        if found.type in ("number", "entity", "any"):
            c.pins[" ".join(text[start:end].split())] = found.fn
            return found.fn
    return None


def _frozen(value: Any) -> Any:
    """A value as an action's target holds it: a list as a tuple, all the way down (an
    action is hashed and compared), anything else as it is."""
    if type(value) is list or type(value) is tuple:
        return tuple(_frozen(v) for v in value)
    return value


def _as_values(fn: Any) -> Any:
    """The candidates of a `value` target, each list among them as a tuple."""
    def candidates(ctx: Any) -> Any:
        items = fn(ctx)
        if any(type(v) is list or type(v) is tuple for v in items):
            return [_frozen(v) for v in items]
        return items
    return candidates


def _target(c: CompileState, name: str, node: Node, scope: Scope) -> TargetSpec:
    m = c.keys(node, ("kind", "from", "where", "entity", "position", "player",
                      "on_board", "optional", "private", "prompt"), f"target `{name}`")
    kind: str | None = None
    source: Any = None
    for short in ("entity", "position", "player"):
        if short in m:
            kind = short
            word = m[short].value
            source = {"entity": {"enemy": "entities(owner: enemy)",
                                 "ally": "entities(owner: ally)",
                                 "any": "entities()"},
                      "position": {"empty": "cells(empty: true)", "any": "cells()"},
                      "player": {"opponent": "opponents()", "any": "players()"}}[short].get(
                word if isinstance(word, str) else "")
            if source is None:
                choices = {"entity": "enemy, ally or any", "position": "empty or any",
                           "player": "opponent or any"}[short]
                c.fail(m[short].loc, f"unknown {short} target `{word}`", choices)
                raise Skip
            source = Node(source, m[short].loc)
    if "kind" in m:
        kind = c.need_str(m["kind"], "`kind`")
        if kind not in KIND_TYPES:
            c.fail(m["kind"].loc, f"unknown target kind `{kind}`",
                   did_you_mean(kind, KIND_TYPES) or ", ".join(KIND_TYPES))
            raise Skip
    if kind is None:
        c.fail(node.loc, f"target `{name}` needs a `kind`",
               "position, entity, card, player, number or entity_type")
        raise Skip
    if "from" in m:
        source = m["from"]
    if source is None:
        defaults = {"entity": "entities()", "position": "cells()", "player": "players()"}
        if kind == "entity_type":
            types = list(c.entity_types) or []
            cands = tuple(types)
            candidates: Any = lambda ctx: cands  # noqa: E731
        elif kind in defaults:
            source = Node(defaults[kind], node.loc)
        else:
            example = ("from: \"zone(player, 'hand')\"" if kind == "card"
                       else "from: \"[1, 2, 3]\"")
            c.fail(node.loc, f"target `{name}` of kind {kind} needs `from`",
                   f"a list expression, e.g. {example}")
            raise Skip
    if source is not None:
        cand = c.attempt(lambda: c.expr(source, scope))
        if cand is None:
            candidates = lambda ctx: ()  # noqa: E731  (reported; keep checking the rest)
        elif cand.type not in ("list", "any"):
            c.fail(source.loc, f"`from` must give a list, not a {cand.type}")
            raise Skip
        elif kind == "value":  # a list among the values is offered as a tuple (hashable)
            candidates = _as_values(cand.fn)
        else:
            candidates = cand.fn
    inner = scope.child(**{name: (KIND_TYPES[kind], read_target(name))})
    inner.pending.pop(name, None)
    conds = _conditions(c, m.get("where"), inner)
    near = _near(c, m.get("where"), inner, name) if kind in ("entity", "card", "position") \
        else None
    on_board = None
    if "on_board" in m:
        on_board = c.need_str(m["on_board"], "`on_board`")
        if kind != "number":
            c.fail(m["on_board"].loc, f"`on_board` is for number targets; target "
                   f"`{name}` is of kind {kind}", "leave it out")
        elif on_board not in ("column", "row"):
            c.fail(m["on_board"].loc, f"unknown `on_board` value `{on_board}`",
                   "column or row")
    return TargetSpec(name, candidates, conds, kind, near, on_board,
                      c.flag(m.get("optional"), "`optional`"),
                      " ".join(str(source.value).split()) if source is not None else "",
                      c.flag(m.get("private"), "`private`"),
                      c.need_str(m["prompt"], "`prompt`") if "prompt" in m else "")


def _near(c: CompileState, node: Node | None, scope: Scope, name: str) -> Any:
    """``(center, bound)`` from a condition ``distance(center, NAME) <= bound`` (or ``<``,
    ``==``: ``expr_forms.bounded_distance``) (``TargetSpec.near``); ``None`` when no
    condition has that form."""
    for e, text, ((c0, c1), (b0, b1)) in _condition_forms(
            c, node, lambda text: bounded_distance(text, name)):
        try:
            center = compile_expr(text[c0:c1], scope, e.loc, None, partial(shifted, e, c0))
            bound = compile_expr(text[b0:b1], scope, e.loc, None, partial(shifted, e, b0))
        except RulesError:
            continue
        if center.type in ("entity", "pos", "any") and bound.type in ("number", "any"):
            return center.fn, bound.fn
    return None

