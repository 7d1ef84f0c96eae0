"""The shared half of the program compiler: the names a program's expressions may use,
expressions compiled in that scope, and the rules of a step — each with its actor,
targets, order, preferences and memory writes. ``spec.ProgramCompiler`` builds the
states, triggers and steps on top of it."""

from __future__ import annotations

from typing import Any

from ...engine import Choose, Ctx, Game
from ...rules.errors import RulesError, did_you_mean
from ...rules.expr import Compiled, Scope, compile_expr
from ...rules.reading import Reader, Skip
from ...rules.source import Node
from .model import (
    ANY,
    KIND_TYPES,
    PREFER_KINDS,
    RULE_KEYS,
    Define,
    Expr,
    Order,
    Prefer,
    Rule,
    Test,
)


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


class RuleCompiler(Reader):
    """Scopes, expressions and rules of one program file, against a game's rules."""

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
        zones = getattr(self.game, "zones", None)  # (a game of another framework has none)
        rules: Scope | None = getattr(self.game, "rules_scope", None)
        return Scope(names, {}, None, self.entity_params, self.player_params,
                     frozenset(self.game.entity_types),
                     # What the rules' own expressions may read: their defines, `state:`,
                     # keyed and tile parameters (none for a game built in Python).
                     defines={} if rules is None else rules.defines,
                     state_params={} if rules is None else rules.state_params,
                     tile_params={} if rules is None else rules.tile_params,
                     side_params={} if rules is None else rules.side_params,
                     keyed={} if rules is None else rules.keyed,
                     zone_names=None if zones is None else frozenset(z.name for z in zones),
                     table_zones=None if zones is None else frozenset(
                         z.name for z in zones if z.table),
                     player_names=tuple(self.game.players))

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
                else self._chosen() if t == "choose" else {}
            shared = here if shared is None else {
                k: v for k, v in shared.items() if here.get(k) == v}
        return shared or {}

    def _chosen(self) -> dict[str, str]:
        """The names the rules' `choose` effects bind (`choose: {as: dest}`): what a
        `do: choose` rule's `where:` and `prefer:` read the value offered by."""
        blocks = getattr(self.game, "blocks", ())
        return {e.name: "any" for b in blocks for e in b if isinstance(e, Choose)}

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
