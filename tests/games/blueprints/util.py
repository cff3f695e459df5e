"""Helpers for the Blueprints tests: build positions by hand."""
from __future__ import annotations

from towerplay import games
from towerplay.games.blueprints.cards import parse_blueprint
from towerplay.games.blueprints.dice import MATERIALS
from towerplay.games.blueprints.scoring import parse_building
from towerplay.games.blueprints.state import TAKES_PER_ROUND, BlueprintsState


def start(players: int = 2, seed: int = 1, **options: object) -> BlueprintsState:
    state = games.load("blueprints", **options).start(players=players, seed=seed)
    assert isinstance(state, BlueprintsState)
    return state


def set_seat(state: BlueprintsState, seat: int, blueprint: str, building: str) -> None:
    """Give ``seat`` a blueprint and a building (the card index is looked up or kept)."""
    layout = parse_blueprint(blueprint)
    deck = [card[1] for card in state.game.deck]
    if layout in deck:
        state.cards[seat] = deck.index(layout)
    state.layouts[seat] = layout
    state.buildings[seat] = parse_building(building)


def score_round(state: BlueprintsState, buildings: list[tuple[str, str]],
                demand: str = "WR", first: int = 0) -> dict:
    """Score the current round with these (blueprint, building) pairs; return its result."""
    for seat, (blueprint, building) in enumerate(buildings):
        set_seat(state, seat, blueprint, building)
    state.demand = (MATERIALS.index(demand[0]), MATERIALS.index(demand[1]))
    state.first = first
    state.turns = TAKES_PER_ROUND * state.players
    state._score_round()
    return state.results[-1].to_json(state.game)


def play_random(state: BlueprintsState, seed: int = 0, until=None) -> BlueprintsState:
    """Play random legal actions until the game ends or ``until(state)`` holds."""
    import random

    rng = random.Random(seed)
    while not state.is_over and not (until and until(state)):
        state.apply(rng.choice(state.legal_actions()))
    return state
