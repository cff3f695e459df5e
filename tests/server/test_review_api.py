"""The replay page's game review over HTTP (issue #21): refused before the end and for
unknown tables, reproducible, stored in the database, queued with its place shown, limited
per address, and run in slots of its own while play goes on."""
from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from towerplay.arena.review import THRESHOLDS, review
from towerplay.core.record import Record
from towerplay.i18n import Translator
from towerplay.server import pool
from towerplay.server import review as review_api
from towerplay.server.storage import SQLStorage

from tests.server.conftest import TIMEOUT, Server, create, token, wait_turn
from tests.server.test_boards import finished_table
from tests.waiting import wait_for

MARKS = {name for name, _ in THRESHOLDS} | {None}


@pytest.fixture
def http(sqlite_server: Server, monkeypatch: pytest.MonkeyPatch) -> Iterator[httpx.Client]:
    """A client of the SQLite server, reviews at a small budget (the tests' time)."""
    monkeypatch.setattr(pool, "REVIEW_ITERATIONS", 8)
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as client:
        yield client


def wait_done(http: httpx.Client, table: str) -> dict[str, Any]:
    """Poll the review until it is done: its JSON."""
    def done() -> dict[str, Any] | None:
        answer = http.get(f"/api/tables/{table}/review").json()
        assert answer["state"] in ("queued", "running", "done"), answer
        found: dict[str, Any] | None = answer["review"] if answer["state"] == "done" else None
        return found

    return wait_for(done, f"the review of table {table}", every=0.1)


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
                                                               "review": None, "ahead": 0}
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
    labels = [(d.pop("played_label"), d.pop("best_label")) for d in done["decisions"]]
    said = Translator("castle", "en")  # (the request asks for no language: English)
    assert labels == [(said.action(d["played"]), said.action(d["best"]))
                      for d in done["decisions"]]
    assert done == review(record, iterations=8, seed=0).to_json()
    app: Any = sqlite_server.server.config.app
    elsewhere = SQLStorage(app.state.hub.storage.url)  # another process reads it too
    try:
        assert elsewhere.jobs.review(table) == ("done", done, 0)
    finally:
        elsewhere.close()


@pytest.mark.slow
def test_reviews_wait_in_line_with_their_place_and_a_limit_per_address(
        http: httpx.Client, monkeypatch: pytest.MonkeyPatch) -> None:
    tables = [finished_table(http)["table"] for _ in range(4)]
    monkeypatch.setattr(pool, "REVIEW_ITERATIONS", 60)  # long enough to queue behind
    monkeypatch.setattr(review_api, "PER_ADDRESS", 3)
    for table in tables[:3]:
        assert http.post(f"/api/tables/{table}/review").status_code == 202
    limited = http.post(f"/api/tables/{tables[3]}/review")
    assert limited.status_code == 429 and limited.json()["code"] == "busy"
    last = http.get(f"/api/tables/{tables[2]}/review").json()
    assert last["state"] == "queued" and last["ahead"] >= 1  # one review runs at a time
    for table in tables[:3]:
        wait_done(http, table)
    assert http.post(f"/api/tables/{tables[3]}/review").status_code == 202


def test_a_review_stored_as_a_file_by_an_older_version_is_read(
        http: httpx.Client, sqlite_server: Server) -> None:
    table = finished_table(http)["table"]
    url = sqlite_server.server.config.app.state.hub.storage.url
    folder = Path(url.removeprefix("sqlite:///")).parent / "reviews"
    folder.mkdir(exist_ok=True)
    old = {"seats": [0, 1], "decisions": []}
    (folder / f"{table}.json").write_text(json.dumps(old))
    assert http.get(f"/api/tables/{table}/review").json()["review"] == old
    assert http.post(f"/api/tables/{table}/review").json() == {"state": "done"}


def test_play_goes_on_while_a_review_runs(http: httpx.Client,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    table = finished_table(http)["table"]
    monkeypatch.setattr(pool, "REVIEW_ITERATIONS", 100)  # still running a move later
    assert http.post(f"/api/tables/{table}/review").status_code == 202
    made = create(http, "five_towers", ["human", "greedy"])
    answer = wait_turn(http, made["table"], token(made, 0))
    assert http.get(f"/api/tables/{table}/review").json()["state"] in ("queued", "running")
    move = {"token": token(made, 0), "version": answer["version"],
            "action": answer["view"]["legal"][0]}
    moved = http.post(f"/api/tables/{made['table']}/actions", json=move)
    assert moved.status_code == 200, moved.text
    wait_done(http, table)
