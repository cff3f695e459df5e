"""What search and greedy bots need from a game, kept apart from its rules.

A game package offers one :class:`Heuristics` object as ``HEURISTICS`` in its
``heuristics.py``; the kernel loads it lazily (``game.heuristics``), so rules, front ends
and RL adapters never import it. Every method has a sensible default, so a new game needs
none of them to be played by every bot.

>>> from towerplay import games
>>> game = games.load("five_towers")
>>> isinstance(game.heuristics, Heuristics), game.heuristics.search_defaults["depth"]
(True, 8)
"""
from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from typing import Any, Generic, TypeVar

from towerplay.core.state import A, State

S = TypeVar("S", bound=State[Any])


class Heuristics(Generic[S, A]):
    """A game's knowledge for bots. Subclass it and override what the game knows better."""

    search_defaults: Mapping[str, Any] = {}
    """Search-bot options that suit this game (e.g. a playout ``depth`` when
    :meth:`evaluate` is good); a bot spec overrides them."""
    greedy_reads_view: bool = False
    """Set by a game whose :meth:`greedy_action` reads only what the mover knows (with
    perfect recall): the same move from every state that seat cannot tell apart, given the
    same ``rng``. The greedy bot then decides on the true state, without the copy and
    reshuffle of a determinization (a test per game checks the claim)."""

    multiplayer_search_defaults: Mapping[str, Any] = {}
    """Options that replace those of :attr:`search_defaults` at tables of 3 or more
    players (e.g. modelling the other seats, where a tree gives each of them too few
    visits)."""

    def search_defaults_for(self, players: int) -> Mapping[str, Any]:
        """The search options that suit a table of ``players``: :attr:`search_defaults`,
        from 3 players on with :attr:`multiplayer_search_defaults` over them; a bot spec
        overrides them.

        >>> from towerplay import games
        >>> heuristics = games.load("five_towers").heuristics
        >>> "opponents" in heuristics.search_defaults_for(2)
        False
        >>> heuristics.search_defaults_for(4)["opponents"]
        'model'
        """
        if players > 2 and self.multiplayer_search_defaults:
            return {**self.search_defaults, **self.multiplayer_search_defaults}
        return self.search_defaults

    def greedy_action(self, state: S, rng: random.Random) -> A:
        """The game's heuristic choice for ``state.to_move`` (default: random)."""
        legal: list[A] = state.legal_actions()
        return rng.choice(legal)

    def rollout_action(self, state: S, rng: random.Random) -> A:
        """A cheap playout move for search bots (default: uniformly random)."""
        legal: list[A] = state.legal_actions()
        return rng.choice(legal)

    def model_action(self, state: S, rng: random.Random) -> A:
        """How a search that models the other seats (``ismcts:opponents=model``) expects
        ``state.to_move`` to move in a sampled world. Default: :meth:`greedy_action`; a
        game may offer a cheaper stand-in where the greedy move is costly to work out."""
        return self.greedy_action(state, rng)

    def search_actions(self, state: S, rng: random.Random) -> list[A]:
        """The actions a search should weigh for ``state.to_move`` (a subset of the legal
        ones). Default: all of them. A game may narrow routine decisions to its heuristic's
        choice so the search spends its budget where judgement matters."""
        return state.legal_actions()

    def search_outcome(self, state: S, seen: str) -> Hashable:
        """The key under which a search files what a seat saw a move show (``seen``, its
        log line; ``state`` is the position right after the move): outcomes with one key
        share one subtree. Default: the line itself, every outcome its own. A game whose
        chance has many outcomes that call for the same answers (castle's card numbers)
        may pool near ones, so each subtree gathers enough visits to be searched (the
        search option ``outcomes=exact`` turns pooling off)."""
        return seen

    def evaluate(self, state: S) -> list[float]:
        """A heuristic value per seat of an unfinished position, higher is better (search
        bots normalise it to judge playouts cut short). Default: the running scores."""
        return list(state.scores())

    def value_scale(self, state: S) -> float | None:
        """How large a lead in :meth:`evaluate`'s units makes a clear favourite: search
        bots turn each seat's lead into a win chance with a logistic curve of this scale
        (a lead of one scale is worth 73%). ``None`` (the default) lets the bot take a
        quarter of the values' mean size."""
        return None

    def evaluations(self) -> dict[str, Evaluation[S]]:
        """The position values a search may judge cut playouts by, by name: ``"game"``
        (:meth:`evaluate` with :meth:`value_scale`) and any other the game offers (5 Towers:
        ``"learned"``, fitted on simulated games)."""
        return {"game": (self.evaluate, self.value_scale)}


Evaluation = tuple[Callable[[S], list[float]], Callable[[S], float | None]]
"""A position value per seat and the lead in its units that makes a clear favourite."""

DEFAULT_HEURISTICS: Heuristics[Any, Any] = Heuristics()
"""The heuristics of a game that offers none: random moves, running scores."""

