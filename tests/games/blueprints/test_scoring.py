"""Building scores (rules §6), Prizes' conditions (§8) and the notations."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from towerplay import games
from towerplay.core import IllegalAction, InvalidOptions
from towerplay.games.blueprints.cards import blueprint_text, default_deck, parse_blueprint
from towerplay.games.blueprints.scoring import (
    breakdown,
    building_text,
    check_building,
    facts,
    parse_building,
    prize_magnitudes,
    wood_points,
)


def score(blueprint: str, building: str, wood_only: bool = False) -> dict[str, int]:
    return breakdown(parse_building(building), parse_blueprint(blueprint), wood_only)


def test_the_issue_example_scores_27_with_the_bonus() -> None:
    parts = score("X1 31 1X", ". , W3 / G5+R5+S6 , W4 / R1 , .")
    # W3: one neighbour (W4 below it in the grid); W4: W3 and G5 -> 2 + 4
    assert parts == {"bonus": 6, "wood": 6, "recycled": 5, "stone": 5, "glass": 5,
                     "total": 27}


def test_bonus_needs_exactly_the_printed_heights_colours_do_not_matter() -> None:
    assert score("XX 33 XX", ". , . / R1+R1+R1 , G6+G6+G6 / . , .")["bonus"] == 6
    assert score("XX 33 XX", ". , . / R1+R1+R1+R1 , G6+G6 / . , .")["bonus"] == 0
    # five dice (one was removed) can never match a 6-dice card
    assert score("XX 33 XX", ". , . / R1+R1+R1 , G6+G6 / . , .")["bonus"] == 0


def test_wood_counts_full_face_neighbours_of_any_colour_above_below_and_beside() -> None:
    # a wood die in the middle of a 3-stack, with a die beside it on its level
    b = parse_building("S1+W2+S3 , G1+G2 / . , . / . , .")
    assert wood_points(b) == 2 * 3
    # spec §6 / §16: wood on top of glass scores 2 (the die below counts, any colour)
    assert wood_points(parse_building("G1+W1 , . / . , . / . , .")) == 2
    # diagonal dice do not count: r1c1 and r2c2 touch only at an edge
    assert wood_points(parse_building("W1 , . / . , G1 / . , .")) == 0
    # a die beside but on another level does not touch
    assert wood_points(parse_building("W1 , . / S1+S1 , . / . , .")) == 2
    # the most a single wood die can score on 3x2: 3 beside + above + below = 10
    full = parse_building("S1+S1+S1 , S1+S1+S1 / G1+W1+G1 , S1+S1+S1 / S1+S1+S1 , .")
    assert wood_points(full) == 2 * 5


def test_wood_only_counts_wood_is_a_house_rule_flag() -> None:
    b = parse_building("W1+W2 , G1 / . , . / . , .")
    assert wood_points(b) == 2 * 2 + 2 * 1
    assert wood_points(b, wood_only=True) == 2 * 1 + 2 * 1


@pytest.mark.parametrize("count,points", [(0, 0), (1, 2), (2, 5), (3, 10), (4, 15),
                                          (5, 20), (6, 30)])
def test_recycled_scores_by_count(count: int, points: int) -> None:
    cells = ["R1"] * count + ["."] * (6 - count)
    text = f"{cells[0]} , {cells[1]} / {cells[2]} , {cells[3]} / {cells[4]} , {cells[5]}"
    assert score("11 11 11", text)["recycled"] == points


def test_stone_scores_by_floor() -> None:
    assert score("XX X6 XX", ". , . / . , S1+S1+S1+S1+S1+S1 / . , .")["stone"] == \
        2 + 3 + 5 + 8 + 8 + 8


def test_glass_scores_its_pips_even_when_covered() -> None:
    assert score("XX 33 XX", ". , . / . , G2+G4+S6 / . , .")["glass"] == 6


def test_prizes_conditions() -> None:
    tall = prize_magnitudes(parse_building(". , . / . , G1+G2+G3+G4+G5 / . , S6"))
    assert tall == {"skyscraper": 5, "integrity": 0, "geometer": 6, "materials": 5}
    flat = prize_magnitudes(parse_building("R3 , W3 / S3 , G3 / R1 , R2"))
    assert flat == {"skyscraper": 0, "integrity": 4, "geometer": 0, "materials": 0}


def test_building_notation_round_trips() -> None:
    text = ". , W3 / G5+R5+S6 , W4 / R1 , ."
    assert building_text(parse_building(text)) == text
    assert blueprint_text(parse_blueprint("x1 31 1x")) == "X1 31 1X"


@pytest.mark.parametrize("blueprint,building,reason", [
    ("X1 31 1X", "W1 , . / . , . / . , .", "hatched"),
    ("X1 31 1X", ". , . / S6+W5 , . / . , .", "cannot stand on"),
    ("11 11 11", "W1+W1 , W1+W1 / W1+W1 , W1 / . , .", "at most 6 dice"),
    ("11 11 11", "W1 / . , .", "three rows"),
    ("11 11 11", "W1 , . , . / . , . / . , .", "two cells"),
    ("11 11 11", "Q1 , . / . , . / . , .", "material letter"),
])
def test_impossible_buildings_are_refused_with_the_reason(blueprint: str, building: str,
                                                          reason: str) -> None:
    with pytest.raises(InvalidOptions, match=reason):
        check_building(parse_building(building), parse_blueprint(blueprint))


def test_the_stacking_rule_allows_equal_or_higher_on_top() -> None:
    # "a 5 may go on 1-5 but not on a 6"
    for below in range(1, 6):
        check_building(parse_building(f". , . / S{below}+W5 , . / . , ."),
                       parse_blueprint("XX 6X XX"))
    with pytest.raises(InvalidOptions):
        check_building(parse_building(". , . / S6+W5 , . / . , ."), parse_blueprint("XX 6X XX"))


@pytest.mark.parametrize("text,reason", [
    ("X1 31", "three row tokens"), ("X1 31 1Q", "height 1-6 or X"),
    ("X1 31 2X", "add up to 6"), ("XX XX XX", "add up to 6"),
    ("3X X3 XX", "connected"), (7, "must be text"),
])
def test_bad_blueprints_are_refused(text: object, reason: str) -> None:
    with pytest.raises(InvalidOptions, match=reason):
        parse_blueprint(text)  # type: ignore[arg-type]


@st.composite
def buildings(draw):
    """A building that can arise in play: up to 6 dice on usable cells, each stack
    non-decreasing in value bottom to top."""
    layout = draw(st.sampled_from([card[1] for card in default_deck()]))
    usable = [c for c in range(6) if layout[c]]
    stacks: list[list[int]] = [[] for _ in range(6)]
    for die in draw(st.lists(st.integers(0, 23), max_size=6)):
        cells = [c for c in usable if not stacks[c] or stacks[c][-1] >> 2 <= die >> 2]
        if cells:  # else the die is removed from the game
            stacks[draw(st.sampled_from(cells))].append(die)
    return tuple(tuple(s) for s in stacks), layout


@settings(max_examples=300, deadline=None)
@given(case=buildings(), wood_only=st.booleans())
def test_the_engine_fast_path_agrees_with_the_breakdown(case, wood_only: bool) -> None:
    """The engine scores rounds with ``facts``; views and the assistant use ``breakdown``
    and ``prize_magnitudes``: they must agree (and the building notation round-trips)."""
    building, layout = case
    check_building(building, layout)
    total, colours, magnitudes = facts(building, layout, wood_only)
    assert total == breakdown(building, layout, wood_only)["total"]
    assert sum(colours) == sum(map(len, building))
    dice = [d for stack in building for d in stack]
    values = Counter(d >> 2 for d in dice)
    expected = {"skyscraper": max(map(len, building)) >= 5,
                "integrity": max(values.values(), default=0) >= 4,
                "geometer": len(values) == 6,
                "materials": max(colours) >= 5}
    assert {p: bool(m) for p, m in prize_magnitudes(building).items()} == expected
    assert tuple(bool(m) for m in magnitudes) == tuple(expected.values())
    assert parse_building(building_text(building)) == building


def test_action_ids_refuse_what_is_not_an_action() -> None:
    game = games.load("blueprints")
    for bad in ["take G5", None, (9, 0), (0, 24), (1, 6), (2, 1), (3, -1), 5]:
        with pytest.raises(IllegalAction, match="not a blueprints action"):
            game.action_id(bad)
