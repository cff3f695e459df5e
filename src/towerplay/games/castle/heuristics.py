"""The greedy bot and the rollout policy of Budowa Zamku.

Both read only what their (determinized) state lets a player know: the ``known`` cards
(seen and put back; a forgetting bot's determinization has blanked some), the castles,
and the multiset of cards still on the table (public: 2..46 minus castles and box). The
guessed numbers behind unknown positions are never used individually.

>>> import random
>>> from towerplay import games
>>> state = games.load("castle").start(players=2, seed=3)
>>> str(greedy_action(state, random.Random(0))).startswith("reveal")
True
"""
from __future__ import annotations

import random
from collections.abc import Hashable

from towerplay.core.heuristics import Heuristics
from towerplay.games.castle.cards import (
    BUILD,
    GOAL,
    KING,
    KNIGHT,
    PRINCESS,
    QUEEN,
    REVEAL,
    WIZARD_FLAG,
    Act,
)
from towerplay.games.castle.state import CastleState

OUTCOME_BAND = 4
"""How many neighbouring numbers a search pools as one outcome of a reveal (see
:meth:`CastleHeuristics.search_outcome`)."""

ALPHA = 1.5  # share of the per-card slack a bot spends on one card (plus one per player);
# tuned in greedy self-play (benchmarks/tune_castle.py; docs/games/castle.md's Bots paragraph)


def _character_bonus(state: CastleState, card: int) -> float:
    """Extra cards a bot will skip for a character card (variant only)."""
    game = state.game
    if game.options.variant != "characters":
        return 0.0
    bits = game.characters.flags[card]
    bonus = 0.0
    if bits & (KING | QUEEN):
        bonus += 3.0
    if game.pair_cards and bits & KNIGHT and bits & PRINCESS:
        bonus += 1.0  # one pair card: 1 point in all
    else:
        bonus += 1.5 * bool(bits & KNIGHT) + 1.5 * bool(bits & PRINCESS)
    if bits & WIZARD_FLAG:
        bonus += 2.0
    return bonus


def _urgent(state: CastleState, seat: int) -> bool:
    """The game is about to end: any higher card is worth taking now."""
    left = len(state.down)
    if left <= 2 * state.players:
        return True
    return any(len(c) >= GOAL - 1 for s, c in enumerate(state.castles) if s != seat)


def worth_building(state: CastleState, seat: int, card: int) -> bool:
    """Whether ``seat`` should add ``card`` (higher than its last card) now.

    A castle needing ``need`` more cards, with ``A`` table cards above its last card, can
    skip ``A - need`` of them in all; taking ``card`` skips the table cards between.
    """
    castle = state.castles[seat]
    last = castle[-1]
    if card <= last:
        return False
    need = GOAL - len(castle)
    grid = state.grid
    above = skipped = 0
    for p in state.down:
        value = grid[p]
        if value > last:
            above += 1
            if value < card:
                skipped += 1
    slack = max(0, above - need)
    allowance = slack / need * (ALPHA + state.players) + _character_bonus(state, card)
    return skipped <= allowance


def greedy_action(state: CastleState, rng: random.Random) -> Act:
    """Take a known good card if one lies on the table, else turn up an unknown one;
    build a revealed card if it keeps enough room above it (or time runs out); always
    use the Wizard when offered."""
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    if state.pending >= 0:
        for action in legal:
            if action.verb == "wizard":
                return action
        if BUILD in legal:
            card = state.grid[state.pending]
            if (worth_building(state, seat, card) or _urgent(state, seat)
                    or not state.unknown_positions()):
                return BUILD
        return legal[-1]  # return (or remove, declining nothing better)
    last = state.castles[seat][-1]
    known = state.known
    seen = sorted((known[p], p) for p in state.down if known[p])
    for card, pos in seen:
        if card > last and (worth_building(state, seat, card) or _urgent(state, seat)):
            return REVEAL[pos]
    unknown = state.unknown_positions()
    if unknown:
        return REVEAL[rng.choice(unknown)]
    # everything left is known and none is good: take the lowest higher card, else
    # clear away a card nobody can use, else reveal anything (it goes back)
    higher = [(c, p) for c, p in seen if c > last]
    if higher:
        return REVEAL[higher[0][1]]
    low = min(c[-1] for c in state.castles)
    dead = [p for c, p in seen if c < low]
    return REVEAL[rng.choice(dead or [p for _, p in seen])]


