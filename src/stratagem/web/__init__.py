"""Play a game in the browser: ``stratagem serve flower_war --agents human,tactical``.

``Session`` runs one game (human seats answer from the page, agents play the rest);
``create_app`` is the server (Starlette, run by uvicorn): several games at once, live
over a WebSocket, kept in SQLite by a ``GameStore``; ``board_svg`` draws a board for
people, for the page and for pictures alike.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .board_svg import board_svg, cards_svg, dice_svg

if TYPE_CHECKING:
    from .server import create_app
    from .session import HUMAN, Session, SessionError, StalePositionError
    from .store import GameStore

# The server and the sessions load when first named: the command line draws boards with
# board_svg for every command, and only `serve` needs Starlette, sockets and SQLite.
_LAZY = {"create_app": "server", "HUMAN": "session", "Session": "session",
         "SessionError": "session", "StalePositionError": "session", "GameStore": "store"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["HUMAN", "GameStore", "Session", "SessionError", "StalePositionError", "board_svg",
           "cards_svg", "create_app", "dice_svg"]
