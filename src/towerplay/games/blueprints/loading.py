"""Saved Blueprints positions: the state's fields as JSON and back, checked strictly.

Dice are written in their notation (``G5``), buildings in the building notation, blueprint
cards as deck indices. :func:`load_json` refuses (ValueError, turned into BadRecord by the
kernel) a position that play could never reach: every later step relies on it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towerplay.core.errors import InvalidOptions
from towerplay.games.blueprints.dice import (
    DICE_PER_COLOUR,
    NO_DIE,
    NUM_DICE_CODES,
    POOL_SIZE,
    dice_from_json,
    dice_texts,
)
from towerplay.games.blueprints.moves import DISCARD, PLACE, TAKE
from towerplay.games.blueprints.rounds import ROUNDS, TAKES_PER_ROUND, RoundResult, demand_from_json
from towerplay.games.blueprints.scoring import building_text, check_building, parse_building

if TYPE_CHECKING:
    from towerplay.games.blueprints.state import BlueprintsState

def to_json(state: BlueprintsState) -> dict[str, Any]:
    """The position's own fields (the kernel adds seed, history and the seat to move)."""
    return {
        "round": state.round, "step": state.step_kind, "hand": state.hand,
        "first": state.first, "turns": state.turns, "round_start": state.round_start,
        "queue": dice_texts(state.queue), "drawn": state.drawn,
        "pool": dice_texts(state.pool), "demand": list(state.demand),
        "cards": list(state.cards), "used": list(state.used),
        "buildings": [building_text(b) for b in state.buildings],
        "taken": [dice_texts(t) for t in state.taken],
        "removed": [dice_texts(r) for r in state.removed],
        "discards": dice_texts(state.discards),
        "won": [list(w) for w in state.won],
        "results": [r.to_json(state.game) for r in state.results],
    }


def load_json(state: BlueprintsState, data: dict[str, Any]) -> None:
    """Read :func:`to_json`'s fields into ``state``, then check them."""
    state.round, state.step_kind = int(data["round"]), int(data["step"])
    state.hand, state.first = int(data["hand"]), int(data["first"])
    state.turns, state.round_start = int(data["turns"]), int(data["round_start"])
    state.queue = dice_from_json(data["queue"])
    state.drawn = int(data["drawn"])
    state.pool = sorted(dice_from_json(data["pool"]))
    state.demand = demand_from_json(data["demand"], int)
    state.cards = [int(c) for c in data["cards"]]
    state.layouts = [state.game.deck[c][1] for c in state.cards]
    state.used = tuple(int(c) for c in data["used"])
    state.buildings = [parse_building(b) for b in data["buildings"]]
    state.taken = [dice_from_json(t) for t in data["taken"]]
    state.removed = [dice_from_json(r) for r in data["removed"]]
    state.discards = dice_from_json(data["discards"])
    state.won = [tuple(str(c) for c in w) for w in data["won"]]
    state.results = tuple(RoundResult.from_json(r) for r in data["results"])
    check_loaded(state)


def check_loaded(state: BlueprintsState) -> None:
    """ValueError naming the first thing in ``state`` that play could never reach."""
    _check_shape(state)
    _check_bag_and_cards(state)
    _check_turns(state)
    _check_seats(state)
    _check_dice_drawn(state)
    _check_results(state)


def _check_shape(state: BlueprintsState) -> None:
    """Per-seat lists of the right length, round and seats in range."""
    n, over = state.players, state.to_move is None
    if not (len(state.cards) == len(state.buildings) == len(state.taken) == len(state.won)
            == len(state.removed) == n):
        raise ValueError(f"cards, buildings, taken, removed and won need {n} entries")
    if not 0 <= state.round < ROUNDS or len(state.results) != state.round + over:
        raise ValueError("the round number does not match the scored rounds")
    if not over and (not isinstance(state.to_move, int) or not 0 <= state.to_move < n):
        raise ValueError(f"to_move must be a seat 0-{n - 1} or null (game over)")
    if len(state.movers) != len(state.history) or any(
            not 0 <= m < n for m in state.movers):
        raise ValueError("movers must name a seat for every history entry")
    if not 0 <= state.first < n or not 0 <= state.round_start <= len(state.history):
        raise ValueError("first or round_start is out of range")


