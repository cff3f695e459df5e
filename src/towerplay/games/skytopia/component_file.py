"""The schema of Skytopia's component file (``components.toml``): every check a file must
pass before the engine compiles it (see :mod:`towerplay.games.skytopia.components`).

Each record names what it holds; a wrong file is refused with the record and the field.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event, Param, Term

COLOURS = ("blue", "gold", "red", "purple")
RES = {"coins": 0, "pp": 1}
PER = ("own_golems_on_board", "own_golems_on_market", "cards_in_city")
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
            raise wrong("distance_or_cost")
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


Step = Annotated[Gain | GainPer | OthersGain | Pay | Recall | TurnDie | MoveGolem | PlaceGolem
                 | TakeCard | ActivateTop | ActivateRow | EndgamePP, Field(discriminator="op")]


def _check_endgame(effect: list[Any]) -> None:
    if any(isinstance(s, EndgamePP) for s in effect) and len(effect) != 1:
        raise wrong("endgame_alone")


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
            raise wrong("dial_order")
        if any(c < 0 for c in self.cost_by_distance):
            raise wrong("costs")
        return self


class Foundation(_Model):
    effect: list[Step]
    crest: str = Field(min_length=1, max_length=12)  # every Foundation shows one (A11)
    provenance: str = ""

    @model_validator(mode="after")
    def _eg(self) -> Foundation:
        if any(isinstance(s, EndgamePP) for s in self.effect):
            raise wrong("endgame_towers")
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
                raise wrong("kind_field", kind=repr(self.kind), field=repr(name))
        if self.kind == "pairs" and len(set(self.colours or [])) < 2:
            raise wrong("pairs")
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
    condition: Condition = Field(default_factory=lambda: Condition(kind="always", n=0))
    trigger: Literal["golem_returned", "other_joins_your_card"] | None = None
    effect: list[Step] = Field(min_length=1)
    text: str = ""

    @model_validator(mode="after")
    def _timing(self) -> AbilitySide:
        if self.timing == "any_time":
            if self.trigger is None:
                raise wrong("needs_trigger")
            if not all(isinstance(s, (Gain, OthersGain)) for s in self.effect):
                raise wrong("any_time_gain")
        elif self.trigger is not None:
            raise wrong("trigger_any_time")
        if any(isinstance(s, EndgamePP) for s in self.effect):
            raise wrong("endgame_towers")
        return self


class AbilityTile(_Model):
    id: str = Field(min_length=1)
    colour: Colour
    A: AbilitySide
    B: AbilitySide
    provenance: str = ""


CARDS_PER_COLOUR = 12
"""The printed game has 48 Tower cards, 12 of each colour."""


class ComponentFile(_Model):
    provisional: bool  # required: a file says whether its data is the printed game's
    version: str = ""
    chronometer: Chronometer
    foundations: dict[Colour, Foundation]
    tower_cards: list[TowerCard] = Field(min_length=4)
    guild_masters: list[GuildMaster] = Field(min_length=3)
    ability_tiles: list[AbilityTile] = Field(min_length=4, max_length=4)

    @model_validator(mode="after")
    def _cross(self) -> ComponentFile:
        if set(self.foundations) != set(COLOURS):
            raise wrong("foundations")
        _unique("tower_cards", [c.id for c in self.tower_cards])
        _unique("guild_masters", [g.id for g in self.guild_masters])
        _unique("ability_tiles", [t.id for t in self.ability_tiles])
        if len({t.colour for t in self.ability_tiles}) != 4:
            raise wrong("ability_colours")
        if {g.stack for g in self.guild_masters} != {1, 2, 3}:
            raise wrong("stacks")
        for colour in COLOURS:
            count = sum(c.colour == colour for c in self.tower_cards)
            if count != CARDS_PER_COLOUR:
                raise wrong("deck_size", colour=Term(colour), count=count,
                            each=CARDS_PER_COLOUR)
            if sum(c.colour == colour and c.min_players <= 2 for c in self.tower_cards) < 4:
                raise wrong("deck_two", colour=Term(colour))
        costs = self.chronometer.cost_by_distance
        for where, effect in self._effects():
            for step in effect:
                if isinstance(step, PlaceGolem) and step.cost is not None \
                        and step.cost not in costs:
                    raise wrong("place_cost", where=repr(where), cost=step.cost,
                                costs=str(costs))
        return self

    def _effects(self) -> Iterator[tuple[str, list[Step]]]:
        for colour, f in self.foundations.items():
            yield f"foundations.{colour}.effect", f.effect
        for c in self.tower_cards:
            yield f"tower_cards (id '{c.id}').effect", c.effect
        for t in self.ability_tiles:
            yield f"ability_tiles (id '{t.id}').A.effect", t.A.effect
            yield f"ability_tiles (id '{t.id}').B.effect", t.B.effect


def wrong(key: str, /, **params: Param) -> InvalidOptions:
    """A component file's problem, ``skytopia.file_<key>`` (an :class:`InvalidOptions`, so
    the :class:`ValueError` pydantic reports; worded by the catalogues)."""
    return InvalidOptions(Event.of(f"skytopia.file_{key}", **params))


def _unique(where: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            raise wrong("duplicate", where=repr(where), id=repr(ident))
        seen.add(ident)
