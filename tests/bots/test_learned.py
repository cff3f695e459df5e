"""The ``learned`` bot: it plays the shipped policy of the game at hand, legally, from what
its seat knows; it refuses a game without a policy before play, in every language; and
its published win rates recompute from their results files."""
from __future__ import annotations

import hashlib
import json
import random
from importlib import resources
from pathlib import Path

import pytest

from towerplay import bots, games
from towerplay.arena.table import Table
from towerplay.bots.policy import SHIPPED, shipped, shipped_games, shipped_name
from towerplay.core.errors import InvalidOptions
from towerplay.i18n import LANGUAGES, word
from towerplay.sim.play import play_game

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "rl"
TRAINED = [("five_towers", 2), ("castle", 2)]


def test_policies_are_shipped_for_5_towers_and_castle_at_two_players() -> None:
    assert set(TRAINED) <= set(shipped_games())
    for game, players in TRAINED:
        policy = shipped(game, players)
        assert policy.observation_size == games.load(game).observer(players).shape[0]
        assert policy.num_actions == games.load(game).num_actions
        assert "command" in policy.training and "seed" in policy.training["settings"]


@pytest.mark.parametrize("game,players", TRAINED)
def test_it_plays_whole_games_through_the_table(game: str, players: int) -> None:
    played = play_game(games.load(game), ["learned", "random"], seed=3)
    assert played.state.is_over and played.moves[0] > 0


@pytest.mark.parametrize("game,players", TRAINED)
def test_it_decides_on_what_its_seat_knows(game: str, players: int) -> None:
    """Any deal its seat cannot tell from the true one gets the same move (the bot reads
    the seat's observation alone), so it neither cheats nor plays at random."""
    state, rng = games.load(game).start(players=players, seed=11), random.Random(11)
    bot = bots.load("learned", seed=1)
    for _ in range(30):
        if state.is_over:
            break
        seat = state.to_move
        move = bot.choose(state.determinize(seat, rng), seat)
        assert move in state.legal_actions()
        for guess in range(3):
            other = state.determinize(seat, random.Random(guess))
            assert bots.load("learned", seed=guess).choose(other, seat) == move
        state.apply(move)


def test_a_game_or_player_count_without_a_policy_is_refused_before_play() -> None:
    with pytest.raises(InvalidOptions) as refused:
        Table(games.load("skytopia").start(players=2, seed=1), ["human", "learned"])
    message = str(refused.value)
    assert "no policy for 'skytopia' at 2 players" in message and "'castle'" in message
    with pytest.raises(InvalidOptions, match="no policy for 'castle' at 3 players"):
        Table(games.load("castle").start(players=3, seed=1), ["learned", "greedy", "human"])
    event = refused.value.event
    assert len({word(event, lang) for lang in LANGUAGES}) == len(LANGUAGES)


def test_options_that_change_the_observation_are_refused() -> None:
    """An observation of another length cannot be read by the network."""
    bot = bots.load("learned")
    game = games.load("castle")
    bot.check_game(game, 2)
    policy = shipped("castle", 2)
    policy.mean = policy.mean[:-1]  # (as if trained on rules with one number fewer)
    try:
        with pytest.raises(InvalidOptions, match="reads 390 numbers, but these options"):
            bot.check_game(game, 2)
    finally:
        shipped.cache_clear()


@pytest.mark.parametrize("game,players", TRAINED)
def test_the_published_win_rate_against_random_recomputes_from_its_results(
        game: str, players: int) -> None:
    """100 seat-rotated games on deals new to the policy (examples/rate_learned.py), by
    the policy shipped (its file's digest), at least 85% won, as docs/rl.md says."""
    report = json.loads((RESULTS / f"learned-{game}-random.json").read_text())
    records = report["records"]
    assert report["opponent"] == "random" and len(records) == report["games"] == 100
    shipped_file = (resources.files(SHIPPED) / shipped_name(game, players)).read_bytes()
    assert report["policy_sha256"] == hashlib.sha256(shipped_file).hexdigest()
    deals = {}
    for record in records:
        deals.setdefault(record["deal"], []).append(tuple(record["entrants"]))
    assert all(sorted(seatings) == [(0, 1), (1, 0)] for seatings in deals.values())
    won = sum(1 / len(r["winners"]) for r in records
              if r["entrants"].index(0) in r["winners"])
    assert won / len(records) == pytest.approx(report["win_rate"])
    assert won / len(records) >= 0.85
    training = shipped(game, players).training["settings"]
    assert report["seed"] != training["seed"]  # (deals from another generator as well)
    doc = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    assert f"{won:g} of 100" in doc
