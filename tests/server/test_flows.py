"""The friends' flows without dead ends (issue #43), at the server: a seat nobody plays
handed on by the others (to a bot, or to a new person by a fresh link that alone opens
it), who is at the table and how many watch, the name box's "may I still rename", a seat
a bot plays showing its person no moves, and the replay's move list naming the players.
The pages' side is tests/server/test_browser_flows.py."""
from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

import httpx

from towerplay import games
from towerplay.arena.table import Table
from towerplay.i18n import Translator
from towerplay.server.live import LiveTable

from tests.server.conftest import TIMEOUT, Server, connect, create, receive, token, wait_over
from tests.server.test_friends import listen, name, until

POLISH = Translator("web", "pl")


async def answer_to(ws: Any, message: dict[str, Any], kind: str) -> dict[str, Any]:
    """Send ``message``; the next message of type ``kind`` or an error."""
    await ws.send(json.dumps(message))
    while True:
        heard = await receive(ws)
        if heard.get("type") in (kind, "error"):
            return heard


def three(http: httpx.Client) -> dict[str, Any]:
    return create(http, "five_towers", ["human", "human", "human"], seed=11)


def test_a_seat_nobody_plays_is_handed_to_a_bot_by_another_person(server: Server) -> None:
    with httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = three(http)
        table = made["table"]

        async def scenario() -> list[dict[str, Any]]:
            async with listen(server, table, token(made, 0)) as ann, \
                    connect(server, table, token(made, 1), lang="pl") as bob, \
                    listen(server, table) as eve:
                await until(ann, "view")
                await receive(bob)
                here = await answer_to(bob, {"type": "hand_on", "seat": 0}, "handed_on")
                own = await answer_to(bob, {"type": "hand_on", "seat": 1}, "handed_on")
                watcher = await answer_to(eve, {"type": "hand_on", "seat": 2}, "handed_on")
                given = await answer_to(bob, {"type": "hand_on", "seat": 2, "bot": "random"},
                                        "handed_on")
                while (people := await until(ann, "people"))["away"][2] is None:
                    pass
                return [here, own, watcher, given, people]

        here, own, watcher, given, people = asyncio.run(scenario())
    # Ann has the table open: her seat is hers; one's own seat and a spectator are refused
    assert here["code"] == "forbidden" and here["params"]["seat"] == 0
    assert here["message"] == POLISH("web.hand_on_present", n=1)
    assert own["code"] == "bad_message" and own["params"]["field"] == "seat"
    assert watcher["code"] == "forbidden"
    # seat 3, which nobody ever opened, goes to the bot, and everyone hears it
    assert given == {"type": "handed_on", "seat": 2, "bot": "random"}
    assert people["away"] == [None, None, "random"]


def test_a_seat_nobody_plays_is_offered_to_a_new_person(server: Server) -> None:
    with httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = three(http)
        table = made["table"]
        assert name(http, table, token(made, 2), "Cyryl").status_code == 200

        async def scenario() -> dict[str, Any]:
            async with listen(server, table, token(made, 0)) as ann:
                await until(ann, "view")
                return await answer_to(ann, {"type": "hand_on", "seat": 2, "bot": None},
                                       "handed_on")

        offered = asyncio.run(scenario())
        assert offered["seat"] == 2 and offered["url"].startswith(f"/tables/{table}?token=")
        new_token = offered["url"].split("token=")[1]
        old = http.get(f"/api/tables/{table}", params={"token": token(made, 2)})
        assert old.status_code == 403  # the old link opens nothing any more
        seat = http.get(f"/api/tables/{table}", params={"token": new_token})
        assert seat.status_code == 200 and seat.json()["seat"] == 2
        assert seat.json()["names"] == [None, None, None]  # the newcomer names themselves
        assert name(http, table, new_token, "Dora").status_code == 200


def test_presence_dots_and_the_spectators_count_and_names(sqlite_server: Server) -> None:
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "human"], seed=3)
    table = made["table"]

    async def scenario() -> list[dict[str, Any]]:
        heard = []
        async with listen(sqlite_server, table, token(made, 0)) as ann:
            heard.append(await until(ann, "presence"))
            async with listen(sqlite_server, table) as eve:
                heard.append(await until(ann, "presence"))
                await until(eve, "presence")
                await eve.send(json.dumps({"type": "name", "name": "Ewa"}))  # for the chat
                heard.append(await until(ann, "presence"))
            heard.append(await until(ann, "presence"))
            async with connect(sqlite_server, table, token(made, 1)):
                heard.append(await until(ann, "presence"))
        return heard

    alone, watched, named, left, both = asyncio.run(scenario())
    assert (alone["present"], alone["watching"]) == ([True, False], 0)
    assert (watched["present"], watched["watching"], watched["watchers"]) == ([True, False], 1, [])
    # a spectator who gives a name (for the chat) is named to the others
    assert (named["watching"], named["watchers"]) == (1, ["Ewa"])
    assert (left["present"], left["watching"], left["watchers"]) == ([True, False], 0, [])
    assert (both["present"], both["watching"]) == ([True, True], 0)


def test_the_name_box_only_while_a_name_can_change(sqlite_server: Server) -> None:
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as http:
        made = create(http, "castle", ["human", "random"], seed=2)
        table = made["table"]

        async def views() -> list[dict[str, Any]]:
            async with connect(sqlite_server, table, token(made, 0)) as ann, \
                    connect(sqlite_server, table) as eve:
                first, watching = await receive(ann), await receive(eve)
                while not first["view"].get("legal"):  # the bot may move first
                    first = await until(ann, "view")
                move = await answer_to(ann, {"type": "act", "version": first["version"],
                                             "action": first["view"]["legal"][0]}, "view")
                return [first, watching, move]

        before, watching, after = asyncio.run(views())
        assert before["renamable"] is True
        assert watching["renamable"] is False  # spectators name no seat
        assert after["renamable"] is False  # the seat has moved
        # a finished table: nobody renames
        over = create(http, "castle", ["random", "random"], seed=4)
        wait_over(http, over["table"])

        async def finished() -> dict[str, Any]:
            async with connect(sqlite_server, over["table"]) as eve:
                return await receive(eve)

        assert asyncio.run(finished())["renamable"] is False


def test_a_seat_a_bot_plays_shows_its_person_no_moves() -> None:
    state = games.load("five_towers").start(players=2, seed=6)
    mover = state.to_move
    assert mover is not None
    live = LiveTable("t", Table(state, ["human", "human"]), {0: "x", 1: "y"},
                     datetime.now(UTC))
    assert asyncio.run(live.snapshot(mover))["view"]["legal"]
    live.away = {mover: "random"}  # its person handed it to a bot that has not moved yet
    shown = asyncio.run(live.snapshot(mover))
    assert shown["view"]["legal"] == [] and 'data-action="' not in shown["board"]
    assert not asyncio.run(live.snapshot(1 - mover))["view"].get("legal")


def test_the_replays_move_list_names_the_players(sqlite_server: Server) -> None:
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as http:
        made = create(http, "castle", ["human", "random"], seed=8)
        table = made["table"]
        assert name(http, table, token(made, 0), "Zosia").status_code == 200
        assert http.post(f"/api/tables/{table}/away", json={
            "token": token(made, 0), "bot": "random"}).status_code == 200
        wait_over(http, table)
        listed = http.get(f"/api/tables/{table}/moves").json()
        assert listed["names"] == ["Zosia", None]
