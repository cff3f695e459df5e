"""Skytopia component data in the compiled form the engine reads, and its loading (the
file's schema and checks are in :mod:`towerplay.games.skytopia.component_file`).

All printed data (Tower cards, Foundations, Guild Masters, Ability tiles, the Chronometer)
is read from a TOML (or JSON) file and validated here, once, at load time. The rules engine
only sees :class:`Components`, plain tuples of small ints.

>>> comp = load_components()
>>> comp.provisional, comp.n_cards, comp.cost
(True, 48, (99, 6, 4, 2, 1, 0))
>>> comp.cards[0].name, COLOURS[comp.cards[0].colour]
('Gain 1 PP (E4)', 'blue')
"""
from __future__ import annotations

import hashlib
import json
from enum import IntEnum
from functools import lru_cache
from pathlib import Path, PurePath
from typing import Any, NamedTuple

from pydantic import ValidationError

from towerplay.core.errors import InvalidOptions, TowerplayError
from towerplay.core.events import Event, Param, Seq, Term
from towerplay.core.files import read_text_limited, toml_data
from towerplay.games.skytopia.component_file import (
    COLOURS,
    CONDITIONS,
    PER,
    RES,
    TIMINGS,
    TRIGGERS,
    ActivateRow,
    ActivateTop,
    ComponentFile,
    EndgamePP,
    Gain,
    GainPer,
    MoveGolem,
    OthersGain,
    Pay,
    PlaceGolem,
    Recall,
    TakeCard,
    TurnDie,
)

__all__ = ["COLOURS", "ComponentFile", "Components", "Condition", "load_components",
           "parse_components"]

LETTERS = "bgrp"
DEFAULT_PATH = Path(__file__).with_name("components.toml")

# compiled step op codes (first item of every step tuple)
GAIN, GAIN_PER, OTHERS, PAY, RECALL, TURN, MOVE, PLACE, TAKE, TOP, ROW = range(11)
# ability timings and triggers
END_P1, END_P2, ANY_TIME = range(3)


class Condition(IntEnum):
    """When an ability may be used (in the order of the file's ``CONDITIONS``)."""

    ALWAYS = 0
    COINS_EQ = 1
    CARDS_ADDED_GE = 2
    ALL_GOLEMS_ON_BOARD = 3
    PAID_COST_EQ = 4
    SAME_CREST_CARDS_GE = 5


assert [c.name.lower() for c in Condition] == list(CONDITIONS)

# ----------------------------------------------------------------------------- compiled
class Card(NamedTuple):
    """One Tower card (or Foundation) in compiled form."""

    ident: str
    name: str
    colour: int
    crest: int          # index into Components.crests, -1 for none
    min_players: int
    endgame: int        # PP at game end (Laboratories)
    steps: tuple[Any, ...]  # compiled effect steps (empty: nothing to activate)


class Ability(NamedTuple):
    timing: int
    condition: int
    n: int
    trigger: int        # -1 unless any_time
    key: int            # effect key (index into Components.effects)
    text: str


class Guild(NamedTuple):
    ident: str
    name: str
    stack: int
    kind: str
    colours: tuple[int, ...]
    tower: int
    pp: int
    n: int
    height: int
    include_foundations: bool


class Components(NamedTuple):
    """Everything the engine needs, as plain tuples (built once per file)."""

    provisional: bool
    version: str
    dial: tuple[int, ...]
    pos: tuple[int, ...]        # pos[value] = index of value in dial (pos[0] unused)
    cost: tuple[int, ...]       # cost[distance], distance 0 = forbidden (99)
    setup_value: int
    setup_distance: int
    cards: tuple[Card, ...]     # Tower cards 0..n-1, then the 4 Foundations (n + colour)
    crests: tuple[str, ...]
    guilds: tuple[Guild, ...]
    tiles: tuple[tuple[str, int], ...]          # (id, colour)
    abilities: tuple[tuple[Ability, Ability], ...]
    effects: tuple[tuple[Any, ...], ...]  # key -> steps: cards, foundations, ability sides
    n_cards: int
    fingerprint: str = ""
    """A digest of the file's data: memos keyed by it never mix two component files."""

    def foundation(self, colour: int) -> int:
        """The card key of the Foundation of ``colour`` (it follows the Tower cards)."""
        return self.n_cards + colour


def _compile_step(step: Any, costs: list[int]) -> tuple[Any, ...]:
    match step:
        case Gain():
            return (GAIN, RES[step.res], step.n)
        case GainPer():
            return (GAIN_PER, RES[step.res], step.n, PER.index(step.per))
        case OthersGain():
            return (OTHERS, RES[step.res], step.n)
        case Pay():
            return (PAY, RES[step.res], step.n)
        case Recall():
            return (RECALL,)
        case TurnDie():
            return (TURN, step.steps_max, int(step.each))
        case MoveGolem():
            return (MOVE, int(step.activate))
        case PlaceGolem():
            distance = step.distance if step.distance is not None \
                else 1 + max(i for i, c in enumerate(costs) if c == step.cost)
            return (PLACE, distance, int(step.pay), int(step.activate))
        case TakeCard():
            return (TAKE,)
        case ActivateTop():
            return (TOP,)
        case ActivateRow():
            return (ROW,)
    raise AssertionError(step)  # pragma: no cover


