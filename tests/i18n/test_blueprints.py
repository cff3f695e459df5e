"""Blueprints in Polish and Hungarian: every log event any seat (or a spectator) sees and
every refusal the game gives (its reasons and the notation's errors) has a text in the three
``blueprints`` catalogues and reads without English or internal codes (a die's notation
only where the notation is explained); every legal action has an ``action.*`` template
(the button's imperative, unlike the log entry), and the board speaks the language with no
key and no English phrase left.

The games: seeded random and greedy-bot games of every player count in each of the game's
variants (``Game.variants``, as tests/conftest.py's ``game_variant_cases``: together they
hold every value of its options)."""
from __future__ import annotations

import re
from functools import cache
from typing import Any, NamedTuple

import pytest

from towerplay import games
from towerplay.core import Event, IllegalAction
from towerplay.games.blueprints import events
from towerplay.games.blueprints.board import draw
from towerplay.games.blueprints.dice import parse_die
from towerplay.games.blueprints.game import Blueprints
from towerplay.games.blueprints.near_misses import NEAR_MISSES
from towerplay.i18n import ACTION, LANGUAGES, Translator, catalogue, match, word

from tests.conftest import game_player_counts
from tests.i18n.events import EventCheck, refusal_events
from tests.i18n.wording import LANGS, Wording, seats

DOMAIN = "blueprints"
SAMPLE = 7
"""Refusals are provoked at every 7th position (each a full sweep of the action space)."""
PLAYERS = sorted(n for name, n in game_player_counts() if name == DOMAIN)
GAMES = [(variant, players, specs)
         for variant in range(len(Blueprints.variants)) for players in PLAYERS
         for specs in (["random"] * players, ["greedy"] + ["random"] * (players - 1))]
MISSES = [*NEAR_MISSES, "hello", "take", "place r9c9"]
WORDING = Wording(DOMAIN, MISSES)
CHECK = EventCheck(codes=re.compile(r"\b[WRSG][1-6]\b"), notation_keys={
    "blueprints.unreadable", "blueprints.bad_die", "blueprints.bad_cell"})
"""A die's notation (``G5``) belongs only where the notation is explained."""

class Played(NamedTuple):
    """What one game showed: every seat's and a spectator's log event of each move (as
    it was made, hidden builds included), the refusals, views to draw, and the notation
    of every legal action."""

    logged: frozenset[Event]
    refusals: frozenset[Event]
    views: list[dict[str, Any]]
    actions: set[str]


@cache
def play(variant: int, players: int, specs: tuple[str, ...]) -> Played:
    """One game (seeded by its place in :data:`GAMES`), looked at move by move: every
    seat's and a spectator's event for each move; at every 7th move and the end, the
    reason of every action not legal then and of every near miss; the views at the start,
    half way through and at the end; the notation of every legal action."""
    seed = GAMES.index((variant, players, list(specs)))
    positions = WORDING.match_game(Blueprints.variants[variant], specs, seed)
    half = positions[0].game.max_game_length(players) // 2
    moves = positions[1:]
    return Played(
        frozenset(event for state in moves for seat in seats(state)
                  if (event := state.log_event(len(state.history) - 1, seat)) is not None),
        frozenset(reason for state in moves if (len(state.history) - 1) % SAMPLE == 0
                  or state.is_over for reason in refusal_events(state, MISSES)),
        [state.view(seat) for state in positions
         if state is positions[0] or len(state.history) == half or state.is_over
         for seat in seats(state)],
        {str(action) for state in positions for action in state.legal_actions()})


def all_played() -> list[Played]:
    return [play(variant, players, tuple(specs)) for variant, players, specs in GAMES]


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_log_event_and_refusal_is_worded(game: int) -> None:
    played = play(*GAMES[game][:2], tuple(GAMES[game][2]))
    assert played.logged and played.refusals
    CHECK.assert_worded(played.logged | played.refusals)


def breakdown_labels(played: Played) -> set[Event]:
    """The labels of the score breakdown of a game's end (events of its rounds)."""
    return {label for view in played.views if view["is_over"]
            for seat in Blueprints.score_labels(view) for label in seat
            if isinstance(label, Event)}


def test_every_event_of_the_catalogue_is_met() -> None:
    """The games above say every event key of the catalogue (so each one is tested), the
    score breakdown's labels included; no ``line.*`` template is left."""
    found = set().union(*(p.logged | p.refusals | breakdown_labels(p) for p in all_played()))
    CHECK.assert_worded(set().union(*map(breakdown_labels, all_played())))
    english = catalogue(DOMAIN, LANGUAGES[0])
    assert not [key for key in english if key.startswith("line.")]
    assert CHECK.unmet(DOMAIN, found) == set()  # (the rules page's notation: no event)
    assert Event.of("core.over", action="remove") in found


def test_events_in_english_are_the_old_lines() -> None:
    """The English catalogue words events as the engine wrote them before events (the
    notation for the log, ``builds (hidden)`` for another seat's build, the old sentences
    for refusals): goldens and records rely on it."""
    state = games.load(DOMAIN).start(players=2, seed=4)
    take = next(a for a in state.legal_actions())
    state.apply(take)
    place = state.legal_actions()[0]
    state.apply(place)
    assert state.log_line(0, None) == str(take) and state.log_line(1, 0) == "builds (hidden)"
    assert state.log_line(1, 1) == str(place)
    assert state.log_event(1, 0) == events.HIDDEN_BUILD
    reason = state.check(state.game.parse_notation("remove"))
    assert reason is not None and reason.startswith("'remove' is not legal now: seat ")
    with pytest.raises(IllegalAction) as raised:
        state.game.parse_notation("take Q9")
    assert str(raised.value) == ("a die is a material letter (W wood, R recycled, S stone, "
                                 "G glass) and a value 1-6, e.g. G5 (got 'Q9')")
    assert word(raised.value.event, "en") == str(raised.value)


