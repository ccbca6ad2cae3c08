import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi.engine import (
    BLACK,
    WHITE,
    Board,
    InvalidSquareError,
    NotationError,
    ObfPosition,
    german_figure,
    parse_obf,
    parse_square,
    parse_transcript,
    read_ggf,
    square_name,
    write_ggf,
    write_obf,
    write_transcript,
)
from tests.engine.data import ffo_lines

SEED_001_FIGURE_1 = """\
Schwarze Steine (3): e4 e5 f5
Weiße Steine (3): d4 d5 d6
Am Zug: Schwarz
Letzter Zug: d6
Brett (ab Reihe 1): ......../......../......../...WB.../...WBB../...W..../......../........"""

SEED_001_FIGURE_2 = """\
Schwarze Steine (13): e3 d4 e4 f4 c5 d5 e5 f5 g5 d6 e6 f6 e7
Weiße Steine (0): keine
Am Zug: Weiß (passt)
Letzter Zug: e7
Brett (ab Reihe 1): ......../......../....B.../...BBB../..BBBBB./...BBB../....B.../........"""


def random_game(seed: int, plies: int) -> Board:
    import random

    rng = random.Random(seed)
    board = Board()
    while len(board.move_stack) < plies and not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return board


# --- squares -------------------------------------------------------------------


def test_square_names_round_trip() -> None:
    for sq in range(64):
        assert parse_square(square_name(sq)) == sq
        assert parse_square(square_name(sq).upper()) == sq
    assert square_name(0) == "a1" and square_name(7) == "h1" and square_name(63) == "h8"
    assert parse_square("d3") == 3 + 2 * 8  # column d, row 3


@pytest.mark.parametrize("bad", ["", "a0", "a9", "i1", "d", "d33", "3d", " "])
def test_bad_square_names(bad: str) -> None:
    with pytest.raises(InvalidSquareError, match=repr(bad)):
        parse_square(bad)


# --- transcripts -----------------------------------------------------------------


@settings(max_examples=200)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_transcripts_round_trip(seed: int, plies: int) -> None:
    board = random_game(seed, plies)
    text = board.transcript()
    assert write_transcript(parse_transcript(text)) == text
    assert Board(moves=text) == board
    assert Board(moves=text.upper()) == board


def test_transcript_parsing() -> None:
    assert parse_transcript("") == []
    assert parse_transcript("F5d6 C3") == [37, 43, 18]
    for bad in ("f5x6", "f", "f5 9"):
        with pytest.raises(NotationError, match=repr(bad)):
            parse_transcript(bad)


# --- OBF -------------------------------------------------------------------------


def test_every_ffo_position_parses_and_writes_back_identically() -> None:
    lines = ffo_lines()
    assert len(lines) == 40
    for line in lines:
        position = parse_obf(line)
        assert write_obf(*position) == line
        board = Board.from_position(position.black, position.white, position.turn)
        assert board.obf() == line[:66]
        score, moves = position.annotation.split()
        assert -64 <= int(score) <= 64
        for move in moves.split(","):
            assert move in board.legal_moves, f"{move} in {line}"


def test_obf_of_the_start_position() -> None:
    start = "-" * 27 + "OX------XO" + "-" * 27 + " X"
    assert Board().obf() == start
    assert Board(start) == Board()
    assert parse_obf(start + "; the start") == ObfPosition(
        Board().black, Board().white, BLACK, "; the start"
    )


@settings(max_examples=200)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_obf_round_trips(seed: int, plies: int) -> None:
    board = random_game(seed, plies)
    again = Board(board.obf())
    assert (again.black, again.white, again.turn) == (board.black, board.white, board.turn)
    assert again.obf() == board.obf()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("-" * 63 + " X", "64 squares"),
        ("-" * 64 + "X", "64 squares"),
        ("-" * 63 + "Z X", "'Z' on h8"),
        ("-" * 64 + " B", "side to move 'B'"),
        ("-" * 64 + " Xtra", "unexpected"),
    ],
)
def test_bad_obf(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words) as error:
        parse_obf(text)
    assert repr(text) in str(error.value)


