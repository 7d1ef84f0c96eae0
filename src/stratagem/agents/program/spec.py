"""Programs as data: the YAML format of a programmed opponent, read and compiled.

A program is a state machine a solo player can follow by hand and the computer can
run. Its file has a header (``program``, ``game``, ``side``, ``author``, ``version``,
``description``), ``memory`` slots, a ``start`` state, reusable rule ``blocks``, the
``states`` — each with a description, ordered ``triggers`` (condition → next state),
``enter`` and ``exit`` actions, and ordered rules per phase — and a ``fallback``.

Expressions are the rules language's, compiled against the game's rules, so a
misspelt parameter or function is reported with ``file:line:column`` before any game
is played, exactly as in a rules file. Loading a program never runs code from it.
See ``docs/programs.md`` for the format.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...engine import Ctx, Game
from ...games import load
from ...rules.errors import Loc, Problem, RulesError, did_you_mean
from ...rules.expr import Compiled, Scope, compile_expr
from ...rules.source import Node, parse_yaml, read_yaml

Test = Callable[[Ctx], Any]

MEMORY_TYPES = ("entity", "player", "pos", "number", "bool", "str", "any")
RESERVED = frozenset({"player", "actor", "it", "event", "none", "true", "false", "round"})
HEADER = ("program", "game", "side", "author", "version", "description")
TOP_KEYS = (*HEADER, "memory", "define", "start", "blocks", "states", "fallback")
RULE_KEYS = ("do", "if", "actor", "where", "order", "prefer", "remember", "say", "use")
STATE_KEYS = ("description", "triggers", "enter", "exit", "phases", "rules", "final")
TRIGGER_KEYS = ("if", "go", "say", "when")
PREFER_KINDS = ("most", "least", "nearest", "farthest", "remembered", "random")
ANY = "any"
"""``do: any`` matches every legal action."""
KIND_TYPES = {"position": "pos", "entity": "entity", "card": "entity", "player": "player",
              "number": "number", "entity_type": "str", "value": "any"}


@dataclass(frozen=True)
class Expr:
    """A compiled expression with its source text and place (for cards and traces)."""

    text: str
    fn: Test
    loc: Loc
    const: bool = False
    value: Any = None


@dataclass(frozen=True)
class Define:
    """A named expression of the program (``define:``): any later expression may use the
    name, which reads its value at that moment."""

    name: str
    expr: Expr
    say: str = ""


@dataclass(frozen=True)
class Prefer:
    """One step of a tie-break ladder: ``most``/``least`` of an expression, ``nearest``/
    ``farthest`` from the actor, the ``remembered`` slot's value, or ``random``."""

    kind: str
    expr: Expr | None = None
    slot: str = ""
    loc: Loc | None = None


@dataclass(frozen=True)
class Order:
    """An allocation order: only actions whose ``of`` value is listed, earliest first."""

    of: Expr
    values: tuple[Expr, ...]
    """Expressions (usually constants: an action name, a unit type, ``(1, 1)``)."""


@dataclass(frozen=True)
class Rule:
    """One numbered step: which legal actions it takes and how it picks among them."""

    number: str
    """Its place in its list, ``"3"``, or ``"3.2"`` for the second rule of a block used
    as step 3."""
    types: tuple[str, ...]
    loc: Loc
    when: Expr | None = None
    actor: Expr | None = None
    where: Expr | None = None
    order: Order | None = None
    prefer: tuple[Prefer, ...] = ()
    remember: tuple[tuple[str, Expr], ...] = ()
    say: str = ""
    block: str = ""


@dataclass(frozen=True)
class Trigger:
    """A numbered transition: when ``test`` holds, the program moves to ``go``."""

    number: int
    test: Expr
    go: str
    loc: Loc
    go_loc: Loc
    say: str = ""
    always: bool = False
    """Checked before every decision, not only at the start of the side's turn."""


