"""Game files for the archive: GGF (one or many records) and WTHOR (``.wtb`` with the
``.jou`` player names and ``.trn`` tournament names beside it, when they are there).

Every game is replayed by the engine; one that is not a legal game comes back as an
:class:`ArchiveError` with its number in the file, the others as records whose id is
made from their content (so importing a file twice adds nothing the second time).
"""

from __future__ import annotations

import calendar
import hashlib
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from reversi.archive.record import ArchiveError, GameRecord, record_of
from reversi.engine import Board, Counting, NotationError, ReversiError
from reversi.engine.ggf import read_ggf, split_ggf_records
from reversi.engine.wthor import JOU_WIDTH, TRN_WIDTH, read_names, read_wtb

#: one game of a file: its number and its record, or why it was refused
FileGame = tuple[int, GameRecord | ArchiveError]
_GGF_DATE = re.compile(r"(\d{4})\.(\d{2})\.(\d{2})(?:_(\d{2}):(\d{2}):(\d{2}))?")


def _id(board: Board, *parts: Any) -> str:
    """An id made from the game and what is known of it (the same game, the same id)."""
    key = "|".join([board.root().obf(), board.transcript(), *map(str, parts)])
    return "i" + hashlib.sha256(key.encode()).hexdigest()[:15]


def _end(board: Board, black_margin: float, how: str = "") -> dict[str, Any]:
    """How a game that is not played out ended, by its recorded result."""
    if board.is_game_over():
        return {}
    reason = {"r": "resign", "t": "timeout"}.get(how, "unfinished")
    winner = "black" if black_margin > 0 else "white" if black_margin < 0 else None
    return {"reason": reason, "winner": winner}


def _ggf_time(tags: dict[str, str], default: float) -> float:
    value = tags.get("DT", "")
    try:
        return float(value)
    except ValueError:
        pass
    match = _GGF_DATE.match(value)
    if match is None:
        return default
    numbers = [int(n) if n else 0 for n in match.groups()]
    try:
        return float(calendar.timegm((*numbers, 0, 0, 0)))
    except (ValueError, OverflowError):
        return default


def ggf_games(path: Path, text: str) -> Iterator[FileGame]:
    """The games of a GGF text."""
    now = time.time()
    try:
        records = split_ggf_records(text)
    except NotationError as error:
        yield 1, ArchiveError("unreadable", "cli.import.unreadable", file=path, why=error)
        return
    for number, raw in enumerate(records, 1):
        try:
            board, tags = read_ggf(raw)
        except ReversiError as error:
            yield number, ArchiveError("bad_moves", "cli.import.unreadable", file=path, why=error)
            continue
        result = tags.get("RE", "")
        margin, _, how = result.partition(":")
        try:
            black_margin = float(margin)
        except ValueError:
            black_margin = 0.0
        when = _ggf_time(tags, now)
        names = (tags.get("PB"), tags.get("PW"))
        info = {k: tags[k] for k in ("PC", "TY", "TI", "EV") if k in tags}
        yield (
            number,
            record_of(
                board,
                _id(board, *names, tags.get("DT"), result),
                "import",
                names=names,
                finished_at=when,
                counting=Counting.WINNER,
                tags={"file": path.name, **info},
                **_end(board, black_margin, how),
            ),
        )


def _beside(path: Path, suffix: str, fallback: str) -> Path | None:
    """``X.jou`` beside ``X.wtb``, else ``WTHOR.JOU`` in the same folder (any case)."""
    for sibling in path.parent.iterdir():
        name = sibling.name.lower()
        if name in (path.stem.lower() + suffix, fallback):
            return sibling
    return None


def wthor_games(path: Path, data: bytes) -> Iterator[FileGame]:
    """The games of a ``.wtb`` file, named by the ``.jou`` / ``.trn`` beside it."""
    try:
        base = read_wtb(data)
    except NotationError as error:
        yield 1, ArchiveError("unreadable", "cli.import.unreadable", file=path, why=error)
        return
    lists = []
    for suffix, width in ((".jou", JOU_WIDTH), (".trn", TRN_WIDTH)):
        found = _beside(path, suffix, "wthor" + suffix)
        lists.append(read_names(found.read_bytes(), width) if found else [])
    players, tournaments = lists
    when = float(calendar.timegm((base.year or 1970, 1, 1, 0, 0, 0, 0, 0, 0)))

    def name(names: list[str], number: int) -> str | None:
        return names[number] if 0 <= number < len(names) else None

    for number, game in enumerate(base.games, 1):
        try:
            board = game.board()
        except NotationError as error:
            yield number, ArchiveError("bad_moves", "cli.import.unreadable", file=path, why=error)
            continue
        names = (name(players, game.black), name(players, game.white))
        tournament = name(tournaments, game.tournament)
        yield (
            number,
            record_of(
                board,
                _id(board, *names, tournament, base.year, number),
                "import",
                names=names,
                finished_at=when,
                counting=Counting.WINNER,
                tags={
                    "file": path.name,
                    "year": base.year,
                    **({"tournament": tournament} if tournament else {}),
                },
                **_end(board, 2 * game.black_score - 64),
            ),
        )


def games_in(path: Path) -> Iterator[FileGame]:
    """The games of a GGF or WTHOR file (by its ending: ``.wtb`` is WTHOR)."""
    if path.suffix.lower() == ".wtb":
        yield from wthor_games(path, path.read_bytes())
    else:
        yield from ggf_games(path, path.read_text(encoding="utf-8", errors="replace"))
