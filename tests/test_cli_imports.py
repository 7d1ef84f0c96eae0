"""The command line loads what a command needs: the web server (Starlette, uvicorn) only for
`serve`, and markdown-it only to print a game's README. Every command pays for what the
command group imports, about a fifth of a second for these two."""

from __future__ import annotations

import subprocess
import sys


def test_the_command_group_loads_neither_the_web_server_nor_markdown() -> None:
    probe = ("import sys; import stratagem.cli.main; "
             "print(sorted(m for m in ('starlette', 'uvicorn', 'markdown_it', "
             "'stratagem.web.server', 'stratagem.web.session') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_the_web_package_still_names_its_server_and_sessions() -> None:
    from stratagem import web  # noqa: PLC0415

    assert callable(web.create_app)
    assert web.Session.__name__ == "Session"
    assert web.GameStore.__name__ == "GameStore"
