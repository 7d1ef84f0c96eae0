"""The Stratega importer's entry: which sections a Stratega file has, in what order
they are translated, and the native rules document they make.

``SECTIONS`` lists every top-level section Stratega reads, each with its translator
(``None``: read by Stratega's runner or renderer, not part of the rules) or, for a
construct of the importer's second part, the name it is refused under until that
part fills it in (``LATER``).
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import RulesError, did_you_mean
from ..reading import Skip
from ..source import Node
from .actions import actions, declare
from .board import board, tiles
from .config import agents, entity_groups, game_config, game_description, player
from .context import Translation
from .entities import entities
from .forward import forward_model
from .tighten import tighten

Section = Callable[[Translation, Node], None]

SECTIONS: dict[str, Section | None] = {
    "GameConfig": game_config,
    "Agents": agents,
    "Tiles": tiles,
    "Entities": entities,
    "EntityGroups": entity_groups,
    "Player": player,
    "Board": board,
    "Actions": actions,
    "GameDescription": game_description,
    "ForwardModel": forward_model,
    "GameRenderer": None,
    "GameRunner": None,
}
"""The sections translated, in the order they are translated (each may need what an
earlier one declared); ``None``: not rules (sprites, window, time budgets)."""
LATER: dict[str, str] = {"Buffs": "buffs", "TechnologyTrees": "technology trees",
                         "Objects": "objects and inventories"}
"""Sections the importer's second part translates (refused until then)."""
REFUSED: dict[str, str] = {
    "Grids": "multi-layer boards have no native equivalent: one unit a tile, or a board "
             "`capacity` written in the native format"}
REQUIRED = ("GameConfig", "Tiles", "Entities", "Board", "Actions", "ForwardModel")


def is_stratega(root: Node) -> bool:
    """Whether a YAML document is a Stratega game configuration (``GameConfig:`` at the
    top)."""
    return root.is_map and "GameConfig" in root.value


def translate(root: Node) -> Translation:
    """The native rules document a Stratega configuration stands for (``RulesError``
    listing every problem, each at its place in the Stratega file)."""
    t = Translation(root)
    top = t.top
    known = [*SECTIONS, *LATER, *REFUSED]
    for key in top:
        loc = root.key_locs[key]
        if key in LATER:
            t.fail(loc, f"`{key}` is not yet supported by the Stratega importer ({LATER[key]})",
                   "write this part in the native format (docs/stratega.md)")
        elif key in REFUSED:
            t.fail(loc, f"`{key}` cannot be carried over", REFUSED[key])
        elif key not in SECTIONS:
            t.fail(loc, f"unknown Stratega section `{key}`",
                   did_you_mean(key, known) or f"sections: {', '.join(known)}")
        elif isinstance(top[key].value, str) and key not in ("GameRenderer", "GameRunner"):
            t.fail(top[key].loc, f"`{key}` given as another file is not supported",
                   "write the section into this file")
    for key in REQUIRED:
        if key not in top:
            t.fail(root.loc, f"a Stratega game needs a `{key}` section")
    if t.problems:
        raise RulesError(t.problems)
    t.put(("game",), _game_name(root))
    t.origin(("game",), "the file's name", root.loc)
    for key, fn in SECTIONS.items():
        if fn is None or key not in top:
            continue
        if key == "Actions":
            t.attempt(lambda: declare(t, top["Actions"]))
        if key == "Board" and not t.players:
            continue  # GameConfig failed: already reported
        try:
            fn(t, top[key])
        except Skip:
            pass
        except RulesError as exc:
            t.problems.extend(exc.problems)
        if key == "GameConfig" and t.problems:
            break  # without players and the game's type nothing else can be read
    _finish(t)
    t.finish()
    return t


def _finish(t: Translation) -> None:
    if not t.problems:
        tighten(t)  # as a person would write it: faster to play, the same game
    if t.stacking:
        t.put(("board", "capacity"), 64)
        t.origin(("board", "capacity"), "a Move whose cell may hold a unit (Stratega lets "
                                        "units share a tile)", t.root.loc)
    health = [e for e in t.entities.values() if "Health" in e.params]
    if health:
        t.put(("display", "health"), "Health")
    glyphs = {name: {"glyph": str(n.value["Symbol"].value)} for name, n in t.tiles.items()
              if n.is_map and "Symbol" in n.value and n.value["Symbol"].is_scalar}
    if glyphs:  # the map's own symbols, as Stratega's text maps draw them
        t.put(("display", "tiles"), glyphs)
    t.put(("display", "players"), {p: {"glyph": p[1:], "label": f"player {p[1:]}"}
                                   for p in t.players})  # Stratega's owner digits
    looks = {name: {"glyph": sym, "label": name} for name, sym in t.entity_symbols.items()}
    if looks:
        t.put(("display", "entities"), looks)


def _game_name(root: Node) -> str:
    stem = root.loc.file.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    word = "".join(c if c.isalnum() else "_" for c in stem).strip("_").lower()
    return word or "stratega_game"


def native_tree(root: Node) -> Node:
    """The native rules tree of a Stratega configuration, for the native compiler."""
    return translate(root).tree()


__all__ = ["LATER", "REFUSED", "SECTIONS", "is_stratega", "native_tree", "translate"]
