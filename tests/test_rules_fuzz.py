"""Fuzzing the rules compiler: whatever a rules file says, loading it ends cleanly.

Valid rules files (tic-tac-toe and the fixtures in ``rules_fixtures/``) are
mutated at the data level (keys deleted or renamed, values of the wrong type,
garbage and near-miss expressions, deep nesting, duplicated items) and at the
text level (characters and lines inserted, deleted, replaced). The property:
``compile_text`` returns a ``Game`` or raises a ``RulesError`` whose every
problem is located inside the file, quickly; and a ``Game`` it returns plays
random games that finish or stop with a ``StratagemError``, never with an
arbitrary Python exception.

``STRATAGEM_FUZZ_EXAMPLES=N`` scales the number of examples of each property
for long runs. Bugs the fuzzing found are pinned, each by its minimal
reproduction, in the tests at the end of this file; while one is open its test
is marked ``xfail(strict=True)`` and the properties skip an example that hits
it (``KNOWN_BUGS``). ``STRATAGEM_FUZZ_STRICT=1`` turns that allowance off.
"""

from __future__ import annotations

import copy
import io
import itertools
import math
import os
import re
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from stratagem.engine import Game, Rng, RuleError, StratagemError, dice
from stratagem.rules import RulesError, compile_text
from stratagem.rules.expr import MAX_EXPR_DEPTH
from stratagem.rules.library import FUNCTIONS

T = TypeVar("T")
HERE = Path(__file__).parent
FIXTURES = HERE / "rules_fixtures"
GAMES = HERE.parent / "src" / "stratagem" / "games"

SEED_FILES: dict[str, Path] = {
    "tic_tac_toe": GAMES / "tic_tac_toe" / "rules.yaml",
    "skirmish": FIXTURES / "skirmish.yaml",
    "gauntlet": FIXTURES / "gauntlet.yaml",
    # The expression language's helpers and values (issue 16): define:, let, format,
    # state:, tile parameters and keyed parameters.
    "helpers_game": HERE / "rules_lang" / "helpers_game.yaml",
    "harvest": HERE / "rules_lang" / "harvest.yaml",
    "columns": HERE / "rules_lang" / "columns.yaml",
    "strategy": FIXTURES / "strategy.yaml",
    "tourney": FIXTURES / "tourney.yaml",
    # Terrain on the sides between cells: side types, runs of sides, a hex map.
    "river_ford": FIXTURES / "river_ford.yaml",
}
"""The valid rules files every mutation starts from."""

SEEDS: dict[str, str] = {name: path.read_text(encoding="utf-8")
                         for name, path in SEED_FILES.items()}

EXAMPLES = int(os.environ.get("STRATAGEM_FUZZ_EXAMPLES", "0"))
"""Examples per property when set (long runs); the defaults keep the file under ~40 s."""
STRICT = os.environ.get("STRATAGEM_FUZZ_STRICT", "") not in ("", "0")
"""Fail on the known bugs too, instead of skipping the examples that hit them."""

COMPILE_SECONDS = 20.0
"""Longest one compilation may take: a guard against a hang, not a measure of speed (a
loaded machine of two cores running the suite on both takes several times the
unloaded figure; benchmarks/ measures the speed)."""
DEADLINE = timedelta(seconds=8)
"""Longest one example (a compilation and three random games) may take."""
GAMES_PER_FILE = 3
DECISIONS_PER_GAME = 200


