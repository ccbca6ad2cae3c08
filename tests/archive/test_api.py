"""The archive over HTTP: finished duels kept by their code with
the time of every move, device games sent with their moves and kept for their owner,
pages of a player's games, GGF downloads — on SQLite and PostgreSQL — and bad ids and
parameters refused with a reason, never a 500."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from reversi.archive.archive_queries import game as game_row
from reversi.engine import Board, read_ggf
from reversi.server.wall_clock import ManualClock
from reversi.texts import text
from tests.app_fixtures import make_settings, players
from tests.server.helpers import until_booked

#: a game of 60 moves with one pass (white's, after the 51st disc), 42:22 for black
GAME = (
    "d3c3c4e3f4c5e2e1b4f5c6a4f2f3b2a1d2c1g4g2h1b5b3c2f1g3d1g1b1b7h2h3c7d7a8e6h5h4a6b6"
    "a5a7d6h6g5f6a2a3d8e7h7e8f7g6g7f8h8b8c8g8"
)
WHEN = 1_699_990_000.0
#: said at every duel's table: never in its replay
CHAT = "Viel Glück, Zebra-Eule!"


def receive(ws: Any, kind: str) -> dict[str, Any]:
    while (message := ws.receive_json())["type"] != kind:
        assert message["type"] != "error", message
    return dict(message)


def play_duel(
    a: TestClient, b: TestClient, clock: ManualClock, squares: list[str], resign: bool = False
) -> tuple[str, dict[str, str]]:
    """A duel between ``a`` and ``b``: ``squares`` played, the n-th taking n seconds;
    the table's code and which client plays which colour."""
    code = a.post("/api/tables").json()["code"]
    b.post(f"/api/tables/{code}/join")
    with a.websocket_connect("/ws") as wa, b.websocket_connect("/ws") as wb:
        for ws in (wa, wb):
            ws.send_json({"type": "watch", "code": code, "version": None})
        colors = [receive(ws, "state")["you"]["color"] for ws in (wa, wb)]
        by_color = dict(zip(colors, (wa, wb), strict=True))
        wa.send_json({"type": "chat", "code": code, "text": CHAT, "id": "chat"})
        receive(wa, "ack")
        board = Board()
        for ply, square in enumerate(squares):
            clock.advance(ply + 1)
            ws = by_color["black" if board.turn else "white"]
            board.push(square)
            ws.send_json(
                {
                    "type": "move",
                    "code": code,
                    "square": square,
                    "cid": f"c{ply}",
                    "ply": ply,
                    "id": f"m{ply}",
                }
            )
            receive(ws, "ack")
        if resign:
            wa.send_json({"type": "resign", "code": code, "id": "r"})
            receive(wa, "ack")
        until_booked(wa)
    return code, {"a": colors[0], "b": colors[1]}


def device_game(i: int, moves: Any = GAME, **more: Any) -> dict[str, Any]:
    item: dict[str, Any] = {
        "id": f"device-game-{i}",
        "level": "mittel",
        "outcome": "win",
        "finished_at": WHEN + i,
        "detail": {"human": "black", "black": 42, "white": 22},
    }
    if moves is not None:
        item["moves"] = moves
    item.update(more)
    return item


