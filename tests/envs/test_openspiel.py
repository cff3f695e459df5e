"""Every game as an OpenSpiel Python game: OpenSpiel's own consistency checks (serialization
included), its MCTS and IS-MCTS bots playing whole games, and clones as OpenSpiel users
expect them (cheap, consuming no randomness)."""
from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from towerplay import games
from towerplay.envs import openspiel

openspiel.register_all()


def dealt(name: str, outcome: int = 3, moves: int = 0, **params: int) -> pyspiel.State:
    game = pyspiel.load_game(openspiel.short_name(name), {"players": 2, **params})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(outcome)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[-1])
    return state


@pytest.mark.parametrize("name", games.names())
def test_openspiels_random_simulation_checks_pass_with_serialization(name: str) -> None:
    game = pyspiel.load_game(openspiel.short_name(name), {"players": 2})
    info = games.load(name).info(2)
    assert game.num_distinct_actions() == info.num_actions
    assert game.max_game_length() == info.max_game_length
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", games.names())
def test_a_serialized_state_round_trips(name: str) -> None:
    state = dealt(name, moves=6)
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    game, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.information_state_string(0) == state.information_state_string(0)
    while not state.is_terminal():  # and it plays on alike
        action = state.legal_actions()[0]
        state.apply_action(action)
        copy.apply_action(action)
    assert str(copy) == str(state)


@pytest.mark.parametrize("name", games.names())
def test_a_state_is_rebuilt_from_its_history(name: str) -> None:
    state = dealt(name, outcome=11, moves=5)
    again = state.get_game().new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert str(again) == str(state)


CHANCE = [name for name in games.names() if games.game_class(name).chance]


@pytest.mark.parametrize("name", CHANCE)
def test_clones_consume_no_randomness_and_continue_identically(name: str) -> None:
    game = pyspiel.load_game(openspiel.short_name(name), {"players": 2})
    state = game.new_initial_state()
    seed = [5, 0, 9, 255]
    for byte in seed:
        assert state.is_chance_node() and len(state.chance_outcomes()) == 256
        state.apply_action(byte)
    assert not state.is_chance_node() and state.inner.seed == 0x050009FF
    before = str(state)
    clones = [state.clone() for _ in range(5)]
    again = game.new_initial_state()
    for byte in seed:
        again.apply_action(byte)
    assert str(again) == before  # cloning drew nothing: the same bytes, the same deal
    for clone in clones:
        assert clone.history() == state.history() and str(clone) == str(state)
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        clones[0].apply_action(action)
    assert str(clones[0]) == str(state) and clones[0].returns() == state.returns()
    assert str(clones[1]) != str(state)  # a clone is independent of its original
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("name", games.names())
def test_openspiels_mcts_and_ismcts_bots_play_a_whole_game(name: str) -> None:
    state = dealt(name, outcome=4, seed=4)
    game = state.get_game()
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    players = [mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=rng),
               ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=rng)]
    while not state.is_terminal():
        state.apply_action(players[state.current_player()].step(state))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_a_resampled_state_keeps_the_information_state() -> None:
    state = dealt("five_towers", moves=7, players=3)
    seat = state.current_player()
    guess = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.))
    assert guess.information_state_string(seat) == state.information_state_string(seat)
    assert guess.information_state_tensor(seat) == state.information_state_tensor(seat)
    assert guess.history() == state.history()
    assert guess.inner.to_json() != state.inner.to_json()  # hidden parts guessed anew


@pytest.mark.parametrize("name", games.names())
def test_the_information_state_tensor_has_perfect_recall(name: str) -> None:
    state = dealt(name, moves=4)
    seat = 0
    observation = state.observation_tensor(seat)
    info = state.information_state_tensor(seat)
    observer = state.get_game().setup.observer
    assert observation == list(observer.observation(state.inner, seat))
    assert len(info) > len(observation)  # the recalled view, then the history as seen
    assert info[:len(observation)] == list(observer.recalled(state.inner, seat))
    assert any(info[len(observation):])
    assert len(info) == state.get_game().information_state_tensor_size()


