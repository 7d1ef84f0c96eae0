"""Programmed opponents: state-machine programs as data, run as agents.

``load_program`` compiles a program file against its game; ``ProgramAgent`` runs
it (roster code ``program:NAME`` for a bundled program, ``program:path.yaml`` for a
file); ``check_program`` finds its flaws; ``render_markdown`` / ``render_html``
print its card; ``evaluate_program`` measures strength, coverage and plausibility.
"""

from .card import render_html, render_markdown
from .checks import check_program
from .evaluate import Evaluation, evaluate_program
from .runtime import ProgramAgent, ProgramSeatError, TraceStep, resolve_program
from .spec import Program, bundled_programs, load_program, parse_program, program_game

__all__ = [
    "Evaluation",
    "Program",
    "ProgramAgent",
    "ProgramSeatError",
    "TraceStep",
    "bundled_programs",
    "check_program",
    "evaluate_program",
    "load_program",
    "parse_program",
    "program_game",
    "render_html",
    "render_markdown",
    "resolve_program",
]
