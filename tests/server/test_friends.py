"""The friends' table (issue #30): names and chat over HTTP and the websocket, on SQLite
and PostgreSQL, across two server processes' hubs on one PostgreSQL database; no name or
chat message carries a token or a hidden card."""
from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets

from towerplay.core.record import Record
from towerplay.server.limits import Limits

from tests.server.conftest import GENEROUS, TIMEOUT, Server, create, new_database, receive, token

POLISH = {"Accept-Language": "pl"}


def listen(server: Server, table: str, seat_token: str | None = None) -> Any:
    """A websocket that hears the people and chat messages (``?people=1``)."""
    query = f"?people=1&token={seat_token}" if seat_token else "?people=1"
    return websockets.connect(f"{server.ws_base}/ws/tables/{table}{query}", max_size=None)


def name(http: httpx.Client, table: str, seat_token: str, text: Any,
         **headers: str) -> httpx.Response:
    return http.post(f"/api/tables/{table}/name", json={"token": seat_token, "name": text},
                     headers=headers)


async def until(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` on the websocket (others skipped)."""
    while True:
        message = await receive(ws)
        if message.get("type") == kind:
            return message


def test_a_person_names_their_seat_until_its_first_move(http: httpx.Client) -> None:
    made = create(http, "five_towers", ["human", "human"], seed=5)
    table = made["table"]
    assert http.get(f"/api/tables/{table}").json()["names"] == [None, None]
    answer = name(http, table, token(made, 0), "  Al   <script>x</script> ")
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"seat": 0, "name": "Al <script>x</script>"}
    assert name(http, table, token(made, 0), "Ala").json()["name"] == "Ala"
    summary = http.get(f"/api/tables/{table}").json()
    assert summary["names"] == ["Ala", None]
    mover = summary["view"]["to_move"]
    moved = http.post(f"/api/tables/{table}/actions", json={
        "token": token(made, mover), "version": 0,
        "action": http.get(f"/api/tables/{table}", params={"token": token(made, mover)})
        .json()["view"]["legal"][0]})
    assert moved.status_code == 200
    late = name(http, table, token(made, mover), "Zosia", **POLISH)
    assert late.status_code == 403 and late.json()["code"] == "forbidden"
    assert late.json()["message"] == "imię miejsca można zmienić tylko do jego pierwszego ruchu"
    assert name(http, table, token(made, 1 - mover), "Zosia").status_code == 200
    assert http.get(f"/api/tables/{table}").json()["names"][1 - mover] == "Zosia"


@pytest.mark.parametrize(("text", "field"), [
    ("", "name"), ("x" * 25, "name"), ("a\x00b", "name"), (7, "name"), ("\u200b", "name")])
def test_bad_names_are_refused_in_one_line_in_each_language(
        http: httpx.Client, text: Any, field: str) -> None:
    made = create(http, "five_towers", ["human", "greedy"], seed=1)
    table = made["table"]
    for lang in ("en", "pl", "hu"):
        answer = name(http, table, token(made, 0), text, **{"Accept-Language": lang})
        body = answer.json()
        assert answer.status_code == 422 and body["code"] == "bad_message", body
        assert body["params"]["field"] == field and "\n" not in body["message"]
        if lang != "en":
            english = name(http, table, token(made, 0), text).json()["message"]
            assert body["message"] != english
    assert http.get(f"/api/tables/{table}").json()["names"] == [None, None]
    wrong = name(http, table, "not-a-token", "Ala")
    assert wrong.status_code == 403 and wrong.json()["code"] == "forbidden"
    unknown = name(http, "nosuch", "x", "Ala")
    assert unknown.status_code == 404


def test_chat_reaches_seats_and_spectators_live_and_is_stored(server: Server) -> None:
    with httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "human", "greedy"], seed=8)
    table = made["table"]

    async def scenario() -> list[list[dict[str, Any]]]:
        async with listen(server, table, token(made, 0)) as ann, \
                listen(server, table, token(made, 1)) as bob, listen(server, table) as eve:
            for ws in (ann, bob, eve):
                assert (await until(ws, "people"))["names"] == [None, None, None]
                assert (await until(ws, "chat"))["lines"] == []
            await ann.send(json.dumps({"type": "name", "name": "Ann <b>"}))
            for ws in (ann, bob, eve):  # everyone hears of it, then the namer is answered
                assert (await until(ws, "people"))["names"] == ["Ann <b>", None, None]
            assert (await until(ann, "named")) == {"type": "named", "seat": 0,
                                                   "name": "Ann <b>"}
            await eve.send(json.dumps({"type": "name", "name": "Eve"}))
            assert (await until(eve, "named"))["seat"] is None
            await ann.send(json.dumps({"type": "chat", "text": "<script>hi</script>"}))
            await eve.send(json.dumps({"type": "chat", "text": "  go   on "}))
            heard = []
            for ws in (ann, bob, eve):
                lines = (await until(ws, "chat"))["lines"]
                if len(lines) < 2:
                    lines += (await until(ws, "chat"))["lines"]
                heard.append(lines)
            return heard

    heard = asyncio.run(scenario())
    assert heard[0] == heard[1] == heard[2]  # the same lines in the same order for all
    lines = sorted((-1 if line["seat"] is None else line["seat"], line["name"], line["text"])
                   for line in heard[0])
    assert lines == [(-1, "Eve", "go on"), (0, "Ann <b>", "<script>hi</script>")]
    with httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        stored = http.get(f"/api/tables/{table}/chat").json()
        assert stored["chat"] == "all" and [line["index"] for line in stored["lines"]] == [0, 1]
        posted = http.post(f"/api/tables/{table}/chat",
                           json={"token": token(made, 1), "text": "bye"})
        assert posted.status_code == 201
        last = http.get(f"/api/tables/{table}/chat").json()["lines"][-1]
        assert (last["seat"], last["name"], last["text"]) == (1, None, "bye")


def test_a_table_chooses_who_chats(http: httpx.Client) -> None:
    seats_only = create(http, "five_towers", ["human", "human"], seed=2, chat="seats")
    table = seats_only["table"]
    spectator = http.post(f"/api/tables/{table}/chat", json={"text": "hi", "name": "Eve"},
                          headers=POLISH)
    assert spectator.status_code == 403
    assert spectator.json()["message"] == "przy tym stole czatują tylko gracze"
    assert http.post(f"/api/tables/{table}/chat",
                     json={"token": token(seats_only, 0), "text": "psst"}).status_code == 201
    assert http.get(f"/api/tables/{table}/chat").json()["lines"] == []  # not to spectators
    mine = http.get(f"/api/tables/{table}/chat", params={"token": token(seats_only, 1)})
    assert [line["text"] for line in mine.json()["lines"]] == ["psst"]
    off = create(http, "five_towers", ["human", "human"], seed=2, chat="off")
    refused = http.post(f"/api/tables/{off['table']}/chat",
                        json={"token": token(off, 0), "text": "hi"})
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    bad = http.post("/api/tables", json={"game": "five_towers", "seats": ["human"] * 2,
                                         "chat": "loud"}, headers=POLISH)
    assert bad.status_code == 422 and bad.json()["params"]["field"] == "chat"
    assert "'chat' to 'all', 'seats', 'off'" in bad.json()["message"]
    for text in ("", "x" * 301, "a\x07"):
        long = http.post(f"/api/tables/{table}/chat",
                         json={"token": token(seats_only, 0), "text": text})
        assert long.status_code == 422 and long.json()["params"]["field"] == "text"


def test_chat_is_rate_limited_per_address(tmp_path: Any) -> None:
    limits = Limits(**{**GENEROUS.__dict__, "chat_burst": 2, "chat_seconds": 60.0})
    with Server(f"sqlite:///{tmp_path / 'rate.sqlite'}", limits=limits) as server, \
            httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "human"], seed=2)
        say = {"token": token(made, 0), "text": "hi"}
        url = f"/api/tables/{made['table']}/chat"
        assert [http.post(url, json=say).status_code for _ in range(3)] == [201, 201, 429]
        refused = http.post(url, json=say, headers=POLISH).json()
        assert refused["message"].endswith("najwyżej 2 w ciągu 60 sekund")
        assert len(http.get(url).json()["lines"]) == 2


def test_names_and_chat_reach_the_other_process(postgres_cluster: str) -> None:
    """Two servers (two hubs) on one PostgreSQL: a name and a chat line given to one reach
    the clients of the other through NOTIFY; the messages carry no token nor hidden card."""
    url = new_database(postgres_cluster, "friends_two")
    with Server(url) as one, Server(url) as two, \
            httpx.Client(base_url=one.base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "human"], seed=4)
        table = made["table"]

        async def scenario() -> list[str]:
            texts = []
            async with listen(two, table, token(made, 1)) as bob, listen(two, table) as eve:
                for ws in (bob, eve):
                    await until(ws, "chat")
                async with listen(one, table, token(made, 0)) as ann:
                    await until(ann, "chat")
                    await ann.send(json.dumps({"type": "name", "name": "Ann"}))
                    await ann.send(json.dumps({"type": "chat", "text": "hello"}))
                    for ws in (bob, eve):
                        people = await until(ws, "people")
                        chat = await until(ws, "chat")
                        assert people["names"] == ["Ann", None]
                        assert [line["text"] for line in chat["lines"]] == ["hello"]
                        texts += [json.dumps(people), json.dumps(chat)]
            return texts

        for text in asyncio.run(scenario()):
            for seat in (0, 1):
                assert token(made, seat) not in text
            message = json.loads(text)
            assert set(message) <= {"type", "table", "names", "away", "chat", "rematch", "lines"}
            for line in message.get("lines", []):
                assert set(line) == {"index", "seat", "name", "text", "at"}


def test_the_record_and_the_replay_keep_the_names(sqlite_server: Server) -> None:
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as http:
        made = create(http, "castle", ["human", "human"], seed=3,
                      options={"max_turns": 2})  # a short game
        table = made["table"]
        assert name(http, table, token(made, 0), "Ola <i>").status_code == 200
        while not (answer := http.get(f"/api/tables/{table}").json())["view"]["is_over"]:
            mover = token(made, answer["view"]["to_move"])
            legal = http.get(f"/api/tables/{table}", params={"token": mover}).json()
            http.post(f"/api/tables/{table}/actions", json={
                "token": mover, "version": legal["version"],
                "action": legal["view"]["legal"][0]})
        record = Record.from_json(http.get(f"/api/tables/{table}/record").json())
        assert record.names == ["Ola <i>", None]
        assert record.replay().is_over
        assert http.get(f"/api/tables/{table}/replay", params={"at": 1}).json()["names"] == \
            ["Ola <i>", None]
        over = name(http, table, token(made, 0), "Ela")
        assert over.status_code == 409 and over.json()["code"] == "over"


def turn_of(http: httpx.Client, table: str) -> dict[str, Any]:
    answer: dict[str, Any] = http.get(f"/api/tables/{table}").json()
    return answer


def test_a_person_hands_their_seat_to_a_bot_and_takes_it_back(server: Server) -> None:
    with httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = create(http, "five_towers", ["human", "human"], seed=6)
        table = made["table"]
        mover = turn_of(http, table)["view"]["to_move"]
        other = 1 - mover

        async def watched() -> list[dict[str, Any]]:
            async with listen(server, table, token(made, other)) as ws:
                await until(ws, "chat")
                left = http.post(f"/api/tables/{table}/away",
                                 json={"token": token(made, mover), "bot": "random"})
                assert left.json() == {"seat": mover, "bot": "random"}, left.text
                people = await until(ws, "people")
                view = await until(ws, "view")  # the bot moved for the person who left
                return [people, view]

        people, view = asyncio.run(watched())
        assert people["away"][mover] == "random" and people["away"][other] is None
        assert view["version"] >= 1
        assert turn_of(http, table)["away"][mover] == "random"
        refused = http.post(f"/api/tables/{table}/actions", json={
            "token": token(made, mover), "version": view["version"], "action": "pass"})
        assert refused.status_code in (403, 422)
        back = http.post(f"/api/tables/{table}/away", json={"token": token(made, mover),
                                                            "bot": None})
        assert back.status_code == 200 and turn_of(http, table)["away"] == [None, None]
        # back in the seat: at its turn nobody moves for it
        while (summary := turn_of(http, table))["view"]["to_move"] != mover:
            mine = http.get(f"/api/tables/{table}", params={"token": token(made, other)})
            http.post(f"/api/tables/{table}/actions", json={
                "token": token(made, other), "version": mine.json()["version"],
                "action": mine.json()["view"]["legal"][0]})
        storage = server.server.config.app.state.hub.storage  # type: ignore[union-attr]
        assert table not in {due for due, _ in storage.jobs.due_bots()}  # no bot is to move
        assert turn_of(http, table)["version"] == summary["version"]
        spectator = http.post(f"/api/tables/{table}/away", json={"token": "x", "bot": None})
        assert spectator.status_code == 403
        bad = http.post(f"/api/tables/{table}/away", json={"token": token(made, mover),
                                                           "bot": "human"}, headers=POLISH)
        assert bad.status_code == 422 and bad.json()["params"]["field"] == "bot"
        assert bad.json()["message"] == "'bot' to opis bota albo 'null', by wrócić na miejsce"


def played_out(http: httpx.Client, made: dict[str, Any]) -> None:
    """The people of a table move (first legal action) until its game is over."""
    table = made["table"]
    while not (answer := http.get(f"/api/tables/{table}").json())["view"]["is_over"]:
        seat = answer["view"]["to_move"]
        if made["seats"][seat]["kind"] == "bot":
            continue
        mover = token(made, seat)
        legal = http.get(f"/api/tables/{table}", params={"token": mover}).json()
        if "legal" in legal["view"]:
            http.post(f"/api/tables/{table}/actions", json={
                "token": mover, "version": legal["version"],
                "action": legal["view"]["legal"][0]})


def test_play_again_rotates_the_seats_and_gives_each_person_their_own_token(
        server: Server) -> None:
    with httpx.Client(base_url=server.base, timeout=TIMEOUT) as http:
        made = create(http, "castle", ["human", "random", "human"], seed=9,
                      options={"max_turns": 2}, chat="seats")
        table = made["table"]
        early = http.post(f"/api/tables/{table}/rematch", json={"token": token(made, 0)})
        assert early.status_code == 403
        assert name(http, table, token(made, 2), "Cyd").status_code == 200
        played_out(http, made)

        async def scenario() -> tuple[dict[str, Any], dict[str, Any], list[str]]:
            async with listen(server, table, token(made, 0)) as ann, \
                    listen(server, table, token(made, 2)) as cyd, listen(server, table) as eve:
                for ws in (ann, cyd, eve):
                    await until(ws, "chat")
                await ann.send(json.dumps({"type": "rematch"}))
                mine = await until(ann, "rematched")
                seen = [json.dumps(await until(ws, "people")) for ws in (cyd, eve)]
                await cyd.send(json.dumps({"type": "rematch"}))
                theirs = await until(cyd, "rematched")
                return mine, theirs, seen

        mine, theirs, seen = asyncio.run(scenario())
        assert mine["table"] == theirs["table"] != table
        assert (mine["seat"], theirs["seat"]) == (1, 0)  # rotated by one
        for text in seen:  # the others hear of the rematch, never of its tokens
            assert json.loads(text)["rematch"] == mine["table"]
            assert mine["token"] not in text and theirs["token"] not in text
        new = mine["table"]
        summary = http.get(f"/api/tables/{new}").json()
        assert [s["kind"] for s in summary["seats"]] == ["human", "human", "bot"]
        assert summary["seats"][2]["spec"] == "random" and summary["chat"] == "seats"
        assert summary["names"] == ["Cyd", None, None]
        assert http.get(f"/api/tables/{table}").json()["rematch"] == new
        for answer in (mine, theirs):
            seat = http.get(f"/api/tables/{new}", params={"token": answer["token"]})
            assert seat.status_code == 200 and seat.json()["seat"] == answer["seat"]
        old = http.get(f"/api/tables/{new}", params={"token": token(made, 0)})
        assert old.status_code == 403  # the old table's token opens nothing there
        again = http.post(f"/api/tables/{table}/rematch", json={"token": token(made, 0)})
        assert again.status_code == 201 and again.json()["table"] == new
        watcher = http.post(f"/api/tables/{table}/rematch", json={"token": "nope"})
        assert watcher.status_code == 403
