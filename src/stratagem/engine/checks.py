"""The checks a game definition must pass before a ``Game`` is built from it.

The rules compiler reports problems at their place in the rules file; these are the
engine's own checks, for any game (one built in Python included), reported by
``Game`` as one ``GameDefinitionError``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game
    from .spec import Reaction


def definition_problems(game: Game, reactions: tuple[Reaction, ...]) -> list[str]:
    """What is wrong with a game's definition (empty when nothing is): unknown names,
    duplicate or reserved names, placements off the board, impossible bounds."""
    problems: list[str] = []
    if not game.players:
        problems.append("a game needs at least one player")
    if not game.phases:
        problems.append("a game needs at least one phase")
    for ph in game.phases:
        if not ph.steps:
            problems.append(f"phase '{ph.name}' has no steps")
        for st in ph.steps:
            problems.extend(f"phase '{ph.name}' step '{st.name}' offers unknown action "
                            f"'{a}'" for a in st.actions if a not in game.action_types)
        if ph.order.kind not in ("players", "player", "initiative", "alternate"):
            problems.append(f"phase '{ph.name}' has unknown turn order '{ph.order.kind}'")
    known_reactions = {r.name for r in reactions}
    for et in game.entity_types.values():
        problems.extend(f"entity type '{et.name}' lists unknown action '{a}'"
                        for a in et.actions if a not in game.action_types)
        problems.extend(f"entity type '{et.name}' lists unknown reaction '{r}'"
                        for r in et.reactions if r not in known_reactions)
        problems.extend(f"entity type '{et.name}' starts with unknown status '{s}'"
                        for s in et.statuses if s not in game.statuses)
        problems.extend(f"parameter '{et.name}.{p.name}' has min > max" for p in et.params
                        if p.min is not None and p.max is not None and p.min > p.max)
    for pl in game.placements:
        if pl.type not in game.entity_types:
            problems.append(f"placement of unknown entity type '{pl.type}'")
        elif pl.pos is not None and not game.board.contains(pl.pos):
            problems.append(f"placement of {pl.type} at {pl.pos} is off the board")
    names = [r.name for r in reactions] + [h.name for s in game.statuses.values()
                                           for h in s.reactions]
    dupes = sorted({n for n in names if names.count(n) > 1})
    problems.extend(f"reaction name '{n}' is used twice" for n in dupes)
    clash = sorted(set(names) & (set(game.action_types) | {"pass", "roll", "choose"}))
    problems.extend(f"reaction '{n}' has the name of an action" for n in clash)
    problems.extend(f"action '{n}' has a name the engine keeps for its own options "
                    "(roll, choose)" for n in sorted(game.action_types)
                    if n in ("roll", "choose"))
    return problems
