"""The table loop: people's moves with versions, bots anywhere, per-seat events, hooks."""
from __future__ import annotations

import pickle
from typing import Any

import pytest

from towerplay import games
from towerplay.arena.match import play_match
from towerplay.arena.table import (
    GameOver,
    IllegalMove,
    MoveRefused,
    NotAMove,
    NotYourTurn,
    StaleMove,
    Table,
)
from towerplay.core import InvalidOptions, State, UnknownBot

from tests.bots.toy import ToyGame


def human_table(seed: int = 1) -> Table[Any]:
    return Table(ToyGame().start(players=2, seed=seed), ["human", "human"])


def test_a_move_gives_each_seat_and_the_spectators_one_event() -> None:
    table = human_table()
    action = str(table.state.legal_actions()[0])
    events = table.submit(0, action, version=0)
    assert [(e.seat, e.version, e.mover, e.line) for e in events] == [
        (0, 1, 0, action), (1, 1, 0, action), (None, 1, 0, action)]
    assert table.version == 1 and table.view(1)["version"] == 1


@pytest.mark.parametrize("seat,text,version,kind", [
    (0, "play 1", 5, StaleMove),
    (1, "play 1", 0, NotYourTurn),
    (0, "play 10", 0, IllegalMove),
    (0, "jump", 0, IllegalMove),
    (0, 42, 0, NotAMove),
    (0, "play 1" + " " * 300, 0, NotAMove),
])
def test_a_refused_move_names_its_reason_and_changes_nothing(
        seat: int, text: object, version: int, kind: type[MoveRefused]) -> None:
    table = human_table()
    before = table.state.to_json()
    with pytest.raises(MoveRefused) as refused:
        table.submit(seat, text, version)
    assert type(refused.value) is kind and str(refused.value)
    assert refused.value.event.domain in ("core", "toy_pile")  # no web protocol's words
    assert table.state.to_json() == before and table.version == 0


def test_a_card_not_in_hand_is_refused_with_the_games_reason() -> None:
    table = human_table()
    missing = next(v for v in range(1, 10) if v not in table.state.hands[0])
    with pytest.raises(IllegalMove) as refused:
        table.submit(0, f"play {missing}", 0)
    assert f"play {missing}" in str(refused.value)


def test_a_bot_seat_cannot_be_played_by_a_person() -> None:
    table = Table(ToyGame().start(players=2, seed=1), ["greedy", "human"])
    with pytest.raises(NotYourTurn):
        table.submit(0, str(table.state.legal_actions()[0]), 0)


def test_moves_after_the_end_are_refused() -> None:
    table = Table(ToyGame().start(players=2, seed=1), ["random", "random"])
    list(table.play_bots())
    assert table.is_over
    with pytest.raises(GameOver):
        table.submit(0, "play 1", table.version)


def test_seats_are_checked_before_play() -> None:
    with pytest.raises(InvalidOptions):
        Table(ToyGame().start(players=2, seed=1), ["human"])
    with pytest.raises(UnknownBot):
        Table(ToyGame().start(players=2, seed=1), ["human", "alphazero"])


def test_a_bot_task_pickles_and_plays_the_same_move_as_at_home() -> None:
    home = Table(games.load("five_towers").start(players=3, seed=8), ["greedy"] * 3)
    away = Table(games.load("five_towers").start(players=3, seed=8), ["greedy"] * 3)
    for _ in range(30):
        home.play_bot()
        task = away.bot_task()
        assert task is not None
        action, bot = pickle.loads(pickle.dumps(task)).run()
        away.accept(task, action, bot)
    assert home.state.to_json() == away.state.to_json()


def test_a_bot_move_for_an_old_version_is_refused() -> None:
    table = Table(ToyGame().start(players=2, seed=2), ["greedy", "human"])
    task = table.bot_task()
    assert task is not None
    action, bot = task.run()
    table.accept(task, action, bot)
    with pytest.raises(StaleMove):
        table.accept(task, action, bot)


def test_the_table_plays_exactly_the_matches_of_before() -> None:
    """play_match runs on the table: its games are the ones the seeds always gave."""
    final = play_match(games.load("castle"), ["greedy", "random"], seed=3)
    bots_first = Table(games.load("castle").start(players=2, seed=3), ["greedy", "random"])
    list(bots_first.play_bots())
    assert final.to_json() == bots_first.state.to_json()


def test_actions_are_saved_before_events_and_hooks_see_every_action() -> None:
    calls: list[tuple[str, int]] = []

    class Counter:
        def before(self, state: State[Any], action: Any) -> None:
            calls.append(("before", len(state.history)))

        def after(self, state: State[Any], action: Any) -> None:
            calls.append(("after", len(state.history)))

        def end(self, state: State[Any]) -> None:
            calls.append(("end", len(state.history)))

    table = Table(ToyGame().start(players=2, seed=4), ["random", "random"], hooks=[Counter()])
    table.on_action.append(lambda t: calls.append(("saved", t.version)))
    list(table.play_bots())
    moves = table.version
    assert calls[:3] == [("before", 0), ("saved", 1), ("after", 1)]
    assert calls.count(("end", moves)) == 1 and calls[-1] == ("end", moves)
    assert sum(kind == "saved" for kind, _ in calls) == moves


def test_events_show_each_seat_only_what_it_may_see() -> None:
    """Blueprints hides a build from the other seats: their event does not name it."""
    table = Table(games.load("blueprints").start(players=2, seed=5), ["greedy", "greedy"])
    for events in table.play_bots():
        mover = events[0].mover
        state = table.state
        index = len(state.history) - 1
        for event in events:
            assert event.line == state.log_line(index, event.seat)
        if str(state.history[-1]).startswith("place"):
            hidden = [e for e in events if e.seat != mover]
            assert all(e.line != str(state.history[-1]) for e in hidden)
            return
    raise AssertionError("no build was placed")


@pytest.mark.parametrize("name", games.names())
def test_stepping_bots_without_events_plays_the_same_game(name: str) -> None:
    evented = Table(games.load(name).start(players=2, seed=5), ["greedy", "random"])
    stepped = Table(games.load(name).start(players=2, seed=5), ["greedy", "random"])
    for _ in evented.play_bots():
        pass
    while stepped.step_bot() is not None:
        pass
    assert stepped.state.is_over and stepped.state.history == evented.state.history


@pytest.mark.parametrize("name", games.names())
def test_a_bot_s_determinization_has_the_mover_s_own_legal_actions(name: str) -> None:
    table = Table(games.load(name).start(players=3, seed=6), ["random"] * 3)
    for _ in range(40):
        task = table.bot_task()
        if task is None:
            break
        fresh = pickle.loads(pickle.dumps(task)).seen  # a pickled task works them out anew
        assert task.seen.legal_actions() == fresh.legal_actions() == table.state.legal_actions()
        table.accept(task, *task.run())
