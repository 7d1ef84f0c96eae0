"""What the web server checks of every request before a game sees it: the ``Host`` and
``Origin`` headers (``HostGuard``), and a body's size, nesting and numbers
(``parse_body``). Each refusal is one line; nothing here knows of games.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse

from ..engine import StratagemError

MAX_BODY = 64 * 1024
"""The largest request body accepted, in bytes."""
MAX_DEPTH = 16
"""The deepest nesting of JSON arrays and objects accepted in a request."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BadRequest(StratagemError, ValueError):
    """A request the server refuses as it stands (400, one line)."""


def depth(value: Any) -> int:
    """How deeply JSON arrays and objects nest in ``value``."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            todo += [(v, level + 1) for v in (item.values() if isinstance(item, dict) else item)]
    return deepest


def parse_body(raw: bytes) -> dict[str, Any]:
    """A request body as a JSON object (``BadRequest`` with the reason otherwise)."""
    if len(raw) > MAX_BODY:
        raise BadRequest(f"the request is larger than {MAX_BODY} bytes")
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw)
    except RecursionError:
        raise BadRequest(f"the request nests deeper than {MAX_DEPTH} levels") from None
    except (ValueError, UnicodeDecodeError) as exc:
        detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if "integer string conversion" in detail:
            detail = "a number in it has too many digits"
        raise BadRequest(f"the request is not JSON: {detail}") from None
    if not isinstance(body, dict):
        raise BadRequest("the request must be a JSON object")
    if depth(body) > MAX_DEPTH:
        raise BadRequest(f"the request nests deeper than {MAX_DEPTH} levels")
    return body


def whole(body: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    """``body[key]`` as a whole number within ``low..high`` (``default`` when absent)."""
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"{key} is a whole number, not {json.dumps(value)[:40]}")
    if not low <= value <= high:
        raise BadRequest(f"{key} must be between {low} and {high}")
    return value


class HostGuard:
    """Refuses (400, one line) a request whose ``Host`` is not one of ``allowed``, and (403)
    a request or WebSocket sent by a page of another origin: a web site the player visits
    can neither read nor play the game (DNS rebinding, cross-site requests)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = {h.lower() for h in allowed}

    def refused(self, headers: dict[str, str]) -> str | None:
        """Why a request with ``headers`` is refused, or ``None``."""
        host = headers.get("host", "")
        name = (urlsplit("//" + host).hostname or "").lower()
        if name not in self.allowed and f"[{name}]" not in self.allowed:
            return f"this server answers for {', '.join(sorted(self.allowed))}, not {host!r}"
        origin = headers.get("origin")
        if origin is not None and origin != "null":
            parts = urlsplit(origin)
            if (parts.hostname or "").lower() not in self.allowed or parts.netloc != host:
                return f"requests from the page of {origin} are refused"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                       for k, v in scope.get("headers", [])}
            refused = self.refused(headers)
            if refused is not None:
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                    return
                status = 403 if refused.startswith("requests from") else 400
                await JSONResponse({"error": refused}, status)(scope, receive, send)
                return
        await self.app(scope, receive, send)


__all__ = ["MAX_BODY", "MAX_DEPTH", "BadRequest", "HostGuard", "depth", "parse_body", "whole"]
