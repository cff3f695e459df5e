"""The greedy bot and the search hooks of 5 Towers (spec §3.9): the playout policy, the
candidate moves a search weighs and the position value that judges cut playouts.

The greedy bot values a player's towers as :mod:`.plans` does: points now plus a growth
potential that shrinks as the game runs out. It bids for the display that raises that
value most (denying the high bidder counts too), takes and tears down according to the
best complete plan, and places each suit's cards in the order that leaves the most
useful top. The playout policy (:func:`rollout_action`) is a cheap look-up version of it.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from towerplay.core.heuristics import Evaluation, Heuristics
from towerplay.core.memo import Memo
from towerplay.games.five_towers import learned, rules
from towerplay.games.five_towers.cards import BID, NO_TEARDOWN, NO_TOWER, PASS, PLACE, TAKE, Action
from towerplay.games.five_towers.plans import (
    NEG,
    W_CAP,
    W_OPEN,
    Towers,
    best_build,
    best_plan,
    bid_gains,
    horizon_of,
    openness,
    orders,
    player_value,
    rounds_left,
    teardown_options,
    tower_value,
)
from towerplay.games.five_towers.state import BIDDING, PLACING, TAKING, TEARING, FiveTowersState

BID_MARGIN = 0.3
"""The least gain worth a bid."""
LEAD_SCALE = (3.5, 1.1)
"""A lead of ``a + b·√(rounds left)`` points of :func:`evaluate` is worth about 73% odds
(see :func:`value_scale`), fitted by ``benchmarks/calibrate_five_towers.py``
(docs/bots-and-ladder.md's 5 Towers section has the fit)."""


# ------------------------------------------------------------------ the greedy bot
def greedy_action(state: FiveTowersState, rng: random.Random) -> Action:
    """The greedy bot's choice for ``state.to_move`` (``state`` is determinized).

    >>> from towerplay import games
    >>> state = games.load("five_towers").start(players=2, seed=1)
    >>> greedy_action(state, random.Random(0)) in state.legal_actions()
    True
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.doomed:  # physical mode, an invalid bid: anything until it fails
        return rng.choice(legal)
    horizon = horizon_of(state)
    if state.phase == BIDDING:
        return _greedy_bid(state, legal, horizon)
    seat = state.builder
    towers = state.seat_towers(seat)
    torn = state.torn[seat]
    if state.phase == TAKING:
        rest = _still_to_take(state, towers, torn, horizon)
        action = TAKE[rest[0]] if rest else legal[0]
    elif state.phase == TEARING:
        best, action = NEG, legal[0]
        for option in legal:
            value = best_build(towers, torn, state.hand,
                               None if option is NO_TEARDOWN else option.arg, horizon)[0]
            if value > best:
                best, action = value, option
    else:
        plan = best_build(towers, torn, state.hand, None, horizon)[1]
        action = PLACE[plan[0][0]] if plan else legal[0]
    return action if action in legal else rng.choice(legal)


_HANDS: Memo[tuple[object, ...], tuple[int, ...]] = Memo(maxsize=100_000)
"""The best hand of a round, by the round's display and bid (see :func:`_still_to_take`)."""


def _still_to_take(state: FiveTowersState, towers: Towers, torn: int,
                   horizon: float) -> list[int]:
    """The cards of the best hand (see :func:`best_plan`) not taken yet.

    The best of all buildable hands is also the best of those holding the cards taken so
    far, so the choice made at a round's first take is looked up at its later takes instead
    of searched again (unless the cards taken so far were chosen otherwise).
    """
    taken = state.hand
    key = (*towers, torn, horizon, state.need + len(taken), *sorted(state.display + taken))
    hand = _HANDS.get(key)
    rest = _without(hand, taken) if hand is not None else None
    if rest is None:  # not looked up yet, or the cards taken so far were chosen otherwise
        hands = [tuple(sorted(taken + list(plan))) for plan in state.plans]
        hand = best_plan(towers, torn, hands, horizon)[1]
        if not taken:
            _HANDS.put(key, hand)
        rest = _without(hand, taken) or []  # always found: the hands hold the cards taken
    return rest


def _without(hand: tuple[int, ...], taken: list[int]) -> list[int] | None:
    """The cards of ``hand`` left after ``taken`` (None if ``hand`` lacks one of them)."""
    rest = list(hand)
    for card in taken:
        if card not in rest:
            return None
        rest.remove(card)
    return rest


def _greedy_bid(state: FiveTowersState, legal: list[Action], horizon: float) -> Action:
    """Try each legal bid, let the later bidders answer with :func:`_one_step_bid`, and
    keep the bid whose outcome is best: own gain if it wins, minus a share of the
    winner's gain if someone else does."""
    gains: dict[int, list[float]] = {}

    def gains_of(seat: int) -> list[float]:
        if seat not in gains:
            gains[seat] = bid_gains(state, seat, horizon)
        return gains[seat]

    seat = state.to_move
    assert seat is not None
    mine = gains_of(seat)
    weight = 1 / max(1, state.players - 1) ** 0.5
    best, choice = NEG, legal[0]
    for action in legal:
        if action is not PASS and action.arg >= len(mine):
            continue  # cannot be built: never bid it, even where the rules allow it
        world = state.copy()
        world.apply(action)
        while world.phase == BIDDING and world.round == state.round and not world.is_over:
            world.apply(_one_step_bid(world, world.legal_actions(), gains_of))
        if world.round != state.round or world.is_over or world.builder < 0:
            value = 0.0  # everyone passed on a 0: nobody builds
        elif world.builder == seat:
            value = mine[world.need] - 0.05 * world.need - BID_MARGIN
        else:
            their = gains_of(world.builder)
            value = -weight * (their[world.need] if world.need < len(their) else 0.0)
        if value > best:
            best, choice = value, action
    return choice


def _one_step_bid(state: FiveTowersState, legal: list[Action],
                  gains_of: Callable[[int], list[float]]) -> Action:
    """Bid for the best gain above the high bid, if it beats leaving the cards to the
    high bidder; otherwise pass (or open with 0)."""
    seat = state.to_move
    assert seat is not None
    gains = gains_of(seat)
    high, high_seat = state.high_bid(exclude=seat)
    denial = 0.0
    if high > 0:  # what passing leaves to the current high bidder
        their = gains_of(high_seat)
        denial = their[high] if high < len(their) else 0.0
        denial /= max(1, state.players - 1) ** 0.5
    best, choice = BID_MARGIN - denial, PASS if PASS in legal else BID[0]
    for action in legal:
        if action is not PASS and action.arg < len(gains):
            value = gains[action.arg] - 0.05 * action.arg
            if value > best:
                best, choice = value, action
    return choice


# ------------------------------------------------------------------ the playout policy
_OPEN = tuple(W_OPEN * openness(t) for t in range(17))
"""W_OPEN × openness, by top (NO_TOWER included)."""
_GOOD_STEP = 0.25
"""A card is worth bidding for in a playout when it adds at least this much value."""


def _gain(top: int, length: int, value: int, horizon: float) -> float:
    """How much placing ``value`` on a tower (``top``, ``length`` cards) raises its
    :func:`tower_value` (``-inf`` if it does not fit)."""
    if not rules.OK[top][value]:
        return NEG
    if top == NO_TOWER:
        old = horizon * _OPEN[NO_TOWER]
    else:
        old = length + horizon * (_OPEN[top] + W_CAP * length)
    length += 1
    if value == 0:
        return 2.0 * length - old
    return length + horizon * (_OPEN[value] + W_CAP * length) - old


def rollout_action(state: FiveTowersState, rng: random.Random) -> Action:
    """A cheap greedy-like playout move (a few table look-ups per card, no search).

    Bidding: bid for the display cards that each raise the seat's tower value (small
    descending steps, 8s and 9s, a late 0 on a tall tower), else pass. Taking: the card
    that raises its tower most, given the cards of its suit already in hand. Tearing
    down: never, unless forced. Placing: the highest card first (the legal placements
    keep the rest of each suit buildable), so towers come out descending.
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == TEARING:
        return NO_TEARDOWN if NO_TEARDOWN in legal else legal[0]
    if state.doomed:
        return rng.choice(legal)
    if phase == PLACING:
        best = legal[0]
        for action in legal:  # the highest value first
            if (action.arg & 15) > (best.arg & 15):
                best = action
        return best
    if phase == BIDDING:
        return _playout_bid(state, legal, horizon_of(state))
    return _playout_take(state, legal, horizon_of(state), rng)


def _playout_bid(state: FiveTowersState, legal: list[Action], horizon: float) -> Action:
    """As many cards as each raise the seat's towers by a good step (each suit high to
    low), or pass (or open with 0)."""
    seat = state.to_move
    assert seat is not None
    base = seat * 5
    towers = state.towers
    want = 0
    for group in state.groups:
        if not group:
            continue
        suit = group[0] >> 4
        tower = towers[base + suit]
        top = tower[-1] if tower else NO_TOWER
        length = len(tower)
        for card in reversed(group):  # high to low: descending steps
            value = card & 15
            if _gain(top, length, value, horizon) >= _GOOD_STEP:
                want += 1
                top = value
                length += 1
    choice = None
    for action in legal:
        if action is not PASS and action.arg <= want:
            if choice is None or action.arg > choice.arg:
                choice = action
    if choice is None or choice.arg == 0 and PASS in legal:
        return PASS if PASS in legal else legal[0]
    return choice


def _playout_take(state: FiveTowersState, legal: list[Action], horizon: float,
                  rng: random.Random) -> Action:
    """The card that adds most on top of what is already in hand (ties broken at random)."""
    base = state.builder * 5
    towers = state.towers
    hand = state.hand
    best_gain, best = NEG, legal[0]
    for action in legal:
        card = action.arg
        suit = card >> 4
        tower = towers[base + suit]
        top = tower[-1] if tower else NO_TOWER
        length = len(tower)
        for held in reversed(hand):
            if held >> 4 == suit and rules.OK[top][held & 15]:
                top = held & 15
                length += 1
        gain = _gain(top, length, card & 15, horizon)
        if gain == NEG:
            gain = -5.0  # fits only after a tear-down or in another order
        gain += rng.random() * 0.01
        if gain > best_gain:
            best_gain, best = gain, action
    return best


# ------------------------------------------------------------------ the search hooks
_BUILDS: Memo[tuple[object, ...], Action] = Memo(maxsize=100_000)
"""The greedy builder's choices by public position (searches meet the same ones often)."""


