"""The server's edges under abuse (issue #25, "Hardened edges"): huge bodies, foreign
origins, forged X-Forwarded-For, socket floods, echoed input, absurd seeds, internal
errors, and finished games replayed at every request — each on the real server."""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets

from towerplay.server import replay, uploads
from towerplay.server.app import create_app
from towerplay.server.limits import MAX_MESSAGE_BYTES, TABLES_PER_MINUTE, WS_MAX_BYTES, Limits

from tests.server.conftest import (
    GENEROUS,
    TIMEOUT,
    Server,
    connect,
    create,
    free_port,
    receive,
    token,
    wait_answering,
    wait_over,
    wait_turn,
)
from tests.server.test_uploads import finished_record
from tests.waiting import PATIENCE

FOREIGN = "http://evil.example"
MB = 1 << 20


class GuardedServer(Server):
    """The conftest's server in a thread, with options of :func:`create_app`."""

    def __init__(self, db_url: str, limits: Limits = GENEROUS, **options: Any) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        app = create_app(db_url, limits=limits, workers=1, **options)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="critical",
                                ws_max_size=WS_MAX_BYTES, ws_per_message_deflate=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GuardedServer]:
    db = tmp_path_factory.mktemp("db") / "abuse.sqlite"
    running = GuardedServer(f"sqlite:///{db}", Limits(
        actions_per_second=1000, actions_burst=1000, tables_per_minute=10_000,
        sockets_per_address=3))
    with running:
        yield running


@pytest.fixture
def http(web: GuardedServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=web.base, timeout=TIMEOUT) as client:
        yield client


@contextmanager
def serving(tmp: Path, *options: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``towerplay serve`` (as an operator starts it) in a subprocess: it and its URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "TOWERPLAY_DATABASE_URL"}
    process = subprocess.Popen(
        [sys.executable, "-m", "towerplay", "serve", "--port", str(port), "--db",
         str(tmp / f"serve-{port}.sqlite"), "--workers", "1", *options],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True, env=env,
        start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_answering(base, process)
        yield process, base
    finally:
        stop(process)


def stop(process: subprocess.Popen[str]) -> None:
    """End the server and its bot workers (its process group): SIGTERM, then SIGKILL."""
    for sent in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sent)
            process.wait(30)
            return
        except ProcessLookupError:
            process.wait(30)
            return
        except subprocess.TimeoutExpired:
            continue


def rss(pid: int) -> int:
    """A process' resident memory in bytes."""
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    assert found is not None
    return int(found.group(1)) * 1024


def stream(port: int, path: str, total: int, piece: int = 64 * 1024) -> tuple[int, int]:
    """POST ``total`` bytes to ``path`` chunked, in ``piece``-byte chunks, stopping as soon
    as the server answers: (its status, the bytes sent)."""
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                     .encode())
        chunk = b"%x\r\n" % piece + b" " * piece + b"\r\n"
        sent = 0
        try:
            while sent < total and not select.select([sock], [], [], 0.01)[0]:
                sock.sendall(chunk)
                sent += piece
            if sent >= total:
                sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        head, _ = read_response(sock)
        return int(head.split()[1]), sent


