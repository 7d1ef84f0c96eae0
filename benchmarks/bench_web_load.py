"""Load test of the web server: many sessions at once, each playing random legal moves.

The server (``stratagem.web.create_app`` on uvicorn, games kept in memory) runs in its
own process on a free port of 127.0.0.1. In this process, ``--sessions`` clients run
side by side on one asyncio loop, each as a page would: it starts a game (the first seat
a person, the others the ``random`` agent), keeps a WebSocket open on it, and plays a
random one of the options the snapshot offers, sent with the position's version, until
the game ends; then it starts the next game. It stops at ``--seconds`` or once
``--games`` games have been started, and prints:

- the sessions held open at once (each a WebSocket and a game);
- games finished, and games cut off at the deadline;
- moves per second (the people's moves, all sessions together);
- the latency of a move (the POST answered) and of a turn (the move sent until the
  WebSocket brings the next position where it is the person's turn, the agents' answers
  included), as p50 / p95 / max in milliseconds;
- errors: any answer other than 200, any message that is not understood, any game that
  does not move on within ``--timeout`` seconds. A healthy server has none; the script
  exits 1 if there is one.

    python benchmarks/bench_web_load.py                     # 20 sessions for 30 s
    python benchmarks/bench_web_load.py --sessions 50 --seconds 60 --json load.json
    STRATAGEM_LOAD_SESSIONS=4 STRATAGEM_LOAD_SECONDS=3 python benchmarks/bench_web_load.py

The figures depend on the machine and on what else runs on it (say so beside them).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from websockets.asyncio.client import connect

from stratagem.web import create_app
from stratagem.web.store import GameStore

DEFAULT_GAMES = "tic_tac_toe,connect_four,pig,skirmish"


def _serve(sock: socket.socket) -> None:
    """The server process (forked: the modules are imported already): the application
    on uvicorn, on the socket already bound."""
    app = create_app(GameStore(":memory:"))
    server = uvicorn.Server(uvicorn.Config(app, log_level="error", lifespan="on",
                                           ws_max_size=16 * 2**20))
    server.run(sockets=[sock])


class Http:
    """One kept-alive HTTP/1.1 connection to the server (JSON in, JSON out)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n")
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        text = await self.reader.readexactly(length)
        return status, json.loads(text) if text else None

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError, ConnectionError):
                await self.writer.wait_closed()


@dataclass
class Tally:
    """What all the sessions measured."""

    move_ms: list[float] = field(default_factory=list)
    turn_ms: list[float] = field(default_factory=list)
    finished: int = 0
    cut: int = 0
    started: int = 0
    errors: list[str] = field(default_factory=list)
    open_now: int = 0
    held: int = 0


async def _session(k: int, host: str, port: int, games: list[str], deadline: float,
                   limit: int, timeout: float, tally: Tally) -> None:
    rng = random.Random(k)
    http = Http(host, port)
    try:
        while time.monotonic() < deadline and tally.started < limit:
            tally.started += 1
            name = games[(k + tally.started) % len(games)]
            status, snap = await http.call("POST", "/api/games", {
                "game": name, "seats": ["human", "random"], "seed": rng.randrange(10**6)})
            if status != 200:
                tally.errors.append(f"new {name}: {status} {snap}")
                return
            await _play(http, snap, host, port, deadline, timeout, rng, tally)
    except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError) as exc:
        tally.errors.append(f"session {k}: {type(exc).__name__}: {exc}")
    finally:
        await http.close()


async def _play(http: Http, snap: dict[str, Any], host: str, port: int, deadline: float,
                timeout: float, rng: random.Random, tally: Tally) -> None:
    gid = snap["id"]
    async with connect(f"ws://{host}:{port}/ws/games/{gid}", max_size=16 * 2**20) as ws:
        tally.open_now += 1
        tally.held = max(tally.held, tally.open_now)
        try:
            latest = snap

            async def turn(after: int) -> dict[str, Any]:
                """The first position past ``after`` where the person decides or it is over."""
                nonlocal latest
                while True:
                    s = latest
                    if s["version"] > after and not s["busy"] and (
                            s["outcome"] or (s["decision"] and s["decision"]["yours"])):
                        return s
                    msg = json.loads(await asyncio.wait_for(ws.recv(), timeout))
                    if msg.get("type") == "snapshot" and msg["serial"] >= latest["serial"]:
                        latest = msg
                    elif msg.get("type") not in ("snapshot", "thinking"):
                        raise ValueError(f"a message not understood: {str(msg)[:80]}")

            latest = await turn(-1)
            while not latest["outcome"]:
                if time.monotonic() >= deadline:
                    tally.cut += 1
                    return
                options = latest["decision"]["options"]
                choice = options[rng.randrange(len(options))]["text"]
                sent = time.perf_counter()
                status, answer = await http.call("POST", f"/api/games/{gid}/action", {
                    "action": choice, "version": latest["version"]})
                tally.move_ms.append((time.perf_counter() - sent) * 1000)
                if status != 200:
                    tally.errors.append(f"{gid} {choice!r}: {status} {answer}")
                    return
                if answer["serial"] >= latest["serial"]:
                    latest = answer
                try:
                    latest = await turn(answer["version"] - 1)
                except TimeoutError:
                    tally.errors.append(f"{gid}: no position in {timeout} s after {choice!r}")
                    return
                tally.turn_ms.append((time.perf_counter() - sent) * 1000)
            tally.finished += 1
        finally:
            tally.open_now -= 1


