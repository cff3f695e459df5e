"""A review marks only real mistakes (issue #29): alike actions are one choice, the seat's
memory is the game's, a one-choice decision is not searched, and runs agree."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from towerplay import games
from towerplay.arena.hints import analyse
from towerplay.arena.match import play_match
from towerplay.arena.review import SEARCHES, review, review_decision
from towerplay.bots.ismcts import ActionStat, ISMCTSBot
from towerplay.core import Record
from towerplay.games.castle.state import PASS, UNSEEN, CastleState

from tests.games.castle.positions import position


def seen_twice(memory: str) -> CastleState:
    """Seat 0 (castle up to 30) to reveal; 25 and 31 were seen and put back two rounds
    ago, the last round turned up 21 and 22 (the log still shows them), the rest were
    never seen."""
    state = position([[1, 30], [1, 20]], {"b2": 25, "b3": 31, "b4": 21, "b5": 22},
                     memory=memory)
    for move in ("reveal b2", "reveal b3", "return", "reveal b4", "reveal b5", "return"):
        state.apply(move)
    assert state.to_move == 0 and state.pending < 0
    return state


def test_reveals_of_unseen_cards_are_one_class_and_so_are_passes() -> None:
    """Seat 0's castle is up to 30 and seat 1's up to 20: the seen 31 can be built, and
    25, 21 and 22 would each be put back (a pass): three reveals, one choice."""
    state = seen_twice("open")
    classes = state.action_classes()
    assert len(classes[UNSEEN]) == 39  # 43 cards down, 4 seen
    assert [str(a) for a in classes[PASS]] == ["reveal b2", "reveal b4", "reveal b5"]
    assert [str(k) for k in classes if k not in (UNSEEN, PASS)] == ["reveal b3"]
    analysis = ISMCTSBot(seed=1, iterations=300, forced=True).analyse(state, 0)
    assert len(analysis.stats) == 3 and sum(s.alike for s in analysis.stats) == 43
    assert sum(s.visits for s in analysis.stats) == 300


def test_a_pass_class_holds_exactly_the_reveals_that_put_a_card_back() -> None:
    """Over random games of every variant: a reveal is in the pass class exactly when
    applying it puts the card back and passes the turn, and every pass leaves the same
    position (only the log tells which card was turned up)."""
    for options in games.game_class("castle").variants:
        game = games.load("castle", **options)
        rng = random.Random(7)
        for seed in range(6):
            state = game.start(players=2 + seed % 3, seed=seed)
            while not state.is_over:
                positions = set()
                for action in state.legal_actions():
                    if action.verb != "reveal" or not state.known[action.arg]:
                        continue
                    after = state.copy()
                    after.apply(action)
                    put_back = after.reveals[-1][4] == "returned" and after.pending < 0
                    assert (state.action_class(action) == PASS) == put_back, (state, action)
                    if put_back:
                        positions.add(repr((after.grid, after.known, after.down,
                                            after.castles, after.removed, after.wizard_used,
                                            after.idle, after.to_move)))
                assert len(positions) <= 1
                state.apply(rng.choice(state.legal_actions()))


@pytest.mark.slow
@pytest.mark.parametrize("memory", ["open", "hidden"])
def test_alike_reveals_are_never_marked_against_each_other(memory: str) -> None:
    state = seen_twice(memory)
    unseen = [a for a in state.legal_actions() if state.action_class(a) == UNSEEN]
    decisions = [review_decision(state, action, 6, iterations=300, seconds=None, seed=4)
                 for action in unseen[:8]]
    # one choice: the same judgement whichever unseen card was turned up
    assert len({(d.loss, d.mark, d.played_chance, d.best) for d in decisions}) == 1
    for d in decisions:
        best = next(a for a in state.legal_actions() if str(a) == d.best)
        if state.action_class(best) == UNSEEN:
            assert d.loss == 0 and d.mark is None


def test_a_known_card_better_than_the_unseen_ones_is_found_best() -> None:
    """Seat 0 (nine elements, up to 37) sees the 38 it put back at b3: revealing it builds
    the tenth element and wins. Any unseen card wins only if it is above 37; else seat 1
    (eight elements) takes the 38 next. The unseen cards' class draws most of the visits
    (it is explored as its 29 members would be), yet the known card is the best choice and
    revealing an unseen card loses win chance; the known card itself loses nothing."""
    state = position([[1, *range(30, 38)], [1, *range(2, 9)]], {"b3": 38}, known={"b3": 38},
                     memory="open")
    for seed in range(3):
        unseen = review_decision(state, "reveal a1", 6, iterations=500, seconds=None,
                                 seed=seed)
        assert unseen.best == "reveal b3" and unseen.best_alike == 1
        assert unseen.loss > 0.05 and unseen.best_chance > unseen.played_chance
        known = review_decision(state, "reveal b3", 6, iterations=500, seconds=None,
                                seed=seed)
        assert known.best == "reveal b3" and known.loss == 0 and known.mark is None


def test_the_seats_memory_follows_the_games_options() -> None:
    # under memory=open the put-back 31 is shown: revealing it is a choice of its own;
    # under memory=hidden a review assumes only what the log shows (the last round), so
    # b3 is one more unseen card, unless the review is told the seat remembers all
    assert games.load("castle", memory="open").recall() == 1.0
    assert games.load("castle", memory="hidden").recall() == 0.0

    def judged(memory: str, played: str, recall: float | None = None) -> tuple:
        d = review_decision(seen_twice(memory), played, 6, iterations=300, seconds=None,
                            seed=2, recall=recall)
        return d.played_chance, d.loss, d.mark

    assert judged("hidden", "reveal b3") == judged("hidden", "reveal a1")
    assert judged("open", "reveal b3") != judged("open", "reveal a1")
    assert judged("hidden", "reveal b3", 1.0) != judged("hidden", "reveal a1", 1.0)
    # the last round's cards are shown in the log: never forgotten
    assert judged("hidden", "reveal b4") != judged("hidden", "reveal a1")


def castle_record() -> Record:
    final = play_match(games.load("castle"), ["greedy", "random"], seed=3)
    return Record.from_state(final)


def test_the_same_castle_record_reviews_identically_twice() -> None:
    record = castle_record()
    first = review(record, iterations=60, seed=5).to_json()
    assert first["decisions"]
    assert review(record, iterations=60, seed=5).to_json() == first


def test_the_default_budget_is_iterations(monkeypatch: pytest.MonkeyPatch) -> None:
    from towerplay.arena import review as module

    monkeypatch.setattr(module, "DEFAULT_ITERATIONS", 40)
    result = review(castle_record(), seats=[0])
    assert result.decisions and {d.iterations for d in result.decisions} == {40 * SEARCHES}


def test_one_choice_decisions_are_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    runs: list[int] = []
    original = ISMCTSBot._run

    def counted(self: ISMCTSBot, *args: object) -> int:
        done = original(self, *args)  # type: ignore[arg-type]
        runs.append(done)
        return done

    monkeypatch.setattr(ISMCTSBot, "_run", counted)
    # the first reveal of a game: 45 actions, one class
    start = games.load("castle").start(players=2, seed=1)
    hint = analyse(start, seed=1)
    assert hint.iterations == 0 and runs == []
    assert hint.stats == [ActionStat(start.legal_actions()[0], 0, hint.stats[0].win,
                                     hint.stats[0].value, 45)]
    assert review_decision(start, "reveal c3", 0, iterations=50, seconds=None,
                           seed=1).iterations == 0 and runs == []
    # one legal action (one card left face down) is not searched either
    last = position([[1, 30], [1, 20]], {"a1": 35}, rest="removed", memory="open")
    assert [str(a) for a in last.legal_actions()] == ["reveal a1"]
    assert analyse(last, iterations=50, seed=1).iterations == 0 and runs == []
    # a review searches exactly the decisions it lists, each SEARCHES times
    result = review(castle_record(), iterations=30, seed=1)
    assert len(runs) == SEARCHES * len(result.decisions) and all(r == 30 for r in runs)
    assert all(d.iterations == 30 * SEARCHES for d in result.decisions)


def test_reviews_agree_across_processes() -> None:
    """String hashes differ from process to process: nothing may depend on their order
    (a small budget makes ties between classes likely)."""
    code = ("import json; from tests.arena.test_review_classes import castle_record; "
            "from towerplay.arena.review import review; "
            "print(json.dumps(review(castle_record(), iterations=8, seed=1).to_json()))")
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, timeout=300, check=True)
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and json.loads(outputs[0])["decisions"]
