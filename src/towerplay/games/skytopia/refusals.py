"""Why a Skytopia action is refused, in the game's terms (one line for the seat to move).

Everything a refusal can mention is public (the Market, golems, coins, Towers, the
Chronometer); the only hidden information, the order of the decks, is never named.

>>> from towerplay import games
>>> s = games.load("skytopia").start(players=2, seed=1)
>>> from towerplay.games.skytopia.actions import parse
>>> why_illegal(s, parse("place g1:6"), s.legal_actions())
"'place g1:6' is refused: 6 is the build value (✱); no golem may be set to it"
>>> why_illegal(s, parse("use"), s.legal_actions())
"'use' is refused: no effect is offered now; assign a golem: 'place <card>:<value>'"
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from towerplay.games.skytopia import actions as A
from towerplay.games.skytopia.actions import Act, slot_name
from towerplay.games.skytopia.components import COLOURS

if TYPE_CHECKING:
    from towerplay.games.skytopia.state import SkytopiaState

EXPECTED = {
    A.PLACE: "assign a golem: 'place <card>:<value>'",
    A.BACK: "all your golems are on the Market: take one back first, 'back <card>:<value>'",
    A.STACK: "choose the completed card to stack next: 'stack <card>'",
    A.TOWER: "choose the Tower to activate next: 'tower <colour>'",
    A.DRAFT: "draft an Ability tile: 'draft t<n>'",
    A.SIDE: "choose your Ability tile's side: 'side a' or 'side b'",
    A.RECALL: "choose a golem of yours to take back: 'recall <card>:<value>'",
    A.TURN: "choose a golem of yours to turn: 'turn <card>:<value> <steps>'",
    A.MOVE: "choose a golem of yours to move: 'move <card>:<value> <card>'",
    A.PUT: "choose the card for your golem: 'put <card>'",
    A.TAKE: "choose an unoccupied Market card: 'take <card>'",
    A.TOP: "choose the Tower whose top card activates: 'top <colour>'",
    A.ROW: "choose the card to activate: 'row <colour>'",
}


def expected(state: SkytopiaState, legal: list[Act]) -> str:
    """What the seat to move is asked for now, in words."""
    kinds = {a[0] for a in legal}
    if A.USE in kinds:
        return f"'use' or 'skip' {state._effect_name(state.stack[-1][0])}"
    kind = min(kinds - {A.DONE, A.SKIP}, default=A.DONE)
    text = EXPECTED.get(kind, "'done'")
    return text + (", or 'done' to stop" if A.DONE in kinds and kind != A.DONE else "")


def why_illegal(state: SkytopiaState, act: Act, legal: list[Act]) -> str:
    """One line: why ``act`` cannot be played now, and what is asked instead."""
    if state.to_move is None:
        return f"'{act}' is refused: the game is over"
    if not isinstance(act, Act):
        return f"not a skytopia action: {act!r}; " + expected(state, legal)
    head = f"'{act}' is refused: "
    kinds = {a[0] for a in legal}
    if act[0] == A.BACK and A.PLACE in kinds and not state.stack:
        return head + "you still have a golem on your board; place it: 'place <card>:<value>'"
    reason = _reason(state, act) if act[0] in kinds else None
    if act[0] in (A.USE, A.SKIP, A.DONE) and act[0] not in kinds:
        reason = {A.DONE: "there is nothing to stop now"}.get(
            act[0], "no effect is offered now")
    if reason is None:
        return head + "that is not what is asked now; " + expected(state, legal)
    return head + reason + ("" if act[0] in kinds else "; " + expected(state, legal))


def _reason(state: SkytopiaState, act: Act) -> str | None:
    """The specific reason for an action of the kind asked for (``None``: no better
    reason than "not one of the choices")."""
    kind, a, b, c = act
    if kind == A.PLACE:
        return _place_reason(state, a, b)
    if kind in (A.BACK, A.RECALL, A.TURN, A.MOVE):
        if state.current * 8 + b not in state.dice[a]:
            return f"you have no golem showing {b} on {slot_name(a)}"
        if kind == A.TURN:
            return (f"the golem on {slot_name(a)} cannot turn {c} step(s): it would reach "
                    "the build value (✱) or a value already on that card, or the card is "
                    "the one whose effect this is")
        if kind == A.MOVE:
            return (f"the golem cannot go to {slot_name(c)}: no card there, its value is "
                    "taken there, or that card is the one whose effect this is")
        return f"the golem on {slot_name(a)} is on the card whose effect this is"
    if kind == A.STACK:
        return f"{slot_name(a)} is not a card you completed this turn and still have to stack"
    if kind == A.TOWER:
        return f"your {COLOURS[a]} Tower got no new card this turn, or has activated already"
    if kind == A.DRAFT:
        return f"Ability tile t{a + 1} is already taken"
    if kind in (A.PUT, A.TAKE):
        return f"{slot_name(a)} is not a card you may choose for this (empty, occupied, " \
               "or the card whose effect this is)"
    if kind in (A.TOP, A.ROW):
        return (f"the {COLOURS[a]} card there has no effect to activate, or it has "
                "already been activated in this chain")
    return None


def _place_reason(state: SkytopiaState, slot: int, value: int) -> str:
    """Why a golem may not be placed on ``slot`` showing ``value``."""
    comp = state.comp
    name = slot_name(slot)
    if state.market[slot] < 0:
        return f"there is no card on {name}"
    distance = state.distance(value)
    if distance == 0:
        return f"{value} is the build value (✱); no golem may be set to it"
    if any(d & 7 == value for d in state.dice[slot]):
        return f"a golem showing {value} is already on {name}"
    cost, coins = comp.cost[distance], state.coins[state.current]
    if cost > coins:
        return f"a golem showing {value} costs {cost} coins; you have {coins}"
    return "you have no golem on your board"
