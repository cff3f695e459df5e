"""Saved 5 Towers positions: the state's fields as JSON and back, checked strictly.

Cards are written in their notation (``sand7``), towers as value lists (bottom to top),
phases and bid marks as their numbers (:mod:`.phases`). :func:`load_json` refuses
(ValueError, turned into BadRecord by the kernel) unknown cards, illegal towers, cards
that are not the deck, seats out of range and any mix of fields the rules cannot reach:
every later step relies on it.

The checks keep their own wording rather than the kernel's helpers
(:mod:`towerplay.core.positions`): each names the value it got, which those do not.

>>> from towerplay import games
>>> state = games.load("five_towers").start(players=2, seed=1)
>>> data = to_json(state)
>>> data["phase"], data["bids"], data["saved"]
(0, [-2, -2], None)
>>> copy = state.copy(); load_json(copy, data); to_json(copy) == data
True
>>> load_json(copy, {**data, "phase": 9})
Traceback (most recent call last):
...
ValueError: phase must be an integer from 0 to 4 (got 9)
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING, Any

from towerplay.games.five_towers import rules
from towerplay.games.five_towers.cards import CARD_NAMES, NO_TOWER, deck, parse_card
from towerplay.games.five_towers.phases import (
    BIDDING,
    EVERY_ROUND,
    NO_CAP,
    NOBODY,
    NOT_TORN,
    OVER,
    PHASE_NAMES,
    PLACING,
    TAKING,
    TEARING,
    UNACTED,
    SavedPosition,
)

if TYPE_CHECKING:
    from towerplay.games.five_towers.state import FiveTowersState

MOST_TORN = 99
"""The most tear-downs a saved position may count (play never comes near it)."""
MOST_ROUNDS = 999
"""The highest round number a saved position may hold (a game has at most 44)."""


def to_json(state: FiveTowersState) -> dict[str, Any]:
    """The position's own fields (the kernel adds seed, history and the seat to move)."""
    names = CARD_NAMES
    saved = None
    if state.saved is not None:
        saved = {"display": [names[c] for c in state.saved.display],
                 "towers": [list(t) for t in state.saved.towers], "torn": state.saved.torn}
    return {
        "draw": [names[c] for c in state.draw],
        "discard": [names[c] for c in state.discard],
        "display": [names[c] for c in state.display],
        "towers": [list(t) for t in state.towers],
        "torn": list(state.torn),
        "torn_cards": [[names[c] for c in cards] for cards in state.torn_cards],
        "phase": state.phase, "opener": state.opener, "bids": list(state.bids),
        "caps": list(state.caps), "builder": state.builder, "need": state.need,
        "hand": [names[c] for c in state.hand], "torn_now": state.torn_now,
        "round": state.round, "reshuffled": state.reshuffled, "final": state.final,
        "doomed": state.doomed, "saved": saved,
    }


def load_json(state: FiveTowersState, data: dict[str, Any]) -> None:
    """Read :func:`to_json`'s fields into ``state``, then check them (ValueError)."""
    n = state.players
    state.physical = state.game.options.rebid == "physical"
    state.known_round = EVERY_ROUND
    state.draw = [parse_card(x) for x in data["draw"]]
    state.discard = [parse_card(x) for x in data["discard"]]
    state.display = sorted(parse_card(x) for x in data["display"])
    state.groups = rules.by_suit(state.display)
    state.hand = sorted(parse_card(x) for x in data["hand"])
    state.towers = [_tower(t) for t in data["towers"]]
    state.torn = [_number(x, "torn", 0, MOST_TORN) for x in data["torn"]]
    state.torn_cards = _torn_cards(data.get("torn_cards"), state.torn)
    state.phase = _number(data["phase"], "phase", BIDDING, OVER)
    state.opener = _number(data["opener"], "opener", 0, n - 1)
    state.bids = [_number(x, "bid", UNACTED, 5) for x in data["bids"]]
    state.caps = [_number(x, "cap", 1, NO_CAP) for x in data["caps"]]
    state.builder = _number(data["builder"], "builder", NOBODY, n - 1)
    state.need = _number(data["need"], "need", 0, 5)
    state.torn_now = _number(data["torn_now"], "torn_now", NOT_TORN, 4)
    state.round = _number(data["round"], "round", 1, MOST_ROUNDS)
    state.reshuffled = _flag(data["reshuffled"], "reshuffled")
    state.final = _flag(data["final"], "final")
    state.doomed = _flag(data["doomed"], "doomed")
    state.plans = []
    state.saved = _saved(data["saved"])
    check_loaded(state)
    if state.phase == TAKING and not state.doomed:
        state.plans = _plans_left(state)
    if not state.is_over and not state._legal_actions():
        raise ValueError("no action is legal in this position")


