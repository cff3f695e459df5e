"""Fair to every table: the thinking processes take turns (server/thinking.py), people's
tables before tables of bots alone, a fair share per client, long searches in slices;
one address may keep only so many tables of bots alone (nobody waits on them, they only
cost). The turns are driven step by step here: no test times the machine."""
from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

import httpx
import pytest

from towerplay import bots
from towerplay.arena.table import BotTask
from towerplay.server.limits import Limits
from towerplay.server.moves import BOT_QUEUE, HEAVY_QUEUE, bot_queue
from towerplay.server.queues import LANES
from towerplay.server.thinking import SLICE_SECONDS, Kind, Slices, Thinking

from tests.server.conftest import GENEROUS, TIMEOUT, Server, create

HEAVY = "ismcts:seconds=10"


class Processes:
    """A stand-in for the thinking processes: each slice runs until the test ends it
    (:meth:`finish`), so the order of the turns is all that is seen."""

    def __init__(self) -> None:
        self.running: list[tuple[str, asyncio.Future[None]]] = []
        self.log: list[str] = []

    async def think(self, task: BotTask[Any], seconds: float | None = None,
                    iterations: int | None = None,
                    keep: bool = False) -> tuple[Any, Any, int, float]:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        name = task.seen  # the test names each search by its "seen" state
        self.running.append((name, done))
        await done
        self.log.append(name)
        return f"{name} move", task.bot if keep else None, 100, seconds or SLICE_SECONDS

    async def finish(self, name: str | None = None) -> str:
        """End the running slice (of search ``name``), once one runs: whose it was."""
        for _ in range(1000):
            found = [(n, f) for n, f in self.running if name in (None, n)]
            if found:
                self.running.remove(found[0])
                found[0][1].set_result(None)
                await asyncio.sleep(0)  # its owner takes the result
                return found[0][0]
            await asyncio.sleep(0)
        raise AssertionError(f"no slice of {name} runs: {self.running}")


def search(name: str, spec: str) -> BotTask[Any]:
    return BotTask(0, 0, bots.load(spec, seed=1), name)  # type: ignore[arg-type]


def test_long_thinkers_and_quick_bots_have_lanes_of_their_own() -> None:
    assert bot_queue("greedy") == bot_queue("random") == BOT_QUEUE
    assert bot_queue(HEAVY) == bot_queue("ismcts:iterations=50000") == HEAVY_QUEUE
    assert LANES["quick"] == (BOT_QUEUE,)
    assert all(BOT_QUEUE not in queues for lane, queues in LANES.items() if lane != "quick")


def test_a_search_is_sliced_and_goes_on_from_its_budget() -> None:
    plan = Slices.of(bots.load("ismcts:seconds=2"))
    assert plan is not None and plan.next() == (SLICE_SECONDS, None)
    assert Slices.of(bots.load("greedy")) is None
    assert Slices.of(bots.load("ismcts:seconds=2,trees=4")) is None  # trees do not go on
    assert Slices.of(bots.load("ismcts:iterations=1000")) == Slices(iterations=1000)
    assert Slices.of(bots.load("expert")) == Slices(iterations=2500)  # the level's budget


def test_a_persons_bot_waits_one_slice_beside_tables_of_bots_alone(
        caplog: pytest.LogCaptureFixture) -> None:
    """One thinking process, four tables of bots alone from two addresses thinking 10 s
    a move, then a person's bot of 2 s from a third: the person's bot thinks at the end of
    the slice running when it asked, all its four slices in a row, and the search that
    gave way stops there (the log says so); then the bots think again."""
    processes = Processes()

    async def scenario() -> tuple[list[str], str]:
        thinking = Thinking(processes, slots=1)  # type: ignore[arg-type]
        heavy = {f"bots{i}": asyncio.ensure_future(thinking.bot(
            search(f"bots{i}", HEAVY), Kind.BOTS, f"10.0.0.{i % 2}", f"table bots{i}"))
            for i in range(4)}
        for _ in range(5):  # the tables of bots alone take turns
            await processes.finish()
        person = asyncio.ensure_future(thinking.bot(search("person", "ismcts:seconds=2"),
                                                    Kind.PEOPLE, "10.0.0.9"))
        gave_way = await processes.finish()  # the slice that ran goes on to its end
        assert await heavy[gave_way] == f"{gave_way} move"  # ...and its search stops
        for _ in range(4):
            assert await processes.finish() == "person"
        assert await person == "person move"
        assert (await processes.finish()).startswith("bots")  # then the bots again
        for task in heavy.values():
            task.cancel()
        await asyncio.gather(*heavy.values(), return_exceptions=True)
        return processes.log, gave_way

    with caplog.at_level(logging.INFO, "towerplay.server"):
        log, gave_way = asyncio.run(scenario())
    assert log[6:10] == ["person"] * 4 and "person" not in log[:6] + log[10:]
    assert log[:4] == ["bots0", "bots1", "bots2", "bots3"]  # one turn each, in order
    assert f"table {gave_way}: the search stopped after 2 slice(s)" in caplog.text


