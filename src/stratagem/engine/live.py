"""The entities in play of a sealed mapping, listed once: the index that counting a side's
units, listing the enemies a unit may strike and listing the units that may act all read.

A state's entities change at nearly every step of a tactics game, but between two
writes they are read many times (the end rules count each side's king, the options list
each side's units and their targets). ``live_entities`` lists them once per sealed
mapping, in id order, as ``(ref, owner, type)``; a mapping a transaction may still write
(the state owns it: ``State._own``) is not indexed (``None``: read it directly). A
mapping the state does not own is sealed: a write would copy it first.
"""

from __future__ import annotations

from typing import Any

from .actions import Ref

Live = tuple[tuple[Ref, Any, str], ...]
_LAST: list[tuple[Any, Live]] = [(None, ())]
"""The last sealed mapping indexed and its index, in one slot replaced whole (a sealed
mapping never changes, so the index stays true while the mapping lives)."""
_REFS: dict[int, Ref] = {}
"""Each id's ``Ref``, made once."""


def live_entities(s: Any) -> Live | None:
    """The entities of state ``s`` in play (in no zone), by id: ``(ref, owner, type)``
    each; ``None`` when its entities are not sealed (the transaction's own copy, which may
    still change)."""
    if s._own & 1:
        return None
    ents = s.entities_
    last = _LAST[0]
    if last[0] is ents:
        return last[1]
    refs = _REFS
    if len(refs) > 65536:
        refs.clear()
    live = tuple([(refs.get(i) or refs.setdefault(i, Ref(i)), e.owner, e.type)
                  for i in sorted(ents) if (e := ents[i]).zone is None])
    _LAST[0] = (ents, live)
    return live


__all__ = ["Live", "live_entities"]