def test_events_in_polish_and_hungarian() -> None:
    pl, hu = Translator(DOMAIN, "pl"), Translator(DOMAIN, "hu")
    take = games.load(DOMAIN).parse_notation("take W3")
    assert pl.event(events.log_event(take)) == "bierze kość: drewno 3"
    assert hu.event(events.log_event(take)) == "elvesz egy kockát: fa 3"
    assert pl.param(events.dice([parse_die("G5"), parse_die("R1")])) == "szkło 5, recykling 1"
    assert pl.event(events.HIDDEN_BUILD) == "buduje (ukryte)"


@pytest.mark.parametrize("lang", LANGS)
def test_every_legal_action_has_an_imperative_label(lang: str) -> None:
    """Every legal action of every position of the games is matched by an ``action.*``
    template, and its button reads otherwise than its notation and its log line (which
    tells in the third person what a seat did)."""
    notations = set().union(*(p.actions for p in all_played()))
    assert {"remove", "take G5", "discard R3", "place r2c1"} <= notations
    tr = Translator(DOMAIN, lang)
    for text in sorted(notations):
        assert match(DOMAIN, text, ACTION) is not None, text
        label = tr.action(text)
        logged = tr.event(events.log_event(games.load(DOMAIN).parse_notation(text)))
        assert label not in (text, logged), (lang, text, label)


def test_action_labels_in_polish_and_hungarian() -> None:
    pl, hu = Translator(DOMAIN, "pl"), Translator(DOMAIN, "hu")
    assert pl.action("take W3") == "weź drewnianą kość o wartości 3"
    assert pl.action("discard R1") == "odrzuć kość z recyklingu o wartości 1"
    assert pl.action("place r2c1") == "połóż kość na polu: rząd 2, kolumna 1"
    assert pl.action("remove") == "usuń wziętą kość (nigdzie nie pasuje)"
    assert hu.action("take G5") == "vegyél el egy 5 értékű üvegkockát"
    assert hu.action("discard S6") == "dobj el egy 6 értékű kőkockát"
    assert hu.action("place r3c2") == "rakd le a kockát ide: 3. sor, 2. oszlop"
    assert hu.action("remove") == "távolítsd el a sehová sem férő kockát"
    assert Translator(DOMAIN, "en").action("take G5") == "take a die: glass 5"


def test_a_placement_names_its_cell_as_the_board_does() -> None:
    """Row and column, as the board's cells read, in every language; the notation's
    ``r2c1`` only in the kernel's English."""
    place = events.log_event((events.PLACE, 2))  # row 2, column 1
    assert [word(place, lang) for lang in LANGUAGES] == [
        "place r2c1", "kładzie kość na polu: rząd 2, kolumna 1",
        "lerakja a kockát ide: 2. sor, 1. oszlop"]
    assert Translator(DOMAIN, "en").event(place, "said") == "places the die on row 2, column 1"


def test_a_refused_placement_names_its_cell_as_the_board_does() -> None:
    """A die refused on a hatched cell, or on a higher die: the cell in row and column in
    every language (the action quoted as typed)."""
    state = games.load(DOMAIN).start(players=2, seed=1)
    while not any(str(a).startswith("place") for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    hatched = state.layouts[state.to_move].index(False)  # (0: row 1, column 1)
    reason = state.refusal(state.game.parse_notation(f"place r1c{hatched + 1}"))
    assert reason is not None and reason.key == "blueprints.hatched"
    assert [word(reason, lang) for lang in LANGUAGES] == [
        f"'place r1c{hatched + 1}' is not legal: row 1, column {hatched + 1} is hatched on "
        "your blueprint: no die may go there",
        f"Ruch 'place r1c{hatched + 1}' jest niedozwolony: pole (rząd 1, kolumna "
        f"{hatched + 1}) jest zakreskowane na twoim Projekcie: nie można tam położyć kości",
        f"Nem szabályos lépés ('place r1c{hatched + 1}'): ez a mező (1. sor, {hatched + 1}. "
        "oszlop) vonalkázott a Tervrajzodon: oda nem kerülhet kocka"]


def test_a_refusal_reads_naturally() -> None:
    state = games.load(DOMAIN).start(players=2, seed=4)
    reason = state.refusal(state.game.parse_notation("remove"))
    assert reason is not None
    assert word(reason, "pl").startswith(
        "Ruch 'remove' jest teraz niedozwolony: miejsce 2 musi wziąć kość z puli")
    assert word(reason, "hu").startswith(
        "Most nem szabályos lépés ('remove'): 2. hely: vegyen el egy kockát")


@pytest.mark.parametrize("lang", LANGS)
def test_boards_speak_the_language(lang: str) -> None:
    tr = Translator(DOMAIN, lang)
    for played in all_played():
        for view in played.views:
            WORDING.check_board(draw(view, tr), lang)


def test_the_polish_board_uses_the_rulebooks_words() -> None:
    views = [v for p in all_played() for v in p.views if v["is_over"] and v["seat"] == 0]
    board = draw(views[0], Translator(DOMAIN, "pl"))
    for words in ("Pożądane Materiały", "Pula (", "Twój Projekt", "Gracze",
                  "Wynik końcowy (PZ)", "Trofeum", "od dołu do góry"):
        assert words in board, words


def test_the_checks_catch_english_and_keys() -> None:
    """The checks above fail on an English board (they are not vacuous)."""
    WORDING.assert_checks_bite(draw(games.load(DOMAIN).start(players=2, seed=4).view(0)))
