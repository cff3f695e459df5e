"""Undo (issue #43): which actions reveal, each game's answer from its rules and checked
against what the seats see; and the table's undo, which restores the exact position
before the action and refuses, with the reason, where the rules do not allow it."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from towerplay import games
from towerplay.arena.table import (
    GameOver,
    NotYourTurn,
    StaleMove,
    Table,
    UndoRefused,
)
from towerplay.core import words
from towerplay.core.state import State

from tests.conftest import game_player_counts

GAMES = ("five_towers", "castle", "blueprints", "skytopia")


def reveals(state: State[Any], action: Any) -> bool:
    """The game's answer for ``action`` in ``state`` (on a copy)."""
    after = state.copy()
    after.apply(action)
    return bool(state.game.reveals(state, after.history[-1], after))


def walk(name: str, players: int, seed: int, steps: int) -> State[Any]:
    state: State[Any] = games.load(name).start(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def views_after(state: State[Any], action: Any, seat: int | None) -> str | None:
    """What ``seat`` sees after ``action`` (``None``: not legal in this guess)."""
    after = state.copy()
    if action not in after.legal_actions():
        return None
    after.apply(action)
    return json.dumps(after.view(seat, log=False), sort_keys=True)


# ----------------------------------------------------------------- each game's rules
def test_five_towers_only_a_new_round_reveals() -> None:
    """A bid, a pass, a take from the display (face up), a tear-down and a placement
    show nothing; the action that ends a round turns up the next display (rules
    §Round: "reveal the top 5 cards")."""
    state = games.load("five_towers").start(players=3, seed=5)
    rng = random.Random(5)
    seen: dict[tuple[str, bool], int] = {}
    while not state.is_over and len(seen) < 6:
        action = rng.choice(state.legal_actions())
        answer = reveals(state, action)
        round_before = state.view(None)["round"]
        state.apply(action)
        assert answer == (state.view(None)["round"] != round_before)
        seen[(str(action).split()[0], answer)] = 1
    assert ("take", False) in seen and ("bid", False) in seen
    assert any(kind in ("place", "pass") and answer for kind, answer in seen)


def test_castle_a_reveal_is_final_and_the_choice_after_it_is_not() -> None:
    state = games.load("castle").start(players=2, seed=3)
    for _ in range(60):
        if state.is_over:
            break
        for action in state.legal_actions():
            assert reveals(state, action) == (action.verb == "reveal")
        state.apply(state.legal_actions()[-1])
    assert not state.is_over or len(state.history) > 5


def test_blueprints_a_take_shows_nothing_a_turn_end_rolls_a_die() -> None:
    state = games.load("blueprints").start(players=3, seed=2)
    take = state.legal_actions()[0]
    assert str(take).startswith("take") and not reveals(state, take)
    state.apply(take)
    place = state.legal_actions()[0]  # ends the turn: the next die comes out of the bag
    assert reveals(state, place)


def test_skytopia_a_turn_end_that_refills_the_market_reveals() -> None:
    state = games.load("skytopia").start(players=2, seed=1)
    rng = random.Random(1)
    answers: set[bool] = set()
    while not state.is_over and len(answers) < 2 and len(state.history) < 400:
        action = rng.choice(state.legal_actions())
        answers.add(reveals(state, action))
        state.apply(action)
    assert answers == {True, False}


def test_a_game_that_says_nothing_never_allows_undo() -> None:
    """The kernel's default is safe: any action of a game with chance reveals."""
    from towerplay.core.game import Game

    state = games.load("castle").start(players=2, seed=1)
    build_like = next(a for a in state.legal_actions())
    after = state.copy()
    after.apply(build_like)
    assert Game.reveals(state.game, state, build_like, after) is True


@pytest.mark.parametrize("name", GAMES)
def test_an_action_said_to_reveal_nothing_shows_no_seat_anything_new(name: str) -> None:
    """The honesty of each game's answer: where it says an action reveals nothing,
    every seat sees the same after it whatever the hidden parts were (two guesses of
    them, each with other future chance), so taking it back can leak nothing."""
    checked = 0
    for seed in range(3):
        for steps in (3, 17, 41, 90):
            state = walk(name, 2 + seed % 2, seed, steps)
            if state.is_over:
                continue
            rng = random.Random(seed * 100 + steps)
            for action in state.legal_actions()[:6]:
                if reveals(state, action):
                    continue
                for seat in [*range(state.players), None]:
                    guesses = [state.determinize(seat, rng) for _ in range(2)]
                    seen = {views_after(guess, action, seat) for guess in guesses}
                    seen.discard(None)
                    assert len(seen) <= 1, (name, seed, steps, str(action), seat)
                    checked += 1
    assert checked > 20


# ----------------------------------------------------------------- the table's undo
@pytest.mark.parametrize("name,players", game_player_counts())
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 200), pick=st.integers(0, 10**6))
def test_undo_restores_the_exact_previous_position(name: str, players: int, seed: int,
                                                   steps: int, pick: int) -> None:
    state = walk(name, players, seed, steps)
    if state.is_over:
        return
    table: Table[Any] = Table(state, ["human"] * players)
    before = json.dumps(table.state.to_json(), sort_keys=True)
    seat, version = table.state.to_move, table.version
    assert seat is not None
    legal = table.state.legal_actions()
    action = legal[pick % len(legal)]
    table.submit(seat, str(action), version)
    try:
        events = table.undo(seat, version + 1)
    except GameOver:
        assert table.is_over  # a finished game is final
        return
    except UndoRefused as refused:
        assert refused.params["cause"] == "revealed"
        assert reveals(games.load(name).from_json(json.loads(before)), action)
        return
    assert json.dumps(table.state.to_json(), sort_keys=True) == before
    assert table.version == version + 2 and events[-1].version == version + 2
    table.submit(seat, str(action), table.version)  # and play on as chosen
    assert len(table.state.history) == version + 1


