"""5 Towers in Polish and Hungarian: every log line any seat or a spectator sees and every
refusal the game gives (its reasons and the notation's errors) has a template in the
five_towers catalogue and reads without English, and the boards drawn in those languages
show no key, no English phrase and no English suit name.

Games: seeded random playouts and games of greedy bots (one random seat) for 2 to 5
players under both values of the game's one option, ``rebid`` (feasible, physical).
"""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from functools import cache
from typing import Any

import pytest

from tests.games.five_towers.near_misses import NEAR_MISSES
from tests.games.five_towers.util import play, position
from towerplay import games
from towerplay.arena import play_match
from towerplay.core import State
from towerplay.core.errors import IllegalAction
from towerplay.games.five_towers.board import draw
from towerplay.games.five_towers.cards import BID, SUITS
from towerplay.games.five_towers.state import BIDDING
from towerplay.i18n import Translator, catalogue

LANGS = ("pl", "hu")
GAMES = [({"rebid": rebid}, players, seed) for rebid in ("feasible", "physical")
         for players in (2, 3, 4, 5) for seed in (players, 10 + players)]
REFUSALS_EVERY = 7
"""Refusals are asked at every 7th position (of 173 actions) and at the end."""
PLURAL = (".one", ".few", ".many", ".other")
ENGLISH_SUIT = re.compile(rf"\b({'|'.join(SUITS)})")
NOTATION = re.compile(rf"(take|place|teardown) ({'|'.join(SUITS)})|no-teardown")
"""An action's notation (``place sand`` of ``place sand7``): the same in every language."""


def random_game(options: dict[str, Any], players: int, seed: int) -> list[State[Any]]:
    """Every position of a seeded random playout (copies), the end included."""
    state = games.load("five_towers", **options).start(players=players, seed=seed)
    rng = random.Random(seed)
    found = [state.copy()]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        found.append(state.copy())
    return found


def greedy_game(options: dict[str, Any], players: int, seed: int) -> list[State[Any]]:
    """Every position of a game of greedy bots (and one random seat)."""
    game = games.load("five_towers", **options)
    found = [game.start(players=players, seed=seed)]
    play_match(game, ["random"] + ["greedy"] * (players - 1), seed,
               on_move=lambda state, _: found.append(state.copy()))
    return found


@cache
def played(game: int) -> tuple[list[State[Any]], list[State[Any]]]:
    """The positions of ``GAMES[game]`` played at random and by greedy bots."""
    return random_game(*GAMES[game]), greedy_game(*GAMES[game])


def log_lines(state: State[Any]) -> set[str]:
    """Every line any seat or a spectator sees of the game so far."""
    return {line for index in range(len(state.history))
            for seat in [None, *range(state.players)]
            if (line := state.log_line(index, seat)) is not None}


def refusals(state: State[Any]) -> set[str]:
    """The reason of every action of the action space that is not legal now, and the
    notation's errors for almost-right texts (what the server sends back for each)."""
    legal = set(state.legal_actions())
    found = {reason for action in state.game.action_space if action not in legal
             and (reason := state.check(action)) is not None}
    for text in NEAR_MISSES:
        try:
            state.game.parse_action(state, text)
        except IllegalAction as error:
            found.add(str(error))
    return found


@cache
def provoked(game: int) -> tuple[frozenset[str], frozenset[str]]:
    """The log lines and the refusals of ``GAMES[game]``."""
    lines: set[str] = set()
    reasons: set[str] = set()
    for positions in played(game):
        for state in positions[::REFUSALS_EVERY] + positions[-1:]:
            reasons |= refusals(state)
        lines |= log_lines(positions[-1])
    return frozenset(lines), frozenset(reasons)


def rare_refusals() -> set[str]:
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
    found = {str(state.check(BID[0])),
             str(state.check("take sand7"))}  # type: ignore[arg-type]  # not an Action
    with pytest.raises(IllegalAction) as raised:
        state.game.parse_notation(17)  # type: ignore[arg-type]
    return found | {str(raised.value)}


@cache
def english_phrases(lang: str) -> frozenset[str]:
    """The English catalogue's phrases of two words or more (the parts between fields;
    quoted notation and the notation of the log's actions aside) that ``lang`` words
    differently."""
    english, other = catalogue("five_towers", "en"), catalogue("five_towers", lang)
    found = set()
    for key, text in english.items():
        for chunk in re.split(r"\{\w+\}|'[^']*'", text):
            chunk = chunk.strip(" ,;:·()?—.")
            if len(re.findall(r"[A-Za-z]{2,}", chunk)) >= 2 and chunk not in other.get(
                    key, "") and not NOTATION.fullmatch(chunk):
                found.add(chunk)
    return frozenset(found)


