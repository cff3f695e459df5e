"""Helpers that build exact Skytopia positions for rule tests (the state is plain data)."""
from __future__ import annotations

from towerplay import games
from towerplay.games.skytopia.actions import ROWS, parse
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.state import PH_STACK, SkytopiaState


def add_cards(data: dict, *cards: dict) -> None:
    """Put ``cards`` into component ``data``, each replacing the last card of its colour
    (a file holds exactly 12 cards per colour)."""
    deck = data["tower_cards"]
    added = {new["id"] for new in cards}
    for new in cards:
        last = max(i for i, c in enumerate(deck)
                   if c["colour"] == new["colour"] and c["id"] not in added)
        deck[last] = new


def start(players: int = 2, seed: int = 0, **options) -> SkytopiaState:
    return games.load("skytopia", **options).start(players=players, seed=seed)


def card(state: SkytopiaState, ident: str) -> int:
    """The card id of a Tower card (e.g. 'BLU-01') or Foundation ('F-blue')."""
    return next(i for i, c in enumerate(state.comp.cards) if c.ident == ident)


def slot(name: str) -> int:
    """'g1' -> its slot number."""
    return "bgrp".index(name[0]) * ROWS + int(name[1:]) - 1


def value_at(state: SkytopiaState, distance: int) -> int:
    return state.comp.dial[(state.build + distance) % 6]


def scenario(state: SkytopiaState, seat: int = 0, market: dict | None = None,
             dice: dict | None = None, towers: dict | None = None, coins=None, pp=None,
             keep_dice: bool = False, ability: str | list[str] = "T1A") -> SkytopiaState:
    """Rebuild the position, then start ``seat``'s turn (Phase 1 runs at once).

    ``market``: {'g1': 'GLD-01', ...} (other slots keep their cards); ``dice``:
    {'g1': [(seat, distance), ...]}; ``towers``: {(seat, 'blue'): ['BLU-01', ...]}.
    Distances are turned into die values with the current Chronometer.
    """
    for name, ident in (market or {}).items():
        state.market[slot(name)] = card(state, ident) if ident else -1
    for deck in state.decks:  # keep every card in exactly one place
        deck[:] = [k for k in deck if k not in state.market]
    if not keep_dice:
        state.dice = [()] * 16
        state.board = [5] * state.players
    for name, golems in (dice or {}).items():
        state.dice[slot(name)] = tuple(p * 8 + value_at(state, d) for p, d in golems)
        for p, _ in golems:
            state.board[p] -= 1
    for (p, colour), idents in (towers or {}).items():
        state.towers[p * 4 + COLOURS.index(colour)] = tuple(card(state, i) for i in idents)
    if coins is not None:
        state.coins = list(coins)
    if pp is not None:
        state.prestige = list(pp)
    names = [ability] * state.players if isinstance(ability, str) else ability
    ids = [t for t, _ in state.comp.tiles]
    state.tile = [ids.index(a[:-1]) for a in names]
    state.side = ["AB".index(a[-1]) for a in names]
    state.first, state.turn_index = seat, 0
    state.stack = []
    state.pick = 0
    state._begin_turn()
    assert state.phase == PH_STACK
    state._legal = None
    state._advance()
    return state


def legal(state: SkytopiaState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play(state: SkytopiaState, *texts: str) -> None:
    for text in texts:
        state.apply(parse(text))
