"""5 Towers in Polish and Hungarian: every log event any seat or a spectator sees and every
refusal the game gives (its reasons and the notation's errors) has a text in the three
five_towers catalogues and reads without English or internal codes, and the boards drawn
in those languages show no key, no English phrase and no English suit name.

Games: seeded random playouts and games of greedy bots (one random seat) for 2 to 5
players under both values of the game's one option, ``rebid`` (feasible, physical).
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from towerplay import games
from towerplay.core import Event, State
from towerplay.core.errors import IllegalAction
from towerplay.games.five_towers import events
from towerplay.games.five_towers.board import draw
from towerplay.games.five_towers.cards import BID, SUITS
from towerplay.games.five_towers.game import FiveTowers
from towerplay.games.five_towers.near_misses import NEAR_MISSES
from towerplay.games.five_towers.state import BIDDING
from towerplay.i18n import ACTION, Translator, match, word

from tests.games.five_towers.util import play, position
from tests.i18n.events import EventCheck, log_events, refusal_events
from tests.i18n.wording import LANGS, Wording, visible

GAMES = [({"rebid": rebid}, players, seed) for rebid in ("feasible", "physical")
         for players in (2, 3, 4, 5) for seed in (players, 10 + players)]
REFUSALS_EVERY = 7
"""Refusals are asked at every 7th position (of 173 actions) and at the end."""
ENGLISH_SUIT = re.compile(rf"\b({'|'.join(SUITS)})")
NOTATION = re.compile(rf"(take|place|teardown) ({'|'.join(SUITS)})|no-teardown")
"""An action's notation (``place sand`` of ``place sand7``): the same in every language."""
WORDING = Wording("five_towers", NEAR_MISSES, notation=NOTATION.fullmatch)
CHECK = EventCheck(codes=re.compile(rf"\b({'|'.join(SUITS)})\d"), notation_keys={
    "five_towers.unknown_action", "five_towers.unreadable", "five_towers.unknown_card",
    "five_towers.unknown_suit", "five_towers.bad_bid"})
"""A card's notation (``sand7``) belongs only where the notation is explained."""


@cache
def played(game: int) -> tuple[list[State[Any]], list[State[Any]]]:
    """The positions of ``GAMES[game]`` played at random and by greedy bots."""
    return WORDING.random_game(*GAMES[game]), WORDING.greedy_game(*GAMES[game])


@cache
def provoked(game: int) -> tuple[frozenset[Event], frozenset[Event]]:
    """The log events (and the end's score labels) and the refusals of ``GAMES[game]``."""
    logged: set[Event] = set()
    reasons: set[Event] = set()
    for positions in played(game):
        for state in positions[::REFUSALS_EVERY] + positions[-1:]:
            reasons.update(refusal_events(state, NEAR_MISSES))
        logged |= log_events(positions[-1])
        logged |= {label for seat in FiveTowers.score_labels(positions[-1].view(None))
                   for label in seat if isinstance(label, Event)}  # the end's breakdown
    return frozenset(logged), frozenset(reasons)


def rare_refusals() -> set[Event]:
    """Refusals the games above seldom or never provoke: a bid of 0 after the start
    player gave up its failed bid (``rebid="physical"``), an object that is no action,
    and an action that is no text."""
    state = position(2, ["sand7", "candy3", "candy5", "tree1", "scrap9"],
                     towers={0: {"sand": (6, 4)}}, rebid="physical", opener=0)
    play(state, "bid 5", "take sand7", "take candy3", "take candy5", "take tree1",
         "take scrap9", "no-teardown")
    while state.phase != BIDDING:  # the 7 fits nowhere: the bid fails, seat 0 bids again
        play(state, str(state.legal_actions()[0]))
    play(state, "pass")
    found = {state.refusal(BID[0]),
             state.refusal("take sand7")}  # type: ignore[arg-type]  # not an Action
    with pytest.raises(IllegalAction) as raised:
        state.game.parse_notation(17)  # type: ignore[arg-type]
    return {event for event in found if event is not None} | {raised.value.event}


@pytest.mark.slow
@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_log_event_and_refusal_is_worded(game: int) -> None:
    logged, reasons = provoked(game)
    assert logged and reasons
    CHECK.assert_worded(logged | reasons)


def breakdown_labels(game: int) -> set[Event]:
    """The labels of the score breakdowns at the ends of ``GAMES[game]``."""
    return {label for positions in played(game)
            for seat in FiveTowers.score_labels(positions[-1].view(None)) for label in seat
            if isinstance(label, Event)}


def test_every_event_of_the_catalogue_is_met() -> None:
    """The games above (their score breakdowns too) and the rare refusals say every event
    key of the catalogue (no ``line.*`` template is left: the game speaks events), so each
    one is tested."""
    found = set().union(*(set().union(*provoked(game)) for game in range(len(GAMES))))
    labels = set().union(*(breakdown_labels(game) for game in range(len(GAMES))))
    found |= rare_refusals() | labels
    CHECK.assert_worded(rare_refusals() | labels)
    assert CHECK.unmet("five_towers", found) == set()