def search_actions(state: FiveTowersState, rng: random.Random) -> list[Action]:
    """The moves a search weighs: every bid, but the builder's taking, tearing down and
    placing follow the greedy plan (an exact best build for the heuristic value), so the
    search spends its budget on the auction, where judgement matters. In a round whose
    display the searching seat has not seen yet (a guess of the draw pile), the builder
    makes the playout policy's move instead: a plan for an imagined display is not worth
    its cost.

    >>> from towerplay import games
    >>> state = games.load("five_towers").start(players=2, seed=1)
    >>> search_actions(state, random.Random(0)) == state.legal_actions()
    True
    """
    legal = state.legal_actions()
    if state.phase == BIDDING or len(legal) == 1 or state.doomed:
        return legal
    if state.round > state.known_round:  # a guessed display: not worth a full plan
        return [rollout_action(state, rng)]
    seat = state.builder
    key = (state.phase, *state.seat_towers(seat), state.torn[seat], *state.hand, -1,
           *state.display, state.need, len(state.draw), len(state.discard), state.reshuffled)
    action = _BUILDS.get(key)
    if action is None:
        action = _BUILDS.put(key, greedy_action(state, rng))
    return [action]


_BIDS: Memo[tuple[object, ...], Action] = Memo(maxsize=100_000)
"""The greedy bids by public auction position (see :func:`model_action`)."""


