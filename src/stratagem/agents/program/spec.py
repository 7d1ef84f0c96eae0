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
from pathlib import Path
from typing import Any

from ...engine import Game
from ...games import load
from ...rules.core import KIND_TYPES
from ...rules.errors import Loc, Problem, RulesError, did_you_mean
from ...rules.expr import compile_expr
from ...rules.expr_context import read_target
from ...rules.reading import Skip
from ...rules.source import Node, parse_yaml, read_yaml
from .model import (
    ANY,
    MEMORY_TYPES,
    REACTIONS,
    RESERVED,
    STATE_KEYS,
    TOP_KEYS,
    TRIGGER_KEYS,
    Define,
    Expr,
    Program,
    ProgramState,
    Rule,
    Step,
    Trigger,
)
from .rule_compiler import RuleCompiler


class ProgramCompiler(RuleCompiler):
    """One program file, compiled against a game's rules: the header, memory, defines,
    states with their triggers and steps, and the fallback."""

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
                       dict(self.defines), words, dict(self.memory_say),
                       tuple(self.game.players))

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


NOT_A_MAPPING = "a program must be a mapping with `program`, `game`, `side`, `states`, …"


def parse_program(text: str, game: Game, file: str = "<program>") -> Program:
    """Compile a program given as text (``RulesError`` listing every problem)."""
    return ProgramCompiler(parse_yaml(text, file), game, file).compile()


def parse_condition(text: str, game: Game, where: str = "<condition>",
                    targets: Any = ()) -> Expr:
    """An expression over the game's state as a program sees it (``player``, the side it
    plays), such as an evaluation's measure (``RulesError`` if it does not compile);
    ``targets`` (an action type's ``TargetSpec``s) are named too, read from the context's
    targets (a measure read after that action: what it chose)."""
    compiler = ProgramCompiler(parse_yaml("{}", where), game, where)
    scope = compiler.scope()
    if targets:
        scope = scope.child(**{t.name: (KIND_TYPES.get(t.kind, "any"), read_target(t.name))
                               for t in targets})
    try:
        return compiler.expr(Node(text, Loc(where, 1, 1)), scope)
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
