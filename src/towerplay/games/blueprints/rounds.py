"""Scoring a Blueprints round (§6-§9): the buildings ranked, Awards and Prizes handed out,
and the :class:`RoundResult` record every seat sees once the round is scored.

>>> from towerplay import games
>>> state = games.load("blueprints").start(players=3, seed=1)
>>> while not state.results:
...     state.apply(state.legal_actions()[0])
>>> result = state.results[0]
>>> result.awards[0], result.won(result.ranking[0])
(AwardWon(seat=0, award='gold'), ['gold'])
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from towerplay.core.rng import chance
from towerplay.games.blueprints.cards import blueprint_text
from towerplay.games.blueprints.dice import MATERIALS, dice_from_json, dice_texts
from towerplay.games.blueprints.scoring import (
    PRIZE_TITLES,
    PRIZES,
    Building,
    breakdown,
    building_text,
    facts,
    parse_building,
)
from towerplay.games.blueprints.views import RoundRecord, RoundSeat

if TYPE_CHECKING:
    from towerplay.games.blueprints.game import Blueprints
    from towerplay.games.blueprints.state import BlueprintsState

ROUNDS = 3
TAKES_PER_ROUND = 6
"""Dice each seat takes in a round (§5): the round ends after ``6 * players`` turns."""
AWARDS = {2: ("silver",), 3: ("gold", "silver"), 4: ("gold", "silver", "bronze")}
"""The Award cards handed out each round, best building first, by player count (§9)."""
AWARD_ORDER = {award: rank for rank, award in enumerate(AWARDS[4])}
VP = {"gold": 3, "silver": 2, "bronze": 1, **{prize: 2 for prize in PRIZES}}
"""Victory points per Award and Prize card (§12)."""
ORDINALS = ("1st", "2nd", "3rd", "4th")


class Standing(NamedTuple):
    """A seat's building as the round's scoring sees it."""

    total: int                             # the building's points (§6-§7)
    tiebreak: tuple[int, int, int]         # §9: primary, secondary colour dice; last turn
    magnitudes: tuple[int, int, int, int]  # per Prize (PRIZES order): how far it qualifies


class AwardWon(NamedTuple):
    """An Award card handed out in a round (§9)."""

    seat: int
    award: str  # gold, silver or bronze


class PrizeWon(NamedTuple):
    """A Prize card handed out in a round (§8)."""

    prize: str  # one of PRIZES
    seat: int


class RoundResult(NamedTuple):
    """A scored round, kept as plain data (formatted only when someone looks at it)."""

    number: int                            # 0-based
    first: int                             # the seat that started it
    demand: tuple[int, int]                # the primary and secondary In-Demand materials
    cards: tuple[int, ...]                 # each seat's blueprint, as a deck index
    buildings: tuple[Building, ...]        # each seat's building as scored
    removed: tuple[tuple[int, ...], ...]   # each seat's dice that fit nowhere
    ranking: tuple[int, ...]               # seats, best building first (§9 tie-breaks)
    awards: tuple[AwardWon, ...]           # in ranking order
    prizes: tuple[PrizeWon, ...]           # in PRIZES order

    def to_json(self, game: Blueprints) -> RoundRecord:
        """The public record of the round (what every seat sees once it is scored)."""
        wood_only = game.options.wood_only_counts_wood
        seats: list[RoundSeat] = []
        for seat, card in enumerate(self.cards):
            name, layout = game.deck[card]
            seats.append({"blueprint": blueprint_text(layout), "card": name, "card_id": card,
                          "building": building_text(self.buildings[seat]),
                          "removed": dice_texts(self.removed[seat]),
                          "score": breakdown(self.buildings[seat], layout, wood_only)})
        return {"round": self.number + 1, "first_player": self.first,
                "demand": [MATERIALS[m] for m in self.demand], "seats": seats,
                "ranking": list(self.ranking), "awards": {str(s): a for s, a in self.awards},
                "prizes": {p: s for p, s in self.prizes}}

    def won(self, seat: int) -> list[str]:
        """The Award and Prizes ``seat`` won in this round."""
        return ([a for s, a in self.awards if s == seat]
                + [p for p, s in self.prizes if s == seat])

    def breakdown_lines(self, game: Blueprints) -> list[tuple[int, list[Any]]]:
        """``(seat, [label, VP])`` for this round: each seat's Award (or none) with its
        building's points and place, in ranking order, then the Prizes."""
        wood_only, number = game.options.wood_only_counts_wood, self.number + 1
        awards = dict(self.awards)
        lines: list[tuple[int, list[Any]]] = []
        for place, seat in enumerate(self.ranking):
            total = breakdown(self.buildings[seat], game.deck[self.cards[seat]][1],
                              wood_only)["total"]
            where = f"building {total} pts, {ORDINALS[place]}"
            award = awards.get(seat)
            lines.append((seat, [f"round {number}: {award.capitalize()} Award ({where})",
                                 VP[award]] if award else
                          [f"round {number}: no Award ({where})", 0]))
        lines += [(seat, [f"round {number}: {PRIZE_TITLES[prize]} Prize", VP[prize]])
                  for prize, seat in self.prizes]
        return lines

    def check(self, number: int, players: int, deck: int) -> None:
        """ValueError unless this is a well-formed record of round ``number``."""
        if (self.number != number or not 0 <= self.first < players
                or len(set(self.demand)) != 2 or not all(0 <= m < 4 for m in self.demand)
                or len(self.cards) != players or len(set(self.cards)) != players
                or not all(0 <= c < deck for c in self.cards)
                or not len(self.buildings) == len(self.removed) == players
                or sorted(self.ranking) != list(range(players))
                or self.awards != tuple(zip(self.ranking, AWARDS[players], strict=False))
                or not all(p in PRIZES and 0 <= s < players for p, s in self.prizes)):
            raise ValueError(f"the record of round {number + 1} is malformed")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundResult:
        """The round read back from :meth:`to_json` (KeyError or ValueError if malformed;
        :meth:`check` then checks it against the game)."""
        seats = data["seats"]
        return cls(int(data["round"]) - 1, int(data["first_player"]),
                   demand_from_json(data["demand"], MATERIALS.index),
                   tuple(int(s["card_id"]) for s in seats),
                   tuple(parse_building(s["building"]) for s in seats),
                   tuple(dice_from_json(s["removed"]) for s in seats),
                   tuple(int(s) for s in data["ranking"]),
                   # in ranking order: a JSON object's key order is not kept everywhere
                   tuple(sorted((AwardWon(int(s), str(a)) for s, a in data["awards"].items()),
                                key=lambda won: AWARD_ORDER.get(won.award, len(AWARD_ORDER)))),
                   tuple(PrizeWon(str(p), int(s)) for p, s in data["prizes"].items()))


