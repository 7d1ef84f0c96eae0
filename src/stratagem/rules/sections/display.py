"""The `display:` section: colours, glyphs, labels and which parameters players see."""

from __future__ import annotations

import re
from collections.abc import Set

from ...engine.display import Display, Look, colour
from ..core import CompileState
from ..errors import did_you_mean
from ..reading import show
from ..source import Node

_LOOK_KEYS = ("colour", "color", "glyph", "label")


def compile_display(c: CompileState, node: Node | None, tile_types: set[str],
                    entity_types: set[str], params: set[str],
                    places: Set[str] = frozenset()) -> Display:
    """`display: {players: {red: "#c0392b"}, tiles: {wall: {colour: grey, glyph: "#"}},
    entities: {knight: {glyph: K}}, health: hp, hide: [castle_x]}`."""
    if node is None:
        return Display()
    m = c.keys(node, ("players", "tiles", "entities", "health", "count", "round", "show",
                      "hide"), "`display`")
    players = _looks(c, m.get("players"), set(c.players), "player")
    tiles = _looks(c, m.get("tiles"), tile_types, "tile type")
    entities = _looks(c, m.get("entities"), entity_types, "entity type")
    def param(key: str) -> str:  # `health: hp`, `count: seeds`: a unit parameter's name
        if key not in m:
            return ""
        name = c.need_str(m[key], f"`{key}`")
        if name and name not in params:
            c.fail(m[key].loc, f"`{key}`: no entity has a parameter `{name}`",
                   did_you_mean(name, params))
        return name
    health, count = param("health"), param("count")
    lists: dict[str, tuple[str, ...]] = {}
    for key in ("show", "hide"):
        names: list[str] = []
        for item in c.need_list(m.get(key), f"`{key}`"):
            p = c.need_str(item, "a parameter name")
            keyed = {q.partition("[")[0] for q in (*params, *places) if "[" in q}  # memo[1]
            if p and p not in params and p not in keyed and p not in places:
                c.fail(item.loc, f"`{key}`: no entity, player, tile or `state:` has a "
                       f"parameter `{p}`", did_you_mean(p, params | keyed | set(places)))
            names.append(p)
        lists[key] = tuple(names)
    return Display(players, tiles, entities, health,
                   lists["show"] if "show" in m else None, frozenset(lists["hide"]), count,
                   _round_word(c, m["round"]) if "round" in m else "round")


_ROUND_WORD = re.compile(r"[a-z][a-z' -]{0,29}")


def _round_word(c: CompileState, node: Node) -> str:
    """`round: game turn`: what the game calls a round, a word or a few in lower case."""
    word = " ".join(str(node.value).split()) if isinstance(node.value, str) else ""
    if not _ROUND_WORD.fullmatch(word):
        c.fail(node.loc, f"`round` is what the game calls a round, a few words in lower case "
               f"(at most 30 letters), not {show(node)}", "for example `round: game turn`")
        return "round"
    return word


def _looks(c: CompileState, node: Node | None, known: set[str], what: str) -> dict[str, Look]:
    """Each name's look: a colour alone (`red: "#c0392b"`) or `{colour, glyph, label}`."""
    out: dict[str, Look] = {}
    if node is None:
        return out
    for name, spec in c.need_map(node, f"the {what}s' looks").items():
        if name not in known:
            c.fail(node.key_locs.get(name, spec.loc), f"unknown {what} `{name}`",
                   did_you_mean(name, known))
            continue
        if isinstance(spec.value, str):
            out[name] = Look(_colour(c, spec), "", "")
            continue
        keys = c.keys(spec, _LOOK_KEYS, f"the look of `{name}`")
        col = keys.get("colour") or keys.get("color")
        glyph = c.need_str(keys["glyph"], "a glyph") if "glyph" in keys else ""
        if glyph and len(glyph) > 2:
            c.fail(keys["glyph"].loc, f"a glyph is one or two characters, not `{glyph}`",
                   "use `label` for a longer name")
        label = c.need_str(keys["label"], "a label") if "label" in keys else ""
        out[name] = Look(_colour(c, col) if col is not None else "", glyph or "", label or "")
    return out


def _colour(c: CompileState, node: Node) -> str:
    if isinstance(node.value, str) and (col := colour(node.value)) is not None:
        return col
    c.fail(node.loc, f"a colour is `#rrggbb`, `#rgb` or a colour name, not {show(node)}",
           "names: red, blue, green, yellow, orange, purple, black, white, grey, brown, …")
    return ""
