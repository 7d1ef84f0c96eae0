"""What the importer's second part keeps in ``Translation.hooks`` between sections,
read back with its type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

T = TypeVar("T")


def kept(hooks: Mapping[str, Any], key: str, default: T) -> T:
    """``hooks[key]`` (stored there as ``default``'s type), else ``default``, stored."""
    if key not in hooks and isinstance(hooks, dict):
        hooks[key] = default
    return cast("T", hooks.get(key, default))


__all__ = ["kept"]
