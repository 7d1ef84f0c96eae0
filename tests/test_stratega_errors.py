"""Every construct the Stratega importer refuses, and every mistake in a Stratega file,
is reported at `file:line:column` of the Stratega file — inside a condition or effect
string, at the character that is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.rules import RulesError

BASE = (Path(__file__).parent / "stratega" / "tiny.yaml").read_text()


def place(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """Line and column (1-based) of the start of ``needle`` in ``text``."""
    i = -1
    for _ in range(nth + 1):
        i = text.index(needle, i + 1)
    return text.count("\n", 0, i) + 1, i - text.rfind("\n", 0, i)


def problems(tmp_path: Path, text: str) -> list[str]:
    f = tmp_path / "game.yaml"
    f.write_text(text)
    with pytest.raises(RulesError) as info:
        stratagem.load(f)
    return [str(p).replace(f"{f}:", "") for p in info.value.problems]


CASES = [
    # (what replaces what, the text the problem is located at, the message's start)
    (('"Attack(Foe.Health, Source.Strength)"', '"Atack(Foe.Health, Source.Strength)"'),
     "Atack(", "unknown Stratega effect `Atack` — did you mean `Attack`?"),
    (('"Attack(Foe.Health, Source.Strength)"', '"Attack(Foe.Health)"'),
     "(Foe.Health)", "`Attack` takes 2 arguments, not 1"),
    (('"Attack(Foe.Health, Source.Strength)"', '"Attack(Foe.Helth, Source.Strength)"'),
     "Helth", "unknown entity parameter `Helth` — did you mean `Health`?"),
    (('"Attack(Foe.Health, Source.Strength)"', '"Attack(Fo.Health, Source.Strength)"'),
     "Fo.Health", "unknown name `Fo` — did you mean `Foe`?"),
    (('"Attack(Foe.Health, Source.Strength)"', '"Attack(Foe.Health, Source.Strength"'),
     '"\n\nEntities', "expected `,` or `)`, found the end"),
    (('"DifferentPlayer(Source, Foe)"', '"HasBuff(Source, Foe)"'),
     'Foe)"\n        Effects', "expected a buff here, not `Foe` — declare it under `Buffs`"),
    (('"DifferentPlayer(Source, Foe)"', '"InRange(Source, Foe, Foe)"'),
     "Foe)", "`Foe` is an entity, not a number"),
    (('"DifferentPlayer(Source, Foe)"', '"IsTileType(Foe, Soldier)"'),
     "Soldier)", "expected the name of a tile here"),
    (('"DifferentPlayer(Source, Foe)"', '"ModifyResource(Foe.Health, 1)"'),
     "ModifyResource", "`ModifyResource` is an effect, not a condition"),
    (('"Attack(Foe.Health, Source.Strength)"', '"PushAndHit(Source, Foe, Foe.Health, 1)"'),
     "PushAndHit", "`PushAndHit` cannot be carried over — `PushAndHit` has no native "
                   "equivalent yet"),
    (("                Type: Entity\n", "                Type: Technology\n"),
     "Technology", "`Technology` targets need technologies: this file has no "
                   "`TechnologyTrees`"),
    (("        Effects:\n            - \"Move", "        OnStart: []\n        Effects:\n"
                                               "            - \"Move"),
     '- "Move', "Stratega never runs the `Effects` of a continuous action"),
    (("ForwardModel:\n", "Buffs:\n    Rage: {AdditiveModifier: {Helth: 2}}\n\nForwardModel:\n"),
     "Helth", "no entity or player has a parameter `Helth`"),
    (("ForwardModel:\n", "ForwardModel:\n    Trigger:\n        - OnTick:\n"
                         "            Type: Tile\n"),
     "Tile\n", "`Type` must be Entity, Player or GameState"),
    (("ForwardModel:\n", "Grids:\n    Ground: [Soldier]\n\nForwardModel:\n"),
     "Grids", "`Grids` cannot be carried over"),
    (("ForwardModel:\n", "Tilez: {}\n\nForwardModel:\n"),
     "Tilez", "unknown Stratega section `Tilez` — did you mean `Tiles`?"),
    (("            Strength: 4", "            pos: 4"), "pos: 4",
     "`pos` cannot be a parameter name here"),
    (("R  s0 .  .  R", "R  s0 .  x  R"), "x  R", "`x` is neither a tile nor an entity symbol"),
    (("R  s0 .  .  R", "R  s0 .  s7 R"), "7 R", "player 7 does not exist (players 0 to 1)"),
    (("                SamplingMethod:\n                    Type: Neighbours\n"
      "                    Options:\n                        Shape: Circle",
      "                Shape: Circle\n                SamplingMethod:\n"
      "                    Type: Neighbours\n                    Options:\n"
      "                        Shape: Circle"),
     "Shape: Circle\n                Sampling", "unknown key `Shape` in target `Where`"),
]


@pytest.mark.parametrize(("swap", "at", "message"), CASES,
                         ids=[c[2].split(" ")[0].strip("`") + str(i)
                              for i, c in enumerate(CASES)])
def test_problem_is_located_in_the_stratega_file(tmp_path: Path, swap: tuple[str, str],
                                                 at: str, message: str) -> None:
    """The problem is reported once, at the place of the offending text."""
    old, new = swap
    assert old in BASE
    text = BASE.replace(old, new, 1)
    line, col = place(text, at)
    found = problems(tmp_path, text)
    assert any(p.startswith(f"{line}:{col}: {message}") for p in found), found


def test_every_problem_of_a_file_is_reported_at_once(tmp_path: Path) -> None:
    """Two mistakes in two actions: both are listed, each at its place."""
    text = BASE.replace("Source.Strength", "Source.Strenght").replace(
        "IsWalkable(Where)", "IsWalkabel(Where)")
    found = problems(tmp_path, text)
    assert [p.split(":")[0] for p in found] == [str(place(text, "IsWalkabel")[0]),
                                               str(place(text, "Strenght")[0])]


def test_a_broken_file_is_refused_in_located_lines_never_a_traceback() -> None:
    """Each line of the tiny duel taken out, or the value of one key in three made a
    list: the translation succeeds or refuses the file with located problems — never
    another exception."""
    from stratagem.rules.source import parse_yaml  # noqa: PLC0415 - this test's tools
    from stratagem.rules.stratega import native_tree  # noqa: PLC0415
    lines = BASE.split("\n")
    variants = []
    for i, line in enumerate(lines):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        variants.append(lines[:i] + lines[i + 1:])
        if ":" in line and i % 3 == 0:
            variants.append([*lines[:i], line.split(":", 1)[0] + ": []", *lines[i + 1:]])
    refused = 0
    for variant in variants:
        try:
            native_tree(parse_yaml("\n".join(variant), "game.yaml"))
        except RulesError as exc:
            refused += 1
            assert all(str(p).startswith("game.yaml:") for p in exc.problems)
    assert refused > len(variants) // 3
