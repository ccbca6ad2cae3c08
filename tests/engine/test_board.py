import pytest

from reversi.engine import (
    BLACK,
    PASS,
    WHITE,
    Board,
    Counting,
    IllegalMoveError,
    IllegalReason,
    InvalidPositionError,
    InvalidSquareError,
    Move,
    ReversiError,
    Termination,
    flip_order,
    parse_square,
)
from tests.engine.reference import naive_flips

# Found by random play: white's 30th move f8 leaves black without a move.
PASS_GAME = "e6f6g6d6c6g7f4g5c4e3e2c7g4d2g8h8d7g3g2c5b7h6c2h2c3h4b6g1f2f8"


def sq(name: str) -> int:
    return parse_square(name)


def test_start_position() -> None:
    board = Board()
    assert board.turn == BLACK
    assert board.color_at(sq("d4")) == WHITE and board.color_at(sq("e5")) == WHITE
    assert board.color_at(sq("d5")) == BLACK and board.color_at(sq("e4")) == BLACK
    assert board.count(BLACK) == board.count(WHITE) == 2
    assert sorted(str(m) for m in board.legal_moves) == ["c4", "d3", "e6", "f5"]


def test_d3_flips_d4() -> None:
    board = Board()
    move = board.push("d3")
    assert move == Move(sq("d3"), 1 << sq("d4"))
    assert board.color_at(sq("d4")) == BLACK
    assert board.turn == WHITE


def test_square_names_are_case_insensitive_and_moves_come_in_three_forms() -> None:
    a, b, c = Board(), Board(), Board()
    a.push("D3")
    b.push(sq("d3"))
    c.push(next(m for m in c.legal_moves if str(m) == "d3"))
    assert a == b == c


def test_legal_moves_view() -> None:
    board = Board()
    moves = board.legal_moves
    assert len(moves) == 4 and moves
    assert "d3" in moves and sq("c4") in moves and "a1" not in moves
    assert "zz" not in moves and None not in moves
    board.push("d3")
    assert "d3" not in moves  # the view follows the board
    assert repr(Board().legal_moves) == "<LegalMoves d3 c4 f5 e6>"


def test_flips_and_flip_counts() -> None:
    board = Board(moves="f5d6")
    assert board.flip_counts() == {sq(n): 1 for n in ("c3", "c4", "c5", "c6", "c7")}
    assert board.flips("c5") == 1 << sq("d5")
    for move in board.legal_moves:
        assert move.square is not None
        assert move.flipped == naive_flips(board.player, board.opponent, move.square)


@pytest.mark.parametrize(
    ("move", "reason", "words"),
    [
        ("d4", IllegalReason.OCCUPIED, "d4 is occupied"),
        ("a1", IllegalReason.NO_FLIPS, "a1 encloses no disc"),
        (PASS, IllegalReason.NO_FLIPS, "never played by hand"),
    ],
)
def test_illegal_moves_say_why_and_change_nothing(
    move: str | Move, reason: IllegalReason, words: str
) -> None:
    board = Board(moves="f5")
    before = board.copy()
    with pytest.raises(IllegalMoveError, match=words) as error:
        board.push(move)
    assert error.value.reason is reason
    assert board.obf() in str(error.value)
    assert board == before and board.turn == WHITE


def test_no_move_after_the_end() -> None:
    board = Board(moves="f5d6c5f4e3f6g5e6e7")
    with pytest.raises(IllegalMoveError, match="game is over") as error:
        board.push("a1")
    assert error.value.reason is IllegalReason.GAME_OVER


def test_bad_squares_raise_value_errors() -> None:
    for bad in ("i9", "", "d33", 64, -1):
        with pytest.raises(InvalidSquareError) as error:
            Board().push(bad)
        assert isinstance(error.value, ReversiError)
        assert isinstance(error.value, ValueError)
        assert repr(bad) in str(error.value)
    with pytest.raises(TypeError):
        Board().push(3.5)  # type: ignore[arg-type]


def test_automatic_pass_is_recorded_and_undone_with_its_move() -> None:
    board = Board(moves=PASS_GAME[:-2])
    assert board.turn == WHITE
    board.push("f8")
    assert board.last_move == PASS
    assert board.turn == WHITE  # black passed
    assert str(board.last_placed) == "f8"
    assert board.move_stack[-2].square == sq("f8")
    undone = board.pop()
    assert str(undone) == "f8"
    assert board == Board(moves=PASS_GAME[:-2])
    assert board.redo() == undone
    assert board.last_move == PASS


def test_wipeout_ends_the_game_with_empties_left() -> None:
    board = Board(moves="f5d6c5f4e3f6g5e6e7")
    assert board.is_game_over()
    assert not board.legal_moves
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.termination is Termination.WIPEOUT
    assert (outcome.black, outcome.white, outcome.winner) == (13, 0, BLACK)
    assert outcome.score() == (13, 0)
    assert board.outcome(Counting.WINNER).score() == (64, 0)  # type: ignore[union-attr]
    assert board.turn == WHITE


