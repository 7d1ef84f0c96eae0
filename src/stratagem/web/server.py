"""The web page's server: several games at once, live over a WebSocket, kept in SQLite.

An ASGI application (Starlette, served by uvicorn): ``create_app`` builds it over a
``GameStore``. Each game is a ``Table``: a ``Session``, a lock, the pages watching it
and, while agents play, a worker thread; the pages hear every decision and a
"thinking…" tick as it happens.

Routes:

- ``GET /``: the page (``page.html``): the lobby, or the game ``?game=ID``;
- ``GET /api/catalog``: the games (the bundled ones, and a rules file ``serve`` opened),
  their seats and scenarios (with each scenario's seats), the agent levels;
- ``GET /api/games``, ``POST /api/games`` with ``{"game", "scenario", "seats", "seed",
  "casual", "delay"}``: the games at the server, a new one;
- ``GET /api/games/ID`` (``?at=N``: the position after N decisions): its snapshot;
- ``POST /api/games/ID/action`` with ``{"action": "<text form>", "version": N}``: the
  human's move, refused (409) when the game is no longer at position N;
- ``POST /api/games/ID/undo``, ``POST /api/games/ID/new`` with ``{"seed": n}``;
- ``GET /api/games/ID/replay``: the game so far as a replay file;
- ``GET /api/games/ID/rules``: the rules sheet of the game played there (``rules_view``),
  and ``GET /api/rules?game=NAME&scenario=S`` that of a game the lobby offers;
- ``POST /api/replays`` with a replay file's text: a game to step through;
- ``WS /ws/games/ID``: ``{"type": "snapshot", ...}`` and ``{"type": "thinking", ...}``.

Every bad request is answered 400 (409 for a stale position) with ``{"error": "<one
line>"}`` and changes nothing: a body over ``MAX_BODY`` bytes or not sent within
``BODY_SECONDS``, JSON nested deeper than ``MAX_DEPTH`` or with a number past Python's
digit limit, an unknown action. Requests whose ``Host`` is not the server's own name, and
requests and WebSockets from a page of another ``Origin``, are refused, so a web site
the player visits can neither read nor play the game.

One module because the routes are closures over one server's state (``create_app``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..agents import LEVELS
from ..arena import HUMAN, Replay
from ..arena.seeding import new_seed, seed_tells
from ..engine import Game, SerializationError, StratagemError
from ..games import list_games, load
from .guard import MAX_BODY, BadRequest, HostGuard, parse_body, whole
from .rules_view import rules_view
from .session import Session, SessionError, StalePositionError
from .store import GameStore, Kept

BODY_SECONDS = 10.0
"""How long a client may take to send its request's body."""
MAX_SEED = 2**63 - 1
TELL_EVERY = 0.3
"""Seconds between two positions sent to the pages while agents play (at their own pace)."""
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" '
        'height="16" rx="3" fill="#1d5fa8"/><circle cx="8" cy="8" r="4" fill="#fff"/></svg>')
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
AGENT_CHOICES = ("random", *(level.name for level in LEVELS), "tactical", "mcts")
"""The agents the lobby offers, weakest first (any roster code is accepted)."""


def page() -> bytes:
    """The page, as shipped in the package."""
    return resources.files(__package__).joinpath("page.html").read_bytes()



def _new_seed() -> int:
    """A game's seed when the request names none (``arena.seeding``)."""
    try:
        return new_seed()
    except ValueError as exc:
        raise BadRequest(str(exc)) from None

