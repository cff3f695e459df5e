"""The websocket of the protocol (docs/web.md): views on connect and after every change, every
refusal answered (never fatal), reconnection, spectators; on SQLite and PostgreSQL."""
from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets

from towerplay.server.patches import patched

from tests.server.conftest import Server, connect, create, receive, token


def opener(http: httpx.Client, table: str) -> int:
    to_move: int = http.get(f"/api/tables/{table}").json()["view"]["to_move"]
    return to_move


def two_humans(http: httpx.Client) -> tuple[str, str, str]:
    """A 5 Towers table of two people: (table, the opener's token, the other's token)."""
    made = create(http, "five_towers", ["human", "human"])
    first = opener(http, made["table"])
    return made["table"], token(made, first), token(made, 1 - first)


async def expect_error(ws: Any, code: str) -> dict[str, Any]:
    message = await receive(ws)
    assert message["type"] == "error" and message["code"] == code, message
    assert message["message"] and isinstance(message["params"], dict)
    return message


def test_view_on_connect_and_after_a_move(server: Server, http: httpx.Client) -> None:
    table, mine, theirs = two_humans(http)

    async def scenario() -> None:
        async with connect(server, table, mine) as me, connect(server, table, theirs) as other:
            first = await receive(me)
            assert first["type"] == "view" and first["version"] == 0
            assert first["view"]["version"] == 0 and first["seat"] == first["view"]["seat"]
            assert first["board"] and first["events"] == []
            action = first["view"]["legal"][0]
            assert (await receive(other))["version"] == 0
            await me.send(json.dumps({"type": "act", "version": 0, "action": action}))
            mine_after, theirs_after = await receive(me), await receive(other)
            for message in (mine_after, theirs_after):
                assert message["version"] == 1
                assert [e["mover"] for e in message["events"]] == [first["seat"]]
            said = action.replace("bid", "bids")  # (as people read it: "bids 0")
            assert action.startswith("bid ") and mine_after["events"][0]["line"] == said
            assert "legal" in theirs_after["view"] and "legal" not in mine_after["view"]

    asyncio.run(scenario())


def test_every_refusal_is_answered_and_the_connection_goes_on(
        server: Server, http: httpx.Client) -> None:
    table, mine, theirs = two_humans(http)

    async def scenario() -> None:
        async with connect(server, table, mine) as me, connect(server, table, theirs) as other:
            view = await receive(me)
            await receive(other)
            bad: list[tuple[Any, str]] = [
                ({"type": "act", "version": 5, "action": "bid 1"}, "stale"),
                ({"type": "act", "version": 0, "action": "bid 99"}, "illegal"),
                ({"type": "act", "version": 0, "action": ["bid 1"]}, "bad_message"),
                ({"type": "act", "version": "0", "action": "bid 1"}, "bad_message"),
                ({"type": "dance"}, "bad_message"),
                ([1, 2, 3], "bad_message"),
                ("{not json", "bad_message"),
                ("[" * 3000 + "]" * 3000, "bad_message"),
                ({"type": "act", "version": 0, "action": "x" * 5000}, "bad_message"),
            ]
            for message, code in bad:
                await me.send(message if isinstance(message, str) else json.dumps(message))
                await expect_error(me, code)
            await me.send(b"\x00binary")
            await expect_error(me, "bad_message")
            await other.send(json.dumps({"type": "act", "version": 0, "action": "bid 1"}))
            await expect_error(other, "forbidden")
            await me.send(json.dumps({"type": "act", "version": 0,
                                      "action": view["view"]["legal"][0]}))
            assert (await receive(me))["version"] == 1
            assert (await receive(other))["version"] == 1

    asyncio.run(scenario())


