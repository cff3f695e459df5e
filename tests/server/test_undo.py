"""Undo at a web table (issue #43): stored like any action (an entry of its own, so a
restart brings back the position before the undone action), refused with the reason in
the reader's language where the rules do not allow it (nothing to undo, the next seat has
acted, the action revealed something, a stale version, a spectator, a forged message), and
heard by every client. The pages' side is tests/server/test_browser_undo.py."""
from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

import httpx
import pytest

from towerplay.arena.table import UNDO
from towerplay.core.events import Event, Seat
from towerplay.i18n import translator
from towerplay.server.hub import Hub
from towerplay.server.live import LiveTable
from towerplay.server.protocol import Refusal, refusal_body
from towerplay.server.queues import make_queue
from towerplay.server.sockets import handle, parse_message
from towerplay.server.storage import SQLStorage

from tests.server.conftest import create, token


def run(tmp_path: Path, scenario: Callable[[Hub, SQLStorage], Coroutine[Any, Any, None]]) -> None:
    url = f"sqlite:///{tmp_path / 'undo.sqlite'}"
    storage = SQLStorage(url)
    try:
        asyncio.run(scenario(Hub(storage, make_queue(url)), storage))
    finally:
        storage.close()


def position(live: LiveTable) -> str:
    return json.dumps(live.table.state.to_json(), sort_keys=True)


async def move(hub: Hub, live: LiveTable, text: str | None = None) -> int:
    """The seat to move plays ``text`` (default its first legal action): the seat."""
    state = live.table.state
    seat = state.to_move
    assert seat is not None
    await hub.play.submit(live, seat, text or str(state.legal_actions()[0]),
                          live.table.version)
    return seat


def test_an_undo_is_stored_and_a_restart_brings_back_the_position_before(
        tmp_path: Path) -> None:
    async def scenario(hub: Hub, storage: SQLStorage) -> None:
        live, _ = await hub.play.create("five_towers", 2, {}, ["human", "human"], seed=3)
        start = position(live)
        seat = await move(hub, live, "bid 2")
        await hub.play.undo(live, seat, 1)
        assert position(live) == start and live.table.version == 2
        assert storage.actions.since(live.id, 0) == ["bid 2", UNDO]
        # a restarted server reads the table from the database alone
        again = await Hub(storage, make_queue(storage.url)).memory.fetch(live.id)
        assert again is not live and position(again) == start
        assert again.table.version == 2 and again.table.undos == [(1, seat)]
        # and the game goes on from there, at version 2
        await move(Hub(storage, make_queue(storage.url)), again, "bid 3")
        assert storage.actions.since(live.id, 0) == ["bid 2", UNDO, "bid 3"]

    run(tmp_path, scenario)


def test_every_client_hears_the_undo_and_the_record_leaves_it_out(tmp_path: Path) -> None:
    async def scenario(hub: Hub, storage: SQLStorage) -> None:
        live, _ = await hub.play.create("castle", 2, {}, ["human", "human"], seed=1)
        state = live.table.state
        # a reveal that leaves a choice (build or return): the choice can be undone
        for action in state.legal_actions():
            after = state.copy()
            after.apply(action)
            if after.to_move == state.to_move:
                break
        seat = await move(hub, live, str(action))
        choice = str(live.table.state.legal_actions()[0])
        await move(hub, live, choice)
        await hub.play.undo(live, seat, 2)
        heard = live.events(1 - seat, 2, "pl")
        assert heard == [{"index": 1, "mover": seat, "undo": True,
                          "line": translator("castle", "pl").event(
                              Event.of("core.table.undone", seat=Seat(seat)))}]
        assert live.table.state.to_move == seat and len(live.table.state.history) == 1
        await move(hub, live, choice)  # chosen again
        assert [str(a) for a in live.table.state.history] == [str(action), choice]
        assert storage.actions.since(live.id, 0) == [str(action), choice, UNDO, choice]

    run(tmp_path, scenario)


async def refused(call: Awaitable[None]) -> Refusal:
    try:
        await call
    except Refusal as found:
        return found
    raise AssertionError("the undo was not refused")


