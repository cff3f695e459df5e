"""The rules of play: setup, turns, stacking, unplaceable dice, rounds, awards, prizes,
first players, final tie-breaks and the two-player variant."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from towerplay.core import IllegalAction, InvalidOptions
from towerplay.games.blueprints.dice import parse_die
from towerplay.games.blueprints.scoring import parse_building
from towerplay.games.blueprints.state import POOL_SIZE, TAKES_PER_ROUND

from tests.games.blueprints.util import play_random, score_round, set_seat, start

ALL_DICE = 32


def dice_in_sight(state) -> int:
    return (len(state.pool) + 2 + sum(map(len, state.taken)) + len(state.discards)
            + sum(state.bag))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_get_ready_draws_two_in_demand_colours_and_the_pool(players: int) -> None:
    for seed in range(30):
        state = start(players, seed)
        first, second = state.demand
        assert first != second, "the two In-Demand dice must differ in colour"
        assert len(state.pool) == POOL_SIZE[players] == {2: 8, 3: 9, 4: 7}[players]
        assert state.pool == sorted(state.pool), "the pool is sorted by pip value"
        assert sum(state.bag) == ALL_DICE - 2 - len(state.pool)
        assert len(set(state.cards)) == players, "each player gets a different blueprint"
        assert dice_in_sight(state) == ALL_DICE


@pytest.mark.parametrize("players,left", [(2, 0), (3, 4), (4, 0)])
def test_dice_economy_each_round(players: int, left: int) -> None:
    """§14: 4p and 2p use the bag exactly; 3p leaves 4 dice; the pool never runs dry."""
    state = start(players, seed=7)
    rng = random.Random(7)
    for _round in range(3):
        number = state.round
        while state.round == number and not state.is_over:
            assert state.pool, "the pool is never empty when someone must take"
            assert dice_in_sight(state) == ALL_DICE
            if state.turns == TAKES_PER_ROUND * players - 1 and state.step_kind == 0:
                assert sum(state.bag) == left
            state.apply(rng.choice(state.legal_actions()))
        for seat in state.view(None)["results"][-1]["seats"]:
            placed = sum(len(cell.split("+")) for row in seat["building"].split("/")
                         for cell in row.split(",") if cell.strip() != ".")
            assert placed + len(seat["removed"]) == TAKES_PER_ROUND
    assert state.is_over and len(state.results) == 3


def test_every_player_takes_six_dice_per_round_clockwise_from_the_first() -> None:
    state = start(3, seed=2, first_player=1)
    takers = []
    while state.round == 0:
        if state.step == "take":
            takers.append(state.to_move)
        state.apply(random.Random(len(state.history)).choice(state.legal_actions()))
    assert takers == [1, 2, 0] * 6


def test_a_turn_is_take_then_place_then_refill() -> None:
    state = start(3, seed=3)
    seat, size = state.to_move, len(state.pool)
    die = state.legal_actions()[0]
    state.apply(die)
    assert state.step == "place" and state.to_move == seat and len(state.pool) == size - 1
    assert state.taken[seat] == (die.arg,)
    state.apply("place r2c1") if "place r2c1" in map(str, state.legal_actions()) else \
        state.apply(state.legal_actions()[0])
    assert state.step == "take" and state.to_move == (seat + 1) % 3
    assert len(state.pool) == size, "one die is drawn, rolled and added to the pool"


def test_hatched_cells_are_never_offered_and_stacking_needs_equal_or_higher() -> None:
    state = start(2, seed=1)
    seat = state.to_move
    set_seat(state, seat, "XX 33 XX", ". , . / S4 , G6 / . , .")
    state.pool = sorted([parse_die("W5"), parse_die("R4"), parse_die("G3")])
    state._legal = None
    state.apply("take W5")
    assert [str(a) for a in state.legal_actions()] == ["place r2c1"]
    with pytest.raises(IllegalAction, match="hatched"):
        state.apply("place r1c1")
    with pytest.raises(IllegalAction, match="W5 cannot go on the G6"):
        state.apply("place r2c2")
    state.apply("place r2c1")
    assert state.buildings[seat][2] == (parse_die("S4"), parse_die("W5"))


def literal_position(**options: object):
    """Seat to move on XX 33 XX with S4 and G6 placed; the pool: G3 (fits nowhere), R4, W5."""
    state = start(2, seed=1, **options)
    set_seat(state, state.to_move, "XX 33 XX", ". , . / S4 , G6 / . , .")
    state.pool = sorted([parse_die("W5"), parse_die("R4"), parse_die("G3")])
    state._legal = None
    return state


def test_by_default_any_die_may_be_taken_and_one_that_fits_nowhere_is_removed() -> None:
    """The rulebook (§5): "a die that cannot be placed by the rules is removed from the
    game", with no limit on which die a player takes."""
    state = literal_position()
    seat = state.to_move
    assert [str(a) for a in state.legal_actions()] == ["take G3", "take R4", "take W5"]
    state.apply("take G3")
    assert [str(a) for a in state.legal_actions()] == ["remove"]
    state.apply("remove")
    assert state.removed[seat] == (parse_die("G3"),) and len(state.taken[seat]) == 1
    assert state.step == "discard"


