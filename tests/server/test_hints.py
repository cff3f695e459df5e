"""Hints over HTTP (issue #18): every refusal, the hint list itself (exactly the legal
actions, win chances in 0..1, best first), tables created without hints, databases made
before the hints column, and hidden information: the search works from the seat's
knowledge, never the true state."""
from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from towerplay import games
from towerplay.core.state import State
from towerplay.server import hints, pool
from towerplay.server.storage import SQLStorage, make_engine

from tests.server.conftest import TIMEOUT, Server, create, new_database, token, wait_turn


@pytest.fixture
def http(sqlite_server: Server, monkeypatch: pytest.MonkeyPatch) -> Iterator[httpx.Client]:
    """A client of the SQLite server; hints search a few iterations (the tests' time)."""
    monkeypatch.setattr(pool, "HINT_ITERATIONS", 40)
    monkeypatch.setattr(hints, "HINTS_PER_MINUTE", 10_000)  # the rate limit has its own test
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as client:
        yield client


def my_turn(http: httpx.Client, game: str = "castle", **fields: Any,
            ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A new table of a person and a bot, at the person's turn: (creation, table)."""
    made = create(http, game, ["human", "greedy"], seed=5, **fields)
    return made, wait_turn(http, made["table"], token(made, 0))


def ask(http: httpx.Client, table: str, body: Any) -> httpx.Response:
    return http.post(f"/api/tables/{table}/hint", json=body)


def test_one_choice_is_not_searched(http: httpx.Client) -> None:
    # a castle game's first reveal: 45 face-down cards, none known, one choice
    made, answer = my_turn(http)
    hinted = ask(http, made["table"], {"token": token(made, 0),
                                        "version": answer["version"]})
    assert hinted.status_code == 200, hinted.text
    body = hinted.json()
    assert body["iterations"] == 0 and len(body["hints"]) == 1
    assert body["hints"][0]["win"] is None and body["hints"][0]["visits"] == 0


def test_a_hint_ranks_exactly_the_legal_actions(http: httpx.Client) -> None:
    made, answer = my_turn(http, "five_towers")
    assert http.get(f"/api/tables/{made['table']}/hint").json() == {"hints": True}
    hinted = ask(http, made["table"], {"token": token(made, 0),
                                        "version": answer["version"]})
    assert hinted.status_code == 200, hinted.text
    body = hinted.json()
    assert body["version"] == answer["version"] and body["seat"] == 0
    assert body["iterations"] == 40
    listed = body["hints"]
    assert sorted(h["action"] for h in listed) == sorted(answer["view"]["legal"])
    wins = [h["win"] for h in listed]
    assert all(0 <= w <= 1 for w in wins) and wins == sorted(wins, reverse=True)
    assert sum(h["visits"] for h in listed) == 40
    assert all(h["label"] for h in listed)


def test_every_refusal_says_why(http: httpx.Client) -> None:
    made, answer = my_turn(http, "five_towers")
    table, mine, version = made["table"], token(made, 0), answer["version"]
    cases = [
        ({"version": version}, 403, "forbidden", "token is needed"),
        ({"token": "forged", "version": version}, 403, "forbidden", "opens no seat"),
        ({"token": mine}, 422, "bad_message", "'version'"),
        ({"token": mine, "version": "1"}, 422, "bad_message", "'version'"),
        ({"token": mine, "version": version + 1}, 409, "stale", "is not the table's"),
        ([1, 2], 403, "forbidden", "token is needed"),
    ]
    for body, status, code, says in cases:
        refused = ask(http, table, body)
        assert refused.status_code == status, (body, refused.text)
        assert refused.json()["code"] == code and says in refused.json()["message"]
    assert ask(http, "nope", {"token": mine, "version": 0}).status_code == 404
    assert http.get("/api/tables/nope/hint").status_code == 404


def test_no_hint_off_turn(http: httpx.Client) -> None:
    made = create(http, "five_towers", ["human", "human"], seed=5)
    view = http.get(f"/api/tables/{made['table']}").json()
    waiting = next(s for s in made["seats"] if s["seat"] != view["view"]["to_move"])
    refused = ask(http, made["table"], {"token": waiting["token"],
                                         "version": view["version"]})
    assert refused.status_code == 403 and "not your turn" in refused.json()["message"]


def test_a_finished_game_is_refused(http: httpx.Client) -> None:
    made = create(http, "castle", ["human", "random"], seed=3)
    table, mine = made["table"], token(made, 0)
    while True:
        answer = wait_turn(http, table, mine)
        if answer["view"]["is_over"]:
            break
        http.post(f"/api/tables/{table}/actions", json={
            "token": mine, "version": answer["version"],
            "action": answer["view"]["legal"][0]})
    refused = ask(http, table, {"token": mine, "version": answer["version"]})
    assert refused.status_code == 409 and refused.json()["code"] == "over"


def test_a_table_without_hints_refuses_them(http: httpx.Client) -> None:
    made, answer = my_turn(http, hints=False)
    assert http.get(f"/api/tables/{made['table']}/hint").json() == {"hints": False}
    refused = ask(http, made["table"], {"token": token(made, 0),
                                         "version": answer["version"]})
    assert refused.status_code == 403 and "hints are off" in refused.json()["message"]
    bad = http.post("/api/tables", json={"game": "castle", "seats": ["human", "greedy"],
                                         "hints": "no"})
    assert bad.status_code == 422 and "'hints'" in bad.json()["message"]


def test_refusals_in_polish(http: httpx.Client) -> None:
    made, answer = my_turn(http, hints=False)
    refused = http.post(f"/api/tables/{made['table']}/hint", headers={
        "Accept-Language": "pl"}, json={"token": token(made, 0), "version": answer["version"]})
    assert refused.json()["message"] == "przy tym stole podpowiedzi są wyłączone"


def test_one_hint_at_a_time_and_a_rate_limit(http: httpx.Client, sqlite_server: Server,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    made, answer = my_turn(http)
    body = {"token": token(made, 0), "version": answer["version"]}
    storage: SQLStorage = sqlite_server.server.config.app.state.hub.storage
    pending = "pending-one"  # as if another process were working one out
    assert storage.jobs.add_hint_request(pending, made["table"], answer["version"], 0,
                                         "10.0.0.9", 60, 100) is None
    busy = ask(http, made["table"], body)
    assert busy.status_code == 429 and "being worked out" in busy.json()["message"]
    storage.jobs.finish_hint(pending, None)
    # The server is shared with earlier tests: their hints from this address would age out
    # of the minute while this test runs (on a busy machine), so they are forgotten first.
    with storage.engine.begin() as db:
        db.execute(text("DELETE FROM hint_requests WHERE address = '127.0.0.1'"))
    monkeypatch.setattr(hints, "HINTS_PER_MINUTE", 1)
    assert ask(http, made["table"], body).status_code == 200
    limited = ask(http, made["table"], body)
    assert limited.status_code == 429 and "too many hints" in limited.json()["message"]


OLD_TABLES = ("CREATE TABLE tables (id VARCHAR(40) PRIMARY KEY, game VARCHAR(40) NOT NULL, "
              "rules_version VARCHAR(20) NOT NULL, options JSON NOT NULL, seed BIGINT NOT "
              "NULL, players INTEGER NOT NULL, seats JSON NOT NULL, created {time} NOT NULL, "
              "finished {time}, result JSON)")
"""The tables table as it was before issue #18 (no hints column)."""


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_an_old_database_gets_the_hints_column(kind: str, tmp_path: Path,
                                               request: pytest.FixtureRequest) -> None:
    if kind == "sqlite":
        url, time = f"sqlite:///{tmp_path / 'old.sqlite'}", "DATETIME"
    else:
        url = new_database(request.getfixturevalue("postgres_cluster"), "old_hints")
        time = "TIMESTAMP WITH TIME ZONE"
    engine = make_engine(url)
    with engine.begin() as db:
        db.execute(text(OLD_TABLES.format(time=time)))
        db.execute(text("INSERT INTO tables VALUES ('old', 'castle', '1', '{}', 1, 2, "
                        "'[\"human\", \"greedy\"]', '2026-01-01 00:00:00', NULL, NULL)"))
    engine.dispose()
    storage = SQLStorage(url)
    try:
        loaded = storage.tables.load("old")
        assert loaded is not None and loaded.hints and storage.tables.hints("old") is True
        storage.tables.set_hints("old", False)
        assert storage.tables.hints("old") is False and storage.tables.hints("new") is None
    finally:
        storage.close()
    SQLStorage(url).close()  # opened again: the column is there, nothing to add


# ----------------------------------------------------------------- hidden information
def mid_game(game: str, seed: int) -> State[Any]:
    """A position a few random moves into a game of three (two for blueprints)."""
    players = 2 if game == "blueprints" else 3
    state = games.load(game).start(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(7):
        state.apply(rng.choice(state.legal_actions()))
    return state


def hint_of(state: State[Any], seed: int) -> list[tuple[str, float, int]]:
    """The server's hint for the seat to move, worked out here: what the search is
    given (:func:`pool.knowledge`) searched by :func:`pool.hint_search`."""
    seen = pool.knowledge(state, state.to_move, random.Random(seed))
    stats: list[tuple[str, float, int]] = pool.hint_search(seen, 60, seed)["stats"]
    return stats


@pytest.mark.parametrize("game", ["castle", "skytopia"])
def test_a_hint_is_the_same_for_positions_the_seat_cannot_tell_apart(game: str) -> None:
    state = mid_game(game, 5)
    seat = state.to_move
    twin = state.determinize(seat, random.Random(99))  # other hidden cards, same knowledge
    assert twin.view(seat) == state.view(seat)
    assert twin.to_json()["state"] != state.to_json()["state"]
    assert hint_of(twin, 3) == hint_of(state, 3)


@pytest.mark.parametrize("game", ["blueprints", "castle", "five_towers", "skytopia"])
def test_the_search_is_given_a_guess_never_the_true_state(game: str) -> None:
    state = mid_game(game, 5)
    seat = state.to_move
    guesses = [pool.knowledge(state, seat, random.Random(seed)) for seed in range(6)]
    assert all(seen.view(seat) == state.view(seat) for seen in guesses)
    assert all(seen.to_json()["state"] != state.to_json()["state"] for seen in guesses)
