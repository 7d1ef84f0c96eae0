"""Programmed opponents: state-machine programs as data, run as agents.

``load_program`` compiles a program file against its game; ``ProgramAgent`` runs
it (roster code ``program:NAME`` for a bundled program, ``program:path.yaml`` for a
file); ``check_program`` finds its flaws; ``render_markdown`` / ``render_html``
print its card. Evaluating one plays many games, so it lives with the arena
(``stratagem.arena.program_eval``).
"""

from .card import card_gaps, render_html, render_markdown
from .checks import check_program, sample_constants
from .model import Program
from .runtime import ProgramAgent, ProgramSeatError, TraceStep, resolve_program
from .spec import (
    bundled_programs,
    load_program,
    parse_condition,
    parse_program,
    program_game,
)

__all__ = [
    "Program",
    "ProgramAgent",
    "ProgramSeatError",
    "TraceStep",
    "bundled_programs",
    "card_gaps",
    "check_program",
    "load_program",
    "parse_condition",
    "parse_program",
    "program_game",
    "render_html",
    "render_markdown",
    "resolve_program",
    "sample_constants",
]