def test_by_default_a_die_that_fits_must_be_placed() -> None:
    state = literal_position()
    state.apply("take W5")
    assert "remove" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="W5 fits on your blueprint"):
        state.apply("remove")


def test_strict_reading_offers_an_unplaceable_die_only_when_no_die_fits() -> None:
    state = literal_position(unplaceable="strict")
    assert [str(a) for a in state.legal_actions()] == ["take R4", "take W5"]
    with pytest.raises(IllegalAction, match="G3 fits nowhere on your blueprint and another"):
        state.apply("take G3")
    assert len(state.pool) == 3


@pytest.mark.parametrize("unplaceable", ["literal", "strict"])
def test_a_die_that_cannot_be_placed_is_removed_and_counts_as_a_take(unplaceable: str) -> None:
    state = start(2, seed=1, unplaceable=unplaceable)
    seat = state.to_move
    set_seat(state, seat, "XX 33 XX", ". , . / S6 , G6 / . , .")
    state.pool = sorted(parse_die(t) for t in ["W1", "R2", "S3", "G5"])
    state._legal = None
    # no pool die fits: the player chooses any of them
    assert [str(a) for a in state.legal_actions()] == ["take W1", "take R2", "take S3",
                                                       "take G5"]
    state.apply("take G5")
    assert [str(a) for a in state.legal_actions()] == ["remove"]
    state.apply("remove")
    assert state.removed[seat] == (parse_die("G5"),) and len(state.taken[seat]) == 1
    assert state.buildings[seat] == parse_building(". , . / S6 , G6 / . , .")


def test_deliberate_reading_lets_a_player_take_and_remove_any_die() -> None:
    state = start(2, seed=1, unplaceable="deliberate")
    seat = state.to_move
    set_seat(state, seat, "XX 33 XX", ". , . / S4 , G6 / . , .")
    state.pool = sorted([parse_die("W5"), parse_die("G3")])
    state._legal = None
    assert [str(a) for a in state.legal_actions()] == ["take G3", "take W5"]
    state.apply("take W5")
    assert [str(a) for a in state.legal_actions()] == ["place r2c1", "remove"]


def test_awards_by_player_count_and_vp() -> None:
    builds = [("11 11 11", "W1 , W1 / W1 , . / . , ."),       # 3 wood in an L: 2+4+2 = 8
              ("11 11 11", "G6 , G6 / . , . / . , ."),        # 12
              ("11 11 11", "G1 , . / . , . / . , ."),         # 1
              ("11 11 11", "G3 , . / . , . / . , .")]         # 3
    r4 = score_round(start(4), builds)
    assert r4["ranking"] == [1, 0, 3, 2]
    assert r4["awards"] == {"1": "gold", "0": "silver", "3": "bronze"}
    r3 = score_round(start(3), builds[:3])
    assert r3["awards"] == {"1": "gold", "0": "silver"}
    state = start(2)
    r2 = score_round(state, builds[:2])
    assert r2["awards"] == {"1": "silver"}
    assert state.scores() == [0.0, 2.0]


@pytest.mark.parametrize("first", [0, 1])
def test_rulebook_example_in_demand_tie_break(first: int) -> None:
    """Seed p.5: A and B tie on green (the 1st colour); B wins by one more black die
    (the 2nd colour), whoever sat later (first=1 makes A the later seat)."""
    a = ("11 11 11", "R2 , R2 / S3 , G2 / . , .")   # 2 green, 1 black: 5 + 2 + 2
    b = ("11 11 11", "R2 , R2 / S1 , S1 / . , .")   # 2 green, 2 black: 5 + 2 + 2
    result = score_round(start(2), [a, b], demand="RS", first=first)
    totals = [s["score"]["total"] for s in result["seats"]]
    assert totals[0] == totals[1] == 9, totals
    assert result["awards"] == {"1": "silver"}
    assert result["ranking"] == [1, 0]


