"""The worker's answers that need no game on the device (docs/protocol.md): a position's
view with every legal move's flips (the learning pages' boards, many at once), the
analysis of every move (the study pages) and the exact solver's best move.

Standard library, ``reversi.engine`` and ``reversi.ai`` only: shipped to the browser.
"""

from __future__ import annotations

from collections.abc import Callable

from reversi.engine import (
    Board,
    IllegalMoveError,
    InvalidSquareError,
    Move,
    ReversiError,
    flip_order,
)
from reversi.engine.bitboard import DIRECTIONS, SQUARE_NAMES
from reversi.engine.view import game_view
from reversi.web.protocol import REASONS, Message, ProtocolError

# --- positions: the learning pages' boards, many at once ----------------------------


def position_board(message: Message) -> Board:
    """The board of ``obf`` (default: the start) with ``moves`` played from it.

    Raises :class:`ProtocolError` quoting the bad field: a position message that the
    engine refuses is the page's mistake, not a move to explain to the player.
    """
    obf, moves = message.get("obf"), message.get("moves", "")
    if obf is not None and not isinstance(obf, str):
        raise ProtocolError(f"obf is a string of 64 squares and the side, not {obf!r}")
    if not isinstance(moves, str):
        raise ProtocolError(f"moves is a transcript such as 'f5d6', not {moves!r}")
    try:
        return Board(obf, moves=moves)
    except ReversiError as error:
        raise ProtocolError(f"bad position (obf={obf!r}, moves={moves!r}): {error}") from None


def position_view(board: Board) -> Message:
    """A position's view: the board part of a game's view, both sides human."""
    view = game_view(board)
    view.update(mode="position", level=None, players={"black": "human", "white": "human"})
    return view


def _flips(board: Board) -> dict[str, list[str]]:
    """Every legal move of the side to move → the discs it flips, in flip order."""
    return {
        SQUARE_NAMES[move.square]: [SQUARE_NAMES[sq] for sq in flip_order(move)]
        for move in board.legal_moves
        if move.square is not None
    }


def _lines(board: Board) -> dict[str, int]:
    """Every legal move of the side to move → how many lines (directions) it closes."""
    lines = {}
    for move in board.legal_moves:
        assert move.square is not None
        x, y = move.square % 8, move.square // 8
        lines[SQUARE_NAMES[move.square]] = sum(
            1
            for dx, dy in DIRECTIONS
            if 0 <= x + dx < 8 and 0 <= y + dy < 8 and move.flipped >> (x + dx + 8 * (y + dy)) & 1
        )
    return lines


def on_position(message: Message) -> Message:
    """Answer a ``position`` message (docs/protocol.md): its view, every legal move's
    flips, and with ``play`` the position after that move or why it is refused."""
    board = position_board(message)
    answer: Message = {"type": "position", "id": message.get("id")}
    square = message.get("play")
    if square is not None:
        if not isinstance(square, str):
            raise ProtocolError(f"play needs a square name, not {square!r}")
        try:
            placed = board.push(square)
        except InvalidSquareError as error:
            raise ProtocolError(str(error)) from None
        except IllegalMoveError as error:
            return {
                "type": "illegal",
                "id": message.get("id"),
                "square": square.strip().lower(),
                "reason": REASONS[error.reason],
            }
        answer["played"] = SQUARE_NAMES[placed.square]  # type: ignore[index]
    answer["view"] = position_view(board)
    answer["flips"] = _flips(board)
    answer["lines"] = _lines(board)
    answer["obf"] = board.obf()
    answer["moves"] = board.transcript()
    return answer


# --- the study pages (/tipps, /eroeffnungen, /aufgaben) ------------------------------

#: Longest analysis a page may ask for, in seconds (the worker cannot be interrupted).
ANALYSIS_MAX_SECONDS = 5.0


def exact_move(board: Board) -> Move:
    """A best move of the exact solver (the hall's counting: empties go to nobody)."""
    from reversi.ai import solve
    from reversi.engine import Counting

    return solve(board, Counting.NOBODY).best_moves[0]


def on_analyse(message: Message) -> Message:
    """Answer an ``analyse`` message: what Schwer's analysis thinks of every legal move of
    the position (``obf``, ``moves`` as in ``position``), in discs for the side to move;
    with ``line``, also the best move and the moves expected after it.

    >>> answer = on_analyse({"type": "analyse", "moves": "f5d6c3d3c4f4f6f3e6e7",
    ...                      "seconds": 0.2, "id": 7})
    >>> answer["type"], answer["id"], sorted(answer["scores"]) == sorted(
    ...     position_view(Board(moves="f5d6c3d3c4f4f6f3e6e7"))["legal"])
    ('analysis', 7, True)
    """
    board = position_board(message)
    seconds = message.get("seconds", 1.0)
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, (int, float))
        or not 0 < seconds <= ANALYSIS_MAX_SECONDS
    ):
        raise ProtocolError(
            f"an analysis takes 0 to {ANALYSIS_MAX_SECONDS} seconds, not {seconds!r}"
        )
    from reversi.ai import analyse
    from reversi.engine import Counting

    scores = analyse(board, float(seconds), counting=Counting.NOBODY)
    answer: Message = {
        "type": "analysis",
        "id": message.get("id"),
        "obf": board.obf(),
        "scores": {
            SQUARE_NAMES[sq]: {"score": s.score, "exact": s.exact, "depth": s.depth}
            for sq, s in sorted(scores.items())
        },
    }
    if message.get("line") is True and scores:
        from reversi.ai.analysis import expected_line

        best = max(scores, key=lambda sq: (scores[sq].score, -sq))
        line = expected_line(board, best)
        answer.update(best=SQUARE_NAMES[best], line=[SQUARE_NAMES[sq] for sq in line])
    return answer


#: Messages answered without a session (they carry an ``id`` the answer echoes).
STATELESS: dict[str, Callable[[Message], Message]] = {
    "position": on_position,
    "analyse": on_analyse,
}
