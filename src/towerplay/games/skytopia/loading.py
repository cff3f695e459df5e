"""Saved Skytopia positions: the state's fields as JSON and back, checked strictly.

Fields are written as plain ints and lists (cards and effects by their dense ids, golems
packed ``seat * 8 + value``), the effect stack as its frames' JSON
(:func:`.effects.frame_from_json`), the log notes as lists. :func:`load_json` refuses
(ValueError, turned into BadRecord by the kernel) wrong sizes, unknown cards, a card in two
places, bad golems and a position that does not wait on a decision: every later step
relies on it.

>>> from towerplay import games
>>> state = games.load("skytopia").start(players=2, seed=1)
>>> data = to_json(state)
>>> data["round"], data["coins"]
(1, [5, 5])
>>> copy = state.copy(); load_json(copy, data); to_json(copy) == data
True
>>> load_json(copy, {**data, "coins": [5]})
Traceback (most recent call last):
...
ValueError: 'coins' must be 2 whole numbers in 0..1000000000
"""
from __future__ import annotations

from typing import Any

from towerplay.games.skytopia import state as rules  # (a cycle: state imports this module)
from towerplay.games.skytopia.actions import ROWS, SLOTS, slot_name
from towerplay.games.skytopia.effects import GOLEMS, frame_from_json

FIELDS = ("round", "last_round", "first", "turn_index", "build", "market", "decks",
          "towers", "coins", "prestige", "board", "tile", "side", "guilds", "phase",
          "stack", "pending_towers", "completed", "added", "paid", "pool", "pick", "rows")
"""The state's fields saved as they are (as plain lists)."""


def to_json(state: rules.SkytopiaState) -> dict[str, Any]:
    """The position's own fields (the kernel adds seed, history and the seat to move)."""
    data = {name: _plain(getattr(state, name)) for name in FIELDS}
    data["dice"] = [list(d) for d in state.dice]
    data["notes"] = [list(n) for n in state._all_notes()]
    return data


def load_json(state: rules.SkytopiaState, data: dict[str, Any]) -> None:
    """Restore a position; ``ValueError`` (a BadRecord for the caller) if it is not one
    this game can reach: wrong sizes, unknown cards, a card in two places, bad dice."""
    state.comp = state.game.comp
    for name in FIELDS:
        setattr(state, name, data[name])
    state.towers = [tuple(t) for t in state.towers]
    state.guilds = tuple(state.guilds)
    state.pool = tuple(state.pool)
    state.completed = tuple((slot, card) for slot, card in state.completed)
    state.stack = [frame_from_json(f, len(state.comp.effects)) for f in state.stack]
    state.dice = [tuple(d) for d in data["dice"]]
    state.notes, state.uses = _loaded_notes(state, data.get("notes", [])), ()
    _check_loaded(state)
    state.current = (state.first + state.turn_index) % state.players
    _check_waiting(state)


def _check_waiting(state: rules.SkytopiaState) -> None:
    """``ValueError`` unless the loaded position waits on a decision of its ``to_move``."""
    saved, before = state.to_move, to_json(state)
    try:  # a saved position waits on a decision: this only recomputes its options
        state._advance()
    except (LookupError, TypeError, ValueError, AssertionError):
        raise ValueError("the position is inconsistent (no decision can follow)") from None
    if to_json(state) != before:
        raise ValueError("the position does not wait on a decision ('phase', 'stack')")
    expected = None if state.phase == rules.PH_OVER else (
        state._picker() if state.phase <= rules.PH_PRE else state.current)
    if saved != expected or (saved is not None and not state._choices):
        raise ValueError(f"'to_move' is {saved!r}; this position waits on {expected!r}")


