"""The 5 Towers position and its rules (rules/five_towers.md §3).

A round is: reveal up to 5 cards; one lap of bidding; the winner takes its cards one at
a time, optionally tears down one tower top card, and places the taken cards one at a
time; leftovers are discarded. Only the order of the draw pile is hidden.
"""
from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from itertools import combinations
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from towerplay.core import State, chance
from towerplay.core.rng import shuffle
from towerplay.games.five_towers import rules, scoring
from towerplay.games.five_towers.cards import (
    ALL_ACTIONS, BID, BID_K, CARD_NAMES, NO_TEARDOWN, NO_TEARDOWN_K, NO_TOWER, NOTATION, PASS,
    PASS_K, PLACE, PLACE_K, SUITS, TAKE, TAKE_K, TEARDOWN, TEARDOWN_K, Action, deck,
    parse_card)

if TYPE_CHECKING:
    from towerplay.games.five_towers.game import FiveTowers

BIDDING, TAKING, TEARING, PLACING, OVER = range(5)
PHASE_NAMES = ("bid", "take", "teardown", "place", "over")
UNACTED, PASSED = -2, -1
NO_CAP = 6

_OK = rules.OK
_placeable_all = rules.placeable_all
_values_of = rules.values_of


EVERY_ROUND = 1 << 30
"""``known_round`` of a true state: it knows the display of every round it reaches."""


