"""The Bot base class and bot specs (``name:key=value,key=value``)."""
from __future__ import annotations

import copy
import random
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event
from towerplay.core.game import Game, validation_event
from towerplay.core.rng import fresh_seed
from towerplay.core.state import A, State


class BotOptions(BaseModel):
    """Options every bot takes. ``recall`` is how much of what it saw a bot remembers,
    in games where memory matters (1.0: perfect; 0.0: nothing)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    recall: float = Field(1.0, ge=0.0, le=1.0)


class Bot:
    """A player program. Front ends call :meth:`act` with the true state; the bot's own
    :meth:`choose` sees only ``state.determinize(seat, rng)``, so it cannot cheat."""

    name: ClassVar[str]
    options_type: ClassVar[type[BotOptions]] = BotOptions
    quick: ClassVar[bool] = False
    """Whether a decision costs about a millisecond whatever the options (no search): a
    server then thinks it on its event loop, as it draws a board, since handing it to a
    thinking process, or to a thread and back, would cost more than the thinking."""

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        try:
            self.options = self.options_type(**options)
        except ValidationError as error:
            raise InvalidOptions(validation_event(f"bot {self.name}", error,
                                                  self.options_type)) from None
        self.seed = fresh_seed() if seed is None else seed
        self.rng = random.Random(self.seed)

    def check_game(self, game: Game[Any, Any], players: int) -> None:
        """Refuse (:class:`InvalidOptions`) a game this bot cannot play at ``players``
        seats, before it starts; every game by default."""

    def act(self, state: State[A]) -> A:
        """The bot's move in the true ``state``, decided on what it perceives of it."""
        seat = state.to_move
        if seat is None:
            raise InvalidOptions(Event.of("core.bot_no_move"))
        return self.choose(self.perceive(state, seat), seat)

    def perceive(self, state: State[A], seat: int) -> State[A]:
        """What the bot decides on: a determinization of ``seat``'s knowledge of the true
        ``state`` (a bot may take less: what it reads must be what the seat knows)."""
        return state.determinize(seat, self.rng, recall=self.options.recall)

    def choose(self, state: State[A], seat: int) -> A:
        """Pick one of ``state.legal_actions()`` for ``seat`` (``state`` is determinized)."""
        raise NotImplementedError

    def fresh(self, seed: int) -> Self:
        """A bot of the same kind and options (not checked again: they were) with a new
        generator from ``seed`` and no memory of earlier moves: a decision made by it is
        the same wherever it is made.

        >>> from towerplay import bots
        >>> bot = bots.load("ismcts:iterations=50", seed=1)
        >>> other = bot.fresh(2)
        >>> other.spec, other.seed, other.options is bot.options
        ('ismcts:iterations=50', 2, True)
        """
        bot = copy.copy(self)
        bot.seed = seed
        bot.rng = random.Random(seed)
        bot.forget()
        return bot

    def forget(self) -> None:
        """Drop what the bot kept from earlier moves (a search tree...): :meth:`fresh`."""

    @property
    def spec(self) -> str:
        """The spec that rebuilds this bot (options that differ from the defaults)."""
        changed = self.options.model_dump(exclude_defaults=True)
        return self.name + (":" + ",".join(f"{k}={v}" for k, v in changed.items())
                            if changed else "")

    def __repr__(self) -> str:
        return f"bots.load({self.spec!r}, seed={self.seed})"


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"ismcts:iterations=2000,c=0.7"`` into a name and its option texts.

    >>> parse_spec("ismcts:iterations=2000,c=0.7")
    ('ismcts', {'iterations': '2000', 'c': '0.7'})
    >>> parse_spec("random")
    ('random', {})
    """
    if not isinstance(spec, str) or not spec.strip():
        raise InvalidOptions(Event.of("core.bot_spec_shape"))
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise InvalidOptions(Event.of("core.bot_option_shape", option=repr(part[:40]),
                                          spec=repr(spec[:60])))
        options[key.strip()] = value.strip()
    return name.strip().lower(), options


def split_specs(text: str) -> list[str]:
    """Split a list of bot specs (``--bots``, ``--seats``): a comma starts a new bot only
    when the next part is a bot name (has no ``=`` before any ``:``); ``;`` always separates.

    >>> split_specs("random,greedy,ismcts:iterations=500,c=0.5,ismcts:seconds=1")
    ['random', 'greedy', 'ismcts:iterations=500,c=0.5', 'ismcts:seconds=1']
    >>> split_specs("ismcts:iterations=50,c=1; ismcts:iterations=50,c=0.3")
    ['ismcts:iterations=50,c=1', 'ismcts:iterations=50,c=0.3']
    """
    specs: list[str] = []
    for group in text.split(";"):
        current: list[str] = []
        for part in (p.strip() for p in group.split(",")):
            if not part:
                continue
            if current and "=" in part.partition(":")[0]:
                current.append(part)  # an option of the bot before
            else:
                if current:
                    specs.append(",".join(current))
                current = [part]
        if current:
            specs.append(",".join(current))
    return specs