def test_undo_is_refused_with_the_reason_and_changes_nothing(tmp_path: Path) -> None:
    async def scenario(hub: Hub, storage: SQLStorage) -> None:
        live, _ = await hub.play.create("castle", 2, {}, ["human", "human"], seed=1)
        first = live.table.state.to_move
        assert first is not None
        other = 1 - first
        nothing = await refused(hub.play.undo(live, first, 0))
        assert nothing.code == "illegal" and nothing.params["cause"] == "nothing"
        await move(hub, live, "reveal a1")
        revealed = await refused(hub.play.undo(live, first, 1))
        assert revealed.params["cause"] == "revealed"
        body = refusal_body(revealed, "pl")
        assert body["message"].startswith("„reveal a1” coś odsłonił")
        assert (await refused(hub.play.undo(live, first, 0))).code == "stale"
        assert (await refused(hub.play.undo(live, None, 1))).code == "forbidden"
        assert (await refused(hub.play.undo(live, first, "1"))).code == "bad_message"
        while live.table.state.to_move == first:
            await move(hub, live)
        mine = await refused(hub.play.undo(live, other, live.table.version))
        assert mine.params["cause"] == "nothing"  # the other seat cannot undo mine
        await move(hub, live)
        acted = await refused(hub.play.undo(live, first, live.table.version))
        assert acted.params["cause"] == "next_acted"
        assert UNDO not in storage.actions.since(live.id, 0)

    run(tmp_path, scenario)


def test_the_websocket_message_undo_follows_the_protocol(tmp_path: Path) -> None:
    async def scenario(hub: Hub, storage: SQLStorage) -> None:
        live, _ = await hub.play.create("five_towers", 2, {}, ["human", "human"], seed=3)
        seat = await move(hub, live, "bid 1")
        client = hub.clients.join(live, seat)
        message = parse_message('{"type": "undo", "version": 1}')
        await handle(hub, live, client, message)
        assert live.table.version == 2 and storage.actions.since(live.id, 1) == [UNDO]
        with pytest.raises(Refusal) as stale:  # the same message again: stale now
            await handle(hub, live, client, message)
        assert stale.value.code == "stale"

    run(tmp_path, scenario)


def test_the_page_offers_undo_to_the_seat_that_made_the_last_action(tmp_path: Path) -> None:
    async def scenario(hub: Hub, storage: SQLStorage) -> None:
        live, _ = await hub.play.create("five_towers", 2, {}, ["human", "human"], seed=3)
        seat = live.table.state.to_move
        assert seat is not None
        mine, theirs = hub.clients.join(live, seat), hub.clients.join(live, 1 - seat)
        watcher = hub.clients.join(live, None)
        assert not json.loads(await live.message(mine))["undo"]  # nothing to undo yet
        await move(hub, live, "bid 1")
        offered = {client.seat: json.loads(await live.message(client))["undo"]
                   for client in (mine, theirs, watcher)}
        assert offered == {seat: True, 1 - seat: False, None: False}

    run(tmp_path, scenario)


def test_undo_over_http_as_over_the_websocket(http: httpx.Client) -> None:
    """``POST /api/tables/ID/undo {"token", "version"}``: the seat's view after it; a body
    of another shape, another seat's token and nothing left to undo are refused in the
    reader's language, and change nothing."""
    made = create(http, "five_towers", ["human", "human"], seed=3)
    table, version = made["table"], made["version"]
    views = [http.get(f"/api/tables/{table}", params={"token": token(made, s)}).json()["view"]
             for s in (0, 1)]
    seat = next(s for s in (0, 1) if views[s].get("legal"))  # people: no bot to wait for
    mine, other = token(made, seat), token(made, 1 - seat)
    start = views[seat]

    def undo(body: object, lang: str = "en") -> httpx.Response:
        return http.post(f"/api/tables/{table}/undo", json=body,
                         headers={"Accept-Language": lang})

    moved = http.post(f"/api/tables/{table}/actions",
                      json={"token": mine, "version": version, "action": "bid 2"})
    assert moved.status_code == 200, moved.text
    assert undo({"token": other, "version": version + 1}).json()["code"] == "illegal"
    shape = undo(["token"], "pl")
    assert shape.status_code == 422 and '{"token", "version"}' in shape.json()["message"]
    assert shape.json()["message"].startswith("wyślij")
    assert undo({"version": version + 1}).status_code == 403  # no token
    taken = undo({"token": mine, "version": version + 1})
    assert taken.status_code == 200, taken.text
    after = {**taken.json()["view"], "version": start["version"]}  # the position before
    assert taken.json()["version"] == version + 2 and after == start
    assert undo({"token": mine, "version": version + 2}).json()["code"] == "illegal"
    assert http.get(f"/api/tables/{table}").json()["version"] == version + 2