@dataclass(frozen=True)
class Step:
    """An enter or exit action: set or clear a memory slot, or a note for the player."""

    slot: str = ""
    value: Expr | None = None
    say: str = ""
    loc: Loc | None = None


@dataclass(frozen=True)
class ProgramState:
    """A state of the program."""

    name: str
    loc: Loc
    description: str = ""
    triggers: tuple[Trigger, ...] = ()
    enter: tuple[Step, ...] = ()
    exit: tuple[Step, ...] = ()
    phases: dict[str, tuple[Rule, ...]] = field(default_factory=dict)
    """Rules per phase name; ``"any"`` holds the rules for every phase, tried after the
    phase's own."""
    final: bool = False
    """Declared to have no way out on purpose (the check then does not report it)."""

    def rules_for(self, phase: str) -> tuple[Rule, ...]:
        """The rules tried at a decision in ``phase``, in order."""
        return self.phases.get(phase, ()) + (self.phases.get(ANY, ()) if phase != ANY else ())


@dataclass(frozen=True)
class Program:
    """A compiled program, for one game and one side."""

    name: str
    game: str
    side: int | None
    """The player the program plays (``None``: either side, from ``side: any``)."""
    side_name: str
    file: str
    author: str = ""
    version: str = ""
    description: str = ""
    memory: dict[str, str] = field(default_factory=dict)
    start: str = ""
    states: dict[str, ProgramState] = field(default_factory=dict)
    blocks: dict[str, tuple[Rule, ...]] = field(default_factory=dict)
    fallback: Rule | None = None
    """The rule that acts when no rule of the state matches (``None``: a random legal
    action)."""
    fallback_random: bool = True
    locs: dict[str, Loc] = field(default_factory=dict)
    """Places of header keys and blocks, for checks."""
    defines: dict[str, Define] = field(default_factory=dict)
    """Named conditions and amounts (``define:``), in the order written."""


def _player(c: Ctx) -> Any:
    return c.player


def _actor(c: Ctx) -> Any:
    return c.actor


def _var(slot: str) -> Test:
    return lambda c: c.vars.get(slot)


def _target(name: str) -> Test:
    return lambda c: c.targets.get(name)


def _constant(value: Any) -> Test:
    return lambda c: value


class _Skip(Exception):
    """A part that could not be compiled (its problem is already recorded)."""


