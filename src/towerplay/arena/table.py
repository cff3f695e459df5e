"""The table: one game, its seats (people and bots), and the one turn loop every front end
drives — the terminal, the ladder, simulations and the web server.

A person's move comes in as text with the version it answers (:meth:`Table.submit`); a
bot's move is thought out by :meth:`Table.bot_task` (anywhere: in this process or a worker
pool) and accepted by :meth:`Table.accept`. Every accepted action first reaches the
``on_action`` callbacks (a front end saves it there, before anything else happens), then the
statistics hooks, and comes back as one :class:`SeatEvent` per seat and one for spectators,
each carrying only the log line that seat may see.

>>> from towerplay import games
>>> table = Table(games.load("five_towers").start(players=2, seed=4), ["human", "greedy"])
>>> bot_moves = list(table.play_bots())  # the bot plays first if it is its turn
>>> table.human_to_move()
True
>>> seat, version = table.state.to_move, table.version
>>> events = table.submit(seat, "bid 3", version)
>>> [(e.seat, e.version, e.line) for e in events][-1] == (None, version + 1, "bid 3")
True
>>> table.submit(seat, "bid 4", version)
Traceback (most recent call last):
...
towerplay.arena.table.StaleMove: version 1 is not the table's version 2
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic, Protocol

from towerplay import bots as bot_registry
from towerplay.bots.base import Bot
from towerplay.core import words
from towerplay.core.errors import InvalidOptions, TowerplayError
from towerplay.core.events import Event, Seat
from towerplay.core.game import cut
from towerplay.core.rng import derive_seed
from towerplay.core.state import A, State
from towerplay.core.views import View

HUMAN = "human"
"""The seat spec of a person (every other spec names a bot)."""
SEAT_KINDS = (HUMAN, *bot_registry.LEVELS, "random", "greedy", "learned")
"""The seat kinds people choose from (the lobby's list, the terminal's ``--seats``): a
person, the bot levels and the plainest bots, by their ids; each has a name in every
language (``web.kind.<id>``, :func:`towerplay.i18n.seat_kind`)."""
MAX_ACTION_CHARS = 200
"""The longest action text a table reads (notations are a few words)."""


class MoveRefused(TowerplayError):
    """A move the table refuses, changing nothing; its class says why, ``event`` words
    it, ``params`` are the values a front end may show beside it."""

    def __init__(self, event: Event, **params: Any) -> None:
        super().__init__(event)
        self.params = params


class NotAMove(MoveRefused):
    """A message that cannot be a move: not text, or too long."""


class GameOver(MoveRefused):
    """A move after the game's end."""


class StaleMove(MoveRefused):
    """A move (or a bot's decision) about a version the table has left."""


class NotYourTurn(MoveRefused):
    """A move from a seat that is not to move (or that a bot plays)."""


class IllegalMove(MoveRefused):
    """A move the game refuses, unreadable or not legal now: ``event`` is the game's
    reason."""


class UndoRefused(MoveRefused):
    """An undo the table refuses: nothing to undo, the action is another's, the next
    seat has acted, or the action revealed something (``event`` says which)."""


UNDO = "(undo)"
"""A table's entry that takes back the action before it (no game's notation has
brackets). A stored table is its entries: actions and undos, one version each."""


@dataclass(frozen=True)
class SeatEvent:
    """What one seat (``None``: the spectators) learns from one accepted action."""

    seat: int | None
    version: int
    """The table's version after the action (the number of actions applied)."""
    mover: int
    is_over: bool
    event: Event | None = None
    """The action as this seat sees it, to word in any language (``None``: it sees
    nothing of it)."""

    @cached_property
    def line(self) -> str | None:
        """The action as this seat sees it, in English (``None``: it sees nothing of it);
        worded only when read, since most events (a simulation's) are never read."""
        return None if self.event is None else words.english(self.event)


class StatsHook(Protocol[A]):
    """Per-game statistics, in the spirit of catanatron's accumulators: called around
    every action and once at the end (a simulation collects ``row()`` per game)."""

    def before(self, state: State[A], action: A) -> None: ...

    def after(self, state: State[A], action: A) -> None: ...

    def end(self, state: State[A]) -> None: ...