def fuzz_settings(default_examples: int) -> settings:
    """Settings of a fuzz property: ``default_examples`` unless the environment scales it."""
    return settings(max_examples=EXAMPLES or default_examples, deadline=DEADLINE,
                    # No `explain` phase: it traces every line, slowing play past the limits.
                    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


# ------------------------------------------------------------------ YAML as data
def load_data(text: str) -> Any:
    """A rules file as plain data (dicts, lists, scalars)."""
    return YAML(typ="safe", pure=True).load(text)


def dump_data(data: Any) -> str:
    """Plain data back to YAML text (block style, no line folding)."""
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.width = 1 << 20
    yaml.allow_unicode = True
    buf = io.StringIO()
    yaml.dump(data, buf)
    return buf.getvalue()


SEED_DATA: dict[str, Any] = {name: load_data(text) for name, text in SEEDS.items()}

Path_ = tuple[Any, ...]
"""Where a value sits in the data: the keys and indices leading to it."""


def paths(data: Any, prefix: Path_ = ()) -> list[Path_]:
    """Every place in ``data`` below the root, parents before children."""
    out: list[Path_] = []
    if isinstance(data, dict):
        for k, v in data.items():
            out.append((*prefix, k))
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.append((*prefix, i))
            out.extend(paths(v, (*prefix, i)))
    return out


def get(data: Any, path: Path_) -> Any:
    for step in path:
        data = data[step]
    return data


def put(data: Any, path: Path_, value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


def strings(data: Any) -> list[Path_]:
    """The places holding strings (expressions, names, layouts)."""
    return [p for p in paths(data) if isinstance(get(data, p), str)]


def containers(data: Any, kind: type) -> list[Path_]:
    """The places holding a dict (or a list), the root included."""
    found = [()] if isinstance(data, kind) else []
    return found + [p for p in paths(data) if isinstance(get(data, p), kind)]


# ------------------------------------------------------------------ vocabulary
_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def _names_in(data: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            found.add(str(k))
            found |= _names_in(v)
    elif isinstance(data, list):
        for v in data:
            found |= _names_in(v)
    elif isinstance(data, str):
        found.update(_NAME.findall(data))
    return found


KEYS: list[str] = sorted({str(k) for d in SEED_DATA.values() for p in paths(d)
                          for k in p if isinstance(k, str)} |
                         {"game", "players", "flow", "phases", "end", "win", "lose", "draw",
                          "setup", "scenarios", "board", "layout", "size", "tiles",
                          "entities", "actions", "reactions", "triggers", "statuses",
                          "zones", "hooks", "effects", "targets", "when", "where", "from",
                          "kind", "on", "stage", "limit", "once_per", "order", "initiative"})
"""Every key the seeds use, plus the format's main ones: the targets of renames."""

TOKENS: list[str] = sorted(
    {n for d in SEED_DATA.values() for n in _names_in(d)} | set(FUNCTIONS) |
    {"none", "true", "false", "it", "event", "game", "actor", "player", "target", "round",
     "turn", "phase", "and", "or", "not", "in", "if", "else", "0", "1", "2", "3", "7", "12",
     "-1", "0.5", "2.5", "let", ";", "=", "1d20", "2d6", "4d6kh3", "2d20kl1", "0d6", "1d0", "d8", "(", ")",
     "[", "]", ",", ".", ":", "==", "!=", "<=", "+", "-", "*", "/", "//", "%", "'x'", '"y"'})
"""Words and symbols near-miss expressions are made of (numbers kept small: see
``test_a_dice_pool_of_a_huge_computed_size_does_not_hang_the_game``)."""

HOSTILE: list[str] = [
    "__import__('os')", "__import__('os').system('echo hi')", "().__class__",
    "().__class__.__bases__[0].__subclasses__()", "actor.__class__", "actor.__dict__",
    "player.__class__.__mro__", "eval('1')", "exec('1')", "open('/etc/passwd')",
    "globals()", "locals()", "lambda: 1", "[x for x in y]", "1 ** 2", "a @ b", "a := 1",
    "'{0.__class__}'.format(1)", "f'{1}'", "getattr(actor, 'hp')", "compile('1', '', 'eval')",
    "breakpoint()", "print(1)", "import os", "os.system('x')", "__builtins__", "self",
    "(", ")", "((1)", "(1))", "[1, 2", "f(", "max(", "max([1, 2)", "1 +", "+", "..", "a..b",
    "'unterminated", '"unterminated', "1 if true", "if", "else", "not", "and or",
    "1 < 2 < 3", "unknown_name", "actor.no_such_param", "event.no_such_field",
    "game.no_such", "target.hp.hp", "count()", "count(1, 2, 3)", "count(items: 1, items: 2)",
    "entities(owner: nobody)", "distance(actor)", "zone(player)", "dice(1)", "roll",
    "1d", "d", "0d0", "101d6", "1d1001", "3d6kh4", "9d6kh3", "1d20kh0", "1d20 < 2",
    "-1d6", "1d6 * 2", "[1, 2][0]", "[][0]", "'a'[0]", "(1, 2).z", "(1, 2, 3)",
    "none.hp", "none.x", "true.owner", "1.owner", "'a' + 1", "'a' < 1", "1 / 0", "1 // 0",
    "1 % 0", "1.5.5", "0x10", "1e5", "1_000", "\t", "\u00a0", "\u2028", "\x00", "é",
    "𝔞", "\\", "#", "&a", "*a", "!tag", "%", "@", "`", "|", ">", "{}", "[]",
]
"""Expressions that must all end in a located RulesError or a working game."""

EXPR_CHARS = st.sampled_from(list("abcdeknoprstxyz_ADZ0123456789 ()[]{}.,:'\"+-*/%<>=!#&|@`"
                                  "\\\t\nαé𝔞\u00a0\u2028\x00"))

garbage_exprs = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(EXPR_CHARS, max_size=40),
    st.text(max_size=20),
    st.integers(1, 500).map(lambda n: "(" * n + "1" + ")" * n),
    st.integers(1, 500).map(lambda n: "(" * n + "1"),
    st.integers(1, 500).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 500).map(lambda n: "-" * n + "1"),
    st.integers(1, 500).map(lambda n: "not " * n + "true"),
    st.integers(1, 2000).map(lambda n: " + ".join(["1"] * n)),
    st.integers(1, 500).map(lambda n: " and ".join(["true"] * n)),
    st.integers(1, 200).map(lambda n: "max([" + ", ".join(["1"] * n) + "])"),
    st.integers(1, 20000).map(lambda n: "x" * n),
    st.integers(1, 20000).map(lambda n: "9" * min(n, 4000)),
    st.lists(st.sampled_from(TOKENS), min_size=1, max_size=12).map(" ".join),
)
"""Replacement expressions: hostile, random, unbalanced, deep, very long or token soup."""

wrong_values = st.one_of(
    st.sampled_from([None, True, False, 0, 1, -1, 2, 10**30, -10**30, 10**15, 10**15 + 1,
                     1e308, -1e308, 1.5, -0.0, 1e-300, "", " ", "NaN", "nan", "inf", "-inf",
                     ".inf", "-.inf", ".nan", "1e308", "yes", "no", "on", "off", "null", "~",
                     "0x1F", "0o17", "1_000", "12:30", "2001-12-14", [], {}, [[]], [{}], [None],
                     [1, 2], [1, 2, 3], {"a": 1}, {"when": None}, {"": ""}, "<<"]),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.sampled_from(KEYS), st.integers(-2, 2), max_size=2),
)
"""Values of the wrong type, out of range, or that YAML reads as something else."""

weird_keys = st.one_of(
    st.sampled_from(KEYS),
    st.sampled_from(["", " ", "<<", "null", "true", "1", "a b", "é", "on", "__class__",
                     "__import__"]),
    st.sampled_from([None, 0, 1, -1, True, False, 1.5]),
)