def model_action(state: FiveTowersState, rng: random.Random) -> Action:
    """The greedy bot's move, as a search that models the other seats expects it
    (``ismcts:opponents=model``), at a fraction of its cost: in a round whose display the
    searching seat has seen, the greedy bid and build depend on public facts only (the
    display, every tower, the bids so far, the pile sizes), so each is worked out once per
    position and remembered; in a guessed round the playout policy stands in for it, as
    in :func:`search_actions`.

    >>> from towerplay import games
    >>> state = games.load("five_towers").start(players=2, seed=1)
    >>> model_action(state, random.Random(0)) == greedy_action(state, random.Random(0))
    True
    """
    if state.doomed:  # physical mode, an invalid bid: as the greedy bot, anything
        return rng.choice(state.legal_actions())
    if state.phase != BIDDING:
        return search_actions(state, rng)[0]
    if state.round > state.known_round:
        return rollout_action(state, rng)
    key = (*state.towers, *state.torn, -1, *state.display, -1, *state.bids, -1, *state.caps,
           state.opener, state.to_move, len(state.draw), len(state.discard), state.reshuffled,
           state.physical)
    action = _BIDS.get(key)
    if action is None:
        action = _BIDS.put(key, greedy_action(state, rng))
    return action


def evaluate(state: FiveTowersState) -> list[float]:
    """A heuristic value per seat of a position (higher is better): each seat's
    :func:`player_value` (points, room to grow, the chance to be capped, the tallest-tower
    bonus, the tear-down penalty), where the builder's cards in hand (and, while it takes,
    the best cards still to take) count as placed in their best order. A finished game
    gets its scores."""
    if state.to_move is None:
        return list(state.scores())
    horizon = horizon_of(state)
    values = []
    builder = state.builder
    for seat in range(state.players):
        towers = state.seat_towers(seat)
        torn = state.torn[seat]
        value = NEG
        if seat == builder:
            phase = state.phase
            if phase == TAKING and state.plans:
                # the winner of the auction: its best completion of the cards to take
                hands = [tuple(sorted(state.hand + list(plan))) for plan in state.plans]
                value = best_plan(towers, torn, hands, horizon)[0]
            elif phase == PLACING:
                value = best_build(towers, torn, state.hand, None, horizon)[0]
            elif state.hand:
                value = best_plan(towers, torn, [tuple(state.hand)], horizon)[0]
        if value == NEG:
            value = player_value(towers, torn, horizon)
        values.append(value)
    return values


