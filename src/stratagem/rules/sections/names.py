"""The names every section may use, read before the sections compile.

The players (``players:``), the custom events any ``emit`` declares (with their
fields), and the actions, reactions, statuses and entity parameters the file
declares, so that a section may name what a later one defines.
"""

from __future__ import annotations

from ..core import CompileState
from ..source import Node


def compile_players(c: CompileState, node: Node) -> None:
    """`players:`: their names, in seat order, each once."""
    items = c.need_list(node, "`players`")
    names = [c.need_str(n, "a player") for n in items]
    if not names:
        c.fail(node.loc, "a game needs at least one player")
    for n, item in zip(names, items, strict=True):
        if names.count(n) > 1:
            c.fail(item.loc, f"player `{n}` is named twice")
    c.players = tuple(names)


def compile_teams(c: CompileState, node: Node) -> tuple[tuple[int, ...], ...]:
    """`teams:`: sides of several players, `[[north, south], [east, west]]`, by seat; a
    player no team names is a side of its own, and none is in two."""
    teams: list[tuple[int, ...]] = []
    taken: dict[int, Node] = {}
    for team in c.need_list(node, "`teams` (a list of teams, each a list of players)"):
        seats = []
        for item in c.need_list(team, "a team (a list of players)"):
            seat = c.player_index(item)
            if seat in taken:
                c.fail(item.loc, f"player `{c.players[seat]}` is in two teams "
                       f"(the first at {taken[seat].loc})")
                continue
            taken[seat] = item
            seats.append(seat)
        if seats:
            teams.append(tuple(seats))
    return tuple(teams)


def declare_events(c: CompileState, root: Node) -> None:
    """Custom events: any `emit` anywhere declares its event and fields."""
    def walk(n: Node) -> None:
        if n.is_map:
            emit = n.value.get("emit")
            if emit is not None and emit.is_map and isinstance(
                    (ev := emit.value.get("event")), Node) and isinstance(ev.value, str):
                fields = emit.value.get("fields")
                names = list(fields.value) if fields is not None and fields.is_map else []
                c.events.setdefault(ev.value, {}).update({f: "any" for f in names})
            for v in n.value.values():
                walk(v)
        elif n.is_list:
            for v in n.value:
                walk(v)
    walk(root)


def declare_names(c: CompileState, top: dict[str, Node]) -> None:
    """Names used before their sections compile: params, actions, reactions, statuses."""
    for section, names in (("actions", c.action_names), ("reactions", c.reaction_names),
                           ("statuses", c.status_names)):
        node = top.get(section)
        if node is not None and node.is_map:
            names.update(node.value)
    for section in ("entities", "items"):
        node = top.get(section)
        if node is not None and node.is_map:
            c.type_names.update(k for k in node.value if isinstance(k, str))
    ents = top.get("entities")
    if ents is not None and ents.is_map:
        for spec in ents.value.values():
            params = spec.get("params") if spec.is_map else None
            if params is not None and params.is_map:
                c.entity_params.update(params.value)
    c.entity_params.update(("hp",) if not c.entity_params else ())

