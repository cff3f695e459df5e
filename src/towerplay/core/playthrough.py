"""Golden playthroughs (after OpenSpiel): one seeded game written out step by step.

Each step shows the seat to move, that seat's view (without the log) and its legal
actions, then the action a seeded random player chose. Tests diff the text against the
files under ``tests/golden/``, so any change of rules or views shows up as a diff.
"""
from __future__ import annotations

import json
import random
from typing import Any

from towerplay.core.game import Game


def playthrough(game: Game[Any, Any], players: int, seed: int) -> str:
    """The golden text of a game played by a random player seeded with ``seed``."""
    state = game.start(players=players, seed=seed)
    chooser = random.Random(seed)
    lines = [f"game: {game.name}", f"options: {json.dumps(game.options_dict(), sort_keys=True)}",
             f"players: {players}", f"seed: {seed}", ""]
    while not state.is_over:
        seat = state.to_move
        view = {k: v for k, v in state.view(seat).items() if k not in ("log", "legal")}
        legal = [str(a) for a in state.legal_actions()]
        action = chooser.choice(state.legal_actions())
        lines += [f"## turn {len(state.history)}: seat {seat}",
                  f"view: {json.dumps(view, sort_keys=True)}",
                  f"legal: {', '.join(legal)}",
                  f"action: {action}", ""]
        state.apply(action)
    lines += ["## final", f"view: {json.dumps(state.view(None), sort_keys=True)}",
              f"scores: {state.scores()}", f"winners: {state.winners()}", ""]
    return "\n".join(lines)