def _check_bag_and_cards(state: BlueprintsState) -> None:
    """Two In-Demand colours, the other 30 dice in the bag, distinct unused blueprints."""
    n, over, deck = state.players, state.to_move is None, len(state.game.deck)
    if len(state.demand) != 2 or len(set(state.demand)) != 2 or not all(
            0 <= m < 4 for m in state.demand):
        raise ValueError("demand must be two different materials 0-3")
    bag = [m for m in range(4) for _ in range(DICE_PER_COLOUR - state.demand.count(m))]
    if sorted(d & 3 for d in state.queue) != bag:  # the dice's materials
        raise ValueError("the bag (queue) must hold the 30 dice not In-Demand")
    cards = set(state.cards)
    used = set(state.used)
    if (len(cards) != n or len(used) != len(state.used)
            or not all(0 <= c < deck for c in cards | used) or (not over and cards & used)):
        raise ValueError("blueprint cards must be distinct deck indices, unused this game")


def _check_turns(state: BlueprintsState) -> None:
    """The step, the die in hand and the turn count agree with the dice taken."""
    n, over, kind = state.players, state.to_move is None, state.step_kind
    if (kind not in (TAKE, PLACE, DISCARD) or kind == DISCARD
            and (over or n != 2 or state.turns == TAKES_PER_ROUND * 2 - 1)):
        raise ValueError("step must be 0 (take), 1 (place) or 3 (discard, 2 players)")
    if not (0 <= state.hand < NUM_DICE_CODES if kind == PLACE and not over
            else state.hand == NO_DIE):
        raise ValueError("hand holds a die exactly when the seat to move must place it")
    started = _turns_started(state)
    if (started > TAKES_PER_ROUND * n or sum(len(dice) for dice in state.taken) != started
            or (over and started != TAKES_PER_ROUND * n)
            or (not over and state.to_move != (state.first + state.turns) % n)):
        raise ValueError("the turn count does not match the dice taken and the turn order")


def _turns_started(state: BlueprintsState) -> int:
    """Turns begun this round: the finished ones and the one under way past its take."""
    return state.turns + (state.step_kind != TAKE and state.to_move is not None)


def _check_seats(state: BlueprintsState) -> None:
    """Each seat took its share of dice, and they are in its building, removed or held."""
    n, started = state.players, _turns_started(state)
    for seat in range(n):
        if len(state.taken[seat]) != (started - state.position(seat) + n - 1) // n:
            raise ValueError(f"seat {seat} took a wrong number of dice for the turn order")
        held = [state.hand] if seat == state.to_move and state.step_kind == PLACE else []
        building = [d for stack in state.buildings[seat] for d in stack]
        if sorted(building + [*state.removed[seat], *held]) != sorted(state.taken[seat]):
            raise ValueError(f"seat {seat}: building, removed dice and hand must be "
                             f"the dice it took")
        try:
            check_building(state.buildings[seat], state.layouts[seat])
        except InvalidOptions as error:
            raise ValueError(f"seat {seat}: {error}") from None


def _check_dice_drawn(state: BlueprintsState) -> None:
    """The discards, and the dice drawn so far: the pool, the taken and the discarded."""
    n, turns = state.players, state.turns
    if len(state.discards) != (min(turns, TAKES_PER_ROUND * 2 - 1) if n == 2 else 0):
        raise ValueError("one discard per finished two-player turn (none otherwise)")
    refills = min(turns, TAKES_PER_ROUND * n - 1) * (2 if n == 2 else 1)
    taken = [d for dice in state.taken for d in dice]
    if (state.drawn != min(POOL_SIZE[n] + refills, len(state.queue))
            or sorted(state.pool + taken + list(state.discards))
            != sorted(state.queue[:state.drawn])):
        raise ValueError("the pool, taken and discarded dice must be the dice drawn")


def _check_results(state: BlueprintsState) -> None:
    """Well-formed scored rounds, and won cards that are exactly theirs."""
    n, deck = state.players, len(state.game.deck)
    for number, result in enumerate(state.results):
        result.check(number, n, deck)
    if [sorted(w) for w in state.won] != [sorted(c for r in state.results for c in r.won(s))
                                           for s in range(n)]:
        raise ValueError("won cards must be the awards and prizes of the scored rounds")
