"""5 Towers in Polish and Hungarian: every log line any seat or a spectator sees and every
refusal the game gives (its reasons and the notation's errors) has a template in the
five_towers catalogue and reads without English, and the boards drawn in those languages
show no key, no English phrase and no English suit name.

Games: seeded random playouts and games of greedy bots (one random seat) for 2 to 5
players under both values of the game's one option, ``rebid`` (feasible, physical).
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from tests.games.five_towers.near_misses import NEAR_MISSES
from tests.games.five_towers.util import play, position
from tests.i18n.wording import LANGS, Wording, every_text, log_lines, visible
from towerplay import games
from towerplay.core import State
from towerplay.core.errors import IllegalAction
from towerplay.games.five_towers.board import draw
from towerplay.games.five_towers.cards import BID, SUITS
from towerplay.games.five_towers.state import BIDDING
from towerplay.i18n import ACTION, Translator, match

GAMES = [({"rebid": rebid}, players, seed) for rebid in ("feasible", "physical")
         for players in (2, 3, 4, 5) for seed in (players, 10 + players)]
REFUSALS_EVERY = 7
"""Refusals are asked at every 7th position (of 173 actions) and at the end."""
ENGLISH_SUIT = re.compile(rf"\b({'|'.join(SUITS)})")
NOTATION = re.compile(rf"(take|place|teardown) ({'|'.join(SUITS)})|no-teardown")
"""An action's notation (``place sand`` of ``place sand7``): the same in every language."""
WORDING = Wording("five_towers", NEAR_MISSES, notation=NOTATION.fullmatch)


@cache
def played(game: int) -> tuple[list[State[Any]], list[State[Any]]]:
    """The positions of ``GAMES[game]`` played at random and by greedy bots."""
    return WORDING.random_game(*GAMES[game]), WORDING.greedy_game(*GAMES[game])


@cache
def provoked(game: int) -> tuple[frozenset[str], frozenset[str]]:
    """The log lines and the refusals of ``GAMES[game]``."""
    lines: set[str] = set()
    reasons: set[str] = set()
    for positions in played(game):
        for state in positions[::REFUSALS_EVERY] + positions[-1:]:
            reasons.update(WORDING.refusals(state))
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


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_log_line_and_refusal_has_a_template(game: int) -> None:
    WORDING.assert_provoked(*provoked(game))


def test_every_template_is_met() -> None:
    """The games above and the rare refusals provoke every line template of the
    catalogue, so each one is tested."""
    texts = every_text(provoked, len(GAMES))
    assert WORDING.unmet(texts | rare_refusals()) == set()
    WORDING.assert_worded(rare_refusals())


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
    for lang in LANGS:
        tr = Translator("five_towers", lang)
        for notation in notations:
            label = tr.action(notation)
            assert label not in (notation, tr.line(notation)), (lang, notation, label)


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
    assert Translator("five_towers", "en").action("place scrap12") == "place scrap12"


# ----------------------------------------------------------------- boards
def check_board(board: str, lang: str) -> None:
    """No key, no template, no English phrase and no English suit name in any text of
    ``board``."""
    WORDING.check_board(board, lang)
    for text in visible(board):
        assert not ENGLISH_SUIT.search(text), (lang, text)


@pytest.mark.parametrize("game", range(0, len(GAMES), 2))
@pytest.mark.parametrize("lang", LANGS)
def test_boards_have_no_key_and_no_english(game: int, lang: str) -> None:
    """The start, every 10th position and the end of a random game and of a greedy one,
    for every seat and a spectator."""
    for positions in played(game):
        WORDING.check_boards(positions, 10, draw, lang, check=check_board, shows=lambda
                             state, board, tr: f">{tr('auction')}<" in board or state.is_over)


def test_the_checks_catch_english_and_keys() -> None:
    """The checks above fail on an English board and on an untranslated line (they are
    not vacuous)."""
    state = games.load("five_towers").start(players=3, seed=2)
    WORDING.assert_checks_bite(draw(state.view(0)))
    for lang in LANGS:
        with pytest.raises(AssertionError):
            check_board(draw(state.view(0)), lang)
