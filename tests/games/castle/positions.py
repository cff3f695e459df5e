"""Building castle positions for tests through the public JSON round trip."""
from __future__ import annotations

from typing import Any

from towerplay import games
from towerplay.games.castle.cards import POSITIONS, parse_position, position_name
from towerplay.games.castle.state import CastleState


def position(castles: list[list[int]], table: dict[str, int] | None = None, *,
             rest: str = "table", to_move: int = 0, known: dict[str, int] | None = None,
             wizard_used: list[bool] | None = None, idle: int = 0, pending: str | None = None,
             **options: Any) -> CastleState:
    """A position with these castles (each from the tile 1). ``table`` puts cards at
    positions; every other card goes on the remaining positions in ascending order
    (``rest="table"``) or into the box (``rest="removed"``). ``known`` marks positions
    as seen and put back."""
    game = games.load("castle", **options)
    players = len(castles)
    data = game.start(players=players, seed=1).to_json()
    table = dict(table or {})
    grid = [0] * POSITIONS
    for name, card in table.items():
        grid[parse_position(name)] = card
    used = {c for castle in castles for c in castle[1:]} | set(table.values())
    others = [c for c in range(2, 47) if c not in used]
    removed: list[int] = []
    if rest == "table":
        free = [p for p in range(POSITIONS) if not grid[p]]
        for p, card in zip(free, others, strict=False):
            grid[p] = card
        removed = others[len(free):]
    else:
        removed = others
    known_list = [0] * POSITIONS
    for name, card in (known or {}).items():
        assert grid[parse_position(name)] == card, f"{name} does not hold {card}"
        known_list[parse_position(name)] = card
    data["state"] = {"grid": grid, "known": known_list, "pending": pending,
                     "castles": castles, "removed": removed,
                     "wizard_used": wizard_used or [False] * players, "idle": idle,
                     "reveals": []}
    data["to_move"] = to_move
    state = game.from_json(data)
    assert isinstance(state, CastleState)
    return state


def where(state: CastleState, card: int) -> str:
    """The position name holding ``card`` on the table."""
    return position_name(state.grid.index(card))
