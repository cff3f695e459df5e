"""The Game base class: a configured game (its options), the factory of its states.

A game package subclasses :class:`Game`, names its :class:`Options` model and its state
class, and fills in the notation and action-id hooks. Front ends (terminal, web, bots,
simulation, RL adapters) use only what is defined here.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from towerplay.core.errors import BadRecord, IllegalAction, InvalidOptions
from towerplay.core.rng import fresh_seed
from towerplay.core.state import Action, State


class Options(BaseModel):
    """Base of every game's options: typed, validated, immutable; unknown names refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def option_value(annotation: object, text: str) -> Any:
    """An option's value from command-line text: kept as text where the option takes text
    (a word from a list, a path), else read as a JSON literal (``3``, ``true``, ``null``).

    >>> from typing import Literal
    >>> option_value(Literal["a", "b"], "a"), option_value(int | None, "3"), option_value(bool, "true")
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


def _takes_text(annotation: object) -> bool:
    if annotation is str:
        return True
    args = getattr(annotation, "__args__", ())
    if getattr(annotation, "__origin__", None) is Literal:
        return all(isinstance(arg, str) for arg in args)
    return any(_takes_text(arg) for arg in args)


def describe_validation_error(owner: str, error: ValidationError) -> str:
    """One readable line per problem, naming the option and what was expected."""
    lines = []
    for problem in error.errors():
        where = ".".join(str(part) for part in problem["loc"]) or "options"
        got = problem.get("input")
        if problem["type"] == "extra_forbidden":
            lines.append(f"{owner}: unknown option '{where}'")
        else:
            lines.append(f"{owner}: option '{where}': {problem['msg']} (got {got!r})")
    return "; ".join(lines)


def type_text(annotation: object) -> str:
    """A short text of an option's type: ``'a' | 'b'`` for literals, ``int | None``, …

    >>> from typing import Literal
    >>> type_text(Literal["feasible", "physical"]), type_text(int | None)
    ("'feasible' | 'physical'", 'int | None')
    """
    if annotation is type(None):
        return "None"
    args = getattr(annotation, "__args__", None)
    if args is None:
        return getattr(annotation, "__name__", str(annotation))
    if getattr(annotation, "__origin__", None) is Literal:
        return " | ".join(map(repr, args))
    return " | ".join(type_text(arg) for arg in args)


class Game:
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
    Options: ClassVar[type[Options]] = Options
    State: ClassVar[type[State]]
    notation: ClassVar[str] = ""
    """A one-paragraph description of the action notation, for help texts."""
    search_defaults: ClassVar[dict[str, Any]] = {}
    """Search-bot options that suit this game (e.g. a playout ``depth`` when ``evaluate``
    is good); a bot spec overrides them."""
    variants: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    """Option sets that change the rules (variants, modes): the generic tests run each."""

    def __init__(self, **options: Any) -> None:
        try:
            self.options = self.Options(**options)
        except ValidationError as error:
            raise InvalidOptions(describe_validation_error(self.name, error)) from None

    # ----------------------------------------------------------------- states
    def start(self, players: int, seed: int | None = None) -> State:
        """A fresh game for ``players`` seats; all its randomness flows from ``seed``."""
        self.check_players(players)
        if seed is None:
            seed = fresh_seed()
        elif not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise InvalidOptions(f"seed must be a non-negative integer (got {seed!r})")
        state = self.State(self, players, seed)
        self._setup(state)
        return state

    def _setup(self, state: State) -> None:
        """Deal the initial position into a state made by ``State(game, players, seed)``."""
        raise NotImplementedError

    def check_players(self, players: object) -> None:
        """Raise :class:`InvalidOptions` unless ``players`` is an allowed seat count."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidOptions(f"{self.name} is for {self.min_players} to "
                                 f"{self.max_players} players (got {players!r})")

    def from_json(self, data: Any) -> State:
        """Rebuild a state written by :meth:`State.to_json`; :class:`BadRecord` if malformed."""
        try:
            if data["game"] != self.name:
                raise BadRecord(f"this position is of '{data['game']}', not '{self.name}'")
            if data.get("options", {}) != self.options_dict():
                game = type(self)(**data.get("options", {}))
            else:
                game = self
            game.check_players(data["players"])
            state = game.State(game, data["players"], int(data["seed"]))
            to_move = data["to_move"]
            if to_move is not None and (type(to_move) is not int
                                        or not 0 <= to_move < state.players):
                raise BadRecord(f"not a valid {self.name} position: to_move must be a seat "
                                f"from 0 to {state.players - 1} or null (got {to_move!r})")
            state.to_move = to_move
            state.history = [game.parse_notation(text) for text in data["history"]]
            state.movers = [int(m) for m in data["movers"]]
            if len(state.movers) != len(state.history) or not all(
                    0 <= m < state.players for m in state.movers):
                raise BadRecord(f"not a valid {self.name} position: movers must name a seat "
                                "for each action of the history")
            state._load_json(data["state"])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            if isinstance(error, BadRecord):
                raise
            raise BadRecord(f"not a valid {self.name} position: {error!r}") from None
        return state

    # ----------------------------------------------------------------- notation
    def parse_notation(self, text: str) -> Action:
        """Parse action text without a position; :class:`IllegalAction` names the notation."""
        raise NotImplementedError

    def parse_action(self, state: State, text: str) -> Action:
        """The action meant by ``text`` in ``state`` (not yet checked for legality).

        Raises :class:`IllegalAction` naming the expected notation if ``text`` is garbled.
        """
        if not isinstance(text, str):
            raise IllegalAction(f"an action must be text, got {type(text).__name__}")
        normal = " ".join(text.lower().split())
        for action in state.legal_actions():
            if str(action) == normal:
                return action
        return self.parse_notation(normal)

    # ----------------------------------------------------------------- dense ids (RL)
    @property
    def num_actions(self) -> int:
        """The size of the dense action-id space."""
        raise NotImplementedError

    def action_id(self, action: Action) -> int:
        """The dense integer id of an action, in ``range(num_actions)``."""
        raise NotImplementedError

    def action_from_id(self, action_id: int) -> Action:
        """The action with that dense id (the inverse of :meth:`action_id`)."""
        raise NotImplementedError

    # ----------------------------------------------------------------- front-end hooks
    def render(self, state: State, seat: int | None) -> str:
        """A text picture of what ``seat`` sees (rich markup allowed)."""
        import json

        return json.dumps(state.view(seat), indent=1)

    def greedy_action(self, state: State, rng: random.Random) -> Action:
        """The game's heuristic choice for ``state.to_move`` (default: random)."""
        return rng.choice(state.legal_actions())

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """A cheap playout move for search bots (default: uniformly random)."""
        return rng.choice(state.legal_actions())

    def search_actions(self, state: State, rng: random.Random) -> list[Action]:
        """The actions a search should weigh for ``state.to_move`` (a subset of the legal
        ones). Default: all of them. A game may narrow routine decisions to its heuristic's
        choice so the search spends its budget where judgement matters."""
        return state.legal_actions()

    def evaluate(self, state: State) -> list[float]:
        """A heuristic value per seat of an unfinished position, higher is better (search
        bots normalise it to judge playouts cut short). Default: the running scores."""
        return list(state.scores())

    def value_scale(self, state: State) -> float | None:
        """How large a lead in :meth:`evaluate`'s units makes a clear favourite: search
        bots turn each seat's lead into a win chance with a logistic curve of this scale
        (a lead of one scale is worth 73%). A game whose outcome is still open late in
        the game returns more than one whose end is near. ``None`` (the default) lets the
        bot take a quarter of the values' mean size."""
        return None

    score_command: ClassVar[Callable[..., None] | None] = None
    """A typer command for ``towerplay score <game>`` (the table-top scoring assistant)."""

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
        """
        fields = cls.Options.model_fields
        return {name: option_value(fields[name].annotation, text) if name in fields else text
                for name, text in texts.items()}

    @classmethod
    def describe_options(cls) -> list[tuple[str, str, str]]:
        """(name, allowed values, default) for each option, for help texts."""
        return [(name, type_text(field.annotation), repr(field.default))
                for name, field in cls.Options.model_fields.items()]

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.options_dict().items())
        return f"games.load({self.name!r}{', ' if options else ''}{options})"
