"""Hidden information over the wire, for every game: whole games through the server (a
person's seats played by scripted websocket clients, bots in the others, all-bot tables
watched by a spectator). Every message to a seat or a spectator must be exactly what that
seat may know at that version — ``state.view(seat)`` of the true state, rebuilt from the
record once the game is over — its log lines the seat's own, and no message before the end
may hold the seed or another seat's token."""
from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import pytest

from towerplay import games
from towerplay.core.record import Record
from towerplay.i18n import Translator
from towerplay.server.live import json_view

from tests.server.conftest import TIMEOUT, Server, connect, create, receive

GAMES = list(games.BUILT_IN)  # the games that ship with towerplay
Seen = list[tuple[int | None, str]]
"""(seat, raw message) for every message a client received."""


async def person(server: Server, table: str, seat_token: str, seed: int) -> Seen:
    """A scripted person: plays a random legal action whenever it is to move."""
    rng, seen = random.Random(seed), []
    async with connect(server, table, seat_token) as ws:
        while True:
            raw = await asyncio.wait_for(ws.recv(), 60)
            message = json.loads(raw)
            assert message["type"] == "view", message
            seen.append((message["seat"], raw))
            view = message["view"]
            if view["is_over"]:
                return seen
            if "legal" in view:
                await ws.send(json.dumps({"type": "act", "version": message["version"],
                                          "action": rng.choice(view["legal"])}))


async def spectator(server: Server, table: str) -> Seen:
    """A spectator watching until the end."""
    seen: Seen = []
    async with connect(server, table) as ws:
        while True:
            message = await receive(ws, 60)
            seen.append((None, json.dumps(message)))
            if message["view"]["is_over"]:
                return seen


def play(server: Server, made: dict[str, Any]) -> Seen:
    """Play the table to its end with a person per human seat and one spectator."""
    humans = [(s["seat"], s["token"]) for s in made["seats"] if s["kind"] == "human"]

    async def everyone() -> list[Seen]:
        return await asyncio.gather(spectator(server, made["table"]), *(
            person(server, made["table"], seat_token, seat) for seat, seat_token in humans))

    return [entry for seen in asyncio.run(everyone()) for entry in seen]


def check(seen: Seen, record: Record, tokens: dict[int, str]) -> None:
    """Every message against the true state at its version (see the module's docstring)."""
    state, versions = record.start(), {}
    said = Translator(record.game, "en")  # (the clients ask for no language: English)
    wanted = {json.loads(raw)["version"] for _, raw in seen}
    for index, text in enumerate([*record.actions, None]):
        if index in wanted:
            versions[index] = (state.game.from_json(state.to_json()), state.is_over)
        if text is not None:
            state.apply(state.game.parse_action(state, text))
    for seat, raw in seen:
        message = json.loads(raw)
        at, over = versions[message["version"]]
        expected = json.loads(json.dumps(json_view(at.view(seat, log=False, legal=True))))
        assert message["view"] == {**expected, "version": message["version"]}
        assert message["seat"] == seat
        for event in message["events"]:
            assert event["index"] < message["version"]
            assert event["line"] == said.logged(at, event["index"], seat)  # the page's words
            assert event["mover"] == at.movers[event["index"]]
        if not over:
            assert str(record.seed) not in raw
        for other, secret in tokens.items():
            assert other == seat or secret not in raw


def seat_lists(game: str) -> list[tuple[list[str], dict[str, Any]]]:
    """Seats and options: one person and bots; two people, a bot and a variant (a spectator
    watches both: what an all-bot table sends is what a spectator gets)."""
    variants = games.game_class(game).variants
    return [(["human", "greedy", "random"], {}),
            (["greedy", "human", "human"], variants[1] if len(variants) > 1 else {})]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_no_message_tells_a_seat_more_than_it_may_know(sqlite_server: Server,
                                                       game: str) -> None:
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as http:
        for seats, options in seat_lists(game):
            made = create(http, game, seats, options=options)
            seen = play(sqlite_server, made)
            tokens = {s["seat"]: s["token"] for s in made["seats"] if s["kind"] == "human"}
            record = Record.from_json(http.get(f"/api/tables/{made['table']}/record").json())
            assert record.replay().is_over
            assert {seat for seat, _ in seen} == {None, *tokens}
            check(seen, record, tokens)
