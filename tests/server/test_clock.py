"""A clock at a table (issue #30): a person out of time has their move made by the
clock's bot, the log says so, a per-game clock carries what is left, the deadline
survives a restart, bad clocks are refused, and no clock message carries a token."""
from __future__ import annotations

import asyncio
import json
import math
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from towerplay.server.clock import Moved, Opened, Resumed, Timing, start
from towerplay.server.storage import NewAction, SQLStorage, StoredTable

from tests.server.conftest import TIMEOUT, Server, connect, create, free_port, receive, token
from tests.server.conftest import kill_group as kill
from tests.server.test_restart import serving
from tests.waiting import wait_for

PUBLIC = {"mode", "seconds", "bot", "seat", "deadline", "remaining", "left", "ran_out"}
"""What a clock message holds, and nothing else."""


def table_of(http: httpx.Client, table: str, seat_token: str | None = None,
             lang: str = "en") -> dict[str, Any]:
    params = {"token": seat_token} if seat_token else {}
    answer: dict[str, Any] = http.get(f"/api/tables/{table}", params=params,
                                      headers={"Accept-Language": lang}).json()
    return answer


def wait_version(http: httpx.Client, table: str, version: int, seat_token: str | None,
                 lang: str = "en") -> dict[str, Any]:
    """Poll until the table reached ``version``."""
    def reached() -> dict[str, Any] | None:
        answer = table_of(http, table, seat_token, lang)
        return answer if answer["version"] >= version else None

    return wait_for(reached, f"table {table} to reach version {version}", every=0.1)


def open_pages(ws_base: str, table: str, tokens: list[str]) -> None:
    """Each seat's person opens the table's page: their clock runs from then (issue
    #43)."""
    async def opening() -> None:
        for seat_token in tokens:
            async with websockets.connect(f"{ws_base}/ws/tables/{table}?token={seat_token}",
                                          open_timeout=TIMEOUT) as ws:
                await receive(ws)

    asyncio.run(opening())


def move(http: httpx.Client, table: str, seat_token: str) -> dict[str, Any]:
    answer = table_of(http, table, seat_token)
    moved = http.post(f"/api/tables/{table}/actions", json={
        "token": seat_token, "version": answer["version"],
        "action": answer["view"]["legal"][0]})
    assert moved.status_code == 200, moved.text
    return table_of(http, table, seat_token)


@pytest.mark.slow
def test_a_person_out_of_time_has_the_clocks_bot_move_for_them(http: httpx.Client,
                                                               server: Server) -> None:
    made = create(http, "five_towers", ["human", "human"],
                  clock={"mode": "move", "seconds": 5, "bot": "random"})
    table, tokens = made["table"], [token(made, 0), token(made, 1)]
    open_pages(server.ws_base, table, tokens)
    begun = table_of(http, table)
    late = begun["view"]["to_move"]
    start = begun["clock"]
    assert start["mode"] == "move" and start["seat"] == late and start["bot"] == "random"
    assert 0 < start["remaining"] <= 5 and start["ran_out"] == []
    after = wait_version(http, table, 1, tokens[1 - late])
    now = after["view"]["to_move"]
    # At once, so that a busy machine does not spend the next seat's seconds on the reads below
    moved = move(http, table, tokens[now])  # in time: nobody moves for them
    assert moved["clock"]["seat"] == moved["view"]["to_move"]
    assert moved["clock"]["ran_out"] == [0]
    assert after["clock"]["ran_out"] == [0]
    assert after["clock"]["seat"] == now
    last = after["events"][-1]
    assert last["index"] == 0 and last["mover"] == late and last["clock"] == "random"
    assert last["line"].startswith("out of time, random bot moved")  # the id stays in "clock"
    for lang, words in (("pl", "koniec czasu, ruch wykonał bot losowy"),
                        ("hu", "lejárt az idő, véletlenszerű bot lépett")):
        events = table_of(http, table, None, lang)["events"]  # a spectator: all
        assert [e for e in events if e["index"] == 0][-1]["line"].startswith(words)


