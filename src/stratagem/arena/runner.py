"""Running a tournament: in this process, in local worker processes, or on Ray.

Every backend plays the same jobs (``tournament.schedule``) and each game depends only
on its job, so the stored results are the same whichever backend and however many
workers ran them; only timings differ. Finished games are committed to the results
file one by one as they arrive, so a run stopped at any point resumes losing nothing.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
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
        pending = [j for j in jobs if j.key not in done]
        count = len(jobs) - len(pending)
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


def _local(tournament: Tournament, jobs: list[Job], workers: int) -> Iterator[GameRow]:
    # Spawned workers start clean (no inherited threads or state) on every platform.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
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


def _ray_job(tournament_json: str, job: Job) -> GameRow:
    return run_job(Tournament.from_json(tournament_json), job)


def _ray(tournament: Tournament, jobs: list[Job], workers: int,
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
            options["address"] = address
        ray.init(**options)
    try:
        remote = ray.remote(_ray_job)
        text = tournament.to_json()
        pending = [remote.remote(text, job) for job in jobs]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()
