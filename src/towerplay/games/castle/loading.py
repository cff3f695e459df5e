"""Saved Budowa Zamku positions: the state's fields as JSON and back, checked strictly.

Cards are their numbers (0: no card), the pending position its name (``c4``), the reveal
records lists. :func:`load_json` refuses (ValueError, turned into BadRecord by the kernel)
cards that are not the deck, castles that do not increase, seats out of range and reveal
records that do not match the history, naming the first inconsistency, so a loaded
position can always be played on.

>>> from towerplay import games
>>> state = games.load("castle").start(players=2, seed=1)
>>> data = to_json(state)
>>> data["pending"], data["castles"], data["idle"]
(None, [[1], [1]], 0)
>>> copy = state.copy(); load_json(copy, data); to_json(copy) == data
True
>>> load_json(copy, {**data, "idle": -1})
Traceback (most recent call last):
...
ValueError: idle must be 0 or more
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towerplay.games.castle.cards import (
    GOAL,
    HIGHEST,
    LOWEST,
    POSITIONS,
    RESULTS,
    REVEAL,
    Reveal,
    parse_position,
    position_name,
)

if TYPE_CHECKING:
    from towerplay.games.castle.state import CastleState


def to_json(state: CastleState) -> dict[str, Any]:
    """The position's own fields (the kernel adds seed, history and the seat to move)."""
    return {
        "grid": state.grid.copy(),
        "known": state.known.copy(),
        "pending": position_name(state.pending) if state.pending >= 0 else None,
        "castles": [c.copy() for c in state.castles],
        "removed": state.removed.copy(),
        "wizard_used": state.wizard_used.copy(),
        "idle": state.idle,
        "reveals": [list(r) for r in state.reveals],
    }


def load_json(state: CastleState, data: dict[str, Any]) -> None:
    """Restore and check a position; :class:`ValueError` (a BadRecord for the kernel)
    names the first inconsistency, so a loaded position can always be played on."""
    _load_table(state, data)
    state.wizard_used = [bool(u) for u in data["wizard_used"]]
    if len(state.wizard_used) != state.players:
        raise ValueError("one wizard_used flag per player expected")
    state.idle = int(data["idle"])
    if state.idle < 0:
        raise ValueError("idle must be 0 or more")
    _check_turns(state, state.castles)
    state.reveals = _loaded_reveals(state, data["reveals"])


def _load_table(state: CastleState, data: dict[str, Any]) -> None:
    """Restore the cards (table, castles, box) and the pending position, checked."""
    grid = [int(c) for c in data["grid"]]
    known = [int(c) for c in data["known"]]
    castles = [[int(c) for c in castle] for castle in data["castles"]]
    if len(grid) != POSITIONS or len(known) != POSITIONS:
        raise ValueError(f"grid and known must list {POSITIONS} positions")
    if len(castles) != state.players:
        raise ValueError("one castle per player expected")
    cards = [c for c in grid if c] + [c for castle in castles for c in castle[1:]]
    removed = [int(c) for c in data["removed"]]
    if sorted(cards + removed) != list(range(LOWEST, HIGHEST + 1)):
        raise ValueError("the cards on the table, in castles and removed must be "
                         f"{LOWEST}..{HIGHEST}, each once")
    if any(k and k != g for k, g in zip(known, grid, strict=True)):
        raise ValueError("a known card differs from the card at its position")
    if any(castle[0] != 1 or castle != sorted(set(castle)) for castle in castles):
        raise ValueError("each castle must start with 1 and increase")
    state.grid, state.known, state.castles, state.removed = grid, known, castles, removed
    state.down = [p for p in range(POSITIONS) if grid[p]]
    state.moves = [REVEAL[p] for p in state.down]
    pending = data["pending"]
    state.pending = -1 if pending is None else parse_position(pending)
    card = grid[state.pending] if state.pending >= 0 else -1
    if card == 0 or card > 0 and known[state.pending] != card:
        raise ValueError("the pending position must hold its revealed (known) card")


def _loaded_reveals(state: CastleState, records: Any) -> list[Reveal]:
    """The reveal records, checked against the history and the pending card."""
    reveals = []
    for i, s, p, c, r, a in records:
        if r not in RESULTS:
            raise ValueError(f"unknown reveal result {r!r}")
        reveals.append((int(i), int(s), int(p), int(c), r, bool(a)))
    turns = [(i, state.movers[i], a.arg) for i, a in enumerate(state.history)
             if a.verb == "reveal"]
    if [r[:3] for r in reveals] != turns or any(not 0 <= r[3] <= HIGHEST for r in reveals):
        raise ValueError("the reveal records do not match the reveals in the history")
    waiting = [r[1:3] for r in reveals[-1:] if r[4] == "revealed"]
    if waiting != ([(state.to_move, state.pending)] if state.pending >= 0 else []) or any(
            r[4] == "revealed" for r in reveals[:-1]):
        raise ValueError("only the pending card, revealed by the seat to move, may be "
                         "undecided")
    return reveals


def _check_turns(state: CastleState, castles: list[list[int]]) -> None:
    """Raise :class:`ValueError` unless the seats and the end of the game make sense."""
    to_move, players = state.to_move, state.players
    if to_move is not None and (type(to_move) is not int or not 0 <= to_move < players):
        raise ValueError(f"to_move must be a seat 0..{players - 1} or null "
                         f"(got {to_move!r})")
    if len(state.movers) != len(state.history) or any(
            not 0 <= m < players for m in state.movers):
        raise ValueError(f"movers must give one seat 0..{players - 1} per history entry")
    if to_move is None:
        if state.pending >= 0:
            raise ValueError("a finished game has no card awaiting a decision")
    elif not state.down or any(len(c) >= GOAL for c in castles):
        raise ValueError("a game still running needs a face-down card and no castle "
                         f"of {GOAL} elements")
