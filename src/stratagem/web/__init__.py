"""Play a game in the browser: ``stratagem serve flower_war --agents human,tactical``.

``Session`` runs one game (human seats answer from the page, agents play the rest);
``create_app`` is the server (Starlette, run by uvicorn): several games at once, live
over a WebSocket, kept in SQLite by a ``GameStore``; ``board_svg`` draws a board for
people, for the page and for pictures alike.
"""

from .board_svg import board_svg, cards_svg, dice_svg
from .server import create_app
from .session import HUMAN, Session, SessionError, StalePositionError
from .store import GameStore

__all__ = ["HUMAN", "GameStore", "Session", "SessionError", "StalePositionError", "board_svg",
           "cards_svg", "create_app", "dice_svg"]