def describe_effect(effect: list[Any]) -> str:
    """A short English text of an effect, for cards given without a ``name``.

    >>> describe_effect([Pay(op="pay", n=1), Gain(op="gain", res="pp", n=2)])
    'pay 1 coin, then gain 2 PP'
    """
    words = []
    for step in effect:
        res = {"coins": "coins" if getattr(step, "n", 0) != 1 else "coin",
               "pp": "PP"}.get(getattr(step, "res", ""), "")
        match step:
            case Gain():
                words.append(f"gain {step.n} {res}")
            case GainPer():
                words.append(f"gain {step.n} {res} per {step.per.replace('_', ' ')}")
            case OthersGain():
                words.append(f"others gain {step.n} {res}")
            case Pay():
                words.append(f"pay {step.n} {res}")
            case Recall():
                words.append("take back one of your golems")
            case TurnDie():
                words.append(f"turn {'each of your golems' if step.each else 'a golem'} "
                             f"up to {step.steps_max} step(s)")
            case MoveGolem():
                words.append("move a golem" + (" and activate" if step.activate else ""))
            case PlaceGolem():
                value = f"distance {step.distance}" if step.distance else f"cost {step.cost}"
                words.append(f"place a golem at {value}" + (", paying" if step.pay else "")
                             + (", activating" if step.activate else ""))
            case TakeCard():
                words.append("add an unoccupied card to your city")
            case ActivateTop():
                words.append("activate the top of a Tower")
            case ActivateRow():
                words.append("activate a card in the same row")
            case EndgamePP():
                words.append(f"{step.n} PP at game end")
    return ", then ".join(words) or "no effect"


def compile_components(data: ComponentFile) -> Components:
    """The engine's plain-tuple form of a validated component file."""
    costs = data.chronometer.cost_by_distance
    crests: list[str] = []

    def crest_index(name: str | None) -> int:
        if name is None:
            return -1
        if name not in crests:
            crests.append(name)
        return crests.index(name)

    def compile_effect(effect: list[Any]) -> tuple[tuple[Any, ...], int]:
        endgame = sum(s.n for s in effect if isinstance(s, EndgamePP))
        steps = tuple(_compile_step(s, costs) for s in effect if not isinstance(s, EndgamePP))
        return steps, endgame

    cards = []
    for c in data.tower_cards:
        steps, endgame = compile_effect(c.effect)
        cards.append(Card(c.id, c.name or describe_effect(c.effect), COLOURS.index(c.colour),
                          crest_index(c.crest),
                          c.min_players, endgame, steps))
    for i, colour in enumerate(COLOURS):
        f = data.foundations[colour]  # type: ignore[index]  # COLOURS are the Colour literals
        steps, endgame = compile_effect(f.effect)
        cards.append(Card(f"F-{colour}", f"{colour} Foundation: {describe_effect(f.effect)}", i,
                          crest_index(f.crest), 2, endgame, steps))
    effects = [card.steps for card in cards]
    abilities: list[tuple[Ability, Ability]] = []
    for tile in data.ability_tiles:
        sides = []
        for side in (tile.A, tile.B):
            sides.append(Ability(TIMINGS.index(side.timing),
                                 CONDITIONS.index(side.condition.kind), side.condition.n,
                                 TRIGGERS.index(side.trigger) if side.trigger else -1,
                                 len(effects), side.text or describe_effect(side.effect)))
            effects.append(compile_effect(side.effect)[0])
        abilities.append((sides[0], sides[1]))
    guilds = []
    for g in data.guild_masters:
        s = g.scoring
        guilds.append(Guild(g.id, g.name or g.id, g.stack, s.kind,
                            tuple(COLOURS.index(c) for c in (s.colours or [])),
                            COLOURS.index(s.tower) if s.tower else -1,
                            s.pp if s.pp is not None else (s.pp_per_card or 0),
                            s.n or 0, s.height or 0, g.include_foundations))
    dial = tuple(data.chronometer.dial_order)
    pos = [0] * 7
    for i, v in enumerate(dial):
        pos[v] = i
    return Components(data.provisional, data.version, dial, tuple(pos), (99, *costs),
                      data.chronometer.setup_value, data.chronometer.setup_distance,
                      tuple(cards), tuple(crests), tuple(guilds),
                      tuple((t.id, COLOURS.index(t.colour)) for t in data.ability_tiles),
                      tuple(abilities), tuple(effects), len(data.tower_cards),
                      hashlib.sha256(data.model_dump_json().encode()).hexdigest()[:16])


