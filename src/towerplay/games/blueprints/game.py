"""The Blueprints game: options, notation, dense action ids, and the front-end hooks."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from towerplay.core.errors import IllegalAction, InvalidOptions
from towerplay.core.events import Event, Param
from towerplay.core.game import FILE, SEAT, Game, Options, seat_option_refusal
from towerplay.core.rng import chance
from towerplay.games.blueprints import events
from towerplay.games.blueprints.cards import Deck, deck_from_data, deck_option, default_deck
from towerplay.games.blueprints.dice import parse_cell, parse_die
from towerplay.games.blueprints.moves import DISCARDS, PLACES, REMOVE_MOVE, TAKES, Move
from towerplay.games.blueprints.rounds import ROUNDS, TAKES_PER_ROUND
from towerplay.games.blueprints.state import BlueprintsState

ACTIONS: tuple[Move, ...] = (*TAKES, *PLACES, REMOVE_MOVE, *DISCARDS)
"""The action space in dense-id order: 24 takes, 6 places, ``remove``, 24 discards."""


class BlueprintsOptions(Options):
    """Blueprints options: each [A] item of the rules spec is an option with the spec's
    default, except ``unplaceable``, whose default follows the rulebook's own words."""

    blueprints: Annotated[dict[str, Any] | None, FILE, BeforeValidator(deck_option)] = Field(
        None, description="a blueprint deck: the path of a file (TOML 'cards = [...]' or "
                          "one layout per line), kept as its data {'cards': [...]}; "
                          "default: the provisional 24-card deck")
    first_player: Annotated[int | None, SEAT] = Field(
        None, ge=0, le=3, description="first player of round 1 (default: drawn at random)")
    unplaceable: Literal["literal", "strict", "deliberate"] = Field(
        "literal", description="a die that fits nowhere: 'literal' any pool die may be "
                               "taken and one that fits nowhere is removed (the rulebook); "
                               "'strict' such a die may be taken only when no pool die "
                               "fits; 'deliberate' any die may be taken and removed, even "
                               "one that fits")
    wood_only_counts_wood: bool = Field(
        False, description="house rule: wood scores only for wood neighbours")
    prize_compare_magnitude: bool = Field(
        False, description="several qualifiers for a Prize: the taller / larger group wins "
                           "before the In-Demand tie-break")
    last_turn_tiebreak: Literal["round_scored", "previous_round"] = Field(
        "round_scored", description="third tie-break 'whose turn was last in the previous "
                                    "round': the later seat in the round being scored, or "
                                    "in the round before it")
    lowest_tie: Literal["ranked_last", "random"] = Field(
        "ranked_last", description="several lowest buildings: the next first player is the "
                                   "one ranked last by the tie-breaks, or a random one")
    awards_public: bool = Field(
        True, description="won Award and Prize cards are public (False: face down until "
                          "the end, each seat sees only its own)")


class Blueprints(Game[BlueprintsState, Move]):
    """Blueprints (Yves Tourigny, Z-Man Games 2013): draft dice, build on a secret card.

    >>> from towerplay import games
    >>> game = games.load("blueprints")
    >>> state = game.start(players=2, seed=4)
    >>> [str(a) for a in state.legal_actions()][:3]
    ['take R4', 'take W5', 'take R5']
    >>> game.parse_notation("Take g5"), str(game.parse_notation("place R2C1"))
    (Move(kind=0, arg=19), 'place r2c1')
    """

    name = "blueprints"
    title = "Blueprints"
    component_file = "blueprints.toml"
    min_players = 2
    max_players = 4
    variants = ({}, {"unplaceable": "deliberate", "wood_only_counts_wood": True,
                 "prize_compare_magnitude": True, "awards_public": False},
                {"last_turn_tiebreak": "previous_round", "lowest_tie": "random",
                 "unplaceable": "strict"})
    rules_version = "1"
    options_type = BlueprintsOptions
    state_type = BlueprintsState
    action_space = ACTIONS

    @staticmethod
    def score_labels(view: Mapping[str, Any]) -> list[list[Param]]:
        """The rounds' labels ("round 2: Gold Award (…)") as events, from the rounds'
        results in the view (:func:`.events.score_labels`)."""
        return events.score_labels(view)
    options: BlueprintsOptions
    notation = ("On your turn 'take <die>' from the pool (a die is a material letter W wood, "
                "R recycled, S stone, G glass and its value: 'take G5'), then 'place "
                "r<row>c<col>' on your blueprint (rows 1-3 top to bottom, columns 1-2: "
                "'place r2c1'), or 'remove' when the die fits nowhere (it leaves the game); "
                "with two players you then 'discard <die>' from the pool ('discard R3').")

    def __init__(self, **options: Any) -> None:
        if "allow_deliberate_discard" in options:  # records made before 'unplaceable'
            raise InvalidOptions(
                "blueprints: option 'allow_deliberate_discard' was replaced by "
                "'unplaceable': use unplaceable='deliberate' (was true) or "
                "unplaceable='strict' (was false)")
        # read a deck file here, so that a bad one is refused in its own words
        options["blueprints"] = deck_option(options.get("blueprints"))
        super().__init__(**options)
        data = self.options.blueprints
        self.deck: Deck = default_deck() if data is None else deck_from_data(data)
        # the rules engine reads these in its hot loop
        self.strict_takes = self.options.unplaceable == "strict"
        self.deliberate = self.options.unplaceable == "deliberate"

    def _setup(self, state: BlueprintsState) -> None:
        first = self.options.first_player
        if first is None:
            first = chance(state.seed, "first player").randrange(state.players)
        elif first >= state.players:
            raise InvalidOptions(seat_option_refusal(self.name, "first_player",
                                                     state.players, first))
        state.start_round(0, first, 0)

    # ----------------------------------------------------------------- notation
    def parse_notation(self, text: str) -> Move:
        """The action written ``take G5``, ``place r2c1``, ``remove`` or ``discard R3``
        (any case); IllegalAction naming the notation otherwise."""
        words = text.split() if isinstance(text, str) else []
        verb = words[0].lower() if words else ""
        if verb == "remove" and len(words) == 1:
            return REMOVE_MOVE
        if len(words) != 2 or verb not in ("take", "place", "discard"):
            raise IllegalAction(Event.of("blueprints.unreadable", text=repr(text)))
        if verb == "place":
            return PLACES[parse_cell(words[1])]
        die = parse_die(words[1])
        return TAKES[die] if verb == "take" else DISCARDS[die]

    def reveals(self, before: BlueprintsState, action: Move,
                after: BlueprintsState) -> bool:
        """A turn's end draws and rolls the next die from the bag, and a round's end shows
        every building (its scoring) and rolls the next round's dice. A take from the
        pool (face up) or a placement that ends no turn shows nothing."""
        return after.drawn != before.drawn or after.round != before.round \
            or len(after.results) != len(before.results)

    def max_game_length(self, players: int) -> int:
        """A proven bound: three rounds of six turns per seat; a turn is a take and a
        placement (or a removal), and with two players a discard."""
        per_turn = 3 if players == 2 else 2
        return ROUNDS * TAKES_PER_ROUND * players * per_turn