class ProgramCompiler:
    """One program file, compiled against a game's rules."""

    def __init__(self, root: Node, game: Game, file: str) -> None:
        self.root = root
        self.game = game
        self.file = file
        self.problems: list[Problem] = []
        self.memory: dict[str, str] = {}
        self.defines: dict[str, Define] = {}
        self._define_types: dict[str, str] = {}
        self.entity_params = frozenset(p.name for t in game.entity_types.values()
                                       for p in t.params)
        self.player_params = frozenset(p.name for p in game.player_params)
        self.names = self._legal_names()

    # ------------------------------------------------------------ helpers
    def fail(self, loc: Loc, message: str, hint: str = "") -> None:
        self.problems.append(Problem(loc, message, hint))

    def _legal_names(self) -> set[str]:
        names = set(self.game.action_types) | set(self.game.reactions) | {"pass"}
        names.add("choose")
        return names

    def keys(self, node: Node, allowed: tuple[str, ...], what: str) -> dict[str, Node]:
        if not node.is_map:
            self.fail(node.loc, f"{what} must be a mapping")
            raise _Skip
        for key in node.value:
            if key not in allowed:
                self.fail(node.key_locs[key], f"unknown key `{key}` in {what}",
                          did_you_mean(key, allowed) or f"keys: {', '.join(allowed)}")
        return dict(node.value)

    def text(self, node: Node | None, what: str) -> str:
        if node is None:
            return ""
        if not isinstance(node.value, str | int | float) or isinstance(node.value, bool):
            self.fail(node.loc, f"{what} must be text")
            return ""
        return str(node.value)

    def scope(self, *, actor: bool = False, targets: dict[str, str] | None = None) -> Scope:
        names: dict[str, tuple[str, Test]] = {"player": ("player", _player)}
        for slot, type_ in self.memory.items():
            names[slot] = (type_, _var(slot))
        for dname, d in self.defines.items():
            names[dname] = (self._define_types[dname], d.expr.fn)
        if actor:
            names["actor"] = ("entity", _actor)
        for name, type_ in (targets or {}).items():
            names[name] = (type_, _target(name))
        return Scope(names, {}, None, self.entity_params, self.player_params,
                     frozenset(self.game.entity_types))

    def expr(self, node: Node, scope: Scope, want: str | None = None) -> Expr:
        value = node.value
        if isinstance(value, bool):
            value = "true" if value else "false"
        if not isinstance(value, str | int | float):
            self.fail(node.loc, "expected an expression")
            raise _Skip
        text = str(value)
        try:
            c: Compiled = compile_expr(text, scope, node.loc, want,
                                       loc_of=node.text_loc if isinstance(node.value, str)
                                       else None)
        except RulesError as exc:
            self.problems.extend(exc.problems)
            raise _Skip from None
        return Expr(text, c.fn, node.loc, c.const, c.value)

    # ------------------------------------------------------------ top level
    def compile(self) -> Program:
        root = self.root
        if not root.is_map:
            raise RulesError([Problem(root.loc, NOT_A_MAPPING)])
        top = self.keys(root, TOP_KEYS, "a program")
        for key in ("program", "game", "side", "states"):
            if key not in top:
                self.fail(root.loc, f"missing `{key}`")
        name = self.text(top.get("program"), "`program`")
        game_name = self.text(top.get("game"), "`game`")
        if game_name and game_name != self.game.name:
            self.fail(top["game"].loc, f"this program is for `{game_name}`, not "
                      f"`{self.game.name}`")
        side: int | None = None
        side_name = ""
        if "side" in top:
            side_name = self.text(top["side"], "`side`")
            if side_name == "any":
                side_name = ""
            elif side_name in self.game.players:
                side = self.game.players.index(side_name)
            else:
                self.fail(top["side"].loc, f"`{side_name}` is not a side of "
                          f"{self.game.name}",
                          did_you_mean(side_name, self.game.players)
                          or f"sides: {', '.join(self.game.players)}, or `any`")
        self._memory(top.get("memory"))
        self._define(top.get("define"))
        blocks: dict[str, tuple[Rule, ...]] = {}
        locs: dict[str, Loc] = {k: root.key_locs[k] for k in top}
        block_node = top.get("blocks")
        if block_node is not None:
            if not block_node.is_map:
                self.fail(block_node.loc, "`blocks` must map block names to lists of rules")
            else:
                for bname, bnode in block_node.value.items():
                    locs[f"block:{bname}"] = block_node.key_locs[bname]
                    blocks[bname] = self.rules(bnode, f"block `{bname}`", {}, bname)
        states: dict[str, ProgramState] = {}
        snode = top.get("states")
        if snode is not None:
            if not snode.is_map or not snode.value:
                self.fail(snode.loc, "`states` must map state names to states")
            else:
                for sname, node in snode.value.items():
                    with contextlib.suppress(_Skip):
                        states[sname] = self.state(sname, node, snode.key_locs[sname], blocks)
        start = self.text(top.get("start"), "`start`") or next(iter(states), "")
        if "start" in top and start not in states and states:
            self.fail(top["start"].loc, f"no state `{start}`", did_you_mean(start, states))
        for st in states.values():
            for t in st.triggers:
                if t.go not in states:
                    self.fail(t.go_loc, f"trigger {t.number} of `{st.name}` goes to an "
                              f"unknown state `{t.go}`",
                              did_you_mean(t.go, states) or f"states: {', '.join(states)}")
        fallback, random_fallback = self._fallback(top.get("fallback"))
        if self.problems:
            raise RulesError(self.problems)
        return Program(name, self.game.name, side, side_name, self.file,
                       self.text(top.get("author"), "`author`"),
                       self.text(top.get("version"), "`version`"),
                       self.text(top.get("description"), "`description`"), dict(self.memory),
                       start, states, blocks, fallback, random_fallback, locs,
                       dict(self.defines))

    def _define(self, node: Node | None) -> None:
        if node is None:
            return
        if not node.is_map:
            self.fail(node.loc, "`define` must map names to expressions (or to `{is: "
                      "<expr>, say: <words>}`)")
            return
        for dname, dnode in node.value.items():
            loc = node.key_locs[dname]
            if (dname in RESERVED or dname in self.names or dname in self.memory
                    or not dname.isidentifier()):
                self.fail(loc, f"`{dname}` cannot be defined",
                          "it is reserved, names an action or a memory slot")
                continue
            say = ""
            enode = dnode
            if dnode.is_map:
                try:
                    m = self.keys(dnode, ("is", "say"), f"definition `{dname}`")
                except _Skip:
                    continue
                if "is" not in m:
                    self.fail(dnode.loc, f"definition `{dname}` has no `is` (its expression)")
                    continue
                enode = m["is"]
                say = self.text(m.get("say"), "`say`")
            try:
                c = compile_expr(str(enode.value) if not isinstance(enode.value, bool)
                                 else ("true" if enode.value else "false"), self.scope(),
                                 enode.loc, None,
                                 loc_of=enode.text_loc if isinstance(enode.value, str)
                                 else None)
            except RulesError as exc:
                self.problems.extend(exc.problems)
                continue
            self._define_types[dname] = c.type
            self.defines[dname] = Define(dname, Expr(str(enode.value), c.fn, enode.loc,
                                                     c.const, c.value), say)

    def _memory(self, node: Node | None) -> None:
        if node is None:
            return
        if not node.is_map:
            self.fail(node.loc, "`memory` must map slot names to their types",
                      f"types: {', '.join(MEMORY_TYPES)}")
            return
        for slot, tnode in node.value.items():
            loc = node.key_locs[slot]
            type_ = tnode.value
            if slot in RESERVED or slot in self.names or not slot.isidentifier():
                self.fail(loc, f"`{slot}` cannot name a memory slot",
                          "it is reserved or names an action")
            elif type_ not in MEMORY_TYPES:
                self.fail(tnode.loc, f"unknown memory type `{type_}`",
                          did_you_mean(str(type_), MEMORY_TYPES)
                          or f"types: {', '.join(MEMORY_TYPES)}")
            else:
                self.memory[slot] = "pos" if type_ == "pos" else str(type_)

    def _fallback(self, node: Node | None) -> tuple[Rule | None, bool]:
        if node is None or node.value == "random":
            return None, True
        if node.value == "first":
            return Rule("fallback", (ANY,), node.loc), False
        if node.is_map:
            try:
                return self.rule(node, "fallback", "the fallback", {}, ""), True
            except _Skip:
                return None, True
        self.fail(node.loc, "`fallback` must be `random`, `first` or a rule")
        return None, True

    # ------------------------------------------------------------ states
    def state(self, name: str, node: Node, loc: Loc,
              blocks: dict[str, tuple[Rule, ...]]) -> ProgramState:
        if not name.isidentifier():
            self.fail(loc, f"`{name}` cannot name a state", "use letters, digits and _")
        m = self.keys(node, STATE_KEYS, f"state `{name}`")
        triggers = self.triggers(m.get("triggers"), name)
        enter = self.steps(m.get("enter"), f"`enter` of `{name}`")
        exit_ = self.steps(m.get("exit"), f"`exit` of `{name}`")
        phases: dict[str, tuple[Rule, ...]] = {}
        if "rules" in m:
            phases[ANY] = self.rules(m["rules"], f"rules of `{name}`", blocks)
        pnode = m.get("phases")
        if pnode is not None:
            if not pnode.is_map:
                self.fail(pnode.loc, "`phases` must map phase names to lists of rules")
            else:
                known = [p.name for p in self.game.phases]
                for phase, rnode in pnode.value.items():
                    if phase != ANY and phase not in known:
                        self.fail(pnode.key_locs[phase], f"{self.game.name} has no phase "
                                  f"`{phase}`", did_you_mean(phase, known)
                                  or f"phases: {', '.join(known)} (or `any`)")
                        continue
                    rules = self.rules(rnode, f"phase `{phase}` of `{name}`", blocks)
                    phases[phase] = phases.get(phase, ()) + rules
        final = m.get("final")
        return ProgramState(name, loc, self.text(m.get("description"), "`description`"),
                            triggers, enter, exit_, phases,
                            bool(final.value) if final is not None else False)

    def triggers(self, node: Node | None, state: str) -> tuple[Trigger, ...]:
        if node is None:
            return ()
        if not node.is_list:
            self.fail(node.loc, f"`triggers` of `{state}` must be a list")
            return ()
        out = []
        for i, tnode in enumerate(node.value, 1):
            try:
                m = self.keys(tnode, TRIGGER_KEYS, f"trigger {i} of `{state}`")
                if "go" not in m:
                    self.fail(tnode.loc, f"trigger {i} of `{state}` has no `go`")
                    continue
                test = (self.expr(m["if"], self.scope(), "bool") if "if" in m
                        else Expr("true", lambda c: True, tnode.loc, True, True))
                when = self.text(m.get("when"), "`when`") or "turn"
                if when not in ("turn", "always"):
                    self.fail(m["when"].loc, "`when` must be `turn` (the start of the side's "
                              "turn, the default) or `always` (before every decision)")
                out.append(Trigger(i, test, self.text(m["go"], "`go`"), tnode.loc,
                                   m["go"].loc, self.text(m.get("say"), "`say`"),
                                   when == "always"))
            except _Skip:
                continue
        return tuple(out)

    def steps(self, node: Node | None, what: str) -> tuple[Step, ...]:
        if node is None:
            return ()
        items = node.value if node.is_list else [node]
        out = []
        for snode in items:
            try:
                m = self.keys(snode, ("remember", "forget", "say"), f"a step of {what}")
                if "say" in m:
                    out.append(Step(say=self.text(m["say"], "`say`"), loc=snode.loc))
                if "forget" in m:
                    slots = m["forget"].value if m["forget"].is_list else [m["forget"]]
                    for s in slots:
                        if s.value not in self.memory:
                            self.fail(s.loc, f"no memory slot `{s.value}`",
                                      did_you_mean(str(s.value), self.memory))
                        else:
                            out.append(Step(str(s.value), None, loc=s.loc))
                if "remember" in m:
                    out.extend(Step(slot, e, loc=e.loc)
                               for slot, e in self.remember(m["remember"], self.scope()))
            except _Skip:
                continue
        return tuple(out)

    def remember(self, node: Node, scope: Scope) -> tuple[tuple[str, Expr], ...]:
        if not node.is_map:
            self.fail(node.loc, "`remember` must map memory slots to expressions")
            raise _Skip
        out = []
        for slot, enode in node.value.items():
            if slot not in self.memory:
                self.fail(node.key_locs[slot], f"no memory slot `{slot}`",
                          did_you_mean(slot, self.memory) or "declare it under `memory`")
                continue
            want = self.memory[slot]
            try:
                out.append((slot, self.expr(enode, scope, None if want == "any" else want)))
            except _Skip:
                continue
        return tuple(out)

    # ------------------------------------------------------------ rules
    def rules(self, node: Node, what: str, blocks: dict[str, tuple[Rule, ...]],
              block: str = "") -> tuple[Rule, ...]:
        if not node.is_list:
            self.fail(node.loc, f"{what} must be a list of rules")
            return ()
        out: list[Rule] = []
        for i, rnode in enumerate(node.value, 1):
            use = rnode.get("use") if rnode.is_map else None
            if use is not None:
                if len(rnode.value) != 1:
                    self.fail(rnode.loc, "a `use` step names a block and nothing else")
                    continue
                bname = str(use.value)
                if bname not in blocks:
                    self.fail(use.loc, f"no block `{bname}`" + (
                        " (blocks may only use blocks written before them)" if block else ""),
                        did_you_mean(bname, blocks))
                    continue
                out.extend(Rule(f"{i}.{r.number}", r.types, r.loc, r.when, r.actor, r.where,
                                r.order, r.prefer, r.remember, r.say, bname)
                           for r in blocks[bname])
                continue
            try:
                out.append(self.rule(rnode, str(i), what, blocks, block))
            except _Skip:
                continue
        return tuple(out)

    def _targets(self, types: tuple[str, ...]) -> dict[str, str]:
        """Target names every named action type shares, with their expression types."""
        if ANY in types:
            return {}
        shared: dict[str, str] | None = None
        for t in types:
            spec = self.game.action_types.get(t)
            here = {ts.name: KIND_TYPES.get(ts.kind, "any") for ts in spec.targets} if spec \
                else {}
            shared = here if shared is None else {
                k: v for k, v in shared.items() if here.get(k) == v}
        return shared or {}

    def _event(self, types: tuple[str, ...]) -> str | None:
        """The event every named reaction answers (``None`` unless they all answer one)."""
        events = {self.game.reactions[t].event for t in types if t in self.game.reactions}
        if len(events) != 1 or any(t not in self.game.reactions and t != "pass"
                                   for t in types):
            return None
        return next(iter(events))

    def rule(self, node: Node, number: str, what: str,
             blocks: dict[str, tuple[Rule, ...]], block: str) -> Rule:
        m = self.keys(node, RULE_KEYS, f"rule {number} of {what}")
        if "do" not in m:
            self.fail(node.loc, f"rule {number} of {what} has no `do` (an action type, a "
                      "list of them, or `any`)")
            raise _Skip
        dnode = m["do"]
        names = [d for d in (dnode.value if dnode.is_list else [dnode])]
        types: list[str] = []
        for d in names:
            t = str(d.value)
            if t != ANY and t not in self.names:
                self.fail(d.loc, f"{self.game.name} has no action `{t}`",
                          did_you_mean(t, self.names) or "")
                raise _Skip
            types.append(t)
        tset = tuple(types)
        targets = self._targets(tset)
        actor_ok = ANY in tset or any(
            (self.game.action_types[t].source == "entity") if t in self.game.action_types
            else t in self.game.reactions for t in tset)
        full = self.scope(actor=actor_ok, targets=targets)
        event = self._event(tset)
        if event is not None:
            full.event_fields = dict(self.game.events.get(event, {}))
        when = self.expr(m["if"], self.scope(), "bool") if "if" in m else None
        actor = None
        if "actor" in m:
            if not actor_ok:
                self.fail(m["actor"].loc, f"`{', '.join(tset)}` is not done by a unit: "
                          "`actor` cannot filter it")
                raise _Skip
            actor = self.expr(m["actor"], self.scope(actor=True), "bool")
        where = self.expr(m["where"], full, "bool") if "where" in m else None
        order = self._order(m["order"], full) if "order" in m else None
        prefer = self._prefer(m.get("prefer"), full, actor_ok)
        remember = self.remember(m["remember"], full) if "remember" in m else ()
        return Rule(number, tset, node.loc, when, actor, where, order, prefer, remember,
                    self.text(m.get("say"), "`say`"), block)

    def _order(self, node: Node, scope: Scope) -> Order:
        m = self.keys(node, ("of", "values"), "`order`")
        if "of" not in m or "values" not in m or not m["values"].is_list:
            self.fail(node.loc, "`order` needs `of` (an expression) and `values` (a list, "
                      "earliest first)")
            raise _Skip
        of = self.expr(m["of"], scope)
        values = []
        for v in m["values"].value:
            if isinstance(v.value, str) and (v.value in self.game.entity_types
                                             or (v.value.isidentifier()
                                             and v.value not in ("true", "false", "none")
                                             and v.value not in scope.names)):
                values.append(Expr(v.value, _constant(v.value), v.loc, True, v.value))
            else:
                values.append(self.expr(v, self.scope()))
        return Order(of, tuple(values))

    def _prefer(self, node: Node | None, scope: Scope, actor: bool) -> tuple[Prefer, ...]:
        if node is None:
            return ()
        items = node.value if node.is_list else [node]
        out = []
        for item in items:
            if item.is_scalar and item.value == "random":
                out.append(Prefer("random", loc=item.loc))
                continue
            if not item.is_map or len(item.value) != 1:
                self.fail(item.loc, "a tie-break is `random` or one of `most: <expr>`, "
                          "`least: <expr>`, `nearest: <expr>`, `farthest: <expr>`, "
                          "`remembered: <slot>`")
                continue
            kind, enode = next(iter(item.value.items()))
            if kind not in PREFER_KINDS:
                self.fail(item.key_locs[kind], f"unknown tie-break `{kind}`",
                          did_you_mean(kind, PREFER_KINDS) or
                          f"tie-breaks: {', '.join(PREFER_KINDS)}")
                continue
            try:
                if kind == "remembered":
                    slot = str(enode.value)
                    if slot not in self.memory:
                        self.fail(enode.loc, f"no memory slot `{slot}`",
                                  did_you_mean(slot, self.memory))
                        continue
                    out.append(Prefer(kind, slot=slot, loc=item.loc))
                elif kind in ("nearest", "farthest"):
                    if not actor:
                        self.fail(item.key_locs[kind], f"`{kind}` measures from the acting "
                                  "unit, and these actions have none", "use `least:` with "
                                  "`distance(...)`")
                        continue
                    out.append(Prefer(kind, self.expr(enode, scope), loc=item.loc))
                else:
                    out.append(Prefer(kind, self.expr(enode, scope), loc=item.loc))
            except _Skip:
                continue
        return tuple(out)


