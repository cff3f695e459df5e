"""Interfaces for learning agents: PettingZoo (``envs.pettingzoo``), Gymnasium
(``envs.gymnasium``) and OpenSpiel (``envs.openspiel``), over every registered game.

They need the ``rl`` extra (``pip install 'towerplay[rl]'``); each adapter is generic: a game
takes part through the kernel alone (``GameInfo``, its observer, ``action_mask``).
"""
