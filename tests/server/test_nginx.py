"""The documented nginx (issue #45): its own refusals (a malformed request, a body over its
limit, no server answering) come in the protocol's JSON shape, worded in the client's
language; behind it the servers answer as ever; /metrics is not for the public; and
docs/deploy.md shows the configuration the code makes."""
from __future__ import annotations

import socket
from pathlib import Path

import httpx
import pytest

from towerplay.server.nginx import BODY_LIMIT, config

from tests.server.conftest import TIMEOUT, Server, free_port
from tests.server.proxies import running_nginx

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
MALFORMED = [b"NOT A REQUEST\r\n\r\n", b"GET /api/games HTTP/1.1\r\n\r\n",
             b"\x16\x03\x01\x02\x00\r\n\r\n",
             b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n"]
"""Requests nginx cannot serve: no request line, no Host, a TLS hello on the plain port,
a header over its buffers."""


def raw(base: str, request: bytes) -> tuple[int, dict[str, object]]:
    """Send bytes to nginx: the answer's status and JSON body."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=TIMEOUT) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"content-type: application/json" in head.lower(), head
    response = httpx.Response(int(head.split()[1]), content=body)
    return response.status_code, response.json()


@pytest.mark.cluster
def test_nginx_refuses_in_the_protocols_shape_and_words() -> None:
    with running_nginx([f"127.0.0.1:{free_port()}"]) as (base, _pid):  # nobody there
        for request in MALFORMED:
            status, body = raw(base, request)
            assert status == 400 and body["type"] == "error", (request[:20], body)
            assert body["code"] == "bad_message"
        down = httpx.get(f"{base}/api/games", headers={"Accept-Language": "hu"})
        assert down.status_code == 503 and down.json()["code"] == "unavailable"
        assert "adatbázisa" in down.json()["message"]
        large = httpx.post(f"{base}/api/uploads", content=b"x" * (BODY_LIMIT + 1),
                           headers={"Accept-Language": "de, pl;q=0.8"})
        assert large.status_code == 413 and large.json()["params"] == {"limit": BODY_LIMIT}
        assert large.json()["message"].startswith("treść żądania jest za duża")


@pytest.mark.cluster
def test_behind_nginx_the_servers_answer_and_metrics_stay_inside(server: Server) -> None:
    address = server.base.removeprefix("http://")
    with running_nginx([address]) as (base, _pid):
        assert httpx.get(f"{base}/api/games").status_code == 200
        refused = httpx.post(f"{base}/api/tables", json={"game": "nope", "seats": []})
        assert refused.status_code == 422 and refused.json()["code"] == "bad_message"
        hidden = httpx.get(f"{base}/metrics")
        assert hidden.status_code == 404 and hidden.json()["code"] == "not_found"
        assert httpx.get(f"{server.base}/metrics").status_code == 200


def test_the_deploy_page_shows_the_configuration_the_code_makes() -> None:
    shown = config(["127.0.0.1:8001", "127.0.0.1:8002"], "80", "/var/lib/towerplay/nginx")
    assert f"```nginx\n{shown}```" in DEPLOY.read_text()


@pytest.mark.cluster
@pytest.mark.parametrize("by_table", [False, True])
def test_nginx_takes_the_configuration(by_table: bool) -> None:
    with running_nginx(["127.0.0.1:9"], by_table) as (base, _pid):
        assert httpx.get(f"{base}/api/games").status_code == 503
