"""Matches between players from varied openings, colours alternating."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from reversi.ai.clock import Clock
from reversi.ai.levels import Level, think
from reversi.engine import BLACK, Board, Move

#: A player: the board (with a legal move to play) and a game-unique seed in, a move out.
Player = Callable[[Board, int], Move]


def level_player(
    level: Level | str,
    budget: float | None = None,
    clock: Clock = time.perf_counter,
    *,
    python_backend: bool = False,
    book: bool = True,
) -> Player:
    """A level as a player; ``clock`` measures its budget (``time.process_time``
    gives it the same thinking whatever else runs on the machine);
    ``python_backend``: Schwer searches in Python even where the native core is built;
    ``book``: Schwer plays from the opening book while in it."""

    def play(board: Board, seed: int) -> Move:
        decision = think(
            board,
            level,
            seed=seed,
            budget=budget,
            clock=clock,
            python_backend=python_backend,
            book=book,
        )
        return decision.move

    return play


def openings(count: int, plies: int, seed: int) -> list[str]:
    """``count`` distinct transcripts of ``plies`` random moves from the start; a
    ValueError when there are fewer (4 of one move, 12 of two, 56 of three …)."""
    available = distinct_lines(Board(), plies, count)
    if available < count:
        raise ValueError(f"only {available} openings of {plies} moves exist, not {count}")
    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < count:
        board = Board()
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        found.setdefault(board.transcript())
    return list(found)


def distinct_lines(board: Board, plies: int, enough: int) -> int:
    """How many lines of ``plies`` moves (or to the game's end) follow ``board``,
    counted up to ``enough``."""
    moves = list(board.legal_moves)
    if plies == 0 or not moves:
        return 1
    found = 0
    for move in moves:
        board.push(move)
        found += distinct_lines(board, plies - 1, enough - found)
        board.pop()
        if found >= enough:
            break
    return found


@dataclass
class MatchScore:
    """Wins, draws and losses of the first player, and its disc margins."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    margin: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """A win is 1, a draw ½."""
        return self.wins + self.draws / 2

    def add(self, margin: int) -> None:
        """Count one game of the first player with this disc margin."""
        self.margin += margin
        if margin > 0:
            self.wins += 1
        elif margin < 0:
            self.losses += 1
        else:
            self.draws += 1

    def interval(self, z: float = 1.96) -> tuple[float, float, float]:
        """The score fraction and its normal-approximation confidence interval."""
        n = self.games
        if not n:
            return 0.0, 0.0, 1.0
        mean = self.points / n
        variance = (self.wins + self.draws / 4) / n - mean * mean
        half = z * math.sqrt(max(variance, 0.0) / n)
        return mean, max(0.0, mean - half), min(1.0, mean + half)

    def __str__(self) -> str:
        mean, low, high = self.interval()
        return (
            f"+{self.wins} ={self.draws} -{self.losses} of {self.games}: "
            f"{100 * mean:.1f}% (95% CI {100 * low:.1f}–{100 * high:.1f}%), "
            f"mean margin {self.margin / max(self.games, 1):+.1f}"
        )


def play_game(black: Player, white: Player, opening: str, seed: int) -> Board:
    board = Board(moves=opening)
    while not board.is_game_over():
        player = black if board.turn == BLACK else white
        board.push(player(board, seed + len(board.move_stack)))
    return board


def play_match(
    first: Player, second: Player, games: int, *, seed: int = 1, plies: int = 6
) -> Iterator[tuple[int, Board, bool, MatchScore]]:
    """Play ``games`` games (each opening twice, colours swapped) and yield
    after each: the game's number, its final board, whether ``first`` had
    black, and the running score of ``first``."""
    score = MatchScore()
    book = openings((games + 1) // 2, plies, seed)
    for number in range(games):
        opening = book[number // 2]
        first_black = number % 2 == 0
        black, white = (first, second) if first_black else (second, first)
        board = play_game(black, white, opening, seed * 1000 + number)
        outcome = board.outcome()
        assert outcome is not None
        score.add(outcome.margin if first_black else -outcome.margin)
        yield number, board, first_black, score
