"""A live table's messages (server/live.py): a move's few boards are drawn on the event
loop, a big batch (many seats and languages) in a thread."""
from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime
from typing import Any

import pytest

from towerplay import games
from towerplay.arena.table import Table
from towerplay.server import live as live_module
from towerplay.server.live import Client, LiveTable


def test_a_moves_few_boards_are_drawn_on_the_loop_and_many_in_a_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn_in: list[bool] = []

    def render_all(*args: Any) -> Any:
        drawn_in.append(threading.current_thread() is threading.main_thread())
        return real(*args)

    real = live_module.render_all
    monkeypatch.setattr(live_module, "render_all", render_all)
    live = LiveTable("t", Table(games.load("castle").start(players=3, seed=2), ["human"] * 3),
                     {}, datetime.now(UTC))
    live.clients.add(Client(seat=0))
    asyncio.run(live.snapshot(1))  # two views: seat 1's and the connected seat 0's
    live.clients.update(Client(seat=seat, lang="pl") for seat in range(3))
    shown = asyncio.run(live.snapshot(2))  # four more: Polish three, seat 2 in English
    assert drawn_in == [True, False]
    assert shown["seat"] == 2 and shown["board"].startswith("<")
