"""The greedy bot, the rollout policy and the position value for Blueprints.

The greedy bot looks one die ahead: it values a (partial) building by its material points
so far, the chance of still earning the blueprint bonus, its progress towards each Prize,
and its dice of the In-Demand colours (the tie-breakers); it takes the die, and picks the
cell, that raise that value most. With two players it discards the die its opponent (as
guessed by the determinization) would gain most from.

>>> from towerplay import games
>>> import random
>>> state = games.load("blueprints").start(players=2, seed=3)
>>> str(greedy_action(state, random.Random(0))).startswith("take ")
True
"""
from __future__ import annotations

import random
from functools import lru_cache

from towerplay.core.heuristics import Heuristics
from towerplay.games.blueprints.cards import Layout
from towerplay.games.blueprints.moves import PLACE, PLACES, REMOVE_MOVE, TAKE, Move
from towerplay.games.blueprints.placement import min_top, place_cells, stacked
from towerplay.games.blueprints.rounds import TAKES_PER_ROUND
from towerplay.games.blueprints.scoring import (
    BONUS,
    RECYCLED_POINTS,
    STONE_POINTS,
    Building,
    wood_points,
)
from towerplay.games.blueprints.state import BlueprintsState

PRIZE_POINTS = 9.0
"""A Prize (2 VP, as much as an Award) in round points, for weighing it against them."""
DEMAND_WEIGHT = (0.4, 0.2)
BONUS_PROGRESS = 0.7
"""How much of the bonus a building still on its blueprint is worth per die placed."""


def _progress(have: int, need: int, left: int) -> float:
    """A rough chance of reaching ``need`` from ``have`` with ``left`` dice still to come."""
    if have >= need:
        return 1.0
    if have + left < need:
        return 0.0
    return 0.6 * (have / need) ** 2


@lru_cache(maxsize=1 << 16)
def evaluate(building: Building, layout: Layout, left: int, demand: tuple[int, int],
             removed: int = 0, wood_only: bool = False) -> float:
    """The heuristic worth of a building with ``left`` dice still to take this round
    (remembered: greedy choices and searches weigh the same buildings again and again).

    >>> from towerplay.games.blueprints.scoring import parse_building
    >>> from towerplay.games.blueprints.cards import parse_blueprint
    >>> b = parse_building(". , W3 / G5+R5+S6 , W4 / R1 , .")
    >>> evaluate(b, parse_blueprint("X1 31 1X"), 0, (0, 1)) > 27
    True
    """
    points = float(wood_points(building, wood_only))
    recycled = 0
    values = [0] * 6
    colours = [0] * 4
    placed = tallest = 0
    on_plan = removed == 0
    for cell, stack in enumerate(building):
        height = len(stack)
        placed += height
        if height > tallest:
            tallest = height
        if height > layout[cell]:
            on_plan = False
        for level, die in enumerate(stack):
            # the die code unpacked inline (dice.material_of, dice.value_index): a hot loop
            material = die & 3
            colours[material] += 1
            values[die >> 2] += 1
            if material == 1:  # RECYCLED
                recycled += 1
            elif material == 2:  # STONE
                points += STONE_POINTS[level]
            elif material == 3:  # GLASS
                points += (die >> 2) + 1
    points += RECYCLED_POINTS[recycled]
    if on_plan:
        points += BONUS if placed == 6 else BONUS * BONUS_PROGRESS * placed / 6
    prizes = (_progress(tallest, 5, left) + _progress(max(values), 4, left)
              + _progress(sum(1 for v in values if v), 6, left)
              + _progress(max(colours), 5, left))
    points += PRIZE_POINTS * prizes
    return points + DEMAND_WEIGHT[0] * colours[demand[0]] + DEMAND_WEIGHT[1] * colours[demand[1]]


def _best_place(state: BlueprintsState, seat: int, die: int) -> tuple[float, Move]:
    """The best value reachable by putting ``die`` into ``seat``'s building, and where."""
    holding = state.to_move == seat and state.step_kind == PLACE  # die already counted
    left = max(6 - len(state.taken[seat]) - (0 if holding else 1), 0)
    return _best_cell(state.buildings[seat], state.layouts[seat], die, left, state.demand,
                      len(state.removed[seat]), state.game.options.wood_only_counts_wood)


@lru_cache(maxsize=1 << 16)
def _best_cell(building: Building, layout: Layout, die: int, left: int,
               demand: tuple[int, int], removed: int, wood_only: bool) -> tuple[float, Move]:
    """:func:`_best_place` of a building (remembered: searches meet the same ones often)."""
    best: tuple[float, Move] = (-1e9, REMOVE_MOVE)
    for cell in place_cells(building, layout, die):
        value = evaluate(stacked(building, cell, die), layout, left, demand, removed,
                         wood_only)
        if value > best[0]:
            best = (value, PLACES[cell])
    if best[1] is REMOVE_MOVE:
        best = (evaluate(building, layout, left, demand, removed + 1, wood_only), REMOVE_MOVE)
    return best


