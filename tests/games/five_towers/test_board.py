"""The web app's 5 Towers board (``board.draw``): well-formed SVG, a clickable piece for
every legal action and for nothing else, keyboard-reachable and labelled pieces, suits not
told by colour alone, and nothing but what the view shows."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from towerplay import games
from towerplay.core.state import State
from towerplay.games.five_towers.board import draw
from towerplay.i18n import translator

from tests.games.boards import SVG, pieces


def positions(players: int, rebid: str, seed: int) -> Iterator[State[Any]]:
    """Every position of one random game (copies)."""
    state = games.load("five_towers", rebid=rebid).start(players=players, seed=seed)
    rng = random.Random(seed)
    yield state.copy()
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        yield state.copy()


@pytest.mark.slow
@pytest.mark.parametrize(("players", "rebid", "seed"),
                         [(2, "feasible", 1), (4, "physical", 3), (3, "physical", 5)])
def test_every_legal_action_and_nothing_else_is_clickable(players: int, rebid: str,
                                                           seed: int) -> None:
    for state in positions(players, rebid, seed):
        for seat in [None, *range(players)]:
            view = state.view(seat, log=False, legal=True)  # (the board draws no log)
            actions = [e.attrib["data-action"] for e in pieces(draw(view))]
            legal = ({str(a) for a in state.legal_actions()}
                     if seat is not None and seat == state.to_move else set())
            assert set(actions) == legal, (seat, view["phase"])


def test_clickable_pieces_are_labelled_and_keyboard_reachable() -> None:
    seen = set()
    for state in positions(3, "feasible", 7):
        if state.is_over:
            break
        for piece in pieces(draw(state.view(state.to_move))):
            action = piece.attrib["data-action"]
            seen.add(action.split()[0])
            assert piece.attrib["tabindex"] == "0" and piece.attrib["role"] == "button"
            assert piece.attrib["aria-label"]
            title = piece.find(f"{SVG}title")
            assert title is not None and title.text
    assert seen >= {"bid", "take", "place", "no-teardown"}


def test_place_on_a_tower_puts_the_highest_taken_card_of_its_suit_first() -> None:
    state = games.load("five_towers").start(players=2, seed=11)
    rng = random.Random(0)
    while not state.is_over:
        legal = [str(a) for a in state.legal_actions()]
        places = [a for a in legal if a.startswith("place ")]
        suits = [a.split()[1].rstrip("0123456789") for a in places]
        twice = [s for s in set(suits) if suits.count(s) > 1]
        if twice:
            root = ET.fromstring(draw(state.view(state.to_move)))
            towers = [e.attrib["data-action"] for e in root.iter()
                      # (the name's label, before the words drawn on the piece)
                      if e.attrib.get("aria-label", "").split(" — ")[0]
                      .endswith(f"your {twice[0]} tower")]
            best = max((a for a in places if twice[0] in a),
                       key=lambda a: int(a.split()[1][len(twice[0]):]))
            assert towers == [best]
            return
        state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no position with two placeable cards of one suit")


def test_every_card_names_its_suit_and_caps_are_marked() -> None:
    view = games.load("five_towers").start(players=2, seed=1).view(None)
    view["towers"][0] = {"candy": [15, 9, 0], "tree": [4]}
    root = ET.fromstring(draw(view))
    texts = ["".join(g.itertext()) for g in root.iter(f"{SVG}g")
             if any(r.attrib.get("class") == "card" for r in g.findall(f"{SVG}rect"))]
    for name in view["display"]:
        assert any(name.rstrip("0123456789") in t for t in texts)
    board = draw(view)
    assert board.count("▲ capped") == 1 and "Seat 1, candy tower: 15-9-0" in board  # seats from 1


def test_a_missing_optional_key_and_float_scores_still_draw() -> None:
    state = next(s for s in positions(3, "feasible", 3) if s.is_over)
    view = state.view(0)
    for key in ("discard", "unbuildable_bids", "breakdown", "torn_cards"):
        view.pop(key, None)
    view["scores"] = [float(s) for s in view["scores"]]
    board = draw(view)
    ET.fromstring(board)
    assert f"score {int(view['scores'][0])} " in board.replace("·", " ")
    assert ".0" not in "".join(ET.fromstring(board).itertext())
    winners = view["winners"]
    assert board.count("★ winner") == len(winners)


def test_unbuildable_bids_are_shown_greyed_and_not_clickable() -> None:
    for state in positions(3, "feasible", 9):
        view = state.view(state.to_move) if state.to_move is not None else {}
        if view.get("unbuildable_bids"):
            board = draw(view)
            blocked = view["unbuildable_bids"][0]
            assert f"bid {blocked}: you could not build" in board
            assert f'data-action="bid {blocked}"' not in board
            return
    pytest.fail("no position with an unbuildable bid")


def test_the_bid_buttons_start_at_the_panels_edge_however_high_the_bid() -> None:
    """The bids a seat may still make, then ``pass``, stand side by side from the left
    (a bid of 4 to beat left two buttons' gap where 0 to 3 would have been)."""
    seen = set()
    for state in positions(3, "feasible", 4):
        view = state.view(state.to_move, log=False, legal=True) \
            if state.to_move is not None else None
        if view is None or view["phase"] != "bid":
            continue
        root = ET.fromstring(draw(view))
        buttons = sorted((float(rect.get("x", 0)), group.findtext(f"{SVG}text") or "")
                         for group in root.iter(f"{SVG}g") for rect in group.findall(f"{SVG}rect")
                         if rect.get("class") == "btn")  # the bids (greyed too), then pass
        bids = [(x, int(caption)) for x, caption in buttons if caption.isdigit()]
        assert bids and bids[0][0] == 10, buttons
        assert [x for x, _ in bids] == [10 + 49 * i for i in range(len(bids))], buttons
        assert [n for _, n in bids] == sorted(n for _, n in bids)
        seen.add(bids[0][1])
    assert max(seen) >= 2  # a high bid left the low bids out, and no gap


@pytest.mark.parametrize("seed", [1, 2])
def test_the_board_shows_only_what_the_seat_may_know(seed: int) -> None:
    """A seat's board is the same in every state it cannot tell apart (the draw pile's
    order re-dealt), so no hidden card reaches it."""
    rng = random.Random(seed)
    for index, state in enumerate(positions(3, "feasible", seed)):
        if index % 5:
            continue
        for seat in (None, 0, 1, 2):
            redealt = state.determinize(seat, rng)
            assert draw(redealt.view(seat)) == draw(state.view(seat))


def test_kept_drawings_follow_every_change_of_the_view() -> None:
    """The board keeps the drawings of its panels by what they show: a view that differs
    in any shown field draws differently, and the same view again draws the same."""
    state = next(s for s in positions(4, "physical", 3) if not s.is_over and s.view(0)["display"]
                 and s.view(0)["discard"] and s.view(0)["torn_cards"][1])
    view = state.view(0, log=False, legal=True)
    board = draw(view)
    changes = {"names": ["Ala", "Bob", "Cy", "Di"], "score": [5, 6, 7, 8.5],
               "torn": [9, 9, 9, 9], "torn_cards": [[], [], [], []], "discard": [],
               "draw_size": 99, "display": [], "to_move": (view["to_move"] + 1) % 4,
               "towers": [{"sand": [3]}] * 4}
    for key, value in changes.items():
        changed = {**view, key: value}
        assert draw(changed) != board, key
        assert draw(changed) == draw(dict(changed)), key
    assert draw(view) == board


def test_a_towers_tooltip_names_its_seat_as_the_board_does() -> None:
    """A tower's tooltip says whose it is by the seat's name (a person named their seat)
    or label, in the reader's language: never a bare seat number."""
    state = games.load("five_towers").start(players=2, seed=4)
    view = {**state.view(1, log=False, legal=True), "names": ["Ala", None]}
    titles = [t.text or "" for t in ET.fromstring(f"<div>{draw(view)}</div>").iter(
        f"{SVG}title")]
    assert any(t.startswith("Ala, ") for t in titles), titles
    polish = ET.fromstring(f"<div>{draw(view, translator('five_towers', 'pl'))}</div>")
    assert any((t.text or "").startswith("Ala, ") for t in polish.iter(f"{SVG}title"))
