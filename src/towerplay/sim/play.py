"""Playing games between bots through the table, the one loop every front end uses: a
simulation's rows and the ladder's results both come from :func:`play_game`.

>>> from towerplay.sim.plan import Plan
>>> job = Plan.build("castle", players=2, bots=["greedy", "random"], games=1, seed=2).jobs[0]
>>> row = play_row(job)
>>> row["index"], row["bot_0"], row["bot_1"], row["winners"] in ("0", "1", "0 1")
(0, 'greedy', 'random', True)
>>> row == play_row(job)   # the same seed gives the same row
True
"""
from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any

from towerplay import games
from towerplay.arena.table import StatsHook, Table
from towerplay.core.errors import UnknownGame
from towerplay.core.game import Game
from towerplay.core.state import State
from towerplay.sim.plan import SimJob

Row = dict[str, Any]
"""One game's flat columns: ints, floats and text."""


@dataclass
class Played:
    """A finished game, with the time and moves each seat spent."""

    state: State[Any]
    think: list[float]
    """Seconds each seat spent choosing its moves."""
    moves: list[int]


def play_game(game: Game[Any, Any], specs: Sequence[str], seed: int,
              hooks: Sequence[StatsHook[Any]] = (), timed: bool = True) -> Played:
    """Play one game of bots to the end through :class:`Table` (bots seeded from ``seed``).

    ``timed``: measure each seat's thinking time (the ladder shows it; a simulation's rows
    leave it out, so they stay the same on every machine, and skip the clock)."""
    table = Table(game.start(players=len(specs), seed=seed), specs, hooks=hooks)
    think = [0.0] * len(specs)
    moves = [0] * len(specs)
    state = table.state
    if not timed:
        while table.step_bot() is not None:
            pass
        for mover in state.movers:
            moves[mover] += 1
        return Played(state, think, moves)
    clock = time.perf_counter
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        started = clock()
        table.step_bot()
        think[seat] += clock() - started
        moves[seat] += 1
    return Played(state, think, moves)


@lru_cache(maxsize=64)
def configured(name: str, options: str) -> Game[Any, Any]:
    """The game ``name`` with options given as JSON text (built once per worker)."""
    return games.load(name, **json.loads(options))


@lru_cache(maxsize=64)
def stats_module(name: str) -> ModuleType | None:
    """The game's ``stats`` companion, or ``None`` (no statistics, or a game unknown to
    this process's registry)."""
    try:
        return games.companion(name, "stats")
    except UnknownGame:
        return None


def first_player(name: str, state: State[Any]) -> int:
    """The seat that started round 1 of ``state``'s game (the rows' ``first`` column), the
    same in every state of that game: the game's own ``stats.first_player`` where it has
    one, else the seat that moved first (the seat to move before any move).

    >>> from towerplay import games
    >>> state = games.load("castle", first_player=1).start(players=3, seed=4)
    >>> first_player("castle", state)
    1
    """
    module = stats_module(name)
    if module is not None and hasattr(module, "first_player"):
        return int(module.first_player(state))
    return int(state.movers[0] if state.movers else state.to_move or 0)


def whole(value: Any) -> Any:
    """A score as an int where it is a whole number (``6``, not ``6.0``).

    >>> whole(6.0), whole(6.5), whole(3)
    (6, 6.5, 3)
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def ranks(scores: Sequence[float], winners: Sequence[int]) -> tuple[int, ...]:
    """Competition ranks: winners first, then by score.

    >>> ranks([10, 12, 12, 3], winners=[2])
    (3, 2, 1, 4)
    """
    keys = [(seat in winners, score) for seat, score in enumerate(scores)]
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def play_row(job: SimJob) -> Row:
    """Play one job and return its row: the job, seats and bots, scores, ranks, winners,
    length, the first player and the game's own statistics."""
    game = configured(job.game, job.options)
    module = stats_module(job.game)
    stats = module.make_stats(game, job.players) if module is not None else None
    # a collector that reads only the final state (per_action False) skips the per-action
    # calls of the hot loop and is ended here instead
    hooks = [stats] if stats is not None and getattr(stats, "per_action", True) else []
    played = play_game(game, job.specs, job.seed, hooks=hooks, timed=False)
    if stats is not None and not hooks:
        stats.end(played.state)
    state = played.state
    scores = [whole(score) for score in state.scores()]
    winners = state.winners()
    first = first_player(job.game, state)
    row: Row = {"game": job.game, "index": job.index, "seed": job.seed, "sweep": job.sweep,
                "options": job.options, "players": job.players, "first": int(first)}
    for seat, name in enumerate(job.names):
        row[f"bot_{seat}"] = name
    for seat, score in enumerate(scores):
        row[f"score_{seat}"] = score
    for seat, place in enumerate(ranks(scores, winners)):
        row[f"rank_{seat}"] = place  # 1 = best: winners first, then by score
    row["winners"] = " ".join(map(str, winners))
    row["length"] = len(state.history)
    if stats is not None:
        row.update(stats.row())
    return row


def play_batch(jobs: Sequence[SimJob]) -> list[Row]:
    """Play several jobs in one worker call (fewer round trips for short games)."""
    return [play_row(job) for job in jobs]
