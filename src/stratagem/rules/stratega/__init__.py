"""The Stratega importer: Stratega's turn-based game configurations as native rules.

``is_stratega(root)`` tells a Stratega file (``GameConfig:`` at the top) from a native
one; ``translate(root)`` turns it into a native rules document whose every part is
located in the Stratega file, which the native compiler then compiles, so that every
problem is reported at ``file:line:column`` of the Stratega file; ``write_native``
writes that document as a readable native rules file. See README.md here for the
layout, and docs/stratega.md for what is carried over.
"""

from __future__ import annotations

from .advanced import install
from .translate import is_stratega, native_tree, translate
from .writer import write_native

install()  # the second part's constructs (technologies, buffs, …) in the tables

__all__ = ["is_stratega", "native_tree", "translate", "write_native"]
