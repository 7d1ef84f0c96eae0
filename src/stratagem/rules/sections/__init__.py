"""A compiler for each section of a rules file, each a function of a ``CompileState``.

``compiler.Compiler.compile`` calls them in the order their names are needed:

- ``names``: the players, and the names declared ahead (events, actions, …);
- ``board``: ``board:`` (and a scenario's board);
- ``pieces``: ``player:`` and ``entities:`` parameters, ``zones:``, entity types;
- ``reactions``: ``statuses:``, ``reactions:``, ``triggers:``;
- ``actions``: ``actions:``, their conditions and targets;
- ``flow``: ``flow:``, phases, steps and turn orders;
- ``end``: ``end:``, and the ``shape:`` header checked against the compiled game;
- ``setup``: ``setup:`` and ``scenarios:``;
- ``narration``: ``narration:``.

Effect lists, in any section, compile through ``effect_table.compile_effects``.
"""
