"""The errors every front end shows to people: each names what was expected.

All derive from :class:`TowerplayError`, so a front end can catch one class and print
``str(error)`` without a traceback. None of them is raised after a state was changed.
"""
from __future__ import annotations

from typing import Any

from towerplay.core import words
from towerplay.core.events import Event, legacy


class TowerplayError(Exception):
    """Base class of every error meant to be shown to a user.

    Raised with an :class:`~towerplay.core.events.Event` (the reason as a key and
    parameters, worded in any language by the catalogues: a front end words ``event`` in
    its reader's language) or, by code outside the project that speaks no events, with
    English text; ``event`` is always the event, ``str()`` the English wording
    (:mod:`towerplay.core.words`)."""

    def __init__(self, reason: Event | str = "", *args: Any) -> None:
        super().__init__(reason, *args)
        self.event = reason if isinstance(reason, Event) else legacy(str(reason))

    def __str__(self) -> str:
        if not self.args:
            return ""
        if isinstance(self.args[0], Event):
            return words.english(self.args[0])
        return str(self.args[0])


class IllegalAction(TowerplayError, ValueError):
    """An action that is malformed, or not legal in the current position."""

    def __repr__(self) -> str:  # as before events: the English reason, not the event
        return f"{type(self).__name__}({str(self)!r})"


class UnknownGame(TowerplayError, KeyError):
    """A game id that is not registered."""

    __str__ = TowerplayError.__str__  # KeyError's would quote the message


class InvalidOptions(TowerplayError, ValueError):
    """A game or bot option (or player count) that is not allowed."""


class BadRecord(TowerplayError, ValueError):
    """A game record or saved position that cannot be read or replayed."""


class UnknownBot(TowerplayError, KeyError):
    """A bot spec naming a bot that does not exist."""

    __str__ = TowerplayError.__str__