def test_the_first_in_demand_colour_counts_before_the_second() -> None:
    """§9: more dice of the 1st colour win even against more of the 2nd; a tied Award
    goes to the tie-break winner and the other drops to the next place (4 players)."""
    builds = [("11 11 11", "G2 , S1 / S1 , S1 / . , ."),     # 2 + 6 = 8; 0 W, 3 S
              ("11 11 11", "G6 , W1 / . , . / . , ."),       # 6 + 2 = 8; 1 W, 0 S
              ("11 11 11", "G6 , G2 / . , . / . , ."),       # 8; no W, no S, latest seat
              ("11 11 11", "G1 , . / . , . / . , .")]        # 1
    result = score_round(start(4), builds, demand="WS", first=0)
    assert [s["score"]["total"] for s in result["seats"]] == [8, 8, 8, 1]
    assert result["ranking"] == [1, 0, 2, 3]
    assert result["awards"] == {"1": "gold", "0": "silver", "2": "bronze"}


def test_a_prize_tie_on_both_in_demand_colours_goes_to_the_later_seat() -> None:
    geometer = ("11 11 11", "G1 , G2 / G3 , G4 / G5 , G6")
    for first, winner in ((0, 1), (1, 0)):
        result = score_round(start(2), [geometer, geometer], demand="WS", first=first)
        assert result["prizes"] == {"geometer": winner, "materials": winner}


def test_in_demand_colours_are_drawn_like_the_rulebook() -> None:
    """Two dice from the bag; a second die of the first colour goes back: every colour is
    equally likely first, and the second is one of the other three, equally likely."""
    pairs = Counter(start(2, seed).demand for seed in range(1200))
    assert all(a != b for a, b in pairs)
    firsts = Counter(a for a, _ in pairs.elements())
    assert len(pairs) == 12 and min(firsts.values()) > 230 and min(pairs.values()) > 60


def test_round_one_first_player_is_drawn_when_not_configured() -> None:
    assert {start(4, seed).to_move for seed in range(40)} == {0, 1, 2, 3}


def test_third_tie_break_is_the_later_seat_in_the_round_just_played() -> None:
    same = ("11 11 11", "G3 , . / . , . / . , .")
    assert score_round(start(3), [same] * 3, first=0)["ranking"] == [2, 1, 0]
    assert score_round(start(3), [same] * 3, first=2)["ranking"] == [1, 0, 2]


def test_previous_round_reading_of_the_third_tie_break() -> None:
    same = ("11 11 11", "G3 , . / . , . / . , .")
    state = start(3, last_turn_tiebreak="previous_round")
    assert score_round(state, [same] * 3, first=0)["ranking"] == [2, 1, 0]  # round 1: own
    # round 2 started by seat 2, but round 1's order (first: seat 0) breaks the tie
    assert score_round(state, [same] * 3, first=2)["ranking"] == [2, 1, 0]


def test_random_reading_of_a_tie_for_lowest() -> None:
    firsts = set()
    for seed in range(20):
        state = start(3, seed=seed, lowest_tie="random")
        same = ("11 11 11", "G1 , . / . , . / . , .")
        score_round(state, [("11 11 11", "G6 , . / . , . / . , ."), same, same], first=0)
        firsts.add(state.first)
    assert firsts == {1, 2}


def test_first_player_of_the_next_round_is_the_lowest_building() -> None:
    state = start(3)
    builds = [("11 11 11", "G6 , . / . , . / . , ."), ("11 11 11", "G1 , . / . , . / . , ."),
              ("11 11 11", "G4 , . / . , . / . , .")]
    score_round(state, builds)
    assert state.round == 1 and state.first == 1 and state.to_move == 1
    # a tie for lowest: the one ranked last after the tie-breaks (the earlier seat)
    state = start(3)
    builds[2] = builds[1]
    score_round(state, builds, first=0)
    assert state.first == 1


