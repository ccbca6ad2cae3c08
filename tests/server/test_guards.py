"""The middleware in front of every route."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket, WebSocketDisconnect

from reversi.server.http.guards import (
    CONTENT_SECURITY_POLICY,
    BodyLimit,
    BrowserHeaders,
    OriginCheck,
)
from reversi.texts import text

CAP = 1000
read: list[int] = []


async def echo(request: Request) -> JSONResponse:
    body = await request.body()
    read.append(len(body))
    return JSONResponse({"length": len(body)})


async def own_policy(request: Request) -> PlainTextResponse:
    return PlainTextResponse("x", headers={"X-Frame-Options": "SAMEORIGIN"})


async def socket(ws: WebSocket) -> None:
    await ws.accept()
    await ws.send_text("hallo")
    await ws.close()


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = Starlette(
        routes=[
            Route("/echo", echo, methods=["POST"]),
            Route("/own", own_policy),
            WebSocketRoute("/ws", socket),
        ],
        middleware=[
            Middleware(BrowserHeaders),
            Middleware(OriginCheck, allowed=["https://reversi.example"]),
            Middleware(BodyLimit, max_bytes=CAP),
        ],
    )
    read.clear()
    with TestClient(app, base_url="http://hall.test") as test_client:
        yield test_client


def test_a_body_within_the_cap_is_read(client: TestClient) -> None:
    assert client.post("/echo", content=b"x" * CAP).json() == {"length": CAP}


def test_an_announced_body_over_the_cap_is_refused_unread(client: TestClient) -> None:
    response = client.post("/echo", content=b"x" * (CAP + 1))
    assert response.status_code == 413
    assert response.json() == {
        "error": "too_big",
        "key": "hall.error.too_big",
        "params": {"limit": CAP},
        "message": text("hall.error.too_big", limit=CAP),
    }
    assert read == []  # the route never ran


def test_a_streamed_body_is_cut_off_while_reading(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(50):
            yield b"y" * 100

    response = client.post("/echo", content=chunks())  # chunked: no content-length
    assert response.status_code == 413 and response.json()["error"] == "too_big"
    assert read == []


def test_a_bad_content_length_is_refused(client: TestClient) -> None:
    response = client.post("/echo", content=b"{}", headers={"content-length": "zwei"})
    assert response.status_code in (400, 413)


def test_every_response_carries_the_browser_headers(client: TestClient) -> None:
    headers = client.post("/echo", content=b"{}").headers
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "'unsafe-inline'" not in CONTENT_SECURITY_POLICY
    assert "'unsafe-eval'" not in CONTENT_SECURITY_POLICY.replace("'wasm-unsafe-eval'", "")
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert client.post("/echo", content=b"x" * (CAP + 1)).headers["x-frame-options"] == "DENY"


def test_a_route_may_set_its_own_header(client: TestClient) -> None:
    assert client.get("/own").headers["x-frame-options"] == "SAMEORIGIN"


@pytest.mark.parametrize(
    "origin", [None, "http://hall.test", "https://reversi.example", "HTTP://HALL.TEST/"]
)
def test_the_socket_accepts_its_own_origin(client: TestClient, origin: str | None) -> None:
    headers = {"origin": origin} if origin else {}
    with client.websocket_connect("ws://hall.test/ws", headers=headers) as ws:
        assert ws.receive_text() == "hallo"


@pytest.mark.parametrize(
    "origin",
    [
        "https://evil.example",
        "http://hall.test.evil.example",
        "null",
        "https://hall.test:444",
        "file://",
    ],
)
def test_the_socket_refuses_other_origins(client: TestClient, origin: str) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect("ws://hall.test/ws", headers={"origin": origin}),
    ):
        pass
    assert refused.value.code == 1008
