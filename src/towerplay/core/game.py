"""The Game base class: a configured game (its options), the factory of its states.

A game package subclasses :class:`Game`, names its :class:`Options` model, its state
class and its ordered action space, and the kernel derives the rest: dense action ids,
the parsing of notation, metadata (:class:`GameInfo`) and action masks. Front ends
(terminal, web, bots, simulation, RL adapters) use only what is defined here.
"""
from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from towerplay.core.errors import BadRecord, IllegalAction, InvalidOptions, TowerplayError
from towerplay.core.events import Event, Param, Seat, Seq, Term
from towerplay.core.rng import fresh_seed
from towerplay.core.state import A, State

if TYPE_CHECKING:
    from towerplay.core.heuristics import Heuristics
    from towerplay.core.observer import Observer

S = TypeVar("S", bound=State[Any])


class Options(BaseModel):
    """Base of every game's options: typed, validated, immutable; unknown names refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    @classmethod
    def file_options(cls) -> frozenset[str]:
        """The options that name a file (marked :data:`FILE`): a server never takes
        them from a client, whatever the game.

        >>> from towerplay import games
        >>> sorted(games.game_class("castle").options_type.file_options())
        ['cards']
        """
        return frozenset(name for name, field in cls.model_fields.items()
                         if any(isinstance(mark, FileOption) for mark in field.metadata))

    @classmethod
    def seat_options(cls) -> frozenset[str]:
        """The options that name a seat (marked :data:`SEAT`): held as the engines count
        seats (from 0), typed and worded as people count them (from 1).

        >>> from towerplay import games
        >>> sorted(games.game_class("castle").options_type.seat_options())
        ['first_player']
        """
        return frozenset(name for name, field in cls.model_fields.items()
                         if any(isinstance(mark, SeatOption) for mark in field.metadata))


class FileOption:
    """The mark of an option whose value may be read from a file (a path given on the
    command line, kept as its data): ``Annotated[..., FILE]``."""

    def __repr__(self) -> str:
        return "FILE"


FILE = FileOption()
"""Marks an option that names a file (see :meth:`Options.file_options`)."""


class SeatOption:
    """The mark of an option whose value is a seat: ``Annotated[int | None, SEAT]``."""

    def __repr__(self) -> str:
        return "SEAT"


SEAT = SeatOption()
"""Marks an option that names a seat (see :meth:`Options.seat_options`)."""


def seat_from_text(text: str) -> object:
    """A seat typed as people count it (``"2"``) as the engines hold it (``1``); any
    other text as it is, for the options' validation to refuse.

    >>> seat_from_text("2"), seat_from_text(" 1 "), seat_from_text("two"), seat_from_text("null")
    (1, 0, 'two', None)
    """
    text = text.strip()
    if text.lstrip("-").isdecimal():
        return int(text) - 1
    return None if text in ("", "null", "none") else text


def option_value(annotation: object, text: str) -> Any:
    """An option's value from command-line text: kept as text where the option takes text
    (a word from a list, a path), else read as a JSON literal (``3``, ``true``, ``null``).

    >>> from typing import Literal
    >>> (option_value(Literal["a", "b"], "a"), option_value(int | None, "3"),
    ...  option_value(bool, "true"))
    ('a', 3, True)
    >>> option_value(bool, "yes")
    'yes'
    """
    if _takes_text(annotation):
        return text
    try:
        return json.loads(text)
    except ValueError:
        return text  # strict validation then names the expected type


def _is_data(annotation: object) -> bool:
    """Whether an option type stands for parsed file data (a dict, or Any)."""
    return annotation is Any or getattr(annotation, "__origin__", None) is dict \
        or annotation is dict


def _takes_text(annotation: object) -> bool:
    if annotation is str:
        return True
    args = getattr(annotation, "__args__", ())
    if getattr(annotation, "__origin__", None) is Literal:
        return all(isinstance(arg, str) for arg in args)
    return any(_takes_text(arg) for arg in args)


EXPECTED = {"int_type": "whole", "int_parsing": "whole", "int_from_float": "whole",
            "float_type": "number", "float_parsing": "number", "bool_type": "bool",
            "bool_parsing": "bool", "string_type": "text", "literal_error": "one_of",
            "greater_than_equal": "at_least", "less_than_equal": "at_most",
            "greater_than": "more_than", "less_than": "less_than"}
"""What an option's value should have been, by pydantic's error type (the catalogue's
``core.expect.<name>``; any other type: ``core.expect.valid``)."""


def validation_event(owner: str, error: ValidationError,
                     model: type[BaseModel] | None = None) -> Event:
    """The problems of ``owner``'s options (a game's name, or ``bot NAME``) as one event
    in our own words, never pydantic's: each names the option by its label (a game's
    ``options`` catalogue ``<game>.<option>``) and what was expected (a literal's choices
    by their labels too); ``model``: the options' class, for the choices."""
    problems: list[Param] = []
    for problem in error.errors():
        name = ".".join(str(part) for part in problem["loc"]) or "options"
        label = option_label(owner, name)
        if problem["type"] == "extra_forbidden":
            known = tuple(option_label(owner, n) for n in (model.model_fields if model else ()))
            problems.append(Event.of("core.option_unknown", option=repr(name[:40]),
                                     known=Seq(known)))
            continue
        if problem["type"] in ("value_error", "assertion_error"):  # the game's own check
            cause = (problem.get("ctx") or {}).get("error")  # its event, where it has one
            detail: Param = (cause.event if isinstance(cause, TowerplayError)
                             else str(problem["msg"]).removeprefix("Value error, "))
            problems.append(Event.of("core.option_problem", option=label,
                                     id=repr(name[:40]), detail=detail))
            continue
        got = problem.get("input")
        if model is not None and name in getattr(model, "seat_options", frozenset)():
            problems.append(seat_refusal(label, name, max_seat(model, name),
                                         got + 1 if isinstance(got, int) else got))
            continue
        kind = EXPECTED.get(problem["type"], "valid")
        limits = {k: v for k, v in (problem.get("ctx") or {}).items()
                  if k in ("ge", "le", "gt", "lt") and isinstance(v, int | float)}
        params: dict[str, Param] = {"limit": next(iter(limits.values()), 0)}
        if kind == "one_of":
            params["choices"] = Seq(tuple(option_label(owner, f"{name}.{value}", repr(value))
                                          for value in choices(model, name)))
        problems.append(Event.of("core.option_expected", option=label, id=repr(name[:40]),
                                 expected=Event.of(f"core.expect.{kind}", **params),
                                 got=repr(got)[:40]))
    if owner.startswith("bot "):
        return Event.of("core.bot_options_refused", bot=owner[4:],
                        problems=Seq(tuple(problems), "semicolon"))
    return Event.of("core.options_refused", problems=Seq(tuple(problems), "semicolon"))


