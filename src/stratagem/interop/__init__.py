"""Bridges to other game-AI libraries; each needs its optional extra installed.

- ``interop.openspiel_game``: any Stratagem game as an OpenSpiel game
  (``pip install 'stratagem[openspiel]'``);
- ``interop.openspiel_agents``: an OpenSpiel game played by Stratagem's agents,
  and Stratagem's agents as OpenSpiel bots;
- ``interop.pettingzoo_env``: a PettingZoo AEC environment per game, and a
  parallel one (``stratagem[pettingzoo]``);
- ``interop.gymnasium_env``: a single-agent Gymnasium environment against a
  fixed opponent (``stratagem[gymnasium]``).

``interop.codec`` (action ids and bounds) and ``interop.features``
(observation vectors and text) are shared by all of them and need nothing
beyond Stratagem. Nothing here is imported by ``import stratagem``.
"""
