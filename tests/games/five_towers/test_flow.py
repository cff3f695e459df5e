"""Rounds, special cases and the end of the game."""
from __future__ import annotations

import random

import pytest

from towerplay import games
from towerplay.core import IllegalAction
from towerplay.games.five_towers.cards import deck
from towerplay.games.five_towers.state import OVER, TAKING

from tests.games.five_towers.util import cards, legal, play, position

DISPLAY = ["sand7", "candy3", "candy5", "tree1", "scrap9"]


def test_opener_must_bid_and_others_bid_strictly_higher() -> None:
    state = position(3, DISPLAY)
    assert "pass" not in legal(state) and legal(state)[0] == "bid 0"
    play(state, "bid 2")
    assert legal(state) == ["bid 3", "bid 4", "bid 5", "pass"]
    with pytest.raises(IllegalAction):
        state.apply("bid 2")


def test_special_case_opener_bids_0_and_all_pass() -> None:
    state = position(3, DISPLAY, opener=1)
    discard = len(state.discard)
    play(state, "bid 0", "pass", "pass")
    assert state.round == 2 and state.opener == 1 and state.to_move == 1
    assert len(state.discard) == discard + 5 and all(t == () for t in state.towers)


def test_opener_wins_when_everyone_passes_after_a_real_bid() -> None:
    state = position(3, DISPLAY, opener=2)
    play(state, "bid 2", "pass", "pass")
    assert state.phase == TAKING and state.builder == 2 and state.need == 2


def test_one_lap_only_and_next_start_left_of_the_builder() -> None:
    state = position(3, DISPLAY, opener=1)
    play(state, "bid 1", "bid 2", "pass")  # seats 1, 2, 0: the lap is over
    assert state.builder == 2
    play(state, "take candy5", "take candy3", "no-teardown", "place candy5", "place candy3")
    assert state.opener == 0 and state.to_move == 0 and len(state.discard) == 3


def test_only_feasible_bids_are_offered() -> None:
    # seat 1 has a capped sand tower and a candy tower topped by 1: only tree1 and
    # scrap9 can be built (tearing down the candy 1 leaves a 2: still nothing fits)
    state = position(2, DISPLAY, towers={1: {"sand": (4, 0), "candy": (2, 1)}})
    play(state, "bid 1")
    assert legal(state) == ["bid 2", "pass"]


def test_teardown_may_empty_a_tower_but_never_a_tower_top() -> None:
    state = position(2, ["candy3", "tree1", "tree2", "scrap9", "sand12"],
                     towers={0: {"sand": (5,), "candy": (7, 0)}})
    play(state, "bid 1", "pass", "take tree2")
    assert legal(state) == ["no-teardown", "teardown sand"]  # never the candy 0
    play(state, "teardown sand", "place tree2")
    assert state.seat_towers(0)[4] == () and state.torn[0] == 1


def test_8_and_9_exceptions_in_play() -> None:
    state = position(2, ["sand15", "sand9", "candy3", "tree1", "scrap0"],
                     towers={0: {"sand": (10, 8)}, 1: {"sand": (2,)}})
    play(state, "bid 1", "pass")
    assert "take sand15" in legal(state)  # anything goes on an 8
    play(state, "take sand15", "no-teardown", "place sand15")
    assert state.seat_towers(0)[4] == (10, 8, 15)  # the 15 on the 8 restarts the descent
    assert state.opener == 1 and state.round == 2  # seat 1 opens, left of the builder


def test_8_takes_anything_then_the_descent_goes_on_from_that_card() -> None:
    state = position(2, ["sand15", "sand12", "sand14", "tree1", "scrap0"],
                     towers={0: {"sand": (10, 8)}})
    play(state, "bid 3", "pass", "take sand15", "take sand12", "take sand14", "no-teardown")
    # 15 first (on the 8), then 14, then 12; 12 or 14 first would strand the 15
    assert legal(state) == ["place sand15"]
    play(state, "place sand15")
    assert legal(state) == ["place sand14"]
    play(state, "place sand14", "place sand12")
    assert state.seat_towers(0)[4] == (10, 8, 15, 14, 12)


def test_duplicates_of_the_110_card_deck_never_go_on_each_other() -> None:
    # equal values are not "lower": the two sand 12s need an 8 between them
    state = position(4, ["sand12", "sand12", "candy1", "tree1", "scrap1"])
    assert legal(state) == ["bid 0", "bid 1", "bid 2", "bid 3", "bid 4"]
    play(state, "bid 4", "pass", "pass", "pass")
    assert legal(state) == ["take candy1", "take tree1", "take scrap1", "take sand12"]
    state = position(4, ["sand12", "sand12", "sand8", "tree1", "scrap1"])
    assert "bid 5" in legal(state)
    play(state, "bid 5", "take sand12", "take sand12", "take sand8", "take tree1",
         "take scrap1", "no-teardown")
    assert legal(state) == ["place tree1", "place scrap1", "place sand12"]
    play(state, "place sand12", "place sand8", "place sand12", "place tree1", "place scrap1")
    assert state.seat_towers(0)[4] == (12, 8, 12)