def test_castles_hidden_memory_information_state_keeps_what_was_seen() -> None:
    """Under hidden memory the observation forgets a number put back; the information state
    (perfect recall) keeps it, as determinize does, so a resampled state agrees with it."""
    state = dealt("castle", outcome=2)
    rng = np.random.RandomState(2)
    inner = state.inner
    while not any(inner.known[p] and p != inner.pending for p in inner.down):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    assert state.information_state_string(seat) != state.observation_string(seat)
    sampler = pyspiel.UniformProbabilitySampler(0., 1.)
    for _ in range(3):
        guess = state.resample_from_infostate(seat, sampler)
        assert guess.information_state_string(seat) == state.information_state_string(seat)
        assert guess.information_state_tensor(seat) == state.information_state_tensor(seat)


def test_castles_recalled_vector_is_what_open_memory_shows() -> None:
    """A seat that forgets nothing knows under hidden memory what open memory shows."""
    hidden, opened_game = games.load("castle"), games.load("castle", memory="open")
    observer, open_observer = hidden.observer(2), opened_game.observer(2)
    state, rng = hidden.start(players=2, seed=5), np.random.RandomState(5)
    compared = 0
    while not state.is_over:
        saved = state.to_json()
        saved["options"] = {**saved["options"], "memory": "open"}
        opened = opened_game.from_json(saved)
        seat = state.to_move
        recalled = observer.recalled(state, seat)
        assert (recalled == open_observer.observation(opened, seat)).all()
        compared += (recalled != observer.observation(state, seat)).any()
        legal = state.legal_actions()
        state.apply(legal[rng.randint(len(legal))])
    assert compared > 0  # hidden memory did forget something on the way


@pytest.mark.parametrize("name", ["castle", "five_towers"])
def test_a_positions_information_state_is_written_once_and_forgotten_after_a_move(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel's ISMCTS asks a node's information-state string two or three times: the
    adapter writes it once a position and player, and writes it anew after a move."""
    state = dealt(name, moves=6)
    observer = state.get_game().setup.observer
    calls = {"string": 0, "tensor": 0}
    real_view, real_recalled = observer.recall_view, observer.recalled

    def counted_view(*args: object, **kwargs: object) -> object:
        calls["string"] += 1
        return real_view(*args, **kwargs)

    def counted_recalled(*args: object, **kwargs: object) -> object:
        calls["tensor"] += 1
        return real_recalled(*args, **kwargs)

    monkeypatch.setattr(observer, "recall_view", counted_view)
    monkeypatch.setattr(observer, "recalled", counted_recalled)
    seat = state.current_player()
    texts = {state.information_state_string(seat) for _ in range(3)}
    tensors = [state.information_state_tensor(seat) for _ in range(3)]
    assert len(texts) == 1 and tensors[0] == tensors[1] == tensors[2]
    assert calls == {"string": 1, "tensor": 1}
    clone = state.clone()  # the same position: kept
    assert clone.information_state_string(seat) in texts and calls["string"] == 1
    other = 1 - seat
    state.information_state_string(other)
    assert calls["string"] == 2  # per player
    before = clone.information_state_string(seat)
    clone.apply_action(clone.legal_actions()[0])
    after = clone.information_state_string(seat)
    assert calls["string"] == 3 and after != before
    fresh = dealt(name, moves=6)  # no memo at all: the same text and tensor
    fresh.apply_action(fresh.legal_actions()[0])
    assert fresh.information_state_string(seat) == after
    assert state.information_state_tensor(seat) == tensors[0]
    sampler = pyspiel.UniformProbabilitySampler(0., 1.)
    guess = state.resample_from_infostate(seat, sampler)  # another world: written anew
    assert guess.information_state_string(seat) in texts and calls["string"] == 4
