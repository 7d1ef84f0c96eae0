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
from ...rules.reading import Reader, Skip
from ...rules.source import Node, parse_yaml, read_yaml

Test = Callable[[Ctx], Any]

MEMORY_TYPES = ("entity", "player", "pos", "number", "bool", "str", "any")
RESERVED = frozenset({"player", "actor", "it", "event", "none", "true", "false", "round"})
HEADER = ("program", "game", "side", "author", "version", "description")
TOP_KEYS = (*HEADER, "memory", "define", "words", "start", "blocks", "states", "fallback")
RULE_KEYS = ("do", "if", "actor", "where", "order", "prefer", "remember", "say", "why",
             "section", "use")
STATE_KEYS = ("note", "description", "triggers", "enter", "exit", "steps", "reactions",
              "phases", "rules", "final")
TRIGGER_KEYS = ("if", "go", "say", "why", "when")
REACTIONS = "reactions"
"""The part of a state answering reaction decisions (``reactions:``)."""
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
    why: str = ""


@dataclass(frozen=True)
class Prefer:
    """One step of a tie-break ladder: ``most``/``least`` of an expression, ``nearest``/
    ``farthest`` from the actor, the ``remembered`` slot's value, or ``random``."""

    kind: str
    expr: Expr | None = None
    slot: str = ""
    loc: Loc | None = None
    say: str = ""
    """The tie-break in words, for the card (``{most: <expr>, say: <words>}``)."""


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
    why: str = ""
    """The reasoning behind the step, printed as a footnote on the card."""
    section: str = ""
    """A heading the card prints above the step (Movement, Shooting, Melee, …)."""
    part: str = ""
    """The part of its state the rule belongs to: a step of the game's flow
    (``orders``), ``reactions``, ``enter``/``exit``, or ``""`` for ``rules`` and
    ``phases`` (numbered as before)."""

    @property
    def label(self) -> str:
        """The rule's number, with its part when it has one (``"orders 3"``)."""
        return f"{self.part} {self.number}" if self.part else self.number


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
    why: str = ""
    """Checked before every decision, not only at the start of the side's turn."""


@dataclass(frozen=True)
class Step:
    """An enter or exit step: set or clear a memory slot, a note for the player, or a
    game action to take (``rule``: tried first at the side's next decisions this turn,
    until it acts)."""

    slot: str = ""
    value: Expr | None = None
    say: str = ""
    loc: Loc | None = None
    rule: Rule | None = None


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
    note: str = ""
    """What the state's test means at the table, printed before its description."""
    steps: dict[str, tuple[Rule, ...]] = field(default_factory=dict)
    """Rules per step of the game's flow (``orders``, ``activation``), tried first at an
    action decision in that step."""
    reactions: tuple[Rule, ...] = ()
    """Rules tried first when the game asks the side to react (the enemy's turn, a
    volley, a melee)."""

    def rules_for(self, phase: str, step: str = "", reaction: bool = False
                  ) -> tuple[Rule, ...]:
        """The rules tried at a decision in ``phase`` (and its ``step``), in order: the
        step's own (or, for a reaction, the reactions), the phase's, then ``rules``."""
        first = self.reactions if reaction else self.steps.get(step, ())
        return first + self.phases.get(phase, ()) + (
            self.phases.get(ANY, ()) if phase != ANY else ())

    def parts(self) -> list[tuple[str, tuple[Rule, ...]]]:
        """Every list of rules with its key, in the card's order: the steps, the
        reactions, the phases, then ``any`` (the rules for every phase)."""
        out = list(self.steps.items())
        if self.reactions:
            out.append((REACTIONS, self.reactions))
        out += [(k, v) for k, v in self.phases.items() if k != ANY]
        if ANY in self.phases:
            out.append((ANY, self.phases[ANY]))
        return out

    def all_rules(self) -> list[Rule]:
        """Every rule of the state (the acting enter and exit steps included)."""
        acting = [s.rule for s in (*self.exit, *self.enter) if s.rule is not None]
        return acting + [r for _, rules in self.parts() for r in rules]


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
    words: dict[str, str] = field(default_factory=dict)
    """The card's words for raw values: an action or type name, or ``param=value``
    (``cls=2: Zoomorphic Warriors``)."""
    memory_say: dict[str, str] = field(default_factory=dict)
    """What each memory slot holds, in words."""


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