NOT_A_MAPPING = "a program must be a mapping with `program`, `game`, `side`, `states`, …"


def parse_program(text: str, game: Game, file: str = "<program>") -> Program:
    """Compile a program given as text (``RulesError`` listing every problem)."""
    return ProgramCompiler(parse_yaml(text, file), game, file).compile()


def program_game(path: Path) -> str:
    """The game a program file names in its header (``RulesError`` if it names none)."""
    root = read_yaml(path)
    if not root.is_map:
        raise RulesError([Problem(root.loc, NOT_A_MAPPING)])
    node = root.get("game")
    if node is None or not isinstance(node.value, str):
        raise RulesError([Problem(root.loc, "missing `game`: the program must name the game "
                                  "it plays")])
    return node.value


def load_program(path: str | Path, game: Game | None = None) -> Program:
    """Compile a program file against ``game`` (by default the game its header names)."""
    path = Path(path)
    if game is None:
        game = load(program_game(path))
    return ProgramCompiler(read_yaml(path), game, str(path)).compile()


def bundled_programs(game: str | None = None) -> dict[str, Path]:
    """Programs shipped with the bundled games: ``name -> file``, for one game or all."""
    here = Path(__file__).resolve().parents[2] / "games"
    pattern = f"{game}/programs/*.yaml" if game else "*/programs/*.yaml"
    return {p.stem: p for p in sorted(here.glob(pattern))}