def test_a_finished_duel_is_kept_by_its_code_with_every_move_and_its_time(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    board = Board(moves=GAME)
    squares = [str(m) for m in board.move_stack if m.square is not None]
    with players(make_settings(tmp_path, clock, db_url), 3) as (a, b, stranger):
        a.post("/api/me", json={"nickname": "Anna"})
        b.post("/api/me", json={"nickname": "Ben"})
        assert a.get("/api/games/ABCDEF").status_code == 404
        started = clock()
        code, colors = play_duel(a, b, clock, squares)
        replay = stranger.get(f"/api/games/{code}")  # anyone, by the code
        assert replay.status_code == 200
        game = replay.json()
        assert game["id"] == code and game["kind"] == "duel" and game["you"] is None
        assert [m["square"] for m in game["moves"]] == [
            None if m.square is None else str(m) for m in board.move_stack
        ]
        assert [m["color"] for m in game["moves"]] == [
            "black" if board.mover(i) else "white" for i in range(len(board.move_stack))
        ]
        placed = [m for m in game["moves"] if m["square"] is not None]
        assert [m["seconds"] for m in placed] == [float(n) for n in range(1, 61)]
        assert [m["ply"] for m in placed] == list(range(1, 61))
        passes = [m for m in game["moves"] if m["square"] is None]
        assert len(passes) == 1 and passes[0]["seconds"] is None
        assert game["transcript"] == GAME and game["root"] is None
        assert game["result"] == {
            "black": 42,
            "white": 22,
            "winner": "black",
            "reason": "game_over",
        }
        assert game["counting"] == "nobody" and game["tags"]["move_time"] == 60
        names = {colors["a"]: "Anna", colors["b"]: "Ben"}
        assert game["black"]["name"] == names["black"]
        assert game["white"]["name"] == names["white"]
        assert game["started_at"] == started + 0.0 and game["finished_at"] == clock()
        # no seat secrets, no chat, no player ids
        store = a.app.state.duels.store  # type: ignore[attr-defined]
        assert a.portal is not None
        kept = a.portal.call(store.read, lambda rows: game_row(rows.conn, code))
        assert kept.black_id and kept.white_id and kept.clocks
        assert kept.black_id not in replay.text and kept.white_id not in replay.text
        table = a.get(f"/api/tables/{code}").json()
        secret = table["you"]["secret"]
        assert secret not in replay.text and CHAT not in replay.text and "chat" not in game
        assert a.get(f"/api/tables/{code}").json()["chat"][0]["text"] == CHAT
        assert a.get("/api/games/" + code.lower()).json()["id"] == code  # as typed
        assert a.get(f"/api/games/{code}").json()["you"] == colors["a"]
        # both players list it; the stranger has no games
        for client in (a, b):
            listed = client.get("/api/games?player=me").json()
            assert [g["id"] for g in listed["games"]] == [code] and listed["next"] is None
            assert listed["games"][0]["link"] == f"/partie/{code}"
        assert stranger.get("/api/games?player=me").status_code == 401  # no player
        stranger.get("/api/me")
        assert stranger.get("/api/games?player=me").json()["games"] == []
        # the GGF download parses back to the same moves
        ggf = stranger.get(f"/api/games/{code}.ggf")
        assert ggf.status_code == 200 and "attachment" in ggf.headers["content-disposition"]
        parsed, tags = read_ggf(ggf.text)
        assert parsed == board
        assert tags["PB"] == names["black"] and tags["RE"] == "+20.000"
        assert tags["DT"].endswith(".GMT")


def test_a_resigned_duel_is_kept_with_its_winner(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock), 2) as (a, b):
        code, colors = play_duel(a, b, clock, ["d3", "c5"], resign=True)
        game = b.get(f"/api/games/{code}").json()
        assert game["result"]["reason"] == "resign"
        assert game["result"]["winner"] == colors["b"] and game["you"] == colors["b"]
        assert read_ggf(b.get(f"/api/games/{code}.ggf").text)[1]["RE"].endswith(":r")