def option_refusal(owner: str, name: str, expected: Event, got: object) -> Event:
    """One option of ``owner`` refused by a check of the game's own (not the options'
    types): its label, ``expected`` (a ``core.expect.*`` event) and the value given."""
    return Event.of("core.options_refused", problems=Seq((Event.of(
        "core.option_expected", option=option_label(owner, name), id=repr(name),
        expected=expected, got=repr(got)[:40]),), "semicolon"))


def seat_refusal(label: Event, name: str, last: int, got: object) -> Event:
    """A seat option's value refused: the seats 1 to ``last + 1`` expected, ``got`` as
    the person typed it (counted from 1)."""
    return Event.of("core.option_expected", option=label, id=repr(name[:40]),
                    expected=Event.of("core.expect.seat", high=Seat(last)),
                    got=repr(got)[:40])


def max_seat(model: type[BaseModel], name: str) -> int:
    """The highest seat (from 0) an option of ``model`` may name: its ``le`` bound."""
    bounds = [getattr(mark, "le", None) for mark in model.model_fields[name].metadata]
    return next((bound for bound in bounds if isinstance(bound, int)), 0)


def seat_option_refusal(owner: str, name: str, players: int, got: int) -> Event:
    """A seat option of ``owner`` naming a seat (``got``, from 0) the table lacks.

    >>> from towerplay.core.words import english
    >>> english(seat_option_refusal("castle", "first_player", 2, 2))
    "option “first player” ('first_player'): expected a seat from 1 to 2 (got 3)"
    """
    return Event.of("core.options_refused", problems=Seq((
        seat_refusal(option_label(owner, name), name, players - 1, got + 1),), "semicolon"))


