"""Why a 5 Towers action is refused, in the game's terms (one line, to the seat to move).

A refusal speaks only of public cards (display, hand, towers) and of the moving seat's own
bids, so it tells nobody anything hidden.

>>> from towerplay import games
>>> state = games.load("five_towers").start(players=2, seed=1)
>>> why_illegal(state, state.game.parse_notation("pass"), state.legal_actions())
"'pass' is not legal: the start player opens the auction and may not pass: bid 0 to 5"
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from towerplay.games.five_towers import rules
from towerplay.games.five_towers.cards import (
    ALL_ACTIONS, BID_K, CARD_NAMES, NO_TEARDOWN, NO_TEARDOWN_K, NOTATION, PASS_K, PLACE_K,
    SUITS, TAKE_K, TEARDOWN_K, Action)

if TYPE_CHECKING:
    from towerplay.games.five_towers.state import FiveTowersState

_KNOWN = frozenset(ALL_ACTIONS)


def why_illegal(state: FiveTowersState, action: Action, legal: list[Action]) -> str:
    """Why ``action`` is refused in ``state``, whose legal actions are ``legal``: the game
    is over, it is no action of 5 Towers, or the phase's own reason."""
    if state.to_move is None:
        return f"'{_text(action)}' is not legal: the game is over"
    if not isinstance(action, Action) or action not in _KNOWN:
        return f"'{_text(action)}' is not an action of 5 Towers. {NOTATION}"
    why = _REASONS[state.phase](state, action, legal)
    return f"'{action}' is not legal: {why}"


def _why_not_bid(state: FiveTowersState, action: Action, legal: list[Action]) -> str:
    """The auction: a pass by the opener, a bid too high, too low, capped or unbuildable."""
    seat = state.to_move
    assert seat is not None
    shown = len(state.display)
    high, who = state.high_bid(exclude=seat)
    if action.kind == PASS_K:
        return (f"the start player opens the auction and may not pass: bid 0 to "
                f"{legal[-1].arg}")
    if action.kind != BID_K:
        what = f"bid more than {high} or pass" if high >= 0 else "open the auction (bid 0-5)"
        return f"the auction is on: seat {seat} must {what}; legal: {_listed(legal)}"
    bid = action.arg
    if bid > shown:
        return f"the display holds only {shown} cards: bid at most {shown}"
    if bid >= state.caps[seat]:
        return (f"your bid of {state.caps[seat]} could not be built: bid again lower "
                f"than {state.caps[seat]}, or pass")
    if bid <= high:
        return (f"not above the current bid of {high} (seat {who}): bid {high + 1} or "
                f"more, or pass")
    if bid == 0:
        return "only the start player may bid 0: bid at least 1, or pass"
    return (f"you could not build {bid} of these cards (at most {state.max_bid(seat)}, "
            f"even with one tear-down)")


def _why_not_take(state: FiveTowersState, action: Action, legal: list[Action]) -> str:
    """Taking: a card not in the display, or one that leaves the bid unbuildable."""
    if action.kind != TAKE_K:
        return (f"take {state.need} more card(s) from the display first ('take <card>'); "
                f"display: {_names(state.display)}")
    name = CARD_NAMES[action.arg]
    if action.arg not in state.display:
        return f"{name} is not in the display; display: {_names(state.display)}"
    total = state.need + len(state.hand)
    return (f"with {name} you could not place all {total} cards you bid for; you may "
            f"take {_names(a.arg for a in legal)}")


def _why_not_teardown(state: FiveTowersState, action: Action, legal: list[Action]) -> str:
    """The tear-down choice: no such tower, a capped one, or the one the hand needs."""
    if action.kind == TEARDOWN_K:
        suit = SUITS[action.arg]
        tower = state.towers[state.builder * 5 + action.arg]
        if not tower:
            return f"you have no {suit} tower to tear down"
        if tower[-1] == 0:
            return f"your {suit} tower is capped by a 0 (a tower top), which stays for good"
    if NO_TEARDOWN not in legal and legal:  # one suit's taken cards fit only after a tear-down
        must = SUITS[legal[0].arg]
        if action.kind in (TEARDOWN_K, NO_TEARDOWN_K):
            return (f"your taken {must} cards fit only after tearing down the top card "
                    f"of your {must} tower ('teardown {must}')")
    if action.kind == TEARDOWN_K:
        suit = SUITS[action.arg]
        return (f"without the top card of your {suit} tower your taken {suit} cards "
                f"could not all be placed")
    return "first choose 'teardown <suit>' or 'no-teardown' (before placing any card)"


def _why_not_place(state: FiveTowersState, action: Action, legal: list[Action]) -> str:
    """Placing: a card not in hand, one that does not fit, or one that strands the rest."""
    if action.kind != PLACE_K:
        return f"place the taken cards ('place <card>'); hand: {_names(state.hand)}"
    c = action.arg
    name, suit, value = CARD_NAMES[c], SUITS[c >> 4], c & 15
    if c not in state.hand:
        return f"{name} is not in your hand; hand: {_names(state.hand)}"
    tower = state.towers[state.builder * 5 + (c >> 4)]
    if tower and tower[-1] == 0:
        return f"your {suit} tower is capped by a 0: nothing may go on it"
    if tower and not rules.can_place(tower[-1], value):
        return (f"a {value} cannot go on the {tower[-1]} on top of your {suit} tower "
                f"(only lower cards, anything on an 8, a 9 on anything but a 0)")
    rest = [x for x in state.hand if x >> 4 == c >> 4]
    rest.remove(c)
    why = " (a 0 caps the tower)" if value == 0 else ""
    return (f"{name} now would leave {_names(rest)} with nowhere to go{why}; place "
            f"{_names(a.arg for a in legal if a.arg >> 4 == c >> 4)} first")


_REASONS: tuple[Callable[[FiveTowersState, Action, list[Action]], str], ...] = (
    _why_not_bid, _why_not_take, _why_not_teardown, _why_not_place)
"""Why an action is refused, by phase (BIDDING … PLACING)."""


def _text(action: object) -> str:
    """An offered action's notation, or a short repr of anything else (never raises)."""
    if isinstance(action, Action) and action in _KNOWN:
        return str(action)
    return repr(action)[:40]


def _names(cards: Iterable[int]) -> str:
    """Card ids as notation, e.g. ``sand7 candy3`` (``(none)`` if empty)."""
    return " ".join(CARD_NAMES[c] for c in cards) or "(none)"


def _listed(legal: list[Action]) -> str:
    """The first legal actions, for a hint (``…`` when there are more than 12)."""
    return ", ".join(map(str, legal[:12])) + (", …" if len(legal) > 12 else "")
