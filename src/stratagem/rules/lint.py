"""Checks of a compiled game beyond what the compiler refuses: set-ups no game can start
from are errors; designs that are legal but probably not meant are warnings.

Errors (``load_rules`` refuses the game, ``validate`` lists them):

- a unit placed on an impassable tile (a tile type whose ``cost`` is null or negative, for
  every unit or for the unit's kind).

Warnings (``validate`` prints them; the game still loads):

- no end condition at all: no win, lose or draw rule and no round limit, so only a
  rule that runs away could ever end it;
- a parameter named like a speed (``speed``, ``move``, ``movement``) with a negative
  value, by default or where a unit is placed;
- a roll of zero dice (``0d6``), which always gives 0;
- an action whose destination comes from ``reachable(..., blocked_by: enemies)`` (or
  ``nothing``) and whose ``move_along`` is not told the same ``blocked_by``: the walk then
  goes around what ``reachable`` crossed, and finds no way past a full friendly stack;
- a reaction a player chooses whose ``when`` reads a zone the other players do not see
  (directly or through a ``define``): whether its window opens tells them what is there
  (the part that reads it belongs in ``needs``);
- a step whose turn nothing ends: no ``max_actions``, no ``end_when`` (of the step or
  its phase) and no action that ends the turn, so that a turn lasts while any action is
  legal and a game may never reach its round limit (play stops at 100,000 decisions);
- a phase that repeats with no ``most`` whose ``until`` reads only game-state parameters
  (``game.NAME``) that nothing in the rules writes: it can never come true;
- a ``set`` or ``modify`` of ``tile(…).NAME`` on a board with a tile type, one a unit
  may enter, that has no parameter NAME (the write is dropped there);
- an ``emit`` of an event the engine sends itself (``moved``, ``died``, ``walk_halted``…)
  with a field the engine's event does not have.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..engine import Game
from .compiler import Parts
from .core import BUILTIN_EVENTS
from .errors import Loc, Problem, did_you_mean
from .lint_names import lets_shadowed, names_hiding_types, players_named_like_types
from .lint_secrets import (
    card_secrets,
    hidden_card_said,
    private_from_target,
    private_in_options,
    private_said,
    private_target_said,
)
from .sections.flow import endless_repeats
from .source import Node

SPEEDS = ("speed", "move", "movement")
_ZERO_DICE = re.compile(r"(?<![\w.])0+d\d")


def lint(parts: Parts, root: Node) -> tuple[list[Problem], list[Problem]]:
    """The errors and the warnings of a compiled rules file (every scenario)."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    file_loc = root.loc
    for scenario in parts.placements:
        game = parts.build(scenario)
        errors.extend(_impassable_placements(game, root, scenario))
        warnings.extend(_negative_speeds(game, root, scenario))
    game = parts.build()
    errors.extend(_unknown_size_param(game, root))
    if not game.end_rules and game.round_limit is None and not any(
            n.is_map and any(k in n.value for k in _ENDING_EFFECTS) for n in root.walk()):
        warnings.append(Problem(root.key_locs.get("end", root.key_locs.get("game", file_loc)),
                                "the game has no end condition (no win, lose or draw rule, "
                                "no round limit, and no `win`, `lose`, `draw_game` or "
                                "`end_game` effect)", "add `end:` with a rule or a round_limit"))
    for node in root.strings():
        m = _ZERO_DICE.search(node.value)
        if m is not None:
            warnings.append(Problem(node.text_loc(m.start()),
                                    f"`{m.group(0)}…` rolls zero dice: it is always 0",
                                    "roll at least one die, or write 0"))
    errors.extend(_unknown_places(parts, root))
    warnings.extend(_stranded_places(parts, root))
    warnings.extend(_unseated_players(parts))
    warnings.extend(_walks_unlike_their_reach(root))
    warnings.extend(_reactions_that_tell(game, root))
    warnings.extend(_endless_turns(game, root))
    warnings.extend(endless_repeats(root))
    warnings.extend(_engine_events_emitted(root))
    warnings.extend(_tile_writes_dropped(parts, game, root))
    warnings.extend(card_secrets(parts, game, root))
    warnings.extend(private_said(game, root))
    warnings.extend(private_in_options(game, root))
    warnings.extend(private_from_target(game, root))
    warnings.extend(private_target_said(game, root))
    warnings.extend(hidden_card_said(game, root))
    warnings.extend(lets_shadowed(root))
    warnings.extend(names_hiding_types(game, root))
    warnings.extend(players_named_like_types(game, root))
    warnings.extend(_reasons_unfilled(root))
    return _unique(errors), _unique(warnings)


