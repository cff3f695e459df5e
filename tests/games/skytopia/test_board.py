"""The Skytopia SVG board: valid XML, only legal actions clickable (every one of them has
a piece: Market cards, value chips, golems, Towers, column headings and the decision
panel's buttons), labels on every piece, no card the view does not name."""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from functools import partial
from typing import Any

import pytest

from towerplay import games
from towerplay.games.skytopia.board import draw

from tests.games.boards import SVG, check_escaped_and_phone_wide, check_labels, pieces
from tests.games.boards import positions as board_positions

IDENT = re.compile(r"\b[A-Z]{3}-\d\d\b")
DRAFT = {"abilities": "draft", "sides": "choose", "preliminary_turn": True}


positions = partial(board_positions, "skytopia", every=5)
"""A seeded random game's positions: every 5th (or ``every=N``), and the end."""


CASES = [({}, 2, 1), ({}, 3, 2), (DRAFT, 4, 3), ({"sides": "b", "market_size": 3}, 4, 4),
         (DRAFT, 2, 5)]


@pytest.mark.slow
@pytest.mark.parametrize(("options", "players", "seed"), CASES)
def test_every_legal_action_and_nothing_else_is_clickable(
        options: dict[str, Any], players: int, seed: int) -> None:
    kinds: set[str] = set()
    for state in positions(options, players, seed, every=1):
        mover = state.to_move
        for seat in ([mover, None] if mover is not None else [None]):
            view = state.view(seat)
            root = ET.fromstring(draw(view))
            found = pieces(root)
            for piece in found:
                check_labels(piece)
            actions = {p.get("data-action") or "" for p in found}
            if seat is not None:
                assert actions == set(view["legal"])  # no exceptions: all have a piece
                kinds |= {a.split()[0] for a in actions}
            else:
                assert not found
    assert {"place", "use", "skip"} <= kinds  # the common decisions were exercised


@pytest.mark.parametrize(("options", "players", "seed"), CASES[:3])
def test_off_turn_seats_get_nothing_to_click(options: dict[str, Any], players: int,
                                            seed: int) -> None:
    for state in positions(options, players, seed, every=7):
        for seat in range(players):
            if seat != state.to_move:
                assert "data-action" not in draw(state.view(seat))


def test_only_cards_the_view_names_and_not_the_decks_order() -> None:
    """The decks' order is the only secret: a re-dealt (determinized) position draws the
    same board, and every card ident on the board is one the view names."""
    for state in positions({}, 3, 6, every=9):
        for seat in [0, 1, 2, None]:
            view = state.view(seat)
            board = draw(view)
            assert set(IDENT.findall(board)) <= set(view["cards"])
            if seat is not None and not state.is_over:
                other = state.determinize(seat, random.Random(1))
                assert draw(other.view(seat)) == board


def test_placement_chips_name_cost_and_rounds() -> None:
    state = games.load("skytopia").start(players=2, seed=1)
    view = state.view(state.to_move)
    root = ET.fromstring(draw(view))
    rounds = {v: d for d, v in enumerate(view["chronometer"])}
    chips = [p for p in pieces(root) if (p.get("data-action") or "").startswith("place ")]
    assert chips
    for chip in chips:
        value = int((chip.get("data-action") or "")[-1])
        assert (f"{view['costs'][str(value)]} coins, {rounds[value]} rounds"
                in (chip.get("aria-label") or ""))


def test_view_text_is_escaped_and_panels_fit_a_phone() -> None:
    state = games.load("skytopia").start(players=2, seed=3)
    view = state.view(0)
    view["guild_texts"] = ["<img src=x onerror=alert(1)>"]
    check_escaped_and_phone_wide(draw(view), "<img", "&lt;img")


def test_end_shows_winners_and_int_scores() -> None:
    *_, end = positions({}, 2, 8, every=1000)
    view = end.view(None)
    board = draw(view)
    assert "Game over" in board
    for score in view["scores"]:
        assert isinstance(score, int) and f"= {score}<" in board


def test_row_choices_sit_where_the_row_is() -> None:
    """``row`` names the mover's Tower card at the same height in Phase 1 (its city
    panel) and a Market row in Phase 2 (the Market panel)."""
    seen = set()
    for seed in range(30):
        for state in positions({}, 3, seed, every=1):
            view = state.view(state.to_move)
            if not any(a.startswith("row ") for a in view.get("legal", ())):
                continue
            phase1 = view["phase"].startswith("phase 1")
            for panel in ET.fromstring(draw(view)).iter(f"{SVG}svg"):
                rows = [p for p in pieces(panel)
                        if (p.get("data-action") or "").startswith("row ")]
                where = panel.get("aria-label") or ""
                if rows:
                    assert where == (f"seat {state.to_move + 1} (you)'s city" if phase1
                                     else "the Market")
                    seen.add(phase1)
        if seen == {True, False}:
            return
    pytest.fail(f"row choices not seen in both phases (phase 1 seen: {seen})")


@pytest.mark.parametrize("lang", ["pl", "hu"])
def test_golem_moves_and_turns_are_words_with_icons_not_codes(lang: str) -> None:
    """A ``turn`` button says how many steps and a ``move`` button the card's place, in the
    reader's language, beside an icon; never ``+1`` or ``→ 2``; the golem is named once,
    by its place, not "Golema golem na polu" (issue #43)."""
    from towerplay.server.boards import draw as draw_in

    seen: set[str] = set()
    twice = re.compile(r"g[oó]lem\w*\W+(?:\w+\W+)?g[oó]lem", re.IGNORECASE)
    for seed in range(40):
        for state in positions({}, 2, seed, every=1):
            view = state.view(state.to_move)
            board = draw_in(view, lang)
            said = " ".join(ET.fromstring(f"<div>{board}</div>").itertext())
            assert not twice.search(said), twice.search(said)  # not "Golema golem na polu"
            for piece in pieces(board):
                verb = (piece.get("data-action") or "").split()[0]
                if verb not in ("turn", "move"):
                    continue
                label = piece.get("aria-label") or ""
                assert not twice.search(label), label
                caption = "".join(t.text or "" for t in piece.iter(f"{SVG}text"))
                assert re.search(r"[^\W\d_]{3,}", caption), caption
                assert not re.fullmatch(r"[+→]\s*\d", caption.strip()), caption
                assert piece.find(f".//{SVG}path") is not None  # the icon
                seen.add(verb)
        if seen == {"turn", "move"}:
            return
    pytest.fail(f"golem moves and turns not both seen: {seen}")


@pytest.mark.parametrize("lang", ["en", "pl", "hu"])
def test_golems_to_take_back_or_send_home_are_told_apart_by_their_place(lang: str) -> None:
    """Two golems may show one value: the buttons that take one back or send one home name
    its place too (``golem 5 · blue 2``), so no two of them read alike."""
    from towerplay.server.boards import draw as draw_in

    for seed in range(60):
        for state in positions({}, 2, seed, every=1):
            view = state.view(state.to_move)
            chosen = [a for a in view.get("legal", ())
                      if a.split()[0] in ("back", "recall")]
            values = [a.split()[1].partition(":")[2] for a in chosen]
            if len(set(values)) == len(values):
                continue  # no two golems alike here
            captions = {piece.get("data-action"):
                        "".join(t.text or "" for t in piece.iter(f"{SVG}text"))
                        for piece in pieces(draw_in(view, lang))
                        if piece.get("data-action") in chosen}
            assert sorted(captions) == sorted(chosen)
            assert len(set(captions.values())) == len(chosen), captions
            return
    pytest.fail("no position with two golems of one value to take back or send home")