def near_miss_key(draw: Callable[..., Any], key: Any) -> Any:
    """A key one edit away from ``key``, or another key of the format."""
    text = str(key)
    how = draw(st.sampled_from(["drop", "double", "upper", "plural", "space", "other"]))
    if how == "drop" and len(text) > 1:
        i = draw(st.integers(0, len(text) - 1))
        return text[:i] + text[i + 1:]
    if how == "double" and text:
        i = draw(st.integers(0, len(text) - 1))
        return text[:i] + text[i] + text[i:]
    if how == "upper":
        return text.upper() if text != text.upper() else text.lower() + "_"
    if how == "plural":
        return text[:-1] if text.endswith("s") else text + "s"
    if how == "space":
        return text + " "
    return draw(weird_keys)


def near_miss_expr(draw: Callable[..., Any], text: str) -> str:
    """``text`` with a few characters or tokens changed."""
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["insert", "delete", "replace", "token", "swap_token"]))
        i = draw(st.integers(0, len(text)))
        if how == "insert":
            text = text[:i] + draw(EXPR_CHARS) + text[i:]
        elif how == "delete" and text:
            j = draw(st.integers(i, min(len(text), i + 4)))
            text = text[:i] + text[j:]
        elif how == "replace" and i < len(text):
            text = text[:i] + draw(EXPR_CHARS) + text[i + 1:]
        elif how == "token":
            text = text[:i] + " " + draw(st.sampled_from(TOKENS)) + " " + text[i:]
        else:
            words = _NAME.findall(text)
            if words:
                old = draw(st.sampled_from(words))
                text = text.replace(old, draw(st.sampled_from(TOKENS)), 1)
    return text


# --------------------------------------------------------------------- mutations
MUTATIONS = ("delete", "delete", "wrong_value", "wrong_value", "garbage_expr", "near_miss_expr",
             "near_miss_expr", "near_miss_expr", "rename_key", "rename_key", "nest",
             "duplicate_item", "copy_subtree", "swap", "add_key")


def mutate(draw: Callable[..., Any], data: Any) -> Any:
    """``data`` with one random mutation (the input is not changed)."""
    data = copy.deepcopy(data)
    how = draw(st.sampled_from(MUTATIONS))
    note(f"mutation: {how}")
    all_paths = paths(data)
    if not all_paths:
        return draw(wrong_values)
    if how == "delete":
        path = draw(st.sampled_from(all_paths))
        del get(data, path[:-1])[path[-1]]
    elif how == "wrong_value":
        put(data, draw(st.sampled_from(all_paths)), draw(wrong_values))
    elif how in ("garbage_expr", "near_miss_expr"):
        places = strings(data) or all_paths
        path = draw(st.sampled_from(places))
        old = get(data, path)
        new = (draw(garbage_exprs) if how == "garbage_expr" or not isinstance(old, str)
               else near_miss_expr(draw, old))
        put(data, path, new)
    elif how == "rename_key":
        maps = [p for p in containers(data, dict) if get(data, p)]
        parent = get(data, draw(st.sampled_from(maps)))
        old_key = draw(st.sampled_from(list(parent)))
        new_key = near_miss_key(draw, old_key)
        items = [(new_key if k == old_key else k, v) for k, v in parent.items()]
        parent.clear()
        for k, v in items:
            parent.setdefault(k, v)
    elif how == "nest":
        path = draw(st.sampled_from(all_paths))
        value = get(data, path)
        for depth in range(draw(st.integers(1, 90))):
            value = [value] if depth % 2 else {"x": value}
        put(data, path, value)
    elif how == "duplicate_item":
        lists = [p for p in containers(data, list) if get(data, p)]
        if lists:
            items = get(data, draw(st.sampled_from(lists)))
            item = draw(st.sampled_from(items))
            items.insert(draw(st.integers(0, len(items))), copy.deepcopy(item))
    elif how == "copy_subtree":
        src = draw(st.sampled_from(all_paths))
        put(data, draw(st.sampled_from(all_paths)), copy.deepcopy(get(data, src)))
    elif how == "swap":
        a = draw(st.sampled_from(all_paths))
        b = draw(st.sampled_from(all_paths))
        if a[:len(b)] != b and b[:len(a)] != a:  # neither inside the other
            va, vb = get(data, a), get(data, b)
            put(data, a, vb)
            put(data, b, va)
    else:  # add_key
        maps = containers(data, dict)
        parent = get(data, draw(st.sampled_from(maps)))
        parent.setdefault(draw(weird_keys), draw(st.one_of(wrong_values, garbage_exprs)))
    return data


# ---------------------------------------------------------------- known bugs
@dataclass(frozen=True)
class KnownBug:
    """A bug already pinned by an xfail test: an exception type and a message pattern."""

    test: str
    type: type[BaseException]
    pattern: str
    at_play: bool = False

    def matches(self, exc: BaseException, at_play: bool) -> bool:
        return (at_play == self.at_play and isinstance(exc, self.type)
                and re.search(self.pattern, f"{type(exc).__name__}: {exc}") is not None)


KNOWN_BUGS: tuple[KnownBug, ...] = ()
"""Exceptions the properties tolerate until the pinned bug is fixed (see the module doc).
Empty while no bug found by the fuzzing is outstanding."""


def known(exc: BaseException, at_play: bool) -> KnownBug | None:
    """The known bug ``exc`` is an instance of, if any (never in strict mode)."""
    if STRICT:
        return None
    return next((b for b in KNOWN_BUGS if b.matches(exc, at_play)), None)


def test_every_known_bug_is_pinned_by_a_strict_xfail_test() -> None:
    """Each exception the properties tolerate names an xfail(strict=True) test of this file."""
    for bug in KNOWN_BUGS:
        test = globals()[bug.test]
        marks = [m for m in getattr(test, "pytestmark", []) if m.name == "xfail"]
        assert marks and marks[0].kwargs.get("strict") is True, bug.test


