"""Stage 1 of the puzzles of /aufgaben: positions mined from games, judged by search.

The games are self-play of the project's engine (Schwer at a short budget, seeded, so a run
repeats) from varied openings: an XOT start (8 balanced random moves) for three games in
four, the standard start for the rest, and in every game two "wild" plies (a random legal
move at a random ply between 10 and 40) so that the games leave the engine's usual paths.
``--weak`` lets one side play Leicht (lopsided games: wipeouts).
``--archive FILE`` adds finished games of the archive (one transcript per line).

Each game's positions with a choice (two or more legal moves) are judged:

* **endgame** (``ENDGAME`` empties): every move solved exactly (no empties counted);
  kept when one move wins and every other draws or loses (``win``), or when one move is at
  least :data:`END_MARGIN` discs better than every other (``best``);
* **midgame** (``MIDGAME`` empties): a quick screen at depth :data:`SCREEN_DEPTH`, then
  every move deepened for :data:`MIDGAME_SECONDS`; kept when the best move's value is at
  least :data:`MID_MARGIN` discs above every other's at the deepest depth reached
  (``best``, a "finde den besten Zug" puzzle).

Positions lost by more than :data:`HOPELESS` discs even with the best move are left out.
Each kept position records ``effort``: the shallowest depth from which on the search ranks
the answer first at every depth (1 = a one-ply look finds it). Each line of the output
(JSON lines) is one raw puzzle; :mod:`tools.puzzles.build` turns them into the shipped file.

    python -m tools.puzzles.mine --games 400 --out /tmp/raw.jsonl [--first 0] [--archive F]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from reversi.ai import choose_move, xot
from reversi.ai.deepening import Deepening
from reversi.ai.native import Core, core
from reversi.engine import SQUARE_NAMES, Board

ENDGAME = range(6, 19)
MIDGAME = range(20, 37)
END_MARGIN = 6
MID_MARGIN = 8
HOPELESS = 10
SCREEN_DEPTH = 6
#: the screen's margin: below it a midgame position is not searched deeper
SCREEN_MARGIN = 5
MIDGAME_SECONDS = 0.8
#: Schwer's budget per move in the self-play games, in seconds
SELF_PLAY_BUDGET = 0.01
#: puzzles taken from one game at most (the game's positions are alike)
PER_GAME = {"endgame": 3, "midgame": 2}


def self_play(seed: int, weak: bool = False) -> Board:
    """One finished game; its opening and wild plies follow ``seed``. ``weak``: one side
    (Ebenholz for even seeds) plays Leicht, so that lopsided endings (wipeouts) come up."""
    rng = random.Random(seed)
    start = xot.load().choose(rng).moves if seed % 4 else ""
    board = Board(moves=start)
    wild = set(rng.sample(range(10, 41), 2))
    while not board.is_game_over():
        ply = len(board.move_stack)
        if ply in wild:
            board.push(rng.choice(list(board.legal_moves)))
        else:
            level = "leicht" if weak and board.turn == (seed % 2 == 0) else "schwer"
            board.push(choose_move(board, level, seed=seed, budget=SELF_PLAY_BUDGET))
    return board


def effort(native: Core, board: Board, answer: int, limit: int) -> int:
    """The shallowest depth from which on the answer ranks first at every depth up to
    ``limit`` (``limit + 1`` when it does not rank first at ``limit``)."""
    values = Deepening(native, board.player, board.opponent)
    first = limit + 1
    for depth in range(1, limit + 1):
        values.deepen(float("inf"))
        top = max(values.scores.values(), key=lambda s: s[0])[0]
        ahead = values.scores.get(answer, (-999.0, False, 0))[0] >= top
        if ahead and first > depth:
            first = depth
        elif not ahead:
            first = limit + 1
    return first


def _ranked(scores: dict[int, tuple[float, bool, int]]) -> list[tuple[float, int]]:
    return sorted(((s[0], sq) for sq, s in scores.items()), reverse=True)


def judge(native: Core, board: Board) -> dict[str, Any] | None:
    """The raw puzzle of ``board`` when its answer is clear, else None."""
    empties = board.empties.bit_count()
    values = Deepening(native, board.player, board.opponent)
    if empties in ENDGAME:
        values.solve(float("inf"))
        ranked = _ranked(values.scores)
        (best, answer), (second, _) = ranked[0], ranked[1]
        if best > 0 >= second:
            kind = "win"
        elif best - second >= END_MARGIN and best >= -HOPELESS:
            kind = "best"
        else:
            return None
        phase, exact, depth = "endgame", True, empties
    else:
        for _ in range(SCREEN_DEPTH):
            values.deepen(float("inf"))
        ranked = _ranked(values.scores)
        if ranked[0][0] - ranked[1][0] < SCREEN_MARGIN:
            return None
        stop_at = time.perf_counter() + MIDGAME_SECONDS
        while values.depth < empties - 1 and values.deepen(stop_at):
            pass
        ranked = _ranked(values.scores)
        (best, answer), (second, _) = ranked[0], ranked[1]
        if best - second < MID_MARGIN or best < -HOPELESS:
            return None
        kind, phase, exact, depth = "best", "midgame", False, values.depth
    return {
        "phase": phase,
        "kind": kind,
        "answer": SQUARE_NAMES[answer],
        "exact": exact,
        "depth": depth,
        "effort": effort(native, board, answer, min(depth, 10)),
        "scores": {SQUARE_NAMES[sq]: round(score) for score, sq in ranked},
    }


def mine_game(native: Core, game: Board, source: str, rng: random.Random) -> list[dict[str, Any]]:
    """The raw puzzles of one game (at most :data:`PER_GAME` of each phase)."""
    candidates: list[Board] = []
    board = game.root()
    for move in game.move_stack:
        if move.is_pass:
            continue  # the board passes by itself
        if len(board.legal_moves) >= 2:
            empties = board.empties.bit_count()
            if empties in ENDGAME or empties in MIDGAME:
                candidates.append(board.copy())
        board.push(move)
    rng.shuffle(candidates)
    found: list[dict[str, Any]] = []
    taken = {"endgame": 0, "midgame": 0}
    for board in candidates:
        phase = "endgame" if board.empties.bit_count() in ENDGAME else "midgame"
        if taken[phase] >= PER_GAME[phase]:
            continue
        verdict = judge(native, board)
        if verdict is None:
            continue
        taken[phase] += 1
        found.append(
            {
                "moves": board.transcript(),
                "position": board.obf(),
                "empties": board.empties.bit_count(),
                "turn": "black" if board.turn else "white",
                "source": source,
                **verdict,
            }
        )
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--weak", action="store_true", help="one side plays Leicht")
    parser.add_argument("--archive", type=Path, help="transcripts of finished games, one a line")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    native = core()
    if native is None:
        parser.error("the native core (reversi._native) is not built: run dev/setup")
    started = time.perf_counter()
    games: list[tuple[str, Board]] = []
    if args.archive:
        for number, line in enumerate(args.archive.read_text().split()):
            games.append((f"archive:{number}", Board(moves=line)))
    count = 0
    with args.out.open("a") as out:
        for name, game in games:
            for found in mine_game(native, game, name, random.Random(name)):
                out.write(json.dumps(found) + "\n")
                count += 1
        for seed in range(args.first, args.first + args.games):
            name = f"{'weak' if args.weak else 'self'}:{seed}"
            for found in mine_game(native, self_play(seed, args.weak), name, random.Random(seed)):
                out.write(json.dumps(found) + "\n")
                count += 1
            out.flush()
            seconds = time.perf_counter() - started
            print(f"{name}: {count} puzzles, {seconds:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
