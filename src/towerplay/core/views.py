"""The shape of a view (:meth:`State.view <towerplay.core.state.State.view>`), for mypy.

A view is a JSON-ready dict. The kernel writes the keys of :class:`View`; a game adds its
own, declared in a TypedDict of its own that extends :class:`View` (its ``views.py``), and
names it as its state's second type argument: ``class MyState(State[MyAction, MyView])``.
Boards and terminal pictures then read ``view["round"]`` with its type known, and mypy
refuses a key the game never writes. (The TypedDicts come from ``typing_extensions``:
pydantic, which checks real views against them in the tests, reads those on Python 3.11.)

>>> from towerplay import games
>>> view = games.load("castle").start(players=2, seed=1).view(0)
>>> sorted(set(View.__required_keys__) - set(view))
[]
"""
from typing import Any, NotRequired

from typing_extensions import TypedDict, TypeVar


class View(TypedDict):
    """The keys every view has (the kernel's), and those a front end may add."""

    game: str
    players: int
    seat: int | None
    """Whose view it is (``None``: a spectator's)."""
    to_move: int | None
    is_over: bool
    turn: int
    """The number of actions taken so far (castle counts the rulebook's turns)."""
    legal: NotRequired[list[str]]
    """The notation of the legal actions, in the view of the seat to move."""
    scores: NotRequired[list[float]]
    """Each seat's final score, once the game is over."""
    winners: NotRequired[list[int]]
    places: NotRequired[list[int]]
    """Each seat's finishing place once the game is over (0: first; ties share one)."""
    log: NotRequired[list[str]]
    """The history as the seat may see it, in English (``"<mover>: <action>"``)."""
    version: NotRequired[int]
    """A web table's number of actions applied (added by the table, not the game)."""
    names: NotRequired[list[str | None]]
    """The names the seats' people chose at a web table (added by the page's server)."""


V = TypeVar("V", bound=View, covariant=True, default=View)
"""A game's view type (:class:`View` for a game that declares none)."""

Breakdown = list[list[list[Any]]]
"""A finished game's score breakdown: each seat's ``[label, points]`` rows (a label in
English, or the catalogue's key of one), which add up to its score."""
