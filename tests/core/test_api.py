"""The generic API test: run over every registered game and every player count.

For many seeded random games it checks the kernel contract (docs/api.md,
docs/adding-a-game.md), so a new game gets all of these checks for free.
"""
from __future__ import annotations

import importlib
import json
import random

import pytest

from towerplay import games
from towerplay.core import BadRecord, IllegalAction, Record, State

from tests.conftest import game_variant_cases

GARBAGE = ["", "   ", "xyzzy", "🐉", "12 34 56", "pass pass", "x" * 10_000]
"""Text no game reads; each game adds its own near misses (see :func:`near_misses`)."""


def near_misses(name: str) -> list[str]:
    """The game's almost-right action texts: ``tests/games/<game>/near_misses.py`` (or
    ``near_misses.py`` beside a game defined in the tests)."""
    package = games.game_class(name).__module__.rpartition(".")[0]
    for module in (f"tests.games.{name}.near_misses", f"{package}.near_misses"):
        try:
            return list(importlib.import_module(module).NEAR_MISSES)
        except ModuleNotFoundError:
            continue
    raise AssertionError(f"{name} has no near_misses.py with NEAR_MISSES")


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def random_states(name: str, players: int, seed: int, options: dict | None = None):
    """Yield every state of one seeded random game (the same object, mutated)."""
    state = games.load(name, **(options or {})).start(players=players, seed=seed)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.slow
@pytest.mark.parametrize("name,players,options,seed", game_variant_cases())
def test_random_games_keep_the_contract(name: str, players: int, options: dict,
                                        seed: int) -> None:
    game = games.load(name, **options)
    check_every = 7
    resampled = []
    for step, state in enumerate(random_states(name, players, seed, options)):
        legal = state.legal_actions()
        if state.is_over:
            assert legal == [] and state.to_move is None
            break
        assert legal, "legal actions may be empty only when the game is over"
        assert 0 <= state.to_move < players
        assert len(set(legal)) == len(legal), "legal actions must be distinct"
        for action in legal:
            assert game.parse_action(state, str(action)) == action
            assert game.parse_notation(str(action)) == action
            assert game.action_from_id(game.action_id(action)) == action
            assert 0 <= game.action_id(action) < game.num_actions
        if step % check_every == 0:
            check_position(game, state)
            resampled.append(hidden_parts_resampled(state))
    else:  # pragma: no cover - the generator always ends on a finished game
        raise AssertionError("the game did not end")
    check_finished(game, state)
    # Every game here hides something (deck order, face-down cards, secret blueprints): a
    # determinization that always returned the truth would make the view checks vacuous.
    assert sum(resampled) >= len(resampled) / 2, "determinize must re-sample hidden parts"


def hidden_parts_resampled(state: State) -> bool:
    """Whether a determinization for the seat to move differs from the truth in hiding."""
    truth = json.dumps(state.to_json()["state"], sort_keys=True)
    guesses = (state.determinize(state.to_move, random.Random(k)) for k in range(3))
    return any(json.dumps(g.to_json()["state"], sort_keys=True) != truth for g in guesses)


def check_position(game, state: State) -> None:
    before = snapshot(state)
    # every legal action applies, on a copy, without touching the original
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        assert len(child.history) == len(state.history) + 1
    assert snapshot(state) == before, "copy() must be independent of the original"
    # illegal actions (by dense id) and garbage text are refused, state unchanged
    legal_ids = {game.action_id(a) for a in state.legal_actions()}
    own = state.legal_ids()  # a game's own ids (masks are built from them) are the same
    assert own is None or own == sorted(legal_ids) and len(own) == len(state.legal_actions())
    rng = random.Random(len(state.history))
    others = [i for i in rng.sample(range(game.num_actions), min(40, game.num_actions))
              if i not in legal_ids]
    for action_id in others[:10]:
        with pytest.raises(IllegalAction):
            state.apply(game.action_from_id(action_id))
    for text in GARBAGE + near_misses(game.name):
        try:
            state.apply(text)
        except IllegalAction as error:
            assert str(error), "an error must say what was expected"
        else:
            raise AssertionError(f"garbage {text!r} was accepted")
    assert snapshot(state) == before, "a refused action must not change the state"
    # JSON round trip and views
    again = game.from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(again) == before
    assert again.legal_actions() == state.legal_actions()
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        json.dumps(view)
        world = state.determinize(seat, random.Random(str(seat)))
        assert world.view(seat) == view, "determinize must agree with what the seat knows"
        assert snapshot(state) == before, "determinize must not touch the original"


def check_finished(game, state: State) -> None:
    scores, winners = state.scores(), state.winners()
    assert len(scores) == state.players and winners
    assert all(0 <= seat < state.players for seat in winners)
    assert sum(state.rewards()) == pytest.approx(1.0)
    for seat in [None, *range(state.players)]:
        json.dumps(state.view(seat))
    with pytest.raises(IllegalAction):
        state.apply("pass")
    record = Record.from_state(state, seats=["random"] * state.players)
    replayed = Record.loads(json.dumps(record.to_json())).replay()
    assert snapshot(replayed) == snapshot(state)
    assert replayed.scores() == scores and replayed.winners() == winners


@pytest.mark.parametrize("name", games.names())
def test_bad_records_are_refused_with_a_reason(name: str) -> None:
    state = games.load(name).start(players=games.game_class(name).min_players, seed=1)
    good = Record.from_state(state).to_json()
    broken = [
        ({**good, "actions": ["this is not an action"]}, BadRecord),
        ({**good, "players": 99}, BadRecord),
        ({**good, "seed": -3}, BadRecord),
        ({**good, "game": "chess"}, games.UnknownGame),
        ({**good, "options": {"no_such_option": 1}}, games.InvalidOptions),
        ({k: v for k, v in good.items() if k != "seed"}, BadRecord),
    ]
    for data, error in broken:
        with pytest.raises(error) as info:
            Record.from_json(data).replay()
        assert str(info.value)
    with pytest.raises(BadRecord):
        Record.loads("{not json")
    with pytest.raises(BadRecord):
        games.load(name).from_json({"game": name, "players": 2})


@pytest.mark.parametrize("name", games.names())
def test_unknown_options_and_player_counts_are_refused(name: str) -> None:
    with pytest.raises(games.InvalidOptions, match="no_such_option"):
        games.load(name, no_such_option=1)
    cls = games.game_class(name)
    for players in (cls.min_players - 1, cls.max_players + 1, "three"):
        with pytest.raises(games.InvalidOptions, match="players"):
            games.load(name).start(players=players, seed=1)