def test_a_game_clock_carries_what_is_left_from_move_to_move(http: httpx.Client,
                                                             server: Server) -> None:
    made = create(http, "five_towers", ["human", "human"],
                  clock={"mode": "game", "seconds": 30})
    table, tokens = made["table"], [token(made, 0), token(made, 1)]
    started = time.monotonic()
    open_pages(server.ws_base, table, tokens)
    begun = table_of(http, table)
    first = begun["view"]["to_move"]
    assert begun["clock"]["left"] == [30, 30]
    time.sleep(1.0)  # the seat to move thinks a second (the clock counts real time)
    clock = move(http, table, tokens[first])["clock"]
    while clock["seat"] == first:  # a turn of several moves
        clock = move(http, table, tokens[first])["clock"]
    elapsed = time.monotonic() - started  # at most what the seat spent
    assert clock["bot"] == "medium" and clock["left"][1 - first] == 30
    assert 30 - math.ceil(elapsed) <= clock["left"][first] <= 29  # it spent its second
    spent = clock["left"][first]
    while clock["seat"] != first:
        clock = move(http, table, tokens[1 - first])["clock"]
    assert clock["left"][first] == spent and clock["left"][1 - first] < 30
    assert clock["remaining"] <= spent  # it goes on from what it had left


@pytest.mark.parametrize("clock", [
    "fast", {"mode": "hour", "seconds": 5}, {"mode": "move", "seconds": 0},
    {"mode": "move", "seconds": 1.5}, {"mode": "move", "seconds": True},
    {"mode": "game", "seconds": 10**9}, {"mode": "move", "seconds": 5, "bot": "human"},
    {"mode": "move", "seconds": 5, "bot": "no-such-bot"},
    {"mode": "move", "seconds": 5, "bot": "ismcts:seconds=500"},
    {"mode": "move", "seconds": 5, "colour": "red"}])
def test_bad_clocks_are_refused_in_one_line(http: httpx.Client, clock: Any) -> None:
    before = len(http.get("/api/tables").json())
    answer = http.post("/api/tables", json={"game": "five_towers",
                                            "seats": ["human", "human"], "clock": clock})
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert body["code"] == "bad_message" and body["params"]["field"] == "clock"
    assert "clock" in body["message"] and "\n" not in body["message"]
    assert len(http.get("/api/tables").json()) == before  # nothing stored


def test_no_clock_message_carries_a_token_or_a_hidden_card(server: Server) -> None:
    with httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "human"],
                      clock={"mode": "move", "seconds": 1, "bot": "random"})
    table, tokens = made["table"], [token(made, 0), token(made, 1)]
    open_pages(server.ws_base, table, tokens)

    async def watched() -> list[dict[str, Any]]:
        async with connect(server, table) as ws:
            seen = [await receive(ws)]
            while seen[-1]["version"] < 1:  # until the clock's bot moved
                seen.append(await receive(ws))
            return seen

    messages = asyncio.run(watched())
    assert messages[-1]["clock"]["ran_out"] == [0]
    for message in messages:
        assert set(message["clock"]) == PUBLIC
        text = json.dumps(message["clock"])
        assert not any(seat_token in text for seat_token in tokens)
    assert all(seat_token not in json.dumps(messages) for seat_token in tokens)


def test_a_table_without_a_clock_has_none(http: httpx.Client) -> None:
    made = create(http, "five_towers", ["human", "human"])
    assert table_of(http, made["table"])["clock"] is None


@pytest.mark.slow
def test_the_deadline_survives_a_server_restart(tmp_path: Path) -> None:
    db, port = tmp_path / "tables.sqlite", free_port()
    base = f"http://127.0.0.1:{port}"
    with serving(db, port) as first, httpx.Client(base_url=base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "human"],
                      clock={"mode": "move", "seconds": 2, "bot": "random"})
        table = made["table"]
        open_pages(f"ws://127.0.0.1:{port}", table, [token(made, 0), token(made, 1)])
        kill(first)  # before the deadline: no timer in memory survives this
    with serving(db, port), httpx.Client(base_url=base, timeout=TIMEOUT) as http:
        after = wait_version(http, table, 1, None)  # a spectator hears every move
    assert after["clock"]["ran_out"] == [0] and after["events"][-1]["clock"] == "random"


