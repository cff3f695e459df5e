"""A refused move says why, in the game's terms, and changes nothing; the seat to move is
told which bids are left out because it could not build them."""
from __future__ import annotations

import pytest

from towerplay import games
from towerplay.core import IllegalAction
from towerplay.games.five_towers.state import FiveTowersState

from tests.games.five_towers.util import cards, play, position

DISPLAY = ["sand7", "candy3", "candy5", "tree1", "scrap9"]


def refused(state: FiveTowersState, action: object) -> str:
    """The reason ``action`` is refused; the position must not change."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)  # type: ignore[arg-type]
    assert state.to_json() == before
    text = str(error.value)
    assert "\n" not in text
    return text


def test_take_of_a_card_not_in_the_display() -> None:
    state = position(2, DISPLAY)
    play(state, "bid 2", "pass")
    assert "tree5 is not in the display; display: candy3 candy5 tree1 scrap9 sand7" in \
        refused(state, "take tree5")


def test_bid_not_above_the_current_bid() -> None:
    state = position(3, DISPLAY)
    play(state, "bid 3")
    assert "not above the current bid of 3 (seat 1)" in refused(state, "bid 1")
    assert "not above the current bid of 3" in refused(state, "bid 3")


def test_opener_may_not_pass() -> None:
    state = position(3, DISPLAY)
    assert "may not pass" in refused(state, "pass")


def test_a_bid_above_the_short_final_display() -> None:
    state = games.load("five_towers").start(players=3, seed=3)
    state.reshuffled = True
    state.draw = cards("sand7", "candy3", "tree1")
    state._start_round()
    state._legal = None
    assert state.final and len(state.display) == 3
    assert "the display holds only 3 cards" in refused(state, "bid 4")


def test_a_bid_that_could_not_be_built_feasible_mode() -> None:
    # seat 2's sand tower ends 6, 4: the sand7 fits neither, so 5 cards cannot be built
    state = position(4, DISPLAY, towers={2: {"sand": (6, 4)}})
    play(state, "bid 3", "pass")
    assert "you could not build 5 of these cards (at most 4" in refused(state, "bid 5")


def test_a_rebid_must_be_lower_physical_mode() -> None:
    state = position(4, DISPLAY, towers={2: {"sand": (6, 4)}}, rebid="physical")
    play(state, "bid 3", "pass", "bid 5", "take sand7", "take candy3", "take candy5",
         "take tree1", "take scrap9", "no-teardown", "place candy5", "place candy3",
         "place tree1", "place scrap9")
    assert state.to_move == 2 and state.phase == 0  # back to the auction
    assert "your bid of 5 could not be built: bid again lower than 5" in \
        refused(state, "bid 5")


def test_place_of_a_zero_that_would_strand_a_card() -> None:
    state = position(2, ["sand0", "sand7", "candy3", "tree1", "scrap9"])
    play(state, "bid 2", "pass", "take sand0", "take sand7", "no-teardown")
    why = refused(state, "place sand0")
    assert "sand0 now would leave sand7 with nowhere to go (a 0 caps the tower)" in why
    assert "place sand7 first" in why


def test_place_that_does_not_fit_the_tower_yet() -> None:
    # the 15 fits only once the 8 is on the 12
    state = position(2, ["sand15", "sand8", "candy3", "tree1", "scrap9"],
                     towers={0: {"sand": (12,)}})
    play(state, "bid 2", "pass", "take sand15", "take sand8", "no-teardown")
    assert "a 15 cannot go on the 12 on top of your sand tower" in \
        refused(state, "place sand15")
    assert "candy3 is not in your hand; hand: sand8 sand15" in refused(state, "place candy3")


def test_place_on_a_capped_tower() -> None:
    state = position(2, DISPLAY, towers={0: {"sand": (6, 4, 0)}},
                     rebid="physical")
    play(state, "bid 5", *(f"take {c}" for c in DISPLAY), "no-teardown")
    assert state.doomed  # an invalid bid: every card may be taken and tried
    assert "your sand tower is capped by a 0: nothing may go on it" in \
        refused(state, "place sand7")


def test_teardowns_refused_with_their_reason() -> None:
    state = position(2, DISPLAY, towers={0: {"candy": (9, 0), "tree": (5,)}})
    play(state, "bid 1", "pass", "take scrap9")
    assert "you have no sand tower to tear down" in refused(state, "teardown sand")
    assert "your candy tower is capped by a 0" in refused(state, "teardown candy")
    assert "first choose 'teardown <suit>' or 'no-teardown'" in refused(state, "place scrap9")


def test_teardown_required_or_useless() -> None:
    # the rulebook's building example: the 7 fits only once the 6 is torn down
    state = position(4, DISPLAY, towers={2: {"sand": (6,), "tree": (4,)}})
    play(state, "bid 3", "pass", "bid 5", *(f"take {c}" for c in DISPLAY))
    assert "fit only after tearing down the top card of your sand tower" in \
        refused(state, "no-teardown")
    assert "('teardown sand')" in refused(state, "teardown tree")


def test_teardown_that_would_strand_the_taken_cards() -> None:
    # the 5 fits on the 9, but not on the 1 under it
    state = position(2, ["tree5", "candy3", "scrap9", "sand7", "scary2"],
                     towers={0: {"tree": (1, 9)}})
    play(state, "bid 1", "pass", "take tree5")
    assert ("without the top card of your tree tower your taken tree cards could not all "
            "be placed") in refused(state, "teardown tree")


def test_take_that_would_make_the_bid_unbuildable() -> None:
    state = position(2, DISPLAY, towers={0: {"sand": (6, 4)}})
    play(state, "bid 4", "pass")
    assert ("with sand7 you could not place all 4 cards you bid for; you may take candy3 "
            "candy5 tree1 scrap9") in refused(state, "take sand7")


def test_wrong_step_and_garbage() -> None:
    state = position(3, DISPLAY)
    why = refused(state, "place sand7")
    assert "the auction is on: seat 1 must open the auction" in why
    assert "legal: bid 0" in why
    assert "not an action of 5 Towers" in refused(state, (9, 9))
    play(state, "bid 2", "pass", "pass")
    assert "take 2 more cards from the display first" in refused(state, "bid 3")


def test_a_finished_game_refuses_everything() -> None:
    from towerplay.arena.match import play_match

    final = play_match(games.load("five_towers"), ["random", "random"], seed=4)
    assert isinstance(final, FiveTowersState)
    assert "the game is over" in refused(final, "bid 1")


# ----------------------------------------------------------------- bids left out
def test_unbuildable_bids_are_told_to_the_seat_to_move_only() -> None:
    state = position(4, DISPLAY, towers={2: {"sand": (6, 4)}})
    play(state, "bid 3", "pass")
    assert state.view(2)["unbuildable_bids"] == [5]
    assert "unbuildable_bids" not in state.view(None)
    assert "unbuildable_bids" not in state.view(0)
    text = games.render_text(state, 2)
    assert "bid 5 is not offered: you could not build 5 of these cards" in text
    assert "not offered" not in games.render_text(state, None)
    play(state, "bid 4")  # seat 3 has no towers: every bid is buildable
    assert state.view(3)["unbuildable_bids"] == []


def test_unbuildable_bids_name_every_bid_left_out() -> None:
    # seat 1 has capped towers of every suit but tree, whose 1 takes nothing
    capped = {suit: (4, 0) for suit in ("candy", "scary", "scrap", "sand")}
    state = position(2, DISPLAY, towers={1: {**capped, "tree": (3, 2)}})
    play(state, "bid 0")
    assert state.view(1)["unbuildable_bids"] == [2, 3, 4, 5]
    assert "bids 2-5 are not offered: you could not build 2 of these cards" in \
        games.render_text(state, 1)


def test_physical_mode_leaves_no_bid_out() -> None:
    state = position(4, DISPLAY, towers={2: {"sand": (6, 4)}}, rebid="physical")
    play(state, "bid 3", "pass")
    assert state.view(2)["unbuildable_bids"] == []
