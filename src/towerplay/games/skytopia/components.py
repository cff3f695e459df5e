"""Skytopia component data: the pydantic schema of ``components.toml`` and its compiled form.

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
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from towerplay.core.errors import InvalidOptions

COLOURS = ("blue", "gold", "red", "purple")
LETTERS = "bgrp"
RES = {"coins": 0, "pp": 1}
PER = ("own_golems_on_board", "own_golems_on_market", "cards_in_city")
DEFAULT_PATH = Path(__file__).with_name("components.toml")

# compiled step op codes (first item of every step tuple)
GAIN, GAIN_PER, OTHERS, PAY, RECALL, TURN, MOVE, PLACE, TAKE, TOP, ROW = range(11)
# ability timings, conditions and triggers
END_P1, END_P2, ANY_TIME = range(3)
TIMINGS = ("end_phase1", "end_phase2", "any_time")
CONDITIONS = ("always", "coins_eq", "cards_added_ge", "all_golems_on_board", "paid_cost_eq",
              "same_crest_cards_ge")
TRIGGERS = ("golem_returned", "other_joins_your_card")

Colour = Literal["blue", "gold", "red", "purple"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ----------------------------------------------------------------------------- steps
class Gain(_Model):
    op: Literal["gain"]
    res: Literal["coins", "pp"]
    n: int = Field(ge=0, le=50)


class GainPer(_Model):
    op: Literal["gain_per"]
    res: Literal["coins", "pp"]
    n: int = Field(ge=0, le=20)
    per: Literal["own_golems_on_board", "own_golems_on_market", "cards_in_city"]


class OthersGain(_Model):
    op: Literal["others_gain"]
    res: Literal["coins", "pp"]
    n: int = Field(ge=0, le=20)


class Pay(_Model):
    op: Literal["pay"]
    res: Literal["coins"] = "coins"
    n: int = Field(ge=1, le=20)


class Recall(_Model):
    op: Literal["recall_own_golem"]


class TurnDie(_Model):
    op: Literal["turn_die"]
    steps_max: int = Field(ge=1, le=4)
    each: bool = False


class MoveGolem(_Model):
    op: Literal["move_own_golem"]
    activate: bool = False


class PlaceGolem(_Model):
    op: Literal["place_from_board"]
    distance: int | None = Field(None, ge=1, le=5)
    cost: int | None = Field(None, ge=0)
    pay: bool = False
    activate: bool = False

    @model_validator(mode="after")
    def _one_value(self) -> PlaceGolem:
        if (self.distance is None) == (self.cost is None):
            raise ValueError("give exactly one of 'distance' or 'cost'")
        return self


class TakeCard(_Model):
    op: Literal["take_unoccupied_card"]


class ActivateTop(_Model):
    op: Literal["activate_top"]


class ActivateRow(_Model):
    op: Literal["activate_same_row"]


class EndgamePP(_Model):
    op: Literal["endgame_pp"]
    n: int = Field(ge=0, le=50)


Step = Annotated[Union[Gain, GainPer, OthersGain, Pay, Recall, TurnDie, MoveGolem, PlaceGolem,
                       TakeCard, ActivateTop, ActivateRow, EndgamePP], Field(discriminator="op")]


def _check_endgame(effect: list[Any]) -> None:
    if any(isinstance(s, EndgamePP) for s in effect) and len(effect) != 1:
        raise ValueError("endgame_pp must be the only step of an effect")


# ----------------------------------------------------------------------------- records
class Chronometer(_Model):
    dial_order: list[int]
    cost_by_distance: list[int] = Field(min_length=5, max_length=5)
    setup_value: int = Field(ge=1, le=6)
    setup_distance: int = Field(5, ge=1, le=5)
    provenance: str = ""

    @model_validator(mode="after")
    def _dial(self) -> Chronometer:
        if sorted(self.dial_order) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("dial_order must be the values 1..6, each once")
        if any(c < 0 for c in self.cost_by_distance):
            raise ValueError("costs must be >= 0")
        return self


class Foundation(_Model):
    effect: list[Step]
    crest: str | None = None
    provenance: str = ""

    @model_validator(mode="after")
    def _eg(self) -> Foundation:
        if any(isinstance(s, EndgamePP) for s in self.effect):
            raise ValueError("endgame_pp is for Tower cards only (Laboratories)")
        return self


class TowerCard(_Model):
    id: str = Field(min_length=1)
    colour: Colour
    crest: str = Field(min_length=1, max_length=12)
    min_players: int = Field(2, ge=2, le=4)
    name: str = ""
    effect: list[Step]
    provenance: str = ""

    @model_validator(mode="after")
    def _eg(self) -> TowerCard:
        _check_endgame(self.effect)
        return self


class GuildScoring(_Model):
    kind: Literal["pairs", "tallest_tower", "shortest_tower", "nth_tallest", "towers_at_least",
                  "crest_types", "cards_in_tower"]
    colours: list[Colour] | None = None
    tower: Colour | None = None
    pp: int | None = Field(None, ge=0)
    pp_per_card: int | None = Field(None, ge=0)
    n: int | None = Field(None, ge=1, le=4)
    height: int | None = Field(None, ge=1)

    @model_validator(mode="after")
    def _fields(self) -> GuildScoring:
        need = {"pairs": ("colours", "pp"), "tallest_tower": ("pp_per_card",),
                "shortest_tower": ("pp_per_card",), "nth_tallest": ("n", "pp_per_card"),
                "towers_at_least": ("height", "pp"), "crest_types": ("tower", "pp"),
                "cards_in_tower": ("tower", "pp_per_card")}[self.kind]
        for name in need:
            if getattr(self, name) is None:
                raise ValueError(f"kind '{self.kind}' needs field '{name}'")
        if self.kind == "pairs" and len(set(self.colours or [])) < 2:
            raise ValueError("'pairs' needs at least 2 different colours")
        return self


class GuildMaster(_Model):
    id: str = Field(min_length=1)
    name: str = ""
    stack: int = Field(ge=1, le=3)
    scoring: GuildScoring
    include_foundations: bool = True
    provenance: str = ""


class Condition(_Model):
    kind: Literal["always", "coins_eq", "cards_added_ge", "all_golems_on_board",
                  "paid_cost_eq", "same_crest_cards_ge"] = "always"
    n: int = Field(0, ge=0)


class AbilitySide(_Model):
    timing: Literal["end_phase1", "end_phase2", "any_time"]
    condition: Condition = Condition()
    trigger: Literal["golem_returned", "other_joins_your_card"] | None = None
    effect: list[Step] = Field(min_length=1)
    text: str = ""

    @model_validator(mode="after")
    def _timing(self) -> AbilitySide:
        if self.timing == "any_time":
            if self.trigger is None:
                raise ValueError("an any_time ability needs a 'trigger'")
            if not all(isinstance(s, (Gain, OthersGain)) for s in self.effect):
                raise ValueError("an any_time ability may only gain (gain / others_gain)")
        elif self.trigger is not None:
            raise ValueError("only any_time abilities have a 'trigger'")
        if any(isinstance(s, EndgamePP) for s in self.effect):
            raise ValueError("endgame_pp is for Tower cards only")
        return self


class AbilityTile(_Model):
    id: str = Field(min_length=1)
    colour: Colour
    A: AbilitySide
    B: AbilitySide
    provenance: str = ""


class ComponentFile(_Model):
    provisional: bool = False
    version: str = ""
    chronometer: Chronometer
    foundations: dict[Colour, Foundation]
    tower_cards: list[TowerCard] = Field(min_length=4)
    guild_masters: list[GuildMaster] = Field(min_length=3)
    ability_tiles: list[AbilityTile] = Field(min_length=4, max_length=4)

    @model_validator(mode="after")
    def _cross(self) -> ComponentFile:
        if set(self.foundations) != set(COLOURS):
            raise ValueError("foundations: give one for each of blue, gold, red, purple")
        _unique("tower_cards", [c.id for c in self.tower_cards])
        _unique("guild_masters", [g.id for g in self.guild_masters])
        _unique("ability_tiles", [t.id for t in self.ability_tiles])
        if len({t.colour for t in self.ability_tiles}) != 4:
            raise ValueError("ability_tiles: the 4 tiles must have 4 different colours")
        if {g.stack for g in self.guild_masters} != {1, 2, 3}:
            raise ValueError("guild_masters: each stack 1, 2 and 3 needs at least one tile")
        for colour in COLOURS:
            if sum(c.colour == colour and c.min_players <= 2 for c in self.tower_cards) < 4:
                raise ValueError(f"tower_cards: the {colour} deck needs at least 4 cards "
                                 "for 2 players (the largest Market column)")
        costs = self.chronometer.cost_by_distance
        for where, effect in self._effects():
            for step in effect:
                if isinstance(step, PlaceGolem) and step.cost is not None \
                        and step.cost not in costs:
                    raise ValueError(f"{where}: place_from_board cost {step.cost} is not on "
                                     f"the Chronometer ({costs})")
        return self

    def _effects(self):  # noqa: ANN202
        for colour, f in self.foundations.items():
            yield f"foundations.{colour}.effect", f.effect
        for c in self.tower_cards:
            yield f"tower_cards (id '{c.id}').effect", c.effect
        for t in self.ability_tiles:
            yield f"ability_tiles (id '{t.id}').A.effect", t.A.effect
            yield f"ability_tiles (id '{t.id}').B.effect", t.B.effect


def _unique(where: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            raise ValueError(f"{where}: duplicate id '{ident}'")
        seen.add(ident)


# ----------------------------------------------------------------------------- compiled
class Card(NamedTuple):
    """One Tower card (or Foundation) in compiled form."""

    ident: str
    name: str
    colour: int
    crest: int          # index into Components.crests, -1 for none
    min_players: int
    endgame: int        # PP at game end (Laboratories)
    steps: tuple        # compiled effect steps (empty: nothing to activate)


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
    effects: tuple[tuple, ...]  # effect key -> steps; cards, foundations, then ability sides
    n_cards: int
    fingerprint: str = ""
    """A digest of the file's data: memos keyed by it never mix two component files."""

    def foundation(self, colour: int) -> int:
        """The card key of the Foundation of ``colour`` (it follows the Tower cards)."""
        return self.n_cards + colour