# ------------------------------------------------------------------ properties
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""Line breaks as editors (and YAML) count them."""


def assert_located(error: RulesError, text: str, file: str) -> None:
    """Every problem of ``error`` names ``file`` and a place inside ``text``."""
    lines = _LINE_BREAK.split(text)
    assert error.problems, "a RulesError with no problems"
    for problem in error.problems:
        loc = problem.loc
        assert loc.file == file, problem
        assert 1 <= loc.line <= len(lines), f"line {loc.line} outside the file: {problem}"
        assert loc.col >= 1, f"column {loc.col}: {problem}"
        line = lines[loc.line - 1]
        assert loc.col <= len(line) + 1, f"column {loc.col} past the end of {line!r}: {problem}"
        assert isinstance(problem.message, str) and problem.message.strip(), problem
        assert str(problem).startswith(f"{file}:{loc.line}:{loc.col}: "), problem


class TookTooLong(BaseException):
    """Raised by ``within`` (a BaseException, so no ``except Exception`` swallows it)."""


def within(seconds: float, what: str, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, interrupted after ``seconds`` of wall time: a hang becomes a failure.

    The interrupted frame may lack a line number (which breaks pytest's report), so a
    fresh exception is raised here instead of letting the interruption propagate.
    """
    def expire(signum: int, frame: Any) -> None:
        raise TookTooLong(what)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn(*args)
    except TookTooLong:
        pass
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    raise TookTooLong(f"{what} took more than {seconds:g}s")


def compile_or_locate(text: str, file: str) -> Game | None:
    """``compile_text`` must give a Game or a located RulesError, within the time bound."""
    start = time.perf_counter()
    try:
        game: Game | None = within(COMPILE_SECONDS * 2, "compiling", compile_text, text, file)
    except RulesError as error:
        assert_located(error, text, file)
        game = None
    elapsed = time.perf_counter() - start
    assert elapsed < COMPILE_SECONDS, f"compiling took {elapsed:.1f}s"
    return game


def play_randomly(game: Game, seed: int) -> tuple[int, int]:
    """Play a few random games; each ends, runs out of decisions, or stops with a StratagemError.

    Returns (decisions taken, games that stopped with a StratagemError).
    """
    rng = Rng(seed)
    decisions = stopped = 0
    for _ in range(GAMES_PER_FILE):
        try:
            state = game.new_state(rng.fork(), explicit_chance=rng.below(2) == 1)
            for _ in range(DECISIONS_PER_GAME):
                d = state.decision
                if d is None:
                    assert state.outcome is not None
                    break
                state = game.apply(state, d.actions[rng.below(len(d.actions))])
                decisions += 1
        except StratagemError:
            stopped += 1
    return decisions, stopped


def check_rules_text(text: str, file: str, seed: int) -> None:
    """The fuzz property for one rules text (known bugs tolerated outside strict mode)."""
    try:
        game = compile_or_locate(text, file)
    except (AssertionError, RulesError):
        raise
    except Exception as exc:
        if known(exc, at_play=False) is None:
            raise
        return
    if game is None:
        return
    try:
        within(DEADLINE.total_seconds() * 2, "playing", play_randomly, game, seed)
    except Exception as exc:
        if isinstance(exc, AssertionError) or known(exc, at_play=True) is None:
            raise


@fuzz_settings(150)
@given(name=st.sampled_from(sorted(SEEDS)), data=st.data(), seed=st.integers(0, 2**32))
def test_mutated_rules_load_or_fail_with_located_errors(name: str, data: st.DataObject,
                                                        seed: int) -> None:
    """Rules files mutated as data compile to a playable game or fail with located RulesErrors only."""
    doc = SEED_DATA[name]
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        doc = mutate(data.draw, doc)
    text = dump_data(doc)
    note(f"--- {name}.yaml ---\n{text}")
    check_rules_text(text, f"{name}.yaml", seed)


EDIT_CHARS = st.one_of(
    st.sampled_from(list(":-[]{},#&*!|>'\"%@`?~\t\n\r ()._0123456789aZ\\\x00\x85\u2028\ufeff"
                         "\ud800\U0001d51e")),
    st.characters(),
)


def edit_text(draw: Callable[..., Any], text: str) -> str:
    """``text`` with one random character or line edit."""
    how = draw(st.sampled_from(["insert", "insert", "delete", "replace", "replace",
                                "dup_line", "drop_line", "swap_lines", "indent", "dedent"]))
    note(f"edit: {how}")
    if how in ("insert", "delete", "replace"):
        i = draw(st.integers(0, max(0, len(text) - 1)))
        if how == "insert":
            chunk = draw(st.text(EDIT_CHARS, min_size=1, max_size=4))
            return text[:i] + chunk + text[i:]
        if how == "delete":
            return text[:i] + text[i + draw(st.integers(1, 12)):]
        return text[:i] + draw(EDIT_CHARS) + text[i + 1:]
    lines = text.split("\n")
    i = draw(st.integers(0, len(lines) - 1))
    if how == "dup_line":
        lines.insert(i, lines[i])
    elif how == "drop_line":
        del lines[i]
    elif how == "swap_lines" and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif how == "indent":
        lines[i] = " " * draw(st.integers(1, 3)) + lines[i]
    elif how == "dedent":
        lines[i] = lines[i][draw(st.integers(1, 3)):]
    return "\n".join(lines)


@fuzz_settings(150)
@given(name=st.sampled_from(sorted(SEEDS)), data=st.data(), seed=st.integers(0, 2**32))
def test_edited_rules_text_loads_or_fails_with_located_errors(name: str, data: st.DataObject,
                                                              seed: int) -> None:
    """Rules files with random character and line edits compile or fail with located RulesErrors only."""
    text = SEEDS[name]
    for _ in range(data.draw(st.integers(1, 6), label="edits")):
        text = edit_text(data.draw, text)
    note(f"--- {name}.yaml ---\n{text}")
    check_rules_text(text, f"{name}.yaml", seed)


