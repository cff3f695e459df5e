"""What the RL adapters share: the game, its observer, spaces, masks and ANSI pictures."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

import numpy as np
import numpy.typing as npt
from rich.console import Console

from towerplay import games
from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event
from towerplay.core.game import Game
from towerplay.core.observer import Observer
from towerplay.core.state import State

LONG_MASK = 20
"""From how many legal ids on :meth:`Setup.mask_bytes` builds a mask from the last long one
(setting fewer flags one by one costs less than the comparison)."""
OBSERVATION_BOUND = 1e6
"""The observation spaces' bound: observers write counts and scores, never more than this."""
ILLEGAL = ("raise", "terminate")
"""What an env does with an action its mask forbids: raise :class:`IllegalAction` (nothing
changes), or end the episode with -1 for the offender and 0 for the others (PettingZoo's
``TerminateIllegalWrapper``)."""


def check_illegal(illegal: str) -> str:
    if illegal not in ILLEGAL:
        raise InvalidOptions(Event.of("env.illegal", got=repr(illegal)))
    return illegal


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode not in (None, "ansi"):
        raise InvalidOptions(Event.of("env.render_mode", got=repr(render_mode)))
    return render_mode


def ansi(state: State[Any], seat: int | None, width: int = 100) -> str:
    """The game's terminal picture of what ``seat`` sees, as ANSI text (its Rich markup
    rendered with colours, as a terminal would show it)."""
    console = Console(force_terminal=True, color_system="standard", width=width,
                      highlight=False)
    drawn = hasattr(games.companion(state.game.name, "render"), "draw")
    with console.capture() as capture:  # a game without a drawing gives JSON: no markup
        console.print(games.render_text(state, seat), markup=drawn)
    return capture.get()


@dataclass
class Setup:
    """A game at a player count with what every adapter needs of it."""

    game: Game[Any, Any]
    players: int
    _last_long: tuple[list[int], bytes] = field(default=([], b""), init=False, repr=False)
    """The last long list of legal ids :meth:`mask_bytes` was given, and its mask."""

    @classmethod
    def load(cls, name: str, players: int, options: dict[str, Any]) -> Setup:
        game = games.load(name, **options)
        game.check_players(players)
        return cls(game, players)

    @functools.cached_property
    def observer(self) -> Observer[Any]:
        """The game's observer (built on first use: searches over strings never need it)."""
        return self.game.observer(self.players)

    @functools.cached_property
    def num_actions(self) -> int:
        return self.game.num_actions

    def observation(self, state: State[Any], seat: int | None,
                    out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        return self.observer.observation(state, seat, out)

    @functools.cached_property
    def ids(self) -> dict[Any, int]:
        """Each action's dense id (one dict lookup, where ``Game.action_id`` also checks)."""
        return {action: index for index, action in enumerate(self.game.action_space)}

    def legal_ids(self, state: State[Any]) -> list[int]:
        """The dense ids of the legal actions, ascending (empty once the game is over)."""
        ids = state.legal_ids()  # (the game's own, where it has them at hand)
        if ids is not None:
            return ids
        legal = state.legal_actions()
        if len(legal) < 2:  # (an itemgetter of one key gives no tuple; of none, an error)
            return [self.ids[action] for action in legal]
        return list(itemgetter(*legal)(self.ids))  # the look-ups in C: 4x a comprehension

    def mask_bytes(self, ids: list[int]) -> bytes:
        """The mask of the legal ``ids`` (ascending), as bytes: 1 for each legal id, else 0.
        A long list is compared with the last long one first: the same again (a card put
        back), or one id fewer (a card taken), it costs a copy, where setting each flag
        costs a Python step per id."""
        if len(ids) < LONG_MASK:
            flags = bytearray(self.num_actions)  # set byte by byte: cheaper than numpy
            for index in ids:
                flags[index] = 1
            return bytes(flags)
        last, mask = self._last_long
        if ids == last:
            return mask
        if len(ids) == len(last) - 1:  # (the id taken out, if that is all: found in C)
            gone = sum(last) - sum(ids)
            if gone in last:
                at = last.index(gone)
                if last[at + 1:] == ids[at:] and last[:at] == ids[:at]:
                    flags = bytearray(mask)
                    flags[gone] = 0
                    mask = bytes(flags)
                    self._last_long = (ids, mask)
                    return mask
        flags = bytearray(self.num_actions)
        for index in ids:
            flags[index] = 1
        mask = bytes(flags)
        self._last_long = (ids, mask)
        return mask

    def mask(self, state: State[Any], seat: int,
             ids: list[int] | None = None) -> npt.NDArray[np.int8]:
        """The legal dense ids of ``seat`` (all zero when it is not to move); ``ids``: the
        legal ids when the caller has them already."""
        if state.to_move != seat:
            return np.zeros(self.num_actions, np.int8)
        flags = bytearray(self.mask_bytes(self.legal_ids(state) if ids is None else ids))
        return np.frombuffer(flags, dtype=np.int8)

    def central(self, state: State[Any]) -> npt.NDArray[np.float32]:
        """Every seat's observation, concatenated: all that some seat knows (for centralized
        critics; what no seat knows, such as the order of a shuffled pile, stays out)."""
        size = self.observer.shape[0]
        out = np.zeros(size * self.players, np.float32)
        for seat in range(self.players):
            self.observer.observation(state, seat, out[seat * size:(seat + 1) * size])
        return out


def layout_markdown(name: str, players: int = 2) -> str:
    """The observation layout of ``name`` at ``players`` seats as a Markdown table (feature,
    first index, length), as docs/rl.md shows it (a test keeps the two equal)."""
    observer = Setup.load(name, players, {}).observer
    rows = [f"| `{feature}` | {part.start} | {part.stop - part.start} |"
            for feature, part in observer.layout()]
    head = (f"{name}, {players} players: {observer.shape[0]} floats\n\n"
            "| feature | from | length |\n|---|---|---|")
    return "\n".join([head, *rows])
