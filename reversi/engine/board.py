"""``Board``: a game of Reversi from a root position, with undo and redo."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from reversi.engine.bitboard import (
    BB_CENTER,
    BB_D4,
    BB_D5,
    BB_E4,
    BB_E5,
    BB_SQUARES,
    SQUARE_NAMES,
    Bitboard,
    Square,
    grid,
    scan_forward,
)
from reversi.engine.color import BLACK, WHITE, Color
from reversi.engine.errors import (
    IllegalMoveError,
    IllegalReason,
    InvalidPositionError,
    InvalidSquareError,
)
from reversi.engine.move import PASS, Move
from reversi.engine.moves import FLIPS_BY_SQUARE, legal_moves
from reversi.engine.notation import (
    parse_obf,
    parse_square,
    parse_transcript,
    write_obf,
    write_transcript,
)
from reversi.engine.outcome import Counting, Outcome, Termination

START_BLACK: Bitboard = BB_D5 | BB_E4
START_WHITE: Bitboard = BB_D4 | BB_E5


class _State(NamedTuple):
    player: Bitboard
    opponent: Bitboard
    turn: Color
    moves: Bitboard


class LegalMoves:
    """A live view of the legal moves: iterate, ``in``, ``len`` and truth.

    >>> moves = Board().legal_moves
    >>> [str(m) for m in moves], "d3" in moves, len(moves)
    (['d3', 'c4', 'f5', 'e6'], True, 4)
    """

    __slots__ = ("_board",)

    def __init__(self, board: Board) -> None:
        self._board = board

    @property
    def mask(self) -> Bitboard:
        return self._board._state.moves

    def __iter__(self) -> Iterator[Move]:
        state = self._board._state
        for sq in scan_forward(state.moves):
            yield Move(sq, FLIPS_BY_SQUARE[sq](state.player, state.opponent))

    def __contains__(self, move: object) -> bool:
        try:
            sq = _square_of(move)  # type: ignore[arg-type]
        except (InvalidSquareError, TypeError):
            return False
        if sq is None:
            return False
        return bool(self.mask >> sq & 1)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __repr__(self) -> str:
        return f"<LegalMoves {' '.join(str(m) for m in self)}>"


def _square_of(move: str | Square | Move) -> Square | None:
    if isinstance(move, Move):
        return move.square
    if isinstance(move, str):
        return parse_square(move)
    if isinstance(move, int) and not isinstance(move, bool):
        if 0 <= move < 64:
            return move
        raise InvalidSquareError(f"not a square: {move!r} (expected 0–63)")
    raise TypeError(f"expected a square name, index or Move, not {move!r}")


class Board:
    """A game of Reversi: a root position and the moves played from it.

    Passing is automatic: when the side to move has no legal move but the other
    side has, a pass is recorded and the other side moves again. A root read
    from OBF in which the side to move must pass starts with the other side.

    >>> board = Board()
    >>> board.push("d3")
    Move(square=19, flipped=134217728)
    >>> board.turn == WHITE, board.count(BLACK), board.count(WHITE)
    (True, 4, 1)
    >>> board.pop(), board.redo()
    (Move(square=19, flipped=134217728), Move(square=19, flipped=134217728))
    >>> board
    Board(moves='d3')
    """

    __slots__ = ("_history", "_redo", "_root", "_stack", "_state")

    def __init__(self, obf: str | None = None, *, moves: str = "") -> None:
        if obf is None:
            black, white, turn = START_BLACK, START_WHITE, BLACK
        else:
            black, white, turn, annotation = parse_obf(obf)
            if annotation.strip():
                raise InvalidPositionError(
                    f"unexpected text after the position in {obf!r}; "
                    "read annotated OBF with parse_obf"
                )
        self._start_at(self._normalised_root(black, white, turn))
        for sq in parse_transcript(moves):
            self.push(sq)

    @classmethod
    def from_position(cls, black: Bitboard, white: Bitboard, turn: Color) -> Board:
        """A board whose root holds ``black`` and ``white`` discs, ``turn`` to move."""
        board = cls.__new__(cls)
        board._start_at(cls._normalised_root(black, white, turn))
        return board

    def _start_at(self, root: _State) -> None:
        self._root = self._state = root
        self._stack: list[Move] = []
        self._history: list[_State] = []
        self._redo: list[Move] = []

    @staticmethod
    def _normalised_root(black: Bitboard, white: Bitboard, turn: Color) -> _State:
        position = write_obf(black, white, turn)
        if black & white:
            raise InvalidPositionError(f"squares with two discs in {position!r}")
        if (black | white) & BB_CENTER != BB_CENTER:
            raise InvalidPositionError(
                f"an empty centre square in {position!r}: d4, e4, d5 and e5 are "
                "occupied from the start and never emptied"
            )
        p, o = (black, white) if turn else (white, black)
        moves = legal_moves(p, o)
        if not moves:
            other = legal_moves(o, p)
            if other:
                return _State(o, p, not turn, other)
        return _State(p, o, turn, moves)

    # --- the position -----------------------------------------------------

    @property
    def turn(self) -> Color:
        """The side to move; after the game's end, the side that would move next."""
        return self._state.turn

    @property
    def player(self) -> Bitboard:
        """The discs of the side to move."""
        return self._state.player

    @property
    def opponent(self) -> Bitboard:
        return self._state.opponent

    @property
    def black(self) -> Bitboard:
        s = self._state
        return s.player if s.turn else s.opponent

    @property
    def white(self) -> Bitboard:
        s = self._state
        return s.opponent if s.turn else s.player

    def discs(self, color: Color) -> Bitboard:
        return self.black if color else self.white

    def count(self, color: Color) -> int:
        return self.discs(color).bit_count()

    @property
    def empties(self) -> Bitboard:
        return ~(self._state.player | self._state.opponent) & 0xFFFF_FFFF_FFFF_FFFF

    def color_at(self, sq: Square) -> Color | None:
        if self.black >> sq & 1:
            return BLACK
        if self.white >> sq & 1:
            return WHITE
        return None

    # --- moves ------------------------------------------------------------

    @property
    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self)

    def flips(self, move: str | Square | Move) -> Bitboard:
        """The discs that ``move`` would flip; an illegal move raises."""
        sq = self._checked_square(move)
        return FLIPS_BY_SQUARE[sq](self._state.player, self._state.opponent)

    def flip_counts(self) -> dict[Square, int]:
        """The flip count of every legal move (the hall's "Drehzahl")."""
        return {move.square: move.flip_count for move in self.legal_moves}  # type: ignore[misc]

    def is_game_over(self) -> bool:
        return not self._state.moves

    def outcome(self, counting: Counting = Counting.NOBODY) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        if self._state.moves:
            return None
        black, white = self.count(BLACK), self.count(WHITE)
        if not black or not white:
            termination = Termination.WIPEOUT
        elif black + white == 64:
            termination = Termination.FULL_BOARD
        else:
            termination = Termination.BLOCKED
        return Outcome(termination, black, white, counting)

    # --- playing, undo and redo ---------------------------------------------

    @property
    def move_stack(self) -> tuple[Move, ...]:
        """Every move from the root, automatic passes included."""
        return tuple(self._stack)

    def mover(self, index: int) -> Color:
        """The side that made entry ``index`` of :attr:`move_stack`: every entry,
        automatic passes included, is the other side's than the one before, starting
        with the root's side to move."""
        return self._root.turn if index % 2 == 0 else not self._root.turn

    @property
    def last_move(self) -> Move | None:
        return self._stack[-1] if self._stack else None

    @property
    def last_placed(self) -> Move | None:
        """The last move that placed a disc (the one with the copper ring)."""
        for move in reversed(self._stack):
            if move.square is not None:
                return move
        return None

    def can_undo(self) -> bool:
        return bool(self._stack)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def push(self, move: str | Square | Move) -> Move:
        """Play ``move`` (a square name, index or Move) and return it with its flips.

        Pushing the move that :meth:`redo` would replay keeps the rest of the redo
        line; any other move drops it.
        """
        played = self._play(self._checked_square(move))
        if self._redo and self._redo[-1] == played:
            self._redo.pop()
        else:
            self._redo.clear()
        return played

    def pop(self) -> Move:
        """Take back the last placed disc, with the automatic pass that followed it."""
        if not self._stack:
            raise IndexError("pop from a board with no moves")
        if self._stack[-1].is_pass:
            self._undo_one()
        move = self._undo_one()
        self._redo.append(move)
        return move

    def redo(self) -> Move:
        """Replay the move that the last :meth:`pop` took back."""
        if not self._redo:
            raise IndexError("nothing to redo")
        move = self._redo.pop()
        assert move.square is not None
        return self._play(move.square)

    def _checked_square(self, move: str | Square | Move) -> Square:
        sq = _square_of(move)
        state = self._state
        if sq is None:
            raise IllegalMoveError(
                f"a pass is never played by hand in {self.obf()!r}; it happens by itself",
                IllegalReason.NO_FLIPS if state.moves else IllegalReason.GAME_OVER,
            )
        if state.moves >> sq & 1:
            return sq
        name = SQUARE_NAMES[sq]
        if not state.moves:
            reason, why = IllegalReason.GAME_OVER, "the game is over"
        elif (state.player | state.opponent) >> sq & 1:
            reason, why = IllegalReason.OCCUPIED, f"{name} is occupied"
        else:
            reason, why = IllegalReason.NO_FLIPS, f"{name} encloses no disc"
        raise IllegalMoveError(f"illegal move {name!r} in {self.obf()!r}: {why}", reason)

    def _play(self, sq: Square) -> Move:
        state = self._state
        bit = BB_SQUARES[sq]
        flipped = FLIPS_BY_SQUARE[sq](state.player, state.opponent)
        move = Move(sq, flipped)
        self._history.append(state)
        self._stack.append(move)
        p, o = state.opponent ^ flipped, state.player | flipped | bit
        moves = legal_moves(p, o)
        if moves:
            self._state = _State(p, o, not state.turn, moves)
            return move
        other = legal_moves(o, p)
        if not other:
            self._state = _State(p, o, not state.turn, 0)
            return move
        self._history.append(_State(p, o, not state.turn, 0))
        self._stack.append(PASS)
        self._state = _State(o, p, state.turn, other)
        return move

    def _undo_one(self) -> Move:
        self._state = self._history.pop()
        return self._stack.pop()

    # --- notation -----------------------------------------------------------

    def obf(self) -> str:
        """The position as OBF: 64 squares a1…h8 of X, O and -, then the side."""
        return write_obf(self.black, self.white, self.turn)

    def transcript(self) -> str:
        """The moves from the root, e.g. ``f5d6c3``; passes are implicit."""
        return write_transcript(m.square for m in self._stack if m.square is not None)

    def root(self) -> Board:
        """A board at this game's root position."""
        board = Board.__new__(Board)
        board._start_at(self._root)
        return board

    def copy(self) -> Board:
        board = Board.__new__(Board)
        board._root, board._state = self._root, self._state
        board._stack = self._stack.copy()
        board._history = self._history.copy()
        board._redo = self._redo.copy()
        return board

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._root == other._root and self._stack == other._stack

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        root = self._root
        args = []
        if root.player != START_BLACK or root.opponent != START_WHITE or not root.turn:
            args.append(repr(self.root().obf()))
        if self._stack:
            args.append(f"moves={self.transcript()!r}")
        return f"Board({', '.join(args)})"

    def __str__(self) -> str:
        """A diagram: X black, O white, * a legal move, coordinates around it."""
        rows = grid(self.black, self.white, "XO.", marks=self._state.moves)
        return "\n".join(
            ["  a b c d e f g h", *(f"{r} {' '.join(row)}" for r, row in enumerate(rows, start=1))]
        )
