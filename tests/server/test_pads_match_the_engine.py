"""Scoring once: a game's scoring pad (its ``pad.js``, scoring in the browser, offline)
is a second copy of the game's scoring, so it is held to the engine's on finished games.

For every registered game with a pad, 1,000 random games are played to their end over
the option sets the pad scores (its ``pad.VARIANTS``), each typed into the pad as people
at a real table would (its ``pad.typed``), and scored by the pad in chromium: every
seat's total, every row of its breakdown and the winners must be the engine's
(``state.scores()``, the view's ``breakdown``, ``state.winners()``), and no finished game
may be refused.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from towerplay import games
from towerplay.server import scoring

from tests.server.test_score_pads import score_in_page

GAMES_PER_PAD = 1_000
"""Finished games typed into each pad."""


def proof(game: str) -> ModuleType:
    """The game's ``pad`` module: how a finished game is typed into its pad."""
    module = games.companion(game, "pad")
    assert module is not None and hasattr(module, "typed") and module.VARIANTS, (
        f"{game} has a scoring pad but no pad.py saying how a finished game is typed "
        "into it (typed, VARIANTS): its pad cannot be held to its engine")
    return module


def finished(game: str, count: int, variants: tuple[dict[str, Any], ...],
             seed: int = 0) -> Iterator[tuple[Any, dict[str, Any]]]:
    """``count`` random games of ``game`` played to their end (its option sets in turn,
    a random player count), each with what the engine says of its end."""
    rng = random.Random(seed)
    for index in range(count):
        options = variants[index % len(variants)]
        played = games.load(game, **options)
        state = played.start(players=rng.randint(played.min_players, played.max_players),
                             seed=seed + index)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        view = state.view(None, log=False)
        yield state, {"totals": state.scores(), "winners": state.winners(),
                      "rows": [[points for _, points in seat] for seat in view["breakdown"]]}


def sweep(game: str, count: int, variants: tuple[dict[str, Any], ...], seed: int = 0
          ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the pad's inputs, the engine's answers) of ``count`` finished games."""
    module = proof(game)
    inputs, answers = [], []
    for state, answer in finished(game, count, variants, seed):
        inputs.append(module.typed(state.view(None, log=False), state.game))
        answers.append(answer)
    return inputs, answers


def differences(page: Any, base: str, game: str, inputs: list[dict[str, Any]],
                answers: list[dict[str, Any]]) -> list[tuple[dict[str, Any], Any, Any]]:
    """Each finished game whose pad's score is not the engine's: (input, engine, pad)."""
    scored = [summary(answer) for answer in score_in_page(page, base, game, inputs)]
    return [(typed, engine, pad) for typed, engine, pad in zip(inputs, answers, scored,
                                                               strict=True)
            if pad != engine]


def summary(answer: dict[str, Any]) -> dict[str, Any]:
    """What the pad said, as the engine says it: each seat's total and rows' points, the
    winners (or its refusal)."""
    if "refusal" in answer:
        return answer
    seats = answer["result"]["seats"]
    return {"totals": [seat["total"] for seat in seats], "winners": answer["result"]["winners"],
            "rows": [[row["points"] for row in seat["rows"]] for seat in seats]}


@pytest.mark.parametrize("game", scoring.pad_games())
def test_the_pad_scores_finished_games_as_the_engine(page: Any, web: Any, game: str) -> None:
    inputs, answers = sweep(game, GAMES_PER_PAD, proof(game).VARIANTS)
    assert len(inputs) == GAMES_PER_PAD
    assert len({len(answer["totals"]) for answer in answers}) > 1  # several table sizes
    assert any(len(answer["winners"]) > 1 for answer in answers)  # ties, shared wins
    wrong = differences(page, web.base, game, inputs, answers)
    assert not wrong, (f"{len(wrong)} of {GAMES_PER_PAD} finished games scored otherwise: "
                       f"{wrong[:3]}")


def test_the_proof_sees_a_pad_that_scores_otherwise(page: Any, web: Any) -> None:
    """Blueprints' pad ranks a round's ties by that round's turn order, as the engine's
    default does; under ``last_turn_tiebreak="previous_round"`` the engine ranks them
    otherwise, and the sweep notices it on some games."""
    other = ({"last_turn_tiebreak": "previous_round"},)
    inputs, answers = sweep("blueprints", 300, other)
    assert differences(page, web.base, "blueprints", inputs, answers)
