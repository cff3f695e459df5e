"""The game-agnostic kernel: Game and State, errors, randomness, records.

Every front end talks to games only through these names.
"""
from towerplay.core.errors import (
                                   BadRecord,
                                   IllegalAction,
                                   InvalidOptions,
                                   TowerplayError,
                                   UnknownBot,
                                   UnknownGame,
)
from towerplay.core.events import Event, Notation, Seat, Seq, Term
from towerplay.core.game import Game, Options
from towerplay.core.record import Record
from towerplay.core.rng import chance, derive_seed, fresh_seed
from towerplay.core.state import Action, State

__all__ = [
    "Action", "BadRecord", "Event", "Game", "IllegalAction", "InvalidOptions", "Notation",
    "Options", "Record", "Seat", "Seq", "State", "Term", "TowerplayError", "UnknownBot",
    "UnknownGame", "chance", "derive_seed", "fresh_seed",
]