def test_device_games_with_moves_are_kept_for_their_owner(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    with players(make_settings(tmp_path, clock, db_url), 2) as (a, b):
        a.post("/api/me", json={"nickname": "Anna"})
        sent = a.post(
            "/api/results",
            json={
                "results": [
                    device_game(1),
                    device_game(2, moves=None),
                    device_game(
                        3, level=None, started_at=WHEN - 600, detail={"black": 42, "white": 22}
                    ),
                ]
            },
        )
        assert sent.status_code == 200, sent.text
        assert sent.json()["new"] == ["device-game-1", "device-game-2", "device-game-3"]
        again = a.post("/api/results", json={"results": [device_game(1)]})
        assert again.json() == {"acknowledged": ["device-game-1"], "new": []}
        listed = a.get("/api/games?player=me").json()["games"]
        assert [g["kind"] for g in listed] == ["device", "device"]  # game 2 has no moves
        duo, solo = listed
        assert duo["you"] == "both" and duo["black"] == {"name": None, "level": None}
        assert duo["started_at"] == WHEN - 600
        assert solo["you"] == "black" and solo["black"]["name"] == "Anna"
        assert solo["white"] == {"name": None, "level": "mittel"}
        assert (solo["client_id"], duo["client_id"]) == ("device-game-1", "device-game-3")
        game = a.get(f"/api/games/{solo['id']}").json()
        assert game["transcript"] == GAME and len(game["moves"]) == 61
        assert game["clocks"] is False and game["result"]["winner"] == "black"
        # the hall's record counts the computer games only
        assert a.get("/api/me").json()["record"]["computer"]["games"] == 2
        # another player (or nobody) cannot open it
        nobody = TestClient(a.app)
        nobody.portal = a.portal  # the same event loop
        for client in (b, nobody):
            for path in (f"/api/games/{solo['id']}", f"/api/games/{solo['id']}.ggf"):
                refused = client.get(path)
                assert refused.status_code == 403
                assert refused.json()["error"] == "foreign_game"
                assert refused.json()["message"] == text("archive.error.foreign")
        b.get("/api/me")
        assert b.get("/api/games").json()["games"] == []


@pytest.mark.parametrize(
    ("item", "why"),
    [
        (device_game(1, moves=GAME[:4] + "a1" + GAME[6:]), "Zug 3 (a1) ist nicht möglich"),
        (device_game(1, moves=GAME[:-2]), "noch nicht zu Ende"),
        (device_game(1, moves="f5x9"), "Zugliste"),
        (device_game(1, moves=["f5"]), "Zugliste"),
        (device_game(1, outcome="loss"), "endet 42:22"),
        (device_game(1, detail={"human": "black", "black": 40, "white": 24}), "endet 42:22"),
        (device_game(1, detail={"black": 42, "white": 22}), "detail.human"),
        (device_game(1, started_at=WHEN + 10), "Beginn"),
        (device_game(1, moves=None, level=None), "Spielstärke"),
    ],
)
def test_moves_that_are_no_such_game_refuse_the_batch(
    tmp_path: Path, clock: ManualClock, item: dict[str, Any], why: str
) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        a.get("/api/me")
        refused = a.post("/api/results", json={"results": [device_game(0), item]})
        assert refused.status_code == 400, refused.text
        assert refused.json()["error"] == "bad_results"
        assert refused.json()["message"].startswith("Partie 2 ")
        assert why in refused.json()["message"]
        assert a.get("/api/games").json()["games"] == []  # nothing of the batch


def test_pages_go_back_in_time_without_gaps(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    with players(make_settings(tmp_path, clock, db_url), 1) as (a,):
        same = [device_game(i, finished_at=WHEN) for i in range(5)]  # one moment
        a.post("/api/results", json={"results": [*same, device_game(9)]})
        seen: list[str] = []
        url = "/api/games?player=me&limit=2"
        while True:
            page = a.get(url).json()
            seen += [g["id"] for g in page["games"]]
            assert len(page["games"]) <= 2
            if page["next"] is None:
                break
            url = f"/api/games?player=me&limit=2&before={page['next']}"
        assert len(seen) == len(set(seen)) == 6
        times = [a.get(f"/api/games/{i}").json()["finished_at"] for i in seen]
        assert times == sorted(times, reverse=True) and times[0] == WHEN + 9
        older = a.get(f"/api/games?before={WHEN + 1}").json()["games"]
        assert len(older) == 5
        latest = a.get("/api/games?before=99999999999_2147483647")  # the largest allowed
        assert latest.status_code == 200 and len(latest.json()["games"]) == 6


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/games/x", 400, "bad_game_id"),
        ("/api/games/" + "A" * 200, 400, "bad_game_id"),
        ("/api/games/%00abc%27--", 400, "bad_game_id"),
        ("/api/games/ABCDEFGH.ggf", 404, "unknown_game"),
        ("/api/games/no-such-game", 404, "unknown_game"),
        ("/api/games?before=1e400", 400, "bad_before"),
        ("/api/games?before=" + "9" * 400, 400, "bad_before"),
        ("/api/games?before=-1", 400, "bad_before"),
        ("/api/games?before=nan", 400, "bad_before"),
        ("/api/games?before=17_99999999999999999", 400, "bad_before"),
        ("/api/games?before=1764440000.5_2147483648", 400, "bad_before"),
        ("/api/games?limit=0", 400, "bad_limit"),
        ("/api/games?limit=101", 400, "bad_limit"),
        ("/api/games?limit=" + "9" * 40, 400, "bad_limit"),
        ("/api/games?limit=zwei", 400, "bad_limit"),
        ("/api/games?player=someone", 400, "bad_player"),
    ],
)
def test_bad_ids_and_parameters_get_a_reason(
    tmp_path: Path, clock: ManualClock, path: str, status: int, code: str, db_url: str
) -> None:
    with players(make_settings(tmp_path, clock, db_url), 1) as (a,):
        a.get("/api/me")
        answer = a.get(path)
        assert answer.status_code == status, answer.text
        body = answer.json()
        assert (
            body["error"] == code
            and body["message"]
            and body["key"].startswith(("archive.", "request."))
        )


def test_a_list_without_a_player_is_refused(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        answer = a.get("/api/games?player=me")
        assert answer.status_code == 401 and answer.json()["error"] == "not_identified"
        assert "reversi_player" not in answer.headers.get("set-cookie", "")
