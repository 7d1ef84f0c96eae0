"""Play a game in the browser: ``stratagem serve flower_war --agents human,tactical``.

``Session`` runs the game (human seats answer from the page, agents play the rest);
``GameServer`` serves the page and the session's JSON on the standard library's
HTTP server.
"""

from .server import GameServer
from .session import HUMAN, Session, SessionError

__all__ = ["HUMAN", "GameServer", "Session", "SessionError"]
