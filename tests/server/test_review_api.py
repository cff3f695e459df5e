"""The replay page's game review over HTTP (issue #21): refused before the end and for
unknown tables, reproducible, stored, and run in the bot pool while play goes on."""
from __future__ import annotations

import random
import time
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from towerplay.arena.review import THRESHOLDS
from towerplay.core.record import Record
from towerplay.server import review as review_api
from tests.server.conftest import Server, create, token, wait_turn
from tests.server.test_boards import finished_table

MARKS = {name for name, _ in THRESHOLDS} | {None}


@pytest.fixture
def http(sqlite_server: Server, monkeypatch: pytest.MonkeyPatch) -> Iterator[httpx.Client]:
    """A client of the SQLite server, reviews at a small budget (the tests' time)."""
    monkeypatch.setattr(review_api, "ITERATIONS", 8)
    with httpx.Client(base_url=sqlite_server.base, timeout=30) as client:
        yield client


def wait_done(http: httpx.Client, table: str, timeout: float = 120) -> dict[str, Any]:
    """Poll the review until it is done: its JSON."""
    deadline = time.monotonic() + timeout
    while True:
        answer = http.get(f"/api/tables/{table}/review").json()
        if answer["state"] == "done":
            found: dict[str, Any] = answer["review"]
            return found
        assert answer["state"] == "running", answer
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.1)


def test_unknown_and_unfinished_tables_are_refused(http: httpx.Client) -> None:
    assert http.post("/api/tables/nope/review").status_code == 404
    assert http.get("/api/tables/nope/review").status_code == 404
    made = create(http, "five_towers", ["human", "greedy"])
    early = http.post(f"/api/tables/{made['table']}/review")
    assert early.status_code == 403 and early.json()["code"] == "forbidden"
    assert http.get(f"/api/tables/{made['table']}/review").status_code == 403


def test_a_finished_tables_review_is_done_reproducible_and_stored(
        http: httpx.Client, sqlite_server: Server) -> None:
    table = finished_table(http)["table"]
    assert http.get(f"/api/tables/{table}/review").json() == {"state": "none",
                                                               "review": None}
    started = http.post(f"/api/tables/{table}/review")
    assert started.status_code == 202
    again = http.post(f"/api/tables/{table}/review")
    assert again.status_code in (409, 200)  # 200 only if it already finished
    done = wait_done(http, table)
    record = Record.from_json(http.get(f"/api/tables/{table}/record").json())
    states = list(record.states())
    # a choice is more than one class of alike actions, as the seat knew them (castle
    # under memory=hidden: the reviewer assumes what the log shows, recall 0)
    unforced = [i for i in range(len(record.actions))
                if len(states[i].determinize(states[i].to_move, random.Random(0),
                                             recall=states[i].game.recall())
                       .action_classes()) > 1]
    assert 0 < len(unforced) < len(record.actions)
    assert [d["index"] for d in done["decisions"]] == unforced
    assert {d["mark"] for d in done["decisions"]} <= MARKS
    assert done == review_api.run_review(record.to_json(), 8)
    app: Any = sqlite_server.server.config.app
    url = app.state.hub.storage.url
    assert (Path(url.removeprefix("sqlite:///")).parent / "reviews" / f"{table}.json").exists()
    app.state.reviews.pop(table)  # as after a restart: only the stored file is left
    assert http.get(f"/api/tables/{table}/review").json() == {"state": "done", "review": done}


def test_play_goes_on_while_a_review_runs(http: httpx.Client,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    table = finished_table(http)["table"]
    monkeypatch.setattr(review_api, "ITERATIONS", 300)
    assert http.post(f"/api/tables/{table}/review").status_code == 202
    made = create(http, "five_towers", ["human", "greedy"])
    answer = wait_turn(http, made["table"], token(made, 0))
    assert http.get(f"/api/tables/{table}/review").json()["state"] == "running"
    move = {"token": token(made, 0), "version": answer["version"],
            "action": answer["view"]["legal"][0]}
    moved = http.post(f"/api/tables/{made['table']}/actions", json=move)
    assert moved.status_code == 200, moved.text
    wait_done(http, table, timeout=300)