def game_clock_table(db: Path, created: datetime) -> SQLStorage:
    """A database with table ``t``: two people, a 60-second ``game`` clock, seat 0 to
    move first."""
    storage = SQLStorage(f"sqlite:///{db}")
    timed = {"mode": "game", "seconds": 60, "bot": "medium"}
    storage.tables.create(StoredTable(id="t", game="five_towers", rules_version="1",
                                      options={}, seed=1, players=2,
                                      seats=["human", "human"], created=created,
                                      timing=start(timed, 2, 0, created),
                                      token_hashes={0: "a", 1: "b"}))
    return storage


def test_a_person_back_at_their_turn_is_on_the_clock_again(tmp_path: Path) -> None:
    now = datetime.now(UTC)
    storage = game_clock_table(tmp_path / "clock.sqlite", now)
    storage.clocks.step("t", Opened(0), now)  # seat 0's page opens at once
    # seat 0 moved, seat 1 left to a bot beforehand: nobody is on the clock
    storage.seats.set_away("t", 1, "medium", 0, None)
    after = storage.actions.add(NewAction("t", 0, "x", 0, None, "bots"),
                                Moved(0, 0, person=None))
    assert after is not None and after.deadline is None
    assert storage.clocks.of("t") == after
    storage.seats.set_away("t", 1, None, 1, None, Resumed(1))  # back at their turn
    clock = storage.clocks.of("t")
    assert clock.state is not None and clock.deadline is not None
    assert clock.state["seat"] == 1
    assert 59 < (clock.deadline - datetime.now(UTC)).total_seconds() <= 60
    assert clock.state["left"][0] < 60  # what seat 0 spent stays spent
    storage.close()


def test_a_table_without_a_clock_reads_and_stores_none(tmp_path: Path) -> None:
    storage = SQLStorage(f"sqlite:///{tmp_path / 'none.sqlite'}")
    storage.tables.create(StoredTable(id="t", game="castle", rules_version="1", options={},
                                      seed=1, players=2, seats=["human", "human"],
                                      created=datetime.now(UTC)))
    assert storage.actions.add(NewAction("t", 0, "x", 0), Moved(0, 0, 1)) == Timing()
    assert storage.actions.add(NewAction("t", 1, "y", 1)) is None  # no clock asked
    assert not storage.clocks.of("t").timed
    storage.close()


def test_the_clock_watch_wakes_at_the_earliest_deadline(tmp_path: Path) -> None:
    """The watch looks again just past the earliest deadline ahead (not at the next 2 s
    sweep), within a second when none is near, and defers the clock's bot of each table
    out of time; a deadline passed is not waited for again (its bot's job is deferred)."""
    from towerplay.server import jobs

    storage = SQLStorage(f"sqlite:///{tmp_path / 'watch.sqlite'}")
    now = datetime.now(UTC)
    timed = {"mode": "move", "seconds": 30, "bot": "random"}
    for name, seconds in (("soon", 0.3), ("later", 20)):
        state = start(timed, 2, 0, now).state
        storage.tables.create(StoredTable(
            id=name, game="five_towers", rules_version="1", options={}, seed=1, players=2,
            seats=["human", "human"], created=now,
            timing=Timing(timed, state, now + timedelta(seconds=seconds)),
            token_hashes={0: "a", 1: "b"}))
    soon = storage.clocks.next_deadline()
    assert soon == now + timedelta(seconds=0.3)
    assert 0 < jobs.clock_wait(soon, datetime.now(UTC)) <= 0.3 + jobs.CLOCK_GRACE_SECONDS
    deferred: list[tuple[str, str]] = []

    class Queue:
        async def defer_bot(self, table_id: str, lane: str) -> None:
            deferred.append((table_id, lane))

    runner = jobs.Runner(storage, thinking=None, queue=Queue())  # type: ignore[arg-type]
    time.sleep(jobs.clock_wait(soon, datetime.now(UTC)))
    assert asyncio.run(runner.clocks()) == 1
    assert ("soon", "bots") in deferred and ("later", "bots") not in deferred
    later = storage.clocks.next_deadline()
    assert later == now + timedelta(seconds=20)
    assert jobs.clock_wait(later, datetime.now(UTC)) == jobs.CLOCK_LOOK_SECONDS
    storage.close()


