"""Skytopia bot knowledge: a static evaluation, the greedy bot and the rollout policy.

The greedy bot tries every legal action on a copy, lets the effect it starts run to its end
with a cheap inner policy (use every effect, pick the best option by the static value), and
keeps the action whose result the static evaluation likes best for the seat to move.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from towerplay.core.heuristics import Heuristics
from towerplay.core.memo import Memo
from towerplay.games.skytopia import actions as A
from towerplay.games.skytopia.actions import Act
from towerplay.games.skytopia.effects import GOLEMS
from towerplay.games.skytopia.scoring import city_summary, guild_points
from towerplay.games.skytopia.state import PH_OVER, SkytopiaState

COIN = 0.3          # PP per coin in hand (coins buy speed, and 5 coins are 1 PP at the end)
BOARD = 0.4         # a free golem keeps options open
COLOUR_VALUE = (2.6, 2.0, 1.8, 2.2)   # rough worth of one card of each colour in play
LOSS_VALUE = 1.0    # a project another golem completes first: 3 coins of compensation
DISCOUNT = 0.08     # per round of waiting


@lru_cache(maxsize=200_000)
def _guilds(guilds: tuple[Any, ...], cards: tuple[int, ...], crests: tuple[int, ...]) -> int:
    """Memoised Guild Master total for one city shape (a bot's hot spot)."""
    return sum(guild_points(g, cards, crests) for g in guilds)


_CITY_MEMO: Memo[tuple[str, tuple[Any, ...]], tuple[Any, ...]] = Memo(maxsize=200_000)


def _city(state: SkytopiaState, towers: tuple[Any, ...]) -> tuple[Any, ...]:
    """Memoised (cards, crest kinds, Laboratory PP) of one city (keyed by the component
    file's fingerprint: the same card keys mean other cards in another file)."""
    key = (state.comp.fingerprint, towers)
    found = _CITY_MEMO.get(key)
    if found is None:
        cards, crests, labs = city_summary(state.comp, towers)
        found = _CITY_MEMO.put(key, (tuple(cards), tuple(crests), labs))
    return found


def evaluate(state: SkytopiaState, seat: int) -> float:
    """A static estimate of ``seat``'s final score (PP), used by the greedy bot."""
    c = state.comp
    towers = tuple(state.towers[seat * 4:seat * 4 + 4])
    cards, crests, labs = _city(state, towers)
    guilds = tuple(c.guilds[g] for g in state.guilds)
    base = _guilds(guilds, cards, crests)
    value: float = state.prestige[seat] + base + labs + state.coins[seat] * COIN \
        + state.board[seat] * BOARD + (GOLEMS - state.board[seat])
    if state.phase == PH_OVER:
        return value - state.coins[seat] * COIN + state.coins[seat] // 5 \
            - state.board[seat] * BOARD
    rounds_left = (state.last_round - state.round) if state.last_round else 99
    pos, b = c.pos, state.build
    for slot in range(16):
        dice = state.dice[slot]
        if not dice:
            continue
        mine = [(pos[d & 7] - b) % 6 for d in dice if d >> 3 == seat]
        if not mine:
            continue
        best = min(mine)
        others = [(pos[d & 7] - b) % 6 for d in dice if d >> 3 != seat]
        if others and min(others) < best:
            value += LOSS_VALUE
            continue
        if best > rounds_left:
            continue
        key = state.market[slot]
        card = c.cards[key]
        with_card = list(cards)
        with_card[card.colour] += 1
        crest_with = list(crests)
        crest_with[card.colour] += card.crest >= 0 and card.crest not in \
            {c.cards[k].crest for k in towers[card.colour]}
        delta = _guilds(guilds, tuple(with_card), tuple(crest_with)) - base
        worth = (card.endgame or COLOUR_VALUE[card.colour]) + delta
        value += worth * (1.0 - DISCOUNT * best)
    return value


def _settle(state: SkytopiaState, seat: int, depth: int, budget: int = 12) -> None:
    """Play ``seat``'s pending effects (deeper than ``depth`` frames) with the inner policy."""
    while budget and not state.is_over and state.to_move == seat and len(state.stack) > depth:
        legal = state.legal_actions()
        if legal[0] is A.A_USE:
            state.apply(A.A_USE)
        else:
            state.apply(_best_static(state, seat, legal))
        budget -= 1


def _best_static(state: SkytopiaState, seat: int, legal: list[Act]) -> Act:
    best, best_value = legal[0], -1e9
    for action in legal:
        child = state.copy()
        child.apply(action)
        value = evaluate(child, seat)
        if value > best_value:
            best, best_value = action, value
    return best


def greedy_action(state: SkytopiaState, rng: random.Random) -> Act:
    """The greedy bot's choice for ``state.to_move`` (one ply, with effects settled)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.to_move
    depth = len(state.stack)
    if legal[0] is A.A_USE:
        depth -= 1  # judge 'use' by what the effect does
    assert seat is not None
    placing = legal[0][0] == A.PLACE
    bonus: dict[int, float] = {}
    best, best_value = legal[0], -1e9
    for action in legal:
        child = state.copy()
        child.apply(action)
        if placing:
            # the card's effect does not depend on the die value: settle it once per card
            value = evaluate(child, seat)
            slot = action[1]
            if slot not in bonus:
                _settle(child, seat, depth)
                bonus[slot] = evaluate(child, seat) - value
            value += bonus[slot]
        else:
            _settle(child, seat, depth)
            value = evaluate(child, seat)
        value += rng.random() * 1e-6
        if value > best_value:
            best, best_value = action, value
    return best


def rollout_action(state: SkytopiaState, rng: random.Random) -> Act:
    """A cheap playout move: use every effect, otherwise a random legal action."""
    legal = state.legal_actions()
    if legal[0] is A.A_USE:
        return legal[0]
    return rng.choice(legal)


class SkytopiaHeuristics(Heuristics[SkytopiaState, Act]):
    """What the bots know of Skytopia."""

    search_defaults = {"depth": 10}
    """Playouts of ten random actions judged by :meth:`evaluate` (the static estimate of
    each seat's final score) run six times the iterations of full random playouts and
    judge more steadily (docs/bots-and-ladder.md, Strength, has the measurements)."""

    multiplayer_search_defaults = {"opponents": "game"}
    """From 3 players on, the other seats move by :func:`rollout_action` in each sampled
    world instead of being searched: a turn offers some 50 placements, and with two or
    three other seats in the tree their nodes get a handful of visits each, so the search
    planned against replies chosen on noise. Against greedy this won 65% of 72 three-player
    games where the tree won 49%, and 60% of 48 four-player games where it won 31%
    (docs/bots.md has the games); at 2 players the tree did better. The greedy move would
    model the other seats better but costs 1.7 ms."""

    def greedy_action(self, state: SkytopiaState, rng: random.Random) -> Act:
        return greedy_action(state, rng)

    def rollout_action(self, state: SkytopiaState, rng: random.Random) -> Act:
        return rollout_action(state, rng)

    def evaluate(self, state: SkytopiaState) -> list[float]:
        """Each seat's estimated final score (the greedy bot's static evaluation)."""
        return [evaluate(state, seat) for seat in range(state.players)]


HEURISTICS = SkytopiaHeuristics()