def test_spectators_watch_live_and_cannot_move(server: Server, http: httpx.Client) -> None:
    table, mine, _ = two_humans(http)

    async def scenario() -> None:
        async with connect(server, table) as watcher, connect(server, table, mine) as me:
            public = await receive(watcher)
            assert public["seat"] is None and public["view"]["seat"] is None
            assert "legal" not in public["view"]
            view = await receive(me)
            await watcher.send(json.dumps({"type": "act", "version": 0,
                                           "action": view["view"]["legal"][0]}))
            await expect_error(watcher, "forbidden")
            await me.send(json.dumps({"type": "act", "version": 0,
                                      "action": view["view"]["legal"][0]}))
            seen = await receive(watcher)
            assert seen["version"] == 1 and len(seen["events"]) == 1
            spectator = http.get(f"/api/tables/{table}").json()
            assert seen["view"] == spectator["view"]

    asyncio.run(scenario())


def test_reconnecting_gives_the_same_seat_and_the_current_position(
        server: Server, http: httpx.Client) -> None:
    table, mine, theirs = two_humans(http)

    async def scenario() -> None:
        async with connect(server, table, mine) as me:
            view = await receive(me)
            seat = view["seat"]
            await me.send(json.dumps({"type": "act", "version": 0,
                                      "action": view["view"]["legal"][0]}))
            await receive(me)
        moved = http.get(f"/api/tables/{table}", params={"token": theirs}).json()
        assert http.post(f"/api/tables/{table}/actions", json={
            "token": theirs, "version": 1, "action": moved["view"]["legal"][0]}
        ).status_code == 200
        async with connect(server, table, mine) as again:
            back = await receive(again)
            assert back["seat"] == seat and back["version"] == 2
            assert [e["index"] for e in back["events"]] == [1]  # what happened meanwhile
            await again.send(json.dumps({"type": "view"}))
            assert (await receive(again))["version"] == 2

    asyncio.run(scenario())


def test_a_client_that_asks_gets_each_later_board_as_a_patch(
        server: Server, http: httpx.Client) -> None:
    """Two connections of one seat, one with ``patch=1``: after its first board it gets
    each as a patch of the one before, which makes the board the other connection gets
    whole, at every move (its own and the other seat's), in far fewer bytes."""
    table, mine, theirs = two_humans(http)
    tokens = {opener(http, table): mine, 1 - opener(http, table): theirs}

    async def scenario() -> tuple[int, int]:
        async with connect(server, table, mine, patch="1") as patching, \
                connect(server, table, mine) as whole:
            first, plain = await receive(patching), await receive(whole)
            assert first["board"] == plain["board"] and "board_patch" not in first
            board, sent, saved = first["board"], 0, 0
            for version in range(12):
                seat = http.get(f"/api/tables/{table}").json()["view"]["to_move"]
                legal = http.get(f"/api/tables/{table}",
                                 params={"token": tokens[seat]}).json()["view"]["legal"]
                assert http.post(f"/api/tables/{table}/actions", json={
                    "token": tokens[seat], "version": version, "action": legal[-1]}
                ).status_code == 200
                text, plain = await patching.recv(), await receive(whole)
                message = json.loads(text)
                assert message["version"] == plain["version"] == version + 1
                assert "board" not in message
                board = patched(board, message["board_patch"])
                assert board == plain["board"]
                sent, saved = sent + len(text), saved + len(json.dumps(plain))
            return sent, saved

    sent, whole = asyncio.run(scenario())
    assert sent < whole / 2, (sent, whole)


def test_wrong_token_and_unknown_table_are_refused(server: Server, http: httpx.Client) -> None:
    table, _, _ = two_humans(http)

    async def scenario() -> None:
        for target, seat_token in ((table, "forged"), ("nosuchtable", None)):
            async with connect(server, target, seat_token) as ws:
                await expect_error(ws, "forbidden")
                with pytest.raises(websockets.ConnectionClosed):
                    await receive(ws)

    asyncio.run(scenario())


def test_a_huge_frame_closes_only_that_connection(server: Server, http: httpx.Client) -> None:
    table, mine, _ = two_humans(http)

    async def scenario() -> None:
        async with connect(server, table, mine) as me:
            await receive(me)
            await me.send("x" * 200_000)
            with pytest.raises(websockets.ConnectionClosed):
                await receive(me)
        async with connect(server, table, mine) as again:
            assert (await receive(again))["version"] == 0

    asyncio.run(scenario())
    assert http.get("/api/games").status_code == 200
