"""Each observer names its features: the layout covers the vector exactly, every state
writes it alike, and docs/rl.md shows it as the observer gives it."""
from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import pytest

from towerplay import games
from towerplay.envs.common import layout_markdown

from tests.conftest import game_player_counts

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
GAMES = sorted(games.BUILT_IN)  # the games that ship with towerplay (docs/rl.md shows them)


@pytest.mark.parametrize("name,players", game_player_counts())
def test_the_layout_covers_the_vector_and_every_state_writes_it(name: str,
                                                                players: int) -> None:
    game = games.load(name)
    observer = game.observer(players)
    layout = observer.layout()
    names = [feature for feature, _ in layout]
    assert len(set(names)) == len(names), "feature names are unique"
    assert layout[0][1].start == 0 and layout[-1][1].stop == observer.shape[0]
    assert all(a.stop == b.start for (_, a), (_, b) in pairwise(layout))
    assert "unnamed" not in names
    state, rng = game.start(players=players, seed=3), random.Random(3)
    for step in range(60):
        if state.is_over:
            break
        if step % 7 == 0:
            for seat in (state.to_move, None):
                assert observer.sections(state, seat) == layout
                assert len(observer.observation(state, seat)) == layout[-1][1].stop
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_docs_rl_shows_each_games_layout_as_its_observer_gives_it(name: str) -> None:
    assert layout_markdown(name, 2) in DOC.read_text(encoding="utf-8")
