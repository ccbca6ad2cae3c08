"""A game on this device, as the browser's worker runs it (docs/protocol.md).

Standard library, ``reversi.engine`` and ``reversi.ai`` only: this module is shipped
to the browser and runs there under Pyodide. The UI sends intents as JSON messages;
:meth:`Session.handle` answers with messages whose views the UI draws. :class:`Worker`
takes every message; those that need no game (``position``, ``analyse``) it passes to
``positions.py``.

>>> session = Session.start({"type": "new", "mode": "duo"})
>>> [m["type"] for m in session.handle({"type": "move", "square": "d3"})]
['view']
>>> session.handle({"type": "move", "square": "d4"})[0]
{'type': 'illegal', 'square': 'd4', 'reason': 'occupied'}
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from reversi.engine import Board, IllegalMoveError, InvalidSquareError
from reversi.engine.view import color_key, game_view
from reversi.web.editor import EDITOR
from reversi.web.positions import STATELESS, exact_move, position_board
from reversi.web.protocol import REASONS, Message, ProtocolError

MODES = ("solo", "duo")


def xot_start(message: Message) -> str | None:
    """With ``xot``: the eight moves of a random start of the XOT list (``seed``: the
    same start for the same seed), else None. The worker chooses, never the page."""
    xot = message.get("xot", False)
    if not isinstance(xot, bool):
        raise ProtocolError(f"xot is true or false, not {xot!r}")
    if not xot:
        return None
    if "obf" in message or "moves" in message:
        raise ProtocolError("xot chooses the start: no obf or moves with it")
    from reversi.ai.xot import load

    seed = message.get("seed")
    return load().choose(random.Random(seed if isinstance(seed, int) else None)).moves


class Session:
    """One game: solo against the computer (``mode="solo"``) or two people (``"duo"``)."""

    def __init__(
        self,
        mode: str = "duo",
        level: str = "leicht",
        human: str = "black",
        seed: int | None = None,
        board: Board | None = None,
        legende: str | None = None,
    ) -> None:
        if mode not in MODES:
            raise ProtocolError(f"unknown mode {mode!r} (expected one of {MODES})")
        if mode == "solo":  # the computer plays: its levels are reversi.ai's
            from reversi.ai import Level

            names = [lv.value for lv in Level]
            if level not in names:
                raise ProtocolError(f"unknown level {level!r} (expected one of {names})")
        if legende is not None:  # one of the fifty opponents of /legenden (reversi.ai.legenden)
            from reversi.ai.legenden import LEGENDEN

            if mode != "solo" or legende not in {lg.key for lg in LEGENDEN}:
                raise ProtocolError(f"unknown opponent {legende!r} (a solo game's, of /legenden)")
        if human not in ("black", "white"):
            raise ProtocolError(f"unknown colour {human!r} (expected 'black' or 'white')")
        self.mode, self.level, self.human, self.seed = mode, level, human, seed
        self.legende = legende
        self.board = board or Board()
        self._thinks = 0
        self.exact = False
        #: the XOT start the game began with (its moves stay in the game)
        self.xot: str | None = None

    @classmethod
    def start(cls, message: Message) -> Session:
        """A new game; ``obf`` and ``moves`` (optional) set where it begins, or ``xot``:
        after a XOT start's moves, which no take-back undoes."""
        xot = xot_start(message)
        session = cls(
            mode=message.get("mode", "duo"),
            level=message.get("level", "leicht"),
            human=message.get("human", "black"),
            seed=message.get("seed"),
            board=Board(moves=xot) if xot else position_board(message),
            legende=message.get("legende"),
        )
        session.xot = xot
        # the study pages' play-outs: the computer plays a best move of the exact solver
        session.exact = message.get("exact") is True
        return session

    # --- who moves ----------------------------------------------------------

    def players(self) -> dict[str, str]:
        if self.mode == "duo":
            return {"black": "human", "white": "human"}
        computer = "white" if self.human == "black" else "black"
        return {self.human: "human", computer: "computer"}

    def _is_human(self, board: Board) -> bool:
        return self.players()[color_key(board.turn) or "black"] == "human"

    def computer_to_move(self) -> bool:
        board = self.board
        return self.mode == "solo" and not board.is_game_over() and not self._is_human(board)

    # --- undo and redo ------------------------------------------------------
    # Solo play steps back and forth between positions where the human is to
    # move, so a take-back never makes the computer think again.

    def _undo_target(self) -> Board | None:
        if not self.board.can_undo():
            return None
        floor = len(self.xot or "") // 2  # a XOT start's moves stay
        if len(self.board.move_stack) <= floor:
            return None
        board = self.board.copy()
        board.pop()
        if self.mode == "solo":
            while len(board.move_stack) > floor and not self._is_human(board):
                board.pop()
            if not self._is_human(board):
                return None
        return board

    def _redo_target(self) -> Board | None:
        if not self.board.can_redo():
            return None
        board = self.board.copy()
        board.redo()
        if self.mode == "solo":
            while board.can_redo() and not board.is_game_over() and not self._is_human(board):
                board.redo()
        return board

    # --- the view -----------------------------------------------------------

    def view(self) -> Message:
        view = game_view(self.board)
        view["can_undo"] = self._undo_target() is not None
        view["can_redo"] = self._redo_target() is not None
        view["mode"] = self.mode
        view["level"] = self.level if self.mode == "solo" else None
        view["legende"] = self.legende
        view["players"] = self.players()
        view["xot"] = self.xot
        return view

    def _view_message(self, cause: str) -> Message:
        return {"type": "view", "cause": cause, "view": self.view()}

    # --- messages -----------------------------------------------------------

    def handle(self, message: Message) -> list[Message]:
        """Answer one message of the UI (see docs/protocol.md)."""
        kind = message.get("type")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise ProtocolError(f"unknown message type {kind!r}")
        return handler(self, message)

    def _on_view(self, message: Message) -> list[Message]:
        return [self._view_message("sync")]

    def _on_move(self, message: Message) -> list[Message]:
        name = message.get("square")
        if not isinstance(name, str):
            raise ProtocolError(f"a move needs a square name, not {name!r}")
        if self.computer_to_move():
            return [{"type": "illegal", "square": name, "reason": "not_your_turn"}]
        try:
            self.board.push(name)
        except InvalidSquareError as error:
            raise ProtocolError(str(error)) from None
        except IllegalMoveError as error:
            return [
                {"type": "illegal", "square": name.strip().lower(), "reason": REASONS[error.reason]}
            ]
        return [self._view_message("move")]

    def _on_think(self, message: Message) -> list[Message]:
        if not self.computer_to_move():
            return [self._view_message("sync")]
        from reversi.ai import choose_move

        seed = None if self.seed is None else self.seed + self._thinks
        self._thinks += 1
        if self.exact:
            move = exact_move(self.board)
        elif self.legende is not None:
            from reversi.ai.legenden import by_key, choose

            move = choose(self.board, by_key(self.legende), seed=seed)
        else:
            move = choose_move(self.board, self.level, seed=seed)
        self.board.push(move)
        return [self._view_message("computer")]

    def _step(self, target: Callable[[Session], Board | None], repeat: bool) -> Board | None:
        board = target(self)
        while repeat and board is not None:
            self.board = board
            board = target(self)
        return board

    def _on_undo(self, message: Message) -> list[Message]:
        board = self._step(Session._undo_target, bool(message.get("all")))
        if board is not None:
            self.board = board
        return [self._view_message("undo")]

    def _on_redo(self, message: Message) -> list[Message]:
        board = self._step(Session._redo_target, bool(message.get("all")))
        if board is not None:
            self.board = board
        return [self._view_message("redo")]


