"""Fair to every table: bots that think long have worker slots of their own, so another
table's quick bot answers while they think; one address may keep only so many tables of
bots alone (nobody waits on them, they only cost)."""
from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import (GENEROUS, TIMEOUT, Server, create, move_until_bots_turn,
                                   token, wait_turn)
from towerplay.server.jobs import LANES
from towerplay.server.limits import Limits
from towerplay.server.moves import BOT_QUEUE, HEAVY_QUEUE, bot_queue

HEAVY = "ismcts:seconds=10"


def test_long_thinkers_and_quick_bots_have_lanes_of_their_own() -> None:
    assert bot_queue("greedy") == bot_queue("random") == BOT_QUEUE
    assert bot_queue(HEAVY) == bot_queue("ismcts:iterations=50000") == HEAVY_QUEUE
    assert LANES["quick"] == (BOT_QUEUE,)
    assert all(BOT_QUEUE not in queues for lane, queues in LANES.items() if lane != "quick")


@pytest.mark.slow
def test_a_greedy_bot_answers_while_other_tables_bots_think_long(tmp_path: Path) -> None:
    with Server(f"sqlite:///{tmp_path / 'fair.sqlite'}") as server, \
            httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = create(http, "castle", ["human", "greedy"], options={"first_player": 0})
        table, seat_token = made["table"], token(made, 0)
        move_until_bots_turn(http, table, seat_token, bot=1)
        wait_turn(http, table, seat_token)  # the bot answered: its thinking process is up
        for _ in range(2):  # every long-thinking slot is taken, with more waiting
            create(http, "five_towers", [HEAVY, HEAVY, HEAVY, HEAVY])
        waits = []
        for _ in range(6):
            answer = wait_turn(http, table, seat_token)
            if answer["view"]["is_over"]:
                break
            moved = http.post(f"/api/tables/{table}/actions", json={
                "token": seat_token, "version": answer["version"],
                "action": answer["view"]["legal"][0]})
            assert moved.status_code == 200, moved.text
            if moved.json()["view"]["to_move"] == 1:
                started = time.monotonic()
                wait_turn(http, table, seat_token)
                waits.append(time.monotonic() - started)
        # one long thought is 10 s: a greedy bot queued behind it would wait that long
        assert waits and max(waits) < 5.0, waits


@pytest.mark.slow
def test_an_address_keeps_only_so_many_tables_of_bots_alone(tmp_path: Path) -> None:
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