def read_response(sock: socket.socket) -> tuple[bytes, bytes]:
    """One whole HTTP response from ``sock`` (however the bytes arrive): its head (status
    line and headers) and its body, read up to its Content-Length."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += receive_some(sock)
    head, body = data.split(b"\r\n\r\n", 1)
    length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
    while length is not None and len(body) < int(length.group(1)):
        body += receive_some(sock)
    return head, body


def receive_some(sock: socket.socket) -> bytes:
    data = sock.recv(65536)
    assert data, "the server closed without answering"
    return data


# ----------------------------------------------------------------- 1. bodies
def test_a_huge_streamed_body_is_refused_unread_and_memory_stays(tmp_path: Path) -> None:
    with serving(tmp_path) as (process, base):
        port = int(base.rsplit(":", 1)[1])
        before = rss(process.pid)
        status, sent = stream(port, "/api/tables", 50 * MB)
        after = rss(process.pid)
    assert status == 413
    assert sent < 10 * MB, f"the server read {sent / MB:.0f} MB before refusing"
    assert after - before < 20 * MB, f"the server grew by {(after - before) / MB:.0f} MB"


def test_a_declared_huge_body_is_refused_before_it_is_sent(web: GuardedServer) -> None:
    with socket.create_connection(("127.0.0.1", web.port), timeout=PATIENCE) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nContent-Length: 50000000\r\n\r\n")
        head, raw = read_response(sock)
    assert head.startswith(b"HTTP/1.1 413"), head[:80]
    body = json.loads(raw)
    assert body["type"] == "error" and body["code"] == "bad_message"
    assert f"at most {MAX_MESSAGE_BYTES} bytes" in body["message"]


@pytest.mark.parametrize("path", ["/api/tables", "/api/tables/nope/actions",
                                  "/api/tables/nope/hint", "/api/tables/nope/review",
                                  "/api/games", "/"])
def test_every_endpoint_refuses_a_chunked_body_past_the_limit(http: httpx.Client,
                                                              path: str) -> None:
    consumed = 0

    def body() -> Iterator[bytes]:
        nonlocal consumed
        for _ in range(4):
            consumed += MAX_MESSAGE_BYTES
            yield b" " * MAX_MESSAGE_BYTES

    answer = http.post(path, content=body())
    assert answer.status_code == 413, answer.text
    assert answer.json()["code"] == "bad_message"


def test_refusals_at_the_edge_are_in_the_clients_language(http: httpx.Client,
                                                         web: GuardedServer) -> None:
    huge = http.post("/api/tables", params={"lang": "pl"}, content=b" " * 5000)
    assert huge.status_code == 413
    assert huge.json()["message"] == "treść żądania jest za duża: najwyżej 4096 bajtów"
    foreign = http.post("/api/tables", json=table_body(),
                        headers={"Origin": FOREIGN, "Accept-Language": "hu"})
    assert foreign.json()["message"].startswith("más webhely oldalairól")

    async def scenario() -> dict[str, Any]:
        url = f"{web.ws_base}/ws/tables/x?lang=pl"
        async with websockets.connect(url, origin=FOREIGN) as refused:  # type: ignore[arg-type]
            return await receive(refused)

    assert asyncio.run(scenario())["message"].startswith("żądania ze stron innej witryny")


def test_an_upload_keeps_its_bigger_limit(http: httpx.Client) -> None:
    under = http.post("/api/uploads", content=b" " * (uploads.MAX_UPLOAD_BYTES - 10))
    assert under.status_code == 422 and under.json()["code"] == "bad_record", under.text
    over = http.post("/api/uploads", content=iter([b" " * uploads.MAX_UPLOAD_BYTES, b"  "]))
    assert over.status_code == 413 and over.json()["code"] == "bad_record"
    assert "too large" in over.json()["message"]


# ----------------------------------------------------------------- 2. origins
def table_body() -> dict[str, Any]:
    return {"game": "five_towers", "seats": ["human", "human"]}


def test_a_foreign_origin_cannot_post(http: httpx.Client, web: GuardedServer) -> None:
    foreign = http.post("/api/tables", content=json.dumps(table_body()),
                        headers={"Origin": FOREIGN, "Content-Type": "text/plain"})
    assert foreign.status_code == 403, foreign.text
    assert foreign.json()["code"] == "forbidden" and FOREIGN in foreign.json()["message"]
    own = http.post("/api/tables", json=table_body(), headers={"Origin": web.base})
    assert own.status_code == 201, own.text
    assert http.post("/api/tables", json=table_body()).status_code == 201  # curl, the CLI
    assert http.get("/api/games", headers={"Origin": FOREIGN}).status_code == 200


def test_a_foreign_origin_cannot_open_a_socket(http: httpx.Client, web: GuardedServer) -> None:
    table = create(http, "five_towers", ["human", "human"])["table"]
    url = f"{web.ws_base}/ws/tables/{table}"

    async def scenario() -> tuple[dict[str, Any], int | None, dict[str, Any]]:
        async with websockets.connect(url, origin=FOREIGN) as refused:  # type: ignore[arg-type]
            said = await receive(refused)
            with pytest.raises(websockets.ConnectionClosed):
                await receive(refused)
            code = refused.close_code
        async with websockets.connect(url, origin=web.base) as own:  # type: ignore[arg-type]
            return said, code, await receive(own)

    said, code, joined = asyncio.run(scenario())
    assert code == 4403 and said["code"] == "forbidden"
    assert joined["type"] != "error"


def test_serve_takes_allowed_origins_and_trusted_proxies(tmp_path: Path) -> None:
    options = ("--allowed-origin", "https://games.example", "--forwarded-allow-ips",
               "127.0.0.1")
    with serving(tmp_path, *options) as (_, base), \
            httpx.Client(base_url=base, timeout=TIMEOUT) as http:
        listed = http.post("/api/tables", json=table_body(),
                           headers={"Origin": "https://games.example"})
        own = http.post("/api/tables", json=table_body(), headers={"Origin": base})
        made = [http.post("/api/tables", json=table_body(),
                          headers={"X-Forwarded-For": f"10.0.0.{n}"}).status_code
                for n in range(TABLES_PER_MINUTE + 5)]
    assert listed.status_code == 201 and own.status_code == 403  # only the listed ones
    assert made == [201] * (TABLES_PER_MINUTE + 5)  # the trusted proxy's clients, each


# ----------------------------------------------------------------- 3. proxies
def test_forged_forwarded_for_does_not_dodge_the_table_limit(tmp_path: Path) -> None:
    with serving(tmp_path) as (_, base), httpx.Client(base_url=base, timeout=TIMEOUT) as http:
        codes = [http.post("/api/tables", json=table_body(),
                           headers={"X-Forwarded-For": f"10.0.{n}.{n}"}).status_code
                 for n in range(40)]
    assert codes == [201] * TABLES_PER_MINUTE + [429] * (40 - TABLES_PER_MINUTE)


# ----------------------------------------------------------------- 4. sockets
def test_websockets_per_address_are_capped(http: httpx.Client, web: GuardedServer) -> None:
    table = create(http, "five_towers", ["human", "human"])["table"]

    async def scenario() -> tuple[dict[str, Any], int | None, dict[str, Any]]:
        sockets = [await connect(web, table) for _ in range(3)]
        for opened in sockets:
            assert (await receive(opened))["type"] != "error"
        async with connect(web, table) as extra:
            said = await receive(extra)
            with pytest.raises(websockets.ConnectionClosed):
                await receive(extra)
            code = extra.close_code
        await sockets.pop().close()
        deadline = time.monotonic() + PATIENCE
        while True:  # until the server has heard the close
            async with connect(web, table) as again:
                rejoined = await receive(again)
            if rejoined["type"] != "error" or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.05)
        for opened in sockets:
            await opened.close()
        return said, code, rejoined

    said, code, rejoined = asyncio.run(scenario())
    assert code == 4429 and said["code"] == "busy" and "at most 3" in said["message"]
    assert rejoined["type"] != "error"


# ----------------------------------------------------------------- 5. headers
STATIC = Path(replay.__file__).parent / "static"


@pytest.mark.parametrize("path", ["/", "/tables/x", "/replay/x", "/rules/castle",
                                  "/score/", "/api/games", "/static/app.js", "/nowhere"])
def test_every_answer_has_the_security_headers(http: httpx.Client, path: str) -> None:
    headers = http.get(path).headers
    assert "default-src 'self'" in headers["content-security-policy"]
    assert "unsafe-inline" not in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"


def test_the_pages_need_no_inline_script_or_style(http: httpx.Client) -> None:
    pages = [p.read_text() for p in STATIC.glob("*.html")] + [http.get("/rules/castle").text]
    for text in pages:
        assert not re.search(r"<script(?![^>]*\bsrc=)", text)
        assert not re.search(r"\sstyle=|<style|\son[a-z]+=", text)
    scripts = "".join(p.read_text() for p in STATIC.rglob("*.js"))
    assert "style=" not in scripts and " on" + "click=" not in scripts


# ----------------------------------------------------------------- 6. echoes
@pytest.mark.parametrize("path", ["/score/%3Csvg%20onload=alert(1)%3E/data.json",
                                  "/score/%3Csvg%20onload=alert(1)%3E",
                                  "/api/%3Csvg%20onload=alert(1)%3E"])
def test_unknown_names_are_json_not_found(http: httpx.Client, path: str) -> None:
    answer = http.get(path)
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("application/json")
    assert answer.json()["type"] == "error" and answer.json()["code"] == "not_found"


# ----------------------------------------------------------------- 7. seeds
@pytest.mark.parametrize("seed", [10**40, 2**63, -1])
def test_seeds_outside_63_bits_are_refused(http: httpx.Client, seed: int) -> None:
    answer = http.post("/api/tables", json={**table_body(), "seed": seed})
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "bad_message" and "seed" in answer.json()["message"]


def test_the_largest_seed_is_taken(http: httpx.Client) -> None:
    create(http, "five_towers", ["human", "human"], seed=2**63 - 1)


def test_an_uploaded_record_with_a_huge_seed_is_refused(http: httpx.Client) -> None:
    record = {"game": "five_towers", "players": 2, "seed": 10**40, "actions": []}
    answer = http.post("/api/uploads", content=json.dumps(record))
    assert answer.status_code == 422 and answer.json()["code"] == "bad_record"
    assert "seed" in answer.json()["message"]


# ----------------------------------------------------------------- 8. internal errors
def test_an_internal_error_is_the_protocols_error(http: httpx.Client,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("secret detail of the failure")

    monkeypatch.setattr("towerplay.server.tables.game_entry", broken)
    answer = http.get("/api/games")
    assert answer.status_code == 500
    assert answer.json() == {"type": "error", "code": "internal", "params": {},
                             "message": answer.json()["message"]}
    assert "secret" not in answer.text and "Traceback" not in answer.text
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_a_bad_replay_position_is_refused_not_a_500(http: httpx.Client) -> None:
    table = finished(http)
    for at in ("²", "9" * 5000, "-1", "x"):
        answer = http.get(f"/api/tables/{table}/replay", params={"at": at})
        assert answer.status_code == 422 and answer.json()["code"] == "bad_message"


# ----------------------------------------------------------------- 9. finished games
def finished(http: httpx.Client) -> str:
    """A table of two bots, played to its end: its id."""
    table: str = create(http, "five_towers", ["greedy", "greedy"], seed=5)["table"]
    wait_over(http, table)
    return table


def counted(monkeypatch: pytest.MonkeyPatch, name: str) -> list[str]:
    """Count the calls of ``replay.<name>``: the names of the threads they ran on."""
    threads: list[str] = []
    original = getattr(replay, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        return original(*args, **kwargs)

    monkeypatch.setattr(replay, name, wrapper)
    return threads


def test_a_finished_game_is_replayed_once_off_the_loop(http: httpx.Client, web: GuardedServer,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    table = finished(http)
    moves, positions = counted(monkeypatch, "moves"), counted(monkeypatch, "position")
    answers = [http.get(f"/api/tables/{table}/moves").json() for _ in range(3)]
    steps = [http.get(f"/api/tables/{table}/replay", params={"at": 3}).json()
             for _ in range(3)]
    records = [http.get(f"/api/tables/{table}/record") for _ in range(2)]
    assert len(moves) == 1 and len(positions) == 1
    assert answers[0] == answers[2] and steps[0] == steps[2] and steps[0]["at"] == 3
    assert web.thread.name not in moves + positions  # computed in a worker thread
    assert records[0].json() == records[1].json()
    assert records[1].headers["content-disposition"].startswith("attachment")
    http.get(f"/api/tables/{table}/moves", params={"lang": "pl"})
    assert len(moves) == 2  # another language, another answer


def test_an_uploaded_record_is_replayed_once(http: httpx.Client,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    sent = http.post("/api/uploads", content=json.dumps(finished_record(seed=8)))
    assert sent.status_code == 201, sent.text
    upload = sent.json()["upload"]
    moves, positions = counted(monkeypatch, "moves"), counted(monkeypatch, "position")
    for _ in range(2):
        assert http.get(f"/api/uploads/{upload}/moves").status_code == 200
        assert http.get(f"/api/uploads/{upload}/replay", params={"at": 2}).status_code == 200
        assert http.get(f"/api/uploads/{upload}/record").status_code == 200
    assert len(moves) == 1 and len(positions) == 1


def test_an_unfinished_table_is_not_kept_as_finished(http: httpx.Client) -> None:
    made = create(http, "five_towers", ["human", "greedy"], seed=3)
    table, seat_token = made["table"], token(made, 0)
    rng = random.Random(3)
    for path in ("moves", "record", "replay"):
        assert http.get(f"/api/tables/{table}/{path}").status_code == 403
    while not (answer := wait_turn(http, table, seat_token))["view"]["is_over"]:
        moved = http.post(f"/api/tables/{table}/actions", json={
            "token": seat_token, "version": answer["version"],
            "action": rng.choice(answer["view"]["legal"])})
        assert moved.status_code == 200, moved.text
    record = http.get(f"/api/tables/{table}/record").json()
    listed = http.get(f"/api/tables/{table}/moves").json()
    assert listed["total"] == len(record["actions"]) > 0
