"""Why a Blueprints action is refused, in the game's terms (one line for the seat to move).

A refusal goes to the seat to move only: it may speak of that seat's own blueprint and
building, never of another seat's (so it never lists where a die could go for them).

>>> from towerplay import games
>>> state = games.load("blueprints").start(players=2, seed=4)
>>> why_illegal(state, state.game.parse_notation("remove")).split(": ")[:2]
["'remove' is not legal now", "seat 1 must take a die from the pool ('take <die>')"]
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from towerplay.games.blueprints.dice import CELL_TEXT, DIE_TEXT
from towerplay.games.blueprints.moves import DISCARD, PLACE, REMOVE, TAKE, Move, is_move

if TYPE_CHECKING:
    from towerplay.games.blueprints.state import BlueprintsState


def why_illegal(state: BlueprintsState, action: Move) -> str:
    """Why ``action`` is not legal in ``state``: a wrong die, cell or step, or the end."""
    if state.to_move is None:
        return f"'{action}' is not legal: the game is over"
    kind = action[0] if is_move(action) else -1
    step = state.step_kind
    if kind == TAKE and step == TAKE:
        return f"'{action}' is not legal: {_why_not_take(state, action[1])}"
    if kind in (PLACE, REMOVE) and step == PLACE:
        why = (_why_not_place(state, action[1]) if kind == PLACE
               else f"the {DIE_TEXT[state.hand]} fits on your blueprint; a die is "
                    f"removed only when it fits nowhere")
        return f"'{action}' is not legal: {why}"
    if kind == DISCARD and step == DISCARD:
        return (f"'{action}' is not legal: there is no {DIE_TEXT[action[1]]} in the "
                f"pool; pool: {_pool_text(state)}")
    return f"'{action}' is not legal now: {what_now(state)}"


def what_now(state: BlueprintsState) -> str:
    """What the seat to move must do at this step."""
    seat, step = state.to_move, state.step_kind
    if step == TAKE:
        return (f"seat {seat} must take a die from the pool ('take <die>'): "
                f"{_pool_text(state)}")
    if step == PLACE:
        return (f"seat {seat} must place the {DIE_TEXT[state.hand]} it took on its "
                f"blueprint ('place r<row>c<col>'), or 'remove' it if it fits nowhere")
    return (f"seat {seat} must discard a second die from the pool ('discard <die>'): "
            f"{_pool_text(state)}")


def _pool_text(state: BlueprintsState) -> str:
    return " ".join(DIE_TEXT[d] for d in state.pool)


def _why_not_take(state: BlueprintsState, die: int) -> str:
    """Why taking ``die`` is refused: not in the pool, or (``unplaceable="strict"``)
    it fits nowhere while another pool die fits."""
    if die not in state.pool:
        return f"there is no {DIE_TEXT[die]} in the pool; pool: {_pool_text(state)}"
    return (f"the {DIE_TEXT[die]} fits nowhere on your blueprint and another pool die "
            f"does: take a die that fits (unplaceable=strict)")


def _why_not_place(state: BlueprintsState, cell: int) -> str:
    """Why the held die may not go on ``cell``: hatched, or its top die is higher."""
    seat, die = state.to_move, state.hand
    assert seat is not None
    where = CELL_TEXT[cell]
    if not state.layouts[seat][cell]:
        return f"the cell {where} is hatched on your blueprint: no die may go there"
    top = state.buildings[seat][cell][-1]
    return (f"the {DIE_TEXT[die]} cannot go on the {DIE_TEXT[top]} at {where}: a die "
            f"goes only on an equal or lower value")
