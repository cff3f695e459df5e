"""What a seat sees of a Blueprints position (:meth:`.BlueprintsState.view`): the types of
its keys. A seat's blueprint and building stay hidden from the others until its round is
scored (``None`` in their views); the Award and Prize cards won are public unless the
game's option hides them.

>>> from towerplay import games
>>> view: BlueprintsView = games.load("blueprints").start(players=2, seed=1).view(0)
>>> view["round"], view["step"], view["seats"][1]["blueprint"], len(view["pool"])
(1, 'take', None, 8)
"""
from typing import NotRequired

from typing_extensions import TypedDict

from towerplay.core.views import Breakdown, View


class RoundSeat(TypedDict):
    """One seat's blueprint, building and score in a scored round."""

    blueprint: str
    card: str
    card_id: int
    building: str
    removed: list[str]
    score: dict[str, int]
    """The building's points by part (``bonus``, ``wood``, …, ``total``)."""


class RoundRecord(TypedDict):
    """A scored round, as every seat sees it (:meth:`.RoundResult.to_json`)."""

    round: int
    first_player: int
    demand: list[str]
    seats: list[RoundSeat]
    ranking: list[int]
    awards: dict[str, str]
    """The Award won by seat (the seat's number as text)."""
    prizes: dict[str, int]
    """The seat that won each Prize."""


class SeatView(TypedDict):
    """What the viewer sees of one seat: ``None`` where it is hidden from the viewer."""

    taken: list[str]
    blueprint: str | None
    building: str | None
    removed: list[str] | None
    cards: list[str] | None
    vp: float | None


class BlueprintsPart(TypedDict):
    """The game's own keys (:meth:`.BlueprintsState._view`)."""

    round: int
    """From 1 (4 once the game is over)."""
    step: str
    first_player: int
    demand: list[str]
    pool: list[str]
    bag: dict[str, int]
    hand: str | None
    discards: list[str]
    seats: list[SeatView]
    results: list[RoundRecord]
    breakdown: NotRequired[Breakdown]


class BlueprintsView(View, BlueprintsPart):
    """A Blueprints view: the kernel's keys and the game's."""
