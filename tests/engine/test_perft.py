import pytest

from reversi.engine import Board, perft
from reversi.engine.perft import perft_position
from tests.engine.data import perft_counts
from tests.engine.reference import naive_flips, naive_legal_moves

COUNTS = perft_counts()


def test_the_data_file_has_the_published_counts() -> None:
    assert COUNTS[1] == 4 and COUNTS[9] == 3005288 and COUNTS[12] == 1939886636
    assert sorted(COUNTS) == list(range(1, 13))


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_with_bulk_counting(depth: int) -> None:
    assert perft(Board(), depth) == COUNTS[depth]


@pytest.mark.parametrize("depth", range(1, 8))
def test_perft_playing_every_leaf(depth: int) -> None:
    assert perft(Board(), depth, bulk=False) == COUNTS[depth]


def reference_perft(p: int, o: int, depth: int) -> int:
    """Perft by the reference rules: a pass uses a ply, a finished game is a leaf."""
    if depth == 0:
        return 1
    moves = naive_legal_moves(p, o)
    if not moves:
        return reference_perft(o, p, depth - 1) if naive_legal_moves(o, p) else 1
    nodes = 0
    for sq in range(64):
        if moves >> sq & 1:
            flipped = naive_flips(p, o, sq)
            nodes += reference_perft(o & ~flipped, p | flipped | 1 << sq, depth - 1)
    return nodes


@pytest.mark.parametrize(
    "transcript",
    [
        # three plies before a forced pass, and two before a wipeout
        "e6f6g6d6c6g7f4g5c4e3e2c7g4d2g8h8d7g3g2c5b7h6c2h2c3h4b6",
        "f5d6c5f4e3f6g5",
    ],
)
def test_passes_and_finished_games_follow_the_stated_convention(transcript: str) -> None:
    board = Board(moves=transcript)
    for depth in range(1, 5):
        expected = reference_perft(board.player, board.opponent, depth)
        assert perft(board, depth) == expected
        assert perft(board, depth, bulk=False) == expected


def test_a_side_that_must_pass_uses_a_ply() -> None:
    finished = Board(moves="f5d6c5f4e3f6g5e6e7")
    assert perft(finished, 3) == 1  # a finished game is one leaf
    # Black to move with no move, white has one: the pass is the only ply-1 move.
    played = Board(moves="e6f6g6d6c6g7f4g5c4e3e2c7g4d2g8h8d7g3g2c5b7h6c2h2c3h4b6g1f2f8")
    assert perft_position(played.opponent, played.player, 1) == 1
    assert perft_position(played.opponent, played.player, 2) == len(played.legal_moves)
    with pytest.raises(ValueError):
        perft(Board(), -1)
    assert perft(Board(), 0) == 1
