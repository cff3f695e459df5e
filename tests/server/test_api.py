"""The HTTP API of the protocol (docs/web.md), every refusal included, on SQLite and PostgreSQL."""
from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from towerplay import bots, games
from towerplay.core.record import Record

from tests.server.conftest import create, token, wait_turn


def test_games_list_every_game_without_path_options(http: httpx.Client) -> None:
    listed = {game["id"]: game for game in http.get("/api/games").json()}
    assert set(games.names()) <= set(listed)
    assert listed["five_towers"]["min_players"] == 2
    assert listed["five_towers"]["max_players"] == 5
    assert "rebid" in listed["five_towers"]["options"]["properties"]
    for game, path_option in (("castle", "cards"), ("blueprints", "blueprints"),
                              ("skytopia", "components")):
        schema = listed[game]["options"]
        assert path_option not in schema["properties"]
        assert path_option not in schema.get("required", [])
    for game in ("five_towers", "castle", "blueprints", "skytopia"):  # the lobby shows them
        levels = listed[game]["levels"]
        assert list(levels) == list(bots.LEVELS) and levels == bots.level_ratings(game)
        assert [levels[level]["mu"] for level in bots.LEVELS] == sorted(
            levels[level]["mu"] for level in bots.LEVELS)  # each level above the one below