class ProgramCompiler(Reader):
    """One program file, compiled against a game's rules."""

    MAPPING = "must be a mapping"
    EXPRESSION_KEY_HINT = False

    def __init__(self, root: Node, game: Game, file: str) -> None:
        super().__init__()
        self.root = root
        self.game = game
        self.file = file
        self.memory: dict[str, str] = {}
        self.memory_say: dict[str, str] = {}
        self.defines: dict[str, Define] = {}
        self._define_types: dict[str, str] = {}
        self.entity_params = frozenset(p.name for t in game.entity_types.values()
                                       for p in t.params)
        self.player_params = frozenset(p.name for p in game.player_params)
        self.names = self._legal_names()

    # ------------------------------------------------------------ helpers
    def _legal_names(self) -> set[str]:
        names = set(self.game.action_types) | set(self.game.reactions) | {"pass"}
        names.add("choose")
        return names

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
            raise Skip
        text = str(value)
        try:
            c: Compiled = compile_expr(text, scope, node.loc, want,
                                       loc_of=node.text_loc if isinstance(node.value, str)
                                       else None)
        except RulesError as exc:
            self.problems.extend(exc.problems)
            raise Skip from None
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
                    with contextlib.suppress(Skip):
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
        words = self._words(top.get("words"))
        self.finish()
        return Program(name, self.game.name, side, side_name, self.file,
                       self.text(top.get("author"), "`author`"),
                       self.text(top.get("version"), "`version`"),
                       self.text(top.get("description"), "`description`"), dict(self.memory),
                       start, states, blocks, fallback, random_fallback, locs,
                       dict(self.defines), words, dict(self.memory_say))

    def _words(self, node: Node | None) -> dict[str, str]:
        if node is None:
            return {}
        if not node.is_map:
            self.fail(node.loc, "`words` must map names (an action, a type, or "
                      "`param=value`) to the words the card prints for them")
            return {}
        return {str(k): self.text(v, f"the words for `{k}`") for k, v in node.value.items()}

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
            say = why = ""
            enode = dnode
            if dnode.is_map:
                try:
                    m = self.keys(dnode, ("is", "say", "why"), f"definition `{dname}`")
                except Skip:
                    continue
                if "is" not in m:
                    self.fail(dnode.loc, f"definition `{dname}` has no `is` (its expression)")
                    continue
                enode = m["is"]
                say = self.text(m.get("say"), "`say`")
                why = self.text(m.get("why"), "`why`")
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
                                                     c.const, c.value), say, why)

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
            if tnode.is_map:
                try:
                    m = self.keys(tnode, ("type", "say"), f"memory slot `{slot}`")
                except Skip:
                    continue
                type_ = m["type"].value if "type" in m else "any"
                self.memory_say[slot] = self.text(m.get("say"), "`say`")
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
            except Skip:
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
        enter = self.steps(m.get("enter"), f"`enter` of `{name}`", blocks, "enter")
        exit_ = self.steps(m.get("exit"), f"`exit` of `{name}`", blocks, "exit")
        steps: dict[str, tuple[Rule, ...]] = {}
        snode = m.get("steps")
        if snode is not None:
            if not snode.is_map:
                self.fail(snode.loc, "`steps` must map the game's step names (of its "
                          "flow's phases) to lists of rules")
            else:
                known_steps = [st.name for p in self.game.phases for st in p.steps]
                for step, rnode in snode.value.items():
                    if step not in known_steps or step == REACTIONS:
                        self.fail(snode.key_locs[step], f"{self.game.name} has no step "
                                  f"`{step}`", did_you_mean(step, known_steps)
                                  or f"steps: {', '.join(known_steps) or 'none'}")
                        continue
                    steps[step] = self.rules(rnode, f"step `{step}` of `{name}`", blocks,
                                             part=step)
        reactions = (self.rules(m[REACTIONS], f"reactions of `{name}`", blocks,
                                part=REACTIONS) if REACTIONS in m else ())
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
                            bool(final.value) if final is not None else False,
                            self.text(m.get("note"), "`note`"), steps, reactions)

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
                                   when == "always", self.text(m.get("why"), "`why`")))
            except Skip:
                continue
        return tuple(out)

    def steps(self, node: Node | None, what: str, blocks: dict[str, tuple[Rule, ...]],
              part: str) -> tuple[Step, ...]:
        if node is None:
            return ()
        items = node.value if node.is_list else [node]
        out = []
        for i, snode in enumerate(items, 1):
            try:
                if snode.is_map and "do" in snode.value:
                    rule = self.rule(snode, str(i), what, blocks, "", part)
                    out.append(Step(say=rule.say, loc=snode.loc, rule=rule))
                    continue
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
            except Skip:
                continue
        return tuple(out)

    def remember(self, node: Node, scope: Scope) -> tuple[tuple[str, Expr], ...]:
        if not node.is_map:
            self.fail(node.loc, "`remember` must map memory slots to expressions")
            raise Skip
        out = []
        for slot, enode in node.value.items():
            if slot not in self.memory:
                self.fail(node.key_locs[slot], f"no memory slot `{slot}`",
                          did_you_mean(slot, self.memory) or "declare it under `memory`")
                continue
            want = self.memory[slot]
            try:
                out.append((slot, self.expr(enode, scope, None if want == "any" else want)))
            except Skip:
                continue
        return tuple(out)

    # ------------------------------------------------------------ rules
    def rules(self, node: Node, what: str, blocks: dict[str, tuple[Rule, ...]],
              block: str = "", part: str = "") -> tuple[Rule, ...]:
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
                                r.order, r.prefer, r.remember, r.say, bname, r.why,
                                r.section, part)
                           for r in blocks[bname])
                continue
            try:
                out.append(self.rule(rnode, str(i), what, blocks, block, part))
            except Skip:
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
             blocks: dict[str, tuple[Rule, ...]], block: str, part: str = "") -> Rule:
        m = self.keys(node, RULE_KEYS, f"rule {number} of {what}")
        if "do" not in m:
            self.fail(node.loc, f"rule {number} of {what} has no `do` (an action type, a "
                      "list of them, or `any`)")
            raise Skip
        dnode = m["do"]
        names = [d for d in (dnode.value if dnode.is_list else [dnode])]
        types: list[str] = []
        for d in names:
            t = str(d.value)
            if t != ANY and t not in self.names:
                self.fail(d.loc, f"{self.game.name} has no action `{t}`",
                          did_you_mean(t, self.names) or "")
                raise Skip
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
                raise Skip
            actor = self.expr(m["actor"], self.scope(actor=True), "bool")
        where = self.expr(m["where"], full, "bool") if "where" in m else None
        order = self._order(m["order"], full) if "order" in m else None
        prefer = self._prefer(m.get("prefer"), full, actor_ok)
        remember = self.remember(m["remember"], full) if "remember" in m else ()
        return Rule(number, tset, node.loc, when, actor, where, order, prefer, remember,
                    self.text(m.get("say"), "`say`"), block, self.text(m.get("why"), "`why`"),
                    self.text(m.get("section"), "`section`"), part)

    def _order(self, node: Node, scope: Scope) -> Order:
        m = self.keys(node, ("of", "values"), "`order`")
        if "of" not in m or "values" not in m or not m["values"].is_list:
            self.fail(node.loc, "`order` needs `of` (an expression) and `values` (a list, "
                      "earliest first)")
            raise Skip
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
            say = ""
            if item.is_map and "say" in item.value and len(item.value) == 2:
                say = self.text(item.value["say"], "`say`")
                item = Node({k: v for k, v in item.value.items() if k != "say"}, item.loc,
                            {k: v for k, v in item.key_locs.items() if k != "say"})
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
                    out.append(Prefer(kind, slot=slot, loc=item.loc, say=say))
                elif kind in ("nearest", "farthest"):
                    if not actor:
                        self.fail(item.key_locs[kind], f"`{kind}` measures from the acting "
                                  "unit, and these actions have none", "use `least:` with "
                                  "`distance(...)`")
                        continue
                    out.append(Prefer(kind, self.expr(enode, scope), loc=item.loc, say=say))
                else:
                    out.append(Prefer(kind, self.expr(enode, scope), loc=item.loc, say=say))
            except Skip:
                continue
        return tuple(out)


NOT_A_MAPPING = "a program must be a mapping with `program`, `game`, `side`, `states`, …"


def parse_program(text: str, game: Game, file: str = "<program>") -> Program:
    """Compile a program given as text (``RulesError`` listing every problem)."""
    return ProgramCompiler(parse_yaml(text, file), game, file).compile()


def parse_condition(text: str, game: Game, where: str = "<condition>") -> Expr:
    """An expression over the game's state as a program sees it (``player``, the side it
    plays), such as an evaluation's measure (``RulesError`` if it does not compile)."""
    compiler = ProgramCompiler(parse_yaml("{}", where), game, where)
    try:
        return compiler.expr(Node(text, Loc(where, 1, 1)), compiler.scope())
    except Skip:
        raise RulesError(compiler.problems) from None


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
