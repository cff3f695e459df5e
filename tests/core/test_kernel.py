"""Unit tests of the kernel pieces that do not depend on a particular game."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from towerplay import bots, games
from towerplay.core import BadRecord, InvalidOptions, Record, UnknownBot, UnknownGame, chance
from towerplay.core.rng import derive_seed, shuffle


def test_chance_is_reproducible_and_keyed() -> None:
    a = [chance(5, "shuffle", 1).random() for _ in range(2)]
    assert a[0] == a[1]
    assert chance(5, "shuffle", 1).random() != chance(5, "shuffle", 2).random()
    assert chance(5, "shuffle").random() != chance(6, "shuffle").random()


def test_derived_seeds_are_stable_across_runs() -> None:
    # fixed value: derive_seed must not depend on PYTHONHASHSEED or the platform
    assert derive_seed(1, "bot", 0) == derive_seed(1, "bot", 0)
    assert derive_seed(1, "bot", 0) == 318940485427727666
    assert 0 <= derive_seed(2**62, "x") < 2**63


def test_shuffle_keeps_the_items_and_makes_every_order_about_equally_likely() -> None:
    rng = random.Random(5)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        items = [0, 1, 2]
        shuffle(items, rng)
        counts[tuple(items)] += 1
    assert len(counts) == 6  # every one of the 3! orders turns up
    assert all(850 < n < 1150 for n in counts.values()), counts  # about 1000 each
    deck = list(range(90))
    shuffle(deck, rng)
    assert sorted(deck) == list(range(90)) and deck != list(range(90))
    for short in ([], [7]):
        shuffle(short, rng)  # nothing to shuffle: no error
    assert short == [7]


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame) as info:
        games.load("monopoly")
    assert "monopoly" in str(info.value) and "five_towers" in str(info.value)


@pytest.mark.parametrize("spec,error", [
    ("nosuchbot", UnknownBot), ("random:depth", InvalidOptions),
    ("random:recall=2", InvalidOptions), ("random:colour=red", InvalidOptions),
    ("", InvalidOptions), ("greedy:recall=half", InvalidOptions)])
def test_bad_bot_specs_are_refused(spec: str, error: type) -> None:
    with pytest.raises(error) as info:
        bots.load(spec)
    assert str(info.value)


def test_bot_spec_round_trips() -> None:
    bot = bots.load("greedy:recall=0.5", seed=3)
    assert bot.spec == "greedy:recall=0.5"
    assert bots.load(bot.spec, seed=3).options == bot.options


def test_bot_never_receives_the_true_state() -> None:
    state = games.load("five_towers").start(players=3, seed=4)
    seen = []

    class Spy(bots.bot_class("greedy")):
        def choose(self, state, seat):
            seen.append(state)
            return super().choose(state, seat)

    Spy(seed=1).act(state)
    assert seen and seen[0] is not state
    assert seen[0].seed != state.seed  # future chance is hidden from the bot


def test_the_random_bot_reads_only_what_its_seat_knows() -> None:
    """It perceives the true state (no copy: the simulation's speed) but reads only the
    mover's legal actions: its move is the same from any state the seat cannot tell
    apart."""
    state = games.load("five_towers").start(players=3, seed=4)
    assert bots.load("random").perceive(state, 0) is state
    for world in range(5):
        other = state.determinize(0, random.Random(world))
        assert other.seed != state.seed
        assert bots.load("random", seed=1).act(other) == bots.load("random", seed=1).act(state)


def test_record_validation_names_the_field() -> None:
    with pytest.raises(BadRecord, match="players"):
        Record.from_json({"game": "five_towers", "seed": 1})
    with pytest.raises(BadRecord, match="seed"):
        Record.from_json({"game": "five_towers", "players": 2, "seed": "abc"})
    with pytest.raises(BadRecord, match="cannot read"):
        Record.load("/nonexistent/record.json")


def test_record_of_a_different_rules_version_is_refused() -> None:
    record = Record(game="five_towers", players=2, seed=1, rules_version="0-old")
    with pytest.raises(BadRecord, match="rules version"):
        record.replay()


def test_record_with_a_wrong_result_is_refused() -> None:
    from towerplay.arena import play_match

    final = play_match(games.load("five_towers"), ["random", "random"], seed=2)
    record = Record.from_state(final)
    record.result = {"scores": [999, 0], "winners": [0]}
    with pytest.raises(BadRecord, match="result"):
        record.replay()


def test_record_points_at_the_bad_action() -> None:
    state = games.load("five_towers").start(players=2, seed=1)
    record = Record.from_state(state)
    record.actions = [str(state.legal_actions()[0]), "fly away"]
    with pytest.raises(BadRecord, match="action 2"):
        record.replay()
