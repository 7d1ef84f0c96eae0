"""How the game ends (`end:`), and the `shape:` the rules declare of themselves."""

from __future__ import annotations

from typing import Any

from ...engine.info import SIZES
from ...engine.spec import PLAYER_FIELD, EndRule
from ..core import CompileState, Parts
from ..errors import did_you_mean
from ..source import Node


def _repetition(c: CompileState, node: Node) -> tuple[int, frozenset[str]] | None:
    """`repetition: 3` or `{times: 3, ignore: [clock]}`: the game is drawn when a position
    comes up that many times, read without the parameters `ignore` names."""
    ignore: list[str] = []
    times_node = node
    if node.is_map:
        m = c.keys(node, ("times", "ignore"), "`repetition`", ("times",))
        times_node = m["times"]
        for item in c.need_list(m.get("ignore"), "`ignore`"):
            name = c.need_str(item, "a parameter name")
            known = (c.entity_params | c.player_params | set(c.state_params)
                     | set(c.tile_params))
            known |= {k.partition("[")[0] for k in known}  # a keyed parameter by its name
            if name and name not in known:
                c.fail(item.loc, f"`ignore`: no entity, player, tile or `state:` has a "
                       f"parameter `{name}`", did_you_mean(name, known))
            ignore.append(name)
    times = c.need_int(times_node, "`repetition`", 2)
    return (times, frozenset(ignore)) if times else None


def compile_end(c: CompileState, node: Node | None
                ) -> tuple[tuple[EndRule, ...], int | None, Any, Any]:
    """`end:`: the win, lose and draw conditions, a round limit, a score and what breaks
    a tie of scores."""
    if node is None:
        return (), None, None, None
    m = c.keys(node, ("win", "lose", "draw", "round_limit", "score", "tiebreak", "guide",
                      "repetition"), "`end`")
    if "repetition" in m:
        c.repetition = _repetition(c, m["repetition"])
    if "guide" in m:  # for the search agents only: no result reads it
        guide = c.expr(m["guide"], c.base_scope(), "number").fn
        c.sources[id(guide)] = (guide, f"{m['guide'].loc}: the guide")
        c.guide = guide
    rules = []
    for kind in ("win", "lose", "draw"):
        for label, spec in c.need_map(m.get(kind), f"`{kind}` conditions").items():
            def one(kind: str = kind, label: str = label, spec: Node = spec) -> None:
                check = "each"
                cond = spec
                if spec.is_map:
                    sm = c.keys(spec, ("when", "check"), f"{kind} `{label}`", ("when",))
                    cond = sm["when"]
                    if "check" in sm:
                        check = c.need_str(sm["check"], "`check`")
                        if check not in ("each", "active"):
                            c.fail(sm["check"].loc, f"unknown check `{check}`",
                                   "each or active")
                scope = c.base_scope()
                if kind == "draw":
                    scope.names.pop("player")
                    scope.pending["player"] = (
                        "is not known in a draw, which holds for no one player: test "
                        "them all with all(players(), test: …) or any(players(), where: …)")
                    if PLAYER_FIELD in label:
                        c.fail(spec.loc, f"the draw `{label}` names {PLAYER_FIELD}, "
                               "but a draw holds for no one player",
                               "leave it out of a draw's label")
                        return
                rule = EndRule(kind, c.expr(cond, scope, "bool").fn, label, check)
                c.sources[id(rule)] = (rule, f"{cond.loc}: {kind} `{label}`")  # rule_failed
                rules.append(rule)
            c.attempt(one)
    limit = c.need_int(m["round_limit"], "`round_limit`", 1) if "round_limit" in m \
        else None
    score = c.expr(m["score"], c.base_scope(), "number").fn if "score" in m else None
    if score is not None:
        c.sources[id(score)] = (score, f"{m['score'].loc}: the score")  # rule_failed
    tiebreak = None
    if "tiebreak" in m:
        if score is None:
            c.fail(m["tiebreak"].loc, "`tiebreak` breaks ties of the score, and `end` has "
                   "no `score`", "give `end` a `score` too")
        else:
            tiebreak = c.expr(m["tiebreak"], c.base_scope(), "number").fn
            c.sources[id(tiebreak)] = (tiebreak, f"{m['tiebreak'].loc}: the tiebreak")
    return tuple(rules), limit, score, tiebreak


def check_shape(c: CompileState, node: Node | None, parts: Parts) -> None:
    """`shape:` declares the game's nature; it must agree with the rules."""
    if node is None:
        return
    m = c.keys(node, ("chance", "hidden", "dynamics", "observation", *SIZES), "`shape`")
    sizes: dict[str, int] = {}
    for key in SIZES:
        if key in m:
            value = m[key].value
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                c.fail(m[key].loc, f"`{key}` must be a whole number of at least 1")
            else:
                sizes[key] = value
    if sizes:
        parts.kwargs["sizes"] = sizes
    if "observation" in m:
        observation = _observation(c, m["observation"])
        if observation:
            parts.kwargs["observation"] = observation
    info = parts.build().info
    for key, actual in (("chance", info.chance), ("hidden", info.hidden)):
        said = c.flag(m.get(key), f"`{key}`", actual)
        if said != actual:
            what = {"chance": ("rolls dice or draws at random", "has no chance"),
                    "hidden": ("hide something from players (a zone, fog of war or a "
                                "private parameter)", "hides nothing")}[key]
            c.fail(m[key].loc, f"`{key}: {str(said).lower()}` but the "
                   f"rules {what[0] if actual else what[1]}")
    if "dynamics" in m and m["dynamics"].value != "sequential":
        c.fail(m["dynamics"].loc, "only `sequential` games are supported")


def _observation(c: CompileState, node: Node) -> dict[str, Any]:
    """`shape: observation: {cell: N, params: [...]}`: how the bridges' observation
    vectors read the board, checked against the rules' parameters."""
    m = c.keys(node, ("cell", "params"), "`observation`")
    out: dict[str, Any] = {}
    if "cell" in m:
        value = m["cell"].value
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            c.fail(m["cell"].loc, "`cell` must be a whole number of at least 1",
                   "the side, in board cells, of the squares observations read the board in")
        else:
            out["cell"] = value
    if "params" in m:
        known = {p.name for et in c.entity_types.values() for p in et.params}
        names = []
        for item in c.need_list(m["params"], "`params`"):
            name = item.value
            if not isinstance(name, str) or name not in known:
                c.fail(item.loc, f"`{name}` is not a parameter of any entity type",
                       did_you_mean(str(name), known) or
                       f"parameters: {', '.join(sorted(known))}")
            else:
                names.append(name)
        out["params"] = names
    return out
