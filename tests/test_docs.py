"""The documentation is the code's: the generated rules reference, its examples, the tutorial.

- ``docs/rules.md`` is exactly what ``stratagem.rules.docgen`` generates, and
  the keys it documents are the keys the compiler accepts;
- every example of an effect, a function and a documented part compiles in a
  small game that declares what the examples name;
- every step of ``docs/tutorial.md`` adds up to a game that compiles and plays,
  the last step is the complete file it prints, and the command outputs it
  shows are the real ones.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

import stratagem
from stratagem.cli.main import main as cli_main
from stratagem.rules import RulesError, compile_text
from stratagem.rules.compiler import BUILTIN_EVENTS, TOP_KEYS
from stratagem.rules.docgen import DICE_EXAMPLE, EVENT_DOCS, REGENERATE, SECTIONS, TOP, generate
from stratagem.rules.docgen import main as docgen_main
from stratagem.rules.effect_table import EFFECT_TABLE
from stratagem.rules.library import FUNCTIONS

ROOT = Path(__file__).resolve().parents[1]
RULES_MD = ROOT / "docs" / "rules.md"
TUTORIAL = ROOT / "docs" / "tutorial.md"

_yaml = YAML(typ="safe", pure=True)


def load(text: str) -> Any:
    """YAML text as plain data."""
    return _yaml.load(text)


def dump(data: Any) -> str:
    """Plain data as YAML text."""
    out = io.StringIO()
    _yaml.dump(data, out)
    return out.getvalue()


def merge(base: Any, extra: Any) -> Any:
    """``extra`` laid over ``base`` the way a reader edits a file.

    A mapping adds its keys and replaces the ones already there, key by key
    down the tree; a list of named mappings (phases, steps) merges item by
    ``name``; any other value replaces the old one.
    """
    if isinstance(base, dict) and isinstance(extra, dict):
        out = dict(base)
        for k, v in extra.items():
            out[k] = merge(base[k], v) if k in base else copy.deepcopy(v)
        return out
    if _named(base) and _named(extra):
        items = [copy.deepcopy(x) for x in base]
        names = [x["name"] for x in items]
        for item in extra:
            if item["name"] in names:
                i = names.index(item["name"])
                items[i] = merge(items[i], item)
            else:
                items.append(copy.deepcopy(item))
        return items
    return copy.deepcopy(extra)


def _named(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) and "name" in x
                                                   for x in v)


def compile_data(data: Any) -> stratagem.Game:
    """The game of a rules file given as data."""
    return compile_text(dump(data), "<docs>")


# ------------------------------------------------------------------ the reference
def test_rules_md_is_generated_from_the_code() -> None:
    """docs/rules.md is exactly what the generator renders from the registries."""
    if RULES_MD.read_text(encoding="utf-8") != generate():
        pytest.fail(f"docs/rules.md is out of date with the code: run `{REGENERATE}`")


def test_docgen_check_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--check` exits 0 on an up-to-date file and 1, with one line, on a stale one."""
    assert docgen_main(["--check", str(RULES_MD)]) == 0
    stale = tmp_path / "rules.md"
    stale.write_text(generate() + "stale\n", encoding="utf-8")
    capsys.readouterr()
    assert docgen_main(["--check", str(stale)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and REGENERATE in err
    assert docgen_main(["--check", str(tmp_path / "missing.md")]) == 1


def test_docgen_prints_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    """Without options the module prints the Markdown."""
    assert docgen_main([]) == 0
    assert capsys.readouterr().out == generate()


def test_every_name_is_in_the_reference() -> None:
    """Every effect, function, built-in event and section has its entry in docs/rules.md."""
    text = RULES_MD.read_text(encoding="utf-8")
    headings = set(re.findall(r"^#+ (.+)$", text, re.M))
    missing = [f"effect {n}" for n in EFFECT_TABLE if n not in headings]
    missing += [f"function {n}" for n in FUNCTIONS if n not in headings]
    missing += [f"event {n}" for n in BUILTIN_EVENTS if f"| `{n}` |" not in text]
    missing += [f"section {n}" for n in TOP_KEYS if f"| `{n}` |" not in text]
    assert not missing, f"not in docs/rules.md: {missing}"


def test_every_section_and_event_is_described() -> None:
    """The generator's hand-written parts cover the compiler's sections and events exactly."""
    assert list(TOP) == list(TOP_KEYS)
    assert set(EVENT_DOCS) == set(BUILTIN_EVENTS)
    problems = _problems({"description": "no sections"})
    needed = set(re.findall(r"the rules need a `(\w+)` section", problems))
    assert needed == {k for k, (required, _) in TOP.items() if required}


# ------------------------------------------------- a game naming what examples use
FIXTURE: dict[str, Any] = load("""
game: fixture
players: [red, blue]
player: {gold: 10}
zones: {deck: hidden, hand: owner, discard: public, pile: {owner: table}}
board:
  size: [8, 8]
  tile_types: {wall: {cost: null}}
  side_types: {river: {cost: 2}}
  sides: [{type: river, between: [2, 0], and: [3, 0]}]
entities:
  soldier:
    params:
      hp: {max: 8}
      ac: 12
      attack: 3
      attack_bonus: 2
      armour: 3
      level: 1
      cost: 10
      moves: 3
      speed: 3
      range: 4
      figures: 2
      has_attacked: 0
    actions: [probe, strike, move, melee]
    reactions: [watch, answer]
    tags: [undead]
  zombie: {}
  card: {}
display: {health: hp}
statuses:
  poisoned: {duration: 2}
  shield: {usages: 1}
actions:
  probe:
    targets:
      target: {entity: any}
      cell: {position: any}
      destination: {position: empty}
      card: {kind: card, from: "zone(player, 'hand')"}
      piece: {entity: ally}
      column: {kind: number, from: "[0, 1, 2]"}
    effects:
      - random: {options: [{weight: 1, do: []}]}
      - roll: {as: hit, dice: 1d20}
      - let: {as: dmg, value: 3}
  strike:
    source: entity
    targets:
      target: {entity: enemy}
    effects:
      - emit: {event: attacked, fields: {attacker: actor, target: target, damage: 2}}
  move:
    targets:
      to: {kind: position, from: "cells(empty: true)"}
    effects:
      - move: {to: to}
  melee:
    targets:
      target: {entity: enemy}
    effects:
      - perform: {action: strike, targets: {target: target}}
  end_turn: {ends_turn: true}
  research: {source: player, duration: 2, effects: [], on_complete: []}
buffs: {rage: {add: {attack: 2}, duration: 2}}
technologies: {economy: {mining: {cost: {gold: 3}, turns: 2}}}
items: {potion: {on_use: []}}
reactions:
  watch: {on: moved, limit: {per: round}, effects: []}
  answer: {on: attacked, effects: []}
triggers:
  after_death: {on: died, effects: []}
flow:
  phases:
    - name: main
      steps:
        - {name: act, actions: [probe, move, melee, end_turn]}
end:
  win: {probe: {when: "false"}}
  round_limit: 3
setup:
  entities:
    - {type: soldier, owner: red, at: [0, 0]}
    - {type: soldier, owner: blue, at: [1, 1]}
scenarios:
  alt: {entities: []}
""")
"""A small game declaring every name the examples use."""

SLOTS: dict[str, tuple[str | int, ...]] = {
    "an entity action with targets target, cell, destination, card, piece, column and "
    "names hit, dmg":
        ("actions", "probe", "effects"),
    "a reaction to `moved`": ("reactions", "watch", "effects"),
    "a reaction to a custom `attacked{attacker, target, damage}`":
        ("reactions", "answer", "effects"),
    "a trigger on `died`": ("triggers", "after_death", "effects"),
}
"""Effect lists of the fixture an example is tried in, in order."""


def _at(data: Any, path: tuple[str | int, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _with(path: tuple[str | int, ...], value: Any, base: Any = None) -> Any:
    """The fixture (or ``base``) with the value at ``path`` replaced."""
    data = copy.deepcopy(FIXTURE if base is None else base)
    _at(data, path[:-1])[path[-1]] = value
    return data


def _problems(data: Any) -> str:
    try:
        compile_data(data)
    except RulesError as exc:
        return str(exc)
    return ""


def compiles_somewhere(effects: list[Any]) -> str:
    """An empty string if the effects compile in one of the fixture's slots, else why not."""
    why = []
    for label, path in SLOTS.items():
        problems = _problems(_with(path, [*_at(FIXTURE, path), *effects]))
        if not problems:
            return ""
        why.append(f"in {label}: {problems}")
    return "\n".join(why)


def test_the_fixture_compiles() -> None:
    """The game the examples are tried in compiles on its own."""
    assert _problems(FIXTURE) == ""


KNOWN_BAD: dict[str, str] = {}
"""Registry examples that do not compile: bugs in the examples, reported, not yet fixed."""


def _cases(kind: str, names: list[str]) -> list[Any]:
    return [pytest.param(name, id=name, marks=pytest.mark.xfail(reason=KNOWN_BAD[key]))
            if (key := f"{kind} {name}") in KNOWN_BAD else pytest.param(name, id=name)
            for name in names]


@pytest.mark.parametrize("name", _cases("effect", list(EFFECT_TABLE)))
def test_effect_example_compiles(name: str) -> None:
    """The effect's documented example compiles (`[...]` standing for an empty list)."""
    example = EFFECT_TABLE[name].example.replace("[...]", "[]")
    why = compiles_somewhere(load(f"- {example}"))
    assert not why, f"the example of `{name}` does not compile:\n{why}"


@pytest.mark.parametrize("name", _cases("function", list(FUNCTIONS)))
def test_function_example_compiles(name: str) -> None:
    """The function's documented example compiles as the value of a `remember`."""
    effect = {"remember": {"key": "k", "value": FUNCTIONS[name].example}}
    why = compiles_somewhere([effect])
    assert not why, f"the example of `{name}()` does not compile:\n{why}"


def test_dice_example_compiles() -> None:
    """The effects shown under *Dice* compile."""
    assert not compiles_somewhere(load(DICE_EXAMPLE))


@pytest.mark.parametrize("title", [p.title for p in SECTIONS if p.example])
def test_part_example_compiles(title: str) -> None:
    """A documented part's example, laid over the fixture, compiles."""
    part = next(p for p in SECTIONS if p.title == title)
    assert _problems(merge(FIXTURE, load(part.example))) == ""


PART_PATHS: dict[str, tuple[str | int, ...]] = {
    "board": ("board",),
    "tile type": ("board", "tile_types", "wall"),
    "side type": ("board", "side_types", "river"),
    "side": ("board", "sides", 0),
    "entity type": ("entities", "soldier"),
    "parameter": ("entities", "soldier", "params", "hp"),
    "status": ("statuses", "poisoned"),
    "action": ("actions", "move"),
    "target": ("actions", "move", "targets", "to"),
    "reaction": ("reactions", "watch"),
    "limit": ("reactions", "watch", "limit"),
    "trigger": ("triggers", "after_death"),
    "flow": ("flow",),
    "hand": ("flow", "hand"),
    "phase": ("flow", "phases", 0),
    "step": ("flow", "phases", 0, "steps", 0),
    "order": ("flow", "phases", 0, "order"),
    "end": ("end",),
    "end condition": ("end", "win", "probe"),
    "setup": ("setup",),
    "placement": ("setup", "entities", 0),
    "scenario": ("scenarios", "alt"),
    "random option": ("actions", "probe", "effects", 0, "random", "options", 0),
    "display": ("display",),
    "visibility": ("visibility",),
    "buff": ("buffs", "rage"),
    "technology": ("technologies", "economy", "mining"),
    "item": ("items", "potion"),
}
"""Where each documented part sits in the fixture (an order is added where needed)."""


def _instance(title: str) -> tuple[Any, tuple[str | int, ...]]:
    path = PART_PATHS[title]
    base = FIXTURE
    if title == "order":
        base = _with(path, {"initiative": "it.hp"})
    if title == "visibility":
        base = _with(path, {"sight": 2})
    if title == "hand":
        base = _with(path, {"end_when": "false"})
    return base, path


def test_every_part_with_keys_is_checked() -> None:
    """Each documented part with keys has its place in the fixture, so its keys are checked."""
    assert {p.title for p in SECTIONS if p.keys} == set(PART_PATHS)


@pytest.mark.parametrize("title", list(PART_PATHS))
def test_documented_keys_are_the_compilers(title: str) -> None:
    """The keys documented for a part are exactly those the compiler accepts there."""
    part = next(p for p in SECTIONS if p.title == title)
    base, path = _instance(title)
    bogus = {**_at(base, path), "zzz_unknown": 1}
    problems = _problems(_with(path, bogus, base))
    m = re.search(r"unknown key `zzz_unknown` in [^\n]*? — keys: ([^\n]+)", problems)
    assert m, f"no list of keys for {title}: {problems}"
    assert m.group(1).split(", ") == [k.name for k in part.keys]


@pytest.mark.parametrize("title", list(PART_PATHS))
def test_documented_required_keys_are_the_compilers(title: str) -> None:
    """A part's required keys are documented as required, and only those."""
    part = next(p for p in SECTIONS if p.title == title)
    required = {k.name for k in part.keys if k.required}
    base, path = _instance(title)
    assert _problems(base) == ""
    empty = _problems(_with(path, {}, base))
    assert set(re.findall(r"needs `(\w+)`", empty)) <= required, empty
    for key in required:
        without = {k: v for k, v in _at(base, path).items() if k != key}
        assert f"needs `{key}`" in _problems(_with(path, without, base)), key


# ------------------------------------------------------------------ the tutorial
MARKED = re.compile(r"<!-- (?P<marker>.+?) -->\n```(?P<lang>\w*)\n(?P<body>.*?)```", re.S)


def tutorial_blocks() -> Iterator[tuple[str, str]]:
    """(marker, text) of each code block the tutorial marks with an HTML comment."""
    for m in MARKED.finditer(TUTORIAL.read_text(encoding="utf-8")):
        yield m.group("marker"), m.group("body")


def tutorial_steps() -> list[str]:
    """The YAML of each step, in order."""
    return [body for marker, body in tutorial_blocks() if marker == "step"]


def tutorial_game(version: str) -> str:
    """The rules text after ``step N``, the ``complete`` file, or the ``mistake`` made in it."""
    blocks = list(tutorial_blocks())
    complete = next(body for marker, body in blocks if marker == "complete")
    if version == "complete":
        return complete
    if version == "mistake":
        marker = next(m for m, _ in blocks if m.startswith("mistake: "))
        text = complete
        for old, new in json.loads(marker.removeprefix("mistake: ")):
            assert text.count(old) == 1, f"the mistake's {old!r} is not once in the file"
            text = text.replace(old, new)
        return text
    n = int(version.removeprefix("step "))
    data: Any = {}
    for body in tutorial_steps()[:n]:
        data = merge(data, load(body))
    return dump(data)


def test_tutorial_has_its_parts() -> None:
    """The tutorial marks its steps, its complete game, a mistake and real outputs."""
    markers = [m for m, _ in tutorial_blocks()]
    assert markers.count("step") >= 5
    assert markers.count("complete") == 1
    assert any(m.startswith("mistake: ") for m in markers)
    assert "output (mistake)" in markers and "output (complete)" in markers


def test_tutorial_complete_game_plays() -> None:
    """The complete game of the tutorial compiles and plays to the end with random agents."""
    game = compile_text(tutorial_game("complete"), "tutorial.md")
    result = stratagem.play(game, ["random", "random"], seed=1)
    assert result.state.outcome is not None


def test_tutorial_steps_add_up_to_the_complete_game() -> None:
    """Following every step gives the complete file the tutorial prints."""
    data: Any = {}
    for body in tutorial_steps():
        data = merge(data, load(body))
    assert data == load(tutorial_game("complete"))


@pytest.mark.parametrize("n", range(1, len(tutorial_steps()) + 1), ids=lambda n: f"step{n}")
def test_tutorial_step_is_a_playable_game(n: int) -> None:
    """After each step, the file is a game that compiles and plays to the end."""
    game = compile_text(tutorial_game(f"step {n}"), f"tutorial step {n}")
    result = stratagem.play(game, ["random", "random"], seed=1)
    assert result.state.outcome is not None


def test_tutorial_mistake_shows_in_the_block() -> None:
    """The mistake the tutorial validates is the one its YAML block shows."""
    blocks = list(tutorial_blocks())
    i = next(i for i, (m, _) in enumerate(blocks) if m.startswith("mistake: "))
    for _, new in json.loads(blocks[i][0].removeprefix("mistake: ")):
        assert new.strip() in blocks[i][1]


OUTPUTS = [m.removeprefix("output (").removesuffix(")")
           for m, _ in tutorial_blocks() if m.startswith("output (")]


@pytest.mark.parametrize("index", range(len(OUTPUTS)), ids=lambda i: OUTPUTS[i])
def test_tutorial_output_is_real(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Each command output the tutorial shows is what the command prints (`…` skips lines)."""
    marker, body = [(m, b) for m, b in tutorial_blocks() if m.startswith("output (")][index]
    command, *shown = body.rstrip("\n").splitlines()
    assert command.startswith("$ stratagem "), command
    args = shlex.split(command.removeprefix("$ stratagem "))
    version = marker.removeprefix("output (").removesuffix(")")
    (tmp_path / "skirmish.yaml").write_text(tutorial_game(version), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    with contextlib.suppress(SystemExit):  # validate exits 1 on a broken file
        cli_main(args)
    captured = capsys.readouterr()
    real = [line.rstrip() for line in (captured.out + captured.err).splitlines()]
    hint = (f"docs/tutorial.md shows an output of `{command[2:]}` ({marker}) that is not "
            f"what it prints now; paste the real output:\n" + "\n".join(real))
    shown = [line.rstrip() for line in shown]
    if "…" not in shown:
        assert shown == real, hint
        return
    chunks: list[list[str]] = [[]]
    for line in shown:
        if line == "…":
            chunks.append([])
        else:
            chunks[-1].append(line)
    at = 0
    for chunk in filter(None, chunks):
        found = next((i for i in range(at, len(real) - len(chunk) + 1)
                      if real[i:i + len(chunk)] == chunk), None)
        assert found is not None, hint
        at = found + len(chunk)