def assert_worded(lines: Iterable[str]) -> None:
    """Each line has a template in Polish and Hungarian, and its translation is another
    line that keeps no English phrase."""
    for lang in LANGS:
        tr = Translator("five_towers", lang)
        for line in lines:
            assert tr.untranslated(line) == [], (lang, line)
            worded = tr.line(line)
            assert worded != line, (lang, line)
            assert not [p for p in english_phrases(lang) if p in worded], (lang, worded)


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_log_line_and_refusal_has_a_template(game: int) -> None:
    lines, reasons = provoked(game)
    assert lines and reasons
    assert_worded(lines | reasons)


def test_every_template_is_met() -> None:
    """The games above and the rare refusals provoke every line template of the
    catalogue, so each one is tested."""
    tr = Translator("five_towers", "pl")
    texts = set().union(*(set().union(*provoked(game)) for game in range(len(GAMES))))
    texts |= rare_refusals()
    met = {found[0] for text in texts
           if (found := tr._match(text))}  # noqa: SLF001 (which template it is)
    english = catalogue("five_towers", "en")
    assert {k for k in english if k.startswith("line.")} - met == set()
    assert_worded(rare_refusals())


def test_lines_in_polish_and_hungarian() -> None:
    pl, hu = Translator("five_towers", "pl"), Translator("five_towers", "hu")
    assert [pl.line(f"bid {n}") for n in (1, 2, 5)] == [
        "licytuje 1 kartę", "licytuje 2 karty", "licytuje 5 kart"]
    assert pl.line("take sand7") == "bierze piaskową 7"
    assert pl.line("teardown tree") == "usuwa wierzchnią kartę z wieży roślinnej"
    assert hu.line("teardown candy") == "lebontja az édességtornya legfelső kártyáját"
    assert hu.line("place scrap12") == "beépít egy kártyát: hulladék 12"
    state = games.load("five_towers").start(players=2, seed=1)
    reason = state.check(state.game.parse_notation("pass"))
    assert reason == ("'pass' is not legal: the start player opens the auction and may not "
                      "pass: bid 0 to 5")
    assert pl.line(reason) == ("Ruch „pass” jest niedozwolony: gracz rozpoczynający otwiera "
                               "licytację i nie może spasować: zalicytuj od 0 do 5")
    assert hu.line(reason).startswith("A „pass” lépés nem szabályos: a kezdőjátékos")
    assert Translator("five_towers", "en").line(reason) == reason


# ----------------------------------------------------------------- boards
def visible(board: str) -> list[str]:
    """Every text a person sees or hears on a board: texts, titles, aria-labels."""
    root = ET.fromstring(board)
    return [t for e in root.iter() for t in (e.text, e.get("aria-label")) if t]


def check_board(board: str, lang: str) -> None:
    """No key, no template, no English phrase and no English suit name in any text of
    ``board``."""
    english = catalogue("five_towers", "en")
    keys = set(english) | {k.rsplit(".", 1)[0] for k in english if k.endswith(PLURAL)}
    for text in visible(board):
        assert "term." not in text and "line." not in text, (lang, text)
        assert text not in keys, (lang, text)
        assert not any(phrase in text for phrase in english_phrases(lang)), (lang, text)
        assert not ENGLISH_SUIT.search(text), (lang, text)


@pytest.mark.parametrize("game", range(0, len(GAMES), 2))
@pytest.mark.parametrize("lang", LANGS)
def test_boards_have_no_key_and_no_english(game: int, lang: str) -> None:
    """The start, every 10th position and the end of a random game and of a greedy one,
    for every seat and a spectator."""
    tr = Translator("five_towers", lang)
    for positions in played(game):
        for state in [*positions[::10], positions[-1]]:
            for seat in [None, *range(state.players)]:
                board = draw(state.view(seat), tr)
                check_board(board, lang)
                assert f">{tr('auction')}<" in board or state.is_over


def test_the_checks_catch_english_and_keys() -> None:
    """The checks above fail on an English board and on an untranslated line (they are
    not vacuous)."""
    state = games.load("five_towers").start(players=3, seed=2)
    for lang in LANGS:
        with pytest.raises(AssertionError):
            check_board(draw(state.view(0)), lang)
        assert english_phrases(lang)
    with pytest.raises(AssertionError):
        assert_worded(["the engine never writes this line"])
