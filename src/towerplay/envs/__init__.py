"""Interfaces for learning agents: PettingZoo (``envs.pettingzoo``), Gymnasium
(``envs.gymnasium``), OpenSpiel (``envs.openspiel``) and a batched self-play env
(``envs.vector``), over every registered game.

They need the ``rl`` extra (``pip install 'towerplay[rl]'``); each adapter is generic: a game
takes part through the kernel alone (``GameInfo``, its observer, ``action_mask``).

Importing this package registers every game with Gymnasium as ``towerplay/<Game>-v0``
(``towerplay/FiveTowers-v0``, ``towerplay/Castle-v0``…), so ``gymnasium.make`` and
``gymnasium.make_vec`` find them; ``gymnasium.make("towerplay.envs:towerplay/Castle-v0")``
imports it on the way.
"""
from __future__ import annotations

from towerplay import games

VERSION = 0


def gym_id(game: str) -> str:
    """``five_towers`` -> ``towerplay/FiveTowers-v0``."""
    return f"towerplay/{''.join(part.title() for part in game.split('_'))}-v{VERSION}"


def register_gymnasium() -> list[str]:
    """Register every game with Gymnasium (again after a new game registers); their ids."""
    import gymnasium

    ids = []
    for name in games.names():
        env_id = gym_id(name)
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id,
                               entry_point="towerplay.envs.gymnasium:TowerplayGymEnv",
                               kwargs={"game": name}, disable_env_checker=True)
        ids.append(env_id)
    return ids


try:
    register_gymnasium()
except ImportError:  # without the rl extra: nothing to register with
    pass
