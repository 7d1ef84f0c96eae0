"""Running a tournament: in this process, in local worker processes, or on Ray.

Every backend plays the same jobs (``tournament.schedule``) and each game depends only
on its job, so the stored results are the same whichever backend and however many
workers ran them; only timings differ. Finished games are committed to the results
file one by one as they arrive, so a run stopped at any point resumes losing nothing.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from pathlib import Path
from typing import Any

from .store import ResultStore
from .tournament import GameRow, Job, Tournament, TournamentError, check, run_job

BACKENDS = ("local", "ray")

Progress = Callable[[GameRow | None, int, int], None]
"""Called with each game as it is stored, the games done and the total (first with
``None`` before any game is played, so a progress bar can start at the resumed count)."""


def run_tournament(tournament: Tournament, db: Path, *, workers: int = 1,
                   backend: str = "local", resume: bool = False, address: str | None = None,
                   progress: Progress | None = None) -> list[GameRow]:
    """Play every game of ``tournament`` not yet in the results file ``db``; return all rows.

    ``workers`` processes play games at once (``1``: in this process). ``backend="ray"``
    sends games to a Ray cluster at ``address`` (a local Ray instance when ``None``).
    """
    if backend not in BACKENDS:
        raise TournamentError(f"unknown backend '{backend}' (backends: {', '.join(BACKENDS)})")
    if workers < 1:
        raise TournamentError(f"--workers must be at least 1 (got {workers})")
    jobs = check(tournament)
    store = ResultStore(db, tournament, resume=resume, jobs=jobs)
    try:
        done = store.done()
        # Lazily: a schedule of a trillion games is never held in memory.
        pending: Iterable[Job] = (j for j in jobs if j.key not in done) if done else jobs
        count = len(done)
        if progress is not None:
            progress(None, count, len(jobs))
        if backend == "ray":
            results: Iterator[GameRow] = _ray(tournament, pending, workers, address)
        elif workers == 1:
            results = (run_job(tournament, job) for job in pending)
        else:
            results = _local(tournament, pending, workers)
        for row in results:
            store.add(row)
            count += 1
            if progress is not None:
                progress(row, count, len(jobs))
        return store.rows()
    finally:
        store.close()


def _local(tournament: Tournament, jobs: Iterable[Job], workers: int) -> Iterator[GameRow]:
    # Spawned workers start clean (no inherited threads or state) on every platform.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context,
                             initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
        queue = iter(jobs)
        running: set[Future[GameRow]] = set()
        try:
            for job in queue:  # keep a few games queued per worker, not the whole schedule
                running.add(pool.submit(run_job, tournament, job))
                if len(running) >= 2 * workers:
                    break
            while running:
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for future in sorted(finished, key=lambda f: f.result().index):
                    yield future.result()
                for job in queue:
                    running.add(pool.submit(run_job, tournament, job))
                    if len(running) >= 2 * workers:
                        break
        finally:
            for future in running:
                future.cancel()


def die_with_parent(parent: int) -> None:
    """Make this worker process end when the process that started it does, however that
    one ends (a SIGKILL gives it no chance to stop its workers): on Linux the kernel is
    asked to kill it (``PR_SET_PDEATHSIG``); everywhere, a watchdog thread checks once a
    second that its parent is still the one it was started by."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="stratagem-watchdog",
                     daemon=True).start()


_PR_SET_PDEATHSIG = 1
"""prctl's option: the signal this process gets when its parent ends."""


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(1)


def check_ray_address(address: str, timeout: float = 5.0) -> None:
    """Refuse, within ``timeout`` seconds, a Ray address that does not resolve or does not
    accept connections: Ray itself retries for minutes, printing warnings."""
    if address in ("auto", "local"):
        return
    target = address.split("://", 1)[-1]
    host, sep, port_text = target.rpartition(":")
    if not sep or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise TournamentError(f"--address {address!r} is not HOST:PORT (a Ray cluster's "
                              "address, such as 10.0.0.5:6379)")
    try:
        with socket.create_connection((host, int(port_text)), timeout=timeout):
            pass
    except OSError as exc:
        why = exc.strerror or str(exc) or type(exc).__name__
        raise TournamentError(f"cannot reach the Ray cluster at {address}: {why}") from None


def _ray_job(tournament_json: str, job: Job) -> GameRow:
    return run_job(Tournament.from_json(tournament_json), job)


def _ray(tournament: Tournament, jobs: Iterable[Job], workers: int,
         address: str | None) -> Iterator[GameRow]:
    try:
        import ray  # noqa: PLC0415 - optional (the ray extra) and heavy: only for --backend ray
    except ImportError:
        raise TournamentError("the Ray backend needs Ray: pip install 'stratagem[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                   "configure_logging": False}
        if address is None:
            options["num_cpus"] = workers
        else:
            check_ray_address(address)
            options["address"] = address
        try:
            ray.init(**options)
        except (ConnectionError, RuntimeError, TimeoutError, ValueError) as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise TournamentError(f"cannot start or join Ray"
                                  f"{f' at {address}' if address else ''}: {first}") from None
    try:
        remote = ray.remote(_ray_job)
        text = tournament.to_json()
        queue = iter(jobs)
        pending = [remote.remote(text, job) for job in islice(queue, 4 * workers)]
        while pending:  # a few games queued per CPU, never the whole schedule
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
            pending.extend(remote.remote(text, job) for job in islice(queue, len(finished)))
    finally:
        if started_here:
            ray.shutdown()
