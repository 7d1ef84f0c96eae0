"""Where a measurement was made: the sources' commit and how busy the machine was.

Benchmarks record both beside every figure, so a figure can be traced to the code it
measured and read against the load it was measured under.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def source_revision() -> str | None:
    """The short commit of the Stratagem sources in use, ``+dirty`` if they have changes
    (``None`` outside a git checkout)."""
    here = Path(__file__).resolve().parent

    def git(*args: str) -> str | None:
        try:
            done = subprocess.run(["git", *args], cwd=here, capture_output=True, text=True,
                                  timeout=10, check=False)
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    commit = git("rev-parse", "--short", "HEAD")
    if commit is None:
        return None
    return commit + ("+dirty" if git("status", "--porcelain", "--", ".") else "")


def load_average() -> list[float] | None:
    """The machine's 1, 5 and 15 minute load averages (``None`` where unknown)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None