def greedy_action(state: BlueprintsState, rng: random.Random) -> Move:
    """The greedy choice for ``state.to_move`` (ties broken at random)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.to_move
    assert seat is not None  # legal is not empty: the game is on
    kind = state.step_kind
    if kind == PLACE:
        _, move = _best_place(state, seat, state.hand)
        return move if move in legal else rng.choice(legal)
    scored = []
    if kind == TAKE:
        for move in legal:
            scored.append((_best_place(state, seat, move[1])[0], rng.random(), move))
    else:
        opponent = (seat + 1) % state.players
        for move in legal:
            scored.append((_best_place(state, opponent, move[1])[0], rng.random(), move))
    return max(scored)[2]


def position_values(state: BlueprintsState) -> list[float]:
    """A heuristic value per seat of a position, in round points: the VP won so far (one VP
    is worth half a Prize, :data:`PRIZE_POINTS` / 2) plus :func:`evaluate` of the building
    this round. A finished game gets its scores.

    >>> from towerplay import games
    >>> state = games.load("blueprints").start(players=2, seed=3)
    >>> position_values(state)
    [0.0, 0.0]
    >>> seat = state.to_move
    >>> for _ in range(2):  # take a die and build it
    ...     state.apply(greedy_action(state, random.Random(0)))
    >>> position_values(state)[seat] > 0
    True
    """
    if state.to_move is None:
        return state.scores()
    wood_only = state.game.options.wood_only_counts_wood
    values = []
    for seat, vp in enumerate(state.scores()):
        left = max(TAKES_PER_ROUND - len(state.taken[seat]), 0)
        building = evaluate(state.buildings[seat], state.layouts[seat], left, state.demand,
                            len(state.removed[seat]), wood_only)
        values.append(vp * PRIZE_POINTS / 2 + building)
    return values


def fitting_takes(state: BlueprintsState, legal: list[Move]) -> list[Move]:
    """The takes in ``legal`` of dice that fit the mover's building, or all of ``legal`` if
    none fits (the pool is sorted by value, so they are a suffix of it)."""
    seat = state.to_move
    assert seat is not None
    low = min_top(state.buildings[seat], state.layouts[seat]) << 2  # die_code(WOOD, it)
    fits = [move for move in legal if move[1] >= low]
    return fits or legal


def rollout_action(state: BlueprintsState, rng: random.Random) -> Move:
    """A cheap playout move: a random die that fits (if any does: taking one that fits
    nowhere only loses it), placed where the blueprint still wants one."""
    legal = state.legal_actions()
    if state.step_kind == TAKE and len(legal) > 1:
        return rng.choice(fitting_takes(state, legal))
    if state.step_kind == PLACE and len(legal) > 1:
        seat = state.to_move
        assert seat is not None
        building, layout = state.buildings[seat], state.layouts[seat]
        short = [m for m in legal if m[0] == PLACE and len(building[m[1]]) < layout[m[1]]]
        if short:
            return rng.choice(short)
    return rng.choice(legal)


class BlueprintsHeuristics(Heuristics[BlueprintsState, Move]):
    """What the bots know of Blueprints."""

    search_defaults = {"depth": 12, "opponents": "greedy"}
    """Playouts of 12 more actions (two turns each at two players) judged by
    :func:`position_values`; the other seats move by the greedy bot, which knows its own
    sampled blueprint, instead of being searched in a tree that averages their choices
    over every blueprint they might hold (docs/bots-and-ladder.md's Strength section has the
    measurements)."""

    def greedy_action(self, state: BlueprintsState, rng: random.Random) -> Move:
        return greedy_action(state, rng)

    def rollout_action(self, state: BlueprintsState, rng: random.Random) -> Move:
        return rollout_action(state, rng)

    def search_actions(self, state: BlueprintsState, rng: random.Random) -> list[Move]:
        """A take weighs only the dice that fit, when one does (with
        ``unplaceable="literal"`` any die may be taken, but one that fits nowhere is lost)."""
        legal = state.legal_actions()
        return fitting_takes(state, legal) if state.step_kind == TAKE else legal

    def evaluate(self, state: BlueprintsState) -> list[float]:
        """VP so far plus the greedy bot's worth of each building this round."""
        return position_values(state)


HEURISTICS = BlueprintsHeuristics()
