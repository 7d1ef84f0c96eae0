"""Agents of your own, named in a code: ``python:mybots.WinNow,depth=3``.

The part after ``python:`` is a class's import path (``package.module.Class``, or
``package.module:Class``); the class must be an ``Agent``. It is imported when the
code is built, in whichever process builds it (so an arena's worker processes import
it too), and takes its arguments from the code like a registered agent, checked
against its own ``__init__``. A module in the current directory is found as well
as an installed one.

Only a code someone writes on a command line or in Python names a class: rules
files and programs are data and never import anything.
"""

from __future__ import annotations

import importlib
import os
import sys

from .base import Agent

CODE = "python"


def load_agent_class(path: str) -> type[Agent]:
    """The ``Agent`` subclass ``path`` names (``package.module.Class``); ``ValueError``
    with one line saying what is wrong otherwise."""
    path = path.strip()
    module_name, sep, attr = path.partition(":")
    if not sep:
        module_name, _, attr = path.rpartition(".")
    if not module_name or not attr or not attr.isidentifier():
        raise ValueError(f"expected python:package.module.Class, got python:{path}")
    module = _import(module_name)
    cls = getattr(module, attr, None)
    if cls is None:
        raise ValueError(f"module '{module_name}' has no '{attr}'")
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise ValueError(f"'{path}' is not an Agent class (subclass stratagem.agents.Agent)")
    return cls


def _import(name: str) -> object:
    here = os.getcwd()
    try:
        return _import_once(name)
    except ModuleNotFoundError as exc:
        if exc.name != name.split(".", maxsplit=1)[0] or here in sys.path:
            raise ValueError(f"cannot import '{name}': {exc}") from None
    # Not installed: look in the current directory (`stratagem` as a command does not).
    sys.path.append(here)
    try:
        return _import_once(name)
    except ModuleNotFoundError as exc:
        sys.path.remove(here)
        raise ValueError(f"cannot import '{name}': {exc} (looked in the installed packages "
                         f"and in {here})") from None


def _import_once(name: str) -> object:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        raise
    except Exception as exc:  # the user's module failed while importing
        where = ""
        tb = exc.__traceback__
        while tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        if tb is not None:
            where = f" ({tb.tb_frame.f_code.co_filename}:{tb.tb_lineno})"
        raise ValueError(f"importing '{name}' failed: {type(exc).__name__}: {exc}{where}") \
            from None
