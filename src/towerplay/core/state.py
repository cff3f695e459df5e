"""The State base class: one position of a game, mutated by :meth:`State.apply`.

A game's state subclass keeps its position as plain data (ints, tuples, lists) and fills
in the underscore hooks; this class supplies the shared machinery: a cached list of legal
actions, validation before any change, the history, views with the public log, and JSON.
"""
from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from towerplay.core import words
from towerplay.core.errors import IllegalAction
from towerplay.core.events import Event, Notation, Seat, Seq
from towerplay.core.views import V

if TYPE_CHECKING:
    from towerplay.core.game import Game


class Action(Protocol):
    """An action: a small immutable, hashable value whose ``str`` is its exact notation
    (``parse_notation(str(a)) == a``). NamedTuples of ints are the usual choice: they hash
    and compare fast."""

    def __hash__(self) -> int: ...

    def __str__(self) -> str: ...


A = TypeVar("A", bound=Action)
"""The action type of a game."""

Ranking = Any
"""A seat's ranking key: anything comparable among the seats of one game (a number, a
tuple of tie-breaks); higher ranks better."""


class State(Generic[A, V]):
    """A position of a game. Subclasses implement the hooks named with a leading underscore.
    Its type arguments: the game's action type and its view type (a TypedDict extending
    :class:`~towerplay.core.views.View`; ``View`` itself if not given).

    Attributes every state has:
      ``game`` the configured :class:`~towerplay.core.game.Game`; ``players`` the seat
      count; ``seed`` the integer all chance flows from (never shown in a view);
      ``to_move`` the seat whose decision it is, or ``None`` when the game is over;
      ``history`` the actions applied so far and ``movers`` the seat that made each.
    """

    __slots__ = ("game", "players", "seed", "to_move", "history", "movers", "_legal",
                 "__weakref__")  # (observers keep vectors of the states they saw, weakly)

    groups_actions: ClassVar[bool] = False
    """Whether some legal actions are alike to the seat making them (revealing one unseen
    card or another): set from the game's ``_action_class`` hook. Searches then weigh one
    node per class and reviews never compare two actions of one class."""

    filters_log: ClassVar[bool] = False
    """Whether some seat may see a history entry differently from its notation (a reveal
    showing what was found, a hidden choice): set from the game's ``_log_event`` hook
    (unless :attr:`log_is_notation`)."""
    log_is_public: ClassVar[bool] = False
    """Set by a game whose log lines, though richer than the notation (announcements: the
    effect a move used, a round's end), say only what every seat sees anyway: a search then
    need not tell positions apart by them (it does where a line shows a seat a private card)."""
    conceals_moves: ClassVar[bool] = False
    """Whether some moves are made unseen by other seats (their log entry does not name
    them): set from the game's ``_conceals_move`` hook. Searches cannot branch on those."""
    log_is_notation: ClassVar[bool] = False
    """Set by a game whose log entries (its ``_log_event``), worded in English, are every
    seat's view of the action's notation (nothing filtered: :attr:`filters_log` stays
    false)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.filters_log = cls._log_event is not State._log_event and not cls.log_is_notation
        cls.conceals_moves = cls._conceals_move is not State._conceals_move
        cls.groups_actions = cls._action_class is not State._action_class

    def __init__(self, game: Game[Any, A], players: int, seed: int) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.to_move: int | None = None
        self.history: list[A] = []
        self.movers: list[int] = []
        self._legal: list[A] | None = None

    # ----------------------------------------------------------------- hooks for games
    def _legal_actions(self) -> list[A]:
        """The legal actions of ``to_move`` (called only while the game is not over)."""
        raise NotImplementedError

    def _apply(self, action: A) -> None:
        """Apply a legal action: update the position and ``to_move``.

        It may set ``self._legal`` to the next legal actions when it worked them out anyway.
        """
        raise NotImplementedError

    def _copy(self) -> Self:
        """A copy of this state: call :meth:`_copy_base`, then copy the game's fields."""
        raise NotImplementedError

    def _view(self, seat: int | None) -> Mapping[str, object]:
        """The game-specific part of the view: only what ``seat`` may know (its keys are
        those the view type adds to :class:`~towerplay.core.views.View`)."""
        raise NotImplementedError

    def _to_json(self) -> dict[str, Any]:
        """The game-specific part of the full position (all hidden parts included)."""
        raise NotImplementedError

    def _load_json(self, data: dict[str, Any]) -> None:
        """Restore the game-specific fields written by :meth:`_to_json`."""
        raise NotImplementedError

    def scores(self) -> list[float]:
        """Each seat's score (final when the game is over, running otherwise)."""
        raise NotImplementedError

    def ranking(self) -> list[Ranking]:
        """One ranking key per seat, higher is better: the score, then the game's
        tie-breaks (e.g. ``(score, coins)``). Seats with equal keys share their place.
        Default: the scores alone."""
        return list(self.scores())

    def winners(self) -> list[int]:
        """The winning seats after the game's tie-breaks (all of them share a win)."""
        if not self.is_over:
            return []
        keys = self.ranking()
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def places(self) -> list[int]:
        """Each seat's finishing place from :meth:`ranking` (0 = first; ties share).

        For a finished game; e.g. keys ``[5, 9, 5]`` give places ``[1, 0, 1]``."""
        keys = self.ranking()
        return [sum(other > key for other in keys) for key in keys]

    def _redeal(self, seat: int | None, rng: random.Random, recall: float) -> None:
        """Replace in place everything ``seat`` cannot know by a random consistent guess.

        ``recall`` < 1 asks games where memory matters to forget that share of what the
        seat saw. The default suits games of perfect information. Future chance is always
        hidden: :meth:`determinize` gives the copy a new seed before calling this.
        """

    def _log_event(self, index: int, seat: int | None) -> Event | None:
        """What ``seat`` sees of history entry ``index`` as an event; ``None`` hides it.

        A game overrides this to say its moves in its own words, or when some seat sees a
        move differently from its notation (built here, lazily, never in ``_apply``; the
        kernel then sets :attr:`filters_log`). Default: the move's notation, as played."""
        return Event.of("core.move", action=str(self.history[index]))

    def _conceals_move(self, seat: int) -> bool:
        """Whether ``seat`` (not the one to move) will not see which legal action is
        taken now, only that one was (its log entry will not name it): a placement on a
        hidden board. It must agree with :meth:`_log_event`. Most games hide none (the
        kernel sets :attr:`conceals_moves` when a game overrides this)."""
        return False

    def _action_class(self, action: A, seat: int) -> Hashable:
        """The information key of a legal ``action`` of ``seat`` (the seat to move): two
        actions with equal keys are alike from all ``seat`` knows in this position, so
        choosing one or the other is one choice. Default: the action itself (the kernel
        sets :attr:`groups_actions` when a game overrides this). It must read only what
        ``seat`` knows."""
        return action

    # ----------------------------------------------------------------- the public API
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_move is None

    def legal_actions(self) -> list[A]:
        """The legal actions for ``to_move`` in ascending dense-id order; empty only when
        the game is over.

        The list is cached until the next :meth:`apply`; do not mutate it.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.to_move is None else self._legal_actions()
        return legal

    def legal_ids(self) -> list[int] | None:
        """The dense ids of :meth:`legal_actions`, ascending, as a fresh list, where the
        game has them at hand without mapping each action to its id; ``None`` where it has
        not (the RL adapters then map the actions, as :meth:`Game.action_id` does). A game
        overrides it for its most common decisions: a mask is built at every RL step."""
        return None

    def apply(self, action: A | str) -> None:
        """Apply an action (or its text). Raises :class:`IllegalAction` and leaves the
        state unchanged if the action is not legal now."""
        if isinstance(action, str):
            action = self.game.parse_action(self, action)
        legal = self._legal
        if legal is None:  # (inlined cache check: apply is the hottest call of a playout)
            legal = self.legal_actions()
        try:  # use the game's own object: a plain tuple may equal a NamedTuple action
            action = legal[legal.index(action)]
        except ValueError:
            raise IllegalAction(self._refusal(action, legal)) from None
        mover = self.to_move
        self._legal = None  # _apply may fill it when it already knows the next options
        self._apply(action)
        self.history.append(action)
        self.movers.append(mover)  # type: ignore[arg-type]  # not None: legal was not empty

    def check(self, action: A) -> str | None:
        """``None`` if ``action`` is legal now, else the reason it is refused in English
        (the text :meth:`apply` would raise), for front ends that check before they
        commit; :meth:`refusal` gives the reason as an event."""
        event = self.refusal(action)
        return None if event is None else words.english(event)

    def refusal(self, action: A) -> Event | None:
        """``None`` if ``action`` is legal now, else why it is refused, as an event."""
        legal = self.legal_actions()
        return None if action in legal else self._refusal(action, legal)

    def _refusal(self, action: A, legal: list[A]) -> Event:
        """Why an action is refused. It goes to the seat to move (front ends check first
        that the sender is that seat), so it may list that seat's legal actions; a game
        overrides it if even that would reveal something, or to say it in its terms."""
        return self._kernel_refusal(action, legal)

    def _kernel_refusal(self, action: A, legal: list[A]) -> Event:
        """The kernel's reason: the game is over, or the action is not among ``legal``."""
        if self.to_move is None:
            return Event.of("core.over", action=str(action))
        shown = Seq(tuple(Notation(a) for a in legal[:12]), "comma", len(legal) > 12)
        return Event.of("core.not_legal", action=str(action), seat=Seat(self.to_move),
                        legal=shown)

    def copy(self) -> Self:
        """An independent copy (cheap: no ``copy.deepcopy``)."""
        return self._copy()

    def _copy_base(self) -> Self:
        """A new instance of this class with the kernel's fields copied."""
        new = object.__new__(type(self))
        new.game = self.game
        new.players = self.players
        new.seed = self.seed
        new.to_move = self.to_move
        new.history = self.history.copy()
        new.movers = self.movers.copy()
        new._legal = self._legal
        return new

    def determinize(self, seat: int | None, rng: random.Random,
                    recall: float = 1.0) -> Self:
        """A full state consistent with what ``seat`` knows, hidden parts guessed with ``rng``.

        Bots are handed this instead of the true state, so they cannot cheat. With
        ``recall`` < 1 the seat also forgets part of what it saw (games with memory).
        """
        new = self._copy()
        new.seed = rng.getrandbits(63)
        new._redeal(seat, rng, recall)
        # the mover's own options are what it knows it may do, the same in any guess of
        # the rest: the determinization shares them (worked out once per decision)
        new._legal = self.legal_actions() if seat is not None and seat == self.to_move \
            else None
        return new

    def log(self, seat: int | None) -> list[str]:
        """The history as ``seat`` may see it, as ``"<mover>: <action>"`` lines in
        English."""
        out = []
        for index, mover in enumerate(self.movers):
            text = self.log_line(index, seat)
            if text is not None:
                out.append(f"{mover}: {text}")
        return out

    def log_event(self, index: int, seat: int | None) -> Event | None:
        """What ``seat`` sees of history entry ``index`` (``None``: nothing), as an event
        to word in any language, e.g. to announce an opponent's move without revealing
        what the seat may not know.

        It is the one answer to "what does this seat see of that move": front ends and
        search bots ask it (or :meth:`log_line`), never the true action."""
        return self._log_event(index, seat)

    def log_line(self, index: int, seat: int | None) -> str | None:
        """:meth:`log_event` worded in English (``None``: the seat sees nothing)."""
        event = self._log_event(index, seat)
        return None if event is None else words.english(event)

    def conceals_move(self, seat: int) -> bool:
        """Whether ``seat`` will not see which action the seat to move takes now (only
        that one was taken). Always ``False`` in games without :attr:`conceals_moves`."""
        return self._conceals_move(seat)

    def action_class(self, action: A, seat: int | None = None) -> Hashable:
        """The information key of a legal ``action`` for ``seat`` (default the seat to
        move): actions with equal keys are one choice from that seat's knowledge (see
        :meth:`action_classes`). Without :attr:`groups_actions` it is the action."""
        if not self.groups_actions:
            return action
        mover = self.to_move if seat is None else seat
        return action if mover is None else self._action_class(action, mover)

    def action_classes(self, actions: list[A] | None = None,
                       seat: int | None = None) -> dict[Hashable, list[A]]:
        """``actions`` (default the legal ones) grouped by :meth:`action_class`, in order:
        each class's first action stands for it.

        >>> from towerplay import games
        >>> state = games.load("castle").start(players=2, seed=1)
        >>> [len(group) for group in state.action_classes().values()]
        [45]
        """
        groups: dict[Hashable, list[A]] = {}
        for action in self.legal_actions() if actions is None else actions:
            groups.setdefault(self.action_class(action, seat), []).append(action)
        return groups

    def view(self, seat: int | None, *, log: bool = True,
             legal: bool | None = None) -> V:
        """A JSON-ready dict of what ``seat`` may know (``None``: a spectator).

        ``log=False`` leaves out the log (the whole history worded in English: most of a
        view's cost, growing with the game; front ends word its events themselves) and,
        unless ``legal=True``, the legal actions' notation (observers for learning agents
        read neither).

        >>> from towerplay import games
        >>> state = games.load("castle").start(players=2, seed=1)
        >>> sorted(set(state.view(0)) - set(state.view(0, log=False, legal=True)))
        ['log']
        """
        view: dict[str, Any] = {
            "game": self.game.name,
            "players": self.players,
            "seat": seat,
            "to_move": self.to_move,
            "is_over": self.is_over,
            "turn": len(self.history),
        }
        view.update(self._view(seat))
        if (log if legal is None else legal) and seat is not None and seat == self.to_move:
            view["legal"] = [str(a) for a in self.legal_actions()]
        if self.is_over:
            view["scores"] = self.scores()
            view["winners"] = self.winners()
            view["places"] = self.places()
        if log:
            view["log"] = self.log(seat)
        return cast(V, view)  # the kernel's keys and the game's: the game's view type

    def rewards(self) -> list[float]:
        """Per-seat reward of a finished game in [0, 1]: winners share 1 (for search bots)."""
        winners = self.winners()
        share = 1.0 / len(winners) if winners else 0.0
        return [share if seat in winners else 0.0 for seat in range(self.players)]

    def to_json(self) -> dict[str, Any]:
        """The full position, hidden parts included (for saves, tests and puzzles)."""
        return {
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "options": self.game.options_dict(),
            "players": self.players,
            "seed": self.seed,
            "to_move": self.to_move,
            "history": [str(a) for a in self.history],
            "movers": list(self.movers),
            "state": self._to_json(),
        }

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.game.name} players={self.players} "
                f"turn={len(self.history)} to_move={self.to_move}>")