def test_a_seats_clock_waits_for_its_first_page(server: Server) -> None:
    """Issue #43: nobody is on the clock before the person to move has had the page;
    the other seat's page starts nothing; the first page of that seat starts it (from
    then: its deadline lies between the moments around the connection), a second page
    changes nothing."""
    with httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "human"],
                      clock={"mode": "move", "seconds": 600, "bot": "random"})
        table = made["table"]
        begun = table_of(http, table)
        first = begun["view"]["to_move"]
        assert begun["clock"]["seat"] is None and begun["clock"]["deadline"] is None
        open_pages(server.ws_base, table, [token(made, 1 - first)])
        assert table_of(http, table)["clock"]["deadline"] is None
        before = datetime.now(UTC)
        open_pages(server.ws_base, table, [token(made, first)])
        after = datetime.now(UTC)
        clock = table_of(http, table)["clock"]
        assert clock["seat"] == first
        deadline = datetime.fromisoformat(clock["deadline"])
        assert before + timedelta(seconds=599) <= deadline <= after + timedelta(seconds=600)
        open_pages(server.ws_base, table, [token(made, first)])
        assert table_of(http, table)["clock"]["deadline"] == clock["deadline"]


def test_the_first_page_starts_the_clock_at_that_moment(tmp_path: Path) -> None:
    """The clock's steps at injected moments: waiting until the page (no deadline, the
    watch sees nothing due), then exactly ``seconds`` from the first page; a seat's
    first move counts as having the table."""
    created = datetime(2026, 1, 1, tzinfo=UTC)
    storage = game_clock_table(tmp_path / "page.sqlite", created)
    assert storage.clocks.of("t").deadline is None and storage.clocks.due() == []
    opened = created + timedelta(hours=5)  # hours later: none of them spent
    clock = storage.clocks.step("t", Opened(1), opened)  # the other seat: nothing runs
    assert clock.deadline is None and clock.state is not None and clock.state["opened"] == [1]
    clock = storage.clocks.step("t", Opened(0), opened)
    assert clock.deadline == opened + timedelta(seconds=60)
    assert storage.clocks.step("t", Opened(0), opened + timedelta(seconds=9)) == clock
    moved = Moved(0, 0, person=1)(clock, opened + timedelta(seconds=15))
    assert moved.state is not None and moved.state["left"] == [45.0, 60.0]
    assert moved.deadline == opened + timedelta(seconds=75)  # seat 1 had the page
    storage.close()


def test_the_clocks_move_for_a_person_is_not_theirs_to_take_back(server: Server) -> None:
    """When the clock's bot moved for a person out of time, their page offers no undo
    (``"undo": false``) and an undo is refused as not theirs, changing nothing. (Only
    the late seat's page is opened: the other seat's clock waits for its page, so the
    table stays where the clock's bot left it.)"""
    with httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "human"],
                      clock={"mode": "move", "seconds": 1, "bot": "random"})
        table = made["table"]
        late = table_of(http, table)["view"]["to_move"]
        open_pages(server.ws_base, table, [token(made, late)])
        after = wait_version(http, table, 1, token(made, late))
        assert after["clock"]["ran_out"] == [0]

        async def offered() -> bool:
            async with connect(server, table, token(made, late)) as ws:
                message = await receive(ws)
                assert message["version"] == 1
                return bool(message["undo"])

        assert not asyncio.run(offered())
        refused = http.post(f"/api/tables/{table}/undo",
                            json={"token": token(made, late), "version": 1})
        assert refused.status_code == 403, refused.text
        assert refused.json()["params"]["cause"] == "not_yours"
        assert table_of(http, table)["version"] == 1