def _loaded_notes(state: rules.SkytopiaState, notes: Any) -> tuple[tuple[int, ...], ...]:
    """The log notes of a saved position (older saves have none), checked."""
    highs = (len(state.history) - 1, len(state.comp.effects) - 1, 10**6, 10**6, 6,
             state.players - 1, 10**6, 1)
    lows = (0, -1, 1, 0, 1, 0, 0, 0)
    out = []
    for note in notes:
        if not isinstance(note, list) or len(note) != len(highs) or not all(
                type(v) is int and low <= v <= high
                for v, low, high in zip(note, lows, highs, strict=True)):
            raise ValueError("'notes' holds [index, effect, round, ended, build value, "
                             "first player, last round, over] of whole numbers in range")
        out.append(tuple(note))
    if [n[0] for n in out] != sorted({n[0] for n in out}):
        raise ValueError("'notes' must name history entries in ascending order, once")
    return tuple(out)


def _ints(name: str, values: Any, size: int, low: int, high: int) -> None:
    """``ValueError`` unless ``values`` are ``size`` whole numbers in ``low..high``."""
    if len(values) != size or not all(
            type(v) is int and low <= v <= high for v in values):
        what = "a whole number" if size == 1 else f"{size} whole numbers"
        raise ValueError(f"'{name}' must be {what} in {low}..{high}")


def _check_loaded(state: rules.SkytopiaState) -> None:
    """Shape and range checks of freshly loaded fields (see :func:`load_json`)."""
    n, c = state.players, state.comp
    scalars = (("round", 1, 10**6), ("last_round", 0, 10**6), ("first", 0, n - 1),
               ("turn_index", 0, n), ("build", 0, 5), ("phase", 0, rules.PH_OVER),
               ("pending_towers", 0, 15),
               ("added", 0, 10**6), ("paid", -1, 10**6), ("pick", 0, n - 1),
               ("rows", 1, ROWS))
    for name, low, high in scalars:
        _ints(name, [getattr(state, name)], 1, low, high)
    _ints("market", state.market, SLOTS, -1, c.n_cards - 1)
    _ints("coins", state.coins, n, 0, 10**9)
    _ints("prestige", state.prestige, n, 0, 10**9)
    _ints("board", state.board, n, 0, GOLEMS)
    _ints("tile", state.tile, n, -1, 3)
    _ints("side", state.side, n, 0, 1)
    _ints("pool", state.pool, len(state.pool), 0, 3)
    _ints("guilds", state.guilds, 3, 0, len(c.guilds) - 1)
    if len(state.decks) != 4 or len(state.towers) != 4 * n or len(state.dice) != SLOTS:
        raise ValueError("'decks', 'towers' or 'dice' has the wrong size")
    _check_cards(state)
    _check_dice(state)


def _check_cards(state: rules.SkytopiaState) -> None:
    """Every Tower card in one place at most: decks, Market, Towers (of its colour)."""
    n, c = state.players, state.comp
    placed = [k for k in state.market if k >= 0]
    for colour in range(4):
        _ints(f"decks[{colour}]", state.decks[colour], len(state.decks[colour]), 0,
              c.n_cards - 1)
        placed += state.decks[colour]
        for p in range(n):
            tower = state.towers[p * 4 + colour]
            _ints("towers", tower, len(tower), 0, c.n_cards - 1)
            if any(c.cards[k].colour != colour for k in tower):
                raise ValueError("a Tower holds a card of another colour")
            placed += tower
    placed += [card for _, card in state.completed]
    if len(placed) != len(set(placed)):
        raise ValueError("a Tower card is in two places at once")


def _check_dice(state: rules.SkytopiaState) -> None:
    """Golems on Market cards, distinct values per card, all of each seat's accounted for."""
    n = state.players
    out = [0] * n
    for slot, dice in enumerate(state.dice):
        _ints("dice", dice, len(dice), 0, 8 * n - 1)
        values = [d & 7 for d in dice]
        if not all(values) or 7 in values or len(set(values)) != len(values) \
                or (dice and state.market[slot] < 0):
            raise ValueError(f"bad golems on Market slot {slot_name(slot)}")
        for d in dice:
            out[d >> 3] += 1
    if any(out[p] + state.board[p] != GOLEMS for p in range(n)):
        raise ValueError(f"every player has {GOLEMS} golems, on the board or the Market")


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
