"""The rules spec's worked figures that the other test files do not check yet: the stacking
example played in the engine, the §15 count of possible cards, and the stated make-up of
the provisional deck."""
from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from towerplay.core import IllegalAction, InvalidOptions
from towerplay.games.blueprints.cards import Layout, default_deck, parse_blueprint
from towerplay.games.blueprints.dice import parse_die

from tests.games.blueprints.util import set_seat, start


@pytest.mark.parametrize("below", range(1, 7))
def test_a_5_may_go_on_1_to_5_but_not_on_a_6(below: int) -> None:
    """§5: "a 5 may go on 1–5, but not on a 6" — in play, not only in the scorer."""
    state = start(2, seed=1)
    seat = state.to_move
    set_seat(state, seat, "XX 6X XX", f". , . / S{below} , . / . , .")
    state.pool = [parse_die("W5")]
    state._legal = None
    state.apply("take W5")
    if below <= 5:
        state.apply("place r2c1")
        assert state.buildings[seat][2] == (parse_die(f"S{below}"), parse_die("W5"))
    else:
        with pytest.raises(IllegalAction, match="the W5 cannot go on the S6 at row 2, column 1"):
            state.apply("place r2c1")
        assert [str(a) for a in state.legal_actions()] == ["remove"]


def test_a_stack_may_reach_six_dice() -> None:
    """§5: the maximum stack height is 6 (all six dice on one cell of a '1' card)."""
    state = start(2, seed=1)
    seat = state.to_move
    set_seat(state, seat, "11 11 11", "S1+S2+S3+S4+S5 , . / . , . / . , .")
    state.pool = [parse_die("G6")]
    state._legal = None
    state.apply("take G6")
    state.apply("place r1c1")
    assert len(state.buildings[seat][0]) == 6


def all_cards() -> list[Layout]:
    """Every layout the card validation accepts: each cell X or a height 1-6."""
    cards = []
    for cells in product("X123456", repeat=6):
        text = " ".join("".join(cells[r * 2:r * 2 + 2]) for r in range(3))
        try:
            cards.append(parse_blueprint(text))
        except InvalidOptions:
            pass
    return cards


def symmetric(layout: Layout) -> set[Layout]:
    """The layout under the 3×2 grid's four symmetries (mirrors and the half turn)."""
    rows = [layout[r * 2:r * 2 + 2] for r in range(3)]
    flips = (rows, rows[::-1], [row[::-1] for row in rows], [row[::-1] for row in rows[::-1]])
    return {tuple(h for row in grid for h in row) for grid in flips}


def test_the_count_of_possible_cards_of_15() -> None:
    """§15: 272 connected height maps summing to 6, 77 up to symmetry, 71 of them no
    taller than 4; by tallest cell 1:1, 2:29, 3:29, 4:12, 5:4, 6:2 (up to symmetry)."""
    cards = all_cards()
    assert len(cards) == 272
    classes = {min(symmetric(card)) for card in cards}
    assert len(classes) == 77
    assert sum(max(card) <= 4 for card in classes) == 71
    assert Counter(max(card) for card in classes) == {1: 1, 2: 29, 3: 29, 4: 12, 5: 4, 6: 2}


def test_the_provisional_deck_is_made_as_15_says() -> None:
    """§15: footprints 6×1, 5×4, 4×11, 3×6, 2×2; tallest cells 1×1, 2×13, 3×8, 4×2; no
    two cards are symmetric copies; both strings seen elsewhere are in it."""
    layouts = [layout for _, layout in default_deck()]
    assert Counter(sum(1 for h in layout if h) for layout in layouts) == {
        6: 1, 5: 4, 4: 11, 3: 6, 2: 2}
    assert Counter(max(layout) for layout in layouts) == {1: 1, 2: 13, 3: 8, 4: 2}
    assert len({min(symmetric(layout)) for layout in layouts}) == 24
    assert parse_blueprint("X1 31 1X") in layouts and parse_blueprint("XX 33 XX") in layouts