@dataclass
class BotTask(Generic[A]):
    """A bot's decision, ready to run anywhere (it pickles): the bot and what its seat
    sees. :meth:`run` returns the bot too, since thinking moves its generator on."""

    seat: int
    version: int
    bot: Bot
    seen: State[A]

    def run(self) -> tuple[A, Bot]:
        return self.bot.choose(self.seen, self.seat), self.bot

    def __getstate__(self) -> dict[str, Any]:
        # the seat's legal actions (shared with the table's state) stay home: a bot that
        # thinks elsewhere works them out again as the game's own objects, which some
        # heuristics compare by identity
        seen = self.seen.copy()
        seen._legal = None
        return {**self.__dict__, "seen": seen}


def bots_for_seats(specs: Sequence[str], seed: int) -> dict[int, Bot]:
    """A bot for each non-human seat, each with a generator derived from the match seed
    (so a match replays exactly, bots included)."""
    return {seat: bot_registry.load(spec, seed=derive_seed(seed, "bot", seat))
            for seat, spec in enumerate(specs) if spec != HUMAN}


def check_seats(specs: Sequence[str], players: int, bots: bool = True) -> None:
    """Refuse a seat list of the wrong length or (``bots``) naming an unknown bot, before
    any play."""
    if len(specs) != players:
        raise InvalidOptions(Event.of("core.seat_count", seats=players, got=len(specs)))
    for spec in specs if bots else ():
        if spec != HUMAN:
            bot_registry.load(spec)