class FiveTowersState(State[Action]):
    """A 5 Towers position. Cards are ints (``suit * 16 + value``); towers are value
    tuples, bottom to top, stored flat: ``towers[seat * 5 + suit]``."""

    game: FiveTowers

    __slots__ = ("draw", "discard", "display", "towers", "torn", "phase", "opener", "bids",
                 "caps", "builder", "need", "hand", "torn_now", "round", "reshuffled",
                 "final", "doomed", "saved", "physical", "plans", "groups", "known_round",
                 "torn_cards")

    # ----------------------------------------------------------------- setup and rounds
    def setup(self, cards: list[int]) -> None:
        """Shuffle ``cards`` into the draw pile, pick the start player, open round 1."""
        self.physical = self.game.options.rebid == "physical"
        self.draw = list(cards)
        chance(self.seed, "deck").shuffle(self.draw)
        self.discard: list[int] = []
        self.display: list[int] = []
        self.towers: list[tuple[int, ...]] = [()] * (5 * self.players)
        self.torn = [0] * self.players
        self.torn_cards: list[tuple[int, ...]] = [()] * self.players
        """Which cards each seat tore down (public: each was the top of a public tower)."""
        self.opener = chance(self.seed, "start").randrange(self.players)
        self.round = 0
        self.reshuffled = False
        self.saved: tuple | None = None
        self.known_round = EVERY_ROUND
        """The last round whose display is known; a determinized copy guesses later ones."""
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        k = min(5, len(self.draw))
        self.display = sorted(self.draw[-k:])
        self.groups = rules.by_suit(self.display)
        del self.draw[-k:]
        self.final = self.reshuffled and not self.draw
        n = self.players
        self.bids = [UNACTED] * n
        self.caps = [NO_CAP] * n
        self.builder = -1
        self.need = 0
        self.hand: list[int] = []
        self.torn_now = -1
        self.doomed = False
        self.saved = None
        self.plans: list[tuple[int, ...]] = []
        self.phase = BIDDING
        self.to_move = self.opener

    def _end_round(self, builder: int) -> None:
        """Cleanup: discard the leftovers, pass the start, reshuffle once, or end."""
        self.discard.extend(self.display)
        self.display = []
        self.hand = []
        if builder >= 0:
            self.opener = (builder + 1) % self.players
        if not self.final and not self.draw and not self.reshuffled:
            self.reshuffled = True
            self.draw = self.discard
            self.discard = []
            chance(self.seed, "reshuffle").shuffle(self.draw)
        if self.final or not self.draw:
            self.phase = OVER
            self.builder = -1
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
        """(highest standing bid, its seat), ignoring seat ``exclude``; (-1, -1) if none."""
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
        # an invalid bid (physical mode) may take anything; otherwise only the cards of
        # the buildable completions still open
        cards = set(self.display) if self.doomed else {c for plan in self.plans for c in plan}
        return [TAKE[c] for c in sorted(cards)]

    def _legal_teardowns(self) -> list[Action]:
        towers = self.towers[self.builder * 5: self.builder * 5 + 5]
        if self.doomed:
            return [NO_TEARDOWN] + [TEARDOWN[s] for s, t in enumerate(towers) if t and t[-1]]
        misfits = []  # suits whose taken cards do not fit their tower as it stands
        hand = self.hand  # sorted, so each suit's cards are a run
        i, n = 0, len(hand)
        while i < n:
            suit = hand[i] >> 4
            j = i + 1
            while j < n and hand[j] >> 4 == suit:
                j += 1
            tower = towers[suit]
            if not _placeable_all(tower[-1] if tower else NO_TOWER, _values_of(tuple(hand[i:j]))):
                misfits.append((suit, i, j))
            i = j
        if len(misfits) > 1:
            return []  # cannot happen: the taken cards always have a buildable plan
        if misfits:  # only tearing down that suit's tower can help
            suit, i, j = misfits[0]
            tower = towers[suit]
            lower = tower[-2] if len(tower) > 1 else NO_TOWER
            return [TEARDOWN[suit]] if _placeable_all(lower, _values_of(tuple(hand[i:j]))) else []
        actions = [NO_TEARDOWN]
        for suit, tower in enumerate(towers):
            if tower and tower[-1]:
                if (hand_suits := [c & 15 for c in hand if c >> 4 == suit]):
                    lower = tower[-2] if len(tower) > 1 else NO_TOWER
                    if not _placeable_all(lower, tuple(hand_suits)):
                        continue
                actions.append(TEARDOWN[suit])
        return actions

    def _legal_placements(self) -> list[Action]:
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
            if not self.doomed:
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
        else:
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
            self._end_round(-1)
            return
        self.builder = winner
        self.need = high
        self.phase = TAKING
        self.to_move = winner
        self.plans = rules.buildable_hands(self.seat_towers(winner), self.display, high)
        if not self.plans:
            self.doomed = True  # physical mode: the bid is invalid and will fail
            self.saved = (tuple(self.display), tuple(self.seat_towers(winner)),
                          self.torn[winner])

    def _check_stuck(self) -> None:
        """Physical re-bid rule: when no taken card can be placed, undo and re-bid."""
        if self._legal_placements():
            return
        display, towers, torn = self.saved  # type: ignore[misc]
        seat = self.builder
        self.display = list(display)
        self.groups = rules.by_suit(self.display)
        self.towers[seat * 5: seat * 5 + 5] = list(towers)
        self.torn[seat] = torn
        self.torn_cards[seat] = self.torn_cards[seat][:torn]
        self.caps[seat] = self.bids[seat]  # a re-bid must be lower than the failed one
        self.bids[seat] = UNACTED
        self.hand = []
        self.need = 0
        self.torn_now = -1
        self.doomed = False
        self.saved = None
        self.builder = -1
        self.phase = BIDDING
        self.to_move = seat

    # ----------------------------------------------------------------- refusals
    def _why_illegal(self, action: Action, legal: list[Action]) -> str:
        """Why ``action`` is refused, in the game's terms (one line, to the seat to move:
        it speaks only of public cards — display, hand, towers — and of that seat's bids)."""
        if self.to_move is None:
            return f"'{_text(action)}' is not legal: the game is over"
        if not isinstance(action, Action) or action not in _KNOWN:
            return f"'{_text(action)}' is not an action of 5 Towers. {NOTATION}"
        why = _REASONS[self.phase](self, action, legal)
        return f"'{action}' is not legal: {why}"

    def _why_not_bid(self, action: Action, legal: list[Action]) -> str:
        seat = self.to_move
        assert seat is not None
        shown = len(self.display)
        high, who = self.high_bid(exclude=seat)
        if action.kind == PASS_K:
            return (f"the start player opens the auction and may not pass: bid 0 to "
                    f"{legal[-1].arg}")
        if action.kind != BID_K:
            what = f"bid more than {high} or pass" if high >= 0 else "open the auction (bid 0-5)"
            return f"the auction is on: seat {seat} must {what}; legal: {_listed(legal)}"
        bid = action.arg
        if bid > shown:
            return f"the display holds only {shown} cards: bid at most {shown}"
        if bid >= self.caps[seat]:
            return (f"your bid of {self.caps[seat]} could not be built: bid again lower "
                    f"than {self.caps[seat]}, or pass")
        if bid <= high:
            return (f"not above the current bid of {high} (seat {who}): bid {high + 1} or "
                    f"more, or pass")
        if bid == 0:
            return "only the start player may bid 0: bid at least 1, or pass"
        return (f"you could not build {bid} of these cards (at most {self.max_bid(seat)}, "
                f"even with one tear-down)")

    def _why_not_take(self, action: Action, legal: list[Action]) -> str:
        if action.kind != TAKE_K:
            return (f"take {self.need} more card(s) from the display first ('take <card>'); "
                    f"display: {_names(self.display)}")
        name = CARD_NAMES[action.arg]
        if action.arg not in self.display:
            return f"{name} is not in the display; display: {_names(self.display)}"
        total = self.need + len(self.hand)
        return (f"with {name} you could not place all {total} cards you bid for; you may "
                f"take {_names(a.arg for a in legal)}")

    def _why_not_teardown(self, action: Action, legal: list[Action]) -> str:
        if action.kind == TEARDOWN_K:
            suit = SUITS[action.arg]
            tower = self.towers[self.builder * 5 + action.arg]
            if not tower:
                return f"you have no {suit} tower to tear down"
            if tower[-1] == 0:
                return f"your {suit} tower is capped by a 0 (a tower top), which stays for good"
        if NO_TEARDOWN not in legal and legal:  # one suit's taken cards fit only after a tear-down
            must = SUITS[legal[0].arg]
            if action.kind in (TEARDOWN_K, NO_TEARDOWN_K):
                return (f"your taken {must} cards fit only after tearing down the top card "
                        f"of your {must} tower ('teardown {must}')")
        if action.kind == TEARDOWN_K:
            suit = SUITS[action.arg]
            return (f"without the top card of your {suit} tower your taken {suit} cards "
                    f"could not all be placed")
        return "first choose 'teardown <suit>' or 'no-teardown' (before placing any card)"

    def _why_not_place(self, action: Action, legal: list[Action]) -> str:
        if action.kind != PLACE_K:
            return f"place the taken cards ('place <card>'); hand: {_names(self.hand)}"
        c = action.arg
        name, suit, value = CARD_NAMES[c], SUITS[c >> 4], c & 15
        if c not in self.hand:
            return f"{name} is not in your hand; hand: {_names(self.hand)}"
        tower = self.towers[self.builder * 5 + (c >> 4)]
        if tower and tower[-1] == 0:
            return f"your {suit} tower is capped by a 0: nothing may go on it"
        if tower and not rules.can_place(tower[-1], value):
            return (f"a {value} cannot go on the {tower[-1]} on top of your {suit} tower "
                    f"(only lower cards, anything on an 8, a 9 on anything but a 0)")
        rest = [x for x in self.hand if x >> 4 == c >> 4]
        rest.remove(c)
        why = " (a 0 caps the tower)" if value == 0 else ""
        return (f"{name} now would leave {_names(rest)} with nowhere to go{why}; place "
                f"{_names(a.arg for a in legal if a.arg >> 4 == c >> 4)} first")

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
        new.groups = self.groups
        new.known_round = self.known_round
        return new

    def _redeal(self, seat: int | None, rng: random.Random, recall: float) -> None:
        shuffle(self.draw, rng)  # only the order of the draw pile is hidden
        self.known_round = self.round

    def _view(self, seat: int | None) -> dict[str, Any]:
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
        return [[label, points] for label, points in scoring.rows(towers, self.torn[seat])]

    def _public_view(self) -> dict[str, Any]:
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

    def _to_json(self) -> dict[str, Any]:
        names = CARD_NAMES
        saved = None
        if self.saved is not None:
            saved = {"display": [names[c] for c in self.saved[0]],
                     "towers": [list(t) for t in self.saved[1]], "torn": self.saved[2]}
        return {
            "draw": [names[c] for c in self.draw],
            "discard": [names[c] for c in self.discard],
            "display": [names[c] for c in self.display],
            "towers": [list(t) for t in self.towers],
            "torn": list(self.torn),
            "torn_cards": [[names[c] for c in cards] for cards in self.torn_cards],
            "phase": self.phase, "opener": self.opener, "bids": list(self.bids),
            "caps": list(self.caps), "builder": self.builder, "need": self.need,
            "hand": [names[c] for c in self.hand], "torn_now": self.torn_now,
            "round": self.round, "reshuffled": self.reshuffled, "final": self.final,
            "doomed": self.doomed, "saved": saved,
        }

    def _load_json(self, data: dict[str, Any]) -> None:
        """Restore a position, refusing (ValueError, so BadRecord) anything inconsistent:
        unknown cards, illegal towers, cards that are not the deck, seats out of range."""
        n = self.players
        self.physical = self.game.options.rebid == "physical"
        self.known_round = EVERY_ROUND
        self.draw = [parse_card(x) for x in data["draw"]]
        self.discard = [parse_card(x) for x in data["discard"]]
        self.display = sorted(parse_card(x) for x in data["display"])
        self.groups = rules.by_suit(self.display)
        self.hand = sorted(parse_card(x) for x in data["hand"])
        self.towers = [_tower(t) for t in data["towers"]]
        self.torn = [_number(x, "torn", 0, 99) for x in data["torn"]]
        self.torn_cards = _torn_cards(data.get("torn_cards"), self.torn)
        self.phase = _number(data["phase"], "phase", BIDDING, OVER)
        self.opener = _number(data["opener"], "opener", 0, n - 1)
        self.bids = [_number(x, "bid", UNACTED, 5) for x in data["bids"]]
        self.caps = [_number(x, "cap", 1, NO_CAP) for x in data["caps"]]
        self.builder = _number(data["builder"], "builder", -1, n - 1)
        self.need = _number(data["need"], "need", 0, 5)
        self.torn_now = _number(data["torn_now"], "torn_now", -1, 4)
        self.round = _number(data["round"], "round", 1, 999)
        self.reshuffled = _flag(data["reshuffled"], "reshuffled")
        self.final = _flag(data["final"], "final")
        self.doomed = _flag(data["doomed"], "doomed")
        self.plans = []
        saved = data["saved"]
        self.saved = None
        if saved is not None:
            self.saved = (tuple(sorted(parse_card(x) for x in saved["display"])),
                          tuple(_tower(t) for t in saved["towers"]),
                          _number(saved["torn"], "saved torn", 0, 99))
        self._check_loaded()
        if self.phase == TAKING and not self.doomed:  # the buildable completions
            self.plans = [plan for plan in dict.fromkeys(combinations(self.display, self.need))
                          if rules.hand_buildable(self.seat_towers(self.builder),
                                                  tuple(sorted(self.hand + list(plan))))]
        if not self.is_over and not self._legal_actions():
            raise ValueError("no action is legal in this position")

    def _check_loaded(self) -> None:
        """Raise ValueError unless the loaded fields form a position the rules can reach."""
        n = self.players
        if not (len(self.towers) == 5 * n and len(self.torn) == len(self.bids)
                == len(self.caps) == n):
            raise ValueError(f"towers must list 5 per player; torn, bids and caps 1 per "
                             f"player ({n} players)")
        if len(self.display) > 5 or len(self.hand) > 5:
            raise ValueError("the display and the hand hold at most 5 cards")
        if self.saved is not None and len(self.saved[1]) != 5:
            raise ValueError("'saved' holds the 5 towers of a doomed builder")
        if self.doomed != (self.saved is not None) or self.doomed and (
                not self.physical or self.phase in (BIDDING, OVER)):
            raise ValueError("only an invalid bid in rebid='physical' mode is doomed, and "
                             "only a doomed one has a saved position")
        torn_cards = [c for cards in self.torn_cards for c in cards]
        _check_cards(self.players, self.draw + self.discard + self.display + self.hand
                     + torn_cards, self.towers, 0)
        to_move = self.to_move
        if self.phase == OVER:
            if to_move is not None:
                raise ValueError("a finished game has no seat to move")
            return
        if not isinstance(to_move, int) or isinstance(to_move, bool) or not 0 <= to_move < n:
            raise ValueError(f"to_move must be a seat from 0 to {n - 1} (got {to_move!r})")
        phase = self.phase
        if (phase == BIDDING and (self.hand or self.builder >= 0)
                or (phase == TAKING) != (self.need > 0)
                or phase in (TEARING, PLACING) and not self.hand
                or phase != PLACING and self.torn_now >= 0):
            raise ValueError(f"hand, need, builder and torn_now do not fit the "
                             f"{PHASE_NAMES[phase]} phase")
        if phase == TAKING and self.need > len(self.display):
            raise ValueError("the winner must take more cards than the display holds")
        if self.saved is not None:  # the position before the invalid bid, to go back to
            saved_display, saved_towers, saved_torn = self.saved
            if Counter(self.display + self.hand) - Counter(saved_display):
                raise ValueError("the saved display lacks cards of the display or hand")
            towers = self.towers.copy()
            towers[to_move * 5: to_move * 5 + 5] = saved_towers
            if saved_torn > self.torn[to_move]:
                raise ValueError("the saved position tore down more cards than the present")
            kept = [c for p, cards in enumerate(self.torn_cards)
                    for c in (cards[:saved_torn] if p == to_move else cards)]
            _check_cards(n, self.draw + self.discard + list(saved_display) + kept, towers, 0)
        if phase == BIDDING:
            first = next((seat for i in range(n) if self.bids[
                seat := (self.opener + i) % n] == UNACTED), None)
            if to_move != first or not self.display:
                raise ValueError("the seat to bid must be the first, from the start player, "
                                 "that has not bid yet (and the display must hold cards)")
        elif self.builder != to_move:
            raise ValueError("only the auction winner takes, tears down and places")
        elif phase == PLACING and not self.doomed and not all(
                _placeable_all(tower[-1] if tower else NO_TOWER, values) for tower, values
                in zip(self.seat_towers(to_move), rules.by_suit(self.hand))):
            raise ValueError("the hand cannot be placed on the winner's towers")

    # ----------------------------------------------------------------- scores
    def scores(self) -> list[float]:
        towers = self.towers
        return [scoring.total(towers[p * 5: p * 5 + 5], self.torn[p])
                for p in range(self.players)]