def test_board_refuses_annotated_obf() -> None:
    with pytest.raises(ValueError, match="parse_obf"):
        Board(ffo_lines()[0])


# --- GGF -------------------------------------------------------------------------


@settings(max_examples=100)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_ggf_round_trips(seed: int, plies: int) -> None:
    board = random_game(seed, plies)
    tags = {"PC": "Reversi", "PB": "Ada", "PW": "Bo", "RE": "+4"}
    text = write_ggf(board, tags)
    again, read_tags = read_ggf(text)
    assert again == board
    assert read_tags == {"GM": "Othello", **tags}
    assert write_ggf(again, read_tags) == text


def test_ggf_writes_passes_as_pa_and_reads_them_back() -> None:
    board = Board(moves="e6f6g6d6c6g7f4g5c4e3e2c7g4d2g8h8d7g3g2c5b7h6c2h2c3h4b6g1f2f8")
    text = write_ggf(board)
    assert text.endswith("W[f8]B[PA];)")
    assert read_ggf(text)[0] == board
    # A record that leaves the pass out reads the same.
    after = board.copy()
    after.push(next(iter(after.legal_moves)))
    implicit = write_ggf(after).replace("B[PA]", "")
    assert read_ggf(implicit)[0] == after


def test_ggf_reads_foreign_records_with_times_and_evaluations() -> None:
    text = (
        "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[a]PW[b]TI[15:00//02:00]"
        "TY[8]RE[?]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- "
        "-------- *]B[f5//0.01]W[d6/-1.50/0.01]B[C3];)"
    )
    board, tags = read_ggf(text)
    assert board == Board(moves="f5d6c3")
    assert tags["DT"] == "2003.12.15_13:24:03.MST" and tags["TY"] == "8"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("GM[Othello]", "expected '\\(;'"),
        ("(;GM[Othello];)", "without a board"),
        ("(;GM[Othello]B[f5]BO[8 " + "-------- " * 8 + "*];)", "before BO"),
        (
            "(;GM[Chess]BO[8 " + "-------- " * 3 + "---O*--- ---*O--- " + "-------- " * 3 + "*];)",
            "another game",
        ),
        ("(;GM[Othello]BO[8 -------- *];)", "eight rows"),
        (
            "(;GM[Othello]BO[8 "
            + "-------- " * 3
            + "---O*--- ---*O--- "
            + "-------- " * 3
            + "*]W[d3];)",
            "out of turn",
        ),
        (
            "(;GM[Othello]BO[8 "
            + "-------- " * 3
            + "---O*--- ---*O--- "
            + "-------- " * 3
            + "*]B[PA];)",
            "pass",
        ),
        (
            "(;GM[Othello]BO[8 "
            + "-------- " * 3
            + "---O*--- ---*O--- "
            + "-------- " * 3
            + "*]B[a1];)",
            "a1",
        ),
        (
            "(;GM[Othello]BO[8 "
            + "-------- " * 3
            + "---O*--- ---*O--- "
            + "-------- " * 3
            + "*]B[f5] junk;)",
            "bad GGF property",
        ),
    ],
)
def test_bad_ggf(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        read_ggf(text)


# --- the German text figure ----------------------------------------------------------


def test_seed_001_figure_1() -> None:
    assert german_figure(Board(moves="f5d6")) == SEED_001_FIGURE_1


def test_seed_001_figure_2_white_wiped_out() -> None:
    board = Board(moves="f5d6c5f4e3f6g5e6e7")
    assert german_figure(board) == SEED_001_FIGURE_2


def test_figure_of_the_start_position_names_no_last_move() -> None:
    lines = german_figure(Board()).splitlines()
    assert lines[2:4] == ["Am Zug: Schwarz", "Letzter Zug: keiner"]


def test_figure_after_a_pass_names_the_last_placed_disc() -> None:
    board = Board(moves="e6f6g6d6c6g7f4g5c4e3e2c7g4d2g8h8d7g3g2c5b7h6c2h2c3h4b6g1f2f8")
    lines = german_figure(board).splitlines()
    assert lines[2:4] == ["Am Zug: Weiß", "Letzter Zug: f8"]
    assert board.turn == WHITE
