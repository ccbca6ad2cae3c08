"""Random games with undo and redo, checked step by step against the reference."""

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from reversi.engine import BLACK, Board, parse_square
from tests.engine.reference import ReferenceGame, naive_legal_moves


class UndoRedoGame(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.board = Board()
        self.game = ReferenceGame()
        self.undone: list[tuple[int, tuple[int, int, bool]]] = []

    @precondition(lambda self: bool(self.game.legal()))
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        sq = data.draw(st.sampled_from(self.game.legal()))
        self.board.push(sq)
        self.game.play(sq)
        if self.undone and self.undone[-1][0] == sq:
            self.undone.pop()
        else:
            self.undone.clear()

    @precondition(lambda self: len(self.game.positions) > 1)
    @rule()
    def undo(self) -> None:
        move = self.board.pop()
        position = self.game.position
        self.game.undo()
        assert move.square is not None
        self.undone.append((move.square, position))

    @precondition(lambda self: bool(self.undone))
    @rule()
    def redo(self) -> None:
        sq, position = self.undone.pop()
        move = self.board.redo()
        self.game.play(sq)
        assert move.square == sq
        assert self.game.position == position

    @invariant()
    def same_position(self) -> None:
        black, white, black_to_move = self.game.position
        assert (self.board.black, self.board.white) == (black, white)
        if self.game.legal():
            assert (self.board.turn == BLACK) == black_to_move
        player, opponent = (black, white) if black_to_move else (white, black)
        assert self.board.legal_moves.mask == naive_legal_moves(player, opponent)
        assert self.board.is_game_over() == (
            not naive_legal_moves(player, opponent) and not naive_legal_moves(opponent, player)
        )
        assert self.board.can_undo() == (len(self.game.positions) > 1)
        assert self.board.can_redo() == bool(self.undone)

    @invariant()
    def history_replays(self) -> None:
        assert Board(moves=self.board.transcript()) == self.board
        assert [parse_square(str(m)) for m in self.board.move_stack if not m.is_pass] == (
            [m.square for m in self.board.move_stack if not m.is_pass]
        )


UndoRedoGame.TestCase.settings = settings(max_examples=60, stateful_step_count=80, deadline=None)
TestUndoRedoGame = UndoRedoGame.TestCase
