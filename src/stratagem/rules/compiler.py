"""Compiling a rules file (the positioned YAML tree) into a ``Game``.

The compiler checks the whole file and collects every problem before giving
up, each with its place, the offending text and a hint. Expressions are
compiled once, here, into closures; nothing in the file is ever executed.
See ``docs/rules.md`` for the format, and ``docs/design.md`` for the map of
the modules below this one:

- ``core.py``: the state one compilation shares (``CompileState``) and ``Parts``;
- ``sections/``: a compiler for each section of the file, in the order below;
- ``effect_table.py``: the effects an effect list may hold;
- ``expr.py`` and ``library.py``: the expression language and its functions.
"""

from __future__ import annotations

from ..engine.spec import Board
from .core import BUILTIN_EVENTS, CompileState, Parts
from .errors import Problem, RulesError, did_you_mean
from .reading import show
from .sections.actions import compile_actions
from .sections.board import check_unit_costs, compile_board
from .sections.define import compile_defines
from .sections.display import compile_display
from .sections.end import check_shape, compile_end
from .sections.flow import compile_flow
from .sections.names import compile_players, compile_teams, declare_events, declare_names
from .sections.narration import compile_narration
from .sections.pieces import PLAYER_OWN, compile_entities, compile_params, compile_zones
from .sections.private import compile_known
from .sections.reactions import compile_reactions, compile_statuses, compile_triggers
from .sections.setup import compile_setup
from .sections.state import compile_state
from .sections.strategy import (
    build_strategy,
    compile_buffs,
    compile_item_uses,
    compile_items,
    compile_technologies,
    declare_tasks,
)
from .sections.visibility import compile_visibility
from .source import Node

TOP_KEYS = ("game", "description", "players", "teams", "shape", "board", "entities", "player",
            "zones", "statuses", "actions", "reactions", "triggers", "flow", "end", "setup",
            "scenarios", "narration", "display", "show_rolls", "state", "define", "visibility",
            "buffs", "technologies", "items")
"""The sections of a rules file, in the order the reference lists them."""