_HANDLERS: dict[str, Callable[[Session, Message], list[Message]]] = {
    "view": Session._on_view,
    "move": Session._on_move,
    "think": Session._on_think,
    "undo": Session._on_undo,
    "redo": Session._on_redo,
}


class Worker:
    """The worker's single entry point, called from JavaScript with JSON text.

    ``core`` is engine.wasm as the worker started it (js/wasm.js), or None: the
    computer player then searches with the Python code.
    """

    def __init__(self, core: object | None = None) -> None:
        self.session: Session | None = None
        if core is not None:
            from reversi.web.wasm import install

            install(core)

    def handle(self, text: str) -> str:
        try:
            message = json.loads(text)
            if not isinstance(message, dict):
                raise ProtocolError(f"a message is a JSON object, not {text!r}")
            kind = message.get("type")
            answer = (STATELESS.get(kind) or EDITOR.get(kind)) if isinstance(kind, str) else None
            if answer is not None:
                try:
                    out = [answer(message)]
                except ProtocolError as error:
                    out = [{"type": "error", "id": message.get("id"), "message": str(error)}]
            elif message.get("type") == "new":
                self.session = Session.start(message)
                out = [self.session._view_message("new")]
            elif self.session is None:
                raise ProtocolError("no game yet: send a 'new' message first")
            else:
                out = self.session.handle(message)
        except ProtocolError as error:
            out = [{"type": "error", "message": str(error)}]
        return json.dumps(out, ensure_ascii=False)

    def computer_to_move(self) -> bool:
        return self.session is not None and self.session.computer_to_move()

    def warm_ai(self) -> bool:
        """Import the computer player ahead of its first move; False if it is missing."""
        try:
            import reversi.ai  # noqa: F401
        except ImportError:
            return False
        return True

    def thinking(self) -> str:
        """The message to show while the computer thinks."""
        assert self.session is not None
        color = color_key(self.session.board.turn)
        return json.dumps({"type": "thinking", "color": color, "level": self.session.level})


__all__ = ["MODES", "Session", "Worker"]
