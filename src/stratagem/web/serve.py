"""``stratagem serve``: the server on uvicorn, with its games kept in a SQLite file.

The command line only parses its options and calls ``serve``; everything about the
web server (where its games are kept, which host names it answers for, the warning
when it listens beyond this machine) is here.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn

from ..games import list_games, load
from .server import LOCAL_HOSTS, create_app
from .session import Session
from .store import GameStore


def default_store() -> Path:
    """Where the games are kept unless told: ``$XDG_DATA_HOME/stratagem/web-games.sqlite``
    (``~/.local/share`` when the variable is not set)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "stratagem" / "web-games.sqlite"


def is_local(host: str) -> bool:
    """Whether listening on ``host`` lets only this machine in."""
    if host in ("localhost", ""):
        return host == "localhost"
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def serve(game_ref: str, scenario: str | None, codes: list[str], seed: int,
          seed_said: int | None = None, *,
          host: str = "127.0.0.1", port: int = 8000, store: str | None = None,
          open_browser: bool = False, say: Callable[[str], Any] = print,
          warn: Callable[[str], Any] = print, fail: Callable[[str], Any]) -> None:
    """Serve the page until Ctrl-C, opening a game of ``game_ref`` unless one with the same
    seats is kept unfinished. ``fail`` reports an error in one line and does not return."""
    game = load(game_ref, scenario)
    Session(game, codes, seed, advance=False)  # seats checked before anything listens
    ref = game_ref if game_ref in list_games() else str(Path(game_ref).resolve())
    path = Path(store) if store not in (None, ":memory:") else None
    if store is None:
        path = default_store()
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            kept = GameStore(str(path))
        except OSError as exc:
            fail(f"cannot keep games in {path}: {exc.strerror or exc} (choose another "
                 "file with --store, or --store :memory:)")
            raise SystemExit(2) from None
        except Exception as exc:  # sqlite3.DatabaseError: a file that is not a database
            fail(f"cannot keep games in {path}: {exc} (choose another file with --store)")
            raise SystemExit(2) from None
    else:
        kept = GameStore()
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host.strip("[]"), port))
        sock.listen()
    except OSError as exc:
        sock.close()
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}"
             + (" (choose another with --port)" if port else ""))
        raise SystemExit(2) from None
    bound = sock.getsockname()[1]
    hosts = set(LOCAL_HOSTS)
    if not is_local(host):
        hosts |= {host, socket.gethostname(), *(_addresses() if host in ("0.0.0.0", "::")
                                                 else ())}
        warn(f"warning: listening on {host}: anyone who can reach this machine on port "
             f"{bound} can open the page and play; the default, 127.0.0.1, lets only "
             "this machine in")
    first = {"ref": ref, "scenario": scenario, "codes": codes, "seed": seed}
    app = create_app(kept, hosts=hosts, first=first)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    seats = ", ".join(f"{p}: {c}" for p, c in zip(game.players, codes, strict=True))
    shown_seed = "" if seed_said is None else f" — seed {seed_said}"
    say(f"[bold]{game.name}[/]{shown_seed} — {seats}")
    say(f"Open http://{shown}:{bound}/ in a browser; Ctrl-C stops the server "
        f"(games kept in {path or 'memory only'}).")
    if open_browser:
        import webbrowser  # noqa: PLC0415 - a browser's machinery only when --open asks for it
        webbrowser.open(f"http://{shown}:{bound}/")
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on",
                                           timeout_keep_alive=5, ws_max_size=64 * 1024))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        say("stopped")
        sock.close()
        kept.close()


def _addresses() -> set[str]:
    try:
        return {str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)}
    except OSError:
        return set()


__all__ = ["default_store", "is_local", "serve"]