class Compiler(CompileState):
    """One rules file (and the files it names inside its folder) into a ``Game``:
    ``Compiler(root, folder).compile()``."""

    def compile(self) -> Parts:
        """Every section in turn, in the order their names are needed; ``RulesError``
        listing every problem found."""
        root = self.root
        if not root.is_map:
            raise RulesError([Problem(root.loc, "a rules file must be a mapping of sections "
                                      "(game, players, board, entities, actions, flow, end, …)")])
        top: dict[str, Node] = root.value
        misspelt = False
        for k in top:
            if k not in TOP_KEYS:
                self.fail(root.key_locs[k], f"unknown section `{k}`",
                          did_you_mean(k, TOP_KEYS) or f"sections: {', '.join(TOP_KEYS)}")
                misspelt |= bool(did_you_mean(k, [t for t in TOP_KEYS if t not in top]))
        missing = [k for k in ("game", "players", "flow") if k not in top]
        for k in missing:
            self.fail(root.loc, f"the rules need a `{k}` section")
        # A misspelt section (`zoens`) stops here: reading on would only report everything
        # that names what it declares. A stray one (`colour`) is reported with the rest.
        if missing or misspelt:
            raise RulesError(self.problems)
        parts = Parts()
        kw = parts.kwargs
        kw["name"] = self.attempt(lambda: self.need_str(top["game"], "`game`")) or "game"
        kw["description"] = str(top["description"].value) if "description" in top else ""
        self.attempt(lambda: compile_players(self, top["players"]))
        kw["players"] = self.players or ("player",)
        if "teams" in top:
            kw["teams"] = self.attempt(lambda: compile_teams(self, top["teams"])) or ()
        declare_events(self, root)
        board = self.attempt(lambda: compile_board(self, top.get("board")))
        self.board_ok = board is not None
        board = board or Board()
        kw["board"] = board
        kw["player_params"] = self.attempt(lambda: compile_params(
            self, top.get("player"), "player", self.player_params, PLAYER_OWN,
            private="any")) or ()
        kw["zones"] = self.attempt(lambda: compile_zones(self, top.get("zones"))) or ()
        declare_names(self, top)
        self.attempt(lambda: compile_state(self, top.get("state")))
        self.attempt(lambda: compile_defines(self, top.get("define")))
        kw["statuses"] = self.attempt(lambda: compile_statuses(self, top.get("statuses"))) or ()
        kw["entity_types"] = self.attempt(lambda: compile_entities(self, top.get("entities"))) \
            or ()
        kw["entity_types"] += self.attempt(lambda: compile_items(self, top.get("items"))) or ()
        if self.board_ok:
            self.attempt(lambda: check_unit_costs(self))
        self.attempt(lambda: compile_buffs(self, top.get("buffs")))
        self.attempt(lambda: compile_technologies(self, top.get("technologies")))
        declare_tasks(self, top.get("actions"))
        self.attempt(lambda: compile_item_uses(self, top.get("items")))
        kw["action_types"] = self.attempt(lambda: compile_actions(self, top.get("actions"))) or ()
        kw["reactions"] = self.attempt(lambda: compile_reactions(self, top.get("reactions"))) \
            or ()
        kw["triggers"] = self.attempt(lambda: compile_triggers(self, top.get("triggers"))) or ()
        flow = self.attempt(lambda: compile_flow(self, top["flow"]))
        kw["phases"], kw["round_limit"], kw["hand"] = flow if flow else ((), None, None)
        end = self.attempt(lambda: compile_end(self, top.get("end"))) or ((), None, None, None)
        kw["end_rules"], limit, kw["score"], kw["tiebreak"] = end
        if limit is not None:
            kw["round_limit"] = limit
        kw["guide"] = self.guide
        kw["repetition"] = self.repetition
        kw["setup"] = ()
        self.attempt(lambda: compile_setup(self, top.get("setup"), top.get("scenarios"), parts,
                                           board, top.get("board")))
        kw["private_known"] = compile_known(self)
        kw["narration"] = self.attempt(lambda: compile_narration(self, top.get("narration"))) \
            or {}
        kw["narrated"] = tuple(sorted(self.narrated))
        if "show_rolls" in top:
            node = top["show_rolls"]
            if isinstance(node.value, bool):
                kw["show_rolls"] = node.value
            else:
                self.fail(node.loc, f"`show_rolls` must be true or false, not {show(node)}")
        elif any(p.private for p in kw.get("player_params") or ()) or any(
                p.private for et in self.entity_types.values() for p in et.params):
            # A roll may become a private value (a die under a cup, ranks dealt): told to
            # every player, its number would tell the value. Narrated events say the rest.
            kw["show_rolls"] = False
        kw["display"] = self.attempt(lambda: compile_display(
            self, top.get("display"), set(board.tile_types) | set(board.side_types),
            {e.name for e in kw["entity_types"]},
            self.entity_params | self.player_params, {*self.state_params, *self.tile_params}))\
            or None
        kw["visibility"] = self.attempt(lambda: compile_visibility(self, top.get("visibility")))
        kw["events"] = {k: dict(v) for k, v in self.events.items()}
        kw["event_kinds"] = {e: {f: next(iter(t)) for f, t in fs.items()
                                 if len(t) == 1 and t <= {"entity", "player"}}
                             for e, fs in self.field_types.items()}
        kw["sources"] = dict(self.sources)
        kw["strategy"] = build_strategy(self)
        parts.scope = self.base_scope()
        parts.player_mentions = self.named_players
        self.finish()
        self.attempt(lambda: check_shape(self, top.get("shape"), parts))
        self.finish()
        try:
            parts.build()
        except Exception as exc:
            raise RulesError([Problem(root.loc, f"the game does not fit together: {exc}")]) \
                from None
        return parts


__all__ = ["BUILTIN_EVENTS", "TOP_KEYS", "Compiler", "Parts"]
