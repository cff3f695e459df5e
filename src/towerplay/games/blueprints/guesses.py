"""Determinization: a world consistent with what one seat knows, for search bots.

A seat sees the pool, the In-Demand colours, the dice every seat took, the scored rounds
and its own blueprint and building. Hidden from it: the other seats' blueprints and
buildings this round, and the bag's future draws. :func:`redeal` guesses them anew.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from towerplay.games.blueprints.dice import NO_DIE, shuffled_rolls
from towerplay.games.blueprints.moves import PLACE, PLACES, REMOVE, REMOVE_MOVE, TAKE
from towerplay.games.blueprints.placement import place_cells, stacked
from towerplay.games.blueprints.scoring import EMPTY

if TYPE_CHECKING:
    from towerplay.games.blueprints.state import BlueprintsState

BELOW_TARGET = 0.85
"""How often a guessed placement prefers a cell still below its blueprint height: players
mostly build towards their card."""


def redeal(state: BlueprintsState, seat: int | None, rng: random.Random) -> None:
    """Re-deal the other seats' blueprints from the unseen cards and re-guess their
    placements this round, consistent with the public dice they took. The bag holds
    exactly the dice not in sight, so its contents need no guess; future draws are hidden
    by the new seed and a reshuffle of the bag's draw order (with new rolls)."""
    if state.is_over:
        return
    drawn = state.drawn
    future = shuffled_rolls([die & 3 for die in state.queue[drawn:]], rng)  # materials
    state.queue = state.queue[:drawn] + tuple(future)
    others = [s for s in range(state.players) if s != seat]
    unseen = [i for i in range(len(state.game.deck))
              if i not in state.used and (seat is None or i != state.cards[seat])]
    for other, card in zip(others, rng.sample(unseen, len(others)), strict=True):
        state.cards[other] = card
        state.layouts[other] = state.game.deck[card][1]
        guess_building(state, other, rng)


def guess_building(state: BlueprintsState, seat: int, rng: random.Random) -> None:
    """Rebuild ``seat``'s building by placing its taken dice at random on its (guessed)
    blueprint, preferring cells below their target height; rewrite its hidden moves."""
    layout = state.layouts[seat]
    building, held = EMPTY, NO_DIE
    removed: tuple[int, ...] = ()
    history, movers = state.history, state.movers
    for index in range(state.round_start, len(history)):
        if movers[index] != seat:
            continue
        kind, arg = history[index]
        if kind == TAKE:
            held = arg
        elif kind in (PLACE, REMOVE):
            cells = place_cells(building, layout, held)
            if not cells:
                move = REMOVE_MOVE
                removed += (held,)
            else:
                short = [c for c in cells if len(building[c]) < layout[c]]
                cell = rng.choice(short if short and rng.random() < BELOW_TARGET else cells)
                move = PLACES[cell]
                building = stacked(building, cell, held)
            history[index] = move
    state.buildings[seat] = building
    state.removed[seat] = removed
