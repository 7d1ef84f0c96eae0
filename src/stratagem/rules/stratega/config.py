"""The sections that set up a Stratega game: ``GameConfig``, ``Agents``, ``Player``,
``EntityGroups`` and ``GameDescription``; and parameters as Stratega declares them."""

from __future__ import annotations

from functools import partial

from ..reading import Skip, show
from ..source import Node
from .context import Param, Translation

AGENTS: dict[str, str | None] = {
    "RandomAgent": "random",
    "MCTSAgent": "mcts",
    "RHEAAgent": "rhea",
    "OSLAAgent": "osla",
    "HumanAgent": "human",
    "BeamSearchAgent": None,
    "DFSAgent": None,
    "MOMCTSAgent": None,
    "SLIAgent": None,
    "CombinedAgent": None,
    "DoNothingAgent": None,
    "ScriptedAgent": None,
    "UnitMCTSAgent": None,
    "NaiveMCTSAgent": None,
    "PortfolioGreedySearchAgent": "portfolio",
}
"""Stratega's agents by name, each with the roster code of its equivalent here (None:
none; such a seat is played by the agent given with ``--agents``)."""


BUILT_IN = {"owner", "type", "pos", "position", "id", "name", "x", "y", "round", "turn",
            "phase", "and", "or", "not", "in", "if", "else", "let", "none", "true", "false"}
"""Names the native format gives a meaning of its own after a dot (`target.owner`) or
as a word: not parameter names."""


def parameter(t: Translation, node: Node, what: str) -> Param:
    """A parameter: ``N`` (from 0 to N, starting at N) or ``[min, default, max]``."""
    v = node.value
    if isinstance(v, int | float) and not isinstance(v, bool):
        return Param(0 if v >= 0 else v, v, v if v >= 0 else 0)
    if isinstance(v, list) and len(v) == 3:
        low, default, high = (t.need_num(x, what) for x in v)
        if not low <= default <= high:
            t.fail(node.loc, f"{what} must be [min, default, max] in that order, not "
                             f"[{low}, {default}, {high}]")
            raise Skip
        return Param(low, default, high)
    t.fail(node.loc, f"{what} must be a number or [min, default, max], not {show(node)}")
    raise Skip


def parameters(t: Translation, node: Node | None, what: str) -> dict[str, Param]:
    out: dict[str, Param] = {}
    for name, n in t.need_map(node, f"the `Parameters` of {what}").items():
        if not name.isidentifier():
            t.fail(node.key_locs[name] if node else n.loc, f"`{name}` cannot be a parameter "
                   "name", "letters, digits and _ only")
            continue
        if name in BUILT_IN:
            t.fail(node.key_locs[name] if node else n.loc, f"`{name}` cannot be a parameter "
                   "name here: it is a built-in name of the native format",
                   "rename the parameter")
            continue
        p = t.attempt(partial(parameter, t, n, f"parameter `{name}`"))
        if p is not None:
            out[name] = p
    return out


def game_config(t: Translation, node: Node) -> None:
    """``GameConfig``: the type (TBS only), the round limit, the players, fog of war and
    the game-state parameters."""
    m = t.keys(node, ("Type", "RoundLimit", "PlayerCount", "FogOfWar", "Parameters",
                      "ActionTimer"), "`GameConfig`", ("Type",))
    kind = m["Type"].value if m["Type"].is_scalar else None
    if kind == "RTS":
        t.fail(m["Type"].loc, "real-time Stratega games (`Type: RTS`) are not supported",
               "only turn-based games (`Type: TBS`) can be loaded")
        raise Skip
    if kind != "TBS":
        t.fail(m["Type"].loc, f"`Type` must be TBS, not {show(m['Type'])}")
        raise Skip
    limit = t.need_int(m["RoundLimit"], "`RoundLimit`", 2) if "RoundLimit" in m else 100
    # Stratega's tick starts at 1 and the game ends when it reaches the limit: after
    # RoundLimit - 1 whole rounds.
    t.put(("end", "round_limit"), limit - 1)
    t.origin(("end", "round_limit"), "GameConfig.RoundLimit", (m.get("RoundLimit") or node).loc)
    if "FogOfWar" in m:
        if not isinstance(m["FogOfWar"].value, bool):
            t.fail(m["FogOfWar"].loc, "`FogOfWar` must be true or false")
        t.fog = bool(m["FogOfWar"].value)
    count = None
    if "PlayerCount" in m:
        count = t.need_int(m["PlayerCount"], "`PlayerCount`", 1, 10)
    agents = t.top.get("Agents")
    if count is None and agents is not None and agents.is_list:
        count = len(agents.value)
    if not count:
        t.fail(node.loc, "the number of players is not known",
               "give `PlayerCount` or list one agent a player under `Agents`")
        raise Skip
    t.players = [f"p{i}" for i in range(count)]
    t.put(("players",), t.players)
    t.origin(("players",), "GameConfig.PlayerCount" if "PlayerCount" in m else "Agents",
             (m.get("PlayerCount") or agents or node).loc)
    t.state_params = parameters(t, m.get("Parameters"), "`GameConfig`")
    if t.state_params:
        t.put(("state",), {k: p.native() for k, p in t.state_params.items()})
        t.origin(("state",), "GameConfig.Parameters", m["Parameters"].loc)


