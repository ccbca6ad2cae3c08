"""WTHOR files: hand-checked bytes, round trips, and refusals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reversi.engine import Board, NotationError
from reversi.engine.wthor import (
    GAME,
    HEADER,
    JOU_WIDTH,
    TRN_WIDTH,
    WthorBase,
    WthorGame,
    game_of,
    players_of,
    read_names,
    read_wtb,
    write_names,
    write_wtb,
)
from tests.engine.strategies import played_games

DAY = (2026, 12, 1)
#: the shortest wipe-out: black 13, white 0 after nine moves
WIPEOUT = "f5d6c5f4e3f6g5e6e7"


def test_a_game_in_bytes_as_the_format_says() -> None:
    data = write_wtb(
        WthorBase(year=2026, games=[game_of(Board(moves=WIPEOUT), black=3, white=7, tournament=2)]),
        made=DAY,
    )
    assert data[:16] == bytes([20, 26, 12, 1, 1, 0, 0, 0, 0, 0, 0xEA, 0x07, 8, 0, 0, 0])
    record = data[16:]
    assert record[:6] == bytes([2, 0, 3, 0, 7, 0])  # tournament, black, white
    assert record[6] == 64 and record[7] == 64  # 13:0, the 51 empties to the winner
    assert list(record[8:17]) == [56, 64, 53, 46, 35, 66, 57, 65, 75]  # f5 d6 c5 …
    assert record[17:] == bytes(51)


def test_a_read_game_replays_to_its_score() -> None:
    game = read_wtb(write_wtb(WthorBase(2026, [game_of(Board(moves=WIPEOUT))]), DAY)).games[0]
    board = game.board()
    assert board.transcript() == WIPEOUT and board.is_game_over()
    assert game.black_score == 64


@given(st.lists(played_games(), max_size=5), st.integers(1900, 2100))
def test_files_of_many_games_round_trip(boards: list[Board], year: int) -> None:
    base = WthorBase(year, [game_of(b, black=i, white=i + 1) for i, b in enumerate(boards)], 22)
    data = write_wtb(base, made=DAY)
    assert len(data) == HEADER.size + GAME.size * len(boards)
    back = read_wtb(data)
    assert (back.year, back.depth, back.made, back.games) == (year, 22, DAY, base.games)
    for game, board in zip(back.games, boards, strict=True):
        assert game.board().obf() == board.obf()
        assert game.board().move_stack == board.move_stack  # passes come back by the rules


def test_names_round_trip_and_are_cut_to_their_width() -> None:
    names = ["Ada", "Müller, Jörg", "x" * 40]
    for width in (JOU_WIDTH, TRN_WIDTH):
        data = write_names(names, width, made=DAY)
        assert len(data) == HEADER.size + width * 3
        assert read_names(data, width) == ["Ada", "Müller, Jörg", "x" * (width - 1)]
    games_ = [WthorGame(0, 1, 9, 32, 32, ())]
    assert players_of(games_, names) == [("Müller, Jörg", "?")]


def _one_game_file(moves: bytes) -> bytes:
    return write_wtb(WthorBase(2026, [WthorGame(0, 0, 0, 32, 32, ())]), DAY)[:24] + moves


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"\x14\x1a", "header"),
        (write_wtb(WthorBase(2026, [game_of(Board())]), DAY)[:-1], "announces 1 games"),
        (_one_game_file(bytes([56, 19]) + bytes(58)), "byte 19 is no square"),
        (_one_game_file(bytes([56, 0, 64]) + bytes(57)), "after the end"),
        (bytes([20, 26, 12, 1, 0, 0, 0, 0, 0, 0, 0xEA, 7, 10, 0, 0, 0]), "10×10"),
    ],
)
def test_broken_files_are_refused_with_the_reason(data: bytes, says: str) -> None:
    with pytest.raises(NotationError, match=says):
        read_wtb(data)


def test_an_illegal_game_is_refused_when_replayed() -> None:
    game = read_wtb(_one_game_file(bytes([56, 11]) + bytes(58))).games[0]  # f5 a1
    with pytest.raises(NotationError, match="move 2"):
        game.board()


def test_only_games_from_the_start_are_written() -> None:
    with pytest.raises(NotationError, match="start position"):
        game_of(Board("X" + "-" * 26 + "OX------XO" + "-" * 27 + " X"))
