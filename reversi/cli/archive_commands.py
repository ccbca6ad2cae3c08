"""The archive's commands: ``reversi import FILE…`` and ``reversi analyse GAME``.

``import`` puts the games of GGF and WTHOR files into the archive of the configured
database (``REVERSI_DATABASE_URL``, else the SQLite file in ``REVERSI_DATA_DIR``);
``analyse`` reviews a game (a transcript, a GGF file or an archive id) with
:func:`reversi.ai.review.review` and prints every move's score, loss and mark.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from reversi.archive.record import ArchiveError, GameRecord, board_of
from reversi.engine import Board, Counting, NotationError, ReversiError, read_ggf, square_name
from reversi.texts import text

if TYPE_CHECKING:
    from reversi.storage import Rows

#: games written per transaction by an import
BATCH = 500


def add_archive_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = commands.add_parser(
        "import",
        help="put the games of GGF or WTHOR (.wtb) files "
        "into the archive of the configured database",
    )
    cmd.add_argument("files", nargs="+", type=Path, metavar="FILE")
    cmd.set_defaults(run=_import)

    cmd = commands.add_parser(
        "analyse",
        help="review a game: every move's score, loss and "
        "mark, the summary per side, the turning point",
    )
    cmd.add_argument(
        "game", metavar="GAME", help="a transcript (f5d6c3…), a GGF file or an archive id"
    )
    cmd.add_argument(
        "--budget",
        type=float,
        default=0.2,
        help="seconds per position before the last 12 empties (default 0.2)",
    )
    cmd.set_defaults(run=_analyse)


# --- import ---------------------------------------------------------------------------


def _import(args: argparse.Namespace) -> int:
    return asyncio.run(import_files(args.files))


async def import_files(paths: list[Path]) -> int:
    """Imports every legal game of ``paths``; 1 if any was refused (they are named)."""
    from reversi.archive.files import games_in
    from reversi.server.settings import Settings
    from reversi.storage import open_store

    start = time.perf_counter()
    added = known = refused = 0
    store = await open_store(Settings.from_env().db_url())
    try:
        for path in paths:
            batch: list[GameRecord] = []
            try:
                entries = list(games_in(path))
            except OSError as error:
                entries = [
                    (
                        1,
                        ArchiveError(
                            "unreadable",
                            "cli.import.unreadable",
                            file=path,
                            why=error.strerror or error,
                        ),
                    )
                ]
            for number, entry in entries:
                if isinstance(entry, ArchiveError):
                    refused += 1
                    print(
                        entry.message
                        if entry.code == "unreadable"
                        else text(
                            "cli.import.refused", file=path, number=number, why=entry.params["why"]
                        ),
                        file=sys.stderr,
                    )
                    continue
                batch.append(entry)
            for i in range(0, len(batch), BATCH):
                chunk = batch[i : i + BATCH]
                new = await store.write(functools.partial(_add, games=chunk))
                added, known = added + new, known + len(chunk) - new
    finally:
        await store.close()
    seconds = time.perf_counter() - start
    rate = (added + known) / seconds if seconds > 0 else 0.0
    print(
        text(
            "cli.import.done",
            added=added,
            known=known,
            refused=refused,
            seconds=f"{seconds:.2f}",
            rate=f"{rate:,.0f}",
        )
    )
    return 1 if refused else 0


def _add(rows: Rows, games: list[GameRecord]) -> int:
    from reversi.archive.archive_queries import add_games

    return add_games(rows.conn, games)


# --- analyse --------------------------------------------------------------------------


async def _archived(id: str) -> GameRecord | None:
    from sqlalchemy.engine import make_url

    from reversi.archive.archive_queries import game
    from reversi.server.settings import Settings
    from reversi.storage import make_store

    url = Settings.from_env().db_url()
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and not Path(parsed.database or "").is_file():
        return None  # no database yet: no archive, and none is made by looking
    store = make_store(url)
    try:
        await store.migrate()
        return await store.read(lambda rows: game(rows.conn, id) or game(rows.conn, id.upper()))
    finally:
        await store.close()


def game_to_analyse(spec: str) -> tuple[Board, tuple[str, str], Counting]:
    """The game named by ``spec``: a GGF file, a transcript or an archive id."""
    path = Path(spec)
    if path.is_file():
        board, tags = read_ggf(path.read_text(encoding="utf-8", errors="replace"))
        return board, (tags.get("PB", "?"), tags.get("PW", "?")), Counting.WINNER
    try:
        return Board(moves=spec), ("?", "?"), Counting.WINNER
    except ReversiError:
        pass
    if 4 <= len(spec) <= 24 and spec.replace("-", "").replace("_", "").isalnum():
        found = asyncio.run(_archived(spec))
        if found is not None:
            names = tuple(
                side.get("name") or (text(f"level.{side['level']}") if side.get("level") else "?")
                for side in (found.players["black"], found.players["white"])
            )
            return board_of(found), (names[0], names[1]), Counting(found.counting)
    raise NotationError(text("cli.no_game", game=spec))


def _analyse(args: argparse.Namespace) -> int:
    from reversi.ai.review import MARKS, review

    board, names, counting = game_to_analyse(args.game)
    colors = {True: text("color.black"), False: text("color.white")}
    outcome = board.outcome(counting)
    score = outcome.score() if outcome else (board.count(True), board.count(False))
    start = time.perf_counter()
    reviewed = review(board, args.budget, counting=counting)
    seconds = time.perf_counter() - start
    print(text("analyse.heading", black=names[0], white=names[1], result=f"{score[0]}:{score[1]}"))
    print(text("analyse.columns"))
    stack = board.move_stack
    index = 0
    for move in reviewed.moves:
        while stack[index].square is None:  # a pass before this move
            print(text("analyse.pass", color=colors[board.mover(index)]))
            index += 1
        index += 1
        mark = text(f"mark.{move.mark}") if move.mark else ""
        exact = text("analyse.exact") if move.exact else ""
        print(
            f"{move.ply:>3}. {square_name(move.square):<4} {move.played.score:+6.1f}  "
            f"{square_name(move.best_square):<3} {move.best.score:+6.1f}  "
            f"{move.loss:6.1f}  {' '.join(w for w in (mark, exact) if w)}".rstrip()
        )
    while index < len(stack):
        print(text("analyse.pass", color=colors[board.mover(index)]))
        index += 1
    for color in (True, False):
        side = reviewed.summary(color)
        marks = ", ".join(f"{text(f'mark.{m}')} {side.marks[m]}" for m, _ in reversed(MARKS))
        print(
            text(
                "analyse.summary",
                color=colors[color],
                moves=side.moves,
                loss=f"{side.average_loss:.2f}",
                marks=marks,
            )
        )
    turn = reviewed.turning_point()
    if turn is None:
        print(text("analyse.no_turning_point"))
    else:
        print(
            text(
                "analyse.turning_point",
                ply=turn.ply,
                square=square_name(turn.square),
                color=colors[turn.color],
                loss=f"{turn.loss:.1f}",
            )
        )
    exact_count = sum(m.exact for m in reviewed.moves)
    print(
        text("analyse.time", seconds=f"{seconds:.1f}", exact=exact_count, moves=len(reviewed.moves))
    )
    return 0


__all__ = ["add_archive_commands", "game_to_analyse", "import_files"]