def option_label(owner: str, name: str, fallback: str | None = None) -> Event:
    """An option (``name``) or a choice (``name.value``) of ``owner`` by its label in the
    lobby's ``options`` catalogue (the game's own), else as written (``fallback``).

    >>> from towerplay.core.words import english
    >>> english(option_label("castle", "memory")), english(option_label("bot x", "depth"))
    ('memory', 'depth')
    """
    return Event.of(f"options.{owner}.{name}", fallback=name if fallback is None else fallback)


def choices(model: type[BaseModel] | None, name: str) -> tuple[object, ...]:
    """The values a literal option of ``model`` may take (none known: empty)."""
    field = model.model_fields.get(name) if model else None
    if field is None:
        return ()
    found: list[object] = []
    pending = [field.annotation]
    while pending:
        annotation = pending.pop(0)
        args = getattr(annotation, "__args__", ())
        if getattr(annotation, "__origin__", None) is Literal:
            found.extend(args)
        else:
            pending.extend(args)
    return tuple(found)


def type_text(annotation: object) -> str:
    """A short text of an option's type: ``'a' | 'b'`` for literals, ``int | None``, …

    >>> from typing import Any, Literal
    >>> type_text(Literal["feasible", "physical"]), type_text(int | None)
    ("'feasible' | 'physical'", 'int | None')
    >>> type_text(str | dict[str, Any] | None)   # a component file: a path (or its data)
    'path | None'
    """
    if annotation is type(None):
        return "None"
    args = getattr(annotation, "__args__", ())
    if str in args and any(_is_data(arg) for arg in args):
        rest = [arg for arg in args if arg is not str and not _is_data(arg)]
        return " | ".join(["path", *map(type_text, rest)])
    args = getattr(annotation, "__args__", None)
    if args is None:
        return getattr(annotation, "__name__", str(annotation))
    if getattr(annotation, "__origin__", None) is Literal:
        return " | ".join(map(repr, args))
    return " | ".join(type_text(arg) for arg in args)


@dataclass(frozen=True)
class GameInfo:
    """What learning agents and tools need to know of a game at a player count, as
    OpenSpiel's ``GameInfo`` and ``GameType`` say it.

    >>> info = GameInfo("toy", 2, 2, 3, num_actions=9, max_game_length=18, min_utility=0.0,
    ...                 max_utility=1.0, hidden_information=True, chance=True)
    >>> info.max_game_length
    18
    """

    name: str
    players: int
    min_players: int
    max_players: int
    num_actions: int
    max_game_length: int
    """No game at this player count has more actions than this (a proven bound, or a cap
    the game enforces by ending the game)."""
    min_utility: float
    max_utility: float
    """The range of :meth:`State.rewards`: winners share 1, the others get 0."""
    hidden_information: bool
    chance: bool
    """Whether chance (shuffles, dice) takes part; it is sampled from the seed."""


