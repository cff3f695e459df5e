"""Why a Skytopia action is refused, in the game's terms, as an event (for the seat to
move): the action, the reason and, where the action is not of the kind asked for, what
is asked instead.

Everything a refusal can mention is public (the Market, golems, coins, Towers, the
Chronometer); the only hidden information, the order of the decks, is never named.

>>> from towerplay import games
>>> from towerplay.i18n import word
>>> s = games.load("skytopia").start(players=2, seed=1)
>>> from towerplay.games.skytopia.actions import parse
>>> word(why_illegal(s, parse("place g1:6"), s.legal_actions()), "en")
"'place g1:6' is refused: 6 is the build value (✱); no golem may be set to it"
>>> word(why_illegal(s, parse("use"), s.legal_actions()), "en")
"'use' is refused: no effect is offered now; assign a golem: 'place <card>:<value>'"
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from towerplay.core.events import Event
from towerplay.games.skytopia import actions as A
from towerplay.games.skytopia.actions import Act, slot_term
from towerplay.games.skytopia.events import COLOUR_TERMS, tile_event

if TYPE_CHECKING:
    from towerplay.games.skytopia.state import SkytopiaState

EXPECTED = {kind: Event.of(f"skytopia.expect_{name}") for kind, name in (
    (A.PLACE, "place"), (A.BACK, "back"), (A.STACK, "stack"), (A.TOWER, "tower"),
    (A.DRAFT, "draft"), (A.SIDE, "side"), (A.RECALL, "recall"), (A.TURN, "turn"),
    (A.MOVE, "move"), (A.PUT, "put"), (A.TAKE, "take"), (A.TOP, "top"), (A.ROW, "row"))}
"""What the seat to move is asked for, by the kind of action it may take."""
EXPECT_DONE = Event.of("skytopia.expect_done")
NOT_ASKED = Event.of("skytopia.not_asked")
NO_EFFECT = Event.of("skytopia.no_effect")
NOTHING_TO_STOP = Event.of("skytopia.nothing_to_stop")
NO_GOLEM = Event.of("skytopia.no_golem")


def expected(state: SkytopiaState, legal: list[Act]) -> Event:
    """What the seat to move is asked for now."""
    kinds = {a[0] for a in legal}
    if A.USE in kinds:
        return Event.of("skytopia.expect_use", effect=state.effect_event(state.stack[-1][0]))
    kind = min(kinds - {A.DONE, A.SKIP}, default=A.DONE)
    asked = EXPECTED.get(kind, EXPECT_DONE)
    if A.DONE in kinds and kind != A.DONE:
        return Event.of("skytopia.or_done", expected=asked)
    return asked


def why_illegal(state: SkytopiaState, act: Act, legal: list[Act]) -> Event:
    """Why ``act`` cannot be played now, and what is asked instead."""
    text = str(act)
    if state.to_move is None:
        return Event.of("skytopia.over", action=text)
    if not isinstance(act, Act):
        return Event.of("skytopia.not_action", text=repr(act),
                        expected=expected(state, legal))
    kinds = {a[0] for a in legal}
    if act[0] == A.BACK and A.PLACE in kinds and not state.stack:
        return Event.of("skytopia.golem_home", action=text)
    reason = _reason(state, act) if act[0] in kinds else None
    if act[0] in (A.USE, A.SKIP, A.DONE) and act[0] not in kinds:
        reason = NOTHING_TO_STOP if act[0] == A.DONE else NO_EFFECT
    if reason is None:
        reason = NOT_ASKED
    elif act[0] in kinds:
        return Event.of("skytopia.refused", action=text, reason=reason)
    return Event.of("skytopia.refused_then", action=text, reason=reason,
                    expected=expected(state, legal))


def _reason(state: SkytopiaState, act: Act) -> Event | None:
    """The specific reason for an action of the kind asked for (``None``: no better
    reason than "not one of the choices")."""
    kind, a, b, c = act
    if kind == A.PLACE:
        return _place_reason(state, a, b)
    if kind in (A.BACK, A.RECALL, A.TURN, A.MOVE):
        if state.current * 8 + b not in state.dice[a]:
            return Event.of("skytopia.no_such_golem", value=b, slot=slot_term(a))
        if kind == A.TURN:
            return Event.of("skytopia.cannot_turn", slot=slot_term(a), count=c)
        if kind == A.MOVE:
            return Event.of("skytopia.cannot_move", slot=slot_term(c))
        return Event.of("skytopia.own_card", slot=slot_term(a))
    if kind == A.STACK:
        return Event.of("skytopia.not_completed", slot=slot_term(a))
    if kind == A.TOWER:
        return Event.of("skytopia.tower_done", colour=COLOUR_TERMS[a])
    if kind == A.DRAFT:
        return tile_event("skytopia.tile_taken", state.comp, a)
    if kind in (A.PUT, A.TAKE):
        return Event.of("skytopia.not_choosable", slot=slot_term(a))
    if kind in (A.TOP, A.ROW):
        return Event.of("skytopia.nothing_to_activate", colour=COLOUR_TERMS[a])
    return None


def _place_reason(state: SkytopiaState, slot: int, value: int) -> Event:
    """Why a golem may not be placed on ``slot`` showing ``value``."""
    comp = state.comp
    name = slot_term(slot)
    if state.market[slot] < 0:
        return Event.of("skytopia.no_card", slot=name)
    distance = state.distance(value)
    if distance == 0:
        return Event.of("skytopia.build_value", value=value)
    if any(d & 7 == value for d in state.dice[slot]):
        return Event.of("skytopia.value_taken", value=value, slot=name)
    cost, coins = comp.cost[distance], state.coins[state.current]
    if cost > coins:
        return Event.of("skytopia.cost", value=value, count=cost, coins=coins)
    return NO_GOLEM
