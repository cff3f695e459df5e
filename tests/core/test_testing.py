"""``towerplay.testing`` finds what it is for: a view that leaks, a copy that is not
independent, a record that does not replay, missing words, a board offering what is not
legal; and ``python -m towerplay.testing`` says so in its lines and its exit status."""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from towerplay import games, testing
from towerplay.core import Event, registry
from towerplay.testing import checks
from towerplay.testing.__main__ import main
from towerplay.testing.checks import check_drawing

from tests.toy.game import PilePart, ToyGame, ToyState


class LeakyState(ToyState):
    """Shows every seat the order of the draw pile."""

    __slots__ = ()

    def _view(self, seat: int | None) -> PilePart:
        return {**super()._view(seat), "deck_order": list(self.deck)}  # type: ignore[typeddict-item]


class LeakyGame(ToyGame):
    name = "leaky_pile"
    state_type = LeakyState


class SharedState(ToyState):
    """A copy that shares the hands with its original."""

    __slots__ = ()

    def _copy(self) -> SharedState:
        new = super()._copy()
        new.hands = self.hands
        return new


class SharedGame(ToyGame):
    name = "shared_pile"
    state_type = SharedState


class UnseededGame(ToyGame):
    """Deals from a generator that is not the game's seed: a record cannot replay it."""

    name = "unseeded_pile"

    def _setup(self, state: ToyState) -> None:
        super()._setup(state)
        random.shuffle(state.deck)


@pytest.fixture
def broken() -> Iterator[None]:
    """The broken games above, registered for one test (they would break every generic
    test that loops over the registry)."""
    made = {cls.name: f"{__name__}:{cls.__name__}" for cls in (LeakyGame, SharedGame,
                                                              UnseededGame)}
    for name, target in made.items():
        games.register(name, target)
    yield
    for name in made:
        registry._REGISTRY.pop(name)
    registry._names.cache_clear()


def test_a_leaking_view_is_caught(broken: None) -> None:
    with pytest.raises(testing.ContractError, match="the view leaks"):
        testing.check_hidden(games.load("leaky_pile"), players=2, seed=1)


def test_a_copy_that_shares_its_parts_is_caught(broken: None) -> None:
    with pytest.raises(testing.ContractError, match="copy"):
        testing.check_rules(games.load("shared_pile"), players=2, seed=1)


def test_a_record_that_does_not_replay_is_caught(broken: None) -> None:
    with pytest.raises(testing.ContractError, match="replay"):
        testing.check_records(games.load("unseeded_pile"), players=2, seed=1)


def test_a_game_without_its_words_is_caught(broken: None) -> None:
    """The broken games' package (tests.core) has no catalogues: no title anywhere."""
    with pytest.raises(testing.ContractError, match="no title in en"):
        testing.check_words("leaky_pile")


def test_words_only_in_english_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A translator falls back to English; the check of the words does not."""
    event = Event.of("castle.drawn", count=2)
    english = {"castle.drawn.one": "drew {count}", "castle.drawn.other": "drew {count}"}
    monkeypatch.setattr(checks, "catalogue",
                        lambda domain, lang: english if lang == "en" else {})
    assert checks.worded(event, "en") and not checks.worded(event, "pl")


def test_a_board_that_offers_an_illegal_action_is_caught() -> None:
    view: dict[str, Any] = {"legal": ["play 3"]}
    piece = '<g data-action="{}" role="button" tabindex="0" aria-label="x"/>'
    check_drawing(f"<svg>{piece.format('play 3')}</svg>", view, "here")
    with pytest.raises(testing.ContractError, match="'play 4', which is not legal"):
        check_drawing(f"<svg>{piece.format('play 4')}</svg>", view, "here")
    with pytest.raises(testing.ContractError, match="not well-formed"):
        check_drawing("<svg><g></svg>", view, "here")
    with pytest.raises(testing.ContractError, match="labelled, focusable button"):
        check_drawing('<svg><g data-action="play 3"/></svg>', view, "here")


def test_the_command_passes_a_good_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["toy_pile", "--seeds", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "towerplay.testing toy_pile" and lines[-1] == "6 passed, 0 failed"
    assert [line.split("  ")[1].split(" (")[0] for line in lines[1:-1]] == [
        check.title for check in testing.CHECKS]


def test_the_command_fails_a_broken_game(broken: None, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    assert main(["leaky_pile", "--seeds", "1"]) == 1
    out = capsys.readouterr().out
    assert "FAIL  hidden information: (2 players, default options, seed 0)" in out
    assert "FAIL  words in three languages: no title in en" in out
    assert out.splitlines()[-1] == "4 passed, 2 failed"


def test_the_command_refuses_an_unknown_game_naming_the_known_ones(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chess"]) == 2
    refusal = capsys.readouterr().err
    assert "unknown game 'chess'" in refusal
    assert all(f"('{name}')" in refusal for name in games.names())
