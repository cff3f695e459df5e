"""Memory and hidden information: what a seat may know, the two memory modes, forgetting
bots, and the guarantee that a card never seen is in no view, log or error message."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from towerplay import bots, games
from towerplay.core import IllegalAction
from towerplay.games.castle.cards import parse_position
from towerplay.games.castle.state import CastleState

from tests.games.castle.positions import position

PROBES = ["build", "return", "remove", "wizard 17", "wizard 1", "reveal a1", "reveal e9",
          "reveal c5", "garbage", "reveal z1"]


def ever_revealed(state: CastleState) -> set[int]:
    """Positions revealed at least once, read from the history (not from the engine)."""
    return {a.arg for a in state.history if a.verb == "reveal"}


def twin(state: CastleState) -> CastleState:
    """The same position with every never-seen card moved to another never-seen place."""
    other = state.copy()
    seen = ever_revealed(state)
    unseen = [p for p in range(45) if other.grid[p] and p not in seen]
    cards = [other.grid[p] for p in unseen]
    for p, card in zip(unseen, cards[1:] + cards[:1], strict=True):
        other.grid[p] = card
    return other


def outward(state: CastleState) -> list[str]:
    """Everything the program shows anyone: views, logs, pictures, legal lists, errors."""
    out = []
    for seat in [None, *range(state.players)]:
        out.append(json.dumps(state.view(seat), sort_keys=True))
        out.append("\n".join(state.log(seat)))
        out.append(games.render_text(state, seat))
    out.append(" ".join(map(str, state.legal_actions())))
    for text in PROBES:
        probe = state.copy()
        try:
            probe.apply(text)
            out.append(f"{text}: ok")
        except IllegalAction as error:
            out.append(f"{text}: {error}")
    return out


def unseen_cards(state: CastleState) -> set[int]:
    seen = ever_revealed(state)
    return {state.grid[p] for p in range(45) if state.grid[p] and p not in seen}


def card_values(view: dict) -> set[int]:
    """Every card number a view states (table, revealed card, castles, box, recent)."""
    values = {v for v in view["table"].values() if isinstance(v, int)}
    values |= {c for castle in view["castles"] for c in castle}
    values |= set(view.get("removed", []))
    values |= {r["card"] for r in view["recent"]}
    if view["revealed"]:
        values.add(view["revealed"]["card"])
    values |= {int(c) for c in view.get("figures", {})}
    return values


OPTIONS = [{"memory": "open"}, {"memory": "hidden"},
           {"variant": "characters", "memory": "open"},
           {"variant": "characters", "memory": "hidden"}]


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 4])
def test_never_seen_cards_do_not_show_anywhere(options: dict, players: int) -> None:
    """Moving the never-seen cards around must not change anything anyone is shown."""
    state = games.load("castle", **options).start(players=players, seed=players)
    rng = random.Random(3)
    steps = 0
    while not state.is_over:
        if steps % 3 == 0:
            other = twin(state)
            assert other.to_json() != state.to_json() or len(unseen_cards(state)) < 2
            assert outward(other) == outward(state)
            hidden = unseen_cards(state)
            for seat in [None, *range(players)]:
                assert not card_values(state.view(seat)) & hidden
        state.apply(rng.choice(state.legal_actions()))
        steps += 1


def test_the_leak_check_can_fail() -> None:
    """A view that showed the grid would be caught by the twin comparison."""
    state = games.load("castle").start(players=2, seed=9)
    state.apply("reveal a1")
    original = CastleState._view

    def leaky(self: CastleState, seat: int | None) -> dict:
        return {**original(self, seat), "debug": list(self.grid)}

    CastleState._view = leaky  # type: ignore[method-assign]
    try:
        assert outward(twin(state)) != outward(state)
    finally:
        CastleState._view = original  # type: ignore[method-assign]


def test_open_memory_shows_every_seen_card_to_everyone() -> None:
    state = position([[1, 30], [1, 20]], {"b2": 25, "b3": 35}, memory="open")
    state.apply("reveal b2")  # 25 < 30 and not below 20: no choice, back face down
    state.apply("reveal b3")
    state.apply("return")  # seat 1 could build 35 but puts it back
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["table"]["b2"] == 25 and view["table"]["b3"] == 35
        assert view["table"]["a1"] == "?"
    assert state.log(0) == ["0: reveal b2: 25 → returned", "1: reveal b3: 35", "1: return"]


def test_hidden_memory_leaves_remembering_to_the_player() -> None:
    state = position([[1, 30], [1, 20]], {"b2": 25, "b3": 35, "b4": 3}, memory="hidden")
    state.apply("reveal b2")
    state.apply("reveal b3")
    state.apply("return")
    state.apply("reveal b4")  # 3: removed
    view = state.view(1)
    assert view["table"]["b2"] == "?" and view["table"]["b3"] == "?"
    assert "removed" not in view and view["removed_count"] == 1
    # the log shows numbers for the last round only (what was just seen), then forgets
    assert state.log(1) == ["0: reveal b2 → returned", "1: reveal b3: 35", "1: return",
                            "0: reveal b4: 3 → removed"]
    assert state.log_line(0, 1) == "reveal b2 → returned"
    card = state.grid[parse_position("c1")]
    state.apply("reveal c1")  # seat 1 reveals a card: announced with its number
    assert state.log_line(len(state.history) - 1, 0).startswith(f"reveal c1: {card}")
    assert state.log(0)[1] == "1: reveal b3"
    # the last round is shown once, as at a table
    assert [(r["pos"], r["card"]) for r in view["recent"]] == [("b3", 35), ("b4", 3)]
    assert "25" not in games.render_text(state, 1).split("previous round")[0]
    # the game itself is the same: the bots still know the cards
    assert state.known[parse_position("b2")] == 25


def test_revealed_card_is_shown_while_its_owner_decides() -> None:
    state = position([[1, 5], [1, 10]], {"c3": 20}, memory="hidden")
    state.apply("reveal c3")
    for seat in (None, 0, 1):
        assert state.view(seat)["revealed"] == {"pos": "c3", "card": 20}
        assert state.view(seat)["table"]["c3"] == 20


def test_determinize_keeps_seen_cards_and_shuffles_the_rest() -> None:
    state = position([[1, 30], [1, 20]], {"b2": 25, "b3": 35})
    state.apply("reveal b2")
    state.apply("reveal b3")
    state.apply("return")
    rng = random.Random(1)
    grids = set()
    for _ in range(20):
        world = state.determinize(0, rng)
        assert world.grid[parse_position("b2")] == 25 and world.grid[parse_position("b3")] == 35
        assert Counter(world.grid) == Counter(state.grid)
        assert world.view(0) == state.view(0)
        grids.add(tuple(world.grid))
    assert len(grids) > 1


def test_recall_zero_forgets_every_seen_card_the_log_no_longer_shows() -> None:
    state = position([[1, 30], [1, 20]], {"b2": 25, "b3": 35, "b4": 21, "b5": 22})
    for move in ("reveal b2", "reveal b3", "return", "reveal b4", "reveal b5", "return"):
        state.apply(move)
    world = state.determinize(0, random.Random(2), recall=0.0)
    # the last round's cards (b4, b5) are still in the log: only b2 and b3 are forgotten
    assert [p for p, k in enumerate(world.known) if k] == [parse_position("b4"),
                                                            parse_position("b5")]
    assert Counter(world.grid) == Counter(state.grid)
    assert world.castles == state.castles and world.removed == state.removed
    assert [r[3] for r in world.reveals] == [0, 0, 21, 22]  # its own record is blanked too
    assert state.known[parse_position("b2")] == 25  # the true state is untouched


def test_nothing_is_forgotten_where_the_table_shows_it() -> None:
    state = position([[1, 30], [1, 20]], {"b2": 25, "b3": 35, "b4": 21, "b5": 22},
                     memory="open")
    for move in ("reveal b2", "reveal b3", "return", "reveal b4", "reveal b5", "return"):
        state.apply(move)
    world = state.determinize(0, random.Random(2), recall=0.0)
    assert world.known == state.known and world.reveals == state.reveals


def test_recall_forgets_about_its_share() -> None:
    state = games.load("castle").start(players=2, seed=5)
    rng = random.Random(0)
    for _ in range(30):  # turn up many cards, putting them back
        legal = state.legal_actions()
        state.apply(legal[-1] if state.pending >= 0 else rng.choice(legal))
    shown = {r[2] for r in state.reveals[-2:] if state.known[r[2]]}  # still in the log
    older = sum(1 for k in state.known if k) - len(shown)
    assert older >= 10
    kept = [sum(1 for k in state.determinize(0, rng, recall=0.5).known if k) - len(shown)
            for _ in range(200)]
    assert 0.4 < sum(kept) / len(kept) / older < 0.6


def test_greedy_uses_its_memory() -> None:
    """A good card seen and put back earlier is taken; a forgetful bot mostly misses it."""
    state = position([[1, 4], [1, 40]], {"e9": 6}, known={"e9": 6}, to_move=0)
    sharp = bots.load("greedy", seed=1)
    assert str(sharp.act(state)) == "reveal e9"
    blind = bots.load("greedy:recall=0.0", seed=1)
    picks = Counter(str(blind.act(state)) for _ in range(50))
    assert picks["reveal e9"] < 10


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("recall", [1.0, 0.5])
def test_determinize_depends_only_on_what_the_seat_knows(options: dict,
                                                         recall: float) -> None:
    """Moving the never-seen cards around must not change what a bot is handed: with the
    same random numbers, a position and its twin determinize to the very same state."""
    state = games.load("castle", **options).start(players=3, seed=21)
    rng = random.Random(5)
    for step in range(60):
        if state.is_over:
            break
        if step % 4 == 0:
            other = twin(state)
            for seat in range(state.players):
                mine = state.determinize(seat, random.Random(step), recall).to_json()
                theirs = other.determinize(seat, random.Random(step), recall).to_json()
                assert mine == theirs
        state.apply(rng.choice(state.legal_actions()))


def test_determinize_check_can_fail() -> None:
    """A redeal that kept the true grid would be caught by the twin comparison."""
    state = games.load("castle").start(players=2, seed=9)
    state.apply("reveal a1")
    original = CastleState._redeal
    CastleState._redeal = lambda self, seat, rng, recall: None  # type: ignore[method-assign]
    try:
        one = state.determinize(0, random.Random(1)).to_json()
        assert twin(state).determinize(0, random.Random(1)).to_json() != one
    finally:
        CastleState._redeal = original  # type: ignore[method-assign]


def greedy_moves(state: CastleState, steps: int = 80) -> list[tuple[str, str, str]]:
    """Greedy's move (bot seed 3) from the true state, from its twin and from a
    determinization, at each decision of a random game from ``state``."""
    rng, moves = random.Random(2), []
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        true = bots.load("greedy", seed=3)
        assert true.perceive(state, seat) is state  # (no copy: read straight)
        guess = state.determinize(seat, random.Random(7))
        moves.append((str(true.act(state)), str(bots.load("greedy", seed=3).act(twin(state))),
                      str(bots.load("greedy", seed=3).choose(guess, seat))))
        state.apply(rng.choice(state.legal_actions()))
    return moves


@pytest.mark.parametrize("options", OPTIONS)
def test_greedy_reads_only_what_the_seat_knows(options: dict) -> None:
    """Greedy decides on the true state (no determinization: its copy cost more than the
    choice), so its move must be the one it makes from any state the seat cannot tell
    apart: the twin, or a determinization."""
    state = games.load("castle", **options).start(players=3, seed=21)
    moves = greedy_moves(state)
    assert len(moves) > 40
    assert all(true == twin_move == guessed for true, twin_move, guessed in moves)


def test_greedy_view_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A greedy that peeked at a face-down card's number would be caught."""
    from towerplay.games.castle import heuristics
    from towerplay.games.castle.cards import REVEAL

    def peeking(state: CastleState, rng: random.Random):  # type: ignore[no-untyped-def]
        if state.pending >= 0:
            return state.legal_actions()[-1]
        return REVEAL[max(state.unknown_positions(), key=lambda p: state.grid[p])]

    monkeypatch.setattr(heuristics, "greedy_action", peeking)
    moves = greedy_moves(games.load("castle").start(players=3, seed=21))
    assert any(true != twin_move for true, twin_move, _ in moves)


def test_a_forgetting_greedy_still_gets_a_determinization() -> None:
    state = games.load("castle", memory="hidden").start(players=2, seed=4)
    assert bots.load("greedy:recall=0.5", seed=1).perceive(state, 0) is not state