@pytest.mark.parametrize("expr", HOSTILE)
def test_every_hostile_expression_in_a_condition_is_handled(expr: str) -> None:
    """Each listed hostile or malformed expression, as a draw condition, compiles or fails located."""
    doc = copy.deepcopy(SEED_DATA["tic_tac_toe"])
    doc["end"]["draw"]["the board is full"] = expr
    check_rules_text(dump_data(doc), "tic_tac_toe.yaml", 7)


# ----------------------------------------------------------- the seeds themselves
@pytest.mark.parametrize("name", sorted(SEEDS))
def test_every_seed_compiles_and_plays_to_the_end(name: str) -> None:
    """Each seed file compiles, survives the YAML round trip the mutator uses, and its games end."""
    game = compile_text(SEEDS[name], f"{name}.yaml")
    again = compile_text(dump_data(SEED_DATA[name]), f"{name}.yaml")
    assert (again.name, sorted(again.action_types), sorted(again.entity_types)) == \
        (game.name, sorted(game.action_types), sorted(game.entity_types))
    finished = 0
    for seed in range(4):
        rng = Rng(seed)
        state = game.new_state(seed)
        for _ in range(1000):
            if state.decision is None:
                break
            state = game.apply(state, state.decision.actions[rng.below(
                len(state.decision.actions))])
        finished += state.outcome is not None
    assert finished == 4


def test_the_rich_seeds_cover_the_format() -> None:
    """The fixtures exercise params, targets, conditions, reactions, triggers, hooks, zones, scenarios, initiative, end rules and dice."""
    skirmish, gauntlet = SEED_DATA["skirmish"], SEED_DATA["gauntlet"]
    assert skirmish["entities"]["soldier"]["params"]
    assert skirmish["actions"]["strike"]["targets"] and skirmish["actions"]["strike"]["when"]
    assert skirmish["reactions"] and skirmish["triggers"] and skirmish["zones"]
    assert skirmish["statuses"]["poisoned"]["hooks"] and len(skirmish["scenarios"]) == 2
    assert skirmish["flow"]["phases"][1]["order"] == {"initiative": "it.initiative"}
    assert {"win", "draw", "score"} <= set(skirmish["end"])
    assert "1d20" in skirmish["actions"]["strike"]["effects"][0]["roll"]["dice"]
    assert gauntlet["flow"]["phases"][0]["order"] == "alternate" and "lose" in gauntlet["end"]
    g = compile_text(SEEDS["skirmish"], "skirmish.yaml")
    assert g.info.chance and g.info.hidden and len(g.phases) == 2


def test_the_tourney_seed_covers_the_turn_level_keys() -> None:
    """The tourney fixture holds every key of hands, knock-outs, optional targets, play for
    nothing, cooldowns, queues and the `action_done` and `spawned` events, so the mutations
    reach them."""
    doc = SEED_DATA["tourney"]
    acts = doc["actions"]
    assert {"start", "end_when", "end"} <= set(doc["flow"]["hand"])
    assert acts["charge"]["targets"]["foe"]["optional"] is True
    assert acts["shield"]["play_without_target"] is True
    assert acts["charge"]["cooldown"] == 2 and acts["rally"]["cooldown"] == {"rounds": 1}
    assert "text_without_target" in acts["charge"]
    assert "enqueue" in acts["rally"]["effects"][0]
    assert "knock_out" in str(acts["charge"]["effects"])
    assert {t["on"] for t in doc["triggers"].values()} == {"action_done", "spawned"}


def test_mutations_change_the_file_and_keep_it_readable() -> None:
    """Every mutation kind yields YAML that loads back and differs from the seed for some draw."""
    changed: set[str] = set()

    @settings(max_examples=60, deadline=None, database=None)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        doc = SEED_DATA["skirmish"]
        mutated = mutate(data.draw, doc)
        text = dump_data(mutated)
        assert load_data(text) == mutated or _has_nan(mutated)
        if mutated != doc:
            changed.add(text)

    run()
    assert len(changed) > 30


def _has_nan(data: Any) -> bool:
    if isinstance(data, float):
        return math.isnan(data)
    if isinstance(data, dict):
        return any(_has_nan(v) for v in data.values())
    if isinstance(data, list):
        return any(_has_nan(v) for v in data)
    return False


# ------------------------------------------------- bugs the fuzzing found, pinned
def mini_rules(effects: list[Any] | None = None, draw: str | None = None,
               max_actions: Any = 1) -> str:
    """A tiny valid two-player game whose only action ``go`` runs ``effects``."""
    doc: dict[str, Any] = {
        "game": "mini", "players": ["a", "b"], "board": {"size": [3, 2]},
        "entities": {"pawn": {"params": {"hp": 2}}},
        "actions": {"go": {"source": "player", "effects": effects or []}},
        "flow": {"phases": [{"name": "p", "actions": ["go"], "max_actions": max_actions}]},
    }
    if draw is not None:
        doc["end"] = {"draw": {"stuck": draw}}
    return dump_data(doc)


def assert_refused_or_plays_cleanly(text: str, decisions: int = 6) -> None:
    """``text`` fails with a located RulesError, or its game plays with StratagemErrors only."""
    try:
        game = within(COMPILE_SECONDS, "compiling", compile_text, text, "mini.yaml")
    except RulesError as error:
        assert_located(error, text, "mini.yaml")
        return

    def play() -> None:
        try:
            state = game.new_state(1)
            for _ in range(decisions):
                if state.decision is None:
                    break
                state = game.apply(state, state.decision.actions[0])
        except StratagemError:
            return  # a rule that errs at play time must do so with a StratagemError

    within(COMPILE_SECONDS, "playing", play)


