"""Replays of uploaded record files over HTTP (issue #18): a good file is kept and
replayed like a finished table (positions, move list, the record again); every kind of
bad file is refused with ``towerplay replay``'s one-line reason, never a traceback."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from towerplay import games
from towerplay.arena.match import play_match
from towerplay.core.record import Record
from towerplay.server import uploads
from towerplay.server.boards import draw
from towerplay.server.storage.schema import rate_events

from tests.server.conftest import TIMEOUT, Server
from tests.server.test_boards import finished_table


@pytest.fixture
def http(sqlite_server: Server, monkeypatch: pytest.MonkeyPatch) -> Iterator[httpx.Client]:
    monkeypatch.setattr(uploads, "UPLOADS_PER_MINUTE", 10_000)  # the limit has its own test
    with httpx.Client(base_url=sqlite_server.base, timeout=TIMEOUT) as client:
        yield client


def finished_record(seed: int = 4) -> dict[str, Any]:
    """The record of a whole castle game between bots, as ``towerplay play`` saves it."""
    final = play_match(games.load("castle"), ["greedy", "random"], seed=seed)
    found: dict[str, Any] = Record.from_state(final, seats=["ann", "random"]).to_json()
    return found


def send(http: httpx.Client, data: bytes, **headers: str) -> httpx.Response:
    return http.post("/api/uploads", content=data, headers=headers)


def test_a_good_file_is_kept_and_replayed(http: httpx.Client) -> None:
    record = finished_record()
    text = json.dumps(record, indent=1).encode()
    answer = send(http, b"\xef\xbb\xbf" + text)  # a byte-order mark is allowed
    assert answer.status_code == 201, answer.text
    made = answer.json()
    assert made["replay"] == f"/replay/upload/{made['upload']}"
    assert made["total"] == len(record["actions"]) and made["game"] == "castle"
    assert send(http, json.dumps(record).encode()).json()["upload"] == made["upload"]
    base = f"/api/uploads/{made['upload']}"
    total = made["total"]
    end = http.get(f"{base}/replay", params={"at": total}).json()
    assert end["view"]["is_over"] and end["view"]["scores"] == record["result"]["scores"]
    assert end["board"] == draw(end["view"]) and end["seats"] == ["ann", "random"]
    start = http.get(f"{base}/replay").json()
    assert start["at"] == 0 and start["line"] is None
    listed = http.get(f"{base}/moves").json()
    assert [m["at"] for m in listed["moves"]] == list(range(1, total + 1))
    for at in (1, total // 2, total):
        step = http.get(f"{base}/replay", params={"at": at}).json()
        assert listed["moves"][at - 1]["line"] == step["line"]
        assert listed["moves"][at - 1]["mover"] == step["mover"]
    assert http.get(f"{base}/record").json() == record
    assert http.get(made["replay"]).headers["content-type"].startswith("text/html")
    assert http.get(f"{base}/replay", params={"at": total + 1}).status_code == 422


def test_an_unfinished_record_is_replayed_but_its_seed_kept(http: httpx.Client) -> None:
    state = games.load("five_towers").start(players=3, seed=8)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    answer = send(http, json.dumps(Record.from_state(state).to_json()).encode())
    assert answer.status_code == 201, answer.text
    base = f"/api/uploads/{answer.json()['upload']}"
    assert not http.get(f"{base}/replay", params={"at": 5}).json()["view"]["is_over"]
    assert http.get(f"{base}/record").status_code == 403


def tampered() -> bytes:
    record = finished_record()
    record["actions"][3] = "fly away"  # no action of the game
    return json.dumps(record).encode()


def cut_short() -> bytes:
    record = finished_record()
    record["actions"] = record["actions"][:-2]
    return json.dumps(record).encode()


def wrong_result() -> bytes:
    record = finished_record()
    record["result"]["scores"] = [99, 0]
    return json.dumps(record).encode()


def test_a_too_large_file_is_refused_unread(http: httpx.Client) -> None:
    answer = send(http, b" " * (uploads.MAX_UPLOAD_BYTES + 1))
    assert answer.status_code == 413, answer.text
    assert answer.json()["code"] == "bad_record" and "too large" in answer.json()["message"]


@pytest.mark.parametrize(("data", "says"), [
    (bytes(range(256)) * 4, "not UTF-8 text"),
    (b"{\"game\": ", "must be JSON"),
    (b"[1, 2]", "JSON object, not a list"),
    (b"[" * 100_000 + b"]" * 100_000, "sane depth"),
    (json.dumps({"game": "chess", "players": 2, "seed": 1, "actions": []}).encode(),
     "unknown game 'chess'"),
    (json.dumps({"game": "castle", "players": 2, "seed": 1}).encode(),
     "field 'actions' is missing"),
    (json.dumps({"game": "castle", "players": 2, "seed": 1, "actions": [], "x": 1}).encode(),
     "unknown field 'x'"),
    (tampered(), "action "),
    (cut_short(), "cut short"),
    (wrong_result(), "differs from the replay's"),
    (b"", "must be JSON"),
    (json.dumps({"game": "blueprints", "players": 2, "seed": 1, "actions": [],
                 "options": {"blueprints": "/etc/hostname"}}).encode(), "names a file"),
    (json.dumps({"game": "skytopia", "players": 2, "seed": 1, "actions": [],
                 "options": {"components": "/etc/passwd"}}).encode(), "names a file"),
])
def test_every_bad_file_is_refused_with_one_line(http: httpx.Client, data: bytes,
                                                 says: str) -> None:
    answer = send(http, data)
    assert answer.status_code == 422, answer.text
    error = answer.json()
    assert error["type"] == "error" and error["code"] == "bad_record"
    assert says in error["message"] and "\n" not in error["message"]
    assert "Traceback" not in answer.text


def test_refusals_are_worded_in_polish_and_hungarian(http: httpx.Client) -> None:
    binary = bytes(range(256))
    polish = send(http, binary, **{"Accept-Language": "pl"}).json()["message"]
    assert polish == "plik zapisu nie jest tekstem UTF-8 (plik binarny?)"
    hungarian = send(http, b"[1]", **{"Accept-Language": "hu"}).json()["message"]
    assert hungarian.startswith("a játszmafájlnak JSON-objektumnak kell lennie")


def test_unknown_uploads_and_the_rate_limit(http: httpx.Client, sqlite_server: Server,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("A" * 22, "nope", "../../etc"):
        assert http.get(f"/api/uploads/{name}/replay").status_code == 404
        assert http.get(f"/api/uploads/{name}/moves").status_code == 404
    storage = sqlite_server.server.config.app.state.hub.storage
    with storage.engine.begin() as db:  # this address's earlier uploads are forgotten
        db.execute(rate_events.delete().where(rate_events.c.key == "upload 127.0.0.1"))
    monkeypatch.setattr(uploads, "UPLOADS_PER_MINUTE", 1)
    assert send(http, b"[]").status_code == 422
    limited = send(http, json.dumps(finished_record()).encode())
    assert limited.status_code == 429 and "too many uploads" in limited.json()["message"]


def test_a_finished_tables_move_list(http: httpx.Client) -> None:
    table = finished_table(http)["table"]
    record = http.get(f"/api/tables/{table}/record").json()
    listed = http.get(f"/api/tables/{table}/moves").json()
    assert listed["total"] == len(record["actions"]) == len(listed["moves"])
    last = http.get(f"/api/tables/{table}/replay", params={"at": listed["total"]}).json()
    assert listed["moves"][-1]["line"] == last["line"]
    assert http.get("/api/tables/nope/moves").status_code == 404
