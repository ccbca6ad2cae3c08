"""Training positions from self-play, labelled with the final disc difference.

    nice -n 10 .venv/bin/python -m tools.train.generate --seed 1 --games 6000

Each game starts with a random number (0 to ``--random-plies``) of random
moves, then both sides play the best move of a 2-ply search with the
hand-written evaluation (a random move now and then, ``--epsilon``), from
``CAREFUL`` empties on a 3-ply search and no random moves. From
``--exact`` empties on both sides play perfectly (the project's exact solver),
so every position from there on is labelled with its exact score and every
earlier position with the final result of the game for the side to move
(empties to the winner). Positions where the side to move must pass are
left out.

Games are written in chunks of ``--chunk`` games to ``--out``; a chunk that
exists is skipped, so a run that was stopped continues where it left off and a
longer run (more ``--games``) reuses the chunks of a shorter one.
"""

from __future__ import annotations

import argparse
import random
import struct
import sys
import time
from pathlib import Path

from reversi.ai.endgame import EndgameSolver
from reversi.ai.evaluate import evaluate
from reversi.ai.search import Search
from reversi.engine.moves import FLIPS_BY_BIT, legal_moves
from tools.train.progress import progress

#: One record: player's and opponent's discs, the label for the player to move, empties.
RECORD = struct.Struct("<QQbB")
DATA = Path(__file__).resolve().parent / "data"


def chunks(folder: Path, seed: int | str = "*") -> list[Path]:
    """The chunk files of a seed (of every seed), in order; not their label files."""
    return sorted(folder.glob(f"games-{seed}-[0-9][0-9][0-9][0-9][0-9].bin"))


def sidecar(chunk: Path, name: str) -> Path:
    """The file of a chunk's labels by ``relabel.py`` NAME: a signed byte per record,
    :data:`KEEP` where that pass left the record's label as it was."""
    return chunk.with_name(f"{chunk.stem}.{name}.bin")


#: A sidecar's byte for a record outside its pass's range (labels lie within ±64).
KEEP = -128


#: From this many empties on, no more random moves and a 3-ply search instead of 2.
CAREFUL = 24


def play(p: int, o: int, bit: int) -> tuple[int, int]:
    flipped = FLIPS_BY_BIT[bit](p, o)
    return o ^ flipped, p | flipped | bit


def random_move(moves: int, rng: random.Random) -> int:
    bits = []
    while moves:
        bit = moves & -moves
        moves ^= bit
        bits.append(bit)
    return rng.choice(bits)


def game(
    rng: random.Random, random_plies: int, epsilon: float, exact: int
) -> list[tuple[int, int, int, int]]:
    """The labelled positions of one game, as ``(p, o, label, empties)``."""
    p, o = 0x0000_0008_1000_0000, 0x0000_0010_0800_0000  # black to move at the start
    plies = rng.randint(0, random_plies)
    # (p, o, +1 if black is to move else -1, the exact score if known)
    played: list[tuple[int, int, int, int | None]] = []
    black = 1
    solver: EndgameSolver | None = None
    ply = 0
    while True:
        moves = legal_moves(p, o)
        if not moves:
            if not legal_moves(o, p):
                break
            p, o, black = o, p, -black
            continue
        empties = 64 - (p | o).bit_count()
        if empties <= exact:
            if solver is None:
                solver = EndgameSolver(winner=True)
            score, best = solver.best_moves(p, o, every=False)
            played.append((p, o, black, score))
            bit = best[0]
        else:
            played.append((p, o, black, None))
            if ply < plies or (empties > CAREFUL and rng.random() < epsilon):
                bit = random_move(moves, rng)
            else:
                depth = 2 if empties > CAREFUL else 3
                bit = Search(evaluate).iterate(p, o, depth).move
        p, o = play(p, o, bit)
        black = -black
        ply += 1
    diff = p.bit_count() - o.bit_count()
    empties = 64 - p.bit_count() - o.bit_count()
    if diff:
        diff += empties if diff > 0 else -empties
    final_black = diff * black  # black's final disc difference (empties to the winner)
    records = []
    for rp, ro, side, known in played:
        label = known if known is not None else final_black * side
        records.append((rp, ro, label, 64 - (rp | ro).bit_count()))
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--chunk", type=int, default=50)
    parser.add_argument("--random-plies", type=int, default=16)
    parser.add_argument("--epsilon", type=float, default=0.05)
    parser.add_argument("--exact", type=int, default=14)
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.process_time()
    for chunk in range((args.games + args.chunk - 1) // args.chunk):
        path = args.out / f"games-{args.seed}-{chunk:05d}.bin"
        if path.exists():
            continue
        blob = bytearray()
        for number in range(chunk * args.chunk, min(args.games, (chunk + 1) * args.chunk)):
            rng = random.Random(args.seed * 1_000_003 + number)
            for record in game(rng, args.random_plies, args.epsilon, args.exact):
                blob += RECORD.pack(*record)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(bytes(blob))
        tmp.replace(path)
        progress(f"{path.name}: {len(blob) // RECORD.size} positions", start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