_REASONS = (FiveTowersState._why_not_bid, FiveTowersState._why_not_take,
            FiveTowersState._why_not_teardown, FiveTowersState._why_not_place)
"""Why an action is refused, by phase (BIDDING … PLACING)."""
_KNOWN = frozenset(ALL_ACTIONS)


def _text(action: object) -> str:
    """An offered action's notation, or a short repr of anything else (never raises)."""
    if isinstance(action, Action) and action in _KNOWN:
        return str(action)
    return repr(action)[:40]


def _names(cards: Iterable[int]) -> str:
    """Card ids as notation, e.g. ``sand7 candy3`` (``(none)`` if empty)."""
    return " ".join(CARD_NAMES[c] for c in cards) or "(none)"


def _listed(legal: list[Action]) -> str:
    return ", ".join(map(str, legal[:12])) + (", …" if len(legal) > 12 else "")


# --------------------------------------------------------------------- loading checks
def _number(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} must be an integer from {low} to {high} (got {value!r})")
    return value


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false (got {value!r})")
    return value


def _torn_cards(data: Any, torn: list[int]) -> list[tuple[int, ...]]:
    """The torn-down cards per seat, as many as ``torn`` counts (positions saved before
    they were kept may omit them while nobody has torn anything down)."""
    if data is None and not any(torn):
        data = [[] for _ in torn]
    if not isinstance(data, list) or len(data) != len(torn) or any(
            not isinstance(cards, list) or len(cards) != count
            for cards, count in zip(data, torn)):
        raise ValueError("torn_cards must list, per player, the cards it tore down "
                         "(as many as 'torn' counts)")
    return [tuple(parse_card(x) for x in cards) for cards in data]