class Game(Generic[S, A]):
    """A game with its options fixed. Subclasses set the class attributes below.

    >>> from towerplay import games
    >>> game = games.load("five_towers")
    >>> game.name, game.min_players, game.max_players
    ('five_towers', 2, 5)
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str] = "1"
    options_type: ClassVar[type[Options]] = Options
    """The pydantic model of this game's options."""
    state_type: ClassVar[type[State[Any]]]
    """The class of this game's positions."""
    action_space: ClassVar[Sequence[Any]] = ()
    """Every action that can ever be legal, in dense-id order (id = index). The kernel
    derives :attr:`num_actions`, :meth:`action_id`, :meth:`action_from_id` and the
    parsing of plain notation from it."""
    notation: ClassVar[str] = ""
    """A one-paragraph description of the action notation, for help texts."""
    hidden_information: ClassVar[bool] = True
    """Whether some seat may not know everything (a shuffled deck counts)."""
    chance: ClassVar[bool] = True
    """Whether shuffles or dice take part."""
    variants: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    """Option sets that change the rules (variants, modes): the generic tests run each."""
    component_file: ClassVar[str | None] = None
    """The shipped component data (a TOML file in the game's package) that a scoring pad
    scores with, if the game has one."""
    heuristics_module: ClassVar[str | None] = None
    """Where ``HEURISTICS`` lives; default: the ``heuristics`` module of the game's package."""

    @staticmethod
    def score_labels(view: Mapping[str, Any]) -> list[list[Param]]:
        """The labels of a finished game's score breakdown (``view["breakdown"]``, rows
        of ``[label, points]`` per seat) as phrases to word in any language: each label
        a glossary term (``term.<label>``) unless the game says otherwise (a label with a
        number in it is an event, whose English wording is the label)."""
        return [[Term(str(label)) for label, _ in seat] for seat in view.get("breakdown") or []]

    def __init__(self, **options: Any) -> None:
        try:
            self.options = self.options_type(**options)
        except ValidationError as error:
            raise InvalidOptions(validation_event(self.name, error, self.options_type)) \
                from None

    # ----------------------------------------------------------------- states
    def start(self, players: int, seed: int | None = None) -> S:
        """A fresh game for ``players`` seats; all its randomness flows from ``seed``."""
        self.check_players(players)
        if seed is None:
            seed = fresh_seed()
        elif not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise InvalidOptions(Event.of("core.seed", got=repr(seed)[:40]))
        state: S = self.state_type(self, players, seed)  # type: ignore[assignment]
        self._setup(state)
        return state

    def _setup(self, state: S) -> None:
        """Deal the initial position into a state made by ``State(game, players, seed)``."""
        raise NotImplementedError

    def check_players(self, players: object) -> None:
        """Raise :class:`InvalidOptions` unless ``players`` is an allowed seat count."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidOptions(Event.of("core.players_range", low=self.min_players,
                                          high=self.max_players, got=repr(players)[:40]))

    def from_json(self, data: Any) -> S:
        """Rebuild a state written by :meth:`State.to_json`; :class:`BadRecord` if malformed."""
        try:
            if data["game"] != self.name:
                raise BadRecord(Event.of("core.position_game", got=repr(data["game"]),
                                         game=repr(self.name)))
            if data.get("options", {}) != self.options_dict():
                game = type(self)(**data.get("options", {}))
            else:
                game = self
            game.check_players(data["players"])
            state: S = game.state_type(game, data["players"], int(data["seed"]))  # type: ignore[assignment]
            to_move = data["to_move"]
            if to_move is not None and (type(to_move) is not int
                                        or not 0 <= to_move < state.players):
                raise BadRecord(Event.of("core.position_to_move", game=self.name,
                                         last=state.players - 1, got=repr(to_move)))
            state.to_move = to_move
            state.history = [game.parse_notation(text) for text in data["history"]]
            state.movers = [int(m) for m in data["movers"]]
            if len(state.movers) != len(state.history) or not all(
                    0 <= m < state.players for m in state.movers):
                raise BadRecord(Event.of("core.position_movers", game=self.name))
            state._load_json(data["state"])
            if not state.is_over and not state.legal_actions():
                raise ValueError("no action is legal in this position")
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            if isinstance(error, BadRecord):
                raise
            raise BadRecord(Event.of("core.position_invalid", game=self.name,
                                     problem=repr(error))) from None
        return state

    # ----------------------------------------------------------------- notation
    def parse_notation(self, text: str) -> A:
        """Parse action text without a position; :class:`IllegalAction` names the notation.

        Default: look the normalised text up among :attr:`action_space`'s notations."""
        if not isinstance(text, str):
            raise IllegalAction(Event.of("core.not_text", type=type(text).__name__))
        action: A | None = _action_tables(type(self))[2].get(" ".join(text.lower().split()))
        if action is None:
            raise IllegalAction(Event.of(
                "core.unknown_action_hint" if self.notation else "core.unknown_action",
                game=self.name, text=repr(cut(text)),
                notation=Event.of(f"{self.name}.notation", fallback=self.notation)))
        return action

    def parse_action(self, state: S, text: str) -> A:
        """The action meant by ``text`` in ``state`` (not yet checked for legality).

        Raises :class:`IllegalAction` naming the expected notation if ``text`` is garbled.
        """
        if not isinstance(text, str):
            raise IllegalAction(Event.of("core.not_text", type=type(text).__name__))
        normal = " ".join(text.lower().split())
        legal: list[A] = state.legal_actions()
        for action in legal:
            if str(action) == normal:
                return action
        return self.parse_notation(normal)

    # ----------------------------------------------------------------- dense ids (RL)
    @property
    def num_actions(self) -> int:
        """The size of the dense action-id space."""
        return len(self.action_space)

    def action_id(self, action: A) -> int:
        """The dense integer id of an action, in ``range(num_actions)``."""
        try:
            return _action_tables(type(self))[1][action]
        except (KeyError, TypeError):
            raise IllegalAction(Event.of("core.not_an_action", action=cut(repr(action)),
                                         game=self.name)) from None

    def action_from_id(self, action_id: int) -> A:
        """The action with that dense id (the inverse of :meth:`action_id`)."""
        if (type(action_id) is not int or not 0 <= action_id < self.num_actions):
            raise IllegalAction(Event.of("core.action_id_range", last=self.num_actions - 1,
                                         got=cut(repr(action_id))))
        action: A = self.action_space[action_id]
        return action

    def action_mask(self, state: S) -> list[int]:
        """1 for each dense id legal in ``state``, else 0 (all 0 once the game is over).

        >>> from towerplay import games
        >>> game = games.load("five_towers")
        >>> state = game.start(players=2, seed=1)
        >>> sum(game.action_mask(state)) == len(state.legal_actions())
        True
        """
        mask = [0] * self.num_actions
        for action in state.legal_actions():
            mask[self.action_id(action)] = 1
        return mask

    # ----------------------------------------------------------------- undo
    def reveals(self, before: S, action: A, after: S) -> bool:
        """Whether ``action``, taken in ``before`` and leading to ``after``, showed some
        seat what it did not know (a card drawn or turned up, a die rolled, a round's
        scoring): such an action is final, never taken back (an undo would let its mover
        choose again knowing it). A game answers from its rules; the default, for a game
        that says nothing, is safe: every action of a game with chance or hidden
        information reveals.

        >>> from towerplay import games
        >>> game = games.load("castle")
        >>> before = game.start(players=2, seed=1)
        >>> after = before.copy(); after.apply("reveal a1")
        >>> game.reveals(before, after.history[-1], after)   # a castle reveal is final
        True
        """
        return self.chance or self.hidden_information

    # ----------------------------------------------------------------- metadata
    def recall(self) -> float:
        """How much of what a seat saw it is assumed to remember where nothing else says
        (a review's or a hint's search; a bot has its own ``recall`` option): 1.0 unless
        the game's options leave some of it to the players' memory."""
        return 1.0

    def max_game_length(self, players: int) -> int:
        """The most actions a game at ``players`` seats can take (a proven bound, or a
        cap the game enforces)."""
        raise NotImplementedError

    def info(self, players: int) -> GameInfo:
        """The game's :class:`GameInfo` at ``players`` seats."""
        self.check_players(players)
        return GameInfo(name=self.name, players=players, min_players=self.min_players,
                        max_players=self.max_players, num_actions=self.num_actions,
                        max_game_length=self.max_game_length(players),
                        min_utility=0.0, max_utility=1.0,
                        hidden_information=self.hidden_information, chance=self.chance)

    def observer(self, players: int) -> Observer[Any]:
        """The game's observer at ``players`` seats: a fixed-size float vector of what a
        seat may know, written from ``view(seat)``. Games define ``observer.py``."""
        module = importlib.import_module(f"{_package(type(self))}.observer")
        observer: Observer[Any] = module.make_observer(self, players)
        return observer

    # ----------------------------------------------------------------- what bots use
    @property
    def heuristics(self) -> Heuristics[S, A]:
        """The game's knowledge for bots (greedy and playout moves, evaluation), loaded
        lazily from ``HEURISTICS`` in the game package's ``heuristics.py``."""
        return _heuristics(type(self))

    # ----------------------------------------------------------------- description
    def options_dict(self) -> dict[str, Any]:
        """The options as plain JSON data (as given to :func:`towerplay.games.load`)."""
        return self.options.model_dump(mode="json")

    @classmethod
    def options_from_text(cls, texts: dict[str, str]) -> dict[str, Any]:
        """Typed option values from ``name=value`` texts (the command line's ``-o``).

        >>> from towerplay import games
        >>> games.game_class("castle").options_from_text({"max_turns": "50", "memory": "open"})
        {'max_turns': 50, 'memory': 'open'}

        A seat is typed as people count it, from 1:

        >>> games.game_class("castle").options_from_text({"first_player": "2"})
        {'first_player': 1}
        """
        fields, seats = cls.options_type.model_fields, cls.options_type.seat_options()
        return {name: seat_from_text(text) if name in seats else
                option_value(fields[name].annotation, text) if name in fields else text
                for name, text in texts.items()}

    @classmethod
    def describe_options(cls) -> list[tuple[str, str, str]]:
        """(name, allowed values, default) for each option, for help texts."""
        return [(name, type_text(field.annotation), repr(field.default))
                for name, field in cls.options_type.model_fields.items()]

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.options_dict().items())
        return f"games.load({self.name!r}{', ' if options else ''}{options})"


