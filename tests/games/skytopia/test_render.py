"""The terminal picture renders every phase without markup errors."""
from __future__ import annotations

import io
import random

from rich.console import Console

from towerplay import games


def test_render_every_phase_of_variant_games() -> None:
    game = games.load("skytopia", abilities="draft", sides="choose", preliminary_turn=True)
    s = game.start(players=3, seed=5)
    rng = random.Random(5)
    seen = set()
    while True:
        text = games.render_text(s, s.to_move)
        if len(s.history) % 15 == 0 or s.is_over or s.phase < 3:
            Console(file=io.StringIO(), width=120).print(text)  # valid rich markup
        seen.add(s.view(None)["phase"])
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    assert "Chronometer" in text and "Final scores" in text and "Market" in text
    assert {"ability draft", "ability side", "preliminary turn", "phase 2: assign a golem",
            "game over"} <= seen
