"""The moves of a game played on a device, sent with the hall's results outbox
(``POST /api/results``) and kept in the archive under a server id, owned by the player.

The hall knows no rules: it hands each game of a batch to :class:`DeviceMoves`, which
replays the moves with the engine — a legal game from the start that is over and ends
as the game's result says — or refuses the whole batch with the reason.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection

from reversi.archive.archive_queries import add_game, trim_device_games
from reversi.archive.record import ArchiveError, GameRecord, played_board, record_of
from reversi.engine import Board, Counting
from reversi.engine.color import COLOR_NAMES
from reversi.hall.device_games import EARLIEST, BadGame
from reversi.hall.writes import DeviceGame
from reversi.storage.schema import PLAYERS


@dataclass(frozen=True)
class Checked:
    """A game's record, its human side (None: two people on one device)."""

    record: GameRecord
    human: str | None


def _counting(detail: dict[str, Any]) -> Counting:
    return Counting.WINNER if detail.get("counting") == "winner" else Counting.NOBODY


def _check_result(board: Board, game: DeviceGame, human: str | None, counting: Counting) -> None:
    outcome = board.outcome(counting)
    assert outcome is not None
    black, white = outcome.score()
    told = (game.detail.get("black"), game.detail.get("white"))
    wrong_score = told != (None, None) and told not in (
        (black, white),
        (outcome.black, outcome.white),
    )
    wrong_outcome = False
    if human is not None:
        winner = None if outcome.winner is None else COLOR_NAMES[outcome.winner]
        mine = "draw" if winner is None else "win" if winner == human else "loss"
        wrong_outcome = mine != game.outcome
    if wrong_score or wrong_outcome:
        raise BadGame("archive.game.result", black=black, white=white)


class DeviceMoves:
    """Reversi's part of a device game (``reversi.hall.device_games.DeviceRecords``)."""

    fields = frozenset({"moves", "started_at"})

    def __init__(self, keep: int) -> None:
        #: a player's newest device games kept in the archive
        self.keep = keep

    def check(self, item: dict[str, Any], game: DeviceGame) -> Checked | None:
        if "moves" not in item:
            if "started_at" in item:
                raise BadGame("archive.game.transcript")
            return None
        try:
            board = played_board(item["moves"])
        except ArchiveError as error:
            raise BadGame(error.key, **error.params) from None
        human = game.detail.get("human")
        if game.level is not None and human not in ("black", "white"):
            raise BadGame("archive.game.human")
        if game.level is None:
            human = None
        counting = _counting(game.detail)
        _check_result(board, game, human, counting)
        started = item.get("started_at")
        if started is not None and (
            isinstance(started, bool)
            or not isinstance(started, int | float)
            or not math.isfinite(started)
            or not EARLIEST <= started <= game.finished_at
        ):
            raise BadGame("archive.game.started_at")
        levels = (
            None if human in (None, "black") else game.level,
            None if human in (None, "white") else game.level,
        )
        record = record_of(
            board,
            secrets.token_hex(8),
            "device",
            names=(None, None),
            levels=levels,
            finished_at=game.finished_at,
            counting=counting,
            client_id=game.client_id,
            started_at=started,
        )
        return Checked(record, human)

    def write(self, conn: Connection, player_id: str, checked: list[Any]) -> list[str]:
        nickname = conn.execute(
            select(PLAYERS.c.nickname).where(PLAYERS.c.id == player_id)
        ).scalar()
        new = []
        for entry in checked:
            if entry is None:
                continue
            record = replace(entry.record, owner_id=player_id)
            if entry.human is not None:
                record.players[entry.human]["name"] = nickname
                setattr(record, f"{entry.human}_id", player_id)
            if add_game(conn, record):
                new.append(record.client_id)
        if new:
            trim_device_games(conn, player_id, self.keep)
        return new