def check_loaded(state: FiveTowersState) -> None:
    """Raise ValueError unless the loaded fields form a position the rules can reach."""
    _check_shape(state)
    _check_doomed(state)
    torn_cards = [c for cards in state.torn_cards for c in cards]
    _check_cards(state.players, state.draw + state.discard + state.display + state.hand
                 + torn_cards, state.towers, 0)
    if state.phase == OVER:
        if state.to_move is not None:
            raise ValueError("a finished game has no seat to move")
        return
    to_move = state.to_move
    n = state.players
    if not isinstance(to_move, int) or isinstance(to_move, bool) or not 0 <= to_move < n:
        raise ValueError(f"to_move must be a seat from 0 to {n - 1} (got {to_move!r})")
    _check_phase(state)
    if state.saved is not None:
        _check_saved(state, to_move, state.saved)
    _check_turn(state, to_move)


def _check_shape(state: FiveTowersState) -> None:
    """Lists of the right lengths: per seat, per tower, display, hand and saved towers."""
    n = state.players
    if not (len(state.towers) == 5 * n and len(state.torn) == len(state.bids)
            == len(state.caps) == n):
        raise ValueError(f"towers must list 5 per player; torn, bids and caps 1 per "
                         f"player ({n} players)")
    if len(state.display) > 5 or len(state.hand) > 5:
        raise ValueError("the display and the hand hold at most 5 cards")
    if state.saved is not None and len(state.saved.towers) != 5:
        raise ValueError("'saved' holds the 5 towers of a doomed builder")


def _check_doomed(state: FiveTowersState) -> None:
    """Only an invalid bid of the physical mode, being played out, is doomed and saved."""
    if state.doomed != (state.saved is not None) or state.doomed and (
            not state.physical or state.phase in (BIDDING, OVER)):
        raise ValueError("only an invalid bid in rebid='physical' mode is doomed, and "
                         "only a doomed one has a saved position")


def _check_phase(state: FiveTowersState) -> None:
    """Hand, cards to take, builder and tear-down as the phase has them."""
    phase = state.phase
    if (phase == BIDDING and (state.hand or state.builder >= 0)
            or (phase == TAKING) != (state.need > 0)
            or phase in (TEARING, PLACING) and not state.hand
            or phase != PLACING and state.torn_now >= 0):
        raise ValueError(f"hand, need, builder and torn_now do not fit the "
                         f"{PHASE_NAMES[phase]} phase")
    if phase == TAKING and state.need > len(state.display):
        raise ValueError("the winner must take more cards than the display holds")


def _check_saved(state: FiveTowersState, to_move: int, saved: SavedPosition) -> None:
    """The position before the invalid bid, to go back to, holds the deck too."""
    if Counter(state.display + state.hand) - Counter(saved.display):
        raise ValueError("the saved display lacks cards of the display or hand")
    towers = state.towers.copy()
    towers[to_move * 5: to_move * 5 + 5] = saved.towers
    if saved.torn > state.torn[to_move]:
        raise ValueError("the saved position tore down more cards than the present")
    kept = [c for p, cards in enumerate(state.torn_cards)
            for c in (cards[:saved.torn] if p == to_move else cards)]
    _check_cards(state.players, state.draw + state.discard + list(saved.display) + kept,
                 towers, 0)


