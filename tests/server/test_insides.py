"""The server's insides (issue #44): a move is checked and applied once; a seat's bot spec
is read once; the embedded queue is no test double; the storage is an interface the SQL
implementation fulfils, part by part."""
from __future__ import annotations

import asyncio
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from towerplay import bots
from towerplay.core.state import State
from towerplay.server.hub import Hub
from towerplay.server.jobs import Known, Runner
from towerplay.server.queues import LocalQueue
from towerplay.server.storage import SQLStorage, interface

from tests.waiting import PATIENCE


def counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str,
             only: Any = lambda *args: True) -> Counter[str]:
    """Count the calls of ``owner.name`` (still made) whose arguments pass ``only``."""
    calls: Counter[str] = Counter()
    real = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[name] += bool(only(*args))
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


SEED = 918_273_645


def test_a_persons_move_is_applied_once(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    storage = SQLStorage(f"sqlite:///{tmp_path / 'once.sqlite'}")
    hub = Hub(storage, LocalQueue())

    async def scenario() -> int:
        live, _ = await hub.play.create("five_towers", 2, {}, ["human", "human"],
                                        seed=SEED)
        applied = counting(monkeypatch, State, "apply",  # (this table's states only)
                           lambda state, *rest: state.seed == SEED)
        for _ in range(6):
            state = live.table.state
            await hub.play.submit(live, state.to_move, str(state.legal_actions()[0]),
                                  live.table.version)
        return applied["apply"]

    try:
        assert asyncio.run(scenario()) == 6
    finally:
        hub.close()
        storage.close()


class Decisions:
    """Thinking that answers every bot at once with the first legal action."""

    slots = free = 1

    async def bot(self, task: Any, kind: Any, owner: str, label: str = "") -> Any:
        return task.seen.legal_actions()[0]


class Queue(LocalQueue):
    """Nothing is asked for: the test plays each bot itself."""

    async def defer_bot(self, table_id: str, lane: str) -> None:
        return None


SPECS = ["ismcts:iterations=5", "ismcts:iterations=6", "ismcts:iterations=7"]


def test_a_seats_bot_spec_is_read_once(tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A table of three bots, read in by a worker once, plays twenty moves: no spec is
    read again (each decision's bot is the seat's, with a generator of its own)."""
    storage = SQLStorage(f"sqlite:///{tmp_path / 'specs.sqlite'}")
    hub = Hub(storage, Queue())
    runner = Runner(storage, Decisions(), Queue())  # type: ignore[arg-type]

    async def scenario() -> tuple[int, int]:
        live, _ = await hub.play.create("castle", 3, {}, SPECS, seed=2)
        # (only these specs count: another test's server may load bots meanwhile)
        loaded = counting(monkeypatch, bots, "load", lambda spec, *rest: spec in SPECS)
        for _ in range(20):
            await runner.bot_move(live.id)
        known = runner.tables.tables[live.id]  # type: ignore[attr-defined]
        assert isinstance(known, Known) and not known.people
        return known.table.version, loaded["load"]

    try:
        version, read = asyncio.run(scenario())
        assert version == 20 and read == 3  # the worker's one reading of the table
    finally:
        hub.close()
        storage.close()


def test_the_embedded_queue_is_no_test_double() -> None:
    """Serving (on SQLite, its default) loads no test connector of procrastinate's."""
    script = ("import sys\n"
              "from towerplay.server.app import create_app\n"
              "from towerplay.server.queues import make_queue\n"
              "queue = make_queue('sqlite:///x.sqlite')\n"
              "print(type(queue).__name__, 'procrastinate.testing' in sys.modules)\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=PATIENCE)
    assert run.stdout.split() == ["LocalQueue", "False"], run.stderr


@pytest.mark.parametrize("part", ["tables", "actions", "seats", "clocks", "limits", "jobs",
                                  "uploads"])
def test_the_sql_storage_fulfils_each_part_of_the_interface(tmp_path: Path,
                                                            part: str) -> None:
    """Every method a part of :class:`~towerplay.server.storage.Storage` names exists on
    the SQL implementation with the same parameters."""
    import inspect

    protocol = inspect.get_annotations(interface.Storage, eval_str=True)[part]
    storage = SQLStorage(f"sqlite:///{tmp_path / 'parts.sqlite'}")
    try:
        implementation = getattr(storage, part)
        for name, method in vars(protocol).items():
            if name.startswith("_") or not callable(method):
                continue
            wanted = list(inspect.signature(method).parameters)
            found = list(inspect.signature(getattr(implementation, name)).parameters)
            assert found == wanted[1:], (part, name)  # (bound: no self)
    finally:
        storage.close()
