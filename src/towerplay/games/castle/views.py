"""What a seat sees of a castle position (:meth:`.CastleState.view`): the types of its
keys. Under open memory every number once turned up stays shown; under hidden memory the
face-down cards show ``"?"``.

>>> from towerplay import games
>>> view: CastleView = games.load("castle").start(players=2, seed=1).view(0)
>>> view["turn"], view["face_down"], view["castles"], view["table"]["a1"]
(1, 45, [[1], [1]], '?')
"""
from typing import NotRequired

from typing_extensions import TypedDict

from towerplay.core.views import Breakdown, View


class Revealed(TypedDict):
    """The card turned up and awaiting its seat's decision."""

    pos: str
    card: int


class RevealRecord(TypedDict):
    """One turn's reveal: who turned up which card where, and what became of it."""

    seat: int
    pos: str
    card: int
    result: str
    automatic: bool


class CastlePart(TypedDict):
    """The game's own keys (:meth:`.CastleState._view`)."""

    turn: int
    """The rulebook's turn (a reveal and what follows), from 1."""
    variant: str
    memory: str
    end: str
    table: dict[str, int | str]
    """The face-down cards by position: a number where it is shown, else ``"?"``."""
    face_down: int
    revealed: Revealed | None
    castles: list[list[int]]
    elements: list[int]
    recent: list[RevealRecord]
    """The last round of reveals (one per seat)."""
    idle_turns: int
    stall_limit: int
    removed: NotRequired[list[int]]
    """The cards sent to the box (open memory; hidden memory gives ``removed_count``)."""
    removed_count: NotRequired[int]
    wizard_used: NotRequired[list[bool]]
    """The character variant's keys: ``wizard_used``, ``points``, ``figures`` (each
    character card shown, by number), ``provisional`` (the card file's status)."""
    points: NotRequired[list[int]]
    figures: NotRequired[dict[str, list[str]]]
    provisional: NotRequired[bool]
    breakdown: NotRequired[Breakdown]


class CastleView(View, CastlePart):
    """A castle view: the kernel's keys and the game's."""


class Recall(TypedDict):
    """What a seat that forgets nothing knows beyond its view under hidden memory
    (:meth:`.CastleState.recall`)."""

    table: dict[str, int | str]
    removed: list[int]