def test_undo_is_refused_with_the_reason() -> None:
    table: Table[Any] = Table(games.load("castle").start(players=2, seed=1),
                              ["human", "human"])
    first = table.state.to_move
    assert first is not None
    other = 1 - first
    with pytest.raises(UndoRefused, match="no action to take back"):
        table.undo(first, 0)
    table.submit(first, "reveal a1", 0)
    with pytest.raises(UndoRefused, match="revealed something") as revealed:
        table.undo(first, 1)
    assert revealed.value.params["cause"] == "revealed"
    with pytest.raises(StaleMove):
        table.undo(first, 0)
    while table.state.to_move == first:  # the choice after the reveal, if any
        choice = table.state.legal_actions()[0]
        table.submit(first, str(choice), table.version)
    with pytest.raises(UndoRefused) as not_mine:  # the other seat: not its action
        table.undo(other, table.version)
    assert not_mine.value.params["cause"] == "nothing"
    table.submit(other, str(table.state.legal_actions()[0]), table.version)
    with pytest.raises(UndoRefused, match="has acted since") as acted:
        table.undo(first, table.version)
    assert acted.value.params["cause"] == "next_acted"
    assert table.version == len(table.state.history)  # nothing was taken back


def test_a_bot_seat_takes_nothing_back() -> None:
    table: Table[Any] = Table(games.load("five_towers").start(players=2, seed=4),
                              ["human", "greedy"])
    for _ in table.play_bots():
        pass
    bot = next(seat for seat in range(2) if table.seats[seat] != "human")
    with pytest.raises(NotYourTurn):
        table.undo(bot, table.version)


def test_undo_words_every_refusal_in_polish_and_hungarian() -> None:
    table: Table[Any] = Table(games.load("castle").start(players=2, seed=1),
                              ["human", "human"])
    with pytest.raises(UndoRefused) as refused:
        table.undo(0, 0)
    from towerplay.i18n import word

    texts = {lang: word(refused.value.event, lang) for lang in ("en", "pl", "hu")}
    assert texts["en"] == words.english(refused.value.event)
    assert len(set(texts.values())) == 3 and "undo_nothing" not in texts["pl"]