def test_the_mini_rules_are_valid_and_playable() -> None:
    """The tiny game the pinned bugs are written in compiles and plays to its round limit."""
    game = compile_text(mini_rules([{"remember": {"key": "went", "value": 1}}]), "mini.yaml")
    state = game.new_state(0)
    state = game.apply(state, state.decision.actions[0])
    assert state.memory == {"went": 1}


@pytest.mark.parametrize("value", [".inf", "-.inf", ".nan", ".NaN", "+.Inf"])
def test_yaml_infinity_and_nan_are_located_errors(value: str) -> None:
    """A YAML infinity or NaN where a number is expected is a located RulesError."""
    text = mini_rules().replace("max_actions: 1", f"max_actions: {value}")
    with pytest.raises(RulesError) as info:
        compile_text(text, "mini.yaml")
    assert_located(info.value, text, "mini.yaml")


@pytest.mark.parametrize("where", ["yaml", "expression"])
def test_a_number_with_thousands_of_digits_is_a_located_error(where: str) -> None:
    """A 5000-digit number, as a YAML value or inside an expression, is a located RulesError."""
    digits = "9" * 5000
    text = (mini_rules().replace("max_actions: 1", f"max_actions: {digits}") if where == "yaml"
            else mini_rules(draw=f"{digits} == 1"))
    with pytest.raises(RulesError) as info:
        compile_text(text, "mini.yaml")
    assert_located(info.value, text, "mini.yaml")


@pytest.mark.parametrize("depth", [100, 500])
def test_deeply_nested_parentheses_are_a_located_error(depth: int) -> None:
    """An expression nested 100 or 500 parentheses deep compiles or is a located RulesError, not a RecursionError."""
    text = mini_rules(draw="(" * depth + "1" + ")" * depth + " == 0")
    try:
        compile_text(text, "mini.yaml")
    except RulesError as error:
        assert_located(error, text, "mini.yaml")


@pytest.mark.parametrize("expr", ["none + 1 == 2", "-none == 1", "none * none == 0",
                                  "(none, 1) == (0, 1)"])
def test_constant_arithmetic_on_none_is_a_located_error(expr: str) -> None:
    """Arithmetic on the constant `none` is a located RulesError, not a TypeError."""
    assert_refused_or_plays_cleanly(mini_rules(draw=expr))


def test_constant_arithmetic_overflow_is_a_located_error() -> None:
    """A constant product too large for a float is a located RulesError, not an OverflowError."""
    assert_refused_or_plays_cleanly(mini_rules(draw="1.5 * " + "9" * 400 + " > 0"))


@pytest.mark.parametrize("literal", ["10d1000", "100d1000"])
def test_a_large_dice_literal_compiles_quickly(literal: str) -> None:
    """A dice literal within the documented bounds compiles (or is refused) within seconds."""
    assert_refused_or_plays_cleanly(mini_rules([{"roll": {"as": "r", "dice": literal}}]))


def _enumerated(count: int, sides: int, keep: int | None, highest: bool) -> dict[int, int]:
    """The distribution of a pool counted die face by die face (the definition)."""
    tally: dict[int, int] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        kept = sorted(faces, reverse=highest)[:count if keep is None else keep]
        tally[sum(kept)] = tally.get(sum(kept), 0) + 1
    return tally


def test_dice_distributions_are_exact() -> None:
    """Every pool of up to 5 dice of up to 7 sides, summed or keeping some, has exactly the enumerated integer weights."""
    for count in range(1, 6):
        for sides in range(1, 8):
            for keep in (None, *range(1, count + 1)):
                for highest in (True, False):
                    d = dice(count, sides, keep_highest=keep if highest else None,
                             keep_lowest=None if highest else keep)
                    assert dict(zip(d.values, d.weights, strict=True)) == \
                        _enumerated(count, sides, keep, highest), (count, sides, keep, highest)


@pytest.mark.parametrize(("count", "sides", "keep"), [(100, 1000, None), (1000, 10, None),
                                                      (316, 100, None), (100, 1000, 1),
                                                      (16, 90, 8)])
def test_the_largest_dice_pools_are_built_quickly_and_exactly(count: int, sides: int,
                                                              keep: int | None) -> None:
    """Pools at the documented bounds are built without hanging, with weights summing to sides**count."""
    dice.cache_clear()
    d = within(COMPILE_SECONDS, "building dice", dice, count, sides, keep)
    assert d.total == sides**count
    assert d.values[0] == (keep or count) and d.values[-1] == (keep or count) * sides
    if keep is None:
        assert d.weights == d.weights[::-1] and d.weights[0] == 1


@pytest.mark.parametrize("expr", ["100d1000 + 100d1000", "100d1000 - 100d1000 + 1"])
def test_a_dice_sum_too_large_to_work_out_is_a_located_error(expr: str) -> None:
    """Adding two dice rolls whose exact sum takes billions of steps is refused quickly, at the operator."""
    text = mini_rules([{"roll": {"as": "r", "dice": expr}}])
    with pytest.raises(RulesError) as info:
        within(COMPILE_SECONDS, "compiling", compile_text, text, "mini.yaml")
    assert_located(info.value, text, "mini.yaml")
    assert "too many outcomes" in info.value.first.message


def test_a_long_sum_of_dice_compiles_quickly() -> None:
    """A sum of 300 dice rolls written out one by one compiles within the time bound, exactly."""
    game = within(COMPILE_SECONDS, "compiling", compile_text,
                  mini_rules([{"roll": {"as": "r", "dice": " + ".join(["1d6"] * 300)}}]),
                  "mini.yaml")
    assert game.name == "mini"