def test_tied_players_all_win() -> None:
    state = games.load("five_towers").start(players=3, seed=1)
    state.towers[0:15] = [(9, 5, 0), (), (), (), (), (5,), (3, 2, 1), (6,), (), (7,),
                          (14, 13, 12, 11), (), (), (), ()]
    state.torn = [0, 0, 1]
    state.to_move = None
    # 6 + 3 bonus; 1 + 3 + 1 + 1 + 3 bonus; 4 + 4 bonus - 1
    assert state.scores() == [9, 9, 7] and state.winners() == [0, 1]
    assert state.rewards() == [0.5, 0.5, 0.0]


def test_first_exhaustion_with_an_empty_discard_pile_ends_the_game() -> None:
    # [DEFAULT] of §3.6: nothing to reshuffle, so the game is over
    state = position(2, ["sand9", "candy3", "candy5", "tree1", "scrap9"])
    state.discard = []
    state.draw = []
    play(state, "bid 5", "take sand9", "take candy3", "take candy5", "take tree1",
         "take scrap9", "no-teardown", "place sand9", "place candy5", "place candy3",
         "place tree1", "place scrap9")
    assert state.is_over and state.reshuffled and state.round == 1


def test_9_on_any_card_but_a_0() -> None:
    state = position(2, ["sand9", "candy9", "tree1", "scrap3", "scrap2"],
                     towers={0: {"sand": (4, 1), "candy": (5, 0)}})
    play(state, "bid 1", "pass")
    # the sand 9 goes on the 1; the candy 9 cannot go on the candy 0
    assert legal(state) == ["take tree1", "take scrap2", "take scrap3", "take sand9"]


def test_max_bid_is_the_display_size_in_a_short_final_display() -> None:
    state = games.load("five_towers").start(players=3, seed=9)
    state.reshuffled = True
    state.draw = cards("candy3", "tree1", "scrap9")
    state.opener = 0
    state._start_round()
    state._legal = None
    assert state.final and len(state.display) == 3
    assert legal(state) == ["bid 0", "bid 1", "bid 2", "bid 3"]
    play(state, "bid 3")  # the maximum: the auction ends at once
    assert state.phase == TAKING and state.builder == 0
    play(state, "take candy3", "take tree1", "take scrap9", "no-teardown",
         "place candy3", "place tree1", "place scrap9")
    assert state.is_over and state.phase == OVER and state.legal_actions() == []


def test_special_case_in_the_final_round_ends_the_game() -> None:
    state = games.load("five_towers").start(players=2, seed=9)
    state.reshuffled = True
    state.draw = cards("candy3", "tree1")
    state._start_round()
    state._legal = None
    play(state, "bid 0", "pass")
    assert state.is_over


@pytest.mark.parametrize("players,first_pass", [(2, 16), (3, 16), (4, 22), (5, 22)])
def test_reshuffle_after_the_first_exhaustion_and_end_after_the_second(
        players: int, first_pass: int) -> None:
    state = games.load("five_towers").start(players=players, seed=players)
    rng = random.Random(players)
    size = len(deck(players))
    reshuffled_at = None
    while not state.is_over:
        before = (state.round, state.reshuffled, len(state.discard), len(state.display))
        state.apply(rng.choice(state.legal_actions()))
        if state.reshuffled and reshuffled_at is None:
            reshuffled_at = before[0]
            # the whole discard pile, this round's leftovers included, is the new pile
            assert len(state.draw) + len(state.display) == before[2] + before[3]
            second_pile = len(state.draw) + len(state.display)
            assert len(state.discard) == 0
    assert reshuffled_at == first_pass
    assert state.round == first_pass + -(-second_pile // 5)
    total = sum(len(t) for t in state.towers) + sum(state.torn) + len(state.discard)
    assert total == size  # every card is in a tower, torn down, or discarded


def test_the_reshuffle_is_seeded_and_hidden_from_bots() -> None:
    game = games.load("five_towers")
    a, b = game.start(2, seed=4), game.start(2, seed=4)
    world = a.determinize(0, random.Random(1))
    assert world.view(0) == a.view(0) and world.draw != a.draw
    assert sorted(world.draw) == sorted(a.draw)
    assert a.to_json() == b.to_json()
    assert "draw" not in a.view(0) and a.view(0)["draw_size"] == len(a.draw)


def test_an_opening_maximum_bid_ends_the_auction_before_anyone_else_acts() -> None:
    state = position(5, DISPLAY, opener=3)
    play(state, "bid 5")
    assert state.phase == TAKING and state.builder == 3 and state.bids.count(-2) == 4
    play(state, "take sand7", "take candy3", "take candy5", "take tree1", "take scrap9",
         "no-teardown", "place sand7", "place candy5", "place candy3", "place tree1",
         "place scrap9")
    assert state.opener == 4 and state.to_move == 4 and len(state.discard) == 0
