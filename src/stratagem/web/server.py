"""The web page's server: one game, the page, and a small JSON interface, on the standard
library's HTTP server (no framework: a person playing on their own machine needs nothing
more, and nothing more has to be installed).

Routes:

- ``GET /``: the page (``page.html``);
- ``GET /api/state``: the session's ``snapshot``;
- ``POST /api/action`` with ``{"action": "<text form>"}``: the human's move; the
  agents then play on, and the answer is the new snapshot;
- ``POST /api/new`` with ``{"seed": n}`` (optional): a new game with the same seats;
- ``GET /api/replay``: the game so far as a replay file.

A request the game refuses (an action that does not parse or is not legal, malformed
JSON, a body too large) is answered with status 400 and ``{"error": "<one line>"}``,
and changes nothing. The server listens on ``127.0.0.1`` unless told otherwise.
"""

from __future__ import annotations

import json
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from ..engine import StratagemError
from .session import Session

MAX_BODY = 64 * 1024
"""The largest request body accepted, in bytes."""


def page() -> bytes:
    """The page, as shipped in the package."""
    return resources.files(__package__).joinpath("page.html").read_bytes()


class GameServer(ThreadingHTTPServer):
    """An HTTP server for one ``Session``; requests take turns on it."""

    daemon_threads = True

    def __init__(self, session: Session, host: str = "127.0.0.1", port: int = 8000) -> None:
        self.session = session
        self.lock = threading.Lock()
        self.page = page()
        super().__init__((host, port), _Handler)

    @property
    def url(self) -> str:
        """Where the page is."""
        host, port = self.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else host
        return f"http://{name}:{port}/"


class _Handler(BaseHTTPRequestHandler):
    server: GameServer
    server_version = "stratagem"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows the game's address, not every request."""

    @property
    def route(self) -> str:
        """The request's path without its query (`/api/state?t=1` is `/api/state`)."""
        return urlsplit(self.path).path

    def do_GET(self) -> None:
        path = self.route
        if path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, self.server.page, "text/html; charset=utf-8")
        elif path == "/api/state":
            with self.server.lock:
                self._json(HTTPStatus.OK, self.server.session.snapshot())
        elif path == "/api/replay":
            with self.server.lock:
                text = self.server.session.replay().to_json() + "\n"
            self._send(HTTPStatus.OK, text.encode(), "application/json",
                       {"Content-Disposition": 'attachment; filename="replay.json"'})
        else:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such page: {self.path}"})

    def do_POST(self) -> None:
        path = self.route
        if path not in ("/api/action", "/api/new"):
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such page: {self.path}"})
            return
        try:
            body = self._body()
            with self.server.lock:
                session = self.server.session
                if path == "/api/action":
                    text = body.get("action")
                    if not isinstance(text, str):
                        raise StratagemError('send {"action": "<the action in its text form>"}')
                    session.act(text)
                else:
                    seed = body.get("seed", session.seed + 1)
                    if isinstance(seed, bool) or not isinstance(seed, int):
                        raise StratagemError(f"a seed is a whole number, not {seed!r}")
                    session.start(seed)
                snapshot = session.snapshot()
        except StratagemError as exc:
            self._json(HTTPStatus.BAD_REQUEST, {"error": str(exc)})
            return
        except Exception as exc:  # an agent's own fault: the page shows it in one line
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR,
                       {"error": f"the server failed: {type(exc).__name__}: {exc}"})
            return
        self._json(HTTPStatus.OK, snapshot)

    def _body(self) -> dict[str, Any]:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            raise StratagemError("the request's Content-Length is not a number") from None
        if length > MAX_BODY:
            raise StratagemError(f"the request is larger than {MAX_BODY} bytes")
        raw = self.rfile.read(length) if length > 0 else b"{}"
        try:
            body = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as exc:
            raise StratagemError(f"the request is not JSON: {exc}") from None
        if not isinstance(body, dict):
            raise StratagemError("the request must be a JSON object")
        return body

    def _json(self, status: HTTPStatus, value: Any) -> None:
        self._send(status, json.dumps(value).encode(), "application/json")

    def _send(self, status: HTTPStatus, data: bytes, kind: str,
              headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)


__all__ = ["MAX_BODY", "GameServer", "page"]