def test_prizes_go_to_one_qualifier_by_in_demand_tie_break() -> None:
    tall = ("XX X6 XX", ". , . / . , S1+S1+S1+S1+S1 / . , .")          # 5 stone, 5 floors
    taller = ("XX X6 XX", ". , . / . , W1+W1+W1+W1+W1+W1 / . , .")     # 6 wood, 6 floors
    result = score_round(start(2), [tall, taller], demand="SW")
    assert result["prizes"] == {"skyscraper": 0, "integrity": 0, "materials": 0}
    result = score_round(start(2), [tall, taller], demand="WS")
    assert result["prizes"] == {"skyscraper": 1, "integrity": 1, "materials": 1}
    # the flag makes the taller tower / larger group win first
    result = score_round(start(2, prize_compare_magnitude=True), [tall, taller], demand="SW")
    assert result["prizes"] == {"skyscraper": 1, "integrity": 1, "materials": 1}


def test_unqualified_prizes_are_not_given_and_one_building_may_win_several() -> None:
    plain = ("11 11 11", "G1 , G2 / R3 , S4 / W5 , W6")
    state = start(2)
    result = score_round(state, [plain, ("11 11 11", ". , . / . , . / . , .")])
    assert result["prizes"] == {"geometer": 0}
    assert state.won[0] == ("silver", "geometer") and state.scores() == [4.0, 0.0]


def test_final_tie_breaks_prizes_then_gold_silver_bronze_then_shared() -> None:
    state = start(4)
    state.to_move = None
    state.won = [("gold", "bronze", "silver"), ("skyscraper", "silver", "silver"),
                 ("gold", "gold"), ("silver", "silver", "silver")]
    assert state.scores() == [6.0, 6.0, 6.0, 6.0]
    assert state.winners() == [1]                  # the only one with a Prize
    state.won[1] = ("gold", "silver", "bronze")
    assert state.winners() == [2]                  # more Gold
    state.won[2] = ("gold", "silver", "bronze")
    assert state.winners() == [0, 1, 2]            # fully tied: a shared win


def test_two_player_variant_take_place_discard_roll_two() -> None:
    state = start(2, seed=5)
    seat = state.to_move
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.step == "discard" and state.to_move == seat and len(state.pool) == 7
    discard = state.legal_actions()[-1]
    state.apply(discard)
    assert state.discards == (discard.arg,)
    assert len(state.pool) == 8 and state.to_move == 1 - seat
    # the last turn of a round has no refill, so nothing to discard for
    play_random(state, 1, until=lambda s: s.turns == 11 and s.step == "take")
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.round == 1 and state.step == "take"


def test_first_player_option_and_its_validation() -> None:
    assert start(4, seed=3, first_player=2).to_move == 2
    with pytest.raises(InvalidOptions, match="first_player"):
        start(2, seed=3, first_player=3)
    with pytest.raises(InvalidOptions):
        start(2, seed=3, first_player=7)


def test_blueprints_are_not_reused_in_later_rounds() -> None:
    for seed in range(10):
        state = play_random(start(4, seed), seed)
        cards = [s["card"] for r in state.view(None)["results"] for s in r["seats"]]
        assert len(cards) == len(set(cards)) == 12


def test_same_seed_same_game_and_chance_differs_by_seed() -> None:
    a = play_random(start(3, 11), 4)
    b = play_random(start(3, 11), 4)
    assert a.to_json() == b.to_json()
    assert start(3, 11).pool != start(3, 12).pool or start(3, 11).cards != start(3, 12).cards


def test_printed_heights_may_be_exceeded_and_equal_values_stack() -> None:
    """§5: only hatched cells are forbidden; a die goes on an equal or lower value."""
    state = start(2, seed=1)
    seat = state.to_move
    set_seat(state, seat, "21 11 1X", "W3 , W3 / W3 , W3 / W3 , .")   # 5 dice placed
    state.pool = sorted(parse_die(t) for t in ["G2", "S3"])
    state._legal = None
    assert [str(a) for a in state.legal_actions()] == ["take G2", "take S3"]
    state.apply("take S3")
    assert [str(a) for a in state.legal_actions()] == [
        "place r1c1", "place r1c2", "place r2c1", "place r2c2", "place r3c1"]
    state.apply("place r1c2")  # printed height 1: a second die is allowed
    assert state.buildings[seat][1] == (parse_die("W3"), parse_die("S3"))