def test_create_gives_a_link_per_human_seat(http: httpx.Client) -> None:
    made = create(http, "five_towers", ["human", "greedy", "human"])
    seats = made["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "human"]
    assert seats[1] == {"seat": 1, "kind": "bot", "spec": "greedy"}
    assert seats[0]["token"] != seats[2]["token"]
    assert seats[0]["url"] == f"/tables/{made['table']}?token={seats[0]['token']}"
    assert made["spectate"] == f"/tables/{made['table']}"
    assert "seed" not in made


def test_seat_kinds_are_taken_in_any_case_and_by_their_names(http: httpx.Client) -> None:
    """A seat typed ``HUMAN``, or by a kind's name in any language, is that kind."""
    made = create(http, "five_towers", ["HUMAN", "Bot Zachłanny", "mohó bot", "Człowiek"])
    assert [(s["kind"], s.get("spec")) for s in made["seats"]] == [
        ("human", None), ("bot", "greedy"), ("bot", "greedy"), ("human", None)]


@pytest.mark.parametrize(("body", "says"), [
    ({"game": "chess", "seats": ["human", "human"]}, "unknown game 'chess'"),
    ({"game": "five_towers", "seats": ["human", "alphazero"]},
     "unknown seat kind 'alphazero'; seats: human ('human')"),
    ({"game": "five_towers", "seats": ["human", "ismcts:seconds=9999"]}, "thinks too long"),
    ({"game": "five_towers", "seats": ["human"]}, "2"),
    ({"game": "five_towers", "seats": ["human", "greedy"], "players": 3}, "3 seats"),
    ({"game": "five_towers", "seats": ["human", "greedy"], "options": {"rebid": "x"}},
     "rebid"),
    ({"game": "castle", "seats": ["human", "greedy"], "options": {"cards": "/etc/passwd"}},
     "names a file"),
    ({"game": "five_towers", "seats": ["human", "greedy"], "seed": "7"}, "seed"),
    ({"game": "five_towers", "seats": "human,greedy"}, "'seats' must be a list"),
    ({"game": "five_towers", "seats": ["human", "greedy"], "colour": 1}, "colour"),
    ([1, 2], "JSON object"),
])
def test_create_refusals_say_why(http: httpx.Client, body: Any, says: str) -> None:
    answer = http.post("/api/tables", json=body)
    assert answer.status_code == 422, answer.text
    error = answer.json()
    assert error["type"] == "error" and error["code"] == "bad_message"
    assert says in error["message"]
    assert "\n" not in error["message"]


def test_create_refuses_garbled_and_oversized_bodies(http: httpx.Client) -> None:
    garbled = http.post("/api/tables", content=b"{nope", headers={"content-type":
                                                                   "application/json"})
    assert garbled.status_code == 422 and "JSON" in garbled.json()["message"]
    huge = {"game": "five_towers", "seats": ["human", "greedy"], "pad": "x" * 5000}
    oversized = http.post("/api/tables", json=huge)
    assert oversized.status_code == 413 and "at most" in oversized.json()["message"]


def test_views_by_token(http: httpx.Client) -> None:
    made = create(http, "five_towers", ["human", "human"], seed=5)
    table = made["table"]
    mover = http.get(f"/api/tables/{table}", params={"token": token(made, 0)}).json()
    other = http.get(f"/api/tables/{table}", params={"token": token(made, 1)}).json()
    spectator = http.get(f"/api/tables/{table}").json()
    assert mover["version"] == 0 and mover["view"]["seat"] == 0 and mover["seat"] == 0
    assert "legal" in mover["view"] and "legal" not in other["view"]
    assert spectator["view"]["seat"] is None and spectator["seat"] is None
    assert "legal" not in spectator["view"]
    assert mover["board"]
    for answer in (mover, other, spectator):
        assert "seed" not in answer and "token" not in str(answer)


def test_unknown_table_and_wrong_token(http: httpx.Client) -> None:
    made = create(http, "five_towers", ["human", "greedy"])
    assert http.get("/api/tables/nosuchtable").status_code == 404
    assert http.get("/api/tables/" + "x" * 500).status_code == 404
    wrong = http.get(f"/api/tables/{made['table']}", params={"token": "guess"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "forbidden"
    move = {"token": token(made, 0), "version": 0, "action": "bid 1"}
    assert http.post("/api/tables/nosuchtable/actions", json=move).status_code == 404


def act(http: httpx.Client, table: str, body: Any) -> httpx.Response:
    return http.post(f"/api/tables/{table}/actions", json=body)


def test_every_move_refusal_changes_nothing(http: httpx.Client) -> None:
    made = create(http, "five_towers", ["human", "human"], seed=11)
    table = made["table"]
    opener = http.get(f"/api/tables/{table}").json()["view"]["to_move"]
    first, second = token(made, opener), token(made, 1 - opener)
    before = http.get(f"/api/tables/{table}", params={"token": first}).json()
    refusals = [
        ({"token": first, "version": 3, "action": "bid 1"}, 409, "stale"),
        ({"token": first, "version": 0, "action": "bid 99"}, 422, "illegal"),
        ({"token": first, "version": 0, "action": "fly away"}, 422, "illegal"),
        ({"token": first, "version": 0, "action": 7}, 422, "bad_message"),
        ({"token": first, "version": "0", "action": "bid 1"}, 422, "bad_message"),
        ({"token": first, "action": "bid 1"}, 422, "bad_message"),
        ({"token": second, "version": 0, "action": "bid 1"}, 403, "forbidden"),
        ({"token": "forged", "version": 0, "action": "bid 1"}, 403, "forbidden"),
        ({"version": 0, "action": "bid 1"}, 403, "forbidden"),
        ([], 422, "bad_message"),
    ]
    for body, status, code in refusals:
        answer = act(http, table, body)
        assert (answer.status_code, answer.json()["code"]) == (status, code), body
        assert answer.json()["message"]
    after = http.get(f"/api/tables/{table}", params={"token": first}).json()
    assert after["version"] == 0 and after["view"] == before["view"]
    stale = act(http, table, {"token": first, "version": 3, "action": "bid 1"}).json()
    assert stale["params"]["version"] == 0


def play_out(http: httpx.Client, table: str, seat_token: str, seed: int = 1) -> dict[str, Any]:
    """Play the seat's random legal moves until the game ends: the last answer."""
    rng = random.Random(seed)
    while True:
        answer = wait_turn(http, table, seat_token)
        if answer["view"]["is_over"]:
            return answer
        move = {"token": seat_token, "version": answer["version"],
                "action": rng.choice(answer["view"]["legal"])}
        moved = act(http, table, move)
        assert moved.status_code == 200, moved.text
        assert moved.json()["version"] >= answer["version"] + 1  # the bot may be quicker


@pytest.mark.slow
def test_a_whole_game_then_the_record(http: httpx.Client) -> None:
    made = create(http, "five_towers", ["human", "greedy"])
    table, seat_token = made["table"], token(made, 0)
    # 403: the bot opens; 409: it opened and moved already (version 0 is stale)
    assert act(http, table, {"token": seat_token, "version": 0, "action": "bid 1"}
               ).status_code in (200, 403, 409)
    early = http.get(f"/api/tables/{table}/record")
    assert early.status_code == 403 and early.json()["code"] == "forbidden"
    end = play_out(http, table, seat_token)
    late = act(http, table, {"token": seat_token, "version": end["version"], "action": "pass"})
    assert late.status_code == 409 and late.json()["code"] == "over"
    record = Record.from_json(http.get(f"/api/tables/{table}/record").json())
    final = record.replay()
    assert final.is_over and len(record.actions) == end["version"]
    assert record.seats == ["human", "greedy"]
    assert end["view"]["scores"] == [int(s) if s == int(s) else s for s in final.scores()]
    assert all(isinstance(s, int) for s in end["view"]["scores"]
               if float(s).is_integer())
    finished = http.get("/api/tables", params={"state": "finished"}).json()
    entry = next(row for row in finished if row["table"] == table)
    assert entry["result"]["winners"] == final.winners()
    assert "seed" not in entry and seat_token not in str(finished)
    running = http.get("/api/tables", params={"state": "open"}).json()
    assert table not in [row["table"] for row in running]


def test_rules_pages(http: httpx.Client) -> None:
    for game in games.BUILT_IN:
        page = http.get(f"/rules/{game}")
        assert page.status_code == 200 and "<h2>Notation</h2>" in page.text
    assert http.get("/rules/chess").status_code == 404
