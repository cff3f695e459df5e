"""The worked example on each game's rules page: a real game between greedy bots, stopped
halfway, drawn by the game's own board from the spectator's view (so it shows nothing a
player hides), with a caption in the reader's language.

>>> example = example_position("castle")
>>> example.players, 0 < example.moves < example.length
(3, True)
>>> "<svg" in example_html("castle", "pl")
True
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from html import escape
from typing import Any

from towerplay import bots, games
from towerplay.core.state import State
from towerplay.i18n import Translator
from towerplay.server.boards import draw

PLAYERS = 3
"""The example's table size (or the game's nearest)."""
SEED = 2026
"""The example's deal: the same picture on every page load and every server."""


@dataclass(frozen=True)
class Example:
    """A position halfway through a greedy game: the spectator's view and how it came."""

    view: dict[str, Any]
    players: int
    moves: int
    """The actions played to reach it."""
    length: int
    """The actions of the whole game."""


def greedy_game(game_name: str, players: int, stop: int | None = None) -> State[Any]:
    """A seeded game of greedy bots, played to its end or ``stop`` actions."""
    state: State[Any] = games.load(game_name).start(players=players, seed=SEED)
    seats = [bots.load("greedy", seed=seat) for seat in range(players)]
    while state.to_move is not None and (stop is None or len(state.history) < stop):
        state.apply(seats[state.to_move].act(state))
    return state


@cache
def example_position(game_name: str) -> Example:
    """The game's example: a greedy game stopped at half its length."""
    cls = games.game_class(game_name)
    players = min(max(PLAYERS, cls.min_players), cls.max_players)
    length = len(greedy_game(game_name, players).history)
    state = greedy_game(game_name, players, stop=length // 2)
    return Example(dict(state.view(None)), players, len(state.history), length)


def example_html(game_name: str, lang: str) -> str:
    """The example as a figure: the board in ``lang`` and a caption saying what it shows."""
    example = example_position(game_name)
    caption = Translator("web", lang)("rules_example", count=example.players,
                                      moves=example.moves, length=example.length)
    return (f'<figure class="rules-example">{draw(example.view, lang)}'
            f"<figcaption>{escape(caption)}</figcaption></figure>")
