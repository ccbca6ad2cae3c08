"""The analysis board's position editor (docs/protocol.md, "The position editor"): a
pasted text read as an OBF, a GGF game or a transcript, and an edited position checked.

Standard library and ``reversi.engine`` only: shipped to the browser. Problems are
codes; the page says them in German (``analyse.problem.<code>`` in de.json).

>>> on_setup({"type": "setup", "id": 1, "text": "f5 d6 c3"})["moves"]
'f5d6c3'
>>> on_setup({"type": "setup", "id": 2, "obf": "-" * 64 + " X"})["problems"]
['centre']
"""

from __future__ import annotations

import re

from reversi.engine import BLACK, Board, ReversiError, read_ggf
from reversi.engine.view import color_key
from reversi.web.protocol import Message, ProtocolError

OBF = re.compile(r"^\s*([XOxo\-.*]{64})\s+([XOxo*])\s*(?:;.*)?$", re.DOTALL)
TEXT_MAX = 20_000


def _read(text: str) -> tuple[str | None, str, str]:
    """(root OBF or None for the start, transcript, kind) of a pasted text."""
    found = OBF.match(text)
    if found:
        squares = found.group(1).upper().replace(".", "-").replace("*", "X")
        side = found.group(2).upper().replace("*", "X")
        return f"{squares} {side}", "", "obf"
    if text.lstrip().startswith("(;"):
        board, _ = read_ggf(text)
        root = board.root().obf()
        return (None if root == Board().obf() else root), board.transcript(), "ggf"
    board = Board(moves=text)
    return None, board.transcript(), "transcript"


def problems(obf: str) -> tuple[list[str], Board | None]:
    """What is impossible about a position, and its board when the engine takes it:
    ``centre`` (an empty centre square: the engine refuses it), ``side`` (the side to
    move has no move while the other has: the other moves), ``over`` (neither can move)."""
    try:
        board = Board(obf)
    except ReversiError:
        return ["centre"], None
    found = []
    wanted = BLACK if obf.rstrip().endswith("X") else not BLACK
    if board.is_game_over():
        found.append("over")
    elif board.turn != wanted:
        found.append("side")
    return found, board


def on_setup(message: Message) -> Message:
    """Answer a ``setup`` message: ``text`` (pasted OBF, GGF or transcript) or ``obf``
    (an edited position) → the root ``obf`` (null: the start), the ``moves`` from it,
    the ``kind`` read, the ``problems`` found and the side to move."""
    text, obf = message.get("text"), message.get("obf")
    answer: Message = {"type": "setup", "id": message.get("id"), "problems": []}
    if isinstance(text, str) and len(text) <= TEXT_MAX:
        try:
            root, moves, kind = _read(text)
        except ReversiError:
            return {**answer, "problems": ["unreadable"], "obf": None, "moves": "", "kind": None}
        answer.update(obf=root, moves=moves, kind=kind)
        obf = root
    elif isinstance(obf, str) and OBF.match(obf):
        answer.update(obf=obf, moves="", kind="obf")
    else:
        raise ProtocolError(f"setup needs a text or an obf, not {message!r:.200}")
    if obf is not None:
        found, board = problems(obf)
        answer["problems"] = found
        if board is not None:
            answer["obf"] = board.obf()
            answer["turn"] = color_key(board.turn)
    return answer


#: the editor's messages, answered without a session like those of positions.py
EDITOR = {"setup": on_setup}

__all__ = ["EDITOR", "on_setup", "problems"]