_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_ENDING_EFFECTS = ("win", "lose", "draw_game", "end_game")


def _reasons_unfilled(root: Node) -> Iterator[Problem]:
    """A `reason` of `win`, `lose`, `draw_game` or `end_game` with a placeholder other than
    `{player}`: it would be printed as written."""
    for n in root.walk():
        if not n.is_map:
            continue
        for verb in _ENDING_EFFECTS:
            spec = n.get(verb)
            reason = spec.get("reason") if spec is not None and spec.is_map else None
            if reason is None or not isinstance(reason.value, str):
                continue
            for m in _PLACEHOLDER.finditer(reason.value):
                if m.group(1) != "player":
                    yield Problem(reason.text_loc(m.start()), f"`{{{m.group(1)}}}` in the "
                                  f"reason of `{verb}` is not filled in: only `{{player}}` is "
                                  "(the result would print it as written)",
                                  "write the words, or narrate the detail with an event")


_PLACE = re.compile(r"""\bplace\(\s*(['"])(.*?)\1\s*\)""")


def _unknown_places(parts: Parts, root: Node) -> Iterator[Problem]:
    """`place('NAME')` of a name no board of the rules (theirs or a scenario's) has."""
    boards = [parts.kwargs["board"], *parts.layouts.values()]
    known = {n for b in boards for n, _ in b.places}
    for node in root.strings():
        for m in _PLACE.finditer(node.value):
            if m.group(2) not in known:
                yield Problem(node.text_loc(m.start(2)), f"no place `{m.group(2)}` on the board",
                              did_you_mean(m.group(2), known) or
                              (f"places: {', '.join(sorted(known))}" if known else
                               "name places in `board: places:`"))


def _stranded_places(parts: Parts, root: Node) -> Iterator[Problem]:
    """A place on a square no one may enter, or (on a map of links) a place no link joins:
    nothing can ever reach it (a filler square named by mistake, a road left out)."""
    node = root.value.get("board") if root.is_map else None
    places = node.value.get("places") if node is not None and node.is_map else None
    if places is None or not places.is_map:
        return
    board = parts.kwargs["board"]
    linked = {i for pair in board.links for i in pair}
    for name, pos in board.places:
        loc = places.key_locs.get(name, places.loc)
        tile = board.tiles[pos[1] * board.width + pos[0]]
        props = board.tile_types.get(tile, {})
        cost = props.get("cost", 1)
        if (cost is None or cost < 0) and not props.get("cost_by"):
            yield Problem(loc, f"place `{name}` is on a `{tile}` square, which no one may "
                          "enter", "put it on a square of a tile type units may enter")
        elif board.links and pos[1] * board.width + pos[0] not in linked:
            yield Problem(loc, f"place `{name}` has no link: no unit can reach it or leave it",
                          "add a link to it in `links`")


def _unseated_players(parts: Parts) -> Iterator[Problem]:
    """Expressions that name a player some scenario does not seat (other than to tell
    players apart, `player != dune`): reading that player's parameters or zones there
    fails in play. One warning an expression, naming every such scenario."""
    names: tuple[str, ...] = parts.kwargs["players"]
    for loc, name in dict.fromkeys(parts.player_mentions):
        seat = names.index(name)
        without = [s for s, n in parts.seats.items() if seat >= n]
        if without:
            which = (f"scenario `{without[0]}` does" if len(without) == 1 else
                     "scenarios " + ", ".join(f"`{s}`" for s in without) + " do")
            yield Problem(loc, f"`{name}` is named here, but {which} not seat {name}: "
                          "reading their parameters or zones there fails in play",
                          "seat that player, or test `count(players())` first (a test "
                          "the warning cannot see: then ignore it)")


