"""The 5 Towers position and its rules (rules/five_towers.md §3).

A round is: reveal up to 5 cards; one lap of bidding; the winner takes its cards one at
a time, optionally tears down one tower top card, and places the taken cards one at a
time; leftovers are discarded. Only the order of the draw pile is hidden.

Cards are ints (:mod:`.cards`), phases and bid marks plain ints named in :mod:`.phases`.
The rest lives beside this module: what may be built (:mod:`.rules`), points
(:mod:`.scoring`), refusals (:mod:`.refusals`) and saved positions (:mod:`.loading`).

>>> from towerplay import games
>>> state = games.load("five_towers").start(players=2, seed=1)
>>> Phase(state.phase).name, state.to_move, [str(a) for a in state.legal_actions()][-2:]
('BIDDING', 0, ['bid 4', 'bid 5'])
"""
from __future__ import annotations

import random
from bisect import insort
from typing import TYPE_CHECKING, Any

from towerplay.core import State, chance
from towerplay.core.events import Event
from towerplay.core.rng import shuffle
from towerplay.games.five_towers import events, loading, refusals, rules, scoring
from towerplay.games.five_towers.cards import (
    BID,
    BID_K,
    CARD_NAMES,
    NO_TEARDOWN,
    NO_TOWER,
    PASS,
    PASS_K,
    PLACE,
    PLACE_K,
    SUITS,
    TAKE,
    TAKE_K,
    TEARDOWN,
    TEARDOWN_K,
    Action,
)
from towerplay.games.five_towers.phases import (
    BIDDING,
    EVERY_ROUND,
    NO_CAP,
    NOBODY,
    NOT_TORN,
    OVER,
    PASSED,
    PHASE_NAMES,
    PLACING,
    TAKING,
    TEARING,
    UNACTED,
    BidMark,
    Phase,
    SavedPosition,
)
from towerplay.games.five_towers.views import FiveTowersPart, FiveTowersView
from towerplay.i18n import english

if TYPE_CHECKING:
    from towerplay.games.five_towers.game import FiveTowers

__all__ = ["BIDDING", "EVERY_ROUND", "NO_CAP", "OVER", "PASSED", "PHASE_NAMES", "PLACING",
           "TAKING", "TEARING", "UNACTED", "BidMark", "FiveTowersState", "Phase",
           "SavedPosition"]
"""The state and the names its users have long imported from here."""

_OK = rules.OK
_placeable_all = rules.placeable_all
_values_of = rules.values_of