def test_each_owner_gets_its_share_of_the_turns() -> None:
    """Two clients' people tables: whatever the number of searches of one, their slices
    take turns at one process; a review waits for both."""
    processes = Processes()

    async def scenario() -> list[str]:
        thinking = Thinking(processes, slots=1)  # type: ignore[arg-type]
        many = [asyncio.ensure_future(thinking.bot(search(f"a{i}", "ismcts:seconds=1"),
                                                   Kind.PEOPLE, "10.0.0.1"))
                for i in range(3)]
        await asyncio.sleep(0)
        one = asyncio.ensure_future(thinking.bot(search("b", "ismcts:seconds=1"),
                                                 Kind.PEOPLE, "10.0.0.2"))
        review = asyncio.ensure_future(thinking.taking(Kind.REVIEW, "10.0.0.3",
                                                       processes.think,
                                                       search("review", "greedy")))
        for _ in range(9):
            await processes.finish()
        await asyncio.gather(*many, one, review)
        return processes.log

    owners = "".join(name[0] for name in asyncio.run(scenario()))
    assert owners == "ababaaaar"  # a's three searches have a's share of the turns


def test_a_quick_bot_thinks_at_once_in_this_process_without_a_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random, greedy and learned bots move on the event loop here (no thinking process,
    no thread: a hop there and back cost more than their millisecond; no turn): with every
    process busy and none free, their moves still come; a search still waits for its
    turn."""
    from towerplay import games
    from towerplay.arena.table import Table

    assert bots.load("greedy").quick and bots.load("random").quick
    assert bots.load("medium").quick and not bots.load("ismcts:iterations=10").quick
    processes = Processes()
    thought_on: list[int] = []
    run = BotTask.run

    def run_here(task: BotTask[Any]) -> Any:
        thought_on.append(threading.get_ident())
        return run(task)

    monkeypatch.setattr(BotTask, "run", run_here)

    async def scenario() -> tuple[list[Any], bool]:
        loop = threading.get_ident()
        thinking = Thinking(processes, slots=1)  # type: ignore[arg-type]
        busy = asyncio.ensure_future(thinking.bot(search("busy", HEAVY), Kind.PEOPLE, "a"))
        table = Table(games.load("five_towers").start(players=2, seed=4), ["greedy", "random"])
        moves = []
        for spec in ("greedy", "random"):
            task = table.task_for(0, bots.load(spec, seed=2))
            moves.append(await thinking.bot(task, Kind.PEOPLE, "b"))
        assert thought_on == [loop] * len(moves)
        legal = all(move in table.state.legal_actions() for move in moves)
        waiting = asyncio.ensure_future(thinking.bot(search("next", HEAVY), Kind.PEOPLE,
                                                     "c"))
        await asyncio.sleep(0)
        assert not waiting.done() and [name for name, _ in processes.running] == ["busy"]
        for task in (busy, waiting):
            task.cancel()
        await asyncio.gather(busy, waiting, return_exceptions=True)
        return moves, legal

    moves, legal = asyncio.run(scenario())
    assert len(moves) == 2 and legal
    assert processes.log == []  # no quick move went to the processes


def test_thinking_without_processes_refuses_a_search_at_once_but_plays_quick_bots() -> None:
    """A server's own quick bots think without processes (:class:`..jobs.QuickBots`): a
    search that reaches them (the seat changed hands meanwhile) is refused at once rather
    than waiting for a process that will never come."""
    from towerplay import games
    from towerplay.arena.table import Table

    async def scenario() -> Any:
        thinking = Thinking(None, slots=0)
        with pytest.raises(RuntimeError, match="only quick bots"):
            await thinking.bot(search("never", HEAVY), Kind.PEOPLE, "a")
        assert thinking.waiting == [] and not thinking.running
        table = Table(games.load("castle").start(players=2, seed=4), ["greedy", "greedy"])
        return table, await thinking.bot(table.task_for(0, bots.load("greedy", seed=1)),
                                         Kind.PEOPLE, "a")

    table, move = asyncio.run(scenario())
    assert move in table.state.legal_actions()


def test_an_address_keeps_only_so_many_tables_of_bots_alone(tmp_path: Any) -> None:
    limits = Limits(**{**GENEROUS.__dict__, "bot_tables": 2})
    with Server(f"sqlite:///{tmp_path / 'cap.sqlite'}", limits) as server, \
            httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        for _ in range(2):
            create(http, "five_towers", [HEAVY, HEAVY])
        refused = http.post("/api/tables", json={"game": "five_towers",
                                                 "seats": ["greedy", "greedy"]})
        assert refused.status_code == 429 and refused.json()["code"] == "busy"
        assert refused.json()["params"] == {"limit": 2}
        create(http, "five_towers", ["human", HEAVY])  # a person's table is welcome

