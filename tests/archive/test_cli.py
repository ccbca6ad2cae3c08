"""``reversi import`` (GGF and WTHOR files into the archive, on SQLite and PostgreSQL,
read back through the API with the same moves) and ``reversi analyse`` on a fixed game."""

from __future__ import annotations

import asyncio
import datetime
import re
from pathlib import Path

import pytest

from reversi.cli import main
from reversi.engine import Board, read_ggf
from reversi.engine.ggf import write_ggf_games
from reversi.engine.wthor import JOU_WIDTH, TRN_WIDTH, WthorBase, game_of, write_names, write_wtb
from reversi.server.wall_clock import ManualClock
from reversi.storage import open_store
from reversi.storage.schema import GAMES
from reversi.texts import text
from tests.app_fixtures import make_settings, players
from tests.archive.test_api import GAME

SHORT = "f5d6c5f4e3f6g5e6e7"  # black wipes white out after 9 moves
OTHER = "e6f4c3c4d3d6e3c2b3"  # a game that stopped early (resigned)


def imported_ids(url: str) -> dict[str, str]:
    """transcript → id of every game in the archive."""

    async def read() -> dict[str, str]:
        store = await open_store(url)
        try:
            rows = await store.read(lambda r: r.conn.execute(GAMES.select()).mappings().all())
        finally:
            await store.close()
        return {"".join(m for m in row["moves"] if m != "pass"): row["id"] for row in rows}

    return asyncio.run(read())


def test_import_puts_ggf_and_wthor_games_into_the_archive(
    tmp_path: Path,
    clock: ManualClock,
    db_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("REVERSI_DATABASE_URL", db_url)
    ggf = tmp_path / "many.ggf"
    text_ = write_ggf_games(
        [
            (Board(moves=GAME), {"PB": "Ada", "PW": "Bo", "DT": "2026.11.30_12:00:00.GMT"}),
            (Board(moves=OTHER), {"PB": "Cleo", "PW": "Dora", "RE": "-4.000:r"}),
        ]
    )
    bad = text_.splitlines()[0].replace("W[e1]", "W[a8]")  # move 8 is not possible
    ggf.write_text(text_ + bad + "\n")
    wtb = tmp_path / "WTH_2025.wtb"
    wtb.write_bytes(
        write_wtb(
            WthorBase(2025, [game_of(Board(moves=SHORT), black=1, white=0, tournament=0)]),
            made=(2026, 12, 1),
        )
    )
    (tmp_path / "WTHOR.JOU").write_bytes(write_names(["Émile", "Françoise"], JOU_WIDTH))
    (tmp_path / "WTHOR.TRN").write_bytes(write_names(["Paris"], TRN_WIDTH))
    assert main(["import", str(ggf), str(wtb)]) == 1  # one game refused
    out, err = capsys.readouterr()
    assert "3 Partien ins Archiv aufgenommen, 0 schon darin, 1 abgelehnt" in out
    assert re.search(r"many\.ggf: Partie 3 abgelehnt: .*a8", err)
    assert main(["import", str(wtb)]) == 0  # again: nothing new
    again = capsys.readouterr().out
    assert "0 Partien ins Archiv aufgenommen, 1 schon darin, 0 abgelehnt" in again
    ids = imported_ids(db_url)
    assert set(ids) == {GAME, OTHER, SHORT}
    with players(make_settings(tmp_path, clock, db_url), 1) as (a,):
        long = a.get(f"/api/games/{ids[GAME]}").json()  # imports are public
        assert long["kind"] == "import" and long["transcript"] == GAME
        assert [m["square"] for m in long["moves"]] == [
            None if m.square is None else str(m) for m in Board(moves=GAME).move_stack
        ]
        assert (long["black"]["name"], long["white"]["name"]) == ("Ada", "Bo")
        assert (
            long["finished_at"]
            == datetime.datetime(2026, 11, 30, 12, tzinfo=datetime.UTC).timestamp()
        )
        assert long["result"]["black"] == 42 and long["counting"] == "winner"
        resigned = a.get(f"/api/games/{ids[OTHER]}").json()["result"]
        assert (resigned["reason"], resigned["winner"]) == ("resign", "white")
        wthor = a.get(f"/api/games/{ids[SHORT]}").json()
        assert (wthor["black"]["name"], wthor["white"]["name"]) == ("Françoise", "Émile")
        assert wthor["tags"]["tournament"] == "Paris" and wthor["tags"]["year"] == 2025
        assert wthor["result"] == {
            "black": 64,
            "white": 0,
            "winner": "black",
            "reason": "game_over",
        }
        assert read_ggf(a.get(f"/api/games/{ids[SHORT]}.ggf").text)[0] == Board(moves=SHORT)


def test_analyse_reads_a_game_of_the_archive(
    tmp_path: Path, db_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("REVERSI_DATABASE_URL", db_url)
    path = tmp_path / "one.ggf"
    path.write_text(write_ggf_games([(Board(moves=SHORT), {"PB": "Ada", "PW": "Bo"})]))
    assert main(["import", str(path)]) == 0
    capsys.readouterr()
    (id_,) = imported_ids(db_url).values()
    assert main(["analyse", id_, "--budget", "0.02"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Analyse: Ada (Ebenholz) gegen Bo (Perlmutt), 64:0"
    assert len([line for line in lines if re.match(r"\s*\d+\. [a-h][1-8]", line)]) == 9


def test_import_names_an_unreadable_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("REVERSI_DATABASE_URL", f"sqlite:///{tmp_path / 'a.sqlite3'}")
    broken = tmp_path / "broken.wtb"
    broken.write_bytes(b"\x01\x02")
    assert main(["import", str(broken), str(tmp_path / "missing.ggf")]) == 1
    err = capsys.readouterr().err
    assert "broken.wtb: nicht lesbar" in err and "missing.ggf: nicht lesbar" in err


def test_analyse_prints_every_move_the_summary_and_the_turning_point(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyse", GAME, "--budget", "0.02"]) == 0
    lines = capsys.readouterr().out.splitlines()
    moves = [line for line in lines if re.match(r"\s*\d+\. [a-h][1-8]", line)]
    assert len(moves) == 60
    assert moves[-1].split()[:3] == ["60.", "g8", "+20.0"]  # the result, 42:22
    assert all(text("analyse.exact") in line for line in moves[-12:])
    assert text("analyse.pass", color=text("color.white")) in lines
    assert lines.index(text("analyse.pass", color=text("color.white"))) == 2 + 51
    marked = " ".join(moves)
    assert any(text(f"mark.{m}") in marked for m in ("inaccuracy", "mistake", "blunder"))
    assert (
        sum(
            line.startswith((text("color.black") + ":", text("color.white") + ":"))
            for line in lines
        )
        == 2
    )
    assert any(line.startswith("Wendepunkt: Zug ") for line in lines)


def test_analyse_reads_a_ggf_file_and_refuses_what_is_no_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REVERSI_DATABASE_URL", f"sqlite:///{tmp_path / 'a.sqlite3'}")
    path = tmp_path / "one.ggf"
    path.write_text(write_ggf_games([(Board(moves=SHORT), {"PB": "Ada", "PW": "Bo"})]))
    assert main(["analyse", str(path), "--budget", "0.02"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Analyse: Ada (Ebenholz) gegen Bo (Perlmutt), 64:0")
    assert main(["analyse", "nichts-davon"]) == 1
    assert "Keine Partie" in capsys.readouterr().err
    assert not (tmp_path / "a.sqlite3").exists()  # looking made no database
