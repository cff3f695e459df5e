"""The Blueprints game: options, notation, dense action ids, and the front-end hooks."""
from __future__ import annotations

import random
from typing import Any, Literal

from pydantic import Field

from towerplay.core.errors import IllegalAction, InvalidOptions
from towerplay.core.game import Game, Options
from towerplay.core.rng import chance
from towerplay.core.state import Action, State
from towerplay.games.blueprints.cli import score_command
from towerplay.games.blueprints.cards import Deck, default_deck, load_deck
from towerplay.games.blueprints.dice import CELLS, NUM_DICE_CODES, parse_cell, parse_die
from towerplay.games.blueprints.state import (DISCARD, DISCARDS, PLACE, PLACES, REMOVE,
                                              REMOVE_MOVE, TAKE, TAKES, BlueprintsState, Move)

NOTATION_HELP = ("expected 'take <die>', 'place r<row>c<col>', 'remove' or 'discard <die>'; "
                 "a die is W/R/S/G (wood, recycled, stone, glass) and a value, e.g. "
                 "'take G5', 'place r2c1', 'discard R3'")
_ID_BASE = {TAKE: 0, PLACE: NUM_DICE_CODES, REMOVE: NUM_DICE_CODES + CELLS,
            DISCARD: NUM_DICE_CODES + CELLS + 1}
NUM_ACTIONS = 2 * NUM_DICE_CODES + CELLS + 1


class BlueprintsOptions(Options):
    """Blueprints options; each [A] item of the rules spec is a flag with its default."""

    blueprints: str | None = Field(
        None, description="path of a blueprint deck (TOML 'cards = [...]' or one layout "
                          "per line); default: the provisional 24-card deck")
    first_player: int | None = Field(
        None, ge=0, le=3, description="first player of round 1 (default: drawn at random)")
    allow_deliberate_discard: bool = Field(
        False, description="a player may take any die and remove it (default: an "
                           "unplaceable die only when no pool die fits)")
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


class Blueprints(Game):
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
    min_players = 2
    max_players = 4
    variants = ({}, {"allow_deliberate_discard": True, "wood_only_counts_wood": True,
                 "prize_compare_magnitude": True, "awards_public": False},
                {"last_turn_tiebreak": "previous_round", "lowest_tie": "random"})
    rules_version = "1"
    Options = BlueprintsOptions
    search_defaults = {"depth": 12, "opponents": "greedy"}
    """Playouts of 12 more actions (two turns each at two players) judged by
    :meth:`evaluate`: against greedy at 1,000 iterations a move on the same 60 deals, full
    random playouts won 48%, cuts at 6, 12 and 18 actions 50%, 63% and 60%. The other
    seats' moves are made by the greedy bot, which knows its own sampled blueprint, instead
    of searched in a tree that averages them over every blueprint it might hold: at 1,000
    iterations a move on the same deals, 66% of 103 games instead of 57% of 200."""
    State = BlueprintsState
    notation = ("On your turn 'take <die>' from the pool (a die is a material letter W wood, "
                "R recycled, S stone, G glass and its value: 'take G5'), then 'place "
                "r<row>c<col>' on your blueprint (rows 1-3 top to bottom, columns 1-2: "
                "'place r2c1'), or 'remove' when the die fits nowhere; with two players you "
                "then 'discard <die>' from the pool ('discard R3').")

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        path = self.options.blueprints
        self.deck: Deck = load_deck(path) if path is not None else default_deck()
        self.deliberate = self.options.allow_deliberate_discard

    def _setup(self, state: State) -> None:
        assert isinstance(state, BlueprintsState)
        first = self.options.first_player
        if first is None:
            first = chance(state.seed, "first player").randrange(state.players)
        elif first >= state.players:
            raise InvalidOptions(f"first_player must be a seat 0-{state.players - 1} "
                                 f"(got {first})")
        state.start_round(0, first, 0)

    # ----------------------------------------------------------------- notation
    def parse_notation(self, text: str) -> Action:
        """The action written ``take G5``, ``place r2c1``, ``remove`` or ``discard R3``
        (any case); IllegalAction naming the notation otherwise."""
        words = text.split() if isinstance(text, str) else []
        verb = words[0].lower() if words else ""
        if verb == "remove" and len(words) == 1:
            return REMOVE_MOVE
        if len(words) != 2 or verb not in ("take", "place", "discard"):
            raise IllegalAction(f"cannot read {text!r}: {NOTATION_HELP}")
        if verb == "place":
            return PLACES[parse_cell(words[1])]
        die = parse_die(words[1])
        return TAKES[die] if verb == "take" else DISCARDS[die]

    @property
    def num_actions(self) -> int:
        """55 ids: 24 takes, 6 places, ``remove``, 24 discards."""
        return NUM_ACTIONS

    def action_id(self, action: Action) -> int:
        """The dense id: takes, then places, then ``remove``, then discards."""
        try:
            kind, arg = action  # type: ignore[misc]
            if 0 <= arg < (CELLS if kind == PLACE else 1 if kind == REMOVE else NUM_DICE_CODES):
                return _ID_BASE[kind] + arg
        except (TypeError, ValueError, KeyError):
            pass
        raise IllegalAction(f"not a blueprints action: {action!r} (expected a Move, e.g. "
                            f"the result of parse_notation('take G5'))")

    def action_from_id(self, action_id: int) -> Action:
        """The action with that dense id (the inverse of :meth:`action_id`)."""
        if not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTIONS:
            raise IllegalAction(f"an action id is 0-{NUM_ACTIONS - 1} (got {action_id!r})")
        for kind in (DISCARD, REMOVE, PLACE, TAKE):
            if action_id >= _ID_BASE[kind]:
                return Move(kind, action_id - _ID_BASE[kind]) if kind != REMOVE else REMOVE_MOVE
        raise AssertionError("unreachable")  # pragma: no cover

    # ----------------------------------------------------------------- front-end hooks
    def render(self, state: State, seat: int | None) -> str:
        from towerplay.games.blueprints.render import render

        return render(state, seat)  # type: ignore[arg-type]

    def greedy_action(self, state: State, rng: random.Random) -> Action:
        from towerplay.games.blueprints.heuristics import greedy_action

        return greedy_action(state, rng)  # type: ignore[arg-type]

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        from towerplay.games.blueprints.heuristics import rollout_action

        return rollout_action(state, rng)  # type: ignore[arg-type]

    def evaluate(self, state: State) -> list[float]:
        """VP so far plus the greedy bot's worth of each building this round."""
        from towerplay.games.blueprints.heuristics import position_values

        return position_values(state)  # type: ignore[arg-type]


Blueprints.score_command = staticmethod(score_command)
