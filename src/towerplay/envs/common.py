"""What the RL adapters share: the game, its observer, spaces, masks and ANSI pictures."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Protocol

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
RENDER_FPS = 4
"""The frame rate the envs announce for their ANSI pictures (``metadata["render_fps"]``),
for recorders that replay frames: a board game's moves, a few a second."""
REWARDS = ("share", "win_loss", "margin")
"""What a finished game pays each seat (every adapter's ``reward=`` option):

- ``share``: the winners share 1 (1 alone, 1/k in a k-way tie), the others 0: returns sum
  to 1 (the default, and OpenSpiel's constant-sum utility);
- ``win_loss``: +1 to a sole winner, 0 to each of tied winners, -1 to every other seat
  (PettingZoo's classic games: +1 / 0 / -1 at two players);
- ``margin``: the seat's score less the best score among the others, in the game's points
  (positive for a leader, negative for the rest; scores are the game's own, so a winner
  on a tie-break gets 0)."""
ILLEGAL = ("raise", "terminate")
"""What an env does with an action its mask forbids: raise :class:`IllegalAction` (nothing
changes), or end the episode with -1 for the offender and 0 for the others (PettingZoo's
``TerminateIllegalWrapper``)."""


def check_illegal(illegal: str) -> str:
    if illegal not in ILLEGAL:
        raise InvalidOptions(Event.of("env.illegal", got=repr(illegal)))
    return illegal


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise InvalidOptions(Event.of("env.reward", choices=", ".join(REWARDS),
                                      got=repr(reward)))
    return reward


def rewards(state: State[Any], reward: str) -> list[float]:
    """Every seat's reward for the finished ``state``, as :data:`REWARDS` defines ``reward``.

    >>> state = games.load("castle").start(players=2, seed=2)
    >>> while not state.is_over:
    ...     state.apply(state.legal_actions()[0])
    >>> state.scores(), rewards(state, "share"), rewards(state, "win_loss")
    ([7, 4], [1.0, 0.0], [1.0, -1.0])
    >>> rewards(state, "margin")
    [3.0, -3.0]
    """
    if reward == "share":
        return state.rewards()
    if reward == "win_loss":
        winners = state.winners()
        won = 1.0 if len(winners) == 1 else 0.0
        return [won if seat in winners else -1.0 for seat in range(state.players)]
    scores = state.scores()
    return [float(score - max(scores[:seat] + scores[seat + 1:]))
            for seat, score in enumerate(scores)]


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


class Observe(Protocol):
    """How a seat's vector is written: ``observe(state, seat, out=None)``."""

    def __call__(self, state: Any, seat: int | None,
                 out: npt.NDArray[np.float32] | None = None, /) -> npt.NDArray[np.float32]: ...


@dataclass
class Setup:
    """A game at a player count with what every adapter needs of it."""

    game: Game[Any, Any]
    players: int
    perfect_recall: bool = False
    """Whether observations hold all the seat has seen (:meth:`Observer.recalled`) rather
    than what it sees now: they differ where something seen is hidden again (castle under
    ``memory=hidden``), and are the same vector elsewhere."""
    reward: str = "share"
    """What a finished game pays (:data:`REWARDS`)."""
    _last_long: tuple[list[int], bytes] = field(default=([], b""), init=False, repr=False)
    """The last long list of legal ids :meth:`mask_bytes` was given, and its mask."""

    @classmethod
    def load(cls, name: str, players: int, options: dict[str, Any], *,
             perfect_recall: bool = False, reward: str = "share") -> Setup:
        if not isinstance(perfect_recall, bool):
            raise InvalidOptions(Event.of("env.perfect_recall", got=repr(perfect_recall)))
        check_reward(reward)
        game = games.load(name, **options)
        game.check_players(players)
        return cls(game, players, perfect_recall, reward)

    @functools.cached_property
    def observer(self) -> Observer[Any]:
        """The game's observer (built on first use: searches over strings never need it)."""
        return self.game.observer(self.players)

    @functools.cached_property
    def num_actions(self) -> int:
        return self.game.num_actions

    @functools.cached_property
    def observe(self) -> Observe:
        """The observer's method that writes a seat's vector: what it sees now, or with
        :attr:`perfect_recall` all it has seen (a bound method: it runs at every step)."""
        observer = self.observer
        return observer.recalled if self.perfect_recall else observer.observation

    def observation(self, state: State[Any], seat: int | None,
                    out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        return self.observe(state, seat, out)

    def rewards(self, state: State[Any]) -> list[float]:
        """Every seat's reward for the finished ``state`` (:attr:`reward`)."""
        return rewards(state, self.reward)

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
            self.observe(state, seat, out[seat * size:(seat + 1) * size])
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