def agents(t: Translation, node: Node) -> None:
    """``Agents``: each mapped to the roster code of its equivalent, where there is one."""
    for item in t.need_list(node, "`Agents`"):
        if item.is_map and len(item.value) == 1:
            name = next(iter(item.value))
        elif isinstance(item.value, str) and item.value:
            name = item.value
        else:
            t.fail(item.loc, "an agent must be a name, or a name with its parameters")
            continue
        t.agents.append(AGENTS.get(name))


def player(t: Translation, node: Node) -> None:
    """``Player``: the players' parameters and actions."""
    m = t.keys(node, ("Actions", "CanSpawn", "Parameters"), "`Player`")
    t.player_params = parameters(t, m.get("Parameters"), "`Player`")
    if t.player_params:
        t.put(("player",), {k: p.native() for k, p in t.player_params.items()})
        t.origin(("player",), "Player.Parameters", m["Parameters"].loc)
    for n in t.need_list(m.get("Actions"), "`Player: Actions`"):
        t.player_actions.append(t.need_str(n, "an action"))


def entity_groups(t: Translation, node: Node) -> None:
    """``EntityGroups``: named lists of entity types (``All`` and each type are groups
    already)."""
    for name, n in t.need_map(node, "`EntityGroups`").items():
        members: list[str] = []
        for item in t.need_list(n, f"group `{name}`"):
            kind = t.need_str(item, "an entity type")
            if kind not in t.entities:
                t.fail(item.loc, f"unknown entity type `{kind}`")
                continue
            members.append(kind)
        t.groups[name] = members


ACTION_CATEGORIES = ("Attack", "Heal", "Research", "Gather", "Move", "Spawn")
CATEGORIES = ("Base", "Building", "Spawner", "Unit", "NoFighter", "Fighter", "Melee", "Ranged")


def game_description(t: Translation, node: Node) -> None:
    """``GameDescription``: its entity categories become tags of the entity types; its
    action categories and game type are notes for Stratega's agents, not rules."""
    m = t.keys(node, ("Type", "Actions", "Entities"), "`GameDescription`")
    for cat, n in t.need_map(m.get("Actions"), "`GameDescription: Actions`").items():
        if cat not in ACTION_CATEGORIES:
            t.fail(m["Actions"].key_locs[cat], f"unknown action category `{cat}`",
                   f"categories: {', '.join(ACTION_CATEGORIES)}")
            continue
        for item in t.need_list(n, f"category `{cat}`"):
            name = t.need_str(item, "an action")
            if name not in t.actions:
                t.fail(item.loc, f"unknown action `{name}`")
    for cat, n in t.need_map(m.get("Entities"), "`GameDescription: Entities`").items():
        if cat not in CATEGORIES:
            t.fail(m["Entities"].key_locs[cat], f"unknown entity category `{cat}`",
                   f"categories: {', '.join(CATEGORIES)}")
            continue
        for item in t.need_list(n, f"category `{cat}`"):
            kind = t.need_str(item, "an entity type")
            if kind not in t.entities:
                t.fail(item.loc, f"unknown entity type `{kind}`")
                continue
            spec = t.out.get("entities", {}).get(kind)
            if spec is not None:  # None: the type's own problems are reported
                spec.setdefault("tags", []).append(cat.lower())


__all__ = ["AGENTS", "agents", "entity_groups", "game_config", "game_description",
           "parameter", "parameters", "player"]