@dataclass
class Table(Generic[A]):
    """A game in progress with its seats: ``"human"`` or a bot spec per seat."""

    state: State[A]
    seats: Sequence[str]
    hooks: Sequence[StatsHook[A]] = ()
    on_action: list[Callable[[Table[A]], None]] = field(default_factory=list)
    """Called after each accepted action, before events go out: save it here."""
    bots: dict[int, Bot] = field(default_factory=dict)
    undos: list[tuple[int, int]] = field(default_factory=list)
    """Every undo so far: its entry index (the version before it) and the seat that
    took its action back."""

    def __post_init__(self) -> None:
        self.seats = list(self.seats)
        check_seats(self.seats, self.state.players, bots=bool(self.bots))
        if not self.bots:  # loading them checks their specs
            self.bots = bots_for_seats(self.seats, self.state.seed)
        for bot in self.bots.values():  # (a bot that cannot play this game says so now)
            bot.check_game(self.state.game, self.state.players)

    # ----------------------------------------------------------------- reading
    @property
    def version(self) -> int:
        """The number of entries, actions applied and undos: every view and move names
        the version it saw (each undo takes one action back and adds one entry)."""
        return len(self.state.history) + 2 * len(self.undos)

    def played_at(self, version: int) -> int:
        """How many actions stood at ``version`` (an earlier version of this table).

        >>> from towerplay import games
        >>> table = Table(games.load("castle").start(players=2, seed=1), ["human"] * 2)
        >>> table.undos = [(1, 0)]; table.played_at(1), table.played_at(2)
        (1, 0)
        """
        return version - 2 * sum(entry < version for entry, _ in self.undos)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def human_to_move(self) -> bool:
        """Whether a person is to move (the table then waits for :meth:`submit`)."""
        seat = self.state.to_move
        return seat is not None and self.seats[seat] == HUMAN

    def bot_to_move(self) -> int | None:
        """The seat of the bot to move, or ``None``."""
        seat = self.state.to_move
        return seat if seat is not None and seat in self.bots else None

    def view(self, seat: int | None, *, log: bool = True) -> View:
        """What ``seat`` (``None``: a spectator) may know now, with the table's version
        (``log=False``: without the log in English, for a front end that words the
        seat's log events itself; the legal actions stay)."""
        view = self.state.view(seat, log=log, legal=True)
        view["version"] = self.version
        return view

    # ----------------------------------------------------------------- people
    def submit(self, seat: int, text: object, version: int) -> list[SeatEvent]:
        """A person's move as text, answering ``version``. A :class:`MoveRefused` (a
        message that is no move, a game over, a stale version, another seat's turn, an
        illegal move) changes nothing."""
        return self._accept(self.prepare(seat, text, version))

    def prepare(self, seat: int, text: object, version: int, *,
                check_legal: bool = True) -> A:
        """The action a person's move names, checked as :meth:`submit` checks it but not
        applied. A server passes ``check_legal=False``: it tries the action on a copy
        (:meth:`tried`, which is the legality check), stores it, then takes the copy
        (:meth:`adopt`)."""
        if not isinstance(text, str):
            raise NotAMove(Event.of("core.table.action_text"))
        if len(text) > MAX_ACTION_CHARS:
            raise NotAMove(Event.of("core.table.action_length", limit=MAX_ACTION_CHARS,
                                    got=len(text)), limit=MAX_ACTION_CHARS)
        if self.state.is_over:
            raise GameOver(Event.of("core.table.over"))
        if version != self.version:
            raise StaleMove(Event.of("core.table.stale", version=version,
                                     current=self.version), version=self.version)
        if seat != self.state.to_move or self.seats[seat] != HUMAN:  # people count from 1
            raise NotYourTurn(Event.of("core.table.not_your_turn", seat=Seat(seat)),
                              seat=seat, to_move=self.state.to_move)
        try:
            action = self.state.game.parse_action(self.state, text)
        except TowerplayError as error:
            raise IllegalMove(error.event, action=cut(text)) from None
        reason = self.state.refusal(action) if check_legal else None
        if reason is not None:
            raise IllegalMove(reason, action=cut(text))
        return action

    def advance(self, action: A) -> list[SeatEvent]:
        """Apply an action already checked and stored elsewhere (a move another process
        accepted): callbacks, hooks and events as usual."""
        return self._accept(action)

    def tried(self, action: A, text: object = None) -> State[A]:
        """A copy of the state with ``action`` applied (the table itself unchanged): the
        one check and the one application of a move that is stored before the table
        takes it (:meth:`adopt`). An illegal action is refused as ``illegal`` (naming
        ``text``, the move as sent, if given).

        >>> from towerplay import games
        >>> table = Table(games.load("castle").start(players=2, seed=1), ["human", "human"])
        >>> after = table.tried(table.state.legal_actions()[0])
        >>> table.version, len(after.history)
        (0, 1)
        >>> table.adopt(after)[-1].version, table.state is after
        (1, True)
        """
        after = self.state.copy()
        try:
            after.apply(action)
        except TowerplayError as error:
            sent = text if isinstance(text, str) else str(action)
            raise IllegalMove(error.event, action=cut(sent)) from None
        return after

    def adopt(self, after: State[A]) -> list[SeatEvent]:
        """Take ``after``, the state one action past the table's (:meth:`tried`), as the
        table's own: callbacks, hooks and events as if the action were applied here."""
        self._passing(after.history[-1], lambda: after)
        return self.events(len(after.history) - 1)

    # ----------------------------------------------------------------- undo
    def undo(self, seat: int, version: int) -> list[SeatEvent]:
        """``seat`` takes back its last action (:meth:`undoing`, then :meth:`take_back`).

        >>> from towerplay import games
        >>> table = Table(games.load("five_towers").start(players=2, seed=4), ["human"] * 2)
        >>> seat = table.state.to_move
        >>> _ = table.submit(seat, "bid 3", 0)
        >>> [e.line for e in table.undo(seat, 1)][-1], table.version, table.state.to_move
        ('seat 2 took back their last action', 2, 1)
        >>> table.undo(seat, 2)
        Traceback (most recent call last):
        ...
        towerplay.arena.table.UndoRefused: seat 2 has no action to take back
        """
        return self.take_back(self.undoing(seat, version))

    def undoing(self, seat: int, version: int) -> State[A]:
        """The state before ``seat``'s last action, checked but not taken: refused
        (:class:`UndoRefused`, or as a move is: over, stale, not a person's seat) unless
        that action is the last one, the seat's own, and revealed nothing
        (:meth:`~towerplay.core.game.Game.reveals`). A server stores the undo, then
        takes the state (:meth:`take_back`)."""
        state = self.state
        if state.is_over:
            raise GameOver(Event.of("core.table.over"))
        if version != self.version:
            raise StaleMove(Event.of("core.table.stale", version=version,
                                     current=self.version), version=self.version)
        if self.seats[seat] != HUMAN:
            raise NotYourTurn(Event.of("core.table.undo_bot", seat=Seat(seat)), seat=seat)
        if seat not in state.movers:
            raise UndoRefused(Event.of("core.table.undo_nothing", seat=Seat(seat)),
                              cause="nothing")
        if state.movers[-1] != seat:
            raise UndoRefused(Event.of("core.table.undo_next_acted", seat=Seat(seat),
                                       mover=Seat(state.movers[-1])), cause="next_acted")
        before = replayed(state, len(state.history) - 1)
        action = state.history[-1]
        if state.game.reveals(before, action, state):
            raise UndoRefused(Event.of("core.table.undo_revealed", action=str(action)),
                              cause="revealed", action=str(action))
        return before

    def take_back(self, before: State[A]) -> list[SeatEvent]:
        """Take ``before`` (:meth:`undoing`) as the table's state: the undo is an entry
        (the version moves on), the callbacks run (a front end saves it there), and
        every seat hears who took an action back."""
        mover = self.state.movers[-1]
        self.undos.append((self.version, mover))
        self.state = before
        for callback in self.on_action:
            callback(self)
        event = Event.of("core.table.undone", seat=Seat(mover))
        return [SeatEvent(seat, self.version, mover, False, event)
                for seat in [*range(before.players), None]]

    # ----------------------------------------------------------------- bots
    def bot_task(self) -> BotTask[A] | None:
        """The decision of the bot to move, as a task to run anywhere (``None``: no bot is
        to move). The bot decides on what it perceives of its seat's knowledge
        (:meth:`.Bot.perceive`)."""
        seat = self.bot_to_move()
        return None if seat is None else self.task_for(seat, self.bots[seat])

    def task_for(self, seat: int, bot: Bot) -> BotTask[A]:
        """The decision of ``seat`` to move, made by ``bot`` (the seat's own, a bot made
        for this decision, or one moving for a person), as a task to run anywhere."""
        seen = bot.perceive(self.state, seat)
        if seen is self.state:  # a task may be pickled later, elsewhere: not the live state
            seen = seen.copy()
        return BotTask(seat, self.version, bot, seen)

    def accept(self, task: BotTask[A], action: A, bot: Bot) -> list[SeatEvent]:
        """Apply a bot's decision made by ``task`` (the ``bot`` that made it replaces the
        seat's bot: its generator moved on). Refused if the table moved on meanwhile."""
        self._check(task)
        self.bots[task.seat] = bot
        return self._accept(action)

    def _check(self, task: BotTask[A]) -> None:
        """Refuse a bot's decision about a version the table has left."""
        if task.version != self.version or task.seat != self.state.to_move:
            raise StaleMove(Event.of("core.table.bot_stale", version=task.version,
                                     current=self.version), version=self.version)

    def play_bot(self) -> list[SeatEvent]:
        """Let the bot to move think here and play (``[]`` if no bot is to move)."""
        return [] if self.step_bot() is None else self.events(len(self.state.history) - 1)

    def step_bot(self) -> int | None:
        """Let the bot to move think here and play, building no events (a simulation
        reads none): the seat that moved, or ``None`` if no bot is to move."""
        # the hot loop of every simulation: no task (nothing runs elsewhere, nothing can
        # move meanwhile), the bot decides here and now
        state = self.state
        seat = state.to_move
        bot = None if seat is None else self.bots.get(seat)
        if bot is None or seat is None:
            return None
        self._apply(bot.choose(bot.perceive(state, seat), seat))
        return seat

    def play_bots(self) -> Iterator[list[SeatEvent]]:
        """Play bot turns until a person is to move or the game ends, one event list a
        move."""
        while self.bot_to_move() is not None:
            yield self.play_bot()

    # ----------------------------------------------------------------- the one way in
    def _accept(self, action: A) -> list[SeatEvent]:
        self._apply(action)
        return self.events(len(self.state.history) - 1)

    def _apply(self, action: A) -> None:
        """Apply, then callbacks and hooks: every accepted action passes here."""
        state = self.state
        if not (self.hooks or self.on_action):  # a plain simulation's every move
            state.apply(action)
            return

        def applied() -> State[A]:
            state.apply(action)  # raises IllegalAction (changing nothing) if not legal
            return state

        self._passing(action, applied)

    def _passing(self, action: A, step: Callable[[], State[A]]) -> None:
        """``action`` passes the table: the hooks before it, ``step()`` (the table's state
        after it), the callbacks, the hooks after it (and at the end)."""
        for hook in self.hooks:
            hook.before(self.state, action)
        self.state = state = step()
        for callback in self.on_action:
            callback(self)
        for hook in self.hooks:
            hook.after(state, action)
        if state.is_over:
            for hook in self.hooks:
                hook.end(state)

    def events(self, index: int) -> list[SeatEvent]:
        """The events of history entry ``index``: one per seat, then the spectators'."""
        state = self.state
        mover = state.movers[index]
        over = state.is_over and index == len(state.history) - 1
        out = []
        version = self.version - (len(state.history) - 1 - index)
        for seat in [*range(state.players), None]:
            out.append(SeatEvent(seat, version, mover, over, state.log_event(index, seat)))
        return out


def replayed(state: State[A], count: int) -> State[A]:
    """``state``'s game replayed from its start to its first ``count`` actions: the
    exact position then (a game's state is its seed and its actions)."""
    before: State[A] = state.game.start(players=state.players, seed=state.seed)
    for action in state.history[:count]:
        before.apply(action)
    return before
