"""Why a 5 Towers action is refused, in the game's terms (one event, to the seat to move).

A refusal speaks only of public cards (display, hand, towers) and of the moving seat's own
bids, so it tells nobody anything hidden. Its English wording is the catalogue's:

>>> from towerplay import games
>>> from towerplay.i18n import english
>>> state = games.load("five_towers").start(players=2, seed=1)
>>> english(refusal(state, state.game.parse_notation("pass"), state.legal_actions()))
"'pass' is not legal: the start player opens the auction and may not pass: bid 0 to 5"
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from towerplay.core.events import Event, Notation, Seat
from towerplay.games.five_towers import rules
from towerplay.games.five_towers.cards import (
    ALL_ACTIONS,
    BID_K,
    NO_TEARDOWN,
    NO_TEARDOWN_K,
    PASS_K,
    PLACE_K,
    TAKE_K,
    TEARDOWN,
    TEARDOWN_K,
    Action,
)
from towerplay.games.five_towers.events import card, cards, suit
from towerplay.games.five_towers.events import legal as listed

if TYPE_CHECKING:
    from towerplay.games.five_towers.state import FiveTowersState

_KNOWN = frozenset(ALL_ACTIONS)
NOTATION = Event.of("five_towers.notation")
"""The notation's summary (the catalogue's words of :data:`.cards.NOTATION`)."""


def refusal(state: FiveTowersState, action: Action, legal: list[Action]) -> Event:
    """Why ``action`` is refused in ``state``, whose legal actions are ``legal``: the game
    is over, it is no action of 5 Towers, or the phase's own reason."""
    if state.to_move is None:
        return Event.of("five_towers.over", action=_text(action))
    if not isinstance(action, Action) or action not in _KNOWN:
        return Event.of("five_towers.unknown_action", action=_text(action), notation=NOTATION)
    why = _REASONS[state.phase](state, action, legal)
    return Event.of("five_towers.not_legal", action=str(action), why=why)


def _why_not_bid(state: FiveTowersState, action: Action, legal: list[Action]) -> Event:
    """The auction: a pass by the opener, a bid too high, too low, capped or unbuildable."""
    seat = state.to_move
    assert seat is not None
    shown = len(state.display)
    high, who = state.high_bid(exclude=seat)
    if action.kind == PASS_K:
        return Event.of("five_towers.opener_no_pass", top=legal[-1].arg)
    if action.kind != BID_K:
        if high >= 0:
            return Event.of("five_towers.bid_more", seat=Seat(seat), high=high,
                            legal=listed(legal))
        return Event.of("five_towers.open_auction", seat=Seat(seat), legal=listed(legal))
    bid = action.arg
    if bid > shown:
        return Event.of("five_towers.display_short", count=shown)
    if bid >= state.caps[seat]:
        return Event.of("five_towers.rebid_lower", cap=state.caps[seat])
    if bid <= high:
        return Event.of("five_towers.not_above", high=high, who=Seat(who), next=high + 1)
    if bid == 0:
        return Event.of("five_towers.zero_opener")
    return Event.of("five_towers.unbuildable_bid", bid=bid, most=state.max_bid(seat))


def _why_not_take(state: FiveTowersState, action: Action, legal: list[Action]) -> Event:
    """Taking: a card not in the display, or one that leaves the bid unbuildable."""
    if action.kind != TAKE_K:
        return Event.of("five_towers.take_first", count=state.need,
                        display=cards(state.display))
    if action.arg not in state.display:
        return Event.of("five_towers.not_in_display", card=card(action.arg),
                        display=cards(state.display))
    return Event.of("five_towers.unplaceable_take", card=card(action.arg),
                    total=state.need + len(state.hand), cards=cards(a.arg for a in legal))


def _why_not_teardown(state: FiveTowersState, action: Action, legal: list[Action]) -> Event:
    """The tear-down choice: no such tower, a capped one, or the one the hand needs."""
    if action.kind == TEARDOWN_K:
        tower = state.towers[state.builder * 5 + action.arg]
        if not tower:
            return Event.of("five_towers.no_tower", suit=suit(action.arg))
        if tower[-1] == 0:
            return Event.of("five_towers.capped_teardown", suit=suit(action.arg))
    if NO_TEARDOWN not in legal and legal:  # one suit's taken cards fit only after a tear-down
        must = legal[0].arg
        if action.kind in (TEARDOWN_K, NO_TEARDOWN_K):
            return Event.of("five_towers.must_teardown", suit=suit(must),
                            fix=Notation(TEARDOWN[must]))
    if action.kind == TEARDOWN_K:
        return Event.of("five_towers.teardown_strands", suit=suit(action.arg))
    return Event.of("five_towers.choose_teardown")


def _why_not_place(state: FiveTowersState, action: Action, legal: list[Action]) -> Event:
    """Placing: a card not in hand, one that does not fit, or one that strands the rest."""
    if action.kind != PLACE_K:
        return Event.of("five_towers.place_first", hand=cards(state.hand))
    c = action.arg
    value = c & 15
    if c not in state.hand:
        return Event.of("five_towers.not_in_hand", card=card(c), hand=cards(state.hand))
    tower = state.towers[state.builder * 5 + (c >> 4)]
    if tower and tower[-1] == 0:
        return Event.of("five_towers.capped_place", suit=suit(c >> 4))
    if tower and not rules.can_place(tower[-1], value):
        return Event.of("five_towers.too_high", value=value, top=tower[-1], suit=suit(c >> 4))
    rest = [x for x in state.hand if x >> 4 == c >> 4]
    rest.remove(c)
    return Event.of("five_towers.strands_capping" if value == 0 else "five_towers.strands",
                    card=card(c), rest=cards(rest),
                    first=cards(a.arg for a in legal if a.arg >> 4 == c >> 4))


_REASONS: tuple[Callable[[FiveTowersState, Action, list[Action]], Event], ...] = (
    _why_not_bid, _why_not_take, _why_not_teardown, _why_not_place)
"""Why an action is refused, by phase (BIDDING … PLACING)."""


def _text(action: object) -> str:
    """An offered action's notation, or a short repr of anything else (never raises)."""
    if isinstance(action, Action) and action in _KNOWN:
        return str(action)
    return repr(action)[:40]
