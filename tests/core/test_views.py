"""Every game's views have the shape its view type declares (the TypedDict mypy checks
the boards and terminal pictures against): the keys, which of them may be missing, and
each value's type, in every position of whole games, for every seat and the spectator."""
from __future__ import annotations

import random
from functools import cache
from typing import Any, get_args, get_origin

import pytest
from pydantic import TypeAdapter, ValidationError

from towerplay import games
from towerplay.core import State
from towerplay.core.views import View

from tests.conftest import game_variant_cases

CASES = game_variant_cases(default_seeds=1, variant_seeds=1)


def view_type(state_class: type[State[Any]]) -> Any:
    """The view type a state class names as its second type argument (``View`` if none)."""
    for cls in state_class.__mro__:
        for base in getattr(cls, "__orig_bases__", ()):
            if get_origin(base) is State and len(get_args(base)) == 2:
                named = get_args(base)[1]
                return getattr(named, "__forward_arg__", named)
    return View


@cache
def checker(state_class: type[State[Any]]) -> tuple[Any, TypeAdapter[Any]]:
    kind = view_type(state_class)
    if isinstance(kind, str):  # a forward reference: "module.Name" in the game's package
        module, _, name = kind.rpartition(".")
        package = state_class.__module__.rpartition(".")[0]
        kind = getattr(__import__(f"{package}.{module}", fromlist=[name]), name)
    return kind, TypeAdapter(kind)


def check(view: dict[str, Any], kind: Any, adapter: TypeAdapter[Any]) -> None:
    if kind is not View:  # a game that declares its view says every key it writes
        unknown = set(view) - kind.__required_keys__ - kind.__optional_keys__
        assert not unknown, f"keys {sorted(unknown)} are not in {kind.__name__}"
    adapter.validate_python(view, strict=True)


@pytest.mark.parametrize("name,players,options,seed", CASES)
def test_every_view_has_the_declared_shape(name: str, players: int, options: dict[str, Any],
                                           seed: int) -> None:
    state = games.load(name, **options).start(players=players, seed=seed)
    kind, adapter = checker(type(state))
    rng = random.Random(seed)
    while True:
        for seat in [*range(players), None]:
            check(state.view(seat), kind, adapter)
        check(state.view(state.to_move, log=False, legal=True), kind, adapter)
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    # the finishing places (the end's score sheets are in this order): the winners first,
    # a seat ranked above another placed before it, seats that tie sharing a place
    places, keys = state.view(None)["places"], state.ranking()
    assert [s for s in range(players) if places[s] == 0] == state.winners()
    for a in range(players):
        for b in range(players):
            assert (places[a] < places[b]) == (keys[a] > keys[b]), (places, keys)


def test_every_game_declares_its_view_type() -> None:
    for name in games.names():
        kind, _ = checker(games.game_class(name).state_type)
        assert kind is not View and issubclass(kind, dict) and "game" in kind.__required_keys__


def test_a_wrong_value_or_an_undeclared_key_is_caught() -> None:
    """The check can fail: a score given as text, a key no view type declares."""
    state = games.load("castle").start(players=2, seed=1)
    kind, adapter = checker(type(state))
    view: dict[str, Any] = dict(state.view(0))
    with pytest.raises(ValidationError):
        check({**view, "face_down": "45"}, kind, adapter)
    with pytest.raises(AssertionError, match="not in CastleView"):
        check({**view, "secret": 1}, kind, adapter)
    with pytest.raises(ValidationError):  # a required key missing
        check({k: v for k, v in view.items() if k != "castles"}, kind, adapter)
