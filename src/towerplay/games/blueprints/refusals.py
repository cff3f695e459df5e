"""Why a Blueprints action is refused, in the game's terms, as an event (for the seat to
move).

A refusal goes to the seat to move only: it may speak of that seat's own blueprint and
building, never of another seat's (so it never lists where a die could go for them).

>>> from towerplay import games
>>> from towerplay.i18n import word
>>> state = games.load("blueprints").start(players=2, seed=4)
>>> word(why_illegal(state, state.game.parse_notation("remove")), "en").split(": ")[:2]
["'remove' is not legal now", "seat 2 must take a die from the pool ('take <die>')"]
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from towerplay.core.events import Event, Seat
from towerplay.games.blueprints.events import cell, dice, die
from towerplay.games.blueprints.moves import DISCARD, PLACE, REMOVE, TAKE, Move, is_move

if TYPE_CHECKING:
    from towerplay.games.blueprints.state import BlueprintsState


def why_illegal(state: BlueprintsState, action: Move) -> Event:
    """Why ``action`` is not legal in ``state``: a wrong die, cell or step, or the end."""
    text = str(action)
    if state.to_move is None:
        return Event.of("core.over", action=text)
    kind = action[0] if is_move(action) else -1
    step = state.step_kind
    if kind == TAKE and step == TAKE:
        return _why_not_take(state, text, action[1])
    if kind == PLACE and step == PLACE:
        return _why_not_place(state, text, action[1])
    if kind == REMOVE and step == PLACE:
        return Event.of("blueprints.fits", action=text, die=die(state.hand))
    if kind == DISCARD and step == DISCARD:
        return Event.of("blueprints.not_in_pool", action=text, die=die(action[1]),
                        pool=dice(state.pool))
    return what_now(state, text)


def what_now(state: BlueprintsState, text: str) -> Event:
    """Why ``text`` is not legal now: what the seat to move must do at this step."""
    seat, step = state.to_move, state.step_kind
    assert seat is not None
    who = Seat(seat)
    if step == TAKE:
        return Event.of("blueprints.must_take", action=text, seat=who, pool=dice(state.pool))
    if step == PLACE:
        return Event.of("blueprints.must_place", action=text, seat=who, die=die(state.hand))
    return Event.of("blueprints.must_discard", action=text, seat=who, pool=dice(state.pool))


def _why_not_take(state: BlueprintsState, text: str, code: int) -> Event:
    """Why taking die ``code`` is refused: not in the pool, or (``unplaceable="strict"``)
    it fits nowhere while another pool die fits."""
    if code not in state.pool:
        return Event.of("blueprints.not_in_pool", action=text, die=die(code),
                        pool=dice(state.pool))
    return Event.of("blueprints.strict_take", action=text, die=die(code))


def _why_not_place(state: BlueprintsState, text: str, where: int) -> Event:
    """Why the held die may not go on cell ``where``: hatched, or its top die is higher."""
    seat = state.to_move
    assert seat is not None
    if not state.layouts[seat][where]:
        return Event.of("blueprints.hatched", action=text, cell=cell(where))
    top = state.buildings[seat][where][-1]
    return Event.of("blueprints.too_low", action=text, die=die(state.hand), top=die(top),
                    cell=cell(where))
