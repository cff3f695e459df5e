"""The variants: ability draft with side choice, the Preliminary Turn, the Market size."""
from __future__ import annotations

import random

import pytest

from towerplay import games
from towerplay.core import InvalidOptions
from towerplay.games.skytopia.state import PH_DRAFT, PH_PLACE, PH_PRE, PH_SIDE

from tests.games.skytopia.helpers import legal, play, slot, start


def test_draft_counter_clockwise_from_the_last_player_then_sides() -> None:
    s = start(3, seed=40, abilities="draft", sides="choose")
    first = s.first
    assert s.phase == PH_DRAFT and s.to_move == (first - 1) % 3
    assert legal(s) == ["draft t1", "draft t2", "draft t3", "draft t4"]
    play(s, "draft t3")
    assert s.to_move == (first - 2) % 3 and legal(s) == ["draft t1", "draft t2", "draft t4"]
    play(s, "draft t1")
    assert s.to_move == first
    play(s, "draft t4")
    assert s.phase == PH_SIDE and s.to_move == (first - 1) % 3
    assert legal(s) == ["side a", "side b"]
    play(s, "side b", "side a", "side b")
    tiles = {(first - 1) % 3: 2, (first - 2) % 3: 0, first: 3}
    assert s.tile == [tiles[p] for p in range(3)]
    assert s.side[(first - 1) % 3] == 1 and s.side[(first - 2) % 3] == 0
    # the setup golems follow the drafted tiles' colours
    for p in range(3):
        assert p * 8 + 5 in s.dice[s.comp.tiles[s.tile[p]][1] * 4]
    assert s.round == 1 and s.to_move == first and s.phase > PH_SIDE


@pytest.mark.parametrize("sides,expected", [("a", 0), ("b", 1)])
def test_all_players_use_one_side(sides: str, expected: int) -> None:
    s = start(4, seed=41, sides=sides)
    assert s.side == [expected] * 4


def test_preliminary_turn() -> None:
    s = start(3, seed=42, preliminary_turn=True)
    first, build = s.first, s.build
    assert s.phase == PH_PRE and s.to_move == (first - 1) % 3
    assert all(o.startswith("put ") for o in legal(s)) and len(legal(s)) == 12
    play(s, "put p3")
    assert "put p3" not in legal(s)           # only unoccupied cards
    assert s.to_move == (first - 2) % 3
    play(s, "put g1", "put b2")
    assert s.dice[slot("p3")] == (((first - 1) % 3) * 8 + 5,)
    assert s.build == build and s.round == 1        # the Chronometer is not turned
    assert s.phase == PH_PLACE and s.to_move == first
    assert s.coins == [5, 5, 5] and s.prestige == [0, 0, 0]  # nothing was activated


def test_market_size_option() -> None:
    s = start(4, seed=43, market_size=3)
    for colour in range(4):
        assert [s.market[colour * 4 + r] >= 0 for r in range(4)] == [True] * 3 + [False]
    with pytest.raises(InvalidOptions, match="market_size"):
        games.load("skytopia", market_size=-1)


@pytest.mark.parametrize("options", [
    {"abilities": "draft", "sides": "choose", "preliminary_turn": True},
    {"sides": "b", "market_size": 2},
    {"abilities": "draft", "sides": "b"},
])
def test_variants_play_to_the_end(options: dict) -> None:
    for players in (2, 4):
        s = start(players, seed=44, **options)
        rng = random.Random(players)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        assert len(s.winners()) >= 1


def test_dealt_tiles_with_each_player_choosing_a_side() -> None:
    s = start(4, seed=45, sides="choose")
    first = s.first
    assert s.phase == PH_SIDE and len(set(s.tile)) == 4
    order = []
    for side in ("side b", "side a", "side a", "side b"):
        order.append(s.to_move)
        play(s, side)
    assert order == [(first - k) % 4 for k in (1, 2, 3, 4)]   # counter-clockwise
    assert [s.side[p] for p in order] == [1, 0, 0, 1]
    assert s.phase == PH_PLACE and s.to_move == first