class Table:
    """One game at the server: its session, who watches it, and the agents' worker."""

    def __init__(self, id: str, session: Session, game_ref: str, *, readonly: bool = False,
                 delay: float = 0.0) -> None:
        self.id = id
        self.session = session
        self.game_ref = game_ref
        self.readonly = readonly
        self.delay = delay
        self.lock = threading.Lock()
        self.sockets: set[WebSocket] = set()
        self.busy = False
        self.thinking_since = 0.0
        self.cached: dict[str, Any] | None = None
        self.serial = 0
        """Counts the table's changes: a page keeps the snapshot of the highest serial, so
        an answer that arrives after a later live message cannot draw an older position."""
        self.cached_serial = 0
        self.error = ""

    @property
    def game(self) -> Game:
        return self.session.game

    def summary(self) -> dict[str, Any]:
        """A line of the lobby's list of games."""
        s = self.session
        return {"id": self.id, "game": s.game.name, "scenario": s.game.scenario,
                "seats": s.codes, "seed": s.shown_seed, "version": s.version,
                "over": s.state.decision is None, "replay": self.readonly}

    def snapshot(self, at: int | None = None) -> dict[str, Any]:
        """The session's snapshot with the table's own facts (while agents play, the last
        one their worker took, so a page never reads a half-made move). The worker flips
        ``busy`` and drops ``cached`` when done, so each is read once: a snapshot that is
        not busy is never the picture of a position the agents have since played on."""
        busy, serial, cached = self.busy, self.cached_serial, self.cached  # in this order
        if busy and at is None and cached is not None:
            snap = dict(cached)
        elif busy and at is not None:  # a past position: read while the worker appends
            serial = self.serial
            snap = self.session.snapshot(at)
        else:  # nobody plays, or the worker has just finished: the position as it is
            with self.lock:
                busy = self.busy
                serial = self.serial
                snap = self.session.snapshot(at)
        snap.update(id=self.id, busy=busy, readonly=self.readonly, error=self.error,
                    seats=self.session.codes, serial=serial)
        if self.readonly or busy:
            snap["decision"] = _not_yours(snap["decision"])
        return snap

    def kept(self) -> Kept:
        s = self.session
        return Kept(self.id, self.game_ref, s.game.scenario or None, tuple(s.codes), s.seed,
                    {"casual": s.casual, "spectator": s.spectator, "readonly": self.readonly,
                     "delay": self.delay}, tuple(s.records()))


def _not_yours(decision: dict[str, Any] | None) -> dict[str, Any] | None:
    if decision is None:
        return None
    return {**decision, "yours": False, "options": []}


