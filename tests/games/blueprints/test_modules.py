"""The engine split into modules: the names, codes and records they share stay one."""
from __future__ import annotations

import json

import pytest

from towerplay.games.blueprints import dice, moves, rounds
from towerplay.games.blueprints import state as state_module
from towerplay.games.blueprints.dice import (
    DIE_TEXT,
    MATERIALS,
    NUM_DICE_CODES,
    die_code,
    make_die,
    material_of,
    value_index,
)
from towerplay.games.blueprints.moves import DISCARD, PLACE, TAKE, TAKES, Kind
from towerplay.games.blueprints.rounds import (
    AWARDS,
    AwardWon,
    PrizeWon,
    Standing,
    _standings,
    score_round,
)
from towerplay.games.blueprints.scoring import PRIZES, breakdown

from tests.games.blueprints.util import play_random, start


@pytest.mark.parametrize("name", state_module.__all__)
def test_the_state_module_hands_out_the_same_objects_as_their_home_module(name: str) -> None:
    homes = [m for m in (dice, moves, rounds) if hasattr(m, name)]
    assert all(getattr(state_module, name) is getattr(home, name) for home in homes)


def test_the_die_code_helpers_unpack_and_repack_every_code() -> None:
    for die in range(NUM_DICE_CODES):
        material, index = material_of(die), value_index(die)
        assert die_code(material, index) == die == make_die(material, index + 1)
        assert DIE_TEXT[die] == f"{MATERIALS[material]}{index + 1}"
    # codes sort as pips do, and a wood die is the lowest code of its value
    assert sorted(range(NUM_DICE_CODES), key=value_index) == list(range(NUM_DICE_CODES))
    assert all(die_code(dice.WOOD, i) == min(d for d in range(NUM_DICE_CODES)
                                             if value_index(d) == i) for i in range(6))


def test_kinds_stay_plain_numbers_in_moves_and_saved_positions() -> None:
    state = start(players=2, seed=3)
    assert state.step_kind == Kind.TAKE == TAKE
    state.apply(state.legal_actions()[0])
    saved = json.loads(json.dumps(state.to_json()))
    assert saved["state"]["step"] == Kind.PLACE == PLACE and type(saved["state"]["step"]) is int
    assert repr(TAKES[19]) == "Move(kind=0, arg=19)" and Kind(DISCARD).name == "DISCARD"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_scored_round_ranks_by_points_and_gives_prizes_only_to_qualifiers(
        players: int) -> None:
    state = start(players=players, seed=players)
    # the last turn of round 1, its die taken: every building is (nearly) complete
    play_random(state, seed=players, until=lambda s: s.turns == 6 * players - 1
                and s.step_kind == PLACE)
    standings = _standings(state)
    assert all(isinstance(s, Standing) for s in standings)
    assert [s.total for s in standings] == [
        breakdown(state.buildings[seat], state.layouts[seat])["total"]
        for seat in range(players)]
    result, totals = score_round(state)
    assert totals == [s.total for s in standings]
    ranked = [(totals[s], *standings[s].tiebreak) for s in result.ranking]
    assert ranked == sorted(ranked, reverse=True)
    assert result.awards == tuple(zip(result.ranking, AWARDS[players], strict=False))
    for prize, seat in result.prizes:
        assert standings[seat].magnitudes[PRIZES.index(prize)] > 0


def test_a_saved_game_reads_back_its_awards_and_prizes_as_named_records() -> None:
    state = play_random(start(players=3, seed=5), seed=5)
    loaded = state.game.from_json(json.loads(json.dumps(state.to_json())))
    assert loaded.results == state.results and loaded.won == state.won
    for result in loaded.results:
        assert all(isinstance(won, AwardWon) for won in result.awards)
        assert all(isinstance(won, PrizeWon) and won.prize in PRIZES for won in result.prizes)
        assert [won.seat for won in result.awards] == list(result.ranking[:2])
