"""A finished game as the archive keeps it, built from a board and checked by replaying it.

>>> board = Board(moves="f5d6c5f4e3f6g5e6e7")
>>> game = record_of(board, "x1", "import", names=("Ada", "Bo"), finished_at=0.0)
>>> game.moves[-2:], game.result
(['e6', 'e7'], {'black': 13, 'white': 0, 'winner': 'black', 'reason': 'game_over'})
>>> board_of(game) == board
True
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from reversi.duel.rules import correspondence, total_clock
from reversi.engine import BLACK, PASS, Board, Counting, ReversiError, parse_square, write_ggf
from reversi.engine.color import COLOR_NAMES
from reversi.texts import text


class ArchiveError(ValueError):
    """A game the archive refuses: ``code`` for programs, the catalogue's ``key`` and
    ``params`` for its German ``message``."""

    def __init__(self, code: str, key: str, **params: Any) -> None:
        self.code, self.key, self.params = code, key, params
        self.message = text(key, **params)
        super().__init__(self.message)


@dataclass
class GameRecord:
    """One finished game: ``moves`` are square names with every pass as ``"pass"``;
    ``clocks`` the seconds each of them took (None: a pass, or no clock at all);
    ``result["reason"]``: ``game_over`` (played out), ``resign``, ``timeout`` or
    ``unfinished`` (an imported game that stops early)."""

    id: str
    kind: str
    players: dict[str, dict[str, Any]]
    moves: list[str]
    result: dict[str, Any]
    counting: str
    finished_at: float
    started_at: float | None = None
    root: str | None = None
    clocks: list[float | None] | None = None
    tags: dict[str, Any] = field(default_factory=dict)
    owner_id: str | None = None
    client_id: str | None = None
    black_id: str | None = None
    white_id: str | None = None

    @property
    def transcript(self) -> str:
        return "".join(m for m in self.moves if m != "pass")


def result_of(
    board: Board, counting: Counting, reason: str = "game_over", winner: str | None = None
) -> dict[str, Any]:
    """The score under ``counting`` and who won: by the board when the game was played
    out, else ``winner`` (who did not resign or run out of time)."""
    outcome = board.outcome(counting)
    black, white = outcome.score() if outcome else (board.count(BLACK), board.count(False))
    if outcome is not None and reason == "game_over":
        winner = None if outcome.winner is None else COLOR_NAMES[outcome.winner]
    return {"black": black, "white": white, "winner": winner, "reason": reason}


def record_of(
    board: Board,
    id: str,
    kind: str,
    *,
    names: tuple[str | None, str | None],
    finished_at: float,
    levels: tuple[str | None, str | None] = (None, None),
    counting: Counting = Counting.NOBODY,
    reason: str = "game_over",
    winner: str | None = None,
    **more: Any,
) -> GameRecord:
    """The record of ``board``'s game; ``more``: the other fields of :class:`GameRecord`."""
    root = board.root()
    return GameRecord(
        id=id,
        kind=kind,
        players={
            "black": {"name": names[0], "level": levels[0]},
            "white": {"name": names[1], "level": levels[1]},
        },
        moves=[str(m) for m in board.move_stack],
        result=result_of(board, counting, reason, winner),
        counting=counting.value,
        finished_at=finished_at,
        root=None if root == Board() else root.obf(),
        **more,
    )


def board_of(game: GameRecord) -> Board:
    """The game replayed; a move or pass that does not fit raises :class:`ArchiveError`."""
    board = Board(game.root) if game.root else Board()
    for number, move in enumerate(game.moves, 1):
        if move == "pass":
            if len(board.move_stack) < number or board.move_stack[number - 1] != PASS:
                raise ArchiveError("bad_moves", "archive.game.moves", number=number, square=move)
            continue
        if len(board.move_stack) >= number and board.move_stack[number - 1] == PASS:
            raise ArchiveError("bad_moves", "archive.game.moves", number=number, square=move)
        try:
            board.push(parse_square(move))
        except ReversiError:
            raise ArchiveError(
                "bad_moves", "archive.game.moves", number=number, square=move
            ) from None
    return board


def played_board(transcript: Any) -> Board:
    """A finished game from the start position, given as a transcript (``f5d6c3…``,
    passes implicit); :class:`ArchiveError` names the first move that is not possible."""
    if not isinstance(transcript, str) or len(transcript) > 180:
        raise ArchiveError("bad_moves", "archive.game.transcript")
    board = Board()
    squares = transcript.replace(" ", "").lower()
    if len(squares) % 2:
        raise ArchiveError("bad_moves", "archive.game.transcript")
    for number in range(len(squares) // 2):
        square = squares[2 * number : 2 * number + 2]
        try:
            board.push(parse_square(square))
        except ReversiError:
            if square[0] not in "abcdefgh" or square[1] not in "12345678":
                raise ArchiveError("bad_moves", "archive.game.transcript") from None
            raise ArchiveError(
                "bad_moves", "archive.game.moves", number=number + 1, square=square
            ) from None
    if not board.is_game_over():
        raise ArchiveError("unfinished", "archive.game.unfinished", moves=len(squares) // 2)
    return board


#: GGF's date: ``2026.12.01_10:00:00.GMT``
_GGF_DATE = "%Y.%m.%d_%H:%M:%S.GMT"


def ggf_of(game: GameRecord) -> str:
    """The game as a GGF record: players, result (black's margin), date, place."""

    def name(color: str) -> str:
        side = game.players[color]
        found = side.get("name") or (text(f"level.{side['level']}") if side.get("level") else "?")
        return str(found).replace("]", ")").replace("[", "(")

    result = game.result
    margin = result["black"] - result["white"]
    sign = "+" if margin > 0 else "" if margin < 0 else "+"
    mark = {"resign": ":r", "timeout": ":t"}.get(result["reason"], "")
    if mark:  # an unfinished game: the winner's side, by how it ended
        margin = (1 if result["winner"] == "black" else -1) * max(abs(margin), 1)
        sign = "+" if margin > 0 else ""
    when = datetime.datetime.fromtimestamp(game.finished_at, datetime.UTC)
    tags = {
        "PC": text("archive.ggf.place"),
        "DT": when.strftime(_GGF_DATE),
        "PB": name("black"),
        "PW": name("white"),
        "RE": f"{sign}{margin}.000{mark}",
    }
    if time := ggf_time(game.tags):
        tags["TI"] = time
    return write_ggf(board_of(game), tags)


def _mmss(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes:02d}:{secs:02d}"


def ggf_time(tags: dict[str, Any]) -> str | None:
    """The GGF ``TI`` of a game's clock: a total clock as GGS writes one, initial time /
    increment per move / extension ("3+2": ``03:00/00:02/00:00``; GGF, skatgame.net/
    mburo/ggsa/ggf, and the GGS clock ``[[HH:]MM:]SS`` for each part); the time per
    move and a Fernpartie's days, which GGS has no form for, in words.

    >>> ggf_time({"clock": "3+2"}), ggf_time({"clock": "2d"}), ggf_time({"move_time": 60})
    ('03:00/00:02/00:00', '2 d je Zug', '60 s je Zug')
    """
    rules = {"clock": tags["clock"]} if tags.get("clock") else {}
    if (total := total_clock(rules)) is not None:
        return f"{_mmss(total[0])}/{_mmss(total[1])}/00:00"
    if (per_move := correspondence(rules)) is not None:
        return text("archive.ggf.days", days=round(per_move / 86_400))
    if tags.get("move_time"):
        return text("archive.ggf.move_time", seconds=tags["move_time"])
    return None