_CALLED = re.compile(r"\b(\w+)\s*\(")
_COUNTED = re.compile(r"\bcount\(\s*(?:zone|table)\([^()]*\)\s*\)")
"""A zone's count, `count(zone(player, 'hand'))`: public, whoever sees the zone."""


def _reactions_that_tell(game: Game, root: Node) -> Iterator[Problem]:
    """Reactions a player chooses whose `when` names a zone hidden from the others."""
    section = root.value.get("reactions") if isinstance(root.value, dict) else None
    if section is None or not isinstance(section.value, dict):
        return
    hidden = [z.name for z in game.zones if z.visibility not in ("public", "everyone")]
    if not hidden:
        return
    defines: dict[str, str] = {}
    block = root.value.get("define")
    if block is not None and isinstance(block.value, dict):
        for key, body in block.value.items():
            if isinstance(body.value, str):
                defines[str(key).split("(")[0].strip()] = body.value
    for name, spec in section.value.items():
        r = game.reactions.get(str(name))
        if r is None or r.automatic or r.source == "game" or not isinstance(spec.value, dict):
            continue
        when = spec.value.get("when")
        if when is None or not isinstance(when.value, str):
            continue
        # How many cards a zone holds is public (a view shows every zone's size): only
        # what else `when` reads of a hidden zone tells.
        text = _COUNTED.sub("", _expanded(when.value, defines))
        for zone in hidden:
            if f"'{zone}'" in text or f'"{zone}"' in text:
                yield Problem(when.loc, f"reaction `{name}`: `when` reads the zone `{zone}`, "
                              "which the other players do not see; whether the window "
                              "opens tells them what is in it",
                              "move that part to `needs:` (the window then opens on the rest, "
                              "and offers the reaction only when `needs` holds)")
                break


def _ends_turn(block: tuple[Any, ...], seen: set[int] | None = None) -> bool:
    """Whether an effect of ``block`` (or of a block inside it) may end the turn."""
    seen = set() if seen is None else seen
    if id(block) in seen:  # a block that holds itself (a walk's next step)
        return False
    seen.add(id(block))
    return any(e.ends_turn or any(_ends_turn(b, seen) for b in e.blocks()) for e in block)


def _endless_turns(game: Game, root: Node) -> Iterator[Problem]:
    """Steps whose turn nothing ends: no `max_actions`, no `end_when`, and no action that
    ends the turn. Such a turn lasts while any action is legal: a game of them may never
    reach its round limit."""
    flow = root.value.get("flow") if isinstance(root.value, dict) else None
    where = flow.loc if flow is not None else root.loc
    for phase in game.phases:
        if phase.end_when is not None:
            continue
        for step in phase.steps:
            if step.max_actions is not None or step.end_when is not None:
                continue
            types = [game.action_types[a] for a in step.actions if a in game.action_types]
            if types and not any(at.ends_turn or at.passes or _ends_turn(at.effects)
                                 for at in types):
                yield Problem(where, f"phase `{phase.name}`, step `{step.name}`: no action "
                              "ends the turn and nothing limits its actions, so a turn lasts "
                              "while any action is legal (a game stops at 100,000 decisions)",
                              "give an action `ends_turn: true` (or an `end_turn` effect), or "
                              "the step `max_actions` or `end_when`")


def _expanded(text: str, defines: dict[str, str]) -> str:
    """``text`` with the bodies of the defines it calls (and theirs) after it."""
    seen: set[str] = set()
    todo = [text]
    out = []
    while todo:
        t = todo.pop()
        out.append(t)
        for called in _CALLED.findall(t):
            if called in defines and called not in seen:
                seen.add(called)
                todo.append(defines[called])
    return "\n".join(out)


_REACH_BY = re.compile(r"reachable\((?:[^()]|\([^()]*\))*?blocked_by:\s*(\w+)")


