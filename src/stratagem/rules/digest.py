"""A fingerprint of a rules file: what saved states and replays record, so that a file
made under one version of the rules is not silently opened under another.

The fingerprint is of the rules as data — the YAML's values, not its text — so a
comment, a blank line or a change of quoting leaves it alone, while a renamed
parameter, a changed number or an added action changes it. Files the rules name
inside their folder (scenarios, included lists) are part of it, and so is the
scenario the game was built for. The ``display:`` section is left out: colours and
hidden bookkeeping parameters do not change how a game plays.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .source import read_yaml


def digest_rules(path: Path, scenario: str | None) -> str:
    """The fingerprint of the rules file at ``path`` (already compiled without error)."""
    folder = path.parent.resolve()
    root = path.resolve()
    seen: dict[str, Any] = {}
    todo = [root]
    while todo:
        file = todo.pop()
        # The file itself by no name (a moved or renamed rules file keeps its fingerprint),
        # the files it names by the names it gives them.
        key = "" if file == root else str(file.relative_to(folder))
        if key in seen:
            continue
        data = read_yaml(file).plain()
        if isinstance(data, dict):  # how a game is drawn is not its rules: hints may change
            data = {k: v for k, v in data.items() if k != "display"}
        seen[key] = data
        todo.extend(f for f in _named_files(data, folder) if str(f.relative_to(folder))
                    not in seen)
    text = json.dumps([scenario or "", seen], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _named_files(data: Any, folder: Path) -> list[Path]:
    """The YAML files inside ``folder`` that a value of the rules names."""
    out: list[Path] = []
    stack = [data]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str) and v.endswith((".yaml", ".yml")) and len(v) < 300:
            try:
                target = (folder / v).resolve()
                if target.is_relative_to(folder) and target.is_file():
                    out.append(target)
            except (OSError, ValueError, RuntimeError):
                continue
    return out
