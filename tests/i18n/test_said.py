"""English as people read it (``towerplay.i18n.SAID``): the pages' and the terminal's log
lines and buttons say moves in words (*takes sand 7*, *places golem 5 on gold 1*), while
the kernel's English (``State.log_line``, refusals, records, OpenSpiel's strings) stays
the notation's words, and Polish and Hungarian are untouched."""
from __future__ import annotations

import re
from typing import Any

import pytest

from towerplay import bots, games
from towerplay.core import IllegalAction, State
from towerplay.i18n import Translator, english

CODES = {
    "five_towers": re.compile(r"\b(candy|scary|tree|scrap|sand)\d|no-teardown|teardown "),
    "skytopia": re.compile(r"\b[bgrp]\d\b|:\d|\bt\d\b(?!\))|^(top|row|tower) |\(E\d+\)"),
    "blueprints": re.compile(r"\b[WRSG]\d|\br\dc\d"),
    "castle": re.compile(r"^(build|return|remove)$|^wizard \d|→"),
}
"""What the notation writes and people's words never do: a card or die as a code, a
Market card's place as letter and row (``g1``, ``g1:5``), a card's effect number
(``Gain 3 PP (E4)``), a bare notation verb."""


def played(name: str, players: int = 2, seed: int = 3) -> State[Any]:
    """A whole game of greedy bots, every seat's choices recorded in its history."""
    state = games.load(name).start(players, seed=seed)
    seats = [bots.load("greedy", seed=seed + seat) for seat in range(players)]
    while not state.is_over:
        state.apply(seats[state.to_move].choose(state, state.to_move))
    return state


@pytest.mark.parametrize("name", sorted(CODES))
def test_english_log_lines_are_words_and_the_kernels_stay_the_notation(name: str) -> None:
    state = played(name)
    said, code = Translator(name, "en"), CODES[name]
    coded = 0
    for index in range(len(state.history)):
        for seat in range(state.players):
            plain = state.log_line(index, seat)
            line = said.logged(state, index, seat)
            assert (plain is None) == (line is None)
            if line is None:
                continue
            assert not code.search(line), (index, line)
            coded += bool(code.search(plain))
    assert coded > len(state.history) // 2  # the kernel's lines are still the notation


@pytest.mark.parametrize("name", sorted(CODES))
def test_english_buttons_are_words(name: str) -> None:
    """Every legal action met in a game gets a worded English label (bids and passes
    read as their notation already)."""
    state = games.load(name).start(2, seed=5)
    seats = [bots.load("greedy", seed=seat) for seat in range(2)]
    said, labelled = Translator(name, "en"), 0
    while not state.is_over:
        for action in state.legal_actions():
            label = said.action(str(action))
            assert not CODES[name].search(label), (str(action), label)
            labelled += label != str(action)
        state.apply(seats[state.to_move].choose(state, state.to_move))
    assert labelled


def test_the_other_languages_and_the_kernels_english_are_unchanged() -> None:
    state = played("five_towers")
    take = next(i for i, action in enumerate(state.history) if str(action).startswith("take"))
    card = str(state.history[take]).split()[1]
    assert state.log_line(take, 0) == f"take {card}"  # records, logs of the search
    suit, value = re.fullmatch(r"([a-z]+)(\d+)", card).groups()  # type: ignore[union-attr]
    assert Translator("five_towers", "en").logged(state, take, 0) == f"takes {suit} {value}"
    assert Translator("five_towers", "pl").logged(state, take, 0).startswith("bierze ")
    assert Translator("five_towers", "pl").action("take sand7") == "weź piaskową 7"
    fresh = games.load("five_towers").start(2, seed=1)
    with pytest.raises(IllegalAction) as refused:
        fresh.apply(fresh.game.parse_notation("teardown sand"))
    assert "'teardown sand'" in str(refused.value)  # quoted as typed
    assert english(refused.value.event) == str(refused.value)


def test_a_skytopia_card_is_named_without_its_effects_number() -> None:
    """The kernel's line names the card as the data does (``use — BLU-05 Gain 3 PP
    (E4)``); people read its name alone, as the board shows it."""
    state = played("skytopia")
    said = Translator("skytopia", "en")
    coded = [(index, line) for index in range(len(state.history))
             if (line := state.log_line(index, 0)) and re.search(r"\(E\d+\)", line)]
    assert coded
    for index, line in coded:
        name = re.search(r"[A-Z]{3}-\d\d ([^·(]+) \(E\d+\)", line)
        assert name is not None, line
        worded = said.logged(state, index, 0)
        assert name.group(1) in worded and "(E" not in worded, (line, worded)