async def _warm(host: str, port: int, games: list[str]) -> None:
    """Start one game of each kind before the clock starts: the server's start and its
    first loading of each game are not measured."""
    http = Http(host, port)
    try:
        for name in games:
            status, answer = await http.call("POST", "/api/games", {
                "game": name, "seats": ["human", "random"], "seed": 0})
            if status != 200:
                raise SystemExit(f"the server cannot start {name}: {answer}")
    finally:
        await http.close()


def _spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    cuts = statistics.quantiles(values, n=20, method="inclusive") if len(values) > 1 \
        else [values[0]] * 19
    return {"p50": round(statistics.median(values), 1), "p95": round(cuts[18], 1),
            "max": round(max(values), 1)}


async def _run(args: argparse.Namespace, host: str, port: int) -> Tally:
    tally = Tally()
    games = _names(args)
    deadline = time.monotonic() + args.seconds
    await asyncio.gather(*(_session(k, host, port, games, deadline, args.games, args.timeout,
                                    tally) for k in range(args.sessions)))
    return tally


def _names(args: argparse.Namespace) -> list[str]:
    return [g.strip() for g in args.games_list.split(",") if g.strip()]


def _positive(kind: type) -> Any:
    def read(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not 0 < value < float("inf"):  # NaN fails both comparisons
            raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
        return value
    return read


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    env = os.environ.get
    p = argparse.ArgumentParser(description="Load test of `stratagem serve` on loopback.")
    p.add_argument("--sessions", type=_positive(int),
                   default=_positive(int)(env("STRATAGEM_LOAD_SESSIONS", "20")),
                   help="sessions at once (default $STRATAGEM_LOAD_SESSIONS or 20)")
    p.add_argument("--seconds", type=_positive(float),
                   default=_positive(float)(env("STRATAGEM_LOAD_SECONDS", "30")),
                   help="how long to run (default $STRATAGEM_LOAD_SECONDS or 30)")
    p.add_argument("--games", type=_positive(int),
                   default=_positive(int)(env("STRATAGEM_LOAD_GAMES", str(10**9))),
                   help="at most this many games started (default $STRATAGEM_LOAD_GAMES, "
                        "no limit)")
    p.add_argument("--play", dest="games_list", default=DEFAULT_GAMES,
                   help=f"the games played, in turn (default {DEFAULT_GAMES})")
    p.add_argument("--timeout", type=_positive(float), default=30.0,
                   help="seconds a game may take to answer before it counts as an error")
    p.add_argument("--json", default=None, help="also write the report to this file")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(512)
    host, port = sock.getsockname()
    server = multiprocessing.get_context("fork").Process(target=_serve, args=(sock,),
                                                         daemon=True)
    server.start()
    try:
        asyncio.run(_warm(host, port, _names(args)))
        began = time.monotonic()
        tally = asyncio.run(_run(args, host, port))
        took = time.monotonic() - began
    finally:
        server.kill()  # it keeps nothing (games in memory): no need to wait for a clean stop
        server.join(10)
        sock.close()
    report = {
        "sessions": args.sessions, "seconds": round(took, 2), "held": tally.held,
        "games_started": tally.started, "games_finished": tally.finished,
        "games_cut": tally.cut, "moves": len(tally.move_ms),
        "moves_per_second": round(len(tally.move_ms) / took, 1) if took else 0.0,
        "move_ms": _spread(tally.move_ms), "turn_ms": _spread(tally.turn_ms),
        "errors": len(tally.errors), "first_errors": tally.errors[:5],
        "games": args.games_list, "cpus": os.cpu_count(),
    }
    m, t = report["move_ms"], report["turn_ms"]
    print(f"{tally.held} sessions held at once ({args.sessions} asked), {took:.1f} s; "
          f"games: {tally.started} started, {tally.finished} finished, {tally.cut} cut at "
          f"the deadline")
    print(f"{report['moves']} moves, {report['moves_per_second']} moves/s; move latency "
          f"p50 {m['p50']} ms, p95 {m['p95']} ms, max {m['max']} ms; turn latency p50 "
          f"{t['p50']} ms, p95 {t['p95']} ms, max {t['max']} ms")
    print(f"errors: {len(tally.errors)}")
    for line in tally.errors[:5]:
        print(f"  {line}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)
    return 1 if tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
