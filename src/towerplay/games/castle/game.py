"""Budowa Zamku (Castle Building): the game class, its options and its notation.

>>> from towerplay import games
>>> game = games.load("castle", variant="characters")
>>> state = game.start(players=2, seed=7)
>>> state.apply("reveal a1")
>>> game.parse_notation("wizard 17")
Act(verb='wizard', arg=17)
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from towerplay.core.errors import IllegalAction, InvalidOptions
from towerplay.core.events import Event
from towerplay.core.game import FILE, SEAT, Game, Options, seat_option_refusal
from towerplay.core.rng import chance
from towerplay.games.castle.cards import (
    ALL_ACTIONS,
    BUILD,
    HIGHEST,
    LOWEST,
    POSITIONS,
    REMOVE,
    RETURN,
    REVEAL,
    WIZARD,
    Act,
    Characters,
    cards_option,
    characters_from_option,
    default_characters,
    parse_position,
)
from towerplay.games.castle.state import CastleState

HELP = Event.of("castle.notation_help")
"""The notation's help as an event (``reveal <pos>``, ``build``, ``return``, ``remove`` or
``wizard <n>``, worded by the catalogue)."""
DECISIONS = {"build": BUILD, "return": RETURN, "remove": REMOVE}
HIDDEN_RECALL = 0.0
"""The share of cards put back before the last round a player is assumed to remember
under ``memory=hidden`` (reviews and hints; bots have their own ``recall``): none, so a
review judges from what the table and the log show and never marks a player for
forgetting; ``towerplay review --recall 1`` assumes perfect memory instead."""


class CastleOptions(Options):
    """Options of Budowa Zamku (each is described in its field)."""

    variant: Literal["base", "characters"] = Field(
        "base", description="'base' (most elements wins) or 'characters' (points for "
                            "cards and characters, and the Wizard's one insertion)")
    memory: Literal["hidden", "open"] = Field(
        "hidden", description="'hidden': cards go back picture down and players remember "
                              "them (the rulebook); 'open': every card seen and put back "
                              "shows its number, for learning")
    end: Literal["last_revealed", "table_empty"] = Field(
        "last_revealed", description="'last_revealed': the game ends once the last "
                                     "face-down card is revealed and resolved (the "
                                     "rulebook); 'table_empty': only when no card is left")
    first_player: Annotated[int | None, SEAT] = Field(
        None, ge=0, le=3, description="the seat that starts (the rulebook: whoever last "
                                      "visited a castle, or the youngest); default random")
    cards: Annotated[dict[str, Any] | None, FILE, BeforeValidator(cards_option)] = Field(
        None, description="a character composition for the characters variant: the path "
                          "of a TOML or JSON file, kept as its data so records replay "
                          "without the file; default the shipped, provisional one")
    wizard_tile_gap: bool = Field(
        False, description="the gap after the start tile counts for the Wizard (the "
                           "rulebook says 'between two cards added earlier')")
    pair_cards: bool = Field(
        False, description="a card showing a knight and a princess is one pair card worth "
                           "1 point; default: knight-princess pairs are collected")
    max_turns: int = Field(500, ge=1, description="the stall guard's hard cap on turns")


class Castle(Game[CastleState, Act]):
    """Budowa Zamku (Dominique Ehrhard; FoxGames 2013): a memory race to a 10-element
    ascending castle."""

    name = "castle"
    title = "Budowa Zamku (Castle Building)"
    component_file = "characters.toml"
    min_players = 2
    max_players = 4
    variants = ({}, {"variant": "characters"}, {"memory": "open", "end": "table_empty"},
                {"variant": "characters", "wizard_tile_gap": True, "pair_cards": True,
                 "first_player": 1})
    rules_version = "2"  # 2: the literal end, a random first player
    options_type = CastleOptions
    state_type = CastleState
    action_space = ALL_ACTIONS
    notation = (
        "A turn starts with 'reveal <pos>', turning up the face-down card at a1 … e9 "
        "(rows a–e, columns 1–9). If that card leaves a choice, the same player then "
        "says 'build' (add it at the right end of the castle: it must be higher than "
        "the last card), 'return' (put it back face down in the same place) or, in the "
        "characters variant with the Wizard in the castle, 'wizard <n>' (insert it once "
        "per game after castle card n, e.g. 'wizard 17' puts 23 between 17 and 26); "
        "'remove' declines the Wizard for a card lower than every castle's last card, "
        "which then leaves the game. A card that leaves no choice is put back or removed "
        "by the reveal itself.")

    options: CastleOptions
    characters: Characters
    wizard_card: int  # the Wizard's number in the characters variant, else 0
    wizard_tile_gap: bool
    pair_cards: bool
    max_turns: int
    end_on_last_reveal: bool

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        cards = self.options.cards
        self.characters = (default_characters() if cards is None
                           else characters_from_option(cards))
        self.wizard_card = (self.characters.wizard
                            if self.options.variant == "characters" else 0)
        self.wizard_tile_gap = self.options.wizard_tile_gap
        self.pair_cards = self.options.pair_cards
        self.max_turns = self.options.max_turns
        self.end_on_last_reveal = self.options.end == "last_revealed"

    def _setup(self, state: CastleState) -> None:
        deck = list(range(LOWEST, HIGHEST + 1))
        chance(state.seed, "deal").shuffle(deck)
        state.grid = deck
        state.down = list(range(POSITIONS))
        state.moves = list(REVEAL)
        first = self.options.first_player
        if first is None:
            first = chance(state.seed, "start").randrange(state.players)
        elif first >= state.players:
            raise InvalidOptions(seat_option_refusal(self.name, "first_player",
                                                     state.players, first))
        state.to_move = first

    # ----------------------------------------------------------------- notation
    def parse_notation(self, text: str) -> Act:
        """Parse ``reveal c4``, ``build``, ``return``, ``remove`` or ``wizard 17``.

        >>> Castle().parse_notation("reveal z9")  # doctest: +NORMALIZE_WHITESPACE
        Traceback (most recent call last):
        ...
        towerplay.core.errors.IllegalAction: 'reveal z9': no such position; expected
        'reveal <pos>' (a1 … e9: row a–e, column 1–9), 'build', 'return', 'remove' or
        'wizard <n>' (insert after castle card n)
        """
        if not isinstance(text, str):
            raise IllegalAction(Event.of("castle.not_text", help=HELP))
        words = text.lower().split()
        if len(words) == 1 and words[0] in DECISIONS:
            return DECISIONS[words[0]]
        if len(words) == 2 and words[0] == "reveal":
            try:
                return REVEAL[parse_position(words[1])]
            except ValueError:
                raise IllegalAction(Event.of("castle.no_position", action=repr(text),
                                             help=HELP)) from None
        if len(words) == 2 and words[0] == "wizard":
            number = words[1]  # ASCII digits only: int() would also take '١٧' or '1_7'
            if number.isascii() and number.isdigit() and int(number) in WIZARD:
                return WIZARD[int(number)]
            raise IllegalAction(Event.of("castle.no_card", action=repr(text), top=HIGHEST - 1,
                                         help=HELP))
        raise IllegalAction(Event.of("castle.no_action", action=repr(text), help=HELP))

    def recall(self) -> float:
        """Under ``memory=open`` every card put back shows its number: nothing to forget.
        Under ``memory=hidden`` nothing older than the last round is assumed remembered
        (:data:`HIDDEN_RECALL`)."""
        return 1.0 if self.options.memory == "open" else HIDDEN_RECALL

    def reveals(self, before: CastleState, action: Act, after: CastleState) -> bool:
        """A reveal turns a face-down card up: final. Building, returning, removing or the
        Wizard decide about a card everyone has seen."""
        return action.verb == "reveal"

    def max_game_length(self, players: int) -> int:
        """A cap the game enforces: it ends after ``max_turns`` turns, and a turn is a
        reveal and at most one decision about the card revealed."""
        return 2 * self.max_turns
