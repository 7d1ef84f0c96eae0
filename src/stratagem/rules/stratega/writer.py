"""Writing a translated Stratega game as a native rules file a designer can carry on.

The file is plain YAML in the native format, its sections in the reference's order,
each part the translation made preceded by a comment saying where in the Stratega
file it came from (``# from Actions.Attack, line 40``). Strings are written quoted,
so that no expression is ever read back as something else.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..source import Node
from .context import Translation

ORDER = ("game", "description", "players", "player", "state", "board", "entities", "actions",
         "flow", "end", "visibility", "display", "setup")
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null", "y", "n"}


def write_native(t: Translation, source: str = "") -> str:
    """The native rules text of a translation (``source``: the Stratega file's name, for
    the heading)."""
    lines = [f"# Native Stratagem rules translated from the Stratega configuration "
             f"{source or t.file}", "# by `stratagem import-stratega`. Each part says where "
             "it came from; see docs/stratega.md.", ""]
    if any(t.agents):
        codes = ",".join(a or "random" for a in t.agents)
        lines += [f"# Stratega's agents here: --agents {codes}", ""]
    data = _plain(t.out)
    keys = [k for k in ORDER if k in data] + [k for k in data if k not in ORDER]
    for k in keys:
        _entry(lines, t, (k,), k, data[k], 0)
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def _plain(value: Any) -> Any:
    """The data without its locations."""
    if isinstance(value, Node):
        return value.plain()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _entry(lines: list[str], t: Translation, path: tuple[str, ...], key: str, value: Any,
           depth: int) -> None:
    pad = "  " * depth
    if path in t.origins:
        lines.append(f"{pad}# {t.origins[path]}")
    head = f"{pad}{_key(key)}:"
    if isinstance(value, Node):
        value = value.plain()
    if isinstance(value, dict) and value:
        lines.append(head)
        for k, v in value.items():
            _entry(lines, t, (*path, str(k)), str(k), v, depth + 1)
    elif isinstance(value, list) and value and not _flat(value):
        lines.append(head)
        for item in value:
            _item(lines, t, path, item, depth + 1)
    elif isinstance(value, str) and "\n" in value:
        lines.append(f"{head} |")
        lines.extend(f"{pad}  {row}" for row in value.rstrip("\n").split("\n"))
    else:
        lines.append(f"{head} {_inline(value)}")


def _item(lines: list[str], t: Translation, path: tuple[str, ...], item: Any,
          depth: int) -> None:
    pad = "  " * depth
    if isinstance(item, dict) and item:
        first = True
        for k, v in item.items():
            sub: list[str] = []
            _entry(sub, t, (*path, "-", str(k)), str(k), v, depth + 1)
            if first:
                sub[0] = f"{pad}- {sub[0].lstrip()}"
                first = False
            lines.extend(sub)
    elif isinstance(item, list) and item and not _flat(item):
        lines.append(f"{pad}-")
        for x in item:
            _item(lines, t, path, x, depth + 1)
    else:
        lines.append(f"{pad}- {_inline(item)}")


def _flat(items: list[Any]) -> bool:
    """Whether a list is short and of plain values: written on one line."""
    return all(not isinstance(x, dict | list) for x in items) and \
        len(_inline(items)) <= 88


def _inline(value: Any) -> str:
    if isinstance(value, Node):
        value = value.plain()
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_inline(x) for x in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(str(k))}: {_inline(v)}" for k, v in value.items()) + "}"
    return json.dumps(str(value))


def _key(k: str) -> str:
    if _PLAIN_KEY.fullmatch(k) and k.lower() not in _YAML_WORDS:
        return k
    return json.dumps(k, ensure_ascii=False)


__all__ = ["write_native"]
