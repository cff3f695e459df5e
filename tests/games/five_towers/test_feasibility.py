"""Feasibility: the digital game offers exactly the bids, takes, tear-downs and
placements that can still be completed (checked against brute force)."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from towerplay import games
from towerplay.games.five_towers import rules
from towerplay.games.five_towers.cards import BID, NO_TEARDOWN, PASS, PLACE, TAKE, TEARDOWN
from towerplay.games.five_towers.state import BIDDING, PLACING, TAKING, TEARING

from tests.games.five_towers.util import brute_completable, brute_fits


def check_exact(state) -> None:
    """Every offered action can be completed, and every refused one cannot."""
    legal = set(state.legal_actions())
    if state.phase == BIDDING:
        seat = state.to_move
        towers = state.seat_towers(seat)
        high = state.high_bid(exclude=seat)[0]
        low = max(high + 1, 0 if seat == state.opener else 1)
        for k in range(low, len(state.display) + 1):
            assert (BID[k] in legal) == brute_completable(towers, [], state.display, k), k
        return
    towers = state.seat_towers(state.builder)
    if state.phase == TAKING:
        for c in set(state.display):
            rest = list(state.display)
            rest.remove(c)
            ok = brute_completable(towers, state.hand + [c], rest, state.need - 1)
            assert (TAKE[c] in legal) == ok, c
    elif state.phase == TEARING:
        assert (NO_TEARDOWN in legal) == brute_fits(towers, state.hand, teardown_used=True)
        for s, tower in enumerate(towers):
            lowered = list(towers)
            lowered[s] = tower[:-1]
            ok = rules.can_tear_down(tower) and brute_fits(lowered, state.hand, True)
            assert (TEARDOWN[s] in legal) == ok, s
    elif state.phase == PLACING:
        for c in set(state.hand):
            tower = towers[c >> 4]
            rest = list(state.hand)
            rest.remove(c)
            placed = list(towers)
            placed[c >> 4] = tower + (c & 15,)
            ok = rules.can_place(rules.tower_top(tower), c & 15) and brute_fits(
                placed, rest, teardown_used=True)
            assert (PLACE[c] in legal) == ok, c


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 5))
def test_offered_actions_are_exactly_the_completable_ones(seed: int, players: int) -> None:
    state = games.load("five_towers").start(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        check_exact(state)
        legal = state.legal_actions()
        # lean towards building (more interesting positions than endless passing)
        bids = [a for a in legal if a.kind == 0 and a.arg > 0]
        state.apply(rng.choice(bids) if bids and rng.random() < 0.7 else rng.choice(legal))


def test_no_dead_ends_in_many_random_games() -> None:
    game = games.load("five_towers")
    for seed in range(60):
        state = game.start(players=2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            assert legal and PASS not in legal or state.phase == BIDDING
            state.apply(rng.choice(legal))
        assert not state.hand and state.phase == 4


def test_memoised_checks_agree_with_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        top = rng.choice([16, 0, 8, 9, *range(16)])
        values = tuple(sorted(rng.sample(range(16), rng.randint(0, 4))))
        from tests.games.five_towers.util import placeable_in_order
        assert rules.placeable_all(top, values) == placeable_in_order(top, values)
