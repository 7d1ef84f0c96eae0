"""The `visibility:` section: fog of war (sight ranges, teams, always-seen types).

    visibility:
      sight: {default: 2, scout: 4}    # or one number, or one parameter name: sight_range
      teams: [[red, green], [blue]]    # players who share their sight (optional)
      always_seen: [castle]            # entity types never hidden (optional)
      moves: sighted                   # or exact (optional; see below)

What it compiles to, and what a fog does to views, memories and options, is
``engine.fog.Fog``. ``moves: sighted`` (the default) works out position and value targets
on the board as the acting side sees it, and a `move_along` walk stops before a hidden
unit in its way; ``moves: exact`` works them out on the whole board (options then tell,
by leaving a square out, that a hidden unit stands there).
"""

from __future__ import annotations

from ...engine.fog import Fog
from ..core import CompileState
from ..errors import did_you_mean
from ..reading import show
from ..source import Node


def compile_visibility(c: CompileState, node: Node | None) -> Fog | None:
    """The game's fog, or ``None`` when the rules have no `visibility:` section."""
    if node is None:
        return None
    m = c.keys(node, ("sight", "teams", "always_seen", "moves"), "`visibility`",
               required=("sight",))
    types = set(c.entity_types)
    sight: dict[str, float | str] = {}
    default: float | str = 0
    spec = m["sight"]
    if spec.is_map:
        for name, value in c.need_map(spec, "`sight`").items():
            if name != "default" and name not in types:
                c.fail(spec.key_locs.get(name, value.loc), f"`sight`: unknown entity type "
                       f"`{name}`", did_you_mean(name, types) or "or `default`")
                continue
            reach = _reach(c, value)
            if name == "default":
                default = reach
            else:
                sight[name] = reach
    else:
        default = _reach(c, spec)
    teams: list[tuple[int, ...]] = []
    taken: set[int] = set()
    for team in c.need_list(m.get("teams"), "`teams` (a list of lists of players)"):
        seats = tuple(c.player_index(p) for p in c.need_list(team, "a team (a list of players)"))
        for seat in seats:
            if seat in taken:
                c.fail(team.loc, f"player `{c.players[seat]}` is in two teams")
            taken.add(seat)
        teams.append(seats)
    always = c.names(m.get("always_seen"), types, "entity type")
    moves = m.get("moves")
    sighted = True
    if moves is not None:
        if moves.value not in ("sighted", "exact"):
            c.fail(moves.loc, f"`moves` is `sighted` (worked out on the board as the side "
                   f"sees it) or `exact` (on the whole board), not {show(moves)}")
        sighted = moves.value != "exact"
    return Fog(sight, default=default, teams=teams, always_seen=always, sighted_moves=sighted)


def _reach(c: CompileState, node: Node) -> float | str:
    """A sight range: a number of squares (0 or more), or an entity parameter's name."""
    v = node.value
    if isinstance(v, str):
        if v not in c.entity_params:
            c.fail(node.loc, f"`sight`: no entity has a parameter `{v}`",
                   did_you_mean(v, c.entity_params) or "give a number of squares or a "
                   "parameter name")
        return v
    if isinstance(v, bool) or not isinstance(v, int | float) or v < 0:
        c.fail(node.loc, f"a sight range is a number of squares (0 or more) or a parameter "
               f"name, not {show(node)}")
        return 0
    return float(v)