def _check_turn(state: FiveTowersState, to_move: int) -> None:
    """The seat to move is the next bidder, or the auction winner with a placeable hand."""
    n = state.players
    if state.phase == BIDDING:
        first = next((seat for i in range(n) if state.bids[
            seat := (state.opener + i) % n] == UNACTED), None)
        if to_move != first or not state.display:
            raise ValueError("the seat to bid must be the first, from the start player, "
                             "that has not bid yet (and the display must hold cards)")
    elif state.builder != to_move:
        raise ValueError("only the auction winner takes, tears down and places")
    elif state.phase == PLACING and not state.doomed and not all(
            rules.placeable_all(tower[-1] if tower else NO_TOWER, values) for tower, values
            in zip(state.seat_towers(to_move), rules.by_suit(state.hand), strict=True)):
        raise ValueError("the hand cannot be placed on the winner's towers")


def _plans_left(state: FiveTowersState) -> list[tuple[int, ...]]:
    """The buildable completions of the hand: what the winner may still take."""
    towers = state.seat_towers(state.builder)
    return [plan for plan in dict.fromkeys(combinations(state.display, state.need))
            if rules.hand_buildable(towers, tuple(sorted(state.hand + list(plan))))]


def _saved(data: Any) -> SavedPosition | None:
    """The ``saved`` field: None, or the builder's position before an invalid bid."""
    if data is None:
        return None
    return SavedPosition(tuple(sorted(parse_card(x) for x in data["display"])),
                         tuple(_tower(t) for t in data["towers"]),
                         _number(data["torn"], "saved torn", 0, MOST_TORN))


def _number(value: Any, what: str, low: int, high: int) -> int:
    """``value`` if it is an int (not a bool) in ``low..high``; ValueError otherwise."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} must be an integer from {low} to {high} (got {value!r})")
    return value


def _flag(value: Any, what: str) -> bool:
    """``value`` if it is a bool; ValueError otherwise."""
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false (got {value!r})")
    return value


def _torn_cards(data: Any, torn: list[int]) -> list[tuple[int, ...]]:
    """The torn-down cards per seat, as many as ``torn`` counts (positions saved before
    they were kept may omit them while nobody has torn anything down)."""
    if data is None and not any(torn):
        data = [[] for _ in torn]
    if not isinstance(data, list) or len(data) != len(torn) or any(
            not isinstance(cards, list) or len(cards) != count
            for cards, count in zip(data, torn, strict=True)):
        raise ValueError("torn_cards must list, per player, the cards it tore down "
                         "(as many as 'torn' counts)")
    return [tuple(parse_card(x) for x in cards) for cards in data]


def _tower(values: Any) -> tuple[int, ...]:
    """A tower's values (bottom to top), if they are cards and a legal tower."""
    tower = tuple(_number(v, "a tower card", 0, 15) for v in values)
    if not rules.valid_tower(tower):
        raise ValueError(f"{list(tower)} is not a legal tower (bottom to top)")
    return tower


def _check_cards(players: int, loose: list[int], towers: list[tuple[int, ...]],
                 torn: int) -> None:
    """The cards in piles, display, hand and towers plus the torn-down ones are the deck."""
    cards = Counter(loose)
    for index, tower in enumerate(towers):
        suit = index % 5 * 16
        cards.update(suit + v for v in tower)
    full = Counter(deck(players))
    if cards - full or sum(cards.values()) + torn != len(deck(players)):
        extra = ", ".join(CARD_NAMES[c] for c in (cards - full)) or "none"
        raise ValueError(f"the cards are not the {len(deck(players))}-card deck "
                         f"(too many: {extra}; {sum(cards.values())} cards + {torn} torn down)")