def cut(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters for echoing back in an error message.

    >>> cut("x" * 100, 10)
    'xxxxxxxxx…'
    """
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _package(cls: type) -> str:
    return cls.__module__.rpartition(".")[0]


ActionTables = tuple[Sequence[Any], dict[Any, int], dict[str, Any]]
_ACTION_TABLES: dict[type, ActionTables] = {}
_HEURISTICS: dict[type, Heuristics[Any, Any]] = {}


def _action_tables(cls: type[Game[Any, Any]]) -> ActionTables:
    """(actions, id by action, action by notation) of a game class, built once."""
    tables = _ACTION_TABLES.get(cls)
    if tables is None:
        actions = cls.action_space
        tables = _ACTION_TABLES[cls] = (actions, {a: i for i, a in enumerate(actions)},
                                        {str(a): a for a in actions})
    return tables


def _heuristics(cls: type[Game[Any, Any]]) -> Heuristics[Any, Any]:
    found = _HEURISTICS.get(cls)
    if found is None:
        found = _HEURISTICS[cls] = _load_heuristics(cls)
    return found


def _load_heuristics(cls: type[Game[Any, Any]]) -> Heuristics[Any, Any]:
    """The ``HEURISTICS`` of the game's package (or of the game it extends)."""
    from towerplay.core.heuristics import DEFAULT_HEURISTICS

    for klass in cls.__mro__:
        if not (isinstance(klass, type) and issubclass(klass, Game)) or klass is Game:
            break
        name = klass.heuristics_module or f"{_package(klass)}.heuristics"
        try:
            found = getattr(importlib.import_module(name), "HEURISTICS", None)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
            found = None
        if found is not None:
            return found  # type: ignore[no-any-return]
    return DEFAULT_HEURISTICS