# ----------------------------------------------------------------------------- loading
def _record_name(raw: Any, loc: tuple[Any, ...]) -> Param:
    """``'tower_cards[5]' (id 'BLU-06'), field 'cost'`` for a pydantic error location
    (the file's own names quoted: they stay as written in every language)."""
    if not loc:
        return Event.of("skytopia.components_whole")
    head, rest = str(loc[0]), loc[1:]
    if rest and isinstance(rest[0], int):
        try:
            ident = raw[head][rest[0]].get("id")
        except (KeyError, IndexError, TypeError, AttributeError):
            ident = None
        name = f"'{head}[{rest[0]}]'" + (f" (id '{ident}')" if ident else "")
        rest = rest[1:]
    elif rest and head in ("foundations", "chronometer"):
        name, rest = ((f"'{head}.{rest[0]}'", rest[1:]) if head == "foundations"
                      else (f"'{head}'", rest))
    else:
        name = f"'{head}'"
    field = ""
    for part in rest:
        if isinstance(part, int):
            field += f"[{part}]"
        elif part in {"gain", "gain_per", "others_gain", "pay", "recall_own_golem", "turn_die",
                      "move_own_golem", "place_from_board", "take_unoccupied_card",
                      "activate_top", "activate_same_row", "endgame_pp"}:
            continue  # the discriminated-union tag pydantic adds
        else:
            field += ("." if field else "") + str(part)
    return Event.of("skytopia.components_field", record=name, field=repr(field)) if field \
        else name


def parse_components(raw: Any, source: Param = "components") -> Components:
    """Validate parsed data; :class:`InvalidOptions` names the record and the field."""
    try:
        return compile_components(ComponentFile.model_validate(raw))
    except ValidationError as error:
        problems: list[Param] = []
        for p in error.errors()[:5]:
            problems.append(Event.of("skytopia.components_problem",
                                     where=_record_name(raw, tuple(p["loc"])),
                                     problem=_problem(p)))
        raise InvalidOptions(Event.of("skytopia.components_refused", source=source,
                                      problems=Seq(tuple(problems), "semicolon"))) from None


def _problem(found: Any) -> Param:
    """What pydantic found wrong in a component file, in our words where we have them
    (a missing or unknown field, a wrong type); else as the check said it."""
    cause = (found.get("ctx") or {}).get("error")
    if isinstance(cause, TowerplayError):
        return cause.event
    kind = PROBLEMS.get(found["type"])
    if kind is not None:
        return Event.of(f"skytopia.components_{kind}")
    return str(found["msg"]).removeprefix("Value error, ")


PROBLEMS = {"missing": "missing", "extra_forbidden": "unknown", "int_type": "whole",
            "int_parsing": "whole", "int_from_float": "whole", "string_type": "text",
            "bool_type": "bool", "bool_parsing": "bool", "list_type": "list",
            "dict_type": "table", "model_type": "table", "literal_error": "choice",
            "greater_than_equal": "too_small", "less_than_equal": "too_large"}
"""pydantic's error types worded by our catalogue (``skytopia.components_<kind>``)."""


def read_component_file(path: str | PurePath) -> Any:
    """The data of a component file: JSON by suffix, else TOML. A special, huge, binary or
    garbled file, or one that is not a table of records, is refused in one line."""
    what = "skytopia_components_file"  # term.skytopia_components_file
    if not str(path).lower().endswith(".json"):
        data = toml_data(path, what=what)
    else:
        text = read_text_limited(path, what=what)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise InvalidOptions(Event.of("core.file_not_json", what=Term(what),
                                          path=str(path), detail=str(error))) from None
    if not isinstance(data, dict):
        raise InvalidOptions(Event.of("skytopia.components_not_table", path=str(path),
                                      got=Event.of("skytopia.components_kind_" + JSON_KINDS.get(
                                          type(data), "other"))))
    return data


JSON_KINDS = {list: "list", str: "text", int: "number", float: "number", bool: "bool",
              type(None): "null"}
"""What a component file that is no table holds (``skytopia.components_kind_<kind>``)."""


def option_data(value: Any) -> Any:
    """The ``components`` option's validator: a path becomes its file's data (so records
    carry the data and replay anywhere); data and ``None`` (the shipped file) pass through;
    ``""`` (what older records stored for the shipped file) is ``None``."""
    if value == "":
        return None
    if isinstance(value, (str, PurePath)):
        return read_component_file(value)
    return value


@lru_cache(maxsize=1)
def _shipped() -> Components:
    """The shipped file's components (read once)."""
    return load_components(read_component_file(DEFAULT_PATH))


@lru_cache(maxsize=16)
def _parse_cached(canonical: str, source: Param) -> Components:
    return parse_components(json.loads(canonical), source)


def load_components(source: str | PurePath | dict[str, Any] | None = None) -> Components:
    """The components in ``source``: a file's path (TOML, or JSON by suffix), its parsed
    data, or ``None`` for the shipped file. Parsing is cached by content."""
    if source is None:
        return _shipped()
    if isinstance(source, (str, PurePath)):
        name: Param = str(source)
        data = read_component_file(source)
    else:
        name, data = Event.of("skytopia.components_data"), source
    try:
        canonical = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError):
        raise InvalidOptions(Event.of("skytopia.components_not_plain")) from None
    return _parse_cached(canonical, name)