def search_actions(state: CastleState, rng: random.Random) -> list[Act]:
    """The turns a search weighs. Face-down cards nobody knows are all alike to every
    player, so one stands for them all (the lowest position); so does one known card of
    each kind the mover cannot use: one another castle could take (a pass) and one below
    every castle (it goes to the box). Known cards the mover can build, and every answer
    to a revealed card, stay, but for a card that completes the castle in the base game:
    the 10th element wins at once, so it is built (a search that also tried putting it
    back mixed those sure losses into the reveal's value, and could choose an unseen card
    over the known winning one: one modelling the other seat by greedy did).

    >>> from towerplay import games
    >>> state = games.load("castle").start(players=2, seed=3)
    >>> [str(a) for a in search_actions(state, random.Random(0))]
    ['reveal a1']
    """
    seat = state.to_move
    assert seat is not None
    if state.pending >= 0:
        legal = state.legal_actions()
        if (BUILD in legal and len(state.castles[seat]) == GOAL - 1
                and state.game.options.variant == "base"):
            return [BUILD]
        return legal
    known = state.known
    last = state.castles[seat][-1]
    low = min(c[-1] for c in state.castles)
    picks: list[Act] = []
    stand_ins: set[str] = set()  # the kinds of alike cards already represented
    for p in state.down:
        card = known[p]
        if card and (card > last or state.wizard_gap(seat, card)):
            picks.append(REVEAL[p])
            continue
        kind = "unknown" if not card else "dead" if card < low else "pass"
        if kind not in stand_ins:
            stand_ins.add(kind)
            picks.append(REVEAL[p])
    return picks


class CastleHeuristics(Heuristics[CastleState, Act]):
    """What the bots know of Budowa Zamku."""

    greedy_reads_view = True
    """Greedy reads the known cards, the castles, the revealed card and the multiset of
    table cards (the same in every determinization: only positions are guessed), and picks
    among the unknown positions, which every seat knows."""

    def greedy_action(self, state: CastleState, rng: random.Random) -> Act:
        return greedy_action(state, rng)

    def rollout_action(self, state: CastleState, rng: random.Random) -> Act:
        """Playouts play the greedy bot: it is as cheap as a lighter policy, and playouts
        that build as boldly as real players let the search see the race (docs/bots-and-ladder.md's
        Strength section has the measurements)."""
        return greedy_action(state, rng)

    def search_actions(self, state: CastleState, rng: random.Random) -> list[Act]:
        """Unknown face-down cards are alike: one stands for them all."""
        return search_actions(state, rng)

    def search_outcome(self, state: CastleState, seen: str) -> Hashable:
        """Near numbers call for the same answer: a search files a revealed card of the
        base game by its band of :data:`OUTCOME_BAND` numbers (…, 20–23, 24–27, …) and by
        which castles could take it (so one band never mixes a card a seat may build with
        one it may not), so the few visits after each of 30-odd unknown cards add up to a
        searched answer. The character variant keeps every number (figures make near
        cards unlike).

        >>> from towerplay import games
        >>> state = games.load("castle").start(players=2, seed=3)
        >>> state.apply(state.legal_actions()[0])
        >>> seen = state.log_line(0, 0)
        >>> seen, HEURISTICS.search_outcome(state, seen)
        ('reveal a1: 22', (0, 5, (True, True), 'revealed'))
        """
        reveals = state.reveals
        if (not reveals or reveals[-1][0] != len(state.history) - 1
                or state.game.options.variant != "base"):
            return seen
        _, _, pos, card, result, _ = reveals[-1]
        return (pos, card // OUTCOME_BAND,
                tuple(card > castle[-1] for castle in state.castles), result)


HEURISTICS = CastleHeuristics()
