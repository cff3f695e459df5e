"""The worked examples of both rulebooks (seeds 000 Polish, 003 Hungarian)."""
from __future__ import annotations

import random

from towerplay.games.five_towers import scoring
from towerplay.games.five_towers.state import BIDDING, PASSED, TAKING, UNACTED

from tests.games.five_towers.util import legal, play, position

# Zuza's display in the building example: a sand 7 and four cards for new towers
DISPLAY = ["sand7", "candy3", "candy5", "tree1", "scrap9"]


def test_bidding_example_max_bid_ends_the_auction_at_once() -> None:
    # Antek (0) opens with 3, Bartek (1) passes, Zuza (2) bids 5 and takes at once;
    # Sebastian (3) gets no turn: nobody can bid more than 5.
    state = position(4, DISPLAY)
    play(state, "bid 3", "pass")
    assert legal(state) == ["bid 4", "bid 5", "pass"]
    play(state, "bid 5")
    assert state.phase == TAKING and state.to_move == 2 and state.need == 5
    assert state.bids == [3, PASSED, 5, UNACTED]


def test_building_example_tear_down_the_6_to_place_the_7() -> None:
    # Zuza (seat 2) has only a sand tower with a 6 on top and wins all five cards.
    state = position(4, DISPLAY, towers={2: {"sand": (6,)}}, opener=0)
    play(state, "bid 3", "pass", "bid 5")
    play(state, "take sand7", "take candy3", "take candy5", "take tree1", "take scrap9")
    # the 7 cannot go on the 6, so only tearing the 6 down is offered
    assert legal(state) == ["teardown sand"]
    play(state, "teardown sand")
    assert state.torn[2] == 1 and state.seat_towers(2)[4] == ()
    # candy3 first would strand candy5: it is not offered
    assert "place candy3" not in legal(state) and "place candy5" in legal(state)
    play(state, "place sand7", "place candy5", "place candy3", "place tree1", "place scrap9")
    assert state.seat_towers(2) == [(5, 3), (), (1,), (9,), (7,)]
    assert state.opener == 3 and state.round == 2 and state.phase == BIDDING


def test_invalid_bid_example_cannot_be_bid_in_feasible_mode() -> None:
    # With a sand tower 6, 4 Zuza cannot build all five (the 7 fits neither 4 nor 6).
    state = position(4, DISPLAY, towers={2: {"sand": (6, 4)}}, opener=0)
    play(state, "bid 3", "pass")
    assert legal(state) == ["bid 4", "pass"]
    # she bids 4, so Sebastian (seat 3) gets his chance to bid 5
    play(state, "bid 4")
    assert state.to_move == 3 and legal(state) == ["bid 5", "pass"]
    play(state, "bid 5")
    assert state.phase == TAKING and state.builder == 3 and state.need == 5


def test_invalid_bid_example_physical_rebid() -> None:
    # Physical mode: Zuza bids 5, finds she cannot build, returns everything, re-bids 4,
    # and Sebastian, who had no turn, may now bid 5.
    state = position(4, DISPLAY, towers={2: {"sand": (6, 4)}}, opener=0, rebid="physical")
    play(state, "bid 3", "pass", "bid 5")
    assert state.to_move == 2 and state.doomed
    play(state, "take sand7", "take candy3", "take candy5", "take tree1", "take scrap9",
         "teardown sand", "place candy5", "place candy3", "place tree1", "place scrap9")
    # the sand 7 fits nowhere: the bid was invalid, everything goes back
    assert state.phase == BIDDING and state.to_move == 2
    assert state.seat_towers(2) == [(), (), (), (), (6, 4)] and state.torn[2] == 0
    assert len(state.display) == 5 and state.hand == []
    assert legal(state) == ["bid 4", "pass"]
    play(state, "bid 4")
    assert state.to_move == 3 and legal(state) == ["bid 5", "pass"]
    play(state, "pass")
    assert state.phase == TAKING and state.builder == 2 and state.need == 4


def test_scoring_examples() -> None:
    assert scoring.tower_points((9, 5, 0)) == 6             # capped 3-card tower
    assert scoring.tower_points((15, 12, 10, 6, 3, 0)) == 12  # capped 6-card tower
    assert scoring.tallest_bonus([(15, 12, 10, 6, 3, 0), (9, 5, 0)]) == 6  # + its 6 cards
    assert scoring.tower_points((11, 7, 4, 2)) == 4          # uncapped 4-card tower
    assert scoring.teardown_penalty(2) == 3                  # 2 torn-down cards
    assert scoring.teardown_penalty(3) == 6 and scoring.teardown_penalty(0) == 0
    assert scoring.total([(15, 12, 10, 6, 3, 0), (9, 5, 0), (11, 7, 4, 2)], torn=2) == 25


def test_total_is_its_parts_summed() -> None:
    # total() scores in one pass (observers call it at most steps): it must stay the sum of
    # the rules' parts, capped towers, empty ones and tear-downs included
    rng = random.Random(5)
    for _ in range(300):
        towers = [tuple(sorted(rng.sample(range(16), rng.randrange(7)), reverse=True))
                  for _ in range(5)]
        torn = rng.randrange(6)
        parts = (sum(scoring.tower_points(t) for t in towers) + scoring.tallest_bonus(towers)
                 - scoring.teardown_penalty(torn))
        assert scoring.total(towers, torn) == parts


def test_scoring_example_as_the_end_screen_breaks_it_down() -> None:
    # the rulebooks' score sheet: a capped 6-card tower (12) chosen as the tallest (+6), a
    # capped 3-card tower (6), an uncapped 4-card tower (4), two cards torn down (-3)
    state = position(2, DISPLAY, towers={0: {"scary": (15, 12, 10, 6, 3, 0), "tree": (9, 5, 0),
                                             "scrap": (11, 7, 4, 2)}})
    state.torn[0] = 2
    assert state.breakdown(0) == [
        ["scary tower: 6 cards, capped ×2", 12], ["tree tower: 3 cards, capped ×2", 6],
        ["scrap tower: 4 cards", 4], ["tallest tower (scary): +1 per card", 6],
        ["torn down: 2 cards (1+2)", -3]]
    assert sum(points for _, points in state.breakdown(0)) == state.scores()[0] == 25


def test_bidding_example_hungarian_names_the_same_rule() -> None:
    # [HU] Hedvig opens 3, Péter passes, Anna bids 5 and takes all five at once, so Lina
    # (left of Anna) may not bid; Anna then builds and Lina starts the next round
    state = position(4, DISPLAY, opener=1)
    play(state, "bid 3", "pass", "bid 5")
    assert state.phase == TAKING and state.builder == 3 and state.bids[0] == UNACTED
    play(state, *(f"take {c}" for c in DISPLAY), "no-teardown",
         "place sand7", "place candy5", "place candy3", "place tree1", "place scrap9")
    assert state.opener == 0 and state.round == 2
