"""Hidden information: before a round is scored a seat sees its own blueprint and building
and nobody else's; the dice each player took are public. Views, the log, the terminal
picture and error messages must not leak; determinize must re-guess consistently."""
from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from towerplay import games
from towerplay.core import Event, IllegalAction
from towerplay.games.blueprints import events
from towerplay.games.blueprints.cards import blueprint_text
from towerplay.games.blueprints.render import draw
from towerplay.games.blueprints.scoring import EMPTY, building_text
from towerplay.games.blueprints.state import (
    DISCARD,
    HIDDEN_BUILD,
    PLACE,
    REMOVE,
    TAKE,
    BlueprintsState,
    stacked,
)

from tests.games.blueprints.util import start

GARBAGE = ["place r1c1", "place r3c2", "remove", "take W1", "discard G6", "xyzzy", ""]


def positions(players: int, seed: int, every: int = 5):
    """Copies of the positions of one seeded random game (every few actions)."""
    state = start(players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        if len(state.history) % every == 0:
            yield state.copy()
        state.apply(rng.choice(state.legal_actions()))


def errors(state, texts) -> dict[str, str]:
    out = {}
    for text in texts:
        try:
            state.copy().apply(text)
        except IllegalAction as error:
            out[text] = str(error)
    return out


def all_action_texts(state) -> list[str]:
    game = state.game
    return [str(game.action_from_id(i)) for i in range(game.num_actions)] + GARBAGE


def leaks(game, players: int, seeds=range(3)) -> tuple[int, int, int]:
    """(mismatches, comparisons, worlds whose hidden parts differ): two worlds that differ
    only in what a viewer cannot know must look the same to it (view, picture, log, errors)."""
    mismatches = compared = changed = 0
    for seed in seeds:
        state = game.start(players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if len(state.history) % 7 == 0:
                for viewer in range(players):
                    world = state.determinize(viewer, random.Random(compared))
                    compared += 1
                    # a refusal goes to the seat to move only (it may name its own building)
                    texts = all_action_texts(state) if viewer == state.to_move else []
                    mine, theirs = errors(state, texts), errors(world, texts)
                    same = (world.view(viewer) == state.view(viewer)
                            and draw(world.view(viewer)) == draw(state.view(viewer))
                            and world.log(viewer) == state.log(viewer)
                            and all(mine[t] == theirs[t] for t in mine.keys() & theirs.keys()))
                    mismatches += not same
                    if any(world.cards[s] != state.cards[s]
                           or world.buildings[s] != state.buildings[s]
                           for s in range(players) if s != viewer):
                        changed += 1
            state.apply(rng.choice(state.legal_actions()))
    return mismatches, compared, changed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nothing_a_seat_sees_depends_on_other_seats_hidden_buildings(players: int) -> None:
    mismatches, compared, changed = leaks(games.load("blueprints"), players)
    assert mismatches == 0
    # the check means something only if the hidden parts did differ
    assert changed > 0.8 * compared


@pytest.mark.parametrize("players", [2, 4])
def test_no_leak_with_the_flags_that_change_what_is_legal_or_shown(players: int) -> None:
    game = games.load("blueprints", unplaceable="deliberate", awards_public=False)
    mismatches, compared, changed = leaks(game, players, seeds=range(2))
    assert mismatches == 0 and changed > 0.8 * compared


class LeakyViewState(BlueprintsState):
    __slots__ = ()

    def sees_building(self, viewer, seat) -> bool:
        return True


class LeakyLogState(BlueprintsState):
    __slots__ = ()

    def _log_event(self, index, seat):
        return events.log_event(self.history[index])


class LeakyErrorState(BlueprintsState):
    __slots__ = ()

    def _refusal(self, action, legal):  # names the next seat's building
        seat = ((self.to_move or 0) + 1) % self.players
        return Event.of("blueprints.hatched", action=str(action),
                        cell=building_text(self.buildings[seat]))


@pytest.mark.parametrize("leaky", [LeakyViewState, LeakyLogState, LeakyErrorState])
def test_the_leak_check_catches_a_leaky_engine(leaky) -> None:
    game = games.load("blueprints")
    game.state_type = leaky  # this game object only
    assert leaks(game, 3, seeds=range(2))[0] > 0


@pytest.mark.parametrize("players", [2, 4])
def test_other_blueprints_and_buildings_never_appear_before_scoring(players: int) -> None:
    for seed in range(4):
        for state in positions(players, seed, every=3):
            for viewer in [None, *range(players)]:
                view = state.view(viewer)
                shown = json.dumps(view) + draw(state.view(viewer)) + "\n".join(state.log(viewer))
                for seat in range(players):
                    if seat == viewer:
                        assert view["seats"][seat]["blueprint"] == blueprint_text(
                            state.layouts[seat])
                        continue
                    assert view["seats"][seat]["blueprint"] is None
                    assert view["seats"][seat]["building"] is None
                    assert view["seats"][seat]["removed"] is None
                    assert blueprint_text(state.layouts[seat]) not in shown
                    if sum(map(len, state.buildings[seat])) >= 2:
                        assert building_text(state.buildings[seat]) not in shown


def test_the_log_hides_other_placements_until_the_round_is_scored() -> None:
    state = start(3, seed=4)
    rng = random.Random(4)
    while state.round == 0:
        state.apply(rng.choice(state.legal_actions()))
        log0 = state.log(0)
        if state.round == 0:
            hidden = [line for line in log0 if line.endswith(HIDDEN_BUILD)]
            assert all(not line.startswith("0:") for line in hidden)
            assert not any(line.startswith(("1: place", "2: place", "1: remove", "2: remove"))
                           for line in log0)
    # round 1 is scored: every placement of it is now public
    round1 = state.log(0)[:state.round_start]
    assert HIDDEN_BUILD not in "\n".join(round1)
    assert sum(line.split(": ")[1].startswith(("place", "remove")) for line in round1) == 18


def test_errors_never_list_where_a_hidden_die_could_go() -> None:
    state = start(2, seed=2)
    state.apply(state.legal_actions()[0])
    seat = state.to_move
    with pytest.raises(IllegalAction) as info:
        state.apply("take W1")
    message = str(info.value)
    assert not re.search(r"r[1-3]c[12]", message)
    assert blueprint_text(state.layouts[seat]) not in message


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_guesses_consistently_with_the_public_takes(players: int) -> None:
    for seed in range(3):
        for state in positions(players, seed, every=4):
            viewer = (state.to_move or 0)
            world = state.determinize(viewer, random.Random(seed))
            assert world.cards[viewer] == state.cards[viewer]
            assert world.buildings[viewer] == state.buildings[viewer]
            cards = world.cards
            assert len(set(cards)) == players and not set(cards) & set(world.used)
            assert world.bag == state.bag and world.pool == state.pool
            for seat in range(players):
                # the guessed building holds exactly the dice the seat took (and placed)
                held = [world.hand] if world.to_move == seat and world.step == "place" else []
                dice = [d for stack in world.buildings[seat] for d in stack]
                assert Counter(dice + list(world.removed[seat]) + held) == \
                    Counter(world.taken[seat])
                # the rewritten history replays to the guessed building, legally stacked
                building, die = EMPTY, -1
                for index in range(world.round_start, len(world.history)):
                    if world.movers[index] != seat:
                        continue
                    kind, arg = world.history[index]
                    if kind == TAKE:
                        die = arg
                    elif kind == PLACE:
                        assert world.layouts[seat][arg]
                        assert not building[arg] or building[arg][-1] >> 2 <= die >> 2
                        building = stacked(building, arg, die)
                    else:
                        assert kind in (REMOVE, DISCARD)
                assert building == world.buildings[seat]
            # the world plays on to the end
            rng = random.Random(1)
            while not world.is_over:
                world.apply(rng.choice(world.legal_actions()))


def test_determinize_hides_the_future_draws() -> None:
    state = start(3, seed=9)
    futures = {state.determinize(0, random.Random(i)).queue[state.drawn:] for i in range(20)}
    assert len(futures) > 15
    assert all(sorted(d & 3 for d in f) == sorted(d & 3 for d in state.queue[state.drawn:])
               for f in futures), "the bag's contents are public, only its order is hidden"


def test_spectator_determinize_redeals_every_seat() -> None:
    state = start(4, seed=3)
    world = state.determinize(None, random.Random(0))
    assert world.view(None) == state.view(None)
    assert len(set(world.cards)) == 4


def test_awards_public_false_hides_other_seats_cards_until_the_end() -> None:
    state = start(2, seed=5, awards_public=False)
    rng = random.Random(0)
    while state.round == 0:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert view["seats"][1]["cards"] is None and view["seats"][0]["cards"] is not None
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.view(0)["seats"][1]["cards"] == list(state.won[1])