@pytest.mark.parametrize("expr", [
    "-" * 500 + "1 == 0",
    "not " * 500 + "true",
    "[" * 500 + "]" * 500 + " == []",
    "max(" * 200 + "[1]" + ")" * 200 + " == 1",
    "(1 if true else " * 200 + "1" + ")" * 200 + " == 1",
    "(1, " * 200 + "1" + ")" * 200 + " == 1",
    "player" + ".name" * 300 + " == 1",
    "[1]" + "[0]" * 300 + " == 1",
    "1" + " + 1" * 5000 + " == 1",
])
def test_deep_expressions_of_every_kind_are_located_errors(expr: str) -> None:
    """Operators, calls, lists, positions, attributes and indexes nested hundreds deep end in a located RulesError quickly."""
    text = mini_rules(draw=expr)
    try:
        within(COMPILE_SECONDS, "compiling", compile_text, text, "mini.yaml")
    except RulesError as error:
        assert_located(error, text, "mini.yaml")


def test_an_expression_nested_past_the_bound_is_refused_at_the_nesting() -> None:
    """An expression nested past MAX_EXPR_DEPTH is refused naming the bound; one well below it compiles."""
    compile_text(mini_rules(draw="-" * (MAX_EXPR_DEPTH // 2) + "1 == 0"), "mini.yaml")
    text = mini_rules(draw="-" * 200 + "1 == 0")
    with pytest.raises(RulesError) as info:
        compile_text(text, "mini.yaml")
    assert_located(info.value, text, "mini.yaml")
    assert f"nested more than {MAX_EXPR_DEPTH} levels" in info.value.first.message


@pytest.mark.parametrize("expr", ["1000000000000000 * 10 > 0", "0.5 * 3000000000000000.0 > 0",
                                  "1" + "0" * 400 + ".5 > 0", "1d6 + none", "[1][none] == 1",
                                  "(1, none) == (1, 1)"])
def test_constants_out_of_bounds_or_none_are_located_errors(expr: str) -> None:
    """A constant beyond the number bound, or `none` used as a number, is refused at compile time."""
    text = mini_rules(draw=expr) if "1d6" not in expr else \
        mini_rules([{"roll": {"as": "r", "dice": expr}}])
    with pytest.raises(RulesError) as info:
        compile_text(text, "mini.yaml")
    assert_located(info.value, text, "mini.yaml")


@pytest.mark.parametrize(("value", "read"), [("1:30", 90), ("0b11", 3), ("017", 17),
                                             ("0x1F", 31), ("1_0", 10)])
def test_yaml_1_1_numbers_are_read(value: str, read: int) -> None:
    """Numbers in a YAML 1.1 document (base 60, binary, leading zeros, underscores) are read, not a crash."""
    text = "%YAML 1.1\n---\n" + mini_rules(max_actions=read + 1).replace(
        f"max_actions: {read + 1}", f"max_actions: {value}")
    game = compile_text(text, "mini.yaml")
    assert game.phases[0].steps[0].max_actions == read


@pytest.mark.parametrize("expr", ["[1, 2][5] == 1", "[1, 2][0 - 9] == 1",
                                  "[1, 2][distance(none, none)] == 1"])
def test_an_index_past_the_end_of_a_list_is_not_an_index_error_at_play(expr: str) -> None:
    """A rule indexing past the end of a list is refused or stops play with a StratagemError."""
    assert_refused_or_plays_cleanly(mini_rules([{"remember": {"key": "k", "value": 1}}],
                                               draw=expr))


@pytest.mark.parametrize("expr", ["none < 1", "occupant((0, 0)) > 2"])
def test_comparing_none_with_a_number_is_not_a_type_error_at_play(expr: str) -> None:
    """Ordering `none` against a number is refused or stops play with a StratagemError."""
    assert_refused_or_plays_cleanly(mini_rules([{"remember": {"key": "k", "value": 1}}],
                                               draw=expr))


@pytest.mark.parametrize("spawn", [{"type": "pawn", "at": "(0, 0)"},
                                   {"type": "pawn", "at": "(5, 0)"},
                                   {"type": "'ghost' if true else 'pawn'"}])
def test_spawning_on_a_taken_square_is_not_a_value_error_at_play(spawn: dict[str, Any]) -> None:
    """A spawn on a taken or off-board square, or of an unknown computed type, stops play with a StratagemError."""
    assert_refused_or_plays_cleanly(mini_rules([{"spawn": spawn}]))


@pytest.mark.parametrize("effect", [{"move": {"what": "occupant((2, 0))", "to": "(1, 0)"}},
                                    {"set": {"what": "occupant((2, 0)).hp", "to": 1}}])
def test_acting_on_an_entity_that_is_gone_is_not_a_key_error_at_play(
        effect: dict[str, Any]) -> None:
    """Moving or setting a parameter of no entity is a no-op or a StratagemError, not a KeyError."""
    assert_refused_or_plays_cleanly(mini_rules([effect]))


@pytest.mark.parametrize("effect", ["damage", "heal"])
def test_damaging_an_entity_without_the_parameter_is_not_a_key_error_at_play(effect: str) -> None:
    """Damaging or healing a spawned entity whose type has no `hp` is refused, a no-op or a StratagemError."""
    doc = load_data(mini_rules([{"spawn": {"type": "rock", "at": "(0, 0)", "as": "r"}},
                                {effect: {"to": "r", "amount": 1}}]))
    doc["entities"]["rock"] = {"params": {"weight": 3}}
    assert_refused_or_plays_cleanly(dump_data(doc))


def test_a_name_drawn_from_an_empty_zone_is_not_a_key_error_at_play() -> None:
    """Using the `as` name of a draw from an empty zone is refused, none or a StratagemError."""
    doc = load_data(mini_rules([{"draw": {"from": "deck", "to": "hand", "as": "card"}},
                                {"if": {"test": "exists(card)",
                                        "then": [{"remember": {"key": "k", "value": 1}}]}}]))
    doc["zones"] = {"deck": "hidden", "hand": "owner"}
    assert_refused_or_plays_cleanly(dump_data(doc))


def test_a_negative_computed_dice_pool_is_not_a_value_error_at_play() -> None:
    """Rolling `dice(0 - 1, 6)` is refused or stops play with a StratagemError."""
    assert_refused_or_plays_cleanly(mini_rules([{"roll": {"as": "r", "dice": "dice(0 - 1, 6)"}}]))


def test_a_dice_pool_of_a_huge_computed_size_does_not_hang_the_game() -> None:
    """Rolling `dice(100000, 6)` ends quickly in a RulesError or a StratagemError."""
    assert_refused_or_plays_cleanly(mini_rules([{"roll": {"as": "r",
                                                          "dice": "dice(100000, 6)"}}]))


def test_a_line_with_no_direction_does_not_hang_the_game() -> None:
    """`line((0, 0), (0, 0), 1000000000)` ends quickly."""
    assert_refused_or_plays_cleanly(mini_rules([{"for_each": {
        "as": "p", "in": "line((0, 0), (0, 0), 1000000000)", "do": []}}]))


@pytest.mark.parametrize("value", [
    "line((0, 0), (1, 0), 2.5)",                      # range() of a float
    "zone(player, 'nope')",                           # ValueError: no zone
    "positions(shape: 'hexagon', radius: 1)",         # ValueError: unknown shape
    "sum(players(), of: none)",                       # int + None
    "(1 if true else none).x",                        # int[0]
    "[1][none]",                                      # int(None)
    "line_of_sight((0, 0), (9, 9))",                  # IndexError: off the board
])
def test_an_expression_of_the_wrong_kind_is_not_a_type_error_at_play(value: str) -> None:
    """A library call or attribute on a value of the wrong kind is refused or stops play with a StratagemError."""
    assert_refused_or_plays_cleanly(mini_rules([{"let": {"as": "v", "value": value}}]))


def test_choosing_from_a_number_is_not_a_type_error_at_play() -> None:
    """`choose` over a computed number is refused or stops play with a StratagemError."""
    assert_refused_or_plays_cleanly(mini_rules([{"choose": {"as": "c",
                                                            "from": "1 if true else none"}}]))


@pytest.mark.parametrize("value", ["(distance(none, none), 0)", "floor(distance(none, none))",
                                   "positions(shape: 'square', radius: distance(none, none))"])
def test_infinite_numbers_at_play_are_not_an_overflow_error(value: str) -> None:
    """An infinite distance turned into a position, floor or radius stops play with a StratagemError."""
    assert_refused_or_plays_cleanly(mini_rules([{"let": {"as": "v", "value": value}}]))


HEAD_LINE = 25
"""The line of `stuck: ` in the mini rules with a draw condition."""


def expression_error_place(written: str, target: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """(reported, expected) line and column of the error in a draw condition ``written``."""
    head = mini_rules().rstrip("\n") + "\nend:\n  draw:\n    stuck: "
    text = head + written + "\n"
    assert head.count("\n") + 1 == HEAD_LINE
    with pytest.raises(RulesError) as info:
        compile_text(text, "mini.yaml")
    at = text.index(target, len(head))
    expected = (text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
    return (info.value.first.loc.line, info.value.first.loc.col), expected


@pytest.mark.parametrize(("written", "target"), [
    ('"\\"x\\" == foo"', "foo"),      # after escaped quotes
    ("'it''s foo'", "''s foo"),         # the unterminated string starts at `''`
    ("foo == 1", "foo"),
])
def test_an_error_in_a_one_line_expression_points_at_the_offending_text(written: str,
                                                                        target: str) -> None:
    """The error in a one-line expression, quoted or plain, is reported at the offending text."""
    reported, expected = expression_error_place(written, target)
    assert reported == expected


@pytest.mark.parametrize("indicator", [">-", "|-", ">", "|+"])
def test_an_error_in_a_block_scalar_expression_points_into_it(indicator: str) -> None:
    """The error in an expression written as a folded or literal block is reported at the offending text."""
    reported, expected = expression_error_place(
        f"{indicator}\n      count(cells())\n      == foo", "foo")
    assert reported == expected


def test_an_error_after_escapes_points_at_the_offending_text() -> None:
    """The error in a double-quoted expression after `\\t` escapes is reported at the offending text."""
    reported, expected = expression_error_place('"\\t\\t\\t\\t foo == 1"', "foo")
    assert reported == expected


@pytest.mark.parametrize("written", ["count(cells())\n      == foo",
                                     '"count(cells())\n      == foo"',
                                     "'count(cells())\n      == foo'"])
def test_an_error_in_a_multi_line_expression_points_into_it(written: str) -> None:
    """The error in a plain or quoted expression spanning lines is reported at the offending text."""
    reported, expected = expression_error_place(written, "foo")
    assert reported == expected


@pytest.mark.parametrize("at", ["none", "(1, 0) if false else none"])
def test_a_spawn_at_none_stops_play_with_a_rule_error_naming_it(at: str) -> None:
    """A spawn whose `at` is none is refused, or stops play with a RuleError naming the spawn."""
    text = mini_rules([{"spawn": {"type": "pawn", "at": at}}])
    try:
        game = compile_text(text, "mini.yaml")
    except RulesError as error:
        assert_located(error, text, "mini.yaml")
        return
    state = game.new_state(0)
    with pytest.raises(RuleError, match="spawn"):
        game.apply(state, state.decision.actions[0])