class FiveTowersState(State[Action, FiveTowersView]):
    """A 5 Towers position. Cards are ints (``suit * 16 + value``); towers are value
    tuples, bottom to top, stored flat: ``towers[seat * 5 + suit]``."""

    __slots__ = ("draw", "discard", "display", "towers", "torn", "phase", "opener", "bids",
                 "caps", "builder", "need", "hand", "torn_now", "round", "reshuffled",
                 "final", "doomed", "saved", "physical", "plans", "groups", "known_round",
                 "torn_cards")
    log_is_notation = True  # every seat sees every move as played
    game: FiveTowers
    draw: list[int]                  # the draw pile, drawn from the end (its order hidden)
    discard: list[int]               # the discard pile (leftovers of the displays)
    display: list[int]               # this round's cards on offer, sorted
    groups: list[tuple[int, ...]]    # the display's values per suit (rules.by_suit)
    towers: list[tuple[int, ...]]    # per seat and suit, flat: towers[seat * 5 + suit]
    torn: list[int]                  # each seat's torn-down count (the penalty grows)
    torn_cards: list[tuple[int, ...]]  # which cards each seat tore down (public: tops)
    phase: int                       # a Phase: BIDDING … OVER
    opener: int                      # the start player: bids first, alone may bid 0
    bids: list[int]                  # each seat's bid this lap, or UNACTED or PASSED
    caps: list[int]                  # a re-bid must stay below (NO_CAP: no failed bid)
    builder: int                     # the auction winner, or NOBODY
    need: int                        # cards the builder still has to take
    hand: list[int]                  # the cards it took and has not placed, sorted
    torn_now: int                    # the suit it tore down this round, or NOT_TORN
    round: int                       # 1-based
    reshuffled: bool                 # the discards became the draw pile (once a game)
    final: bool                      # this round's display emptied the second pile
    physical: bool                   # rebid="physical": any bid; a failed one is undone
    doomed: bool                     # physical mode: the bid being played cannot be built
    saved: SavedPosition | None      # a doomed bid's position before it, to go back to
    plans: list[tuple[int, ...]]     # the buildable completions of the hand still open
    known_round: int                 # the last round whose display is known (EVERY_ROUND)

    # ----------------------------------------------------------------- setup and rounds
    def setup(self, cards: list[int]) -> None:
        """Shuffle ``cards`` into the draw pile, pick the start player, open round 1."""
        self.physical = self.game.options.rebid == "physical"
        self.draw = list(cards)
        chance(self.seed, "deck").shuffle(self.draw)
        self.discard = []
        self.display = []
        self.towers = [()] * (5 * self.players)
        self.torn = [0] * self.players
        self.torn_cards = [()] * self.players
        self.opener = chance(self.seed, "start").randrange(self.players)
        self.round = 0
        self.reshuffled = False
        self.saved = None
        self.known_round = EVERY_ROUND  # a determinized copy guesses the later displays
        self._start_round()

    def _start_round(self) -> None:
        """Reveal up to 5 cards and open the auction at the start player."""
        self.round += 1
        k = min(5, len(self.draw))
        self.display = sorted(self.draw[-k:])
        self.groups = rules.by_suit(self.display)
        del self.draw[-k:]
        self.final = self.reshuffled and not self.draw
        n = self.players
        self.bids = [UNACTED] * n
        self.caps = [NO_CAP] * n
        self.builder = NOBODY
        self.need = 0
        self.hand = []
        self.torn_now = NOT_TORN
        self.doomed = False
        self.saved = None
        self.plans = []
        self.phase = BIDDING
        self.to_move = self.opener

    def _end_round(self, builder: int) -> None:
        """Cleanup: discard the leftovers, pass the start, reshuffle once, or end."""
        self.discard.extend(self.display)
        self.display = []
        self.hand = []
        if builder != NOBODY:
            self.opener = (builder + 1) % self.players
        if not self.final and not self.draw and not self.reshuffled:
            self.reshuffled = True
            self.draw = self.discard
            self.discard = []
            chance(self.seed, "reshuffle").shuffle(self.draw)
        if self.final or not self.draw:
            self.phase = OVER
            self.builder = NOBODY
            self.to_move = None
            return
        self._start_round()

    # ----------------------------------------------------------------- helpers
    def seat_towers(self, seat: int) -> list[tuple[int, ...]]:
        """The five towers of ``seat`` (suit order), bottom to top."""
        return self.towers[seat * 5: seat * 5 + 5]

    def max_bid(self, seat: int) -> int:
        """The highest bid ``seat`` could build with this display (feasibility)."""
        return rules.max_buildable(self.towers[seat * 5: seat * 5 + 5], self.groups)

    def high_bid(self, exclude: int = -1) -> tuple[int, int]:
        """(highest standing bid, its seat), ignoring seat ``exclude``; (-1, -1) if none
        (the marks UNACTED and PASSED are below every bid)."""
        best, who = -1, -1
        for seat, bid in enumerate(self.bids):
            if bid > best and seat != exclude:
                best, who = bid, seat
        return best, who

    # ----------------------------------------------------------------- legal actions
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == BIDDING:
            return self._legal_bids()
        if phase == TAKING:
            return self._legal_takes()
        if phase == TEARING:
            return self._legal_teardowns()
        return self._legal_placements()

    def _legal_bids(self) -> list[Action]:
        """Bids above the high bid, within the display and below the cap (and buildable,
        unless physical); a pass, but not for the opener before a failed bid of its own."""
        seat = self.to_move
        assert seat is not None  # (only asked while the game goes on)
        high = self.high_bid(exclude=seat)[0]
        low = high + 1
        if seat != self.opener and low < 1:
            low = 1
        top = min(len(self.display), self.caps[seat] - 1)
        if not self.physical:
            top = min(top, self.max_bid(seat))
        actions = list(BID[low:top + 1])
        if seat != self.opener or self.caps[seat] != NO_CAP:
            actions.append(PASS)
        return actions

    def _legal_takes(self) -> list[Action]:
        """The cards of the buildable completions still open (an invalid bid of the
        physical mode: any card of the display)."""
        cards = set(self.display) if self.doomed else {c for plan in self.plans for c in plan}
        return [TAKE[c] for c in sorted(cards)]

    def _legal_teardowns(self) -> list[Action]:
        """No tear-down, or one tower top (never a 0), as long as the taken cards still fit."""
        towers = self.towers[self.builder * 5: self.builder * 5 + 5]
        if self.doomed:  # an invalid bid fails anyway: any tower top may go
            return [NO_TEARDOWN] + [TEARDOWN[s] for s, t in enumerate(towers) if t and t[-1]]
        hand = self.hand  # sorted, so each suit's cards are a run
        misfits = []  # (suit, taken values) that do not fit the suit's tower as it stands
        i, n = 0, len(hand)
        while i < n:
            suit = hand[i] >> 4
            j = i + 1
            while j < n and hand[j] >> 4 == suit:
                j += 1
            values = _values_of(tuple(hand[i:j]))
            tower = towers[suit]
            if not _placeable_all(tower[-1] if tower else NO_TOWER, values):
                misfits.append((suit, values))
            i = j
        if len(misfits) > 1:
            return []  # cannot happen: the taken cards always have a buildable plan
        if misfits:  # only tearing down that suit's tower can help
            suit, values = misfits[0]
            return [TEARDOWN[suit]] if _placeable_all(_under_top(towers[suit]), values) else []
        actions = [NO_TEARDOWN]
        for suit, tower in enumerate(towers):
            # any top but a 0 may go, if the suit's taken cards still fit without it
            if tower and tower[-1]:
                if (held := [c & 15 for c in hand if c >> 4 == suit]):
                    if not _placeable_all(tower[-2] if len(tower) > 1 else NO_TOWER,
                                          tuple(held)):
                        continue
                actions.append(TEARDOWN[suit])
        return actions

    def _legal_placements(self) -> list[Action]:
        """A taken card that fits its tower and leaves the rest of its suit placeable."""
        base = self.builder * 5
        towers = self.towers
        hand = self.hand  # sorted, so each suit's cards are a run
        doomed = self.doomed
        last = len(hand) - 1
        actions = []
        for i, c in enumerate(hand):
            s = c >> 4
            if i and hand[i - 1] == c:
                continue
            tower = towers[base + s]
            if not _OK[tower[-1] if tower else NO_TOWER][c & 15]:
                continue
            if not doomed and ((i < last and hand[i + 1] >> 4 == s)
                               or (i and hand[i - 1] >> 4 == s)):
                # the rest of this suit's cards must still fit on top of it
                others = tuple(x & 15 for j, x in enumerate(hand) if j != i and x >> 4 == s)
                if not _placeable_all(c & 15, others):
                    continue
            actions.append(PLACE[c])
        return actions

    # ----------------------------------------------------------------- applying
    def _apply(self, action: Action) -> None:
        """A bid or pass, a take, a placement, or the tear-down choice (the kinds inline:
        this runs for every move of every playout)."""
        kind = action.kind
        if kind == BID_K or kind == PASS_K:
            seat = self.to_move
            assert seat is not None
            self.bids[seat] = action.arg if kind == BID_K else PASSED
            self._after_bid()
        elif kind == TAKE_K:
            c = action.arg
            self.display.remove(c)
            insort(self.hand, c)
            self.need -= 1
            if not self.doomed:  # the completions holding this card, less it
                plans = []
                for plan in self.plans:
                    if c in plan:
                        i = plan.index(c)
                        plans.append(plan[:i] + plan[i + 1:])
                self.plans = plans
            if not self.need:
                self.phase = TEARING
        elif kind == PLACE_K:
            c = action.arg
            self.hand.remove(c)
            index = self.builder * 5 + (c >> 4)
            self.towers[index] = self.towers[index] + (c & 15,)
            if not self.hand:
                self._end_round(self.builder)
            elif self.doomed:
                self._check_stuck()
        else:  # TEARDOWN_K or NO_TEARDOWN_K
            if kind == TEARDOWN_K:
                index = self.builder * 5 + action.arg
                self.torn_cards[self.builder] += (action.arg * 16 + self.towers[index][-1],)
                self.towers[index] = self.towers[index][:-1]
                self.torn[self.builder] += 1
                self.torn_now = action.arg
            self.phase = PLACING
            if self.doomed:
                self._check_stuck()

    def _after_bid(self) -> None:
        """Next bidder, or the auction is over: the winner takes (or nobody builds)."""
        n = self.players
        bids = self.bids
        if len(self.display) not in bids:  # a maximum bid ends the auction at once
            for i in range(n):
                seat = (self.opener + i) % n
                if bids[seat] == UNACTED:
                    self.to_move = seat
                    return
        high, winner = self.high_bid()
        if high <= 0:  # the special case: the opener bid 0 and everyone passed
            self._end_round(NOBODY)
            return
        self.builder = winner
        self.need = high
        self.phase = TAKING
        self.to_move = winner
        self.plans = rules.buildable_hands(self.seat_towers(winner), self.display, high)
        if not self.plans:
            self.doomed = True  # physical mode: the bid is invalid and will fail
            self.saved = SavedPosition(tuple(self.display), tuple(self.seat_towers(winner)),
                                       self.torn[winner])

    def _check_stuck(self) -> None:
        """Physical re-bid rule: when no taken card can be placed, undo and re-bid."""
        if self._legal_placements():
            return
        saved = self.saved
        assert saved is not None  # (a doomed bid always saved its position)
        seat = self.builder
        self.display = list(saved.display)
        self.groups = rules.by_suit(self.display)
        self.towers[seat * 5: seat * 5 + 5] = list(saved.towers)
        self.torn[seat] = saved.torn
        self.torn_cards[seat] = self.torn_cards[seat][:saved.torn]
        self.caps[seat] = self.bids[seat]  # a re-bid must be lower than the failed one
        self.bids[seat] = UNACTED
        self.hand = []
        self.need = 0
        self.torn_now = NOT_TORN
        self.doomed = False
        self.saved = None
        self.builder = NOBODY
        self.phase = BIDDING
        self.to_move = seat

    # ----------------------------------------------------------------- events
    def _refusal(self, action: Action, legal: list[Action]) -> Event:
        return refusals.refusal(self, action, legal)

    def _log_event(self, index: int, seat: int | None) -> Event:
        return events.log_event(self.history[index])

    # ----------------------------------------------------------------- copies and views
    def _copy(self) -> FiveTowersState:
        new = self._copy_base()
        new.draw = self.draw.copy()
        new.discard = self.discard.copy()
        new.display = self.display.copy()
        new.towers = self.towers.copy()
        new.torn = self.torn.copy()
        new.torn_cards = self.torn_cards.copy()
        new.bids = self.bids.copy()
        new.caps = self.caps.copy()
        new.hand = self.hand.copy()
        new.phase = self.phase
        new.opener = self.opener
        new.builder = self.builder
        new.need = self.need
        new.torn_now = self.torn_now
        new.round = self.round
        new.reshuffled = self.reshuffled
        new.final = self.final
        new.doomed = self.doomed
        new.saved = self.saved
        new.physical = self.physical
        new.plans = self.plans  # replaced, never mutated, by _apply
        new.groups = self.groups  # likewise (by each new display)
        new.known_round = self.known_round
        return new

    def _redeal(self, seat: int | None, rng: random.Random, recall: float) -> None:
        shuffle(self.draw, rng)  # only the order of the draw pile is hidden
        self.known_round = self.round

    def _view(self, seat: int | None) -> FiveTowersPart:
        view = self._public_view()
        if seat is not None and seat == self.to_move and self.phase == BIDDING:
            view["unbuildable_bids"] = self.unbuildable_bids()
        if self.phase == OVER:
            view["breakdown"] = [self.breakdown(p) for p in range(self.players)]
        return view

    def unbuildable_bids(self) -> list[int]:
        """The bids the seat to move may not make only because it could not build them
        (``rebid="feasible"``): above the high bid, within the display, not left out."""
        seat = self.to_move
        if self.physical or seat is None or self.phase != BIDDING:
            return []
        top = min(len(self.display), self.caps[seat] - 1)
        low = max(self.high_bid(exclude=seat)[0] + 1, 0 if seat == self.opener else 1)
        return list(range(max(low, self.max_bid(seat) + 1), top + 1))

    def breakdown(self, seat: int) -> list[list[Any]]:
        """``seat``'s score as ``[label, points]`` rows that add up to it (spec §3.8)."""
        towers = {SUITS[s]: t for s, t in enumerate(self.seat_towers(seat)) if t}
        return [[english(label), points]
                for label, points in scoring.rows(towers, self.torn[seat])]

    def _public_view(self) -> FiveTowersPart:
        """What every seat and spectator sees: all but the draw pile's order."""
        names = CARD_NAMES
        high, high_seat = self.high_bid()
        return {
            "round": self.round,
            "pile": 2 if self.reshuffled else 1,
            "final_round": self.final,
            "phase": PHASE_NAMES[self.phase],
            "opener": self.opener,
            "bids": [None if b == UNACTED else ("pass" if b == PASSED else b)
                     for b in self.bids],
            "high_bid": high if high >= 0 else None,
            "high_bidder": high_seat if high >= 0 else None,
            "rebid_caps": [c if c != NO_CAP else None for c in self.caps],
            "builder": self.builder if self.builder >= 0 else None,
            "to_take": self.need,
            "hand": [names[c] for c in sorted(self.hand)],
            "torn_this_round": SUITS[self.torn_now] if self.torn_now >= 0 else None,
            "display": [names[c] for c in self.display],
            "draw_size": len(self.draw),
            "draw_cards": _by_suit(self.draw),
            "discard": [names[c] for c in self.discard],
            "towers": [{SUITS[s]: list(self.towers[p * 5 + s]) for s in range(5)
                        if self.towers[p * 5 + s]} for p in range(self.players)],
            "torn": list(self.torn),
            "torn_cards": [[names[c] for c in cards] for cards in self.torn_cards],
            "score": self.scores(),
        }

    # ----------------------------------------------------------------- JSON
    def _to_json(self) -> dict[str, Any]:
        return loading.to_json(self)

    def _load_json(self, data: dict[str, Any]) -> None:
        loading.load_json(self, data)

    # ----------------------------------------------------------------- scores
    def scores(self) -> list[float]:
        towers = self.towers
        return [scoring.total(towers[p * 5: p * 5 + 5], self.torn[p])
                for p in range(self.players)]


def _under_top(tower: tuple[int, ...]) -> int:
    """The top ``tower`` would have without its top card (``NO_TOWER`` if none)."""
    return tower[-2] if len(tower) > 1 else NO_TOWER


def _by_suit(cards: list[int]) -> dict[str, list[int]]:
    """Card ids as sorted values per suit, e.g. ``{"sand": [3, 7, 7]}`` (order hidden)."""
    out: dict[str, list[int]] = {}
    for c in sorted(cards):
        out.setdefault(SUITS[c >> 4], []).append(c & 15)
    return out
