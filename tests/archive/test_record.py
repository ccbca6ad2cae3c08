"""The archive's record: built from a board, replayed with its passes checked, written
as GGF; a duel's clock per move; a duel lost on time is kept with its winner."""

from __future__ import annotations

import pytest

from reversi.archive.archive_queries import game
from reversi.archive.record import ArchiveError, board_of, ggf_of, played_board, record_of
from reversi.duel.table import new_table, record_clock
from reversi.engine import Board, read_ggf
from reversi.server.duel_server import DuelServer
from reversi.server.settings import Settings, duel_rules
from reversi.server.wall_clock import ManualClock
from tests.archive.test_api import GAME
from tests.server.helpers import move, seated, stored

pytestmark = pytest.mark.anyio


def test_a_record_replays_to_its_board_from_any_root() -> None:
    board = Board("-" * 27 + "OX" + "-" * 6 + "XXX" + "-" * 26 + " O")
    board.push(next(iter(board.legal_moves)))
    kept = record_of(
        board,
        "x1",
        "import",
        names=("Ada", None),
        levels=(None, "schwer"),
        finished_at=1_764_440_000.0,
    )
    assert kept.root == board.root().obf() and board_of(kept) == board
    assert read_ggf(ggf_of(kept))[0] == board
    assert read_ggf(ggf_of(kept))[1]["PW"] == "Schwer"


@pytest.mark.parametrize(
    ("moves", "number"),
    [
        (["d3", "pass"], 2),  # no pass is due
        (["d3", "c3", "a1"], 3),  # no such move
        (["d3", "c3", "x9"], 3),
    ],
)
def test_a_record_whose_moves_do_not_fit_is_refused_with_the_number(
    moves: list[str], number: int
) -> None:
    kept = record_of(Board(), "x1", "import", names=(None, None), finished_at=0.0)
    kept.moves = moves
    with pytest.raises(ArchiveError) as refused:
        board_of(kept)
    assert refused.value.params["number"] == number


def test_a_missing_pass_is_refused() -> None:
    board = Board(moves=GAME)
    kept = record_of(board, "x1", "import", names=(None, None), finished_at=0.0)
    assert kept.moves.count("pass") == 1
    kept.moves.remove("pass")
    with pytest.raises(ArchiveError) as refused:
        board_of(kept)
    assert refused.value.params["number"] == 52


def test_a_transcript_must_be_a_finished_game() -> None:
    assert played_board(GAME.upper()) == Board(moves=GAME)
    for bad in (GAME[:-2], GAME + "a1", "f5d", 42, "f5" * 100):
        with pytest.raises(ArchiveError):
            played_board(bad)


def test_the_clock_of_a_taken_back_move_is_forgotten() -> None:
    table = new_table("ABCDEF", "p", "Anna", 0.0, duel_rules(Settings()))
    table.turn_started_at = 0.0
    for now, square in ((5.0, "d3"), (8.0, "c5")):
        record_clock(table, now)
        table.moves += square
        table.turn_started_at = now
    assert table.extra["clock"] == [5.0, 3.0]
    table.moves = "d3"  # the second disc taken back
    record_clock(table, 10.0)
    assert table.extra["clock"] == [5.0, 2.0]


async def test_a_duel_lost_on_time_is_kept_with_its_winner(
    service: DuelServer, clock: ManualClock
) -> None:
    code, black, white = await seated(service)
    clock.advance(2)
    await move(service, code, black, "d3")
    clock.advance(3)
    await move(service, code, white, "c5")
    clock.advance(10_000)
    assert await service.service.sweep() == [code]
    await service.service.settled()
    kept = await stored(service).read(lambda rows: game(rows.conn, code))
    assert kept is not None and kept.kind == "duel"
    assert kept.result["reason"] == "timeout" and kept.result["winner"] == "white"
    assert (kept.black_id, kept.white_id) == (black, white)
    assert kept.moves == ["d3", "c5"] and kept.clocks == [2.0, 3.0]


async def test_an_aborted_table_is_not_kept(service: DuelServer, clock: ManualClock) -> None:
    code, _, _ = await seated(service)
    clock.advance(10_000)  # nobody moved: aborted, no game
    await service.service.sweep()
    assert await stored(service).read(lambda rows: game(rows.conn, code)) is None