def _by_suit(cards: list[int]) -> dict[str, list[int]]:
    """Card ids as sorted values per suit, e.g. ``{"sand": [3, 7, 7]}`` (order hidden)."""
    out: dict[str, list[int]] = {}
    for c in sorted(cards):
        out.setdefault(SUITS[c >> 4], []).append(c & 15)
    return out


def _tower(values: Any) -> tuple[int, ...]:
    tower = tuple(_number(v, "a tower card", 0, 15) for v in values)
    if not rules.valid_tower(tower):
        raise ValueError(f"{list(tower)} is not a legal tower (bottom to top)")
    return tower


def _check_cards(players: int, loose: list[int], towers: list[tuple[int, ...]],
                 torn: int) -> None:
    """The cards in piles, display, hand and towers plus the torn-down ones are the deck."""
    cards = Counter(loose)
    for index, tower in enumerate(towers):
        suit = index % 5 * 16
        cards.update(suit + v for v in tower)
    full = Counter(deck(players))
    if cards - full or sum(cards.values()) + torn != len(deck(players)):
        extra = ", ".join(CARD_NAMES[c] for c in (cards - full)) or "none"
        raise ValueError(f"the cards are not the {len(deck(players))}-card deck "
                         f"(too many: {extra}; {sum(cards.values())} cards + {torn} torn down)")