def demand_from_json(values: Any, read: Callable[[Any], int]) -> tuple[int, int]:
    """The two In-Demand materials read from a saved position (ValueError unless two)."""
    if not isinstance(values, (list, tuple)) or len(values) != 2:
        raise ValueError("demand must be two different materials")
    return read(values[0]), read(values[1])


# ----------------------------------------------------------------- scoring a round
def score_round(state: BlueprintsState) -> tuple[RoundResult, list[int]]:
    """The round ``state`` just finished, scored (§6-§9), and each seat's building points."""
    standings = _standings(state)
    ranking = sorted(range(state.players), key=lambda s: (standings[s].total,
                                                          *standings[s].tiebreak),
                     reverse=True)
    result = RoundResult(state.round, state.first, state.demand, tuple(state.cards),
                         tuple(state.buildings), tuple(state.removed), tuple(ranking),
                         _awards(ranking, state.players),
                         _prize_winners(standings,
                                        state.game.options.prize_compare_magnitude))
    return result, [standing.total for standing in standings]


def _standings(state: BlueprintsState) -> list[Standing]:
    """Each seat's building points, tie-break key and Prize magnitudes."""
    wood_only = state.game.options.wood_only_counts_wood
    primary, secondary = state.demand
    standings = []
    for seat in range(state.players):
        total, colours, magnitudes = facts(state.buildings[seat], state.layouts[seat],
                                           wood_only)
        standings.append(Standing(total, (colours[primary], colours[secondary],
                                          state.last_turn_rank(seat)), magnitudes))
    return standings


def _awards(ranking: list[int], players: int) -> tuple[AwardWon, ...]:
    """The round's Award cards, best building first (§9)."""
    return tuple(AwardWon(seat, award)  # (fewer Awards than seats: the last get none)
                 for seat, award in zip(ranking, AWARDS[players], strict=False))


def _prize_winners(standings: list[Standing], compare: bool) -> tuple[PrizeWon, ...]:
    """``(prize, seat)`` for each Prize someone qualifies for (§8): among the qualifiers,
    the §9 tie-breaks decide (with ``compare``, the larger magnitude first)."""
    prizes = []
    for index, prize in enumerate(PRIZES):
        entrants = [s for s, standing in enumerate(standings) if standing.magnitudes[index]]
        if entrants:
            winner = max(entrants, key=lambda s: (
                standings[s].magnitudes[index] if compare else 0, *standings[s].tiebreak))
            prizes.append(PrizeWon(prize, winner))
    return tuple(prizes)


def next_first(state: BlueprintsState, totals: list[int], ranking: tuple[int, ...]) -> int:
    """The lowest building starts the next round; a tie goes to the one ranked last by
    the §9 tie-breaks (default) or, with ``lowest_tie="random"``, to a random one."""
    if state.game.options.lowest_tie == "random":
        low = totals[ranking[-1]]
        tied = sorted(s for s in ranking if totals[s] == low)
        return chance(state.seed, "lowest tie", state.round).choice(tied)
    return ranking[-1]