def test_both_blocked_with_an_empty_square() -> None:
    # a1 empty, b1–h1 white, everything else black: nobody can play a1.
    board = Board("-" + "O" * 7 + "X" * 56 + " X")
    outcome = board.outcome()
    assert outcome is not None and outcome.termination is Termination.BLOCKED
    assert (outcome.black, outcome.white, outcome.empties) == (56, 7, 1)
    assert outcome.margin == 49
    assert board.outcome(Counting.WINNER).margin == 50  # type: ignore[union-attr]


def test_full_board_draw() -> None:
    board = Board(("XO" * 4 + "OX" * 4) * 4 + " O")
    outcome = board.outcome()
    assert outcome is not None and outcome.termination is Termination.FULL_BOARD
    assert outcome.winner is None and outcome.margin == 0


def test_counting_rule_changes_the_margin_never_the_winner() -> None:
    board = Board("-" + "O" * 7 + "X" * 56 + " X")
    nobody = board.outcome(Counting.NOBODY)
    winner = board.outcome(Counting.WINNER)
    assert nobody is not None and winner is not None
    assert nobody.winner == winner.winner == BLACK
    # A blocked draw shares the empties.
    draw = Board("--OOOOOOXXOXXXXXXXXOXXXXXXXXOXOOXXOOXOOOXXOOOXOOXXOOOOXOXXOOOOOX X")
    assert draw.outcome() is not None
    shared = draw.outcome(Counting.WINNER)
    assert shared is not None and shared.winner is None and shared.score() == (32, 32)


def test_running_game_has_no_outcome() -> None:
    assert Board().outcome() is None
    assert not Board().is_game_over()


def test_undo_and_redo_back_to_the_start() -> None:
    board = Board(moves="f5d6c3d3c4")
    undone = [board.pop() for _ in range(5)]
    assert board == Board()
    with pytest.raises(IndexError):
        board.pop()
    for move in reversed(undone):
        assert board.redo() == move
    assert board == Board(moves="f5d6c3d3c4")
    with pytest.raises(IndexError):
        board.redo()


def test_a_new_move_drops_the_redo_line_but_the_same_move_keeps_it() -> None:
    board = Board(moves="f5d6c3")
    board.pop()
    board.pop()
    board.push("d6")  # what redo would replay
    assert board.can_redo()
    board.pop()
    board.push("f6")
    assert not board.can_redo()


def test_copy_is_independent_and_equal() -> None:
    board = Board(moves="f5d6")
    twin = board.copy()
    assert twin == board and twin is not board
    twin.push("c3")
    assert twin != board


def test_equality_includes_history() -> None:
    played = Board(moves="f5d6")
    same_position = Board(played.obf())
    assert played.obf() == same_position.obf()
    assert played != same_position
    assert played != "not a board"


@pytest.mark.parametrize(
    "board",
    [
        Board(),
        Board(moves="f5d6c3"),
        Board(moves=PASS_GAME),
        Board("-" * 27 + "OX------XO" + "-" * 27 + " O"),
        Board(Board(moves="f5").obf(), moves="d6c5"),
    ],
)
def test_repr_rebuilds_the_board(board: Board) -> None:
    assert eval(repr(board), {"Board": Board}) == board


def test_a_root_where_the_side_to_move_must_pass_starts_with_the_other_side() -> None:
    played = Board(moves=PASS_GAME)  # black must pass here
    board = Board.from_position(played.black, played.white, BLACK)
    assert board.turn == WHITE
    assert board.obf() == played.obf()
    assert board.legal_moves


def test_impossible_positions_are_refused() -> None:
    with pytest.raises(InvalidPositionError, match="centre"):
        Board("-" * 64 + " X")
    with pytest.raises(InvalidPositionError, match="two discs"):
        Board.from_position(1 << 27 | 1 << 28 | 1 << 35 | 1 << 36, 1 << 27, BLACK)


def bits(*names: str) -> int:
    return sum(1 << sq(n) for n in names)


def test_flip_order_goes_clockwise_from_the_top_nearest_first() -> None:
    # Black plays c6 into white lines: up, up-right, right and down-left.
    board = Board.from_position(
        black=bits("c3", "e4", "f6", "a8"),
        white=bits("c5", "c4", "d5", "d6", "e6", "b7", "d4", "e5"),
        turn=BLACK,
    )
    move = next(m for m in board.legal_moves if str(m) == "c6")
    assert flip_order(move) == [sq(n) for n in ("c5", "c4", "d5", "d6", "e6", "b7")]
    assert flip_order(PASS) == []


def test_str_draws_the_board_with_coordinates_and_dots() -> None:
    text = str(Board())
    assert text.splitlines()[0] == "  a b c d e f g h"
    assert text.splitlines()[3] == "3 . . . * . . . ."
    assert text.splitlines()[4] == "4 . . * O X . . ."
