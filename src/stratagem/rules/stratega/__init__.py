"""The Stratega importer: Stratega's turn-based game configurations as native rules.

``is_stratega(root)`` tells a Stratega file (``GameConfig:`` at the top) from a native
one; ``translate(root)`` turns it into a native rules document whose every part is
located in the Stratega file, which the native compiler then compiles, so that every
problem is reported at ``file:line:column`` of the Stratega file; ``write_native``
writes that document as a readable native rules file. See README.md here for the
layout, and docs/stratega.md for what is carried over.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import RulesError
from ..source import read_yaml
from .advanced import install
from .config import AGENTS
from .translate import is_stratega, native_tree, translate
from .writer import write_native

install()  # the second part's constructs (technologies, buffs, …) in the tables


def stratega_agents(path: str | Path, players: int) -> list[str] | None:
    """The roster codes of a Stratega file's ``Agents`` (``random`` where Stratega's agent
    has no equivalent here), one a player; ``None`` for any other file."""
    p = Path(path)
    if p.suffix not in (".yaml", ".yml") or not p.is_file():
        return None
    try:
        root = read_yaml(p)
    except RulesError:
        return None
    if not is_stratega(root) or not isinstance(root.value.get("Agents"), type(root)):
        return None
    codes: list[str] = []
    for item in root.value["Agents"].value if root.value["Agents"].is_list else []:
        name = next(iter(item.value)) if item.is_map and item.value else item.value
        codes.append(AGENTS.get(name if isinstance(name, str) else "") or "random")
    return (codes + ["random"] * players)[:players]


__all__ = ["is_stratega", "native_tree", "stratega_agents", "translate", "write_native"]