def _walks_unlike_their_reach(root: Node) -> Iterator[Problem]:
    """Each `move_along` of an action whose targets come from `reachable` with another
    `blocked_by` than the walk's own."""
    actions = root.get("actions")
    if actions is None or not actions.is_map:
        return
    for action in actions.value.values():
        targets, effects = action.get("targets"), action.get("effects")
        if not action.is_map or targets is None:
            continue
        found = {m.group(1) for n in targets.strings()
                 if (m := _REACH_BY.search(n.value)) is not None}
        reach = next(iter(found)) if len(found) == 1 else None
        if reach is None or reach == "units" or effects is None:
            continue
        for n in effects.walk():
            walk = n.get("move_along") if n.is_map else None
            if walk is None or not walk.is_map or walk.get("path") is not None:
                continue
            by = walk.get("blocked_by")
            if by is None or by.value != reach:
                yield Problem(walk.loc, f"`move_along` is not told `blocked_by: {reach}`, "
                              f"which `reachable` found its destination with: the walk goes "
                              "around what `reachable` crossed, and finds no way past a "
                              "full friendly stack (the unit then stays where it is)",
                              f"add `blocked_by: {reach}` to the `move_along`")


_TILE_WRITE = re.compile(r"^\s*tile\((.*)\)\s*\.\s*(\w+)\s*$", re.S)


_LITERAL_SQUARE = re.compile(r"\(\s*(\d+)\s*,\s*(\d+)\s*\)")
"""A square written out in a rules file: `(1, 2)`."""


def _tile_writes_dropped(parts: Parts, game: Game, root: Node) -> Iterator[Problem]:
    """Each `set`/`modify` of `tile(SQUARE).NAME` on a board where some tile type a unit
    may enter has no parameter NAME: a write there is dropped without a word. A write
    under a condition (`when`, an `if`'s `test`, the action's `targets`) that reads the
    same SQUARE other than for a parameter of it (`tile(SQUARE).x`) is taken to be kept
    off those tiles (`when: "is_region(event.to)"`, `where: "tile(to) == 'mine'"`), and
    not warned of."""
    scope = parts.scope
    if scope is None or not scope.tile_params or not game.board.tiles:
        return
    kinds = game.board.tile_types
    on_board = [t for t in dict.fromkeys(game.board.tiles)
                if kinds.get(t, {}).get("cost", 1) is not None]
    stack: list[tuple[Node, tuple[str, ...]]] = [(root, ())]
    while stack:
        n, guards = stack.pop()
        if n.is_list:
            stack.extend((v, guards) for v in n.value)
            continue
        if not n.is_map:
            continue
        for key in ("when", "test", "targets"):  # an action's targets: where it may act
            cond = n.get(key)
            if cond is not None:
                guards += tuple(x.value for x in cond.strings())
        stack.extend((v, guards) for v in n.value.values())
        for verb in ("set", "modify"):
            spec = n.get(verb)
            what = spec.get("what") if spec is not None and spec.is_map else None
            m = _TILE_WRITE.match(what.value) if what is not None and isinstance(
                what.value, str) else None
            if what is None or m is None or m.group(2) not in scope.tile_params:
                continue
            square, name = m.group(1).strip(), m.group(2)
            named = re.compile(r"(?<![\w.])" + re.escape(square) + r"(?![\w(])")
            read = re.compile(r"tile\(\s*" + re.escape(square) + r"\s*\)\s*\.")
            if any(named.search(read.sub("", g)) for g in guards):
                continue  # a test of the square (its type), not only of a parameter of it
            having = {t for t, _ in scope.tile_params[name]}
            lacking = [t for t in on_board if t not in having]
            literal = _LITERAL_SQUARE.fullmatch(square)
            if literal:  # a square written out: only its own tile's type counts
                x, y = int(literal.group(1)), int(literal.group(2))
                b = game.board
                lacking = ([] if not b.contains((x, y))
                           else [t for t in (b.tiles[y * b.width + x],) if t not in having])
            if lacking:
                yield Problem(what.loc, f"`{verb}` of `{name}` on a tile of type "
                              f"{', '.join(f'`{t}`' for t in lacking)} writes nothing: "
                              f"{'that type has' if len(lacking) == 1 else 'those types have'}"
                              f" no parameter `{name}` (it reads 0 there)",
                              f"declare `{name}` once for every tile under `board: "
                              f"tile_params:`, or under each type's `params:`")


