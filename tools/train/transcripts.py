"""The generated games kept in the repository as move transcripts, and back.

    .venv/bin/python -m tools.train.transcripts pack --seed 11
    .venv/bin/python -m tools.train.transcripts unpack

The chunks that ``generate.py`` writes (18 bytes a position, about 1 KB a
game) live in the ignored ``data/`` folder and are lost with the machine. A
game is fully given by its moves: its positions follow from them, and so do
its labels, because every label is the game's final result for the side to
move (from ``--exact`` empties on both sides play perfectly, so the exact
score and the final result agree). ``pack`` writes a seed's chunks as one
transcript per line (``f5d6c3…``, passes left out as the notation does),
lzma-compressed, under 50 bytes a game, into ``corpus/``; ``unpack`` writes
the chunks of every packed seed back into ``data/`` byte for byte, skipping
chunks that are there. The held-out set goes along as it is. The line number
is the game number, so a chunk is lines ``chunk * CHUNK`` onwards.
"""

from __future__ import annotations

import argparse
import lzma
import sys
from collections.abc import Iterator
from pathlib import Path

from reversi.engine.moves import legal_moves
from reversi.engine.notation import parse_square, square_name
from tools.train.generate import DATA, RECORD, chunks, play

CORPUS = Path(__file__).resolve().parent / "corpus"
#: Games per chunk, as ``generate.py`` writes them by default.
CHUNK = 50
#: The held-out set (``heldout.py``), kept beside the transcripts as it is.
HELDOUT = "heldout.txt"
START = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000)

Record = tuple[int, int, int, int]


def final_score(p: int, o: int) -> int:
    """The final disc difference for ``p`` of a finished game, empties to the winner."""
    diff = p.bit_count() - o.bit_count()
    empties = 64 - (p | o).bit_count()
    return diff + (empties if diff > 0 else -empties if diff < 0 else 0)


def split_games(records: list[Record]) -> Iterator[list[Record]]:
    """The games of a chunk: each starts at the start position."""
    game: list[Record] = []
    for record in records:
        if (record[0], record[1]) == START and game:
            yield game
            game = []
        game.append(record)
    if game:
        yield game


def moves_of(game: list[Record]) -> list[int]:
    """The moves that lead through the game's positions and end it with its label."""
    moves = []
    for (p, o, label, _), following in zip(game, [*game[1:], None], strict=True):
        found = None
        candidates = legal_moves(p, o)
        while candidates and found is None:
            bit = candidates & -candidates
            candidates ^= bit
            after_o, after_p = play(p, o, bit)  # (next to move, the mover)
            if following is None:
                over = not legal_moves(after_o, after_p) and not legal_moves(after_p, after_o)
                if over and final_score(after_p, after_o) == label:
                    found = bit
            elif (following[0], following[1]) in ((after_o, after_p), (after_p, after_o)):
                found = bit
        if found is None:
            raise ValueError(f"no move leads from {p:016x} {o:016x}: not a generated game")
        moves.append(found)
    return moves


def records_of(moves: list[int]) -> list[Record]:
    """The labelled positions of a game given by its moves, as ``generate.game`` writes them."""
    p, o = START
    black = 1
    played: list[tuple[int, int, int]] = []
    for bit in moves:
        if not legal_moves(p, o):
            p, o, black = o, p, -black
        if not bit & legal_moves(p, o):
            raise ValueError(f"{square_name(bit.bit_length() - 1)} is not legal here")
        played.append((p, o, black))
        p, o = play(p, o, bit)
        black = -black
    if legal_moves(p, o) or legal_moves(o, p):
        raise ValueError("the transcript stops before the game is over")
    final_black = final_score(p, o) * black
    return [(rp, ro, final_black * side, 64 - (rp | ro).bit_count()) for rp, ro, side in played]


def transcript(moves: list[int]) -> str:
    return "".join(square_name(bit.bit_length() - 1) for bit in moves)


def parse(line: str) -> list[int]:
    return [1 << parse_square(line[i : i + 2]) for i in range(0, len(line), 2)]


def pack(data: Path, corpus: Path, seed: int, chunk_size: int = CHUNK) -> Path:
    lines = []
    found = chunks(data, seed)
    for number, path in enumerate(found):
        if path.stem != f"games-{seed}-{number:05d}":
            raise ValueError(f"{path.name}: the chunks before it are missing")
        blob = path.read_bytes()
        records = [RECORD.unpack_from(blob, i) for i in range(0, len(blob), RECORD.size)]
        games = [transcript(moves_of(game)) for game in split_games(records)]
        if len(games) != chunk_size:
            raise ValueError(f"{path.name}: {len(games)} games, not {chunk_size}")
        lines += games
    corpus.mkdir(parents=True, exist_ok=True)
    if (data / HELDOUT).exists():
        (corpus / HELDOUT).write_bytes((data / HELDOUT).read_bytes())
    out = corpus / f"games-{seed}.txt.xz"
    out.write_bytes(lzma.compress("".join(f"{g}\n" for g in lines).encode("ascii"), preset=9))
    return out


def unpack(corpus: Path, data: Path, chunk_size: int = CHUNK) -> int:
    """Write the chunks of every packed seed into ``data``; the number written."""
    data.mkdir(parents=True, exist_ok=True)
    if (corpus / HELDOUT).exists() and not (data / HELDOUT).exists():
        (data / HELDOUT).write_bytes((corpus / HELDOUT).read_bytes())
    written = 0
    for path in sorted(corpus.glob("games-*.txt.xz")):
        seed = path.name.removeprefix("games-").removesuffix(".txt.xz")
        lines = lzma.decompress(path.read_bytes()).decode("ascii").split()
        for chunk in range(len(lines) // chunk_size):
            target = data / f"games-{seed}-{chunk:05d}.bin"
            if target.exists():
                continue
            blob = bytearray()
            for line in lines[chunk * chunk_size : (chunk + 1) * chunk_size]:
                for record in records_of(parse(line)):
                    blob += RECORD.pack(*record)
            target.write_bytes(bytes(blob))
            written += 1
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    packing = commands.add_parser("pack", help="a seed's chunks into corpus/games-SEED.txt.xz")
    packing.add_argument("--seed", type=int, required=True)
    commands.add_parser("unpack", help="every packed seed's chunks back into data/")
    for command in commands.choices.values():
        command.add_argument("--data", type=Path, default=DATA)
        command.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args(argv)
    if args.command == "pack":
        out = pack(args.data, args.corpus, args.seed)
        print(f"{out}: {out.stat().st_size} bytes")
    else:
        print(f"{unpack(args.corpus, args.data)} chunks written to {args.data}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
