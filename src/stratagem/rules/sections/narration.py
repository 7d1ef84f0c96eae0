"""The `narration:` section: a sentence for each event, from a `{field}` template."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...engine import Pos, Ref
from ...engine.narration import words
from ..core import CompileState
from ..errors import did_you_mean
from ..source import Node

Narrate = Callable[[Any, dict[str, Any]], str]
"""A narration: the sentence for an event, from the state and the event's fields."""

_FIELD = re.compile(r"\{(\w+)\}")
_BRACES = re.compile(r"\{[^{}]*\}")


def compile_narration(c: CompileState, node: Node | None) -> dict[str, Narrate]:
    """`narration: {died: "{type} #{entity} drops"}`: plain `{field}` templates."""
    out: dict[str, Narrate] = {}
    for event, tnode in c.need_map(node, "`narration`").items():
        if event not in c.events and not event.endswith("_cancelled"):
            c.fail(node.key_locs[event] if node else tnode.loc,
                   f"unknown event `{event}`", did_you_mean(event, c.events))
            continue
        template = c.need_str(tnode, "a narration template")
        base = event.removesuffix("_cancelled")
        fields = set(c.events.get(base, {}))
        for m in _BRACES.finditer(template):  # `{target.hp}`, `{0}`: not a field's name
            if _FIELD.fullmatch(m.group(0)) is None:
                c.fail(tnode.text_loc(m.start()), f"`{m.group(0)}`: a narration placeholder "
                       "is the plain name of one of the event's fields",
                       f"its fields: {', '.join(sorted(fields))}" if fields else "")
        for name in _FIELD.findall(template):
            if name not in fields:
                c.fail(tnode.loc, f"`{{{name}}}`: the event `{base}` has no field "
                       f"`{name}`", did_you_mean(name, fields) or
                       f"its fields: {', '.join(sorted(fields))}")
        emitted = c.field_types.get(base, {})  # a field every emit gives an entity
        declared = c.events.get(base, {})
        out[event] = _template(template, frozenset(
            f for f, t in declared.items()
            if t == "entity" or emitted.get(f) == {"entity"}), {
            f: c.players for f, t in declared.items()
            if t == "player" or emitted.get(f) == {"player"}})
    return out



def _template(template: str, entity_fields: frozenset[str],
              player_fields: dict[str, tuple[str, ...]]) -> Narrate:
    """A narration template: `{field}` replaced by the event's field, nothing else.

    Entity fields (and any field holding an entity, such as an event's field passed
    on) read as "type #id" while the entity is in the game, a type's underscores read as
    spaces ("goblin archer #6"), as in a text field's value ("energy draught"); player fields
    as the player's name."""
    def one_value(state: Any, x: Any) -> str:
        """An item of a list field: a unit by type and number, a number as it reads."""
        e = state.entities_.get(x) if type(x) is Ref else None
        if e is not None:
            return f"{words(e.type)} #{int(e.id)}"
        if isinstance(x, float) and x.is_integer():
            return str(int(x))
        return words(x) if isinstance(x, str) else str(x)

    def render(state: Any, fields: dict[str, Any]) -> str:
        def one(m: re.Match[str]) -> str:
            v = fields.get(m.group(1))
            names = player_fields.get(m.group(1))
            if names is not None and type(v) is int and 0 <= v < len(names):
                return names[v]
            if isinstance(v, bool):  # as the rules write it, never Python's `True`
                return "true" if v else "false"
            e = state.entities_.get(v) if m.group(1) in entity_fields or type(v) is Ref else None
            if e is not None:
                return f"{words(e.type)} #{int(e.id)}"
            if isinstance(v, float) and v.is_integer():  # `8 / 2` reads 4, as `text()` does
                return str(int(v))
            if v is None:  # a field left empty (no one struck back): a word, not `None`
                return "none"
            if isinstance(v, Pos):  # a named place of a map by its name
                return state.game.board.place_name(v) or str(v)
            if type(v) is tuple or type(v) is list:  # dice kept die by die: "6, 2, 2"
                return ", ".join(one_value(state, x) for x in v) or "none"
            return words(v) if isinstance(v, str) else str(v)
        return _FIELD.sub(one, template)
    return render
