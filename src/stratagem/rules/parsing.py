"""The parser of the expression language (``grammar.lark``), built once and shared.

``expr.py`` compiles the trees it gives; ``expr_forms.py`` reads a few forms of
condition in them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import lark


@lru_cache(maxsize=1)
def parser() -> lark.Lark:
    """The LALR parser of expressions, with the place of every node in the text."""
    grammar = (Path(__file__).with_name("grammar.lark")).read_text(encoding="utf-8")
    return lark.Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=False)


__all__ = ["parser"]