def _compile_step(step: Any, costs: list[int]) -> tuple:
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
    'pay 1 coins, then gain 2 PP'
    """
    words = []
    for step in effect:
        res = {"coins": "coins", "pp": "PP"}.get(getattr(step, "res", ""), "")
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

    def compile_effect(effect: list[Any]) -> tuple[tuple, int]:
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
        f = data.foundations[colour]
        steps, endgame = compile_effect(f.effect)
        cards.append(Card(f"F-{colour}", f"{colour} Foundation: {describe_effect(f.effect)}", i,
                          crest_index(f.crest), 2, endgame, steps))
    effects = [card.steps for card in cards]
    abilities = []
    for tile in data.ability_tiles:
        sides = []
        for side in (tile.A, tile.B):
            sides.append(Ability(TIMINGS.index(side.timing),
                                 CONDITIONS.index(side.condition.kind), side.condition.n,
                                 TRIGGERS.index(side.trigger) if side.trigger else -1,
                                 len(effects), side.text or describe_effect(side.effect)))
            effects.append(compile_effect(side.effect)[0])
        abilities.append(tuple(sides))
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
def _record_name(raw: Any, loc: tuple) -> str:
    """'tower_cards[5] (id 'BLU-06')' for a pydantic error location."""
    if not loc:
        return "file"
    head, rest = str(loc[0]), loc[1:]
    if rest and isinstance(rest[0], int):
        try:
            ident = raw[head][rest[0]].get("id")
        except (KeyError, IndexError, TypeError, AttributeError):
            ident = None
        name = f"{head}[{rest[0]}]" + (f" (id '{ident}')" if ident else "")
        rest = rest[1:]
    elif rest and head in ("foundations", "chronometer"):
        name, rest = (f"{head}.{rest[0]}", rest[1:]) if head == "foundations" else (head, rest)
    else:
        name = head
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
    return f"{name}" + (f", field '{field}'" if field else "")


def parse_components(raw: Any, source: str = "components") -> Components:
    """Validate parsed data; :class:`InvalidOptions` names the record and the field."""
    try:
        return compile_components(ComponentFile.model_validate(raw))
    except ValidationError as error:
        problems = []
        for p in error.errors()[:5]:
            msg = p["msg"].removeprefix("Value error, ")
            problems.append(f"{_record_name(raw, tuple(p['loc']))}: {msg}")
        raise InvalidOptions(f"skytopia components {source}: " + "; ".join(problems)) from None


@lru_cache(maxsize=16)
def _load_cached(path: str, mtime: float) -> Components:
    p = Path(path)
    try:
        text = p.read_bytes()
    except OSError as error:
        raise InvalidOptions(f"skytopia components: cannot read {path}: {error.strerror}") \
            from None
    try:
        raw = json.loads(text) if p.suffix.lower() == ".json" else tomllib.loads(text.decode())
    except (ValueError, UnicodeDecodeError) as error:
        raise InvalidOptions(f"skytopia components {path}: not valid "
                             f"{'JSON' if p.suffix.lower() == '.json' else 'TOML'}: {error}") \
            from None
    return parse_components(raw, str(path))


def load_components(path: str | Path | None = None) -> Components:
    """The components in ``path`` (TOML, or JSON by suffix); the shipped data by default."""
    p = Path(path) if path is not None else DEFAULT_PATH
    try:
        mtime = p.stat().st_mtime
    except OSError as error:
        raise InvalidOptions(f"skytopia components: cannot read {p}: {error.strerror}") \
            from None
    return _load_cached(str(p), mtime)