def _engine_events_emitted(root: Node) -> Iterator[Problem]:
    """Each `emit` of an event the engine itself sends, with fields the engine's event
    does not have: the engine's own events reach the same reactions and narration, which
    then find those fields missing (a file that named its own event `moved`)."""
    for n in root.walk():
        emit = n.get("emit") if n.is_map else None
        event = emit.get("event") if emit is not None and emit.is_map else None
        if emit is None or event is None or not isinstance(event.value, str) \
                or event.value not in BUILTIN_EVENTS:
            continue
        fields = emit.get("fields")
        own = BUILTIN_EVENTS[event.value]
        extra = [f for f in (fields.value if fields is not None and fields.is_map else ())
                 if f not in own]
        if extra:
            yield Problem(event.loc, f"`{event.value}` is an event the engine sends itself "
                          f"(fields: {', '.join(own) or 'none'}), and this `emit` gives it "
                          f"{', '.join(f'`{f}`' for f in extra)}: reactions and narration of "
                          f"the engine's `{event.value}` find {'them' if len(extra) > 1 else 'it'} "
                          "missing", "give your own event a name of its own")


def _unknown_size_param(game: Game, root: Node) -> list[Problem]:
    """A board whose capacity counts a size parameter that no entity type has: every
    entity would count as size 0 and a square would hold any number of them."""
    param = game.board.stack_param
    if not param or any(p.name == param for t in game.entity_types.values() for p in t.params):
        return []
    known = sorted({p.name for t in game.entity_types.values() for p in t.params})
    board = root.get("board")
    named = [m for n in (board.walk() if board is not None else ()) if n.is_map
             and (m := n.get("param")) is not None and m.value == param]
    return [Problem(named[0].loc if named else root.loc,
                    f"the board's capacity counts `{param}`, which no entity type has",
                    did_you_mean(param, known) or "give the entity types that size parameter")]


def _where(root: Node, scenario: str) -> Loc:
    """The place of a scenario's set-up (its entities), as near as the source tells."""
    if scenario:
        scenarios = root.get("scenarios")
        if scenarios is not None and scenarios.is_map and scenario in scenarios.key_locs:
            return scenarios.key_locs[scenario]
    return root.key_locs.get("entities", root.loc)


def _impassable_placements(game: Game, root: Node, scenario: str) -> Iterator[Problem]:
    board = game.board
    for pl in game.placements:
        if pl.pos is None or not board.contains(pl.pos):
            continue
        tile = board.tiles[pl.pos[1] * board.width + pl.pos[0]]
        props = board.tile_types.get(tile, {})
        cost = props.get("cost", 1)
        said = f"impassable `{tile}`"
        et = game.entity_types.get(pl.type)
        for name, paid in board.unit_costs(pl.type, et.tags if et is not None else frozenset()):
            if name == tile:  # its kind's own cost there
                cost = paid
                said = f"`{tile}`, which no {pl.type} may enter (impassable to it)"
        if cost is None or (isinstance(cost, int | float) and cost < 0):
            where = f" in scenario `{scenario}`" if scenario else ""
            yield Problem(_where(root, scenario),
                          f"a {pl.type} is placed{where} at ({pl.pos[0]},{pl.pos[1]}), on "
                          f"{said}", "place it on a tile it can stand on")


def _negative_speeds(game: Game, root: Node, scenario: str) -> Iterator[Problem]:
    for et in game.entity_types.values():
        for p in et.params:
            if p.name in SPEEDS and isinstance(p.default, int | float) and p.default < 0:
                yield Problem(root.key_locs.get("entities", root.loc),
                              f"entity type `{et.name}` has a negative {p.name} "
                              f"({p.default:g})", "a speed below 0 lets it never move")
    for pl in game.placements:
        for k, v in pl.params.items():
            if k in SPEEDS and isinstance(v, int | float) and v < 0:
                yield Problem(_where(root, scenario),
                              f"a {pl.type} is placed with a negative {k} ({v:g})",
                              "a speed below 0 lets it never move")


def _unique(problems: list[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))