class Server:
    """The games of one server and what the routes do with them."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.current: str | None = None
        """The game the page opens at ``/`` (the one ``stratagem serve`` was asked for)."""
        for kept in store.games():
            try:
                self._restore(kept)
            except StratagemError:  # a game whose rules changed stays on disk, unopened
                continue

    # ---------------------------------------------------------------- tables
    def _restore(self, kept: Kept) -> Table:
        game = load(kept.game, kept.scenario)
        session = Session(game, list(kept.codes), kept.seed, records=kept.records,
                          advance=False, casual=bool(kept.options.get("casual", True)),
                          spectator=bool(kept.options.get("spectator", False)))
        table = Table(kept.id, session, kept.game, readonly=bool(kept.options.get("readonly")),
                      delay=float(kept.options.get("delay", 0.0)))
        self.tables[kept.id] = table
        return table

    def open_game(self, ref: str, scenario: str | None, codes: list[str], seed: int, *,
                  casual: bool | None = None, delay: float = 0.0,
                  spectator: bool | None = None, records: Iterable[Any] = (),
                  readonly: bool = False) -> Table:
        """A new game at the server (its agents have not moved yet: ``play_on``). Take-backs
        (``casual``) are allowed by default only in a game with neither dice nor hidden
        information, where taking a move back would show nothing (as in ``stratagem play``)."""
        game = load(ref, scenario)
        if casual is None:
            casual = not seed_tells(game)
        if spectator is None:
            spectator = HUMAN not in codes
        session = Session(game, codes, seed, records=tuple(records), advance=False,
                          casual=casual, spectator=spectator)
        table = Table(secrets.token_hex(4), session, ref, readonly=readonly, delay=delay)
        self.tables[table.id] = table
        self.store.save(table.kept())
        return table

    def table(self, id: str) -> Table:
        table = self.tables.get(id)
        if table is None:
            raise LookupError(f"no game {id!r} at this server")
        return table

    # ---------------------------------------------------------------- telling the pages
    async def tell(self, table: Table, message: dict[str, Any]) -> None:
        text = json.dumps(message)
        for ws in list(table.sockets):
            try:
                await ws.send_text(text)
            except (RuntimeError, WebSocketDisconnect, OSError):
                table.sockets.discard(ws)

    def tell_soon(self, table: Table, message: dict[str, Any] | None = None) -> None:
        """``tell`` from the agents' worker thread (``None``: the table's snapshot); nothing
        once the server has stopped."""
        coro = self.told(table) if message is None else self.tell(table, message)
        loop = self.loop
        try:
            if loop is None or loop.is_closed():
                raise RuntimeError("the server has stopped")
            asyncio.run_coroutine_threadsafe(coro, loop)
        except RuntimeError:
            coro.close()

    async def told(self, table: Table) -> None:
        await self.tell(table, {"type": "snapshot", **table.snapshot()})

    # ---------------------------------------------------------------- agents
    def play_on(self, table: Table) -> None:
        """Let chance and the agents play in a worker thread until a human must decide;
        every decision is told to the pages as it is made."""
        session = table.session
        if table.busy or table.readonly or session.waiting_for() is not None or \
                session.state.decision is None:
            return
        table.busy = True
        table.thinking_since = time.monotonic()
        table.cached = session.snapshot()
        table.cached_serial = table.serial

        told = [0.0]

        def changed() -> None:  # in the worker: take the snapshot while the state is whole
            now = table.thinking_since = time.monotonic()
            table.serial += 1
            if not table.delay and now - told[0] < TELL_EVERY:
                return  # agents that move fast are shown a few times a second, not each move
            told[0] = now
            table.cached = session.snapshot()
            table.cached_serial = table.serial
            self.tell_soon(table, {"type": "snapshot", **table.snapshot()})
            if table.delay:
                time.sleep(table.delay)

        def work() -> None:
            session.on_change = changed
            try:
                with table.lock:
                    session.advance()
                table.error = ""
            except Exception as exc:  # an agent's own fault: the page shows it in one line
                table.error = f"the server failed: {type(exc).__name__}: {exc}"
            finally:
                session.on_change = None
                table.serial += 1
                table.busy = False
                table.cached = None
                self.store.save(table.kept())
                self.tell_soon(table)

        threading.Thread(target=work, daemon=True, name=f"agents-{table.id}").start()
        if self.loop is not None:
            self.loop.create_task(self._ticks(table))

    async def _ticks(self, table: Table) -> None:
        """While agents play: "thinking…" with the seat and the seconds, four times a second."""
        while table.busy:
            d = table.session.state.decision
            if d is not None and 0 <= d.player < len(table.game.players):
                await self.tell(table, {
                    "type": "thinking", "seat": table.game.players[d.player],
                    "agent": table.session.codes[d.player],
                    "seconds": round(time.monotonic() - table.thinking_since, 1),
                    "version": table.session.version, "serial": table.serial})
            await asyncio.sleep(0.25)


def create_app(store: GameStore | None = None, *, hosts: Iterable[str] = LOCAL_HOSTS,
               first: dict[str, Any] | None = None) -> Starlette:
    """The server's application over ``store`` (a fresh in-memory one when ``None``),
    answering for the host names ``hosts``; ``first`` (``open_game``'s arguments) opens
    a game at start-up when the store holds none."""
    server = Server(store or GameStore())
    allowed = {h.lower() for h in hosts}
    # The lobby offers the game `serve` was asked for beside the bundled ones (a rules file).
    own = [] if first is None or first["ref"] in list_games() else [str(first["ref"])]
    html = page()

    async def body(request: Request) -> dict[str, Any]:
        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            raise BadRequest(f"the request is larger than {MAX_BODY} bytes")

        async def read() -> bytes:
            chunks, size = [], 0
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise BadRequest(f"the request is larger than {MAX_BODY} bytes")
                chunks.append(chunk)
            return b"".join(chunks)

        try:
            raw = await asyncio.wait_for(read(), BODY_SECONDS)
        except TimeoutError:
            raise BadRequest(f"the request's body did not arrive within {BODY_SECONDS:g} s") \
                from None
        return parse_body(raw)

    def answer(fn: Callable[[Request], Awaitable[Any]]) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                value = await fn(request)
            except StalePositionError as exc:
                return JSONResponse({"error": str(exc)}, 409)
            except LookupError as exc:
                return JSONResponse({"error": str(exc).strip("'\"")}, 404)
            except (StratagemError, ValueError) as exc:
                return JSONResponse({"error": " ".join(str(exc).split())}, 400)
            except Exception as exc:  # a fault of an agent or of ours: one line, not a hang
                return JSONResponse({"error": f"the server failed: {type(exc).__name__}: "
                                              f"{exc}"}, 500)
            if isinstance(value, Response):
                return value
            return JSONResponse(value, headers={"Cache-Control": "no-store"})
        return endpoint

    async def index(request: Request) -> Response:
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def icon(request: Request) -> Response:
        return Response(ICON, media_type="image/svg+xml")

    async def catalog(request: Request) -> Any:
        games = []
        for name in [*own, *list_games()]:
            g = load(name)
            games.append({"name": name, "label": g.name, "players": list(g.players),
                          "scenarios": list(g.scenarios), "hidden": g.info.hidden,
                          "secret": seed_tells(g), "seated": g.seated})
        return {"games": games, "agents": list(AGENT_CHOICES)}

    async def games(request: Request) -> Any:
        if request.method == "GET":
            return {"games": [t.summary() for t in server.tables.values()],
                    "current": server.current}
        b = await body(request)
        name = b.get("game")
        if not isinstance(name, str) or name not in (*own, *list_games()):
            raise BadRequest(f"game is one of {', '.join((*own, *list_games()))}")
        scenario = b.get("scenario") or None
        if scenario is not None and not isinstance(scenario, str):
            raise BadRequest("scenario is a scenario's name")
        seats = b.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise BadRequest('seats is a list of "human" or agent codes, one per player')
        delay = b.get("delay", 0)
        if isinstance(delay, bool) or not isinstance(delay, int | float) or not 0 <= delay <= 10:
            raise BadRequest("delay is a number of seconds between 0 and 10")
        table = server.open_game(name, scenario, seats, whole(b, "seed", _new_seed(), 0, MAX_SEED),
                                 casual=b["casual"] is not False if "casual" in b else None,
                                 delay=float(delay))
        server.play_on(table)
        return table.snapshot()

    async def one(request: Request) -> Any:
        table = server.table(request.path_params["id"])
        at = request.query_params.get("at")
        if at is not None and not at.isdigit():
            raise BadRequest("at is the number of decisions to step to")
        return await asyncio.to_thread(table.snapshot, None if at is None else int(at[:9]))

    async def action(request: Request) -> Any:
        table = server.table(request.path_params["id"])
        b = await body(request)
        text = b.get("action")
        if not isinstance(text, str):
            raise BadRequest('send {"action": "<the action in its text form>", "version": N}')
        version = whole(b, "version", table.session.version, 0, MAX_SEED)
        if table.readonly:
            raise SessionError("this is a replay: step through it, nothing is played")
        if table.busy:
            raise StalePositionError("the agents are still playing: wait for your turn")
        with table.lock:
            table.session.act(text, version, advance=False)
            table.serial += 1
        server.store.save(table.kept())
        server.play_on(table)  # while the agents play, snapshots are the one taken here
        snap = table.snapshot()
        await server.tell(table, {"type": "snapshot", **snap})
        return snap

    async def undo(request: Request) -> Any:
        table = server.table(request.path_params["id"])
        b = await body(request)
        version = whole(b, "version", table.session.version, 0, MAX_SEED)
        if table.busy or version != table.session.version:
            raise StalePositionError("the game moved on since this page drew it: look again")
        if table.readonly:
            raise SessionError("this is a replay: step through it, nothing is taken back")
        with table.lock:
            table.session.take_back()
            table.serial += 1
        server.store.save(table.kept())
        await server.told(table)
        return table.snapshot()

    async def new(request: Request) -> Any:
        table = server.table(request.path_params["id"])
        b = await body(request)
        if table.busy:
            raise StalePositionError("the agents are still playing: wait a moment")
        if table.readonly:
            raise SessionError("this is a replay: open a new game from the lobby")
        with table.lock:
            table.session.start(whole(b, "seed", _new_seed(), 0, MAX_SEED),
                                advance=False)
            table.serial += 1
        server.store.save(table.kept())
        server.play_on(table)
        await server.told(table)
        return table.snapshot()

    async def table_rules(request: Request) -> Any:
        table = server.table(request.path_params["id"])
        return await asyncio.to_thread(rules_view, table.game)

    async def game_rules(request: Request) -> Any:
        name = request.query_params.get("game", "")
        offered = (*own, *list_games())
        if name not in offered:
            raise BadRequest(f"game is one of {', '.join(offered)}")
        scenario = request.query_params.get("scenario") or None
        game = await asyncio.to_thread(load, name)
        if scenario is not None and scenario not in game.scenarios:
            raise BadRequest(f"{name} has no scenario {scenario[:40]!r}: "
                             + (", ".join(game.scenarios) or "it has none"))
        if scenario is not None:
            game = await asyncio.to_thread(load, name, scenario)
        return await asyncio.to_thread(rules_view, game)

    async def replay_file(request: Request) -> Any:
        table = server.table(request.path_params["id"])
        text = table.session.replay().to_json() + "\n"
        return Response(text, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{table.game.name}-{table.id}.json"'})

    async def open_replay(request: Request) -> Any:
        raw = await request.body() if int(request.headers.get("content-length") or 0) \
            <= 8 * MAX_BODY else b""
        if not raw:
            raise BadRequest(f"send a replay file's text (at most {8 * MAX_BODY} bytes)")
        try:
            replay = Replay.from_json(raw.decode("utf-8", "replace"))
        except SerializationError as exc:
            raise BadRequest(str(exc)) from None
        scenario = replay.meta.get("scenario") or None
        ref = replay.meta.get("rules") if replay.game not in list_games() else replay.game
        if not isinstance(ref, str):
            raise BadRequest(f"the replay's game {replay.game!r} is not bundled here")
        game = load(ref, scenario)
        records = [(p, a, tuple(r), "", "") for p, a, r in replay.records]
        table = server.open_game(ref, scenario, [HUMAN] * len(game.players), replay.seed,
                                 casual=False, spectator=True, records=records,
                                 readonly=True)
        return table.snapshot()

    async def live(ws: WebSocket) -> None:
        table = server.tables.get(ws.path_params["id"])
        await ws.accept()
        if table is None:
            await ws.send_text(json.dumps({"type": "error", "error": "no such game"}))
            await ws.close()
            return
        table.sockets.add(ws)
        try:
            await ws.send_text(json.dumps({"type": "snapshot", **table.snapshot()}))
            while True:
                await ws.receive_text()  # the page only listens; anything it says is ignored
        except WebSocketDisconnect:
            pass
        finally:
            table.sockets.discard(ws)

    async def started() -> None:
        server.loop = asyncio.get_running_loop()
        if first is not None:  # the command line's game: a kept one going on, or a new one
            going = [t for t in server.tables.values()
                     if t.game_ref == first["ref"] and not t.readonly
                     and (t.session.game.scenario or None) == first.get("scenario")
                     and t.session.codes == list(first["codes"])
                     and t.session.state.decision is not None]
            server.current = going[-1].id if going else server.open_game(**first).id
        for table in server.tables.values():
            server.play_on(table)

    routes = [
        Route("/", index), Route("/index.html", index), Route("/favicon.ico", icon),
        Route("/api/catalog", answer(catalog)),
        Route("/api/games", answer(games), methods=["GET", "POST"]),
        Route("/api/games/{id}", answer(one)),
        Route("/api/games/{id}/action", answer(action), methods=["POST"]),
        Route("/api/games/{id}/undo", answer(undo), methods=["POST"]),
        Route("/api/games/{id}/new", answer(new), methods=["POST"]),
        Route("/api/games/{id}/replay", answer(replay_file)),
        Route("/api/games/{id}/rules", answer(table_rules)),
        Route("/api/rules", answer(game_rules)),
        Route("/api/replays", answer(open_replay), methods=["POST"]),
        WebSocketRoute("/ws/games/{id}", live),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"no such page: {request.url.path}"}, 404)

    async def wrong_method(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"{request.method} is not answered at "
                                      f"{request.url.path}"}, 405)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await started()
        yield

    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(HostGuard, allowed=allowed)],
                    exception_handlers={404: not_found, 405: wrong_method})
    app.state.server = server
    return app


__all__ = ["BODY_SECONDS", "MAX_BODY", "Server", "Table", "create_app", "page"]