def test_events_in_english_are_the_old_lines() -> None:
    """The English catalogue words events as the engine wrote them before events: the
    notation for the log, the old sentences for refusals (goldens and records rely on
    it)."""
    state = games.load("five_towers").start(players=2, seed=1)
    play(state, "bid 2")
    assert state.log_line(0, 1) == "bid 2" and state.log(None) == ["0: bid 2"]
    assert state.log_event(0, None) == Event.of("five_towers.bid", count=2)
    reason = state.check(BID[1])
    assert reason == ("'bid 1' is not legal: not above the current bid of 2 (seat 1): "
                      "bid 3 or more, or pass")
    with pytest.raises(IllegalAction) as raised:
        state.apply(BID[1])
    assert str(raised.value) == reason and word(raised.value.event, "en") == reason


def test_events_in_polish_and_hungarian() -> None:
    pl, hu = Translator("five_towers", "pl"), Translator("five_towers", "hu")
    assert [pl.event(events.log_event(BID[n])) for n in (1, 2, 5)] == [
        "licytuje 1 kartę", "licytuje 2 karty", "licytuje 5 kart"]
    take, teardown = (games.load("five_towers").parse_notation(text)
                      for text in ("take sand7", "teardown tree"))
    assert pl.event(events.log_event(take)) == "bierze piaskową 7"
    assert pl.event(events.log_event(teardown)) == "usuwa wierzchnią kartę z wieży roślinnej"
    assert hu.event(events.log_event(teardown)) == "lebontja a fatornya legfelső kártyáját"
    assert hu.event(events.log_event(take)) == "elvesz egy kártyát: homok 7"
    state = games.load("five_towers").start(players=2, seed=1)
    reason = state.refusal(state.game.parse_notation("pass"))
    assert reason is not None
    assert pl.event(reason) == ("Ruch „pass” jest niedozwolony: gracz rozpoczynający otwiera "
                                "licytację i nie może spasować: zalicytuj od 0 do 5")
    assert hu.event(reason).startswith("A „pass” lépés nem szabályos: a kezdőjátékos")


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_legal_action_has_an_imperative_label(game: int) -> None:
    """Every legal action of every position of the games above is matched by an
    ``action.*`` template, and its button reads in Polish and Hungarian otherwise than
    its notation and its log line (which tells in the third person what a seat did)."""
    notations = {str(action) for positions in played(game) for state in positions
                 for action in state.legal_actions()}
    assert notations
    for notation in notations:
        assert match("five_towers", notation, ACTION) is not None, notation
    five_towers = games.load("five_towers")
    for lang in LANGS:
        tr = Translator("five_towers", lang)
        for notation in notations:
            label = tr.action(notation)
            logged = tr.event(events.log_event(five_towers.parse_notation(notation)))
            assert label not in (notation, logged), (lang, notation, label)


def test_action_labels_in_polish_and_hungarian() -> None:
    pl, hu = Translator("five_towers", "pl"), Translator("five_towers", "hu")
    assert [pl.action(f"bid {n}") for n in (0, 1, 2, 5)] == [
        "zalicytuj 0 kart", "zalicytuj 1 kartę", "zalicytuj 2 karty", "zalicytuj 5 kart"]
    assert pl.action("take sand7") == "weź piaskową 7"
    assert pl.action("teardown tree") == "usuń wierzchnią kartę z wieży roślinnej"
    assert pl.action("pass") == "spasuj"
    assert hu.action("take sand7") == "vedd el: homok 7"
    assert hu.action("teardown candy") == "bontsd le az édességtornyod legfelső kártyáját"
    assert hu.action("no-teardown") == "ne bonts le kártyát"
    assert Translator("five_towers", "en").action("place scrap12") == "place scrap 12"


# ----------------------------------------------------------------- boards
def check_board(board: str, lang: str) -> None:
    """No key, no template, no English phrase and no English suit name in any text of
    ``board``."""
    texts = set(visible(board))  # (parsed once, each text checked once)
    WORDING.check_texts(texts, lang)
    for text in texts:
        assert not ENGLISH_SUIT.search(text), (lang, text)


@pytest.mark.slow
@pytest.mark.parametrize("game", range(0, len(GAMES), 2))
@pytest.mark.parametrize("lang", LANGS)
def test_boards_have_no_key_and_no_english(game: int, lang: str) -> None:
    """The start, every 10th position and the end of a random game and of a greedy one,
    for every seat and a spectator."""
    for positions in played(game):
        WORDING.check_boards(positions, 10, draw, lang, check=check_board, shows=lambda
                             state, board, tr: f">{tr('auction')}<" in board or state.is_over)


def test_the_checks_catch_english_and_keys() -> None:
    """The checks above fail on an English board (they are not vacuous)."""
    state = games.load("five_towers").start(players=3, seed=2)
    WORDING.assert_checks_bite(draw(state.view(0)))
    for lang in LANGS:
        with pytest.raises(AssertionError):
            check_board(draw(state.view(0)), lang)