def value_scale(state: FiveTowersState) -> float:
    """The lead in :func:`evaluate`'s points that makes a clear (73%) favourite: small in
    the last rounds, larger while many cards are still to come (see :data:`LEAD_SCALE`).

    >>> from towerplay import games
    >>> state = games.load("five_towers").start(players=2, seed=1)
    >>> round(value_scale(state), 1)    # 23 rounds to come
    8.8
    """
    base, growth = LEAD_SCALE
    root: float = rounds_left(state) ** 0.5
    return base + growth * root


class FiveTowersHeuristics(Heuristics[FiveTowersState, Action]):
    """What the bots know of 5 Towers (the functions above)."""

    search_defaults = {"depth": 8, "c": 0.3, "reuse": False}
    """Playouts of about one round judged by :func:`evaluate` (each lead turned into a win
    chance on :func:`value_scale`) beat full playouts, whose outcome is mostly the luck of
    later draws. Each search starts afresh: a seat bids once a round, so its next search
    always follows a newly shown display, of which a kept tree knew only guesses (the
    docs/bots-and-ladder.md's Strength section has the measurements behind these values)."""

    multiplayer_search_defaults = {"opponents": "model"}
    """From 3 players on, the other seats bid and build as :func:`model_action` (the greedy
    move) instead of being searched: with 2 to 4 other bidders each of their tree nodes
    gets too few visits to bid sensibly, and a search against such bidders won about as
    often as the greedy bot (docs/bots.md has the games)."""

    def greedy_action(self, state: FiveTowersState, rng: random.Random) -> Action:
        return greedy_action(state, rng)

    def rollout_action(self, state: FiveTowersState, rng: random.Random) -> Action:
        return rollout_action(state, rng)

    def search_actions(self, state: FiveTowersState, rng: random.Random) -> list[Action]:
        return search_actions(state, rng)

    def model_action(self, state: FiveTowersState, rng: random.Random) -> Action:
        return model_action(state, rng)

    def evaluate(self, state: FiveTowersState) -> list[float]:
        return evaluate(state)

    def value_scale(self, state: FiveTowersState) -> float:
        return value_scale(state)

    def evaluations(self) -> dict[str, Evaluation[FiveTowersState]]:
        return {**super().evaluations(), "learned": (learned.evaluate, learned.value_scale)}


HEURISTICS = FiveTowersHeuristics()

__all__ = ["HEURISTICS", "greedy_action", "rollout_action", "search_actions", "evaluate",
           "model_action", "value_scale", "player_value", "tower_value", "orders",
           # plans.py's, long imported from here (tests, benchmarks/calibrate_five_towers.py)
           "NEG", "best_build", "best_plan", "rounds_left", "teardown_options"]
