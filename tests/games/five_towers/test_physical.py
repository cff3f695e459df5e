"""The rulebook's re-bid procedure (option rebid="physical") and its DEFAULT edge cases."""
from __future__ import annotations

import random

from towerplay import games
from towerplay.games.five_towers.state import BIDDING, TAKING

from tests.games.five_towers.util import legal, play, position

DISPLAY = ["sand7", "candy3", "candy5", "tree1", "scrap9"]
STUCK = {"sand": (6, 4)}  # the 7 fits neither on the 4 nor, after a tear-down, on the 6


def fail_all_five(state, seat_hand=("sand7", "candy3", "candy5", "tree1", "scrap9")) -> None:
    play(state, *[f"take {c}" for c in seat_hand], "no-teardown")
    while state.phase != BIDDING:
        play(state, legal(state)[0])


def test_any_bid_is_allowed_in_physical_mode() -> None:
    state = position(3, DISPLAY, towers={1: STUCK}, rebid="physical")
    play(state, "bid 1")
    assert legal(state) == ["bid 2", "bid 3", "bid 4", "bid 5", "pass"]


def test_rebidder_passes_and_the_best_remaining_bid_wins() -> None:
    state = position(3, DISPLAY, towers={1: STUCK}, rebid="physical")
    play(state, "bid 2", "bid 5")
    fail_all_five(state)
    assert state.to_move == 1 and legal(state) == ["bid 3", "bid 4", "pass"]
    play(state, "pass")  # seat 2 never acted (the 5 ended the auction): now it may
    assert state.to_move == 2
    play(state, "pass")
    assert state.phase == TAKING and state.builder == 0 and state.need == 2


def test_opener_rebid_may_be_0_and_then_the_special_case_applies() -> None:
    state = position(2, DISPLAY, towers={0: STUCK}, rebid="physical", opener=0)
    play(state, "bid 5")
    fail_all_five(state)
    assert state.to_move == 0 and legal(state) == ["bid 0", "bid 1", "bid 2", "bid 3",
                                                   "bid 4", "pass"]
    play(state, "bid 0")
    assert state.to_move == 1
    play(state, "pass")
    assert state.round == 2 and state.opener == 0 and all(t == () for t in state.towers[5:])


def test_a_chain_of_invalid_bids() -> None:
    # seat 1 cannot build 5 (its sand tower), seat 0 not even 3 (its candy tower too)
    state = position(3, DISPLAY, towers={0: {**STUCK, "candy": (2, 1)}, 1: STUCK},
                     rebid="physical")
    play(state, "bid 4", "bid 5")
    fail_all_five(state)
    assert state.to_move == 1 and legal(state) == ["pass"]  # nothing between 4 and 5
    play(state, "pass", "pass")  # seat 1 gives up, seat 2 gets its turn and passes
    assert state.builder == 0 and state.need == 4 and state.doomed
    play(state, "take sand7", "take candy3", "take candy5", "take tree1", "no-teardown")
    while state.phase != BIDDING:
        play(state, legal(state)[0])
    assert state.to_move == 0 and legal(state) == ["bid 0", "bid 1", "bid 2", "bid 3", "pass"]
    play(state, "bid 2")
    assert state.phase == TAKING and not state.doomed
    assert legal(state) == ["take tree1", "take scrap9"]


def test_physical_random_games_end() -> None:
    game = games.load("five_towers", rebid="physical")
    for seed in range(30):
        state = game.start(players=2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
            assert steps < 5000
        again = game.from_json(state.to_json())
        assert again.to_json() == state.to_json()


def test_physical_positions_round_trip_through_json_mid_rebid() -> None:
    game = games.load("five_towers", rebid="physical")
    seen_doomed = 0
    for seed in range(6):
        state = game.start(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seen_doomed += state.doomed
            again = game.from_json(state.to_json())
            assert again.to_json() == state.to_json()
            assert again.legal_actions() == state.legal_actions()
            assert again.view(0) == state.view(0)
            state.apply(rng.choice(state.legal_actions()))
    assert seen_doomed  # random bids are often invalid: the re-bid path was exercised
